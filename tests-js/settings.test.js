import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import {
  addressAfterChoice,
  applyOverrides,
  DEFAULT_RULES,
  defaultSettings,
  loadSettings,
  MAX_TARGET,
  SPEEDS,
  saveChosenSettings,
  savedLanguage,
  saveLanguage,
  setAsideUnreadableSettings,
  settingsQuery,
} from "../web/js/settings.js";
import { FakeStorage, withGlobal } from "./fakes.js";

const KEY = "otv66.settings";

let restoreNavigator;
before(() => {
  restoreNavigator = withGlobal("navigator", { languages: ["en-US"], language: "en-US" });
});
after(() => restoreNavigator());

/** Settings as stored by an earlier visit. */
const stored = (data) => new FakeStorage({ items: { [KEY]: JSON.stringify(data) } });

describe("defaults", () => {
  test("a first visit: the computer at its default level, the default rules, the browser's language", () => {
    const settings = defaultSettings();
    assert.equal(settings.opponent, "computer");
    assert.equal(settings.level, null);
    assert.deepEqual(settings.rules, DEFAULT_RULES);
    assert.equal(settings.lang, "en");
    assert.equal(settings.deck, "french");
    assert.equal(settings.speed, "normal");
    assert.equal(settings.sound, true);
  });

  test("the page's default rules are the engine's (otv66/rules.py)", () => {
    assert.deepEqual(DEFAULT_RULES, {
      must_beat: false,
      claim: "auto",
      dealer: "winner",
      draw_bonus: false,
      target: 7,
    });
  });

  test("no animation where the system asks for reduced motion", () => {
    const restore = withGlobal("matchMedia", (query) => ({ matches: query === "(prefers-reduced-motion: reduce)" }));
    try {
      assert.equal(defaultSettings().speed, "off");
    } finally {
      restore();
    }
  });

  test("each call gives fresh rules (changing one set does not change the defaults)", () => {
    defaultSettings().rules.target = 99;
    assert.equal(defaultSettings().rules.target, 7);
  });
});

describe("remembered settings", () => {
  test("nothing stored, unreadable JSON or a refusing storage give the defaults", () => {
    assert.deepEqual(loadSettings(new FakeStorage()), defaultSettings());
    assert.deepEqual(loadSettings(new FakeStorage({ items: { [KEY]: "{not json" } })), defaultSettings());
    assert.deepEqual(loadSettings(new FakeStorage({ failing: true })), defaultSettings());
  });

  test("the settings the player chose come back as they were", () => {
    const storage = new FakeStorage();
    const settings = {
      opponent: "human",
      level: "master",
      rules: { must_beat: true, claim: "manual", dealer: "alternate", draw_bonus: true, target: 11 },
      lang: "sr-Cyrl",
      deck: "german",
      speed: "slow",
      sound: false,
    };
    saveChosenSettings(defaultSettings(), settings, storage);
    assert.deepEqual(loadSettings(storage), settings);
  });

  test("a visit's URL options shown in the form are not saved by a change of something else", () => {
    const storage = stored({ speed: "slow", rules: { target: 11 } });
    const { settings: shown } = applyOverrides(loadSettings(storage), new URLSearchParams("speed=off&target=3"));
    saveChosenSettings(shown, { ...shown, deck: "german", rules: { ...shown.rules, must_beat: true } }, storage);
    const saved = loadSettings(storage);
    assert.equal(saved.deck, "german");
    assert.equal(saved.rules.must_beat, true);
    assert.equal(saved.speed, "slow", "the visit's ?speed=off stays this visit's");
    assert.equal(saved.rules.target, 11, "the visit's ?target=3 too");
  });

  test("a setting chosen in the form drops the address option that would overrule it at the next load", () => {
    const href = "https://club.example/otv66/index.html?lang=sr-Latn&speed=off&target=3&must_beat=1&seed=5#deal=d1.x";
    const { settings: shown } = applyOverrides(defaultSettings(), new URL(href).searchParams);
    const chosen = { ...shown, lang: /** @type {const} */ ("en"), rules: { ...shown.rules, target: 11 } };
    const address = new URL(addressAfterChoice(href, shown, chosen));
    assert.equal(address.search, "?speed=off&must_beat=1&seed=5", "what he left alone stays this visit's");
    assert.equal(address.hash, "#deal=d1.x");
    const again = applyOverrides(loadSettings(stored({ lang: "en", rules: { target: 11 } })), address.searchParams);
    assert.equal(again.settings.lang, "en");
    assert.equal(again.settings.rules.target, 11);
  });

  test("a hot-seat address loses its opponent option once the computer is chosen", () => {
    const href = "https://example.org/index.html?opponent=hotseat";
    const { settings: shown } = applyOverrides(defaultSettings(), new URL(href).searchParams);
    const chosen = { ...shown, opponent: /** @type {const} */ ("computer") };
    assert.equal(addressAfterChoice(href, shown, chosen), "https://example.org/index.html");
  });

  test("what the player left alone keeps following its default", () => {
    const storage = new FakeStorage();
    saveChosenSettings(defaultSettings(), { ...defaultSettings(), deck: "german" }, storage);
    assert.deepEqual(JSON.parse(storage.getItem(KEY)), { deck: "german" });
  });

  test("saving into a refusing storage does not throw and says so (the settings still apply to this visit)", () => {
    const settings = defaultSettings();
    assert.equal(saveChosenSettings(settings, settings, new FakeStorage({ failing: true })), false, "not kept: said");
    assert.equal(saveChosenSettings(settings, settings, new FakeStorage()), true);
  });

  test("settings that do not read are kept aside once, to be told: the next visit finds none to tell", () => {
    const storage = new FakeStorage({ items: { [KEY]: '{"lang": "sr-La' } });
    assert.equal(setAsideUnreadableSettings(storage), true);
    assert.equal(storage.getItem(`${KEY}.unreadable`), '{"lang": "sr-La');
    assert.equal(storage.getItem(KEY), null);
    assert.deepEqual(loadSettings(storage), defaultSettings());
    assert.equal(setAsideUnreadableSettings(storage), false, "told once");
    for (const text of ["[1, 2]", "7"]) {
      assert.equal(setAsideUnreadableSettings(new FakeStorage({ items: { [KEY]: text } })), true, text);
    }
    assert.equal(setAsideUnreadableSettings(stored({ deck: "german" })), false, "readable settings stay");
    assert.equal(setAsideUnreadableSettings(new FakeStorage()), false, "nothing stored");
    assert.equal(setAsideUnreadableSettings(new FakeStorage({ failing: true })), false, "a refusing storage");
  });

  test("a choice saved over settings that do not read keeps them aside first (another page saved the language)", () => {
    const storage = new FakeStorage({ items: { [KEY]: "{damaged" } });
    saveLanguage("en", storage);
    assert.equal(storage.getItem(`${KEY}.unreadable`), "{damaged");
    storage.setItem(KEY, "{damaged again");
    saveChosenSettings(defaultSettings(), { ...defaultSettings(), deck: "german" }, storage);
    assert.equal(storage.getItem(`${KEY}.unreadable.2`), "{damaged again");
    assert.equal(loadSettings(storage).deck, "german");
  });

  test("values of the wrong shape are dropped one by one, the rest is kept", () => {
    const settings = loadSettings(
      stored({
        opponent: "robot",
        level: "Grand Master!",
        lang: "fr",
        deck: "tarot",
        speed: "warp",
        sound: "yes",
        rules: { must_beat: "true", claim: "sometimes", dealer: "loser", draw_bonus: 1, target: 3.5 },
      }),
    );
    assert.deepEqual(settings, defaultSettings());
  });

  test("a partial save fills in the rest from the defaults", () => {
    const settings = loadSettings(stored({ deck: "german", rules: { target: 3 } }));
    assert.equal(settings.deck, "german");
    assert.deepEqual(settings.rules, { ...DEFAULT_RULES, target: 3 });
    assert.equal(settings.opponent, "computer");
  });

  test("a target must be a whole number the engine takes (1 to MAX_TARGET): a wrong one was refused on every visit", () => {
    assert.equal(loadSettings(stored({ rules: { target: MAX_TARGET } })).rules.target, MAX_TARGET);
    for (const target of [0, -7, 2.5, "7", MAX_TARGET + 1, 150]) {
      assert.equal(loadSettings(stored({ rules: { target } })).rules.target, 7, String(target));
    }
  });
});

describe("the remembered language alone (the club and friend pages' picker)", () => {
  test("a language only where one was stored: the browser's default is no choice", () => {
    assert.equal(savedLanguage(stored({ deck: "german", lang: "sr-Cyrl" })), "sr-Cyrl");
    assert.equal(savedLanguage(stored({ deck: "german" })), null);
    assert.equal(savedLanguage(stored({ lang: "fr" })), null);
    assert.equal(savedLanguage(stored(["lang"])), null);
    assert.equal(savedLanguage(new FakeStorage({ items: { [KEY]: "{not json" } })), null);
    assert.equal(savedLanguage(new FakeStorage()), null);
    assert.equal(savedLanguage(new FakeStorage({ failing: true })), null);
  });

  test("saving it keeps the other settings as stored and leaves the rest to their defaults", () => {
    const storage = stored({ deck: "german", rules: { target: 3 } });
    saveLanguage("sr-Cyrl", storage);
    assert.deepEqual(JSON.parse(storage.getItem(KEY)), { deck: "german", rules: { target: 3 }, lang: "sr-Cyrl" });
    assert.deepEqual(loadSettings(storage), {
      ...defaultSettings(),
      deck: "german",
      rules: { ...DEFAULT_RULES, target: 3 },
      lang: "sr-Cyrl",
    });
    const empty = new FakeStorage();
    saveLanguage("en", empty);
    assert.deepEqual(JSON.parse(empty.getItem(KEY)), { lang: "en" });
  });

  test("saving over unreadable settings, or into a refusing storage, does not throw", () => {
    const damaged = new FakeStorage({ items: { [KEY]: "{not json" } });
    saveLanguage("sr-Latn", damaged);
    assert.equal(savedLanguage(damaged), "sr-Latn");
    assert.doesNotThrow(() => saveLanguage("en", new FakeStorage({ failing: true })));
  });
});

describe("URL overrides (for this visit only)", () => {
  const overrides = (query, settings = defaultSettings()) => applyOverrides(settings, new URLSearchParams(query));

  test("language, level, deck, speed and opponent", () => {
    const { settings } = overrides("lang=sr-Latn&level=master&deck=german&speed=off&opponent=human");
    assert.equal(settings.lang, "sr-Latn");
    assert.equal(settings.level, "master");
    assert.equal(settings.deck, "german");
    assert.equal(settings.speed, "off");
    assert.equal(settings.opponent, "human");
  });

  test("names of the object machinery are no values: speed=constructor, __proto__, toString keep the setting", () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) {
      for (const field of ["speed", "deck", "lang", "opponent", "claim", "dealer"]) {
        const { settings } = overrides(`${field}=${name}`);
        assert.deepEqual(settings, defaultSettings(), `${field}=${name}`);
      }
      assert.equal(SPEEDS[overrides(`speed=${name}`).settings.speed], SPEEDS.normal, name);
    }
  });

  test("sound=0 silences the game (an embedded one has no Settings), sound=1 plays it; another value is refused", () => {
    assert.equal(overrides("sound=0").settings.sound, false);
    assert.equal(overrides("sound=no", { ...defaultSettings(), sound: true }).settings.sound, false);
    assert.equal(overrides("sound=1", { ...defaultSettings(), sound: false }).settings.sound, true);
    const { settings, refused } = overrides("sound=quiet");
    assert.equal(settings.sound, defaultSettings().sound);
    assert.deepEqual(refused, ["sound=quiet"]);
  });

  test("opponent=hotseat is two people on one device", () => {
    assert.equal(overrides("opponent=hotseat").settings.opponent, "human");
  });

  test("rule options, with 1/true/yes and 0/false/no for yes/no options", () => {
    const { settings, ruleOverrides } = overrides("must_beat=yes&draw_bonus=1&claim=manual&dealer=alternate&target=11");
    assert.deepEqual(settings.rules, {
      must_beat: true,
      claim: "manual",
      dealer: "alternate",
      draw_bonus: true,
      target: 11,
    });
    assert.deepEqual(ruleOverrides, {
      must_beat: true,
      draw_bonus: true,
      claim: "manual",
      dealer: "alternate",
      target: 11,
    });
    assert.equal(
      overrides("must_beat=false", { ...defaultSettings(), rules: { ...DEFAULT_RULES, must_beat: true } }).settings
        .rules.must_beat,
      false,
    );
  });

  test("only the options in the URL are overrides; a yes/no option that is neither is none", () => {
    assert.deepEqual(overrides("lang=en").ruleOverrides, {});
    assert.deepEqual(overrides("must_beat=maybe").ruleOverrides, {});
  });

  test("a rule value the page does not know is not applied, and named as refused", () => {
    const { settings, ruleOverrides, refused } = overrides("claim=sometimes&target=0&must_beat=yes&dealer=winner");
    assert.deepEqual(ruleOverrides, { must_beat: true, dealer: "winner" });
    assert.deepEqual(settings.rules, { ...DEFAULT_RULES, must_beat: true });
    assert.deepEqual(refused, ["claim=sometimes", "target=0"]);
    assert.deepEqual(overrides("target=100&draw_bonus=maybe").refused, ["draw_bonus=maybe", "target=100"]);
    assert.deepEqual(overrides(`claim=${"x".repeat(500)}`).refused, [`claim=${"x".repeat(24)}…`]);
    assert.deepEqual(overrides("seed=abc&target=3").refused, ["seed=abc"], "the same deals for everyone: not these");
    assert.deepEqual(overrides("seed=1234567890123456").refused, ["seed=1234567890123456"]);
  });

  test("a misspelled option name is named as refused with the name meant; another site's names are not", () => {
    const { settings, refused } = overrides("levle=master&Target=3&mustbeat=1&sead=5&lan=en&tagret=2");
    assert.deepEqual(settings, defaultSettings());
    assert.deepEqual(refused, [
      "levle=master (level?)",
      "Target=3 (target?)",
      "mustbeat=1 (must_beat?)",
      "sead=5 (seed?)",
      "lan=en (lang?)",
      "tagret=2 (target?)",
    ]);
    const shared = "fbclid=IwAR0x&utm_source=viber&utm_medium=social&gclid=x&v=2&ref=club&page=1&lvl=3&id=7";
    assert.deepEqual(overrides(`${shared}&level=beginner&embed=1&preview=1`).refused, []);
  });

  test("unknown values of page options are ignored, and named as refused", () => {
    const { settings, refused } = overrides("lang=fr&deck=tarot&opponent=robot&level=NO&speed=off");
    assert.deepEqual(settings, { ...defaultSettings(), speed: "off" });
    assert.deepEqual(refused, ["lang=fr", "level=NO", "deck=tarot", "opponent=robot"]);
    assert.deepEqual(overrides("opponent=hotseat&lang=sr-Cyrl&target=3").refused, []);
  });

  test("help=0 takes Hint and Undo off the table for the visit; another value is named as refused", () => {
    assert.deepEqual([overrides("help=0").help, overrides("help=0").refused], [false, []]);
    assert.equal(overrides("help=1").help, true);
    assert.equal(overrides("embed=1").help, true, "help is there unless the address takes it away");
    assert.deepEqual([overrides("help=no").help, overrides("help=no").refused], [true, ["help=no"]]);
    assert.deepEqual(overrides("hlep=0").refused, ["hlep=0 (help?)"]);
  });

  test("the settings given are not changed", () => {
    const before = defaultSettings();
    overrides("lang=sr-Cyrl&target=3", before);
    assert.deepEqual(before, defaultSettings());
  });

  test("seed: up to 15 digits, else none", () => {
    assert.equal(overrides("seed=42").seed, 42);
    assert.equal(overrides("seed=123456789012345").seed, 123456789012345);
    assert.equal(overrides("seed=1234567890123456").seed, null);
    assert.equal(overrides("seed=-1").seed, null);
    assert.equal(overrides("seed=4e3").seed, null);
    assert.equal(overrides("").seed, null);
  });

  test("embed only with embed=1", () => {
    assert.equal(overrides("embed=1").embed, true);
    assert.equal(overrides("embed=true").embed, false);
    assert.equal(overrides("").embed, false);
  });
});

describe("settings as an address's options (settingsQuery, the reverse of applyOverrides)", () => {
  const base = () => ({ ...defaultSettings(), lang: "sr-Latn", speed: "normal" });

  test("only what differs from the base, in the names and values applyOverrides reads, which gives it back", () => {
    const chosen = {
      ...base(),
      lang: "sr-Cyrl",
      level: "master",
      deck: "german",
      rules: { must_beat: true, claim: "manual", dealer: "alternate", draw_bonus: true, target: 11 },
    };
    const query = settingsQuery(chosen, base());
    assert.equal(
      query.toString(),
      "lang=sr-Cyrl&level=master&deck=german&must_beat=1&draw_bonus=1&claim=manual&dealer=alternate&target=11",
    );
    assert.deepEqual(applyOverrides(base(), query).settings, chosen);
  });

  test("each option alone reads back as it was chosen, a rule switched off as 0, two players as hotseat", () => {
    const withRules = (rules) => ({ ...base(), rules: { ...DEFAULT_RULES, ...rules } });
    const cases = [
      [{ ...base(), speed: "off" }, "speed=off"],
      [{ ...base(), opponent: "human" }, "opponent=hotseat"],
      [{ ...base(), level: "beginner" }, "level=beginner"],
      [withRules({ target: 3 }), "target=3"],
      [{ ...base(), sound: !base().sound }, `sound=${base().sound ? 0 : 1}`],
    ];
    for (const [chosen, query] of cases) {
      assert.equal(settingsQuery(chosen, base()).toString(), query);
      assert.deepEqual(applyOverrides(base(), settingsQuery(chosen, base())).settings, chosen, query);
    }
    const strict = withRules({ must_beat: true });
    assert.equal(settingsQuery(base(), strict).toString(), "must_beat=0");
    assert.deepEqual(applyOverrides(strict, settingsQuery(base(), strict)).settings, base());
  });

  test("nothing for the base itself, but the settings `always` names even then; no level where none is set", () => {
    assert.equal(settingsQuery(base(), base()).toString(), "");
    const clubLevel = { ...base(), level: "club" };
    assert.equal(settingsQuery(clubLevel, clubLevel, ["lang", "level"]).toString(), "lang=sr-Latn&level=club");
    assert.equal(settingsQuery(base(), base(), ["level"]).toString(), "", "level null: the engine's default");
  });
});
