/**
 * Serbian grammar for card names: the accusative ("Igrajte damu pik", "Igrajte kralja herc").
 *
 * A card is named "{rank} {suit}" and only the rank declines: the suit names (pik, herc, karo, tref; srce, list,
 * bundeva, žir) stand after it like a label and stay as they are. Card ranks are treated as animate nouns, as
 * players say them ("baci asa", "uzmi kralja"). The rules below cover every rank name of texts-sr.js, in Latin
 * and in Cyrillic script (the Cyrillic table is the Latin one transliterated, so both go through here).
 */

/** @typedef {"nominative" | "accusative"} GrammaticalCase */

/** Letters that end a word in a vowel, in both scripts. */
const VOWELS = /[aeiouаеиоу]$/iu;

/**
 * One Serbian word (a rank name) in the accusative.
 * - feminine in -a: dama → damu, desetka → desetku (дама → даму);
 * - masculine animate ending in a consonant: kralj → kralja, as → asa, žandar → žandara, gornjak → gornjaka
 *   (краљ → краља);
 * - anything else stays.
 * @param {string} word
 */
export function accusativeWord(word) {
  if (/a$/u.test(word)) return `${word.slice(0, -1)}u`;
  if (/а$/u.test(word)) return `${word.slice(0, -1)}у`;
  if (!VOWELS.test(word) && /\p{L}$/u.test(word)) return `${word}${/\p{Script=Cyrillic}/u.test(word) ? "а" : "a"}`;
  return word;
}

/**
 * A rank name in `grammaticalCase` for `language` (English, and the nominative, leave it as it is).
 * @param {string} rank
 * @param {GrammaticalCase} grammaticalCase
 * @param {string} language  a page language ("sr-Latn", "sr-Cyrl", "en")
 */
export function declineRank(rank, grammaticalCase, language) {
  return grammaticalCase === "nominative" || !language.startsWith("sr") ? rank : accusativeWord(rank);
}
