"""Playing Open 66 in the browser: a deal, a marriage, a whole match, hot-seat, the keyboard.

The page holds no rules; where a test needs to know a good move it asks the Python engine,
which the page runs too (same seeded match: ``Match(first_dealer=seed % 2, seed=seed)``).
"""

from __future__ import annotations

import json
import re
import time
from urllib.parse import unquote

import pytest
from playwright.sync_api import expect
from test_never_lose import current_save, saved_move_count, wait_playable

from otv66 import links, record
from otv66.match import Match
from otv66.rules import Rules

FAST = "speed=off&lang=en"


def test_a_whole_deal_is_played_by_clicking_only_playable_cards(table, artifacts):
    table.open(f"seed=11&level=beginner&opponent=computer&{FAST}")
    page = table.page
    tried_inert_card = False
    clicks = 0
    while table.wait_status("your-turn", "deal-over") == "your-turn":
        if table.dialog().count():
            table.step(next_deal=False)  # the packets or a marriage; never on into a next deal
            continue
        playable = table.playable()
        if not playable.count():
            page.wait_for_timeout(30)
            continue
        # The computer's cards are never playable on my turn.
        assert page.locator('#piles-1 button[data-card][aria-disabled="false"]').count() == 0
        inert = page.locator('#piles-0 button[data-card][aria-disabled="true"]')
        if not tried_inert_card and inert.count():
            before = table.snapshot()
            inert.first.click(force=True)  # Playwright would wait: aria-disabled cards count as disabled
            page.wait_for_timeout(150)
            assert table.snapshot() == before, "an inert card must not be played"
            table.wait_until(lambda: "must" in table.announced())  # the engine's reason (why_illegal)
            tried_inert_card = True
        if clicks == 3:
            page.screenshot(path=artifacts / "table-desktop.png")
        label = playable.first.get_attribute("aria-label")
        assert label.endswith(", playable")
        playable.first.click()
        clicks += 1
    assert tried_inert_card
    assert clicks >= 4
    result = table.dialog()
    assert re.search(r"Deal won by|You won the deal|A draw", result.inner_text())
    assert result.locator("#next-deal").is_visible()
    page.screenshot(path=artifacts / "deal-result-desktop.png")
    result.locator("#review-button").click()
    review = table.dialog().locator(".review-list li")
    review.first.wait_for(timeout=60_000)
    assert 2 * clicks - 1 <= review.count() <= 2 * clicks + 1, "one line per move of the deal"
    table.dialog().get_by_role("button", name="Close").click()
    assert table.dialog().locator("#next-deal").is_visible(), "after the review, the result again"
    # The deal just played can be sent from its result (before the next one is dealt), and the result comes back.
    table.dialog().locator("#share-finished-deal").click()
    url = table.dialog().locator("#share-url-deal").input_value()
    shared = links.read_deal_token(unquote(url.split("#deal=")[1])).deal()
    played = current_save(table)["record"]["deals"][-1]
    assert (shared.dealer, shared.reveal_layout()) == (played["dealer"], played["layout"]), "the deal just played"
    table.dialog().get_by_role("button", name="Close").click()
    assert table.dialog().locator("#next-deal").is_visible(), "after the link, the result again"


def test_manual_claim_has_a_66_button_and_a_claim_below_66_costs_2_game_points(table):
    table.open(f"seed=5&opponent=hotseat&claim=manual&{FAST}")
    page = table.page
    claim = page.locator("#claim-button")
    assert claim.is_visible() and claim.is_disabled()
    assert table.step("4-4") == "dealt"
    while True:
        table.wait_until(lambda: claim.is_enabled() or table.playable().count() > 0)
        if claim.is_enabled():
            break
        assert table.score(0) == "?" and table.score(1) == "?", "under manual claim the points are not shown"
        table.playable().first.click()
    # Two at one screen the claim is not always the player to move's: the button says whose it is.
    whose = re.fullmatch(r"66! (Player [12])", claim.inner_text())
    assert whose and claim.get_attribute("aria-label") == f"Claim 66: {whose[1]}"
    claim.click()
    question = table.dialog().inner_text()
    assert "2 game points" in question, "one press beside Hint asks first"
    assert f"Claiming: {whose[1]}." in question, "two at one screen: the question names who claims"
    table.dialog().locator("#claim-offer-yes").click()
    table.wait_status("deal-over")
    text = table.dialog().inner_text()
    assert "claimed 66 with only" in text
    standing = "Match to\u00a07\u00a0— Player\u00a01:\u00a00, Player\u00a02:\u00a02"
    assert standing in text, "each number after its player's name (not 'Player 1 0', read as 10)"


def test_the_66_button_goes_once_the_match_is_over(table):
    # A greyed "66!" stayed beside Rematch on a finished table, with nothing left to claim.
    table.open(f"seed=5&opponent=hotseat&claim=manual&target=1&{FAST}")
    claim = table.page.locator("#claim-button")
    table.step("4-4")
    while not claim.is_enabled():
        table.playable().first.click()
        table.wait_until(lambda: claim.is_enabled() or table.playable().count() > 0)
    claim.click()
    # The question said 2 game points, also after a draw that adds its bonus to them, and not that they end the match.
    assert (
        table.dialog()
        .locator("p")
        .first.inner_text()
        .endswith("A claim below 66 gives the opponent 2 game points, and with them the match.")
    )
    table.dialog().locator("#claim-offer-yes").click()
    table.wait_status("deal-over")  # a false claim: 2 game points to the other, the match's 1 reached
    assert table.step() == "next"
    table.wait_status("match-over")
    assert claim.is_hidden()


def test_after_the_computers_marriage_lead_its_claim_of_66_is_not_the_persons(table):
    """Under manual claim, the computer's marriage lead short of 66 leaves "66" among the deal's moves: the claim is
    the computer's (a false one would give the person 2 game points), so the person's 66 button stays disabled."""
    table.open(f"seed=5&level=beginner&claim=manual&target=3&{FAST}")
    claim = table.page.locator("#claim-button")
    for _ in range(60):
        if table.step() == "card" and table.wait_status("your-turn", "deal-over", "match-over") == "your-turn":
            deal = record.loads(json.dumps(current_save(table)["record"])).deal
            if deal is not None and deal.claimant == 1 and deal.turn == 0:
                assert claim.is_disabled()
                claim.click(force=True)
                table.page.wait_for_timeout(200)
                assert not table.dialog().count(), "no claim to confirm"
                return
    raise AssertionError("the computer led no marriage short of 66")


def first_deals(rules: Rules, max_seed: int):
    """Each seed's first deal (4-4 packets) under `rules`, as the page deals it for ``?seed=``: (seed, deal)."""
    for seed in range(1, max_seed):
        yield seed, Match(rules, first_dealer=seed % 2, seed=seed).new_deal(packets=(4, 4))


def marriage_lead(max_seed: int = 500) -> tuple[int, int, str, str, int]:
    """A seeded first deal (4-4 packets) whose leader can announce a marriage and win the trick.

    Returns (seed, leader, lead, losing answer, the leader's score after the trick), all from the engine.
    """
    for seed, deal in first_deals(Rules(), max_seed):
        leader = deal.turn
        for lead in [move for move in deal.legal_moves() if move.endswith("m")]:
            deal.play(lead)
            for answer in deal.legal_moves():
                deal.play(answer)
                if deal.last_trick_winner == leader and not deal.is_over:
                    return seed, leader, lead, answer, deal.score(leader)
                deal.undo()
            deal.undo()
    raise AssertionError("no seed with a winning marriage lead")


def test_a_marriage_is_announced_through_the_ui_and_scored(table):
    seed, leader, lead, answer, score = marriage_lead()
    table.open(f"seed={seed}&opponent=hotseat&{FAST}")
    assert table.step("4-4") == "dealt"
    table.page.locator(f'#piles-{leader} button[data-card="{lead[:2]}"][aria-disabled="false"]').wait_for()
    table.click_card(lead[:2])
    choice = table.dialog()
    assert "announce" in choice.locator("#marriage-announce").inner_text()
    view = Match(Rules(), first_dealer=seed % 2, seed=seed).new_deal(packets=(4, 4)).view().to_dict()
    worth = view["marriage_worth"][lead[1]]
    assert choice.locator(".panel-title").inner_text().endswith(f"({worth})"), "what it is worth, as the engine says"
    assert choice.locator(".panel-card svg").count() == 2, "the marriage's two cards, the led one and the one shown"
    choice.locator("#marriage-announce").click()
    pending = table.page.locator(f"#info-{leader} .seat-marriages li.pending")
    table.wait_until(lambda: pending.count() == 1)  # announced before the first trick, the marriage waits
    # Said (the turn may be said after it, a moment later), and written.
    table.wait_until(lambda: "announced a marriage" in table.page.locator("#announcer").inner_text())
    assert "announced a marriage" in table.page.locator("#status").inner_text(), "written, not only said"
    table.page.locator("#undo-button").click()  # the lead taken back: the line says so, not that it was made
    status = table.page.locator("#status")
    table.wait_until(lambda: status.inner_text().startswith(f"Taken back: Player {leader + 1} announced a marriage"))
    table.page.locator(f'#piles-{leader} button[data-card="{lead[:2]}"][aria-disabled="false"]').click()
    table.dialog().locator("#marriage-announce").click()
    # The lead played again (and saved before it is shown), not "Taken back: … announced a marriage" still there.
    table.wait_until(lambda: status.inner_text().startswith(f"Player {leader + 1} announced a marriage"))
    table.page.reload()  # the lead still unanswered: a reload said only whose turn it was
    table.wait_until(lambda: "announced a marriage" in table.page.locator("#status").inner_text())
    table.page.locator(f'button[data-card="{answer}"][aria-disabled="false"]').wait_for()
    table.click_card(answer)
    counted = table.page.locator(f"#info-{leader} .seat-marriages li.counted")
    table.wait_until(lambda: counted.count() == 1)  # the trick won makes the marriage count
    assert table.score(leader) == str(score)
    table.page.locator("#last-trick-button").click()
    said = table.dialog().locator(".panel-body p").inner_text()
    taker = f"Player {leader + 1}"
    said_as = rf"{taker}: .+\u00a0· Player {2 - leader}: .+\u00a0— {taker} takes the trick"
    assert re.fullmatch(said_as, said), "who played which card, and who took the trick"


def test_a_whole_match_to_7_against_the_computer(table, artifacts):
    table.open(f"seed=21&level=beginner&opponent=computer&{FAST}")
    deals = 0
    for _ in range(2000):
        done = table.step("2-2-2-2")
        deals += done == "next"
        if done == "match-over":
            break
    else:
        raise AssertionError("the match did not end")
    result = table.dialog()
    text = result.inner_text()
    won = re.search(r"You (won|lost) the match, (\d+)\xa0:\xa0(\d+)", text)
    assert won, text
    a, b = int(won[2]), int(won[3])
    assert (a >= 7 and a > b) if won[1] == "won" else (b >= 7 and b > a), "the person's game points come first"
    table.page.screenshot(path=artifacts / "match-result-desktop.png")
    result.locator("#rematch-button").click()
    table.wait_status("your-turn", "thinking")
    assert table.page.locator("#match-score .match-value").inner_text().startswith("0 : 0")
    # The rematch's first deal may be the person's: he deals it before the History panel can open.
    table.wait_until(lambda: table.dialog().count() > 0 or table.page.locator("#deal-number").inner_text() != "")
    if table.dialog().locator(".preset").count():
        table.step("4-4")
    table.page.locator("#history-button").click()
    history = table.dialog()
    headers = history.locator("table.history thead th").all_inner_texts()
    assert headers == ["Date", "Opponent", "Result", "Game points (you\u00a0: opponent)", "Deals"]
    match_row = history.locator("table.history tbody tr").first.locator("td").all_inner_texts()
    assert match_row[1] == "beginner"
    assert int(match_row[4]) == deals, "every deal's result was shown"
    overall = history.locator('table.stats tr[data-group="all"] td').all_inner_texts()
    assert overall[0] == "1"
    assert overall[1] in ("0", "1")
    mine = int(match_row[3].split(":")[0])
    assert mine in (a, b)
    assert float(overall[2]) == pytest.approx(mine / deals, abs=0.005), "my game points per deal"


def test_the_deal_that_decides_the_match_leads_to_its_result_not_to_a_next_deal(table):
    table.open(f"seed=3&level=beginner&opponent=computer&target=1&{FAST}")
    table.play_moves(2)
    table.page.locator("#share-button").click()  # mid-deal: the deal's link comes at its end, no failure
    held = table.dialog().locator(".share-link").first.inner_text()
    assert "given once the deal is over" in held and "could not be made" not in held, held
    table.page.keyboard.press("Escape")
    table.play_out_deal()
    button = table.dialog().locator("#next-deal")
    assert button.inner_text() == "Match result"
    button.click()
    assert table.wait_status("match-over") == "match-over"
    table.dialog().locator("#rematch-button").wait_for()
    assert table.dialog().locator(".match-winner").inner_text().startswith(("You won the match", "You lost the match"))
    table.dialog().locator("#share-finished-match").click()  # the match's link, from its result
    assert table.dialog().locator("#share-url-game").input_value().split("#")[1].startswith("game=g1.")
    table.dialog().get_by_role("button", name="Close").click()
    table.dialog().locator("#rematch-button").wait_for()  # then the result again
    table.page.keyboard.press("Escape")  # closes it, like its Close button
    table.wait_until(lambda: table.dialog().count() == 0)
    table.page.locator("#share-button").click()  # a finished match is what players share most
    assert table.page.locator("#share-url-game").input_value().split("#")[1].startswith("game=g1.")
    assert table.page.locator("#share-url-deal").input_value().split("#")[1].startswith("deal=d1.")
    table.page.keyboard.press("Escape")
    table.wait_until(lambda: table.dialog().count() == 0)
    # Closed, the match's result is a button away from the table, beside Rematch: after a reload too.
    for _ in range(2):
        again = table.page.locator("#table-match-result-button")
        assert again.inner_text() == "Match result" and table.page.locator("#table-rematch-button").is_visible()
        again.click()
        assert table.dialog().locator(".match-winner").inner_text().startswith(("You won", "You lost"))
        table.page.keyboard.press("Escape")
        table.wait_until(lambda: table.dialog().count() == 0)
        table.page.reload()
        table.wait_status("match-over")


STATUS_LOG = """
window.statusLog = [];
new MutationObserver(() => {
  const now = document.querySelector("[data-status]")?.getAttribute("data-status");
  if (now && now !== window.statusLog.at(-1)) window.statusLog.push(now);
}).observe(document, { attributes: true, attributeFilter: ["data-status"], subtree: true });
"""


def test_the_status_says_the_last_trick_then_the_deal_is_over_then_the_match(table):
    """At a match's end the line read "match over" before the last deal's result, then "deal over", then "match over"
    again; between deals "your turn" (you deal) before the result: a screen reader heard the end before the deal."""
    table.page.add_init_script(STATUS_LOG)
    table.open("seed=21&level=beginner&opponent=computer&target=5&lang=en&speed=fast")
    deals = 0
    while (done := table.step("4-4")) != "match-over":
        deals += done == "next"
    log = table.page.evaluate("window.statusLog")
    ends = [index for index, status in enumerate(log) if status == "deal-over"]
    assert len(ends) == deals >= 2, log
    assert all(log[index - 1] == "thinking" for index in ends), f"each deal's last trick, then its result: {log}"
    assert log[-3:] == ["thinking", "deal-over", "match-over"] and log.count("match-over") == 1, log


def test_while_the_engine_deals_the_packets_chosen_the_status_is_not_the_players_turn(table):
    table.open(f"seed=2&level=beginner&opponent=computer&{FAST}")  # seed 2: I deal first
    panel = table.dialog()
    panel.locator(".preset").first.wait_for()
    assert table.status() == "your-turn", "the packets are mine to choose"
    # The status at the moment the panel's buttons wait for the engine (it marks itself busy then).
    table.page.evaluate(
        """() => {
          const dialog = document.querySelector("dialog[open]");
          new MutationObserver((changes, observer) => {
            if (!dialog.querySelector("[aria-busy=true]")) return;
            observer.disconnect();
            window.statusWhileDealing = document.querySelector("[data-status]").dataset.status;
          }).observe(dialog, { attributes: true, subtree: true, attributeFilter: ["aria-busy"] });
        }"""
    )
    assert table.step() == "dealt"
    assert table.page.evaluate("window.statusWhileDealing") == "thinking"


def test_hot_seat_two_people_take_turns_on_one_screen(table):
    table.open("seed=5&opponent=hotseat&speed=fast&lang=en")
    page = table.page
    panel = table.dialog()
    panel.locator(".preset").first.wait_for()
    dealer = panel.locator(".panel-title").inner_text()
    assert re.fullmatch(r"Player [12] deals", dealer), "two at one screen: the panel names the dealer, not 'you'"
    assert page.locator("[data-status]").inner_text() == dealer, "as the status line does"
    assert table.step("1-1-1-1-1-1-1-1") == "dealt", "in hot-seat a person always deals"
    movers = []
    for _ in range(4):
        table.wait_status("your-turn")
        page.locator('button[data-card][aria-disabled="false"]').first.wait_for()
        mine = [p for p in (0, 1) if page.locator(f'#piles-{p} button[aria-disabled="false"]').count()]
        assert len(mine) == 1, "exactly one player's cards are playable"
        status = page.locator("[data-status]").inner_text()
        assert status == f"Player {mine[0] + 1} to play"
        movers.append(mine[0])
        table.playable().first.click()
    assert movers[0] != movers[1], "the follower answers the lead"
    table.wait_until(lambda: sum(table.tricks_won()) == 2)


def test_hint_points_at_a_card_and_undo_takes_my_move_back(table):
    table.open(f"seed=7&level=beginner&opponent=computer&{FAST}")
    page = table.page
    table.play_moves(1)
    table.wait_status("your-turn")
    table.playable().first.wait_for()
    before = table.snapshot()
    page.locator("#hint-button").click()
    hinted = page.locator(".pile.hint button[data-card]")
    hinted.wait_for()
    assert hinted.get_attribute("aria-disabled") == "false"
    table.wait_until(lambda: "Hint:" in table.announced())
    assert page.locator("#status").inner_text().startswith("Hint: play the "), "written on the status line too"
    played = hinted.get_attribute("aria-label").split(",")[0]  # "ace of clubs, playable": the card
    hinted.click()
    table.wait_until(lambda: table.playable().count() > 0 and table.snapshot() != before)
    undo = page.locator("#undo-button")
    undo.click()
    table.wait_until(lambda: undo.get_attribute("title") == "Undone in this match: 1 time")  # one press
    assert undo.inner_text() == "Undo", "no number on the button: it read as undos left"
    table.wait_until(lambda: table.snapshot() == before)  # undo goes back to my last turn
    # Heard: which cards went back, whose (it said only "Move undone").
    table.wait_until(lambda: table.announced().startswith("Taken back: "))
    assert f"You: {played}" in table.announced() and "Computer (beginner): " in table.announced()
    # Seen too, on the status line until the next move: on a phone the cards going back were easily missed.
    assert page.locator("#status").inner_text() == f"{table.announced()} · Your turn"
    table.playable().first.click()
    table.wait_until(lambda: "Taken back" not in page.locator("#status").inner_text())


def test_a_menu_opened_while_the_hint_is_searched_stays_open(table_in_context):
    # The hint's answer took the focus to the hinted card: the menu a tap had opened meanwhile folded under the thumb.
    table = table_in_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    page = table.open(f"seed=7&level=beginner&opponent=computer&{FAST}").page
    table.play_moves(1)
    table.wait_status("your-turn")
    table.playable().first.wait_for()
    # A slow phone: the engine's worker is busy for a moment, so the hint comes after the menu has opened.
    (engine,) = page.workers
    engine.evaluate("setTimeout(() => { const until = Date.now() + 1500; while (Date.now() < until); })")
    page.locator("#hint-button").tap()
    page.locator("#menu-toggle").tap()
    page.locator(".pile.hint").wait_for()
    assert page.locator("#menu-toggle").get_attribute("aria-expanded") == "true"
    page.locator("#settings-button").tap()  # the menu's items are still there to tap
    table.dialog().locator("#setting-level").wait_for()


@pytest.mark.parametrize(("lang", "said"), [("sr-Latn", "Pređite na karte"), ("en", "Skip to the cards")])
def test_the_first_tab_offers_a_way_straight_to_the_cards(table, lang, said):
    # Back from a replay (or any new visit) a keyboard player's focus was on the page: seven Tabs through the menu
    # before his cards.
    table.open(f"seed=7&level=beginner&opponent=computer&speed=off&lang={lang}")
    page = table.page
    table.wait_status("your-turn")
    if table.dialog().count():
        table.step()
    table.wait_until(lambda: table.playable().count() > 0)
    skip = page.locator("#skip-to-cards")
    assert skip.bounding_box()["y"] + skip.bounding_box()["height"] <= 0, "out of sight until it has the focus"
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "skip-to-cards"
    assert skip.inner_text() == said
    box = skip.bounding_box()
    assert box["y"] >= 0 and box["height"] >= 30, "in sight with the focus"
    page.keyboard.press("Enter")
    focused = page.evaluate(
        "[document.activeElement.dataset.player, document.activeElement.getAttribute('aria-disabled')]"
    )
    assert focused == ["0", "false"], "on a card of mine I may play"


def test_a_trick_is_played_with_the_keyboard_only(table):
    table.open(f"seed=7&level=beginner&opponent=computer&{FAST}")
    page = table.page
    table.wait_status("your-turn")
    if table.dialog().count():  # I deal: the panel's buttons are reached with Tab
        for _ in range(10):
            if page.evaluate("document.activeElement.textContent") == "4-4":
                break
            page.keyboard.press("Shift+Tab")
        page.keyboard.press("Enter")
    played = 0
    while played < 2:
        table.wait_status("your-turn")
        if not table.playable().count():
            page.wait_for_timeout(30)
            continue
        if played == 0:  # an arrow from nowhere in particular goes to the first playable card
            page.evaluate("document.activeElement.blur()")
            page.keyboard.press("ArrowDown")
            assert page.evaluate("document.activeElement.getAttribute('aria-disabled')") == "false"
            # Tab stops once on each player's cards (the arrows move among them): on my side at a playable card.
            page.evaluate("[...document.querySelectorAll('header button')].find((b) => b.offsetParent).focus()")
            stops = []
            for _ in range(30):
                page.keyboard.press("Tab")
                stops.append(
                    page.evaluate(
                        "[document.activeElement.id, document.activeElement.dataset.player ?? null,"
                        " document.activeElement.getAttribute('aria-disabled')]"
                    )
                )
                if stops[-1][0] == "hint-button":
                    break
            cards = [(player, disabled) for _, player, disabled in stops if player is not None]
            assert [player for player, _ in cards] == ["1", "0"], stops
            assert cards[1][1] == "false", "Tab lands on a card I can play"
        page.keyboard.press("1")
        first = page.evaluate("document.activeElement.dataset.card")
        assert first and page.evaluate("document.activeElement.getAttribute('aria-disabled')") == "false"
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.card") not in (None, first)
        page.keyboard.press("1")
        page.keyboard.press("Enter")
        played += 1
        page.wait_for_timeout(50)
    table.wait_until(lambda: sum(table.tricks_won()) >= 1)


ON_ITS_SIDE = {"width": 640, "height": 360}
UPRIGHT = {"width": 360, "height": 640}
WIDE = {"width": 1280, "height": 800}
FOCUSED_CARD = "[...document.querySelectorAll('#piles-0 button.card.top')].indexOf(document.activeElement)"
"""Which of my piles' cards has the focus (0-7, in the order they stand on the screen, row by row), -1: none."""


def my_first_turn(table_in_context, viewport):
    """A keyboard-only table of `viewport` size, dealt 4-4 if I deal, waiting for my first card."""
    table = table_in_context(viewport=viewport).open(f"seed=7&level=beginner&opponent=computer&{FAST}")
    if table.dialog().locator(".preset").count():
        table.step()
    table.wait_until(lambda: table.playable().count() > 0)
    return table


HURRIED_MS = 1000  # web/js/input.js: a press of Enter or Space within this long of the last one is more hurrying


KEY_GAPS = """window.keyGaps = [];
let last = null;
addEventListener("keydown", (event) => {
  if (last !== null) window.keyGaps.push(event.timeStamp - last);
  last = event.timeStamp;
}, true);"""
"""The page notes the gaps between key presses (ms) in ``window.keyGaps``, for press_again_and_again."""


def press_again_and_again(page, key: str, presses: int, until=None) -> None:
    """Press `key` every tenth of a second, `presses` times or until `until()` holds.

    Presses further apart than HURRIED_MS are a choice again (the keys rested), not hurrying: a test machine that
    stalled that long between two of them (a loaded CI run did) has not pressed again and again, and the test is
    skipped rather than blamed on the page. The gaps are measured in the page, from its own key events.
    """
    for _ in range(presses):
        page.wait_for_timeout(100)
        page.keyboard.press(key)
        if until is not None and until():
            break
    gaps = page.evaluate("() => window.keyGaps.splice(0)")
    if max(gaps, default=0) >= HURRIED_MS - 100:
        pytest.skip(f"the presses came {max(gaps):.0f} ms apart on this machine: that is not pressing again and again")


def hurrying_table(table_in_context, speed: str, script: str = "", seed: int = 7):
    """A desktop table at `speed` (the beginner), the rules not offered, whose page notes the gaps between key presses
    (press_again_and_again) and runs `script` first; dealt, when the player deals first."""
    table = table_in_context(viewport={"width": 1280, "height": 800})
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')" + script)
    table.page.add_init_script(KEY_GAPS)
    table.open(f"seed={seed}&level=beginner&opponent=computer&speed={speed}&lang=en")
    if table.dialog().locator(".preset").count():
        table.step()
    return table


@pytest.mark.parametrize("key", ["Enter", "Space"])
def test_a_key_pressed_again_and_again_to_hurry_the_table_plays_no_card_the_player_did_not_choose(
    table_in_context, key
):
    # Enter pressed every quarter of a second skipped the animations and then, the moment the turn came back, played
    # the card turned up on the pile just played from (the focus stayed there): a card the player never chose.
    table = hurrying_table(table_in_context, "normal")
    page = table.page
    table.wait_until(lambda: table.playable().count() > 0)
    page.keyboard.press("1")
    page.keyboard.press(key)

    def turn_back() -> bool:
        return table.status() == "your-turn" and table.playable().count() > 0

    # Until the computer has answered, the trick is taken and the turn is back; then a second and a half more.
    press_again_and_again(page, key, 60, until=turn_back)
    press_again_and_again(page, key, 15)
    assert turn_back(), "the turn came back while he pressed"
    assert table.cards_left(0) == 15, "only the card he chose was played"
    assert page.evaluate("document.activeElement.dataset.player") == "0", "his focus is still on his cards"
    page.wait_for_timeout(1100)  # the keys at rest: the next press is a choice again
    page.keyboard.press(key)
    table.wait_until(lambda: table.cards_left(0) == 14)
    page.evaluate("window.keyGaps.length = 0")  # the rest was no gap in the hurrying
    # Hurried again, until the turn is back.
    press_again_and_again(page, key, 60, until=turn_back)
    assert table.cards_left(0) == 14, "the presses played nothing"
    page.keyboard.press("1")  # a card chosen by its number: chosen on the position shown, played at once
    page.keyboard.press(key)
    table.wait_until(lambda: table.cards_left(0) == 13)


def test_a_single_press_just_after_the_one_that_played_a_card_plays_nothing_turned_up_under_it(table_in_context):
    # Enter pressed once more 0.8 s after the Enter that played a card (to hurry a table that had in fact settled)
    # played the card turned up on the pile just played from: the turn was back, and the focus stayed on that pile.
    table = hurrying_table(table_in_context, "off")
    page = table.page
    table.wait_until(lambda: table.playable().count() > 0)
    page.keyboard.press("1")
    page.keyboard.press("Enter")
    table.wait_until(lambda: table.cards_left(0) == 15 and table.status() == "your-turn" and table.playable().count())
    page.evaluate("window.keyGaps.length = 0")
    page.keyboard.press("Enter")  # once, on the card turned up under his focus
    gap = page.evaluate("window.keyGaps[0]")
    if gap >= HURRIED_MS - 100:
        pytest.skip(f"the turn came back {gap:.0f} ms after his card on this machine: the press is a choice again")
    page.wait_for_timeout(300)  # time for a card played to leave his piles
    assert table.cards_left(0) == 15, f"the press {gap:.0f} ms after his card played nothing"
    page.wait_for_timeout(1100)  # the keys at rest: the next press is a choice again
    page.keyboard.press("Enter")
    table.wait_until(lambda: table.cards_left(0) == 14)


PLAYABLE_AT = "([x, y]) => document.elementFromPoint(x, y)?.closest('button.card.top')?.ariaDisabled === 'false'"
"""Whether the card at a point of the page is one the person may play."""


def test_a_double_click_on_a_card_plays_that_card_only(table_in_context):
    # A double click on a card (as some people click everything) played it, and with the second click the card that
    # had come to the same spot meanwhile (turned up under it): at a fast speed the turn was back by then. The second
    # click here comes once the turn is back, on a card he may play, as it came on a quick table.
    table = hurrying_table(table_in_context, "off")
    page = table.page
    checked = 0
    for _ in range(4):
        table.wait_until(lambda: table.status() == "your-turn" and table.playable().count())
        left = table.cards_left(0)
        box = table.playable().first.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.click(x, y)
        if table.dialog().count():
            table.dialog().locator("#marriage-plain").click()  # his card asked a marriage's question: played plainly
        table.wait_until(lambda left=left: table.cards_left(0) == left - 1 and table.status() == "your-turn")
        if not page.evaluate(PLAYABLE_AT, [x, y]):
            continue
        page.mouse.down(click_count=2)  # the second click of the double click, on the card now at that spot
        page.mouse.up(click_count=2)
        page.wait_for_timeout(300)  # time for a card played to leave his piles
        assert table.cards_left(0) == left - 1, "the double click played one card"
        checked += 1
    assert checked, "a double click whose second click came on a card he could play"


def double_tap(page, x: float, y: float) -> None:
    """Two taps at (x, y), a tenth of a second apart by the events' own clocks: the browser takes them for a double
    tap however long the machine takes to pass them on. Two `touchscreen.tap`s, timed by the clock as they were sent,
    came as two single taps on a busy machine: the second then pressed, as a tap of its own should, the Cancel of the
    question the first had asked."""
    touch = page.context.new_cdp_session(page)
    first = time.time()
    for start in (first, first + 0.1):
        down = {"type": "touchStart", "touchPoints": [{"x": x, "y": y}], "timestamp": start}
        touch.send("Input.dispatchTouchEvent", down)
        touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": [], "timestamp": start + 0.04})
    touch.detach()


@pytest.mark.parametrize("seed", [1, 2])  # 1: his marriage's question under the finger; 2: the deal's result
def test_a_double_tap_on_a_phone_answers_nothing_that_opened_under_the_finger(table_in_context, seed):
    # On a phone on its side a double tap on a card played it, then the second tap pressed what had come under the
    # finger: the card turned up under it, the Cancel of the marriage question the card asked, the deal's result's
    # "See the table" (the result put aside unread).
    table = table_in_context(viewport={"width": 640, "height": 360}, is_mobile=True, has_touch=True)
    page = table.page
    page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    table.open(f"seed={seed}&level=beginner&opponent=computer&speed=off&lang=en")
    if table.dialog().locator(".preset").count():
        table.step()
    while table.wait_status("your-turn", "deal-over") == "your-turn" and not table.dialog().count():
        left = table.cards_left(0)
        box = table.playable().first.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        double_tap(page, x, y)
        question = page.locator("dialog[open] #marriage-announce")
        page.wait_for_timeout(300)  # time for a second card to leave his piles
        if question.count():
            question.click()  # the question his card asked stays open for his answer
        table.wait_until(lambda left=left: table.cards_left(0) == left - 1 or table.dialog().count())
        assert table.cards_left(0) >= left - 1, "the double tap played one card"
    table.dialog().locator("#next-deal").wait_for()  # the deal's result, open to be read


SLOW_COMPUTER = """
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  if (message?.method !== "computer_move" || !window.slowComputer) return post.call(this, message, ...rest);
  setTimeout(() => post.call(this, message, ...rest), 1200);
};
"""
"""The computer's moves asked of the engine's worker 1.2 s late once ``window.slowComputer`` is set, as on a slow
machine."""


def deal_can_end_within(table, moves: int) -> bool:
    """Whether the deal in play, as saved, can be over within `moves` moves (the engine tries every way)."""
    deal = record.loads(json.dumps(current_save(table)["record"])).deal

    def ends(depth: int) -> bool:
        if deal.is_over or depth == 0:
            return deal.is_over
        for move in deal.legal_moves():
            deal.play(move)
            over = ends(depth - 1)
            deal.undo()
            if over:
                return True
        return False

    return deal is not None and ends(moves)


@pytest.mark.parametrize(
    ("speed", "seed", "slow"), [("fast", 7, False), ("off", 7, False), ("off", 8, False), ("off", 4, True)]
)
def test_a_key_pressed_again_and_again_leaves_the_deals_result_open_until_the_keys_rest(
    table_in_context, speed, seed, slow
):
    # Enter pressed every 150 ms to hurry the table pressed "Next deal" the moment the result opened (it was in sight
    # for 0.15 s), then dealt the next deal with the dealing panel's first plan: the result was never read. It did
    # too with no animation to skip: the result opened 0.1 s after his last card (speed off; seed 8: after the press
    # that answered his marriage question, which played the card that ended the deal), or his presses fell on
    # the page's body (his last card gone from under the focus) while a slow machine's computer thought (seed 4: the
    # computer's card ends the deal).
    table = hurrying_table(table_in_context, speed, SLOW_COMPUTER if slow else "", seed=seed)
    page = table.page
    result = page.locator("dialog[open] #next-deal")

    def turn_back() -> bool:
        return table.status() == "your-turn" and table.playable().count() > 0

    table.wait_until(turn_back)  # the first deal dealt (the computer may be dealing it): its number is shown
    first_deal = page.locator("#deal-number").inner_text()

    def result_or_past() -> bool:
        """The deal's result open, or gone by: the presses went on into the next deal."""
        return result.count() > 0 or page.locator("#deal-number").inner_text() != first_deal

    def first_card_by_number() -> bool:
        """Press 1 (the first of his playable cards): the focus on it, unless an animation took the press."""
        page.keyboard.press("1")
        return page.evaluate(f"{ON_MY_CARD} && document.activeElement.ariaDisabled === 'false'")

    # The deal's start, by the same keys without hurrying (each card by its number, Enter; Enter answers a marriage
    # question), until the engine says the trick under way can end the deal: the deal's end is what is hurried.
    while not deal_can_end_within(table, 2):
        assert not result_or_past(), "the deal ended before it was hurried"
        cards = table.cards_left(0)
        table.wait_until(first_card_by_number)
        page.keyboard.press("Enter")
        table.wait_until(lambda cards=cards: table.cards_left(0) < cards or table.dialog().count())
        if page.locator("dialog[open] #marriage-announce").count():
            page.keyboard.press("Enter")
        table.wait_until(lambda: turn_back() or result_or_past())
    page.evaluate("window.slowComputer = true")
    hurried = 0
    for _ in range(20):  # each of his cards by its number, then Enter again and again until his turn or the result
        table.wait_until(lambda: turn_back() or result_or_past())
        if result_or_past():
            break
        page.wait_for_timeout(1100)  # the keys at rest: his choice of a card
        if not turn_back():
            continue  # his turn was a passing frame (the deal ended meanwhile): a press now would be a rested one
        page.keyboard.press("1")
        page.keyboard.press("Enter")
        page.evaluate("window.keyGaps.length = 0")
        press_again_and_again(page, "Enter", 60, until=lambda: turn_back() or result_or_past())
        hurried += 1
    assert hurried, "his last cards were hurried"
    assert result.count(), "the result is open: the presses that hurried the table did not answer it unread"
    page.evaluate("window.keyGaps.length = 0")
    press_again_and_again(page, "Enter", 5)  # he goes on pressing for half a second more
    assert result.count(), "the result is still open: the presses that hurried the table do not answer it"
    page.wait_for_timeout(1100)  # the keys at rest: the next press is his answer
    page.keyboard.press("Enter")
    table.wait_until(lambda: result.count() == 0)


def test_the_arrow_keys_go_to_the_card_beside_above_or_below_and_home_and_end_to_the_first_and_last(table_in_context):
    # A phone on its side shows each player's eight piles in one row: Down went four cards to the right, as if they
    # stood in two rows of four (as upright, where Right went on from a row's end to the next row's start). Up from my
    # top row stayed on my card, and the Enter after it played that card: it goes on to the opponent's cards above.
    table = my_first_turn(table_in_context, ON_ITS_SIDE)
    page = table.page
    cards = page.locator("#piles-0 button.card.top:not([hidden])")
    for viewport, columns in [(ON_ITS_SIDE, 8), (UPRIGHT, 4)]:  # one phone, on its side and then turned upright
        page.set_viewport_size(viewport)
        assert cards.count() == 8
        for index in range(8):
            row, column = divmod(index, columns)
            wanted = {  # no card of mine that way: the focus stays, or goes up to the opponent's (-1: none of mine)
                "ArrowLeft": index - 1 if column > 0 else index,
                "ArrowRight": index + 1 if column < columns - 1 else index,
                "ArrowUp": index - columns if row > 0 else -1,
                "ArrowDown": index + columns if index + columns < 8 else index,
            }
            went = {}
            for key in wanted:
                cards.nth(index).focus()
                page.keyboard.press(key)
                went[key] = page.evaluate(FOCUSED_CARD)
            assert went == wanted, f"{columns} a row, from card {index}"
            if row == 0:  # the opponent's nearest card above, and Down comes back to mine
                cards.nth(index).focus()
                page.keyboard.press("ArrowUp")
                assert page.evaluate("document.activeElement.closest('#piles-1') !== null"), f"from card {index}"
                if index == 0 and columns == 8:  # Enter there plays nothing, and says whose card it is (any size)
                    page.keyboard.press("Enter")
                    expect(page.locator("#status")).to_have_text(re.compile("^That is the computer's card"))
                page.keyboard.press("ArrowDown")
                assert page.evaluate(FOCUSED_CARD) >= 0, f"{columns} a row, from card {index}, up and down"
        assert page.evaluate("scrollY") == 0, "an arrow on the cards does not scroll the page"
    # Home and End: the first and the last of my cards, on a desktop's screen.
    page.set_viewport_size(WIDE)
    cards.nth(3).focus()
    page.keyboard.press("End")
    assert page.evaluate(FOCUSED_CARD) == 7
    page.keyboard.press("Home")
    assert page.evaluate(FOCUSED_CARD) == 0


def test_the_arrow_keys_move_through_the_menu_not_to_the_cards(table_in_context):
    # In the open menu ArrowDown went to the first playable card, the menu staying open over the cards.
    table = my_first_turn(table_in_context, WIDE)
    page = table.page
    toggle = page.locator("#menu-toggle")
    focused = "document.activeElement.id"
    items = "[...document.querySelectorAll('#menu .menu-button')].filter((item) => item.checkVisibility())"
    last_item = f"document.activeElement === {items}.at(-1)"
    for viewport in [WIDE, ON_ITS_SIDE]:  # the menu in a row, then folded behind ☰
        page.set_viewport_size(viewport)
        if toggle.is_visible():  # folded behind ☰: opened with Enter, the arrows go on from ☰ into it
            toggle.focus()
            page.keyboard.press("Enter")
            assert toggle.get_attribute("aria-expanded") == "true"
            page.keyboard.press("ArrowDown")
            assert page.evaluate(focused) == "new-match-button"
            page.keyboard.press("ArrowDown")
            assert page.evaluate(focused) == "history-button"
        else:  # always shown, in a row
            page.locator("#new-match-button").focus()
            page.keyboard.press("ArrowRight")
            assert page.evaluate(focused) == "history-button"
            page.keyboard.press("ArrowLeft")
            assert page.evaluate(focused) == "new-match-button"
            page.keyboard.press("ArrowDown")
            assert page.evaluate(focused) == "history-button"
        page.keyboard.press("ArrowUp")
        page.keyboard.press("ArrowUp")
        assert page.evaluate(last_item), "from the first item Up goes round to the last"
        page.keyboard.press("Home")
        assert page.evaluate(focused) == "new-match-button"
        page.keyboard.press("End")
        assert page.evaluate(last_item)
        assert page.evaluate(FOCUSED_CARD) == -1
    assert toggle.is_visible(), "folded behind ☰ at last"
    assert toggle.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Escape")  # folds the menu; ☰ has the focus, and from the folded ☰ an arrow goes on
    assert toggle.get_attribute("aria-expanded") == "false"
    assert page.evaluate(focused) == "menu-toggle"
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.getAttribute('aria-disabled')") == "false", "to a card I can play"


ON_MY_CARD = "document.activeElement.matches('#piles-0 button.card.top:not([hidden])')"
"""Whether the focus is on one of my cards (the arrows and the number keys go on from there)."""


SLICES = "window.__ponderSlices"
"""How often the page has asked the engine to think on my time (COUNT_PONDERING): once nothing else is under way, and
against a beginner (who does not think on: the first slice says so) once each time."""


def waits_for_my_card(table, slices: int) -> None:
    """After a key that puts a match on the table (`slices` counted before it): deal with Enter (the dealing panel's
    plan that has the focus) if I deal, until the page waits for my card: it has asked the beginner to think on my
    time again."""
    page = table.page
    to_deal = table.dialog().locator(":scope:has(.preset) button:focus")
    while True:
        table.wait_until(lambda: page.evaluate(SLICES) > slices or to_deal.count() > 0)
        if not to_deal.count():
            return
        page.keyboard.press("Enter")
        page.locator("dialog[open] .preset").first.wait_for(state="detached")


def choose_from_menu(page, item: str) -> None:
    """Choose the menu's `item` by keys from the table: Shift+Tab back to the menu (to ☰ when it is folded, opened
    with Enter), Home to its first item, the arrows on to `item`, Enter."""
    for _ in range(6):
        page.keyboard.press("Shift+Tab")
        if page.evaluate("document.activeElement.closest('header') !== null"):
            break
    if page.evaluate("document.activeElement.id") == "menu-toggle":
        page.keyboard.press("Enter")
    page.keyboard.press("Home")
    for _ in range(6):
        if page.evaluate("document.activeElement.id") == item:
            break
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")


@pytest.mark.parametrize("viewport", [ON_ITS_SIDE, WIDE], ids=["folded", "wide"])
def test_a_match_opened_from_the_menu_by_keys_puts_the_focus_on_my_cards(table_in_context, viewport):
    # New match and a match continued from History left the focus on ☰ (or the menu's item): the closed menu and
    # panels gave it back there, and the new deal's cards were out of the keys' reach, unlike after Next deal.
    table = table_in_context(viewport=viewport)
    page = table.page
    page.add_init_script(COUNT_PONDERING)
    page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    table.open(f"seed=7&level=beginner&opponent=computer&{FAST}")
    waits_for_my_card(table, 0)
    page.keyboard.press("1")  # the keys are the player's from here on
    slices = page.evaluate(SLICES)
    page.keyboard.press("Enter")  # a card played: the match is under way, New match asks first
    waits_for_my_card(table, slices)
    focus_after = {}

    choose_from_menu(page, "new-match-button")
    table.dialog().locator("#confirm-new-match:focus").wait_for()
    slices = page.evaluate(SLICES)
    page.keyboard.press("Enter")
    waits_for_my_card(table, slices)
    focus_after["new match"] = page.evaluate(ON_MY_CARD)

    choose_from_menu(page, "history-button")
    for _ in range(20):  # Tab on to the match left for the new one
        if page.evaluate("document.activeElement.matches('[data-continue]')"):
            break
        page.keyboard.press("Tab")
    slices = page.evaluate(SLICES)
    page.keyboard.press("Enter")
    waits_for_my_card(table, slices)
    focus_after["continued"] = page.evaluate(ON_MY_CARD)
    assert focus_after == {"new match": True, "continued": True}, "the focus is on my cards"


FOCUS_BY_FRAME = """
localStorage.setItem('otv66.rulesOffered', '1');
window.focusAt = [];
window.pilesSay = new Set();
(function tick() {
  const focused = document.activeElement;
  const lost = !focused || focused === document.body || focused.closest('[hidden]') !== null;
  const mine = focused?.closest?.('#piles-0');
  if (document.body?.classList.contains('keyboard')) {
    const where = lost ? 'lost' : mine ? focused.id || 'card' : 'elsewhere';
    if (where !== window.focusAt.at(-1)) window.focusAt.push(where);
  }
  if (focused?.id === 'piles-0')
    window.pilesSay.add(document.getElementById(focused.getAttribute('aria-describedby'))?.textContent);
  requestAnimationFrame(tick);
})();
"""
"""Installed before the page's scripts: where a keyboard player's focus is from frame to frame (each change once):
"lost" (the page's body, a hidden element), "piles-0" (my piles' area), "card" (one of my cards) or "elsewhere"; and
what my piles' area, focused, is described by."""


def test_while_the_next_deal_is_dealt_the_focus_waits_on_my_piles(table):
    # At the normal speed the cards of Next deal fly for a second and more before the first of mine lands: the focus
    # was on the page's body meanwhile (the button pressed had gone), where a screen reader loses its place.
    query = "lang=sr-Latn&seed=5&level=beginner&opponent=computer"
    table.page.add_init_script(FOCUS_BY_FRAME)
    page = table.open(f"{query}&speed=off").page
    while table.wait_status("your-turn", "deal-over") == "your-turn":  # the deal played by keys, without animations
        if table.dialog().locator("#next-deal").count():
            break
        if table.dialog().count():
            page.keyboard.press("Enter")  # a marriage's question: announced
        elif table.playable().count():
            page.keyboard.press("1")
            page.keyboard.press("Enter")
        page.wait_for_timeout(30)
    table.open(f"{query}&speed=normal")  # the page again, at the normal speed: the deal's result waits there
    table.dialog().locator("#next-deal:focus").wait_for()
    page.keyboard.press("Enter")  # Sledeće deljenje
    table.dialog().locator(":scope:has(.preset) button:focus").wait_for()
    page.keyboard.press("Enter")  # I deal the second deal: the panel's plan
    table.wait_until(lambda: page.evaluate("window.focusAt.at(-1)") == "card")
    where = page.evaluate("window.focusAt")
    assert "lost" not in where, where
    assert where[-2:] == ["piles-0", "card"], "while the cards fly the focus waits on my piles' area"
    said = page.evaluate("[...window.pilesSay]")  # the status line: what the table is doing
    assert set(said) == {"Vi delite"}, said  # not "Deli: Vi" ("Deli" is said of another)
    expect(page.locator("#piles-0")).to_have_accessible_name("Gomile: Vi")


COUNT_PONDERING = """
window.__ponderSlices = 0;
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  if (message?.method === "ponder") window.__ponderSlices++;
  return post.call(this, message, ...rest);
};
"""
"""Counts the slices of thinking on the player's time that the page asks the engine's worker for."""
SET_VISIBILITY = """(state) => {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  Object.defineProperty(document, "hidden", { configurable: true, get: () => state === "hidden" });
  document.dispatchEvent(new Event("visibilitychange"));
}"""
"""The page put out of sight or back ("hidden" or "visible"), as when a phone's browser goes behind another app."""


def test_the_computer_thinks_on_my_time_only_while_the_page_is_in_sight(table):
    table.page.add_init_script(COUNT_PONDERING)
    table.open(f"seed=5&level=master&opponent=computer&{FAST}")
    page = table.page

    def slices() -> int:
        return page.evaluate("window.__ponderSlices")

    table.wait_until(lambda: table.playable().count() > 0)
    table.wait_until(lambda: slices() >= 3)  # the master thinks while I decide
    page.evaluate(SET_VISIBILITY, "hidden")
    page.wait_for_timeout(500)  # the slice under way (30 ms of thinking) ends
    stopped = slices()
    page.wait_for_timeout(1_000)
    assert slices() == stopped, "no thinking while the page is out of sight"
    page.evaluate(SET_VISIBILITY, "visible")
    table.wait_until(lambda: slices() > stopped)  # back in sight, it thinks on


def test_asking_why_a_card_may_not_be_played_lets_the_computer_think_on(table):
    table.page.add_init_script(COUNT_PONDERING)
    table.open(f"seed=11&level=master&opponent=computer&{FAST}")
    page = table.page
    inert = page.locator('#piles-0 button[data-card][aria-disabled="true"]')
    for _ in range(16):  # my turns until one has a card of mine I may not play (following suit)
        table.wait_status("your-turn")
        if table.dialog().count():
            table.step(next_deal=False)  # my packets, or a marriage
            continue
        table.wait_until(lambda: table.playable().count() > 0)
        if inert.count():
            break
        card = table.playable().first.get_attribute("data-card")
        table.playable().first.click()
        page.locator(f'#piles-0 button[data-card="{card}"]').wait_for(state="detached")
    else:
        raise AssertionError("no card of mine was unplayable on any of my turns")
    inert.first.click(force=True)  # Playwright would wait: aria-disabled cards count as disabled
    table.wait_until(lambda: "must" in table.announced())  # the engine's reason (why_illegal)
    before = page.evaluate("window.__ponderSlices")
    table.wait_until(lambda: page.evaluate("window.__ponderSlices") > before + 3, 5_000)


def marriage_lead_after_a_trick(max_seed: int = 500) -> tuple[int, str, str, int, str]:
    """A seeded first deal (4-4 packets, manual claim) whose first trick (a lead that asks no marriage question, and
    its answer) is taken by a player who can then lead a marriage.

    Returns (seed, lead, answer, the trick's taker, his marriage lead), all from the engine.
    """
    for seed, deal in first_deals(Rules(claim="manual"), max_seed):
        leads = deal.legal_moves()
        for lead in [move for move in leads if len(move) == 2 and f"{move}m" not in leads]:
            deal.play(lead)
            for answer in [move for move in deal.legal_moves() if len(move) == 2]:
                deal.play(answer)
                taker = deal.last_trick_winner
                marriages = [move for move in deal.legal_moves() if move.endswith("m")]
                if not deal.is_over and deal.turn == taker and marriages:
                    return seed, lead, answer, taker, marriages[0]
                deal.undo()
            deal.undo()
    raise AssertionError("no seed with a marriage lead after the first trick")


def test_two_at_one_screen_the_offer_to_claim_66_names_whom_it_is_for(table):
    # "You announced a marriage…" while the turn marker was already on the other player: it named no one.
    seed, lead, answer, announcer, marriage = marriage_lead_after_a_trick()
    table.open(f"seed={seed}&opponent=hotseat&claim=manual&{FAST}")
    assert table.step("4-4") == "dealt"
    for card in (lead, answer):  # the first trick, taken by the announcer: offered once he has a trick
        table.page.locator(f'button[data-card="{card}"][aria-disabled="false"]').wait_for()
        table.click_card(card)
    table.page.locator(f'#piles-{announcer} button[data-card="{marriage[:2]}"][aria-disabled="false"]').wait_for()
    table.click_card(marriage[:2])
    table.dialog().locator("#marriage-announce").click()
    table.dialog().locator("#claim-offer-no").wait_for()
    text = table.dialog().locator(".panel-body, p").first.inner_text()
    assert text.startswith(f"Player {announcer + 1}: you announced a marriage. If it brings you to 66, claim now"), text


def test_the_offer_to_claim_66_after_a_marriage_lead_survives_a_reload(table):
    """Under manual claim the person's marriage lead asks "Claim 66?" before the computer answers; a reload while the
    question was open lost it (the computer answered at once)."""
    table.open(f"seed=21&level=beginner&claim=manual&{FAST}")
    offer = table.dialog().locator("#claim-offer-no")
    for _ in range(80):
        if offer.count():
            break
        if table.wait_status("your-turn", "deal-over", "match-over") != "your-turn" or table.dialog().count():
            table.step()
            continue
        deal = record.loads(json.dumps(current_save(table)["record"])).deal
        leads = [move for move in deal.legal_moves() if move.endswith("m")] if deal and deal.turn == 0 else []
        if not leads:
            table.step()
            continue
        table.click_card(leads[0][:2])
        table.dialog().locator("#marriage-announce").click()
        offer.wait_for()
    else:
        raise AssertionError("the person never led a marriage")
    status = table.page.locator("#status")
    assert status.inner_text() == "Claim 66?", "the computer is not thinking: it waits for his answer"
    moves = len(current_save(table)["record"]["deals"][-1]["moves"])
    table.page.reload()
    table.wait_ready()
    offer.wait_for()  # asked again
    assert len(current_save(table)["record"]["deals"][-1]["moves"]) == moves, "the computer waits for the answer"
    offer.click()
    table.wait_until(lambda: len(current_save(table)["record"]["deals"][-1]["moves"]) > moves)
    assert not table.dialog().locator("#claim-offer-no").count(), "asked once"


def test_the_computers_card_waits_while_the_person_reads_a_panel(table):
    """A panel opened while the computer thinks (Settings here; the rules, History alike) holds its card: the move
    is made and saved, but shown on the table only once the person is back, not played behind the panel."""
    table.open("seed=3&level=master&opponent=computer&lang=en")
    wait_playable(table)  # the computer dealt this seed's first deal
    moves = saved_move_count(table)
    shown = table.cards_of(1)
    if table.page.locator("#menu-toggle").is_visible():
        table.page.locator("#menu-toggle").click()
    # The card and then Settings, at once: the panel is open before the computer can answer, however fast it is.
    card = table.playable().first.get_attribute("data-card")
    table.page.evaluate(
        """(card) => {
            document.querySelector(`#piles-0 button[data-card="${card}"]`).click();
            document.getElementById("settings-button").click();
        }""",
        card,
    )
    table.dialog().wait_for()
    table.wait_until(lambda: saved_move_count(table) >= moves + 2, 60_000)  # the computer has moved
    table.page.wait_for_timeout(1_000)
    assert table.cards_of(1) == shown, "nothing of the computer's played behind the panel"
    assert table.trick() == [card], "the person's card waits for the computer's answer"
    table.page.keyboard.press("Escape")
    table.wait_until(lambda: table.cards_of(1) != shown)
