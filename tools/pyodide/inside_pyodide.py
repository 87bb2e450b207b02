"""The Python half of ``run_pytest.mjs``: runs pytest inside Pyodide (never imported by CPython).

``run_pytest.mjs`` installs the wheels, mounts the tests, puts this folder on ``sys.path`` and
calls :func:`main`. Besides pytest's own work, it tells Node.js which test is running (so a
crash of Pyodide itself can be blamed on a test) and leaves out the tests that crashed
Pyodide in earlier attempts (their ids can be too long for a command line).
"""

from __future__ import annotations

import os
import sys

import js  # type: ignore[import-not-found]  # Pyodide's view of the JavaScript global scope
import outcomes_plugin
import pyodide  # type: ignore[import-not-found]
import pytest

import otv66


class TellNodeTheCurrentTest:
    """A fatal Pyodide error loses all Python state, so keep the running test's id in JavaScript."""

    def pytest_runtest_logstart(self, nodeid: str) -> None:
        """Called by pytest as each test starts."""
        js.otv66CurrentTest = nodeid


class LeaveOutCrashedTests:
    """Deselect (visibly: pytest counts them as deselected) the tests that crashed Pyodide before."""

    def __init__(self, crashed: list[str]) -> None:
        self.crashed = set(crashed)

    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        """Called by pytest after collection; drops the crashed tests from the run."""
        dropped = [item for item in items if item.nodeid in self.crashed]
        if dropped:
            items[:] = [item for item in items if item.nodeid not in self.crashed]
            config.hook.pytest_deselected(items=dropped)


def main(pytest_args: list[str], wheels: list[str], crashed: list[str], root: str) -> int:
    """Print what runs where, run pytest from ``root`` and return its exit code."""
    os.chdir(root)
    print(f"Python {sys.version.split()[0]} on {sys.platform}, Pyodide {pyodide.__version__}")
    print(f"otv66 {otv66.__version__} from {os.path.dirname(otv66.__file__)}")
    print("installed wheels:", ", ".join(wheels))
    plugins = [outcomes_plugin, TellNodeTheCurrentTest(), LeaveOutCrashedTests(crashed)]
    return int(pytest.main(pytest_args, plugins=plugins))
