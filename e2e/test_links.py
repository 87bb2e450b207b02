"""A player with a match under way who opens a share link that cannot open (cut short in a chat, from a newer
version of the game) is told so in the page's language at once, and his match stays on the table: he is not asked
to leave it for a link that leads nowhere, nor handed a new match he did not ask for.

A link as it arrives after a trip through chat apps and mail (a full stop or a bracket after it, wrapped in <…>, a
line broken in it, percent-encoded by an app, an app's ``fbclid`` or ``utm_source`` added) opens its deal on the game
page and its match on the replay page; one that is really damaged says so, not that it is no link of ours.
"""

from __future__ import annotations

import json

import pytest
from test_pages import game_token

from otv66 import links
from otv66.deal import Deal

GOOD = links.deal_token(Deal.from_seed(5, dealer=0))
BROKEN = {
    "cut short": GOOD[: len(GOOD) * 2 // 3],
    "from a newer version": "d2" + GOOD[2:],
}
SAID = {  # the reason, once: no "This link does not work: This link is cut short…"
    "sr-Latn": {
        "cut short": "Link je skraćen ili oštećen: kopirajte ceo link. Vaša partija se nastavlja.",
        "from a newer version": "Link je napravila novija verzija igre: osvežite stranicu. Vaša partija se nastavlja.",
    },
    "en": {
        "cut short": "This link is cut short or damaged: copy the whole link. Your match goes on.",
        "from a newer version": "A newer version of the game made this link: reload the page. Your match goes on.",
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
    said = " ".join(dialog.inner_text().split())
    assert SAID[lang][broken] in said
    assert "ne radi" not in said and "does not work" not in said, "not said twice over"
    dialog.locator("button").click()
    table.wait_status("your-turn")
    assert table.snapshot() == before
    assert table.page.evaluate("localStorage.getItem('otv66.current')") == current
    assert "#deal=" not in table.page.url


def arrived(token: str) -> dict[str, str]:
    """The fragment of a link to ``token`` as chats and mails bring it, by what happened to it on its way."""
    half = len(token) // 2
    return {
        "a full stop after it": f"#game={token}.",
        "a bracket and a comma after it": f"#game={token}),",
        "a quote after it": f"#game={token}%22",
        "wrapped in <…>": f"#game={token}%3E",
        "a space in it": f"#game={token[:half]}%20{token[half:]}",
        "a mail client's line break in it": f"#game={token[:half]}%0D%0A{token[half:]}",
        "percent-encoded by an app": f"#game%3D{token.replace('-', '%2D')}",
        "an app's fbclid added": f"#game={token}.&fbclid=IwAR0xYz",
        "an app's utm_source added after it": f"#game={token}?utm_source=whatsapp",
    }


def test_a_game_link_that_a_chat_or_a_mail_added_to_opens_its_replay(page):
    refused = {}
    for what, fragment in arrived(game_token()).items():
        page.goto("about:blank")
        page.goto(f"/replay.html?lang=en{fragment}")
        page.wait_for_selector("[data-status=replay], [data-status=error]")
        if page.locator("[data-status=error]").count():
            refused[what] = page.inner_text("#replay-summary")
            continue
        page.wait_for_selector("#replay-position[data-deal='0'][data-ply='0']")
    assert not refused


DEAL = links.deal_token(Deal.from_seed(424242, dealer=1))
DEAL_ARRIVED = {
    "a full stop after it": f"#deal={DEAL}.",
    "a line break in it, an app's fbclid after it": f"#deal={DEAL[:40]}%0A{DEAL[40:]}&fbclid=IwAR0",
}


@pytest.mark.parametrize("what", list(DEAL_ARRIVED))
def test_a_deal_link_that_a_chat_added_to_opens_its_deal(table, what):
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    table.page.goto(f"/index.html?lang=en&speed=off{DEAL_ARRIVED[what]}")
    table.wait_ready()
    saved = table.page.evaluate("localStorage.getItem('otv66.slot.' + localStorage.getItem('otv66.current'))")
    assert saved is not None, "the linked deal started"
    first = json.loads(saved)["record"]["deals"][0]
    assert (first["seed"], first["dealer"]) == (424242, 1)
    assert "#" not in table.page.url


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "This link is cut short or damaged: copy the whole link."), ("sr-Latn", "Link je skraćen ili oštećen")],
)
def test_a_game_link_damaged_on_its_way_says_so(page, lang, said):
    token = game_token()
    half = len(token) // 2
    for damaged in (token[:half] + "*" + token[half:], token[:half] + "…", token[:half] + "%20…%20" + token[half:]):
        page.goto("about:blank")
        page.goto(f"/replay.html?lang={lang}#game={damaged}")
        page.wait_for_selector("[data-status=error]")
        assert said in page.inner_text("#replay-summary"), damaged[half - 5 : half + 10]
