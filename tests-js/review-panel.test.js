import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { askReview, moveRow, positionMarkup } from "../web/js/review-panel.js";
import { pageLanguage } from "./fakes.js";

/** A position of the review: the king and queen of hearts open to the player to lead, each playable with or without
 * announcing the marriage. */
function shown() {
  const pile = (top) => ({ top, hidden: false });
  return /** @type {any} */ ({
    deal: 1,
    ply: 0,
    moves: ["KHm"],
    view: {
      turn: 0,
      trump: "H",
      trick: [],
      scores: [55, 20],
      tricks_won: [3, 1],
      marriages: [{ player: 0, suit: "D", points: 20, counted: true }],
      piles: [
        [pile("KH"), pile("QH"), pile("7S"), pile(null), pile(null), pile(null), pile(null), pile(null)],
        [pile("7C"), pile("8C"), pile(null), pile(null), pile(null), pile(null), pile(null), pile("AD")],
      ],
    },
    analysis: {
      best: "KHm",
      moves: [
        { move: "KHm", value: 1.2 },
        { move: "KH", value: 0.4 },
      ],
    },
  });
}

describe("the review's position", () => {
  let restore = () => {};
  before(() => {
    restore = pageLanguage("en");
  });
  after(() => restore());

  test("a marriage lead is told from the same card led without announcing", () => {
    const markup = positionMarkup(shown(), ["You", "Computer"], "french");
    const rows = [...markup.matchAll(/<li data-move="(\w+)"[^>]*>([\s\S]*?)<\/li>/g)].map(([, move, row]) => [
      move,
      row.match(/class="review-marriage[^"]*">([^<]*)</)?.[1],
    ]);
    assert.deepEqual(rows, [
      ["KHm", "marriage"],
      ["KH", "no marriage"],
    ]);
  });

  test("a king led without the marriage it could announce says so on its row; a king with none to announce not", () => {
    const badge = (/** @type {string[]} */ choices) =>
      moveRow(
        /** @type {any} */ ({
          index: 0,
          player: 0,
          move: "KS",
          best: "KDm",
          value: -1,
          loss: 1.25,
          mark: "blunder",
          exact: true,
          analysis: { best: choices[0], moves: choices.map((move) => ({ move, value: 0 })) },
        }),
        ["You", "Computer"],
        "french",
      ).match(/class="review-marriage[^"]*">([^<]*)</)?.[1];
    assert.equal(badge(["KDm", "KSm", "KS"]), "no marriage");
    assert.equal(badge(["KDm", "KS"]), undefined);
  });

  test("the better move of a row is named a marriage lead when it is one, not as the same card led without", () => {
    const row = (/** @type {string} */ best) =>
      moveRow(
        /** @type {any} */ ({ index: 3, player: 0, move: "KC", best, loss: 0.19, mark: "inaccuracy", rated: true }),
        ["You", "Computer"],
        "french",
      ).match(/<span class="review-better">([^<]*)<\/span>/)?.[1];
    assert.equal(row("QCm"), "better: queen of clubs marriage");
    assert.equal(row("QC"), "better: queen of clubs");
  });

  test("below a mark, a better move is named only where the loss is proven: a search's guess is noise", () => {
    const better = (/** @type {boolean} */ exact) =>
      moveRow(
        /** @type {any} */ ({ index: 3, player: 0, move: "KC", best: "AC", loss: 0.1, mark: null, exact }),
        ["You", "Computer"],
        "french",
      ).includes("review-better");
    assert.equal(better(false), false);
    assert.equal(better(true), true);
  });

  test("a claim of 66 is rated like any move: a false one says what was better, a right one its zero", () => {
    const row = (/** @type {any} */ fields) =>
      moveRow(/** @type {any} */ ({ index: 5, player: 0, move: "66", ...fields }), ["You", "Computer"], "french");
    const falseLead = row({ best: "JS", value: -2, loss: 1.97, mark: "blunder" });
    assert.match(falseLead, /You:<\/span> claim of 66/);
    assert.match(falseLead, /data-loss="1.97">−1.97</);
    assert.match(falseLead, /better: jack of spades/);
    const falseAnswered = row({ best: null, value: -2, loss: 0.37, mark: "inaccuracy" });
    assert.match(falseAnswered, /<span class="review-better">better: play on<\/span>/);
    const right = row({ best: "66", value: 2, loss: 0, mark: null });
    assert.match(right, /<span class="review-loss" data-loss="0">0.00<\/span>/);
    assert.doesNotMatch(right, /only move|better/);
  });

  test("each side's piles in the order the table shows them: the player at the top faces us", () => {
    // The computer's cards read 7♦ … 7♥ on the table and 7♥ … 7♦ in the review.
    const markup = positionMarkup(shown(), ["You", "Computer"], "french");
    const side = (player) =>
      markup
        .split(`data-player="${player}"`)[1]
        .split("review-side")[0]
        .match(/data-pile-card="\w+"/g)
        ?.map((card) => card.slice(16, -1));
    assert.deepEqual(side(0), ["KH", "QH", "7S"]);
    assert.deepEqual(side(1), ["AD", "8C", "7C"]);
  });

  test("each side says where its player stood: points, tricks and marriages", () => {
    // A false claim's row showed the table without the 55 points it was made on.
    const markup = positionMarkup(shown(), ["You", "Computer"], "french");
    const names = [...markup.matchAll(/<span class="review-name">([^<]*)</g)].map(([, name]) => name);
    assert.deepEqual(
      names.filter((name) => !name.startsWith("Trump")),
      ["Computer · Score 20 · 1\u00a0trick", "You · Score 55 · 3\u00a0tricks · diamonds 20"],
    );
  });

  test("a screen reader hears each card at the position, a face-down one under it too", () => {
    // The piles were pictures hidden from it: the table at a move was silent.
    const markup = positionMarkup(shown(), ["You", "Computer"], "french");
    const named = [...markup.matchAll(/data-pile-card="(\w+)" role="img" aria-label="([^"]*)"/g)].map(([, c, l]) => [
      c,
      l,
    ]);
    assert.deepEqual(named.slice(0, 2), [
      ["AD", "ace of diamonds"],
      ["8C", "eight of clubs"],
    ]);
    assert.ok(named.some(([card]) => card === "KH"));
  });

  test("the trump is named beside the trick", () => {
    assert.match(positionMarkup(shown(), ["You", "Computer"], "french"), /Trump: hearts/);
  });
});

describe("a review asked for", () => {
  /** An engine that answers each request with the order it was asked in. */
  function engine() {
    const calls = /** @type {{method: string, params: any}[]} */ ([]);
    return {
      calls,
      call(/** @type {string} */ method, /** @type {any} */ params) {
        calls.push({ method, params });
        return Promise.resolve({ asked: calls.length });
      },
    };
  }

  test("asks the game page's review, and each table at a move once", async () => {
    const fake = engine();
    const { review, positionAt } = await askReview(/** @type {any} */ (fake), 2);
    assert.deepEqual(review, { asked: 1 });
    assert.equal(await positionAt(4), await positionAt(4));
    assert.deepEqual(fake.calls, [
      { method: "review", params: { deal: 2, seconds: 0.1 } },
      { method: "review_view", params: { deal: 2, ply: 4, seconds: 0.1 } },
    ]);
  });

  test("on the replay page asks the replay's", async () => {
    const fake = engine();
    const { positionAt } = await askReview(/** @type {any} */ (fake), 0, true);
    await positionAt(1);
    assert.deepEqual(
      fake.calls.map((call) => call.method),
      ["replay_review", "replay_review_view"],
    );
  });
});
