"""The cards as a player sees them (issue 10).

Every court card of both decks (French J/Q/K, Hungarian unter/ober/king) is drawn by the page's cards module
(web/js/cards.js, as the build bundles it into the pages) into a plain page of the site, at a desktop width and on
a 360x640 phone; each card must show its figure twice (the mirrored halves) with a real size on screen. A
Hungarian-deck table shows the corner letters of the player's language and relabels every card at once when the
language changes. Screenshots go to ``e2e/artifacts/cards-*.png``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

COURTS = [rank + suit for rank in "KQJ" for suit in "SHDC"]
SCREENS = [(1280, 800), (360, 640)]
TABLE_SCREENS = [(360, 640), (640, 360), (1280, 800)]

#: The Hungarian deck's corner letters by language (ace, king, ober "gornjak", unter "donjak"); numbers stay digits.
CORNER_LETTERS = {
    "sr-Cyrl": {"A": "А", "K": "К", "Q": "Г", "J": "Д"},  # noqa: RUF001 (Cyrillic on purpose)
    "en": {"A": "A", "K": "K", "Q": "O", "J": "U"},
}
DIGITS = {"T": "10", "9": "9", "8": "8", "7": "7"}

SHOWN_CORNERS = """() => {
  const faces = [...document.querySelectorAll("button[data-card]:not([hidden])")]
    .map((button) => [button.dataset.card, button.parentElement.querySelector(".face")]);
  const trick = [...document.querySelectorAll("#trick [data-trick-card]")]
    .map((card) => [card.dataset.trickCard, card]);
  return faces.concat(trick).map(([code, face]) => [code, face.querySelector(".card-index").textContent]);
}"""

WEB_JS = Path(__file__).resolve().parent.parent / "web" / "js"
#: Where the page finds the cards module (and what it imports) for the test: the build bundles the modules.
MODULES = "/__web__/js/"

RENDER = """async ({ codes, width }) => {
  const cards = await import("MODULES/cards.js");
  document.body.innerHTML = "";
  cards.installSprite(document);
  const sheet = document.createElement("div");
  sheet.id = "sheet";
  sheet.style.cssText = "display:flex;flex-wrap:wrap;gap:6px;padding:6px;background:#2d6a3e";
  for (const deck of ["french", "german"]) {
    for (const code of codes) {
      const card = document.createElement("div");
      card.dataset.card = code;
      card.dataset.deck = deck;
      card.style.cssText = `width:${width}px;aspect-ratio:200/280`;
      card.innerHTML = cards.cardFace(code, deck);
      card.firstElementChild.style.cssText = "width:100%;height:100%;display:block";
      sheet.append(card);
    }
  }
  document.body.append(sheet);
}""".replace("MODULES/", MODULES)


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_every_court_card_of_both_decks_shows_its_mirrored_figure(
    page: Page, artifacts: Path, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.route(
        f"**{MODULES}*.js",
        lambda route: route.fulfill(path=WEB_JS / route.request.url.rsplit("/", 1)[1], content_type="text/javascript"),
    )
    page.goto("/embed-info.html")
    card_width = 150 if width > 800 else 52
    page.evaluate(RENDER, {"codes": COURTS, "width": card_width})
    for deck, style in (("french", "french"), ("german", "german")):
        for code in COURTS:
            card = page.locator(f'[data-deck="{deck}"][data-card="{code}"]')
            figures = card.locator(f'use[href="#figure-{style}-{code[0]}"]')
            assert figures.count() == 2, (deck, code)
            box = figures.first.bounding_box()
            assert box is not None and box["width"] > card_width * 0.4, (deck, code, box)
    page.locator("#sheet").screenshot(path=str(artifacts / f"cards-courts-{width}x{height}.png"))


def test_a_hungarian_table_letters_its_cards_in_the_players_language_and_a_switch_relabels_them_all(
    table_in_context, artifacts
):
    table = table_in_context()
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    table.open("seed=3&level=beginner&opponent=computer&speed=off&lang=sr-Cyrl&deck=german")
    table.play_moves(3)
    table.wait_status("your-turn")
    table.playable().first.wait_for()
    page = table.page
    for lang in ("sr-Cyrl", "en"):
        if lang != "sr-Cyrl":
            page.locator("#settings-button").click()
            table.dialog().locator("#setting-lang").select_option(lang)
            table.dialog().locator("#settings-save").click()
            page.locator(f'html[lang="{lang}"]').wait_for()
        corners = page.evaluate(SHOWN_CORNERS)
        assert len(corners) >= 8, corners
        letters = {**CORNER_LETTERS[lang], **DIGITS}
        assert [letter for _, letter in corners] == [letters[code[0]] for code, _ in corners], (lang, corners)
        assert any(code[0] in "QJ" for code, _ in corners), "an ober or unter is on the table"
        if lang == "sr-Cyrl":
            for width, height in TABLE_SCREENS:
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_timeout(300)
                page.screenshot(path=artifacts / f"cards-hungarian-cyrillic-{width}x{height}.png")


#: The trump card's badge (its box, from the badge's computed style: it is the face's ::after) and the boxes of the
#: card's two corner indices (rank over suit, at the top left and, turned, at the bottom right).
TRUMP_BADGE = """() => {
  const face = document.querySelector(".pile.trump-mark .face");
  const card = face.getBoundingClientRect();
  const style = getComputedStyle(face, "::after");
  const px = (name) => parseFloat(style[name]) || 0;
  const shift = new DOMMatrix(style.transform === "none" ? undefined : style.transform);
  const width = px("width") + px("paddingLeft") + px("paddingRight");
  const height = px("height") + px("paddingTop") + px("paddingBottom");
  const left = card.left + px("left") + shift.e;
  const bottom = card.bottom - px("bottom") + shift.f;
  const corners = [...face.querySelectorAll(".card-svg > g")].slice(0, 2).map((g) => g.getBoundingClientRect());
  return {
    text: style.content,
    card: { left: card.left, right: card.right, top: card.top, bottom: card.bottom },
    badge: { left, right: left + width, top: bottom - height, bottom },
    corners: corners.map((c) => ({ left: c.left, right: c.right, top: c.top, bottom: c.bottom })),
  };
}"""


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


@pytest.mark.parametrize(("seed", "dealer"), [(3, "computer"), (2, "person")])
@pytest.mark.parametrize("lang", ["sr-Latn", "en"])
def test_the_trump_cards_badge_never_covers_a_corner_index(table_in_context, artifacts, seed, dealer, lang):
    # The badge stood at the middle of the card's foot and covered its bottom right index on a phone ("10" of the
    # trump card half hidden). At each size, on the computer's trump card and on the person's, in the language with
    # the longest word ("trump").
    table = table_in_context()
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    table.open(f"seed={seed}&level=beginner&opponent=computer&speed=off&lang={lang}")
    if dealer == "person":
        assert table.step("4-4") == "dealt"
    table.page.locator(".pile.trump-mark").wait_for()
    for width, height in TABLE_SCREENS:
        table.page.set_viewport_size({"width": width, "height": height})
        table.page.wait_for_timeout(100)
        shown = table.page.evaluate(TRUMP_BADGE)
        badge, card = shown["badge"], shown["card"]
        assert shown["text"] == ('"adut"' if lang == "sr-Latn" else '"trump"')
        assert card["left"] <= badge["left"] and badge["right"] <= card["right"], f"on the card: {shown}"
        assert badge["top"] < card["bottom"] < badge["bottom"], f"on its foot: {shown}"
        assert len(shown["corners"]) == 2
        assert not any(overlap(badge, corner) for corner in shown["corners"]), f"{width}x{height}: {shown}"
        if lang == "sr-Latn":
            box = table.page.locator(".pile.trump-mark").bounding_box()
            table.page.screenshot(
                path=artifacts / f"cards-trump-{dealer}-{width}x{height}.png",
                clip={"x": box["x"] - 12, "y": box["y"] - 12, "width": box["width"] + 24, "height": box["height"] + 24},
            )
