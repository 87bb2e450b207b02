"""The Embed page and the replay page in each of the game's languages: their texts, accessibility and looks.

Each page is opened with ``?lang=`` in Serbian (Latin and Cyrillic) and English; a few of its texts must be in that
language, axe must find nothing serious or critical, and screenshots on a phone and a desktop land in e2e/artifacts/.
"""

from __future__ import annotations

import random

import pytest
from test_club import PLAYABLE, create_challenge, open_fresh, play_on, start_playing, wait_status
from test_friend import started
from test_never_lose import KEEP_ASKS
from test_screens import (  # noqa: F401 (club_server: a fixture, used by name)
    HOST_PAGE,
    MIN_CARD_WIDTH,
    SCREENS,
    SERBIAN,
    TAP,
    check_whole_table,
    club_server,
    open_screen,
)
from test_table import axe_violations

from otv66 import links
from otv66.challenge import Challenge
from otv66.match import Match
from otv66.table import default_names

EMBED_SCREENS = [(360, 640), (1280, 800)]

#: Texts each page must show, by language (the heading and the Copy button; the replay's buttons and players).
EMBED_TEXTS = {
    "sr-Latn": {"h1": "Ugradite Otvoreni 66 na sajt svog kluba", "#copy-snippet": "Kopirajte kod"},
    "sr-Cyrl": {"h1": "Уградите Отворени 66 на сајт свог клуба", "#copy-snippet": "Копирајте код"},
    "en": {"h1": "Embed Open 66 on your club's site", "#copy-snippet": "Copy the code"},
}
REPLAY_TEXTS = {
    "sr-Latn": {
        "#replay-forward": "Napred",
        "#replay-next-deal": "Sledeće deljenje",
        "#new-game-link": "Nova partija",
        "#info-0 .seat-name": "Igrač",
        "#info-1 .seat-name": "Računar (početnik)",
    },
    "sr-Cyrl": {
        "#replay-forward": "Напред",
        "#replay-next-deal": "Следеће дељење",
        "#new-game-link": "Нова партија",
        "#info-0 .seat-name": "Играч",
        "#info-1 .seat-name": "Рачунар (почетник)",
    },
    "en": {
        "#replay-forward": "Forward",
        "#replay-next-deal": "Next deal",
        "#new-game-link": "New match",
        "#info-0 .seat-name": "Player",
        "#info-1 .seat-name": "Computer (beginner)",
    },
}


def game_token() -> str:
    """A link to a finished game of two deals against the computer, played at random (its names are the engine's)."""
    match = Match(seed=8, players=list(default_names("computer", "beginner")))
    rng = random.Random(8)
    for _ in range(2):
        deal = match.new_deal()
        while not deal.is_over:
            deal.play(rng.choice(deal.legal_moves()))
    return links.game_token(match)


def check_texts(page, texts: dict[str, str]) -> None:
    for selector, text in texts.items():
        assert page.locator(selector).first.inner_text().strip() == text, selector


def screenshots(page, artifacts, name: str, *, full_page: bool) -> None:
    """Screenshots at each screen size; nothing may stick out sideways on a phone."""
    for width, height in EMBED_SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(200)
        assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{name}: wider than {width} px"
        page.screenshot(path=artifacts / f"pages-{name}-{width}x{height}.png", full_page=full_page)


@pytest.mark.parametrize("lang", list(EMBED_TEXTS))
def test_the_embed_page_speaks_the_games_language(table_in_context, artifacts, lang):
    page = table_in_context(bypass_csp=True).page  # CSP bypass to inject axe-core
    page.goto(f"/embed-info.html?lang={lang}")
    assert page.evaluate("document.documentElement.lang") == lang
    check_texts(page, EMBED_TEXTS[lang])
    assert "reached_66" in page.locator("main").inner_text(), "code stays as it is, in every script"
    framed = f"index.html?embed=1&lang={lang}&level=club"
    assert framed.replace("&", "&amp;") in page.input_value("#snippet"), "the snippet's game speaks it"
    assert framed in (page.locator("#preview").get_attribute("src") or ""), "the preview shows what the snippet gives"
    assert axe_violations(page, "{exclude: [['#preview']]}") == []  # the game in the frame is tested on its own
    screenshots(page, artifacts, f"embed-{lang}", full_page=True)


def test_the_embed_pages_options_keep_their_names_whole(table_in_context):
    """On a phone, and on a desktop where the table's first column is narrow ("draw_bonu" | "s" once)."""
    page = table_in_context(viewport={"width": 360, "height": 640}).page
    page.goto("/embed-info.html?lang=sr-Latn")
    names = page.locator("table tbody td:first-child code")
    assert names.count() >= 10
    for width, height in EMBED_SCREENS:  # one page, turned to each size (a layout of CSS alone)
        page.set_viewport_size({"width": width, "height": height})
        broken = names.evaluate_all(
            "codes => codes.filter((c) => c.getClientRects().length > 1).map((c) => c.textContent)"
        )
        assert broken == [], f"an option's name broken over lines at {width} px"
        assert page.evaluate("document.documentElement.scrollWidth") <= width


def open_replay(page, query: str = SERBIAN) -> None:
    """The replay of game_token's game (two deals), at the start of its first deal."""
    page.goto(f"/replay.html?{query}#game={game_token()}")
    page.wait_for_selector("[data-status=replay]", timeout=90_000)
    page.wait_for_selector("#replay-position[data-deal='0'][data-ply='0']")


def check_replay_language(page, artifacts, lang: str) -> None:
    """One move on, the page speaks ``lang``: its texts, axe finds nothing serious, and screenshots at each size."""
    page.click("#replay-forward")
    page.wait_for_selector("#replay-position[data-ply='1']")
    assert page.evaluate("document.documentElement.lang") == lang
    check_texts(page, REPLAY_TEXTS[lang])
    assert axe_violations(page) == []
    screenshots(page, artifacts, f"replay-{lang}", full_page=False)
    page.keyboard.press("Home")  # back to the deal's start, for what the test checks next
    page.wait_for_selector("#replay-position[data-deal='0'][data-ply='0']")


def test_the_replay_page_speaks_cyrillic(table_in_context, artifacts):
    # English and Latin are checked with the keys below, each on the page opened in that language.
    page = table_in_context(bypass_csp=True).page  # CSP bypass to inject axe-core
    open_replay(page, "lang=sr-Cyrl")
    check_replay_language(page, artifacts, "sr-Cyrl")


@pytest.mark.parametrize(
    "screens",
    [SCREENS[:2], SCREENS[2:]],
    ids=lambda screens: "-".join(f"{w}x{h}" for w, h in screens),
)
def test_a_replay_shows_the_whole_table_and_its_controls_on_one_screen(table_in_context, artifacts, screens):
    """Each size of test_screens.SCREENS, on one page turned to it: the phones (a touch screen), then the rest."""
    page = open_screen(table_in_context, *screens[0]).page
    open_replay(page, SERBIAN)
    if screens[0] == (360, 640):
        position_heads_the_buttons_back_then_forward(page)
    for ply in range(1, 4):
        page.click("#replay-forward")
        page.wait_for_selector(f"#replay-position[data-ply='{ply}']")
    for width, height in screens:
        page.set_viewport_size({"width": width, "height": height})
        check_whole_table(
            page, MIN_CARD_WIDTH.get((width, height), TAP), also=("#replay-controls .action", "#replay-position")
        )
        page.screenshot(path=artifacts / f"replay-{width}x{height}.png")


def position_heads_the_buttons_back_then_forward(page) -> None:
    # At 360 px the position line ("Deljenje 1 od 2 · Potez 3 od 24") stood between Nazad and Napred, the buttons
    # wrapping around it wherever they fell. Now it heads them: the way back on one row, the way forward under it.
    boxes = {
        name: page.locator(f"#replay-{name}").bounding_box()
        for name in ("position", "prev-deal", "start", "back", "forward", "end", "next-deal")
    }
    position = boxes.pop("position")
    assert all(position["y"] + position["height"] <= box["y"] + 1 for box in boxes.values()), "the position on top"
    rows = [[boxes[name] for name in row] for row in (("prev-deal", "start", "back"), ("forward", "end", "next-deal"))]
    for row in rows:
        assert len({round(box["y"]) for box in row}) == 1, "three buttons a row"
        assert [box["x"] for box in row] == sorted(box["x"] for box in row), "in their order, left to right"
    assert rows[0][0]["y"] < rows[1][0]["y"], "back first, forward under it"


def test_in_latin_a_keyboard_player_goes_through_the_replay_with_enter_alone(table_in_context, artifacts):
    """The focus is never lost to a button that its own press disabled: Forward to a deal's end hands it to Next deal,
    which (at the last deal) hands it to Forward; End of the last deal hands it to Back."""
    page = table_in_context(bypass_csp=True).page
    open_replay(page, SERBIAN)
    assert page.evaluate("document.activeElement.id") == "replay-forward"
    # The page speaks Latin (one move on, then back to the start: Forward keeps the focus).
    check_replay_language(page, artifacts, "sr-Latn")
    assert page.evaluate("document.activeElement.id") == "replay-forward"
    # Through the replay by Enter alone.
    moves = int(page.locator("#replay-position").inner_text().rsplit(" ", 1)[1])
    for ply in range(1, moves + 1):
        page.keyboard.press("Enter")
        page.wait_for_selector(f"#replay-position[data-deal='0'][data-ply='{ply}']")
    assert page.evaluate("document.activeElement.id") == "replay-next-deal", "the deal's end: on to the next"
    page.keyboard.press("Enter")
    page.wait_for_selector("#replay-position[data-deal='1'][data-ply='0']")
    assert page.evaluate("document.activeElement.id") == "replay-forward", "the last deal: Forward goes on"
    page.focus("#replay-end")
    page.keyboard.press("Enter")
    page.wait_for_selector("#replay-position[data-deal='1']:not([data-ply='0'])")
    assert page.evaluate("document.activeElement.id") == "replay-back", "the game's end: only the way back"


def test_in_english_a_screen_reader_hears_each_move_and_each_replay_button_names_its_key(table_in_context, artifacts):
    """The position line says only "Move 2 of 21": the announcer says the card played, as the game page does. The keys
    (arrows, Home and End, PageUp and PageDown) were told nowhere on the page: a screen reader says them."""
    match = Match(seed=8, players=list(default_names("computer", "beginner")))  # game_token's first deal
    deal = match.new_deal()
    rng = random.Random(8)
    rank = {"A": "ace", "T": "ten", "K": "king", "Q": "queen", "J": "jack", "9": "nine", "8": "eight", "7": "seven"}
    suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    names = ["Player", "Computer (beginner)"]
    heard = []
    for _ in range(2):
        player, move = deal.turn, rng.choice(deal.legal_moves())
        deal.play(move)
        heard.append(f"{names[player]}: {rank[move[0]]} of {suit[move[1]]}.")
    heard[1] += f" {names[deal.last_trick_winner]} takes the trick."
    page = table_in_context(bypass_csp=True).page
    open_replay(page, "lang=en")
    # The page speaks English (one move on, then back to the start).
    check_replay_language(page, artifacts, "en")
    # Each move heard.
    for ply, said in enumerate(heard, start=1):
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f"#replay-position[data-ply='{ply}']")
        assert page.locator("#announcer[aria-live=polite]").inner_text() == said
    # Each button's key. Review and the list of moves open a panel, as the top bar's link opens a page: by Tab, Enter.
    named = page.locator("#replay-controls button:not(#replay-review, #replay-moves)").evaluate_all(
        "buttons => Object.fromEntries(buttons.map((b) => [b.id, b.getAttribute('aria-keyshortcuts')]))"
    )
    assert named == {
        "replay-prev-deal": "PageUp",
        "replay-start": "Home",
        "replay-back": "ArrowLeft",
        "replay-forward": "ArrowRight",
        "replay-end": "End",
        "replay-next-deal": "PageDown",
    }
    page.keyboard.press(named["replay-next-deal"])
    page.wait_for_selector("#replay-position[data-deal='1'][data-ply='0']")
    page.keyboard.press(named["replay-end"])
    page.wait_for_selector("#replay-position[data-deal='1']:not([data-ply='0'])")


def test_a_game_link_opened_on_the_game_page_replays_in_the_language_asked_for_there(table_in_context):
    page = table_in_context().page
    page.goto("/index.html?lang=en#game=g1.broken")
    page.locator('#status[data-status="error"]').wait_for()
    assert page.url.endswith("/replay.html?lang=en#game=g1.broken")
    assert "This link does not work" in page.locator("#status").inner_text()


#: A host page's record of the heights the game asked for (the host's own window only, not the game's frame).
RECORD_RESIZE = """if (window === window.top) {
  window.asked = [];
  addEventListener("message", (event) => { if (event.data?.type === "resize") window.asked.push(event.data.height); });
}"""


def test_with_the_snippets_script_the_frame_takes_the_height_the_game_asks_for(
    table_in_context,
    club_server,  # noqa: F811 (the fixture imported above)
):
    """A club page on a desktop with the published snippet and its optional script: the frame starts at the
    snippet's height, the game asks for the height that gives its cards the size the frame's width allows, the
    script applies it, and nothing inside the frame scrolls."""
    page = table_in_context(viewport={"width": 1280, "height": 1000}).page
    page.goto("/embed-info.html?lang=en")
    folder, club = club_server
    (folder / "club.html").write_text(HOST_PAGE.format(snippet=page.input_value("#snippet")), "utf-8")
    page.add_init_script(RECORD_RESIZE)
    page.goto(f"{club}club.html")
    iframe = page.locator("iframe")
    frame = iframe.content_frame
    frame.locator('[data-status]:not([data-status="loading"])').wait_for(timeout=90_000)
    for _ in range(100):  # the last request applied, and no newer one coming
        asked = page.evaluate("window.asked")
        box = iframe.bounding_box()
        if asked and box and abs(box["height"] - asked[-1]) < 1:
            page.wait_for_timeout(500)
            if page.evaluate("window.asked") == asked:
                break
        page.wait_for_timeout(100)
    assert asked, "the game asked for a height"
    assert box is not None and abs(box["height"] - asked[-1]) < 1, (box, asked)
    assert asked[-1] != 720, "the snippet's own height (min(88svh, 720px)) was not what the game asked for"
    table = frame.locator("#table").evaluate(
        """(table) => ({ height: table.clientHeight, wanted: table.querySelector(".height-probe").offsetHeight,
                         card: table.querySelector(".pile").offsetWidth, width: table.clientWidth })"""
    )
    assert abs(table["height"] - table["wanted"]) <= 2, f"the table got the height it wanted: {table}"
    scroll = frame.locator("html").evaluate("(html) => [html.scrollHeight, innerHeight]")
    assert scroll[0] <= scroll[1], f"nothing scrolls in the frame: {scroll}"
    print(f"asked {asked}, table {table}")


def test_the_club_pages_views_have_no_serious_accessibility_violations(table_in_context, artifacts):
    """club.html: the create view (empty, then with the challenge's link), the play view and the standings view."""
    page = table_in_context(bypass_csp=True).page  # CSP bypass to inject axe-core
    page.goto("/club.html")
    wait_status(page, "ready")
    assert axe_violations(page) == [], "create view"
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])  # create_challenge copies the link
    link = create_challenge(page)
    assert axe_violations(page) == [], "create view, challenge created"
    # Played without the animations (the views are the same, at rest): the deal goes by in a fraction of the time.
    start_playing(page, link.replace("#challenge=", "&speed=off#challenge="), "Ana")
    page.locator("#piles-0 button.card.top.playable").first.wait_for()
    assert axe_violations(page) == [], "play view"
    page.screenshot(path=artifacts / "pages-club-play.png")
    result = play_on(page, 0)
    open_fresh(page, result)
    wait_status(page, "standings")
    page.locator("#club-table tbody tr").first.wait_for()
    assert axe_violations(page) == [], "standings view"
    page.screenshot(path=artifacts / "pages-club-standings.png")


def test_the_friend_pages_views_have_no_serious_accessibility_violations(table_in_context):
    """friend.html: the start view, and the match view on both devices (the one to play and the one waiting)."""
    ana, bo = (table_in_context(bypass_csp=True).page for _ in range(2))
    for page in (ana, bo):
        page.context.add_init_script(KEEP_ASKS)  # started() checks when each page asks to keep its storage
    ana.goto("/friend.html")
    ana.locator('#status[data-status="ready"]').wait_for(timeout=90_000)
    assert axe_violations(ana) == [], "start view"
    started(ana, bo)
    assert axe_violations(bo) == [], "match view, to play"
    assert axe_violations(ana) == [], "match view, waiting"


#: What a header control looks like: its corners, border, fill, ink and height.
CONTROL_LOOK = """(element) => {
  const style = getComputedStyle(element);
  return [style.borderTopLeftRadius, style.borderTopColor, style.backgroundColor, style.color, style.minHeight];
}"""


@pytest.mark.parametrize(("name", "home"), [("club", "#club-home"), ("friend", "#home-link")])
def test_the_language_picker_is_drawn_as_the_headers_buttons(table_in_context, artifacts, name, home):
    # The picker was the browser's plain white dropdown beside the header's round, translucent link.
    page = table_in_context(viewport={"width": 360, "height": 640}).page
    page.goto(f"/{name}.html?lang=sr-Cyrl")
    picker = page.locator(f"#{name}-language")
    picker.wait_for()
    assert picker.evaluate("picker => picker.tagName") == "SELECT", "still the browser's own list"
    for width, height in EMBED_SCREENS:  # a phone, then a desktop: one page turned to each size (CSS alone)
        page.set_viewport_size({"width": width, "height": height})
        assert picker.evaluate(CONTROL_LOOK) == page.locator(home).evaluate(CONTROL_LOOK), f"at {width} px"
        page.locator(home).focus()
        page.keyboard.press("Shift+Tab")  # the picker comes before the link
        assert page.evaluate("document.activeElement.id") == f"{name}-language"
        assert picker.evaluate("picker => getComputedStyle(picker).outlineStyle") == "solid", "a focus ring"
        page.screenshot(
            path=artifacts / f"pages-{name}-language-{width}x{height}.png",
            clip={"x": 0, "y": 0, "width": width, "height": 120},
        )


#: Each header part's box, how many lines its text takes, and whether the page scrolls sideways.
HEADER_PARTS = """(selectors) => ({
  parts: selectors.map((selector) => {
    const element = document.querySelector(selector);
    const r = element.getBoundingClientRect();
    const text = document.createRange();
    text.selectNodeContents(element);
    const lines = new Set([...text.getClientRects()].map((line) => Math.round(line.top))).size || 1; // a <select>: 1
    return { selector, left: r.left, right: r.right, lines, shown: r.width > 1 };
  }),
  sideways: document.documentElement.scrollWidth > innerWidth,
})"""


@pytest.mark.parametrize(
    ("name", "parts"),
    [
        ("club", ["#club-title", "#club-language", "#club-home"]),
        ("friend", ["#brand-name", "#friend-language", "#home-link"]),
    ],
)
def test_on_a_phone_the_pages_header_shows_its_name_and_its_link_on_one_line(table_in_context, name, parts):
    # At 360 px the link "Igrajte protiv računara" took three lines, and the friend page showed only its logo.
    page = table_in_context(viewport={"width": 360, "height": 640}).page
    page.goto(f"/{name}.html?lang=sr-Latn")
    page.locator(parts[1]).wait_for()
    measured = page.evaluate(HEADER_PARTS, parts)
    assert not measured["sideways"]
    for part in measured["parts"]:
        assert part["shown"] and part["lines"] == 1 and part["left"] >= 0 and part["right"] <= 360, part


@pytest.mark.parametrize(
    ("name", "parts"),
    [
        ("club", ["#club-title", "#club-language", "#club-home"]),
        ("friend", ["#brand-name", "#friend-language", "#home-link"]),
        ("embed-info", ["#brand-name", ".club-nav select", ".club-nav .menu-button"]),
    ],
)
def test_on_the_smallest_phones_and_with_the_largest_text_the_header_fits_the_screen(table_in_context, name, parts):
    # On a folding phone's cover screen (280 px), and at 360 px with the browser's text set to "Very large" (24 px),
    # the language and "Играјте против рачунара" kept to one row, wider than the screen: the page was zoomed out.
    # One page turned to each (the header's layout is CSS alone), its text set as the browser would set it.
    page = table_in_context(viewport={"width": 280, "height": 653}, is_mobile=True, has_touch=True).page
    page.goto(f"/{name}.html?lang=sr-Cyrl")
    page.locator(parts[1]).wait_for()
    for width, height, text_px in [(280, 653, 16), (360, 640, 24)]:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(f"document.documentElement.style.fontSize = '{text_px}px'")
        measured = page.evaluate(HEADER_PARTS, parts)
        assert not measured["sideways"], f"{width} px, {text_px} px text"
        for part in measured["parts"]:
            assert part["shown"] and part["left"] >= 0 and part["right"] <= width, (width, text_px, part)


def test_on_a_phone_a_club_deal_in_play_keeps_the_header_to_the_title_and_the_language_each_on_one_line(
    table_in_context,
):
    """While a deal is played the header stays one row, for the table: the way home beside the title and the
    language took three lines there (and the title two). It comes back with the attempt's end."""
    page = table_in_context(viewport={"width": 360, "height": 640}).page
    token = links.challenge_token(Challenge("Petak", deals=1, level="beginner", closes="2099-01-31", seed=5))
    start_playing(page, f"/club.html?lang=sr-Latn&speed=off#challenge={token}", "Jelena")
    page.locator(PLAYABLE).first.wait_for()
    measured = page.evaluate(HEADER_PARTS, ["#club-title", "#club-language"])
    assert not measured["sideways"]
    for part in measured["parts"]:
        assert part["shown"] and part["lines"] == 1 and part["right"] <= 360, part
    assert page.locator("#club-home").is_hidden()
    page.goto(f"/club.html?lang=en&speed=off#challenge={token}")  # the attempt goes on (play_on reads English)
    play_on(page, 0)
    assert page.locator("#club-home").is_visible(), "the way home, once the attempt is over"
