import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, test } from "node:test";

import {
  asSentences,
  browserLanguage,
  cardName,
  dateText,
  dayText,
  decimal,
  fillIn,
  LANGUAGE_NAMES,
  LANGUAGES,
  language,
  pageTitle,
  setLanguage,
  TEXTS,
  t,
  toCyrillic,
} from "../web/js/i18n.js";
import * as shipText from "../web/js/ship-text.js";
import { pageLanguage } from "./fakes.js";

/** The `{placeholders}` of a text, sorted. */
const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

let restoreLanguage;
beforeEach(() => {
  restoreLanguage = pageLanguage();
});
afterEach(() => restoreLanguage());

describe("every text exists in every language", () => {
  test("the page's texts have the same keys in Serbian (both scripts) and English", () => {
    const english = Object.keys(TEXTS.en).sort();
    for (const lang of LANGUAGES) assert.deepEqual(Object.keys(TEXTS[lang]).sort(), english, lang);
  });

  test("a text has the same placeholders in every language", () => {
    for (const [key, text] of Object.entries(TEXTS.en)) {
      for (const lang of LANGUAGES)
        assert.deepEqual(placeholders(TEXTS[lang][key]), placeholders(text), `${lang} ${key}`);
    }
  });

  test("the shipping features' texts (ship-text.js) have the same keys and placeholders in Serbian and English", () => {
    assert.deepEqual(Object.keys(shipText.SR).sort(), Object.keys(shipText.EN).sort());
    for (const [key, text] of Object.entries(shipText.EN))
      assert.deepEqual(placeholders(shipText.SR[key]), placeholders(text), key);
  });

  test("the Serbian texts address the player formally, with a capital V: Vi, Vas, Vam, Vaš", () => {
    const lowercase = /(?<![\p{L}-])(vi|vas|vam|vaš\p{L}*)(?![\p{L}-])/u;
    for (const [key, text] of [...Object.entries(TEXTS["sr-Latn"]), ...Object.entries(shipText.SR)])
      assert.doesNotMatch(text, lowercase, key);
  });

  test("no text is empty", () => {
    for (const lang of LANGUAGES) {
      for (const [key, text] of Object.entries(TEXTS[lang])) assert.ok(text.trim(), `${lang} ${key}`);
    }
  });
});

describe("the languages' names: one table for the pickers", () => {
  test("names every language of the page, in the pickers' order", () => {
    assert.deepEqual(
      LANGUAGE_NAMES.map(({ code }) => code),
      LANGUAGES,
    );
    assert.deepEqual(LANGUAGES, ["sr-Latn", "sr-Cyrl", "en"]);
  });

  test("each in itself: the script for a phone's header, language and script for the Settings", () => {
    assert.deepEqual(
      LANGUAGE_NAMES.map(({ short }) => short),
      ["Latinica", "Ћирилица", "English"],
    );
    assert.deepEqual(
      LANGUAGE_NAMES.map(({ long }) => long),
      ["Srpski (latinica)", "Српски (ћирилица)", "English"],
    );
  });
});

describe("Cyrillic is transliterated from the Latin Serbian", () => {
  test("one letter for one letter, lj, nj and dž included, capitals kept", () => {
    assert.equal(
      toCyrillic("Ljubljana, Njegoš, džep, Đorđe, ćao, čaša, žir"),
      "Љубљана, Његош, џеп, Ђорђе, ћао, чаша, жир",
    );
    assert.equal(toCyrillic("DŽEP Džep"), "ЏЕП Џеп");
  });

  test("placeholders in braces stay in Latin letters", () => {
    assert.equal(toCyrillic("Na potezu: {name}"), "На потезу: {name}");
  });

  test("code in backticks stays as written", () => {
    assert.equal(toCyrillic("`reason` je `false_claim` ili `draw`"), "`reason` је `false_claim` или `draw`");
  });

  test("foreign words (with w, x, y or q, or listed) stay as written", () => {
    assert.equal(toCyrillic("Ovaj pregledač ne podržava WebAssembly"), "Овај прегледач не подржава WebAssembly");
    assert.equal(toCyrillic("Kod za sajt (iframe): Preuzmi CSV"), "Код за сајт (iframe): Преузми CSV");
  });

  test("the keys are named as printed on a keyboard, in Latin letters", () => {
    assert.equal(
      toCyrillic("Enter igra kartu, Tab vodi do dugmadi, Escape zatvara"),
      "Enter игра карту, Tab води до дугмади, Escape затвара",
    );
    assert.equal(toCyrillic("Home i End do prve i poslednje"), "Home и End до прве и последње"); // was "Хоме и Енд"
  });

  test("the Cyrillic table is the Latin table transliterated", () => {
    assert.equal(TEXTS["sr-Cyrl"].newMatch, "Нова партија");
    assert.equal(TEXTS["sr-Cyrl"].statusTurnOf, "На потезу: {name}");
  });
});

describe("t: the text for a key in the current language", () => {
  test("fills placeholders with the values given, as text", () => {
    setLanguage("en");
    assert.equal(t("statusTurnOf", { name: "Ana" }), "Ana to play");
    assert.equal(t("undoneCount", { n: 3 }), "Undone in this match: 3 times");
  });

  test("leaves a placeholder without a value as it is", () => {
    setLanguage("en");
    assert.equal(t("statusTurnOf"), "{name} to play");
  });

  test("an unknown key is shown as the key itself", () => {
    assert.equal(t("noSuchKey"), "noSuchKey");
  });

  test("setLanguage switches the texts and the document's lang; an unknown language gives Serbian (Latin)", () => {
    setLanguage("sr-Cyrl");
    assert.equal(language(), "sr-Cyrl");
    assert.equal(document.documentElement.lang, "sr-Cyrl");
    assert.equal(t("newMatch"), "Нова партија");
    setLanguage("fr");
    assert.equal(language(), "sr-Latn");
    assert.equal(t("newMatch"), "Nova partija");
  });

  test("a count takes the word form its number needs: three in Serbian, two in English", () => {
    const points = "{p} {p|poen|poena|poena}";
    const tricks = "{n} {n|štih|štiha|štihova}";
    assert.deepEqual(
      [1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 41, 111, 0].map((n) => fillIn(tricks, { n })),
      [
        "1 štih",
        "2 štiha",
        "4 štiha",
        "5 štihova",
        "11 štihova",
        "12 štihova",
        "14 štihova",
        "21 štih",
        "22 štiha",
        "25 štihova",
        "41 štih",
        "111 štihova",
        "0 štihova",
      ],
    );
    assert.equal(fillIn(points, { p: 61 }), "61 poen");
    assert.equal(
      fillIn("{n} {n|deal|deals}", { n: 1 }) + fillIn(", {n} {n|deal|deals}", { n: 21 }),
      "1 deal, 21 deals",
    );
    assert.equal(fillIn("{n|a|b}", {}), "{n|a|b}", "without its number it stays");
    assert.equal(toCyrillic(tricks), "{n} {n|штих|штиха|штихова}");
  });

  test("the tricks under a won stack say their count as a phrase: 1 štih, 2 štiha, 5 štihova", () => {
    const won = (/** @type {number} */ n) => t("tricksWon", { n }).replace("\u00a0", " ");
    assert.deepEqual([1, 2, 5, 16].map(won), ["1 štih", "2 štiha", "5 štihova", "16 štihova"]); // the forms: fillIn's
    setLanguage("sr-Cyrl");
    assert.equal(won(5), "5 штихова");
    setLanguage("en");
    assert.deepEqual([1, 2, 0].map(won), ["1 trick", "2 tricks", "0 tricks"]);
  });

  test("a screen reader hears whose won tricks these are in one phrase, without a second colon", () => {
    const spoken = (/** @type {string} */ name, /** @type {number} */ n) =>
      t("wonTricksOf", { name, won: t("tricksWon", { n }) }).replaceAll("\u00a0", " ");
    assert.equal(spoken("Vi", 2), "Vi, odneto: 2 štiha");
    setLanguage("en");
    assert.equal(spoken("Computer", 1), "Computer, won: 1 trick");
  });

  test("a deal the computer won in a club challenge tells its game points and the member's card points", () => {
    const lost = (/** @type {number} */ won, /** @type {number} */ cards) => t("clubDealLost", { won, cards });
    assert.equal(lost(1, 29), "Računar je dobio deljenje (1 poen partije); skupili ste 29 poena iz karata.");
    assert.equal(lost(3, 21), "Računar je dobio deljenje (3 poena partije); skupili ste 21 poen iz karata.");
    setLanguage("en");
    assert.equal(lost(2, 1), "The computer won the deal (2 game points); you took 1 card point.");
    assert.equal(lost(1, 0), "The computer won the deal (1 game point); you took 0 card points.");
  });

  test("every count gives three word forms in Serbian and two in English", () => {
    for (const [lang, forms] of [
      ["sr-Latn", 3],
      ["sr-Cyrl", 3],
      ["en", 2],
    ]) {
      for (const [key, text] of Object.entries(TEXTS[lang])) {
        for (const { 0: whole, 1: name, 2: words, index } of text.matchAll(/\{(\w+)\|([^}]*)\}/g)) {
          const afterItsNumber = text.slice(0, index).endsWith(`{${name}} `);
          // a Serbian word away from its number has two: "Red 2: …" for one line, "Redovi 2, 3, …, 21 i 22: …" for more
          const expected = lang.startsWith("sr") && !afterItsNumber ? [2, 3] : [forms];
          assert.ok(expected.includes(words.split("|").length), `${lang} ${key}: ${whole}`);
        }
      }
    }
  });

  test("a Serbian word away from its number is plural for any number but one", () => {
    const lines = (/** @type {number} */ count) => t("clubUnreadLines", { count, lines: "…" });
    assert.deepEqual([1, 2, 21, 22].map(lines), [
      "Red …: nema linka rezultata.",
      "Redovi …: nema linka rezultata.",
      "Redovi …: nema linka rezultata.",
      "Redovi …: nema linka rezultata.",
    ]);
  });

  test("decimals are written as the page's language writes them", () => {
    assert.equal(decimal(4.031, 2), "4,03");
    setLanguage("en");
    assert.equal(decimal(4.031, 2), "4.03");
  });

  test("fillIn replaces every occurrence and only whole names", () => {
    assert.equal(fillIn("{a} : {b} ({a})", { a: 1, b: 2 }), "1 : 2 (1)");
    assert.equal(fillIn("{a}{ab}", { a: "x" }), "x{ab}");
  });
});

describe("card names", () => {
  test("French deck in English and Serbian", () => {
    setLanguage("en");
    assert.equal(cardName("AH", "french"), "ace of hearts");
    assert.equal(cardName("TS", "french"), "ten of spades");
    setLanguage("sr-Latn");
    assert.equal(cardName("QD", "french"), "dama karo");
  });

  test("the German deck names Ober and Unter and its own suits", () => {
    setLanguage("en");
    assert.equal(cardName("QH", "german"), "ober of hearts");
    assert.equal(cardName("JC", "german"), "unter of acorns");
    assert.equal(cardName("KS", "german"), "king of leaves");
    setLanguage("sr-Cyrl");
    assert.equal(cardName("JD", "german"), "доњак бундева");
  });
});

describe("browserLanguage: the language of a first visit", () => {
  test("English for English, whatever the region", () => {
    assert.equal(browserLanguage(["en-GB"]), "en");
  });

  test("Serbian Cyrillic for plain Serbian and for sr-Cyrl", () => {
    assert.equal(browserLanguage(["sr"]), "sr-Cyrl");
    assert.equal(browserLanguage(["sr-RS"]), "sr-Cyrl");
    assert.equal(browserLanguage(["sr-Cyrl-BA"]), "sr-Cyrl");
  });

  test("Serbian Latin for sr-Latn and the neighbouring languages", () => {
    for (const tag of ["sr-Latn-RS", "hr-HR", "bs", "cnr", "sh"]) assert.equal(browserLanguage([tag]), "sr-Latn", tag);
  });

  test("Serbian Cyrillic for Macedonian", () => {
    assert.equal(browserLanguage(["mk-MK"]), "sr-Cyrl");
  });

  test("the first language the page knows wins", () => {
    assert.equal(browserLanguage(["de-DE", "en-US", "sr"]), "en");
    assert.equal(browserLanguage(["de-DE", "hr", "en"]), "sr-Latn");
  });

  test("other languages only give English, none at all Serbian (Latin)", () => {
    assert.equal(browserLanguage(["de-DE", "de"]), "en");
    assert.equal(browserLanguage(["fr-FR", "fr"]), "en");
    assert.equal(browserLanguage(["hrx", "shn"]), "en", "languages whose code only begins like a neighbour's");
    assert.equal(browserLanguage([]), "sr-Latn");
    assert.equal(browserLanguage([""]), "sr-Latn");
  });
});

describe("dates are written as the page's language writes them", () => {
  const firstOfDecember = Date.UTC(2025, 11, 1, 12, 0);
  test("Serbian day first with dots, English with the month's name, whatever the browser's own order", () => {
    setLanguage("sr-Latn");
    assert.equal(dateText(firstOfDecember), "1. 12. 2025.");
    setLanguage("sr-Cyrl");
    assert.equal(dateText(firstOfDecember), "1. 12. 2025.");
    setLanguage("en");
    assert.equal(dateText(firstOfDecember), "1 Dec 2025");
  });
  test("with the time when asked", () => {
    setLanguage("sr-Latn");
    assert.match(dateText(firstOfDecember, true), /^1\. 12\. 2025\. \d{1,2}:\d{2}$/);
  });
  test("a stored time that is not one gives a dash, not an exception", () => {
    setLanguage("sr-Latn");
    for (const bad of [Number.NaN, "2025-12-01", null, undefined, 1e20]) assert.equal(dateText(bad), "—");
  });
});

describe("a club challenge's closing day", () => {
  test("is written as a date of the page's language, never broken over two lines, and a sentence that ends with it has one full stop", () => {
    setLanguage("sr-Latn");
    assert.equal(dayText("2025-12-08"), "8.\u00a012.\u00a02025.");
    assert.match(
      t("clubInfo", { deals: 3, level: "ekspert", closes: dayText("2025-12-08") }),
      /zatvara se 8\.\u00a012\.\u00a02025\.$/,
    );
    setLanguage("en");
    assert.equal(dayText("2025-12-08"), "8\u00a0Dec\u00a02025");
    assert.match(
      t("clubInfo", { deals: 3, level: "expert", closes: dayText("2025-12-08") }),
      /closes on 8\u00a0Dec\u00a02025\.$/,
    );
  });
  test("text that is not a day stays as it is", () => {
    assert.equal(dayText("soon"), "soon");
  });
});

describe("one way of addressing the player", () => {
  test("the Serbian sentences say Vi, as the table does (Vi ste na potezu), never ti", () => {
    const informal = /(?<!\p{L})(ti|te|si|tebi|tebe|tvoj\p{L}*)(?!\p{L})/iu; // \b would split oštećen
    const slips = Object.entries(TEXTS["sr-Latn"]).filter(([, text]) => informal.test(text));
    assert.deepEqual(slips, []);
  });

  test("buttons and prompts say it too: Igrajte, Prijavite, never Igraj, Prijavi (the shipping texts included)", () => {
    // The page's verbs in the informal imperative, where a command stands: first in a text or a sentence, or
    // after "i", "pa", "Da," (elsewhere most are also the present tense: "ne može da se otvori"). "deli" is left
    // out: "Deli: Ana" labels the dealer.
    const verbs =
      "igraj|prijavi|zatvori|sačuvaj|obriši|odustani|pokušaj|vrati|podeli|kopiraj|pošalji|osveži|otvori|nastavi|" +
      "počni|prihvati|odbij|izvezi|uvezi|napravi|predaj|preuzmi|proveri|rangiraj|izaberi|nalepi|upiši|pogledaj|probaj";
    const informal = new RegExp(`(?:^|[.:;!?] |, | i | pa )(?:${verbs})(?!\\p{L})`, "iu");
    const texts = { ...TEXTS["sr-Latn"], ...shipText.SR };
    const slips = Object.entries(texts).filter(([, text]) => informal.test(text));
    assert.deepEqual(slips, []);
  });
});

describe("lines run on as a paragraph", () => {
  test("each is a sentence: a capital first, a full stop last, none doubled", () => {
    assert.equal(
      asSentences(["Deljenje dobija: Ana", "Ana: 66 ili više (75).", "uz +1 za prethodno nerešeno deljenje"]),
      "Deljenje dobija: Ana. Ana: 66 ili više (75). Uz +1 za prethodno nerešeno deljenje.",
    );
    assert.equal(asSentences(["уз +1"]), "Уз +1.");
    assert.equal(asSentences([]), "");
  });
});

describe("a page's title before its script runs", () => {
  /** The `<title>` and the descriptions a link preview reads from a page's HTML. */
  const head = (page) => {
    const html = readFileSync(new URL(`../web/${page}`, import.meta.url), "utf8");
    const content = (attribute) => html.match(new RegExp(`<meta ${attribute} content="([^"]*)"`))?.[1];
    return {
      title: html.match(/<title>([^<]*)<\/title>/)?.[1],
      ogTitle: content('property="og:title"'),
      description: content('name="description"'),
      ogDescription: content('property="og:description"'),
    };
  };

  test("is the one its script sets in Serbian, and a preview reads it with a Serbian description", () => {
    setLanguage("sr-Latn");
    const titles = {
      "index.html": pageTitle(),
      "club.html": pageTitle(t("clubTitle")),
      "friend.html": pageTitle(t("friendTitle")),
      "replay.html": pageTitle(shipText.st("replayTitle")),
      "embed-info.html": shipText.st("embedTitle"),
    };
    for (const [page, title] of Object.entries(titles)) {
      const { title: shown, ogTitle, description, ogDescription } = head(page);
      assert.equal(shown, title, page);
      assert.equal(ogTitle, title, page);
      assert.ok(description?.includes("Otvoreni 66"), page);
      assert.equal(ogDescription, description, page);
    }
  });
});
