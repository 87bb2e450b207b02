"""The post-deal review, dealing in one tap and the history's statistics, in Serbian, on a desktop and a phone.

Screenshots go to e2e/artifacts/ (review-*.png, deal-panel-*.png) for a person to look at.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

import pytest
from conftest import LOAD_TIMEOUT_MS
from test_finished_match import ONE_DEAL, SERBIAN
from test_never_lose import current_save, current_seed, moves_of
from test_screens import THUMB

from otv66 import links
from otv66.record import match_to_record

SCREENS = [(1280, 800), (360, 640), (640, 360)]
"""A desktop, a phone upright and a phone on its side."""

#: The moves a screen shows whole in the review's list, once it is scrolled to: drawn as the panel's round buttons, a
#: move took up to three lines and 70 px, and a phone showed 4 of them upright, 2 on its side; in a list scrolling
#: under the summary, 5 upright and 3 on its side. A phone's panel now scrolls as a whole.
ROWS_IN_SIGHT = {(1280, 800): 12, (360, 640): 9, (640, 360): 5}

#: Whether an element is seen whole: inside every box that scrolls or clips around it, and above the panel's buttons
#: (they stay at its foot, over what scrolls under them).
SEEN_WHOLE = """element => {
  const box = element.getBoundingClientRect();
  const buttons = element.closest("dialog").querySelector(".panel-buttons").getBoundingClientRect();
  let top = 0;
  let bottom = Math.min(innerHeight, buttons.top);
  for (let around = element.parentElement; around; around = around.parentElement) {
    if (getComputedStyle(around).overflowY !== "visible") {
      top = Math.max(top, around.getBoundingClientRect().top);
      bottom = Math.min(bottom, around.getBoundingClientRect().bottom);
    }
  }
  return box.top >= top - 0.5 && box.bottom <= bottom + 0.5;
}"""

COUNT_ROWS_SEEN = f"""panel => {{
  const seen = {SEEN_WHOLE};
  return [...panel.querySelectorAll(".review-move")].filter(seen).length;
}}"""

#: Everything in the panel that is cut off at its sides, and the smallest text (its cards' corners aside): a phone
#: had the marks and better moves at 12 px, and on its side the summary under 14 px.
LAYOUT = """panel => {
  const sides = panel.getBoundingClientRect();
  const cut = [...panel.querySelectorAll("*")].filter((element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && (box.left < sides.left - 0.5 || box.right > sides.right + 0.5);
  });
  const texts = [...panel.querySelectorAll("*")].filter(
    (element) =>
      !element.closest("svg") &&
      element.getClientRects().length > 0 &&
      [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim()),
  );
  return {
    overflow: panel.scrollWidth - panel.clientWidth,
    cut: cut.map((element) => element.className || element.tagName),
    smallest: Math.min(...texts.map((element) => parseFloat(getComputedStyle(element).fontSize))),
  };
}"""

#: A player's line of the summary: his marked moves, counted, and how far his play fell below the best, about, with a
#: decimal comma; that his moves fell below it only a little (none marked); or that no move fell below it.
#: ("izgubljeno 3,53 poena partije" read as what the deal cost him.)
SUMMARY_LINE = re.compile(
    r"(?P<name>Vi|Računar \(početnik\)): (?:(?P<n>[1-9]\d*) (?P<words>označen potez|označena poteza|označenih poteza); "
    r"ukupno oko \d+,\d\d poena partije manje nego uz najbolju igru|svi potezi su najbolji"
    r"|samo sitne razlike, ukupno oko \d+,\d\d poena partije manje nego uz najbolju igru)"
)


def serbian_count(n: int, one: str, few: str, other: str) -> str:
    """The Serbian word form for ``n`` things: 1, 21, 31… take ``one``; 2 to 4, 22 to 24… ``few``; else ``other``."""
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return other


def test_the_review_rates_every_move_and_shows_the_table_at_a_chosen_move_on_every_screen(table_in_context, artifacts):
    """One review, looked at on each screen (its layout follows the screen's size, not the size it opened at), on a
    small tablet turned, and opened a second time."""
    table = table_in_context(viewport={"width": 1280, "height": 800})
    page = table.page
    table.open("seed=11&level=beginner&opponent=computer&speed=off&lang=sr-Latn")
    table.play_out_deal()
    table.dialog().locator("#review-button").click()
    panel = table.dialog()
    moves = panel.locator(".review-move")
    moves.first.wait_for(timeout=90_000)
    assert panel.evaluate("d => d.querySelector('.panel-title') === document.activeElement"), "a text opens at its top"
    assert panel.locator(".panel-title").inner_text() == "Analiza deljenja 1"
    lines = [SUMMARY_LINE.fullmatch(line) for line in panel.locator(".review-summary > *").all_inner_texts()]
    assert all(lines) and [line["name"] for line in lines] == ["Vi", "Računar (početnik)"], "a line for each player"
    assert any(line["n"] for line in lines), "the seeded deal has moves below the best, in numbers"
    for line in lines:
        if line["n"]:
            number, words = int(line["n"]), line["words"]
            assert words == serbian_count(number, "označen potez", "označena poteza", "označenih poteza"), line[0]
    count = moves.count()
    assert count >= 8, "one row per move of the deal"
    for row in range(count):
        loss = moves.nth(row).locator(".review-loss").inner_text()
        assert re.fullmatch(r"\u2212?\d+,\d\d|jedini potez", loss), loss
    # The list on each screen, before a move is chosen (a chosen move's table takes room among the rows).
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        # Compact rows, high enough to tap: more moves in sight at once.
        heights = moves.evaluate_all("rows => rows.map((row) => row.getBoundingClientRect().height)")
        assert min(heights) >= 40, (width, height, heights)
        panel.locator(".review-list").evaluate("list => list.scrollIntoView()")
        assert panel.evaluate(COUNT_ROWS_SEEN) >= ROWS_IN_SIGHT[(width, height)], (width, height)
    # A small tablet upright has the table at the chosen move under its row; turned, beside the list.
    page.set_viewport_size({"width": 600, "height": 960})
    turned = panel.locator(".review-move:has([data-loss])").nth(2)
    position = panel.locator(".review-position")
    choose(panel, turned)
    assert turned.locator("xpath=..").locator(".review-position").count() == 1, "under the chosen row"
    page.set_viewport_size({"width": 960, "height": 600})
    table.wait_until(lambda: position.evaluate("p => p.parentElement.matches('.review-columns')"))
    assert panel.locator(".review-table").evaluate(SEEN_WHOLE), "beside the list, whole"
    page.set_viewport_size({"width": 600, "height": 960})
    table.wait_until(lambda: turned.locator("xpath=..").locator(".review-position").count() == 1)
    # A move the engine marked names the better move; otherwise the first rated move.
    marked = panel.locator(".review-move:has(.review-better)")
    chosen = marked.first if marked.count() else panel.locator(".review-move:has([data-loss])").first
    ratings = panel.locator(".review-ratings li")
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        choose(panel, chosen)
        assert panel.locator('.review-side[data-player="0"] .review-pile').count() == 8
        assert panel.locator('.review-side[data-player="1"] .review-pile').count() == 8
        assert "Adut: " in panel.locator(".review-table").inner_text(), "the trump is named beside the trick"
        # The chosen move and the whole table at it in sight at once: on a phone they were squeezed under (or beside)
        # a list that kept its room, the table cut off and its ratings out of sight.
        assert chosen.evaluate(SEEN_WHOLE), ("the chosen move stays in sight", width, height)
        assert panel.locator(".review-table").evaluate(SEEN_WHOLE), ("and so does the whole table at it", width, height)
        layout = panel.evaluate(LAYOUT)
        assert layout["overflow"] <= 0 and not layout["cut"], (width, height, layout)
        assert layout["smallest"] >= 14, (width, height, layout)
        assert ratings.count() >= 2, "a rated move had a choice"
        assert panel.locator(".review-ratings li.played").count() == 1, "the move played is among the rated ones"
        assert "najbolji" in ratings.first.inner_text(), "the best move comes first"
        if marked.count():
            better = chosen.locator(".review-better").inner_text()
            assert better.startswith("bolje:")
        assert chosen.get_attribute("aria-current") == "step", "the chosen move stays marked in the list"
        # By keyboard: Tab goes on to the next move, its ring drawn inside the row (the scrolling list would cut off
        # one outside it), and Enter shows the table at it.
        page.keyboard.press("Tab")
        focused = panel.locator(".review-move:focus-visible")
        assert focused.count() == 1
        style, offset = focused.evaluate(
            "row => [getComputedStyle(row).outlineStyle, getComputedStyle(row).outlineOffset]"
        )
        assert style == "solid" and float(offset.removesuffix("px")) < 0, (style, offset)
        ply = int(focused.get_attribute("data-ply"))
        page.keyboard.press("Enter")
        table.wait_until(shows_table_at(panel, ply + 1))
        assert focused.get_attribute("aria-current") == "step" and chosen.get_attribute("aria-current") is None
        # The arrows walk the list too, each step showing its table (only Tab did, and Enter at each move).
        page.keyboard.press("ArrowDown")
        stepped = panel.locator(f'.review-move[data-ply="{ply + 1}"]')
        table.wait_until(shows_table_at(panel, ply + 2))
        assert stepped.evaluate("row => row === document.activeElement")
        assert stepped.get_attribute("aria-current") == "step"
        page.keyboard.press("ArrowUp")
        table.wait_until(shows_table_at(panel, ply + 1))
        panel.screenshot(path=artifacts / f"review-{width}x{height}.png")
    # A second look at the review shows the same numbers: the engine's searches are timed, and a review opened again
    # rated the same moves with other numbers.
    page.set_viewport_size({"width": 1280, "height": 800})
    looks = []
    for look in range(2):
        if look:
            table.dialog().locator("#review-button").click()
            panel = table.dialog()
            panel.locator(".review-move").first.wait_for(timeout=90_000)
        choose(panel, panel.locator(".review-move:has([data-loss])").first)
        looks.append((panel.locator(".review-list").inner_text(), panel.locator(".review-ratings").inner_text()))
        panel.get_by_role("button", name="Zatvorite", exact=True).click()
        assert table.dialog().locator("#next-deal").is_visible()
    assert looks[0] == looks[1]


def shows_table_at(panel, move: int) -> Callable[[], bool]:
    """A condition: the review shows the table at `move` (counted from 1)."""
    return lambda: panel.locator(".review-at").inner_text().startswith(f"Potez {move}:")


def choose(panel, move) -> None:
    """Click a move of the review's list and wait until the table at it is shown (ratings and all) and placed."""
    move.click()
    panel.locator(".review-position:not([aria-busy]) .review-ratings li").first.wait_for(timeout=60_000)


def test_a_false_claim_of_66_is_reviewed_as_the_blunder_it_is(table):
    # The review read "Vi: 66 — jedini potez" and "Vi: nijedan potez ispod najbolje igre" for a claim made with 21
    # points, which gave the computer 2 game points.
    table.open("seed=5&level=beginner&opponent=computer&claim=manual&speed=off&lang=sr-Latn")
    claim = table.page.locator("#claim-button")
    offer = table.page.locator("dialog[open] #claim-offer-yes")
    ready = table.page.locator('[data-status="your-turn"], [data-status="deal-over"], dialog[open] #claim-offer-yes')
    table.step("4-4")
    while True:  # on to my first chance to claim: after a trick of mine, or asked right after a marriage lead of mine
        ready.first.wait_for(timeout=LOAD_TIMEOUT_MS)
        if offer.count():
            break
        if claim.is_enabled():
            claim.click()
            break
        assert table.step(next_deal=False) != "deal-over", "the deal ended before a trick of mine"
    offer.click()
    table.wait_status("deal-over")
    table.dialog().locator("#review-button").click()
    panel = table.dialog()
    row = panel.locator(".review-move", has_text="prijava 66")
    row.wait_for(timeout=90_000)
    assert row.locator(".mark-blunder").inner_text() == "gruba greška"
    assert row.locator(".review-better").count() == 1, "the move to make instead is named"
    assert re.search(r"^Vi: \d+ označen", panel.locator(".review-summary").inner_text()), "counted in the summary"


def test_the_last_plan_is_offered_enter_deals_it_and_an_unfinished_plan_cannot_be_dealt(table_in_context, artifacts):
    table = table_in_context(viewport={"width": 1280, "height": 800})
    table.open("seed=2&level=beginner&opponent=computer&speed=off&lang=sr-Latn")
    panel = table.dialog()
    panel.locator(".preset").first.wait_for()
    assert panel.locator(".panel-title").inner_text() == "Vi delite", "against the computer the panel says it to you"
    deal_button = panel.locator("#deal-custom")
    plan = panel.locator(".plan-text")
    assert deal_button.inner_text() == "Podelite 4-4", "a first visit offers 4-4"
    assert plan.inner_text() == "Raspored: 4-4", "the plan line shows what the button deals"
    assert panel.locator(".packet-clear").is_disabled(), "nothing built to clear"
    panel.locator('.packet[data-packet="4"]').click()
    panel.locator('.packet[data-packet="2"]').click()
    assert deal_button.inner_text() == "Podelite 4-2"
    assert plan.inner_text() == "Raspored: 4-2 — još 2 karte", "what the plan still lacks (the engine's rule)"
    assert deal_button.is_disabled(), "a plan short of the engine's total cannot be dealt"
    assert panel.locator('.packet[data-packet="4"]').is_disabled(), "nor can a packet pass it"
    assert panel.locator('.packet[data-packet="2"]').is_enabled()
    panel.screenshot(path=artifacts / "deal-panel-unfinished-plan.png")
    panel.locator(".packet-clear").click()
    assert plan.inner_text() == "Raspored: 4-4" and deal_button.is_enabled(), "cleared: the remembered plan again"
    assert table.page.evaluate("document.activeElement.id") == "packet-1", "on to build anew, not dropped"
    panel.locator('.packet[data-packet="2"]').click()
    for _ in range(3):
        panel.locator('.packet[data-packet="2"]').click()
    panel.locator("#deal-always").check()
    deal_button.focus()
    table.page.keyboard.press("Enter")
    table.wait_until(lambda: not table.dialog().count())
    stored = json.loads(table.page.evaluate("localStorage.getItem('otv66.dealPlan')"))
    assert stored == {"plan": [2, 2, 2, 2], "always": True}


def test_always_deal_like_this_skips_the_panel(table_in_context):
    table = table_in_context(viewport={"width": 1280, "height": 800})
    table.page.context.add_init_script(
        "localStorage.setItem('otv66.dealPlan', JSON.stringify({plan: [1, 1, 2, 4], always: true}))"
    )
    table.open("seed=2&level=beginner&opponent=computer&speed=off&lang=sr-Latn")
    table.wait_until(lambda: table.playable().count() > 0 or table.dialog().count() > 0)
    assert not table.dialog().count(), "the remembered plan was dealt without asking"
    assert table.page.locator("#piles-0 button.card.top:not([hidden])").count() == 8
    table.page.locator("#settings-button").click()  # and Settings switches it off again
    always = table.dialog().locator("#setting-deal-always")
    assert always.is_checked()
    assert "1-1-2-4" in table.dialog().locator("label:has(#setting-deal-always)").inner_text()
    always.uncheck()
    table.dialog().locator("#settings-save").click()
    stored = json.loads(table.page.evaluate("localStorage.getItem('otv66.dealPlan')"))
    assert stored == {"plan": [1, 1, 2, 4], "always": False}


def test_two_people_at_one_screen_each_deal_their_own_cards(table_in_context):
    # One player's "always deal like this" dealt the other's cards too, without asking him.
    table = table_in_context(viewport={"width": 1280, "height": 800})
    table.page.context.add_init_script(
        "localStorage.setItem('otv66.dealPlan', JSON.stringify({plan: [1, 1, 2, 4], always: true}))"
    )
    table.open("seed=2&opponent=hotseat&speed=off&lang=sr-Latn")
    panel = table.dialog()
    panel.locator(".preset").first.wait_for()
    assert panel.locator(".panel-title").inner_text() == "Deli: Igrač 1"
    assert panel.locator("#deal-always").count() == 0, "not offered where two share the screen"
    assert panel.locator("#deal-custom").inner_text() == "Podelite 1-1-2-4", "the last plan is still offered first"
    panel.locator("#deal-custom").click()
    table.wait_until(lambda: not table.dialog().count())
    stored = json.loads(table.page.evaluate("localStorage.getItem('otv66.dealPlan')"))
    assert stored == {"plan": [1, 1, 2, 4], "always": True}, "the computer's matches still deal it without asking"


def open_history(table, history=None, lang="sr-Latn"):
    """Open the page (in Serbian, a seeded match) with `history` as its stored finished matches, if given, and its
    History panel (through the folded menu on a phone)."""
    if history is not None:
        script = f"localStorage.setItem('otv66.history', {json.dumps(json.dumps(history))})"
        table.page.context.add_init_script(script)
        table.open(f"seed=1&speed=off&lang={lang}")
    button = table.page.locator("#history-button")
    if not button.is_visible():
        table.page.locator("#menu-toggle").click()
    button.click()
    return table.dialog()


NOON = 1764590400000
"""Noon UTC on 1 December 2025 (ms): 1 December in every time zone from UTC-12 to UTC+11."""


def test_the_history_has_headers_statistics_per_level_and_replay_links_drawn_as_buttons(table_in_context, artifacts):
    table = table_in_context(viewport={"width": 360, "height": 640}, timezone_id="Europe/Belgrade")
    history = [
        {"date": NOON, "opponent": "computer", "level": "expert", "winner": 0, "gamePoints": [7, 3], "deals": 5,
         "token": "g1.eNqdk02L2zAQhv9K"},
        {"date": NOON, "opponent": "computer", "level": "beginner", "winner": 1, "gamePoints": [2, 7], "deals": 4},
    ]  # fmt: skip
    panel = open_history(table, history)
    assert panel.evaluate("d => d.querySelector('.panel-title') === document.activeElement"), "a text opens at its top"
    assert panel.locator("table.stats thead th").all_inner_texts() == [
        "Protivnik",
        "Partije",
        "Vaše pobede",
        "Vaši poeni partije po deljenju",
    ]
    assert panel.locator("table.history thead th").all_inner_texts() == [
        "Datum",
        "Protivnik",
        "Ishod",
        "Poeni partije (Vi\u00a0: protivnik)",
        "Deljenja",
    ]
    expert = panel.locator('table.stats tr[data-group="expert"] td').all_inner_texts()
    assert expert == ["1", "1", "1,40"]
    overall = panel.locator('table.stats tr[data-group="all"] td').all_inner_texts()
    assert overall == ["2", "1", "1,00"]
    # Dates and times as Serbian writes them, whatever the browser's own language (all of one day's matches read
    # "1. 12. 2025." before); the columns fit a phone's width.
    date = panel.locator("table.history tbody tr").first.locator("td").first.inner_text()
    assert " ".join(date.split()) == "1. 12. 2025. 13:00"
    # A match with its game link can be replayed (the link under its result); one from before tokens cannot.
    replays = [row.locator("a").count() for row in panel.locator("table.history tbody tr").all()]
    assert replays == [1, 0]
    assert panel.evaluate("dialog => dialog.scrollWidth <= dialog.clientWidth")
    box = panel.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    panel.screenshot(path=artifacts / "history-360x640.png")
    # On a laptop, "Snimak" (the replay link) was the browser's blue underlined link among the panel's round buttons.
    table.page.set_viewport_size({"width": 1280, "height": 800})
    look = """element => {
      const style = getComputedStyle(element);
      const { color, backgroundColor, borderTopColor, borderTopLeftRadius, textDecorationLine } = style;
      return [color, backgroundColor, borderTopColor, borderTopLeftRadius, textDecorationLine];
    }"""
    button = panel.get_by_role("button", name="Obrišite istoriju").evaluate(look)
    assert panel.get_by_role("link", name="Snimak").evaluate(look) == button


OUTSIDE_ITS_PANEL = """panel => {
  // The cells of the panel's tables that reach past the panel's text (its padding's inner edge), and by how much.
  const edge = panel.querySelector(".panel-form");
  const right = edge.getBoundingClientRect().right - parseFloat(getComputedStyle(edge).paddingRight);
  return [...panel.querySelectorAll("table th, table td")]
    .filter((cell) => cell.getBoundingClientRect().right > right + 0.5)
    .map((cell) => `${cell.textContent.trim()}: ${Math.round(cell.getBoundingClientRect().right - right)} px`);
}"""


GAPS_BETWEEN_HEADERS = """panel => {
  // The room between each header's words and the next header's, in px ("ПротивникИсход" had none).
  const words = (cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    return [...range.getClientRects()];
  };
  const gaps = [];
  for (const row of panel.querySelectorAll("table.history thead tr")) {
    const cells = [...row.children].filter((cell) => cell.getClientRects().length);
    for (let i = 0; i + 1 < cells.length; i++) {
      const right = Math.max(...words(cells[i]).map((box) => box.right));
      const left = Math.min(...words(cells[i + 1]).map((box) => box.left));
      gaps.push(left - right);
    }
  }
  return gaps;
}"""


@pytest.mark.parametrize("lang", ["sr-Latn", "sr-Cyrl", "en"])
def test_on_an_upright_phone_the_history_shows_every_column_whole(table_in_context, artifacts, lang):
    """In Cyrillic the last column ("Дељења") was cut at the panel's edge, with the deals' count beside it."""
    table = table_in_context(viewport={"width": 360, "height": 640}, timezone_id="Europe/Belgrade")
    history = [
        {"date": NOON, "opponent": "computer", "level": "beginner", "winner": 1, "gamePoints": [0, 2], "deals": 1,
         "token": "g1.eNqdk02L2zAQhv9K", "target": 2},
        {"date": NOON, "opponent": "computer", "level": "expert", "winner": 0, "gamePoints": [7, 3], "deals": 12},
    ]  # fmt: skip
    panel = open_history(table, history, lang)
    assert panel.evaluate(OUTSIDE_ITS_PANEL) == []
    assert min(panel.evaluate(GAPS_BETWEEN_HEADERS)) >= 5, "each header stands apart from the next"
    deals = panel.locator("table.history tbody tr").nth(1).locator("td").nth(3).locator(".history-deals")
    said = {"sr-Latn": "12\xa0deljenja", "sr-Cyrl": "12\xa0дељења", "en": "12\xa0deals"}  # noqa: RUF001 (Cyrillic)
    assert deals.inner_text() == said[lang]
    panel.screenshot(path=artifacts / f"history-{lang}-360x640.png")


def test_a_long_history_says_it_lists_only_the_latest_matches(table_in_context):
    # With 45 finished matches the statistics counted 45 while the list showed 30 rows, and nothing said why: a player
    # counting the rows against "Partije 45" found 15 missing.
    table = table_in_context(viewport={"width": 360, "height": 640})
    history = [
        {"date": NOON, "opponent": "computer", "level": "beginner", "winner": n % 2, "gamePoints": [7, 3], "deals": 4}
        for n in range(45)
    ]
    panel = open_history(table, history)
    assert panel.locator('table.stats tr[data-group="all"] td').first.inner_text() == "45"
    assert panel.locator("table.history tbody tr").count() == 30
    assert panel.locator(".history-shown").inner_text() == "Prikazano je poslednjih 30 od 45 partija."


TITLE_IN_SIGHT = """(() => {
  const title = document.querySelector("#panel[open] .panel-title").getBoundingClientRect();
  return document.elementFromPoint(title.left + 10, title.top + title.height / 2)?.closest(".panel-title") != null;
})()"""
"""Whether the open panel's title is what the screen shows at its place (not a block of buttons over it)."""


def finish_the_one_deal_match(table) -> None:
    """Play ONE_DEAL's only deal out and step on to the match's result."""
    table.play_out_deal()
    table.dialog().locator("#next-deal").click()
    table.dialog().locator("#rematch-button").wait_for()


def test_every_deal_of_a_finished_match_can_be_reviewed_from_its_result_after_a_reload(table_in_context):
    """Each deal's review was offered only in its result, before the next deal: once the match was over, or the page
    reloaded, no deal of it could be reviewed any more."""
    table = table_in_context(viewport={"width": 1280, "height": 800})
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    table.open("seed=3&level=beginner&opponent=computer&target=3&speed=off&lang=en")
    for _ in range(2000):
        if table.step() == "match-over":
            break
    table.dialog().locator("#rematch-button").wait_for()  # the match's end saved (its panel opens after the save)
    page = table.page
    page.reload()  # the match's result again, from the table's button, as after any visit
    table.wait_status("match-over")
    if not table.dialog().count():
        page.locator("#table-match-result-button").click()
    result = table.dialog()
    result.locator("#review-finished-match").click()
    chooser = table.dialog()
    assert chooser.locator(".panel-title").inner_text() == "Which deal shall I review?"
    # More deals than the panel holds (a long match, a short screen): the buttons' block rose over the question.
    page.set_viewport_size({"width": 360, "height": 220})
    table.wait_until(lambda: page.evaluate("(p => p.scrollHeight > p.clientHeight)(document.getElementById('panel'))"))
    assert page.evaluate(TITLE_IN_SIGHT), "the question is in sight above its deals"
    page.set_viewport_size({"width": 1280, "height": 800})
    deals = json.loads(page.evaluate("localStorage.getItem('otv66.slot.' + localStorage.getItem('otv66.current'))"))
    played = deals["record"]["deals"]
    names = chooser.locator("button[id^=review-deal-]").all_inner_texts()
    assert len(names) == len(played) and names[-1].startswith("Deal 1 · "), "each deal, the last first"
    result = played[0]["result"]
    won = {result["winner"]: result["game_points"], 1 - result["winner"]: 0}
    # Whose game points they are: a bare "0 : 1" said neither whose, nor that they were not card points.
    assert names[-1] == f"Deal 1 · game points — You:\xa0{won[0]}, Computer:\xa0{won[1]}"
    chooser.locator("#review-deal-1").click()
    review = table.dialog()
    review.locator(".review-move").first.wait_for(timeout=90_000)
    assert review.locator(".panel-title").inner_text() == "Review of deal 1"
    assert review.locator(".review-move").count() == len(played[0]["moves"])
    review.get_by_role("button", name="Close", exact=True).click()
    back = table.dialog()
    back.locator("#rematch-button").wait_for()
    assert page.evaluate("document.activeElement.id") == "review-finished-match", "back on the button that led there"


def test_a_finished_match_can_be_replayed_from_the_history_after_the_rematch(table_in_context):
    # Its save went when the rematch began, and with it the only way to see the match again: its match link was
    # gone, and History listed it as plain text.
    table = table_in_context(viewport={"width": 1280, "height": 800})
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    table.open(ONE_DEAL)
    finish_the_one_deal_match(table)
    played = moves_of(current_save(table))
    table.dialog().locator("#rematch-button").click()
    # The rematch, in a slot of its own: that slot is current at once, its save comes an engine call later.
    table.wait_until(lambda: current_seed(table) == 4)
    # The rematch's first deal may be the person's: he deals it before the History panel can open.
    table.wait_until(lambda: table.dialog().count() > 0 or table.page.locator("#deal-number").inner_text() != "")
    if table.dialog().locator(".preset").count():
        table.step("4-4")
    history = open_history(table)
    link = history.locator("table.history tbody tr").first.get_by_role("link", name="Snimak")
    address = urlsplit(link.get_attribute("href") or "")
    # In the page's language, and as the person's own match ("Vi" in it).
    assert address.path.endswith("/replay.html") and parse_qs(address.query) == {"lang": ["sr-Latn"], "you": ["0"]}
    token = address.fragment.removeprefix("game=")
    replayed = match_to_record(links.read_game_token(token))
    assert moves_of({"record": replayed}) == played, "the link replays the finished match"
    link.click()  # in the same tab: the match is finished and saved
    table.page.wait_for_selector("[data-status=replay]", timeout=90_000)
    assert table.page.locator("#replay-position").inner_text().startswith("Deljenje 1 od 1")


def test_the_history_credits_a_match_to_the_weakest_level_it_was_played_at_and_tells_its_hints_and_undos(
    table_in_context, artifacts
):
    # Six moves against the beginner, a switch to the master in Settings, a win: History said "majstor". And a match
    # won with three hints read the same in History as one won without.
    table = table_in_context(viewport={"width": 1280, "height": 800})
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    table.open(ONE_DEAL)
    page = table.page
    table.wait_status("your-turn")
    hint, undo = page.locator("#hint-button"), page.locator("#undo-button")
    hint.click()
    table.wait_until(lambda: hint.get_attribute("title") == "Saveti u ovoj partiji: 1")
    table.play_moves(1)
    table.wait_status("your-turn")
    undo.click()
    table.wait_until(lambda: undo.get_attribute("title") == "Vraćeno u ovoj partiji: 1 put")
    # The button says it at once; the save (an engine call) comes after: a reload before it would lose the undo.
    table.wait_until(lambda: current_save(table)["record"]["undo_count"] == 1)
    table.play_moves(2)  # the computer answers the first at the beginner level
    table.wait_status("your-turn")
    page.locator("#settings-button").click()
    table.dialog().locator("#setting-level").select_option("master")
    note = table.dialog().locator("#setting-level-note")
    assert "Ako usred partije promenite jačinu računara" in note.inner_text()
    table.dialog().locator("#settings-save").click()
    table.wait_until(lambda: current_save(table)["level"] == "master")
    table.open(SERBIAN)  # a reload (with no ?level= that differs): the levels played, and the counts, are kept
    assert hint.get_attribute("title") == "Saveti u ovoj partiji: 1"
    finish_the_one_deal_match(table)
    assert current_save(table)["record"]["level"] == "master", "the computer played on at the master level"
    page.keyboard.press("Escape")
    page.set_viewport_size({"width": 360, "height": 640})
    history = open_history(table)
    row = history.locator("table.history tbody tr").first.locator("td")
    assert row.all_inner_texts()[1] == "početnik"
    assert row.nth(2).locator(".history-help").all_inner_texts() == ["Saveti: 1", "Vraćanja: 1"]
    history.screenshot(path=artifacts / "history-help-360x640.png")


def test_the_history_names_the_winner_of_a_match_between_two_players(table_in_context, artifacts):
    # Two people at one screen: the deal's score lines read "Poeni: Igrač 1 26 : 71 Igrač 2" (as "Igrač 126"), and
    # History's row of their finished match said "—" where it says who won, and its game points stood under the
    # header "(Vi : protivnik)" without saying whose they were.
    table = table_in_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    table.open(f"seed=3&opponent=hotseat&target=1&{SERBIAN}")
    table.play_out_deal()
    result = table.dialog()
    winner = re.search(r"Deljenje dobija: (Igrač [12])", result.inner_text())
    assert winner is not None
    # Each number after its player's name and a colon; a name never broken over two lines (no plain space in it).
    score = result.locator(".result-score").inner_text()
    said = r"Igrač\xa0{}:\xa0\d+\xa0poena?\xa0\(\d+\xa0štih\w*\)"  # "Igrač 1: 26 poena (4 štiha)"
    parts = r"( = \d+\xa0u štihovima( \+ \d+\xa0za [\w ]+)*)?"  # "= 31 u štihovima + 20 za marijaž"
    assert re.fullmatch(f"{said.format(1)}{parts}\n{said.format(2)}{parts}", score), score
    standing = result.locator(".result-award").inner_text()
    assert re.fullmatch(r"Partija do\xa01\xa0— Igrač\xa01:\xa0[0-3], Igrač\xa02:\xa0[0-3]", standing)
    result.screenshot(path=artifacts / "result-hotseat-360x640.png")
    finish_the_one_deal_match(table)
    table.page.keyboard.press("Escape")
    history = open_history(table)
    row = history.locator("table.history tbody tr").first.locator("td").all_inner_texts()
    assert row[1] == "dva igrača"
    assert row[2].splitlines()[0] == f"pobednik: {winner.group(1)}"
    # With what it was played to, whose points they are, and (on a phone, where its column does not fit) the deals.
    assert re.fullmatch(r"[0-3] : [0-3] \(do\xa01\)\nIgrač\xa01 : Igrač\xa02\n1\xa0deljenje", row[3])
    history.screenshot(path=artifacts / "history-hotseat-360x640.png")


def test_on_a_phone_the_history_replay_link_is_a_thumbs_size(table_in_context):
    # "Snimak" (the replay link) was 32 px high on a phone, among the panel's 40 px buttons: under a thumb's size
    # (test_screens.THUMB).
    table = table_in_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    history = [{"date": NOON, "opponent": "computer", "level": "expert", "winner": 0, "gamePoints": [7, 3], "deals": 5,
                "token": "g1.eNqdk02L2zAQhv9K"}]  # fmt: skip
    box = open_history(table, history).get_by_role("link", name="Snimak").bounding_box()
    assert box is not None and min(box["width"], box["height"]) >= THUMB, box
