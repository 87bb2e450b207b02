"""History tells apart the matches of a player who plays with different rules: each finished match shows what it was
played to beside its game points, and its options other than the defaults on a line under it. An entry from before
the rules were kept shows as it did. Screenshots go to ``e2e/artifacts/history-rules-*.png``.
"""

from __future__ import annotations

import json

OLDER = {
    "date": 1764590400000,
    "opponent": "computer",
    "level": "beginner",
    "winner": 1,
    "gamePoints": [3, 7],
    "deals": 4,
}
"""A finished match kept by a page from before the rules were kept in the history."""

ONE_DEAL = "seed=3&level=beginner&opponent=computer&target=1&must_beat=1&dealer=alternate&speed=off"
"""A match to 1 game point (its first deal decides it) with two options other than the defaults."""


def finished_match_history(table_in_context, lang: str, viewport: dict[str, int], **phone: bool):
    """A match to 1 with options of its own played out here, after an older one; its History open."""
    table = table_in_context(viewport=viewport, **phone)
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    older = json.dumps(json.dumps([OLDER]))
    table.page.add_init_script(
        f"localStorage.getItem('otv66.history') ?? localStorage.setItem('otv66.history', {older})"
    )
    page = table.open(f"{ONE_DEAL}&lang={lang}").page
    table.play_out_deal()
    table.dialog().locator("#next-deal").click()
    table.dialog().locator("#rematch-button").wait_for()
    page.keyboard.press("Escape")
    table.wait_until(lambda: table.dialog().count() == 0)
    if page.locator("#menu-toggle").is_visible():
        page.locator("#menu-toggle").click()
    page.locator("#history-button").click()
    return table.dialog().locator("table.history:not(.saved-matches) tbody tr")


def test_each_finished_match_shows_its_target_and_options_other_than_the_defaults(table_in_context, artifacts):
    rows = finished_match_history(
        table_in_context, "sr-Latn", {"width": 360, "height": 640}, is_mobile=True, has_touch=True
    )
    rows.first.wait_for()
    assert rows.count() == 3, rows.all_inner_texts()  # the match, its options, the older match
    points = rows.nth(0).locator("td").nth(3).inner_text()
    assert points.endswith("(do\xa01)\n1\xa0deljenje"), points  # its deals under it, on a phone
    assert rows.nth(1).inner_text() == "Na boju obavezno jačom kartom, ako je imate · Sledeći deli: naizmenično"
    older = rows.nth(2).locator("td").nth(3).inner_text()
    assert older.splitlines()[0] == "3 : 7", "an older entry as it was shown (its deals under it on a phone)"
    rows.first.page.screenshot(path=artifacts / "history-rules-360x640.png")


def test_the_options_are_said_in_the_pages_language_on_a_wide_screen(table_in_context, artifacts):
    rows = finished_match_history(table_in_context, "en", {"width": 1280, "height": 800})
    rows.first.wait_for()
    assert rows.nth(0).locator("td").nth(3).inner_text().endswith("(to\xa01)")
    assert rows.nth(1).inner_text() == "Following suit, beat the led card if you can · Next dealer: alternate"
    rows.first.page.screenshot(path=artifacts / "history-rules-1280x800.png")


TWO_AT_ONE_SCREEN = {**OLDER, "opponent": "human", "level": None, "winner": 0, "gamePoints": [7, 4], "deals": 5}
"""A finished match of two people at one screen, kept beside one against the computer."""


def finished_matches(table_in_context, entries: list[dict], lang: str):
    """History open on a desktop whose storage holds `entries` as finished matches: its table of them."""
    table = table_in_context(viewport={"width": 1280, "height": 800})
    kept = json.dumps(json.dumps(entries))
    table.page.add_init_script(
        f"localStorage.setItem('otv66.rulesOffered', '1'); localStorage.setItem('otv66.history', {kept})"
    )
    table.open(f"seed=3&level=beginner&opponent=computer&speed=off&lang={lang}")
    table.page.locator("#history-button").click()
    return table.dialog().locator("table.history:not(.saved-matches)")


def test_with_a_match_of_two_people_listed_each_row_names_its_sides(table_in_context):
    # The column was headed "Game points (you : opponent)" over a match between Player 1 and Player 2 too, whom it
    # does not name: with such a match listed the header is "Game points" alone, and each row names its sides.
    history = finished_matches(table_in_context, [TWO_AT_ONE_SCREEN, OLDER], "en")
    assert history.locator("th").nth(3).inner_text() == "Game points"
    sides = history.locator("tbody tr .history-sides").all_inner_texts()
    assert sides == ["Player\xa01 : Player\xa02", "You : Computer"]


def test_with_matches_against_the_computer_only_the_header_names_the_sides(table_in_context):
    history = finished_matches(table_in_context, [OLDER], "sr-Latn")
    assert history.locator("th").nth(3).inner_text() == "Poeni partije (Vi\xa0: protivnik)"
    assert history.locator(".history-sides").count() == 0
