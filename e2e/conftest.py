"""Browser tests of the game page: the built site served on 127.0.0.1, Debian's Chromium, Playwright.

- The site is built once per session into a temporary folder (``tools/build_site.py``) and served by
  ``tools/serve.py`` (the headers Netlify sends, the Content-Security-Policy included) on a free port.
- Playwright drives ``/usr/bin/chromium`` (never a downloaded browser).
- Every test that opens a page fails on a console error or an uncaught page error, unless the test
  names the message it expects with ``@pytest.mark.allow_console("text")``.
- :class:`Table` is the page as a player sees it: the status, the cards, the panels.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Locator, Page

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))  # chromium.py

from chromium import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402 (e2e/ is not a package)

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
LOAD_TIMEOUT_MS = 90_000
"""Pyodide needs 5 s on an idle machine, more on a busy one."""
ACTION_TIMEOUT_MS = 60_000
"""Clicks and waits on a busy 2-core machine (other test suites running) can take long."""
TEST_TIMEOUT_S = 240
"""The longest browser tests take 35-60 s (a club challenge, a friend's match between two devices). Past this limit
a test is stuck: pytest-timeout fails it where it stands, with its traceback and its pages' state, and the run goes on,
instead of running out CI's time (a Playwright query such as ``count()`` has no time limit of its own)."""
STATE_TIMEOUT_MS = 5_000
"""Reading a page's state for a failure report: a stuck page must not hold the report up."""
STATUSES = ("loading", "your-turn", "thinking", "deal-over", "match-over", "error")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--site",
        type=Path,
        help="serve this built site (tools/build_site.py's output, as `make build` leaves it in dist/) instead of "
        "building one from the sources for the run (each xdist worker would build its own)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "allow_console(text): a console error containing text is expected")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Give every browser test a time limit (pytest-timeout), unless it names its own."""
    for item in items:
        if item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(TEST_TIMEOUT_S))


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory, pytestconfig: pytest.Config) -> Path:
    """The site: the one given with ``--site``, or else built from the current sources."""
    given: Path | None = pytestconfig.getoption("site")
    if given is not None:
        if not (given / "index.html").is_file():
            raise pytest.UsageError(f"--site {given}: no built site there (make build writes one into dist/)")
        return given.resolve()
    out = tmp_path_factory.mktemp("site") / "dist"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(out)], check=True, cwd=ROOT)
    return out


@pytest.fixture(scope="session")
def base_url(site_dir: Path) -> Iterator[str]:
    """The served site's address (overrides pytest-base-url's fixture, which Playwright's page.goto uses)."""
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "tools" / "serve.py"), "--port", "0", str(site_dir)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert server.stdout is not None
    address = server.stdout.readline().strip()
    assert address.startswith("http://127.0.0.1:"), f"serve.py did not print its address: {address!r}"
    yield address.rstrip("/")
    server.terminate()
    server.wait(timeout=10)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_FLAGS}


NO_SERVICE_WORKER = "delete Navigator.prototype.serviceWorker;"
"""The page's tests run in a browser without service workers (sw-register.js then registers none, as in a browser
that has none). Installing it fetches and stores the whole site (13 MB, the Pyodide runtime most of it) again in every
fresh context, a tenth of a page load's CPU on CI's 2 cores; what it does (offline play, updates) is tested by
e2e/ship/ and the club's offline member, which leave it in. (Playwright's own ``service_workers="block"`` hands the
page a registration of ``undefined``, which no browser does.)"""


def without_service_worker(context: BrowserContext) -> BrowserContext:
    """`context`, its pages from their next load on without service workers (NO_SERVICE_WORKER)."""
    context.add_init_script(NO_SERVICE_WORKER)
    return context


@pytest.fixture(autouse=True)
def _page_without_service_worker(request: pytest.FixtureRequest) -> None:
    """pytest-playwright's ``page``, for a test that takes it: without service workers (NO_SERVICE_WORKER)."""
    if "page" in request.fixturenames:
        without_service_worker(request.getfixturevalue("page").context)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where tests save screenshots (gitignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


PAGE_STATE = """() => ({
  url: location.href,
  status: document.querySelector("[data-status]")?.getAttribute("data-status"),
  statusText: document.querySelector("#status")?.textContent,
  dialogs: [...document.querySelectorAll("dialog[open]")].map((d) => {
    const box = d.getBoundingClientRect();
    const style = getComputedStyle(d);
    return `#${d.id}.${d.className} ${Math.round(box.width)}x${Math.round(box.height)} ${style.display}/` +
      `${style.visibility}/${style.opacity} visible=${d.checkVisibility()}: ${d.textContent.trim().slice(0, 120)}`;
  }),
  hidden: [...document.querySelectorAll("body > *, main > *")]
    .filter((e) => !e.checkVisibility()).map((e) => e.tagName + "#" + e.id),
})"""
"""What a failed browser test reports about each page it left open: enough to tell a slow page from a stuck one."""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """When a browser test fails, add each open page's state to the report and save a screenshot of it."""
    outcome = yield
    report = outcome.get_result()
    browser = getattr(item, "funcargs", {}).get("browser")
    if report.when != "call" or not report.failed or browser is None:
        return
    for number, page in enumerate(p for context in browser.contexts for p in context.pages):
        try:
            state = page.locator(":root").evaluate(PAGE_STATE, timeout=STATE_TIMEOUT_MS)
            name = re.sub(r"[^\w.-]+", "_", item.name)
            page.screenshot(path=ARTIFACTS / f"failed-{name}-{number}.png", timeout=10_000)
        except Exception as error:  # a crashed or closed page: say so, do not hide the test's own failure
            state = f"could not be read: {error}"
        report.sections.append((f"page {number} at failure", str(state)))


@pytest.fixture(autouse=True)
def _no_console_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a test whose page logs an error or throws, unless the test said it expects that message."""
    if "page" not in request.fixturenames:
        yield
        return
    page: Page = request.getfixturevalue("page")
    allowed = [mark.args[0] for mark in request.node.iter_markers("allow_console")]
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error" and not any(text in message.text for text in allowed):
            errors.append(f"console.error: {message.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(f"page error: {error}"))
    yield
    assert not errors, "\n".join(errors)


class Table:
    """The game page, driven the way a player would (clicks, keys) and read from what it shows."""

    def __init__(self, page: Page) -> None:
        self.page = page
        page.set_default_timeout(ACTION_TIMEOUT_MS)

    # ---------------------------------------------------------------- opening

    def open(self, query: str = "", ready: bool = True) -> Table:
        self.page.goto(f"/?{query}")
        if ready:
            self.wait_ready()
        return self

    def wait_ready(self) -> None:
        """Wait until the engine is loaded and the page shows a game status."""
        self.page.locator('[data-status]:not([data-status="loading"])').wait_for(timeout=LOAD_TIMEOUT_MS)
        assert self.status() != "error", self.page.locator("#loading-error").inner_text()

    # ---------------------------------------------------------------- reading

    def status(self) -> str:
        status = self.page.locator("[data-status]").get_attribute("data-status")
        assert status in STATUSES
        return status

    def wait_status(self, *wanted: str, timeout: float = LOAD_TIMEOUT_MS) -> str:
        """Wait until the status is one of `wanted`; return it. It is read again after the wait, a moment later: if it
        has moved on meanwhile (the engine answered), wait again, so that a status not asked for is never returned."""
        selector = ", ".join(f'[data-status="{status}"]' for status in wanted)
        while True:
            self.page.locator(selector).wait_for(timeout=timeout)
            status = self.status()
            if status in wanted:
                return status

    def playable(self) -> Locator:
        return self.page.locator('button[data-card][aria-disabled="false"]')

    def plain_playable(self) -> list[str]:
        """The playable cards a click plays at once: no king or queen, which may first ask about a marriage."""
        codes = self.playable().evaluate_all("els => els.map(e => e.dataset.card)")
        return [code for code in codes if code[0] not in "KQ"]

    def cards_of(self, player: int) -> list[str]:
        """Face-up cards on a player's piles, in pile order 0..7 ("" for an empty pile)."""
        cards = []
        for pile in range(8):
            button = self.page.locator(f'#piles-{player} button[data-pile="{pile}"]')
            cards.append(button.get_attribute("data-card") or "")
        return cards

    def hidden_under(self, player: int) -> list[bool]:
        return [
            self.page.locator(f'#piles-{player} .pile[data-pile="{pile}"] .under').is_visible() for pile in range(8)
        ]

    def cards_left(self, player: int) -> int:
        """The cards a player still holds: those face up on his piles and those under them."""
        return sum(1 for card in self.cards_of(player) if card) + sum(self.hidden_under(player))

    def trick(self) -> list[str]:
        return self.page.locator("#trick [data-trick-card]").evaluate_all("els => els.map(e => e.dataset.trickCard)")

    def score(self, player: int) -> str:
        return self.page.locator(f"#info-{player} .seat-score-value").inner_text()

    def snapshot(self) -> dict[str, Any]:
        """Everything a player sees of the position (for comparing before and after a reload)."""
        return {
            "cards": [self.cards_of(0), self.cards_of(1)],
            "hidden": [self.hidden_under(0), self.hidden_under(1)],
            "trick": self.trick(),
            "scores": [self.score(0), self.score(1)],
            "won": [self.page.locator(f"#won-{p} .won-label").inner_text() for p in (0, 1)],
            "match": self.page.locator("#match-score .match-value").inner_text(),
            "status": self.status(),
        }

    def tricks_won(self) -> list[int]:
        """Tricks won by each player, read from the won-tricks labels ("3 tricks")."""
        texts = [self.page.locator(f"#won-{player} .won-label").inner_text() for player in (0, 1)]
        return [int(re.search(r"(\d+)", text).group(1)) for text in texts]

    def wait_until(self, condition: Callable[[], bool], timeout_ms: int = ACTION_TIMEOUT_MS) -> None:
        """Poll `condition` (in Python) until it holds; the page's CSP forbids Playwright's wait_for_function."""
        for _ in range(timeout_ms // 50):
            if condition():
                return
            self.page.wait_for_timeout(50)
        raise AssertionError("the page never reached the expected state")

    def dialog(self) -> Locator:
        return self.page.locator("dialog[open]")

    def announced(self) -> str:
        """The last text said to a screen reader (each is a paragraph of the live region, kept there a few seconds)."""
        return self.page.evaluate("document.getElementById('announcer').lastElementChild?.textContent ?? ''")

    # ---------------------------------------------------------------- acting

    def click_card(self, code: str) -> None:
        button = self.page.locator(f'button[data-card="{code}"]')
        assert button.get_attribute("aria-disabled") == "false", f"{code} is not playable"
        button.click()

    def step(self, plan: str = "4-4", next_deal: bool = True) -> str:
        """Do whatever the page waits for: deal (choosing `plan`), close a result, or play the first playable card.

        With `next_deal` false a finished deal's result stays open ("deal-over" is returned): a caller that read
        "your-turn" just before may have seen the state before its last click took effect.
        Returns what was done: "dealt", "next", "card", "match-over", "deal-over" or "waited".
        """
        status = self.wait_status("your-turn", "deal-over", "match-over")
        if status == "match-over":
            return "match-over"
        dialog = self.dialog()
        if dialog.locator(".preset").count():
            dialog.get_by_role("button", name=plan, exact=True).click()
            # The panel stays open (its buttons disabled) until the engine has dealt: never click it twice.
            self.page.locator("dialog[open] .preset").first.wait_for(state="detached")
            return "dealt"
        if dialog.locator("#next-deal").count():
            if not next_deal:
                return "deal-over"
            dialog.locator("#next-deal").click()
            return "next"
        if dialog.locator("#marriage-plain").count():
            dialog.locator("#marriage-announce").click()
            return "card"
        cards = self.playable()
        if status == "your-turn" and cards.count():
            cards.first.click()
            # A king or queen of a marriage asks first (its panel opens with the click): the card is played once
            # answered, so a caller counting cards played (play_moves) never waits on a move still being asked about.
            marriage = self.page.locator("dialog[open] #marriage-announce")
            if marriage.count():
                marriage.click()
            return "card"
        self.page.wait_for_timeout(50)
        return "waited"

    def play_out_deal(self, plan: str = "4-4") -> None:
        """Deal (choosing `plan`) and play the first playable card until this deal's result is open; it stays open.

        Never through "Next deal": the status turns "deal-over" a moment before the result panel opens, so a loop
        that looked for the panel and then stepped on could press on into the next deals, to the match's end.
        """
        for _ in range(500):
            done = self.step(plan, next_deal=False)
            if done == "deal-over":
                return
            assert done != "match-over", "the match ended before this deal's result showed"
        raise AssertionError("the deal did not end")

    def play_moves(self, count: int) -> None:
        """Play `count` cards by clicking the first playable one each time (dealing when asked)."""
        played = 0
        while played < count:
            if self.step() == "card":
                played += 1


@pytest.fixture
def table(page: Page) -> Table:
    return Table(page)


@pytest.fixture
def table_in_context(browser: Browser, base_url: str) -> Iterator[Callable[..., Table]]:
    """Open a table in a browser context of its own (a phone, CSP bypass for axe); console errors fail the test."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def make(**options: Any) -> Table:
        context = without_service_worker(browser.new_context(base_url=base_url, **options))
        contexts.append(context)
        page = context.new_page()
        page.on("console", lambda m: errors.append(f"console.error: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(f"page error: {error}"))
        return Table(page)

    yield make
    for context in contexts:
        context.close()
    assert not errors, "\n".join(errors)
