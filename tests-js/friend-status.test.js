import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";

import { dealEndLines, dealEndText, playersText, statusText, turnText } from "../web/js/friend-status.js";
import { pageLanguage } from "./fakes.js";

/** Ana's match as her device (seat 0) sees it; `friend` is null until Bo's answer to the invitation is read. */
const anas = (status, friend = "Bo") => ({ id: "m1", seat: 0, players: ["Ana", friend], game_points: [0, 0], status });

let restoreLanguage = () => {};
afterEach(() => restoreLanguage());

describe("the friend named before his answer to the invitation", () => {
  test("is 'your friend', in English", () => {
    restoreLanguage = pageLanguage("en");
    const invited = anas("wait", null);
    assert.equal(turnText(invited), "Send the invitation below to your friend, then open the link you get in reply");
    assert.equal(statusText(invited), "waiting for the answer to your invitation");
    assert.equal(playersText(invited), "Ana – your friend 0:0");
  });

  test("is 'prijatelj' in the case the Serbian sentence needs (dative 'prijatelju'), in Latin and Cyrillic", () => {
    restoreLanguage = pageLanguage("sr-Latn");
    const invited = anas("wait", null);
    assert.equal(turnText(invited), "Pošaljite pozivnicu ispod prijatelju, pa otvorite link koji dobijete kao odgovor");
    assert.equal(statusText(invited), "čeka se odgovor na pozivnicu");
    assert.equal(playersText(invited), "Ana – prijatelj 0:0");
    restoreLanguage();
    restoreLanguage = pageLanguage("sr-Cyrl");
    assert.equal(playersText(invited), "Ana – пријатељ 0:0");
    for (const text of [turnText(invited), statusText(invited)]) assert.doesNotMatch(text, /\?/);
  });
});

describe("the friend a rematch invitation is for, before his answer is read", () => {
  test("is named by the name he had in the finished match, in the banner, the list and the top bar", () => {
    restoreLanguage = pageLanguage("en");
    const invited = anas("wait", null);
    assert.equal(turnText(invited, "Bo"), "Send the rematch invitation below, then open the link Bo sends back");
    assert.equal(statusText(invited, "Bo"), "waiting for Bo's answer to your rematch invitation");
    assert.equal(playersText(invited, "Bo"), "Ana – Bo 0:0");
  });

  test("in Serbian, in words that fit any name", () => {
    restoreLanguage = pageLanguage("sr-Latn");
    const invited = anas("wait", null);
    assert.equal(turnText(invited, "Bo"), "Pošaljite pozivnicu za revanš ispod, pa otvorite link koji Vam Bo vrati");
    assert.equal(statusText(invited, "Bo"), "čeka se da Bo odgovori na pozivnicu za revanš");
  });

  test("gives way to the name in the friend's answer once it is read", () => {
    restoreLanguage = pageLanguage("en");
    assert.equal(statusText(anas("send", "Boris"), "Bo"), "send your link to Boris");
    assert.equal(playersText(anas("send", "Boris"), "Bo"), "Ana – Boris 0:0");
  });
});

describe("the friend named once his answer is read", () => {
  test("by his name even when he calls himself '?'", () => {
    restoreLanguage = pageLanguage("en");
    assert.equal(playersText(anas("wait", "?")), "Ana – ? 0:0");
    assert.equal(statusText(anas("send", "?")), "send your link to ?");
  });

  test("by his name, from either seat, in words that fit any name (no 'igraču' before a woman's)", () => {
    restoreLanguage = pageLanguage("sr-Latn");
    assert.equal(
      turnText(anas("wait")),
      "Pošaljite link ispod ako to već niste uradili, pa otvorite link koji Vam Bo vrati",
    );
    assert.equal(turnText(anas("send")), "Bo čeka Vaš link (ispod): pošaljite ga");
    assert.equal(statusText(anas("send")), "Bo čeka Vaš link");
    const bos = { ...anas("wait"), seat: 1, game_points: [2, 1] };
    assert.equal(statusText(bos), "Ana je na redu");
    for (const status of ["play", "send", "wait", "over"]) {
      assert.doesNotMatch(`${turnText(anas(status))} ${statusText(anas(status))}`, /igrač/, status);
    }
    assert.equal(playersText(bos), "Ana – Bo 2:1");
  });

  test("the match's winner in the banner when it is over, with the game points: 'you' to the winner himself", () => {
    const over = { ...anas("over"), link_answered: true };
    restoreLanguage = pageLanguage("en");
    assert.equal(
      turnText({ ...over, winner: 1, game_points: [2, 7] }),
      "The match is over. Winner: Bo, 7\u00a0:\u00a02",
    );
    restoreLanguage();
    restoreLanguage = pageLanguage("sr-Latn");
    assert.equal(
      turnText({ ...over, winner: 0, game_points: [7, 3] }),
      "Partija je završena: pobedili ste, 7\u00a0:\u00a03",
    );
    assert.equal(
      turnText({ ...over, winner: 1, game_points: [3, 7] }),
      "Partija je završena. Pobednik: Bo, 7\u00a0:\u00a03",
    );
    restoreLanguage();
    restoreLanguage = pageLanguage("en");
    assert.equal(statusText(over), "the match is over");
    assert.equal(turnText(anas("play")), "Your turn: play a card");
  });
});

describe("the match's end, on the page of the player whose move ended it", () => {
  /** Ana made the last move: her link, not answered, is all that tells Bo the match is over. */
  const ended = { ...anas("over"), winner: 0, link_answered: false, game_points: [3, 0] };

  test("asks in the banner for the last link to be sent", () => {
    restoreLanguage = pageLanguage("en");
    assert.equal(turnText(ended), "The match is over: you won it, 3\u00a0:\u00a00. Send the last link below to Bo");
    const resigned = { ...ended, winner: 1, game_points: [0, 3] };
    assert.equal(turnText(resigned), "The match is over. Winner: Bo, 3\u00a0:\u00a00. Send the last link below to Bo");
  });

  test("in Serbian, in words that fit any name", () => {
    restoreLanguage = pageLanguage("sr-Latn");
    assert.equal(
      turnText(ended),
      "Partija je završena: pobedili ste, 3\u00a0:\u00a00. Bo čeka poslednji link (ispod): pošaljite ga",
    );
  });
});

describe("the end of a deal, said until the next deal's first card", () => {
  /** Bo's match (seat 1) with the engine's `last_deal`, and the next deal's table (none yet, or cards played). */
  const bos = (lastDeal, next = null) => ({ ...anas("play"), seat: 1, last_deal: lastDeal, deal: next });
  const playedOut = (number, awards, winner) => ({ number, winner, awards, resigned: null });
  const resignedBy = (number, awards, seat) => ({ number, winner: 1 - seat, awards, resigned: seat });

  test("says who won it and with how many game points, in the Serbian forms of the count", () => {
    restoreLanguage = pageLanguage("sr-Latn");
    assert.equal(dealEndText(bos(playedOut(1, [0, 1], 1))), "Deljenje 1 je završeno: dobijate 1 poen partije.");
    assert.equal(dealEndText(bos(playedOut(2, [2, 0], 0))), "Deljenje 2 je završeno: Ana dobija 2 poena partije.");
    assert.equal(dealEndText(bos(resignedBy(3, [0, 3], 0))), "Deljenje 3 je predato: dobijate 3 poena partije.");
    assert.equal(dealEndText(bos(playedOut(4, [0, 0], null))), "Deljenje 4 je završeno nerešeno: bez poena partije.");
  });

  test("in English too, a resignation named, a draw bonus carried into the deal counted", () => {
    restoreLanguage = pageLanguage("en");
    assert.equal(dealEndText(bos(resignedBy(1, [3, 0], 1))), "Deal 1 was resigned: Ana wins 3 game points.");
    assert.equal(dealEndText(bos(playedOut(2, [0, 2], 1))), "Deal 2 is over: you win 2 game points.");
  });

  test("with why, as the game page's result says it, beside the table as it ended", () => {
    restoreLanguage = pageLanguage("en");
    const result = { winner: 0, game_points: 2, scores: [66, 20], tricks: [5, 2], reason: "reached_66" };
    const marriage = { player: 0, suit: "H", points: 40, counted: true };
    const view = { result, moves: ["9S", "TS", "QHm"], marriages: [marriage] };
    const won = { ...playedOut(2, [2, 0], 0), view };
    assert.deepEqual(dealEndLines(bos(won), "french"), [
      "Deal 2 is over: Ana wins 2 game points.",
      "Ana: 66 points, 66 or more.",
      "The marriage (hearts, 40) brought 66, so the deal ended before it was answered.",
      "You: 20 points, less than 33 \u2014 2 game points to the winner.",
    ]);
    const resigned = { ...resignedBy(3, [0, 3], 0), view: { result: null, moves: [], marriages: [] } };
    assert.deepEqual(dealEndLines(bos(resigned), "french"), ["Deal 3 was resigned: you win 3 game points."]);
    assert.deepEqual(dealEndLines(bos(playedOut(1, [1, 0], 0)), "french"), ["Deal 1 is over: Ana wins 1 game point."]);
    assert.deepEqual(dealEndLines(bos(null), "french"), []);
  });

  test("says nothing before a deal has ended, or once the next deal's first card is played", () => {
    restoreLanguage = pageLanguage("en");
    const table = (tricks, trick) => ({ tricks_played: tricks, trick });
    assert.equal(dealEndText(bos(null)), null);
    assert.equal(dealEndText(bos(playedOut(1, [1, 0], 0), table(0, []))), "Deal 1 is over: Ana wins 1 game point.");
    assert.equal(dealEndText(bos(playedOut(1, [1, 0], 0), table(0, [{ player: 0, card: "AS" }]))), null);
    assert.equal(dealEndText(bos(playedOut(1, [1, 0], 0), table(1, []))), null);
  });
});
