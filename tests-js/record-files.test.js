import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { readableJson, recordFileName, recordFileToken, recordText } from "../web/js/record-files.js";

/** An engine that answers `answer` (its version: a record of at most 1,000 bytes) and keeps what it was asked. */
function engine(/** @type {unknown} */ answer) {
  const calls = /** @type {{method: string, params: any}[]} */ ([]);
  return {
    calls,
    call(/** @type {string} */ method, /** @type {any} */ params) {
      calls.push({ method, params });
      return Promise.resolve(method === "version" ? { record_max_bytes: 1000 } : answer);
    },
  };
}

describe("a match kept as a record file", () => {
  test("is named by its local date and time, so a day's matches are files in the order played", () => {
    const match = { opponent: /** @type {const} */ ("human"), level: null, gamePoints: [7, 5] };
    assert.equal(
      recordFileName({ ...match, date: new Date(2026, 11, 5, 9, 7).getTime() }),
      "otv66-2026-12-05-0907-7-5.json",
    );
    assert.equal(
      recordFileName({ ...match, date: new Date(2027, 0, 31, 18, 30).getTime() }),
      "otv66-2027-01-31-1830-7-5.json",
    );
  });

  test("names the computer's level and the game points, the person's first: who won, against whom", () => {
    const date = new Date(2026, 11, 5, 18, 30).getTime();
    const computer = /** @type {const} */ ("computer");
    assert.equal(
      recordFileName({ date, opponent: computer, level: "expert", gamePoints: [3, 7] }),
      "otv66-2026-12-05-1830-expert-3-7.json",
    );
    assert.equal(
      recordFileName({ date, opponent: computer, level: null, gamePoints: [7, 0] }),
      "otv66-2026-12-05-1830-7-0.json",
      "an entry from before levels were kept",
    );
    assert.equal(
      recordFileName({ date, opponent: computer, level: "../x", gamePoints: [7, 0] }),
      "otv66-2026-12-05-1830-7-0.json",
      "a stored level that is no name is no part of a file's name",
    );
  });

  test("holds the engine's record of the game link, indented for a person to read", async () => {
    const fake = engine({ format: "otv66-record/1", deals: [] });
    const text = await recordText(/** @type {any} */ (fake), "g1.abc");
    assert.deepEqual(fake.calls, [{ method: "game_record", params: { token: "g1.abc" } }]);
    assert.equal(text, '{\n  "format": "otv66-record/1",\n  "deals": []\n}\n');
  });

  test("is JSON with a deal's moves and layout each on one line", () => {
    const record = {
      players: ["Ana [A], ", "Bo"],
      deals: [{ moves: ["AH", "9H"], layout: [["KS", null]], result: { winner: 0, scores: [70, 20] } }],
      seed: 7,
      rules: {},
    };
    const text = readableJson(record);
    assert.deepEqual(JSON.parse(text), record, "the same record");
    assert.equal(
      text,
      [
        "{",
        '  "players": ["Ana [A], ","Bo"],',
        '  "deals": [',
        "    {",
        '      "moves": ["AH","9H"],',
        '      "layout": [',
        '        ["KS",null]',
        "      ],",
        '      "result": {',
        '        "winner": 0,',
        '        "scores": [70,20]',
        "      }",
        "    }",
        "  ],",
        '  "seed": 7,',
        '  "rules": {}',
        "}",
      ].join("\n"),
    );
  });
});

describe("a record file opened", () => {
  test("is read by the engine as its game link", async () => {
    const fake = engine({ token: "g1.xyz" });
    const file = new Blob(['{"format": "otv66-record/2"}']);
    assert.equal(await recordFileToken(/** @type {any} */ (fake), file), "g1.xyz");
    assert.deepEqual(fake.calls, [
      { method: "version", params: undefined },
      { method: "record_game_link", params: { text: '{"format": "otv66-record/2"}' } },
    ]);
  });

  test("longer than the engine reads is refused unread, as the engine refuses it", async () => {
    const fake = engine({ token: "g1.xyz" });
    const file = { size: 1001, text: () => assert.fail("a file too large is not read") };
    await assert.rejects(recordFileToken(/** @type {any} */ (fake), /** @type {any} */ (file)), {
      type: "invalid_record",
      reason: "record_too_large",
    });
    assert.deepEqual(
      fake.calls.map(({ method }) => method),
      ["version"],
      "the engine's limit asked (waited for while it loads)",
    );
  });
});
