"""The loading box on a host that compresses what it sends, as Netlify does.

The download's bar counts the bytes the browser unpacks against the runtime's sizes, which the build writes into the
page's code: a compressed response's Content-Length is the compressed size, so counting against it held the bar at
its end for half the download ("Downloading the game (7.8 of 7.8 MB)"). Once the files are in, the box says the game
is starting: Python takes seconds to start from them, which the last download step ("11.1 of 11.1 MB") showed as a
download that never ended.
"""

from __future__ import annotations

import functools
import gzip
import http.client
import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
import serve
from servers import Site
from table import FAST, wait_ready

#: The runtime's files the worker downloads while Python starts (worker.js: STDLIB and RUNTIME_FILES).
DOWNLOADED = ("python_stdlib.zip", "pyodide.asm.wasm", "pyodide-lock.json")

#: Each text and bar value the loading box shows, in order (a repeat of the one before left out).
RECORD_STEPS = """
  window.loadingSteps = [];
  new MutationObserver(() => {
    const step = document.getElementById("loading-step");
    const bar = document.querySelector("#loading progress");
    const seen = [step?.textContent ?? "", bar ? bar.value : 0];
    const last = window.loadingSteps.at(-1);
    if (seen[0] && (!last || last[0] !== seen[0] || last[1] !== seen[1])) window.loadingSteps.push(seen);
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
"""


@pytest.fixture
def compressing_site(builds) -> Iterator[Site]:
    served = Site(builds.a.out, compress=True)
    yield served
    served.stop()


def test_the_host_compresses_the_runtime(compressing_site, builds) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", compressing_site.port, timeout=10)
    connection.request("GET", "/pyodide/pyodide.asm.wasm", headers={"Accept-Encoding": "gzip, br"})
    response = connection.getresponse()
    body = response.read()
    wasm = (builds.a.out / "pyodide" / "pyodide.asm.wasm").read_bytes()
    assert response.getheader("Content-Encoding") == "gzip"
    assert int(response.getheader("Content-Length")) == len(body) < len(wasm)
    assert gzip.decompress(body) == wasm


def test_the_download_counts_the_runtimes_own_bytes_and_then_says_the_game_starts(
    compressing_site, builds, open_context
) -> None:
    page = open_context().new_page()
    page.add_init_script(RECORD_STEPS)
    page.goto(f"{compressing_site.url}?{FAST}")
    assert wait_ready(page) == "your-turn"
    steps = page.evaluate("window.loadingSteps")

    runtime_mb = f"{sum((builds.a.out / 'pyodide' / name).stat().st_size for name in DOWNLOADED) / 1e6:.1f}"
    downloads = [(re.fullmatch(r"Downloading the game \(([\d.]+) of ([\d.]+) MB\)", text), bar) for text, bar in steps]
    counted = [(float(found[1]), found[2], bar) for found, bar in downloads if found]
    assert counted, steps
    assert {total for _, total, _ in counted} == {runtime_mb}, f"counted against the compressed sizes: {steps}"
    assert all(bar < 85 for loaded, _, bar in counted if f"{loaded:.1f}" != runtime_mb), steps
    assert [bar for _, _, bar in counted] == sorted(bar for _, _, bar in counted), "the bar only moves on"

    last = max(i for i, (found, _) in enumerate(downloads) if found)
    assert steps[last + 1 : last + 3] == [["Starting the game", 85], ["Loading the game rules", 90]], steps


class BreakingLine(serve.SiteHandler):
    """The site's files, but while ``line_down`` is set the runtime's standard library breaks off after its first
    megabyte (its Content-Length said the whole file): a connection that dropped part way through the download."""

    line_down: ClassVar[threading.Event] = threading.Event()
    header_rules = serve.load_header_rules()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        if not (self.line_down.is_set() and self.path.endswith("/python_stdlib.zip")):
            shutil.copyfileobj(source, outputfile)
            return
        outputfile.write(source.read(1_000_000))
        outputfile.flush()
        self.close_connection = True
        self.connection.shutdown(socket.SHUT_RDWR)


@pytest.fixture
def breaking_site(builds) -> Iterator[str]:
    BreakingLine.line_down.set()
    server = serve.SiteServer(("127.0.0.1", 0), functools.partial(BreakingLine, directory=str(builds.a.out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
    thread.join()


def test_a_download_the_network_broke_off_part_way_is_said_at_once_and_retry_recovers(breaking_site, open_context):
    """A connection that dropped mid-download left the bar standing at the bytes come in ("6.9 of 11.1 MB") for 90
    s, until the stall timer spoke: the broken body was swallowed. It is said as a broken download at once."""
    ship = open_context()
    page = ship.new_page()
    started = time.monotonic()
    page.goto(f"{breaking_site}?{FAST}")
    error = page.locator("#loading-error")
    error.wait_for(timeout=30_000)
    assert time.monotonic() - started < 30
    assert error.inner_text() == (
        "The game could not be loaded: the download was cut off (network). Check the internet connection and try again."
    )
    BreakingLine.line_down.clear()  # the line is back
    page.locator("#retry-button").click()
    assert wait_ready(page) == "your-turn"
    # The console has the broken download's lines (the browser's, and Pyodide's about the files it could not read);
    # nothing was left uncaught.
    ship.problems.check(lambda message: message.startswith("console "))
