"""A first visit's table before the engine (issue 11): an opening deal dealt at build time is drawn at once, the
engine deals the same cards when it is ready, and a click made before that is played once.

The engine is held back by holding the engine worker's script (js/worker.js: no Pyodide without it), so the table
seen is certainly the one drawn before the engine; the speed goal itself is make bench-load's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import Table
from playwright.sync_api import Page, Route, expect
from test_never_lose import current_save, moves_of, saved_move_count

FAST = "speed=off&lang=en"
WORKER_SCRIPT = "**/js/worker.js"


@pytest.fixture
def openings(site_dir: Path) -> dict[int, dict[str, Any]]:
    """The opening deals of the build under test (seed -> bridge state)."""
    (path,) = site_dir.glob("v/*/opening-deals.json")
    return {deal["seed"]: deal["state"] for deal in json.loads(path.read_text("utf-8"))["deals"]}


def hold_the_engine(page: Page) -> list[Route]:
    """Hold the page's request for the engine worker's script until the returned routes are continued."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route(WORKER_SCRIPT, hold)
    return held


def release(page: Page, held: list[Route]) -> None:
    for route in held:
        route.continue_()
    page.unroute(WORKER_SCRIPT)


def drawn_before_the_engine(table: Table) -> dict[str, Any]:
    """Wait for the early table's playable cards; check that the engine is still loading, its box beside the table."""
    table.playable().first.wait_for()
    assert table.status() == "loading"
    loading = table.page.locator("#loading")
    assert loading.is_visible() and "beside" in (loading.get_attribute("class") or "")
    return {"mine": table.cards_of(0), "theirs": table.cards_of(1), "trick": table.trick()}


def test_a_first_visit_draws_an_opening_deal_at_once_and_the_engine_deals_the_same(table, openings):
    held = hold_the_engine(table.page)
    table.open(FAST, ready=False)
    early = drawn_before_the_engine(table)
    release(table.page, held)
    table.wait_status("your-turn")
    assert {"mine": table.cards_of(0), "theirs": table.cards_of(1), "trick": table.trick()} == early
    save = current_save(table)
    seed = save["record"]["seed"]
    assert seed in openings, "the match is one of the build's opening deals"
    assert save["state"] == openings[seed], "the engine's state is the one drawn"


def test_an_early_click_on_the_opening_deal_is_played_once_when_the_engine_is_ready(table, openings):
    held = hold_the_engine(table.page)
    table.open(FAST, ready=False)
    drawn_before_the_engine(table)
    card = table.plain_playable()[0]  # no marriage question: the click goes to the engine
    table.click_card(card)
    assert table.status() == "loading"
    release(table.page, held)
    table.wait_ready()
    table.wait_until(lambda: saved_move_count(table) > 0)
    moves = moves_of(current_save(table))[0]
    assert moves[0].rstrip("m") == card  # the clicked card, first
    assert [move.rstrip("m") for move in moves].count(card) == 1  # and once
    assert current_save(table)["record"]["seed"] in openings


def test_early_clicks_are_held_in_sight_and_the_last_card_chosen_is_the_one_played(table, openings):
    # Each click waited unseen for the engine (a minute on a slow line), the first one counting: the second was dropped,
    # and Hint took a press that answered only then.
    held = hold_the_engine(table.page)
    table.open(FAST, ready=False)
    drawn_before_the_engine(table)
    first, second = table.plain_playable()[:2]  # no marriage question
    page = table.page
    status = page.locator("#status")
    table.click_card(first)
    expect(page.locator(f'.pile.held button[data-card="{first}"]')).to_have_count(1)
    expect(status).to_contain_text("as soon as it is")
    assert page.locator("#hint-button").is_disabled() and page.locator("#undo-button").is_disabled()
    table.click_card(second)  # changed his mind: the last card chosen counts
    expect(page.locator(".pile.held button.top")).to_have_count(1)
    expect(page.locator(f'.pile.held button[data-card="{second}"]')).to_have_count(1)
    assert table.status() == "loading"
    release(page, held)
    table.wait_ready()
    table.wait_until(lambda: saved_move_count(table) > 0)
    moves = [move.rstrip("m") for move in moves_of(current_save(table))[0]]
    assert moves[0] == second and first not in moves[1:2], moves
    expect(page.locator(".pile.held")).to_have_count(0)


LONGEST_DOWNLOAD_STEP = {
    "en": "Downloading the game (10.6 of 11.1 MB)",
    "sr-Cyrl": "Преузимам игру (10,6 од 11,1 MB)",
}
"""The download's step at its longest, as the loading box says it while the megabytes come in (a slow line's minute)."""


@pytest.mark.parametrize("lang", ["en", "sr-Cyrl"])
def test_on_a_phone_the_loading_box_beside_the_table_leaves_the_status_line_in_sight(table_in_context, lang):
    # It covered the status line's right half ("Igra se prip…"), which says what a card chosen meanwhile waits for;
    # then, a card chosen, the end of that line ("Igraćete sedmicu karo čim bu…", Cyrillic) under the download's step.
    table = table_in_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    held = hold_the_engine(table.page)
    table.open(f"speed=off&lang={lang}", ready=False)
    drawn_before_the_engine(table)
    table.page.locator('button[data-card][aria-disabled="false"]:not([data-card^=K], [data-card^=Q])').first.tap()
    table.page.locator(".pile.held").wait_for()
    step = LONGEST_DOWNLOAD_STEP[lang]
    table.page.locator("#loading-step").evaluate("(element, step) => { element.textContent = step; }", step)
    box = table.page.locator("#loading .loading-box").bounding_box()
    status = table.page.locator("#status").bounding_box()
    assert box and status and box["y"] >= status["y"] + status["height"], (box, status)
    assert table.page.locator("#loading-step").evaluate("(element) => element.scrollWidth <= element.clientWidth")
    release(table.page, held)
    table.wait_ready()


def test_an_address_asking_for_other_rules_draws_no_opening_deal(table):
    held = hold_the_engine(table.page)
    with table.page.expect_response("**/opening-deals.json"):
        table.open(f"target=11&{FAST}", ready=False)
    table.page.wait_for_timeout(300)  # the deals read and filtered: none fits target 11
    assert table.playable().count() == 0 and table.status() == "loading"
    assert "beside" not in (table.page.locator("#loading").get_attribute("class") or "")
    release(table.page, held)
    table.wait_ready()
    assert current_save(table)["record"]["rules"]["target"] == 11
