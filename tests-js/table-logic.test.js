import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";

import { dealingOrder } from "../web/js/animate.js";
import { setLanguage } from "../web/js/i18n.js";
import {
  explainResult,
  marriageEndText,
  marriagePartner,
  marriageTitle,
  matchWinnerText,
  trickTakerText,
  trickText,
} from "../web/js/panels.js";
import { gameDots, playableCards } from "../web/js/render.js";
import { withGlobal } from "./fakes.js";

describe("dealingOrder: the picture of the deal (docs/rules.md 2)", () => {
  test("face-down round first, then face-up; packets alternate, the dealer's opponent first", () => {
    const packets = dealingOrder(0, [4, 4]);
    assert.deepEqual(
      packets.map((packet) => [packet[0].player, packet.length, packet[0].under]),
      [
        [1, 4, true],
        [0, 4, true],
        [1, 4, true],
        [0, 4, true],
        [1, 4, false],
        [0, 4, false],
        [1, 4, false],
        [0, 4, false],
      ],
    );
  });

  test("each round fills each player's piles 0..7 once, in order", () => {
    for (const plan of [
      [4, 4],
      [2, 2, 2, 2],
      [1, 2, 1, 4],
      [1, 1, 1, 1, 1, 1, 1, 1],
    ]) {
      for (const under of [true, false]) {
        for (const player of [0, 1]) {
          const piles = dealingOrder(1, plan)
            .flat()
            .filter((card) => card.player === player && card.under === under)
            .map((card) => card.pile);
          assert.deepEqual(piles, [0, 1, 2, 3, 4, 5, 6, 7], `${plan} ${under} ${player}`);
        }
      }
    }
  });
});

describe("gameDots: a seat's game points as dots", () => {
  test("one a game point up to 15, lit as they are won", () => {
    assert.deepEqual(gameDots(3, 7), { dots: 7, lit: 3 });
    assert.deepEqual(gameDots(9, 7), { dots: 7, lit: 7 }, "a last deal may give more than the target needs");
  });

  test("a longer match has 15, every one lit only at its target", () => {
    assert.deepEqual(gameDots(15, 20), { dots: 15, lit: 11 });
    assert.deepEqual(gameDots(19, 20), { dots: 15, lit: 14 });
    assert.deepEqual(gameDots(20, 20), { dots: 15, lit: 15 });
    assert.deepEqual(gameDots(0, 99), { dots: 15, lit: 0 });
  });
});

describe("playableCards: what may be clicked", () => {
  const deal = { result: null, turn: 0, legal_moves: ["AH", "KSm", "KS", "9D", "66"] };
  const idle = { busy: false, humans: [true, false] };

  test("the legal moves' cards, once each, without the claim", () => {
    assert.deepEqual([...playableCards({ deal }, idle)].sort(), ["9D", "AH", "KS"]);
  });

  test("nothing while the page is busy, when the computer is to move, after the deal or without one", () => {
    assert.equal(playableCards({ deal }, { ...idle, busy: true }).size, 0);
    assert.equal(playableCards({ deal: { ...deal, turn: 1 } }, idle).size, 0);
    assert.equal(playableCards({ deal: { ...deal, result: { winner: 0 }, turn: null } }, idle).size, 0);
    assert.equal(playableCards({ deal: null }, idle).size, 0);
    assert.equal(playableCards(null, idle).size, 0);
  });

  test("in hot-seat play, either person's cards when it is that person's turn", () => {
    assert.equal(playableCards({ deal: { ...deal, turn: 1 } }, { busy: false, humans: [true, true] }).size, 3);
  });
});

/** Each test of the enclosing describe runs in English, with a stand-in document (i18n.js sets its lang). */
function inEnglishEachTest() {
  let restoreDocument;
  beforeEach(() => {
    restoreDocument = withGlobal("document", { documentElement: {} });
    setLanguage("en");
  });
  afterEach(() => {
    setLanguage("sr-Latn");
    restoreDocument();
  });
}

describe("explainResult: why a deal gave what it gave (in English)", () => {
  const names = ["Ana", "Computer"];
  const result = (overrides) => ({
    winner: 0,
    game_points: 1,
    scores: [70, 40],
    tricks: [5, 3],
    reason: "reached_66",
    ...overrides,
  });
  inEnglishEachTest();

  test("reaching 66 against 33 or more: one game point", () => {
    assert.deepEqual(explainResult(result({}), names, 1, null), [
      "Deal won by Ana",
      "Ana: 70 points, 66 or more.",
      "Computer: 40 points, 33 or more — 1 game point to the winner.",
    ]);
  });

  test("reaching 66 is said to the person who did, in Serbian without his name before a colon", () => {
    assert.equal(explainResult(result({}), names, 1, 0)[1], "You have 70 points, 66 or more.");
    setLanguage("sr-Latn");
    try {
      assert.equal(explainResult(result({}), names, 1, 0)[1], "Imate 70 poena, 66 ili više.");
      assert.equal(explainResult(result({}), names, 1, null)[1], "Ana: 70 poena, 66 ili više.");
    } finally {
      setLanguage("en");
    }
  });

  test("a deal ended by a marriage's lead says that the marriage brought 66, before any answer", () => {
    const marriages = [
      { player: 0, suit: "H", points: 20, counted: true },
      { player: 1, suit: "C", points: 40, counted: true },
    ];
    const ended = { result: result({ winner: 1, scores: [40, 77] }), moves: ["AS", "7S", "QCm"], marriages };
    assert.equal(
      marriageEndText(ended, "french"),
      "The marriage (clubs, 40) brought 66, so the deal ended before it was answered.",
    );
    assert.equal(
      marriageEndText({ ...ended, moves: ["AS", "7S", "QCm", "66"] }, "french"),
      "The marriage (clubs, 40) brought 66, so the deal ended before it was answered.",
      "claimed by hand at once, before the answer (claim: manual)",
    );
    assert.equal(marriageEndText({ ...ended, moves: ["QCm", "7C", "AS"] }, "french"), null, "ended on a trick");
    assert.equal(marriageEndText({ ...ended, moves: ["QCm", "7C", "66"] }, "french"), null, "claimed after a trick");
    assert.equal(marriageEndText({ ...ended, result: result({ reason: "played_out" }) }, "french"), null);
  });

  test("a false claim gives the opponent 2 game points, and names who claimed", () => {
    const lines = explainResult(
      result({ winner: 1, game_points: 2, scores: [50, 20], reason: "false_claim" }),
      names,
      2,
      null,
    );
    assert.deepEqual(lines, [
      "Deal won by Computer",
      "Ana claimed 66 with only 50 points: the opponent gets 2 game points.",
    ]);
  });

  test("the person's own false claim is said to him, in Serbian with the number's word forms", () => {
    const claim = (/** @type {number} */ score, /** @type {0 | 1 | null} */ you) =>
      explainResult(
        result({ winner: 1, game_points: 2, scores: [score, 20], reason: "false_claim" }),
        names,
        2,
        you,
      )[1];
    assert.equal(claim(50, 0), "You claimed 66 with only 50 points: your opponent gets 2 game points.");
    setLanguage("sr-Latn");
    try {
      assert.equal(claim(13, 0), "Prijavili ste 66, a imate samo 13 poena, pa protivnik dobija 2 poena partije.");
      assert.equal(claim(21, 0), "Prijavili ste 66, a imate samo 21 poen, pa protivnik dobija 2 poena partije.");
      assert.equal(claim(21, null), "Ana: prijava 66 sa samo 21 poenom, pa protivnik dobija 2 poena partije.");
      assert.equal(claim(52, null), "Ana: prijava 66 sa samo 52 poena, pa protivnik dobija 2 poena partije.");
    } finally {
      setLanguage("en");
    }
  });

  test("all tricks played, the loser without one: 3 game points, and the draw bonus when more were awarded", () => {
    const lines = explainResult(
      result({ game_points: 3, scores: [120, 0], tricks: [16, 0], reason: "played_out" }),
      names,
      4,
      null,
    );
    assert.deepEqual(lines, [
      "Deal won by Ana",
      "All 16 tricks were played; the higher score wins.",
      "Computer: no trick won — 3 game points to the winner.",
      "Draw bonus: +1 (1 drawn deal before this one), 4 game points in all to the winner.",
    ]);
  });

  test("a deal the person at the screen won is said to him", () => {
    const lines = explainResult(result({ winner: 0, game_points: 1, scores: [70, 40] }), ["You", "Computer"], 1, 0);
    assert.equal(lines[0], "You won the deal");
    assert.equal(explainResult(result({ winner: 1 }), ["Computer", "You"], 1, 1)[0], "You won the deal");
    assert.equal(explainResult(result({ winner: 1 }), ["You", "Computer"], 1, 0)[0], "Deal won by Computer");
  });

  test("the seat, not the name, says who is spoken to: a player named 'You' or 'Vi' who is not him is named", () => {
    assert.equal(explainResult(result({}), ["You", "Ana"], 1, 1)[0], "Deal won by You");
    assert.equal(explainResult(result({}), ["You", "Ana"], 1, null)[0], "Deal won by You");
    setLanguage("sr-Latn");
    assert.equal(explainResult(result({}), ["Vi", "Ana"], 1, null)[0], "Deljenje dobija: Vi");
    assert.equal(explainResult(result({}), ["Ana", "Vi"], 1, 0)[0], "Dobili ste deljenje");
  });

  test("a draw: one line, no winner", () => {
    assert.deepEqual(explainResult(result({ winner: null, game_points: 0, reason: "draw" }), names, 0, 0), [
      "A draw: no game points, and the same dealer deals again.",
    ]);
  });
});

describe("matchWinnerText: who won the match", () => {
  const match = (winner) => ({ winner, game_points: winner === 0 ? [7, 3] : [3, 8] });
  inEnglishEachTest();

  test("said to the seat the page speaks to, won or lost, his game points first", () => {
    assert.equal(matchWinnerText(match(0), ["You", "Computer"], 0), "You won the match, 7\u00a0:\u00a03");
    assert.equal(matchWinnerText(match(1), ["You", "Computer"], 0), "You lost the match, 3\u00a0:\u00a08");
    setLanguage("sr-Latn");
    assert.equal(matchWinnerText(match(0), ["Vi", "Računar"], 0), "Dobili ste partiju, 7\u00a0:\u00a03");
    assert.equal(matchWinnerText(match(1), ["Vi", "Računar"], 0), "Izgubili ste partiju, 3\u00a0:\u00a08");
  });

  test("two at one screen: the winner named, his game points first", () => {
    assert.equal(matchWinnerText(match(1), ["Ana", "Bo"], null), "Match won by Bo, 8\u00a0:\u00a03");
  });

  test("a player named 'Vi' who is not the seat spoken to is named, in the third person", () => {
    setLanguage("sr-Latn");
    assert.equal(matchWinnerText(match(1), ["Ana", "Vi"], null), "Partiju dobija: Vi, 8\u00a0:\u00a03");
    assert.equal(matchWinnerText(match(0), ["Vi", "Ana"], null), "Partiju dobija: Vi, 7\u00a0:\u00a03");
  });
});

describe("marriageTitle: the suit and what the engine says a marriage in it is worth", () => {
  const worth = { S: 20, H: 40, D: 20, C: 20 };
  inEnglishEachTest();

  test("the worth of the card's suit, in the deck's words", () => {
    assert.equal(marriageTitle("KH", "french", worth), "Marriage in hearts (40)");
    assert.equal(marriageTitle("QS", "french", worth), "Marriage in spades (20)");
    setLanguage("sr-Latn");
    assert.equal(marriageTitle("KH", "french", worth), "Marijaž: herc (40)");
    assert.equal(marriageTitle("QD", "german", worth), "Marijaž: bundeva (20)");
    setLanguage("sr-Cyrl");
    assert.equal(marriageTitle("KH", "french", worth), "Маријаж: херц (40)");
  });
});

describe("marriagePartner: the card a marriage lead shows beside the led one", () => {
  test("the other card of the suit whose lead announces the marriage", () => {
    const moves = ["AS", "KH", "KHm", "QH", "QHm", "QS", "9D"];
    assert.equal(marriagePartner("KH", moves), "QH");
    assert.equal(marriagePartner("QH", moves), "KH");
  });

  test("none when no other card of the suit leads it (a queen of spades beside no king)", () => {
    assert.equal(marriagePartner("QS", ["QS", "QSm", "KH", "KHm", "QH", "QHm"]), null);
    assert.equal(marriagePartner("KH", ["KH", "66"]), null);
  });
});

describe("trickText: who played which card, and who took the trick", () => {
  const trick = (winner) => ({
    winner,
    cards: [
      { player: 0, card: "AD" },
      { player: 1, card: "8D" },
    ],
  });
  inEnglishEachTest();

  test("each card with its player, in the order played; the taker said to the seat spoken to", () => {
    assert.equal(
      trickText(trick(0), ["You", "Computer"], 0, "french"),
      "You: ace of diamonds\u00a0· Computer: eight of diamonds\u00a0— you take the trick",
    );
    assert.equal(
      trickText(trick(1), ["You", "Computer"], 0, "french"),
      "You: ace of diamonds\u00a0· Computer: eight of diamonds\u00a0— Computer takes the trick",
    );
  });

  test("in Serbian the verb agrees with Vi, and the clause after the dash starts in lower case", () => {
    setLanguage("sr-Latn");
    assert.equal(
      trickText(trick(0), ["Vi", "Računar"], 0, "french"),
      "Vi: as karo\u00a0· Računar: osmica karo\u00a0— štih nosite Vi",
    );
    assert.equal(
      trickText(trick(1), ["Vi", "Računar"], 0, "french"),
      "Vi: as karo\u00a0· Računar: osmica karo\u00a0— štih nosi Računar",
    );
    setLanguage("sr-Cyrl");
    assert.equal(
      trickText(trick(0), ["Ви", "Рачунар"], 0, "french"),
      "Ви: ас каро\u00a0· Рачунар: осмица каро\u00a0— штих носите Ви",
    );
  });

  test("two at one screen: nobody is spoken to, the taker is named", () => {
    setLanguage("sr-Latn");
    assert.equal(trickTakerText(0, ["Igrač 1", "Igrač 2"], null), "štih nosi Igrač 1");
    assert.equal(trickTakerText(1, ["Vi", "Ana"], 0), "štih nosi Ana");
  });
});
