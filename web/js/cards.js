/**
 * Card pictures: crisp SVG faces for the French (♠♥♦♣) and the Hungarian/German deck
 * (leaves, hearts, bells, acorns), drawn here from a small sprite of suit symbols.
 *
 * Only pictures and names: which card may be played is the engine's business.
 * A card code is rank + suit as in docs/rules.md (`"TH"` = ten of hearts).
 */

import { language, TEXTS } from "./i18n.js";

/** @import { Deck, Language } from "./types.js" */

/**
 * Corner index of each rank as printed on French cards (and on the number cards of both decks).
 * @type {Record<string, string>}
 */
const INDEX = { A: "A", T: "10", K: "K", Q: "Q", J: "J", 9: "9", 8: "8", 7: "7" };

/**
 * The Hungarian deck's lettered ranks: their corner letter is the initial of the rank's name in the player's
 * language (texts key `cornerG_<rank>`: A, K, G, D in Serbian, А, К, Г, Д in Cyrillic, A, K, O, U in English).
 */
const HUNGARIAN_LETTERED = ["A", "K", "Q", "J"];

/** A rank's corner index on a card of `style` for a page in `lang`. */
function cornerIndex(/** @type {Deck} */ style, /** @type {string} */ rank, /** @type {Language} */ lang) {
  if (style === "german" && HUNGARIAN_LETTERED.includes(rank)) return TEXTS[lang][`cornerG_${rank}`];
  return INDEX[rank];
}

/**
 * Ink of each suit (the corner letters and the symbols' outlines), by deck style. The symbols differ too, so
 * colour is never the only cue. In the Hungarian deck bells are a round golden ball and acorns a tall brown nut
 * under a dark cap: two silhouettes and two colours that stay apart even at the size of a suit badge.
 * @type {Record<Deck, Record<string, string>>}
 */
const INK = {
  french: { S: "#161616", H: "#c0122c", D: "#c0122c", C: "#161616" },
  german: { S: "#2f7d32", H: "#c0122c", D: "#b35a00", C: "#4a2a10" },
};

/** Suit symbols on a 100×100 box; `currentColor` is the suit's ink. */
const SYMBOLS = {
  "french-H": `<path fill="currentColor" d="M50 90C22 67 4 50 4 29 4 14 15 5 28 5c10 0 18 6 22 15 4-9 12-15 22-15 13 0 24 9 24 24 0 21-18 38-46 61z"/>`,
  "french-D": `<path fill="currentColor" d="M50 2 87 50 50 98 13 50z"/>`,
  "french-S": `<path fill="currentColor" d="M50 3C40 20 6 38 6 62c0 13 10 21 22 21 8 0 15-4 19-10-1 10-5 17-13 23h32c-8-6-12-13-13-23 4 6 11 10 19 10 12 0 22-8 22-21C94 38 60 20 50 3z"/>`,
  "french-C": `<g fill="currentColor"><circle cx="50" cy="27" r="20"/><circle cx="27" cy="58" r="20"/><circle cx="73" cy="58" r="20"/><path d="M45 50h10c0 22 4 36 13 46H32c9-10 13-24 13-46z"/></g>`,
  "german-H": `<path fill="currentColor" d="M50 92C20 70 6 52 6 32 6 16 17 7 30 7c9 0 16 5 20 13 4-8 11-13 20-13 13 0 24 9 24 25 0 20-14 38-44 60z"/><path fill="#fff" opacity=".35" d="M26 18c-8 2-12 9-11 17 6-8 11-12 20-14z"/>`,
  "german-S": `<path fill="currentColor" d="M50 3c16 14 40 32 38 58-1 17-15 25-31 21l3 16H40l3-16c-16 4-30-4-31-21C10 35 34 17 50 3z"/><path fill="none" stroke="#fff" stroke-width="3" opacity=".7" d="M50 12v72M50 34 34 24m16 24L28 40m22 24L32 58M50 34l16-10M50 48l22-8M50 64l18-6"/>`,
  "german-D": `<circle cx="50" cy="11" r="7" fill="none" stroke="currentColor" stroke-width="4"/><circle cx="50" cy="58" r="38" fill="#f2b705" stroke="currentColor" stroke-width="5"/><path fill="none" stroke="currentColor" stroke-width="7" d="M13 52h74"/><path fill="none" stroke="currentColor" stroke-width="6" stroke-linecap="round" d="M50 74v16"/><circle cx="50" cy="72" r="5" fill="currentColor"/>`,
  "german-C": `<path fill="#c98b4b" stroke="currentColor" stroke-width="4" d="M28 50c0 30 10 44 22 48 12-4 22-18 22-48z"/><path fill="currentColor" d="M20 54c0-22 13-36 30-36s30 14 30 36z"/><path fill="currentColor" d="M46 2h8v18h-8z"/><path fill="none" stroke="#e8c99a" stroke-width="3" d="M30 44l12-16m4 20 12-18m4 18 8-12M28 34l22 16m-6-24 24 22"/>`,
};

/**
 * Pip centres (200×280 face) for the number cards; pips below the middle are drawn upside down.
 * @type {Record<string, [number, number][]>}
 */
// biome-ignore format: one row of pips per rank
const PIPS = {
  7: [[60, 62], [140, 62], [100, 101], [60, 140], [140, 140], [60, 218], [140, 218]],
  8: [[60, 62], [140, 62], [100, 101], [60, 140], [140, 140], [100, 179], [60, 218], [140, 218]],
  9: [[60, 62], [140, 62], [60, 114], [140, 114], [100, 140], [60, 166], [140, 166], [60, 218], [140, 218]],
  T: [[60, 62], [140, 62], [100, 88], [60, 114], [140, 114], [60, 166], [140, 166], [100, 192], [60, 218], [140, 218]],
};

/** @type {Map<string, string>} */
const cache = new Map();

/**
 * @param {string} deck
 * @returns {Deck}
 */
function deckStyle(deck) {
  return deck === "german" ? "german" : "french";
}

/** The rank and suit letters of a card code. */
function parseCode(/** @type {string} */ code) {
  return { rank: code[0], suit: code[1] };
}

/** An inline SVG of one suit symbol (for labels such as the trump badge). */
export function suitIcon(/** @type {string} */ suit, /** @type {string} */ deck, className = "suit-icon") {
  const style = deckStyle(deck);
  return `<svg class="${className}" viewBox="0 0 100 100" aria-hidden="true" color="${INK[style][suit]}"><use href="#${style}-${suit}"/></svg>`;
}

/** The sprite's symbols: the suit symbols (100×100) and the court figures (112×96, a card's upper half). */
export function spriteSymbols() {
  const suits = Object.entries(SYMBOLS).map(
    ([id, body]) => `<symbol id="${id}" viewBox="0 0 100 100">${body}</symbol>`,
  );
  const figures = Object.entries(FIGURES).map(
    ([id, body]) => `<symbol id="figure-${id}" viewBox="0 0 112 96" overflow="visible">${body}</symbol>`,
  );
  return suits.concat(figures).join("");
}

/** Put the symbol sprite into the document once (the faces refer to it with <use>). */
export function installSprite(doc = document) {
  if (doc.getElementById("card-sprite")) return;
  const symbols = spriteSymbols();
  const back = `<pattern id="back-lattice" width="16" height="16" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="16" height="16" fill="#1d4f91"/><path d="M0 8h16M8 0v16" stroke="#5f8fd0" stroke-width="2"/>
      <circle cx="8" cy="8" r="2.5" fill="#e9eef8"/></pattern>`;
  const holder = doc.createElement("div");
  holder.innerHTML = `<svg id="card-sprite" class="sprite" width="0" height="0" aria-hidden="true" focusable="false"><defs>${back}</defs>${symbols}</svg>`;
  doc.body.prepend(/** @type {Element} */ (holder.firstChild));
}

/**
 * One suit symbol of `size` centred on (x, y), upside down if `flipped`.
 * @param {Deck} style
 * @param {string} suit
 * @param {number} x
 * @param {number} y
 * @param {number} size
 */
function symbol(style, suit, x, y, size, flipped = false) {
  const turn = flipped ? ` transform="rotate(180 ${x} ${y})"` : "";
  return `<use href="#${style}-${suit}" x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}"${turn}/>`;
}

/**
 * A corner index: rank above suit.
 * @param {Deck} style
 * @param {string} rank
 * @param {string} suit
 * @param {Language} lang
 */
function corner(style, rank, suit, lang) {
  const label = cornerIndex(style, rank, lang);
  const narrow = label.length > 1 ? ` textLength="34" lengthAdjust="spacingAndGlyphs"` : "";
  return `<g><text x="24" y="44" text-anchor="middle" class="card-index"${narrow}>${label}</text>${symbol(style, suit, 24, 69, 34)}</g>`;
}

/** Colours of the court figures, the same for every suit (the suit's ink tints the rest). */
const SKIN = "#f7dcbc";
const LINE = "#5b3b22";
const GOLD = "#e3b53c";
const BLUE = "#2f5da8";
const ORANGE = "#d9822b";

/** A face with its chin at (56, 49), on the 112×96 box of a card's upper half (see `figure`). */
const FACE = `<ellipse cx="56" cy="36" rx="11" ry="13" fill="${SKIN}" stroke="${LINE}" stroke-width="1.4"/><g fill="#2a1a0a"><circle cx="51.5" cy="35" r="1.4"/><circle cx="60.5" cy="35" r="1.4"/></g><path fill="none" stroke="${LINE}" stroke-width="1.1" d="M48.5 31.5q3-2 6 0m3 0q3-2 6 0M56 36v5h-1.5"/><path fill="none" stroke="#b0303a" stroke-width="1.4" stroke-linecap="round" d="M53 45q3 1.6 6 0"/><g fill="#e9a0a0" opacity=".6"><circle cx="50" cy="41" r="2"/><circle cx="62" cy="41" r="2"/></g>`;

/** A figure's robe from the shoulders down: the body in `body`, the front panel in `panel`. */
function robe(/** @type {string} */ body, /** @type {string} */ panel) {
  return `<path fill="${body}" stroke="${LINE}" stroke-width="1.5" d="M6 96 9 72q3-13 29-17h36q26 4 29 17l3 24z"/><path fill="${panel}" stroke="${LINE}" stroke-width="1.2" d="M42 56h28l6 40H36z"/>`;
}

/** A figure: its body, then its head drawn 1.2 times bigger with the chin on the collar, as on real cards. */
function figure(/** @type {string} */ body, /** @type {string} */ head) {
  return `${body}<g transform="translate(56 56) scale(1.2) translate(-56 -49)">${head}</g>`;
}

/** A raised (`up`) or lowered sleeve ending in a hand, of colour `fill`. */
function arm(/** @type {string} */ fill, /** @type {boolean} */ up) {
  const [d, x, y] = up ? ["M30 70Q16 52 22 32", 22, 30] : ["M84 64Q94 74 91 84", 91, 86];
  return `<path fill="none" stroke="${LINE}" stroke-width="10" stroke-linecap="round" d="${d}"/><path fill="none" stroke="${fill}" stroke-width="7" stroke-linecap="round" d="${d}"/><circle cx="${x}" cy="${y}" r="4" fill="${SKIN}" stroke="${LINE}" stroke-width="1.2"/>`;
}

const ERMINE = `<path fill="#fff" stroke="${LINE}" stroke-width="1.2" d="M32 62q24 13 48 0l-4-8q-20 10-40 0z"/><g fill="#161616"><path d="M43 61h2v3h-2zM55 64h2v3h-2zM67 61h2v3h-2z"/></g>`;
const SCEPTRE = `<path stroke="#7a5a10" stroke-width="3" d="M88 94 94 40"/><circle cx="94" cy="38" r="4.5" fill="${GOLD}" stroke="#7a5a10" stroke-width="1.2"/><circle cx="89" cy="80" r="4" fill="${SKIN}" stroke="${LINE}" stroke-width="1.2"/>`;
const MOUSTACHE = `<path fill="none" stroke="#7a4a1f" stroke-width="2.4" stroke-linecap="round" d="M50 43q6-3 12 0"/>`;

/**
 * The court figures (upper half; the card shows it twice, mirrored), by deck style and rank: a king with crown,
 * beard and sceptre; a queen (French) with veil and tiara; a jack (French) with a feathered beret; the Hungarian
 * ober with a plumed hat and the unter with a cap. Each rank keeps its design and colours in every suit.
 */
const FIGURES = {
  "french-K": figure(
    `${robe("currentColor", GOLD)}${ERMINE}${SCEPTRE}`,
    `${FACE}<path fill="#8a5a2b" stroke="${LINE}" d="M45 41q2 15 11 16 9-1 11-16-3 5-6 5.5q-5 1.5-10 0-3-.5-6-5.5z"/>${MOUSTACHE}<path fill="${GOLD}" stroke="#7a5a10" stroke-width="1.4" d="M43 25 41 8l7 7 8-11 8 11 7-7-2 17z"/><circle cx="56" cy="19" r="2.2" fill="#c0122c"/>`,
  ),
  "french-Q": figure(
    `${robe(BLUE, "currentColor")}<path fill="#fff" stroke="${LINE}" d="M36 57q20 12 40 0l-3 7q-17 8-34 0z"/><path stroke="#2f7d32" stroke-width="2" d="M28 94l4-30"/><g fill="#c0122c" stroke="${LINE}" stroke-width=".8"><circle cx="32" cy="62" r="4"/><circle cx="26" cy="68" r="3"/></g>`,
    `<path fill="#6b3a1a" d="M44 30q-4 14-8 20h40q-4-6-8-20z"/>${FACE}<path fill="currentColor" stroke="${LINE}" stroke-width="1.2" d="M42 36q0-16 14-16t14 16l4 6q-1-28-18-28T38 42z"/><path fill="${GOLD}" stroke="#7a5a10" stroke-width="1.2" d="M46 20l3-7 3 4 4-8 4 8 3-4 3 7q-10-3-20 0z"/>`,
  ),
  "french-J": figure(
    `${robe(GOLD, "currentColor")}<path fill="${GOLD}" stroke="${LINE}" d="M38 56q18 10 36 0l-2 6q-16 7-32 0z"/>`,
    `<path fill="#b5772f" d="M44 28q-3 10 0 18l3-13zm24 0q3 10 0 18l-3-13z"/>${FACE}<path fill="currentColor" stroke="${LINE}" stroke-width="1.2" d="M40 28q1-15 18-15 15 0 17 11-17-3-35 4z"/><path fill="#fff" stroke="${LINE}" d="M70 18q14-12 22-6-9 1-20 10z"/>`,
  ),
  "german-K": figure(
    `${robe("currentColor", GOLD)}${ERMINE}${SCEPTRE}`,
    `${FACE}<path fill="#f2f2f2" stroke="${LINE}" d="M44 40q0 22 12 24 12-2 12-24-4 6-12 6t-12-6z"/>${MOUSTACHE}<path fill="${GOLD}" stroke="#7a5a10" stroke-width="1.4" d="M43 25v-9q13-14 26 0v9z"/><path fill="none" stroke="#c0122c" stroke-width="2" d="M43 21h26"/><path stroke="#7a5a10" stroke-width="2" d="M56 3v7m-4-4h8"/>`,
  ),
  "german-Q": figure(
    `${robe(BLUE, GOLD)}${arm(BLUE, true)}<path fill="#fff" stroke="${LINE}" d="M38 56q18 10 36 0l-2 6q-16 7-32 0z"/>`,
    `${FACE}${MOUSTACHE}<path fill="currentColor" stroke="${LINE}" stroke-width="1.2" d="M38 26q18-7 36 0l-4-4q0-10-14-10t-14 10z"/><path fill="#fff" stroke="${LINE}" d="M68 16q12-14 24-8-10 1-21 12z"/>`,
  ),
  "german-J": figure(
    `${robe(ORANGE, "currentColor")}${arm(ORANGE, false)}<path fill="#fff" stroke="${LINE}" d="M40 56q16 9 32 0l-2 5q-14 6-28 0z"/>`,
    `<path fill="#7a4a1f" d="M44 28q-3 10 0 18l3-13zm24 0q3 10 0 18l-3-13z"/>${FACE}<path fill="currentColor" stroke="${LINE}" stroke-width="1.2" d="M44 27q0-13 12-13t12 13z"/><path fill="none" stroke="${GOLD}" stroke-width="2.5" d="M44 26h24"/>`,
  ),
};

/**
 * Where the suit symbol stands beside a court figure (centre and size, on the 200×280 face): by the French
 * figures' shoulder; raised in the Hungarian ober's hand, lowered in the unter's.
 * @type {Record<Deck, Record<string, [number, number, number]>>}
 */
const HELD = {
  french: { K: [66, 68, 24], Q: [134, 68, 24], J: [66, 68, 24] },
  german: { K: [66, 68, 24], Q: [66, 60, 24], J: [135, 124, 22] },
};

/** The id of the sprite symbol of a court figure (`figure-german-Q` is the ober). */
export function figureId(/** @type {string} */ deck, /** @type {string} */ rank) {
  return `figure-${deckStyle(deck)}-${rank}`;
}

/** A court card's picture: its figure twice (mirrored at the middle, as on real cards), each with its suit symbol. */
function court(/** @type {Deck} */ style, /** @type {string} */ rank, /** @type {string} */ suit) {
  const [x, y, size] = HELD[style][rank];
  const half = `<use href="#${figureId(style, rank)}" x="44" y="44" width="112" height="96"/>${symbol(style, suit, x, y, size)}`;
  return `<rect x="44" y="44" width="112" height="192" rx="8" fill="#fbf3de" stroke="currentColor" stroke-width="3"/>
    ${half}<g transform="rotate(180 100 140)">${half}</g>
    <path stroke="currentColor" stroke-width="1.5" d="M48 140h104"/>`;
}

/** The middle of a face: one big symbol (ace), a court picture or the pips. */
function centre(/** @type {Deck} */ style, /** @type {string} */ rank, /** @type {string} */ suit) {
  if (rank === "A") return symbol(style, suit, 100, 140, 110);
  if (rank === "K" || rank === "Q" || rank === "J") return court(style, rank, suit);
  return PIPS[rank].map(([x, y]) => symbol(style, suit, x, y, 38, y > 140)).join("");
}

/**
 * The SVG markup of a card's face in the given deck style, its corner letters in `lang` (the page's language
 * unless told). Faces are kept by deck style, language and card: a language switch draws new corner letters.
 * @param {string} code
 * @param {string} deck
 * @param {Language} [lang]
 */
export function cardFace(code, deck, lang = language()) {
  const style = deckStyle(deck);
  const key = `${style}:${lang}:${code}`;
  if (!cache.has(key)) {
    const { rank, suit } = parseCode(code);
    const svg = `<svg class="card-svg" viewBox="0 0 200 280" aria-hidden="true" focusable="false" color="${INK[style][suit]}">
      <rect x="2" y="2" width="196" height="276" rx="14" fill="#fffdf7" stroke="#9a968c" stroke-width="2"/>
      ${corner(style, rank, suit, lang)}
      <g transform="rotate(180 100 140)">${corner(style, rank, suit, lang)}</g>
      ${centre(style, rank, suit)}</svg>`;
    cache.set(key, svg);
  }
  return /** @type {string} */ (cache.get(key));
}

/**
 * A card as its corner shows it, for a line of text: its rank's index and its suit's symbol ("10♥"), in the page's
 * language and the deck's ink. Decoration: who reads the page hears the card's name beside it (i18n.js `cardName`).
 * @param {string} code
 * @param {string} deck
 */
export function cardIndexHtml(code, deck) {
  const { rank, suit } = parseCode(code);
  return `${cornerIndex(deckStyle(deck), rank, language())}${suitIcon(suit, deck)}`;
}

/** The SVG markup of a card's back. */
export function cardBack() {
  return `<svg class="card-svg" viewBox="0 0 200 280" aria-hidden="true" focusable="false">
    <rect x="2" y="2" width="196" height="276" rx="14" fill="#f4f1ea" stroke="#8c8a84" stroke-width="2"/>
    <rect x="12" y="12" width="176" height="256" rx="8" fill="url(#back-lattice)" stroke="#163d70" stroke-width="3"/></svg>`;
}
