import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";
import { resetDeviceStorage } from "../web/js/device-storage.js";
import { playersText } from "../web/js/friend-status.js";
import {
  exportText,
  importedSaves,
  setAsideDamagedStore,
  storedMatches,
  storeMatch,
  storeTrouble,
  withdrawInvitation,
} from "../web/js/friend-store.js";
import { FakeStorage, pageLanguage, withGlobal } from "./fakes.js";

let restoreStorage;
beforeEach(() => {
  restoreStorage = withGlobal("localStorage", new FakeStorage());
  resetDeviceStorage(); // the store reaches this test's storage through deviceStorage
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

  test("a store cut short is put aside, and the saves still legible in it are given back to keep again", () => {
    storeMatch(state("m1", "play"), 'saved-1 {"keys": "a\\"b"}');
    storeMatch(state("m2", "wait"), "saved-2");
    const whole = localStorage.getItem("otv66.friend");
    const cut = whole.slice(0, whole.indexOf("saved-2") + 4);
    localStorage.setItem("otv66.friend", cut);
    assert.equal(storeTrouble(), "unreadable");
    assert.deepEqual(storedMatches(), []);
    assert.deepEqual(importedSaves(exportText()), ['saved-1 {"keys": "a\\"b"}'], "Export gives what still reads");
    assert.deepEqual(setAsideDamagedStore(), ['saved-1 {"keys": "a\\"b"}']);
    assert.equal(localStorage.getItem("otv66.friend.unreadable"), cut, "the damaged text is kept aside");
    assert.equal(storeTrouble(), null, "an empty store begins, to keep them in again");
  });

  test("a store of a newer version is named so, and Export still gives its saves", () => {
    const newer = JSON.stringify({ version: 2, matches: { m1: { saved: "saved-1", state: {}, updated: 1 } } });
    localStorage.setItem("otv66.friend", newer);
    assert.equal(storeTrouble(), "newer");
    assert.deepEqual(importedSaves(exportText()), ["saved-1"]);
    assert.equal(localStorage.getItem("otv66.friend"), newer);
  });

  test("a rematch invitation keeps whom it is for through its later saves (the engine's invitation does not say)", () => {
    const invitation = { id: "m2", seat: 0, status: "wait", players: ["Bo", null] };
    storeMatch(invitation, "saved-2", { of: "m1", friend: "Ana" });
    storeMatch(invitation, "saved-2b");
    storeMatch({ ...invitation, status: "play", players: ["Bo", "Ana"] }, "saved-2c");
    assert.deepEqual(
      storedMatches().map((m) => [m.saved, m.rematch]),
      [["saved-2c", { of: "m1", friend: "Ana" }]],
    );
  });

  test("matches stored by a page from before rematches were kept read as matches that are none", () => {
    const stored = { m1: { saved: "saved-1", state: state("m1", "over"), updated: 1 } };
    localStorage.setItem("otv66.friend", JSON.stringify({ version: 1, matches: stored }));
    const [match] = storedMatches();
    assert.equal(match.saved, "saved-1");
    assert.equal(match.rematch, undefined);
    assert.equal(match.withdrawn, undefined);
    storeMatch(state("m2", "wait"), "saved-2", { of: "m1", friend: "Bo" });
    assert.equal(JSON.parse(localStorage.getItem("otv66.friend")).version, 1, "an earlier page still reads it");
  });

  test("a withdrawn invitation stays withdrawn until an answer to it comes all the same", () => {
    const invitation = { id: "m2", seat: 0, status: "wait", players: ["Bo", null] };
    storeMatch(invitation, "saved-2", { of: "m1", friend: "Ana" });
    withdrawInvitation("m2");
    storeMatch(invitation, "saved-2b"); // loaded again at the page's start
    assert.equal(storedMatches()[0].withdrawn, true);
    storeMatch({ ...invitation, status: "play", players: ["Bo", "Ana"] }, "saved-2c");
    assert.equal(storedMatches()[0].withdrawn, undefined);
    withdrawInvitation("m2"); // an answered invitation is a match: it is not withdrawn
    assert.equal(storedMatches()[0].withdrawn, undefined);
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
