"""A blind player at the game page: what his screen reader hears and where his keys act.

The screen reader is simulated from the page: the accessibility tree (Playwright's aria snapshots, accessible names and
descriptions), the texts put into the live region ``#announcer`` and where the focus is. Chromium passes the page's
accessibility tree on to a screen reader in batches, every 150 ms once the page has loaded: a text taken out of the
live region sooner may never be read. The script below keeps every text put into the region with the frame it came in
and how long it stayed, and the focus at every frame.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect
from test_never_lose import saved_move_count
from test_play import HURRIED_MS

SERBIAN = "lang=sr-Latn&speed=off&target=1"
"""A match of one deal in Serbian, without animations (what a screen-reader user chooses: nothing to wait for)."""

LISTENER = """
localStorage.setItem('otv66.rulesOffered', '1');
window.frame = 0;
window.liveTexts = [];
window.focusLostAt = [];
(function tick() {
  window.frame++;
  const focused = document.activeElement;
  const lost = !focused || focused === document.body || focused.closest('[hidden]') !== null;
  if (document.body?.classList.contains('keyboard') && lost) window.focusLostAt.push(window.frame);
  requestAnimationFrame(tick);
})();
const kept = new WeakMap();  // a node put into the live region: its entry in liveTexts
new MutationObserver((mutations) => {
  const live = document.getElementById('announcer');
  const now = performance.now();
  for (const m of mutations.filter((m) => live && m.target === live)) {
    for (const node of m.removedNodes) if (kept.has(node)) kept.get(node)[3] = now;
    for (const node of m.addedNodes) {
      const entry = [window.frame, node.textContent, now, null];
      kept.set(node, entry);
      window.liveTexts.push(entry);
    }
  }
}).observe(document, {subtree: true, childList: true});
"""
"""Installed before the page's own scripts: the texts put into the live region (``[frame, text, put at, taken out at or
null]``, in ms), and the frames where a keyboard player's focus was on no element a key acts on (the page's body, a
hidden card)."""

BATCH_MS = 150
"""How often Chromium passes the accessibility tree on to a screen reader once the page has loaded."""

SAID = "(() => { const last = window.liveTexts.at(-1); return Boolean(last?.[1]) && last[0] < window.frame; })()"
"""Whether the live region has been read since it last changed: the last text put into it is there a frame later."""


NEXT_FRAME = "new Promise((done) => requestAnimationFrame(() => done()))"
"""Resolves at the page's next animation frame, once the callbacks asked for before it have run."""


def heard_by_now(page) -> list[str]:
    """The texts heard once everything the page has said so far is in the live region: it puts what it says in one
    moment there together, at the next animation frame (shell.js `announce`), so that frame is let pass first."""
    page.evaluate(NEXT_FRAME)
    return heard(page)


def stays(page) -> list[tuple[str, float | None]]:
    """Each text put into the live region, with how long it stayed there in ms (None: it is there still)."""
    return page.evaluate("window.liveTexts.map(([, text, put, out]) => [text, out === null ? null : out - put])")


def taken_out_unread(page) -> list[str]:
    """The texts of the live region taken out of it before a screen reader could read them."""
    return [text for text, stayed in stays(page) if text and stayed is not None and stayed < BATCH_MS]


def heard(page) -> list[str]:
    """The texts of the live region a screen reader has read: each one still there, or there for a batch or more."""
    return [text for text, stayed in stays(page) if text and (stayed is None or stayed >= BATCH_MS)]


def listen(table, query: str):
    """Open the table at `query` with the listener in place, ready for the player's first key."""
    table.page.add_init_script(LISTENER)
    table.open(query)
    table.page.locator('#piles-0 button[aria-disabled="false"]').first.wait_for()
    return table.page


def play_by_keys(table) -> None:
    """Play the deal with keys only, as the rules' "Igra tastaturom" says (1 picks the first playable card, Enter plays
    it; Enter in a marriage's question announces it), until its result opens."""
    page = table.page
    while table.wait_status("your-turn", "deal-over") == "your-turn":
        if table.dialog().count():
            if table.dialog().locator("#next-deal").count():
                return
            page.keyboard.press("Enter")
        elif table.playable().count():
            page.keyboard.press("1")
            page.keyboard.press("Enter")
        page.wait_for_timeout(30)
    table.dialog().locator("#next-deal").wait_for()


def test_every_card_played_and_every_trick_taken_is_heard_and_the_result_read_out(table):
    page = listen(table, f"{SERBIAN}&seed=5&level=beginner")
    play_by_keys(table)
    score = table.dialog().locator(".result-score").inner_text()
    tricks = re.search(r"\((\d+)\sštih\w*\).*\((\d+)\sštih\w*\)", score, re.DOTALL)
    played = int(tricks[1]) + int(tricks[2])
    # The last trick's words are said as the result opens: they reach the live region a frame later. A wait for the
    # last text to be a frame old could pass on the text before them, and missed them once (8 of 9 cards heard).
    said = heard_by_now(page)
    # When the region held one text at a time, the computer's next lead took "Štih nosi Računar" out after 12-50 ms.
    assert taken_out_unread(page) == []
    assert re.search(r"Adut: (pik|herc|karo|tref)\.", said[0]), said  # the deal's trump, said as it is dealt
    # Without animations the computer's card that completes a trick and who takes it come at once: both are heard.
    assert sum(text.count("Računar (početnik): ") for text in said) == played, said
    assert sum(text.count("Vi: ") for text in said) == played, said
    assert sum(1 for text in said if re.search(r"[Šš]tih nos(i|ite) ", text)) == played, said
    # The result is read with its title when it opens, not only its focused button.
    expect(table.dialog()).to_have_accessible_description(re.compile(r"Dobili ste deljenje|Deljenje dobija"))


def test_a_keyboard_player_never_loses_the_focus_to_the_page_while_the_master_answers(table):
    page = listen(table, f"{SERBIAN}&seed=5&level=master")
    page.keyboard.press("1")  # the keys are the player's from here on
    page.evaluate("window.focusLostAt = []")
    play_by_keys(table)
    assert page.evaluate("window.focusLostAt") == [], "a card played from a pile with nothing under it dropped focus"


PLAYABLE_CARD = 'button.card.top[aria-disabled="false"]'

FOCUSED_CARD = """() => {
  const focused = document.activeElement;
  return focused.matches("#piles-0 button.card.top") ? focused.getAttribute("aria-disabled") : focused.tagName;
}"""
"""Whether the focused card of the bottom seat can be played ("false": it can), or the focused element's tag."""


def test_at_each_turn_the_keyboard_players_focus_is_on_a_card_he_can_play(table):
    # Once the computer had led, the focus stayed on the card it waited on while the computer played, often one that
    # could not follow the card led: Enter there was refused. Now Enter alone plays the whole deal, pressed once the
    # computer's card has been said (a second after his last Enter at the least, his answer to a marriage's question
    # too: input.js holds a press sooner than that, which came before he could know the card under his focus).
    page = listen(table, f"{SERBIAN}&seed=5&level=beginner")
    page.keyboard.press("1")  # the keys are the player's from here on
    turns_with_a_card_he_cannot_play = 0
    pressed = float("-inf")
    while table.wait_status("your-turn", "deal-over") == "your-turn":
        if table.dialog().count():
            if table.dialog().locator("#next-deal").count():
                break
            page.keyboard.press("Enter")  # a marriage's question: it is announced, which plays his card
            pressed = time.monotonic()
            continue
        table.wait_until(lambda: page.evaluate(FOCUSED_CARD) == "false")
        if page.locator('#piles-0 button.card.top[aria-disabled="true"]:not([hidden])').count():
            turns_with_a_card_he_cannot_play += 1
        code = page.evaluate("document.activeElement.dataset.card")
        page.wait_for_timeout(max(0, HURRIED_MS + 50 - (time.monotonic() - pressed) * 1000))
        page.keyboard.press("Enter")
        pressed = time.monotonic()
        played = page.locator(f'#piles-0 button.card.top[data-card="{code}"]:not([hidden])')
        table.wait_until(lambda played=played: played.count() == 0 or table.dialog().count() > 0)  # or a marriage
    assert turns_with_a_card_he_cannot_play >= 3, "the deal asked him to follow, with cards he could not play"
    table.dialog().locator("#next-deal").wait_for()


def test_each_card_says_whether_a_face_down_card_lies_under_it(table):
    page = listen(table, f"{SERBIAN}&seed=5&level=beginner")
    pile = table.playable().first.get_attribute("data-pile")
    first = page.locator(f'#piles-0 button[data-pile="{pile}"]')
    expect(first).to_have_accessible_name("žandar tref, na zatvorenoj karti, može se igrati")
    page.keyboard.press("1")
    page.keyboard.press("Enter")
    # The card under it is turned up and lies alone on its pile.
    expect(first).to_have_accessible_name(re.compile(r"^dama pik, (ne )?može se igrati$"))


def test_each_playable_card_names_the_number_key_shown_on_it(table):
    """The rules say a number from 1 to 8 picks a card, "the numbers show on the cards": a blind player hears them."""
    page = listen(table, f"{SERBIAN}&seed=5&level=beginner")
    cards = page.locator("#piles-0 button.card.top:not([hidden])")
    keys = cards.evaluate_all(
        "cards => cards.map((c) => [c.getAttribute('aria-disabled'), c.getAttribute('aria-keyshortcuts')])"
    )
    playable = [key for disabled, key in keys if disabled == "false"]
    assert playable == [str(n) for n in range(1, len(playable) + 1)]
    assert all(key is None for disabled, key in keys if disabled == "true")
    page.keyboard.press(playable[-1])
    assert page.evaluate("document.activeElement.getAttribute('aria-keyshortcuts')") == playable[-1]


def test_the_trick_in_the_middle_says_who_played_its_card(table):
    page = listen(table, f"{SERBIAN}&seed=5&level=beginner")
    page.keyboard.press("1")
    page.keyboard.press("Enter")  # the computer takes the trick and leads the next
    trick = page.locator("#trick")
    expect(trick.get_by_role("img")).to_have_count(1)
    expect(trick.get_by_role("img")).to_have_accessible_name(re.compile(r"^Računar \(početnik\): \S+ \S+$"))


def test_the_last_trick_is_read_out_when_its_panel_opens(table):
    page = listen(table, f"{SERBIAN}&seed=5&level=beginner")
    page.keyboard.press("1")
    page.keyboard.press("Enter")
    page.locator("#last-trick-button:not([disabled])").focus()
    page.wait_for_timeout(HURRIED_MS + 50)  # he hears the computer's answer and goes to the button (a Tab would do)
    page.keyboard.press("Enter")
    expect(table.dialog()).to_have_accessible_description(
        re.compile(r"Vi: žandar tref\s· Računar \(početnik\): .+\s— štih nosi Računar \(početnik\)")
    )
    page.keyboard.press("Escape")
    expect(page.locator("#last-trick-button")).to_be_focused()


def test_the_seat_to_move_is_marked_to_the_eye_only(table):
    listen(table, f"{SERBIAN}&seed=5&level=beginner")
    assert "▶" not in table.page.locator("#info-0").aria_snapshot()


PLAYED = "the computer has played"
FOCUS_WHILE_THINKING = f"""(() => document.getElementById("status").textContent.includes("razmišlja")
  ? document.activeElement.closest("#piles-0")?.id ?? document.activeElement.tagName
  : "{PLAYED}")()"""
"""Where the focus is while the computer thinks ("piles-0": on the player's cards), or PLAYED once it has played."""


def test_while_the_computer_leads_a_new_deal_the_focus_waits_on_the_players_cards(table):
    page = listen(table, "lang=sr-Latn&speed=off&dealer=alternate&seed=5&level=master")
    play_by_keys(table)  # the computer dealt the first deal
    page.wait_for_timeout(HURRIED_MS + 50)  # the result heard (a press at once after his last card is held)
    page.keyboard.press("Enter")  # Sledeće deljenje: the player deals the second, the computer leads it
    table.dialog().locator(".preset").first.wait_for()
    page.keyboard.press("Enter")  # Podelite 4-4
    page.locator("#status", has_text="razmišlja").wait_for()
    # "razmišlja" shows as the deal is dealt; the cards take the focus once it is saved (an engine call), and the
    # master's move comes well after that.
    where: list[str] = []

    def focus_settled() -> bool:
        where.append(page.evaluate(FOCUS_WHILE_THINKING))
        return where[-1] in ("piles-0", PLAYED)

    table.wait_until(focus_settled)
    assert where[-1] == "piles-0", "the master's thinking is a while: the focus must not wait on the page's body"


def turns_said(page) -> list[str]:
    """Whose turn the screen reader has said, in order ("Na potezu: Igrač 2")."""
    return [turn for text in heard(page) for turn in re.findall(r"Na potezu: Igrač \d", text)]


def test_two_at_one_screen_hear_whose_turn_it_is_each_time_a_person_is_to_move(table):
    page = table.page
    page.add_init_script(LISTENER)
    table.open(f"{SERBIAN}&opponent=hotseat&seed=5")
    table.dialog().locator(".preset").first.wait_for()
    page.keyboard.press("Enter")  # Podelite 4-4: the new deal's leader is named
    for turn in range(1, 8):  # past three tricks: a trick's taker leads the next, his turn said after who took it
        table.wait_until(lambda turn=turn: len(turns_said(page)) >= turn)
        table.wait_status("your-turn")
        said = turns_said(page)
        assert len(said) == turn, f"each turn said once: {heard(page)}"
        assert page.locator("#status").inner_text().endswith(said[-1]), "the person the status line names"
        # The focus goes on with the turn: it stayed on a card of the one who had just played, which Enter cannot play.
        table.wait_until(lambda: page.evaluate(f"document.activeElement.matches('{PLAYABLE_CARD}')"))
        page.keyboard.press("1")
        page.keyboard.press("Enter")
        if table.dialog().count():
            page.keyboard.press("Enter")  # a marriage's question: it is announced
    assert any(re.search(r"[Šš]tih nosi Igrač \d\. Na potezu: Igrač \d\.$", text) for text in heard(page))


def test_a_keyboard_player_who_deals_has_the_focus_on_his_cards_as_soon_as_they_land(table):
    table.page.add_init_script(LISTENER)
    table.page.add_init_script(
        """window.shownWhileLost = [];
        (function tick() {
          const focused = document.activeElement;
          const lost = !focused || focused === document.body || focused.closest('[hidden]') !== null;
          const mine = document.querySelectorAll('#piles-0 button.card.top:not([hidden])').length;
          if (document.body?.classList.contains('keyboard') && lost && mine) window.shownWhileLost.push(mine);
          requestAnimationFrame(tick);
        })();"""
    )
    table.open("lang=sr-Latn&speed=fast&target=1&seed=2&level=beginner")
    page = table.page
    page.locator("dialog[open] button:focus").wait_for()  # I deal: the panel has the focus
    page.keyboard.press("Enter")
    table.page.locator('#piles-0 button[aria-disabled="false"]').first.wait_for()
    # While the cards fly (a second or so), each of mine that has landed is where the keys act: never the page's body.
    assert page.evaluate("window.shownWhileLost") == []


def test_the_first_deal_of_a_first_visit_says_its_trump(table):
    # The opening deal, drawn before the engine and dealt at once, was the one deal whose trump went unsaid.
    page = listen(table, "lang=sr-Latn&speed=off")
    table.wait_until(lambda: any(re.search(r"Adut: (pik|herc|karo|tref)\b", text) for text in heard(page)))


def test_a_deal_the_computer_dealt_says_that_the_person_leads_it(table):
    # Against the computer a person hears the computer's card as his turn; the deal it dealt he leads, with no card
    # before his: only the status line said that it was his turn.
    page = listen(table, f"{SERBIAN}&seed=5&level=beginner")
    table.wait_until(lambda: page.evaluate(SAID))
    said = heard(page)
    assert re.search(r"Adut: \w+\. Vi ste na potezu\.$", said[-1]), said
    assert sum(text.count("Vi ste na potezu") for text in said) == 1, said
    page.keyboard.press("1")
    page.keyboard.press("Enter")  # the computer takes the trick and leads the next: its card says the turn
    table.wait_until(lambda: any("Štih nosi" in text for text in heard(page)))
    table.wait_status("your-turn")
    assert sum(text.count("Vi ste na potezu") for text in heard(page)) == 1, heard(page)


@pytest.mark.parametrize("pressed", ["review-button", "review-deal-1"])
def test_while_a_deal_is_reviewed_it_is_said_and_the_focus_stays_on_the_button_pressed(table, pressed):
    page = listen(table, f"{SERBIAN}&seed=11&level=beginner")
    table.play_out_deal()
    if pressed == "review-deal-1":  # from the finished match's result, its one deal chosen
        table.dialog().locator("#next-deal").click()
        table.dialog().locator("#review-finished-match").click()
    review = table.dialog().locator(f"#{pressed}")
    review.focus()
    page.keyboard.press("Enter")  # a keyboard player's: his focus is watched from here on
    page.evaluate("window.focusLostAt = []")
    table.wait_until(lambda: "Analiziram deljenje…" in heard(page))
    assert table.dialog().locator(".review-move").count() == 0, "said while the engine reviews, before the review"
    expect(review).to_be_focused()
    expect(review).to_have_attribute("aria-busy", "true")
    table.dialog().locator(".review-move").first.wait_for(timeout=90_000)
    assert page.evaluate("window.focusLostAt") == [], "the focus fell on the page's body while the engine reviewed"


def test_an_undo_after_a_marriage_lead_says_that_the_marriage_was_taken_back(table):
    page = listen(table, f"{SERBIAN}&seed=1&level=beginner")  # seed 1: I lead, with the marriage in hearts
    table.click_card("QH")
    table.dialog().locator("#marriage-announce").click()
    table.wait_until(lambda: len(table.trick()) == 2 or table.tricks_won() != [0, 0])  # the computer has answered
    table.wait_status("your-turn")
    page.locator("#undo-button").click()
    table.wait_until(lambda: any(text.startswith("Vraćeno:") for text in heard(page)))
    undone = next(text for text in heard(page) if text.startswith("Vraćeno:"))
    assert undone.startswith("Vraćeno: Vi: marijaž (20), dama herc; Računar (početnik): "), undone


def test_a_card_led_before_a_reload_is_said_when_the_deal_is_resumed(table):
    # A sighted player sees the computer's card in the middle of the table put back; a blind one heard only the trump.
    page = listen(table, f"{SERBIAN}&seed=5&level=beginner")
    page.keyboard.press("1")
    page.keyboard.press("Enter")  # the computer takes the trick and leads the next
    table.wait_until(lambda: table.tricks_won() == [0, 1] and len(table.trick()) == 1)
    card = page.locator("#trick").get_by_role("img").get_attribute("aria-label").removeprefix("Računar (početnik): ")
    table.wait_until(lambda: saved_move_count(table) == 3)  # my card, its answer and its lead: kept
    page.reload()
    page.locator('#piles-0 button[aria-disabled="false"]').first.wait_for()
    table.wait_until(lambda: page.evaluate(SAID))
    said = heard(page)
    # As it was said when led: seed 5's computer leads the queen of diamonds with its marriage.
    assert said[-1].endswith(f"Računar (početnik): marijaž (20), {card}."), said
    assert card == "dama karo"
    page.keyboard.press("1")
    page.keyboard.press("Enter")  # my answer: the card led is not said again
    table.wait_until(lambda: any(re.search(r"[Šš]tih nos(i|ite) ", text) for text in heard(page)))
    assert sum(text.count(card) for text in heard(page)) == 1, heard(page)
