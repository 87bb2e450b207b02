"""The Embed page and the replay page in each of the game's languages: their texts, accessibility and looks.

Each page is opened with ``?lang=`` in Serbian (Latin and Cyrillic) and English; a few of its texts must be in that
language, axe must find nothing serious or critical, and screenshots on a phone and a desktop land in e2e/artifacts/.
"""

from __future__ import annotations

import random

import pytest
from test_table import axe_violations

from otv66 import links
from otv66.match import Match

SCREENS = [(360, 640), (1280, 800)]

#: Texts each page must show, by language (the heading and the Copy button; the replay's buttons).
EMBED_TEXTS = {
    "sr-Latn": {"h1": "Ugradite Otvoreni 66 na sajt svog kluba", "#copy-snippet": "Kopiraj kod"},
    "sr-Cyrl": {"h1": "Уградите Отворени 66 на сајт свог клуба", "#copy-snippet": "Копирај код"},
    "en": {"h1": "Embed Otvoreni 66 on your club's site", "#copy-snippet": "Copy the code"},
}
REPLAY_TEXTS = {
    "sr-Latn": {"#replay-forward": "Napred", "#replay-next-deal": "Sledeće deljenje", "#new-game-link": "Nova partija"},
    "sr-Cyrl": {"#replay-forward": "Напред", "#replay-next-deal": "Следеће дељење", "#new-game-link": "Нова партија"},
    "en": {"#replay-forward": "Forward", "#replay-next-deal": "Next deal", "#new-game-link": "New game"},
}


def game_token() -> str:
    """A link to a finished game of two deals, played at random."""
    match = Match(seed=8, players=["Ana", "Computer"])
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
    for width, height in SCREENS:
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
    assert f"lang={lang}" in (page.locator("#preview").get_attribute("src") or "")
    assert axe_violations(page, "{exclude: [['#preview']]}") == []  # the game in the frame is tested on its own
    screenshots(page, artifacts, f"embed-{lang}", full_page=True)


@pytest.mark.parametrize("lang", list(REPLAY_TEXTS))
def test_the_replay_page_speaks_the_games_language(table_in_context, artifacts, lang):
    page = table_in_context(bypass_csp=True).page
    page.goto(f"/replay.html?lang={lang}#game={game_token()}")
    page.wait_for_selector("[data-status=replay]", timeout=90_000)
    page.click("#replay-forward")
    page.wait_for_selector("#replay-position[data-ply='1']")
    assert page.evaluate("document.documentElement.lang") == lang
    check_texts(page, REPLAY_TEXTS[lang])
    assert axe_violations(page) == []
    screenshots(page, artifacts, f"replay-{lang}", full_page=False)
