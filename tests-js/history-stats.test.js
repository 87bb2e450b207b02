import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { creditedLevel, historyStats } from "../web/js/history-stats.js";

const LEVELS = ["beginner", "club", "expert", "master"];

/** A finished match as the history keeps it. */
const match = (opponent, level, winner, gamePoints, deals) => ({ date: 0, opponent, level, winner, gamePoints, deals });

describe("history statistics per level and overall", () => {
  const history = [
    match("computer", "expert", 0, [7, 3], 5),
    match("computer", "beginner", 0, [7, 0], 3),
    match("computer", "expert", 1, [2, 7], 6),
    match("computer", null, 1, [4, 7], 4), // played before levels were stored: the default level
    match("human", null, 1, [5, 7], 6),
  ];
  const rows = historyStats(history, LEVELS, "expert");
  const byGroup = Object.fromEntries(rows.map((row) => [row.group, row]));

  test("levels weakest first, then everything against the computer, then two people", () => {
    assert.deepEqual(
      rows.map((row) => row.group),
      ["beginner", "expert", "all", "human"],
    );
  });

  test("matches and wins per level count player 0's wins", () => {
    assert.equal(byGroup.expert.matches, 3);
    assert.equal(byGroup.expert.wins, 1);
    assert.equal(byGroup.beginner.wins, 1);
    assert.equal(byGroup.all.matches, 4);
    assert.equal(byGroup.all.wins, 2);
  });

  test("game points per deal are player 0's points over the deals played", () => {
    assert.equal(byGroup.expert.pointsPerDeal, (7 + 2 + 4) / (5 + 6 + 4));
    assert.equal(byGroup.all.pointsPerDeal, (7 + 7 + 2 + 4) / (5 + 3 + 6 + 4));
  });

  test("two people on one screen: matches only, no one is 'you'", () => {
    assert.deepEqual(byGroup.human, { group: "human", matches: 1, wins: null, pointsPerDeal: null });
  });

  test("the matches no longer listed count on, from their sums, with the listed ones", () => {
    const earlier = {
      "level:expert": { matches: 10, wins: 4, points: 30, deals: 50 },
      "level:": { matches: 1, wins: 1, points: 7, deals: 3 }, // before levels were stored: the default level
      human: { matches: 2, wins: 0, points: 0, deals: 9 },
    };
    const all = Object.fromEntries(historyStats(history, LEVELS, "expert", earlier).map((row) => [row.group, row]));
    assert.equal(all.expert.matches, 3 + 11);
    assert.equal(all.expert.wins, 1 + 5);
    assert.equal(all.expert.pointsPerDeal, (7 + 2 + 4 + 30 + 7) / (5 + 6 + 4 + 50 + 3));
    assert.equal(all.all.matches, 4 + 11);
    assert.deepEqual(all.human, { group: "human", matches: 3, wins: null, pointsPerDeal: null });
  });

  test("an empty history has no rows", () => {
    assert.deepEqual(historyStats([], LEVELS, "expert"), []);
  });

  test("a level the engine no longer lists comes after the known ones", () => {
    const old = historyStats([match("computer", "legend", 0, [7, 1], 2), history[0]], LEVELS, "expert");
    assert.deepEqual(
      old.map((row) => row.group),
      ["expert", "legend", "all"],
    );
  });
});

describe("the level a match is credited to", () => {
  test("the weakest the computer made a move at, in the engine's order, whatever order they were played in", () => {
    assert.equal(creditedLevel(["beginner", "master"], LEVELS, "master"), "beginner");
    assert.equal(creditedLevel(["master", "club", "expert"], LEVELS, "expert"), "club");
    assert.equal(creditedLevel(["expert"], LEVELS, "expert"), "expert");
  });

  test("the order is the engine's, never the page's own", () => {
    assert.equal(creditedLevel(["beginner", "master"], ["master", "beginner"], "beginner"), "master");
  });

  test("the level now, when no move was made at a level the engine knows (a save from before levels were kept)", () => {
    assert.equal(creditedLevel([], LEVELS, "master"), "master");
    assert.equal(creditedLevel(["grandmaster"], LEVELS, "club"), "club");
    assert.equal(creditedLevel([], LEVELS, null), null);
  });
});
