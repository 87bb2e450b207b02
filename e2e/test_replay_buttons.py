"""The replay page's buttons: on a phone on its side a finger's height, and all in sight beside the table with a deal's
result (the column they share is the height of the screen); and every press counts, even one made while the replay
still reads the position a press before it led to (replay.js go()). A keyboard player's focus: seen whole, and kept
among the cards he looks at. A link that does not read: why, over a bare table."""

from __future__ import annotations

import json
import random
import re

import pytest
from playwright.sync_api import expect
from test_pages import game_token, open_replay

from otv66 import Match, Rules, links
from otv66.deal import Deal
from otv66.record import FORMAT_VERSION

RANKS = {"A": "ace", "T": "ten", "K": "king", "Q": "queen", "J": "jack", "9": "nine", "8": "eight", "7": "seven"}
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
"""The English names of the cards' ranks and suits (texts-en.js)."""

FINGER = 40
"""The least height of a button a finger hits surely (px)."""

PRESS_AT_ONCE = "ids => ids.forEach((id) => document.getElementById(id).click())"
"""Click the replay's buttons one after another in one task: each press after the first comes while the replay still
reads the position the first led to."""

HOLD_KEY = """([key, repeats]) => {
  // The positions the replay shows, as they are shown.
  window.shownPlies = [];
  new MutationObserver(() => window.shownPlies.push(document.getElementById("replay-position").dataset.ply))
    .observe(document.getElementById("replay-position"), { attributeFilter: ["data-ply"] });
  for (let i = 0; i < repeats; i++) document.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
}"""
"""Hold a key down: its repeats in one task, while the replay reads the position the first led to; the positions
shown from then on are recorded in ``window.shownPlies``."""


CLIPPED_RING = """(element) => {
  // The boxes that cut off the element's focus ring: ancestors that clip what overflows them, too small to hold it.
  const style = getComputedStyle(element);
  const reach = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
  const ring = element.getBoundingClientRect();
  const clipping = [];
  for (let holder = element.parentElement; holder; holder = holder.parentElement) {
    const { overflowX, overflowY } = getComputedStyle(holder);
    if (overflowX === "visible" && overflowY === "visible") continue;
    const box = holder.getBoundingClientRect();
    if (ring.left - reach < box.left || ring.right + reach > box.right || ring.top - reach < box.top ||
        ring.bottom + reach > box.bottom) clipping.push(holder.id || holder.className);
  }
  return clipping;
}"""
"""The elements that cut off an element's focus ring (its outline, drawn outside its box)."""


def moves_in_shown_deal(page) -> int:
    """How many moves the deal shown has ("… · Potez 3 od 24")."""
    return int(page.locator("#replay-position").inner_text().rsplit(" ", 1)[1])


def test_on_a_phone_every_control_of_the_replay_is_a_fingers_height_and_on_its_side_all_in_sight(table_in_context):
    """Upright, New match in the top bar was 36 px high, the buttons under the table 40. Turned on its side, the
    buttons are all in sight beside the table with a deal's result (the column they share is the screen's height)."""
    page = table_in_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True).page
    open_replay(page)
    heights = page.locator("#new-game-link, #replay-controls .action:not([hidden])").evaluate_all(
        "controls => controls.map((c) => [c.id, c.getBoundingClientRect().height])"
    )
    assert len(heights) == 8 and "replay-moves" in [name for name, _ in heights], "the position opens the moves"
    assert [name for name, height in heights if height < FINGER] == [], heights
    # On its side.
    page.set_viewport_size({"width": 640, "height": 360})
    page.keyboard.press("End")  # the deal's result shown in the column too
    page.wait_for_selector("#replay-position[data-deal='0']:not([data-ply='0'])")
    assert page.locator("#replay-summary").inner_text() != ""
    boxes = page.locator("#replay-controls .action:not([hidden])").evaluate_all(
        "buttons => buttons.map((b) => [b.id, b.getBoundingClientRect().height, b.getBoundingClientRect().bottom])"
    )
    assert len(boxes) == 7 and "replay-review" in [name for name, _, _ in boxes], "Review in Forward's place"
    assert [name for name, height, _ in boxes if height < FINGER] == [], boxes
    assert all(bottom <= 360 for _, _, bottom in boxes), boxes


def test_every_press_counts_while_the_replay_still_reads_the_position_the_one_before_led_to(table_in_context):
    """Each press leads on from where the presses before it lead, not from the position still shown (replay.js go()):
    Forward twice at once, a held-down arrow, End right after Next deal."""
    page = table_in_context().page
    open_replay(page)
    # Forward pressed twice at once goes two moves on.
    page.evaluate(PRESS_AT_ONCE, ["replay-forward", "replay-forward"])
    page.wait_for_selector("#replay-position[data-deal='0'][data-ply='2']")
    page.locator("#replay-back:enabled").wait_for()
    # A held-down arrow goes to the deal's end without showing each move on the way: its repeats lead on from one
    # another (clamped at the deal's end); the replay shows the first move, read while the others came, then only
    # the latest position they led to, not one position per repeat.
    page.keyboard.press("Home")
    page.wait_for_selector("#replay-position[data-deal='0'][data-ply='0']")
    moves = moves_in_shown_deal(page)
    page.evaluate(HOLD_KEY, ["ArrowRight", moves + 10])
    page.wait_for_selector(f"#replay-position[data-deal='0'][data-ply='{moves}']")
    assert page.evaluate("window.shownPlies") == ["1", str(moves)]
    # End pressed right after Next deal goes to the end of the next deal, the last: the focus, on Next deal (which
    # its press disabled), goes on to Back, the way on.
    page.focus("#replay-next-deal")
    page.evaluate(PRESS_AT_ONCE, ["replay-next-deal", "replay-end"])
    page.wait_for_selector("#replay-position[data-deal='1']:not([data-ply='0'])")
    assert page.locator("#replay-position").get_attribute("data-ply") == str(moves_in_shown_deal(page))
    disabled = page.locator("#replay-controls .action:disabled").evaluate_all("buttons => buttons.map((b) => b.id)")
    assert sorted(disabled) == ["replay-end", "replay-forward", "replay-next-deal"]
    assert page.evaluate("document.activeElement.id") == "replay-back"


def test_a_keyboard_player_sees_the_whole_focus_ring_of_new_match_and_the_controls_keep_to_one_row(table_in_context):
    """On a phone the top bar's menu, a folded menu's list that scrolls on the game page, cut the link's ring down to
    its corners. Looked at on a phone upright, on its side and on a laptop: one page, resized."""
    page = table_in_context(viewport={"width": 360, "height": 640}).page
    open_replay(page)
    link = page.locator("#new-game-link")
    for width, height in [(360, 640), (640, 360), (1280, 800)]:
        page.set_viewport_size({"width": width, "height": height})
        for _ in range(10):
            if page.evaluate("document.activeElement.id") == "new-game-link":
                break
            page.keyboard.press("Shift+Tab")
        assert link.evaluate("link => link === document.activeElement && link.matches(':focus-visible')"), width
        assert link.evaluate(CLIPPED_RING) == [], (width, height)
    # On a laptop, in Latin letters too, the controls keep to one row.
    the_controls_keep_to_one_row_on_a_laptop(page)


def test_a_keyboard_player_on_the_cards_keeps_the_focus_when_a_step_plays_the_card_he_is_on(table_in_context):
    """A card played from a pile with nothing under it leaves its place: the focus went to the page's body (a screen
    reader lost its place, Tab started from the top). It stays with that player's cards, or at the deal's end, when
    he has none left, goes to the controls."""
    page = table_in_context().page
    open_replay(page, "lang=en")
    first_deal = links.read_game_token(game_token()).deals[0]
    for ply, move in enumerate(first_deal.moves, start=1):
        card = page.locator(f"#table button.card.top[data-card='{move[:2]}']:not([hidden])")
        if move != "66" and card.count() == 1:
            card.focus()
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f"#replay-position[data-deal='0'][data-ply='{ply}']")
        page.wait_for_timeout(50)  # a hidden element loses the focus at the browser's next frame
        focused = page.evaluate("[document.activeElement.tagName, document.activeElement.getClientRects().length]")
        assert focused[0] == "BUTTON" and focused[1] > 0, (ply, move, focused)


LINES_OF_PHRASES = """(output) => {
  // The lines each phrase of the position (the deal's, the move's: either side of " · ") is drawn on.
  const walker = document.createTreeWalker(output, NodeFilter.SHOW_TEXT);
  const tops = [new Set(), new Set()];
  let phrase = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.data.length; i++) {
      if (node.data[i] === "·") phrase = 1;
      if (/\\s|·/.test(node.data[i])) continue;
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      tops[phrase].add(Math.round(range.getBoundingClientRect().top));
    }
  }
  return tops.map((lines) => lines.size);
}"""
"""How many lines the deal's phrase and the move's phrase of the replay's position each take."""


def test_in_cyrillic_on_a_phone_the_replays_words_fit(table_in_context):
    """A phone zoomed to 150 % (or with its text at 24 px): "Sledeće deljenje" ran past the screen's right edge. On a
    phone on its side "Потез 26 од 26" was broken, "од 26" alone on the next line. One page, resized."""
    page = table_in_context(viewport={"width": 240, "height": 427}, is_mobile=True, has_touch=True).page
    open_replay(page, "lang=sr-Cyrl")
    fonts = page.context.new_cdp_session(page)
    for width, height, text in [(240, 427, 16), (360, 640, 24)]:  # zoomed in; with large text
        page.set_viewport_size({"width": width, "height": height})
        fonts.send("Page.setFontSizes", {"fontSizes": {"standard": text}})
        assert page.evaluate("getComputedStyle(document.body).fontSize") == f"{text}px", "the phone's text size"
        assert page.evaluate("document.documentElement.scrollWidth") <= width, text
        rights = page.locator("#replay-controls .action:not([hidden])").evaluate_all(
            "buttons => buttons.map((b) => b.getBoundingClientRect().right)"
        )
        assert max(rights) <= width, (text, rights)
    # On its side, the text at its usual size: the position breaks between the deal and the move.
    fonts.send("Page.setFontSizes", {"fontSizes": {"standard": 16}})
    page.set_viewport_size({"width": 640, "height": 360})
    page.keyboard.press("End")
    page.wait_for_selector("#replay-position[data-deal='0']:not([data-ply='0'])")
    assert page.locator("#replay-position").evaluate(LINES_OF_PHRASES) == [1, 1]


def newer_game_token() -> str:
    """test_pages.game_token's game, recorded in a format of a newer version of the game."""
    data = links.decode_token(game_token(), links.GAME_KIND)
    data["format"] = f"otv66-record/{FORMAT_VERSION + 1}"
    return links.encode_token(links.GAME_KIND, data)


def finished_match_token() -> tuple[str, str]:
    """A link to a match to 3 played to its end at random, and who won it with the game points, as the replay says."""
    match = Match(Rules(target=3), seed=12, players=["Ana", "Bo"])
    rng = random.Random(12)
    while not match.is_over:
        deal = match.new_deal()
        while not deal.is_over:
            deal.play(rng.choice(deal.legal_moves()))
    winner = match.winner
    assert winner is not None
    points = match.game_points
    return links.game_token(
        match
    ), f"Match won by {match.players[winner]}, {points[winner]}\u00a0:\u00a0{points[1 - winner]}"


def test_the_replay_says_who_won_the_match_after_its_last_deal(table_in_context):
    """Only the last deal's result was said: the match's winner was left to the score in the corner."""
    token, said = finished_match_token()
    page = table_in_context().page
    page.goto(f"/replay.html?lang=en#game={token}")
    page.wait_for_selector("[data-status=replay]", timeout=90_000)
    page.keyboard.press("End")
    page.wait_for_selector("#replay-position[data-deal='0']:not([data-ply='0'])")
    assert said not in page.locator("#replay-summary").inner_text(), "not after a deal before the last"
    deals = int(re.sub(r"\D", " ", page.locator("#replay-position").inner_text()).split()[1])
    for _ in range(deals - 1):
        page.keyboard.press("PageDown")
    page.keyboard.press("End")
    page.wait_for_selector(f"#replay-position[data-deal='{deals - 1}']:not([data-ply='0'])")
    summary = page.locator("#replay-summary").inner_text()
    assert summary.startswith(("Deal won by", "Ana resigned", "Bo resigned")) and summary.endswith(f"{said}."), summary


def test_a_worker_lost_while_stepping_is_replaced_and_the_replay_goes_on_where_the_presses_lead(table_in_context):
    """The replay page kept no engine once its worker died or got stuck: every press after it failed, and the page
    threw (a review that ran past its deadline in CI left it so)."""
    page = table_in_context(viewport={"width": 360, "height": 640}).page
    open_replay(page, "lang=en")
    page.workers[0].evaluate("close()")
    page.keyboard.press("ArrowRight")  # reaches the dead worker: its deadline passes, a new engine boots
    page.keyboard.press("ArrowRight")  # a press meanwhile is not lost
    page.locator("#replay-position[data-deal='0'][data-ply='2']").wait_for(timeout=60_000)
    assert page.locator("#status").get_attribute("data-status") == "replay"
    restarted = "The game stalled and was restarted."
    assert page.locator("#status").inner_text() == restarted
    page.keyboard.press("PageDown")  # the new engine reads the whole game: the next deal too
    page.locator("#replay-position[data-deal='1'][data-ply='0']").wait_for()


def test_at_a_deals_end_the_replay_offers_its_review_and_a_step_pressed_while_it_runs_waits_for_it(table_in_context):
    """A deal of a match finished long ago (History's replay) or someone else's (a shared link) could be watched move
    by move, but not reviewed: only the deal just played had a review."""
    page = table_in_context(viewport={"width": 360, "height": 640}).page
    lost: list[str] = []
    page.on("console", lambda message: "engine lost" in message.text and lost.append(message.text))
    open_replay(page, "lang=en")
    review = page.locator("#replay-review")
    assert review.is_hidden() and page.locator("#replay-forward").is_visible()
    page.keyboard.press("End")
    page.locator("#replay-forward[hidden]").wait_for(state="attached")  # it goes nowhere at a deal's end: the review
    # takes its place
    assert review.inner_text() == "Review"
    review.focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "replay-review", "kept while the engine reviews"
    panel = page.locator("dialog[open]")
    panel.locator(".review-move").first.wait_for(timeout=90_000)
    assert panel.locator(".panel-title").inner_text() == "Review of deal 1"
    assert panel.locator(".review-move").count() == moves_in_shown_deal(page), "every move of the deal rated"
    panel.locator(".review-move").nth(3).click()
    panel.locator(".review-position .review-ratings li").first.wait_for(timeout=60_000)
    page.keyboard.press("Home")  # the review's own keys: the replay behind it stays at the deal's end
    assert page.locator("#replay-position").get_attribute("data-ply") == str(moves_in_shown_deal(page))
    page.keyboard.press("Escape")
    page.locator("dialog[open]").wait_for(state="detached")
    assert page.evaluate("document.activeElement.id") == "replay-review", "back on the button he pressed"
    assert page.locator("#status").get_attribute("data-status") == "replay"
    page.keyboard.press("ArrowLeft")  # back into the deal: Review goes, and the focus to Forward in its place
    page.locator("#replay-forward:not([hidden])").wait_for()
    assert page.evaluate("document.activeElement.id") == "replay-forward", "never on the page's body"
    page.keyboard.press("Home")
    page.locator("#replay-position[data-ply='0']").wait_for()
    assert review.is_hidden() and page.locator("#replay-forward").is_visible()
    # A step pressed while a review ran waited for the review in the worker, and was given its 5 s from the press:
    # the engine was ended as stuck, the review lost, and the page restarted. (On a laptop, the next deal's review.)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("#replay-next-deal")
    page.locator("#replay-position[data-deal='1']").wait_for()
    page.keyboard.press("End")
    moves = moves_in_shown_deal(page)
    page.locator("#replay-review").focus()
    page.keyboard.press("Enter")  # the review runs in the worker for some seconds
    assert page.locator("#status").inner_text() == "Reviewing the deal…"
    page.keyboard.press("ArrowLeft")
    page.locator(f"#replay-position[data-deal='1'][data-ply='{moves - 1}']").wait_for(timeout=60_000)
    page.locator("dialog[open] .review-move").first.wait_for()  # the review, once it is done
    assert not lost, lost
    # Which of the match's deals it is: the title said "Deal review" of each.
    assert page.locator("dialog[open] .panel-title").inner_text() == "Review of deal 2"


def test_a_manual_claim_matchs_replay_shows_the_scores_the_players_had_to_count(table_in_context):
    """While it is played, a manual claim hides the scores ("Score ?"): the replay hid them too, to each deal's end,
    when how near 66 each player was is what a player studying his claim wants to see."""
    match = Match(Rules(target=1, claim="manual"), seed=4, players=["Ana", "Bo"])
    deal = match.new_deal()
    rng = random.Random(4)
    scores = [[deal.score(0), deal.score(1)]]  # after each move
    while not deal.is_over:
        deal.play(rng.choice([move for move in deal.legal_moves() if move != "66"] or ["66"]))
        scores.append([deal.score(0), deal.score(1)])
    plies = (0, 5, 6, 7)
    page = table_in_context().page
    page.goto(f"/replay.html?lang=en#game={links.game_token(match)}")
    page.wait_for_selector("[data-status=replay]", timeout=90_000)
    shown = 0
    for ply in plies:
        while shown < ply:  # a move on at a time, each waited for: presses ahead of the table would overshoot
            page.keyboard.press("ArrowRight")
            shown += 1
            page.locator(f"#replay-position[data-ply='{shown}']").wait_for()
        seats = [page.locator(f"#info-{player} .seat-score-value").inner_text() for player in (0, 1)]
        assert seats == [str(score) for score in scores[ply]], f"move {ply}"


@pytest.mark.parametrize(
    ("token", "title", "said"),
    [
        (
            lambda: game_token()[:200],
            "This link does not work",
            "This link is cut short or damaged: copy the whole link.",
        ),
        (
            newer_game_token,
            "A link from a newer version of the game",  # not a broken one: it opens once the page is updated
            "A newer version of the game made this link: reload the page.",
        ),
    ],
    ids=["cut short", "from a newer version"],
)
def test_a_link_that_does_not_read_says_why_over_a_bare_table(table_in_context, token, title, said):
    """The table showed the seats of nobody ("Score 0", "0 tricks", a match's "0 / 7"), and a screen reader read
    them out ("Piles:", ", won: 0 tricks") around the only words that mattered."""
    page = table_in_context().page
    page.goto(f"/replay.html?lang=en#game={token()}")
    page.locator("#status[data-status=error]").wait_for(timeout=90_000)
    assert page.locator("#status").inner_text() == title
    assert page.locator("#replay-summary[aria-live=polite]").inner_text() == said
    assert page.evaluate("document.activeElement.id") == "new-game-link", "the way on: a new match"
    assert page.locator("#table").inner_text() == ""
    assert page.locator("main").aria_snapshot() == "- main"


@pytest.mark.parametrize("size", [(360, 640), (640, 360), (1280, 800)], ids=["upright", "on its side", "desktop"])
def test_why_a_link_does_not_read_stands_on_the_felt_where_the_game_would_be(table_in_context, size):
    """On a phone the felt filled the screen, bare, and the reason stood under it in the footer's small type."""
    width, height = size
    page = table_in_context(viewport={"width": width, "height": height}).page
    page.goto(f"/replay.html?lang=sr-Latn#game={game_token()[:200]}")
    page.locator("#status[data-status=error]").wait_for(timeout=90_000)
    felt = page.locator("#table").bounding_box()
    for part in ("#status", "#replay-summary"):
        box = page.locator(part).bounding_box()
        assert felt["x"] < box["x"] and box["x"] + box["width"] < felt["x"] + felt["width"], part
        assert felt["y"] < box["y"] and box["y"] + box["height"] < felt["y"] + felt["height"], part
    said = page.locator("#replay-summary")
    assert said.inner_text() == "Link je skraćen ili oštećen: kopirajte ceo link."
    assert said.evaluate("s => s.scrollHeight <= s.clientHeight && s.scrollWidth <= s.clientWidth"), "said whole"
    middle = page.locator(".controls").bounding_box()
    assert abs(middle["y"] + middle["height"] / 2 - (felt["y"] + felt["height"] / 2)) < 2, "in the felt's middle"


@pytest.mark.allow_console("Failed to load resource")
def test_an_engine_that_does_not_load_is_said_whole_with_the_way_on(page):
    """On an upright phone the reason was the status line's, cut to two lines ("… dynamically imported module:…"),
    over the seats of nobody, with the focus on the page's body and no word of what to do."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(f"/replay.html?lang=en#game={game_token()}")
    page.locator("#status[data-status=error]").wait_for(timeout=90_000)
    assert page.locator("#status").inner_text() == "The replay could not be loaded"
    reason = page.locator("#replay-summary")
    assert (
        reason.inner_text().startswith("Reload the page to try again. (") and "pyodide.asm.wasm" in reason.inner_text()
    )
    assert reason.evaluate("r => r.scrollWidth <= r.clientWidth && r.getBoundingClientRect().bottom <= innerHeight")
    assert page.evaluate("document.activeElement.id") == "new-game-link"
    assert page.locator("#table").inner_text() == ""


def test_a_deals_link_opened_on_the_replay_page_deals_it_on_the_game_page(table_in_context):
    """Pasted into the replay's address it said "There is no match in this link"; the game page sends a game's link
    here the same way."""
    page = table_in_context().page
    token = links.deal_token(Deal.from_seed(5, dealer=0))
    page.goto(f"/replay.html?lang=en#deal={token}")
    page.wait_for_url("**/index.html?lang=en**", timeout=30_000)
    page.locator("#panel[open]").get_by_text("This is the deal from the link").wait_for(timeout=90_000)
    page.locator("#panel[open] button").first.click()
    page.locator("#piles-0 button.card.top.playable").first.wait_for(timeout=90_000)
    assert page.locator("#status").get_attribute("data-status") != "error"


def back_to_the_game_from_historys_replay(table) -> None:
    """Open the replay of History's (only) finished match, and go back to the game page by the top bar's link, which
    names the match it leads back to."""
    page = table.page
    page.locator("#history-button").click()
    table.dialog().locator("a.history-replay").click()
    page.wait_for_selector("[data-status=replay]", timeout=90_000)
    # His own match: he is "You" in it, as at the table (a link someone sent names him "Player", a stranger's seat).
    assert page.locator("#info-0 .seat-name").inner_text() == "You"
    assert page.locator("#status").inner_text() == "Match replay: You \u2013 Computer (beginner)"
    page.keyboard.press("End")
    page.locator("#replay-position:not([data-ply='0'])").wait_for()
    assert re.match(r"(You won the deal|Deal won by Computer \(beginner\)|A draw)", page.inner_text("#replay-summary"))
    link = page.locator("#new-game-link")
    assert link.inner_text() == "My match"
    assert link.get_attribute("href") == "index.html?lang=en", "back in the replay's language, not the browser's"
    link.click()


def test_a_replay_opened_from_history_in_the_middle_of_a_match_leads_back_to_it_by_name(table_in_context):
    """The top bar's link said "New match" and led back to the match under way: the game page, opened bare, resumes
    it (a new match comes only with the player's word, on the game page). It says where it leads now."""
    table = table_in_context(viewport={"width": 1280, "height": 800})
    page = table.page
    entry = {"date": 1764590400000, "opponent": "computer", "level": "beginner", "winner": 1, "gamePoints": [3, 7],
             "deals": 2, "token": game_token()}  # fmt: skip
    history = json.dumps(json.dumps([entry]))
    page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    page.add_init_script(f"localStorage.getItem('otv66.history') ?? localStorage.setItem('otv66.history', {history})")
    table.open("seed=3&level=beginner&opponent=computer&speed=off&lang=en")
    table.play_moves(2)
    table.wait_status("your-turn")
    under_way = table.snapshot()
    back_to_the_game_from_historys_replay(table)
    table.wait_status("your-turn")
    assert table.snapshot()["cards"] == under_way["cards"]


def test_a_replay_opened_from_history_after_the_match_ended_leads_back_to_it_by_name(table_in_context):
    """The link said "New match" and led to the finished match's table (its end and its Rematch button)."""
    table = table_in_context(viewport={"width": 1280, "height": 800})
    page = table.page
    page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    table.open("seed=3&level=beginner&opponent=computer&target=1&speed=off&lang=en")
    table.play_out_deal()
    table.dialog().locator("#next-deal").click()
    table.dialog().locator("#rematch-button").wait_for()
    page.keyboard.press("Escape")
    table.wait_until(lambda: table.dialog().count() == 0)
    back_to_the_game_from_historys_replay(table)
    assert table.wait_status("match-over", "your-turn") == "match-over"


def test_a_replay_with_no_match_under_way_names_its_cards_keeps_its_controls_in_a_row_and_offers_a_new_match(
    table_in_context,
):
    """Every card read "…, not playable", as a card the person may not play now at the table: in a replay nobody plays
    from the page, and its piles' group says whose they are. On a laptop its controls keep to one row. With no match
    under way, the top bar's link offers a new one."""
    table = table_in_context()
    page = table.page
    open_replay(page, "lang=en")
    the_controls_keep_to_one_row_on_a_laptop(page)
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#replay-position[data-ply='1']")
    cards = page.locator("#piles-0 button.card.top:visible, #piles-1 button.card.top:visible").all()
    assert len(cards) > 8
    for card in cards:
        code = card.get_attribute("data-card")
        name = f"{RANKS[code[0]]} of {SUITS[code[1]]}"
        expect(card).to_have_accessible_name(re.compile(rf"^{name}(, on a face-down card)?(, trump \(.+\))?$"))
    expect(page.locator("#piles-0")).to_have_accessible_name(re.compile(r"^Piles: "))
    link = page.locator("#new-game-link")
    assert link.inner_text() == "New match"
    link.click()
    table.wait_ready()
    assert table.tricks_won() == [0, 0]
    assert table.trick() == []


def the_controls_keep_to_one_row_on_a_laptop(page) -> None:
    """At 1024x768 in Cyrillic Next deal sat alone on a second row: the position gives way first (on two lines).
    Looked at at the start of the first deal and at its end, where Review is in Forward's place; left at its start."""
    page.set_viewport_size({"width": 1024, "height": 768})
    for at_end in (False, True):
        if at_end:
            page.keyboard.press("End")
            page.locator("#replay-review:not([hidden])").wait_for()
        boxes = page.locator("#replay-controls > :not([hidden])").evaluate_all(
            "controls => controls.map((c) => [c.getBoundingClientRect().top, c.getBoundingClientRect().bottom])"
        )
        assert len(boxes) == 7
        assert max(top for top, _ in boxes) < min(bottom for _, bottom in boxes), boxes
    page.keyboard.press("Home")
    page.wait_for_selector("#replay-position[data-deal='0'][data-ply='0']")


def test_on_a_laptop_in_cyrillic_the_replays_controls_keep_to_one_row(table_in_context):
    page = table_in_context(viewport={"width": 1024, "height": 768}).page
    open_replay(page, "lang=sr-Cyrl")
    the_controls_keep_to_one_row_on_a_laptop(page)
