import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import {
  dealFinished,
  EVENT_VERSION,
  embedAddress,
  FRAME_STYLE,
  frameSnippet,
  HEIGHT_INTERVAL_MS,
  heightPoster,
  hostNotifier,
  matchFinished,
  resizeEvent,
} from "../web/js/embed.js";
import { setLanguage } from "../web/js/i18n.js";
import { applyOverrides, defaultSettings } from "../web/js/settings.js";
import { pageLanguage, withGlobal } from "./fakes.js";

/** A bridge match state with finished deals `results` (and one in play when `playing`). */
function matchState(results, { playing = false, target = 7 } = {}) {
  const deals = results.map(([winner, awarded, reason = "reached_66"]) => ({
    dealer: 0,
    result: { winner, game_points: Math.max(...awarded), scores: [66, 40], tricks: [5, 3], reason },
    awarded,
  }));
  if (playing) deals.push({ dealer: 1, result: null, awarded: [0, 0] });
  const gamePoints = [0, 1].map((p) => deals.reduce((sum, deal) => sum + deal.awarded[p], 0));
  const winner = gamePoints[0] >= target ? 0 : gamePoints[1] >= target ? 1 : null;
  return {
    match: { deals, game_points: gamePoints, target, winner, is_over: winner !== null },
    deal: null,
    undo_count: 0,
  };
}

/** A host window that keeps what it was sent. */
function host() {
  const posted = [];
  return { posted, postMessage: (message, origin) => posted.push({ message, origin }) };
}

let restoreWindow;
before(() => {
  restoreWindow = withGlobal("window", { name: "the game's own window" });
});
after(() => restoreWindow());

describe("the events' schema (version 1)", () => {
  test("deal-finished: the deal (1-based), its result, its award and the game points after it", () => {
    const { match } = matchState([
      [0, [1, 0]],
      [1, [0, 2], "false_claim"],
    ]);
    assert.deepEqual(dealFinished(match, 1), {
      source: "otv66",
      version: EVENT_VERSION,
      type: "deal-finished",
      deal: 2,
      winner: 1,
      reason: "false_claim",
      scores: [66, 40],
      awarded: [0, 2],
      game_points: [1, 2],
      target: 7,
    });
  });

  test("a drawn deal has no winner", () => {
    const { match } = matchState([[null, [0, 0], "draw"]]);
    assert.equal(dealFinished(match, 0).winner, null);
    assert.equal(dealFinished(match, 0).reason, "draw");
  });

  test("match-finished: the winner, the game points, how many deals, the target", () => {
    const { match } = matchState([
      [0, [3, 0]],
      [0, [2, 0]],
      [0, [2, 0]],
    ]);
    assert.deepEqual(matchFinished(match), {
      source: "otv66",
      version: EVENT_VERSION,
      type: "match-finished",
      winner: 0,
      game_points: [7, 0],
      deals: 3,
      target: 7,
    });
  });

  test("events hold copies: the host cannot change the page's state through them", () => {
    const { match } = matchState([[0, [1, 0]]]);
    const event = dealFinished(match, 0);
    event.awarded[0] = 99;
    event.scores[0] = 99;
    assert.deepEqual(match.deals[0].awarded, [1, 0]);
    assert.deepEqual(match.deals[0].result.scores, [66, 40]);
  });

  test("the version is 1", () => {
    assert.equal(EVENT_VERSION, 1);
  });
});

describe("the snippet a host page pastes (the Embed page's and a club challenge's)", () => {
  const src = new URL("https://a.example/club.html?embed=1&lang=sr-Latn#challenge=c1.x");

  test("a responsive frame that may copy and share, with the script that hears the game from its origin", () => {
    const snippet = frameSnippet(src, "Otvoreni 66");
    const frame = snippet.split("\n<script>")[0];
    assert.match(frame, /^<iframe src="https:\/\/a\.example\/club\.html\?embed=1&amp;lang=sr-Latn#challenge=c1\.x"/);
    assert.ok(frame.includes(`style="${FRAME_STYLE}"`));
    assert.ok(
      FRAME_STYLE.includes("width: 100%; max-width: 960px") && FRAME_STYLE.includes("height: min(88svh, 720px)"),
    );
    assert.ok(!/\b(width|height)="/.test(frame), "no fixed size that runs off a phone");
    assert.ok(frame.includes('allow="clipboard-write; web-share"'), "Copy and Send work inside the frame");
    assert.ok(snippet.includes('event.origin !== "https://a.example"'));
    assert.ok(snippet.includes('event.data.type !== "resize"') && snippet.trimEnd().endsWith("</script>"));
  });

  test("its script's comment speaks the page's language", () => {
    const restore = pageLanguage("sr-Latn");
    const serbian = frameSnippet(src, "Otvoreni 66");
    assert.match(serbian, /<script>\n {2}\/\/ Po želji: primajte događaje igre .*\n {2}\/\/ i dajte okviru visinu/);
    setLanguage("en");
    assert.match(frameSnippet(src, "Otvoreni 66"), /<script>\n {2}\/\/ Optional: hear the game's events/);
    restore();
  });

  test("it escapes what it quotes (a challenge's name is anyone's text)", () => {
    const snippet = frameSnippet(src, 'Klub "A" <b>&');
    assert.match(snippet, /title="Klub &quot;A&quot; &lt;b&gt;&amp;"/);
  });
});

describe("hostNotifier: what an embedded page tells its host", () => {
  test("each finished deal once, in order, to any origin", () => {
    const parent = host();
    const notify = hostNotifier(true, parent);
    notify(matchState([], { playing: true }));
    notify(matchState([[0, [1, 0]]], { playing: true }));
    notify(matchState([[0, [1, 0]]], { playing: true }));
    notify(
      matchState([
        [0, [1, 0]],
        [1, [0, 2]],
      ]),
    );
    assert.deepEqual(
      parent.posted.map(({ message }) => [message.type, message.deal]),
      [
        ["deal-finished", 1],
        ["deal-finished", 2],
      ],
    );
    assert.ok(parent.posted.every(({ origin }) => origin === "*"));
  });

  test("the match's end once, after its last deal", () => {
    const parent = host();
    const notify = hostNotifier(true, parent);
    notify(matchState([], { playing: true }));
    const over = matchState([
      [0, [3, 0]],
      [0, [2, 0]],
      [0, [2, 0]],
    ]);
    notify(over);
    notify(over);
    assert.deepEqual(
      parent.posted.map(({ message }) => message.type),
      ["deal-finished", "deal-finished", "deal-finished", "match-finished"],
    );
  });

  test("what was already over when the page opened (a resumed match) is not told again", () => {
    const parent = host();
    const notify = hostNotifier(true, parent);
    const over = matchState([
      [0, [3, 0]],
      [0, [2, 0]],
      [0, [2, 0]],
    ]);
    notify(over);
    notify(over);
    assert.deepEqual(parent.posted, []);
  });

  test("a match resumed half-way: only the deals finished after it opened are told", () => {
    const parent = host();
    const notify = hostNotifier(true, parent);
    notify(
      matchState(
        [
          [0, [1, 0]],
          [1, [0, 1]],
        ],
        { playing: true },
      ),
    );
    notify(
      matchState(
        [
          [0, [1, 0]],
          [1, [0, 1]],
          [0, [2, 0]],
        ],
        { playing: true },
      ),
    );
    assert.deepEqual(
      parent.posted.map(({ message }) => [message.type, message.deal, message.game_points]),
      [["deal-finished", 3, [3, 1]]],
    );
  });

  test("a new match starts the count again", () => {
    const parent = host();
    const notify = hostNotifier(true, parent);
    notify(
      matchState(
        [
          [0, [1, 0]],
          [0, [1, 0]],
        ],
        { playing: true },
      ),
    );
    notify(matchState([], { playing: true }));
    notify(matchState([[1, [0, 1]]], { playing: true }));
    assert.deepEqual(
      parent.posted.map(({ message }) => [message.type, message.deal, message.winner]),
      [["deal-finished", 1, 1]],
    );
  });

  test("no state or no match yet: nothing is told", () => {
    const parent = host();
    const notify = hostNotifier(true, parent);
    notify(null);
    notify({ match: null, deal: null, undo_count: 0 });
    assert.deepEqual(parent.posted, []);
  });

  test("a page not opened with embed=1 tells nothing", () => {
    const parent = host();
    const notify = hostNotifier(false, parent);
    notify(matchState([], { playing: true }));
    notify(matchState([[0, [1, 0]]]));
    assert.deepEqual(parent.posted, []);
  });

  test("a page that is not in a frame (its parent is itself) tells nothing", () => {
    const self = Object.assign(globalThis.window, host());
    const notify = hostNotifier(true, self);
    notify(matchState([], { playing: true }));
    notify(matchState([[0, [1, 0]]]));
    assert.deepEqual(self.posted, []);
  });
});

describe("the resize event: the frame height the game would like", () => {
  /** A host window that keeps what it is sent, and a clock whose waits run when the test says. */
  function harness() {
    const sent = [];
    const waits = [];
    const post = heightPoster({ postMessage: (message) => sent.push(message) }, HEIGHT_INTERVAL_MS, (run, ms) => {
      waits.push({ run, ms });
    });
    const endWait = () => waits.shift().run();
    return { sent, waits, post, endWait };
  }

  test("it has the other events' shape and version", () => {
    assert.deepEqual(resizeEvent(652), { source: "otv66", version: EVENT_VERSION, type: "resize", height: 652 });
  });

  test("a new height is posted at once, in whole pixels rounded up", () => {
    const { sent, post } = harness();
    post(651.2);
    assert.deepEqual(
      sent.map((event) => event.height),
      [652],
    );
  });

  test("heights during the wait are not posted until it ends, then only the last one", () => {
    const { sent, waits, post, endWait } = harness();
    post(600);
    post(610);
    post(620);
    assert.equal(sent.length, 1);
    assert.equal(waits[0].ms, HEIGHT_INTERVAL_MS);
    endWait();
    assert.deepEqual(
      sent.map((event) => event.height),
      [600, 620],
    );
  });

  test("an unchanged height is not posted again, and after a quiet wait a change is posted at once", () => {
    const { sent, waits, post, endWait } = harness();
    post(600);
    post(600);
    endWait();
    assert.equal(waits.length, 0, "no wait without a change");
    post(600);
    post(640);
    assert.deepEqual(
      sent.map((event) => event.height),
      [600, 640],
    );
  });
});

describe("the embedded game's address (embedAddress)", () => {
  const GAME = "https://otv66.example/index.html";
  /** A first visit's settings, in English, at the engine's default level. */
  const firstVisit = () => ({ ...defaultSettings(), lang: "en", speed: "normal" });
  let restoreNavigator;
  before(() => {
    restoreNavigator = withGlobal("navigator", { languages: ["en-US"], language: "en-US" });
  });
  after(() => restoreNavigator());

  test("without Hint and Undo: help=0, which the game reads back", () => {
    const src = embedAddress(GAME, { ...firstVisit(), level: "club" }, firstVisit(), false);
    assert.equal(src.href, `${GAME}?embed=1&lang=en&level=club&help=0`);
    assert.equal(applyOverrides(firstVisit(), src.searchParams).help, false);
  });

  test("embed, the language and the level always; nothing more for a first visit's options", () => {
    const clubGame = { ...firstVisit(), lang: "sr-Latn", level: "club" };
    assert.equal(embedAddress(GAME, clubGame, firstVisit()).href, `${GAME}?embed=1&lang=sr-Latn&level=club`);
    const english = { ...firstVisit(), level: "expert" };
    assert.equal(embedAddress(GAME, english, firstVisit()).href, `${GAME}?embed=1&lang=en&level=expert`);
  });

  test("then only the options that differ from a first visit's, which the game reads back", () => {
    const chosen = {
      ...firstVisit(),
      lang: "sr-Cyrl",
      level: "master",
      deck: "german",
      rules: { ...firstVisit().rules, claim: "manual", target: 3 },
    };
    const src = embedAddress(GAME, chosen, firstVisit());
    assert.equal(src.search, "?embed=1&lang=sr-Cyrl&level=master&deck=german&claim=manual&target=3");
    const read = applyOverrides(firstVisit(), src.searchParams);
    assert.equal(read.embed, true);
    assert.deepEqual(read.settings, chosen);
  });

  test("a query already on the game's address is replaced", () => {
    const src = embedAddress(`${GAME}?lang=en&seed=4`, { ...firstVisit(), level: "club" }, firstVisit());
    assert.equal(src.href, `${GAME}?embed=1&lang=en&level=club`);
  });
});
