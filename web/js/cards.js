/**
 * Card pictures: crisp SVG faces for the French (♠♥♦♣) and the Hungarian/German deck
 * (leaves, hearts, bells, acorns), drawn here from a small sprite of suit symbols.
 *
 * Only pictures and names: which card may be played is the engine's business.
 * A card code is rank + suit as in docs/rules.md (`"TH"` = ten of hearts).
 */

/** @import { Deck } from "./types.js" */

/**
 * Corner index of each rank, by deck style (German decks have Ober and Unter instead of Q and J).
 * @type {Record<Deck, Record<string, string>>}
 */
const INDEX = {
  french: { A: "A", T: "10", K: "K", Q: "Q", J: "J", 9: "9", 8: "8", 7: "7" },
  german: { A: "A", T: "10", K: "K", Q: "O", J: "U", 9: "9", 8: "8", 7: "7" },
};

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

/** Put the symbol sprite into the document once (the faces refer to it with <use>). */
export function installSprite(doc = document) {
  if (doc.getElementById("card-sprite")) return;
  const symbols = Object.entries(SYMBOLS)
    .map(([id, body]) => `<symbol id="${id}" viewBox="0 0 100 100">${body}</symbol>`)
    .join("");
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

/** A corner index: rank above suit. */
function corner(/** @type {Deck} */ style, /** @type {string} */ rank, /** @type {string} */ suit) {
  const label = INDEX[style][rank];
  const narrow = label.length > 1 ? ` textLength="34" lengthAdjust="spacingAndGlyphs"` : "";
  return `<g><text x="24" y="44" text-anchor="middle" class="card-index"${narrow}>${label}</text>${symbol(style, suit, 24, 69, 34)}</g>`;
}

/** A court card's picture: a framed letter under a crown (king), a ball (queen) or a cap (jack). */
function court(/** @type {Deck} */ style, /** @type {string} */ rank, /** @type {string} */ suit) {
  const label = INDEX[style][rank];
  const crown =
    rank === "K"
      ? `<path fill="#d9a520" stroke="#7a5a10" stroke-width="2" d="M76 96l8-22 12 14 4-20 4 20 12-14 8 22z"/>`
      : rank === "Q"
        ? `<circle cx="100" cy="82" r="12" fill="#d9a520" stroke="#7a5a10" stroke-width="2"/>`
        : `<path fill="#d9a520" stroke="#7a5a10" stroke-width="2" d="M82 92h36l-6-14H88z"/>`;
  return `<rect x="44" y="44" width="112" height="192" rx="8" fill="#fbf3de" stroke="currentColor" stroke-width="3"/>
    <rect x="50" y="50" width="100" height="180" rx="5" fill="none" stroke="currentColor" stroke-width="1.2"/>
    ${crown}
    <text x="100" y="168" text-anchor="middle" class="card-court">${label}</text>
    ${symbol(style, suit, 100, 202, 34)}${symbol(style, suit, 72, 66, 20)}${symbol(style, suit, 128, 66, 20)}`;
}

/** The middle of a face: one big symbol (ace), a court picture or the pips. */
function centre(/** @type {Deck} */ style, /** @type {string} */ rank, /** @type {string} */ suit) {
  if (rank === "A") return symbol(style, suit, 100, 140, 110);
  if (rank === "K" || rank === "Q" || rank === "J") return court(style, rank, suit);
  return PIPS[rank].map(([x, y]) => symbol(style, suit, x, y, 38, y > 140)).join("");
}

/** The SVG markup of a card's face in the given deck style. */
export function cardFace(/** @type {string} */ code, /** @type {string} */ deck) {
  const style = deckStyle(deck);
  const key = `${style}:${code}`;
  if (!cache.has(key)) {
    const { rank, suit } = parseCode(code);
    const svg = `<svg class="card-svg" viewBox="0 0 200 280" aria-hidden="true" focusable="false" color="${INK[style][suit]}">
      <rect x="2" y="2" width="196" height="276" rx="14" fill="#fffdf7" stroke="#9a968c" stroke-width="2"/>
      ${corner(style, rank, suit)}
      <g transform="rotate(180 100 140)">${corner(style, rank, suit)}</g>
      ${centre(style, rank, suit)}</svg>`;
    cache.set(key, svg);
  }
  return /** @type {string} */ (cache.get(key));
}

/** The SVG markup of a card's back. */
export function cardBack() {
  return `<svg class="card-svg" viewBox="0 0 200 280" aria-hidden="true" focusable="false">
    <rect x="2" y="2" width="196" height="276" rx="14" fill="#f4f1ea" stroke="#8c8a84" stroke-width="2"/>
    <rect x="12" y="12" width="176" height="256" rx="8" fill="url(#back-lattice)" stroke="#163d70" stroke-width="3"/></svg>`;
}
