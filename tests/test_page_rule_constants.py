"""The page's copies of rule constants are the engine's (web/js/settings.js, otv66/rules.py).

The page needs a match's default rules, each choice rule's values and the shortest and longest match before the engine
has booted (the Settings form, a first visit's table), so settings.js holds ``DEFAULT_RULES``, ``RULE_CHOICES``,
``MIN_TARGET`` and ``MAX_TARGET``; these tests fail when they drift from the engine's. Marked ``native``: the page's
files are not mounted in Pyodide.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import get_args

import pytest

from otv66.rules import MAX_TARGET, MIN_TARGET, ClaimMode, DealerRule, Rules

pytestmark = pytest.mark.native

SETTINGS = Path(__file__).resolve().parent.parent / "web" / "js" / "settings.js"


def page_constant(name: str) -> object:
    """The value of ``export const <name> = <literal>;`` in settings.js (an object's bare keys quoted for JSON)."""
    found = re.search(rf"^export const {name} = (.+?);$", SETTINGS.read_text("utf-8"), re.MULTILINE)
    assert found, f"settings.js exports no {name}"
    return json.loads(re.sub(r"([{,]\s*)([a-z_]+):", r'\1"\2":', found.group(1)))


def test_the_pages_default_rules_are_the_engines() -> None:
    assert page_constant("DEFAULT_RULES") == Rules().to_dict()


def test_the_pages_longest_match_is_the_engines() -> None:
    assert page_constant("MAX_TARGET") == MAX_TARGET


def test_the_pages_shortest_match_is_the_engines() -> None:
    assert page_constant("MIN_TARGET") == MIN_TARGET


def test_the_pages_choices_of_each_rule_are_the_engines() -> None:
    assert page_constant("RULE_CHOICES") == {"claim": list(get_args(ClaimMode)), "dealer": list(get_args(DealerRule))}
