"""Pace benchmark (not a test): how long a player waits from his click to his next turn, per animation speed.

``python tools/bench_pace.py [--site DIR] [--speeds normal,fast] [--waits N] [--level expert]`` builds the site
(unless ``--site`` names a built one), serves it on 127.0.0.1 and drives headless Debian Chromium through a match
against the computer, clicking the first playable card each turn (dealing 4-4, announcing marriages). For each speed
it prints the median and the maximum of N waits, how long whole deals took, and the median time of the engine
calls a turn waits for (``play``, ``computer_move``, ``record`` for saving), to tell the page's pauses from the
engine's work.

A **wait** runs, on the page's clock, from the click on a card (the browser's ``click`` event) to the moment a card
of the player's is playable again (``aria-disabled="false"``) after the table has been busy in between: the card
flying, the computer's search and its card, the trick staying in the middle and flying to its winner. Waits that end
in the deal's result panel are not counted (there is no next turn to wait for). The marks come from a script the
browser injects before the page's scripts (outside the page's CSP).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import build_site
import serve

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"]
TIMEOUT_MS = 120_000
SEED = 3

#: Notes each wait in ``window.__waits`` (ms) and each finished deal's length in ``window.__deals`` (ms).
PAGE_MARKS = """
(() => {
  const waits = (window.__waits = []);
  const deals = (window.__deals = []);
  let clickedAt = null;
  let busySince = false;
  let dealStarted = null;
  document.addEventListener("click", (event) => {
    if (event.target.closest?.("button.card.top")) {
      clickedAt = performance.now();
      busySince = false;
      dealStarted ??= clickedAt;
    }
  }, true);
  const check = () => {
    const playable = document.querySelector('button.card.top[aria-disabled="false"]');
    if (document.querySelector("dialog[open] #next-deal")) {
      if (dealStarted !== null) deals.push(performance.now() - dealStarted);
      clickedAt = null;
      dealStarted = null;
      return;
    }
    if (clickedAt === null) return;
    if (!playable) busySince = true;
    else if (busySince) {
      waits.push(performance.now() - clickedAt);
      clickedAt = null;
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["aria-disabled", "open"],
  });
  // How long each engine method took, request to answer, on the page's clock.
  const calls = (window.__calls = {});
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(...args) {
      super(...args);
      const asked = new Map();
      const post = this.postMessage.bind(this);
      this.postMessage = (message, ...rest) => {
        if (message?.id !== undefined) asked.set(message.id, [message.method, performance.now()]);
        return post(message, ...rest);
      };
      this.addEventListener("message", (event) => {
        const request = asked.get(event.data?.id);
        if (!request) return;
        asked.delete(event.data.id);
        (calls[request[0]] ??= []).push(performance.now() - request[1]);
      });
    }
  };
})();
"""


def engine_times(page: object) -> str:
    """The median time of the engine's methods that a turn waits for (ms), e.g. "computer_move 310"."""
    calls: dict[str, list[float]] = page.evaluate("window.__calls")  # type: ignore[attr-defined]
    return ", ".join(
        f"{method} {statistics.median(calls[method]):.0f}"
        for method in ("play", "computer_move", "record")
        if calls.get(method)
    )


def play(page: object, waits_wanted: int) -> tuple[list[float], list[float]]:
    """Play on the open page until ``waits_wanted`` waits are noted; return the waits and the deals' lengths (ms)."""
    from playwright.sync_api import Page

    assert isinstance(page, Page)
    dialog = page.locator("dialog[open]")
    playable = page.locator('button.card.top[aria-disabled="false"]')
    while len(page.evaluate("window.__waits")) < waits_wanted:
        page.locator('dialog[open], [data-status="match-over"], button.card.top[aria-disabled="false"]').first.wait_for(
            timeout=TIMEOUT_MS
        )
        if dialog.count():
            if dialog.locator(".preset").count():
                dialog.get_by_role("button", name="4-4", exact=True).click()
            elif dialog.locator("#next-deal").count():
                dialog.locator("#next-deal").click()
            elif dialog.locator("#marriage-announce").count():
                dialog.locator("#marriage-announce").click()
            elif dialog.locator("#new-match").count():
                dialog.locator("#new-match").click()
            else:
                raise RuntimeError(f"an unexpected panel: {dialog.inner_text()[:200]}")
        elif playable.count():
            playable.first.click()
        else:
            page.wait_for_timeout(20)
    return page.evaluate("window.__waits")[:waits_wanted], page.evaluate("window.__deals")


def measure(site: Path, speeds: list[str], waits_wanted: int, level: str) -> None:
    """Serve ``site`` and print the waits at each speed."""
    from playwright.sync_api import sync_playwright

    server = serve.make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    address = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print(f"{'speed':<8} {'waits':>5} {'median s':>9} {'max s':>6} {'deals':>5} {'deal s (median)':>16}")
            for speed in speeds:
                context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
                context.add_init_script(PAGE_MARKS)
                page = context.new_page()
                page.set_default_timeout(TIMEOUT_MS)
                page.goto(f"{address}/?lang=en&seed={SEED}&level={level}&opponent=computer&speed={speed}")
                waits, deals = play(page, waits_wanted)
                deal_median = f"{statistics.median(deals) / 1000:.1f}" if deals else "-"
                print(
                    f"{speed:<8} {len(waits):>5} {statistics.median(waits) / 1000:>9.2f} {max(waits) / 1000:>6.2f}"
                    f" {len(deals):>5} {deal_median:>16}   engine ms (median): {engine_times(page)}",
                    flush=True,
                )
                context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build the current sources)")
    parser.add_argument("--speeds", default="normal,fast", help="comma-separated speeds (settings.js SPEEDS)")
    parser.add_argument("--waits", type=int, default=30, help="waits to note per speed")
    parser.add_argument("--level", default="expert", help="the computer's level")
    args = parser.parse_args(argv)
    speeds = [speed.strip() for speed in args.speeds.split(",") if speed.strip()]
    if args.site:
        measure(args.site, speeds, args.waits, args.level)
        return 0
    with tempfile.TemporaryDirectory() as scratch:
        site = Path(scratch) / "dist"
        build_site.build(site)
        measure(site, speeds, args.waits, args.level)
    return 0


if __name__ == "__main__":
    sys.exit(main())
