"""A brisk pace: a tap or a key skips the animation in progress (the pace itself is measured by tools/bench_pace.py);
while the cards move, the status line says what the table is doing."""

from __future__ import annotations

import json
import random

from test_never_lose import current_save, saved_move_count

from otv66 import record

STATUS_LINES = """
localStorage.setItem('otv66.rulesOffered', '1');
window.statusLines = [];
new MutationObserver(() => {
  const status = document.getElementById('status');
  const line = status && `${status.dataset.status}: ${status.textContent}`;
  if (line && line !== window.statusLines.at(-1)) window.statusLines.push(line);
}).observe(document, {subtree: true, childList: true, characterData: true, attributeFilter: ['data-status']});
"""
"""Installed before the page's own scripts: every line the status showed ("thinking: Player 2 to play"), in order."""


def test_a_key_skips_the_cards_flying(table):
    table.open("seed=1&level=beginner&opponent=computer&speed=slow&lang=sr-Latn")
    page = table.page
    table.wait_until(lambda: table.playable().count() > 0)
    table.playable().first.click()
    # The card flies to the trick (slow: several hundred ms); note the page's own animations running now (not the
    # stylesheet's CSS animations and transitions).
    flying = "(window.__flying = document.getAnimations().filter((a) => a.constructor === Animation)).length > 0"
    table.wait_until(lambda: page.evaluate(flying), 5_000)
    page.keyboard.press("Shift")
    states = page.evaluate("window.__flying.map((animation) => animation.playState)")
    assert "running" not in states, f"every animation ended at the key: {states}"
    assert "finished" in states, "the card's flight jumped to its end"


def test_a_tap_skips_the_deal_animation(table):
    table.open("seed=1&level=beginner&opponent=computer&speed=slow&lang=sr-Latn", ready=False)
    page = table.page
    table.wait_until(lambda: page.locator(".flyer").count() > 0, 90_000)
    # While the cards are dealt nobody is to move: the leader's "▶" waits for the last card (it came with the first).
    assert page.locator(".seat-info.to-move").count() == 0
    page.mouse.click(5, 5)
    table.wait_until(lambda: page.locator(".flyer").count() == 0, 2_000)
    assert page.locator("#piles-0 button.card.top:not([hidden])").count() == 8, "every pile dealt at once"
    page.locator(".seat-info.to-move").wait_for()


def test_a_tap_on_ones_card_while_the_computer_deals_skips_the_deal_and_plays_nothing(table):
    """A tap on his card to hurry the computer's dealing played that card: the deal ended at the press, before its
    click came, and he had led before he saw the trump card or most of his hand. The tap deals the rest at once; the
    card he taps then is his lead."""
    page = table.page
    page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    table.open("seed=7&level=beginner&opponent=computer&speed=slow&lang=en", ready=False)  # the computer deals
    mine = page.locator('#piles-0 button.card.top[data-card]:not([data-card=""], [hidden])')
    table.wait_until(lambda: page.locator(".flyer").count() > 0 and mine.count() >= 2, 90_000)
    trump = page.locator('#piles-1 button.card.top[data-pile="7"]')
    assert trump.get_attribute("data-card") is None, "the trump card is not dealt yet"
    mine.first.click(force=True)  # it would be played: the person leads this deal
    table.wait_until(lambda: page.locator(".flyer").count() == 0, 2_000)
    assert mine.count() == 8 and trump.get_attribute("data-card"), "every card dealt at once"
    table.wait_status("your-turn")
    page.wait_for_timeout(500)  # the engine has long answered a card played
    assert current_save(table)["state"]["deal"]["moves"] == [], "the tap played no card"
    assert table.status() == "your-turn"
    lead = table.playable().first.get_attribute("data-card")
    table.playable().first.click()
    table.wait_until(lambda: current_save(table)["state"]["deal"]["moves"][:1] == [lead])


def test_while_the_cards_move_the_status_line_names_who_is_next_and_who_takes_the_trick(table):
    page = table.page
    page.add_init_script(STATUS_LINES)
    table.open("seed=5&opponent=hotseat&lang=en")  # the cards move at the settings' speed
    assert table.step() == "dealt"
    status = page.locator("#status")
    table.wait_status("your-turn")
    leader = status.inner_text()
    page.evaluate("window.statusLines = []")
    table.playable().first.click()  # the lead flies to the middle
    table.wait_until(lambda: table.status() == "your-turn" and status.inner_text() != leader)
    follower = status.inner_text()
    table.playable().first.click()  # the answer flies, the trick waits in the middle, then flies to its taker
    table.wait_until(lambda: sum(table.tricks_won()) == 1 and table.status() == "your-turn")
    taker = status.inner_text().removesuffix(" to play")
    lines = page.evaluate("window.statusLines")
    assert not [line for line in lines if line.endswith(": …")], f"never a bare '…' while the cards move: {lines}"
    assert lines.index(f"thinking: {follower}") < lines.index(f"your-turn: {follower}"), "named while the lead flies"
    assert f"thinking: {taker} takes the trick" in lines, "said while the trick waits in the middle"


TRICK_TIMES = """
window.trickTimes = [];
new MutationObserver(() => {
  const cards = document.querySelectorAll("#trick .trick-card").length;
  const last = window.trickTimes.at(-1);
  if (!last || last[0] !== cards) window.trickTimes.push([cards, performance.now()]);
}).observe(document, { subtree: true, childList: true });
"""
"""Installed before the page's scripts: each change of the number of cards in the trick, with its time (ms)."""


def test_at_normal_speed_a_finished_trick_stays_long_enough_to_read_its_last_card(table):
    # It stayed a fifth of a second before flying to its winner: the computer's answer was gone before it was read.
    table.page.add_init_script(TRICK_TIMES)
    table.open("seed=1&level=beginner&opponent=computer&speed=normal&lang=en")
    page = table.page
    table.wait_until(lambda: table.playable().count() > 0 and not table.trick())
    table.playable().first.click()  # my lead, answered by the computer: the trick is finished
    table.wait_until(lambda: sum(table.tricks_won()) == 1 and not table.trick())
    times = page.evaluate("window.trickTimes")
    full = next(at for cards, at in times if cards == 2)
    gone = next(at for cards, at in times if cards == 0 and at > full)
    assert gone - full >= 800, f"the finished trick stayed {gone - full:.0f} ms"


WATCH_RESULT = """(code) => {
  window.resultTimes = {};
  new MutationObserver(() => {
    const now = performance.now();
    if (!window.resultTimes.lead && document.querySelector(`#trick [data-trick-card="${code}"]`))
      window.resultTimes.lead = now;
    if (window.resultTimes.lead && !window.resultTimes.result && document.querySelector("#panel[open]"))
      window.resultTimes.result = now;
  }).observe(document, { subtree: true, childList: true, attributes: true });
}"""
"""When the card `code` first lay in the trick, and when a panel then first opened (ms)."""


def marriage_that_ends_the_deal(save: dict) -> tuple[list[str], str]:
    """Moves of the saved match's first deal to a position whose player to move announces a marriage that takes him
    past 66 (by random play from the deal's start), and that lead."""
    deal = record.loads(json.dumps(save["record"])).deals[0]
    for trial in range(300):
        rng = random.Random(trial)
        while deal.moves:
            deal.undo()
        while not deal.is_over:
            for move in [move for move in deal.legal_moves() if move.endswith("m")]:
                prefix = list(deal.moves)
                deal.play(move)
                if deal.is_over:
                    return prefix, move
                deal.undo()
            deal.play(rng.choice(deal.legal_moves()))
    raise AssertionError("no marriage that ends the deal")


def test_a_marriage_that_ends_the_deal_is_seen_on_the_table_before_the_result(table):
    # The result covered the table the moment the king was led: the card and marriage that won the deal never seen.
    page = table.page
    page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    table.open("seed=5&opponent=hotseat&speed=normal&lang=en")
    table.play_moves(1)
    table.wait_until(lambda: saved_move_count(table) == 1)
    save = current_save(table)
    prefix, lead = marriage_that_ends_the_deal(save)
    save["record"]["deals"][0]["moves"] = prefix
    save.pop("state", None)  # the table is made again from the record's moves
    page.evaluate("(save) => localStorage.setItem('otv66.slot.' + save.id, JSON.stringify(save))", save)
    table.page.reload()
    table.wait_status("your-turn")
    page.evaluate(WATCH_RESULT, lead[:2])
    table.click_card(lead[:2])
    table.dialog().locator("#marriage-announce").click()
    table.wait_status("deal-over")
    table.wait_until(lambda: page.evaluate("Boolean(window.resultTimes.result)"))
    times = page.evaluate("window.resultTimes")
    assert times["result"] - times["lead"] >= 700, f"the lead was in sight {times['result'] - times['lead']:.0f} ms"


SEAT_COUNTS = """() => [0, 1].map((player) =>
  document.querySelector(`#info-${player} .seat-score-value`).textContent + " / " +
  document.querySelector(`#won-${player} .won-label`).textContent)"""
"""Each seat's score and trick count as the table shows them."""


def test_a_trick_is_counted_once_it_has_flown_to_its_winner(table):
    # The seats' scores and trick counts changed the moment the computer's card finished a trick, while the trick
    # still lay in the middle for a second and more: the numbers jumped before the cards went to their winner.
    table.page.add_init_script("localStorage.setItem('otv66.rulesOffered', '1')")
    table.open("seed=7&level=beginner&opponent=computer&speed=normal&lang=en")
    page = table.page
    trick = page.locator("#trick .trick-card:visible")
    for _ in range(40):  # play on until it is my lead, the trick empty
        table.wait_status("your-turn")
        if not table.dialog().count() and table.playable().count() and trick.count() == 0:
            break
        table.step()
    else:
        raise AssertionError("I never led")
    before = page.evaluate(SEAT_COUNTS)
    table.playable().first.click()
    if page.locator("dialog[open] #marriage-plain").count():
        page.locator("dialog[open] #marriage-plain").click()
    table.wait_until(lambda: trick.count() == 2)  # the computer's answer: the trick lies complete in the middle
    assert page.evaluate(SEAT_COUNTS) == before, "not counted while it lies in the middle"
    table.wait_until(lambda: trick.count() == 0)  # flown to its winner
    assert page.evaluate(SEAT_COUNTS) != before, "counted once it has flown"
