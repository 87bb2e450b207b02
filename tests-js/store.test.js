import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import {
  clearNotes,
  createPageState,
  drawnOf,
  humansOf,
  matchUnderway,
  namesOf,
  opponentOf,
  Store,
  shortNamesOf,
  statusOf,
  viewOf,
  youOf,
} from "../web/js/store.js";
import { pageLanguage } from "./fakes.js";

/** @returns {import("../web/js/types.js").Settings} */
function settings(opponent = "computer") {
  return {
    opponent: /** @type {"computer" | "human"} */ (opponent),
    level: "club",
    rules: { must_beat: false, claim: "auto", dealer: "winner", draw_bonus: false, target: 7 },
    lang: "en",
    deck: "french",
    speed: "normal",
    sound: false,
  };
}

/** A bridge state with a match, seats and (optionally) a deal: only the fields the selectors read. */
function game({ human = false, turn = 0, result = null, phase = "human_moves", lastWinner = null } = {}) {
  return /** @type {any} */ ({
    match: { next_dealer: 1 },
    phase,
    seats: [
      { human: true, level: null, name: "You" },
      { human, level: human ? null : "expert", name: "Computer" },
    ],
    deal: { number: 1, turn, result, dealer: 1, last_winner: lastWinner, trick: [], moves: [], marriages: [] },
  });
}

describe("the store", () => {
  test("every change goes through update, which redraws once with the changed state", () => {
    const drawn = [];
    const store = new Store({ count: 0 }, (state) => drawn.push(state.count));
    store.update((state) => {
      state.count += 1;
    });
    store.update((state) => {
      state.count += 2;
    });
    assert.deepEqual(drawn, [1, 3]);
    assert.equal(store.state.count, 3);
  });

  test("a fresh page is busy and has no match", () => {
    const page = createPageState(settings(), 7);
    assert.equal(page.busy, true);
    assert.equal(page.game, null);
    assert.equal(page.seed, 7);
    assert.equal(statusOf(page), null);
  });
});

describe("selectors", () => {
  /** @type {() => void} */
  let restoreLanguage;
  before(() => {
    restoreLanguage = pageLanguage("en");
  });
  after(() => restoreLanguage());

  test("the seats of the match, not the settings, say who sits opposite", () => {
    const page = createPageState(settings("human"), null);
    assert.equal(opponentOf(page), "human");
    page.game = game({ human: false });
    assert.equal(opponentOf(page), "computer");
    assert.deepEqual(humansOf(page), [true, false]);
  });

  test("two people on one device are Player 1 and Player 2; against the computer its level is named", () => {
    const hotseat = createPageState(settings("human"), null);
    assert.deepEqual(humansOf(hotseat), [true, true]);
    assert.equal(namesOf(hotseat).length, 2);
    assert.notEqual(namesOf(hotseat)[0], namesOf(hotseat)[1]);
    const computer = createPageState(settings(), null);
    computer.game = game();
    assert.match(namesOf(computer)[1], /Expert/i);
  });

  test("where room is short the computer goes without its level; two at one screen keep their names", () => {
    const computer = createPageState(settings(), null);
    computer.game = game();
    assert.deepEqual(shortNamesOf(computer), ["You", "Computer"]);
    assert.deepEqual(viewOf(computer).shortNames, ["You", "Computer"]);
    const hotseat = createPageState(settings("human"), null);
    assert.deepEqual(shortNamesOf(hotseat), namesOf(hotseat));
  });

  test("the page speaks to the person against the computer (seat 0, 'You'), to nobody when two share the screen", () => {
    const computer = createPageState(settings(), null);
    computer.game = game();
    assert.equal(youOf(computer), 0);
    assert.equal(namesOf(computer)[0], "You");
    assert.equal(youOf(createPageState(settings("human"), null)), null);
    const hotseat = createPageState(settings(), null);
    hotseat.game = game({ human: true }); // the match's seats, not the settings
    assert.equal(youOf(hotseat), null);
  });

  test("a match another tab took is said to be played there, not the turn this tab may not take", () => {
    const page = createPageState(settings(), null);
    page.game = game({ turn: 0 });
    page.busy = true;
    page.elsewhere = true;
    assert.deepEqual(statusOf(page), { status: "thinking", text: "Playing in another tab" });
  });

  test("behind the page's notices the match waits, and the line says so (not that the computer thinks)", () => {
    const page = createPageState(settings(), null);
    page.game = game({ turn: 1 });
    assert.equal(statusOf(page)?.text, "Computer (expert) is thinking…");
    page.noticeOpen = true;
    assert.deepEqual(statusOf(page), { status: "thinking", text: "The game waits until you have read the notice." });
  });

  test("the status follows the engine's phase and the page's own work", () => {
    const page = createPageState(settings(), null);
    page.game = game({ turn: 0 });
    page.busy = false;
    assert.equal(statusOf(page)?.status, "your-turn");
    page.busy = true;
    assert.equal(statusOf(page)?.status, "thinking");
    page.busy = false;
    page.game = game({ result: /** @type {any} */ ({ winner: 0 }) });
    assert.equal(statusOf(page)?.status, "deal-over");
    page.game = game({ phase: "match_over" });
    assert.equal(statusOf(page)?.status, "match-over");
  });

  test("a deal's last trick is shown, then its result, then the match's end or the next dealer: in that order", () => {
    for (const phase of ["match_over", "human_deals", "computer_deals"]) {
      const page = createPageState(settings(), null);
      page.game = game({ result: /** @type {any} */ ({ winner: 0 }), phase, lastWinner: 0 });
      page.game.match.next_dealer = phase === "computer_deals" ? 1 : 0;
      page.busy = true;
      page.shownTrick = /** @type {any} */ ([
        { player: 1, card: "9S" },
        { player: 0, card: "AS" },
      ]);
      assert.deepEqual(statusOf(page), { status: "thinking", text: "You take the trick" }, phase);
      page.shownTrick = null; // flown to its winner: the result opens next
      assert.equal(statusOf(page)?.status, "deal-over", phase);
      page.dealResultOpen = true;
      assert.equal(statusOf(page)?.status, "deal-over", phase);
      page.dealResultOpen = false;
      page.shownResultFor = 1;
      const next = {
        match_over: "The match is over",
        human_deals: "You deal",
        computer_deals: "Computer (expert) deals",
      };
      assert.equal(statusOf(page)?.text, next[phase], phase);
      page.dealAside = true; // the result put aside to look at the table
      assert.equal(statusOf(page)?.status, phase === "match_over" ? "match-over" : "deal-over", phase);
    }
  });

  test("while a person deals, the line says so: packets chosen in the panel, the panel put aside", () => {
    const page = createPageState(settings(), null);
    page.game = game({ result: /** @type {any} */ ({ winner: 1 }), phase: "human_deals" });
    page.game.match.next_dealer = 0;
    page.busy = false;
    page.shownResultFor = 1; // the last deal's result read: its "deal over" is past
    page.packetsChosen = [1, 2];
    assert.deepEqual(statusOf(page), { status: "your-turn", text: "You deal" });
    page.dealingAside = true;
    assert.deepEqual(statusOf(page), { status: "your-turn", text: "You deal" });
    page.game.deal = null; // the match's first deal
    assert.deepEqual(statusOf(page), { status: "your-turn", text: "You deal" });
    const twoAtOneScreen = createPageState(settings("human"), null);
    twoAtOneScreen.game = game({ human: true, phase: "human_deals" });
    assert.equal(statusOf(twoAtOneScreen)?.text, "Player 2 deals");
  });

  test("a marriage lead its trick has not answered is the table's news, read from the deal (a reload keeps it)", () => {
    const page = createPageState(settings(), null);
    page.game = game({ turn: 0 });
    Object.assign(page.game.deal, {
      trick: [{ player: 1, card: "KH" }],
      moves: ["KHm"],
      marriages: [{ player: 1, suit: "H", points: 20, counted: false }],
    });
    assert.equal(
      statusOf(page)?.text,
      "Computer (expert) announced a marriage (20) and led the king of hearts · Your turn",
    );
    page.game.deal.moves = ["KH"]; // the same king led plainly, a marriage of hearts announced before
    assert.equal(statusOf(page)?.text, "Your turn");
  });

  test("a note on the move stands for the turn; a note on the page is followed by it, until the notes are cleared", () => {
    const page = createPageState(settings(), null);
    page.game = game({ turn: 0 });
    page.busy = false;
    page.pageNote = "Settings saved.";
    assert.equal(statusOf(page)?.text, "Settings saved. · Your turn", "on a phone the line is where the turn is read");
    page.moveNote = "You must follow suit.";
    assert.equal(statusOf(page)?.text, "You must follow suit.", "the move to make is his");
    clearNotes(page);
    assert.equal(statusOf(page)?.text, "Your turn");
  });

  test("a note given after the move that clears the notes stays, and the move's refusal goes", () => {
    const page = createPageState(settings(), null);
    page.game = game({ turn: 0 });
    page.busy = false;
    page.moveNote = "You must follow suit.";
    page.pageNote = "Saved; the opponent and rules apply from the next new match.";
    clearNotes(page, page.pageNote); // Save pressed while a panel held the computer's card back
    assert.equal(statusOf(page)?.text, "Saved; the opponent and rules apply from the next new match. · Your turn");
  });

  test("while the cards are dealt the status says who deals, to the person playing the computer in his own words", () => {
    const page = createPageState(settings(), null);
    page.undealt = new Set(["0:0"]);
    page.game = game();
    assert.equal(statusOf(page)?.text, "Computer (expert) deals");
    page.game = { ...game(), deal: { ...game().deal, dealer: 0 } };
    assert.equal(statusOf(page)?.text, "You deal", "not 'You deals'");
    const hotseat = createPageState(settings("human"), null);
    hotseat.undealt = page.undealt;
    hotseat.game = { ...game({ human: true }), deal: { ...game().deal, dealer: 0 } };
    assert.equal(statusOf(hotseat)?.text, `${namesOf(hotseat)[0]} deals`, "two at one screen: the dealer by name");
  });

  test("between deals, once its result is read, the next deal is dealt onto an empty table", () => {
    const page = createPageState(settings(), null);
    const over = game({ result: /** @type {any} */ ({ winner: 0 }), phase: "human_deals" });
    page.game = over;
    assert.equal(drawnOf(page), page.game, "the move that ended it in sight before the result opens");
    page.shownResultFor = over.deal.number;
    assert.equal(drawnOf(page)?.deal, null, "the person deals");
    page.game = { ...over, phase: "computer_deals" };
    assert.equal(drawnOf(page)?.deal, null, "the computer deals");
    page.dealResultOpen = true;
    assert.equal(drawnOf(page), page.game, "the result is open over the deal it tells");
    page.dealResultOpen = false;
    page.dealAside = true;
    assert.equal(drawnOf(page), page.game, "the result put aside to look at the table");
    page.dealAside = false;
    page.game = game({ result: /** @type {any} */ ({ winner: 0 }), phase: "match_over" });
    assert.equal(drawnOf(page), page.game, "the last deal of a match stays");
    page.game = game({ turn: 0 });
    assert.equal(drawnOf(page), page.game, "a deal in play");
  });

  test("while the deal's cards are laid out the status says who deals, not '…' for the player who will lead", () => {
    const page = createPageState(settings(), null);
    page.game = game({ turn: 0 });
    page.busy = true;
    page.undealt = new Set(["0:0"]);
    assert.deepEqual(statusOf(page), { status: "thinking", text: "Computer (expert) deals" });
    page.undealt = null;
    assert.deepEqual(statusOf(page), { status: "thinking", text: "Your turn" }, "then the leader waits for his cards");
  });

  test("while a move is shown the line says what the table does, never '…': who takes the trick, who moves next", () => {
    const computer = createPageState(settings(), null);
    computer.busy = true;
    computer.game = game({ turn: 0, lastWinner: 0 });
    computer.shownTrick = [];
    assert.deepEqual(statusOf(computer), { status: "thinking", text: "You take the trick" });
    computer.game = game({ turn: 1, lastWinner: 1 });
    assert.deepEqual(statusOf(computer), { status: "thinking", text: "Computer (expert) takes the trick" });
    computer.shownTrick = null;
    assert.deepEqual(statusOf(computer), { status: "thinking", text: "Computer (expert) is thinking…" });
    const hotseat = createPageState(settings("human"), null);
    hotseat.game = game({ human: true, turn: 1 });
    hotseat.busy = true;
    assert.deepEqual(statusOf(hotseat), { status: "thinking", text: "Player 2 to play" }, "Player 1's card on its way");
    hotseat.busy = false;
    assert.deepEqual(statusOf(hotseat), { status: "your-turn", text: "Player 2 to play" }, "and landed");
  });

  test("the computer to move is thinking, even before the page has marked the table busy", () => {
    const page = createPageState(settings(), null);
    page.game = game({ turn: 1 });
    page.busy = false;
    assert.deepEqual(statusOf(page), { status: "thinking", text: "Computer (expert) is thinking…" });
  });

  test("a note on the move (a refusal, the hint) takes the status line; two at one screen still see whose turn", () => {
    const computer = createPageState(settings(), null);
    computer.game = game({ turn: 0 });
    computer.busy = false;
    computer.moveNote = "Hint: play the ace of hearts";
    assert.equal(statusOf(computer)?.text, "Hint: play the ace of hearts");
    const hotseat = createPageState(settings("human"), null);
    hotseat.game = game({ human: true, turn: 1 });
    hotseat.busy = false;
    hotseat.moveNote = "You must follow suit: play hearts.";
    assert.equal(statusOf(hotseat)?.text, `${hotseat.moveNote} · Player 2 to play`);
  });

  test("a marriage the computer announced is followed by the person's turn: it said only the marriage", () => {
    const computer = createPageState(settings(), null);
    computer.game = game({ turn: 0 });
    computer.busy = false;
    computer.pageNote = "Computer (expert) announced a marriage (40) and led the queen of hearts";
    assert.equal(statusOf(computer)?.text, `${computer.pageNote} · Your turn`);
    const hotseat = createPageState(settings("human"), null);
    hotseat.game = game({ human: true, turn: 1 });
    hotseat.busy = false;
    hotseat.pageNote = "Player 1 announced a marriage (40) and led the king of hearts";
    assert.equal(statusOf(hotseat)?.text, `${hotseat.pageNote} · Player 2 to play`);
  });

  test("a match is under way once a card is played, until it is over", () => {
    const state = (/** @type {any} */ match, /** @type {any} */ deal) => /** @type {any} */ ({ match, deal });
    const fresh = { tricks_played: 0, trick: [] };
    assert.equal(matchUnderway(null), false, "no match");
    assert.equal(matchUnderway(state({ is_over: false, deals: [{}] }, fresh)), false, "only dealt");
    assert.equal(matchUnderway(state({ is_over: false, deals: [{}] }, { ...fresh, trick: [{}] })), true, "a lead");
    assert.equal(matchUnderway(state({ is_over: false, deals: [{}] }, { ...fresh, tricks_played: 3 })), true);
    assert.equal(matchUnderway(state({ is_over: false, deals: [{}, {}] }, fresh)), true, "a second deal");
    assert.equal(matchUnderway(state({ is_over: true, deals: [{}, {}] }, fresh)), false, "over");
  });
});
