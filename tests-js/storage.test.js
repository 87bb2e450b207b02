import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  addToHistory,
  clearHistory,
  clearSavedMatch,
  readHistory,
  readSavedMatch,
  SAVE_VERSION,
  saveMatch,
  statistics,
} from "../web/js/storage.js";
import { FakeStorage } from "./fakes.js";

const SAVE_KEY = "otv66.match";
const HISTORY_KEY = "otv66.history";
const RECORD = { format: "otv66-record/1", players: ["Player", "Computer (club)"], deals: [] };
const META = { opponent: "computer", level: "club", finished: false };

/** A storage holding `text` as the saved match. */
const withSave = (text) => new FakeStorage({ items: { [SAVE_KEY]: text } });

/** A finished match for the history. */
const entry = (overrides = {}) => ({
  date: 0,
  opponent: "computer",
  level: "club",
  winner: 0,
  gamePoints: [7, 3],
  deals: 4,
  ...overrides,
});

describe("the saved match", () => {
  test("a saved match reads back with its record, how it is played and the save's version", () => {
    const storage = new FakeStorage();
    assert.equal(saveMatch(RECORD, META, storage), true);
    const read = readSavedMatch(storage);
    assert.equal(read.status, "ok");
    assert.deepEqual(read.save.record, RECORD);
    assert.equal(read.save.opponent, "computer");
    assert.equal(read.save.level, "club");
    assert.equal(read.save.finished, false);
    assert.equal(read.save.version, SAVE_VERSION);
    assert.equal(typeof read.save.savedAt, "number");
  });

  test("nothing saved, or a storage that refuses to be read: none", () => {
    assert.deepEqual(readSavedMatch(new FakeStorage()), { status: "none" });
    assert.deepEqual(readSavedMatch(new FakeStorage({ failing: true })), { status: "none" });
  });

  test("a storage that refuses to save: false, and no exception", () => {
    assert.equal(saveMatch(RECORD, META, new FakeStorage({ failing: true })), false);
  });

  test("text that is not JSON is corrupt, with the parser's message", () => {
    const read = readSavedMatch(withSave("{cut sho"));
    assert.equal(read.status, "corrupt");
    assert.match(read.message, /JSON/);
  });

  test("JSON without a record object is corrupt", () => {
    for (const text of [
      "null",
      "42",
      '"text"',
      '{"version": 1}',
      '{"version": 1, "record": null}',
      '{"version": 1, "record": "x"}',
    ]) {
      assert.deepEqual(readSavedMatch(withSave(text)), { status: "corrupt", message: "no record in the save" }, text);
    }
  });

  test("a save from a newer page (a higher version) is not read as this one's", () => {
    const newer = JSON.stringify({ version: SAVE_VERSION + 1, record: RECORD });
    assert.deepEqual(readSavedMatch(withSave(newer)), { status: "newer" });
  });

  test("a save without a whole version number is treated like a newer one, never guessed at", () => {
    for (const version of [undefined, "1", 1.5]) {
      assert.deepEqual(
        readSavedMatch(withSave(JSON.stringify({ version, record: RECORD }))),
        { status: "newer" },
        String(version),
      );
    }
  });

  test("a save of this version or an older one is read", () => {
    for (const version of [0, SAVE_VERSION]) {
      assert.equal(readSavedMatch(withSave(JSON.stringify({ version, record: RECORD }))).status, "ok", String(version));
    }
  });

  test("clearing forgets the save, and does not throw on a refusing storage", () => {
    const storage = new FakeStorage();
    saveMatch(RECORD, META, storage);
    clearSavedMatch(storage);
    assert.deepEqual(readSavedMatch(storage), { status: "none" });
    assert.doesNotThrow(() => clearSavedMatch(new FakeStorage({ failing: true })));
  });
});

describe("the history of finished matches", () => {
  test("newest first", () => {
    const storage = new FakeStorage();
    addToHistory(entry({ date: 1 }), storage);
    addToHistory(entry({ date: 2 }), storage);
    assert.deepEqual(
      readHistory(storage).map((e) => e.date),
      [2, 1],
    );
  });

  test("only the last 200 matches are kept", () => {
    const storage = new FakeStorage();
    for (let date = 1; date <= 205; date++) addToHistory(entry({ date }), storage);
    const history = readHistory(storage);
    assert.equal(history.length, 200);
    assert.equal(history[0].date, 205);
    assert.equal(history[199].date, 6);
  });

  test("entries without game points and history that is not a list are left out", () => {
    const items = { [HISTORY_KEY]: JSON.stringify([entry(), null, { date: 3 }, entry({ gamePoints: "7:3" })]) };
    assert.deepEqual(readHistory(new FakeStorage({ items })), [entry()]);
    assert.deepEqual(readHistory(new FakeStorage({ items: { [HISTORY_KEY]: '{"a": 1}' } })), []);
    assert.deepEqual(readHistory(new FakeStorage({ items: { [HISTORY_KEY]: "[oops" } })), []);
    assert.deepEqual(readHistory(new FakeStorage({ failing: true })), []);
  });

  test("a refusing storage loses the entry, never throws", () => {
    assert.doesNotThrow(() => addToHistory(entry(), new FakeStorage({ failing: true })));
  });

  test("clearing empties it", () => {
    const storage = new FakeStorage();
    addToHistory(entry(), storage);
    clearHistory(storage);
    assert.deepEqual(readHistory(storage), []);
  });
});

describe("statistics", () => {
  test("matches and deals count every match; the win rate and game points only those against the computer", () => {
    const history = [
      entry({ winner: 0, gamePoints: [7, 2], deals: 3 }),
      entry({ winner: 1, gamePoints: [4, 7], deals: 5 }),
      entry({ winner: 0, gamePoints: [8, 6], deals: 6 }),
      entry({ opponent: "human", winner: 1, gamePoints: [1, 7], deals: 2 }),
    ];
    assert.deepEqual(statistics(history), {
      matches: 4,
      deals: 16,
      winRate: 67,
      gamePointsFor: 19,
      gamePointsAgainst: 15,
    });
  });

  test("no match against the computer: no win rate", () => {
    assert.equal(statistics([]).winRate, null);
    assert.equal(statistics([entry({ opponent: "human" })]).winRate, null);
  });

  test("an entry without a deal count counts no deals", () => {
    assert.equal(statistics([entry({ deals: undefined })]).deals, 0);
  });
});
