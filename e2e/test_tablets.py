"""Tablets and big screens: what a player taps is a finger's size on a tablet, and the friend page's text and forms
read as a column on a wide screen (as the club page's do).

Screenshots go to ``e2e/artifacts/tablets-*.png``.
"""

from __future__ import annotations

import pytest
from test_friend import settled
from test_learn import open_menu

TABLETS = [(768, 1024), (1024, 768)]
FINGER = 40
"""The least height of a field a finger hits surely (px)."""

COLUMN = 768
"""The widest a column of text and fields reads well (48rem, the club page's column)."""


def tablet_table(table_in_context, size: tuple[int, int]):
    """The game on a tablet (touch) of `size`, the rules not offered: the first deal, at its start."""
    width, height = size
    table = table_in_context(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True)
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    return table.open("seed=5&level=beginner&opponent=computer&speed=off&lang=sr-Latn")


def test_on_a_tablet_the_settings_lists_fields_and_checkboxes_are_a_fingers_height(table_in_context, artifacts):
    """Every row of the settings (a list, the match's length, a checkbox's label, which takes its tap) is at least
    40 px tall on a tablet, upright and on its side: they were 35 px and 27 px."""
    table = tablet_table(table_in_context, TABLETS[0])
    open_menu(table)
    table.page.locator("#settings-button").click()
    fields = table.dialog().locator(".field, .field select, .field input[type=number]")
    for width, height in TABLETS:  # one tablet, upright and then turned on its side
        table.page.set_viewport_size({"width": width, "height": height})
        heights = fields.evaluate_all(
            "fields => fields.map((f) => [f.id || f.textContent.trim().slice(0, 30), f.getBoundingClientRect().height])"
        )
        table.page.screenshot(path=artifacts / f"tablets-settings-{width}x{height}.png")
        assert len(heights) >= 10 and [name for name, tall in heights if tall < FINGER] == [], (width, height, heights)


WIDE = [(1366, 1024), (1920, 1080), (2560, 1440)]


def test_the_friend_pages_checkboxes_are_a_fingers_height_on_a_tablet_and_its_forms_one_column_on_a_wide_screen(
    page, artifacts
):
    """The rules' checkboxes of a new friend match (their label takes the tap) were 24 px tall on a tablet, where the
    game's settings and the club page's are 40.

    On a wide screen the introduction and every form box share one column, at most 48rem wide and centred: at the
    page's whole width (64rem) a field note ran to 140 characters a line and the match's length "7" sat in a 500 px
    field, beside an introduction of another width. One page, its window resized from size to size."""
    page.set_viewport_size({"width": TABLETS[0][0], "height": TABLETS[0][1]})
    page.goto("/friend.html?lang=sr-Latn")
    assert settled(page) == "ready"
    for width, height in TABLETS:
        page.set_viewport_size({"width": width, "height": height})
        rows = page.locator(".friend-main .field.check").evaluate_all(
            "rows => rows.map((r) => [r.textContent.trim().slice(0, 30), r.getBoundingClientRect().height])"
        )
        assert len(rows) >= 3 and [name for name, tall in rows if tall < FINGER] == [], (width, height, rows)
    for width, height in WIDE:
        page.set_viewport_size({"width": width, "height": height})
        boxes = page.locator("#friend-intro, #friend-new, #friend-paste-box, #friend-backup").evaluate_all(
            "boxes => boxes.map((b) => { const r = b.getBoundingClientRect(); return [b.id, r.left, r.right]; })"
        )
        inside = page.evaluate("document.documentElement.clientWidth")  # the window less a scroll bar
        page.screenshot(path=artifacts / f"tablets-friend-{width}x{height}.png")
        assert len(boxes) == 4
        at = f"at {width}x{height}"
        for name, left, right in boxes:
            assert right - left <= COLUMN, f"{name} is {right - left:.0f} px wide {at}"
            off = f"{name} off centre {at}: {left:.0f} px left, {inside - right:.0f} right"
            assert abs(left - (inside - right)) <= 2, off
        assert len({round(left) for _, left, _ in boxes}) == 1, f"one column {at}: {boxes}"


BIG = [(1024, 768), (1366, 1024)]


def test_on_a_tablet_on_its_side_the_tricks_cards_are_no_larger_than_the_hands(table_in_context, artifacts):
    """Cards played to the trick are the cards of the hands: on a tablet on its side the centre row is higher than the
    hands' cards need, and the trick's cards filled it at 1.25 times (1024x768) and 1.38 times (1366x1024) their
    width."""
    table = tablet_table(table_in_context, BIG[0])
    if not table.trick():
        table.playable().first.click()
    # A trick card shown (one in the page may be hidden a moment, as the trick is taken, under a busy machine).
    shown: list[int] = []

    def trick_card_shown() -> bool:
        shown[:] = table.page.locator("#trick [data-trick-card]").evaluate_all(
            "cards => cards.map((card) => card.offsetWidth).filter((width) => width > 0)"
        )
        return bool(shown)

    for width, height in BIG:  # one tablet's window, and then a bigger one
        table.page.set_viewport_size({"width": width, "height": height})
        table.wait_until(trick_card_shown)
        trick_card = shown[0]
        hand_card = table.page.locator("#piles-0 button[data-card]").first.evaluate("card => card.offsetWidth")
        table.page.screenshot(path=artifacts / f"tablets-trick-{width}x{height}.png")
        assert trick_card <= hand_card, f"{width}x{height}: a trick card {trick_card} px wide, a hand's {hand_card} px"


SIDEWAYS_PAGES = ["index.html?seed=5&level=beginner&speed=off&lang=sr-Latn", "friend.html?lang=sr-Latn"]


@pytest.mark.parametrize("address", SIDEWAYS_PAGES, ids=["game", "friend"])
def test_a_fingers_sideways_drag_across_the_page_does_not_go_back_a_page(table_in_context, address):
    """A finger dragged 300 px to the right (along a row of cards, choosing one) took the tab back to the page before,
    mid-deal: the browser's swipe to go back."""
    table = table_in_context(viewport={"width": 768, "height": 1024}, is_mobile=True, has_touch=True)
    page = table.page
    page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    page.goto("/embed-info.html")
    page.goto(f"/{address}")
    if address.startswith("index"):
        table.wait_status("your-turn")
    else:
        assert settled(page) == "ready"
    touch = page.context.new_cdp_session(page)
    start, y = 200, 600
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start, "y": y}]})
    for step in range(1, 11):
        point = {"x": start + 30 * step, "y": y}
        touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        page.wait_for_timeout(25)
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_timeout(1500)  # a navigation back would have begun by now
    assert address.split("?")[0] in page.url
