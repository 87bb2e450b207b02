"""Play a friend by links, in the browser: two devices (two browser contexts, each its own storage).

Each link is read from the sender's page (the text it offers to send) and given to the other page: the
invitation by opening its address, every later link through the paste box. One deal is played to its
end (a match to 1 game point), and a link altered in transit is refused with the match kept.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import ACTION_TIMEOUT_MS, LOAD_TIMEOUT_MS
from playwright.sync_api import Browser, Page


@pytest.fixture
def devices(browser: Browser, base_url: str) -> Iterator[tuple[Page, Page]]:
    contexts = [browser.new_context(base_url=base_url) for _ in range(2)]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.set_default_timeout(ACTION_TIMEOUT_MS)
    yield pages[0], pages[1]
    for context in contexts:
        context.close()


def settled(page: Page) -> str:
    """Wait until the page has finished its last step; return its status."""
    page.locator('#status:not([data-status="busy"]):not([data-status="loading"])').wait_for(timeout=LOAD_TIMEOUT_MS)
    return page.locator("#status").get_attribute("data-status") or ""


def offered_link(page: Page) -> str:
    return page.locator("#friend-link").input_value()


def deliver(link: str, page: Page) -> str:
    page.locator("#friend-paste").fill(link)
    page.locator("#friend-open").click()
    return settled(page)


def started(ana: Page, bo: Page) -> None:
    ana.goto("/friend.html")
    assert settled(ana) == "ready"
    ana.locator("#friend-name").fill("Ana")
    ana.locator("#friend-target").select_option("1")
    ana.locator("#friend-invite").click()
    settled(ana)
    invitation = offered_link(ana)
    assert "/friend.html#f1." in invitation
    bo.goto(invitation)
    bo.locator("#friend-accept").wait_for()
    bo.locator("#friend-accept-name").fill("Bo")
    bo.locator("#friend-accept-button").click()
    settled(bo)
    assert deliver(offered_link(bo), ana) == "ready"
    assert deliver(offered_link(ana), bo) == "ready"


def game_status(page: Page) -> str:
    return page.locator("#friend-game").get_attribute("data-status") or ""


def test_a_deal_between_two_devices_passing_links(devices: tuple[Page, Page]) -> None:
    ana, bo = devices
    started(ana, bo)
    assert game_status(bo) == "play" and game_status(ana) == "wait"
    delivered = {id(ana): offered_link(ana), id(bo): offered_link(bo)}
    for _ in range(100):
        if game_status(ana) == game_status(bo) == "over":
            break
        for me, other in ((ana, bo), (bo, ana)):
            moves = me.locator("#friend-moves button[data-card]")
            while moves.count():
                moves.first.click()
                assert settled(me) == "ready"
            link = offered_link(me)
            if link != delivered[id(me)]:
                assert deliver(link, other) == "ready"
                delivered[id(me)] = link
    assert game_status(ana) == game_status(bo) == "over"
    assert ana.locator("#friend-game-title").inner_text() == bo.locator("#friend-game-title").inner_text()


def test_a_tampered_link_is_refused_and_the_match_kept(devices: tuple[Page, Page]) -> None:
    ana, bo = devices
    started(ana, bo)
    bo.locator("#friend-moves button[data-card]").first.click()
    settled(bo)
    link = offered_link(bo)
    at = len(link) - 40
    tampered = link[:at] + ("A" if link[at] != "A" else "B") + link[at + 1 :]
    before = ana.locator("#friend-list").inner_text()
    assert deliver(tampered, ana) == "refused"
    assert ana.locator("#friend-list").inner_text() == before
    assert deliver(link, ana) == "ready"
