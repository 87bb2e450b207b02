"""Browser test of the club challenge (club.html, issue 13): create, play in two profiles, rank, refuse forgeries.

A one-deal challenge keeps it short: the organiser creates it and copies its link; two members, each in a browser
context of his own (two profiles: separate storage), play it by clicking; a member who opens it again sees his
totals and result link; the standings view verifies both result links and ranks them as the engine does, in a
table that fits a phone; a result with one computer move or its totals changed is refused; the standings link
reopens the same table. The second member's profile goes offline after its first visit and does all of it without
the network (the service worker answers). The deals are played on the game's own table (by clicks, and one move
by the keyboard), which fits a phone upright and on its side and a desktop (screenshots in e2e/artifacts); the
form refuses a closing day already past; a challenge past its closing date says so and starts no attempt.
A result of another challenge pasted among a challenge's results is refused alone, the others ranked and exported
for a Serbian spreadsheet; a link with a full stop after it opens; the club's snippet is the Embed page's
responsive frame, in which Copy works (and says so where the host did not allow the clipboard). A new challenge's
links come into view on a phone, Copy focused, and carry the organiser's language to the members. The page says
what a club challenge is, to the organiser and the member, and its status bar does not repeat the form's heading.
"""

from __future__ import annotations

import base64
import functools
import http.server
import json
import random
import re
import threading
import zlib
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from urllib.parse import unquote
from zoneinfo import ZoneInfo

import pytest
from conftest import ACTION_TIMEOUT_MS, LOAD_TIMEOUT_MS, without_service_worker
from playwright.sync_api import Browser, BrowserContext, Frame, Page
from test_never_lose import KEEP_ASKS, claim_is_asked_first, crash_engine, keep_asks
from test_pace import SEAT_COUNTS
from test_play import HURRIED_MS, KEY_GAPS, press_again_and_again
from test_screen_reader import LISTENER, heard
from test_screens import TAP, check_whole_table

from otv66.challenge import Attempt, Challenge, computer_acts, standings, standings_csv, verify
from otv66.links import (
    challenge_token,
    encode_token,
    read_challenge_token,
    read_result_token,
    result_token,
    standings_token,
)
from otv66.rules import Rules

SW_CONTROLS = """() => navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller ? true :
  new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true))))"""


@pytest.fixture
def contexts(browser: Browser, base_url: str) -> Iterator[list[BrowserContext]]:
    """Three browser profiles: the organiser and two members; the second member's alone with the service worker (he
    plays offline), the others without it (NO_SERVICE_WORKER: installing it downloads the whole site again)."""
    opened = [browser.new_context(base_url=base_url, service_workers="allow") for _ in range(3)]
    for context in opened[:2]:
        without_service_worker(context)
    for context in opened:
        context.add_init_script(KEEP_ASKS)
    yield opened
    for context in opened:
        context.close()


def new_page(context: BrowserContext) -> Page:
    page = context.new_page()
    page.set_default_timeout(ACTION_TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def open_fresh(page: Page, url: str) -> None:
    """Open ``url`` as a new document (going from one club link to another only changes the fragment)."""
    page.goto("about:blank")
    page.goto(url)


def wait_status(page: Page, *wanted: str) -> str:
    selector = ", ".join(f'#status[data-status="{status}"]' for status in (*wanted, "error"))
    page.locator(selector).wait_for(timeout=LOAD_TIMEOUT_MS)
    status = page.locator("#status").get_attribute("data-status") or ""
    assert status != "error", page.locator("#status").inner_text()
    return status


STATUSES_FROM_NOW = """() => {
  const line = document.getElementById('status');
  window.statusesSeen = [];
  new MutationObserver(() => window.statusesSeen.push(line.dataset.status)).observe(
    line, {attributes: true, attributeFilter: ['data-status']});
}"""


def statuses_seen(page: Page) -> list[str]:
    """Each status the line took since STATUSES_FROM_NOW was evaluated, in order (one taken again counted once)."""
    seen: list[str] = page.evaluate("window.statusesSeen")
    return [status for i, status in enumerate(seen) if i == 0 or seen[i - 1] != status]


def said_again_after_a_crash(page: Page, status: str) -> None:
    """A crash where the page had asked the engine nothing (a result, a closed challenge): once the new engine is in,
    the status says what it said (``status``), not that the game was restarted."""
    said = page.locator("#status").inner_text()
    crash_engine(page)
    wait_status(page, "loading")
    wait_status(page, status)
    assert page.locator("#status").inner_text() == said


def create_challenge(page: Page) -> str:
    """Create a one-deal challenge (in a profile allowed the clipboard) and copy its link; the link."""
    page.goto("/club.html")
    wait_status(page, "ready")
    page.fill("#club-name", "Petak u klubu")
    page.fill("#club-deals", "1")
    page.select_option("#club-level", "beginner")
    page.click("#club-create-button")
    wait_status(page, "created")
    link = page.input_value("#club-link")
    assert "#challenge=c1." in link
    page.click("#club-link-copy")
    page.locator("#club-link-copy", has_text="Copied").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == link
    snippet = page.input_value("#club-snippet")
    assert 'src="' in snippet and "embed=1&amp;lang=en#challenge=" in snippet, "the club's language goes along"
    page.click("#club-snippet")
    selected = "(({id, selectionStart, selectionEnd}) => [id, selectionStart, selectionEnd])(document.activeElement)"
    assert page.evaluate(selected) == ["club-snippet", 0, len(snippet)], "a tap selects the whole snippet"
    # The organiser's way back to the standings, to keep: a field to copy as well as a link to follow now.
    standings_view = page.input_value("#club-standings-view")
    assert standings_view == page.get_attribute("#club-standings-start", "href")
    assert standings_view.endswith(f"#challenge={token_of(link)}&view=standings")
    page.click("#club-standings-view-copy")
    page.locator("#club-standings-view-copy", has_text="Copied").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == standings_view
    return link


def counted(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


PLAYABLE = "#piles-0 button.card.top.playable"
NEXT_DEAL = "#club-next-deal:not([disabled])"
"""The Next deal button that leads on: pressed, it stays in sight (disabled) until the engine has dealt the next one."""
STEP = f'{PLAYABLE}, {NEXT_DEAL}:visible, #panel[open], #status[data-status="finished"]'
"""What a member playing a challenge can act on now, or its end."""
SCREENS = [(360, 640), (640, 360), (1280, 800)]


def check_screens(page: Page, artifacts: Path, name: str) -> None:
    """The club table on a phone upright, on its side and on a desktop: all of it on one screen, cards tappable."""
    desktop = page.viewport_size
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        page.locator(PLAYABLE).first.wait_for()
        check_whole_table(page, TAP)
        page.screenshot(path=artifacts / f"club-{name}-{width}x{height}.png")
    assert desktop is not None
    page.set_viewport_size(desktop)


def play(page: Page, link: str, name: str, pick: int, screens: Path | None = None) -> str:
    """Play the challenge on the table (the ``pick``-th playable card each time: 0 first, -1 last); its result link."""
    start_playing(page, link, name)
    return play_on(page, pick, screens, name)


def start_playing(page: Page, link: str, name: str) -> None:
    """Open the challenge and start it as member ``name``."""
    open_fresh(page, link)
    wait_status(page, "ready")
    page.fill("#club-member", name)
    page.click("#club-start-button")


def play_on(page: Page, pick: int, screens: Path | None = None, name: str = "") -> str:
    """Play a started challenge to its end by clicking (the ``pick``-th playable card), the first move by the
    keyboard; measure the screens on the way when ``screens`` is given (named by ``name``); the result link."""
    first = True
    while True:
        page.locator(STEP).first.wait_for()
        if page.locator("#status").get_attribute("data-status") == "finished":
            return page.input_value("#club-result-link")
        if page.locator("#panel[open]").count():
            page.click("#marriage-plain")
        elif page.locator(NEXT_DEAL).is_visible():
            page.click(NEXT_DEAL)
        elif first:
            assert page.locator("#status").inner_text() == "Your turn.", "as the game says it"
            if screens:
                check_screens(page, screens, name)
            page.keyboard.press("1")  # the first playable card takes the focus; Enter plays it
            page.keyboard.press("Enter")
            first = False
        else:
            cards = page.locator(PLAYABLE)
            cards.nth(pick if pick >= 0 else cards.count() - 1).click()


def token_of(url: str) -> str:
    return unquote(url.split("#", 1)[1].split("=", 1)[1])


def contents(token: str) -> dict:
    packed = token.split(".", 1)[1]
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))))


def forged_computer_move(token: str) -> str:
    """The result with its first computer move that had an alternative changed to that alternative."""
    result = read_result_token(token)
    deal = result.challenge.deal(0)
    moves = list(result.moves[0])
    for ply, move in enumerate(moves):
        if computer_acts(deal) and len(deal.legal_moves()) > 1:
            moves[ply] = next(m for m in deal.legal_moves() if m != move)
            break
        deal.play(move)
    data = contents(token)
    data["moves"] = ["".join(moves)]
    return encode_token("r", data)


def table_names(page: Page) -> list[str]:
    return page.locator("#club-table tbody tr").evaluate_all("rows => rows.map(r => r.dataset.member)")


FITS_ITS_BOX = """() => [...document.querySelectorAll('.club-scroll')].every((box) =>
  box.querySelector('table').getBoundingClientRect().right <= box.getBoundingClientRect().right + 0.5)
  && document.documentElement.scrollWidth <= innerWidth"""


def test_a_club_challenge_from_creation_to_standings(
    contexts: list[BrowserContext], base_url: str, artifacts: Path
) -> None:
    organiser, ana, bora = (new_page(context) for context in contexts)
    contexts[0].grant_permissions(["clipboard-read", "clipboard-write"])
    link = create_challenge(organiser)

    bora.goto("/club.html")  # the first visit: then this profile plays offline
    wait_status(bora, "ready")
    bora.evaluate(SW_CONTROLS)
    contexts[2].set_offline(True)

    results = [play(ana, link, "Ana", 0, screens=artifacts), play(bora, link.replace("#", "&speed=off#"), "Bora", -1)]
    assert keep_asks(ana) and keep_asks(bora), "each member's page asked to keep his one attempt"
    expected = [row.entry.name for row in standings(verify(read_result_token(token_of(url))) for url in results)]
    finished = "Challenge finished: send your result link to the organiser."
    assert ana.locator("#status").inner_text() == finished, "not the computer still thinking"
    last_deal = (
        r"(You won the deal: \d+ game points?\."
        r"|The computer won the deal \(\d game points?\); you took \d+ card points?\."
        r"|The deal is a draw; you took \d+ card points?\.)"
        r"(?: (?:You|Computer): [^.]+ \N{EM DASH} [23] game points to the winner\.)?"  # why 2 or 3
        r" Points: you \d+, the computer \d+\."
    )
    assert re.fullmatch(f"{last_deal} Challenge over: .+", ana.locator("#club-final").inner_text()), "the last deal too"

    # Ana opens the challenge again: no second attempt, her totals and her result link, and the true state below.
    totals = verify(read_result_token(token_of(results[0]))).totals
    open_fresh(ana, link)
    wait_status(ana, "finished")
    won = f"{counted(totals.deals_won, 'deal')} won" if totals.deals_won else "no deal won"
    assert ana.locator("#club-final").inner_text() == (
        f"You have already played this challenge on this device: {counted(totals.game_points, 'game point')}, {won}."
    )
    assert ana.input_value("#club-result-link") == results[0]
    assert ana.locator("#status").inner_text() == finished

    open_fresh(bora, results[1])
    wait_status(bora, "standings")
    bora.set_viewport_size({"width": 360, "height": 640})
    bora.fill("#club-results", "\n".join(results))
    bora.click("#club-verify")
    bora.locator("#club-table tbody tr").nth(1).wait_for()
    wait_status(bora, "standings")
    assert table_names(bora) == expected
    assert bora.evaluate(FITS_ITS_BOX), "every column of the standings on a phone's screen"
    assert bora.locator("#club-deal-table th").all_inner_texts() == ["Name", "Game points", "Card points"]
    assert bora.locator("#club-deal-select option").all_inner_texts() == ["Deal 1"], "not a bare '1'"
    standings_link = bora.input_value("#club-standings-link")
    assert bora.locator("#club-csv").get_attribute("href", timeout=ACTION_TIMEOUT_MS).startswith("data:text/csv")

    open_fresh(bora, standings_link)
    wait_status(bora, "standings")
    assert table_names(bora) == expected
    assert bora.locator("#club-paste").is_hidden()

    honest = token_of(results[0])
    totals = contents(honest)
    totals["totals"][0] += 1
    reasons = ("Deljenje 1, potez br. ", ": računar ne bi tako odigrao."), ("Zbirovi u rezultatu nisu",)
    for forged, words in zip((forged_computer_move(honest), encode_token("r", totals)), reasons, strict=True):
        open_fresh(organiser, f"{base_url}/club.html?lang=sr-Latn#result={forged}")
        refusal = organiser.locator("#club-refused li").first
        refusal.wait_for()
        name = read_result_token(honest).name
        assert refusal.inner_text().startswith(f"Red 1 ({name}): rezultat je odbijen. "), "whose result it was"
        assert all(word in refusal.inner_text() for word in words), "the reason, in the page's language"
        assert organiser.locator("#club-table").is_hidden()


def test_every_field_the_organiser_got_wrong_says_so_at_once_and_a_challenge_made_as_the_engine_crashed_is_made(
    page: Page,
) -> None:
    """One per press, the closing day first: with three fields wrong the form took three tries to say so. The
    organiser's press met a lost engine: the page threw, and every press after it failed until a reload."""
    page.goto("/club.html?lang=en")
    wait_status(page, "ready")
    page.fill("#club-deals", "13")
    page.fill("#club-closes", "2020-01-01")
    page.click("#club-create-button")
    page.locator('#status[data-status="error"]').wait_for()
    assert page.locator("#club-name-note").inner_text() == "A challenge's name must have 1 to 60 characters."
    assert page.locator("#club-deals-note").inner_text() == "A challenge has 1 to 12 deals."
    assert page.locator("#club-closes-day").inner_text().startswith("That day has passed")
    assert page.evaluate("document.activeElement.id") == "club-name", "the first of them, in the form's order"
    assert page.locator("#club-created").is_hidden()
    # Put right, and pressed as the engine crashes: made by the new one.
    page.fill("#club-name", "Petak u klubu")
    page.fill("#club-deals", "4")
    page.fill("#club-closes", "2099-01-31")
    crash_engine(page)
    wait_status(page, "loading")
    page.evaluate(STATUSES_FROM_NOW)
    page.click("#club-create-button")
    wait_status(page, "created")
    assert "#challenge=c1." in page.input_value("#club-link")
    # Not the refusal from before the crash, put right since, said again as the new engine came in (as it was).
    assert statuses_seen(page) == ["ready", "created"], "the form's own line while the press waited"


def test_a_double_click_on_create_makes_one_challenge(page: Page) -> None:
    """A double click made two challenges, the second said to be "another" (its links not the ones being sent)."""
    page.goto("/club.html?lang=en")
    wait_status(page, "ready")
    page.fill("#club-name", "Petak u klubu")
    page.dblclick("#club-create-button")
    wait_status(page, "created")
    assert page.locator("#status").inner_text() == "The challenge is ready: send the link to the members."
    assert page.locator("#club-made-list button").count() == 1


def test_the_organisers_own_link_to_the_standings_keeps_the_language_he_reads(page: Page) -> None:
    page.goto("/club.html?lang=sr-Cyrl")
    wait_status(page, "ready")
    assert page.get_attribute("#club-home", "href") == "index.html?lang=sr-Cyrl", "the game in the visit's language"
    assert page.get_attribute("#club-embed-info", "href") == "embed-info.html?lang=sr-Cyrl", "how to embed, in it too"
    page.fill("#club-name", "Петак")
    # A closing day already past would turn every member away: refused beside the field, nothing is created.
    assert page.get_attribute("#club-closes", "min") == page.evaluate("new Date().toLocaleDateString('sv')")
    page.fill("#club-closes", "2020-01-01")
    page.click("#club-create-button")
    refused = "Тај дан је прошао: изазов би био затворен пре првог дељења."  # noqa: RUF001 (Cyrillic)
    assert page.locator("#club-closes-day").inner_text().startswith(refused)
    assert page.locator("#club-created").is_hidden()
    # The status line says it too (it said nothing: a refusal of the last press, put right, stayed there).
    page.locator('#status[data-status="error"]').wait_for()
    assert page.locator("#status").inner_text().startswith(refused)
    # The claim rule is a list naming both ways, worded as on the friend page, with its note: what manual costs.
    claim, note = page.locator("#club-manual-claim"), page.locator("#club-claim-note")
    assert claim.locator("option").all_inner_texts() == ["аутоматски", "ручно (дугме 66)"]
    assert note.inner_text() == (
        "Ручно: сваки играч сам пријављује 66 и сам броји поене (не приказују се до краја дељења); "  # noqa: RUF001
        "пријава испод 66 даје противнику 2 поена партије."
    )
    assert claim.get_attribute("aria-describedby") == "club-claim-note"
    claim.select_option("manual")
    # The browser's date field may write the day in its own order (12/08/2026): the note says it the Serbian way.
    page.fill("#club-closes", "2030-08-12")
    closing_note = "Игра се до 12.\xa08.\xa02030. закључно, по сату уређаја сваког играча."  # noqa: RUF001 (Cyrillic)
    assert page.locator("#club-closes-day").inner_text() == closing_note
    page.click("#club-create-button")
    wait_status(page, "created")
    assert "/club.html?lang=sr-Cyrl#challenge=c1." in page.input_value("#club-link"), "the club's language goes along"
    assert read_challenge_token(token_of(page.input_value("#club-link"))).rules.claim == "manual"
    page.click("#club-standings-start")
    wait_status(page, "ready")  # nothing pasted yet: the status says what to do
    assert page.locator("#club-verify").inner_text() == "Проверите и рангирајте"


IN_SIGHT = """e => { const r = e.getBoundingClientRect();
  const box = document.getElementById('club-main').getBoundingClientRect();
  return r.top >= box.top - 1 && r.bottom <= box.bottom + 1; }"""
"""Whether an element of the page's scrolling part lies wholly in its visible part."""


def test_a_new_challenges_links_come_into_view_in_the_organisers_language(contexts: list[BrowserContext]) -> None:
    """The organiser reads the page in Serbian (chosen in its picker, not in the address) on a phone: the links he
    has just made come into view from the form's button far below them, the challenge link's Copy focused (where a
    keyboard or a screen reader goes on); the challenge link carries his language, so a member whose browser reads
    English plays the club's challenge in Serbian."""
    organiser, member = new_page(contexts[0]), new_page(contexts[1])
    organiser.set_viewport_size({"width": 360, "height": 640})
    organiser.goto("/club.html")
    wait_status(organiser, "ready")
    organiser.select_option("#club-language", "sr-Latn")
    organiser.locator('html[lang="sr-Latn"]').wait_for()
    wait_status(organiser, "ready")
    organiser.fill("#club-name", "Petak u klubu")
    organiser.click("#club-create-button")
    wait_status(organiser, "created")
    assert all(organiser.locator(f"#{id}").evaluate(IN_SIGHT) for id in ("club-link-label", "club-link-copy"))
    assert organiser.evaluate("document.activeElement.id") == "club-link-copy"
    link = organiser.input_value("#club-link")
    assert "/club.html?lang=sr-Latn#challenge=c1." in link
    member.goto(link)
    wait_status(member, "ready")
    assert member.evaluate("document.documentElement.lang") == "sr-Latn"
    assert member.locator("#club-start-button").inner_text() == "Počnite"


def test_the_challenges_made_here_are_listed_to_show_their_links_again_and_a_second_is_said_to_be_another(
    page: Page, base_url: str
) -> None:
    """A reload lost the links of a challenge made (the organiser had nothing left to send), and a second press of the
    button made another challenge, with other deals, under the same "Izazov je napravljen"."""
    page.goto(f"{base_url}/club.html?lang=sr-Latn")
    wait_status(page, "ready")
    assert page.locator("#club-made").is_hidden(), "none made yet"
    page.fill("#club-name", "Petak u klubu")
    page.click("#club-create-button")
    wait_status(page, "created")
    first = page.input_value("#club-link")
    assert page.locator("#club-create-button").inner_text() == "Napravite još jedan izazov"
    page.click("#club-create-button")
    page.locator("#status", has_text="Napravljen je još jedan izazov, s drugim deljenjima").wait_for()
    second = page.input_value("#club-link")
    assert second != first
    closed = {"token": challenge_token(PAST), "name": "Novembarski turnir", "closes": PAST.closes, "made": 1e12}
    page.evaluate(
        """(closed) => localStorage.setItem("otv66.clubMade",
             JSON.stringify([...JSON.parse(localStorage.getItem("otv66.clubMade")), closed, {token: "c1.a b"}]))""",
        closed,
    )
    page.reload()
    wait_status(page, "ready")
    made = page.locator("#club-made-list button")
    listed = made.all_inner_texts()
    day = r"\d+\.\s\d+\.\s\d{4}\."  # a non-breaking space between its parts
    when = rf"napravljen {day}\s\d+:\d+"  # told apart by the minute they were made
    assert len(listed) == 3, "the damaged entry left out"
    assert all(re.fullmatch(rf"Petak u klubu · zatvara se {day} · {when}", text) for text in listed[:2]), listed
    assert re.fullmatch(rf"Novembarski turnir · zatvoren \(poslednji dan {day}\) · napravljen .+", listed[2]), listed
    made.nth(1).click()  # the first made, listed after the latest
    assert page.input_value("#club-link") == first
    assert page.locator("#status").inner_text() == "Linkovi izazova „Petak u klubu“: pošaljite link članovima."
    assert page.evaluate("document.activeElement.id") == "club-link-copy"
    assert made.nth(1).get_attribute("aria-current") == "true" and made.nth(0).get_attribute("aria-current") is None
    made.nth(2).click()
    said = "Izazov „Novembarski turnir“ je zatvoren: članovi ga više ne mogu igrati, a tabela rezultata je i dalje tu."
    assert page.locator("#status").inner_text() == said


def friend_page_language(page: Page) -> str:
    """Open the friend page without ``lang``; the language it reads in (its picker showing the same)."""
    page.goto("/friend.html")
    page.locator('#status:not([data-status="loading"])').wait_for(timeout=LOAD_TIMEOUT_MS)
    lang = page.evaluate("document.documentElement.lang")
    assert page.locator("#friend-language").input_value() == lang
    return lang


def test_a_language_chosen_on_the_club_page_is_the_one_the_friend_page_opens_in(page: Page, base_url: str) -> None:
    """One remembered choice for the game's pages (its settings): Cyrillic chosen over the address's English loads
    the same challenge again in Cyrillic, the address's ``lang`` dropped (it would overrule the choice), and the
    friend page then opens in Cyrillic too."""
    token = challenge_token(Challenge("Petak", deals=1, level="beginner", closes="2099-01-31", seed=5))
    page.goto(f"{base_url}/club.html?lang=en#challenge={token}")
    wait_status(page, "ready")
    assert page.get_attribute("#club-home", "href") == "index.html?lang=en"
    picker = page.locator("#club-language")
    assert picker.input_value() == "en" and picker.get_attribute("aria-label") == "Language"
    assert picker.locator("option").all_inner_texts() == ["Latinica", "Ћирилица", "English"]
    picker.select_option("sr-Cyrl")
    page.locator('html[lang="sr-Cyrl"]').wait_for()
    wait_status(page, "ready")
    assert page.locator("#club-home").inner_text() == "Играјте против рачунара"
    assert page.locator("#club-challenge-name").inner_text() == "Petak", "the same challenge"
    assert page.url == f"{base_url}/club.html#challenge={token}"
    assert page.get_attribute("#club-home", "href") == "index.html", "the game in the language chosen"
    assert picker.input_value() == "sr-Cyrl" and picker.get_attribute("aria-label") == "Језик"
    assert friend_page_language(page) == "sr-Cyrl"
    assert page.locator("#home-link").inner_text() == "Играјте против рачунара"


def test_a_language_the_club_page_remembered_under_its_former_key_is_kept(page: Page) -> None:
    """The club page kept its language under a key of its own before: a visitor's choice there is moved into the
    game's settings once (the old key goes), so the friend page reads in it too; a choice made with no ``lang`` in
    the address (which stays the same) still loads the page again."""
    page.goto("/club.html")
    wait_status(page, "ready")
    assert page.evaluate("document.documentElement.lang") == "en", "the browser's language: nothing remembered"
    page.evaluate("localStorage.setItem('otv66.club.language', 'sr-Cyrl')")  # as the club page of before left it
    page.reload()
    page.locator('html[lang="sr-Cyrl"]').wait_for()
    wait_status(page, "ready")
    assert page.locator("#club-language").input_value() == "sr-Cyrl"
    assert page.evaluate("localStorage.getItem('otv66.club.language')") is None
    assert json.loads(page.evaluate("localStorage.getItem('otv66.settings')")) == {"lang": "sr-Cyrl"}
    assert friend_page_language(page) == "sr-Cyrl"
    page.goto("/club.html")
    wait_status(page, "ready")
    page.locator("#club-language").select_option("sr-Latn")
    page.locator('html[lang="sr-Latn"]').wait_for()
    wait_status(page, "ready")
    assert page.locator("#club-home").inner_text() == "Igrajte protiv računara"
    assert friend_page_language(page) == "sr-Latn"


def test_the_page_says_what_a_club_challenge_is_and_its_status_does_not_repeat_the_heading(
    page: Page, base_url: str
) -> None:
    """The organiser's first screen on a phone says what a club challenge is under the top bar, in the page's
    language, and the status bar at the bottom does not say the form's heading again: it says what the form gives
    him. A member opening a challenge link reads the same introduction. The form's checkbox is drawn in the table's
    gold, at a size a finger finds."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto("/club.html?lang=sr-Latn")
    wait_status(page, "ready")
    intro = page.locator("#club-intro")
    assert intro.inner_text().startswith("U klupskom izazovu svi članovi igraju ista deljenja protiv računara")
    assert intro.evaluate(IN_SIGHT) and intro.evaluate(
        "(e, form) => e.getBoundingClientRect().bottom <= form.getBoundingClientRect().top",
        page.locator("#club-create").element_handle(),
    )
    said = "Kad napravite izazov, dobićete link za članove i kod za sajt kluba."
    assert page.locator("#status").inner_text() == said, "not the heading of the form a second time"
    accent, size = page.locator("#club-must-beat").evaluate(
        "b => [getComputedStyle(b).accentColor, b.getBoundingClientRect().height]"
    )
    assert accent == "rgb(255, 213, 74)" and size >= 24, (accent, size)
    token = challenge_token(Challenge("Petak", deals=1, level="beginner", closes="2099-01-31", seed=5))
    for lang, opening in (("sr-Cyrl", "У клупском изазову"), ("en", "In a club challenge every member")):  # noqa: RUF001
        open_fresh(page, f"{base_url}/club.html?lang={lang}#challenge={token}")
        wait_status(page, "ready")
        assert intro.inner_text().startswith(opening) and intro.evaluate(IN_SIGHT), lang
        assert page.locator("#status").inner_text() != "", "a member is asked for his name"


def refused_at(page: Page, field: str, said: str) -> None:
    """The form was refused for ``field``: said under it in the page's language, the field marked and focused."""
    note = page.locator(f"#{field}-note")
    note.wait_for()
    assert note.inner_text() == said
    assert page.get_attribute(f"#{field}", "aria-invalid") == "true"
    assert page.evaluate("document.activeElement.id") == field
    assert note.evaluate(IN_SIGHT)


def test_a_field_refused_says_why_under_it_in_the_pages_language_not_the_browsers(page: Page, base_url: str) -> None:
    # The browser's own check stopped the form with "Please fill out this field." (in the browser's language, on a
    # Serbian page) and "Value must be less than or equal to 12."; the organiser now reads the engine's refusal.
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto("/club.html?lang=sr-Latn")
    wait_status(page, "ready")
    page.focus("#club-name")
    page.keyboard.press("Enter")
    refused_at(page, "club-name", "Naziv izazova treba da ima od 1 do 60 znakova.")
    page.keyboard.type("Petak")
    assert page.locator("#club-name-note").is_hidden() and page.get_attribute("#club-name", "aria-invalid") != "true"
    page.fill("#club-deals", "13")
    page.focus("#club-deals")
    page.keyboard.press("Enter")
    refused_at(page, "club-deals", "Izazov može imati od 1 do 12 deljenja.")
    page.fill("#club-deals", "2")
    page.keyboard.press("Enter")
    # The refusal left the status at "error": wait for the answer to this Enter, not that.
    page.locator('#status:not([data-status="error"])').wait_for(timeout=LOAD_TIMEOUT_MS)
    wait_status(page, "created")
    # A member's name: said under his field too (Cyrillic).
    open_fresh(page, f"{base_url}/club.html?lang=sr-Cyrl#challenge={challenge_token(PETAK)}")
    wait_status(page, "ready")
    page.focus("#club-member")
    page.keyboard.press("Enter")
    refused_at(page, "club-member", "Име треба да има од 1 до 60 знакова.")


def test_a_challenge_past_its_closing_date_starts_no_attempt(page: Page, base_url: str) -> None:
    closed = challenge_token(Challenge("Stari izazov", deals=1, level="beginner", closes="2020-01-31", seed=5))
    page.goto(f"{base_url}/club.html?embed=1&lang=sr-Latn#challenge={closed}")
    page.locator('#status[data-status="closed"]').wait_for(timeout=LOAD_TIMEOUT_MS)
    # The closing day as Serbian writes a date, not as the link stores it (2020-01-31), said once: not in the box too.
    closed_on = "Izazov je zatvoren 31.\xa01.\xa02020. (po satu ovog uređaja)"
    assert page.locator("#status").inner_text().startswith(closed_on)
    assert page.locator("#club-challenge-info").inner_text() == "1 deljenje protiv računara (početnik)."
    # The way to the standings is the organiser's (he pastes the results there): a member in the club's frame found
    # his own result alone in a table, and no way back to the challenge.
    assert page.locator("#club-to-standings").is_hidden()
    assert page.locator("#club-start").is_hidden() and page.locator("#table").is_hidden()
    # In a club's frame: no language picker (there, but hidden), no way out to a new match.
    assert page.locator("#club-language").count() == 1
    assert page.locator("#club-language").is_hidden() and page.locator("#club-home").is_hidden()
    said_again_after_a_crash(page, "closed")


def test_a_broken_challenge_link_says_why_and_what_to_do_on_the_page(page: Page, base_url: str) -> None:
    token = challenge_token(Challenge("Petak", deals=1, level="beginner", closes="2099-01-31", seed=5))
    page.goto(f"{base_url}/club.html?lang=sr-Latn#challenge={token[:-8]}")
    page.locator('#status[data-status="error"]').wait_for(timeout=LOAD_TIMEOUT_MS)
    problem = page.locator("#club-problem")
    assert problem.is_visible(), "not only in the status line at the bottom"
    assert problem.locator("h2").inner_text() == "Ovaj link ne može da se otvori"
    assert page.locator("#club-problem-reason").inner_text() == "Link je skraćen ili oštećen: kopirajte ceo link."
    assert "ponovo pošalje ceo link" in problem.inner_text()
    assert page.locator("#club-play").is_hidden() and page.locator("#table").is_hidden()
    page.goto("about:blank")
    page.goto(f"{base_url}/club.html?lang=en#standings=s1.AAAA")
    page.locator('#status[data-status="error"]').wait_for(timeout=LOAD_TIMEOUT_MS)
    assert page.locator("#club-problem h2").inner_text() == "This link cannot be opened", "a standings link too"
    assert page.locator("#club-standings").is_hidden()
    # A whole link of a newer version: reloading the page is the advice, not having it sent again.
    page.goto("about:blank")
    page.goto(f"{base_url}/club.html?lang=en#challenge=c9.{token[3:]}")
    page.locator('#status[data-status="error"]').wait_for(timeout=LOAD_TIMEOUT_MS)
    said = page.locator("#club-problem").inner_text()
    assert "A newer version of the game made this link: reload the page." in said
    assert "send the whole link again" not in said
    assert page.title() == "Club challenge · Open 66"
    # Cut right after its key: it showed the organiser's form, as if no link had been followed.
    page.goto("about:blank")
    page.goto(f"{base_url}/club.html?lang=en#challenge=")
    page.locator('#status[data-status="error"]').wait_for(timeout=LOAD_TIMEOUT_MS)
    assert (
        page.locator("#club-problem-reason").inner_text() == "This link is cut short or damaged: copy the whole link."
    )
    assert page.locator("#club-create").is_hidden()


def test_a_broken_link_to_a_challenges_standings_says_why_in_place_of_the_standings(page: Page, base_url: str) -> None:
    # It showed the paste box under the heading "Tabela rezultata", the reason only in the status line at the bottom.
    token = challenge_token(PETAK)
    page.goto(f"{base_url}/club.html?lang=sr-Latn#challenge={token[:-8]}&view=standings")
    page.locator('#status[data-status="error"]').wait_for(timeout=LOAD_TIMEOUT_MS)
    assert page.locator("#club-problem").is_visible()
    assert page.locator("#club-problem-reason").inner_text() == "Link je skraćen ili oštećen: kopirajte ceo link."
    assert page.locator("#club-standings").is_hidden()


def test_keys_pressed_again_and_again_leave_a_deals_end_in_sight_until_they_rest(page: Page, base_url: str) -> None:
    """Enter pressed again and again to hurry the table dealt the next deal the moment the deal ended: the page gave
    the focus to Next deal, and the next press pressed it (the deal's end was in sight for 0.1 s, never read)."""
    token = challenge_token(Challenge("Petak", deals=2, level="beginner", closes="2099-01-31", seed=5))
    page.add_init_script(KEY_GAPS)
    page.goto(f"{base_url}/club.html?lang=en&speed=fast#challenge={token}")
    wait_status(page, "ready")
    page.fill("#club-member", "Ana")
    page.press("#club-member", "Enter")
    status = page.locator("#status")
    info = page.locator("#club-deal-info")

    def turn_or_end() -> bool:
        over = status.get_attribute("data-status") == "deal-over" or "2 of 2" in info.inner_text()
        return over or (status.get_attribute("data-status") == "your-turn" and page.locator(PLAYABLE).count() > 0)

    page.locator(STEP).first.wait_for()
    while "1 of 2" in info.inner_text() and status.get_attribute("data-status") != "deal-over":
        page.locator(STEP).first.wait_for()
        if page.locator("#panel[open]").count():
            page.keyboard.press("Escape")  # his marriage's question: not this time
        page.keyboard.press("1")  # his card, chosen (the keys need no rest before it)
        page.keyboard.press("Enter")
        page.evaluate("window.keyGaps.length = 0")
        press_again_and_again(page, "Enter", 60, until=turn_or_end)
    assert "1 of 2" in info.inner_text(), "the presses that hurried the table did not deal the next deal"
    page.evaluate("window.keyGaps.length = 0")
    press_again_and_again(page, "Enter", 5)  # half a second more
    assert status.get_attribute("data-status") == "deal-over", "the deal's end is still in sight"
    assert page.evaluate("document.activeElement.id") == "club-next-deal"
    page.wait_for_timeout(HURRIED_MS + 100)  # the keys at rest: the next press is his choice
    page.keyboard.press("Enter")
    wait_status(page, "your-turn", "thinking")
    assert "2 of 2" in info.inner_text()


def test_a_blind_member_playing_by_keys_on_a_phone_keeps_the_focus_hears_every_move_and_ends_at_his_result_link(
    page: Page, base_url: str
) -> None:
    """Keys only, on a phone's screen: a card is a key away after every move (1, Enter); at a deal's end Enter goes
    on, the Next deal button focused (the card played has left the table), the last deal's to the challenge's result;
    there the member's totals and his result link come into view, its Copy focused, not the challenge's description
    far above them. The club page drew the computer's answer and the trick taken in silence (no live region spoke),
    and the end put the focus on Copy with nothing said: the moves are said as on the game page."""
    page.add_init_script(LISTENER)
    page.set_viewport_size({"width": 360, "height": 640})
    token = challenge_token(Challenge("Petak", deals=2, level="beginner", closes="2099-01-31", seed=5))
    page.goto(f"{base_url}/club.html?lang=sr-Latn&speed=off#challenge={token}")
    wait_status(page, "ready")
    page.fill("#club-member", "Jelena")
    page.press("#club-member", "Enter")
    deals_ended = 0
    while True:
        page.locator(STEP).first.wait_for()
        if page.locator("#status").get_attribute("data-status") == "finished":
            break
        if page.locator(NEXT_DEAL).is_visible():
            assert page.evaluate("document.activeElement.id") == "club-next-deal", "Enter goes on to the next deal"
            deals_ended += 1
            # The last deal's table stays too, its result on the status line: Enter goes on to the challenge's end.
            wanted = "Rezultat izazova" if deals_ended == 2 else "Sledeće deljenje"
            assert page.locator("#club-next-deal").inner_text() == wanted
            page.wait_for_timeout(HURRIED_MS + 50)  # the deal's end read, heard (a press right after his card is held)
        elif not page.locator("#panel[open]").count():  # a marriage's question: Enter answers it
            page.keyboard.press("1")
        page.keyboard.press("Enter")
        page.wait_for_timeout(50)
    assert deals_ended == 2
    assert all(
        page.locator(f"#{id}").evaluate(IN_SIGHT) for id in ("club-final", "club-result-link", "club-result-copy")
    )
    assert page.evaluate("document.activeElement.id") == "club-result-copy"
    page.wait_for_timeout(200)
    said = " ".join(heard(page))
    deals = re.split(r"Deljenje \d\. Adut: (?:pik|herc|karo|tref)\.", said)
    assert len(deals) == 3 and deals[0] == "", said  # each deal begins with its trump
    for deal in deals[1:]:
        mine, computers = deal.count("Vi: "), deal.count("Računar: ")
        tricks = len(re.findall(r"[Šš]tih nos(?:i Računar|ite Vi)", deal))
        assert mine > 0 and computers > 0 and tricks >= min(mine, computers), deal
        assert re.search(r"Dobili ste deljenje|Računar je dobio deljenje", deal), deal
    # The challenge's end is read out; the last deal's result once, with its moves, not again with the end.
    final = page.locator("#club-final").inner_text()  # the last deal's result, then the end
    last_deal = final[: final.index("Kraj izazova")].strip()
    end = " ".join(heard(page)[-2:])  # the end comes in the frame of the last moves, or in the next one
    assert end.endswith(final) and end.count(last_deal) == 1, heard(page)[-2:]


def test_a_deal_that_ends_with_cards_still_out_takes_the_keyboards_focus_to_the_next_deal(
    page: Page, base_url: str
) -> None:
    """Ceca's first deal here ends with a card of hers still on the table: the focus stayed on it ("desetka karo, ne
    može se igrati"), and Enter did nothing; it goes on to Next deal, as it does when the last card has left."""
    page.set_viewport_size({"width": 640, "height": 360})
    seed = 3490924986571786
    token = challenge_token(Challenge("Petak u klubu", deals=2, level="beginner", closes="2099-01-31", seed=seed))
    page.goto(f"{base_url}/club.html?lang=sr-Latn#challenge={token}")
    wait_status(page, "ready")
    page.focus("#club-member")
    page.keyboard.type("Ceca")
    page.keyboard.press("Enter")
    while True:
        page.locator(STEP).first.wait_for()
        if page.locator("#panel[open]").count():
            page.keyboard.press("Enter")  # a marriage's question: announce it
        elif page.locator(NEXT_DEAL).is_visible():
            break
        else:
            page.keyboard.press("1")
            page.keyboard.press("Enter")
    page.locator("#club-next-deal:focus").wait_for()
    assert page.locator("#table button.card").count() > 0, "the deal ended with cards still out"


def result_link(challenge: Challenge, name: str, rng_seed: int, finished: str = "2026-01-01") -> str:
    """The result token of ``name`` playing ``challenge`` (random moves he may make), finished on ``finished``."""
    rng = random.Random(rng_seed)
    attempt = Attempt(challenge, name)
    while not attempt.is_finished:
        _ = attempt.play(rng.choice(attempt.legal_moves())) if attempt.deal_in_play else attempt.next_deal()
    return result_token(attempt.result(finished))


def downloaded_csv(page: Page) -> tuple[str, str]:
    """Download the standings' CSV: its file name and its text (byte order mark included)."""
    with page.expect_download() as started:
        page.click("#club-csv")
    download = started.value
    return download.suggested_filename, Path(download.path()).read_bytes().decode("utf-8")


SR_HEADER = ("Mesto", "Ime", "Poeni partije", "Dobijena deljenja", "Poeni iz karata")


def test_a_broken_result_link_opened_on_the_page_says_it_was_refused_under_a_heading(page: Page, base_url: str) -> None:
    # The standings' heading was empty and the status line said the paste box's label ("…(jedan po redu):").
    challenge = Challenge("Petak", deals=1, level="beginner", closes="2099-01-31", seed=5)
    page.goto(f"{base_url}/club.html?lang=sr-Latn#result={result_link(challenge, 'Ana', 1)[:-8]}")
    page.locator('#status[data-status="error"]').wait_for(timeout=LOAD_TIMEOUT_MS)
    assert page.locator("#status").inner_text() == "Nijedan rezultat nije prihvaćen."
    assert page.locator("#club-standings-title").inner_text() == "Tabela rezultata"
    assert page.locator("#club-refused li").all_inner_texts() == [
        "Red 1: rezultat je odbijen. Link je skraćen ili oštećen: kopirajte ceo link."
    ]


PETAK = Challenge("Petak", deals=1, level="beginner", closes="2099-01-31", seed=5)
PAST = Challenge("Novembarski turnir", deals=2, level="club", closes="2020-11-01", seed=8)


def test_the_standings_fit_a_phone_in_cyrillic_with_long_names(page: Page, base_url: str) -> None:
    """Cyrillic headers are wider: on a phone the card points' column was cut off ("19" for 195), with nothing to show
    that the table scrolled sideways; a name with no space in it pushed the numbers out of sight at any width. Upright
    as loaded, then turned on its side."""
    names = ["Jelena Đorđević-Petrović", "Marko Marković", "Aleksandar Konstantinović-Radovanović", "Aleksandarović"]
    results = [read_result_token(result_link(PETAK, name, n)) for n, name in enumerate(names)]
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{base_url}/club.html?lang=sr-Cyrl#standings={standings_token(PETAK, results)}")
    wait_status(page, "standings")
    for width, height in ((360, 640), (640, 360)):
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate(FITS_ITS_BOX), f"every column of the standings on the phone's screen ({width}x{height})"
        assert page.locator("#club-table th .rank-sign").is_visible() == (width == 360), "the rank headed '#' upright"
    assert page.get_by_role("columnheader", name="Место").count() == 1, "a screen reader hears the word"


def test_a_standings_link_names_a_refused_result_by_its_place_among_its_results(page: Page, base_url: str) -> None:
    # Its results are not in sight (the paste box is hidden): there is no line of it to name.
    results = [read_result_token(result_link(PETAK, name, n)) for n, name in enumerate(["Ana", "Bora"])]
    late = read_result_token(result_link(PETAK, "Kasni", 3, finished="2099-02-01"))
    token = standings_token(PETAK, [results[0], late, results[1]])
    page.goto(f"{base_url}/club.html?lang=sr-Latn#standings={token}")
    wait_status(page, "standings")
    assert page.locator("#club-paste").is_hidden()
    assert table_names(page) == [row.entry.name for row in standings(verify(result) for result in results)]
    refused = page.locator("#club-refused li").all_inner_texts()
    assert len(refused) == 1
    assert refused[0].startswith("Rezultat 2 (Kasni) je odbijen. Završen je posle dana zatvaranja")


def open_with_saved_attempt(page: Page, base_url: str, token: str, saved: str) -> None:
    """Open the challenge ``token`` in Serbian on a phone, ``saved`` being what this device keeps as its attempt."""
    page.set_viewport_size({"width": 360, "height": 640})
    blank = f"{base_url}/blank.html"  # a page of the site's own, that loads no engine: there to write its storage
    page.route(blank, lambda route: route.fulfill(content_type="text/html", body="<link rel='icon' href='data:,'>"))
    page.goto(blank)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [f"otv66.club.{token}", saved])
    open_fresh(page, f"{base_url}/club.html?lang=sr-Latn&speed=off#challenge={token}")


def kept_aside(page: Page, token: str) -> str | None:
    return page.evaluate("key => localStorage.getItem(key)", f"otv66.club.{token}.unreadable")


def test_an_attempt_that_does_not_read_is_kept_aside_and_the_member_told_before_he_starts_again(
    page: Page, base_url: str, artifacts: Path
) -> None:
    # It was read as nothing saved: "Upišite ime i počnite.", and starting wrote over it.
    token = challenge_token(PETAK)
    damaged = '{"name": "Ana", "moves": [["AS", "K'
    open_with_saved_attempt(page, base_url, token, damaged)
    wait_status(page, "unreadable", "ready")
    assert page.locator("#status").inner_text() == (
        "Vaš raniji pokušaj na ovom uređaju nije mogao da se pročita: sačuvan je po strani. "
        "Upišite ime i počnite ponovo."
    )
    page.screenshot(path=artifacts / "club-unreadable-attempt-360x640.png")
    assert kept_aside(page, token) == damaged
    page.fill("#club-member", "Ana")
    page.click("#club-start-button")
    wait_status(page, "your-turn")
    assert json.loads(page.evaluate("key => localStorage.getItem(key)", f"otv66.club.{token}"))["name"] == "Ana"
    assert kept_aside(page, token) == damaged, "the new attempt did not write over it"


def test_a_result_link_still_legible_in_an_attempt_that_does_not_read_is_given_to_the_member(
    page: Page, base_url: str, artifacts: Path
) -> None:
    token = challenge_token(PETAK)
    result = result_link(PETAK, "Ana", 1)
    damaged = f'{{"name": "Ana", "moves": [], "result": "{result}", "totals": {{"game_po'
    open_with_saved_attempt(page, base_url, token, damaged)
    wait_status(page, "recovered", "unreadable", "ready")
    assert page.locator("#status").inner_text() == (
        "Zapis Vašeg pokušaja na ovom uređaju je oštećen (sačuvan je po strani), "
        "ali link rezultata je pročitan iz njega: pošaljite ga organizatoru."
    )
    page.screenshot(path=artifacts / "club-unreadable-attempt-result-360x640.png")
    assert page.input_value("#club-result-link").endswith(f"#result={result}")
    assert page.locator("#club-final").inner_text().startswith("Na ovom uređaju ste već odigrali ovaj izazov:")
    assert page.locator("#club-start").is_hidden()
    assert kept_aside(page, token) == damaged
    # A result link of another challenge in it is not his: he is told, and starts this one.
    other = challenge_token(Challenge("Subota", deals=1, level="beginner", closes="2099-01-31", seed=6))
    open_with_saved_attempt(page, base_url, other, damaged)
    wait_status(page, "unreadable")
    assert page.locator("#status").inner_text().startswith("Vaš raniji pokušaj na ovom uređaju nije mogao")
    assert page.locator("#club-start").is_visible()


def test_an_attempt_whose_moves_do_not_replay_is_kept_aside_and_the_member_starts_again(
    page: Page, base_url: str
) -> None:
    # It said "Deljenje {deal}, potez br. {move}: taj potez nije dozvoljen." with no form: a dead end at every visit.
    token = challenge_token(PETAK)
    damaged = '{"name": "Ana", "moves": [["ZZ"]], "result": null, "totals": null}'
    open_with_saved_attempt(page, base_url, token, damaged)
    wait_status(page, "unreadable", "ready")
    assert page.locator("#status").inner_text().startswith("Vaš raniji pokušaj na ovom uređaju nije mogao")
    assert kept_aside(page, token) == damaged
    assert page.locator("#club-start").is_visible()
    assert page.input_value("#club-member") == "Ana", "his name is filled in again"
    page.press("#club-member", "Enter")
    wait_status(page, "your-turn")
    assert json.loads(page.evaluate("key => localStorage.getItem(key)", f"otv66.club.{token}"))["moves"] == []
    assert kept_aside(page, token) == damaged


def test_a_finished_attempt_whose_result_link_was_damaged_gets_it_again_from_its_moves(
    page: Page, base_url: str
) -> None:
    # An attempt finished before totals were kept with it, its result link damaged since: "Ovaj link ne može da se
    # otvori" (the challenge link, which was fine), and no way on.
    token = challenge_token(PETAK)
    rng = random.Random(1)
    attempt = Attempt(PETAK, "Ana")
    while not attempt.is_finished:
        _ = attempt.play(rng.choice(attempt.legal_moves())) if attempt.deal_in_play else attempt.next_deal()
    moves = [list(deal.moves) for deal in attempt.deals]
    saved = json.dumps({"name": "Ana", "moves": moves, "result": "r1.AAAA"})
    open_with_saved_attempt(page, base_url, token, saved)
    wait_status(page, "finished")
    assert page.locator("#club-problem").is_hidden()
    link = page.input_value("#club-result-link")
    result = token_of(link)
    made = read_result_token(result)
    assert (made.name, made.moves) == ("Ana", tuple(map(tuple, moves))), "his own moves, not a new attempt"
    kept = json.loads(page.evaluate("key => localStorage.getItem(key)", f"otv66.club.{token}"))
    assert kept["result"] == result, "kept in place of the damaged one"


def test_a_name_refused_leaves_the_keyboard_at_its_field(page: Page, base_url: str) -> None:
    # The form hid itself on Enter and came back with the refusal, the focus left on the page's body.
    page.goto(f"{base_url}/club.html?lang=sr-Latn#challenge={challenge_token(PETAK)}")
    wait_status(page, "ready")
    page.focus("#club-member")
    page.keyboard.type("   ")
    page.keyboard.press("Enter")
    page.locator('#status[data-status="error"]').wait_for()
    assert page.locator("#status").inner_text() == "Ime treba da ima od 1 do 60 znakova."
    assert page.evaluate("document.activeElement.id") == "club-member"
    page.keyboard.press("Control+A")
    page.keyboard.type("Ana")
    page.keyboard.press("Enter")
    page.locator('#status[data-status="your-turn"]').wait_for()


def test_a_move_is_kept_before_its_trick_is_shown_and_a_reload_then_loses_nothing(page: Page, base_url: str) -> None:
    """The member's move and the computer's answer were kept only once the trick they finished had been shown (0.8 s
    at the normal speed, 1.4 s slow): a reload meanwhile lost them, and he could play the trick again, knowing the
    computer's answer."""
    token = challenge_token(PETAK)
    page.goto(f"{base_url}/club.html?lang=en&speed=slow#challenge={token}")
    wait_status(page, "ready")
    page.fill("#club-member", "Ana")
    page.press("#club-member", "Enter")
    card = page.locator(PLAYABLE).first
    played = card.get_attribute("data-card")
    counts = page.evaluate(SEAT_COUNTS)
    card.click()
    page.locator("#trick .trick-card").nth(1).wait_for()  # the trick, shown a moment before the table goes on
    # On the table it was taken on: its cards gone from the piles (the member's stayed on his, drawn twice), the
    # cards turned up under them in sight, and not counted until it has gone.
    shown = page.locator("#piles-0 button.card.top:not([hidden])")
    mine = shown.evaluate_all("cards => cards.map((card) => card.dataset.card)")
    assert played not in mine, (played, mine)
    assert page.evaluate(SEAT_COUNTS) == counts
    page.reload()
    wait_status(page, "your-turn")
    tops = page.locator("#piles-0 button.card.top").evaluate_all("cards => cards.map((card) => card.dataset.card)")
    assert played not in tops, (played, tops)


def test_a_crashed_engine_is_replaced_and_the_attempt_goes_on_from_the_moves_kept(page: Page, base_url: str) -> None:
    """The club page started no new engine when its worker crashed or got stuck (a deal's re-play past its deadline):
    the member's every move after it was refused until a reload. Crashes by count as the attempt goes on."""
    link = f"{base_url}/club.html?lang=en#challenge={challenge_token(PETAK)}"
    start_playing(page, link, "Ana")
    wait_status(page, "your-turn")
    page.locator(PLAYABLE).first.click()
    wait_status(page, "your-turn")
    tops = "cards => cards.map((card) => card.dataset.card)"
    table = page.locator("#piles-0 button.card.top, #piles-1 button.card.top").evaluate_all(tops)
    crash_engine(page)
    wait_status(page, "loading")
    assert page.locator(PLAYABLE).count() == 0, "no card to play while the new engine loads"
    wait_status(page, "restarted")
    assert page.locator("#status").inner_text() == (
        "The game stopped answering; it was restarted and your attempt put back."
    )
    assert page.locator("#piles-0 button.card.top, #piles-1 button.card.top").evaluate_all(tops) == table
    # The new engine re-played the moves kept: the attempt plays on to its result, through a crash right after every
    # third card (the computer's answer, or the trick shown, under way when it comes).
    cards = 0
    while True:
        page.locator(STEP).first.wait_for()
        if page.locator("#status").get_attribute("data-status") == "finished":
            break
        if page.locator(NEXT_DEAL).is_visible():
            page.click(NEXT_DEAL)
            continue
        page.locator(PLAYABLE).last.click()
        if page.locator("#panel[open]").count():
            page.click("#marriage-plain")
        cards += 1
        if cards % 3 == 0:
            crash_engine(page)
            wait_status(page, "loading")
            wait_status(page, "restarted", "finished")
    assert cards >= 6, cards
    assert verify(read_result_token(token_of(page.input_value("#club-result-link")))).name == "Ana"
    page.reload()  # the result, shown at a visit after
    wait_status(page, "finished")
    said_again_after_a_crash(page, "finished")


def test_a_claim_of_66_is_asked_first_and_play_on_is_the_first_answer(page: Page, base_url: str) -> None:
    """A tap on 66 ended the deal at once, with no undo in a challenge: a claim below 66 gave the computer 2 game
    points, where the game against the computer asks first. Enter keeps playing; a claim said yes to is made."""
    manual = Challenge("Petak", deals=1, level="beginner", closes="2099-01-31", seed=5, rules=Rules(claim="manual"))
    start_playing(page, f"{base_url}/club.html?lang=en#challenge={challenge_token(manual)}", "Ana")
    claim = page.locator("#club-claim:enabled")  # in sight, and pressable only when a claim is legal
    for _ in range(16):
        page.locator(STEP).first.wait_for()
        if claim.is_visible():
            break
        page.locator(PLAYABLE).last.click()
        if page.locator("#panel[open]").count():
            page.click("#marriage-plain")
        wait_status(page, "your-turn")
    claim_is_asked_first(page, claim)
    assert page.locator(PLAYABLE).count() > 0, "his cards still to play"
    claim.click()
    page.locator("#claim-offer-yes").click()
    page.click(NEXT_DEAL)  # the deal ended by the claim, shown until the member leads on to his result
    wait_status(page, "finished")
    assert verify(read_result_token(token_of(page.input_value("#club-result-link")))).name == "Ana"


def test_a_result_checked_after_the_engine_crashed_is_ranked_by_the_new_one_and_a_check_pressed_twice_lists_once(
    page: Page, base_url: str
) -> None:
    """A check that met a lost engine listed each result as refused ("unknown error"): the page had no engine left.
    A double click on Check ran two checks side by side, each listing every refused result: it was listed twice."""
    ana, bora, _ = organiser_ranks_ana(page, base_url)
    crash_engine(page)
    wait_status(page, "loading")
    page.fill("#club-results", f"{ana}\n{bora}")
    page.click("#club-verify")
    page.locator("#club-table tbody tr").nth(1).wait_for()
    assert sorted(table_names(page)) == ["Ana", "Bora"] and page.locator("#club-refused li").count() == 0

    other = Challenge("Subota", deals=1, level="beginner", closes="2099-01-31", seed=6)
    page.fill("#club-results", "\n".join([ana, bora, result_link(other, "Gost", 6)]))
    page.dblclick("#club-verify")
    wait_status(page, "standings")
    assert sorted(table_names(page)) == ["Ana", "Bora"]
    refused = page.locator("#club-refused li").all_inner_texts()
    assert len(refused) == 1 and refused[0].startswith("Red 3"), refused


def test_a_move_made_in_another_tab_stops_this_one_which_then_goes_on_from_it(page: Page, base_url: str) -> None:
    """Two tabs of one challenge each played from their own position: a member tried a move in one, saw the card
    turned up and the computer's answer, and played another in the other (a challenge has no undo); the moves of one
    tab were written over by the other's."""
    url = f"{base_url}/club.html?lang=sr-Latn#challenge={challenge_token(PETAK)}"
    page.goto(url)
    wait_status(page, "ready")
    page.fill("#club-member", "Ana")
    page.press("#club-member", "Enter")
    wait_status(page, "your-turn")
    other = new_page(page.context)
    other.goto(url)
    wait_status(other, "your-turn")
    card = other.locator(PLAYABLE).first
    played = card.get_attribute("data-card")
    card.click()
    wait_status(other, "your-turn")
    wait_status(page, "elsewhere")
    panel = page.locator("#panel[open]")
    assert panel.locator("h2").inner_text() == "Izazov se igra u drugoj kartici"
    assert page.locator(f'#piles-0 button.card.top[data-card="{played}"]').count() == 1, "its own position, idle"
    panel.locator("#play-here").click()
    wait_status(page, "your-turn")
    mine = "cards => cards.map((card) => card.dataset.card)"
    tops = page.locator("#piles-0 button.card.top").evaluate_all(mine)
    assert played not in tops and tops == other.locator("#piles-0 button.card.top").evaluate_all(mine)
    other.close()


def test_the_closing_day_is_said_while_playing_and_a_result_finished_after_it_is_told_it_will_not_count(
    browser: Browser, base_url: str
) -> None:
    """A member who played past midnight on the closing day was told nothing, and was sent off with "send your result
    link to the organiser", who then refused it; a reload after midnight in the middle of an attempt said only that a
    new attempt could not begin."""
    belgrade = ZoneInfo("Europe/Belgrade")
    url = f"{base_url}/club.html?lang=en&speed=off#challenge={challenge_token(PETAK)}"  # closes on 31 January 2099
    pages = []
    for _ in range(2):
        context = browser.new_context(timezone_id="Europe/Belgrade")
        page = new_page(context)
        page.clock.set_fixed_time(datetime(2099, 1, 31, 23, 58, tzinfo=belgrade))
        start_playing(page, url, "Ana")
        wait_status(page, "your-turn")
        assert page.locator("#club-deal-info").inner_text().endswith(" · the challenge closes at midnight tonight")
        page.clock.set_fixed_time(datetime(2099, 2, 1, 0, 2, tzinfo=belgrade))
        pages.append(page)
    finishing, reloading = pages
    assert play_on(finishing, 0).startswith(base_url)
    status = finishing.locator("#status").inner_text()
    assert status == "Finished after the challenge closed: the result does not count.", status
    said = finishing.locator("#club-final").inner_text()
    assert " This attempt was finished after the challenge closed (31" in said, said
    assert finishing.locator("#club-result-label").inner_text() == "Result link:", "not 'send it to the organiser'"
    finishing.reload()  # said again at the next visit
    wait_status(finishing, "finished")
    assert finishing.locator("#status").inner_text() == status
    assert "This attempt was finished after the challenge closed" in finishing.locator("#club-final").inner_text()
    reloading.locator(PLAYABLE).first.click()
    wait_status(reloading, "your-turn")
    assert (
        reloading.locator("#club-deal-info")
        .inner_text()
        .endswith(" · the challenge has closed: a result no longer counts")
    )
    reloading.reload()
    wait_status(reloading, "closed")
    assert "before you finished your attempt" in reloading.locator("#status").inner_text()
    for page in pages:
        page.context.close()


def test_a_challenge_finished_in_another_tab_is_not_written_over_by_a_name_form_left_open(
    page: Page, base_url: str
) -> None:
    """A tab left at the name form while another played the challenge to its end started a new attempt over the
    finished one: the result was gone from the device, and a second attempt was under way."""
    url = f"{base_url}/club.html?lang=en&speed=off#challenge={challenge_token(PETAK)}"
    page.goto(url)
    wait_status(page, "ready")
    other = new_page(page.context)
    result = play(other, url, "Ana", 0)
    wait_status(page, "elsewhere")  # told at once, its form left behind
    page.locator("#panel[open] #play-here").click()
    wait_status(page, "finished")
    assert page.input_value("#club-result-link") == result
    other.close()


TOO_LOW = """() => [...document.querySelectorAll(
    '#club-main :is(input:not([type="checkbox"]), select, textarea, button, a[href], .field.check)')]
  .filter((element) => element.checkVisibility())
  .map((element) => [element.id || element.className, Math.round(element.getBoundingClientRect().height)])
  .filter(([, height]) => height < 40)"""
"""The controls of the page's forms and links (a checkbox's row, which takes its tap) less than a finger high."""


TOUCH_SCREENS = [(768, 1024), (360, 640)]
"""A tablet and a phone, upright: each of the page's screens is measured on both, turned to in turn."""


def test_on_a_touch_screen_every_field_and_link_to_copy_is_a_fingers_height(browser: Browser, base_url: str) -> None:
    """The organiser's fields were 35 px high and the links to copy 28 px (the friend page's fields are 40 px)."""
    width, height = TOUCH_SCREENS[0]
    context = browser.new_context(
        base_url=base_url, viewport={"width": width, "height": height}, has_touch=True, is_mobile=True
    )
    page = new_page(context)

    def too_low(screen: str) -> dict[str, list]:
        low = {}
        for width, height in TOUCH_SCREENS:
            page.set_viewport_size({"width": width, "height": height})
            low[f"{screen} {width}x{height}"] = page.evaluate(TOO_LOW)
        return low

    page.goto("/club.html?lang=sr-Latn")
    wait_status(page, "ready")
    page.fill("#club-name", "Petak")
    page.tap("#club-create-button")
    wait_status(page, "created")
    low = too_low("create")
    open_fresh(page, f"/club.html?lang=sr-Latn#challenge={challenge_token(PETAK)}")
    wait_status(page, "ready")
    low |= too_low("play")
    open_fresh(page, f"/club.html?lang=sr-Latn#result={result_link(PETAK, 'Ana', 1)}")
    wait_status(page, "standings")
    low |= too_low("standings")
    context.close()
    assert low == {f"{screen} {w}x{h}": [] for screen in ("create", "play", "standings") for w, h in TOUCH_SCREENS}


def test_one_result_of_another_challenge_is_refused_alone_and_the_rest_ranked_for_a_serbian_spreadsheet(
    page: Page, base_url: str
) -> None:
    challenge = Challenge("Petak u klubu", deals=1, level="beginner", closes="2099-01-31", seed=5)
    other = Challenge("Subota", deals=1, level="beginner", closes="2099-01-31", seed=6)
    honest = [result_link(challenge, name, n) for n, name in enumerate(["Ana", "Bora", "Cica", "Dule"])]
    late = result_link(challenge, "Kasni", 5, finished="2099-02-01")
    again = result_link(challenge, "Ana", 7)  # Ana played again, on another device
    pasted = [*honest, late, result_link(other, "Gost", 6), again]
    page.goto(f"{base_url}/club.html?lang=sr-Latn#challenge={challenge_token(challenge)}&view=standings")
    wait_status(page, "ready")
    assert page.locator("#status").inner_text() == "Nalepite linkove rezultata (jedan po redu):", "not '0 results'"
    assert page.locator("#club-exports").is_hidden(), "an empty table: no CSV and no standings link to offer"
    for text in ("", "hello"):
        page.fill("#club-results", text)
        page.click("#club-verify")
        assert page.locator('#status[data-status="error"]').inner_text() == "U tekstu nema linka rezultata."
    own = f"{base_url}/club.html#challenge={challenge_token(challenge)}"
    page.fill("#club-results", own)  # the organiser's own challenge link, taken for a result's
    page.click("#club-verify")
    assert page.locator('#status[data-status="error"]').inner_text() == "U tekstu nema linka rezultata."
    assert page.locator("#club-refused li").all_inner_texts() == ["Red 1: link izazova, a ne rezultat."]

    # As an organiser gathers them from a chat: a line of words first, each link on a line of its own.
    links = [f"{base_url}/club.html#result={token}" for token in pasted]
    # The challenge's own link quoted back, and a member's result sent twice.
    lines = ["Rezultati od petka:", *links, f"Izazov: {own}", links[1], "Hvala svima!", ""]
    page.fill("#club-results", "\n".join(lines))
    page.click("#club-verify")
    wait_status(page, "standings")
    rows = standings(verify(read_result_token(token)) for token in [*honest, again])
    assert table_names(page) == [row.entry.name for row in rows]
    assert page.locator("#status").inner_text() == "Tabela: 5 proverenih rezultata."
    first, second = (row.rank for row in rows if row.entry.name == "Ana")
    assert page.locator("#club-repeated").inner_text() == (
        f"Ana je u tabeli 2 puta (mesta {first} i {second}). Na drugom uređaju izazov se može odigrati ponovo: "
        "obrišite iz polja rezultate koji se ne računaju i proverite ponovo."
    )
    refused = page.locator("#club-refused li").all_inner_texts()
    assert len(refused) == 5, "named by the lines the organiser sees, those with no link together"
    assert refused[0] == f"Redovi 1 i {len(lines) - 1}: nema linka rezultata."
    assert refused[1].startswith("Red 6 (Kasni): rezultat je odbijen. Završen je posle dana zatvaranja")
    other_challenge = "Ovo je rezultat drugog izazova, a ne izazova „Petak u klubu“."
    assert refused[2] == f"Red 7 (Gost): rezultat je odbijen. {other_challenge}"
    assert refused[3] == "Red 9: link izazova, a ne rezultat."
    assert refused[4] == "Red 10: isti rezultat kao u redu 3 (računa se jednom)."

    today = page.evaluate("new Date().toLocaleDateString('sv')")
    name, text = downloaded_csv(page)
    assert name == f"Petak-u-klubu-{today}.csv"
    assert text == "\ufeff" + standings_csv(rows, ";", SR_HEADER, "Deljenje {n}"), "UTF-8 with its BOM, ';', Serbian"
    assert page.input_value("#club-standings-link").startswith(f"{base_url}/club.html?lang=sr-Latn#standings=s1.")

    # In English: ',' and English column names.
    open_fresh(page, f"{base_url}/club.html?lang=en#result={honest[0]}")
    wait_status(page, "standings")
    name, text = downloaded_csv(page)
    assert name == f"Petak-u-klubu-{today}.csv"
    assert text.startswith("\ufeffRank,Name,Game points,Deals won,Card points,Deal 1\r\n1,Ana,")


def organiser_ranks_ana(page: Page, base_url: str) -> tuple[str, str, str]:
    """The organiser of a one-deal challenge has pasted Ana's result into his standings (Bora's is yet to come): her
    result link, Bora's, and the address of the standings."""
    challenge = Challenge("Petak u klubu", deals=1, level="beginner", closes="2099-01-31", seed=5)
    ana, bora = (result_link(challenge, name, n) for n, name in enumerate(["Ana", "Bora"]))
    view = f"{base_url}/club.html?lang=sr-Latn#challenge={challenge_token(challenge)}&view=standings"
    page.goto(view)
    wait_status(page, "ready")  # nothing pasted yet
    page.fill("#club-results", ana)
    page.click("#club-verify")
    page.locator("#club-table tbody tr").first.wait_for()
    return ana, bora, view


def test_the_results_an_organiser_keeps_come_back_are_joined_by_a_members_link_and_go_only_as_he_answers(
    page: Page, base_url: str
) -> None:
    """A week's results come one by one: the links pasted into a challenge's standings are kept on the device, so his
    own link to them (or a reload) opens them ranked again, and a new one is pasted under them, not all anew.
    The box reopens with the results kept: selecting it all and pasting one new link over them dropped them from
    the standings and from the device, without a word. Results come by message: the organiser taps each member's
    link. It showed that result alone; on his device it is ranked with the ones he has, and kept with them for his
    standings link."""
    ana, bora, view = organiser_ranks_ana(page, base_url)
    open_fresh(page, view)  # Monday's results, on Tuesday
    page.locator("#club-table tbody tr").first.wait_for()
    assert table_names(page) == ["Ana"] and page.input_value("#club-results") == ana
    page.fill("#club-results", f"{ana}\n{bora}")
    page.click("#club-verify")
    page.locator("#club-table tbody tr").nth(1).wait_for()

    page.reload()
    page.locator("#club-table tbody tr").nth(1).wait_for()
    assert sorted(table_names(page)) == ["Ana", "Bora"]

    # Bora's pasted over both: Ana's, left out, stays or goes as the organiser answers.
    page.fill("#club-results", bora)
    page.click("#club-verify")
    panel = page.locator("#panel[open]")
    said = "1 ranije proveren rezultat nije više u polju: Ana. Da li da ostane u tabeli?"
    assert panel.locator(".panel-body").inner_text() == said
    panel.locator("#club-keep-dropped").click()
    page.locator("#club-table tbody tr").nth(1).wait_for()
    assert sorted(table_names(page)) == ["Ana", "Bora"] and page.input_value("#club-results") == f"{ana}\n{bora}"
    page.fill("#club-results", bora)
    page.click("#club-verify")
    panel.locator("#club-remove-dropped").click()  # Ana's was pasted by mistake: out
    wait_status(page, "standings")
    page.reload()
    wait_status(page, "standings")
    assert table_names(page) == ["Bora"]

    # Ana's link, tapped in a message: ranked with Bora's kept, and kept with it.
    open_fresh(page, f"{base_url}/club.html?lang=sr-Latn#result={ana}")
    page.locator("#club-table tbody tr").nth(1).wait_for()
    assert sorted(table_names(page)) == ["Ana", "Bora"]
    open_fresh(page, view)
    page.locator("#club-table tbody tr").nth(1).wait_for()
    assert sorted(table_names(page)) == ["Ana", "Bora"], "kept for his standings"


def test_result_links_pasted_are_kept_before_they_are_checked_and_a_reload_then_loses_none(
    page: Page, base_url: str
) -> None:
    """They were kept once every one had been re-played (8 s for three results of two deals at the master's level):
    a reload meanwhile lost them all, to be collected again from the members' messages."""
    challenge = Challenge("Petak", deals=2, level="master", closes="2099-01-31", seed=5)
    results = [result_link(challenge, name, seed) for seed, name in enumerate(("Ana", "Bora", "Cveta"))]
    page.goto(f"{base_url}/club.html?lang=en#challenge={challenge_token(challenge)}&view=standings")
    wait_status(page, "ready")  # nothing pasted yet
    page.fill("#club-results", "\n".join(results))
    page.click("#club-verify")
    page.locator("#club-progress", has_text="Result 1 of 3").wait_for()
    page.reload()
    wait_status(page, "standings")
    assert page.input_value("#club-results") == "\n".join(results)
    assert sorted(table_names(page)) == ["Ana", "Bora", "Cveta"], "and checked again"


def test_on_a_phone_what_stands_alone_on_its_line_is_a_fingers_size(page: Page, base_url: str) -> None:
    """The deal picked for the comparison, the CSV link and a member's link to the standings: 40 px each way."""
    page.set_viewport_size({"width": 360, "height": 640})
    challenge = Challenge("Petak u klubu", deals=2, level="beginner", closes="2099-01-31", seed=5)
    token = challenge_token(challenge)
    page.goto(f"{base_url}/club.html?lang=sr-Latn#challenge={token}&view=standings")
    wait_status(page, "ready")  # nothing pasted yet
    page.fill("#club-results", result_link(challenge, "Ana", 1))
    page.click("#club-verify")
    page.locator("#club-table tbody tr").first.wait_for()
    boxes = {id: page.locator(f"#{id}").bounding_box() for id in ("club-deal-select", "club-csv")}
    open_fresh(page, f"{base_url}/club.html?lang=sr-Latn#challenge={token}")
    wait_status(page, "ready")
    boxes["club-to-standings"] = page.locator("#club-to-standings").bounding_box()
    small = {id: (box["width"], box["height"]) for id, box in boxes.items() if min(box["width"], box["height"]) < 40}
    assert small == {}


def test_a_challenge_link_with_a_full_stop_after_it_opens_and_leads_a_member_to_the_standings(
    page: Page, base_url: str
) -> None:
    token = challenge_token(Challenge("Petak", deals=1, level="beginner", closes="2099-01-31", seed=5))
    page.goto(f"{base_url}/club.html?lang=sr-Latn#challenge={token}.")  # copied from the end of a chat's sentence
    wait_status(page, "ready")
    assert page.locator("#club-challenge-name").inner_text() == "Petak"
    standings = page.locator("#club-to-standings")
    assert standings.inner_text() == "Tabela rezultata (za organizatora)"
    standings.click()  # open to anyone with the challenge link
    page.locator("#club-standings-title", has_text="Tabela: Petak").wait_for()
    wait_status(page, "ready")


class QuietFiles(http.server.SimpleHTTPRequestHandler):
    """Serves a folder's files without logging each request."""

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def club_site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A club's site: a folder served on another port of this machine (another origin than the game's); its
    folder and address."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietFiles, directory=tmp_path))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield tmp_path, f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


def show_on_host(page: Page, club_site: tuple[Path, str], snippet: str) -> Frame:
    """Open a page of the club's site holding ``snippet``; the challenge's frame in it, once that page is loaded."""
    folder, address = club_site
    head = "<meta charset='utf-8'><title>Klub</title><link rel='icon' href='data:,'>"
    body = f"<!doctype html><html><head>{head}</head><body><h1>Klub</h1>{snippet}</body></html>"
    (folder / "vesti.html").write_text(body, encoding="utf-8")
    page.goto(f"{address}/vesti.html")
    frame = page.wait_for_selector("iframe").content_frame()
    assert frame is not None
    frame.locator('#status:not([data-status="loading"])').wait_for(timeout=LOAD_TIMEOUT_MS)
    return frame


def test_a_member_whose_browser_blocks_the_pages_storage_is_told_the_attempt_lasts_the_visit(
    page: Page, base_url: str
) -> None:
    # In a club's frame on another site the browser may block storage: "only this browser remembers it" was promised,
    # and a reload then started the attempt over.
    page.add_init_script(
        """Object.defineProperty(window, "localStorage", {
          configurable: true,
          get() { throw new DOMException("Access is denied for this document.", "SecurityError"); },
        });"""
    )
    challenge = Challenge("Petak", deals=1, level="beginner", closes="2099-01-31", seed=5)
    page.goto(f"{base_url}/club.html?lang=sr-Latn#challenge={challenge_token(challenge)}")
    wait_status(page, "ready")
    assert (
        page.locator("#club-one-attempt")
        .inner_text()
        .startswith(
            "Pregledač ne dozvoljava da se pokušaj ovde čuva: traje dok je stranica otvorena, pa ga odigrajte do kraja."
        )
    )


def test_the_standings_have_their_own_snippet_for_the_clubs_site_read_only(
    page: Page, base_url: str, club_site: tuple[Path, str]
) -> None:
    # A webmaster had only the standings' link, and built the frame's address himself from the README.
    challenge = Challenge("Petak", deals=1, level="beginner", closes="2099-01-31", seed=5)
    results = [result_link(challenge, name, n) for n, name in enumerate(["Ana", "Bora"])]
    page.goto(f"{base_url}/club.html?lang=sr-Cyrl#challenge={challenge_token(challenge)}&view=standings")
    wait_status(page, "ready")
    page.fill("#club-results", "\n".join(results))
    page.click("#club-verify")
    wait_status(page, "standings")
    snippet = page.input_value("#club-standings-snippet")
    assert f'<iframe src="{base_url}/club.html?embed=1&amp;lang=sr-Cyrl#standings=s1.' in snippet
    assert 'title="Табела: Petak"' in snippet, "named in the organiser's language"

    frame = show_on_host(page, club_site, snippet)
    frame.locator('#status[data-status="standings"]').wait_for(timeout=LOAD_TIMEOUT_MS)
    assert sorted(table_names(frame)) == ["Ana", "Bora"]
    assert frame.locator("#club-paste").is_hidden(), "read-only: nothing to paste"
    assert frame.locator("#club-exports").is_hidden(), "the organiser's tools stay on his page"
    assert frame.locator("#club-intro").is_hidden(), "the table first, not what a challenge is"


@pytest.mark.allow_console("Permissions policy violation: The Clipboard API has been blocked")  # the host's choice
def test_the_clubs_snippet_is_a_frame_that_fits_a_phone_and_a_desktop_and_copies(
    page: Page, base_url: str, club_site: tuple[Path, str], artifacts: Path
) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(f"{base_url}/club.html?lang=en")
    wait_status(page, "ready")
    page.fill("#club-name", "Petak")
    page.fill("#club-deals", "1")
    page.click("#club-create-button")
    wait_status(page, "created")
    snippet = page.input_value("#club-snippet")
    assert 'allow="clipboard-write; web-share"' in snippet and "width: 100%; max-width: 960px" in snippet
    token = token_of(page.input_value("#club-link"))

    frame = show_on_host(page, club_site, snippet)
    # A member who has finished it there: his attempt kept in the frame's storage (the club's site's partition).
    played = read_result_token(result_link(read_challenge_token(token), "Ana", 1))
    saved = {"name": "Ana", "moves": [list(deal) for deal in played.moves], "result": result_token(played)}
    frame.evaluate("([key, value]) => localStorage.setItem(key, value)", [f"otv66.club.{token}", json.dumps(saved)])
    frame.evaluate("setTimeout(() => location.reload())")
    page.frame_locator("iframe").locator('#status[data-status="finished"]').wait_for(timeout=LOAD_TIMEOUT_MS)
    for (width, height), expected in (((360, 640), (344, 0.88 * 640)), ((1280, 800), (960, 704))):
        page.set_viewport_size({"width": width, "height": height})
        box = page.locator("iframe").bounding_box()
        assert box is not None and abs(box["width"] - expected[0]) < 1 and abs(box["height"] - expected[1]) < 2, box
        assert frame.evaluate("document.documentElement.scrollWidth <= innerWidth"), "nothing runs off the frame"
        page.screenshot(path=artifacts / f"club-snippet-{width}x{height}.png")
    frame.click("#club-result-copy")
    frame.locator("#club-result-copy", has_text="Copied").wait_for()

    # A host that drops the frame's permission: Copy says the link is selected, to copy by hand.
    frame = show_on_host(page, club_site, snippet.replace(' allow="clipboard-write; web-share"', ""))
    page.frame_locator("iframe").locator('#status[data-status="finished"]').wait_for(timeout=LOAD_TIMEOUT_MS)
    frame.click("#club-result-copy")
    frame.locator("#club-result-copy", has_text="Selected — copy by hand").wait_for()
    link = frame.input_value("#club-result-link")
    assert frame.evaluate("[document.activeElement.selectionStart, document.activeElement.selectionEnd]") == [
        0,
        len(link),
    ]


WHOLE_IN_SIGHT = """e => {
  const box = e.getBoundingClientRect(), bar = document.querySelector(".topbar").getBoundingClientRect();
  return { top: box.top, barBottom: bar.bottom, bottom: box.bottom, height: innerHeight,
           clamped: e.scrollHeight > e.clientHeight + 1 };
}"""


def test_a_deals_result_is_read_whole_on_a_phone_either_way_up(page: Page, base_url: str, artifacts: Path) -> None:
    # On its side the result ran up under the top bar (its first words, who won the deal, out of sight); upright it
    # stopped at two lines ("…skupili ste 0 poena iz karata. V…"): the why of its game points and the scores unread.
    # The deal ends on its side, then the phone is turned upright.
    page.set_viewport_size({"width": 640, "height": 360})
    token = challenge_token(Challenge("Petak u klubu", deals=2, level="beginner", closes="2099-01-31", seed=8))
    page.goto(f"{base_url}/club.html?lang=sr-Cyrl&speed=off#challenge={token}")
    start = page.locator("#club-start-button")
    start.wait_for()
    wait_status(page, "ready")
    page.fill("#club-member", "Дуле")
    start.click()
    while True:
        page.locator(STEP).first.wait_for()
        if page.locator("#panel[open]").count():
            page.click("#marriage-plain")
        elif page.locator(NEXT_DEAL).is_visible():
            break
        else:
            page.locator(PLAYABLE).first.click()
    status = page.locator("#status")
    assert "Поени: Ви" in status.inner_text()
    for width, height in ((640, 360), (360, 640)):
        page.set_viewport_size({"width": width, "height": height})
        status.scroll_into_view_if_needed()
        page.screenshot(path=artifacts / f"club-deal-result-{width}x{height}.png")
        seen = status.evaluate(WHOLE_IN_SIGHT)
        assert not seen["clamped"], f"said whole, not cut at two lines ({width}x{height})"
        assert seen["barBottom"] <= seen["top"] and seen["bottom"] <= seen["height"], (width, height, seen)
        next_deal = page.locator(NEXT_DEAL).evaluate(WHOLE_IN_SIGHT)
        assert next_deal["bottom"] <= next_deal["height"], f"Next deal in sight under it ({width}x{height})"
