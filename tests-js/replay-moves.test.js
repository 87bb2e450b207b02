import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { movesMarkup } from "../web/js/replay-moves.js";
import { pageLanguage } from "./fakes.js";

/** The text of each line of the list (a line per trick, a claim on its own), its parts joined by " | ". */
function lines(/** @type {string} */ markup) {
  return [...markup.matchAll(/<li>(.*?)<\/li>/g)].map(([, line]) =>
    [...line.matchAll(/>([^<>]+)</g)].map(([, text]) => text).join(" | "),
  );
}

describe("the replay's list of a deal's moves", () => {
  let restore = () => {};
  before(() => {
    restore = pageLanguage("en");
  });
  after(() => restore());
  const names = ["Ana", "Bo"];
  /** @type {import("../web/js/types.js").ReplayMove[]} */
  const moves = [
    { player: 0, move: "AH", took: null, marriage: null },
    { player: 1, move: "TH", took: 0, marriage: null },
    { player: 0, move: "KSm", took: null, marriage: 40 },
    { player: 0, move: "66", took: null, marriage: null },
  ];

  test("a line per trick with its taker; a marriage lead the claim left unanswered, then the claim on its own", () => {
    assert.deepEqual(lines(movesMarkup(moves, names, null, "french", 0)), [
      "Trick 1 | Ana: ace of hearts | Bo: ten of hearts | Ana takes the trick",
      "Trick 2 | Ana announced a marriage (40) and led the king of spades",
      "Claim | Ana: claim of 66",
    ]);
  });

  test("each move goes to the table after it; the position shown is marked, the deal's start first", () => {
    const markup = movesMarkup(moves, names, 0, "french", 2);
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
