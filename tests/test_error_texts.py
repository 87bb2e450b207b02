"""Every refusal the engine can send has words in each of the page's languages (web/js/texts-errors.js).

A page shows an engine error through ``engine-text.js``: the text ``err_<reason>``, else ``err_<kind>``, else a
general "that did not work". These tests read the engine's source for every error kind and every reason it
raises with, and fail when the page has no text for one: the player would then read the engine's English, or
nothing useful. Marked ``native``: the page's files are not mounted in Pyodide.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import otv66
from otv66.errors import Otv66Error

pytestmark = pytest.mark.native

ROOT = Path(__file__).resolve().parent.parent
TEXTS = ROOT / "web" / "js" / "texts-errors.js"


def error_texts() -> dict[str, set[str]]:
    """The ``err_`` keys of each language's table in texts-errors.js, by the table's name."""
    tables: dict[str, set[str]] = {}
    for name, body in re.findall(r"export const (\w+) = \{(.*?)\n\};", TEXTS.read_text(), re.S):
        tables[name] = set(re.findall(r"^\s+err_(\w+):", body, re.M))
    assert set(tables) == {"SR_ERRORS", "EN_ERRORS"}
    return tables


def error_kinds() -> set[str]:
    """The ``kind`` of every bad-input error class of the engine (its modules all imported, but not run).

    The base class is left out: it is never raised itself, and its kind is the general text's.
    """
    for module in pkgutil.walk_packages(otv66.__path__, "otv66."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    kinds, todo = set(), Otv66Error.__subclasses__()
    while todo:
        cls = todo.pop()
        kinds.add(cls.kind)
        todo.extend(cls.__subclasses__())
    return kinds


def raised_reasons() -> set[str]:
    """Every ``reason`` the engine's source passes to an error: ``SomeError("message", "reason", ...)``."""
    reasons = set()
    for path in (ROOT / "otv66").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call) or len(node.args) < 2:
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            reason = node.args[1]
            if name.endswith("Error") and isinstance(reason, ast.Constant) and isinstance(reason.value, str):
                reasons.add(reason.value)
    return reasons


def test_the_source_scan_finds_kinds_and_reasons_it_must() -> None:
    assert {"illegal_move", "invalid_link", "challenge_closed", "friend_forged_sender"} <= error_kinds()
    assert {"must_follow", "link_cut", "challenge_deals", "deal_past_end"} <= raised_reasons()


@pytest.mark.parametrize("table", ["SR_ERRORS", "EN_ERRORS"])
def test_every_error_kind_has_a_text(table: str) -> None:
    missing = sorted(error_kinds() - error_texts()[table])
    assert not missing, f"{table} has no err_<kind> for {missing}"


@pytest.mark.parametrize("table", ["SR_ERRORS", "EN_ERRORS"])
def test_every_reason_the_engine_raises_has_a_text(table: str) -> None:
    missing = sorted(raised_reasons() - error_texts()[table])
    assert not missing, f"{table} has no err_<reason> for {missing}"
