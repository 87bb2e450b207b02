"""Play a friend by links, in the browser: two devices (two browser contexts, each its own storage).

Each link is read from the sender's page (the text it offers to send) and given to the other page: the invitation by
opening its address, every later link through the paste box. The inviter chooses the rules; the friend reads them
before accepting. One deal is played to its end (a match to 1 game point) by clicking the cards on the table (a
trick the friend's card finished stays on the table a moment), and a link altered in transit is refused with the
match kept; a link opened again is said to be opened already (a hint that sticks at the top of the window, clear of
the banner the page brings into view), one opened before its turn to need an earlier one first. The page is ordered
for a newcomer (the invitation form first) and brings the invitation into view on a phone; the friend is "your
friend" until his answer is read; a language chosen on the page is kept for the links that follow; a reload shows
again what the tab showed; the paste box says what it was given when that is no friend's link; a name left empty is
asked for at its field, nothing sent. A newcomer reads what the page is under its top bar, and the status line says
nothing until it has news. A finished match offers a rematch: the same friend, the same rules; a rematch invitation
stays said to be for that friend after a reload, and two that cross end in one match. A finished match offers its
replay, a resigned deal ending where it was given up. Screenshots of the table as a player sees it go to
``e2e/artifacts/friend-*.png``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from itertools import pairwise
from pathlib import Path

import pytest
from conftest import ACTION_TIMEOUT_MS, LOAD_TIMEOUT_MS, without_service_worker
from playwright.sync_api import Browser, Locator, Page, Route, expect
from test_never_lose import BLOCKED_STORAGE, FULL_STORAGE, KEEP_ASKS, claim_is_asked_first, crash_engine, keep_asks
from test_screen_reader import BATCH_MS, LISTENER, heard

from otv66.cards import POINTS, parse_card


@pytest.fixture
def devices(browser: Browser, base_url: str) -> Iterator[tuple[Page, Page]]:
    contexts = [without_service_worker(browser.new_context(base_url=base_url)) for _ in range(2)]
    for context in contexts:
        context.add_init_script(KEEP_ASKS)
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


def back_again(page: Page) -> Iterator[None]:
    """The tab reloaded, then the friend page visited again by its address: each time, once it is back and ready, with
    the link it offers in sight."""
    for again in (page.reload, lambda: page.goto("/friend.html")):
        again()
        page.locator("#friend-outgoing:not([hidden])").wait_for()
        assert settled(page) == "ready"
        yield


def deliver(link: str, page: Page) -> str:
    page.locator("#friend-paste").fill(link)
    page.locator("#friend-open").click()
    return settled(page)


def above(upper: Locator, lower: Locator) -> bool:
    """Whether `upper` comes before `lower` down the page."""
    return upper.evaluate(
        "(a, b) => a.getBoundingClientRect().bottom <= b.getBoundingClientRect().top", lower.element_handle()
    )


def invited(ana: Page, kept: bool = True) -> str:
    """Ana, new here, makes an invitation on a phone (the first match to 1 game point, dealers alternating); her page
    asks the browser to keep the site's storage (the match's keys are nowhere else) unless it has only memory."""
    ana.set_viewport_size({"width": 360, "height": 640})
    ana.goto("/friend.html")
    assert settled(ana) == "ready"
    assert keep_asks(ana) == 0, "a visit asks nothing"
    assert ana.locator("#home-link").inner_text() == "Play the computer"
    form, paste, matches = (ana.locator(f"#{box}") for box in ("friend-new", "friend-paste-box", "friend-list-box"))
    assert above(form, paste) and matches.is_hidden()  # a newcomer starts a match: its form first
    ana.locator("#friend-name").fill("Ana")
    ana.locator("#setting-target").fill("1")
    ana.locator("#setting-dealer").select_option("alternate")
    ana.locator("#friend-invite").click()
    settled(ana)
    assert keep_asks(ana) == int(kept)
    # The invitation is brought into view from the form far below it, its send button focused.
    assert on_screen(ana.locator("#friend-link")) and on_screen(ana.locator("#friend-copy"))
    assert ana.evaluate("document.activeElement.id") in ("friend-copy", "friend-share")
    # Bo has not answered: he is "your friend", not "?".
    assert ana.locator("#friend-turn").inner_text().startswith("Send the invitation below to your friend")
    listed = ana.locator("#friend-list").inner_text()
    assert "your friend" in listed and "?" not in listed, listed
    assert above(matches, paste) and above(paste, form)  # back with a match: the list, then the paste box
    ana.set_viewport_size({"width": 1280, "height": 720})
    return offered_link(ana)


def started(ana: Page, bo: Page) -> None:
    invitation = invited(ana)
    assert "/friend.html#f1." in invitation
    bo.goto(invitation)
    bo.locator("#friend-accept").wait_for()
    assert settled(bo) == "ready"
    assert "Ana" in bo.locator("#friend-invited-by").inner_text()
    assert bo.locator("#friend-intro").is_visible()  # what playing a friend here is, for one invited to it
    rules = bo.locator("#friend-invite-rules li").all_inner_texts()
    assert rules[0].endswith(": 1")  # the target Ana chose, read before accepting
    assert ana.locator('#setting-dealer option[value="alternate"]').inner_text() in " ".join(rules)
    assert offered_link(bo) == ""  # nothing to send before he accepts
    # Each sentence once (the invitation's box says it all), and no other name field to fill in.
    assert bo.locator("#status").inner_text() == "" and bo.locator("#friend-new").is_hidden()
    bo.locator("#friend-accept-name").fill("Bo")
    bo.locator("#friend-accept-button").click()
    settled(bo)
    assert keep_asks(bo) == 1
    assert bo.evaluate("document.activeElement.id") in ("friend-copy", "friend-share")  # his answer, to send
    assert bo.locator("#status").inner_text() == "Invitation accepted."  # the banner says what comes next
    assert bo.locator("#friend-intro").is_hidden(), "over a match the banner says what to do"
    assert (
        bo.locator("#friend-turn").inner_text()
        == "Send the link below if you have not yet, then open the link Ana sends back"
    )
    assert bo.locator("#friend-new").is_visible()
    assert deliver(offered_link(bo), ana) == "ready"
    assert deliver(offered_link(ana), bo) == "ready"


def test_a_language_chosen_here_is_kept_for_the_links_that_follow(devices: tuple[Page, Page]) -> None:
    """Bo reads the invitation in Cyrillic (the address says so), chooses Latin: the invitation is read again in
    Latin, and the next link (which opens the page without ``lang``) opens in Latin too."""
    ana, bo = devices
    bo.goto(invited(ana).replace("/friend.html#", "/friend.html?lang=sr-Cyrl#"))
    bo.locator("#friend-accept").wait_for()
    assert bo.locator("#friend-invited-by").inner_text().startswith("Ana Вас позива")  # noqa: RUF001 (Cyrillic)
    bo.locator("#friend-language").select_option("sr-Latn")
    bo.locator("#friend-accept:not([hidden])").wait_for()
    assert bo.locator("#friend-invited-by").inner_text().startswith("Ana Vas poziva")
    assert "lang=" not in bo.url
    bo.goto("/friend.html")
    assert bo.locator("#home-link").inner_text() == "Igrajte protiv računara"
    assert bo.locator("#friend-language").input_value() == "sr-Latn"


def test_a_move_is_shown_in_another_tab_its_link_in_sight_and_a_reload_keeps_the_match_and_its_last_trick(
    devices: tuple[Page, Page],
) -> None:
    """On a phone the link box lies above the table: a move brings it into view (the step players repeat most). Two
    tabs of one match each played the turn (or an old tab played on from where it was), each writing over the other's
    save: the friend's next link fitted neither, and both players waited for each other for good; the other tab now
    shows the move. A language chosen in the middle of a match shows that match again, not the list. The friend's
    card that finished a trick was said once, on the status line: a reload (here the one the page makes to change its
    language back) put the table back with the trick taken and nothing of that card. Last trick shows it: both cards,
    who played them, who took the trick."""
    ana, bo = devices
    started(ana, bo)
    assert ana.locator("#friend-paste").input_value() == "", "a link read is not left there to open again"
    mover, other = (ana, bo) if ana.locator("#friend-turn").get_attribute("data-turn") == "play" else (bo, ana)
    assert mover.locator("#friend-last-trick").is_hidden(), "no trick yet"
    twin = mover.context.new_page()  # another tab of the mover's, the match picked from its list
    twin.set_default_timeout(ACTION_TIMEOUT_MS)
    twin.goto("/friend.html")
    settled(twin)
    twin.locator("#friend-list button").first.click()
    assert settled(twin) == "ready" and twin.locator("#friend-turn").get_attribute("data-turn") == "play"
    mover.set_viewport_size({"width": 360, "height": 640})
    play_a_card(mover)
    assert on_screen(mover.locator("#friend-link")) and on_screen(mover.locator("#friend-copy"))

    # The other tab shows the move made here, and plays no turn twice.
    twin.locator("#status", has_text="This match went on in another tab meanwhile").wait_for()
    expect(twin.locator("#friend-link")).to_have_value(offered_link(mover))  # the link made there, not a second
    settled(twin)
    turn = twin.locator("#friend-turn")
    assert turn.get_attribute("data-turn") == mover.locator("#friend-turn").get_attribute("data-turn") != "play"
    assert turn.inner_text() == mover.locator("#friend-turn").inner_text()
    cards = "#table button.card.top"
    table = "cards => cards.map((card) => [card.dataset.card, card.classList.contains('playable')])"
    assert twin.locator(cards).evaluate_all(table) == mover.locator(cards).evaluate_all(table), "the same position"
    twin.close()

    # A language chosen here: the same match, in it.
    mover.locator("#friend-language").select_option("sr-Latn")
    expect(mover.locator("#home-link")).to_have_text("Igrajte protiv računara")  # the page loaded again
    mover.locator("#friend-turn:not([hidden])").wait_for()
    assert settled(mover) == "ready"
    assert mover.locator("#friend-turn").inner_text().startswith("Pošaljite"), "the same match, in Latin"
    assert mover.locator("#friend-link").input_value() != ""

    # The friend finishes the trick; the mover's page loads again (in English) and shows it under Last trick.
    assert deliver(offered_link(mover), other) == "ready"
    while other.locator("#table button.card.top.playable:visible").count():
        play_a_card(other)
    assert deliver(offered_link(other), mover) == "ready"
    mover.locator("#friend-language").select_option("en")
    expect(mover.locator("#home-link")).to_have_text("Play the computer")  # the page loaded again
    mover.locator("#friend-turn:not([hidden])").wait_for()
    assert settled(mover) == "ready"
    mover.locator("#friend-last-trick").click()
    panel = mover.locator("dialog[open]")
    assert panel.locator(".panel-card svg").count() == 2
    said = panel.inner_text()
    assert re.search(
        r"(You|Ana|Bo): \w+ of \w+.*(You|Ana|Bo): \w+ of \w+.*((Ana|Bo) takes the trick|you take the trick)", said
    )


def test_a_reload_shows_again_what_this_tab_showed(devices: tuple[Page, Page]) -> None:
    """A reload shows the invitation being read again; in the middle of a deal, a reload or a visit to the page again
    in the same tab shows the match with its link still to send, not the list. A link copied from the end of a chat
    sentence is read (the sentence's punctuation ignored), and one a mail app broke over lines."""
    ana, bo = devices
    bo.goto(invited(ana))
    bo.locator("#friend-accept").wait_for()
    bo.reload()
    bo.locator("#friend-accept").wait_for()
    assert settled(bo) == "ready" and "Ana" in bo.locator("#friend-invited-by").inner_text()
    bo.locator("#friend-accept-name").fill("Bo")
    bo.locator("#friend-accept-button").click()
    settled(bo)
    assert keep_asks(bo) == 1
    assert deliver(f"Evo odgovora: {offered_link(bo)}.", ana) == "ready"
    link = offered_link(ana)  # broken over lines by a mail app, with a space where it broke once
    assert deliver(f"Evo:\n{link[:150]}\n{link[150:300]} {link[300:]}", bo) == "ready"
    mover = ana if ana.locator("#friend-turn").get_attribute("data-turn") == "play" else bo
    play_a_card(mover)
    link, banner = offered_link(mover), mover.locator("#friend-turn").inner_text()
    for _ in back_again(mover):
        assert mover.locator("#friend-turn").inner_text() == banner
        assert offered_link(mover) == link
        assert mover.locator("#status").inner_text() == ""  # not "Ready.": the banner says what to do
        assert mover.locator("#friend-list button.current").count() == 1


GOLD = "rgb(255, 213, 74)"
"""The table's gold (table.css ``--gold``): the ticks of the forms' checkboxes on the dark felt."""


def test_a_newcomer_on_a_phone_reads_what_the_page_is_taps_its_fields_and_is_told_what_the_paste_box_holds(
    page: Page, base_url: str
) -> None:
    """Under the top bar, in the first screen of a phone, the page says what playing a friend here is, in the page's
    language; the status line above the form says nothing once the page is ready (no bare "Ready."). The name, the
    rules' lists and the match's length are tapped on a phone: none is under 40 px tall (a checkbox's target is its
    whole label); the rules' checkboxes are drawn in the table's colours, at a size a finger finds. The paste box says
    what it was given when that is no friend's link (offering to open a link of another page of the site) in sight,
    though the box lies far down a phone's page; the address's language goes along on the link to the game against
    the computer."""
    page.set_viewport_size({"width": 360, "height": 640})
    for lang, opening in (
        ("sr-Latn", "Ovde igrate partiju sa prijateljem koji je na drugom uređaju"),
        ("sr-Cyrl", "Овде играте партију са пријатељем који је на другом уређају"),  # noqa: RUF001 (Cyrillic)
        ("en", "Here you play a friend who is on another device"),
    ):
        page.goto(f"/friend.html?lang={lang}")
        assert settled(page) == "ready"
        intro = page.locator("#friend-intro")
        assert intro.inner_text().startswith(opening), (lang, intro.inner_text())
        assert on_screen(intro) and above(page.locator(".topbar"), intro) and above(intro, page.locator("#friend-new"))
        assert page.locator("#status").inner_text() == "", lang
        if lang == "sr-Cyrl":  # the longest words: the form's fields a finger's height
            fields = page.locator(
                "#friend-new .field input:not([type=checkbox]), #friend-new .field select"
            ).evaluate_all("fields => fields.map((f) => [f.id, f.getBoundingClientRect().height])")
            assert len(fields) == 4 and [name for name, height in fields if height < 40] == [], fields
    # The club challenge, which the game's menu has no room for, is a link away for an organiser who came here.
    club = page.locator("#friend-club-link")
    assert club.inner_text().startswith("For a whole club: a club challenge") and club.get_attribute("href") == (
        "club.html?lang=en"
    )
    boxes = page.locator("#friend-new input[type=checkbox]")
    assert boxes.count() == 3  # must-beat, draw bonus, forfeit
    for box in boxes.all():
        accent, size = box.evaluate("b => [getComputedStyle(b).accentColor, b.getBoundingClientRect().height]")
        assert accent == GOLD and size >= 24, (box.get_attribute("id"), accent, size)
    # The paste box, given no friend's link (the page is in English by its address: ?lang=en).
    assert page.locator("#home-link").get_attribute("href") == "index.html?lang=en"
    status = page.locator("#status")
    club = f"{base_url}/club.html#challenge=c1.Ab-c"
    for text, said in (
        ("", "Paste the link your friend sent first."),
        ("pozdrav", "There is no link in this text."),
        (f"Igraj: {club}.", "This is a club challenge link: open it"),
    ):
        assert deliver(text, page) == "hint"
        assert status.inner_text() == said
        assert page.evaluate("scrollY") > 0 and on_screen(status)
    assert status.locator("a").get_attribute("href") == club


def game_status(page: Page) -> str:
    return page.locator("#friend-game").get_attribute("data-status") or ""


def play_a_card(page: Page) -> None:
    """Click the first card the table offers; a marriage lead is announced."""
    page.locator("#table button.card.top.playable:visible").first.click()
    announce = page.locator("#marriage-announce")
    if page.locator("dialog#panel[open]").count():
        announce.click()
    assert settled(page) == "ready"


def play_a_low_card(page: Page) -> None:
    """Click the playable card worth the fewest points, a marriage not announced: a deal played so goes on long (no one
    reaches 66 in a few tricks), for a test that counts its moves within one deal."""
    cards = page.locator("#table button.card.top.playable:visible")
    codes = cards.evaluate_all("cards => cards.map((card) => card.dataset.card)")
    low = min(codes, key=lambda code: POINTS[parse_card(code)])
    page.locator(f'#table button.card.top.playable[data-card="{low}"]:visible').click()
    if page.locator("dialog#panel[open]").count():
        page.locator("#marriage-plain").click()


def face_down_cards(page: Page) -> int:
    """How many of this player's piles show a face-down card and no face-up one (a card not opened yet)."""
    return int(
        page.locator("#piles-0 .pile").evaluate_all(
            "slots => slots.filter(s => !s.querySelector('.under').hidden && s.querySelector('.top').hidden).length"
        )
    )


def on_screen(element: Locator) -> bool:
    """Whether `element` lies wholly inside the window as it is scrolled now."""
    return bool(
        element.evaluate(
            "e => { const r = e.getBoundingClientRect(); return r.top >= -1 && r.bottom <= innerHeight + 1; }"
        )
    )


def screenshots(page: Page, artifacts: Path) -> None:
    """The table as the player to move sees it, on a phone upright, a phone on its side and a laptop."""
    for width, height in ((360, 640), (640, 360), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.locator("#friend-turn").evaluate("banner => banner.scrollIntoView({block: 'start'})")
        banner, me = page.locator("#friend-turn"), page.locator("#seat-0 .seat-name")
        rects = [e.evaluate("e => JSON.stringify(e.getBoundingClientRect())") for e in (banner, me)]
        assert on_screen(banner) and on_screen(me), (width, height, rects)
        page.screenshot(path=artifacts / f"friend-{width}x{height}.png")


def watch_finished_tricks(page: Page) -> None:
    """Note every two-card trick the table shows (who played each card, in order) in ``window.finishedTricks``, by
    how many the seats' trick counts went up from its coming into sight to its going (``window.countedOnGoing``), and
    whether the deal's end was told under the banner while it lay there (``window.newsBesideTrick``)."""
    page.evaluate(
        """() => {
        window.finishedTricks = [];
        window.countedOnGoing = [];
        window.newsBesideTrick = [];
        const trick = document.querySelector("#trick");
        const counted = () =>
          [0, 1].reduce((sum, p) => sum + parseInt(document.querySelector(`#won-${p} .won-label`).textContent), 0);
        let shown = null; // the trick in sight: its cards, and the counts then
        new MutationObserver(() => {
          const cards = [...trick.querySelectorAll(".trick-card")];
          const players = cards.map((card) => card.dataset.player);
          if (players.length === 2) window.finishedTricks.push(players.join(" then "));
          const now = players.length === 2 ? cards.map((card) => card.dataset.trickCard).join() : null;
          if (now === (shown?.cards ?? null)) return;
          // Gone, or another trick in its place (the friend's link came while it lay there): counted by now.
          if (shown) window.countedOnGoing.push(counted() - shown.at);
          shown = now && { cards: now, at: counted() };
          if (shown) window.newsBesideTrick.push(!document.querySelector("#friend-news").hidden);
        }).observe(trick, { childList: true, subtree: true });
      }"""
    )


def test_a_deal_between_two_devices_passing_links(devices: tuple[Page, Page], artifacts: Path) -> None:
    """A whole match of one deal between two devices, each link pasted into the other: what each player sees and hears
    as it goes and at its end, and the replay both are offered. (One deal played for all of it: a friend's deal
    costs the browser tests more than any other, its shuffle and shares worked out in Pyodide on both devices.) On a
    phone the paste box lies far below the banner: a link read there brings what came of it into view, the invitation
    to read, the link to send back (its send button focused), the move to play, the match's end; Bo's phone is
    upright, Ana's on its side."""
    ana, bo = devices
    for page in devices:
        page.add_init_script(LISTENER)
        page.add_init_script(STATUS_HEARD)
    invitation = invited(ana)
    ana.set_viewport_size({"width": 640, "height": 360})
    bo.set_viewport_size({"width": 360, "height": 640})
    bo.goto("/friend.html")
    assert settled(bo) == "ready"
    assert deliver(invitation, bo) == "ready"
    assert on_screen(bo.locator("#friend-invited-by")), "the invitation, not the paste box, is what to read"
    assert bo.locator("#friend-paste").input_value() == "", "read: not left there, as if still to open"
    bo.locator("#friend-accept-name").fill("Bo")
    bo.locator("#friend-accept-button").click()
    assert settled(bo) == "ready"
    assert deliver(offered_link(bo), ana) == "ready"
    assert on_screen(ana.locator("#friend-turn")) and on_screen(ana.locator("#friend-copy"))
    assert ana.evaluate("document.activeElement.id") == "friend-copy"  # her share, to send back
    assert deliver(offered_link(ana), bo) == "ready"

    def banner_in_sight(page: Page) -> None:
        """The banner, and the status line with what the friend played (it was scrolled away above the screen)."""
        assert on_screen(page.locator("#friend-turn")), (game_status(page), page.evaluate("scrollY"))
        status = page.locator("#status")
        assert not status.inner_text().startswith("Link received. ") or on_screen(status), status.inner_text()

    banner_in_sight(bo)
    for page in devices:
        watch_finished_tricks(page)
    assert game_status(bo) == "play" and game_status(ana) == "wait"
    assert bo.locator("#friend-turn").get_attribute("data-turn") == "play"
    assert bo.locator("#seat-0.to-move").count() == 1  # the player to move sits at the bottom of his table
    screenshots(bo, artifacts)
    bo.set_viewport_size({"width": 360, "height": 640})  # his phone again, for the rest of the deal
    # A pile played empty kept its card's "playable" mark on the hidden button: the page's search for the first card to
    # play (where a keyboard player's focus goes, where Enter acts) found a card not shown, and Enter did nothing.
    hidden_playable = '#table button.card.top[hidden][aria-disabled="false"]'
    marked = []

    def received(page: Page) -> None:
        marked.append(page.locator(hidden_playable).count())
        banner_in_sight(page)

    played_to_the_end(ana, bo, received)
    assert marked and not any(marked), marked
    # Both banners name the winner; the one whose move ended the match asks for the link his friend's page waits for.
    sender, receiver = (ana, bo) if ana.locator("#friend-outgoing").is_visible() else (bo, ana)
    friend = "Bo" if sender is ana else "Ana"
    said = receiver.locator("#friend-turn").inner_text()
    sent = sender.locator("#friend-turn").inner_text().removesuffix(f". Send the last link below to {friend}")
    score = r"(\d+\xa0:\xa0\d+)"  # never broken over two lines
    won, lost = rf"The match is over: you won it, {score}", rf"The match is over\. Winner: (Ana|Bo), {score}"
    winner, loser = (said, sent) if re.fullmatch(won, said) else (sent, said)
    assert re.fullmatch(won, winner) and re.fullmatch(lost, loser), (said, sent)
    assert re.fullmatch(won, winner)[1] == re.fullmatch(lost, loser)[2], "the same score, the winner's first"
    assert receiver.locator("#friend-outgoing").is_hidden()
    # Each player is told under the banner how the deal ended and why, in his own words, beside its table as it
    # ended (it vanished: the last card, the final scores were never seen).
    ends = sorted(page.locator("#friend-news").inner_text() for page in devices)
    assert ends == ["Deal 1 is over, drawn: no game points."] * 2 or (
        re.match(r"Deal 1 is over: (Ana|Bo) wins \d game points?\. \w", ends[0])
        and re.match(r"Deal 1 is over: you win \d game points?\. \w", ends[1])
    ), ends
    for page in devices:
        assert page.locator("#table").is_visible(), "the deal's table as it ended"
        # Its last finished trick counted once gone (a card led before the deal ended, by a claim, stays there).
        page.locator("#trick .trick-card").nth(1).wait_for(state="detached")
    seen_by = [[page.locator(f"#info-{seat} .seat-score-value").inner_text() for seat in (0, 1)] for page in devices]
    assert seen_by[0] == seen_by[1][::-1], "the same final scores, each player's at his own seat"
    # A trick the friend's card finished was left on the table a moment (player 1 is the friend, at the top). Each
    # trick is finished by one of them, so one table saw it; not always both (a player who wins every trick leads
    # them all, and only his table sees his friend finish one).
    seen = [page.evaluate("window.finishedTricks") for page in devices]
    assert any("0 then 1" in tricks for tricks in seen), seen
    # Counted once it has gone: the counts stood still while it lay in the middle, and went up by it as it went.
    counted = [page.evaluate("window.countedOnGoing") for page in devices]
    assert all(counted) and {step for steps in counted for step in steps} == {1}, counted
    # The deal's end is told once its last trick has gone, with the counts it says.
    assert not any(page.evaluate("window.newsBesideTrick.some(Boolean)") for page in devices)
    # A blind player hears how the deal ended (the next deal's trump was the first word after its last card).
    for page in devices:
        assert any(text.startswith("Deal 1 is over") or ". Deal 1 is over" in text for text in heard(page)), heard(page)
    # Each is offered the match's replay, the same link on both devices: the replay page on the match, every move of
    # its deal to the deal's end, which says how it ended.
    offered = [page.locator("#friend-replay") for page in devices]
    for link in offered:
        assert link.is_visible() and link.inner_text() == "Watch the match again"
    addresses = {link.get_attribute("href") for link in offered}
    assert len(addresses) == 1 and "/replay.html#game=g1." in next(iter(addresses))
    bo.locator("#friend-replay").click()
    bo.wait_for_selector("[data-status=replay]", timeout=LOAD_TIMEOUT_MS)
    assert bo.locator("#status").inner_text() == "Match replay: Ana – Bo"  # noqa: RUF001
    position = bo.locator("#replay-position")
    assert re.fullmatch(r"Deal 1 of \d+ · Move 0 of \d+", position.inner_text()), position.inner_text()
    moves = position.inner_text().rsplit(" ", 1)[1]
    bo.locator("#replay-end").click()
    bo.locator(f"#replay-position[data-ply='{moves}']").wait_for()
    assert re.match(r"Deal won by (Ana|Bo)\.|A draw", bo.locator("#replay-summary").inner_text())


def played_to_the_end(ana: Page, bo: Page, received: Callable[[Page], None] = lambda page: None) -> None:
    """After started(): each in turn plays every card he can (the first the table offers) and delivers his link to
    the other, until the match is over on both devices; `received` looks at each page that has just read a link."""
    delivered = {id(ana): offered_link(ana), id(bo): offered_link(bo)}
    for _ in range(100):
        if game_status(ana) == game_status(bo) == "over":
            break
        for me, other in ((ana, bo), (bo, ana)):
            while me.locator("#table button.card.top.playable:visible").count():
                assert me.locator("#seat-0.to-move").count() == 1
                play_a_card(me)
            link = offered_link(me)
            if link != delivered[id(me)]:
                assert deliver(link, other) == "ready"
                received(other)
                delivered[id(me)] = link
    assert game_status(ana) == game_status(bo) == "over"


def test_bos_first_card_is_kept_before_it_is_sent_and_ana_refuses_its_link_altered_and_reads_it_whole(
    devices: tuple[Page, Page],
) -> None:
    """Bo's first card, and its link on Ana's page, step by step. A full storage refused the move's save: the page
    said "That did not work" and offered the last link again, which the friend had read already; the engine had made
    the move all the same. A link altered in transit, or one made by a newer version of the page (Bo's page was
    updated, Ana's, a tab left open, not yet), pasted or opened from the address, is refused, her match kept. The
    link itself is read: the status line said only "Link received." (the friend's moves were told to a screen reader
    alone, and hours later the table does not say what he did), and a card the rules refuse said only that it could
    not be played. Resigning then was asked in the browser's confirm box, in the browser's language, not saying that
    the deal gave Bo the match; Enter keeps playing, nothing is sent."""
    ana, bo = devices
    started(ana, bo)
    # The storage is full: the move is said not kept nor sent, and not made.
    link_before = offered_link(bo)
    card = bo.locator("#table button.card.top.playable:visible").first
    code = card.get_attribute("data-card")
    bo.evaluate(FULL_STORAGE)
    card.click()
    if bo.locator("dialog#panel[open]").count():
        bo.locator("#marriage-announce").click()
    assert settled(bo) == "refused"
    assert "storage is full, so this step was neither kept nor sent" in bo.locator("#status").inner_text()
    assert offered_link(bo) == link_before and game_status(bo) == "play", "the move is not made here"
    assert face_down_cards(bo) == 0
    bo.evaluate("window.storageFull = false")
    play_a_card(bo)  # the same card, first playable still
    assert bo.locator(f'#piles-0 button.card[data-card="{code}"]:visible').count() == 0
    assert face_down_cards(bo) == 1  # the card his move turned up lies face down until Ana's share opens it
    link = offered_link(bo)
    led = bo.locator("#trick .card").first.get_attribute("data-trick-card")

    # Altered in transit: refused, the match kept.
    at = len(link) - 40
    tampered = link[:at] + ("A" if link[at] != "A" else "B") + link[at + 1 :]
    before = ana.locator("#friend-list").inner_text()
    assert deliver(tampered, ana) == "refused"
    assert ana.locator("#status").get_attribute("data-kind") == "friend_forged_sender"
    assert ana.locator("#status").inner_text() == "Refused. Your friend did not write this link, or it was changed."
    assert ana.locator("#friend-list").inner_text() == before

    # A newer version's, pasted or opened from the address: refused, the match kept.
    newer = link.replace("#f1.", "#f2.")
    assert deliver(newer, ana) == "refused"
    said = "Refused. A newer version of the game made this link: reload the page."
    assert ana.locator("#status").inner_text() == said
    ana.goto(newer)
    assert settled(ana) == "refused"
    assert ana.locator("#status").inner_text() == said
    assert ana.locator("#friend-list").inner_text() == before

    # The link itself fits her match, and the status line says what Bo played.
    assert deliver(link, ana) == "ready", "the link Ana reads fits her match"
    status = ana.locator("#status").inner_text()
    # His lead, named ("Bo: the ace of spades"; a random deal may give him a marriage to announce with it).
    assert status.startswith("Link received. Deal 1. Trumps: ") and re.search(r" Bo(:| announced)", status), status
    assert ana.locator(f'#trick .card[data-trick-card="{led}"]').count() == 1
    refused = ana.locator("#piles-0 button.card.top:visible:not(.playable)")
    if refused.count():  # answering Bo's card, Ana may play all of hers (no card of its suit, no trump)
        refused.first.click(force=True)  # aria-disabled cards count as disabled for Playwright
        # "You must follow suit: …", "You have no spades: you must play a trump…", not "This card cannot be played now"
        expect(ana.locator("#status")).to_have_text(re.compile(r"^You (must|have no) "))
    else:
        assert ana.locator("#piles-0 button.card.top.playable:visible").count() > 0

    # Resigning is asked in the page's language.
    ana.goto("/friend.html?lang=sr-Cyrl")  # the match this tab showed comes back, in Cyrillic
    ana.locator("#friend-game:not([hidden])").wait_for()
    assert settled(ana) == "ready"
    ana.locator("#friend-resign").click()
    panel = ana.locator("dialog[open]")
    assert panel.locator("h2, .panel-title").first.inner_text() == "Предати дељење?"
    assert panel.locator("p").first.inner_text() == (
        "Bo добија ово дељење са 3 поена партије, а с њима и целу партију. Предаја се не може повући."  # noqa: RUF001 (Cyrillic)
    )
    assert ana.evaluate("document.activeElement.id") == "friend-resign-no"
    ana.keyboard.press("Enter")
    panel.wait_for(state="detached")
    assert ana.locator("#friend-resign").is_visible(), "the deal goes on"


def test_an_answer_opened_elsewhere_again_or_second_says_where_it_belongs_and_the_match_goes_on(
    devices: tuple[Page, Page], browser: Browser, base_url: str
) -> None:
    """Bo's answer opened in another browser of his (a messenger's own) is of a match not kept there: said so, not
    that the link cannot be read. Ana's invitation forwarded in a group: Bo answers, then Cy. Cy's whole answer was
    refused as forged ("Your friend did not write this link, or it was changed"), an accusation, and no word of what
    happened. Bo's answer opened again from the chat where Ana received it lands on the match, said to be opened
    already (nothing refused: nothing is to be done); Ana's own link pasted back by mistake is said to be hers, to
    send."""
    ana, bo = devices
    invitation = invited(ana)
    bo.goto(invitation)
    bo.locator("#friend-accept").wait_for()
    bo.locator("#friend-accept-name").fill("Bo")
    bo.locator("#friend-accept-button").click()
    settled(bo)
    assert keep_asks(bo) == 1
    answer = offered_link(bo)
    cy = without_service_worker(browser.new_context(base_url=base_url)).new_page()  # a browser new to the match
    cy.goto(answer)
    assert settled(cy) == "refused"
    assert cy.locator("#status").inner_text().startswith("This link is from a match not kept in this browser")
    cy.goto(invitation)  # Cy's own answer to the invitation forwarded to him
    cy.locator("#friend-accept-name").fill("Cy")
    cy.locator("#friend-accept-button").click()
    assert settled(cy) == "ready"
    second = offered_link(cy)
    cy.context.close()

    assert deliver(answer, ana) == "ready"
    assert deliver(second, ana) == "refused"
    assert (
        ana.locator("#status")
        .inner_text()
        .endswith(
            "This invitation was accepted already (Bo) and that match is under way, so the answer Cy sends cannot be"
            " opened. To play against someone else, make a new invitation."
        )
    )

    # Bo's answer opened again.
    ana.goto("about:blank")
    ana.goto(answer)
    assert settled(ana) == "hint"
    assert ana.locator("#status").inner_text() == "You already opened this link: there is nothing more to do with it."
    assert (
        ana.locator("#friend-turn").inner_text()
        == "Send the link below if you have not yet, then open the link Bo sends back"
    )
    # Opened again from the chat while the page stood at its foot: what is left to do comes into sight.
    ana.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    ana.goto(answer)
    assert settled(ana) == "hint"
    assert on_screen(ana.locator("#friend-link")) and on_screen(ana.locator("#friend-turn"))
    assert deliver(offered_link(ana), ana) == "hint"
    assert ana.locator("#status").inner_text().startswith("This is the link you made: send it to your friend")
    assert ana.locator("#friend-paste").input_value() == "", "said to be hers: not left there as a link to open"
    assert deliver(offered_link(ana), bo) == "ready", "the match with Bo goes on"


def test_names_of_60_letters_with_no_space_keep_a_phones_page_to_its_screen(devices: tuple[Page, Page]) -> None:
    """A 60-letter name ran out of its box in the list of matches: the page was 624 px wide on a 360 px phone, and the
    66 question opened half off the screen."""
    ana, bo = devices
    long_name = "Đorđe" * 12
    ana.set_viewport_size({"width": 360, "height": 640})
    bo.set_viewport_size({"width": 360, "height": 640})
    ana.goto("/friend.html?lang=sr-Latn")
    assert settled(ana) == "ready"
    ana.locator("#friend-name").fill(long_name)
    ana.locator("#friend-invite").click()
    assert settled(ana) == "ready"
    bo.goto(offered_link(ana))
    bo.locator("#friend-accept-name").fill(long_name[::-1])
    bo.locator("#friend-accept-button").click()
    assert settled(bo) == "ready"
    assert deliver(offered_link(bo), ana) == "ready" and deliver(offered_link(ana), bo) == "ready"
    for page in devices:
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert long_name in page.locator("#friend-list").inner_text().replace("\n", "")


def test_a_blocked_storage_says_a_match_lasts_the_visit_and_declining_its_invitation_says_nothing_was_sent(
    devices: tuple[Page, Page],
) -> None:
    """A private window kept the invitation in memory without a word: the tab closed, the match and its secret key
    were gone, and the friend's answer could never be read. Bo declines her invitation from the keyboard: the status
    line says nothing went to Ana (there is no way to send it), the invitation leaves the page and its address, and
    the focus goes on to the form for a match of his own."""
    ana, bo = devices
    note = ana.locator("#friend-not-kept")
    ana.goto("/friend.html")
    kept = ana.locator("#friend-kept-here")
    assert settled(ana) == "ready" and note.is_hidden()
    assert kept.inner_text() == "Each match is kept on this device only."
    ana.add_init_script(BLOCKED_STORAGE)
    ana.goto("/friend.html")
    assert settled(ana) == "ready"
    assert note.is_visible() and "keep a backup (Export)" in note.inner_text()
    assert kept.is_hidden(), "the introduction does not say the match is kept"
    invitation = invited(ana, kept=False)
    assert note.is_visible(), "over the match too"

    bo.goto(invitation)
    bo.locator("#friend-accept").wait_for()
    assert settled(bo) == "ready"
    bo.locator("#friend-decline-button").focus()
    bo.keyboard.press("Enter")
    assert bo.locator("#status").inner_text() == (
        "Invitation declined. Nothing was sent: let your friend know yourself, if you like."
    )
    assert bo.locator("#friend-accept").is_hidden() and bo.locator("#friend-new").is_visible()
    assert "#f1." not in bo.url
    assert bo.evaluate("document.activeElement.id") == "friend-name"


def test_a_resigned_deal_goes_to_the_friend_and_rematch_invitations_that_cross_end_in_one_match(
    devices: tuple[Page, Page],
) -> None:
    """Option forfeit (on by default): Ana gives up the deal; with a match to 1 game point, Bo has won it, and the
    match's replay ends where she gave it up. Both then press Rematch and send each other their invitations. Each
    page, opening the friend's while its own waits unanswered, says that they crossed, and both choose the same one:
    one page offers the friend's to accept and withdraws its own, the other shows its own again, to send. One rematch
    is played, beside the finished match."""
    ana, bo = devices
    started(ana, bo)
    resigned_to_the_end(ana, bo)
    assert bo.locator("#friend-turn").inner_text() == "The match is over: you won it, 3\u00a0:\u00a00"
    assert bo.locator("#friend-news").inner_text() == "Deal 1 was resigned: you win 3 game points."
    assert ana.locator("#friend-news").inner_text() == "Deal 1 was resigned: Bo wins 3 game points."
    ana.reload()  # the engine keeps how the deal ended: the page says it again
    assert settled(ana) == "ready"
    assert ana.locator("#friend-news").inner_text() == "Deal 1 was resigned: Bo wins 3 game points."
    # Bo received the last link: his own last one, long delivered, was still offered "to send to your friend". Ana
    # cannot know whether hers arrived: it stays offered.
    assert bo.locator("#friend-outgoing").is_hidden() and ana.locator("#friend-outgoing").is_visible()
    # Its replay ends where Ana gave the deal up, after Bo's card, and says so (docs/record-format.md resigned).
    replay = ana.locator("#friend-replay")
    assert replay.get_attribute("href") == bo.locator("#friend-replay").get_attribute("href")
    replay.click()
    ana.wait_for_selector("[data-status=replay]", timeout=LOAD_TIMEOUT_MS)
    assert ana.locator("#replay-position").inner_text() == "Deal 1 of 1 · Move 0 of 1"
    assert ana.locator("#replay-summary").inner_text() == ""
    ana.locator("#replay-end").click()
    ana.locator("#replay-position[data-ply='1']").wait_for()
    summary = "Ana resigned the deal: Bo wins 3\u00a0game points. Match won by Bo, 3\u00a0:\u00a00."
    assert ana.locator("#replay-summary").inner_text() == summary
    assert ana.locator(".match-value").inner_text() == "0 : 3"

    # Back from the replay, the finished match as the tab showed it: both press Rematch.
    ana.goto("/friend.html")
    assert settled(ana) == "ready" and game_status(ana) == "over"
    invitations = {"Ana": rematch_made(ana), "Bo": rematch_made(bo)}
    said = {"Ana": deliver(invitations["Bo"], ana), "Bo": deliver(invitations["Ana"], bo)}
    assert sorted(said.values()) == ["hint", "ready"], said
    accepting, keeping = sorted(said, key=lambda name: said[name] != "ready")
    pages = {"Ana": ana, "Bo": bo}
    accepter, keeper = pages[accepting], pages[keeping]
    assert accepter.locator("#friend-crossed").inner_text() == (
        f"Your rematch invitation to {keeping} and this one crossed. Accept this one, and yours is withdrawn: when "
        f"{keeping} opens yours, the page will say to wait for your answer. So you play one match."
    )
    assert accepter.locator("#friend-accept").is_visible()
    assert keeper.locator("#friend-accept").is_hidden() and keeper.locator("#friend-crossed").is_hidden()
    assert (
        keeper.locator("#status")
        .inner_text()
        .startswith(f"The rematch invitation from {accepting} and yours crossed: yours is the one to play.")
    )
    assert offered_link(keeper) == invitations[keeping]
    assert keeper.locator("#friend-paste").input_value() == "", "the friend's invitation is read, not left to open"

    accepter.locator("#friend-accept-name").fill(accepting)
    accepter.locator("#friend-accept-button").click()
    assert settled(accepter) == "ready"
    assert accepter.locator("#status").inner_text() == "Invitation accepted. Your own rematch invitation is withdrawn."
    assert deliver(offered_link(accepter), keeper) == "ready"
    assert deliver(offered_link(keeper), accepter) == "ready"
    assert {game_status(ana), game_status(bo)} == {"play", "wait"}
    rematch = f"{keeping} – {accepting} 0:0"  # noqa: RUF001
    for page in devices:
        listed = page.locator("#friend-list button")
        assert listed.count() == 2, listed.all_inner_texts()
        assert listed.filter(has_text=rematch).count() == 1 and listed.filter(has_text="Ana – Bo 0:3").count() == 1  # noqa: RUF001
    accepter.reload()  # the withdrawn invitation stays out of the list
    assert settled(accepter) == "ready"
    assert accepter.locator("#friend-list button").count() == 2


def resigned_to_the_end(ana: Page, bo: Page) -> None:
    """After started(): Bo plays a card, Ana resigns the deal and her link reaches Bo; the match to 1 game point is
    Bo's."""
    play_a_card(bo)
    assert deliver(offered_link(bo), ana) == "ready"
    ana.locator("#friend-resign").click()
    ana.locator("#friend-resign-yes").click()  # asked in the page's panel, in its language
    assert settled(ana) == "ready"
    assert deliver(offered_link(ana), bo) == "ready"
    assert game_status(ana) == game_status(bo) == "over"


ANAS_OWN_RULES = (
    "localStorage.setItem('otv66.settings', "
    "JSON.stringify({rules: {must_beat: true, claim: 'manual', draw_bonus: true}}))"
)
"""Ana's Settings (her device only): the rules her form offers, none of them the default."""


def test_a_finished_match_offers_a_rematch_with_the_same_friend_and_rules_still_for_him_after_a_reload(
    devices: tuple[Page, Page],
) -> None:
    """At the match's end each player is offered a rematch under the banner (Ana, who still has her last link to
    send, under that link). Bo takes it: his invitation is made with his name in the finished match and its rules and
    forfeit option, whatever his own form held, and said to be for Ana. Ana reads it as Bo's, with those rules, her
    answer's name field holding her name in the finished match; once accepted a new match is under way, and the
    finished one stays in both lists. Before Ana answers, Bo's rematch invitation is said to be for her after a reload,
    on a visit to the page again and in another tab: the banner names her, its link is still there to send, the list
    says whose answer it waits for. Rematch pressed again on the finished match shows that invitation, not a second
    one."""
    ana, bo = devices
    ana.context.add_init_script(ANAS_OWN_RULES)
    started(ana, bo)
    resigned_to_the_end(ana, bo)
    for page in devices:
        rematch = page.locator("#friend-rematch")
        assert rematch.is_visible() and rematch.inner_text() == "Rematch"
        assert above(page.locator("#friend-news"), rematch) and rematch.bounding_box()["height"] >= 40
    assert above(ana.locator("#friend-outgoing"), ana.locator("#friend-rematch"))
    bo.locator("#setting-target").fill("5")  # his form, never used (he accepted), holds other rules
    bo.locator("#friend-forfeit").uncheck()
    invitation = rematch_made(bo)
    assert bo.locator("#status").inner_text() == "The rematch invitation is ready (for Ana)."
    assert bo.evaluate("document.activeElement.id") in ("friend-copy", "friend-share")  # as after the form's own
    banner = "Send the rematch invitation below, then open the link Ana sends back"
    assert bo.locator("#friend-turn").inner_text() == banner

    # Still for Ana after a reload, a visit again, in another tab; Rematch again shows it.
    waiting = "waiting for Ana's answer to your rematch invitation"
    for _ in back_again(bo):
        assert bo.locator("#friend-turn").inner_text() == banner
        assert offered_link(bo) == invitation
        pending = bo.locator("#friend-list button.current")
        assert "Bo – Ana 0:0" in pending.inner_text() and waiting in pending.inner_text()  # noqa: RUF001

    elsewhere = bo.context.new_page()  # another tab: the list, the invitation in it
    elsewhere.goto("/friend.html")
    assert settled(elsewhere) == "ready"
    elsewhere.locator("#friend-list button", has_text=waiting).click()
    assert settled(elsewhere) == "ready"
    assert elsewhere.locator("#friend-turn").inner_text() == banner and offered_link(elsewhere) == invitation
    elsewhere.close()

    bo.locator("#friend-list button", has_text="Ana – Bo 0:3").click()  # noqa: RUF001
    assert settled(bo) == "ready" and game_status(bo) == "over"
    assert rematch_made(bo) == invitation
    assert bo.locator("#friend-turn").inner_text() == banner
    assert bo.locator("#friend-list button").count() == 2

    assert deliver(invitation, ana) == "ready"
    assert ana.locator("#friend-invited-by").inner_text() == "Bo invites you to a match with these rules:"
    assert ana.locator("#friend-invite-rules li").all_inner_texts() == [
        "Match to: 1",
        "Following suit, beat the led card if you can: yes",
        "Claiming 66: manual (66 button)",
        "Next dealer: alternate",
        "After a drawn deal, +1 game point to the next deal's winner: yes",
        "A player may resign a deal (the other player then wins it with 3 game points): yes",
    ]
    assert ana.locator("#friend-accept-name").input_value() == "Ana"  # her name in the finished match, not asked again
    ana.locator("#friend-accept-button").click()
    assert settled(ana) == "ready"
    assert deliver(offered_link(ana), bo) == "ready"
    assert deliver(offered_link(bo), ana) == "ready"
    assert {game_status(ana), game_status(bo)} == {"play", "wait"}
    for page in devices:
        assert page.locator("#friend-rematch").is_hidden()
        listed = page.locator("#friend-list button")
        assert listed.count() == 2
        finished, new = (listed.filter(has_text=players) for players in ("Ana – Bo 0:3", "Bo – Ana 0:0"))  # noqa: RUF001
        assert finished.get_attribute("data-status") == "over" and "the match is over" in finished.inner_text()
        assert new.get_attribute("data-status") in ("play", "wait") and "current" in (new.get_attribute("class") or "")


def test_a_claim_of_66_is_asked_first_and_play_on_is_the_first_answer(devices: tuple[Page, Page]) -> None:
    """A tap on 66 ended the deal at once: a claim below 66 gave the friend 2 game points, here the match, where the
    game against the computer asks first. Enter keeps playing; a claim said yes to is made."""
    ana, bo = devices
    ana.context.add_init_script(ANAS_OWN_RULES)  # claiming 66 by hand
    started(ana, bo)

    def claimer() -> Page | None:
        return next((page for page in devices if page.locator("#friend-claim").is_visible()), None)

    delivered = {id(ana): offered_link(ana), id(bo): offered_link(bo)}
    for _ in range(20):
        for me, other in devices, devices[::-1]:
            while claimer() is None and me.locator("#table button.card.top.playable:visible").count():
                play_a_card(me)
            link = offered_link(me)
            if claimer() is None and link != delivered[id(me)]:
                assert deliver(link, other) == "ready"
                delivered[id(me)] = link
        if claimer():
            break
    page = claimer()
    assert page is not None, "a trick won offers the claim"
    claim_is_asked_first(page, page.locator("#friend-claim"), ends_match=True)  # a match to 1
    assert game_status(page) == "play"
    page.locator("#friend-claim").click()
    page.locator("#claim-offer-yes").click()
    assert settled(page) == "ready"
    assert "You claimed 66 with only" in page.locator("#friend-news").inner_text()
    assert game_status(page) in ("send", "over")


def rematch_made(page: Page) -> str:
    """Press Rematch under the finished match shown; the rematch invitation's link."""
    page.locator("#friend-rematch").click()
    assert settled(page) == "ready"
    return offered_link(page)


def test_a_rematch_accepted_before_the_last_link_is_the_one_rematch_shows_later(devices: tuple[Page, Page]) -> None:
    """Ana resigned the deciding deal and pressed Rematch before she sent that last link: nothing said it was still to
    send. Bo accepted her invitation, then her last link ended his match, and his Rematch made a second invitation:
    the two friends had two matches, each waiting for links meant for the other."""
    ana, bo = devices
    started(ana, bo)
    play_a_card(bo)
    assert deliver(offered_link(bo), ana) == "ready"
    ana.locator("#friend-resign").click()
    ana.locator("#friend-resign-yes").click()
    assert settled(ana) == "ready"
    last = offered_link(ana)
    invitation = rematch_made(ana)
    assert (
        ana.locator("#status")
        .inner_text()
        .startswith("The rematch invitation is ready (for Bo). Send the match's last link too")
    )
    assert deliver(invitation, bo) == "ready"
    bo.locator("#friend-accept-button").click()  # his name in the match with Ana, filled in
    assert settled(bo) == "ready"
    assert deliver(last, bo) == "ready"  # his match with Ana ends: she resigned it
    assert game_status(bo) == "over"
    bo.locator("#friend-rematch").click()
    assert settled(bo) == "ready"
    assert bo.locator("#friend-list button").count() == 2, "the rematch accepted, not a second invitation"
    assert "Ana – Bo 0:0" in bo.locator("#friend-list button.current").inner_text()  # noqa: RUF001


def test_a_name_left_empty_is_asked_for_at_its_field_and_nothing_is_sent_and_enter_there_accepts(
    devices: tuple[Page, Page],
) -> None:
    """A name of spaces is no name, on either side: the page says so beside the name field on a phone, the field
    focused, and asks the engine nothing (no refusal at the top, no match made); typing a name clears the note. Bo,
    at a keyboard, then types his name under the invitation and presses Enter, as in the form that makes one."""
    ana, bo = devices
    ana.set_viewport_size({"width": 360, "height": 640})
    ana.goto("/friend.html")
    assert settled(ana) == "ready"
    name, note = ana.locator("#friend-name"), ana.locator("#friend-name-note")
    name.fill("   ")
    ana.locator("#friend-invite").click()
    note.wait_for()
    assert note.inner_text() == "Enter your name: your friend sees it in the invitation."
    assert ana.evaluate("document.activeElement.id") == "friend-name" and on_screen(name) and on_screen(note)
    assert name.get_attribute("aria-invalid") == "true"
    assert name.get_attribute("aria-describedby") == "friend-name-note"
    assert ana.locator("#status").get_attribute("data-status") == "ready", "nothing refused: nothing was sent"
    assert ana.locator("#friend-list-box").is_hidden() and ana.locator("#friend-game").is_hidden()
    name.fill("Ana")
    assert note.is_hidden() and name.get_attribute("aria-invalid") == "false"

    bo.set_viewport_size({"width": 360, "height": 640})
    bo.goto(invited(ana))
    bo.locator("#friend-accept").wait_for()
    assert settled(bo) == "ready"
    answer_name, answer_note = bo.locator("#friend-accept-name"), bo.locator("#friend-accept-name-note")
    bo.locator("#friend-accept-button").click()
    answer_note.wait_for()
    assert answer_note.inner_text() == "Enter your name: your friend sees it in your answer."
    assert bo.evaluate("document.activeElement.id") == "friend-accept-name" and on_screen(answer_note)
    assert bo.locator("#status").get_attribute("data-status") == "ready" and offered_link(bo) == ""
    assert bo.locator("#friend-accept").is_visible(), "the invitation is still there to accept"
    answer_name.fill("Bo")
    answer_name.press("Enter")
    assert settled(bo) == "ready" and answer_note.is_hidden()
    assert bo.locator("#status").inner_text() == "Invitation accepted."
    assert bo.locator("#friend-accept").is_hidden()
    assert (
        bo.locator("#friend-turn").inner_text()
        == "Send the link below if you have not yet, then open the link Ana sends back"
    )


STATUS_HEARD = """
let shown = null;  // the status line's text now: its entry in liveTexts, taken out when another replaces it
new MutationObserver((mutations) => {
  const status = document.getElementById('status');
  if (!status || !mutations.some((m) => status.contains(m.target))) return;
  const now = performance.now();
  if (shown) shown[3] = now;
  shown = [window.frame, status.textContent, now, null];
  window.liveTexts.push(shown);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""
"""With LISTENER (added before it): the status line is live too, and says what a friend's link brought; each of its
texts is there until the next replaces it."""

BANNER_TEXTS = """
window.bannerTexts = [];
new MutationObserver((mutations) => {
  const banner = document.getElementById('friend-turn');
  if (banner && mutations.some((m) => banner.contains(m.target))) window.bannerTexts.push(banner.textContent);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""
"""Every text the live banner over the table was given (written again with the same words, a screen reader says
them again)."""


def test_a_keyboard_player_goes_on_from_his_cards_and_a_blind_one_hears_the_friends_card_his_own_and_the_trick(
    devices: tuple[Page, Page],
) -> None:
    """Ana, at a keyboard, pastes Bo's link and presses Enter on Open: it is her move, and her focus is on her first
    playable card, where the next key plays. A link read already leaves it on Open. (Both fell to the page's body,
    where Tab starts again from the top.) Blind, she hears the deal begin, Bo's card, her own and who took the trick:
    the friend's card a link brought and the trick it finished were drawn in silence, and the banner was written again
    with the same words two or three times a step; the moves are said as on the game page, the banner once."""
    ana, bo = devices
    for page in devices:
        page.add_init_script(LISTENER)
        page.add_init_script(STATUS_HEARD)
        page.add_init_script(BANNER_TEXTS)
    started(ana, bo)
    assert re.fullmatch(r"Link received\. Deal 1\. Trumps: (spades|hearts|diamonds|clubs)\.", heard(bo)[-1]), heard(bo)
    accepted = offered_link(bo)  # Bo's answer to the invitation, which Ana has read
    led = bo.locator("#table button.card.top.playable:visible").first.get_attribute("aria-label") or ""
    play_a_card(bo)  # Bo leads; Ana is to answer
    ana.locator("#friend-paste").fill(accepted)
    ana.locator("#friend-open").focus()
    ana.keyboard.press("Enter")  # the keys are the player's from here on
    assert settled(ana) == "hint"  # read already (said so): her focus stays where she pastes the right one
    assert ana.evaluate("document.activeElement.id") == "friend-open"
    ana.locator("#friend-paste").fill(offered_link(bo))
    ana.locator("#friend-open").focus()
    ana.keyboard.press("Enter")
    assert settled(ana) == "ready" and game_status(ana) == "play"
    assert ana.evaluate("document.activeElement.matches('#piles-0 button.card.top.playable')")
    # Bo's card is said after the deal's trump, when she first sees it.
    card = led.split(",")[0]  # "ace of spades, playable": the card's name
    assert heard(ana)[-1].endswith(f"{card}."), heard(ana)
    assert "Bo: " in heard(ana)[-1] or "Bo announced a marriage" in heard(ana)[-1], heard(ana)
    # Heard before her key plays (Chromium passes the live region on a batch after it changed, not at once).
    ana.wait_for_function("ms => performance.now() - window.liveTexts.at(-1)[2] >= ms", arg=BATCH_MS)
    before = len(heard(ana))
    card = ana.evaluate("document.activeElement.dataset.card")
    ana.keyboard.press("Enter")  # the card her focus is on is played
    assert settled(ana) == "ready"
    assert ana.locator(f'#piles-0 button.card[data-card="{card}"]:visible').count() == 0
    ana.wait_for_timeout(100)
    # Bo's card turned up under his lead is opened by her move (the protocol's): said with whose it is.
    after = " ".join(heard(ana)[before:])
    said = r"(Bo's card turned up: [a-z ]+\. )?You: [a-z ]+\. (Turned up: [a-z ]+\. )?(You take|Bo takes) the trick\."
    assert re.match(said, after), heard(ana)
    texts = ana.evaluate("window.bannerTexts")
    assert all(one != other for one, other in pairwise(texts)), texts


def test_a_backup_imported_on_a_new_device_and_a_damaged_store_bring_the_match_back_and_say_so(
    devices: tuple[Page, Page],
) -> None:
    """An import said nothing, and the match it showed said "Send the link below" over no link (it came only once the
    match was picked from the list). An empty box was refused as "not a backup". A store cut short, or of a newer
    version, showed the newcomer's empty page without a word, Export gave an empty backup and a new invitation was
    refused: the match could not go on."""
    ana, bo = devices
    started(ana, bo)
    play_a_card(bo)
    to_send = offered_link(bo)
    bo.locator("#friend-export").click()
    backup = bo.locator("#friend-backup-text").input_value()
    bo.evaluate("localStorage.clear(); sessionStorage.clear()")  # his new phone
    bo.reload()
    assert settled(bo) == "ready" and bo.locator("#friend-list-box").is_hidden()
    bo.locator("#friend-backup-text").fill(" ")  # the tab's draft of the box gave the backup back
    bo.locator("#friend-import").click()
    assert settled(bo) == "hint"
    assert bo.locator("#status").inner_text() == "Paste a backup first (the text Export gave)."
    bo.locator("#friend-backup-text").fill(backup)
    bo.locator("#friend-import").click()
    assert settled(bo) == "hint"
    assert bo.locator("#status").inner_text() == "1 match was imported from the backup."
    assert bo.locator("#friend-turn").inner_text().startswith("Send the link below")
    assert bo.locator("#friend-link").is_visible() and offered_link(bo) == to_send
    assert deliver(to_send, ana) == "ready"

    # Ana's store, cut short: kept aside, the match brought back from it.
    whole = ana.evaluate("localStorage.getItem('otv66.friend')")
    ana.evaluate("(text) => localStorage.setItem('otv66.friend', text)", whole[:-40])
    ana.reload()
    assert settled(ana) == "hint"
    assert ana.locator("#status").inner_text() == (
        "The friend matches kept on this device were damaged: they were kept aside,"
        " and 1 match was brought back from them."
    )
    assert ana.evaluate("localStorage.getItem('otv66.friend.unreadable')") == whole[:-40]
    assert "Bo" in ana.locator("#friend-list").inner_text()
    ana.locator("#friend-list button").first.click()
    assert settled(ana) == "ready" and game_status(ana) == "play", "the match goes on"

    while ana.locator("#table button.card.top.playable:visible").count():  # a trick she takes: she leads again
        play_a_card(ana)
    assert deliver(offered_link(ana), bo) == "ready", "the match goes on"
    bo.locator("#friend-backup-text").fill(backup)
    bo.locator("#friend-import").click()
    assert settled(bo) == "hint"
    assert bo.locator("#status").inner_text().startswith("1 match in the backup is older than on this device")

    # Ana's store of a newer version: said so, Export gives its match, the store left for the newer page.
    newer = ana.evaluate("localStorage.getItem('otv66.friend')").replace('"version":1', '"version":2', 1)
    ana.evaluate("(text) => localStorage.setItem('otv66.friend', text)", newer)
    ana.reload()
    assert settled(ana) == "hint"
    assert ana.locator("#status").inner_text().startswith("A newer version of the game kept the friend matches")
    ana.locator("#friend-export").click()
    assert len(json.loads(ana.locator("#friend-backup-text").input_value())["matches"]) == 1, "Export gives it"
    assert ana.evaluate("localStorage.getItem('otv66.friend')") == newer, "left for the newer page"


def test_a_crashed_engine_is_replaced_with_the_matches_kept_here_and_the_match_plays_on(
    devices: tuple[Page, Page],
) -> None:
    """The friend page started no new engine when its worker crashed or got stuck (a cryptography call past its
    deadline): every step after it was refused until a reload. Crashes by count as the match goes on."""
    ana, bo = devices
    bo.goto(invited(ana))
    bo.locator("#friend-accept").wait_for()
    assert settled(bo) == "ready"
    crash_engine(bo)  # while he reads the invitation: no match of his here yet
    bo.locator('#status[data-status="loading"]').wait_for()
    assert (
        settled(bo) == "hint" and bo.locator("#status").inner_text() == "The game stopped answering and was restarted."
    )
    bo.locator("#friend-accept-name").fill("Bo")
    bo.locator("#friend-accept-button").click()  # the new engine accepts it
    settled(bo)
    assert deliver(offered_link(bo), ana) == "ready"
    assert deliver(offered_link(ana), bo) == "ready"
    crash_engine(bo)
    bo.locator('#status[data-status="loading"]').wait_for()
    assert bo.locator("#table button.card.playable").count() == 0, "no card to play while the new engine loads"
    assert settled(bo) == "hint"
    assert (
        bo.locator("#status").inner_text() == "The game stopped answering; it was restarted and your matches put back."
    )
    assert game_status(bo) == "play" and bo.locator("#friend-turn").inner_text() == "Your turn: play a card"
    play_a_card(bo)  # the match is in the new engine: the move is made and its link sent
    assert deliver(offered_link(bo), ana) == "ready", "the link Ana reads fits her match"
    # Nine cards more with a crash after every third (the card's link in the making when it comes) and before every
    # third link read: nothing is lost, each link read fits the match it is read into.
    cards = links = 0
    delivered = {id(ana): offered_link(ana), id(bo): offered_link(bo)}
    while cards < 9 or links < 6:
        assert game_status(ana) != "over", "crashes by count, within the deal"
        for me, other in ((ana, bo), (bo, ana)):
            while me.locator("#table button.card.top.playable:visible").count():
                cards += 1
                play_a_low_card(me)  # the first playable card, marriages announced, ended a deal within them once
                if cards % 3 == 0:
                    crash_engine(me)
                    me.locator('#status[data-status="loading"]').wait_for()
                assert settled(me) in ("ready", "hint"), me.locator("#status").inner_text()
            link = offered_link(me)
            if link == delivered[id(me)]:
                continue
            links += 1
            if links % 3 == 0:
                crash_engine(other)
                other.locator('#status[data-status="loading"]').wait_for()
                assert settled(other) == "hint"
            assert deliver(link, other) == "ready", other.locator("#status").inner_text()
            delivered[id(me)] = link


def test_a_double_click_makes_one_invitation_and_reads_a_link_once_and_one_pasted_while_loading_waits(
    devices: tuple[Page, Page],
) -> None:
    """A double click on Invite made two invitations, and on Open read the link twice: "You already opened this
    link" over the news that the friend had accepted. Bo pastes the invitation and presses Open before the engine is
    there (a phone takes seconds to load it): the link waits for the engine rather than being refused with "try
    again", and the invitation is shown."""
    ana, bo = devices
    ana.goto("/friend.html")
    assert settled(ana) == "ready"
    ana.locator("#friend-name").fill("Ana")
    ana.locator("#friend-invite").dblclick()
    assert settled(ana) == "ready"
    assert ana.locator("#friend-list li").count() == 1
    held: list[Route] = []
    bo.route("**/js/worker.js", lambda route: held.append(route))
    bo.goto("/friend.html")
    bo.locator("#friend-paste").fill(offered_link(ana))
    bo.locator("#friend-open").click()
    assert bo.locator("#status").inner_text() == "Loading the engine…"
    assert held, "the engine was still held back"
    for route in held:
        route.continue_()
    bo.locator("#friend-accept:not([hidden])").wait_for(timeout=LOAD_TIMEOUT_MS)
    assert settled(bo) == "ready" and "Ana" in bo.locator("#friend-invited-by").inner_text()
    bo.locator("#friend-accept-name").fill("Bo")
    bo.locator("#friend-accept-button").dblclick()
    assert settled(bo) == "ready" and bo.locator("#friend-list li").count() == 1
    ana.locator("#friend-paste").fill(offered_link(bo))
    ana.locator("#friend-open").dblclick()
    assert settled(ana) == "ready", ana.locator("#status").inner_text()
    assert ana.locator("#friend-list li").count() == 1


def test_a_link_pasted_into_the_address_bar_of_the_page_already_open_is_read(devices: tuple[Page, Page]) -> None:
    """Bo has the page open; the invitation pasted into its address bar changes only the address's fragment (the page
    is not loaded again): the invitation is read all the same, its address then cleared."""
    ana, bo = devices
    invitation = invited(ana)
    bo.goto("/friend.html")
    assert settled(bo) == "ready"
    bo.goto(invitation)
    bo.locator("#friend-accept").wait_for()
    assert settled(bo) == "ready" and "Ana" in bo.locator("#friend-invited-by").inner_text()


def covered_by_status(page: Page, element: str) -> bool:
    """Whether the status line's bar, where it sticks at the top of the window, lies over `element` on screen."""
    return bool(
        page.locator("#status").evaluate(
            """(bar, id) => {
                const a = bar.getBoundingClientRect(), b = document.getElementById(id).getBoundingClientRect();
                return a.bottom > b.top + 1 && b.bottom > a.top + 1;
            }""",
            element,
        )
    )


def test_a_link_opened_again_hints_clear_of_the_banner_and_one_opened_before_its_turn_needs_an_earlier_one(
    devices: tuple[Page, Page],
) -> None:
    """Bo opens Ana's link again from the chat on a phone, upright and on its side, his move: the page brings the
    banner over the table into view, and the hint that the link was opened already sticks at the top of the window,
    over neither its lines nor what the page scrolls into view while it shows; it stays in sight while he scrolls.
    A link of Bo's that the chat lost (or that Ana skipped) and the next one opened first: refused, saying that an
    earlier link of his is to be opened before it (not that it was opened already); the missing one is read then."""
    ana, bo = devices
    started(ana, bo)
    for width, height in ((360, 640), (640, 360)):
        bo.set_viewport_size({"width": width, "height": height})
        bo.goto("about:blank")
        bo.goto(offered_link(ana))
        assert settled(bo) == "hint" and game_status(bo) == "play", width
        assert bo.locator("#status").evaluate("bar => getComputedStyle(bar).position") == "sticky"
        assert bo.evaluate("scrollY") > 0, ("the banner is brought up to the top of the window", width)
        assert on_screen(bo.locator("#friend-turn")) and not covered_by_status(bo, "friend-turn"), width
        scrolled = bo.evaluate("scrollY")
        bo.evaluate("scrollBy(0, 400)")
        assert bo.evaluate("scrollY") > scrolled + 300, width
        assert bo.locator("#status").evaluate("bar => bar.getBoundingClientRect().top") == 0, (
            "the hint stays in sight",
            width,
        )
        bo.locator("#friend-turn").evaluate("banner => banner.scrollIntoView({block: 'start'})")
        assert not covered_by_status(bo, "friend-turn"), width

    # Bo's next link opened before the one the chat lost.
    sender, receiver = (ana, bo) if ana.locator("#friend-turn").get_attribute("data-turn") == "play" else (bo, ana)
    before = receiver.evaluate("JSON.stringify(Object.entries(localStorage))")  # her page before the link she misses
    answered = offered_link(receiver)
    play_a_card(sender)
    missed = offered_link(sender)
    assert deliver(missed, receiver) == "ready"
    later = missed
    for _ in range(4):  # until the sender's next link: each plays when it is his move, and sends what he has
        if receiver.locator("#friend-turn").get_attribute("data-turn") == "play":
            play_a_card(receiver)
        if offered_link(receiver) != answered:
            answered = offered_link(receiver)
            assert deliver(answered, sender) == "ready"
        if sender.locator("#friend-turn").get_attribute("data-turn") == "play":
            play_a_card(sender)
        later = offered_link(sender)
        if later != missed:
            break
    assert later != missed, [page.locator("#friend-turn").get_attribute("data-turn") for page in (sender, receiver)]
    receiver.evaluate(
        "saved => { localStorage.clear(); for (const [k, v] of JSON.parse(saved)) localStorage.setItem(k, v); }", before
    )
    receiver.goto("/friend.html")
    assert settled(receiver) == "ready"
    assert deliver(later, receiver) == "refused"
    assert receiver.locator("#status").get_attribute("data-kind") == "friend_out_of_order"
    assert receiver.locator("#status").inner_text() == (
        "Refused. This link's turn has not come yet: an earlier link your friend sent must be opened before it. "
        "Open that one first (or ask your friend to send it again), then this one."
    )
    assert deliver(missed, receiver) == "ready"  # the match kept as it was: the missing link is read
