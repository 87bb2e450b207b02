import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";
import { playersText } from "../web/js/friend-status.js";
import { exportText, importedSaves, storedMatches, storeMatch } from "../web/js/friend-store.js";
import { FakeStorage, pageLanguage, withGlobal } from "./fakes.js";

let restoreStorage;
beforeEach(() => {
  restoreStorage = withGlobal("localStorage", new FakeStorage());
});
afterEach(() => restoreStorage());

/** A friend state as the bridge gives it (only what the store reads). */
const state = (id, status) => ({ id, status, players: ["Ana", "Bo"] });

describe("friend matches kept on this device", () => {
  test("a backup holds every match's save and gives them back", () => {
    storeMatch(state("m1", "play"), "saved-1");
    storeMatch(state("m2", "wait"), "saved-2");
    assert.deepEqual(importedSaves(exportText()).sort(), ["saved-1", "saved-2"]);
  });

  test("a newer save of a match replaces the older one", () => {
    storeMatch(state("m1", "play"), "saved-1");
    storeMatch(state("m1", "wait"), "saved-1b");
    assert.deepEqual(
      storedMatches().map((m) => [m.saved, m.state.status]),
      [["saved-1b", "wait"]],
    );
  });

  test("text that is not a backup is refused", () => {
    assert.throws(() => importedSaves(JSON.stringify({ version: 99, matches: [] })), { reason: "friend_backup" });
    assert.throws(() => importedSaves("{not json"), { reason: "friend_backup" });
  });

  test("storage of another version is left alone, not written over", () => {
    localStorage.setItem("otv66.friend", JSON.stringify({ version: 99, matches: {} }));
    assert.throws(() => storeMatch(state("m1", "play"), "saved-1"), { reason: "friend_store_version" });
    assert.equal(localStorage.getItem("otv66.friend"), JSON.stringify({ version: 99, matches: {} }));
  });

  test("a state stored by an earlier engine, which held '?' for the friend not named yet, reads as not named", () => {
    const earlier = (seat, players) => ({ id: `m${seat}`, seat, status: "wait", players, game_points: [0, 0] });
    const stored = {
      m0: { saved: "saved-0", state: earlier(0, ["Ana", "?"]), updated: 2 },
      m1: { saved: "saved-1", state: earlier(1, ["?", "Bo"]), updated: 1 }, // an inviter who calls himself "?"
    };
    localStorage.setItem("otv66.friend", JSON.stringify({ version: 1, matches: stored }));
    const [ana, bo] = storedMatches().map((m) => m.state);
    assert.deepEqual(
      [ana.players, bo.players],
      [
        ["Ana", null],
        ["?", "Bo"],
      ],
    );
    const restoreLanguage = pageLanguage("sr-Latn");
    try {
      assert.equal(playersText(ana), "Ana – prijatelj 0:0");
    } finally {
      restoreLanguage();
    }
    storeMatch({ ...ana, players: ["Ana", "Bo"] }, "saved-0b"); // the engine named him: stored as it says
    assert.deepEqual(
      storedMatches().map((m) => m.state.players),
      [
        ["Ana", "Bo"],
        ["?", "Bo"],
      ],
    );
  });
});
