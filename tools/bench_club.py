"""Club benchmark (not a test): verifying a 12-deal challenge result in the page, and the club links' lengths.

``python tools/bench_club.py [--site DIR] [--levels master expert club beginner]`` serves a built site (``make build``
first; default ``dist/``) on 127.0.0.1 and drives headless Debian Chromium. For each level it makes a 12-deal
challenge, plays it as a member who picks random legal moves (seeded), and opens the result link on the standings
view (``club.html#result=r1.…``): the page boots the engine (Pyodide in its worker), re-plays the result deal by deal
with the progress shown, then ranks it. Printed, from the page's own clock (``performance.now()``):

- **verify**: the first progress line shown → the standings drawn (``data-status="standings"``): the issue's ≤ 30 s;
- **boot**: navigation → the first progress line (loading the engine, not part of the verification);
- the progress lines the page showed (one per deal), and the same verification in CPython for comparison.

Then the link lengths for a 4-deal and a 12-deal challenge: the challenge, a result, and a standings link of three
results, as tokens and as whole addresses under ``EXAMPLE_BASE``.
"""

from __future__ import annotations

import argparse
import random
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import serve

from otv66.challenge import Attempt, Challenge, Result, verify
from otv66.links import challenge_token, result_token, standings_token

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"]
TIMEOUT_MS = 300_000
EXAMPLE_BASE = "https://otv66.example.org/club.html#result="
"""A plausible published address, for the whole links' lengths (the token is what varies)."""

#: Runs before the page's scripts: notes on the page's clock the first progress line, each distinct one, and when
#: the standings (or an error) are shown.
WATCH = """
window.__club = { first: null, done: null, lines: [] };
new MutationObserver(() => {
  const progress = document.getElementById("club-progress")?.textContent ?? "";
  const mark = window.__club;
  if (progress && mark.lines[mark.lines.length - 1] !== progress) {
    mark.lines.push(progress);
    mark.first ??= performance.now();
  }
  const status = document.getElementById("status")?.dataset.status;
  if (!mark.done && (status === "standings" || status === "error")) mark.done = { status, at: performance.now() };
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
"""


def played(challenge: Challenge, name: str, seed: int) -> Result:
    """The challenge played to its end by a member who picks random legal moves."""
    rng = random.Random(seed)
    attempt = Attempt(challenge, name)
    while not attempt.is_finished:
        if attempt.deal_in_play is None:
            attempt.next_deal()
        else:
            attempt.play(rng.choice(attempt.legal_moves()))
    return attempt.result(challenge.closes)


def measure_in_page(site: Path, token: str) -> dict[str, object]:
    """Open the result on the standings view in Chromium; the page's marks."""
    from playwright.sync_api import sync_playwright

    server = serve.make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.add_init_script(WATCH)
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/club.html?lang=en#result={token}")
            deadline = time.monotonic() + TIMEOUT_MS / 1000
            marks: dict[str, object] = page.evaluate("() => window.__club")
            while not marks["done"] and time.monotonic() < deadline:  # polled: the page's CSP forbids eval
                page.wait_for_timeout(200)
                marks = page.evaluate("() => window.__club")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return marks


def link_lengths() -> None:
    for deals in (4, 12):
        challenge = Challenge("Petak u klubu", deals, "master", "2026-12-31", seed=2026)
        results = [played(challenge, name, n) for n, name in enumerate(["Milica Petrović", "Bora", "Ana"])]
        tokens = {
            "challenge": challenge_token(challenge),
            "result": result_token(results[0]),
            "standings of 3": standings_token(challenge, results),
        }
        whole = len(EXAMPLE_BASE)
        described = ", ".join(f"{kind} {len(token)} ({whole + len(token)})" for kind, token in tokens.items())
        print(f"links, {deals} deals: {described} characters, as tokens (as whole addresses)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=Path(__file__).resolve().parent.parent / "dist")
    parser.add_argument("--levels", nargs="+", default=["master", "expert", "club"])
    args = parser.parse_args(argv)
    if not (args.site / "club.html").is_file():
        print(f"no built site in {args.site}: run `make build` first", file=sys.stderr)
        return 1
    for level in args.levels:
        challenge = Challenge("Bench", 12, level, "2026-12-31", seed=66)
        result = played(challenge, "Bench", seed=1)
        started = time.perf_counter()
        verify(result)
        cpython = time.perf_counter() - started
        marks = measure_in_page(args.site, result_token(result))
        done = marks["done"]
        assert isinstance(done, dict) and done["status"] == "standings", f"the page did not rank it: {marks}"
        first = float(marks["first"])  # type: ignore[arg-type]
        lines = marks["lines"]
        assert isinstance(lines, list)
        print(
            f"{level}: verify a 12-deal result in the page {(done['at'] - first) / 1000:.1f} s "
            f"(boot {first / 1000:.1f} s before it; {len(lines)} progress lines, the last: {lines[-1]!r}); "
            f"in CPython {cpython:.1f} s",
            flush=True,
        )
    link_lengths()
    return 0


if __name__ == "__main__":
    sys.exit(main())
