"""Offline play: after the first visit the service worker has everything (and the game is installable); with the
network cut, the page reloads and a whole deal can be played."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Error as PlaywrightError
from table import FAST, play_until, wait_controlled, wait_ready


def test_after_the_first_visit_a_deal_is_played_offline(site, open_context) -> None:
    ship = open_context()
    page = ship.new_page()
    page.goto(f"{site.url}index.html?{FAST}")
    assert wait_ready(page) == "your-turn"
    wait_controlled(page)
    manifest = ship.context.new_cdp_session(page).send("Page.getAppManifest")
    assert manifest["url"] == f"{site.url}manifest.webmanifest" and manifest["errors"] == []
    icons = json.loads(manifest["data"])["icons"]
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in icons}
    for icon in icons:
        assert page.request.get(f"{site.url}{icon['src']}").ok

    ship.context.set_offline(True)
    page.reload()
    assert wait_ready(page) == "your-turn"
    assert play_until(page, ("deal-over", "match-over")) in ("deal-over", "match-over")
    ship.problems.check()


def test_without_the_service_worker_the_offline_page_does_not_load(site, browser_ship) -> None:
    """The control: the offline test really cuts the network (it is the service worker that answers)."""
    context = browser_ship.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(f"{site.url}index.html?{FAST}")
        assert wait_ready(page) == "your-turn"
        context.set_offline(True)
        with pytest.raises(PlaywrightError, match="ERR_INTERNET_DISCONNECTED"):
            page.reload()
    finally:
        context.close()
