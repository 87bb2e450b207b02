import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";

import { setLanguage, t } from "../web/js/i18n.js";
import { ruleFields, ruleNote, ruleOptions, rulesApart, rulesSummary } from "../web/js/rule-fields.js";
import { DEFAULT_RULES } from "../web/js/settings.js";
import { pageLanguage } from "./fakes.js";

let restoreLanguage;
beforeEach(() => {
  restoreLanguage = pageLanguage("en");
});
afterEach(() => restoreLanguage());

describe("the rules of an invitation, told with the Settings' labels", () => {
  test("every rule option has its line, the target first", () => {
    const rules = { must_beat: true, claim: "manual", dealer: "alternate", draw_bonus: false, target: 3 };
    assert.deepEqual(rulesSummary(rules), [
      `${t("target")}: 3`,
      `${t("mustBeat")}: ${t("ruleOn")}`,
      `${t("claimMode")}: ${t("claimManual")}`,
      `${t("dealerRule")}: ${t("dealerAlternate")}`,
      `${t("drawBonusOption")}: ${t("ruleOff")}`,
    ]);
  });

  test("in each language", () => {
    const english = rulesSummary(DEFAULT_RULES);
    setLanguage("sr-Cyrl");
    const cyrillic = rulesSummary(DEFAULT_RULES);
    assert.equal(cyrillic.length, english.length);
    assert.notDeepEqual(cyrillic, english);
    assert.match(cyrillic.join(" "), /[\u0400-\u04FF]/);
  });
});

describe("the options History tells a finished match apart by", () => {
  test("only those other than the defaults, an option switched on by its label alone, the target left to the score", () => {
    assert.deepEqual(rulesApart({ ...DEFAULT_RULES, target: 11 }), []);
    const rules = { must_beat: true, claim: "manual", dealer: "winner", draw_bonus: true, target: 3 };
    assert.deepEqual(rulesApart(rules), [
      "Following suit, beat the led card if you can",
      "Claiming 66: manual (66 button)",
      "After a drawn deal, +1 game point to the next deal's winner",
    ]);
  });

  test("in the Settings' words of each language", () => {
    setLanguage("sr-Latn");
    assert.deepEqual(rulesApart({ ...DEFAULT_RULES, dealer: "alternate", must_beat: true }), [
      "Na boju obavezno jačom kartom, ako je imate",
      "Sledeći deli: naizmenično",
    ]);
  });
});

describe("a choice rule's options, for a form that lays out its own field (the club's)", () => {
  test("the values the engine takes, worded as the Settings and the friend form word them", () => {
    assert.deepEqual(ruleOptions("claim"), [
      ["auto", "automatic"],
      ["manual", "manual (66 button)"],
    ]);
    setLanguage("sr-Cyrl");
    assert.deepEqual(ruleOptions("dealer"), [
      ["winner", t("dealerWinner")],
      ["alternate", t("dealerAlternate")],
    ]);
    assert.equal(ruleOptions("claim")[0][1], "аутоматски");
  });

  test("its note is the one the Settings and the friend form show (none for a choice without a cost)", () => {
    assert.equal(ruleNote("claim"), t("claimManualNote"));
    assert.equal(ruleNote("dealer"), "");
  });
});

describe("the rule fields of Settings and the friend form", () => {
  test("the manual claim's cost is said under its choice and read with it", () => {
    const html = ruleFields(DEFAULT_RULES);
    assert.match(html, /<select name="claim" id="setting-claim" aria-describedby="setting-claim-note">/);
    assert.ok(html.includes(`<p class="field-note" id="setting-claim-note">${t("claimManualNote")}</p>`));
    assert.match(t("claimManualNote"), /2 game points/);
    assert.doesNotMatch(html, /setting-dealer-note/); // a choice without a cost has no note
  });
});
