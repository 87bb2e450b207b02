"""Share links in the browser: a deal link deals the same cards for anyone, a game link opens a replay that steps
through the game as it was, and a broken link gives a clear message (as text) and a new game, never an error."""

from __future__ import annotations

import random
from collections.abc import Sequence
from urllib.parse import unquote

import pytest
from table import FAST, answer_panel, current_save, panel_open, status, table_cards, wait_ready

from otv66 import links
from otv66.deal import Deal
from otv66.match import Match
from otv66.table import default_names


def saved_record(page) -> dict:
    return current_save(page)["record"]


def expected_table(deal: Deal) -> list[str]:
    """The face-up cards in the page's screen order (render.js SCREEN_ORDER: player 0 piles 0-7, player 1 7-0)."""
    view = deal.view().to_dict()
    order = [(0, pile) for pile in range(8)] + [(1, pile) for pile in reversed(range(8))]
    screen = [view["piles"][player][pile]["top"] or "-" for player, pile in order]
    # The page lists player 1's table (the top of the screen) first.
    return screen[8:] + screen[:8]


def wait_dealt(page) -> None:
    """Wait until a deal is on the table (dealing it if the page asks the person to)."""
    while True:
        assert wait_ready(page) == "your-turn"
        if panel_open(page):
            answer_panel(page)
        elif page.locator("button.card.top[aria-disabled=false]").count():
            return
        page.wait_for_timeout(50)


def played_out(page) -> None:
    """Play the person's cards until the deal's result is shown, then close it (the table under it)."""
    while not page.locator("#panel[open] #next-deal, #panel[open] #rematch-button").count():
        if panel_open(page):  # the packets to deal, a marriage to announce
            answer_panel(page)
        elif status(page) == "your-turn" and not panel_open(page):
            page.locator("button.card.top[aria-disabled=false]").first.click()
        page.wait_for_timeout(50)
    page.keyboard.press("Escape")
    page.locator("#panel[open]").wait_for(state="detached")


def test_a_deal_link_deals_the_same_cards_in_a_fresh_browser(site, open_context) -> None:
    first = open_context()
    page = first.new_page()
    page.goto(f"{site.url}index.html?{FAST}&must_beat=1")
    wait_dealt(page)
    played_out(page)  # a deal is shared once it is over: its link would show its face-down cards before
    page.click("#share-button")
    url = page.input_value("#share-url-deal")
    assert url.startswith(f"{site.url}index.html#deal=d1.")
    shared = saved_record(page)["deals"][-1]

    second = open_context()
    friend = second.new_page()
    friend.goto(url)
    friend.wait_for_selector("#panel[open]")
    told = " ".join(friend.inner_text("#panel").split())
    assert "This is the deal from the link: the same cards in the same places, under the rules it was played by" in told
    answer_panel(friend)
    assert wait_ready(friend) == "your-turn"
    assert "#" not in friend.url, "the link leaves the address once the deal has started"
    record = saved_record(friend)
    assert record["rules"]["must_beat"] is True
    assert [record["deals"][0][key] for key in ("layout", "trump", "dealer", "packets", "seed")] == [
        shared[key] for key in ("layout", "trump", "dealer", "packets", "seed")
    ]
    deal = links.read_deal_token(unquote(url.split("#deal=")[1])).deal()
    for move in record["deals"][0]["moves"]:
        deal.play(move)
    assert table_cards(friend) == expected_table(deal)
    first.problems.check()
    second.problems.check()


def test_on_a_device_with_a_share_sheet_the_link_is_sent_through_it(site, open_context) -> None:
    context = open_context()
    # A phone's share sheet, stood in for (desktop Chromium on Linux has none): it records what it was given.
    context.context.add_init_script("navigator.share = async (data) => { window.sharedData = data; };")
    page = context.new_page()
    page.goto(f"{site.url}index.html?{FAST}")
    wait_dealt(page)
    page.click("#share-button")
    url = page.input_value("#share-url-game")
    page.click("#share-send-game")
    # With words for whoever gets it: the sender's own heading ("Link to this match") told him nothing.
    assert page.evaluate("window.sharedData") == {
        "title": "Open 66",
        "text": "Watch this match of Open 66, move by move.",
        "url": url,
    }
    context.problems.check()


def test_without_a_share_sheet_only_copy_is_offered(site, open_context) -> None:
    context = open_context()
    page = context.new_page()
    page.goto(f"{site.url}index.html?{FAST}")
    wait_dealt(page)
    assert page.evaluate("typeof navigator.share") != "function"
    page.click("#share-button")
    page.locator("#share-copy-game").wait_for()
    assert page.locator("#share-send-game").is_hidden()
    # The deal in play has no link yet: played out in another tab, it would show the face-down cards.
    assert page.locator("#share-url-deal").count() == 0
    assert "A deal's link is given once the deal is over" in page.locator("#panel").inner_text()
    page.keyboard.press("Escape")
    played_out(page)
    page.click("#share-button")
    for kind in ("deal", "game"):
        page.locator(f"#share-copy-{kind}").wait_for()
        assert page.locator(f"#share-send-{kind}").is_hidden()
    context.problems.check()


def shared_game(players: Sequence[str] = ("Ana <img src=x onerror=alert(1)>", "Computer"), seed: int = 8) -> Match:
    match = Match(seed=seed, players=list(players))
    rng = random.Random(seed)
    for _ in range(2):
        deal = match.new_deal()
        while not deal.is_over:
            deal.play(rng.choice(deal.legal_moves()))
    return match


def test_a_game_link_replays_the_game_forward_and_back(site, open_context) -> None:
    match = shared_game()
    ship = open_context()
    page = ship.new_page()
    page.goto(f"{site.url}replay.html?lang=en#game={links.game_token(match)}")
    page.wait_for_selector("[data-status=replay]")
    first = match.deals[0]

    def shows(ply: int) -> bool:
        """Whether the page shows the first deal after ``ply`` moves, as the engine re-plays it."""
        page.wait_for_selector(f"#replay-position[data-deal='0'][data-ply='{ply}']")
        deal = Deal.from_layout(first.reveal_layout(), first.dealer, first.rules)
        for move in first.moves[:ply]:
            deal.play(move)
        return table_cards(page) == expected_table(deal)

    assert shows(0)
    for ply in range(1, 6):
        page.click("#replay-forward")
        assert shows(ply)
    page.keyboard.press("ArrowLeft")
    assert shows(4)
    page.click("#replay-end")
    assert shows(len(first.moves))
    summary = page.inner_text("#replay-summary")
    winner = first.result["winner"]
    assert summary and (winner is None or match.players[winner] in summary), "the end of a deal says who won it"
    page.click("#replay-next-deal")
    page.wait_for_selector("#replay-position[data-deal='1'][data-ply='0']")
    assert "Ana <img src=x onerror=alert(1)>" in page.inner_text("#status")
    assert page.locator("img").count() == 0, "a name from the link must stay text"
    ship.problems.check()


@pytest.mark.parametrize("screen", [(640, 360), (360, 640)], ids=["on-its-side", "upright"])
def test_on_a_phone_the_replay_shows_every_control_and_reads_whole(site, open_context, screen) -> None:
    width, height = screen
    ship = open_context(viewport={"width": width, "height": height}, has_touch=True)
    page = ship.new_page()
    # The game page's longest names, and a first deal the computer wins: its name twice in the result.
    game = shared_game(default_names("computer", "club"), seed=7)
    page.goto(f"{site.url}replay.html?lang=sr-Cyrl#game={links.game_token(game)}")
    page.wait_for_selector("[data-status=replay]")
    page.click("#replay-end")  # where the footer holds the most: the deal's result is said above the controls
    page.locator("#replay-summary:not(:empty)").wait_for()
    hidden = page.evaluate(
        """[...document.querySelectorAll('#replay-controls > :not([hidden])')].filter((control) => {
          const box = control.getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return box.top < 0 || box.bottom > innerHeight || !(hit && (control === hit || control.contains(hit)));
        }).map((control) => control.id)"""
    )
    assert hidden == [], "controls off the screen or under something"
    assert page.locator("#replay-review").is_visible(), "the deal's review, in Forward's place"
    top, cut = page.locator("#replay-summary").evaluate(
        "(summary) => [summary.getBoundingClientRect().top, summary.scrollHeight - summary.clientHeight]"
    )
    assert top >= 0 and cut <= 0, "the deal's result on the screen, whole (not in a scrolled box)"
    labels = page.locator(".won-label").evaluate_all("(labels) => labels.map((l) => l.getBoundingClientRect())")
    above, below = sorted(labels, key=lambda box: box["top"])
    assert above["bottom"] <= below["top"], "the won tricks' labels apart"
    assert page.inner_text("#brand-name") == "Отворени 66", "the page's name in its script"
    ship.problems.check()


def broken_tokens(token: str, count: int) -> list[str]:
    """Cut, changed and made-up links: what chat programs, careless copies and tampering give."""
    rng = random.Random(1)
    tokens = [token[: rng.randrange(len(token))] for _ in range(count // 3)]
    for _ in range(count // 3):
        at = rng.randrange(3, len(token))
        tokens.append(token[:at] + ("A" if token[at] != "A" else "B") + token[at + 1 :])
    tokens += ["", "g1.", "<img src=x onerror=alert(1)>", "g9.AAAA", "d1." + token[3:], "g1.%00%ff"]
    tokens.append("g1." + "A" * 30_000)
    return tokens


def test_dozens_of_broken_links_are_refused_by_the_engine_in_the_page(site, open_context) -> None:
    """The page's own engine (Pyodide in its worker) answers every broken link with a link error."""
    token = links.game_token(shared_game())
    ship = open_context()
    page = ship.new_page()
    page.goto(f"{site.url}replay.html?lang=en#game={token}")
    page.wait_for_selector("[data-status=replay]")
    tokens = broken_tokens(token, 60)
    answers = page.evaluate(
        """async (tokens) => {
             // The page's engine worker, spoken to by its protocol (web/js/worker.js): the page's modules are bundled.
             const script = document.querySelector('script[type=module]').src;
             const worker = new Worker(new URL('worker.js', script), { type: 'module' });
             const info = await (await fetch('build-info.json')).json();
             const base = new URL('build-info.json', location.href);
             const waiting = new Map();
             worker.onmessage = ({ data }) => { if (data.type !== 'progress') waiting.get(data.id)(data); };
             const ask = (message) => new Promise((resolve) => {
               const id = waiting.size;
               waiting.set(id, resolve);
               worker.postMessage({ id, ...message });
             });
             const urls = { pyodideUrl: new URL(info.pyodide, base).href, wheelUrl: new URL(info.wheel, base).href };
             const ready = await ask({ type: 'init', ...urls });
             if (ready.type !== 'ready') throw new Error(JSON.stringify(ready));
             const answers = [];
             for (const token of tokens) {
               const reply = await ask({ type: 'call', method: 'open_link', params: { token } });
               answers.push(reply.type === 'result' ? `opened ${reply.result.kind}` : reply.error.type);
             }
             worker.terminate();
             return answers;
           }""",
        tokens,
    )
    assert len(answers) == len(tokens) >= 45
    assert set(answers) <= {"invalid_link", "unsupported_link"}, answers
    ship.problems.check()


def test_a_broken_game_link_shows_what_is_wrong_and_offers_a_new_game(site, open_context) -> None:
    token = links.game_token(shared_game())
    ship = open_context()
    page = ship.new_page()
    reasons = set()
    for broken in (token[:-6], "<img src=x onerror=alert(1)>", "g1." + token[3:20] + "!" + token[21:]):
        page.goto("about:blank")
        page.goto(f"{site.url}replay.html?lang=en#game={broken}")
        page.wait_for_selector("[data-status=error]")
        assert page.inner_text("#status") == "This link does not work"
        reason = page.inner_text("#replay-summary")
        assert reason.endswith(".") and "does not work" not in reason, "the summary says why, once"
        reasons.add(reason)
        assert page.locator("#new-game-link").get_attribute("href") == "index.html?lang=en", "in the link's language"
        assert page.locator("img").count() == 0
    assert "This link is cut short or damaged: copy the whole link." in reasons
    page.goto(f"{site.url}replay.html?lang=en")
    page.wait_for_selector("[data-status=error]")
    assert page.inner_text("#status") == "No replay", "no link at all is not a broken one"
    assert page.inner_text("#replay-summary").startswith("This page replays a match from its link")
    assert page.locator("#replay-controls").is_hidden()
    assert page.evaluate("document.activeElement.id") == "new-game-link"
    page.goto("about:blank")
    page.goto(f"{site.url}replay.html?lang=en#deal=d1.abc")  # a deal's link goes on to the game page, which says it
    page.wait_for_selector("#panel[open]")
    assert page.url.startswith(f"{site.url}index.html")
    assert "This link is cut short or damaged: copy the whole link." in page.inner_text("#panel")
    page.goto("about:blank")
    page.goto(f"{site.url}replay.html?lang=sr-Latn#game={token[:-6]}")
    page.wait_for_selector("[data-status=error]")
    assert page.inner_text("#status") == "Link nije ispravan"
    in_serbian = "Link je skraćen ili oštećen: kopirajte ceo link."
    assert page.inner_text("#replay-summary") == in_serbian, "the reason is in the page's language"
    ship.problems.check()


def opened_as_a_deal_link(site, page, token: str) -> str:
    """What the game page says of ``token`` opened as a deal's link (``#deal=``), one line."""
    page.goto(f"{site.url}index.html?{FAST}#deal={token}")
    page.wait_for_selector("#panel[open]")
    return " ".join(page.inner_text("#panel").split())


def test_a_broken_deal_link_says_so_and_a_new_game_starts(site, open_context) -> None:
    token = links.deal_token(Deal.from_seed(5, dealer=0))
    ship = open_context()
    page = ship.new_page()
    said = opened_as_a_deal_link(site, page, token[:-5])
    assert "This link is cut short or damaged: copy the whole link. A new match starts instead." in said
    assert said.count("link") == 2, "the reason said once"
    answer_panel(page)
    wait_dealt(page)
    ship.problems.check()


def test_a_link_of_the_other_kind_is_said_as_what_it_is(site, open_context) -> None:
    """A match's link pasted as a deal's (``#deal=g1.…``), or a deal's as a match's, is not a damaged link: the engine,
    asked for the one kind, names both."""
    game = links.game_token(shared_game())
    deal = links.deal_token(Deal.from_seed(5, dealer=0))
    ship = open_context()
    page = ship.new_page()
    said = opened_as_a_deal_link(site, page, game)
    assert "This is a match link, not a deal link. A new match starts instead." in said
    answer_panel(page)
    wait_dealt(page)
    page.goto("about:blank")
    page.goto(f"{site.url}replay.html?lang=sr-Latn#game={deal}")
    page.wait_for_selector("[data-status=error]")
    assert page.inner_text("#status") == "Link nije ispravan"
    assert page.inner_text("#replay-summary") == "Ovo je link deljenja, a ne link partije."
    ship.problems.check()
