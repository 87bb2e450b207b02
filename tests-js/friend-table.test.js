import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { dealSeenFrom, drawnState, finishedTrick, lastTrickShown, tableView } from "../web/js/friend-table.js";
import { pageLanguage } from "./fakes.js";

/** Eight piles, each with a face-up card over a face-down one. */
const fullPiles = (cards) => cards.map((top) => ({ top, hidden: true }));

/** A deal as the bridge's friend_* state shows it: player 1 to move, a marriage and a trick of player 0's. */
function friendDeal() {
  const piles = [
    fullPiles(["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S"]),
    fullPiles(["AH", "TH", "KH", "QH", "JH", "9H", "8H", "7H"]),
  ];
  piles[0][3] = { top: null, hidden: false, unopened: true }; // turned up, not opened by both players yet
  return {
    rules: { must_beat: false, claim: "auto", dealer: "winner", draw_bonus: false, target: 7 },
    dealer: 0,
    trump: "D",
    trump_card: "7D",
    piles,
    turn: 1,
    leader: 0,
    claimant: null,
    trick: [{ player: 0, card: "QS" }],
    marriage_lead: false,
    tricks_played: 1,
    last_winner: 0,
    tricks_won: [1, 0],
    card_points: [14, 0],
    marriage_points: [20, 0],
    pending_marriage_points: [0, 0],
    scores: [34, 0],
    marriages: [{ player: 0, suit: "S", points: 20, counted: true }],
    moves: ["KS", "QSm"],
    unseen_count: 15,
    legal_moves: ["AH", "TH"],
    last_trick: {
      winner: 0,
      cards: [
        { player: 1, card: "9H" },
        { player: 0, card: "KS" },
      ],
    },
    result: null,
  };
}

/** The friend state of the player in `seat` (Ana invited, Bo accepted). */
function friendState(seat) {
  return {
    id: "m1",
    seat,
    players: ["Ana", "Bo"],
    rules: friendDeal().rules,
    game_points: [2, 1],
    winner: null,
    deal_number: 3,
    status: seat === 1 ? "play" : "wait",
    deal: friendDeal(),
  };
}

describe("the table from this device's seat", () => {
  test("the inviter (seat 0) sees the deal as the engine tells it, an unopened card face down", () => {
    const deal = dealSeenFrom(friendDeal(), false);
    assert.equal(deal.turn, 1);
    assert.deepEqual(deal.piles[0][3], { top: null, hidden: true });
    assert.deepEqual(deal.piles[0][0], { top: "AS", hidden: true });
    assert.deepEqual(deal.scores, [34, 0]);
  });

  test("the friend who accepted (seat 1) sits at the bottom: every per-player field is turned round", () => {
    const deal = dealSeenFrom(friendDeal(), true);
    assert.equal(deal.turn, 0);
    assert.equal(deal.dealer, 1);
    assert.equal(deal.leader, 1);
    assert.equal(deal.last_winner, 1);
    assert.equal(deal.claimant, null);
    assert.equal(deal.piles[0][0].top, "AH");
    assert.deepEqual(deal.piles[1][3], { top: null, hidden: true });
    assert.deepEqual(deal.trick, [{ player: 1, card: "QS" }]);
    assert.deepEqual(deal.marriages[0].player, 1);
    assert.deepEqual(deal.tricks_won, [0, 1]);
    assert.deepEqual(deal.card_points, [0, 14]);
    assert.deepEqual(deal.marriage_points, [0, 20]);
    assert.deepEqual(deal.scores, [0, 34]);
    assert.deepEqual(deal.legal_moves, ["AH", "TH"]);
  });

  test("a finished deal's result is turned round too", () => {
    const finished = {
      ...friendDeal(),
      turn: null,
      result: { winner: 0, game_points: 2, scores: [66, 20], tricks: [5, 3], reason: "reached_66" },
    };
    assert.deepEqual(dealSeenFrom(finished, true).result, {
      winner: 1,
      game_points: 2,
      scores: [20, 66],
      tricks: [3, 5],
      reason: "reached_66",
    });
  });

  test("the match around it: names, game points and the deal's number from this seat", () => {
    const drawn = drawnState(friendState(1));
    assert.deepEqual(drawn.match.players, ["Bo", "Ana"]);
    assert.deepEqual(drawn.match.game_points, [1, 2]);
    assert.equal(drawn.match.target, 7);
    assert.equal(drawn.deal.number, 3);
    assert.equal(drawn.can_undo, false);
    assert.equal(drawnState({ ...friendState(0), deal: null }).deal, null);
  });

  test("between deals (the next one's cards not open yet), the last deal as it ended, from this seat", () => {
    const ended = { ...friendDeal(), turn: null, legal_moves: [], scores: [34, 70] };
    const between = { ...friendState(1), deal: null, deal_number: 4, last_deal: { number: 3, view: ended } };
    const drawn = drawnState(between);
    assert.equal(drawn.deal.number, 3, "the deal that ended, not the one being dealt");
    assert.deepEqual(drawn.deal.scores, [70, 34]);
    assert.deepEqual(drawn.deal.legal_moves, []);
    assert.deepEqual(drawn.deal.piles[1][3], { top: null, hidden: true }, "a card nobody saw stays face down");
    const stored = { ...between, last_deal: { number: 3 } }; // kept by an earlier page: no table with it
    assert.equal(drawnState(stored).deal, null);
  });

  test("only this device's player moves from this page, and not while the engine works", () => {
    const settings = { opponent: "computer", level: null, rules: friendDeal().rules, lang: "en", deck: "german" };
    const view = tableView(friendState(1), { ...settings, speed: "off", sound: false }, true);
    assert.deepEqual(view.humans, [true, false]);
    assert.deepEqual(view.names, ["Bo", "Ana"]);
    assert.equal(view.busy, true);
    assert.equal(view.settings.deck, "german");
  });

  test("a friend not named yet (his answer unread) is 'your friend', never a blank or 'null'", () => {
    const restoreLanguage = pageLanguage("en");
    try {
      const invited = { ...friendState(0), players: ["Ana", null], status: "wait", deal: null };
      const settings = { opponent: "computer", level: null, rules: friendDeal().rules, lang: "en", deck: "german" };
      assert.deepEqual(tableView(invited, { ...settings, speed: "off", sound: false }, false).names, [
        "Ana",
        "your friend",
      ]);
      assert.deepEqual(drawnState(invited).match.players, ["Ana", "your friend"]);
    } finally {
      restoreLanguage();
    }
  });

  test("the friend a rematch invitation is for is named by his name in the finished match until he answers", () => {
    const invited = { ...friendState(0), players: ["Ana", null], status: "wait", deal: null };
    const settings = { opponent: "computer", level: null, rules: friendDeal().rules, lang: "en", deck: "german" };
    const view = tableView(invited, { ...settings, speed: "off", sound: false }, false, null, "Bo");
    assert.deepEqual(view.names, ["Ana", "Bo"]);
    assert.deepEqual(drawnState(invited, "Bo").match.players, ["Ana", "Bo"]);
  });
});

describe("a trick finished by the last answer", () => {
  /** The state after a move that finished trick 2: Bo's 7H, Ana's 9S (she won it). */
  function afterTrick(seat) {
    const state = friendState(seat);
    const cards = [
      { player: 1, card: "7H" },
      { player: 0, card: "9S" },
    ];
    return { ...state, deal: { ...state.deal, tricks_played: 2, trick: [], last_trick: { winner: 0, cards } } };
  }

  test("is shown with both cards, the friend's included, from this device's seat", () => {
    assert.deepEqual(finishedTrick(friendState(0), afterTrick(0))?.cards, [
      { player: 1, card: "7H" },
      { player: 0, card: "9S" },
    ]);
    assert.deepEqual(finishedTrick(friendState(1), afterTrick(1))?.cards, [
      { player: 0, card: "7H" },
      { player: 1, card: "9S" },
    ]);
  });

  test("keeps the seats' scores and trick counts from before it, from this device's seat", () => {
    const before = friendState(0);
    before.deal = { ...before.deal, scores: [12, 3], tricks_won: [1, 0] };
    const after = { ...afterTrick(0), deal: { ...afterTrick(0).deal, scores: [26, 3], tricks_won: [2, 0] } };
    assert.deepEqual(finishedTrick(before, after)?.counts, { scores: [12, 3], tricks_won: [1, 0] });
    const seat1 = (/** @type {any} */ state) => ({ ...state, seat: 1 });
    assert.deepEqual(finishedTrick(seat1(before), seat1(after))?.counts, { scores: [3, 12], tricks_won: [0, 1] });
  });

  test("is not shown when no trick was finished, nothing was known before, or it is another deal or match", () => {
    assert.equal(finishedTrick(friendState(0), friendState(0)), null);
    assert.equal(finishedTrick(null, afterTrick(0)), null);
    assert.equal(finishedTrick({ ...friendState(0), deal_number: 2 }, afterTrick(0)), null);
    assert.equal(finishedTrick({ ...friendState(0), id: "m2" }, afterTrick(0)), null);
    assert.equal(finishedTrick({ ...friendState(0), deal: null }, afterTrick(0)), null);
  });

  test("the deal's last trick too: the table shows the deal as it ended", () => {
    const last = afterTrick(0).deal;
    const ended = { ...friendState(0), deal: null, deal_number: 4, last_deal: { number: 3, view: last } };
    assert.deepEqual(finishedTrick(friendState(0), ended)?.cards, [
      { player: 1, card: "7H" },
      { player: 0, card: "9S" },
    ]);
    const earlier = { ...ended, last_deal: { number: 2, view: last } }; // another deal ended: not this one's trick
    assert.equal(finishedTrick(friendState(0), earlier), null);
  });

  test("is there to look at again later (Last trick), from this device's seat, also after the deal's end", () => {
    assert.deepEqual(lastTrickShown(afterTrick(1)), {
      winner: 1,
      cards: [
        { player: 0, card: "7H" },
        { player: 1, card: "9S" },
      ],
    });
    const ended = { ...friendState(0), deal: null, last_deal: { number: 3, view: afterTrick(0).deal } };
    assert.equal(lastTrickShown(ended)?.cards[1].card, "9S");
    assert.equal(lastTrickShown({ ...friendState(0), deal: null }), null);
  });

  test("stays on the table through the view render.js draws", () => {
    const settings = { opponent: "computer", level: null, rules: friendDeal().rules, lang: "en", deck: "german" };
    const trick = finishedTrick(friendState(0), afterTrick(0));
    const view = tableView(afterTrick(0), { ...settings, speed: "normal", sound: false }, false, trick);
    assert.deepEqual(view.shownTrick, trick?.cards);
    assert.deepEqual(view.beforeTrick, trick?.counts);
    const after = tableView(afterTrick(0), { ...settings, speed: "normal", sound: false }, false);
    assert.equal(after.shownTrick, null);
    assert.equal(after.beforeTrick, null);
  });
});
