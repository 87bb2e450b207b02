"""Embedding: the game in an iframe on another site's page, without the page's menus, posting its documented
events to the host (and taking no orders from it)."""

from __future__ import annotations

import pytest
from servers import Site
from table import CURRENT_SAVE, FAST, current_save, play_until, wait_ready

from otv66.levels import LEVELS

HOST_HTML = """<!doctype html><html><head><meta charset="utf-8"><title>Club</title>
<link rel="icon" href="data:,"><script src="host.js"></script></head>
<body><h1>Chess and cards club</h1><iframe id="game" title="Otvoreni 66" width="800" height="600"></iframe>
<ol id="log"></ol></body></html>"""

HOST_JS = """window.events = [];
window.addEventListener("message", (event) => {
  if (event.data?.source !== "otv66") return;
  window.events.push({ origin: event.origin, data: event.data });
  const item = document.createElement("li");
  item.textContent = JSON.stringify(event.data);
  document.getElementById("log").append(item);
});"""


@pytest.fixture
def club_site(tmp_path):
    """Another origin, with none of our headers: the club's page that embeds the game."""
    (tmp_path / "host.html").write_text(HOST_HTML)
    (tmp_path / "host.js").write_text(HOST_JS)
    club = Site(tmp_path, rules=[])
    yield club
    club.stop()


def test_the_embedded_game_posts_deal_and_match_events_to_its_host(site, club_site, open_context) -> None:
    ship = open_context(viewport={"width": 900, "height": 700})
    page = ship.new_page()
    page.goto(f"{club_site.url}host.html")
    page.evaluate(
        "(src) => { document.getElementById('game').src = src; }",
        f"{site.url}index.html?embed=1&{FAST}&target=1",
    )
    frame = page.wait_for_selector("#game").content_frame()
    assert wait_ready(frame) == "your-turn", frame.inner_text("body")[-600:]
    # Of the page's menu, only "How to play" (a club's visitor may be new to the game); the rest is the host's.
    visible = "items => items.filter((item) => item.checkVisibility()).map((item) => item.id)"
    shown = frame.locator("#menu > *").evaluate_all(visible)
    assert shown == ["rules-button"]
    # The visitor deals the first deal: its panel waits for him on the table's button (opened on its own, it would
    # have taken the club page's keyboard focus); he deals, then asks.
    assert frame.locator("dialog[open]").count() == 0
    assert page.evaluate("document.activeElement.tagName") == "BODY", "the club's page keeps its keyboard"
    if frame.locator("#table-deal-button").is_visible():
        frame.locator("#table-deal-button").click()
        frame.locator("dialog.deal[open] .panel-buttons .primary").click()
        frame.locator("dialog.deal[open]").wait_for(state="detached")
    frame.locator("#rules-button").click()
    assert "How to play" in frame.locator("dialog[open] .panel-title").inner_text()
    page.keyboard.press("Escape")

    # At rest first: a deal just dealt is saved, and the computer's lead made, before a card of the visitor's plays.
    frame.locator("button.card.top[aria-disabled=false]").first.wait_for()
    saved = frame.evaluate(CURRENT_SAVE)
    for order in ({"method": "new_match", "params": {}}, {"type": "call", "method": "undo"}, "skip-waiting"):
        page.evaluate("(order) => document.getElementById('game').contentWindow.postMessage(order, '*')", order)
    frame.wait_for_timeout(300)
    assert frame.evaluate(CURRENT_SAVE) == saved, "the host cannot change the game"

    assert play_until(frame, ("match-over",), limit_s=240) == "match-over"
    page.locator("#log li", has_text='"match-finished"').wait_for()  # the host's last event (posted, not yet read)
    events = page.evaluate("window.events")
    assert {event["origin"] for event in events} == {site.url.rstrip("/")}
    deals = [event["data"] for event in events if event["data"]["type"] == "deal-finished"]
    finished = [event["data"] for event in events if event["data"]["type"] == "match-finished"]
    assert len(finished) == 1 and events[-1]["data"] == finished[0]
    assert [deal["deal"] for deal in deals] == list(range(1, len(deals) + 1))
    last = deals[-1]
    assert set(last) == {
        "source",
        "version",
        "type",
        "deal",
        "winner",
        "reason",
        "scores",
        "awarded",
        "game_points",
        "target",
    }
    assert last["version"] == 1 and last["target"] == 1
    assert finished[0]["winner"] == last["winner"] in (0, 1)
    assert finished[0]["game_points"] == last["game_points"]
    assert finished[0]["deals"] == len(deals)
    record = current_save(frame)["record"]
    assert [d["result"]["scores"] for d in record["deals"]] == [deal["scores"] for deal in deals]

    page.evaluate("() => { const f = document.getElementById('game'); f.width = 360; f.height = 560; }")
    frame.wait_for_timeout(300)
    width = frame.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert width[0] <= width[1], f"a narrow frame scrolls sideways: {width}"
    ship.problems.check()


def test_the_embed_page_gives_a_snippet_with_this_sites_address_and_a_live_preview(site, open_context) -> None:
    ship = open_context()
    page = ship.new_page()
    page.goto(f"{site.url}embed-info.html")
    snippet = page.input_value("#snippet")
    assert f'<iframe src="{site.url}index.html?embed=1&' in snippet
    assert f'event.origin !== "{site.url.rstrip("/")}"' in snippet
    ship.context.grant_permissions(["clipboard-read", "clipboard-write"])
    label = page.inner_text("#copy-snippet")
    page.click("#copy-snippet")
    page.wait_for_function(f"document.getElementById('copy-snippet').textContent !== {label!r}")  # "Copied"
    assert page.evaluate("navigator.clipboard.readText()") == snippet
    page.locator("#copy-snippet", has_text=label).wait_for()  # then it offers to copy again
    preview = page.wait_for_selector("#preview").content_frame()
    assert wait_ready(preview) == "your-turn"
    assert not preview.locator("#settings-button").is_visible(), "the table and its rules only"
    ship.problems.check()


#: Counts the preview frame's new addresses (each one loads the whole game again).
COUNT_PREVIEW_LOADS = """() => {
  window.previewLoads = 0;
  new MutationObserver(() => window.previewLoads++)
    .observe(document.getElementById("preview"), { attributes: true, attributeFilter: ["src"] });
}"""


def test_the_embed_pages_form_sets_the_snippets_game_and_the_preview_follows(site, open_context) -> None:
    """A club's webmaster sets the game up in a form, reading no code: the computer's level and the game's language
    (named as the game's Settings name them) go into the snippet's address and the preview at once, a house rule only
    where it differs from the game's; the top bar leads back to the game, and its language picker keeps the choices."""
    ship = open_context()
    page = ship.new_page()
    page.goto(f"{site.url}embed-info.html?lang=sr-Latn")
    home = page.locator("header.topbar a", has_text="Igrajte protiv računara")
    assert home.get_attribute("href") == "index.html?lang=sr-Latn"
    assert page.locator("header.topbar select").input_value() == "sr-Latn", "the page's own language picker"

    def framed() -> tuple[str, str]:
        """The address in the snippet (its HTML unescaped) and the preview's."""
        snippet = page.input_value("#snippet").replace("&amp;", "&")
        return snippet.split('src="', 1)[1].split('"', 1)[0], page.get_attribute("#preview", "src") or ""

    def shown(query: str) -> tuple[str, str]:
        """The snippet's address and the preview's for the game's `query`."""
        return f"{site.url}index.html?{query}", f"{site.url}index.html?{query}&preview=1"

    assert framed() == shown("embed=1&lang=sr-Latn&level=club")
    page.evaluate(COUNT_PREVIEW_LOADS)
    level = page.get_by_label("Jačina računara")
    assert level.locator("option").evaluate_all("options => options.map((o) => o.value)") == list(LEVELS)
    chosen = level.locator("option:checked").inner_text()
    assert chosen.startswith("klupski igrač (rejting "), f"the level's name in Settings: {chosen}"
    level.select_option("master")
    assert framed() == shown("embed=1&lang=sr-Latn&level=master")
    language = page.get_by_label("Jezik igre")
    assert language.locator("option").all_inner_texts() == ["Srpski (latinica)", "Српски (ћирилица)", "English"]
    assert 'title="Otvoreni 66"' in page.input_value("#snippet")
    language.select_option("sr-Cyrl")
    assert 'title="Отворени 66"' in page.input_value("#snippet"), "the frame's title in the game's language"
    language.select_option("en")
    assert framed() == shown("embed=1&lang=en&level=master")
    assert 'title="Open 66"' in page.input_value("#snippet")
    page.get_by_label("Na boju obavezno jačom kartom, ako je imate").check()
    page.get_by_label("Partija do").fill("3")
    snippet_src, preview_src = framed()
    assert snippet_src == shown("embed=1&lang=en&level=master&must_beat=1&target=3")[0], "a rule only where it differs"
    assert "target" not in preview_src, "a number being typed loads no game (typing 11 would load a match to 1)"
    page.get_by_label("Partija do").press("Tab")
    assert framed() == shown("embed=1&lang=en&level=master&must_beat=1&target=3"), "typed: the preview follows"
    loads = page.evaluate("window.previewLoads")
    page.get_by_label("Partija do").fill("3")  # the same address: the preview is not loaded again
    level.select_option("master")
    assert page.evaluate("window.previewLoads") == loads == 5
    page.get_by_label("Zvuk", exact=True).uncheck()  # a frame has no Settings: its sounds are the webmaster's
    assert framed() == shown("embed=1&lang=en&level=master&sound=0&must_beat=1&target=3")
    assert page.locator("main h1").inner_text() == "Ugradite Otvoreni 66 na sajt svog kluba", "the page stays Serbian"
    page.locator("header.topbar select").select_option("en")  # the page's own language: it loads again in it
    page.locator("main h1", has_text="Embed Open 66").wait_for()
    assert framed() == shown("embed=1&lang=en&level=master&sound=0&must_beat=1&target=3"), "the choices made stay"
    assert page.get_by_label("Computer level").input_value() == "master"
    ship.problems.check()
