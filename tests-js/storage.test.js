import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  addToHistory,
  clearHistory,
  currentSlot,
  deleteSave,
  listSaves,
  markRefused,
  readEarlierMatches,
  readHistory,
  readSave,
  readSavedMatch,
  recordIsNewer,
  rememberTabSlot,
  SAVE_VERSION,
  saveMatch,
  setAsideUnreadableHistory,
  setStorageNamespace,
  startSlot,
  upgradeSave,
  useSlot,
} from "../web/js/storage.js";
import { FakeStorage } from "./fakes.js";

const HISTORY_KEY = "otv66.history";
/** The storage key of `name` in the game's namespace. */
const key = (name) => `otv66.${name}`;
const STATE = { phase: "human_moves", deal: { legal_moves: ["AH"] } };
/** A match the person has played in: he led the first deal's first card (the computer dealt). */
const RECORD = {
  format: "otv66-record/1",
  players: ["Player", "Computer (club)"],
  deals: [{ dealer: 1, moves: ["AH"] }],
};
const META = { opponent: "computer", level: "club", finished: false };

/** A storage holding `text` as the saved match. */
const withSave = (text) =>
  new FakeStorage({ items: { [key("slot.s1")]: text, [key("slots")]: '["s1"]', [key("current")]: "s1" } });

/** A finished match for the history. */
const entry = (overrides = {}) => ({
  date: 0,
  opponent: "computer",
  level: "club",
  winner: 0,
  gamePoints: [7, 3],
  deals: 4,
  undos: 1,
  hints: 2,
  rules: null,
  token: null,
  ...overrides,
});

/** The rules a finished match was played with (otv66/rules.py `Rules.to_dict`). */
const RULES = { must_beat: true, claim: "manual", dealer: "alternate", draw_bonus: false, target: 11 };

/** A game link token as the engine writes it (otv66/links.py: "g1." and URL-safe base64). */
const TOKEN = "g1.eNqdk02L2zAQhv9K0akFlVq-_Ly";

describe("the saved match", () => {
  test("a saved match reads back with its record, how it is played, its public state and the save's version", () => {
    const storage = new FakeStorage();
    assert.equal(saveMatch(startSlot(storage), RECORD, { ...META, state: STATE }, storage), true);
    const read = readSavedMatch(storage);
    assert.equal(read.status, "ok");
    assert.deepEqual(read.save.record, RECORD);
    assert.deepEqual(read.save.state, STATE);
    assert.equal(read.save.opponent, "computer");
    assert.equal(read.save.level, "club");
    assert.equal(read.save.finished, false);
    assert.equal(read.save.version, SAVE_VERSION);
    assert.equal(read.save.id, currentSlot(storage));
    assert.equal(typeof read.save.savedAt, "number");
  });

  test("nothing saved, or a storage that refuses to be read: none", () => {
    assert.deepEqual(readSavedMatch(new FakeStorage()), { status: "none" });
    assert.deepEqual(readSavedMatch(new FakeStorage({ failing: true })), { status: "none" });
  });

  test("a storage that refuses to save (a full quota): false, and no exception", () => {
    assert.equal(saveMatch("s1", RECORD, META, new FakeStorage({ failing: true })), false);
  });

  test("text that is not JSON is corrupt, with the parser's message, and stays stored", () => {
    const storage = withSave("{cut sho");
    const read = readSavedMatch(storage);
    assert.equal(read.status, "corrupt");
    assert.match(read.message, /JSON/);
    assert.equal(storage.getItem(key("slot.s1")), "{cut sho");
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

  test("a save from a newer page, or without a whole version number, is newer: kept byte for byte", () => {
    for (const version of [SAVE_VERSION + 1, undefined, "1", 1.5]) {
      const text = JSON.stringify({ version, record: RECORD });
      const storage = withSave(text);
      assert.deepEqual(readSavedMatch(storage), { status: "newer" }, String(version));
      saveMatch(startSlot(storage), RECORD, META, storage); // the page starts another match beside it
      assert.equal(storage.getItem(key("slot.s1")), text, String(version));
      assert.equal(listSaves(storage).length, 2);
    }
  });

  test("a version 1 save (one key) moves into a slot of its own, upgraded, and the old key goes", () => {
    const old = { version: 1, savedAt: 5, ...META, record: RECORD };
    const storage = new FakeStorage({ items: { [key("match")]: JSON.stringify(old) } });
    const read = readSavedMatch(storage);
    assert.equal(read.status, "ok");
    assert.deepEqual(read.save, { ...old, version: SAVE_VERSION, id: currentSlot(storage), state: null });
    assert.equal(storage.getItem(key("match")), null);
    assert.deepEqual(readSavedMatch(storage), read);
  });

  test("a version 1 save that cannot be moved (a full storage) stays where it is", () => {
    const text = JSON.stringify({ version: 1, ...META, record: RECORD });
    const storage = new FakeStorage({ items: { [key("match")]: text } });
    storage.setItem = () => {
      throw new DOMException("full", "QuotaExceededError");
    };
    assert.equal(readSavedMatch(storage).status, "ok");
    assert.equal(storage.getItem(key("match")), text);
  });

  test("a newer version 1-key save is left untouched", () => {
    const text = JSON.stringify({ version: SAVE_VERSION + 1, record: RECORD });
    const storage = new FakeStorage({ items: { [key("match")]: text } });
    assert.deepEqual(readSavedMatch(storage), { status: "newer" });
    assert.equal(storage.getItem(key("match")), text);
  });

  test("upgrading: versions 0 and 1 gain the slot id and an empty public state; version 2 keeps its state", () => {
    for (const version of [0, 1]) {
      assert.deepEqual(upgradeSave({ version, record: RECORD }, "x"), {
        status: "ok",
        save: { version: SAVE_VERSION, record: RECORD, id: "x", state: null },
      });
    }
    const current = { version: 2, record: RECORD, state: STATE };
    assert.deepEqual(upgradeSave(current, "y"), { status: "ok", save: { ...current, id: "y" } });
  });

  test("a new match's slot takes the place of a match in which no card was played, of a record this page reads", () => {
    /** @param {Record<string, unknown>} record  @param {string | null} [format] the engine's */
    const keptBeside = (record, format = "otv66-record/2") => {
      const storage = new FakeStorage();
      saveMatch(startSlot(storage), { ...RECORD, ...record }, META, storage);
      startSlot(storage, format);
      return listSaves(storage).length === 1;
    };
    assert.equal(keptBeside({ deals: [] }), false, "not dealt yet");
    assert.equal(keptBeside({ deals: [{ dealer: 1, moves: [] }] }), false, "dealt, no card played");
    assert.equal(keptBeside({ deals: [{ dealer: 0, moves: ["AH"] }] }), true, "a card led");
    assert.equal(
      keptBeside({
        deals: [
          { dealer: 1, moves: ["AH", "KH"] },
          { dealer: 1, moves: [] },
        ],
      }),
      true,
    );
    assert.equal(keptBeside({ format: "otv66-record/9", deals: [] }), true, "a newer page's: only it reads it");
    assert.equal(keptBeside({ deals: "damaged" }), true, "damaged: kept as it is");
    assert.equal(keptBeside({ deals: [{ dealer: 1 }] }), true);
    assert.equal(keptBeside({ deals: [] }, null), true, "the engine's format unknown: every match is kept");
  });

  test("a new match gets its own slot: the unfinished one before stays resumable, a finished one goes", () => {
    const storage = new FakeStorage();
    saveMatch(startSlot(storage), RECORD, META, storage);
    const first = currentSlot(storage);
    saveMatch(startSlot(storage), { ...RECORD, seed: 2 }, { ...META, finished: true }, storage);
    assert.notEqual(currentSlot(storage), first);
    assert.deepEqual(
      listSaves(storage)
        .map((slot) => slot.id)
        .sort(),
      [currentSlot(storage), first].sort(),
    );
    startSlot(storage); // the finished match is in the history: its slot goes
    assert.deepEqual(
      listSaves(storage).map((slot) => slot.id),
      [first],
    );
    useSlot(first, storage);
    assert.equal(readSavedMatch(storage).status, "ok");
  });

  test("each tab writes into its own match's slot, whichever match the other tab saved last", () => {
    const storage = new FakeStorage();
    const mine = startSlot(storage);
    saveMatch(mine, RECORD, META, storage);
    const theirs = startSlot(storage);
    saveMatch(theirs, { ...RECORD, seed: 2 }, META, storage);
    saveMatch(mine, { ...RECORD, seed: 3 }, META, storage);
    assert.equal(readSave(theirs, storage).save.record.seed, 2);
    assert.equal(readSave(mine, storage).save.record.seed, 3);
    assert.equal(currentSlot(storage), mine); // the match saved last is the one the next visit resumes
  });

  test("a save the engine refused to resume reads as unreadable from then on, kept as it was", () => {
    // History offered "Continue" on it again and again, each press starting another empty match.
    const storage = new FakeStorage();
    saveMatch("s1", RECORD, META, storage);
    const before = JSON.parse(storage.getItem(key("slot.s1")));
    markRefused("s1", "The game record is damaged.", storage);
    assert.deepEqual(readSave("s1", storage), { status: "corrupt", message: "The game record is damaged." });
    const kept = JSON.parse(storage.getItem(key("slot.s1")));
    assert.deepEqual({ ...kept, refused: undefined }, { ...before, refused: undefined }, "its record is kept");
    assert.deepEqual(
      listSaves(storage).map((slot) => slot.reading.status),
      ["corrupt"],
    );
    markRefused("gone", "x", storage); // no such slot: nothing written
    assert.equal(storage.getItem(key("slot.gone")), null);
  });

  test("a pointer to the current match that names no slot: the latest save that reads is resumed", () => {
    // A garbled "current" started a new match without a word, the match in play left in History.
    const storage = new FakeStorage();
    saveMatch("s1", RECORD, { ...META, level: "beginner" }, storage);
    saveMatch("s2", RECORD, META, storage);
    storage.setItem(key("slot.s0"), "{oops");
    storage.setItem(key("current"), "garbage");
    const reading = readSavedMatch(storage);
    assert.equal(reading.status, "ok");
    assert.equal(reading.save.id, listSaves(storage)[0].id);
    assert.equal(currentSlot(storage), reading.save.id);
    assert.equal(readSavedMatch(new FakeStorage({ items: { [key("current")]: "x" } })).status, "none", "no saves");
  });

  test("deleting a save forgets its slot, and does not throw on a refusing storage", () => {
    const storage = new FakeStorage();
    saveMatch(startSlot(storage), RECORD, META, storage);
    deleteSave(/** @type {string} */ (currentSlot(storage)), storage);
    assert.deepEqual(readSavedMatch(storage), { status: "none" });
    assert.deepEqual(listSaves(storage), []);
    assert.doesNotThrow(() => deleteSave("x", new FakeStorage({ failing: true })));
  });

  test("an unreadable list of slots hides no saved match, nor the next match's", () => {
    const storage = new FakeStorage();
    const older = startSlot(storage);
    saveMatch(older, RECORD, META, storage);
    const newer = startSlot(storage);
    saveMatch(newer, { ...RECORD, seed: 2 }, META, storage);
    storage.setItem(key("slots"), `["${older}", "mx7`);
    storage.setItem("otv66.preview.slot.p1", "{}"); // another namespace's slot is not one of these
    assert.deepEqual(
      listSaves(storage)
        .map((slot) => slot.id)
        .sort(),
      [older, newer].sort(),
    );
    const third = startSlot(storage);
    saveMatch(third, { ...RECORD, seed: 3 }, META, storage);
    assert.deepEqual(
      listSaves(storage)
        .map((slot) => slot.id)
        .sort(),
      [older, newer, third].sort(),
    );
  });

  test("two tabs each playing a match of its own each get their own back, whichever saved last", () => {
    const storage = new FakeStorage();
    const [firstTab, secondTab] = [new FakeStorage(), new FakeStorage()];
    const first = startSlot(storage);
    rememberTabSlot(first, firstTab);
    saveMatch(first, RECORD, META, storage);
    const second = startSlot(storage);
    rememberTabSlot(second, secondTab);
    saveMatch(second, { ...RECORD, seed: 2 }, META, storage);
    saveMatch(first, RECORD, META, storage); // the first tab saved last
    assert.equal(readSavedMatch(storage, secondTab).save.id, second);
    assert.equal(currentSlot(storage), second, "the next match of that tab leaves this one in its slot");
    assert.equal(readSavedMatch(storage, firstTab).save.id, first);
    assert.equal(readSavedMatch(storage, new FakeStorage()).save.id, first, "a new tab: the match saved last");
  });

  test("a tab whose own match is finished or gone gets the current match", () => {
    const storage = new FakeStorage();
    const tab = new FakeStorage();
    const own = startSlot(storage);
    rememberTabSlot(own, tab);
    const other = "another-tabs-match";
    saveMatch(other, { ...RECORD, seed: 2 }, META, storage);
    saveMatch(own, RECORD, { ...META, finished: true }, storage); // saved last, its result seen
    assert.equal(readSavedMatch(storage, tab).save.id, own, "the current match: that tab's finished one");
    useSlot(other, storage);
    assert.equal(readSavedMatch(storage, tab).save.id, other, "the current match, not the tab's finished one");
    rememberTabSlot("gone", tab);
    assert.equal(readSavedMatch(storage, tab).save.id, other);
  });

  test("another namespace (the Embed preview) never sees or touches the player's saves", () => {
    const storage = new FakeStorage();
    saveMatch(startSlot(storage), RECORD, META, storage);
    setStorageNamespace("otv66.preview.");
    try {
      assert.deepEqual(readSavedMatch(storage), { status: "none" });
      saveMatch(startSlot(storage), { ...RECORD, seed: 9 }, META, storage);
    } finally {
      setStorageNamespace("otv66.");
    }
    assert.deepEqual(readSavedMatch(storage).save.record, RECORD);
  });
});

describe("a save's record format", () => {
  const save = (format) => ({ record: { format } });

  test("newer than the engine's is a newer page's match; the same or older, or none, is not", () => {
    assert.equal(recordIsNewer(save("otv66-record/3"), "otv66-record/2"), true);
    assert.equal(recordIsNewer(save("otv66-record/2"), "otv66-record/2"), false);
    assert.equal(recordIsNewer(save("otv66-record/1"), "otv66-record/2"), false);
    assert.equal(recordIsNewer(save(undefined), "otv66-record/2"), false);
    assert.equal(recordIsNewer(save("otv66-record/10"), "otv66-record/9"), true, "by number, not by letters");
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

  test("a history that does not read is kept aside when the next match is added, not written over", () => {
    const damaged = '[{"date": 1, "opponent": "computer", "winn';
    const storage = new FakeStorage({ items: { [HISTORY_KEY]: damaged } });
    assert.deepEqual(readHistory(storage), []);
    addToHistory(entry({ date: 2 }), storage);
    assert.equal(storage.getItem(`${HISTORY_KEY}.unreadable`), damaged);
    assert.deepEqual(
      readHistory(storage).map((e) => e.date),
      [2],
    );
    addToHistory(entry({ date: 3 }), storage);
    assert.equal(storage.getItem(`${HISTORY_KEY}.unreadable`), damaged, "a readable history is not put aside");
  });

  test("a second history that does not read is kept aside beside the first, not over it", () => {
    const first = '[{"date": 1, "opponent": "computer", "winn';
    const second = '[{"date": 5, "gamePoi';
    const storage = new FakeStorage({ items: { [HISTORY_KEY]: first } });
    addToHistory(entry({ date: 2 }), storage);
    storage.setItem(HISTORY_KEY, second);
    addToHistory(entry({ date: 6 }), storage);
    assert.equal(storage.getItem(`${HISTORY_KEY}.unreadable`), first);
    assert.equal(storage.getItem(`${HISTORY_KEY}.unreadable.2`), second);
    storage.setItem(HISTORY_KEY, first);
    addToHistory(entry({ date: 7 }), storage);
    assert.equal(storage.getItem(`${HISTORY_KEY}.unreadable.3`), null, "a text already kept aside is not kept twice");
  });

  test("a history that does not read, whole or in part, is set aside at once, its readable entries kept", () => {
    // History said "No finished matches yet" and the statistics were gone, without a word to the player.
    const damaged = '[{"date": 1, "opponent": "computer", "winn';
    const whole = new FakeStorage({ items: { [HISTORY_KEY]: damaged } });
    assert.equal(setAsideUnreadableHistory(whole), true);
    assert.equal(whole.getItem(`${HISTORY_KEY}.unreadable`), damaged);
    assert.deepEqual(readHistory(whole), []);
    assert.equal(setAsideUnreadableHistory(whole), false, "told once");

    const mixed = JSON.stringify([entry({ date: 4 }), { x: 1 }, 5, null]);
    const part = new FakeStorage({ items: { [HISTORY_KEY]: mixed } });
    assert.equal(setAsideUnreadableHistory(part), true);
    assert.equal(part.getItem(`${HISTORY_KEY}.unreadable`), mixed);
    assert.deepEqual(
      readHistory(part).map((e) => e.date),
      [4],
    );
  });

  test("a history that reads, or none at all, is left alone", () => {
    const storage = new FakeStorage();
    assert.equal(setAsideUnreadableHistory(storage), false);
    addToHistory(entry(), storage);
    assert.equal(setAsideUnreadableHistory(storage), false);
    assert.equal(storage.getItem(`${HISTORY_KEY}.unreadable`), null);
    assert.equal(setAsideUnreadableHistory(new FakeStorage({ failing: true })), false);
  });

  test("only the last 200 matches are listed; the earlier ones count on in sums, cleared with the history", () => {
    const storage = new FakeStorage();
    for (let date = 1; date <= 205; date++) addToHistory(entry({ date, winner: date % 2 }), storage);
    const history = readHistory(storage);
    assert.equal(history.length, 200);
    assert.equal(history[0].date, 205);
    assert.equal(history[199].date, 6);
    const { gamePoints, deals, level } = entry();
    assert.deepEqual(readEarlierMatches(storage), {
      [`level:${level}`]: { matches: 5, wins: 2, points: 5 * gamePoints[0], deals: 5 * deals }, // dates 1 to 5
    });
    clearHistory(storage);
    assert.deepEqual([readHistory(storage), readEarlierMatches(storage)], [[], {}]);
  });

  test("sums of earlier matches that do not read are left out", () => {
    const earlier = (/** @type {unknown} */ value) =>
      readEarlierMatches(new FakeStorage({ items: { [`${HISTORY_KEY}.earlier`]: JSON.stringify(value) } }));
    const good = { matches: 3, wins: 1, points: 9, deals: 14 };
    const named = { "level:expert": good, human: { ...good, wins: 4 }, "level:": { ...good, deals: -1 }, other: good };
    assert.deepEqual(earlier(named), { "level:expert": good }, "a group of sums that read, under a name groupOf gives");
    assert.deepEqual(earlier([good]), {});
    assert.deepEqual(readEarlierMatches(new FakeStorage({ items: { [`${HISTORY_KEY}.earlier`]: "{oops" } })), {});
  });

  test("entries without game points and history that is not a list are left out", () => {
    const items = { [HISTORY_KEY]: JSON.stringify([entry(), null, { date: 3 }, entry({ gamePoints: "7:3" })]) };
    assert.deepEqual(readHistory(new FakeStorage({ items })), [entry()]);
    assert.deepEqual(readHistory(new FakeStorage({ items: { [HISTORY_KEY]: '{"a": 1}' } })), []);
    assert.deepEqual(readHistory(new FakeStorage({ items: { [HISTORY_KEY]: "[oops" } })), []);
    assert.deepEqual(readHistory(new FakeStorage({ failing: true })), []);
  });

  test("what an entry holds besides its game points is cleaned: no markup or text reaches the page as a number", () => {
    const hostile = {
      ...{ date: "<img>", opponent: "<b>", level: 5, winner: "0", gamePoints: [7, 3], deals: "<i>" },
      ...{ undos: "<u>", hints: [2] },
    };
    assert.deepEqual(readHistory(new FakeStorage({ items: { [HISTORY_KEY]: JSON.stringify([hostile]) } })), [
      {
        date: 0,
        opponent: "computer",
        level: null,
        winner: null,
        gamePoints: [7, 3],
        deals: 0,
        undos: 0,
        hints: 0,
        rules: null,
        token: null,
      },
    ]);
    const text = JSON.stringify([entry({ gamePoints: ["<img src=x onerror=alert(1)>", 3] })]);
    assert.deepEqual(readHistory(new FakeStorage({ items: { [HISTORY_KEY]: text } })), []);
  });

  test("a match keeps its rules, which tell apart matches played with different ones", () => {
    const storage = new FakeStorage();
    addToHistory(entry({ rules: RULES }), storage);
    assert.deepEqual(readHistory(storage), [entry({ rules: RULES })]);
  });

  test("an entry from before the rules were kept, or with rules of the wrong kind, is kept without them", () => {
    const { rules, ...old } = entry();
    const broken = [{ ...RULES, target: "11" }, { ...RULES, target: 0 }, { ...RULES, must_beat: "yes" }, "<b>", 7];
    const stored = [old, ...broken.map((wrong) => entry({ rules: wrong }))];
    const items = { [HISTORY_KEY]: JSON.stringify(stored) };
    assert.equal(rules, null);
    assert.deepEqual(
      readHistory(new FakeStorage({ items })),
      stored.map(() => entry()),
    );
  });

  test("a match keeps its game link token for its replay", () => {
    const storage = new FakeStorage();
    addToHistory(entry({ token: TOKEN }), storage);
    assert.deepEqual(readHistory(storage), [entry({ token: TOKEN })]);
  });

  test("an entry from before there were tokens is kept without one", () => {
    const { token, ...old } = entry();
    const items = { [HISTORY_KEY]: JSON.stringify([old]) };
    assert.equal(token, null);
    assert.deepEqual(readHistory(new FakeStorage({ items })), [entry()]);
  });

  test("an entry from before undos and hints were counted counts none", () => {
    const { undos, hints, ...old } = entry();
    const items = { [HISTORY_KEY]: JSON.stringify([old]) };
    assert.deepEqual([undos, hints], [1, 2]);
    assert.deepEqual(readHistory(new FakeStorage({ items })), [entry({ undos: 0, hints: 0 })]);
  });

  test("a token with characters a link's address would read otherwise drops only the link, never the match", () => {
    const broken = [
      'g1.abc" onclick="alert(1)',
      "javascript:alert(1)",
      "g1.abc#deal=d1.x",
      "g1.abc def",
      42,
      { token: TOKEN },
    ];
    const items = { [HISTORY_KEY]: JSON.stringify(broken.map((token, date) => entry({ date, token }))) };
    assert.deepEqual(
      readHistory(new FakeStorage({ items })),
      broken.map((_, date) => entry({ date })),
    );
  });

  test("sums of the earlier matches the storage refuses: the entry is not taken, and no match leaves the list", () => {
    // Past 200 matches the list was written without its oldest, whose sums the storage then refused: History's
    // statistics stopped counting it, without a word.
    const storage = new FakeStorage();
    for (let date = 1; date <= 200; date++) addToHistory(entry({ date }), storage);
    const listed = storage.getItem(HISTORY_KEY);
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (name, value) => {
      if (name === `${HISTORY_KEY}.earlier`) throw new DOMException("full", "QuotaExceededError");
      setItem(name, value);
    };
    assert.equal(addToHistory(entry({ date: 201 }), storage), false);
    assert.equal(storage.getItem(HISTORY_KEY), listed, "the list as it was");
    assert.deepEqual(readEarlierMatches(storage), {});
  });

  test("a refusing storage (full) takes no entry and says so, never throws", () => {
    // The page then keeps the finished match's save and tells the player: the match vanished without a word.
    assert.equal(addToHistory(entry(), new FakeStorage({ failing: true })), false);
    const storage = new FakeStorage();
    assert.equal(addToHistory(entry(), storage), true);
  });

  test("clearing empties it", () => {
    const storage = new FakeStorage();
    addToHistory(entry(), storage);
    clearHistory(storage);
    assert.deepEqual(readHistory(storage), []);
  });
});
