import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { EngineError } from "../web/js/engine.js";
import { linkInLocation, linkUrl, startSharedDeal } from "../web/js/share.js";

describe("links in the URL", () => {
  test("a deal link and a game link are read from the fragment", () => {
    assert.deepEqual(linkInLocation({ hash: "#deal=d1.eNqrVg" }), { kind: "deal", token: "d1.eNqrVg" });
    assert.deepEqual(linkInLocation({ hash: "#game=g1.eNq-_x" }), { kind: "game", token: "g1.eNq-_x" });
  });

  test("no fragment, or a fragment without a link: none", () => {
    assert.equal(linkInLocation({ hash: "" }), null);
    assert.equal(linkInLocation({ hash: "#" }), null);
    assert.equal(linkInLocation({ hash: "#settings" }), null);
    assert.equal(linkInLocation({ hash: "#seed=4" }), null);
  });

  test("a link as a chat or a mail brings it: what was added to it is no part of its token", () => {
    assert.deepEqual(linkInLocation({ hash: "#game=g1.eNq-_x." }), { kind: "game", token: "g1.eNq-_x" });
    assert.deepEqual(linkInLocation({ hash: "#deal%3Dd1.eNq%0Ar%3E" }), { kind: "deal", token: "d1.eNqr" });
  });

  test("an empty token is still a link (the engine says it does not read)", () => {
    assert.deepEqual(linkInLocation({ hash: "#deal=" }), { kind: "deal", token: "" });
  });

  test("a deal link opens the game page, a game link the replay page, beside the current page", () => {
    const base = "https://cards.example/66/index.html?lang=en&seed=4#deal=old";
    assert.equal(linkUrl("deal", "d1.abc", base), "https://cards.example/66/index.html#deal=d1.abc");
    assert.equal(linkUrl("game", "g1.xyz", base), "https://cards.example/66/replay.html#game=g1.xyz");
    assert.equal(
      linkUrl("game", "g1.xyz", "https://cards.example/66/replay.html#game=g1.old"),
      "https://cards.example/66/replay.html#game=g1.xyz",
    );
  });

  test("a game link opened on the game page goes on to the replay page in the language asked for there", () => {
    const base = "https://cards.example/66/index.html?lang=sr-Latn&seed=4#game=g1.xyz";
    assert.equal(
      linkUrl("game", "g1.xyz", base, ["lang"]),
      "https://cards.example/66/replay.html?lang=sr-Latn#game=g1.xyz",
    );
    assert.equal(
      linkUrl("game", "g1.xyz", "https://cards.example/66/index.html#game=g1.xyz", ["lang"]),
      "https://cards.example/66/replay.html#game=g1.xyz",
    );
  });

  test("a link made from a token reads back as the same token", () => {
    for (const kind of ["deal", "game"]) {
      const token = `${kind[0]}1.eNqrVipLLSrOzM9TslIyUtJRKs5ILUpVsjLUUUrOzytJzSsBAOsYCwE`;
      assert.deepEqual(linkInLocation(new URL(linkUrl(kind, token, "http://127.0.0.1:8066/"))), { kind, token });
    }
  });
});

/** An engine that answers bridge calls from `answers` and keeps the calls it got. */
function fakeEngine(answers) {
  const calls = [];
  return {
    calls,
    call: async (method, params = {}) => {
      calls.push([method, params]);
      return answers[method];
    },
  };
}

describe("starting a shared deal", () => {
  const rules = { must_beat: true, claim: "manual", dealer: "winner", draw_bonus: false, target: 7 };

  test("a new match with the given seats under the link's rules and first dealer, then its deal with the link's seed and packets", async () => {
    const engine = fakeEngine({
      open_link: { kind: "deal", seed: 1234, dealer: 1, packets: [2, 2, 2, 2], rules },
      new_match: { match: {}, deal: null, undo_count: 0 },
      new_deal: { match: {}, deal: { number: 1 }, undo_count: 0 },
    });
    const seats = { opponent: "computer", level: "club" };
    const state = await startSharedDeal(engine, "d1.token", seats);
    assert.deepEqual(engine.calls, [
      ["open_link", { token: "d1.token", kind: "deal" }],
      ["new_match", { rules, first_dealer: 1, opponent: "computer", level: "club" }],
      ["new_deal", { seed: 1234, packets: [2, 2, 2, 2] }],
    ]);
    assert.deepEqual(state.deal, { number: 1 });
  });

  test("the engine is asked for a deal only: its refusal of a game link (naming both kinds) starts no match", async () => {
    const refusal = new EngineError("invalid_link", "this is a game link, not a deal link", "link_wrong_kind", {
      found: "game",
      wanted: "deal",
    });
    const calls = [];
    const engine = {
      call: async (method, params = {}) => {
        calls.push([method, params]);
        if (method === "open_link" && params.kind === "deal" && params.token.startsWith("g1.")) throw refusal;
        return {};
      },
    };
    await assert.rejects(startSharedDeal(engine, "g1.token", { opponent: "hotseat" }), refusal);
    assert.deepEqual(calls, [["open_link", { token: "g1.token", kind: "deal" }]]);
  });
});
