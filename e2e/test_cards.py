"""The court cards' figures as a player sees them (issue 10).

Every court card of both decks (French J/Q/K, Hungarian unter/ober/king) is drawn by the page's own cards
module into a plain page, at a desktop width and on a 360x640 phone; each card must show its figure twice
(the mirrored halves) with a real size on screen. Screenshots go to ``e2e/artifacts/cards-*.png``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

COURTS = [rank + suit for rank in "KQJ" for suit in "SHDC"]
SCREENS = [(1280, 800), (360, 640)]

RENDER = """async ({ codes, width }) => {
  const entry = document.querySelector("script[type=module]").src;  // the build's versioned js/ folder
  const cards = await import(new URL("cards.js", entry).href);
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
}"""


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_every_court_card_of_both_decks_shows_its_mirrored_figure(
    page: Page, artifacts: Path, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
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
