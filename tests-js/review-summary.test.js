import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { isMarriageLead, lossText, summarise, wasRated } from "../web/js/review-summary.js";
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
