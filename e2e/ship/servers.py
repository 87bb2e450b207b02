"""A built site served by tools/serve.py in a thread, for the shipping tests."""

from __future__ import annotations

import threading
from pathlib import Path

import serve


class Site:
    """A folder on http://127.0.0.1:<port>/, by default with the netlify.toml headers."""

    def __init__(self, directory: Path, rules: list[serve.HeaderRule] | None = None, compress: bool = False) -> None:
        """Serve ``directory``; ``rules`` are the headers to send (default: those of netlify.toml); ``compress``:
        gzip every file for a browser that accepts it, as Netlify does."""
        self.rules = rules
        self.compress = compress
        self.server = serve.make_server(directory, 0, rules, compress=compress)
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self._thread = self._start()

    def _start(self) -> threading.Thread:
        thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        thread.start()
        return thread

    def swap(self, directory: Path) -> None:
        """Serve another build on the same address (same origin: the same service worker registration)."""
        self.stop()
        self.server = serve.make_server(directory, self.port, self.rules, compress=self.compress)
        self._thread = self._start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self._thread.join()
