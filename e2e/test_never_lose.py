"""Never lose a match, never hang (issue 9) and the saved table first (issue 11), in the browser.

Each test ends with the match intact (the moves saved before are still the match's moves) and the table playable.
The saves are read from localStorage: one slot per match (web/js/storage.js).
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime
from typing import Any

from conftest import LOAD_TIMEOUT_MS, Table
from playwright.sync_api import Locator, Page

from otv66.deal import Deal
from otv66.links import deal_token
from otv66.rules import Rules

FAST = "speed=off&lang=en"
GAME = f"seed=7&level=beginner&opponent=computer&{FAST}"


def current_save(table: Table) -> dict[str, Any]:
    """The save of the match the page resumes next."""
    text = saved_text(table)
    assert text is not None, "the page has not saved this match yet"
    return json.loads(text)


def current_seed(table: Table) -> int | None:
    """The seed of the match the page resumes next (None before its first save), from one reading: a new match's
    slot is current at once and its save comes an engine call later, so two readings may see two matches."""
    text = saved_text(table)
    return None if text is None else json.loads(text)["record"]["seed"]


def saved_text(table: Table) -> str | None:
    """The stored text of the match the page resumes next (``None`` before its first save)."""
    return table.page.evaluate("localStorage.getItem('otv66.slot.' + localStorage.getItem('otv66.current'))")


def moves_of(save: dict[str, Any]) -> list[list[str]]:
    return [deal["moves"] for deal in save["record"]["deals"]]


def count(moves: list[list[str]]) -> int:
    return sum(len(deal) for deal in moves)


def saved_move_count(table: Table) -> int:
    """Moves in the save the page resumes next; 0 before a new match's first save (its first move is being played)."""
    text = saved_text(table)
    return 0 if text is None else count(moves_of(json.loads(text)))


def wait_playable(table: Table, timeout: int = LOAD_TIMEOUT_MS) -> None:
    """Wait until a card can be played (a lost engine boots again first: no speed goal here, see make bench-load)."""
    table.wait_status("your-turn", timeout=timeout)
    table.playable().first.wait_for(timeout=timeout)


def start_new_match(table: Table) -> str:
    """Press New match, leave the match under way, and wait for the new match's slot; the slot left."""
    current = "localStorage.getItem('otv66.current')"
    old_slot = table.page.evaluate(current)
    table.page.locator("#new-match-button").click()
    table.dialog().locator("#confirm-new-match").click()
    table.wait_until(lambda: table.page.evaluate(current) != old_slot)
    return old_slot


def match_under_way(table: Table, moves: int = 2) -> list[list[str]]:
    """Open the GAME match and play `moves` cards (the computer's answers saved too); its moves, as saved."""
    table.open(GAME)
    table.play_moves(moves)
    wait_playable(table)
    return moves_of(current_save(table))


def extends(after: list[list[str]], before: list[list[str]]) -> bool:
    """Whether the moves `after` start with every move `before` (nothing lost)."""
    if len(after) < len(before):
        return False
    done = all(after[i] == before[i] for i in range(len(before) - 1))
    return done and (not before or after[len(before) - 1][: len(before[-1])] == before[-1])


def test_a_killed_worker_is_replaced_and_the_match_goes_on_even_when_killed_mid_hint_or_computer_turn(table):
    before = match_under_way(table, 3)
    table.page.workers[0].evaluate("close()")
    table.playable().first.click()  # reaches a dead worker: its deadline passes, a new engine boots
    wait_playable(table)
    assert extends(moves_of(current_save(table)), before)
    table.play_moves(1)
    wait_playable(table)
    assert count(moves_of(current_save(table))) > count(before)
    # The new engine killed in its turn while it looks for a hint, then while the computer thinks.
    table.page.locator("#hint-button").click()
    table.page.workers[0].evaluate("close()")
    wait_playable(table)
    before = moves_of(current_save(table))
    table.playable().first.click()  # the computer answers, on a worker killed while it thinks
    table.page.wait_for_timeout(50)
    for worker in table.page.workers:
        worker.evaluate("close()")
    wait_playable(table)
    assert extends(moves_of(current_save(table)), before)


def test_a_deal_links_notice_names_the_options_it_is_played_with(table):
    # It named the target alone: must beat was found out at the first card refused, a manual claim at the first "?".
    rules = Rules(must_beat=True, claim="manual", target=5)
    table.open(f"{FAST}#deal={deal_token(Deal.from_seed(42, dealer=1, packets=(4, 4), rules=rules))}", ready=False)
    told = table.dialog()
    told.get_by_text("This is the deal from the link").wait_for()
    text = told.inner_text()
    assert "(a match to 5). Played with these options: " in text, text
    assert "beat" in text.split("Played with these options: ")[1] and "manual" in text, text


def test_a_deal_link_over_a_match_in_progress_asks_and_keeps_it(table):
    before = match_under_way(table)
    link = f"/#deal={deal_token(Deal.from_seed(42, dealer=1, packets=(4, 4)))}"  # a friend's, of a deal he played
    table.page.goto(link)
    asked = table.dialog()
    asked.locator("#keep-playing").wait_for()
    assert "A deal opens for you to play: the same cards in the same places" in asked.inner_text()
    asked.locator("#keep-playing").click()  # the page asks: keep the match in progress
    wait_playable(table)
    assert moves_of(current_save(table)) == before
    table.page.goto(link)
    table.page.locator("#open-link").click()  # open the link: a new match, the old one kept
    told = table.dialog()
    told.get_by_text("This is the deal from the link").wait_for()  # what it opened: the sender's cards and rules
    # The link carries no level: the settings' (the match before had its level from its address, for one visit).
    assert "(a match to 7). The computer plays at the level in your settings: expert." in told.inner_text()
    told.locator("button").click()
    wait_playable(table)
    assert moves_of(current_save(table)) != before
    table.page.locator("#history-button").click()
    table.dialog().locator("[data-continue]").click()
    status = table.page.locator("#status")
    table.wait_until(lambda: status.inner_text() == "The saved match was resumed. · Your turn")  # seen, not only heard
    wait_playable(table)
    assert moves_of(current_save(table)) == before


def test_options_asking_for_another_match_leave_the_address_when_the_player_keeps_his_or_continues_it(table):
    # Kept over ?seed=5, the match went on but the address still named the other: every reload asked again.
    before = match_under_way(table)
    table.page.goto("/?seed=5&target=3&lang=en&speed=off")
    table.page.locator("#keep-playing").click()
    wait_playable(table)
    assert moves_of(current_save(table)) == before
    assert table.page.url.endswith("/?lang=en&speed=off"), "the options that asked for another match are gone"
    table.page.reload()
    wait_playable(table)
    assert table.dialog().count() == 0, "nothing is asked again"
    assert moves_of(current_save(table)) == before
    # Continued from History under an address whose options had asked for another match, a reload went back to that
    # other match without a word, and the plain address opened it from then on.
    table.page.goto("/?seed=11&level=expert&target=2&lang=en&speed=off")
    table.page.locator("#open-link").click()  # another match, as the address asks
    dealing = table.dialog().locator(".preset")
    table.wait_until(lambda: dealing.count() > 0 or table.playable().count() > 0)
    if dealing.count():
        table.step("4-4")
    table.play_moves(2)
    wait_playable(table)
    other = moves_of(current_save(table))
    table.page.locator("#history-button").click()
    table.dialog().locator("[data-continue]").first.click()
    status = table.page.locator("#status")
    table.wait_until(lambda: status.inner_text() == "The saved match was resumed. · Your turn")
    assert moves_of(current_save(table)) == before
    assert "?lang=en&speed=off" in table.page.url, "the options that asked for the other match are gone"
    table.page.reload()
    wait_playable(table)
    assert moves_of(current_save(table)) == before, "the match continued is the one the reload resumes"
    assert moves_of(current_save(table)) != other


def test_a_reload_after_new_match_keeps_the_new_match_and_history_brings_back_the_one_left_without_its_notes(table):
    # Opened with ?seed=7, a reload after "New match" resumed the seed's match again: the address still asked for it.
    table.open(GAME)
    table.play_moves(2)
    wait_playable(table)
    old_slot = start_new_match(table)
    table.play_moves(1)
    table.wait_until(lambda: saved_move_count(table) >= 1)
    new = moves_of(current_save(table))
    assert "seed=" not in table.page.url, "the address no longer names the match left"
    table.page.reload()
    table.wait_ready()
    wait_playable(table)
    assert extends(moves_of(current_save(table)), new), "the new match is on the table"
    assert table.page.evaluate("localStorage.getItem('otv66.current')") != old_slot
    # The match left said "Computer announced a marriage…" (or refused a card) on the status line: continued from
    # History, the other match showed that note, not "The saved match was resumed".
    idle = table.page.locator('#piles-0 button.card.top[aria-disabled="true"]:not([hidden])')
    for _ in range(200):  # on to a turn of mine with a card I may not play (it stepped past most of them)
        mine = table.wait_status("your-turn", "deal-over", "match-over") == "your-turn" and not table.dialog().count()
        if mine and table.playable().count() and idle.count():
            break
        held = table.cards_left(0)
        if table.step() == "card":  # on once it has left my piles: until then the page still shows the turn it played
            table.wait_until(lambda held=held: table.cards_left(0) < held)
    else:
        raise AssertionError("no turn of mine with a card I may not play")
    idle.first.click(force=True)  # refused: a note on the move to make
    status = table.page.locator("#status")
    table.wait_until(lambda: status.inner_text() not in ("Your turn", ""))
    table.page.locator("#history-button").click()
    table.dialog().locator("[data-continue]").click()
    table.wait_until(lambda: status.inner_text() == "The saved match was resumed. · Your turn")


def test_new_match_pressed_the_moment_after_the_first_card_asks_before_leaving_the_match(table):
    # The first card clicked and New match pressed at once (a browser run did it): the card was still on its way to
    # the engine, the table showed no card played yet, and the new match came without a question.
    table.open(GAME)
    wait_playable(table)
    table.page.evaluate(
        """() => {
        document.querySelector('button[data-card][aria-disabled="false"]').click();
        document.getElementById("new-match-button").click();
        }"""
    )
    assert "stays saved" in table.dialog().inner_text(), "a match with a card played is not left without asking"
    table.dialog().get_by_role("button", name="Cancel").click()
    table.wait_until(lambda: saved_move_count(table) >= 1)
    wait_playable(table)
    assert count(moves_of(current_save(table))) >= 2, "the match goes on: the card was played, the computer answered"


def test_settings_show_the_level_the_resumed_match_is_played_at(table):
    # A match opened with ?level=beginner, resumed by the bare address: the table said "Computer (beginner)" and
    # Settings "expert", and a Save that only changed the sound made the computer an expert.
    table.open(GAME)
    table.play_moves(1)
    wait_playable(table)
    table.page.goto(f"/?{FAST}")
    table.wait_ready()
    wait_playable(table)
    assert "beginner" in table.page.locator("#info-1").inner_text()
    table.page.locator("#settings-button").click()
    assert table.dialog().locator("#setting-level").input_value() == "beginner"
    table.dialog().get_by_role("button", name="Save", exact=True).click()
    table.wait_until(lambda: table.dialog().count() == 0)
    assert current_save(table)["level"] == "beginner", "the match goes on at its level"


def test_a_saved_match_and_the_history_go_only_on_a_second_yes(table):
    finished = json.dumps([{"date": 1, "opponent": "computer", "level": "beginner", "winner": 0,
                            "gamePoints": [7, 2], "deals": 4}])  # fmt: skip
    table.page.add_init_script(f"localStorage.setItem('otv66.history', {json.dumps(finished)})")
    before = match_under_way(table)
    old_table = table.snapshot()
    table.page.locator("#new-match-button").click()
    assert "stays saved" in table.dialog().inner_text(), "a match under way is not left without asking"
    table.dialog().locator("#confirm-new-match").click()
    # The new match is there once the person is asked to deal, or its cards are (the old ones stay a moment).
    new_deal = table.dialog().locator(".preset")
    table.wait_until(lambda: new_deal.count() > 0 or (table.playable().count() > 0 and table.snapshot() != old_table))
    if new_deal.count():  # the new match's first deal is the person's
        table.step("4-4")
    wait_playable(table)
    table.page.locator("#history-button").click()
    table.page.keyboard.press("Escape")  # History seen before: its taps must not act in the next one twice
    table.page.locator("#history-button").click()
    delete = table.dialog().locator("[data-delete]")
    delete.click()
    assert delete.inner_text() == "Yes, delete", "one press only asks"
    table.page.keyboard.press("Escape")
    table.page.locator("#history-button").click()
    table.dialog().get_by_role("button", name="Clear history").click()
    assert "cannot be undone" in table.dialog().inner_text()
    table.page.keyboard.press("Enter")  # the safe answer has focus
    table.page.locator("#history-button").click()
    assert table.dialog().locator("table.history:not(.saved-matches) tbody tr").count() == 1, "the history is kept"
    table.dialog().locator("[data-continue]").click()
    # The table left was playable too: the saved match is on it once the status line says so.
    table.wait_until(lambda: table.page.locator("#status").inner_text() == "The saved match was resumed. · Your turn")
    wait_playable(table)
    assert moves_of(current_save(table)) == before, "the saved match is kept"


def test_each_embedded_table_keeps_its_own_match(table):
    # A club's site embeds two tables, a level each: opening the second asked "Open another match? ... continue it any
    # time from History" in a frame that has no History, and back at the first one the player's match was gone from
    # it (its page started a new one). Embedded, nothing is asked; each page finds its own match again.
    table.open(f"embed=1&seed=7&level=beginner&opponent=computer&{FAST}")
    table.play_moves(2)
    wait_playable(table)  # every move saved, the computer's answers too
    beginners = moves_of(current_save(table))
    table.page.goto(f"/?embed=1&level=expert&opponent=computer&{FAST}")
    table.wait_ready()
    assert table.dialog().locator("#open-link").count() == 0, "nothing asked"
    table.play_moves(1)
    wait_playable(table)
    assert current_save(table)["level"] == "expert"
    experts = moves_of(current_save(table))
    for level, moves in (("beginner", beginners), ("expert", experts)):
        table.page.goto(f"/?embed=1&level={level}&opponent=computer&{FAST}")
        table.wait_ready()
        wait_playable(table)
        assert moves_of(current_save(table)) == moves, f"the {level} table's own match"
    # The game's own page, with History, still asks before it leaves a match for the address's options.
    table.page.goto(f"/?level=beginner&opponent=computer&target=3&{FAST}")
    table.page.locator("#open-link").wait_for()


def test_history_tells_the_saved_matches_apart(table):
    # Each saved match was a date and "0 : 0": the player could not tell which one he was about to continue.
    table.open(f"seed=7&level=beginner&opponent=computer&target=5&{FAST}")
    table.play_moves(2)
    wait_playable(table)
    for options in (f"seed=8&opponent=hotseat&target=3&{FAST}", f"seed=3&level=expert&opponent=computer&{FAST}"):
        table.page.goto(f"/?{options}")  # another match: the one on the table stays saved
        table.page.locator("#open-link").click()
        table.wait_ready()
        table.play_moves(1)
        wait_playable(table)
    # A match left before a card was played in it (its first deal only dealt) is neither asked about nor kept.
    table.page.goto(f"/?seed=9&level=club&opponent=computer&{FAST}")  # the computer deals, I lead
    table.page.locator("#open-link").click()
    table.wait_ready()
    table.page.goto(f"/?seed=5&level=club&opponent=computer&target=3&{FAST}")
    table.wait_ready()
    assert table.dialog().count() == 0, "nothing to ask about"
    table.page.locator("#history-button").click()
    rows = table.dialog().locator("table.saved-matches tbody tr")
    assert rows.locator("td:nth-child(2)").all_inner_texts() == ["expert", "two players", "beginner"], "newest first"
    assert rows.locator(".score").all_inner_texts() == ["0 : 0 (to\xa07)", "0 : 0 (to\xa03)", "0 : 0 (to\xa05)"]


def leave_saved_matches(table: Table, moves: list[int]) -> None:
    """Play two players' matches to 3 (seeds 8, 9, …), each `moves[i]` cards into its first deal and left saved
    for the next, then open one against the computer: History lists the first ones as saved matches."""
    for number, played in enumerate(moves):
        table.page.goto(f"/?seed={8 + number}&opponent=hotseat&target=3&{FAST}")
        if number:
            table.page.locator("#open-link").click()  # another match: the one on the table stays saved
        table.wait_ready()
        table.play_moves(played)
        table.wait_until(lambda played=played: saved_move_count(table) == played)
    table.page.goto(f"/?seed=3&level=expert&opponent=computer&{FAST}")
    table.page.locator("#open-link").click()
    table.wait_ready()


def test_history_tells_apart_saved_matches_of_one_minute_and_one_score_and_deletes_the_last_with_its_heading(table):
    # Two matches between two people left at 0 : 0 in the same minute were two identical rows: the date, "two
    # players", "0 : 0 (to 3)". How far each one's deal has got tells them apart.
    table.page.clock.set_fixed_time(datetime(2025, 12, 1, 12, tzinfo=UTC))  # every save in the same minute
    leave_saved_matches(table, [2, 4])
    table.page.locator("#history-button").click()
    panel = table.dialog()
    rows = panel.locator("table.saved-matches tbody tr")
    texts = [" ".join(row.inner_text().split()) for row in rows.all()]
    assert len(texts) == 2 and texts[0] != texts[1], texts
    assert all("deal 1, points " in text for text in texts), "each says its deal and the deal's points"
    # The "Saved matches" heading stayed over nothing once its last match was deleted, and the keyboard's focus was
    # lost with the deleted row's button (Tab started again from the page's top).
    first, second = panel.locator("[data-delete]").all()
    second_slot = second.get_attribute("data-delete")
    first.focus()
    table.page.keyboard.press("Enter")
    table.page.keyboard.press("Enter")  # "Yes, delete"
    assert panel.locator("[data-delete]").count() == 1
    focused = table.page.evaluate("document.activeElement.dataset.delete ?? null")
    assert focused == second_slot, "the focus moves to the next row's Delete"
    table.page.keyboard.press("Enter")
    table.page.keyboard.press("Enter")
    assert panel.locator("table.saved-matches").count() == 0
    assert panel.locator("h3").count() == 0, "no heading over nothing, as History opens without saved matches"
    assert table.page.evaluate("document.activeElement.id") == "history-close", "the focus moves to Close"


def test_history_says_how_far_a_saved_match_has_got_never_the_points_of_a_manual_claim(table):
    # The table shows "?" for the points under manual claim (each player counts his own); History said them.
    table.open(f"seed=8&opponent=hotseat&target=3&claim=manual&{FAST}")
    table.play_moves(4)
    table.wait_until(lambda: saved_move_count(table) == 4)
    # A match left with its first deal over read "deal 1, points 70 : 40", as if that deal were still being played.
    table.page.goto(f"/?seed=9&opponent=hotseat&{FAST}")
    table.page.locator("#open-link").click()  # another match: the one on the table stays saved
    table.wait_ready()
    table.play_out_deal()
    table.dialog().locator("#next-deal").click()
    table.dialog().locator(".preset").first.wait_for()  # the second deal's dealing panel: the match is saved so
    table.page.goto(f"/?seed=3&level=expert&opponent=computer&{FAST}")
    table.page.locator("#open-link").click()
    table.wait_ready()
    table.page.locator("#history-button").click()
    between_deals, manual = table.dialog().locator("table.saved-matches tbody tr").all()  # newest first
    said = " ".join(manual.inner_text().split())
    assert "deal 1" in said and "points" not in said, said
    assert between_deals.locator(".saved-progress").all_inner_texts() == ["deal\u00a02 next"]


def test_the_saved_matches_come_before_a_long_history(table_in_context):
    # They came after the statistics and up to 30 finished matches: on a phone, a match to continue was screens down.
    table = table_in_context(viewport={"width": 360, "height": 640})
    finished = [{"date": 1, "opponent": "computer", "level": "beginner", "winner": 0, "gamePoints": [7, 2], "deals": 4}]
    table.page.add_init_script(f"localStorage.setItem('otv66.history', {json.dumps(json.dumps(finished * 28))})")
    table.open(f"seed=7&level=beginner&opponent=computer&target=5&{FAST}")
    table.play_moves(2)
    wait_playable(table)
    table.page.goto(f"/?seed=3&opponent=computer&target=3&{FAST}")  # another match: the one on the table stays saved
    table.page.locator("#open-link").click()
    table.wait_ready()
    table.page.locator("#menu-toggle").click()
    table.page.locator("#history-button").click()
    panel = table.dialog().bounding_box()
    resume = table.dialog().locator("[data-continue]").bounding_box()
    assert panel is not None and resume is not None
    assert resume["y"] + resume["height"] <= panel["y"] + panel["height"], "Continue is in sight as History opens"


def test_a_save_from_a_newer_version_is_kept_untouched(table):
    newer = json.dumps({"version": 99, "record": {"format": "otv66-record/1"}, "future": "field"})
    table.page.add_init_script(  # in storage before the page's first script runs
        f"""localStorage.setItem('otv66.slot.future', {json.dumps(newer)});
            localStorage.setItem('otv66.slots', '["future"]');
            localStorage.setItem('otv66.current', 'future');"""
    )
    table.open(f"level=beginner&{FAST}")
    notice = table.dialog()
    notice.wait_for()
    assert "newer version" in notice.inner_text()
    notice.get_by_role("button", name="Close").click()
    table.wait_status("your-turn", "thinking")
    assert table.page.evaluate("localStorage.getItem('otv66.slot.future')") == newer
    assert current_save(table)["record"]["format"] == "otv66-record/1"


def test_a_saved_match_of_a_newer_record_format_is_listed_as_a_newer_versions_not_offered_to_continue(table):
    # History offered Continue, which then said that a new match starts here.
    table.open(GAME)
    table.play_moves(1)
    wait_playable(table)
    newer = dict(current_save(table), id="future")
    newer["record"] = dict(newer["record"], format="otv66-record/99")
    table.page.evaluate(
        """(text) => {
        localStorage.setItem('otv66.slot.future', text);
        const slots = JSON.parse(localStorage.getItem('otv66.slots'));
        localStorage.setItem('otv66.slots', JSON.stringify([...slots, 'future']));
    }""",
        json.dumps(newer),
    )
    table.page.locator("#history-button").click()
    saved = table.dialog().locator(".saved-matches")
    saved.wait_for()
    assert "newer version" in saved.inner_text()
    assert saved.locator("[data-continue]").count() == 0
    assert "\tbeginner\t0 : 0 (to\xa07)" in saved.inner_text(), "told apart from others by its date, opponent and score"


def test_two_tabs_never_interleave_and_play_here_which_two_escapes_leave_open_takes_the_match_back(table, page):
    table.open(GAME)
    table.play_moves(2)
    wait_playable(table)
    second = Table(page.context.new_page())
    second.open("speed=off&lang=en")  # resumes the same match: this tab owns it now
    wait_playable(second)
    play_here = table.page.locator("#panel[open] #play-here")
    play_here.wait_for()  # the first tab shows it read-only
    assert table.page.locator("#status").inner_text() == "Playing in another tab", "not 'Your turn' behind it"
    # The browser closes a modal panel on a second Escape with nothing pressed between, whatever the page says: the
    # "Play here" panel went, and the tab showed a table where no card could be played and no button led back.
    table.page.bring_to_front()
    table.page.keyboard.press("Escape")
    table.page.keyboard.press("Escape")
    table.page.wait_for_timeout(300)
    assert play_here.is_visible(), "the panel is still there to answer"
    second.play_moves(1)
    wait_playable(second)
    by_second = moves_of(current_save(second))
    table.page.bring_to_front()
    table.page.keyboard.press("Enter")  # Play here, answered from the keyboard
    wait_playable(table)
    assert moves_of(current_save(table)) == by_second  # the first tab took up the second one's line
    second.page.locator("#play-here").wait_for()
    table.play_moves(1)
    wait_playable(table)
    assert extends(moves_of(current_save(table)), by_second)
    second.page.close()


def test_two_tabs_each_playing_a_match_of_its_own_each_get_their_own_back_on_a_reload(table, page):
    # A reload of one resumed the match saved last, whichever tab played it: the other tab's match came up (and that
    # tab, its match taken, showed "Play here").
    table.open(GAME)
    table.play_moves(2)
    wait_playable(table)
    second = Table(page.context.new_page())
    second.open("speed=off&lang=en")  # takes the first tab's match: it starts one of its own
    wait_playable(second)
    start_new_match(second)
    second.play_moves(1)
    wait_playable(second)
    table.page.locator("#play-here").click()  # the first tab takes its match back and plays on
    wait_playable(table)
    table.play_moves(1)
    wait_playable(table)
    cards = {tab: tab.cards_of(0) for tab in (table, second)}
    assert cards[table] != cards[second]
    for tab in (second, table, second):
        tab.page.reload()
        tab.wait_ready()
        wait_playable(tab)
        assert tab.cards_of(0) == cards[tab], "the tab's own match is back"
    for tab in (table, second):
        assert tab.page.locator("#play-here").count() == 0, "neither tab took the other's match"
    second.page.close()


def test_a_tab_that_lost_its_match_cannot_finish_it_again_from_a_result_left_open(table, page):
    # Both tabs showed the last deal's result: "Match result" in each recorded the match in History, twice, and the
    # first tab's Rematch started a match of its own before it was asked to play here.
    table.open("seed=77&opponent=human&target=1&speed=off&lang=en")
    table.play_out_deal()
    second = Table(page.context.new_page())
    second.open("speed=off&lang=en")  # takes the match, its last deal's result shown
    table.page.locator("#panel[open] #play-here").wait_for()
    assert table.page.locator("#next-deal").count() == 0, "the result left open is closed"
    assert table.playable().count() == 0
    assert second.step() == "next"
    second.wait_status("match-over")
    history = "JSON.parse(localStorage.getItem('otv66.history') ?? '[]').length"
    table.wait_until(lambda: second.page.evaluate(history) == 1)
    table.page.locator("#play-here").click()
    table.wait_status("match-over")
    table.page.wait_for_timeout(500)
    assert table.page.evaluate(history) == 1, "the match is in History once"
    second.page.close()


def test_reloads_at_random_moments_of_the_animations_lose_no_move(table):
    chance = random.Random(66)
    table.open("seed=11&level=beginner&opponent=computer&speed=fast&lang=en")
    for _ in range(3):
        wait_playable(table)
        table.playable().first.click()
        table.page.wait_for_timeout(chance.randint(0, 700))
        before = moves_of(current_save(table))
        table.page.reload()
        table.wait_ready()
        assert extends(moves_of(current_save(table)), before)


DAMAGES = [
    "state.match.game_points = null",
    "state.match = {}",
    "state.deal.piles = 'x'",
    "state.deal.trick = [{player: 0, card: 'ZZ'}]",
]
"""Ways a save's table (its `state`) can be damaged while its record stays whole."""


def test_the_saved_table_comes_before_the_engine_an_early_click_is_played_once_a_damaged_one_gives_way(table):
    before = match_under_way(table)
    table.page.reload()
    early = table.playable().first
    early.wait_for()
    assert table.status() == "loading"  # drawn from the save: the engine is still booting
    card = early.get_attribute("data-card")
    early.click()
    table.wait_ready()
    table.wait_until(lambda: saved_move_count(table) > count(before))
    after = moves_of(current_save(table))
    assert extends(after, before)
    assert after[-1][len(before[-1])].rstrip("m") == card  # the clicked card, played once, first
    # The table drawn from the save before the engine (its `state`) threw, and the page stopped at "Loading" for good,
    # the match whole in its record: only clearing the site's data (every match) got the player out.
    wait_playable(table)  # the computer's answer saved too
    whole = saved_text(table)
    assert whole is not None
    before = moves_of(json.loads(whole))
    for damage in DAMAGES:  # each damage done to the same whole save, then a reload
        table.page.evaluate(
            f"""(whole) => {{
            const key = 'otv66.slot.' + localStorage.getItem('otv66.current');
            const save = JSON.parse(whole);
            const state = save.state;
            {damage};
            localStorage.setItem(key, JSON.stringify(save));
        }}""",
            whole,
        )
        table.page.reload()
        wait_playable(table)
        assert moves_of(current_save(table)) == before, f"the match goes on where it was ({damage})"
        assert table.dialog().count() == 0, f"nothing to tell: nothing was lost ({damage})"


FULL_STORAGE = """() => {
  window.storageFull = true;
  const write = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.storageFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return write.call(this, key, value);
  };
}"""
"""The browser's storage full from now on (every write refused, as a full quota refuses one that grows) until the
page's `storageFull` is set false (room made)."""


def storage_full_mid_match(table: Table) -> Locator:
    """A match under way whose storage fills after its first move: the notice the next move's refused save opens."""
    table.open(GAME)
    table.play_moves(1)
    wait_playable(table)
    table.page.evaluate(FULL_STORAGE)
    table.play_moves(1)
    notice = table.dialog()
    notice.wait_for()
    return notice


def test_a_full_storage_says_what_a_reload_would_do_and_when_the_match_is_saved_again(table):
    notice = storage_full_mid_match(table)
    page = table.page
    assert "storage is full" in notice.inner_text() and "goes back to the last move saved" in notice.inner_text()
    notice.get_by_role("button", name="Close").click()
    page.evaluate("window.storageFull = false")
    before = saved_move_count(table)
    table.play_moves(1)
    table.wait_until(lambda: saved_move_count(table) > before)
    notice.wait_for()
    assert "The match is being saved again." in notice.inner_text()


def test_a_new_match_and_settings_the_full_storage_does_not_keep_are_said_too(table):
    # The full storage was said once a visit: a new match started after it was never saved, and nothing was said.
    notice = storage_full_mid_match(table)
    page = table.page
    assert "this match is no longer being saved" in notice.inner_text()
    table.dialog().get_by_role("button", name="Close").click()
    page.locator("#new-match-button").click()
    table.dialog().locator("#confirm-new-match").click()
    told = table.dialog()
    told.get_by_text("this new match is not being saved").wait_for()
    assert "If you reload or close the page now, it is lost." in told.inner_text()
    told.get_by_role("button", name="Close").click()
    dealing = table.dialog().locator(".preset")  # the new match's first dealer is drawn: he may be the one to deal
    table.wait_until(lambda: dealing.count() > 0 or table.playable().count() > 0)
    if dealing.count():
        table.step("4-4")
    # Settings: the status line said "Settings saved." and a reload brought back the deck of before.
    page.locator("#settings-button").click()
    table.dialog().locator("#setting-deck").select_option("german")
    table.dialog().locator("#settings-save").click()
    table.wait_until(lambda: "apply for this visit" in page.locator("#status").inner_text())
    assert "Settings saved" not in page.locator("#status").inner_text()
    assert page.locator("body.deck-german").count() == 1, "they apply all the same"


HISTORY_FULL = """() => {
  const write = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key === 'otv66.history' && !window.roomMade)
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return write.call(this, key, value);
  };
}"""
"""A storage nearly full: the match's save, which shrinks as cards leave the table, still fits; the history's entry, the
one write that grows at a match's end, is refused until the page's `roomMade` is set."""


def panels_to_the_match_result(table: Table) -> list[str]:
    """After the last card of a match: each panel that opens before the match's result (the deal's result, notices)
    read and answered with its first button; their texts."""
    told = []
    while not table.dialog().locator("#rematch-button").count():
        table.dialog().wait_for()
        told.append(table.dialog().inner_text())
        table.dialog().locator(".panel-buttons button.primary").click()
        table.page.wait_for_timeout(100)
    return told


def finished_matches_kept(page: Page) -> int:
    """How many finished matches the page's History holds."""
    return page.evaluate("JSON.parse(localStorage.getItem('otv66.history') ?? '[]').length")


def test_a_finished_match_the_full_storage_keeps_out_of_history_is_said_and_kept_until_there_is_room(table):
    # Refused, the entry was dropped without a word, the match's save marked finished, and the next match's start
    # deleted it: History said "No finished matches yet".
    table.open("seed=3&level=beginner&opponent=computer&target=1&speed=off&lang=en")
    page = table.page
    page.evaluate(HISTORY_FULL)
    table.play_out_deal()
    told = panels_to_the_match_result(table)
    assert any("this finished match could not be added to History" in text for text in told), told
    assert current_save(table)["finished"] is False, "its save stays: a new match's start keeps it"
    page.evaluate("window.roomMade = true")
    table.dialog().locator("#rematch-button").click()  # the next match's start: it goes in now
    table.wait_until(lambda: finished_matches_kept(page) == 1)


def match_finished_while_the_storage_is_full(table: Table) -> list[str]:
    """A match to 1 whose storage fills after its first move (every write refused), played out up to its result: the
    texts of the panels before that result."""
    table.open("seed=3&level=beginner&opponent=computer&target=1&speed=off&lang=en")
    table.play_moves(1)
    wait_playable(table)
    table.page.evaluate(FULL_STORAGE)
    table.play_moves(1)
    table.dialog().get_by_text("this match is no longer being saved").wait_for()
    table.dialog().get_by_role("button", name="Close").click()
    table.play_out_deal()
    return panels_to_the_match_result(table)


def test_a_finished_match_the_full_storage_neither_saves_nor_keeps_in_history_is_not_said_to_be_kept(table):
    # Every write refused: the notice said the finished match "stays among the saved matches", and a reload brought
    # back its deal at the last move saved. It says what a reload would do, and how the match still gets into History.
    told = match_finished_while_the_storage_is_full(table)
    page = table.page
    said = " ".join(told)
    assert "could not be added to History, nor saved" in said, told
    assert "stays among the saved matches" not in said, told
    page.evaluate("window.storageFull = false")
    table.dialog().locator("#rematch-button").click()  # room made: the rematch puts it into History, as said
    table.wait_until(lambda: finished_matches_kept(page) == 1)


def test_the_tables_rematch_after_a_full_storage_puts_the_match_in_history_once_and_none_to_continue(table):
    """With the result closed, the table's own Rematch put the finished match into History but left its save
    unfinished: it stayed among the saved matches with Continue, and played out again it counted twice."""
    match_finished_while_the_storage_is_full(table)
    page = table.page
    page.keyboard.press("Escape")  # the result closed: the table's own Rematch
    page.evaluate("window.storageFull = false")
    page.locator("#table-rematch-button").click()
    table.wait_until(lambda: finished_matches_kept(page) == 1)
    table.wait_until(lambda: current_seed(table) == 4)  # the rematch's
    dealing = table.dialog().locator(".preset")  # the rematch may be the person's to deal first
    table.dialog().get_by_text("The match is being saved again.").wait_for()
    table.dialog().get_by_role("button", name="Close").click()
    table.wait_until(lambda: dealing.count() > 0 or table.playable().count() > 0)
    if dealing.count():
        table.step("4-4")
    page.locator("#history-button").click()
    assert table.dialog().locator("[data-continue]").count() == 0, "a decided match is no match to continue"
    assert finished_matches_kept(page) == 1


BLOCKED_STORAGE = """Object.defineProperty(window, "localStorage", {
  configurable: true,
  get() { throw new DOMException("Access is denied for this document.", "SecurityError"); },
});"""
"""The page's storage blocked, as a private window or a browser set to block the site's data does: reading
`localStorage` throws."""


KEEP_ASKS = """(() => {
  const manager = navigator.storage;
  const persisted = manager.persisted.bind(manager);
  manager.persisted = () => {
    sessionStorage.setItem("e2e.keep-asks", String(Number(sessionStorage.getItem("e2e.keep-asks")) + 1));
    return persisted();
  };
})();"""
"""Count, in the tab's sessionStorage (across reloads), each time the page asks the browser whether it keeps the
site's storage: its first step before it asks to keep it (device-storage.js keepStorage)."""


def keep_asks(page: Page) -> int:
    """How often the page in this tab asked the browser to keep the site's storage (KEEP_ASKS)."""
    return int(page.evaluate("sessionStorage.getItem('e2e.keep-asks')") or 0)


def crash_engine(page: Page) -> None:
    """The page's engine fails as a crashed worker does (an uncaught error in it), which the page hears at once."""
    page.workers[0].evaluate("setTimeout(() => { throw new Error('the engine crashed (e2e)'); })")


def claim_is_asked_first(page: Page, claim: Locator, ends_match: bool = False) -> None:
    """A press on the 66 button (English) asks first, with play on focused, and says what a claim below 66 would cost
    (the match, when the 2 game points end it); Enter plays on, the button still there: such a tap gave the other
    player 2 game points, perhaps the match, at once."""
    claim.click()
    panel = page.locator("dialog[open]")
    cost = "2 game points, and with them the match." if ends_match else "2 game points."
    assert (
        panel.locator("p").first.inner_text()
        == f"Claim only if you have 66. A claim below 66 gives the opponent {cost}"
    )
    assert page.evaluate("document.activeElement.id") == "claim-offer-no"
    page.keyboard.press("Enter")
    panel.wait_for(state="detached")
    assert claim.is_visible(), "the deal goes on"


def test_the_browser_is_asked_to_keep_the_sites_storage_once_a_deal_is_over_not_on_a_visit(table):
    """A browser short of space clears the storage of the sites used least, all of it at once: the saved match and
    the history went with the offline copy, and the page had never asked the browser to keep them."""
    page = table.page
    page.add_init_script(KEEP_ASKS)
    table.open(GAME)
    table.play_moves(2)
    assert keep_asks(page) == 0, "a visit and its first cards ask nothing"
    table.play_out_deal()
    table.wait_until(lambda: keep_asks(page) == 1)


def test_a_page_whose_storage_the_browser_blocks_says_why_and_what_keeps_the_match(table):
    """On the game's own page the notice said to keep the match by playing "on the game's own page", at its own
    address: advice for a club's frame, where the page never is here."""
    page = table.page
    page.add_init_script(BLOCKED_STORAGE)
    table.open(GAME)
    notice = table.dialog()
    notice.wait_for()
    said = notice.inner_text()
    assert "it lasts while the page is open" in said and "a private window" in said
    assert "play on the game's own page" not in said


def test_a_match_length_the_engine_does_not_take_is_said_at_the_field_and_never_saved(table):
    """Settings took 150, 0 or 2.5 as "Partija do"; the engine then refused every new match, on every visit."""
    page = table.open("lang=sr-Latn&speed=off").page
    page.locator("#settings-button").click()
    target, note = table.dialog().locator("#setting-target"), table.dialog().locator("#setting-target-note")
    assert not note.is_visible()
    for wrong in ("150", "0", "2.5", ""):
        target.fill(wrong)
        assert note.inner_text() == "Upišite ceo broj od 1 do 99.", wrong
        table.dialog().locator("#settings-save").click()
        assert table.dialog().count() and page.evaluate("document.activeElement.id") == "setting-target", wrong
    assert "150" not in (page.evaluate("localStorage.getItem('otv66.settings')") or "")
    target.fill("11")
    assert not note.is_visible()
    table.dialog().locator("#settings-save").click()
    table.wait_until(lambda: table.dialog().count() == 0)
    assert json.loads(page.evaluate("localStorage.getItem('otv66.settings')"))["rules"]["target"] == 11
    saved = "Sačuvano; protivnik i pravila važe od sledeće nove partije. · Vi ste na potezu"
    table.wait_until(lambda: page.locator("#status").inner_text() == saved)  # the match on the table keeps its 7


def test_a_move_taken_back_is_saved_before_the_table_shows_it(table):
    table.open(GAME)
    table.play_moves(1)
    wait_playable(table)
    # At the moment the table shows the move taken back (Undo's title counts it in the same update), read the save:
    # a reload then must not bring the move back.
    table.page.evaluate(
        """() => {
          const undo = document.getElementById("undo-button");
          const slot = () => localStorage.getItem("otv66.slot." + localStorage.getItem("otv66.current"));
          new MutationObserver((changes, observer) => {
            if (!undo.title) return; // a redraw before (the table busy while the engine takes the move back)
            observer.disconnect();
            window.savedWhenShown = JSON.parse(slot()).record.undo_count;
          }).observe(undo, { attributes: true, attributeFilter: ["title"] });
        }"""
    )
    table.page.locator("#undo-button").click()
    table.wait_until(lambda: table.page.evaluate("window.savedWhenShown") is not None)
    assert table.page.evaluate("window.savedWhenShown") == 1


def test_an_engine_lost_while_my_deal_is_saved_comes_back_to_be_dealt_again(table):
    # The worker dies right after it has dealt, while the page asks it for the record to save: the page restarts the
    # engine and puts the match back from its save (no deal yet), and I deal again: nothing waits for ever.
    table.page.add_init_script(
        """(() => {
          const post = Worker.prototype.postMessage;
          let dealt = false;
          Worker.prototype.postMessage = function (message) {
            if (dealt && message?.method === "record") {
              dealt = false;
              window.engineLost = true;
              return this.terminate();
            }
            if (message?.method === "next_deal" && !window.engineLost) dealt = true;
            return post.call(this, message);
          };
        })();"""
    )
    table.open(f"seed=2&level=beginner&opponent=computer&{FAST}")  # seed 2: I deal first
    table.page.locator("dialog[open] .preset").first.click()
    table.wait_until(lambda: table.page.evaluate("window.engineLost === true"))
    table.page.locator("dialog[open] .preset:not([disabled])").first.click(timeout=LOAD_TIMEOUT_MS)
    wait_playable(table)
    table.play_moves(1)
    wait_playable(table)
    assert saved_move_count(table) > 0


def test_a_saved_match_the_engine_refuses_leaves_the_match_on_the_table_and_is_not_offered_again(table):
    # History offered "Continue" on a save whose record the engine refused: each press started another empty match,
    # the match being played pushed out of the table, and the save stayed on offer.
    before = match_under_way(table)
    playing = table.page.evaluate("localStorage.getItem('otv66.current')")
    damaged = current_save(table)
    damaged["record"]["deals"][0]["moves"][0] = "XX"  # no such card
    damaged["savedAt"] = 1
    table.page.evaluate(
        """(save) => {
          localStorage.setItem('otv66.slot.0-damaged', JSON.stringify({ ...save, id: '0-damaged' }));
          const slots = JSON.parse(localStorage.getItem('otv66.slots'));
          localStorage.setItem('otv66.slots', JSON.stringify([...slots, '0-damaged']));
        }""",
        damaged,
    )
    table.page.locator("#history-button").click()
    table.dialog().locator('[data-continue="0-damaged"]').click()
    notice = table.dialog()
    notice.get_by_text("That saved match could not be resumed").wait_for()
    assert "the match on the table goes on" in notice.inner_text()
    table.page.keyboard.press("Escape")
    wait_playable(table)
    assert table.page.evaluate("localStorage.getItem('otv66.current')") == playing
    assert moves_of(current_save(table)) == before
    assert table.page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('otv66.slot.')).length") == 2
    table.page.locator("#history-button").click()
    listed = table.dialog()
    listed.locator("[data-delete='0-damaged']").wait_for()
    assert listed.locator("[data-continue='0-damaged']").count() == 0, "listed as unreadable, to delete"
