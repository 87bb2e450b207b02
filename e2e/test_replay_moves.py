"""The replay's list of a deal's moves: opened from the position line, by a tap or by the keyboard, it lists each
trick's cards with who played them and who took it, marks the position shown, and a move chosen in it is the
position the replay goes to. On a phone a trick is one line: each card in its player's column, as its corner shows
it, the taker's marked; a screen reader hears each in words. Screenshots go to ``e2e/artifacts/replay-moves-*.png``."""

from __future__ import annotations

import random
import re

from test_replay_buttons import RANKS, SUITS, open_replay

from otv66 import Match
from otv66.deal import Deal

SHOWN = "#replay-position[data-deal='{deal}'][data-ply='{ply}']"


def moves_of_first_deal() -> list[str]:
    """The first deal's moves of test_pages.game_token's game (the same seed, the same random play)."""
    match = Match(seed=8)
    rng = random.Random(8)
    deal: Deal = match.new_deal()
    while not deal.is_over:
        deal.play(rng.choice(deal.legal_moves()))
    return deal.moves


def test_a_move_chosen_in_the_list_is_the_position_shown(table_in_context, artifacts):
    page = table_in_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True).page
    open_replay(page, "lang=en")
    for ply in range(1, 4):  # a step at a time, each waited for
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(SHOWN.format(deal=0, ply=ply))
    opener = page.locator("#replay-moves")
    assert opener.get_attribute("aria-label") == f"{opener.inner_text()}: list of moves"
    opener.click()
    panel = page.locator("#panel[open]")
    panel.locator(".replay-moves").wait_for()
    assert panel.locator(".panel-title").inner_text() == "Moves · deal 1"
    moves = moves_of_first_deal()
    buttons = panel.locator(".replay-move")
    assert buttons.count() == len(moves) + 1, "the deal's start, then each move"
    assert panel.locator("[aria-current=step]").get_attribute("data-ply") == "3", "the position shown"
    assert page.evaluate("document.activeElement.dataset.ply") == "3", "the focus on it"
    # Each card named as the game says it, the tricks numbered, each with its taker.
    for ply, move in enumerate(moves, start=1):
        name = f"{RANKS[move[0]]} of {SUITS[move[1]]}"
        assert name in buttons.nth(ply).locator(".sr-only").inner_text(), (ply, move)
    tricks = panel.locator(".replay-moves li")
    assert tricks.first.locator(".replay-trick .sr-only").inner_text() == "Trick 1"
    assert tricks.count() == (len(moves) + 1) // 2
    for trick in tricks.all()[: len(moves) // 2]:
        said = trick.locator(".sr-only").all_inner_texts()
        assert sum(bool(re.search(r"(takes the trick|you take the trick)$", text)) for text in said) == 1, said
        assert trick.inner_text().count("\u2713") == 1, "the taker's card marked"
        cards = trick.locator(".replay-move").all()
        tops = {round(card.bounding_box()["y"]) for card in cards}
        assert len(tops) == 1, "a trick on one line of a phone"
        seats = sorted(card.bounding_box()["x"] < 180 for card in cards)
        assert seats == [False, True], "each card in its player's column"
    assert panel.locator(".replay-seats").inner_text().split("\n") == ["Player", "Computer"]
    page.screenshot(path=artifacts / "replay-moves-360x640.png")
    panel.locator(".replay-moves li").last.scroll_into_view_if_needed()
    names, title = panel.locator(".replay-seats").bounding_box(), page.locator("#panel[open]").bounding_box()
    assert abs(names["y"] - title["y"]) < 2, "scrolled to its end, the names over the columns stay in sight"

    chosen = len(moves) - 4
    said = buttons.nth(chosen).locator(".sr-only").inner_text().split(",")[0]  # the card, without its taker
    panel.locator(f"#replay-move-{chosen}").click()
    page.wait_for_selector(SHOWN.format(deal=0, ply=chosen))
    assert page.locator("#panel[open]").count() == 0
    assert page.locator("#announcer").inner_text().startswith(said), "the move chosen is the one said"


def test_by_the_keyboard_the_list_opens_and_takes_the_replay_to_the_deals_start(table_in_context):
    page = table_in_context(viewport={"width": 1280, "height": 800}).page
    open_replay(page, "lang=sr-Latn")
    page.keyboard.press("End")
    page.wait_for_selector("#replay-position[data-deal='0']:not([data-ply='0'])")
    page.locator("#replay-moves").focus()
    page.keyboard.press("Enter")
    page.locator("#panel[open] .replay-moves").wait_for()
    assert page.evaluate("document.activeElement.getAttribute('aria-current')") == "step", "on the deal's end"
    page.keyboard.press("Escape")
    page.locator("#panel[open]").wait_for(state="detached")
    assert page.evaluate("document.activeElement.id") == "replay-moves", "closed, the focus back on the line"
    page.keyboard.press("Enter")
    page.locator("#panel[open] .replay-moves").wait_for()
    last = int(page.evaluate("document.activeElement.dataset.ply"))
    page.keyboard.press("ArrowLeft")  # the arrows walk the moves, as in the review: Left and Right in the order played
    assert page.evaluate("document.activeElement.dataset.ply") == str(last - 1)
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.ply") == str(last)
    seat = page.evaluate("document.activeElement.className")
    page.keyboard.press("ArrowUp")  # Up and Down a trick at a time, in the player's column
    assert page.evaluate("document.activeElement.className") == seat
    assert int(page.evaluate("document.activeElement.dataset.ply")) in (last - 2, last - 3)
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.ply") == str(last)
    page.keyboard.press("Home")
    assert page.evaluate("document.activeElement.id") == "replay-move-0"
    assert page.locator("#replay-move-0").inner_text() == "Početak deljenja"
    page.keyboard.press("Enter")
    page.wait_for_selector(SHOWN.format(deal=0, ply=0))
    assert page.evaluate("document.activeElement.id") == "replay-moves"


def test_a_screen_reader_hears_a_step_back_as_the_move_taken_back_and_a_deals_start_as_its_trump(table_in_context):
    # Back said the move now last shown, as if it had just been played; a new deal said nothing of its trump.
    page = table_in_context(viewport={"width": 1280, "height": 800}).page
    open_replay(page, "lang=en")
    moves = moves_of_first_deal()
    announcer = page.locator("#announcer")
    for ply in (1, 2):
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(SHOWN.format(deal=0, ply=ply))
    second = f"{RANKS[moves[1][0]]} of {SUITS[moves[1][1]]}"
    assert second in announcer.inner_text()
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(SHOWN.format(deal=0, ply=1))
    assert re.fullmatch(rf"Taken back: .+: {second}", announcer.inner_text()), announcer.inner_text()
    page.keyboard.press("PageDown")
    page.wait_for_selector(SHOWN.format(deal=1, ply=0))
    assert re.fullmatch(r"Deal 2\. Trumps?: (spades|hearts|diamonds|clubs)\.?", announcer.inner_text()), (
        announcer.inner_text()
    )


def test_a_deal_played_out_is_played_again_from_its_list_on_the_game_page(table_in_context, artifacts):
    """A player who studies a deal of a replay plays its cards himself: "Play this deal" under the list opens the
    deal's link on the game page, the same cards in the same places, in the replay's language."""
    page = table_in_context(viewport={"width": 640, "height": 360}, is_mobile=True, has_touch=True).page
    open_replay(page, "lang=sr-Latn")
    tops = sorted(page.locator("#piles-0 button.card.top[data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)"))
    assert len(tops) == 8
    page.locator("#replay-moves").click()
    play = page.locator("#panel[open] #replay-play-deal")
    assert play.inner_text() == "Odigrajte ovo deljenje"
    page.screenshot(path=artifacts / "replay-moves-play-640x360.png")
    play.click()
    page.wait_for_url("**/index.html?lang=sr-Latn#deal=d1.*")
    page.wait_for_selector("[data-status=your-turn], [data-status=thinking]", timeout=90_000)
    page.wait_for_function("document.querySelectorAll('#piles-0 button.card.top[data-card]').length === 8")
    again = page.locator("#piles-0 button.card.top[data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert sorted(again) == tops, "the same cards in the same places"
