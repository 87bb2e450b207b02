import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import {
  addMade,
  challengeDealText,
  closesBeforeToday,
  clubLinkIn,
  clubUrl,
  csvDataUrl,
  csvFileName,
  csvSeparator,
  dealComparison,
  keepAttemptAside,
  keepUnreadableAttempt,
  MADE_KEPT,
  pastedResults,
  readAttempt,
  readMade,
  readPasted,
  resultTokensIn,
  saveAttempt,
  savePasted,
  wantsStandings,
} from "../web/js/club-model.js";
import { challengeFinished, EVENT_VERSION } from "../web/js/embed.js";
import { localDay } from "../web/js/local-day.js";
import { FakeStorage, pageLanguage } from "./fakes.js";

const BASE = "https://club.example/otv66/index.html?x=1#deal=d1.abc";

describe("club links", () => {
  test("each kind of link goes to club.html and is found in the address again", () => {
    for (const kind of ["challenge", "result", "standings"]) {
      const url = new URL(clubUrl(kind, "t1.AbC_-9", BASE));
      assert.equal(url.pathname, "/otv66/club.html");
      assert.equal(url.search, "");
      assert.deepEqual(clubLinkIn(url), { kind, token: "t1.AbC_-9" });
      // Cut right after its key: a link all the same (the page says it cannot be opened), not the organiser's form.
      assert.deepEqual(clubLinkIn({ hash: `#${kind}=` }), { kind, token: "" });
    }
    assert.equal(clubLinkIn({ hash: "" }), null);
    assert.equal(clubLinkIn({ hash: "#lang=en" }), null);
  });

  test("the embeddable form and the standings view of a challenge", () => {
    const url = new URL(clubUrl("challenge", "c1.x", BASE, { embed: true, standings: true }));
    assert.equal(url.search, "?embed=1");
    assert.ok(wantsStandings(url));
    assert.ok(!wantsStandings(new URL(clubUrl("challenge", "c1.x", BASE))));
  });

  test("a link whose fragment a chat app or an address bar percent-encoded is found all the same", () => {
    assert.deepEqual(clubLinkIn({ hash: "#result%3Dr1.AbC" }), { kind: "result", token: "r1.AbC" });
    assert.deepEqual(clubLinkIn({ hash: "#challenge%253Dc1.x%2526view%253Dstandings" }), {
      kind: "challenge",
      token: "c1.x",
    });
    assert.ok(wantsStandings({ hash: "#challenge%3Dc1.x%26view%3Dstandings" }));
  });

  test("an embedded challenge carries the club's language in its address", () => {
    const url = new URL(clubUrl("challenge", "c1.x", BASE, { embed: true, lang: "sr-Cyrl" }));
    assert.equal(url.search, "?embed=1&lang=sr-Cyrl");
    assert.deepEqual(clubLinkIn(url), { kind: "challenge", token: "c1.x" });
  });

  test("an address without a club link has none", () => {
    assert.equal(clubLinkIn({ hash: "" }), null);
    assert.equal(clubLinkIn({ hash: "#game=g1.x" }), null);
  });

  test("a link copied from the end of a sentence is read without the sentence's punctuation", () => {
    for (const end of [".", ",", ";", ":", "!", "?", ")", "»", '"', "'", ").", "%C2%BB", "%22", ".%20"]) {
      const url = { hash: `#challenge=c1.AbC_-9${end}` };
      assert.deepEqual(clubLinkIn(url), { kind: "challenge", token: "c1.AbC_-9" }, end);
      assert.ok(wantsStandings({ hash: `#challenge=c1.x&view=standings${end}` }), end);
    }
  });
});

describe("the standings' CSV", () => {
  test("a Serbian spreadsheet splits at ';' (its list separator), an English one at ','", () => {
    assert.equal(csvSeparator("sr-Latn"), ";");
    assert.equal(csvSeparator("sr-Cyrl"), ";");
    assert.equal(csvSeparator("en"), ",");
  });

  test("the file is named after the challenge and the day, with nothing a file system refuses", () => {
    assert.equal(csvFileName("Petak u klubu", "2026-11-30"), "Petak-u-klubu-2026-11-30.csv");
    assert.equal(csvFileName('Š/ah: "Đak" <1>?', "2026-11-30"), "Š-ah-Đak-1-2026-11-30.csv");
    assert.equal(csvFileName("Петак у клубу", "2026-11-30"), "Петак-у-клубу-2026-11-30.csv");
    assert.equal(csvFileName("★ ★", "2026-11-30"), "Otvoreni-66-2026-11-30.csv");
    assert.equal(csvFileName(`${"a".repeat(39)} b`, "2026-11-30"), `${"a".repeat(39)}-2026-11-30.csv`);
  });

  test("it downloads as UTF-8 with the byte order mark Excel needs to read č and Cyrillic", () => {
    const url = csvDataUrl("Mesto;Ime\r\n1;Đorđe\r\n");
    assert.ok(url.startsWith("data:text/csv;charset=utf-8,%EF%BB%BF"));
    assert.equal(decodeURIComponent(url.split(",")[1]), "\uFEFFMesto;Ime\r\n1;Đorđe\r\n");
  });
});

describe("pasted results", () => {
  test("result tokens are found in links and bare, each once, and nothing else is", () => {
    const text = `https://x/club.html#result=r1.AAA_b-\nr1.CCC\n  r1.AAA_b- d1.DDD #challenge=c1.EEE xr1.FFF`;
    assert.deepEqual(resultTokensIn(text), ["r1.AAA_b-", "r1.CCC"]);
  });

  test("each result with the line it is first on, and the lines of text with none", () => {
    const text = "Ana: https://x/club.html#result=r1.AAA\r\n\nBora je igrala\n  \nr1.BBB r1.AAA\n#result=\n";
    assert.deepEqual(pastedResults(text), {
      results: [
        { token: "r1.AAA", line: 1 },
        { token: "r1.BBB", line: 5 },
      ],
      unread: [3, 6],
      otherLinks: [],
      repeated: [{ line: 5, first: 1 }],
    });
    assert.deepEqual(pastedResults(""), { results: [], unread: [], otherLinks: [], repeated: [] });
    // Through a mail or social site's redirector, the link's `#` and `=` percent-encoded (once or twice).
    const redirected =
      "https://l.example/l.php?u=https%3A%2F%2Fx%2Fclub.html%23result%3Dr1.CCC&h=AT0\n#result%253Dr1.DDD";
    assert.deepEqual(pastedResults(redirected).results, [
      { token: "r1.CCC", line: 1 },
      { token: "r1.DDD", line: 2 },
    ]);
  });

  test("the lines with another page's link, and those with a result already pasted above", () => {
    const lines = [
      "Izazov: https://x/club.html#challenge=c1.EEE",
      "r1.AAA",
      "https://x/friend.html#f1.FFF",
      "https://x/club.html#result=r1.AAA",
      "https://x/index.html#deal=d1.DDD r1.AAA",
      "x/club.html%23standings%3Ds1.SSS",
      "https://x/replay.html#game=g1.GGG r1.AAA r1.AAA",
      "r1.BBB r1.BBB",
    ];
    assert.deepEqual(pastedResults(lines.join("\n")), {
      results: [
        { token: "r1.AAA", line: 2 },
        { token: "r1.BBB", line: 8 },
      ],
      unread: [],
      otherLinks: [
        { kind: "challenge", line: 1 },
        { kind: "friend", line: 3 },
        { kind: "standings", line: 6 },
      ],
      repeated: [
        { line: 4, first: 2 },
        { line: 5, first: 2 },
        { line: 7, first: 2 },
      ],
    });
  });

  test("the results pasted into a challenge's standings are kept on the device, per challenge", () => {
    const storage = new FakeStorage();
    savePasted("c1.one", ["r1.AAA", "r1.BBB"], storage);
    assert.deepEqual(readPasted("c1.one", storage), ["r1.AAA", "r1.BBB"]);
    assert.deepEqual(readPasted("c1.two", storage), []);
  });

  test("a damaged or unreachable store reads as no results pasted", () => {
    const storage = new FakeStorage({
      items: { "otv66.clubResults.c1.x": "{not json", "otv66.clubResults.c1.y": "[1]" },
    });
    assert.deepEqual(readPasted("c1.x", storage), []);
    assert.deepEqual(readPasted("c1.y", storage), []);
    assert.deepEqual(readPasted("c1.x", new FakeStorage({ failing: true })), []);
    savePasted("c1.x", ["r1.AAA"], new FakeStorage({ failing: true }));
  });
});

describe("the challenges made on this device", () => {
  const made = (/** @type {number} */ n) => ({
    token: `c1.AB${n}`,
    name: `Petak ${n}`,
    closes: "2099-01-31",
    made: 1_764_900_000_000 + n,
  });

  test("the latest first, each once, up to MADE_KEPT", () => {
    const storage = new FakeStorage();
    assert.deepEqual(readMade(storage), []);
    addMade(made(1), storage);
    addMade(made(2), storage);
    addMade(made(1), storage); // made again (its links shown again): first, not twice
    assert.deepEqual(readMade(storage), [made(1), made(2)]);
    for (let n = 3; n <= MADE_KEPT + 5; n++) addMade(made(n), storage);
    assert.equal(readMade(storage).length, MADE_KEPT);
    assert.deepEqual(readMade(storage)[0], made(MADE_KEPT + 5));
  });

  test("a damaged list reads as none, a damaged entry is left out, a store that refuses keeps nothing", () => {
    const damaged = new FakeStorage({ items: { "otv66.clubMade": "{not json" } });
    assert.deepEqual(readMade(damaged), []);
    const damagedEntries = [
      { token: 2 },
      null,
      { ...made(2), token: "c1.a b" },
      { ...made(3), closes: "sutra" },
      { ...made(4), made: "juče" },
    ];
    const mixed = new FakeStorage({ items: { "otv66.clubMade": JSON.stringify([made(1), ...damagedEntries]) } });
    assert.deepEqual(readMade(mixed), [made(1)]);
    const failing = new FakeStorage({ failing: true });
    addMade(made(1), failing);
    assert.deepEqual(readMade(failing), []);
  });
});

describe("the attempt kept on this device", () => {
  test("what is saved is read back, per challenge", () => {
    const storage = new FakeStorage();
    const playing = { name: "Ana", moves: [["AS", "KS"]], result: null, totals: null, finished: null };
    saveAttempt("c1.one", playing, storage);
    assert.deepEqual(readAttempt("c1.one", storage), playing);
    assert.equal(readAttempt("c1.two", storage), null);
  });

  test("a finished attempt keeps its totals and its day, to show them again on the next visit", () => {
    const storage = new FakeStorage();
    const totals = { game_points: 3, deals_won: 2, card_points: 131 };
    saveAttempt("c1.one", { name: "Ana", moves: [["AS"]], result: "r1.x", totals, finished: "2026-12-21" }, storage);
    assert.deepEqual(readAttempt("c1.one", storage)?.totals, totals);
    assert.equal(readAttempt("c1.one", storage)?.finished, "2026-12-21");
    saveAttempt("c1.one", { name: "Ana", moves: [["AS"]], result: "r1.x", totals, finished: "21. 12." }, storage);
    assert.equal(readAttempt("c1.one", storage)?.finished, null, "not a day");
  });

  test("an attempt finished before totals were kept, or with damaged ones, reads as having none", () => {
    const old = JSON.stringify({ name: "Ana", moves: [["AS"]], result: "r1.x" });
    const damaged = JSON.stringify({ name: "Ana", moves: [], result: "r1.x", totals: { game_points: "3" } });
    const storage = new FakeStorage({ items: { "otv66.club.c1.old": old, "otv66.club.c1.bad": damaged } });
    const read = { name: "Ana", moves: [["AS"]], result: "r1.x", totals: null, finished: null };
    assert.deepEqual(readAttempt("c1.old", storage), read);
    assert.equal(readAttempt("c1.bad", storage)?.totals, null);
  });

  test("a damaged or unreachable store reads as nothing saved", () => {
    const storage = new FakeStorage({ items: { "otv66.club.c1.x": "{not json" } });
    assert.equal(readAttempt("c1.x", storage), null);
    assert.equal(readAttempt("c1.x", new FakeStorage({ failing: true })), null);
    saveAttempt("c1.x", { name: "Ana", moves: [], result: null, totals: null }, new FakeStorage({ failing: true }));
  });

  test("a save that does not read is kept aside, so that a new attempt cannot write over it", () => {
    const damaged = '{"name":"Ana","moves":[["AS"]],"result":"r1.AAA","tot';
    const wrongShape = JSON.stringify({ name: 7, moves: [], result: "r1.BBB" });
    const storage = new FakeStorage({ items: { "otv66.club.c1.x": damaged, "otv66.club.c1.y": wrongShape } });
    assert.equal(keepUnreadableAttempt("c1.x", storage), damaged);
    assert.equal(keepUnreadableAttempt("c1.y", storage), wrongShape);
    saveAttempt("c1.x", { name: "Ana", moves: [], result: null, totals: null }, storage);
    assert.equal(storage.getItem("otv66.club.c1.x.unreadable"), damaged);
    assert.equal(storage.getItem("otv66.club.c1.y.unreadable"), wrongShape);
  });

  test("an attempt that reads, or none, is not kept aside", () => {
    const storage = new FakeStorage();
    assert.equal(keepUnreadableAttempt("c1.x", storage), null);
    saveAttempt("c1.x", { name: "Ana", moves: [["AS"]], result: null, totals: null }, storage);
    assert.equal(keepUnreadableAttempt("c1.x", storage), null);
    assert.deepEqual([...storage.items.keys()], ["otv66.club.c1.x"]);
    assert.equal(keepUnreadableAttempt("c1.x", new FakeStorage({ failing: true })), null);
  });

  test("an attempt that reads but whose moves the engine refuses is kept aside all the same", () => {
    const storage = new FakeStorage();
    assert.equal(keepAttemptAside("c1.x", storage), null, "nothing kept: nothing to keep aside");
    saveAttempt("c1.x", { name: "Ana", moves: [["ZZ"]], result: null, totals: null }, storage);
    const saved = storage.getItem("otv66.club.c1.x");
    assert.equal(keepAttemptAside("c1.x", storage), saved);
    assert.equal(storage.getItem("otv66.club.c1.x.unreadable"), saved);
    assert.equal(keepAttemptAside("c1.x", new FakeStorage({ failing: true })), null);
  });
});

describe("per-deal comparison", () => {
  test("members are ordered by game points, then card points, in the chosen deal", () => {
    const row = (name, deals) => ({ name, rank: 1, game_points: 0, deals_won: 0, card_points: 0, deals });
    const rows = [
      row("Ana", [
        { game_points: 1, won: true, card_points: 70 },
        { game_points: 0, won: false, card_points: 20 },
      ]),
      row("Bora", [
        { game_points: 0, won: false, card_points: 50 },
        { game_points: 2, won: true, card_points: 80 },
      ]),
      row("Cica", [
        { game_points: 0, won: false, card_points: 55 },
        { game_points: 2, won: true, card_points: 90 },
      ]),
    ];
    assert.deepEqual(
      dealComparison(rows, 1).map((r) => r.name),
      ["Cica", "Bora", "Ana"],
    );
    assert.deepEqual(
      dealComparison(rows, 0).map((r) => [r.name, r.card_points]),
      [
        ["Ana", 70],
        ["Cica", 55],
        ["Bora", 50],
      ],
    );
  });
});

describe("the challenge-finished event", () => {
  test("it carries the result link and the events' version", () => {
    assert.deepEqual(challengeFinished("https://x/club.html#result=r1.A"), {
      source: "otv66",
      version: EVENT_VERSION,
      type: "challenge-finished",
      result: "https://x/club.html#result=r1.A",
    });
  });
});

describe("the device's day", () => {
  test("is the local calendar day, written YYYY-MM-DD as the closing date is", () => {
    assert.equal(localDay(new Date(2026, 0, 5, 23, 59)), "2026-01-05");
    assert.equal(localDay(new Date(2026, 11, 31, 0, 0)), "2026-12-31");
  });

  test("a closing day before it is refused; today and later are not", () => {
    const today = localDay(new Date(2026, 2, 1, 0, 30)); // just after midnight: yesterday is still refused
    assert.equal(closesBeforeToday("2020-01-01", today), true);
    assert.equal(closesBeforeToday(localDay(new Date(2026, 1, 28, 23, 59)), today), true, "yesterday");
    assert.equal(closesBeforeToday(today, today), false, "a challenge is played through its closing day");
    assert.equal(closesBeforeToday("2026-03-02", today), false);
    assert.equal(closesBeforeToday("2027-01-01", today), false);
  });
});

describe("a challenge deal's end, as the member is told it", () => {
  let restore = () => {};
  before(() => {
    restore = pageLanguage("sr-Latn");
  });
  after(() => restore());
  /** The engine's result of a deal (the member is player 0). */
  const result = (/** @type {0 | 1 | null} */ winner, /** @type {[number, number]} */ scores) => ({
    winner,
    game_points: winner === null ? 0 : 1,
    scores,
    tricks: /** @type {[number, number]} */ ([8, 8]),
    reason: /** @type {const} */ ("played_out"),
  });

  test("a win: his game points, then both players' points", () => {
    const score = { game_points: 1, won: true, card_points: 62 };
    assert.equal(
      challengeDealText(score, result(0, [72, 48])),
      "Dobili ste deljenje: 1 poen partije. Poeni: Vi 72, Računar 48.",
    );
  });

  test("a loss: the computer's game points, his card points, and the points that were only on the table", () => {
    const score = { game_points: 0, won: false, card_points: 41 };
    assert.equal(
      challengeDealText(score, result(1, [41, 79])),
      "Računar je dobio deljenje (1 poen partije); skupili ste 41 poen iz karata. Poeni: Vi 41, Računar 79.",
    );
  });

  test("a deal worth 2 or 3 game points says why: the loser's points under 33, or no trick of his", () => {
    const under33 = { ...result(0, [70, 25]), game_points: 2 };
    assert.equal(
      challengeDealText({ game_points: 2, won: true, card_points: 70 }, under33),
      "Dobili ste deljenje: 2 poena partije. Računar: 25 poena, manje od 33 — pobedniku 2 poena partije. " +
        "Poeni: Vi 70, Računar 25.",
    );
    const noTrick = { ...result(1, [0, 80]), game_points: 3 };
    assert.equal(
      challengeDealText({ game_points: 0, won: false, card_points: 0 }, noTrick),
      "Računar je dobio deljenje (3 poena partije); skupili ste 0 poena iz karata. Vi: nijedan štih — pobedniku 3 " +
        "poena partije. Poeni: Vi 0, Računar 80.",
    );
  });

  test("a draw is no win of the computer's", () => {
    const score = { game_points: 0, won: false, card_points: 60 };
    assert.equal(
      challengeDealText(score, result(null, [60, 60])),
      "Deljenje je nerešeno; skupili ste 60 poena iz karata. Poeni: Vi 60, Računar 60.",
    );
  });
});
