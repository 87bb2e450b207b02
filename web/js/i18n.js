/**
 * Texts in Serbian (Latin and Cyrillic) and English.
 *
 * Serbian is written once, in Latin script; Cyrillic is made from it by the
 * standard one-to-one transliteration (lj, nj, dž are single letters), leaving
 * `{placeholders}` alone. `t(key, values)` returns the text in the current language. The tables themselves
 * are texts-sr.js and texts-en.js.
 */

import { declineRank } from "./grammar.js";
import { EN } from "./texts-en.js";
import { SR } from "./texts-sr.js";

/** @import { Deck, Language } from "./types.js" */
/** @typedef {Record<string, string>} TextTable  text by key */

/**
 * The page's languages, in the order the pickers offer them, each named as its own readers write it: `short` where
 * room is tight (the header picker of the club and friend pages, on a phone: the script is the choice a Serbian
 * reader makes there), `long` where there is room (the game's Settings).
 * @type {readonly {code: Language, short: string, long: string}[]}
 */
export const LANGUAGE_NAMES = [
  { code: "sr-Latn", short: "Latinica", long: "Srpski (latinica)" },
  { code: "sr-Cyrl", short: "Ћирилица", long: "Српски (ћирилица)" },
  { code: "en", short: "English", long: "English" },
];

/** @type {Language[]} */
export const LANGUAGES = LANGUAGE_NAMES.map(({ code }) => code);

/**
 * Whether `value` names one of the page's languages.
 * @param {unknown} value
 * @returns {value is Language}
 */
export function isLanguage(value) {
  return /** @type {unknown[]} */ (LANGUAGES).includes(value);
}

/** @type {Record<string, string>} */
// biome-ignore format: the alphabet reads best as a table
const CYRILLIC = {
  a: "а", b: "б", v: "в", g: "г", d: "д", đ: "ђ", e: "е", ž: "ж", z: "з", i: "и", j: "ј", k: "к", l: "л",
  m: "м", n: "н", o: "о", p: "п", r: "р", s: "с", t: "т", ć: "ћ", u: "у", f: "ф", h: "х", c: "ц", č: "ч",
  š: "ш", lj: "љ", nj: "њ", dž: "џ",
};

/** Foreign words of the texts that have none of w, x, y, q but stay in Latin letters in Cyrillic text. */
const LATIN_WORDS = new Set(["iframe", "CSV", "JSON", "Enter", "Tab", "Escape", "Home", "End"]); // keys' names as printed

/**
 * Serbian Latin text in Cyrillic script. Placeholders' names in braces, code in backticks and foreign words (with
 * w, x, y, q, or in LATIN_WORDS) stay; the word forms of a count placeholder (`{n|štih|štiha|štihova}`) are
 * Serbian and change.
 * @param {string} text
 * @returns {string}
 */
export function toCyrillic(text) {
  return text.replace(/\{[^}]*\}|`[^`]*`|\p{L}+/gu, (/** @type {string} */ word) => {
    if (word.startsWith("{") && word.includes("|")) {
      const bar = word.indexOf("|");
      return word.slice(0, bar) + toCyrillic(word.slice(bar));
    }
    if (word.startsWith("{") || word.startsWith("`") || /[wxyq]/i.test(word) || LATIN_WORDS.has(word)) return word;
    return word.replace(/dž|lj|nj|./gi, (latin) => {
      const cyr = CYRILLIC[latin.toLowerCase()];
      if (!cyr) return latin;
      return latin[0] === latin[0].toLowerCase() ? cyr : cyr.toUpperCase();
    });
  });
}

/**
 * Every text of the page by language (exported for the test that each language has every key).
 * @type {Record<Language, TextTable>}
 */
export const TEXTS = {
  "sr-Latn": SR,
  "sr-Cyrl": Object.fromEntries(Object.entries(SR).map(([key, text]) => [key, toCyrillic(text)])),
  en: EN,
};

/** @type {Language} */
let current = "sr-Latn";

/**
 * The language to start with: the first of the browser's that the page has, or reads nearly as its own (Serbian
 * Latin for Bosnian, Croatian, Montenegrin and Serbo-Croatian, Cyrillic for Macedonian); else English, which a
 * German or a French reader more likely reads than Serbian; Serbian (Latin) when the browser names no language.
 * @param {readonly string[]} languages  the browser's preferred languages, most preferred first
 * @returns {Language}
 */
export function browserLanguage(languages = navigator.languages ?? [navigator.language]) {
  const tags = languages.filter(Boolean).map((tag) => String(tag).toLowerCase());
  for (const tag of tags) {
    const primary = tag.split(/[-_]/)[0];
    if (primary === "en") return "en";
    if (tag.startsWith("sr-cyrl") || tag === "sr" || tag === "sr-rs" || primary === "mk") return "sr-Cyrl";
    if (["sr", "bs", "hr", "sh", "cnr"].includes(primary)) return "sr-Latn";
  }
  return tags.length > 0 ? "en" : "sr-Latn";
}

/** Switch the page's texts (and its `lang` attribute) to `lang`; an unknown language gives Serbian (Latin). */
export function setLanguage(/** @type {string} */ lang) {
  current = isLanguage(lang) ? lang : "sr-Latn";
  document.documentElement.lang = current;
}

/** The page's language now. */
export function language() {
  return current;
}

/**
 * The text for `key` in the current language (English when it lacks one, the key itself when every language
 * does), with `{name}` placeholders filled from `values`.
 * @param {string} key
 * @param {Record<string, string | number>} [values]
 */
export function t(key, values = {}) {
  return fillIn(TEXTS[current][key] ?? EN[key] ?? key, values);
}

/**
 * The browser tab's title of a page: the page's own name before the game's ("Klupski izazov · Otvoreni 66"), the
 * game's alone for the table. Each page's HTML carries its Serbian title for link previews, which run no script.
 * @param {string} [pageName]  the page's name in the current language
 */
export function pageTitle(pageName) {
  return pageName ? `${pageName} · ${t("title")}` : t("title");
}

/** Whether the page has a text for `key` (in English at least). */
export function hasText(/** @type {string} */ key) {
  return key in EN;
}

/**
 * Which of a count's word forms goes with the whole number `n`: Serbian has three (one: 1, 21, 31…; few: 2–4, 22–24…;
 * other: 0, 5–20, 25…, "1 štih, 2 štiha, 5 štihova"), English two (one: 1; other). A Serbian word that does not
 * follow its number gives two as well, for one and for more ("Red 4" but "Redovi 2, …, 21"). Returns the form's index.
 * @param {number} n
 * @param {number} forms  how many forms the text gives (3 in Serbian, 2 in English)
 */
function countForm(n, forms) {
  const whole = Math.abs(Math.trunc(n));
  if (forms === 2) return whole === 1 ? 0 : 1;
  const ten = whole % 10;
  const hundred = whole % 100;
  if (ten === 1 && hundred !== 11) return 0;
  if (ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14)) return 1;
  return 2;
}

/**
 * `text` with each `{name}` replaced by `values[name]` as plain text, and each count placeholder
 * `{name|form|form…}` by the word form that goes with the number `values[name]` (countForm); a placeholder
 * without a value stays.
 * @param {string} text
 * @param {Record<string, string | number>} values
 */
export function fillIn(text, values) {
  return text.replace(/\{(\w+)((?:\|[^|}]*)*)\}/g, (whole, name, forms) => {
    if (!(name in values)) return whole;
    if (!forms) return String(values[name]);
    const words = forms.slice(1).split("|");
    return words[countForm(Number(values[name]), words.length)] ?? whole;
  });
}

/**
 * `n` with `digits` decimals, written as the page's language writes them ("4,03" in Serbian, "4.03" in English).
 * @param {number} n
 * @param {number} digits
 */
export function decimal(n, digits) {
  const text = n.toFixed(digits);
  return current === "en" ? text : text.replace(".", ",");
}

/**
 * How each language writes a date: Serbian as in Serbia ("1. 12. 2025."), English with the month's name
 * ("1 Dec 2025", which no reader takes for January 12). Never the browser's own order.
 * @type {Record<Language, [string, Intl.DateTimeFormatOptions]>}
 */
const DATE_FORMATS = {
  "sr-Latn": ["sr-Latn-RS", { dateStyle: "short" }],
  "sr-Cyrl": ["sr-Cyrl-RS", { dateStyle: "short" }],
  en: ["en-GB", { dateStyle: "medium" }],
};

/** The furthest time from 1970 a JavaScript date can hold (ms): beyond it (or Infinity) there is no date to write. */
const LATEST_TIME = 8.64e15;

/**
 * The date of `time` (ms since 1970) in the page's language, with the hour and minute when `withTime`; "—" for
 * a time that is not one (it comes from the browser's storage, which anything may have written).
 * @param {unknown} time
 * @param {boolean} [withTime]
 */
export function dateText(time, withTime = false) {
  if (typeof time !== "number" || Math.abs(time) > LATEST_TIME || Number.isNaN(time)) return "—";
  const [locale, options] = DATE_FORMATS[current];
  return new Intl.DateTimeFormat(locale, withTime ? { ...options, timeStyle: "short" } : options).format(time);
}

/**
 * A text that a line never breaks inside (a name, a date): "Igrač" at a line's end and "2: 71" at the next's start
 * read as 2 points, "10." and "12. 2026." as two things.
 * @param {string} text
 */
export function unbroken(text) {
  return text.replaceAll(" ", "\u00a0");
}

/**
 * A calendar day written "YYYY-MM-DD" (a club challenge's closing day) as the page's language writes dates
 * (as dateText does), kept on one line in the sentence that names it ("10." at a line's end and "12. 2026." at the
 * next's start read as two things); any other text as it is.
 * @param {string} day
 */
export function dayText(day) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  return unbroken(dateText(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12).getTime()));
}

/**
 * `text` beginning with a capital: a clause ("štih nosi Ana") said on its own.
 * @param {string} text
 */
export function capitalized(text) {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/**
 * Lines (list items, headings) run on as one paragraph: each begins with a capital and ends with a full stop, so
 * "Deljenje dobija: Ana" and "Ana: 66 ili više (75)." do not read "Deljenje dobija: Ana Ana: 66 ili više".
 * @param {string[]} lines
 */
export function asSentences(lines) {
  return lines
    .map(capitalized)
    .map((line) => (/[.!?…]$/.test(line) ? line : `${line}.`))
    .join(" ");
}

/**
 * A card's spoken name, e.g. "ace of hearts" / "as herc" (German decks name ober, unter, leaves…), in the
 * grammatical case its sentence needs ("Igrajte damu pik": the accusative).
 * @param {string} code
 * @param {Deck} deck
 * @param {import("./grammar.js").GrammaticalCase} [grammaticalCase]
 */
export function cardName(code, deck, grammaticalCase = "nominative") {
  return t("cardName", { rank: rankName(code[0], deck, grammaticalCase), suit: suitName(code[1], deck) });
}

/**
 * A rank's name in the deck's style ("dama" / "gornjak"), in the grammatical case its sentence needs.
 * @param {string} rank  a rank letter (A, T, K, Q, J, 9, 8, 7)
 * @param {Deck} deck
 * @param {import("./grammar.js").GrammaticalCase} [grammaticalCase]
 */
function rankName(rank, deck, grammaticalCase = "nominative") {
  const key = deck === "german" && (rank === "Q" || rank === "J") ? `rankG_${rank}` : `rank_${rank}`;
  return declineRank(t(key), grammaticalCase, current);
}

/**
 * The court cards a rule names, in the deck's style: `{queen}` and `{jack}`, `{queenAcc}` in the accusative
 * ("Kralj i gornjak iste boje", "igra tog kralja ili gornjaka": a German deck's rules must not speak of a dama).
 * @param {Deck} deck
 * @returns {{queen: string, jack: string, queenAcc: string}}
 */
export function courtNames(deck) {
  return { queen: rankName("Q", deck), jack: rankName("J", deck), queenAcc: rankName("Q", deck, "accusative") };
}

/** A suit's name in the deck's style ("herc" / "srce"). */
export function suitName(/** @type {string} */ suit, /** @type {Deck} */ deck) {
  return t(deck === "german" ? `suitG_${suit}` : `suit_${suit}`);
}
