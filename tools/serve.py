"""Serve the built site on http://127.0.0.1 with the headers Netlify would send.

``python tools/serve.py --port 8066 dist``. Only the loopback address is bound (this is a local preview,
not a server for a network). Types that matter are set explicitly: ``.wasm`` as ``application/wasm``
(without it Pyodide never finishes loading), ``.mjs`` as JavaScript, the manifest as
``application/manifest+json``. The ``[[headers]]`` rules of ``netlify.toml`` (Content-Security-Policy,
caching, framing) are applied the way Netlify applies them, so what is tested here is what is deployed.
Both the rules and the file lookup read one path: the request's, %-escapes decoded and ``.``/``..`` resolved
(:func:`site_path`), so ``/v/../sw.js`` is ``/sw.js`` for its headers too (not a year-long cached ``/v/*``),
and nothing outside the served folder is ever sent (a symlink that leads out of it is not followed).
``--port 0`` picks a free port; the first line printed is the address, for scripts and tests to read.
``--compress`` sends files gzip-compressed to a browser that accepts it, as Netlify and most hosts do: a
response's Content-Length is then the compressed size, not the file's.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import hashlib
import http
import http.server
import io
import os
import sys
import tomllib
import urllib.parse
from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent
NETLIFY_TOML = ROOT / "netlify.toml"

CONTENT_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
}

HeaderRule = tuple[str, dict[str, str]]


def load_header_rules(netlify_toml: Path = NETLIFY_TOML) -> list[HeaderRule]:
    """The ``[[headers]]`` rules of netlify.toml as ``(path pattern, {name: value})``, in file order."""
    if not netlify_toml.is_file():
        return []
    config: dict[str, Any] = tomllib.loads(netlify_toml.read_text("utf-8"))
    return [(rule["for"], {k: str(v) for k, v in rule.get("values", {}).items()}) for rule in config.get("headers", [])]


def site_path(request_path: str) -> str:
    """The path a request names, as the file lookup reads it: query and fragment dropped, %-escapes decoded,
    empty and ``.`` segments dropped, ``..`` resolved (never above the root); a trailing slash kept.

    >>> site_path("/v/../sw.js"), site_path("/v/%2e%2e/sw.js?x#y"), site_path("/../../etc/passwd"), site_path("/a//b/")
    ('/sw.js', '/sw.js', '/etc/passwd', '/a/b/')
    """
    path = urllib.parse.unquote(request_path.split("?", 1)[0].split("#", 1)[0], errors="surrogatepass")
    segments: list[str] = []
    for segment in path.split("/"):
        if segment == "..":
            del segments[-1:]
        elif segment not in ("", "."):
            segments.append(segment)
    trailing = "/" if segments and path.endswith("/") else ""
    return "/" + "/".join(segments) + trailing


def path_matches(pattern: str, path: str) -> bool:
    """Netlify's path patterns: an exact path, or a prefix ending in ``*`` (the splat)."""
    if pattern.endswith("*"):
        return path.startswith(pattern[:-1])
    return path == pattern


def headers_for(path: str, rules: Iterable[HeaderRule]) -> dict[str, str]:
    """The headers Netlify sends for ``path``: those of every matching rule; a name set twice gets both values."""
    headers: dict[str, str] = {}
    for pattern, values in rules:
        if path_matches(pattern, path):
            for name, value in values.items():
                headers[name] = f"{headers[name]}, {value}" if name in headers else value
    return headers


@functools.cache
def _digest(path: str, modified: int, size: int) -> str:
    """SHA-256 of the file at ``path`` (as its date and size were), made once: a large file is read again only when
    it changed."""
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()[:32]


@functools.cache
def _compressed(path: str, modified: int, size: int) -> bytes:
    """gzip -6 of the file at ``path`` (as its date and size were), made once: what a host that compresses sends."""
    with open(path, "rb") as file:
        return gzip.compress(file.read(), compresslevel=6, mtime=0)


def content_tag(path: str, variant: str = "") -> str:
    """The ETag of the file at ``path``: a digest of its content (read again only when its date or size changed),
    ``variant`` added for another form of it (``-gzip``: the compressed copy)."""
    status = os.stat(path)
    return f'"{_digest(path, status.st_mtime_ns, status.st_size)}{variant}"'


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with explicit content types and the netlify.toml headers; quiet unless asked."""

    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}
    header_rules: ClassVar[list[HeaderRule]] = []
    verbose: ClassVar[bool] = False
    compress: ClassVar[bool] = False
    site_headers: dict[str, str] = {}  # noqa: RUF012 (set per request in send_head, before any header is sent)

    def send_head(self) -> Any:
        self.site_headers = headers_for(site_path(self.path), self.header_rules)
        root = os.path.realpath(self.directory)
        file = self.translate_path(self.path)
        if os.path.commonpath([root, os.path.realpath(file)]) != root:  # a symlink out of the site
            self.send_error(http.HTTPStatus.NOT_FOUND, "File not found")
            return None
        # A file is told apart by its content, as on Netlify, never by its date: another build's older sw.js served in
        # its place (a rollback rehearsed here) was "not modified" since the newer one's date.
        del self.headers["If-Modified-Since"]
        if not os.path.isfile(file):
            return super().send_head()
        compressed = self.compress and "gzip" in self.headers.get("Accept-Encoding", "")
        tag = content_tag(file, "-gzip" if compressed else "")
        self.site_headers["ETag"] = tag
        if tag in (asked.strip() for asked in self.headers.get("If-None-Match", "").split(",")):
            self.send_response(http.HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        return self.send_compressed(file) if compressed else super().send_head()

    def send_compressed(self, file: str) -> io.BytesIO:
        """Answer with ``file`` gzip-compressed (its Content-Length the compressed size), as a host that compresses."""
        status = os.stat(file)
        body = _compressed(file, status.st_mtime_ns, status.st_size)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(file))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def translate_path(self, path: str) -> str:
        """The file ``path`` names inside the served folder, read as :func:`site_path` reads it."""
        path = site_path(path)
        return os.path.join(self.directory, *path.split("/")) + ("/" if path.endswith("/") else "")

    def send_header(self, keyword: str, value: str) -> None:
        # A Content-Type from netlify.toml replaces the one guessed from the file name (as on Netlify).
        if keyword.lower() == "content-type" and any(k.lower() == "content-type" for k in self.site_headers):
            return
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        for name, value in self.site_headers.items():
            super().send_header(name, value)
        self.site_headers = {}
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if self.verbose:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """The threading server, quiet when a browser drops a connection it no longer needs (a normal event)."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(
    directory: Path, port: int, rules: list[HeaderRule] | None = None, verbose: bool = False, compress: bool = False
) -> http.server.ThreadingHTTPServer:
    """A server for ``directory`` on 127.0.0.1:``port`` (0 = any free port), not yet serving; ``compress``: gzip."""
    handler_class = type(
        "BoundSiteHandler",
        (SiteHandler,),
        {"header_rules": load_header_rules() if rules is None else rules, "verbose": verbose, "compress": compress},
    )
    handler = functools.partial(handler_class, directory=str(directory))
    return SiteServer(("127.0.0.1", port), handler)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path, nargs="?", default=ROOT / "dist", help="the built site (dist/)")
    parser.add_argument("--port", type=int, default=8066, help="port on 127.0.0.1 (0 = a free one)")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    parser.add_argument("--compress", action="store_true", help="send files gzip-compressed, as Netlify does")
    args = parser.parse_args(argv)
    if not (args.directory / "index.html").is_file():
        print(f"no built site in {args.directory}: run `make build` first", file=sys.stderr)
        return 1
    server = make_server(args.directory, args.port, verbose=args.verbose, compress=args.compress)
    print(f"http://127.0.0.1:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
