"""Fixtures for the shipping tests (issue 4): built sites, a server that can be swapped to a new build, browsers.

- Two builds of the same sources with different build ids (``--stamp``), in temporary folders, made once per run.
- ``site``: tools/serve.py's server (the netlify.toml headers, CSP included) on 127.0.0.1 serving build A; its
  ``swap(build)`` serves another build on the same address, as a new deploy would.
- ``browser_ship``: Debian's Chromium from pytest-playwright's ``playwright`` (never a downloaded browser).
- ``open_context``: fresh browser contexts (a first visit: no cache, no service worker) that record console
  errors, failed requests and page errors; a test ends by checking there were none.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # table.py, the tests' page helpers
sys.path.insert(0, str(ROOT / "e2e"))  # chromium.py

import build_site  # noqa: E402 (tools/ is not a package)
from chromium import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402
from servers import Site  # noqa: E402

#: Engine start-up is 5-10 s on a busy 2-core machine; a whole deal a few seconds more.
LOAD_TIMEOUT_MS = 90_000
SHIP_TESTS = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Keep the shipping tests on one xdist worker (``--dist loadgroup``), so that their builds are made once.

    First among the hooks: xdist's own reads the group marks from this same hook (its worker plugin), and a mark
    added after it had read them kept no test on its worker (each worker built the three sites).
    """
    for item in items:
        if SHIP_TESTS in item.path.parents:
            item.add_marker(pytest.mark.xdist_group("ship"))


@dataclass
class Builds:
    a: build_site.Site
    b: build_site.Site
    c: build_site.Site


@pytest.fixture(scope="session")
def builds(tmp_path_factory: pytest.TempPathFactory) -> Builds:
    """Three builds of the current sources that differ only in their build id (deploys one after the other)."""
    folder = tmp_path_factory.mktemp("sites")
    return Builds(
        a=build_site.build(folder / "a", stamp="e2e-a"),
        b=build_site.build(folder / "b", stamp="e2e-b"),
        c=build_site.build(folder / "c", stamp="e2e-c"),
    )


@pytest.fixture
def site(builds: Builds) -> Iterator[Site]:
    """Build A served on a fresh port (a fresh origin: no service worker, no storage from another test)."""
    served = Site(builds.a.out)
    yield served
    served.stop()


@pytest.fixture(scope="session")
def browser_ship(playwright: Any) -> Iterator[Any]:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
    yield browser
    browser.close()


@dataclass
class Problems:
    """What went wrong in the pages of a context: console errors, page errors, failed requests."""

    messages: list[str] = field(default_factory=list)

    def watch(self, page: Any) -> None:
        page.on("console", lambda m: self.messages.append(f"console {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.messages.append(f"pageerror {e}"))

    def check(self, allowed: Callable[[str], bool] = lambda _: False) -> None:
        unexpected = [m for m in self.messages if not allowed(m)]
        assert not unexpected, "\n".join(unexpected)


@dataclass
class ShipContext:
    context: Any
    problems: Problems

    def new_page(self) -> Any:
        page = self.context.new_page()
        page.set_default_timeout(LOAD_TIMEOUT_MS)
        self.problems.watch(page)
        return page


@pytest.fixture
def open_context(browser_ship: Any) -> Iterator[Callable[..., ShipContext]]:
    """Open fresh browser contexts (closed after the test)."""
    opened: list[Any] = []

    def make(**options: Any) -> ShipContext:
        context = browser_ship.new_context(service_workers="allow", **options)
        opened.append(context)
        return ShipContext(context, Problems())

    yield make
    for context in opened:
        context.close()
