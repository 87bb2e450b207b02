import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { guidedDealLeft, movedSince, Tutorial, tipsOf } from "../web/js/tutorial.js";

/** A deal view with only what the tutorial reads; `piles` of player 0 as [top, hidden] pairs. */
function view({
  turn = 0,
  trick = [],
  legal = [],
  trump = "C",
  piles = [],
  pending = [0, 0],
  result = null,
  moves = [],
  played = 5,
  lastWinner = 1,
  theirs = [],
  rules = { must_beat: false, claim: "auto" },
  claimant = null,
} = {}) {
  const pilesOf = (/** @type {[string | null, boolean][]} */ list) => list.map(([top, hidden]) => ({ top, hidden }));
  return {
    turn,
    trump,
    trick: trick.map((card, index) => ({ player: 1 - index, card })),
    legal_moves: legal,
    moves,
    tricks_played: played,
    last_winner: lastWinner,
    piles: [pilesOf(piles), pilesOf(theirs)],
    pending_marriage_points: pending,
    result,
    rules,
    claimant,
  };
}

const keys = (tips) => tips.map((tip) => tip.key);

describe("the guided deal explains a rule when the engine's state shows it", () => {
  test("following suit: the engine allows only cards of the suit led", () => {
    const tips = tipsOf(null, view({ trick: ["AH"], legal: ["7H", "KH"] }), 0);
    assert.deepEqual(tips, [{ key: "tip_follow", values: { suit: "H" } }]);
  });

  test("trumping: the engine allows only trumps, and hearts were led", () => {
    assert.deepEqual(keys(tipsOf(null, view({ trick: ["AH"], legal: ["7C", "AC"] }), 0)), ["tip_trump"]);
  });

  test("no tip when any card may be played, or when it is the other player's turn", () => {
    assert.deepEqual(tipsOf(null, view({ trick: ["AH"], legal: ["7C", "8S"] }), 0), []);
    assert.deepEqual(tipsOf(null, view({ turn: 1, trick: ["AH"], legal: ["7H"] }), 0), []);
  });

  test("a marriage lead offered by the engine is explained when leading", () => {
    const leading = view({ legal: ["KD", "KDm", "QD", "QDm"] });
    assert.deepEqual(keys(tipsOf(null, leading, 0)), ["tip_lead", "tip_marriage"]);
  });

  test("a lead: any card may be led (said at the player's first, the computer leading the guided deal's first trick)", () => {
    const tutorial = new Tutorial(0);
    assert.deepEqual(keys(tutorial.tipsFor(null, view({ played: 3, legal: ["AS", "7H", "KD"] }))), ["tip_lead"]);
    assert.deepEqual(
      tutorial.tipsFor(null, view({ played: 5, legal: ["AS", "7H"] })),
      [],
      "a later lead: said already",
    );
  });

  test("the first trick taken: who took it, said to him or of him", () => {
    const before = view({ played: 0, trick: ["AH"], legal: ["7H"] });
    const lastTrick = (/** @type {number} */ winner) => ({
      winner,
      cards: [
        { player: 1, card: "7H" },
        { player: 0, card: winner === 0 ? "TH" : "8H" },
      ],
    });
    const yours = { ...view({ turn: 0, played: 1, lastWinner: 0 }), last_trick: lastTrick(0) };
    assert.deepEqual(
      tipsOf(before, yours, 0),
      [{ key: "tip_trick_you", values: { card: "TH" } }],
      "the card that took it",
    );
    const taken = { ...view({ turn: 1, played: 1, lastWinner: 1 }), last_trick: lastTrick(1) };
    assert.deepEqual(tipsOf(before, taken, 0), [{ key: "tip_trick", values: { player: 1, card: "7H" } }]);
    assert.deepEqual(tipsOf(view({ played: 1 }), view({ turn: 1, played: 2, lastWinner: 1 }), 0), [], "the second");
  });

  test("the first trick taken by a trump on another suit says so, not the suit led's highest card", () => {
    // "The ten of hearts takes the trick (the highest trump, else the highest card of the suit led)" in a trick with
    // no trump: the general rule pasted over a case that needs one half of it.
    const before = view({ played: 0, trick: ["AH"], legal: ["7H"] });
    const trick = {
      winner: 0,
      cards: [
        { player: 1, card: "AH" },
        { player: 0, card: "7S" },
      ],
    };
    const trumped = { ...view({ turn: 0, played: 1, lastWinner: 0 }), trump: "S", last_trick: trick };
    assert.deepEqual(tipsOf(before, trumped, 0), [{ key: "tip_trick_trump_you", values: { card: "7S" } }]);
    const ledTrump = {
      ...trumped,
      last_trick: {
        winner: 0,
        cards: [
          { player: 1, card: "7S" },
          { player: 0, card: "AS" },
        ],
      },
    };
    assert.deepEqual(tipsOf(before, ledTrump, 0), [{ key: "tip_trick_you", values: { card: "AS" } }], "trump led");
  });

  test("the last trick, with one card left on each side: the 10 it earns", () => {
    const last = view({ turn: 1, played: 15, piles: [["AS", false]], theirs: [["7H", false]] });
    assert.deepEqual(keys(tipsOf(null, last, 0)), ["tip_last_trick"]);
    const led = view({ played: 15, trick: ["7H"], legal: ["AH"], piles: [["AH", false]] });
    assert.deepEqual(keys(tipsOf(null, led, 0)), ["tip_follow"], "its lead is on the table: one card left in all");
    const earlier = view({
      turn: 1,
      played: 14,
      piles: [
        ["AS", false],
        ["8S", false],
      ],
      theirs: [["7H", true]],
    });
    assert.deepEqual(tipsOf(null, earlier, 0), [], "two cards each: not yet");
  });

  test("a turn-up: a pile of mine whose hidden card came up", () => {
    const before = view({ piles: [["AS", true]] });
    const after = view({ turn: 1, piles: [["9D", false]] });
    assert.deepEqual(tipsOf(before, after, 0), [{ key: "tip_turnup", values: { card: "9D" } }]);
  });

  test("marriage points waiting for the first trick, then 66 and the game points at the end", () => {
    const before = view({ turn: 1 });
    assert.deepEqual(keys(tipsOf(before, view({ turn: 1, pending: [20, 0] }), 0)), ["tip_marriage_wait"]);
    const over = view({ turn: null, result: { winner: 0, reason: "reached_66" } });
    assert.deepEqual(keys(tipsOf(before, over, 0)), ["tip_66_you", "tip_game_points"], "said to the winner");
    assert.deepEqual(tipsOf(before, over, 1)[0], { key: "tip_66", values: { player: 0 } }, "said of the winner");
    const playedOut = view({ turn: null, result: { winner: 1, reason: "played_out" } });
    assert.deepEqual(keys(tipsOf(before, playedOut, 0)), ["tip_game_points"], "nobody reached 66");
    const drawn = view({ turn: null, result: { winner: null, reason: "draw" } });
    assert.deepEqual(keys(tipsOf(before, drawn, 0)), ["tip_game_points"], "a draw names no winner");
  });

  test("under must_beat the follow tip says to beat the card led too", () => {
    const tips = tipsOf(null, view({ trick: ["9H"], legal: ["KH"], rules: { must_beat: true, claim: "auto" } }), 0);
    assert.deepEqual(keys(tips), ["tip_follow_beat"]);
  });

  test("under manual claim: the 66 button when he may first claim, a claim that had 66, a false one", () => {
    // The tips said "as soon as a player has 66 the deal is over" and the 1-2-3 table after a false claim.
    const manual = { must_beat: false, claim: "manual" };
    const mayClaim = view({ turn: 0, legal: ["66", "7H"], claimant: 0, rules: manual });
    assert.deepEqual(keys(tipsOf(null, mayClaim, 0)), ["tip_lead", "tip_claim"]);
    assert.deepEqual(keys(tipsOf(null, { ...mayClaim, claimant: 1 }, 0)), ["tip_lead"], "the other's claim");
    const before = view({ rules: manual });
    const claimed = view({ turn: null, result: { winner: 0, reason: "reached_66" }, rules: manual });
    assert.deepEqual(keys(tipsOf(before, claimed, 0)), ["tip_claimed_you", "tip_game_points"]);
    assert.deepEqual(tipsOf(before, claimed, 1)[0], { key: "tip_claimed", values: { player: 0 } });
    const falseClaim = view({ turn: null, result: { winner: 1, reason: "false_claim" }, rules: manual });
    assert.deepEqual(keys(tipsOf(before, falseClaim, 0)), ["tip_false_claim"]);
  });

  test("each tip is given once in a guided deal", () => {
    const tutorial = new Tutorial(0);
    const position = view({ trick: ["AH"], legal: ["7H"] });
    assert.deepEqual(keys(tutorial.tipsFor(null, position)), ["tip_follow"]);
    assert.deepEqual(tutorial.tipsFor(null, position), []);
  });

  test("a tip lasts until the player moves on: his own move, not the opponent's or an undone one", () => {
    const mine = view({ turn: 0, moves: ["AH"] });
    assert.equal(movedSince(mine, view({ turn: 1, moves: ["AH", "7H"] }), 0), true, "he led");
    assert.equal(movedSince(mine, view({ turn: 0, moves: ["AH", "7H"] }), 0), true, "he followed and won the trick");
    assert.equal(movedSince(view({ turn: 1, moves: ["AH"] }), mine, 0), false, "the opponent moved");
    assert.equal(movedSince(mine, view({ turn: 0, moves: [] }), 0), false, "a move taken back");
    assert.equal(movedSince(mine, view({ turn: 1, moves: ["AH", "7H"] }), 1), false, "another player's view");
  });
});

describe("the guided deal's last tip stays while its deal is on the table", () => {
  const over = view({ turn: null, result: { winner: 1, reason: "reached_66" } });

  test("its result on the table, or read again from the engine: the tip stays", () => {
    assert.equal(guidedDealLeft(over, over), false);
    assert.equal(guidedDealLeft(over, { ...over }), false);
  });

  test("a new match's dealing panel (no deal yet) or the next deal in play: it goes", () => {
    // It stood on under a new match's "You deal" panel: only a deal in play took it away.
    assert.equal(guidedDealLeft(over, null), true);
    assert.equal(guidedDealLeft(over, view({ played: 0 })), true);
  });
});
