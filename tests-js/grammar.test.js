import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";

import { engineText } from "../web/js/engine-text.js";
import { accusativeWord, declineRank } from "../web/js/grammar.js";
import { cardName, setLanguage } from "../web/js/i18n.js";
import { withoutRefusedOption } from "../web/js/rule-fallback.js";
import { pageLanguage } from "./fakes.js";

let restoreLanguage;
beforeEach(() => {
  restoreLanguage = pageLanguage();
});
afterEach(() => restoreLanguage());

describe("a rank is named in the accusative where a sentence needs it", () => {
  test("feminine ranks in -a take -u, in both scripts", () => {
    assert.equal(accusativeWord("dama"), "damu");
    assert.equal(accusativeWord("desetka"), "desetku");
    assert.equal(accusativeWord("дама"), "даму");
  });

  test("masculine ranks ending in a consonant take -a, in both scripts", () => {
    assert.equal(accusativeWord("kralj"), "kralja");
    assert.equal(accusativeWord("as"), "asa");
    assert.equal(accusativeWord("žandar"), "žandara");
    assert.equal(accusativeWord("краљ"), "краља");
  });

  test("the Hungarian deck's upper and lower man (gornjak, donjak) decline as kralj does", () => {
    assert.equal(accusativeWord("gornjak"), "gornjaka");
    assert.equal(accusativeWord("доњак"), "доњака");
  });

  test("English and the nominative leave the name as it is", () => {
    assert.equal(declineRank("queen", "accusative", "en"), "queen");
    assert.equal(declineRank("dama", "nominative", "sr-Latn"), "dama");
  });

  test("the marriage prompt's card: 'damu pik', 'kralja herc', 'даму пик'", () => {
    assert.equal(cardName("QS", "french", "accusative"), "damu pik");
    assert.equal(cardName("KH", "french", "accusative"), "kralja herc");
    assert.equal(cardName("QD", "german", "accusative"), "gornjaka bundeva");
    assert.equal(cardName("JC", "german", "accusative"), "donjaka žir");
    setLanguage("sr-Cyrl");
    assert.equal(cardName("QS", "french", "accusative"), "даму пик");
    assert.equal(cardName("QD", "german", "accusative"), "горњака бундева");
    assert.equal(cardName("AH", "german", "accusative"), "аса срце");
    setLanguage("en");
    assert.equal(cardName("QS", "french", "accusative"), "queen of spades");
  });
});

describe("the engine's refusals are said in the player's language", () => {
  test("a refused card names the suit to follow in the deck's words", () => {
    const error = { type: "illegal_move", reason: "must_follow", params: { suit: "H", card: "AH" } };
    assert.equal(engineText(error, "french"), "Morate da poštujete boju: igrajte kartu u boji herc.");
    assert.equal(engineText(error, "german"), "Morate da poštujete boju: igrajte kartu u boji srce.");
    setLanguage("en");
    assert.equal(engineText(error, "french"), "You must follow suit: play hearts.");
  });

  test("a marriage missing a card names the deck's own court cards", () => {
    const error = { type: "illegal_move", reason: "marriage_incomplete", params: { suit: "H" } };
    assert.equal(engineText(error, "french"), "Za marijaž su Vam potrebni otvoreni kralj i dama (boja: herc).");
    assert.equal(engineText(error, "german"), "Za marijaž su Vam potrebni otvoreni kralj i gornjak (boja: srce).");
  });

  test("a card to beat is named in the accusative", () => {
    const error = { type: "illegal_move", reason: "must_beat", params: { suit: "H", card: "QH" } };
    assert.match(engineText(error, "french"), /nadjačate damu herc/);
  });

  test("a link of another kind says which it is and which opens here (a result link on a challenge's address)", () => {
    const error = { type: "invalid_link", reason: "link_wrong_kind", params: { found: "result", wanted: "challenge" } };
    assert.equal(engineText(error, "french"), "Ovo je link rezultata, a ne link izazova.");
    setLanguage("en");
    assert.equal(engineText(error, "french"), "This is a result link, not a challenge link.");
  });

  test("a wrong packet plan and a target out of range are explained with their numbers", () => {
    assert.equal(
      engineText({ type: "invalid_layout", reason: "packet_sum", params: { total: 6 } }, "french"),
      "Paketi treba da daju ukupno 8 karata, a daju 6.",
    );
    setLanguage("sr-Cyrl");
    assert.match(engineText({ type: "invalid_rules", reason: "rule_target", params: { max: 99 } }, "french"), /99/);
  });

  test("an unknown reason falls back to its kind, and an unknown kind to a general text, never to English", () => {
    assert.equal(
      engineText({ type: "illegal_move", reason: "something_new" }, "french"),
      "Taj potez sada nije dozvoljen.",
    );
    assert.equal(engineText(new Error("boom"), "french"), "To nije uspelo. Pokušajte ponovo.");
  });
});

describe("a refused rule option falls back alone", () => {
  test("a target of 150 goes back to the default and the other rules stay", () => {
    const rules = { target: 150, must_beat: true, claim: "manual" };
    assert.deepEqual(withoutRefusedOption(rules, "target"), { must_beat: true, claim: "manual" });
  });

  test("a refusal that names no option of these rules gives the defaults", () => {
    assert.deepEqual(withoutRefusedOption({ target: 5 }, undefined), {});
    assert.deepEqual(withoutRefusedOption({ target: 5 }, "toString"), {});
  });
});
