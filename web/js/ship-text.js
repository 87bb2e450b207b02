/**
 * Texts of the shipping features (update offer, share links, replay, embed) in the page's language.
 *
 * Serbian is written once in Latin script; Cyrillic comes from i18n.js's transliteration. `st(key, values)`
 * works like i18n's `t`, and its values are filled in as plain text (callers put results in `textContent`).
 */

import { fillIn, language, toCyrillic } from "./i18n.js";

/** @import { TextTable } from "./i18n.js" */

/** @type {TextTable} */
export const SR = {
  updateReady: "Nova verzija igre je spremna.",
  updateNow: "Osveži",
  updateLater: "Kasnije",
  shareDeal: "Podeli deljenje",
  shareGame: "Podeli partiju",
  shareDealTitle: "Link za ovo deljenje",
  shareDealText: "Ko otvori ovaj link dobija iste karte, na istim mestima, sa istim pravilima.",
  shareGameTitle: "Link za ovu partiju",
  shareGameText: "Ovaj link otvara snimak partije: svaki potez, napred i nazad.",
  copy: "Kopiraj",
  copied: "Kopirano",
  close: "Zatvori",
  shareFailed: "Link nije mogao da se napravi: {message}",
  linkBroken: "Link nije ispravan",
  linkBrokenText: "Ovaj link ne radi: {message} Počinje nova partija.",
  newGame: "Nova partija",
  noGame: "u ovom linku nema partije",
  replayTitle: "Snimak partije",
  replayLoading: "Učitavam snimak…",
  replayDeal: "Deljenje {n} od {total}",
  replayMove: "Potez {n} od {total}",
  replayStart: "Početak",
  replayBack: "Nazad",
  replayForward: "Napred",
  replayEnd: "Kraj",
  replayPrevDeal: "Prethodno deljenje",
  replayNextDeal: "Sledeće deljenje",
  replayPoints: "Poeni: {a} – {b}",
  replayGamePoints: "Partija: {a} – {b}",
  replayPlay: "Igraj",
};

/** @type {TextTable} */
export const EN = {
  updateReady: "A new version of the game is ready.",
  updateNow: "Update",
  updateLater: "Later",
  shareDeal: "Share this deal",
  shareGame: "Share this game",
  shareDealTitle: "Link to this deal",
  shareDealText: "Whoever opens this link gets the same cards in the same places, under the same rules.",
  shareGameTitle: "Link to this game",
  shareGameText: "This link opens a replay of the game: every move, forward and back.",
  copy: "Copy",
  copied: "Copied",
  close: "Close",
  shareFailed: "The link could not be made: {message}",
  linkBroken: "This link does not work",
  linkBrokenText: "This link does not work: {message} A new game starts instead.",
  newGame: "New game",
  noGame: "there is no game in this link",
  replayTitle: "Game replay",
  replayLoading: "Loading the replay…",
  replayDeal: "Deal {n} of {total}",
  replayMove: "Move {n} of {total}",
  replayStart: "Start",
  replayBack: "Back",
  replayForward: "Forward",
  replayEnd: "End",
  replayPrevDeal: "Previous deal",
  replayNextDeal: "Next deal",
  replayPoints: "Points: {a} – {b}",
  replayGamePoints: "Match: {a} – {b}",
  replayPlay: "Play",
};

/** The text for `key` in the current language, `{name}` placeholders filled from `values`. */
/**
 * @param {string} key
 * @param {Record<string, string | number>} [values]
 */
export function st(key, values = {}) {
  const lang = language();
  const base = lang === "en" ? EN[key] : (SR[key] ?? EN[key]);
  const text = lang === "sr-Cyrl" ? toCyrillic(base) : base;
  return fillIn(text, values);
}
