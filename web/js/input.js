/**
 * Gestures: clicking or tapping a card, and the keyboard (arrow keys move between cards,
 * number keys jump to the n-th playable card, Enter or Space plays the focused one). A tap or a key
 * while the table moves skips the animation in progress (and does nothing else).
 * Only reports which card was chosen; whether it may be played is decided elsewhere.
 */

import { animating, skipAnimations } from "./animate.js";

/** @import { Card, Player } from "./types.js" */

const COLUMNS = 4;

/** The card buttons of a pile holder that show a card. */
function visibleCards(/** @type {Element} */ holder) {
  const buttons = /** @type {NodeListOf<HTMLButtonElement>} */ (holder.querySelectorAll(".card.top"));
  return [...buttons].filter((button) => !button.hidden);
}

/** The next card from `button` in the arrow's direction in its player's 4 × 2 grid, skipping empty piles. */
function neighbour(/** @type {HTMLButtonElement} */ button, /** @type {string} */ key) {
  const holder = /** @type {Element} */ (button.closest(".piles"));
  const slots = [...holder.querySelectorAll(".pile")];
  const index = slots.indexOf(/** @type {Element} */ (button.closest(".pile")));
  /** @type {Record<string, number>} */
  const steps = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -COLUMNS, ArrowDown: COLUMNS };
  const step = steps[key];
  for (let i = index + step; i >= 0 && i < slots.length; i += step) {
    const candidate = /** @type {HTMLButtonElement | null} */ (slots[i].querySelector(".card.top"));
    if (candidate && !candidate.hidden) return candidate;
  }
  return null;
}

/** The cards that may be played now, in their number keys' order (1 = the first). */
function playableInOrder(/** @type {Element} */ root) {
  const playable = [0, 1].flatMap((player) =>
    visibleCards(/** @type {Element} */ (root.querySelector(`#piles-${player}`))).filter((button) =>
      button.classList.contains("playable"),
    ),
  );
  return playable.sort((a, b) => Number(a.dataset.key) - Number(b.dataset.key));
}

/**
 * Wire the table: `onCard(player, code, button)` for a chosen card.
 * Returns nothing; listeners live as long as the page.
 * @param {Element} root
 * @param {{onCard: (player: Player, code: Card, button: HTMLButtonElement) => void}} handlers
 */
export function bindInput(root, { onCard }) {
  /** @type {Element} */ (root.querySelector("#table")).addEventListener("click", (event) => {
    const button = /** @type {HTMLButtonElement | null} */ (
      /** @type {Element} */ (event.target).closest("button.card.top")
    );
    if (!button || button.hidden || !button.dataset.card) return;
    onCard(/** @type {Player} */ (Number(button.dataset.player)), button.dataset.card, button);
  });

  document.addEventListener("pointerdown", () => {
    document.body.classList.remove("keyboard");
    skipAnimations();
  });
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector("dialog[open]")) return;
    if (animating()) {
      skipAnimations();
      event.preventDefault();
      return;
    }
    const target = /** @type {Partial<Element>} */ (event.target);
    const field = target.closest?.("input, select, textarea");
    if (field) return;
    document.body.classList.add("keyboard");
    const focused = /** @type {HTMLButtonElement | null | undefined} */ (target.closest?.("button.card.top"));
    if (event.key.startsWith("Arrow")) {
      // From a card to its neighbour; from anywhere else to the first playable card (so the arrows work at once).
      const next = focused ? neighbour(focused, event.key) : playableInOrder(root)[0];
      if (next) next.focus();
      if (next || focused) event.preventDefault();
      return;
    }
    if (/^[1-8]$/.test(event.key)) {
      playableInOrder(root)[Number(event.key) - 1]?.focus();
      event.preventDefault();
    }
  });
}
