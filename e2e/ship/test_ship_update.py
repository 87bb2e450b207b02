"""Updates: a new deploy is found, offered ("update available"), and taken only when the player accepts;
the match in progress is the same after the update, and the old build's cache is gone."""

from __future__ import annotations

from table import FAST, current_save, play_one_move, table_cards, wait_controlled, wait_ready


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
    page = ship.new_page()
    page.goto(f"{site.url}index.html?{FAST}")
    assert wait_ready(page) == "your-turn"
    wait_controlled(page)
    play_one_move(page)
    assert wait_ready(page) == "your-turn"
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
