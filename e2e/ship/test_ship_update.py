"""Updates: a new deploy is found, offered ("update available"), and taken only when the player accepts;
the match in progress is the same after the update, and the old build's cache is gone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from table import (
    FAST,
    answer_panel,
    current_save,
    one_move_played,
    panel_open,
    play_until,
    status,
    table_cards,
    wait_controlled,
    wait_ready,
)


def saved_moves(page) -> list[list[str]]:
    save = current_save(page)
    return [deal["moves"] for deal in save["record"]["deals"]]


def build_id(page) -> str:
    return page.evaluate(
        """() => new Promise((resolve) => {
             navigator.serviceWorker.addEventListener('message', (e) => resolve(e.data.build_id), { once: true });
             navigator.serviceWorker.controller.postMessage({ type: 'build-id' });
           })"""
    )


def test_a_new_build_is_offered_and_taken_without_losing_the_match(site, builds, open_context) -> None:
    ship = open_context()
    page = one_move_played(ship, site)
    before = (table_cards(page), saved_moves(page))
    assert build_id(page) == builds.a.build_id

    site.swap(builds.b.out)
    page.reload()  # the browser looks for a new sw.js on navigation; the new build installs and waits
    assert wait_ready(page) == "your-turn"
    offer = page.wait_for_selector("#update-offer")
    assert build_id(page) == builds.a.build_id, "the new build must wait for the player"
    assert (table_cards(page), saved_moves(page)) == before

    with page.expect_navigation():
        offer.query_selector("#update-now").click()
    assert wait_ready(page) == "your-turn"
    assert build_id(page) == builds.b.build_id
    assert (table_cards(page), saved_moves(page)) == before
    caches = page.evaluate("caches.keys()")
    assert f"otv66-app-{builds.b.build_id}" in caches
    assert f"otv66-app-{builds.a.build_id}" not in caches
    ship.problems.check()


def page_build(page) -> str:
    """The build of the page's own files (its scripts are in ``v/<build id>/``)."""
    src = page.get_attribute("script[type=module][src]", "src")
    return src.split("/")[1]


def test_a_tab_still_loading_when_the_update_is_taken_reloads_into_the_new_build(site, builds, open_context) -> None:
    """A second tab of the old build, its engine still booting when the first tab takes the update, must not go on
    as a page of the old build under the new build's worker (the old build's files are gone from its cache)."""
    ship = open_context()
    first = one_move_played(ship, site)
    site.swap(builds.b.out)
    first.reload()
    assert wait_ready(first) == "your-turn"
    offer = first.wait_for_selector("#update-offer")

    second = ship.new_page()
    second.goto(f"{site.url}index.html?{FAST}", wait_until="commit")
    second.wait_for_selector("#card-sprite", state="attached")  # its scripts run; the engine boots
    assert page_build(second) == builds.a.build_id and status(second) == "loading"
    with first.expect_navigation():
        offer.query_selector("#update-now").click()
    second.wait_for_selector(f'script[src*="v/{builds.b.build_id}/"]', state="attached", timeout=30_000)
    for page in (first, second):  # the tab that loads last plays the match, the other offers "Play here"
        page.wait_for_selector("[data-status]:not([data-status=loading])")
        assert page_build(page) == build_id(page) == builds.b.build_id
    ship.problems.check()


def new_build_installed(page: Page) -> None:
    """Have the page look for a new sw.js now (it is served already) and wait until that build has installed."""
    page.evaluate(
        """() => navigator.serviceWorker.getRegistration().then((r) => r.update()).then(() =>
             navigator.serviceWorker.getRegistration()).then((r) => r.waiting || new Promise((resolve) =>
               r.installing.addEventListener('statechange', (e) => e.target.state === 'installed' && resolve())))"""
    )


def test_a_second_deploy_while_the_offer_waits_is_the_one_its_update_takes(site, builds, open_context) -> None:
    """Build B was offered and C deployed before the player answered: Update told B's worker, which C had made
    redundant, to take over, and nothing happened (the button greyed, the bar stayed)."""
    ship = open_context()
    page = one_move_played(ship, site)
    if page.locator("#rules-offer").count():
        page.locator("#rules-offer-later").click()  # the first visit's offer of the rules: the update waits for it
    site.swap(builds.b.out)
    new_build_installed(page)
    wait_offered(page)
    site.swap(builds.c.out)
    page.evaluate(
        """() => navigator.serviceWorker.getRegistration().then((r) => r.update().then(() => r.installing &&
             new Promise((resolve) => r.installing.addEventListener('statechange', (e) =>
               e.target.state === 'installed' && resolve()))))"""
    )
    with page.expect_navigation():
        page.locator("#update-now").click()
    assert wait_ready(page) == "your-turn"
    assert build_id(page) == builds.c.build_id
    ship.problems.check()


def wait_offered(page: Page) -> None:
    """Answer the page's questions (a deal's packets, a marriage), the offer waiting under them, until it is offered.
    A first visit opens at the packets half the time (the person deals): the offer must not be awaited under them."""
    for _ in range(100):
        if page.locator("#update-offer").count():
            return
        if panel_open(page):
            answer_panel(page)
        page.wait_for_timeout(100)
    raise AssertionError("no update offer")


def test_the_update_is_offered_when_the_deals_result_is_closed_not_under_it(site, builds, open_context) -> None:
    """A modal panel (the deal's result) makes the page behind it inert: an offer shown there could not be used."""
    ship = open_context()
    page = ship.new_page()
    page.goto(f"{site.url}index.html?{FAST}")
    assert wait_ready(page) == "your-turn"
    wait_controlled(page)
    assert play_until(page, ("deal-over", "match-over")) == "deal-over"
    assert panel_open(page)
    site.swap(builds.b.out)
    new_build_installed(page)
    assert panel_open(page) and page.locator("#update-offer").count() == 0
    page.locator("#panel .panel-buttons .primary").click()  # the next deal
    wait_offered(page)
    with page.expect_navigation():
        page.locator("#update-now").click()
    assert wait_ready(page) in ("your-turn", "deal-over")
    assert build_id(page) == builds.b.build_id
    ship.problems.check()


#: What the test of the offer's place looks at: the status line and every button of the bar under the table.
UNDER_THE_TABLE = "footer.controls .status, footer.controls button"


def covered(page: Page) -> list[str]:
    """The status line and the shown buttons of the bar under the table, other than the offer's own, that the offer
    overlaps or that do not get a tap at their centre (another element lies on them there)."""
    return list(
        page.evaluate(
            """(selector) => {
                 const offer = document.getElementById('update-offer').getBoundingClientRect();
                 return [...document.querySelectorAll(selector)]
                   .filter((element) => !element.closest('#update-offer') && element.checkVisibility())
                   .filter((element) => {
                     const box = element.getBoundingClientRect();
                     const apart = box.bottom <= offer.top || box.top >= offer.bottom || box.right <= offer.left ||
                       box.left >= offer.right;
                     const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
                     return !apart || !element.contains(hit);
                   })
                   .map((element) => element.id || element.className);
               }""",
            UNDER_THE_TABLE,
        )
    )


@pytest.mark.parametrize("size", [(360, 640), (640, 360)], ids=["upright", "on-its-side"])
def test_the_offer_on_a_phone_leaves_the_status_and_the_tables_buttons_usable(
    site, builds, open_context, size: tuple[int, int]
) -> None:
    """The offer waits for the player's answer: meanwhile he plays on, so it must cover neither the status line nor
    Hint, Undo and Last trick (it lay over them on a phone). Answered Later from the keyboard, it leaves the focus on
    the next of those buttons."""
    width, height = size
    ship = open_context(viewport={"width": width, "height": height})
    page = one_move_played(ship, site)  # Undo and Last trick can then be used, as Hint
    site.swap(builds.b.out)
    page.reload()
    assert wait_ready(page) == "your-turn"
    wait_offered(page)
    for button in ("#hint-button", "#undo-button", "#last-trick-button"):
        page.wait_for_selector(f"{button}:enabled", timeout=10_000)  # the table at rest after the reload
    assert covered(page) == []
    for button in ("#undo-button", "#last-trick-button"):
        page.locator(button).click(trial=True, timeout=5_000)  # it would get the tap
    page.locator("#hint-button").click(timeout=5_000)
    page.locator(".pile.hint").wait_for()
    assert page.locator("#update-offer").is_visible(), "the offer waits for the player's answer"
    page.locator("#update-offer button:not(.primary)").press("Enter")  # Later, from the keyboard
    page.locator("#update-offer").wait_for(state="detached")
    assert page.evaluate("document.activeElement.id") == "hint-button", "the focus goes on to the table's buttons"
    ship.problems.check()


def test_the_offer_waits_for_the_answer_to_the_first_visits_offer_of_the_rules(site, builds, open_context) -> None:
    """Both in the bar under the table did not fit a phone on its side (the offer lay over the other before)."""
    ship = open_context(viewport={"width": 640, "height": 360})
    page = ship.new_page()
    page.goto(f"{site.url}index.html?{FAST}")
    assert wait_ready(page) == "your-turn"
    while panel_open(page):  # the packets, when the person deals: the offer of the rules comes once they are dealt
        answer_panel(page)
    assert wait_ready(page) == "your-turn"
    wait_controlled(page)
    page.locator("#rules-offer").wait_for()
    site.swap(builds.b.out)
    new_build_installed(page)
    assert page.locator("#update-offer").count() == 0
    page.locator("#rules-offer-later").click()
    page.locator("#update-offer").wait_for(timeout=5_000)
    assert covered(page) == []
    ship.problems.check()
