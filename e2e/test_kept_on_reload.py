"""What the player chose or kept on the device is not lost without a word: packets chosen for a deal and not dealt
yet come back after a reload (a phone reloads a page it left in the background), and settings that no longer read
are kept aside and the player is told, once, in the page's language.
"""

from __future__ import annotations

import json

PHONE = {"width": 360, "height": 640}
DAMAGED = '{"lang": "en", "deck": "germ'
"""Settings cut short by a storage write that did not finish."""


def saved_match(page) -> dict:
    """The save of the match on the table (its slot in localStorage), or an empty one before the first save."""
    text = page.evaluate("() => localStorage.getItem('otv66.slot.' + localStorage.getItem('otv66.current'))")
    return json.loads(text) if text else {"packetsChosen": None}


def test_packets_chosen_and_not_dealt_come_back_after_a_reload_on_a_phone(table_in_context, artifacts):
    # Seed 2: the player deals first. He picks 2 and 2 by keyboard, the phone reloads the page before he deals.
    table = table_in_context(viewport=PHONE, is_mobile=True, has_touch=True)
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    page = table.open("seed=2&level=beginner&opponent=computer&speed=off&lang=sr-Latn").page
    panel = table.dialog()
    two = panel.locator('.packet[data-packet="2"]')
    two.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    chosen = panel.locator(".plan-text").inner_text()
    assert chosen.startswith("Raspored: 2-2 —"), chosen
    table.wait_until(lambda: (saved_match(page)["packetsChosen"] or {}).get("packets") == [2, 2])
    page.reload()
    table.wait_ready()
    panel.locator(".preset").first.wait_for()
    assert panel.locator(".plan-text").inner_text() == chosen, "the packets chosen before the reload"
    focused = page.evaluate("document.activeElement.id")
    assert focused == "packet-1", f"the next packet to add, not a preset Enter would deal instead: {focused}"
    page.screenshot(path=artifacts / "packets-kept-after-reload-360x640.png")
    panel.get_by_role("button", name="Kako se igra", exact=True).click()
    panel.get_by_role("button", name="Zatvorite", exact=True).click()
    panel.locator(".preset").first.wait_for()
    assert panel.locator(".plan-text").inner_text() == chosen, "nor are they lost reading the rules meanwhile"
    panel.locator('.packet[data-packet="4"]').click()
    deal = panel.locator("#deal-custom")
    assert deal.inner_text().endswith("2-2-4"), deal.inner_text()
    deal.click()
    table.wait_status("your-turn", "thinking")
    table.wait_until(lambda: table.dialog().count() == 0)
    # The deal is saved before its cards are shown (the panel closes as the engine deals): nothing waits for the next.
    table.wait_until(lambda: table.cards_of(0) != [""] * 8)
    assert saved_match(page)["packetsChosen"] is None, "dealt: nothing waits for the next deal"
    page.reload()
    table.wait_ready()
    assert table.dialog().count() == 0, "the deal was dealt: no panel asks for it again"


def test_settings_that_do_not_read_are_kept_aside_and_told_once_in_the_pages_language(table_in_context):
    table = table_in_context(viewport=PHONE)
    # Written before the first load only (a reload must find what the page left).
    table.page.add_init_script(
        f"""if (!sessionStorage.getItem("seeded")) {{
          sessionStorage.setItem("seeded", "1");
          localStorage.setItem("otv66.rulesOffered", "1");
          localStorage.setItem("otv66.settings", {json.dumps(DAMAGED)});
          localStorage.setItem("otv66.slot.aaa0-damaged", '{{"version": 2, "rec');
          localStorage.setItem("otv66.current", "aaa0-damaged");
        }}"""
    )
    page = table.open("seed=3&level=beginner&opponent=computer&speed=off&lang=sr-Cyrl").page
    panel = table.dialog()
    panel.locator(".panel-body").wait_for()
    told = panel.locator(".panel-body p").all_inner_texts()
    assert len(told) == 2, "the settings and the damaged save: each said, in a paragraph of its own"
    assert "подешавања на овом уређају нису могла да се прочитају" in told[0], told  # noqa: RUF001
    assert told[1].startswith("Сачувана партија није могла да се настави."), told  # noqa: RUF001
    assert panel.get_attribute("aria-describedby") == "panel-body", "a screen reader reads it on opening"
    assert page.evaluate("localStorage.getItem('otv66.settings.unreadable')") == DAMAGED
    page.keyboard.press("Escape")
    table.wait_until(lambda: table.dialog().count() == 0)
    page.reload()
    table.wait_ready()
    page.wait_for_timeout(1000)
    assert table.dialog().count() == 0, "told once: the next visit finds no settings to tell of"
    assert page.evaluate("localStorage.getItem('otv66.settings.unreadable')") == DAMAGED


def test_a_history_that_does_not_read_is_set_aside_and_told_with_the_matches_it_still_lists(table_in_context):
    # History said "No finished matches yet", its statistics gone, and nothing told the player why.
    table = table_in_context(viewport=PHONE)
    damaged = json.dumps([{"x": 1}, 5, None, {"date": 1, "opponent": "computer", "winner": 0, "gamePoints": [7, 2]}])
    table.page.add_init_script(
        f"""if (!sessionStorage.getItem("seeded")) {{
          sessionStorage.setItem("seeded", "1");
          localStorage.setItem("otv66.rulesOffered", "1");
          localStorage.setItem("otv66.history", {json.dumps(damaged)});
        }}"""
    )
    page = table.open("seed=3&level=beginner&opponent=computer&speed=off&lang=en").page
    panel = table.dialog()
    panel.locator(".panel-body").wait_for()
    assert panel.locator(".panel-body p").all_inner_texts() == [
        "The history of finished matches on this device could not be read, in whole or in part. What could not be "
        "read is kept aside; History lists, and counts in its statistics, only the matches that could be read."
    ]
    assert page.evaluate("localStorage.getItem('otv66.history.unreadable')") == damaged
    assert len(json.loads(page.evaluate("localStorage.getItem('otv66.history')"))) == 1, "the match that reads"
    page.keyboard.press("Escape")
    page.reload()
    table.wait_ready()
    page.wait_for_timeout(1000)
    assert table.dialog().count() == 0, "told once"


def notices_on_opening(table_in_context, query: str):
    """Open the game at ``query`` on a phone (the rules offered before): its table and the notices it opens with."""
    table = table_in_context(viewport=PHONE)
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    warned: list[str] = []  # what a webmaster trying his address sees in the browser's console
    table.page.on("console", lambda message: warned.append(message.text) if message.type == "warning" else None)
    table.open(query)
    panel = table.dialog()
    panel.locator(".panel-body").wait_for()
    return table, panel.locator(".panel-body p").all_inner_texts(), warned


def test_an_address_option_the_game_does_not_take_is_named_not_ignored(table_in_context):
    # ?target=0 and ?claim=foo, typed by hand, played a match to 7 with the game claiming: not a word said.
    query = "seed=3&level=beginner&opponent=computer&speed=off&lang=sr-Latn&target=0&claim=foo&must_beat=1&sound=loud"
    table, told, _ = notices_on_opening(table_in_context, query)
    said = "Opcije iz adrese nisu prihvaćene (sound=loud, claim=foo, target=0), pa važe osnovna podešavanja."
    assert told == [said]
    # The match waits behind it: the status line said the computer was thinking, for as long as it was open.
    assert table.page.locator("#status").inner_text() == "Igra čeka da pročitate obaveštenje."
    table.page.keyboard.press("Escape")
    table.wait_until(lambda: "record" in saved_match(table.page))
    rules = saved_match(table.page)["record"]["rules"]
    assert (rules.get("target", 7), rules.get("claim", "auto"), rules["must_beat"]) == (7, "auto", True), rules


def test_a_level_the_engine_does_not_know_is_named_too(table_in_context):
    # ?level=begginer (a webmaster's typo) played at expert without a word: the level is the engine's to know.
    _, told, warned = notices_on_opening(
        table_in_context, "level=begginer&opponent=computer&speed=off&lang=sr-Latn&seed=abc"
    )
    # With another option refused at start-up, the level joins its notice: one sentence, not two of one template.
    assert told == ["Opcije iz adrese nisu prihvaćene (seed=abc, level=begginer), pa važe osnovna podešavanja."]
    # A webmaster trying his snippet sees it in the console too, in the words of the options' documentation.
    assert "otv66: address options not taken (the usual setting applies): seed=abc, level=begginer" in warned
    # Its first line, before the engine started, said "seed=abc" alone, as if the level had been taken.
    first = next(line for line in warned if "address options not taken" in line)
    assert first.endswith("seed=abc (level=begginer: checked once the engine starts)"), first


TONES = """
window.tones = 0;
const makeTone = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  window.tones += 1;
  return makeTone.call(this);
};
"""
"""Installed before the page's scripts: how many tones the page's sounds have made (sound.js)."""


def test_a_deals_result_open_at_a_reload_comes_back_in_silence(table):
    # The win or loss played again at the reload, before the person touched anything.
    table.page.add_init_script(TONES)
    table.open("seed=3&level=beginner&opponent=computer&speed=off&target=3&lang=en")
    table.play_out_deal()  # its result open
    assert table.page.evaluate("window.tones") > 0, "the cards and the deal's end were heard"
    table.page.reload()
    table.wait_status("deal-over")
    table.dialog().locator("#next-deal").wait_for()
    table.page.wait_for_timeout(300)
    assert table.page.evaluate("window.tones") == 0


def test_a_deals_result_opened_again_from_the_table_is_quiet(table):
    # Its win or loss was heard when the deal ended: once.
    table.page.add_init_script(TONES)
    table.open("seed=3&level=beginner&opponent=computer&speed=off&target=3&lang=en")
    table.play_out_deal()
    table.dialog().locator("#see-table").click()
    back = table.page.locator("#table-deal-result-button")
    table.wait_until(back.is_visible)
    table.page.evaluate("window.tones = 0")
    back.click()
    table.dialog().locator("#next-deal").wait_for()
    table.page.wait_for_timeout(300)
    assert table.page.evaluate("window.tones") == 0
