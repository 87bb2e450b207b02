import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";

import { setLanguage } from "../web/js/i18n.js";
import { explainResult } from "../web/js/panels.js";
import { rulesMarkup } from "../web/js/rules-panel.js";
import { DEFAULT_RULES } from "../web/js/settings.js";
import { pageLanguage } from "./fakes.js";

let restoreLanguage;
beforeEach(() => {
  restoreLanguage = pageLanguage("en");
});
afterEach(() => restoreLanguage());

const names = ["Ana", "Computer"];
const won = { winner: 0, game_points: 2, scores: [70, 20], tricks: [6, 2], reason: "reached_66" };
const drawn = { winner: null, game_points: 0, scores: [65, 65], tricks: [8, 8], reason: "draw" };

describe("the draw bonus in a deal's result (docs/rules.md 6.3, 8)", () => {
  test("a win after two drawn deals in a row names both points of the bonus and the sum", () => {
    assert.equal(
      explainResult(won, names, 4, null).at(-1),
      "Draw bonus: +2 (2 drawn deals before this one), 4 game points in all to the winner.",
    );
  });

  test("in Serbian, with the word forms of each number", () => {
    setLanguage("sr-Latn");
    assert.equal(
      explainResult(won, names, 3, null).at(-1),
      "Bonus za nerešeno: +1 (1\u00a0nerešeno deljenje pre ovog), ukupno 3\u00a0poena partije pobedniku.",
    );
    assert.equal(
      explainResult(won, names, 4, null).at(-1),
      "Bonus za nerešeno: +2 (2\u00a0nerešena deljenja pre ovog), ukupno 4\u00a0poena partije pobedniku.",
    );
    assert.equal(
      explainResult({ ...won, game_points: 1 }, names, 6, null).at(-1),
      "Bonus za nerešeno: +5 (5\u00a0nerešenih deljenja pre ovog), ukupno 6\u00a0poena partije pobedniku.",
    );
  });

  test("a drawn deal says what it leaves for the next deal's winner, when the option is on", () => {
    assert.deepEqual(explainResult(drawn, names, 0, null, 2), [
      "A draw: no game points, and the same dealer deals again.",
      "The winner of the next deal gets 2 extra game points (draw bonus).",
    ]);
    assert.deepEqual(explainResult(drawn, names, 0, null), [
      "A draw: no game points, and the same dealer deals again.",
    ]);
  });
});

describe("How to play, told for the table's rule options", () => {
  test("the draw bonus counts each drawn deal in a row", () => {
    const told = rulesMarkup("french", { ...DEFAULT_RULES, draw_bonus: true });
    assert.match(told, /after several drawn deals in a row, 1 for each/);
  });

  test("a draw is any equal score (claiming 66 by hand, marriages can make it more than 65 : 65)", () => {
    assert.match(rulesMarkup("french", { ...DEFAULT_RULES, claim: "manual" }), /with equal scores the deal is drawn/);
  });

  test("the Play section's cards are told what they show, in the deck's own names", () => {
    // Three cards without a word: a first-time player could not tell what they were there for.
    assert.match(
      rulesMarkup("french", DEFAULT_RULES),
      /the seven of spades is led and answered with the ace of spades, .* takes the trick\. Had the answer been the nine of clubs, .* the seven of spades would take it, unless clubs were trumps/,
    );
    assert.match(rulesMarkup("german", DEFAULT_RULES), /unless acorns were trumps/);
  });

  test("a German deck's rules name its own court cards: the king and the ober make a marriage, not a queen", () => {
    // The pictures beside the rules showed the ober and unter while the text spoke of a queen and a jack.
    const told = rulesMarkup("german", DEFAULT_RULES);
    assert.match(told, /king, ober, unter, nine.*king 4, ober 3, unter 2/s);
    assert.match(told, /King and ober of one suit.*leading that king or ober/s);
    assert.doesNotMatch(told, /queen|jack/);
    setLanguage("sr-Latn");
    const serbian = rulesMarkup("german", DEFAULT_RULES);
    assert.match(serbian, /kralj, gornjak, donjak, devetka.*Kralj i gornjak iste boje.*tog kralja ili gornjaka/s);
    assert.doesNotMatch(serbian, /dam[aeu]\b|žandar/);
    setLanguage("sr-Cyrl");
    assert.match(rulesMarkup("german", DEFAULT_RULES), /Краљ и горњак исте боје.*тог краља или горњака/s);
    assert.match(rulesMarkup("french", DEFAULT_RULES), /Краљ и дама исте боје.*тог краља или даму/s);
  });

  test("the marriage is told how it is announced on this table", () => {
    assert.match(rulesMarkup("french", DEFAULT_RULES), /play that king or queen, then choose to announce the marriage/);
  });

  test("two at one screen are told nothing about the computer", () => {
    assert.match(rulesMarkup("french", DEFAULT_RULES), /The computer plays fair/);
    assert.doesNotMatch(rulesMarkup("french", DEFAULT_RULES, false), /computer/i);
  });
});
