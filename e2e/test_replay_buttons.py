"""The replay page's buttons on a phone on its side: a finger's height, and all in sight beside the table with a deal's
result (the column they share is the height of the screen)."""

from __future__ import annotations

from test_pages import game_token
from test_screens import SERBIAN

FINGER = 40
"""The least height of a button a finger hits surely (px)."""


def test_on_a_phone_on_its_side_the_replays_buttons_are_a_fingers_height_and_all_in_sight(table_in_context):
    page = table_in_context(viewport={"width": 640, "height": 360}, is_mobile=True, has_touch=True).page
    page.goto(f"/replay.html?{SERBIAN}#game={game_token()}")
    page.wait_for_selector("[data-status=replay]", timeout=90_000)
    page.keyboard.press("End")  # the deal's result shown in the column too
    page.wait_for_selector("#replay-position[data-deal='0']:not([data-ply='0'])")
    assert page.locator("#replay-summary").inner_text() != ""
    boxes = page.locator("#replay-controls .action").evaluate_all(
        "buttons => buttons.map((b) => [b.id, b.getBoundingClientRect().height, b.getBoundingClientRect().bottom])"
    )
    assert len(boxes) == 6
    assert [name for name, height, _ in boxes if height < FINGER] == [], boxes
    assert all(bottom <= 360 for _, _, bottom in boxes), boxes
