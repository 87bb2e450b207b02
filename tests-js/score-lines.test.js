import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";

import { LANGUAGES, t } from "../web/js/i18n.js";
import { scoreLines } from "../web/js/score-lines.js";
import { pageLanguage } from "./fakes.js";

/** Two numbers with only spaces between them: "Igrač 1 26" reads as "Igrač 126". */
const RUN_TOGETHER = /\d[\s\u00a0]+\d/;

let restoreLanguage = () => {};
afterEach(() => restoreLanguage());

/** A finished deal's numbers, as the engine's view gives them; no marriage unless one is given. */
function finished({ scores, tricks, cards = scores, married = [0, 0], marriages = [] }) {
  return { scores, tricks_won: tricks, card_points: cards, marriage_points: married, marriages };
}

/** The lines as read (non-breaking spaces as spaces). */
function read(deal, names = ["Vi", "Računar"], deck = "french") {
  return scoreLines(deal, names, deck).map((line) => line.replaceAll("\u00a0", " "));
}

describe("a deal result's score lines tell each number's player, whatever the names end in", () => {
  // Two people at one screen are "Igrač 1" and "Igrač 2": the old lines read "Poeni: Igrač 1 26 : 71 Igrač 2".
  const names = ["Player 1", "Player 2"];
  const deal = finished({ scores: [26, 81], tricks: [4, 12], cards: [26, 51], married: [0, 20] });

  for (const lang of LANGUAGES) {
    test(`${lang}: the deal's points, tricks and their parts`, () => {
      restoreLanguage = pageLanguage(lang);
      for (const line of scoreLines(deal, names, "french")) assert.doesNotMatch(line, RUN_TOGETHER);
    });

    test(`${lang}: the match's game points and target`, () => {
      restoreLanguage = pageLanguage(lang);
      const text = t("matchStanding", { name0: names[0], name1: names[1], a: 0, b: 2, target: 7 });
      assert.doesNotMatch(text, RUN_TOGETHER);
      // Wrapped on a phone, a line ended in a lone "·" ("Partija do 7 — Vi: 1 ·"): a comma ends it as a sentence's.
      assert.match(text, /0, Player/);
    });
  }

  test("Serbian counts points and tricks in their plural forms", () => {
    restoreLanguage = pageLanguage("sr-Latn");
    const deal = finished({ scores: [26, 71], tricks: [4, 7] });
    assert.deepEqual(read(deal, ["Igrač 1", "Igrač 2"]), [
      "Igrač 1: 26 poena (4 štiha)",
      "Igrač 2: 71 poen (7 štihova)",
    ]);
  });
});

describe("a score is told with where its points came from (docs/rules.md 6)", () => {
  test("a marriage that counted is added to the card points of the tricks", () => {
    // The computer's 51 beside tricks holding 31: the player claiming by hand had to guess the marriage's 20.
    restoreLanguage = pageLanguage("sr-Latn");
    const marriages = [{ player: 1, suit: "D", points: 20, counted: true }];
    const deal = finished({ scores: [74, 51], tricks: [9, 5], cards: [74, 31], married: [0, 20], marriages });
    assert.deepEqual(read(deal), [
      "Vi: 74 poena (9 štihova)",
      "Računar: 51 poen (5 štihova) = 31 u štihovima + 20 za marijaž",
    ]);
  });

  test("the last trick's 10 of a deal played out is named", () => {
    restoreLanguage = pageLanguage("en");
    const deal = finished({ scores: [83, 47], tricks: [10, 6], cards: [73, 47] });
    assert.deepEqual(read(deal, ["You", "Computer"]), [
      "You: 83 points (10 tricks) = 73 in tricks + 10 for the last trick",
      "Computer: 47 points (6 tricks)",
    ]);
  });

  test("two marriages are one part, each one's points beside it (a newcomer checking by hand had to split 60)", () => {
    restoreLanguage = pageLanguage("en");
    const marriages = [
      { player: 0, suit: "H", points: 40, counted: true },
      { player: 0, suit: "S", points: 20, counted: true },
    ];
    const deal = finished({ scores: [93, 0], tricks: [16, 0], cards: [23, 0], married: [60, 0], marriages });
    assert.equal(
      read(deal, ["You", "Computer"])[0],
      "You: 93 points (16 tricks) = 23 in tricks + 60 for the marriages (40 + 20) + 10 for the last trick",
    );
  });

  test("a marriage announced by a player who then won no trick is said not to count", () => {
    restoreLanguage = pageLanguage("sr-Latn");
    const marriages = [{ player: 1, suit: "S", points: 20, counted: false }];
    const deal = finished({ scores: [93, 0], tricks: [8, 0], cards: [53, 0], married: [40, 0], marriages });
    assert.equal(
      read(deal)[1],
      "Računar: 0 poena (0 štihova) — marijaž (pik, 20) se ne računa: nije odnet nijedan štih",
    );
  });

  test("in Cyrillic and in a German deck's suit names", () => {
    restoreLanguage = pageLanguage("sr-Cyrl");
    const marriages = [{ player: 1, suit: "H", points: 20, counted: false }];
    const deal = finished({ scores: [66, 0], tricks: [6, 0], married: [0, 0], marriages });
    assert.match(
      read(deal, ["Ви", "Рачунар"], "german")[1],
      /^Рачунар: 0 поена \(0 штихова\) — маријаж \(срце, 20\) се не рачуна/,
    );
  });
});
