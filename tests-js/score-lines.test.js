import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";

import { LANGUAGES, t } from "../web/js/i18n.js";
import { pageLanguage } from "./fakes.js";

/** Two numbers with only spaces between them: "Igrač 1 26" reads as "Igrač 126". */
const RUN_TOGETHER = /\d[\s\u00a0]+\d/;

let restoreLanguage = () => {};
afterEach(() => restoreLanguage());

describe("a deal result's score lines tell each number's player, whatever the names end in", () => {
  // Two people at one screen are "Igrač 1" and "Igrač 2": the old lines read "Poeni: Igrač 1 26 : 71 Igrač 2".
  const names = { name0: "Player 1", name1: "Player 2" };

  for (const lang of LANGUAGES) {
    test(`${lang}: the deal's points and tricks`, () => {
      restoreLanguage = pageLanguage(lang);
      const text = t("scoreLine", { ...names, a: 26, b: 71, ta: 4, tb: 7 });
      assert.doesNotMatch(text, RUN_TOGETHER);
      for (const number of ["26", "71", "4", "7"]) assert.match(text, new RegExp(`\\b${number}\\b`), number);
    });

    test(`${lang}: the match's game points and target`, () => {
      restoreLanguage = pageLanguage(lang);
      const text = t("matchStanding", { ...names, a: 0, b: 2, target: 7 });
      assert.doesNotMatch(text, RUN_TOGETHER);
    });
  }

  test("Serbian counts points and tricks in their plural forms", () => {
    restoreLanguage = pageLanguage("sr-Latn");
    const text = t("scoreLine", { name0: "Igrač 1", name1: "Igrač 2", a: 26, b: 71, ta: 4, tb: 7 });
    assert.equal(text.replaceAll("\u00a0", " "), "Igrač 1: 26 poena (4 štiha) · Igrač 2: 71 poen (7 štihova)");
  });
});
