import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { isMarriageLead, lossText, summarise, summaryLines, wasRated } from "../web/js/review-summary.js";
import { pageLanguage } from "./fakes.js";

/** A reviewed move as the bridge's `review` gives it. */
const rated = (player, move, loss, mark = null) => ({
  index: 0,
  player,
  move,
  best: move,
  value: 0.5 - loss,
  best_value: 0.5,
  loss,
  exact: false,
  mark,
});
const forced = (player, move) => ({ ...rated(player, move, 0), value: null, best_value: null });

describe("the review in numbers", () => {
  const review = {
    moves: [
      rated(0, "AS", 0),
      rated(1, "KHm", 0.5, "mistake"),
      rated(0, "TS", 0.9, "blunder"),
      forced(1, "9S"),
      rated(0, "QD", 0.2, "inaccuracy"),
    ],
  };

  test("each player's lost game points, marked moves and worst move", () => {
    const [me, computer] = summarise(review);
    assert.ok(Math.abs(me.lost - 1.1) < 1e-9);
    assert.equal(me.marked, 2);
    assert.equal(me.worst, 0.9);
    assert.deepEqual(computer, { lost: 0.5, marked: 1, worst: 0.5 });
  });

  test("a clean deal loses nothing", () => {
    assert.deepEqual(summarise({ moves: [forced(0, "AS")] })[0], { lost: 0, marked: 0, worst: 0 });
  });

  test("the summary says how far each player's play fell below the best, not that he lost the points", () => {
    // "Vi: izgubljeno 1,10 poena partije" read as what the deal cost him; the sum is the engine's estimate of how far
    // his choices fell short of the best play.
    assert.deepEqual(summaryLines(review, ["Vi", "Računar"]), [
      "Vi: 2 označena poteza; ukupno oko 1,10 poena partije manje nego uz najbolju igru",
      "Računar: 1 označen potez; ukupno oko 0,50 poena partije manje nego uz najbolju igru",
    ]);
    const five = { moves: [0.3, 0.3, 0.3, 0.3, 0.3].map((loss) => rated(0, "AS", loss, "inaccuracy")) };
    assert.equal(
      summaryLines(five, ["Vi", "Računar"])[0],
      "Vi: 5 označenih poteza; ukupno oko 1,50 poena partije manje nego uz najbolju igru",
    );
  });

  test("small losses, none marked, are called small rather than '0 marked moves'", () => {
    const small = { moves: [rated(0, "AS", 0.14), rated(1, "KS", 0)] };
    assert.equal(
      summaryLines(small, ["Vi", "Računar"])[0],
      "Vi: samo sitne razlike, ukupno oko 0,14 poena partije manje nego uz najbolju igru",
    );
  });

  test("a player who lost nothing to two decimals is told so in words, not 'about 0,00'", () => {
    const clean = { moves: [rated(0, "AS", 0.004), rated(1, "KS", 0)] };
    assert.deepEqual(summaryLines(clean, ["Vi", "Računar"]), [
      "Vi: svi potezi su najbolji",
      "Računar: svi potezi su najbolji",
    ]);
  });

  test("the summary in English", () => {
    const restore = pageLanguage("en");
    try {
      assert.deepEqual(summaryLines(review, ["You", "Computer"]), [
        "You: 2 flagged moves; about 1.10 game points below the best play in total",
        "Computer: 1 flagged move; about 0.50 game points below the best play in total",
      ]);
      assert.equal(summaryLines({ moves: [] }, ["You", "Computer"])[0], "You: no move below the best play");
    } finally {
      restore();
    }
  });

  test("a marriage lead is a king or queen with its announcement", () => {
    assert.equal(isMarriageLead("KHm"), true);
    assert.equal(isMarriageLead("QSm"), true);
    assert.equal(isMarriageLead("KH"), false);
    assert.equal(isMarriageLead("66"), false);
  });

  test("forced moves and claims carry no rating", () => {
    assert.equal(wasRated(rated(0, "AS", 0)), true);
    assert.equal(wasRated(forced(0, "AS")), false);
  });

  test("losses are written with a minus sign and two decimals, in the page's language", () => {
    assert.equal(lossText(0.4213), "\u22120,42");
    assert.equal(lossText(0), "0,00");
    assert.equal(lossText(0.001), "0,00");
    const restore = pageLanguage("en");
    try {
      assert.equal(lossText(0.4213), "\u22120.42");
      assert.equal(lossText(0), "0.00");
    } finally {
      restore();
    }
  });
});
