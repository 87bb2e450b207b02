"""Playing the game page as a person would, for the shipping tests (the page contract of notes/SITE.md).

The page says what it waits for in ``data-status``; a panel (``dialog#panel``) asks for choices (the deal's
packets, a marriage, the result of a deal). These helpers answer the panel with its first choice and click the
first playable card, until the page reaches the status a test waits for.
"""

from __future__ import annotations

import json
import time
from typing import Any

STATUS = "[data-status]"
#: Options that make a test fast and repeatable: no animations, the weakest (fastest) opponent, English.
FAST = "lang=en&speed=off&level=beginner&sound=0"


def status(page: Any) -> str:
    return str(page.get_attribute(STATUS, "data-status"))


def wait_ready(page: Any, timeout_ms: int = 90_000) -> str:
    """Wait until the engine has loaded and the page waits for a person (or reports an error); return that status.
    It is read again after the wait: if the page has moved on meanwhile, wait again (never return "thinking")."""
    waited = ("your-turn", "deal-over", "match-over", "error")
    while True:
        page.wait_for_selector(", ".join(f"[data-status={name}]" for name in waited), timeout=timeout_ms)
        if (now := status(page)) in waited:
            return now


def panel_open(page: Any) -> bool:
    return bool(page.evaluate("document.getElementById('panel')?.open === true"))


def answer_panel(page: Any) -> None:
    """Choose in the open panel: a packet preset if it offers one, else its primary (or first) button.

    The packets' panel stays open (its buttons disabled) until the engine has dealt: it is waited out, never answered
    twice (a second click would wait for a preset of the next deal's panel)."""
    for selector in ("#panel .preset", "#panel .panel-buttons .primary", "#panel button"):
        button = page.locator(selector).first
        if button.count():
            button.click()
            if selector == "#panel .preset":
                page.locator("#panel[open] .preset").first.wait_for(state="detached")
            return


def table_cards(page: Any) -> list[str]:
    """The face-up cards of both tables, in screen order (empty piles as '-')."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll('.pile')].map((slot) => {
                 const top = slot.querySelector('button.card.top');
                 return top && !top.hidden && top.dataset.card ? top.dataset.card : '-';
               })"""
        )
    )


def play_until(page: Any, wanted: tuple[str, ...], limit_s: float = 120) -> str:
    """Answer panels and play the first playable card until ``data-status`` is one of ``wanted``."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        now = status(page)
        if now in wanted:
            return now
        if now == "error":
            raise AssertionError(f"the page reports an error: {page.inner_text(STATUS)}")
        if panel_open(page):
            answer_panel(page)
        elif now == "your-turn":
            card = page.locator("button.card.top[aria-disabled=false]").first
            deal = page.locator("#table-deal-button")
            if card.count():
                card.click()
            elif deal.is_visible():  # the dealing panel waits, put aside (a frame the visitor is not using)
                deal.click()
        page.wait_for_timeout(50)
    raise AssertionError(f"still {status(page)!r} after {limit_s} s, waiting for {wanted}")


def play_one_move(page: Any) -> list[str]:
    """Deal if asked, then play one card as the person; returns the table afterwards."""
    while panel_open(page) or page.locator("button.card.top[aria-disabled=false]").count() == 0:
        if panel_open(page):
            answer_panel(page)
        page.wait_for_timeout(50)
    before = table_cards(page)
    page.locator("button.card.top[aria-disabled=false]").first.click()
    deadline = time.monotonic() + 30
    while table_cards(page) == before and time.monotonic() < deadline:
        if panel_open(page):  # a king or queen led with its marriage: the page asks whether to announce it
            answer_panel(page)
        page.wait_for_timeout(50)
    return table_cards(page)


def wait_controlled(page: Any) -> None:
    """Wait until the service worker has the site cached and controls the page (offline play is possible)."""
    page.evaluate(
        """() => navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller ? true :
             new Promise((resolve) => {
               navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true));
             }))"""
    )


def one_move_played(ship: Any, site: Any) -> Any:
    """A tab of the game, run by the service worker, a move of the match played (and saved): its first questions
    answered, so no panel holds back what the page shows next."""
    page = ship.new_page()
    page.goto(f"{site.url}index.html?{FAST}")
    assert wait_ready(page) == "your-turn"
    wait_controlled(page)
    play_one_move(page)
    assert wait_ready(page) == "your-turn"
    # The page saves each move before it shows it: a reload brings back a move the person can take back.
    assert saved_at_the_persons_turn(page), current_save(page).get("state")
    return page


def saved_at_the_persons_turn(page: Any) -> bool:
    """The save holds a move the person can take back, and the table waits for his next one."""
    state = current_save(page).get("state") or {}
    return bool(state.get("can_undo")) and state.get("phase") == "human_moves"


CURRENT_SAVE = "localStorage.getItem('otv66.slot.' + localStorage.getItem('otv66.current'))"
"""The text of the save of the match on the table (web/js/storage.js keeps one slot per match)."""


def current_save(page: Any) -> dict[str, Any]:
    """The save of the match on the table, decoded (``record``, the last public ``state``, ...)."""
    save: dict[str, Any] = json.loads(page.evaluate(CURRENT_SAVE))
    return save
