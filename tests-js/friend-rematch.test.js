import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { acceptedRematch, crossing, ownNameWith, rematchOf } from "../web/js/friend-rematch.js";

/**
 * A match as friend-store.js keeps it on `me`'s device: at `seat` 0 he invited (`friend` null until the answer is
 * read); `rematch` what it is a rematch of.
 */
const kept = (id, { me = "Ana", friend = "Bo", seat = 0, status = "wait", rematch, withdrawn } = {}) => ({
  saved: `saved-${id}`,
  state: { id, seat, status, players: seat === 0 ? [me, friend] : [friend, me] },
  updated: 0,
  ...(rematch && { rematch }),
  ...(withdrawn && { withdrawn }),
});
const FINISHED = kept("F", { status: "over" });
const OF_F = { of: "F", friend: "Bo" };

describe("the rematch of a finished match", () => {
  test("is the one made for it and still going on: pressing Rematch again shows it", () => {
    const made = kept("R", { friend: null, rematch: OF_F });
    assert.equal(rematchOf("F", [made, FINISHED]), made);
    assert.equal(rematchOf("F", [FINISHED]), null);
  });

  test("is none once it is over or withdrawn (a new one can be made)", () => {
    const over = kept("R1", { status: "over", rematch: OF_F });
    const withdrawn = kept("R2", { friend: null, rematch: OF_F, withdrawn: true });
    assert.equal(rematchOf("F", [withdrawn, over, FINISHED]), null);
  });
});

describe("an invitation accepted from a friend played here before", () => {
  test("is the rematch of the newest match with him: Rematch pressed there shows it, not a second invitation", () => {
    // Bo accepted Ana's invitation before her last link came; that link ended his match, and Rematch made a second
    // match: two of them, each waiting for links.
    const older = kept("O", { me: "Bo", friend: "Ana", seat: 1, status: "over" });
    const last = kept("L", { me: "Bo", friend: "Ana", seat: 1, status: "wait" });
    assert.deepEqual(acceptedRematch("Ana", [last, older]), { of: "L", friend: "Ana" });
    assert.equal(acceptedRematch("Eva", [last, older]), undefined, "a friend new here: a match as any other");
    const accepted = kept("N", { me: "Bo", friend: "Ana", seat: 1, rematch: { of: "L", friend: "Ana" } });
    assert.equal(rematchOf("L", [accepted, { ...last, state: { ...last.state, status: "over" } }, older]), accepted);
  });
});

describe("rematch invitations that cross", () => {
  /** Each player's own unanswered rematch invitation to the other, as his device keeps it. */
  const anas = [kept("Kq3", { friend: null, rematch: OF_F }), FINISHED];
  const bos = [kept("Zx9", { me: "Bo", friend: null, rematch: { of: "F", friend: "Ana" } })];

  test("both pages choose the same one: the page whose invitation sorts after accepts the other's", () => {
    assert.equal(crossing("Bo", "Zx9", anas)?.kind, "keep");
    assert.equal(crossing("Ana", "Kq3", bos)?.kind, "accept");
    assert.equal(crossing("Ana", "Kq3", bos)?.match.state.id, "Zx9", "the invitation it withdraws");
  });

  test("a rematch already under way with him is said to be (his invitation came late)", () => {
    const playing = [kept("Kq3", { status: "play", rematch: OF_F }), FINISHED];
    assert.equal(crossing("Bo", "Zx9", playing)?.kind, "playing");
  });

  test("an invitation from another friend, or with no rematch going on, crosses nothing", () => {
    assert.equal(crossing("Cvijeta", "Zx9", anas), null);
    assert.equal(crossing("Bo", "Zx9", [FINISHED]), null);
    assert.equal(crossing("Bo", "Zx9", [kept("Kq3", { friend: null, rematch: OF_F, withdrawn: true })]), null);
  });
});

describe("the name an answer to a friend's invitation is filled in with", () => {
  test("is the player's own in the newest match kept here against that friend, whichever seat he had", () => {
    const older = kept("O", { me: "Ana", friend: "Bo", status: "over" });
    const newer = kept("N", { me: "Anica", friend: "Bo", seat: 1, status: "over" });
    assert.equal(ownNameWith("Bo", [newer, older]), "Anica");
    assert.equal(ownNameWith("Bo", [older]), "Ana");
  });

  test("is none for a friend not played here (nor for one whose answer to an invitation is still awaited)", () => {
    assert.equal(ownNameWith("Cvijeta", [FINISHED]), null);
    assert.equal(ownNameWith("Bo", [kept("W", { friend: null })]), null);
    assert.equal(ownNameWith("Bo", []), null);
  });
});
