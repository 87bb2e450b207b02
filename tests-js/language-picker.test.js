import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { FORMER_CLUB_KEY, inVisitLanguage, rememberedLanguage, visitLanguage } from "../web/js/language-picker.js";
import { savedLanguage } from "../web/js/settings.js";
import { FakeStorage } from "./fakes.js";

const KEY = "otv66.settings";

describe("the page's language for a visit", () => {
  test("the address's language comes first, then the one chosen on this device, then the browser's", () => {
    assert.equal(visitLanguage("?embed=1&lang=sr-Cyrl", "en", "sr-Latn"), "sr-Cyrl");
    assert.equal(visitLanguage("?lang=klingon", "en", "sr-Latn"), "en");
    assert.equal(visitLanguage("?lang=", "sr-Cyrl", "en"), "sr-Cyrl");
    assert.equal(visitLanguage("", null, "sr-Latn"), "sr-Latn");
    assert.equal(visitLanguage("", "nonsense", "en"), "en");
  });
});

describe("a link to another page of the site", () => {
  test("carries the address's language along, where it names one", () => {
    assert.equal(inVisitLanguage("index.html", "?lang=en"), "index.html?lang=en");
    assert.equal(inVisitLanguage("index.html", "?embed=1&lang=sr-Cyrl"), "index.html?lang=sr-Cyrl");
    assert.equal(inVisitLanguage("index.html", ""), "index.html");
    assert.equal(inVisitLanguage("index.html", "?lang=klingon"), "index.html");
  });
});

describe("the language remembered on this device", () => {
  test("the one in the game's settings; none where they hold none", () => {
    assert.equal(rememberedLanguage(new FakeStorage({ items: { [KEY]: '{"lang":"sr-Cyrl"}' } })), "sr-Cyrl");
    assert.equal(rememberedLanguage(new FakeStorage({ items: { [KEY]: '{"deck":"german"}' } })), null);
    assert.equal(rememberedLanguage(new FakeStorage()), null);
  });

  test("the club page's former choice is taken where the settings hold none, moved into them, and forgotten", () => {
    const storage = new FakeStorage({ items: { [KEY]: '{"deck":"german"}', [FORMER_CLUB_KEY]: "sr-Cyrl" } });
    assert.equal(rememberedLanguage(storage), "sr-Cyrl");
    assert.equal(storage.getItem(FORMER_CLUB_KEY), null);
    assert.deepEqual(JSON.parse(storage.getItem(KEY)), { deck: "german", lang: "sr-Cyrl" });
    assert.equal(rememberedLanguage(storage), "sr-Cyrl", "read from the settings from now on");
  });

  test("a language in the settings stays; the former key goes all the same", () => {
    const storage = new FakeStorage({ items: { [KEY]: '{"lang":"en"}', [FORMER_CLUB_KEY]: "sr-Cyrl" } });
    assert.equal(rememberedLanguage(storage), "en");
    assert.equal(storage.getItem(FORMER_CLUB_KEY), null);
    assert.equal(savedLanguage(storage), "en");
  });

  test("a former value that is no language is dropped, and nothing is saved for it", () => {
    const storage = new FakeStorage({ items: { [FORMER_CLUB_KEY]: "klingon" } });
    assert.equal(rememberedLanguage(storage), null);
    assert.equal(storage.getItem(FORMER_CLUB_KEY), null);
    assert.equal(storage.getItem(KEY), null);
  });

  test("a refusing storage remembers nothing and does not throw", () => {
    assert.equal(rememberedLanguage(new FakeStorage({ failing: true })), null);
  });
});
