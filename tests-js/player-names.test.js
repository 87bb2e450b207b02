import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { computerName, shortShownNames, shownNames } from "../web/js/player-names.js";
import { pageLanguage } from "./fakes.js";

/**
 * What `said` gives on a page in `lang`.
 * @template T
 * @param {string} lang
 * @param {() => T} said
 */
function inLanguage(lang, said) {
  const restore = pageLanguage(lang);
  try {
    return said();
  } finally {
    restore();
  }
}

describe("a record's player names on screen", () => {
  test("the engine's names against the computer are said in the page's language; the person is nobody's 'You'", () => {
    const names = (lang, computer) => inLanguage(lang, () => shownNames(["Player", `Computer (${computer})`]));
    assert.deepEqual(names("sr-Latn", "beginner"), ["Igrač", "Računar (početnik)"]);
    assert.deepEqual(names("sr-Cyrl", "club"), ["Играч", "Рачунар (клупски играч)"]);
    assert.deepEqual(names("en", "expert"), ["Player", "Computer (expert)"]);
  });

  test("where room is short the computer goes without its level, as on the game page", () => {
    assert.deepEqual(
      inLanguage("sr-Latn", () => shortShownNames(["Player", "Computer (beginner)"])),
      ["Igrač", "Računar"],
    );
    assert.deepEqual(
      inLanguage("en", () => shortShownNames(["Ana", "Player 2"])),
      ["Ana", "Player 2"],
    );
  });

  test("two people at one device are numbered as on the game page", () => {
    assert.deepEqual(
      inLanguage("sr-Latn", () => shownNames(["Player 1", "Player 2"])),
      ["Igrač 1", "Igrač 2"],
    );
  });

  test("a name someone typed stays as typed, even one close to the engine's", () => {
    const typed = ["Ana", "Computer", "Player 3", "computer (expert)", "Ana (Computer (expert))"];
    assert.deepEqual(
      inLanguage("sr-Latn", () => shownNames(typed)),
      typed,
    );
    assert.deepEqual(
      inLanguage("sr-Latn", () => shownNames(["Ana", "Computer (master)"])),
      ["Ana", "Računar (majstor)"],
    );
  });

  test("a record the terminal wrote before it named its players as the page does: its person and computer", () => {
    assert.deepEqual(
      inLanguage("sr-Latn", () => shownNames(["You", "Computer"])),
      ["Igrač", "Računar"],
    );
    assert.deepEqual(
      inLanguage("sr-Cyrl", () => shortShownNames(["You", "Computer"])),
      ["Играч", "Рачунар"],
    );
    assert.deepEqual(
      inLanguage("sr-Latn", () => shownNames(["You", "Ana"])),
      ["You", "Ana"],
      "names someone typed",
    );
  });

  test("a level the page has no text for keeps its own name", () => {
    assert.equal(
      inLanguage("sr-Latn", () => computerName("grandmaster")),
      "Računar (grandmaster)",
    );
  });
});
