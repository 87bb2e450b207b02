import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { movesMarkup } from "../web/js/replay-moves.js";
import { pageLanguage } from "./fakes.js";

/** What a screen reader hears of each line of the list (a line per trick, a claim on its own), joined by " | ". */
function heard(/** @type {string} */ markup) {
  return [...markup.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map(([, line]) =>
    [...line.replace(/<span aria-hidden="true">.*?<\/span>/g, "").matchAll(/>([^<>]+)</g)]
      .map(([, text]) => text)
      .join(" | "),
  );
}

/** What the eye sees of each card's button: its corner's rank (the suit is a symbol), the marriage, the mark. */
function seen(/** @type {string} */ markup) {
  return [
    ...markup.matchAll(/<button[^>]*class="replay-move seat-(\d)"[^>]*><span aria-hidden="true">(.*?)<\/span>/g),
  ].map(([, seat, shown]) => `${seat}:${shown.replace(/<svg.*?<\/svg>/g, "")}`);
}

describe("the replay's list of a deal's moves", () => {
  let restore = () => {};
  before(() => {
    restore = pageLanguage("en");
  });
  after(() => restore());
  const seats = { names: ["Ana", "Computer (expert)"], shortNames: ["Ana", "Computer"], you: null, deck: "french" };
  /** @type {import("../web/js/types.js").ReplayMove[]} */
  const moves = [
    { player: 1, move: "AH", took: null, marriage: null },
    { player: 0, move: "TH", took: 1, marriage: null },
    { player: 1, move: "KSm", took: null, marriage: 40 },
    { player: 1, move: "66", took: null, marriage: null },
  ];

  test("a line per trick with its taker; a marriage lead the claim left unanswered, then the claim on its own", () => {
    const markup = movesMarkup(moves, /** @type {const} */ ({ ...seats }), 0);
    assert.deepEqual(heard(markup), [
      "Trick 1 | Computer (expert): ace of hearts, Computer (expert) takes the trick | Ana: ten of hearts",
      "Trick 2 | Computer (expert) announced a marriage (40) and led the king of spades",
      "Claim | Computer (expert): claim of 66",
    ]);
  });

  test("each card stands as its corner shows it in its player's column, in the order played, lead and taker marked", () => {
    const markup = movesMarkup(moves, /** @type {const} */ ({ ...seats }), 0);
    assert.deepEqual(seen(markup), ["1:\u25b8\u2009A\u00a0\u2713", "0:10", "1:\u25b8\u2009K (40)"]);
    assert.match(
      markup,
      /<p class="replay-seats" aria-hidden="true"><span><\/span><span>Ana<\/span><span>Computer<\/span>/,
    );
    assert.match(markup, /\u25b8 led · \u2713 takes the trick/, "what the marks mean, at the list's head");
  });

  test("each move goes to the table after it; the position shown is marked, the deal's start first", () => {
    const markup = movesMarkup(moves, /** @type {const} */ ({ ...seats, you: 1 }), 2);
    assert.deepEqual(
      [...markup.matchAll(/data-ply="(\d+)"/g)].map(([, ply]) => Number(ply)),
      [0, 1, 2, 3, 4],
    );
    assert.deepEqual(
      [...markup.matchAll(/data-ply="(\d+)" aria-current="step"/g)].map(([, ply]) => ply),
      ["2"],
    );
    assert.match(markup, /you take the trick/, "the watcher's own match says it to him");
  });
});
