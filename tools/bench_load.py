"""Load benchmark (not a test): how long the game takes to become playable, cold and warm, against bare Pyodide.

``python tools/bench_load.py [--site DIR] [--runs N]`` builds the site (unless ``--site`` names a built one), serves it
on 127.0.0.1 with the netlify.toml headers, and drives headless Debian Chromium:

- **cold**: a first visit in a fresh browser profile (no HTTP cache, no service worker): navigation → the table
  is playable (``data-status="your-turn"``). The page opens ``GAME_QUERY``: a seeded match whose first deal the
  computer deals, so the visitor leads at once, with animations off — the figure is the load, not the
  computer's thinking, the packet choice or the deal animation;
- **warm**: reloads once the service worker has the site (everything from its cache), in a browser profile on
  disk like a visitor's: the first reload, and the third, by which Chromium keeps the compiled WebAssembly;
- **bare**: the same Pyodide, alone, in a module worker on a tiny page (navigation → Python answers ``1 + 1``),
  served the same way in the same run: the floor the game's cold load is compared with;
- **bytes**: what the server sent for a first visit (the page's requests and the service worker's precache), and
  what that is compressed (gzip -6 per file, as a CDN sends it; brotli too when the module is installed).

Goals (issue 4): cold ≤ bare + 0.5 s, warm ≤ 0.7 x cold, first visit ≤ 5 MB compressed. Times are the median of
``--runs`` runs, from the page's own clock (``performance.now()`` at the moment the status changes).
"""

from __future__ import annotations

import argparse
import gzip
import shutil
import statistics
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
TIMEOUT_MS = 120_000
WARM_RELOADS = 3
"""Reloads after the first visit: Chromium caches the compiled WebAssembly only after a few loads."""
GAME_QUERY = "?lang=en&seed=1&speed=off"
"""Seed 1: the first dealer is seed % 2 = the computer, so the visitor leads the first trick."""
READY = {"game": "your-turn", "bare": "ready"}

#: Runs before any page script (injected by the browser, outside the page's CSP): notes when data-status
#: first becomes the wanted value, on the page's clock (0 = navigation start).
WATCH_STATUS = """
(() => {
  const wanted = %r;
  new MutationObserver((_, observer) => {
    const element = document.querySelector(`[data-status="${wanted}"]`);
    if (element && window.__readyAt === undefined) {
      window.__readyAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-status"] });
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
def serving(directory: Path) -> Iterator[tuple[str, Traffic]]:
    """Serve ``directory`` like tools/serve.py does, counting the body bytes of every response."""
    traffic = Traffic()
    server = serve.make_server(directory, 0)
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


def time_to_ready(page: Any, url: str, kind: str) -> float:
    """Navigate (or reload, when ``url`` is empty) and return seconds from navigation start to the ready status."""
    if url:
        page.goto(url)
    else:
        page.reload()
    page.wait_for_selector(f'[data-status="{READY[kind]}"], [data-status="error"]', timeout=TIMEOUT_MS)
    if page.get_attribute("[data-status]", "data-status") == "error":
        raise RuntimeError(f"{kind} page failed: {page.inner_text('[data-status]')}")
    return float(page.evaluate("window.__readyAt")) / 1000


def compressed_sizes(root: Path, paths: Counter[str]) -> tuple[int, int | None]:
    """gzip (and brotli, if installed) size of each file sent in full, summed."""
    try:
        import brotli  # type: ignore[import-not-found]
    except ImportError:
        brotli = None
    gz = br = 0
    for path in paths:
        data = (root / path.lstrip("/")).read_bytes() if (root / path.lstrip("/")).is_file() else b""
        gz += len(gzip.compress(data, compresslevel=6, mtime=0))
        if brotli is not None:
            br += len(brotli.compress(data, quality=11))
    return gz, (br if brotli is not None else None)


def measure(site: Path, runs: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as bare_dir, sync_playwright() as playwright:
        bare = Path(bare_dir)
        (bare / "index.html").write_text(BARE_HTML)
        (bare / "bare.js").write_text(BARE_PAGE_JS)
        (bare / "bare-worker.js").write_text(BARE_WORKER_JS)
        shutil.copytree(site / "pyodide", bare / "pyodide")
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        results: dict[str, Any] = {"cold": [], "warm": [], "warm_steady": [], "bare": []}
        with serving(site) as (site_url, traffic), serving(bare) as (bare_url, _):
            for run in range(runs):
                context = browser.new_context(service_workers="block")
                context.add_init_script(WATCH_STATUS % READY["bare"])
                results["bare"].append(time_to_ready(context.new_page(), f"{bare_url}index.html", "bare"))
                context.close()

                # A real profile (on disk, as a visitor's browser has): an incognito context keeps no
                # compiled-code cache, which is most of what a warm load saves when the network is free.
                with tempfile.TemporaryDirectory() as profile:
                    context = playwright.chromium.launch_persistent_context(
                        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, service_workers="allow"
                    )
                    context.add_init_script(WATCH_STATUS % READY["game"])
                    page = context.new_page()
                    traffic.take()
                    results["cold"].append(time_to_ready(page, f"{site_url}index.html{GAME_QUERY}", "game"))
                    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
                    sent = traffic.take()
                    if run == 0:
                        results["first_visit"] = sent
                    reloads = [time_to_ready(page, "", "game") for _ in range(WARM_RELOADS)]
                    results["warm"].append(reloads[0])
                    results["warm_steady"].append(reloads[-1])
                    results.setdefault("warm_sent", []).append(sum(traffic.take().values()))
                    context.close()
        browser.close()
    return results


def report(results: dict[str, Any], site: Path, built: build_site.Site | None) -> str:
    cold, warm, steady, bare = (statistics.median(results[k]) for k in ("cold", "warm", "warm_steady", "bare"))
    first: Counter[str] = results["first_visit"]
    raw = sum(first.values())
    distinct = sum((site / path.lstrip("/")).stat().st_size for path in first if (site / path.lstrip("/")).is_file())
    gz, br = compressed_sizes(site, first)
    lines = []
    if built is not None:
        lines.append(
            f"build:        {built.seconds:.1f} s, {built.files} files, {built.total_bytes / 1e6:.2f} MB "
            f"({built.gzip_bytes / 1e6:.2f} MB gzip)"
        )
    runs = lambda k: ", ".join(f"{t:.2f}" for t in results[k])  # noqa: E731
    lines += [
        f"bare Pyodide: {bare:.2f} s   (runs: {runs('bare')})",
        f"cold load:    {cold:.2f} s   (runs: {runs('cold')})   goal ≤ bare + 0.5 = {bare + 0.5:.2f} s: "
        f"{'met' if cold <= bare + 0.5 else 'NOT met'} ({cold - bare:+.2f} s)",
        f"warm load:    {warm:.2f} s   (runs: {runs('warm')})   first reload; goal ≤ 0.7 x cold = {0.7 * cold:.2f} s: "
        f"{'met' if warm <= 0.7 * cold else 'NOT met'}; bytes sent on warm loads: {results['warm_sent']}",
        f"warm, reload {WARM_RELOADS}: {steady:.2f} s   (runs: {runs('warm_steady')})   once the browser keeps the "
        f"compiled WebAssembly: goal {'met' if steady <= 0.7 * cold else 'NOT met'}",
        f"first visit:  {raw / 1e6:.2f} MB sent here (page, engine and the service worker's precache),"
        f" {distinct / 1e6:.2f} MB in {len(first)} distinct files; compressed ≈ {gz / 1e6:.2f} MB gzip"
        + (f", {br / 1e6:.2f} MB brotli" if br is not None else " (brotli module not installed)")
        + f"   goal ≤ 5 MB: {'met' if min(gz, br or gz) <= 5e6 else 'NOT met'}",
        "largest:      " + ", ".join(f"{path} {size / 1e6:.2f} MB" for path, size in first.most_common(4)),
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each measurement (the median is reported)")
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
