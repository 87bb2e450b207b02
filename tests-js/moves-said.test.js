import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";

import { dealBeginningSaid, movesSaid, movesTakenBackSaid, trickSaid } from "../web/js/moves-said.js";
import { pageLanguage } from "./fakes.js";

let restoreLanguage;
beforeEach(() => {
  restoreLanguage = pageLanguage("sr-Latn");
});
afterEach(() => restoreLanguage());

/** Eight empty piles. */
const emptyPiles = () => Array.from({ length: 8 }, () => ({ top: null, hidden: false }));

/**
 * A view of a deal with only what movesSaid reads: `piles` given as {player: {pile: [top, hidden]}}.
 * @param {object} view
 */
const viewOf = ({ piles = {}, trick = [], tricks = 0, last = null, moves = [], marriages = [], result = null }) => {
  const rows = [emptyPiles(), emptyPiles()];
  for (const [player, row] of Object.entries(piles))
    for (const [pile, [top, hidden]] of Object.entries(row)) rows[Number(player)][Number(pile)] = { top, hidden };
  return { piles: rows, trick, tricks_played: tricks, last_trick: last, moves, marriages, result };
};

const NAMES = ["Vi", "Računar"];

describe("the moves between two views, in words", () => {
  test("my card, the card turned up under it, the computer's answer and who took the trick, in that order", () => {
    const before = viewOf({ piles: { 0: { 2: ["AC", true] }, 1: { 5: ["TC", false] } }, moves: ["9S", "JS"] });
    const after = viewOf({
      piles: { 0: { 2: ["KH", false] }, 1: { 5: [null, false] } },
      tricks: 1,
      last: {
        winner: 0,
        cards: [
          { player: 0, card: "AC" },
          { player: 1, card: "TC" },
        ],
      },
      moves: ["9S", "JS", "AC", "TC"],
    });
    assert.equal(
      movesSaid(before, after, NAMES, 0, "french"),
      "Vi: as tref. Okrenuta je karta: kralj herc. Računar: desetka tref. Štih nosite Vi.",
    );
  });

  test("a trick finished by my card, then the computer's lead with its marriage", () => {
    const before = viewOf({
      piles: { 0: { 0: ["7S", false] }, 1: { 3: ["KD", false] } },
      trick: [{ player: 1, card: "AS" }],
      moves: ["AS"],
    });
    const after = viewOf({
      piles: { 1: { 3: [null, false] } },
      trick: [{ player: 1, card: "KD" }],
      tricks: 1,
      last: {
        winner: 1,
        cards: [
          { player: 1, card: "AS" },
          { player: 0, card: "7S" },
        ],
      },
      moves: ["AS", "7S", "KDm"],
      marriages: [{ player: 1, suit: "D", points: 20, counted: true }],
    });
    assert.equal(
      movesSaid(before, after, NAMES, 0, "french"),
      "Vi: sedmica pik. Štih nosi Računar. Računar: marijaž (20), kralj karo.",
    );
  });

  test("a card played onto a trick, and a card turned up nobody may know yet is not named", () => {
    const before = viewOf({ piles: { 1: { 4: ["QH", true] } }, moves: [] });
    const after = viewOf({ piles: { 1: { 4: [null, true] } }, trick: [{ player: 1, card: "QH" }], moves: ["QH"] });
    assert.equal(movesSaid(before, after, ["Ana", "Bora"], 0, "french"), "Bora: dama herc.");
  });

  test("a card the protocol opens later is said first, then the moves that came with it", () => {
    const before = viewOf({ piles: { 0: { 4: [null, true] }, 1: { 1: ["TC", false] } }, moves: ["QH"] });
    const after = viewOf({
      piles: { 0: { 4: ["KS", false] }, 1: { 1: [null, false] } },
      trick: [{ player: 1, card: "TC" }],
      moves: ["QH", "TC"],
    });
    assert.equal(
      movesSaid(before, after, ["Vi", "Bora"], 0, "french"),
      "Okrenuta je Vaša karta: kralj pik. Bora: desetka tref.",
    );
    assert.equal(
      movesSaid(before, after, ["Ana", "Bora"], 1, "french"),
      "Ana, okrenuta karta: kralj pik. Bora: desetka tref.",
    );
  });

  test("a claim of 66 is said with whose it was, a false one too", () => {
    const before = viewOf({ moves: ["AS", "TS"] });
    const won = viewOf({ moves: ["AS", "TS", "66"], result: { winner: 1, reason: "reached_66" } });
    assert.equal(movesSaid(before, won, NAMES, 0, "french"), "Računar: prijava 66.");
    const falseClaim = viewOf({ moves: ["AS", "TS", "66"], result: { winner: 1, reason: "false_claim" } });
    assert.equal(movesSaid(before, falseClaim, NAMES, 0, "french"), "Vi: prijava 66.");
  });

  test("nothing played, nothing said", () => {
    const view = viewOf({ moves: ["AS"], trick: [{ player: 0, card: "AS" }] });
    assert.equal(movesSaid(view, view, NAMES, 0, "french"), "");
  });
});

describe("a deal's beginning, in words", () => {
  test("its number, the trump suit and a card the other player has already led", () => {
    const view = { ...viewOf({ trick: [{ player: 1, card: "AS" }], moves: ["AS"] }), trump: "H" };
    assert.equal(dealBeginningSaid(view, 2, NAMES, 0, "french"), "Deljenje 2. Adut: herc. Računar: as pik.");
    assert.equal(dealBeginningSaid({ ...viewOf({}), trump: "C" }, 1, NAMES, 0, "german"), "Deljenje 1. Adut: žir.");
  });
});

describe("the trick under way, in words", () => {
  test("the card led on it, with its marriage; nothing on an empty trick", () => {
    const led = viewOf({
      trick: [{ player: 1, card: "KD" }],
      tricks: 3,
      moves: ["AS", "7S", "9H", "TH", "QC", "AC", "KDm"],
      marriages: [{ player: 1, suit: "D", points: 20, counted: true }],
    });
    assert.equal(trickSaid(led, NAMES, 0, "french"), "Računar: marijaž (20), kralj karo.");
    assert.equal(trickSaid(viewOf({ tricks: 1, moves: ["AS", "7S"] }), NAMES, 0, "french"), "");
  });
});

describe("moves taken back, in words", () => {
  test("each card back on its pile, whose it is; another deal's views say only that a move was undone", () => {
    const before = { ...viewOf({ moves: ["9S", "AC", "TC"], piles: { 0: { 1: ["KH", false] } } }), number: 1 };
    const after = {
      ...viewOf({ moves: ["9S"], piles: { 0: { 2: ["AC", true] }, 1: { 5: ["TC", false] } } }),
      number: 1,
    };
    assert.equal(movesTakenBackSaid(before, after, NAMES, "french"), "Vraćeno: Vi: as tref; Računar: desetka tref");
    assert.equal(movesTakenBackSaid(before, { ...after, number: 2 }, NAMES, "french"), "Potez je vraćen");
    const three = { ...viewOf({ moves: ["9S", "KH", "AH", "TC"] }), number: 1 };
    const mine = {
      ...viewOf({ moves: ["9S"], piles: { 0: { 0: ["KH", false] }, 1: { 1: ["AH", true], 2: ["TC", false] } } }),
      number: 1,
    };
    assert.equal(
      movesTakenBackSaid(three, mine, NAMES, "french"),
      "Vraćeno: Vi: kralj herc; Računar: as herc, desetka tref",
    );
  });

  test("a marriage led is taken back with its card, said as its lead was", () => {
    const before = {
      ...viewOf({ moves: ["QSm", "AS", "TH"], marriages: [{ player: 0, suit: "S", points: 40, counted: false }] }),
      number: 1,
    };
    const after = {
      ...viewOf({ piles: { 0: { 3: ["QS", false] }, 1: { 0: ["AS", false], 6: ["TH", true] } } }),
      number: 1,
    };
    assert.equal(
      movesTakenBackSaid(before, after, NAMES, "french"),
      "Vraćeno: Vi: marijaž (40), dama pik; Računar: as pik, desetka herc",
    );
  });
});
