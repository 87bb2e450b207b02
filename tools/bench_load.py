"""Load benchmark (not a test): how soon the game shows its table and becomes playable, against bare Pyodide.

``python tools/bench_load.py [--site DIR] [--runs N]`` builds the site (unless ``--site`` names a built one), serves it
on 127.0.0.1 with the netlify.toml headers, and drives headless Debian Chromium. Each run measures, in this order:

- **bare**: the npm package ``pyodide`` exactly as shipped (``node_modules/pyodide``, not the build's copy), alone in
  a module worker on a tiny page, in a fresh browser profile on disk like the cold visit: navigation → Python answers
  ``1 + 1``. The floor the game is compared with;
- **cold**: a first visit in a fresh browser profile on disk (no HTTP cache, no service worker): navigation → the
  table is visible (a card of the table drawn), → it takes a click (**clickable**: one of the player's cards is
  marked playable; a click on it then is played once the engine is ready, as e2e/test_boot.py and
  e2e/test_never_lose.py check) and → playable with the engine ready (``data-status="your-turn"``), and the
  **worker boot** (worker created → its bridge answered, on the page's clock, with the worker's own marks for each
  step);
- **warm**: reloads once the service worker has the site, with the match the cold visit saved: the first reload,
  and the third, by which Chromium keeps the compiled WebAssembly (it caches it only after a few loads);
- **offline**: one more reload with the network cut (everything from the service worker's cache);
- **9 Mbit/s**: a first visit in a fresh context over an emulated phone network (CDP
  ``Network.emulateNetworkConditions``: 9 Mbit/s down and up, 60 ms latency; it throttles the module worker too),
  from a server that sends every response gzip-compressed (level 6), as a CDN would (``tools/serve.py --compress``).
  The bytes it sent are the compressed transfer.

The page opens ``GAME_QUERY``: the default settings with animations off, so a first visit draws one of the build's
opening deals (tools/opening_deals.py: the computer deals them, the visitor leads at once) while the engine boots —
the figure is the load, not the computer's thinking or the deal animation. Times come from the
page's own clock (``performance.now()``, 0 = navigation start) through a script the browser injects before the
page's scripts; the report gives each run and the median. **Bytes**: what the server sent for a first visit (the
page's requests and the service worker's precache), raw and as gzip -6 / brotli -11 of each file (brotli computed
with Node's zlib).
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import build_site
import serve

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"]
TIMEOUT_MS = 180_000
WARM_RELOADS = 3
"""Reloads after the first visit: Chromium caches the compiled WebAssembly only after a few loads."""
GAME_QUERY = "?lang=en&speed=off"
"""No seed: a first visit gets an opening deal, which the computer dealt, so the visitor leads the first trick."""
PHONE_NETWORK = {"offline": False, "latency": 60, "downloadThroughput": 9e6 / 8, "uploadThroughput": 9e6 / 8}
"""The emulated first-visit network: 9 Mbit/s, 60 ms (CDP ``Network.emulateNetworkConditions``; bytes per second)."""

#: Runs before any page script (injected by the browser, outside the page's CSP). Notes on the page's clock when
#: the table first shows a card, when ``data-status`` first takes the wanted value (or "error"), when the page
#: creates its worker and when that worker says it is ready (with the worker's own marks).
PAGE_MARKS = """
(() => {
  const wanted = %s;
  const marks = (window.__marks = {});
  const note = (name) => {
    if (marks[name] === undefined) marks[name] = performance.now();
  };
  const check = () => {
    if (document.querySelector("button[data-card]:not([hidden])")) note("table");
    if (document.querySelector("button[data-card].playable:not([hidden])")) note("clickable");
    const status = document.querySelector("[data-status]")?.dataset.status;
    if (status === wanted) note("playable");
    if (status === "error") note("error");
    // Something the benchmark can wait for with a selector (the page's CSP forbids evaluating a predicate).
    if (marks.playable ?? marks.error) document.documentElement.dataset.benchDone = "";
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["data-status", "data-card", "hidden", "class"],
  });
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(...args) {
      super(...args);
      note("worker");
      this.addEventListener("message", (event) => {
        if (event.data?.type !== "ready") return;
        note("bridge");
        marks.inWorker = event.data.marks ?? null;
      });
    }
  };
})();
"""

BARE_HTML = """<!doctype html><html><head><meta charset="utf-8"><title>bare Pyodide</title>
<link rel="icon" href="data:,"><script type="module" src="bare.js"></script></head>
<body><p id="status" data-status="loading">loading</p></body></html>"""

BARE_PAGE_JS = """const worker = new Worker(new URL("./bare-worker.js", import.meta.url), { type: "module" });
worker.onmessage = (event) => {
  const status = document.getElementById("status");
  status.textContent = event.data.answer;
  status.dataset.status = event.data.ok ? "ready" : "error";
};
worker.postMessage({ pyodideUrl: new URL("./pyodide/", location.href).href });"""

BARE_WORKER_JS = """self.onmessage = async (event) => {
  try {
    const { loadPyodide } = await import(event.data.pyodideUrl + "pyodide.mjs");
    const pyodide = await loadPyodide({ indexURL: event.data.pyodideUrl });
    self.postMessage({ ok: true, answer: String(pyodide.runPython("1 + 1")) });
  } catch (error) {
    self.postMessage({ ok: false, answer: String(error) });
  }
};"""

#: brotli -11 size of each file named on stdin (a JSON list), with Node's built-in zlib.
BROTLI_SIZES_JS = """
const zlib = require("zlib"), fs = require("fs");
const quality = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } };
const files = JSON.parse(fs.readFileSync(0, "utf8"));
console.log(JSON.stringify(files.map((f) => zlib.brotliCompressSync(fs.readFileSync(f), quality).length)));
"""


class Traffic:
    """What a server sent: body bytes per path (thread-safe)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent: Counter[str] = Counter()

    def add(self, path: str, size: int) -> None:
        with self.lock:
            self.sent[path] += size

    def take(self) -> Counter[str]:
        with self.lock:
            taken, self.sent = self.sent, Counter()
        return taken


@contextmanager
def serving(directory: Path, compress: bool = False) -> Iterator[tuple[str, Traffic]]:
    """Serve ``directory`` with tools/serve.py (``compress``: gzip -6, as a host that compresses), counting the body
    bytes of every response: the compressed ones when compressed."""
    traffic = Traffic()
    server = serve.make_server(directory, 0, compress=compress)
    bound = server.RequestHandlerClass

    class Counting(bound.func):  # type: ignore[attr-defined, name-defined, misc]
        def copyfile(self, source: Any, outputfile: Any) -> None:
            start = source.tell()
            super().copyfile(source, outputfile)
            traffic.add(self.path.split("?", 1)[0], source.tell() - start)

    server.RequestHandlerClass = lambda *args, **kw: Counting(*args, **{**bound.keywords, **kw})  # type: ignore[assignment]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", traffic
    finally:
        server.shutdown()
        server.server_close()


def visit(page: Any, url: str | None) -> dict[str, float]:
    """Navigate (or reload, when ``url`` is None) until playable; return the page's marks in seconds.

    ``table``, ``clickable``, ``playable``, ``worker`` (the page created its worker) and ``ready`` (its bridge answered)
    count from navigation start; ``boot`` is worker created → bridge ready, and
    ``python``/``engine``/``bridge`` the worker's own marks (from its start) when the page made a worker.
    """
    if url is None:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_selector("html[data-bench-done]", state="attached", timeout=TIMEOUT_MS)
    marks = page.evaluate("window.__marks")
    if "error" in marks and "playable" not in marks:
        raise RuntimeError(f"the page failed: {page.inner_text('[data-status]')}")
    found = {name: marks[name] / 1000 for name in ("table", "clickable", "playable") if name in marks}
    if "bridge" in marks:
        found["worker"] = marks["worker"] / 1000
        found["boot"] = (marks["bridge"] - marks["worker"]) / 1000
        found["ready"] = marks["bridge"] / 1000
        found |= {name: ms / 1000 for name, ms in (marks.get("inWorker") or {}).items()}
    return found


def bare_runtime(folder: Path) -> Path:
    """A tiny page that loads the npm Pyodide as shipped (the package's own files, untouched) in a module worker."""
    (folder / "index.html").write_text(BARE_HTML)
    (folder / "bare.js").write_text(BARE_PAGE_JS)
    (folder / "bare-worker.js").write_text(BARE_WORKER_JS)
    (folder / "pyodide").mkdir()
    for name in build_site.PYODIDE_FILES:
        shutil.copyfile(build_site.PYODIDE_PACKAGE / name, folder / "pyodide" / name)
    return folder


def measure(site: Path, runs: int) -> dict[str, Any]:
    """Every measurement, ``runs`` times, interleaved (so a busy moment of the machine hits each kind alike)."""
    from playwright.sync_api import sync_playwright

    results: dict[str, Any] = {}

    def add(kind: str, marks: dict[str, float]) -> None:
        for name, seconds in marks.items():
            results.setdefault(kind, {}).setdefault(name, []).append(seconds)

    with tempfile.TemporaryDirectory() as bare_dir, sync_playwright() as playwright:
        bare = bare_runtime(Path(bare_dir))
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        game = PAGE_MARKS % json.dumps("your-turn")
        with (
            serving(site) as (site_url, traffic),
            serving(site, compress=True) as (gzip_url, gzip_traffic),
            serving(bare) as (bare_url, _),
        ):
            for run in range(runs):
                # Like the cold visit below: a fresh profile on disk (an incognito context keeps its cache in memory).
                with tempfile.TemporaryDirectory() as profile:
                    context = playwright.chromium.launch_persistent_context(
                        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, service_workers="block"
                    )
                    context.add_init_script(PAGE_MARKS % json.dumps("ready"))
                    add("bare", visit(context.new_page(), f"{bare_url}index.html"))
                    context.close()

                # A real profile (on disk, as a visitor's browser has): an incognito context keeps no
                # compiled-code cache, which is most of what a warm load saves when the network is free.
                with tempfile.TemporaryDirectory() as profile:
                    context = playwright.chromium.launch_persistent_context(
                        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, service_workers="allow"
                    )
                    context.add_init_script(game)
                    page = context.new_page()
                    traffic.take()
                    add("cold", visit(page, f"{site_url}index.html{GAME_QUERY}"))
                    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
                    sent = traffic.take()
                    if run == 0:
                        results["first_visit"] = sent
                    reloads = [visit(page, None) for _ in range(WARM_RELOADS)]
                    add("warm, 1st reload", reloads[0])
                    add(f"warm, reload {WARM_RELOADS}", reloads[-1])
                    results.setdefault("warm_sent", []).append(sum(traffic.take().values()))
                    context.set_offline(True)
                    add("offline", visit(page, None))
                    context.close()

                context = browser.new_context(service_workers="block")
                context.add_init_script(game)
                page = context.new_page()
                cdp = context.new_cdp_session(page)
                cdp.send("Network.enable")
                cdp.send("Network.emulateNetworkConditions", PHONE_NETWORK)
                gzip_traffic.take()
                add("9 Mbit/s gzip", visit(page, f"{gzip_url}index.html{GAME_QUERY}"))
                results.setdefault("phone_sent", []).append(sum(gzip_traffic.take().values()))
                context.close()
        browser.close()
    return results


def compressed_sizes(files: list[Path]) -> tuple[int, int]:
    """gzip -6 and brotli -11 (Node's zlib) sizes of ``files``, summed."""
    gz = sum(len(gzip.compress(file.read_bytes(), compresslevel=6, mtime=0)) for file in files)
    done = subprocess.run(
        ["node", "-e", BROTLI_SIZES_JS], input=json.dumps([str(f) for f in files]), capture_output=True, text=True
    )
    if done.returncode != 0:
        raise RuntimeError(f"brotli sizes failed: {done.stderr}")
    return gz, sum(json.loads(done.stdout))


COLUMNS = ("table", "clickable", "playable", "worker", "ready", "boot", "python", "engine", "bridge")
"""The figures each visit can have, in report order (see :func:`visit`)."""


def report(results: dict[str, Any], site: Path, built: build_site.Site | None) -> str:
    """Medians (and every run) of each measurement, then the bytes of a first visit."""
    lines = []
    if built is not None:
        lines.append(
            f"build: {built.seconds:.1f} s, {built.files} files, {built.total_bytes / 1e6:.2f} MB "
            f"({built.gzip_bytes / 1e6:.2f} MB gzip)"
        )
    lines.append(
        "seconds, median (runs); table/clickable (takes a click)/playable (engine ready)/worker (created)/"
        "ready (bridge answered) from navigation; "
        "boot = worker created -> bridge ready;"
    )
    lines.append("python/engine/bridge = the worker's own marks from its start")
    kinds = ("bare", "cold", "warm, 1st reload", f"warm, reload {WARM_RELOADS}", "offline", "9 Mbit/s gzip")
    for kind in kinds:
        figures = results.get(kind, {})
        parts = []
        for name in (name for name in COLUMNS if name in figures):
            shown = "ready (1 + 1)" if kind == "bare" else name  # the bare page has no table: ready = Python answered
            runs = ", ".join(f"{t:.2f}" for t in figures[name])
            parts.append(f"{shown} {statistics.median(figures[name]):.2f} ({runs})")
        label = "bare npm Pyodide" if kind == "bare" else kind
        lines.append(f"  {label:<18} " + "; ".join(parts))
    bare, cold = statistics.median(results["bare"]["playable"]), results["cold"]
    lines.append(
        f"  cold / bare: clickable {statistics.median(cold['clickable']) / bare:.2f}, "
        f"playable {statistics.median(cold['playable']) / bare:.2f}"
    )
    first: Counter[str] = results["first_visit"]
    files = [site / path.lstrip("/") for path in first if (site / path.lstrip("/")).is_file()]
    gz, br = compressed_sizes(files)
    phone = results["phone_sent"]
    lines += [
        f"first visit: {sum(first.values()) / 1e6:.2f} MB sent raw (page, engine and the service worker's precache),"
        f" {sum(f.stat().st_size for f in files) / 1e6:.2f} MB in {len(files)} distinct files;"
        f" {gz / 1e6:.2f} MB gzip, {br / 1e6:.2f} MB brotli",
        f"9 Mbit/s visit (to playable, no service worker): {statistics.median(phone) / 1e6:.2f} MB sent gzip",
        f"warm reloads sent: {results['warm_sent']} bytes",
        "largest: " + ", ".join(f"{path} {size / 1e6:.2f} MB" for path, size in first.most_common(4)),
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each measurement (the median is reported)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        built = None
        site = args.site
        if site is None:
            built = build_site.build(Path(scratch) / "site")
            site = built.out
        results = measure(site.resolve(), args.runs)
        print(report(results, site, built))
    return 0


if __name__ == "__main__":
    sys.exit(main())
