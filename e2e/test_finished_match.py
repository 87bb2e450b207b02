"""A finished match on the table, in Serbian on a phone: the way on to a rematch once its result is closed.

Closing the match's result (Zatvorite, Escape) left the table with "Partija je završena", Hint and Undo greyed out and
no way on but ☰ → Nova partija; a reload of the finished match showed the last deal's result panel again.
"""

from __future__ import annotations

import json

from test_never_lose import current_save, saved_text

SERBIAN = "lang=sr-Latn&speed=off"
ONE_DEAL = f"seed=3&level=beginner&opponent=computer&target=1&{SERBIAN}"
"""A match to 1 game point: its first deal decides it (the computer deals it)."""


def history_length(table) -> int:
    return len(json.loads(table.page.evaluate("localStorage.getItem('otv66.history') ?? '[]'")))


def press_by_tab(page, element_id: str) -> None:
    """A keyboard player reaches the table's button `element_id` with Tab from the menu's button and presses Enter."""
    page.locator("#menu-toggle").focus()
    for _ in range(40):
        if page.evaluate("document.activeElement.id") == element_id:
            break
        page.keyboard.press("Tab")
    else:
        raise AssertionError(f"Tab never reached #{element_id}")
    page.keyboard.press("Enter")


def deciding_deal_put_aside_on_a_phone(table_in_context):
    """A phone's table whose one deal, deciding the match, was played out and its result put aside by a tap."""
    table = table_in_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    table.open(ONE_DEAL)
    table.play_out_deal()
    table.dialog().locator("#see-table").tap()
    return table


def test_a_closed_match_result_leaves_a_rematch_button_that_a_reload_keeps_and_the_keyboard_lands_on_it(
    table_in_context,
):
    """Closing a result panel with the keyboard left the focus on the page's body: Enter did nothing, Tab started
    from the top of the page. The table's button that leads on takes it: Next deal's, then Rematch's."""
    table = table_in_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    page = table.open(ONE_DEAL).page
    rematch = page.locator("#table-rematch-button")
    assert not rematch.is_visible(), "no rematch while the match is played"
    table.play_out_deal()  # by clicks: the keys pressed in the panels alone make him a keyboard player
    assert not rematch.is_visible(), "nor beside the deal's result"
    focused = "document.activeElement.id"
    page.keyboard.press("Escape")  # as "Pogledajte sto"
    table.wait_until(lambda: page.evaluate(focused) == "table-next-deal-button")
    page.keyboard.press("Enter")  # "Rezultat partije"
    table.dialog().locator("#rematch-button").wait_for()
    assert not rematch.is_visible(), "the match's result offers its own"
    page.keyboard.press("Escape")
    table.wait_until(lambda: table.dialog().count() == 0)
    table.wait_until(lambda: page.evaluate(focused) == "table-rematch-button")
    assert rematch.is_visible() and rematch.inner_text() == "Revanš"
    assert table.status() == "match-over"
    page.locator("#menu-toggle").click()
    page.locator("#history-button").click()
    assert not rematch.is_visible(), "not under another panel"
    page.keyboard.press("Escape")
    assert rematch.is_visible()

    page.reload()  # the finished match comes back as it was left: its table, no result panel again
    table.wait_ready()
    assert table.dialog().count() == 0, "a reload does not show the results again"
    assert table.status() == "match-over"
    assert rematch.is_visible()
    press_by_tab(page, "table-rematch-button")
    score = page.locator("#match-score .match-spoken")  # the same target
    table.wait_until(
        lambda: score.text_content() == "Poeni partije (do 1) \u2014 Vi: 0, Računar: 0."
    )  # the same target
    assert not rematch.is_visible()
    table.wait_until(lambda: saved_text(table) is not None)
    assert current_save(table)["record"]["seed"] == 3 + 1, "as the result's Rematch: the seed goes on past the deal"
    assert history_length(table) == 1, "the finished match went into the history once"
    # The address names the rematch's seed: a reload resumed nothing of seed=3 and asked to leave the rematch for a
    # new match from it, "Open the new one" the first answer.
    assert "seed=4" in page.url and "seed=3" not in page.url
    table.play_moves(2)
    page.reload()
    table.wait_ready()
    assert table.dialog().locator("#open-link").count() == 0, "the rematch resumed, nothing asked"
    assert current_save(table)["record"]["seed"] == 4 and history_length(table) == 1


def test_the_deciding_deals_result_put_aside_leads_on_to_the_matchs_result(table_in_context):
    table = deciding_deal_put_aside_on_a_phone(table_in_context)
    page = table.page
    following = page.locator("#table-next-deal-button")
    table.wait_until(following.is_visible)
    table.wait_until(lambda: history_length(table) == 1)  # in History at once, as the test below says
    assert following.inner_text() == "Rezultat partije"
    assert not page.locator("#table-rematch-button").is_visible(), "its result first"
    following.tap()  # the table's own button on
    table.dialog().locator("text=Revanš").wait_for()
    table.dialog().locator("#rematch-button").wait_for()
    assert history_length(table) == 1


def test_the_deciding_deals_result_put_aside_puts_the_match_in_the_history_at_once_and_opens_again_by_touch(
    table_in_context,
):
    """History did not list a match whose deciding deal's result was put aside ("Pogledajte sto") until that result
    was opened or another match started: a player who closed the tab on the table found it missing. It goes in at
    once; a reload keeps the deal aside, and the match's result still follows it, from either of the table's buttons
    (the other in the test above), without a second entry. The table's "Rezultat deljenja" opens the deal's result
    again by touch, before a reload and after it."""
    table = deciding_deal_put_aside_on_a_phone(table_in_context)
    page = table.page
    following = page.locator("#table-next-deal-button")
    back = page.locator("#table-deal-result-button")
    table.wait_until(following.is_visible)
    table.wait_until(lambda: history_length(table) == 1)
    page.locator("#menu-toggle").tap()
    page.locator("#history-button").tap()
    listed = table.dialog().locator("table.history:not(.saved-matches) tbody tr")
    table.wait_until(lambda: listed.count() == 1)
    assert table.dialog().locator("[data-continue]").count() == 0, "a decided match is no match to continue"
    page.keyboard.press("Escape")
    table.wait_until(lambda: table.dialog().count() == 0)

    table.wait_until(back.is_visible)  # the deal's result again by touch, leading on to the match's
    back.tap()
    leads_on = table.dialog().locator("#next-deal")
    assert leads_on.inner_text() == "Rezultat partije"
    assert table.dialog().locator(".panel-title").inner_text() == "Deljenje 1"
    table.dialog().locator("#see-table").tap()  # put aside once more
    table.wait_until(following.is_visible)

    page.reload()
    table.wait_ready()
    table.wait_until(following.is_visible)
    assert table.dialog().count() == 0, "the deal is still aside"
    assert following.inner_text() == "Rezultat partije"
    back.tap()  # the deal's result again, then on from it
    assert leads_on.inner_text() == "Rezultat partije"
    leads_on.tap()
    table.dialog().locator("#rematch-button").wait_for()
    assert history_length(table) == 1
    page.keyboard.press("Escape")
    table.wait_until(page.locator("#table-rematch-button").is_visible)
    assert history_length(table) == 1
    assert not back.is_visible(), "a finished match's table offers its rematch, not the last deal's result"


def test_a_match_decided_while_its_result_was_put_aside_goes_into_the_history_when_a_new_match_starts(table):
    """The deciding deal's result put aside ("Pogledajte sto"), then ☰ → Nova partija: the match was kept out of
    History, and its save stayed among the matches to continue."""
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    page = table.open(ONE_DEAL).page
    table.play_out_deal()
    slot = "localStorage.getItem('otv66.current')"
    finished = page.evaluate(slot)
    table.dialog().locator("#see-table").click()
    table.wait_until(page.locator("#table-next-deal-button").is_visible)
    page.locator("#new-match-button").click()
    table.wait_until(lambda: history_length(table) == 1)
    table.wait_until(lambda: page.evaluate(slot) != finished)
    new_deal = table.dialog().locator(".preset")  # the new match may be the person's to deal first
    table.wait_until(lambda: new_deal.count() > 0 or table.playable().count() > 0)
    if new_deal.count():
        table.step("4-4")
    page.locator("#history-button").click()
    assert table.dialog().locator("[data-continue]").count() == 0, "a decided match is no match to continue"
    assert table.dialog().locator("table.history:not(.saved-matches) tbody tr").count() == 1


def test_a_deals_result_can_be_put_aside_to_look_at_the_table_and_it_stays_aside_after_a_reload(table):
    """A reload while the finished deal lay on the table (its result put aside) showed the result panel again; the
    table comes back as it was left, its Next deal leads on, and once it has, a reload does not put the deal back."""
    page = table.open(f"seed=3&level=beginner&opponent=computer&{SERBIAN}").page
    page.evaluate("localStorage.setItem('otv66.rulesOffered', '1')")
    following = page.locator("#table-next-deal-button")
    number = page.locator("#deal-number [aria-hidden=true]")
    table.play_out_deal()
    assert table.dialog().locator("#see-table").inner_text() == "Pogledajte sto"
    page.keyboard.press("Escape")  # as "Pogledajte sto": the finished deal stays on the table
    table.wait_until(following.is_visible)
    assert table.dialog().count() == 0
    assert page.locator("#status").get_attribute("data-status") == "deal-over"
    assert following.inner_text() == "Sledeće deljenje"
    assert not page.locator("#table-rematch-button").is_visible()
    page.locator("#history-button").click()  # the menu works meanwhile, and nothing moves on
    table.dialog().get_by_role("button", name="Zatvorite").click()
    assert following.is_visible() and number.inner_text() == "#1"
    table.wait_until(lambda: current_save(table).get("resultAside") == 1)

    page.reload()
    table.wait_ready()
    table.wait_until(following.is_visible)
    assert table.dialog().count() == 0, "the result is not shown again"
    assert table.status() == "deal-over" and number.inner_text() == "#1"
    assert following.inner_text() == "Sledeće deljenje"
    following.click()  # the table leads on
    table.wait_until(lambda: table.dialog().count() > 0 or number.inner_text() == "#2")
    assert not following.is_visible()
    table.wait_until(lambda: current_save(table).get("resultAside") is None)

    page.reload()
    table.wait_ready()
    assert not following.is_visible(), "the deal led on from is not put aside again"


def test_a_deals_result_put_aside_opens_again_from_the_table_with_its_review(table):
    """Once "Pogledajte sto" was chosen, the deal's result and its review could not be reached again before the match
    was over (then only from History). The table's "Rezultat deljenja" opens that result again, by mouse and by
    keyboard, after a reload too; it can be put aside once more, and its own Next deal leads on."""
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    page = table.open(f"seed=3&level=beginner&opponent=computer&{SERBIAN}").page
    following = page.locator("#table-next-deal-button")
    back = page.locator("#table-deal-result-button")
    number = page.locator("#deal-number [aria-hidden=true]")
    assert not back.is_visible(), "no way back to a result while the deal is played"
    table.play_out_deal()
    result = table.dialog().inner_text()
    assert not back.is_visible(), "nor beside the result itself"
    table.dialog().locator("#see-table").click()
    table.wait_until(following.is_visible)
    assert back.is_visible() and back.inner_text() == "Rezultat deljenja"

    back.click()  # by mouse: the same result, its review with it
    table.dialog().locator("#review-button").click()
    table.dialog().locator(".review-move").first.wait_for(timeout=90_000)
    table.dialog().get_by_role("button", name="Zatvorite").click()
    table.dialog().locator("#next-deal").wait_for()
    assert table.dialog().inner_text() == result
    assert not back.is_visible() and not following.is_visible()
    table.dialog().locator("#see-table").click()  # put aside once more
    table.wait_until(following.is_visible)
    assert back.is_visible() and table.status() == "deal-over" and number.inner_text() == "#1"
    table.wait_until(lambda: current_save(table).get("resultAside") == 1)

    page.reload()  # the deal is still put aside, and its result still within reach
    table.wait_ready()
    table.wait_until(back.is_visible)
    assert table.dialog().count() == 0
    press_by_tab(page, "table-deal-result-button")
    table.dialog().locator("#next-deal").wait_for()
    assert table.dialog().inner_text() == result
    page.keyboard.press("Escape")  # as "Pogledajte sto": the table's way on takes the focus
    table.wait_until(lambda: page.evaluate("document.activeElement.id") == "table-next-deal-button")
    assert back.is_visible()
    back.click()
    table.dialog().locator("#next-deal").click()  # the result's own button leads on, as after the deal
    table.wait_until(lambda: table.dialog().locator(".preset").count() > 0 or number.inner_text() == "#2")
    assert not back.is_visible() and not following.is_visible()


def test_a_reload_after_a_deals_result_was_read_goes_on_to_the_next_deals_dealing(table):
    """A reload once the result was read and "Sledeće deljenje" pressed, with the dealing panel open or put aside,
    showed that result again; it opens the dealing panel, the packets chosen in it kept, and the line says who deals."""
    page = table.open(f"seed=5&level=beginner&opponent=computer&{SERBIAN}").page
    page.evaluate("localStorage.setItem('otv66.rulesOffered', '1')")
    table.play_out_deal()
    table.dialog().locator("#next-deal").click()
    panel = table.dialog()
    panel.locator("#packet-1").click()  # the person deals the second deal: a packet chosen, then a reload
    assert table.status() == "your-turn" and page.locator("#status").inner_text() == "Vi delite"
    # Both saved before the reload: the result read, and the packet chosen (saved after it, one save at a time).
    table.wait_until(lambda: current_save(table).get("resultRead") == 1 and current_save(table).get("packetsChosen"))

    for put_aside in (False, True):
        page.reload()
        table.wait_ready()
        table.dialog().locator(".preset").first.wait_for()
        assert table.dialog().locator("#next-deal").count() == 0, "the result read is not shown again"
        assert table.dialog().locator(".plan-text").inner_text().startswith("Raspored: 1 ")
        assert page.locator("#status").inner_text() == "Vi delite"
        if not put_aside:
            page.keyboard.press("Escape")
            page.locator("#table-deal-button").wait_for()

    # The deal link offered meanwhile is the deal just played, and says which: the next one is not dealt yet.
    page.keyboard.press("Escape")
    page.locator("#table-deal-button").wait_for()
    if page.locator("#menu-toggle").is_visible():
        page.locator("#menu-toggle").click()
    page.locator("#share-button").click()
    assert table.dialog().locator(".share-title").first.inner_text() == "Link za deljenje 1"


def test_a_rematch_under_rules_changed_during_the_match_says_so(table_in_context):
    # Settings changed mid-match "hold from the next new match": the rematch took them in silence, and the player found
    # out at its first "?" (a manual claim's hidden points).
    table = table_in_context(viewport={"width": 1280, "height": 800})
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    page = table.open(ONE_DEAL.replace("sr-Latn", "en")).page
    table.play_moves(1)
    page.locator("#settings-button").click()
    table.dialog().locator("#setting-claim").select_option("manual")
    table.dialog().locator("#settings-save").click()
    table.wait_until(lambda: table.dialog().count() == 0)
    table.play_out_deal()
    table.dialog().locator("#next-deal").click()
    table.dialog().locator("#rematch-button").click()
    told = table.dialog().locator(".panel-body")
    told.wait_for()
    assert told.inner_text().startswith("This rematch is played under the rules from Settings: Claiming 66: manual")
