/**
 * Texts in Serbian (Latin and Cyrillic) and English.
 *
 * Serbian is written once, in Latin script; Cyrillic is made from it by the
 * standard one-to-one transliteration (lj, nj, dž are single letters), leaving
 * `{placeholders}` alone. `t(key, values)` returns the text in the current language.
 */

/** @import { Deck, Language } from "./types.js" */
/** @typedef {Record<string, string>} TextTable  text by key */

/** @type {Language[]} */
export const LANGUAGES = ["sr-Latn", "sr-Cyrl", "en"];

/**
 * Whether `value` names one of the page's languages.
 * @param {unknown} value
 * @returns {value is Language}
 */
export function isLanguage(value) {
  return /** @type {unknown[]} */ (LANGUAGES).includes(value);
}

/** @type {TextTable} */
const SR = {
  title: "Otvoreni 66",
  newMatch: "Nova partija",
  menu: "Meni",
  confirmNewMatch: "Započeti novu partiju? Ova partija će biti izgubljena.",
  settings: "Podešavanja",
  history: "Istorija",
  close: "Zatvori",
  hint: "Savet",
  undo: "Vrati ({n})",
  lastTrick: "Poslednji štih",
  review: "Analiza",
  claim66: "66!",
  claim66Label: "Prijavi 66",
  retry: "Pokušaj ponovo",
  // loading
  loadingTitle: "Učitavam igru…",
  loadErrorTitle: "Igra ne može da se pokrene",
  loadStalled: "učitavanje je stalo (mreža?)",
  stepConfig: "Podaci o izdanju",
  stepDownload: "Preuzimam Python ({loaded} od {total} MB)",
  stepStart: "Pokrećem Python",
  stepEngine: "Učitavam pravila igre",
  stepMatch: "Postavljam sto",
  noWasm: "Ovaj pregledač ne podržava WebAssembly, pa igra ne može da radi. Probajte noviji pregledač.",
  noWorker: "Ovaj pregledač ne podržava Web Worker, pa igra ne može da radi. Probajte noviji pregledač.",
  loadFailed: "Igra nije mogla da se učita: {message}",
  // status
  statusLoading: "Učitavanje…",
  statusYourTurn: "Vi ste na potezu",
  statusTurnOf: "Na potezu: {name}",
  statusThinking: "{name} razmišlja…",
  statusDealOver: "Deljenje je završeno",
  statusMatchOver: "Partija je završena",
  statusError: "Greška",
  statusDealing: "Deli: {name}",
  // table
  you: "Vi",
  computer: "Računar",
  playerN: "Igrač {n}",
  dealer: "Deli",
  trump: "Adut",
  trumpCard: "adut",
  scoreLabel: "Poeni",
  tricksWon: "Štihova: {n}",
  tricksAndPoints: "Štihova: {n} · {p} poena",
  gamePoints: "{a} : {b} (do {target})",
  gamePointsLabel: "Partija",
  marriages: "Marijaž",
  marriagePending: "{points} (čeka štih)",
  trickArea: "Štih na stolu",
  seatOf: "Sto: {name}",
  wonTricksOf: "Štihovi: {name}",
  cardPlayable: "{card}, može se igrati",
  cardNotPlayable: "{card}, ne može se igrati",
  cardTrumpMark: "poslednja karta delioca",
  // moves
  played: "{name}: {card}",
  playedMarriage: "{name}: marijaž ({points}), {card}",
  claimed: "{name}: prijava 66",
  trickTo: "Štih nosi: {name}",
  turnedUp: "Okrenuta je karta: {card}",
  hintIs: "Savet: {card}",
  hintMarriage: "Savet: {card} uz prijavu marijaža",
  hintClaim: "Savet: prijavite 66",
  noLastTrick: "Još nema odigranog štiha.",
  undone: "Potez je vraćen",
  notPlayable: "Ova karta se sada ne može igrati",
  // marriage
  marriageTitle: "Marijaž: {suit}",
  marriageAnnounce: "Igraj {card} i prijavi marijaž",
  marriagePlain: "Igraj {card} bez prijave",
  cancel: "Odustani",
  // dealing
  dealTitle: "Vi delite",
  dealHint: "Izaberite pakete: 1, 2 ili 4 karte, ukupno 8 (isti raspored u oba kruga).",
  dealPlan: "Raspored: {plan}",
  dealEmpty: "Raspored: —",
  deal: "Podeli",
  clear: "Obriši",
  packet: "{n} po paket",
  dealsWith: "{name} deli po {plan}",
  // result
  dealOverTitle: "Deljenje {n}",
  winsDeal: "Deljenje dobija: {name}",
  draw: "Nerešeno: nema poena za partiju, isti delilac deli ponovo.",
  scoreLine: "Poeni: {a} : {b} · štihova: {ta} : {tb}",
  whyReached: "{name}: 66 ili više ({score}).",
  whyPlayedOut: "Odigrano je svih 16 štihova; veći zbir pobeđuje.",
  whyFalseClaim: "{name}: prijava 66 sa samo {score} poena, pa protivnik dobija 2 poena partije.",
  why1: "{name}: {score} poena, 33 ili više — 1 poen partije.",
  why2: "{name}: {score} poena, manje od 33 — 2 poena partije.",
  why3: "{name}: nijedan štih — 3 poena partije.",
  drawBonus: "uz +1 za prethodno nerešeno deljenje",
  gamePointsTo: "{name}: +{n} (partija {a} : {b})",
  nextDeal: "Sledeće deljenje",
  matchOverTitle: "Kraj partije",
  matchWinner: "Partiju dobija: {name} ({a} : {b})",
  rematch: "Revanš",
  dealsPlayed: "Odigrano deljenja: {n}",
  // review
  reviewTitle: "Analiza deljenja",
  reviewing: "Analiziram deljenje…",
  inaccuracy: "nepreciznost",
  mistake: "greška",
  blunder: "gruba greška",
  better: "bolje: {card}",
  reviewClean: "Nema grešaka.",
  // settings
  opponent: "Protivnik",
  opponentComputer: "Računar",
  opponentHuman: "Dva igrača na jednom uređaju",
  level: "Jačina računara",
  level_beginner: "početnik",
  level_club: "klupski igrač",
  level_expert: "ekspert",
  level_master: "majstor",
  rules: "Pravila (važe od nove partije)",
  mustBeat: "Mora se nadjačati karta iste boje",
  claimMode: "Prijava 66",
  claimAuto: "automatski",
  claimManual: "ručno (dugme 66)",
  dealerRule: "Sledeći deli",
  dealerWinner: "pobednik deljenja",
  dealerAlternate: "naizmenično",
  drawBonusOption: "+1 poen pobedniku posle nerešenog",
  target: "Partija do",
  language: "Jezik",
  deck: "Karte",
  deckFrench: "francuske (♠♥♦♣)",
  deckGerman: "mađarice (list, srce, bundeva, žir)",
  speed: "Animacija",
  speedOff: "isključena",
  speedFast: "brza",
  speedNormal: "normalna",
  speedSlow: "spora",
  sound: "Zvuk",
  save: "Sačuvaj",
  settingsNote: "Protivnik i pravila važe od sledeće nove partije.",
  startNew: "Nova partija sa ovim podešavanjima",
  // history
  historyTitle: "Istorija partija",
  statMatches: "Partija",
  statDeals: "Deljenja",
  statWinRate: "Pobede protiv računara",
  statGamePoints: "Poeni partije (vi : protivnik)",
  historyEmpty: "Još nema završenih partija.",
  historyWon: "pobeda",
  historyLost: "poraz",
  historyHotseat: "dva igrača",
  clearHistory: "Obriši istoriju",
  // saves
  saveCorrupt:
    "Sačuvana partija nije mogla da se nastavi ({message}). Ostaje sačuvana po strani; počinje nova partija.",
  saveNewer:
    "Sačuvana partija je iz novije verzije igre: ostaje netaknuta (nastavite je u novijoj verziji). Ovde počinje nova partija.",
  resumed: "Nastavljena je sačuvana partija.",
  saveFull: "Memorija pregledača je puna: ova partija se više ne čuva.",
  linkOverMatchTitle: "Otvoriti drugu partiju?",
  linkOverMatch: "Imate partiju u toku. Ostaje sačuvana: nastavite je kad god hoćete iz Istorije.",
  openLink: "Otvori novu",
  keepPlaying: "Nastavi moju partiju",
  savedMatches: "Sačuvane partije",
  continueMatch: "Nastavi",
  deleteSave: "Obriši",
  engineRestarted: "Igra je prestala da odgovara; ponovo je pokrenuta i partija je vraćena.",
  statusGettingReady: "Igra se priprema…",
  otherTabTitle: "Partija je u drugoj kartici",
  otherTab: "Ova partija se sada igra u drugoj kartici pregledača. Ovde se ništa ne čuva dok je ne preuzmete.",
  playHere: "Igraj ovde",
  badRules: "Ta pravila igra ne poznaje ({message}); igra se po osnovnim pravilima.",
  // cards
  rank_A: "as",
  rank_T: "desetka",
  rank_K: "kralj",
  rank_Q: "dama",
  rank_J: "žandar",
  rank_9: "devetka",
  rank_8: "osmica",
  rank_7: "sedmica",
  rankG_Q: "gornjak",
  rankG_J: "donjak",
  suit_S: "pik",
  suit_H: "herc",
  suit_D: "karo",
  suit_C: "tref",
  suitG_S: "list",
  suitG_H: "srce",
  suitG_D: "bundeva",
  suitG_C: "žir",
  cardName: "{rank} {suit}",
};

/** @type {TextTable} */
const EN = {
  title: "Open 66",
  newMatch: "New match",
  menu: "Menu",
  confirmNewMatch: "Start a new match? This match will be lost.",
  settings: "Settings",
  history: "History",
  close: "Close",
  hint: "Hint",
  undo: "Undo ({n})",
  lastTrick: "Last trick",
  review: "Review",
  claim66: "66!",
  claim66Label: "Claim 66",
  retry: "Retry",
  loadingTitle: "Loading the game…",
  loadErrorTitle: "The game cannot start",
  loadStalled: "loading stopped making progress (network?)",
  stepConfig: "Build information",
  stepDownload: "Downloading Python ({loaded} of {total} MB)",
  stepStart: "Starting Python",
  stepEngine: "Loading the game rules",
  stepMatch: "Setting the table",
  noWasm: "This browser does not support WebAssembly, so the game cannot run. Try a recent Chrome, Firefox or Safari.",
  noWorker: "This browser does not support Web Workers, so the game cannot run. Try a recent browser.",
  loadFailed: "The game could not be loaded: {message}",
  statusLoading: "Loading…",
  statusYourTurn: "Your turn",
  statusTurnOf: "{name} to play",
  statusThinking: "{name} is thinking…",
  statusDealOver: "The deal is over",
  statusMatchOver: "The match is over",
  statusError: "Error",
  statusDealing: "{name} deals",
  you: "You",
  computer: "Computer",
  playerN: "Player {n}",
  dealer: "Dealer",
  trump: "Trump",
  trumpCard: "trump",
  scoreLabel: "Score",
  tricksWon: "Tricks: {n}",
  tricksAndPoints: "Tricks: {n} · {p} points",
  gamePoints: "{a} : {b} (to {target})",
  gamePointsLabel: "Match",
  marriages: "Marriage",
  marriagePending: "{points} (needs a trick)",
  trickArea: "Trick on the table",
  seatOf: "Table of {name}",
  wonTricksOf: "Tricks won by {name}",
  cardPlayable: "{card}, playable",
  cardNotPlayable: "{card}, not playable",
  cardTrumpMark: "the dealer's last card",
  played: "{name}: {card}",
  playedMarriage: "{name} announced a marriage ({points}) and led {card}",
  claimed: "{name} claimed 66",
  trickTo: "Trick to {name}",
  turnedUp: "Turned up: {card}",
  hintIs: "Hint: {card}",
  hintMarriage: "Hint: {card}, announcing the marriage",
  hintClaim: "Hint: claim 66",
  noLastTrick: "No trick has been played yet.",
  undone: "Move undone",
  notPlayable: "This card cannot be played now",
  marriageTitle: "Marriage in {suit}",
  marriageAnnounce: "Lead {card} and announce the marriage",
  marriagePlain: "Lead {card} without announcing",
  cancel: "Cancel",
  dealTitle: "You deal",
  dealHint: "Choose the packets: 1, 2 or 4 cards, 8 in all (the same plan in both rounds).",
  dealPlan: "Plan: {plan}",
  dealEmpty: "Plan: —",
  deal: "Deal",
  clear: "Clear",
  packet: "{n} per packet",
  dealsWith: "{name} deals in packets of {plan}",
  dealOverTitle: "Deal {n}",
  winsDeal: "Deal won by {name}",
  draw: "A draw: no game points, and the same dealer deals again.",
  scoreLine: "Score: {a} : {b} · tricks: {ta} : {tb}",
  whyReached: "{name} reached 66 ({score}).",
  whyPlayedOut: "All 16 tricks were played; the higher score wins.",
  whyFalseClaim: "{name} claimed 66 with only {score}: the opponent gets 2 game points.",
  why1: "{name}: {score} points, 33 or more — 1 game point.",
  why2: "{name}: {score} points, less than 33 — 2 game points.",
  why3: "{name}: no trick won — 3 game points.",
  drawBonus: "with +1 for the drawn deal before",
  gamePointsTo: "{name}: +{n} (match {a} : {b})",
  nextDeal: "Next deal",
  matchOverTitle: "Match over",
  matchWinner: "Match won by {name}, {a} : {b}",
  rematch: "Rematch",
  dealsPlayed: "Deals played: {n}",
  reviewTitle: "Deal review",
  reviewing: "Reviewing the deal…",
  inaccuracy: "inaccuracy",
  mistake: "mistake",
  blunder: "blunder",
  better: "better: {card}",
  reviewClean: "No mistakes.",
  opponent: "Opponent",
  opponentComputer: "Computer",
  opponentHuman: "Two players on one device",
  level: "Computer level",
  level_beginner: "beginner",
  level_club: "club player",
  level_expert: "expert",
  level_master: "master",
  rules: "Rules (from the next new match)",
  mustBeat: "Must beat the led card in suit",
  claimMode: "Claiming 66",
  claimAuto: "automatic",
  claimManual: "manual (66 button)",
  dealerRule: "Next dealer",
  dealerWinner: "winner of the deal",
  dealerAlternate: "alternate",
  drawBonusOption: "+1 game point to the winner after a draw",
  target: "Match to",
  language: "Language",
  deck: "Cards",
  deckFrench: "French (♠♥♦♣)",
  deckGerman: "Hungarian (leaves, hearts, bells, acorns)",
  speed: "Animation",
  speedOff: "off",
  speedFast: "fast",
  speedNormal: "normal",
  speedSlow: "slow",
  sound: "Sound",
  save: "Save",
  settingsNote: "Opponent and rules apply from the next new match.",
  startNew: "New match with these settings",
  historyTitle: "Match history",
  statMatches: "Matches",
  statDeals: "Deals",
  statWinRate: "Wins against the computer",
  statGamePoints: "Game points (you : opponent)",
  historyEmpty: "No finished matches yet.",
  historyWon: "won",
  historyLost: "lost",
  historyHotseat: "two players",
  clearHistory: "Clear history",
  saveCorrupt: "The saved match could not be resumed ({message}). It is kept aside; a new match starts.",
  saveNewer:
    "The saved match comes from a newer version of the game: it is kept untouched (continue it there). A new match starts here.",
  resumed: "The saved match was resumed.",
  saveFull: "The browser's storage is full: this match is no longer being saved.",
  linkOverMatchTitle: "Open another match?",
  linkOverMatch: "You have a match in progress. It stays saved: continue it any time from History.",
  openLink: "Open the new one",
  keepPlaying: "Continue my match",
  savedMatches: "Saved matches",
  continueMatch: "Continue",
  deleteSave: "Delete",
  engineRestarted: "The game stopped answering; it was restarted and the match put back.",
  statusGettingReady: "Getting the game ready…",
  otherTabTitle: "Playing in another tab",
  otherTab:
    "This match is now being played in another tab of the browser. Nothing is saved here until you take it back.",
  playHere: "Play here",
  badRules: "The game does not know those rules ({message}); it plays by the default rules.",
  rank_A: "ace",
  rank_T: "ten",
  rank_K: "king",
  rank_Q: "queen",
  rank_J: "jack",
  rank_9: "nine",
  rank_8: "eight",
  rank_7: "seven",
  rankG_Q: "ober",
  rankG_J: "unter",
  suit_S: "spades",
  suit_H: "hearts",
  suit_D: "diamonds",
  suit_C: "clubs",
  suitG_S: "leaves",
  suitG_H: "hearts",
  suitG_D: "bells",
  suitG_C: "acorns",
  cardName: "{rank} of {suit}",
};

/** @type {Record<string, string>} */
// biome-ignore format: the alphabet reads best as a table
const CYRILLIC = {
  a: "а", b: "б", v: "в", g: "г", d: "д", đ: "ђ", e: "е", ž: "ж", z: "з", i: "и", j: "ј", k: "к", l: "л",
  m: "м", n: "н", o: "о", p: "п", r: "р", s: "с", t: "т", ć: "ћ", u: "у", f: "ф", h: "х", c: "ц", č: "ч",
  š: "ш", lj: "љ", nj: "њ", dž: "џ",
};

/** Serbian Latin text in Cyrillic script. Placeholders in braces and foreign words (with w, x, y, q) stay. */
export function toCyrillic(/** @type {string} */ text) {
  return text.replace(/\{[^}]*\}|\p{L}+/gu, (word) => {
    if (word.startsWith("{") || /[wxyq]/i.test(word)) return word;
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
 * The language to start with: the browser's if we have it, Serbian (Latin) otherwise.
 * @param {readonly string[]} languages  the browser's preferred languages, most preferred first
 * @returns {Language}
 */
export function browserLanguage(languages = navigator.languages ?? [navigator.language]) {
  for (const tag of languages) {
    const lower = String(tag).toLowerCase();
    if (lower.startsWith("en")) return "en";
    if (lower.startsWith("sr-cyrl") || lower === "sr" || lower === "sr-rs") return "sr-Cyrl";
    if (/^(sr|bs|hr|sh|cnr)/.test(lower)) return "sr-Latn";
  }
  return "sr-Latn";
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
 * `text` with each `{name}` replaced by `values[name]` as plain text; a placeholder without a value stays.
 * @param {string} text
 * @param {Record<string, string | number>} values
 */
export function fillIn(text, values) {
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in values ? String(values[name]) : `{${name}}`));
}

/** A card's spoken name, e.g. "ace of hearts" / "as herc" (German decks name ober, unter, leaves…). */
export function cardName(/** @type {string} */ code, /** @type {Deck} */ deck) {
  const german = deck === "german";
  const rank = german && (code[0] === "Q" || code[0] === "J") ? t(`rankG_${code[0]}`) : t(`rank_${code[0]}`);
  const suit = german ? t(`suitG_${code[1]}`) : t(`suit_${code[1]}`);
  return t("cardName", { rank, suit });
}

/** A suit's name in the deck's style ("herc" / "srce"). */
export function suitName(/** @type {string} */ suit, /** @type {Deck} */ deck) {
  return t(deck === "german" ? `suitG_${suit}` : `suit_${suit}`);
}
