"""A player with a match under way who opens a share link that cannot open (cut short in a chat, from a newer
version of the game) is told so in the page's language at once, and his match stays on the table: he is not asked
to leave it for a link that leads nowhere, nor handed a new match he did not ask for.
"""

from __future__ import annotations

import pytest

from otv66 import links
from otv66.deal import Deal

GOOD = links.deal_token(Deal.from_seed(5, dealer=0))
BROKEN = {
    "cut short": GOOD[: len(GOOD) * 2 // 3],
    "from a newer version": "d2" + GOOD[2:],
}
SAID = {
    "sr-Latn": {
        "cut short": "Ovaj link ne radi: Link je skraćen ili oštećen: kopirajte ceo link. Vaša partija se nastavlja.",
        "from a newer version": "Ovaj link ne radi: Link je napravila novija verzija igre: osvežite stranicu. "
        "Vaša partija se nastavlja.",
    },
    "en": {
        "cut short": "This link does not work: This link is cut short or damaged: copy the whole link. "
        "Your match goes on.",
        "from a newer version": "This link does not work: A newer version of the game made this link: reload the "
        "page. Your match goes on.",
    },
}


@pytest.mark.parametrize("lang", ["sr-Latn", "en"])
@pytest.mark.parametrize("broken", list(BROKEN))
def test_a_link_that_cannot_open_leaves_the_match_under_way_on_the_table(table, lang, broken):
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    table.open(f"lang={lang}&speed=off&seed=5&level=beginner")
    table.play_moves(2)
    table.wait_status("your-turn")
    before = table.snapshot()
    current = table.page.evaluate("localStorage.getItem('otv66.current')")

    table.page.goto(f"/index.html?lang={lang}&speed=off#deal={BROKEN[broken]}")
    dialog = table.dialog()
    dialog.wait_for()
    assert dialog.locator("#open-link").count() == 0, "no offer to leave the match for a link that cannot open"
    assert SAID[lang][broken] in " ".join(dialog.inner_text().split())
    dialog.locator("button").click()
    table.wait_status("your-turn")
    assert table.snapshot() == before
    assert table.page.evaluate("localStorage.getItem('otv66.current')") == current
    assert "#deal=" not in table.page.url
