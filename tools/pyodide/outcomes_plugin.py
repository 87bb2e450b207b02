"""A pytest plugin that records the outcome of every test, so two runs can be compared.

Used by ``tools/pyodide_tests.py`` for the CPython run and by ``run_pytest.mjs`` for the Pyodide
run. Test ids are those of pytest, except that doctests are named by their dotted name
(``otv66.cards``), because the same module lives in ``otv66/`` in the repo but in
``site-packages/otv66/`` inside Pyodide.
"""

from __future__ import annotations

import json
import os

import pytest

OUTCOMES: dict[str, str] = {}
"""Test id -> "passed", "failed", "error", "skipped", "xfailed" or "xpassed"."""

OUTPUT_ENV = "OTV66_OUTCOMES_JSON"
"""If set, the outcomes are written to this file at the end of the session."""


def test_id(report: pytest.TestReport | pytest.CollectReport) -> str:
    """The run-independent id of a test: pytest's node id, or the dotted name for a doctest."""
    path, _, name = report.nodeid.partition("::")
    if path.endswith(".py") and "tests/" not in path and name.startswith("otv66"):
        return "doctest::" + name
    return report.nodeid


def outcome(report: pytest.TestReport) -> str | None:
    """The outcome this phase of a test decides, or None if the phase adds nothing."""
    if hasattr(report, "wasxfail"):
        return "xfailed" if report.skipped else "xpassed"
    if report.failed:
        return "failed" if report.when == "call" else "error"
    if report.skipped:
        return "skipped"
    return "passed" if report.when == "call" else None


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Keep the first deciding outcome of each test (a teardown error still overrides a pass)."""
    result = outcome(report)
    key = test_id(report)
    if result is not None and (key not in OUTCOMES or result == "error"):
        OUTCOMES[key] = result


def pytest_collectreport(report: pytest.CollectReport) -> None:
    """A module that fails to import is an error of its own, not a silently smaller suite."""
    if report.failed:
        OUTCOMES[test_id(report)] = "error"


def as_json() -> str:
    """The outcomes as sorted JSON text."""
    return json.dumps(OUTCOMES, indent=1, sort_keys=True)


def pytest_sessionfinish() -> None:
    """Write the outcomes where ``$OTV66_OUTCOMES_JSON`` says, if it says."""
    target = os.environ.get(OUTPUT_ENV)
    if target:
        with open(target, "w", encoding="utf-8") as file:
            file.write(as_json())
