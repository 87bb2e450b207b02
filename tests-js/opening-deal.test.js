import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";

import { fitsSettings, openingDeal } from "../web/js/opening-deal.js";
import { DEFAULT_RULES, defaultSettings } from "../web/js/settings.js";
import { FakeStorage, withGlobal } from "./fakes.js";

/** The device's storage (storage.js reads the global one): empty, a first visit, unless a test saves a match. */
const storage = new FakeStorage();
/** The address's fragment (a shared link's token goes there). */
const place = { hash: "", href: "http://127.0.0.1/" };
/** What the page fetched, and the opening deals the fake server answers with. */
let fetched = [];
let served = [];

const restore = [];
before(() => {
  restore.push(withGlobal("navigator", { languages: ["en-US"], language: "en-US" }));
  restore.push(withGlobal("localStorage", storage));
  restore.push(withGlobal("location", place));
  restore.push(
    withGlobal("fetch", async (url) => {
      fetched.push(String(url));
      return { ok: true, json: async () => ({ deals: served }) };
    }),
  );
});
after(() => {
  for (const undo of restore.reverse()) undo();
});
beforeEach(() => {
  storage.items.clear();
  place.hash = "";
  fetched = [];
  served = [];
});

/** The parts of an opening deal's bridge state that say which match it is: seats and rules. */
const opening = (level = "expert", rules = DEFAULT_RULES) => ({
  match: { rules: { ...rules } },
  seats: [
    { name: "Player", human: true, level: null },
    { name: `Computer (${level})`, human: false, level },
  ],
});

describe("which opening deal a first visit may draw", () => {
  test("the default settings fit a deal dealt with the default rules at the engine's default level", () => {
    assert.equal(fitsSettings(defaultSettings(), opening()), true);
  });

  test("a level asked for fits only a deal of that level", () => {
    const settings = { ...defaultSettings(), level: "beginner" };
    assert.equal(fitsSettings(settings, opening("expert")), false);
    assert.equal(fitsSettings(settings, opening("beginner")), true);
  });

  test("a rule that differs from the deal's rules does not fit", () => {
    const settings = defaultSettings();
    settings.rules = { ...settings.rules, target: 11 };
    assert.equal(fitsSettings(settings, opening()), false);
    assert.equal(fitsSettings(settings, opening("expert", settings.rules)), true);
  });

  test("two people on one screen never get a deal the computer dealt", () => {
    assert.equal(fitsSettings({ ...defaultSettings(), opponent: "human" }, opening()), false);
  });
});

describe("when a visit draws an opening deal", () => {
  test("a first visit draws one of the deals that fit its settings, read from the build's file", async () => {
    const fitting = { seed: 3, state: opening() };
    served = [{ seed: 1, state: opening("expert", { ...DEFAULT_RULES, must_beat: true }) }, fitting];
    assert.equal(await openingDeal(defaultSettings(), null), fitting);
    assert.deepEqual(fetched, [new URL("../web/opening-deals.json", import.meta.url).href]);
  });

  test("no deal fits: none is drawn", async () => {
    served = [{ seed: 1, state: opening("expert", { ...DEFAULT_RULES, must_beat: true }) }];
    assert.equal(await openingDeal(defaultSettings(), null), null);
  });

  test("an address with a seed, a shared link or a saved match draws none, without asking for the file", async () => {
    served = [{ seed: 3, state: opening() }];
    assert.equal(await openingDeal(defaultSettings(), 7), null);
    place.hash = "#deal=d1.token";
    assert.equal(await openingDeal(defaultSettings(), null), null);
    place.hash = "";
    storage.setItem("otv66.current", "a");
    storage.setItem("otv66.slot.a", JSON.stringify({ version: 2, record: { format: "otv66-record/1" } }));
    assert.equal(await openingDeal(defaultSettings(), null), null);
    assert.deepEqual(fetched, []);
  });
});
