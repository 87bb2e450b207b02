import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { cardFace, figureId, spriteSymbols } from "../web/js/cards.js";

const DECKS = ["french", "german"];
const COURTS = ["K", "Q", "J"].flatMap((rank) => ["S", "H", "D", "C"].map((suit) => rank + suit));

describe("court cards", () => {
  test("every court card of both decks shows its figure twice (the mirrored halves)", () => {
    for (const deck of DECKS) {
      for (const code of COURTS) {
        const uses = cardFace(code, deck).split(`<use href="#${figureId(deck, code[0])}"`).length - 1;
        assert.equal(uses, 2, `${deck} ${code}`);
      }
    }
  });

  test("the sprite defines every figure a court card refers to, once", () => {
    const sprite = spriteSymbols();
    for (const deck of DECKS) {
      for (const rank of ["K", "Q", "J"]) {
        assert.equal(sprite.split(`<symbol id="${figureId(deck, rank)}"`).length - 1, 1, `${deck} ${rank}`);
      }
    }
  });

  test("the Hungarian ober and unter are figures of their own, not the French queen and jack", () => {
    assert.notEqual(figureId("german", "Q"), figureId("french", "Q"));
    assert.notEqual(figureId("german", "J"), figureId("french", "J"));
    assert.equal(figureId("anything else", "K"), figureId("french", "K"));
  });

  test("number cards and aces draw no figure", () => {
    for (const deck of DECKS) {
      for (const code of ["AS", "TH", "9D", "7C"]) assert.doesNotMatch(cardFace(code, deck), /#figure-/);
    }
  });

  test("every suit ink stays on its court card (the figures are tinted by it)", () => {
    assert.match(cardFace("KH", "french"), /color="#c0122c"/);
    assert.match(cardFace("KS", "german"), /color="#2f7d32"/);
  });
});

/** The letters of a face's corner indices (both corners). */
function cornerLetters(/** @type {string} */ svg) {
  return [...svg.matchAll(/class="card-index"[^>]*>([^<]*)</g)].map((match) => match[1]);
}

describe("corner letters", () => {
  test("Hungarian court cards and aces carry the initials of the names players say, in each script", () => {
    const expected = {
      "sr-Latn": { AH: "A", KH: "K", QH: "G", JH: "D" },
      "sr-Cyrl": { AH: "А", KH: "К", QH: "Г", JH: "Д" },
      en: { AH: "A", KH: "K", QH: "O", JH: "U" },
    };
    for (const [lang, letters] of Object.entries(expected)) {
      for (const [code, letter] of Object.entries(letters)) {
        assert.deepEqual(cornerLetters(cardFace(code, "german", lang)), [letter, letter], `${lang} ${code}`);
      }
    }
  });

  test("a language switch gives a new face, not the cached one of the language before", () => {
    assert.notEqual(cardFace("QS", "german", "sr-Latn"), cardFace("QS", "german", "sr-Cyrl"));
    assert.equal(cardFace("QS", "german", "sr-Latn"), cardFace("QS", "german", "sr-Latn"));
  });

  test("number cards show their digits, and the French deck keeps its letters, in every language", () => {
    for (const lang of ["sr-Latn", "sr-Cyrl", "en"]) {
      assert.deepEqual(cornerLetters(cardFace("TD", "german", lang)), ["10", "10"]);
      assert.deepEqual(cornerLetters(cardFace("9C", "german", lang)), ["9", "9"]);
      for (const [code, letter] of Object.entries({ AS: "A", KS: "K", QS: "Q", JS: "J" })) {
        assert.deepEqual(cornerLetters(cardFace(code, "french", lang)), [letter, letter], `${lang} ${code}`);
      }
    }
  });
});
