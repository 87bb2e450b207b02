"""The game page's panels by keyboard and with a screen reader: a panel opened again after what its button led to
gives the focus back to that button, and History says of each saved match's buttons which match they are for, and
what a saved match it cannot read is, in words (no placeholder, no "a new match starts").
"""

from __future__ import annotations

import json

import pytest

FOCUSED_ID = "document.activeElement.id"


@pytest.mark.parametrize(
    "viewport", [{"width": 360, "height": 640}, {"width": 1280, "height": 800}], ids=["phone", "desktop"]
)
def test_back_from_the_review_and_the_deals_link_the_result_is_at_the_button_that_led_there(table_in_context, viewport):
    table = table_in_context(viewport=viewport)
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    page = table.open("seed=2&level=beginner&opponent=computer&speed=off&lang=en").page
    table.play_out_deal()
    result = table.dialog()
    result.locator("#review-button").focus()
    page.keyboard.press("Enter")
    review = page.locator("dialog[open].review")
    review.wait_for()
    page.keyboard.press("Escape")
    result.locator("#next-deal").wait_for()
    assert page.evaluate(FOCUSED_ID) == "review-button", "Escape from the review: back at Review, where I was"
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED_ID) == "share-finished-deal"
    page.keyboard.press("Enter")
    page.locator("dialog[open].share").wait_for()
    page.keyboard.press("Escape")
    result.locator("#next-deal").wait_for()
    assert page.evaluate(FOCUSED_ID) == "share-finished-deal", "back from the deal's link: at its button"
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    table.wait_until(lambda: table.dialog().count() == 0 or table.dialog().locator(".preset").count() > 0)


OTHER_SAVE = {
    "version": 2,
    "id": "aaa0-older",
    "savedAt": 1764590400000,
    "opponent": "computer",
    "level": "beginner",
    "finished": False,
    "state": None,
    "record": {"format": "otv66-record/1", "seed": 5, "rules": {"target": 7}, "deals": []},
}


@pytest.mark.parametrize(
    ("lang", "unreadable", "continue_name", "describes"),
    [
        ("en", "This saved match cannot be read; it is kept as it is.", "Continue", "beginner"),
        ("sr-Latn", "Ova sačuvana partija ne može da se pročita; ostaje sačuvana kakva je.", "Nastavite", "početnik"),
        (
            "sr-Cyrl",
            "Ова сачувана партија не може да се прочита; остаје сачувана каква је.",  # noqa: RUF001
            "Наставите",
            "почетник",
        ),
    ],
    ids=["en", "sr-Latn", "sr-Cyrl"],
)
def test_history_names_the_match_each_saved_matchs_button_is_for_and_says_what_it_cannot_read(
    table_in_context, lang, unreadable, continue_name, describes
):
    table = table_in_context(viewport={"width": 360, "height": 640})
    slots = json.dumps(json.dumps(["aaa0-older", "aaa1-damaged"]))
    table.page.add_init_script(
        f"""localStorage.setItem("otv66.rulesOffered", "1");
        localStorage.setItem("otv66.slots", {slots});
        localStorage.setItem("otv66.slot.aaa0-older", {json.dumps(json.dumps(OTHER_SAVE))});
        localStorage.setItem("otv66.slot.aaa1-damaged", '{{"version": 2, "rec');"""
    )
    page = table.open(f"seed=3&level=beginner&opponent=computer&speed=off&lang={lang}").page
    page.locator("#menu-toggle").click()
    page.locator("#history-button").click()
    panel = table.dialog()
    rows = panel.locator(".saved-matches tr")
    assert rows.count() == 2
    damaged = rows.nth(1)
    assert damaged.locator("td").first.inner_text() == unreadable
    resume = panel.get_by_role("button", name=continue_name, exact=True)
    assert resume.count() == 1, "the unreadable one has no Continue"
    description = resume.evaluate(
        "button => button.getAttribute('aria-describedby').split(' ')"
        ".map((id) => document.getElementById(id).textContent).join(' ')"
    )
    assert describes in description and "7" in description, description
    delete = damaged.locator("[data-delete]")
    first_described = "b => document.getElementById(b.getAttribute('aria-describedby').split(' ')[0]).textContent"
    assert delete.evaluate(first_described) == unreadable


FINISHED = {"date": 1764590400000, "opponent": "computer", "level": "beginner", "winner": 1, "gamePoints": [3, 7]}
HISTORY = json.dumps([{**FINISHED, "deals": 4}])
"""A finished match kept in the history."""


def test_a_question_panel_is_read_with_its_question_and_clearing_the_history_is_said(table_in_context):
    # A screen reader reads a panel's title and its focused button on opening: a question the panel asks must be
    # read too ("New match, dialog, New match, button" did not say that the match in progress stays saved).
    table = table_in_context(viewport={"width": 1280, "height": 800})
    table.page.add_init_script(
        f"""localStorage.setItem("otv66.rulesOffered", "1");
        localStorage.getItem("otv66.history") ?? localStorage.setItem("otv66.history", {json.dumps(HISTORY)});"""
    )
    page = table.open("seed=3&level=beginner&opponent=computer&speed=off&lang=en").page
    table.play_moves(1)
    panel = table.dialog()

    def description() -> str:
        return panel.evaluate("d => document.getElementById(d.getAttribute('aria-describedby') ?? '')?.textContent")

    page.locator("#new-match-button").focus()
    page.keyboard.press("Enter")
    panel.locator("#confirm-new-match").wait_for()
    assert "This one stays saved" in (description() or ""), "the question is read with the panel"
    page.keyboard.press("Escape")
    assert page.evaluate(FOCUSED_ID) == "new-match-button"
    page.locator("#history-button").focus()
    page.keyboard.press("Enter")
    panel.get_by_role("button", name="Clear history", exact=True).click()
    panel.locator("#clear-history-confirm").wait_for()
    assert "This cannot be undone" in (description() or "")
    panel.locator("#clear-history-confirm").click()
    table.wait_until(lambda: table.dialog().count() == 0)
    table.wait_until(lambda: table.announced() == "History cleared.")
    assert page.evaluate(FOCUSED_ID) == "history-button", "the focus is back where History was opened"


@pytest.mark.parametrize(
    ("lang", "hint"),
    [("en", "Choose the packets"), ("sr-Latn", "Izaberite pakete"), ("sr-Cyrl", "Изаберите пакете")],
)
def test_the_packets_panel_is_read_with_what_to_choose_not_only_its_deal_button(
    table_in_context, artifacts, lang, hint
):
    # Seed 2: the player deals first; the panel opens on its Deal button, and a screen reader hears the title, that
    # button, and the panel's description.
    table = table_in_context(viewport={"width": 640, "height": 360})
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    page = table.open(f"seed=2&level=beginner&opponent=computer&speed=off&lang={lang}").page
    panel = table.dialog()
    panel.locator(".preset").first.wait_for()
    assert page.evaluate(FOCUSED_ID) == "deal-custom"
    described = panel.evaluate("d => document.getElementById(d.getAttribute('aria-describedby') ?? '')?.textContent")
    assert (described or "").startswith(hint), described
    page.screenshot(path=artifacts / f"packets-panel-{lang}-640x360.png")


def test_the_dealing_panel_is_put_aside_for_the_menu_and_opened_again_from_the_table(table_in_context, artifacts):
    # Seed 2: the player deals first. The panel was modal and ignored Escape: the menu (New match, History,
    # Settings) was out of reach until he dealt.
    table = table_in_context(viewport={"width": 360, "height": 640}, has_touch=True)
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    page = table.open("seed=2&level=beginner&opponent=computer&speed=off&lang=sr-Latn").page
    panel = table.dialog()
    panel.locator("#packet-4").click()  # a packet chosen first: kept while the panel is aside
    panel.locator("#deal-later").tap()
    deal_button = page.locator("#table-deal-button")
    deal_button.wait_for()
    assert table.dialog().count() == 0 and deal_button.inner_text() == "Podelite karte"
    assert page.evaluate(FOCUSED_ID) == "table-deal-button", "a screen reader's click keeps its place too"
    assert table.status() == "your-turn"
    page.screenshot(path=artifacts / "dealing-aside-360x640.png")

    page.locator("#menu-toggle").tap()
    page.locator("#history-button").tap()
    table.dialog().get_by_text("Istorija partija").wait_for()
    page.keyboard.press("Escape")  # History closed: the dealing panel is not forced back on the player
    table.wait_until(lambda: table.dialog().count() == 0)
    assert deal_button.is_visible()
    page.locator("#menu-toggle").tap()
    page.locator("#share-button").tap()  # "Linkovi": nothing dealt yet to link to, and the panel says so
    table.dialog().get_by_text("Linkovi deljenja i partije postoje od prvog deljenja").wait_for()
    page.keyboard.press("Escape")
    table.wait_until(lambda: table.dialog().count() == 0)

    deal_button.tap()
    plan_line = table.dialog().locator(".plan-text")
    chosen = "Raspored: 4 — još 4 karte"
    table.wait_until(lambda: plan_line.inner_text() == chosen)  # the packet chosen before, still chosen
    page.keyboard.press("Escape")  # by keyboard: aside, and the focus on the button that opens it again
    table.wait_until(lambda: page.evaluate(FOCUSED_ID) == "table-deal-button")

    page.reload()  # not saved aside: the turn to deal opens the panel, with the packet chosen
    table.wait_ready()
    table.dialog().locator(".preset").first.wait_for()
    assert table.dialog().locator(".plan-text").inner_text() == chosen
    assert table.step() == "dealt"
    table.wait_until(lambda: table.playable().count() > 0 or table.status() == "thinking")
    assert deal_button.is_hidden()


def test_settings_grey_out_the_computers_level_and_always_deal_for_two_at_one_screen(table_in_context):
    # Both were offered to two people sharing the screen, where there is no computer and each deals his own.
    table = table_in_context(viewport={"width": 360, "height": 640})
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    page = table.open("seed=3&opponent=human&speed=off&lang=sr-Latn").page
    table.dialog().locator(".preset").first.wait_for()
    page.keyboard.press("Escape")
    page.locator("#menu-toggle").click()
    page.locator("#settings-button").click()
    panel = table.dialog()
    level, always = panel.locator("#setting-level"), panel.locator("#setting-deal-always")
    assert level.is_disabled() and always.is_disabled()
    panel.locator("#setting-opponent").select_option("computer")
    assert level.is_enabled() and always.is_enabled()
