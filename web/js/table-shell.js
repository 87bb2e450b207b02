/**
 * The table's elements, built once into the page shell (index.html, replay.html): both seats, the centre and the
 * 2 × 8 pile slots, which render.js then updates in place.
 */

import { cardBack } from "./cards.js";

/**
 * The element under `root` for `selector`: markup this module built (or the page shell), so it is there.
 * @param {ParentNode} root
 * @param {string} selector
 */
export function part(root, selector) {
  return /** @type {HTMLElement} */ (root.querySelector(selector));
}

/** Pile numbers in screen order (docs/rules.md 2: piles 0–3 the far row, 4–7 the near row, seen from each seat). */
export const SCREEN_ORDER = [
  [0, 1, 2, 3, 4, 5, 6, 7], // player 0 sits at the bottom: far row nearer the middle
  [7, 6, 5, 4, 3, 2, 1, 0], // player 1 sits at the top, facing us
];

/** One seat's name, dealer chip, score, marriages and game points (`player` 0 sits at the bottom). */
const seatInfo = (/** @type {number} */ player) => `
    <div class="seat-info" id="info-${player}">
      <span class="seat-name"></span>
      <span class="dealer-chip" hidden></span>
      <span class="seat-score"><span class="seat-score-label"></span> <strong class="seat-score-value"></strong></span>
      <ul class="seat-marriages"></ul>
      <span class="game-pips" role="img"></span>
    </div>`;

/** The table inside `<main id="table">`: both seats and the centre; render() fills them in place. */
const TABLE_MARKUP = `
  <section class="seat seat-top" id="seat-1">${seatInfo(1)}
    <div class="piles" id="piles-1" role="group"></div>
  </section>

  <section class="centre" id="centre">
    <div class="trump" id="trump" hidden></div>
    <div class="won won-1" id="won-1" role="group"><div class="won-stack"></div><span class="won-label"></span></div>
    <div class="trick" id="trick" role="group"></div>
    <div class="won won-0" id="won-0" role="group"><div class="won-stack"></div><span class="won-label"></span></div>
    <div class="deck-spot" id="deck-spot" aria-hidden="true"></div>
  </section>

  <section class="seat seat-bottom" id="seat-0">
    <div class="piles" id="piles-0" role="group"></div>${seatInfo(0)}
  </section>
`;

/** Build the table into the page shell: the seats and the centre, then the 2 × 8 pile slots. */
export function buildTable(/** @type {ParentNode} */ root) {
  part(root, "#table").insertAdjacentHTML("afterbegin", TABLE_MARKUP);
  for (const player of [0, 1]) {
    const holder = part(root, `#piles-${player}`);
    holder.replaceChildren();
    for (const pile of SCREEN_ORDER[player]) {
      const slot = document.createElement("div");
      slot.className = "pile";
      slot.dataset.player = String(player);
      slot.dataset.pile = String(pile);
      const under = document.createElement("div");
      under.className = "card under";
      under.innerHTML = cardBack();
      const face = document.createElement("div");
      face.className = "card face";
      face.setAttribute("aria-hidden", "true");
      // The button lies over the picture and holds only its name, so the name is all a reader hears.
      const button = document.createElement("button");
      button.type = "button";
      button.className = "card top";
      button.dataset.player = String(player);
      button.dataset.pile = String(pile);
      slot.append(under, face, button);
      holder.append(slot);
    }
  }
}

/**
 * The slot of pile `pile` of `player` (built by buildTable).
 * @param {ParentNode} root
 * @param {number} player
 * @param {number} pile
 */
export function pileSlot(root, player, pile) {
  return part(root, `.pile[data-player="${player}"][data-pile="${pile}"]`);
}
