"""The replay page's buttons: on a phone on its side a finger's height, and all in sight beside the table with a deal's
result (the column they share is the height of the screen); and every press counts, even one made while the replay
still reads the position a press before it led to (replay.js go())."""

from __future__ import annotations

from test_pages import game_token
from test_screens import SERBIAN

FINGER = 40
"""The least height of a button a finger hits surely (px)."""

PRESS_AT_ONCE = "ids => ids.forEach((id) => document.getElementById(id).click())"
"""Click the replay's buttons one after another in one task: each press after the first comes while the replay still
reads the position the first led to."""

HOLD_KEY = """([key, repeats]) => {
  // The positions the replay shows, as they are shown.
  window.shownPlies = [];
  new MutationObserver(() => window.shownPlies.push(document.getElementById("replay-position").dataset.ply))
    .observe(document.getElementById("replay-position"), { attributeFilter: ["data-ply"] });
  for (let i = 0; i < repeats; i++) document.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
}"""
"""Hold a key down: its repeats in one task, while the replay reads the position the first led to; the positions
shown from then on are recorded in ``window.shownPlies``."""


def open_replay(page):
    """The replay of a game of two deals (test_pages.game_token), at the start of its first deal."""
    page.goto(f"/replay.html?{SERBIAN}#game={game_token()}")
    page.wait_for_selector("[data-status=replay]", timeout=90_000)
    page.wait_for_selector("#replay-position[data-deal='0'][data-ply='0']")


def moves_in_shown_deal(page) -> int:
    """How many moves the deal shown has ("… · Potez 3 od 24")."""
    return int(page.locator("#replay-position").inner_text().rsplit(" ", 1)[1])


def test_on_a_phone_on_its_side_the_replays_buttons_are_a_fingers_height_and_all_in_sight(table_in_context):
    page = table_in_context(viewport={"width": 640, "height": 360}, is_mobile=True, has_touch=True).page
    open_replay(page)
    page.keyboard.press("End")  # the deal's result shown in the column too
    page.wait_for_selector("#replay-position[data-deal='0']:not([data-ply='0'])")
    assert page.locator("#replay-summary").inner_text() != ""
    boxes = page.locator("#replay-controls .action").evaluate_all(
        "buttons => buttons.map((b) => [b.id, b.getBoundingClientRect().height, b.getBoundingClientRect().bottom])"
    )
    assert len(boxes) == 6
    assert [name for name, height, _ in boxes if height < FINGER] == [], boxes
    assert all(bottom <= 360 for _, _, bottom in boxes), boxes


def test_forward_pressed_twice_at_once_goes_two_moves_on(table_in_context):
    page = table_in_context().page
    open_replay(page)
    page.evaluate(PRESS_AT_ONCE, ["replay-forward", "replay-forward"])
    page.wait_for_selector("#replay-position[data-deal='0'][data-ply='2']")
    page.locator("#replay-back:enabled").wait_for()


def test_end_pressed_right_after_next_deal_goes_to_the_end_of_the_next_deal(table_in_context):
    """The end of the last deal: the focus, on Next deal (which its press disabled), goes on to Back, the way on."""
    page = table_in_context().page
    open_replay(page)
    page.focus("#replay-next-deal")
    page.evaluate(PRESS_AT_ONCE, ["replay-next-deal", "replay-end"])
    page.wait_for_selector("#replay-position[data-deal='1']:not([data-ply='0'])")
    assert page.locator("#replay-position").get_attribute("data-ply") == str(moves_in_shown_deal(page))
    disabled = page.locator("#replay-controls .action:disabled").evaluate_all("buttons => buttons.map((b) => b.id)")
    assert sorted(disabled) == ["replay-end", "replay-forward", "replay-next-deal"]
    assert page.evaluate("document.activeElement.id") == "replay-back"


def test_a_held_down_arrow_goes_to_the_deals_end_without_showing_each_move_on_the_way(table_in_context):
    """Its repeats lead on from one another (clamped at the deal's end); the replay shows the first move, read while
    the others came, then only the latest position they led to, not one position per repeat."""
    page = table_in_context().page
    open_replay(page)
    moves = moves_in_shown_deal(page)
    page.evaluate(HOLD_KEY, ["ArrowRight", moves + 10])
    page.wait_for_selector(f"#replay-position[data-deal='0'][data-ply='{moves}']")
    assert page.evaluate("window.shownPlies") == ["1", str(moves)]
