"""Fixtures for the shipping tests (issue 4): built sites, a server that can be swapped to a new build, browsers.

- Three builds of the same sources with different build ids (``--stamp``), in temporary folders, made once per run
  (shared by the run's xdist workers).
- ``site``: tools/serve.py's server (the netlify.toml headers, CSP included) on 127.0.0.1 serving build A; its
  ``swap(build)`` serves another build on the same address, as a new deploy would.
- ``browser_ship``: Debian's Chromium from pytest-playwright's ``playwright`` (never a downloaded browser).
- ``open_context``: fresh browser contexts (a first visit: no cache, no service worker) that record console
  errors, failed requests and page errors; a test ends by checking there were none.
"""

from __future__ import annotations

import fcntl
import json
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
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
BUILD_NAMES = ("a", "b", "c")


@dataclass
class Builds:
    a: build_site.Site
    b: build_site.Site
    c: build_site.Site


@pytest.fixture(scope="session")
def builds(tmp_path_factory: pytest.TempPathFactory) -> Builds:
    """Three builds of the current sources that differ only in their build id (deploys one after the other).

    Made once per run: the first xdist worker to ask builds them into the run's temporary folder, which every worker
    of the run shares, and the others wait for it under a lock and read what it made. (Keeping the shipping tests on
    one worker with an ``xdist_group`` mark no longer holds since pytest 9.2: xdist 3.8 adds the group to a node id
    pytest now ignores, so each worker built the three sites, about 25 s of each worker's time.)
    """

    def build_all(folder: Path) -> dict[str, build_site.Site]:
        return {name: build_site.build(folder / name, stamp=f"e2e-{name}") for name in BUILD_NAMES}

    if "PYTEST_XDIST_WORKER" not in os.environ:  # no xdist: the run's temporary folder is this process's own
        return Builds(**build_all(tmp_path_factory.mktemp("sites")))
    shared = tmp_path_factory.getbasetemp().parent
    made = shared / "ship-sites.json"
    with (shared / "ship-sites.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not made.exists():
            sites = build_all(shared / "ship-sites")
            made.write_text(json.dumps({name: {**asdict(site), "out": str(site.out)} for name, site in sites.items()}))
        fields = json.loads(made.read_text())
    return Builds(**{name: build_site.Site(**{**site, "out": Path(site["out"])}) for name, site in fields.items()})


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
