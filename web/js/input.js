/**
 * Gestures: clicking or tapping a card, and the keyboard (arrow keys move between a player's cards as they
 * stand on the screen, Home and End to the first and last, number keys jump to the n-th playable card, Enter or Space
 * plays the focused one). A tap or a key while the table moves skips the animation in progress; a tap on a card
 * chooses it as well (he sees his hand), but not while the cards are dealt. A key another part of the page has
 * handled already (the menu's arrows, shell.js) is left alone.
 *
 * Enter or Space pressed again and again to hurry the table along (each skips an animation, or comes while the other
 * player moves) must not play the card that comes under the focus when the person's turn begins: a card turned up
 * on the pile just played from, one he never chose. Such a press, and one held down, plays nothing until he has let
 * the keys rest for HURRIED_MS, or chosen a card with another key. So does a single press within HURRIED_MS of the
 * one that played his card, when the turn is back by then (the table moved faster than he thought): he cannot have
 * chosen the card that came under his focus meanwhile. A panel the table opens meanwhile (a deal's result, also the
 * one his own card brought up by ending the deal) waits for the keys to rest in the same way: the next press would
 * have answered it unread; so does a button beside the table the page gives the focus to meanwhile (a club deal's
 * Next deal). The marriage question his card asks is not held: its answer is what his next press means. In the same
 * way a double click (or tap) chooses what its first click did only, not a card or a panel's button that came under
 * the pointer meanwhile.
 * Only reports which card was chosen; whether it may be played is decided elsewhere.
 */

import { animating, dealing, skipAnimations } from "./animate.js";
import { cardTabStop } from "./render.js";

/** @import { Card, Player } from "./types.js" */

/** The arrows that move across a row of cards (-1: left) and between rows (-1: up). */
const ACROSS = /** @type {Record<string, number>} */ ({ ArrowLeft: -1, ArrowRight: 1 });
const DOWN = /** @type {Record<string, number>} */ ({ ArrowUp: -1, ArrowDown: 1 });

/** How long after Enter or Space hurried the table along another press of them is taken for more hurrying. */
export const HURRIED_MS = 1000;

/** The keys that press the focused button. */
const PRESSING = new Set(["Enter", " "]);

/** The card buttons of a pile holder that show a card. */
function visibleCards(/** @type {Element} */ holder) {
  const buttons = /** @type {NodeListOf<HTMLButtonElement>} */ (holder.querySelectorAll(".card.top"));
  return [...buttons].filter((button) => !button.hidden);
}

/**
 * A card and the centre of its box on the screen.
 * @typedef {{card: HTMLButtonElement, x: number, y: number}} Placed
 */

/** `card` with the centre of its box on the screen. */
function placed(/** @type {HTMLButtonElement} */ card) {
  const box = card.getBoundingClientRect();
  return { card, x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

/** The one of `places` with the smallest `distance` (the first of equals), or undefined when there is none. */
function nearest(/** @type {Placed[]} */ places, /** @type {(place: Placed) => number} */ distance) {
  return places.reduce(
    (/** @type {Placed | undefined} */ best, place) => (best && distance(best) <= distance(place) ? best : place),
    undefined,
  );
}

/**
 * The card the arrow `key` goes to from `button`, among its player's shown cards as the layout places them (two rows
 * of four on a tall table, one row of eight on a wide one: the piles' order says nothing about that). Left and Right
 * go to the nearest card that way in the same row; Up and Down to the nearest row that way, and there to the card
 * nearest across; past a player's last row that way, to the other player's nearest row (as the table shows them: an
 * Up from the person's one row of eight stayed on his card, and the Enter after it played that card). A row is the
 * cards whose centres lie within half a card's height of each other. Null: none there.
 */
function neighbour(/** @type {HTMLButtonElement} */ button, /** @type {string} */ key) {
  const from = placed(button);
  const half = button.getBoundingClientRect().height / 2;
  const own = /** @type {Element} */ (button.closest(".piles"));
  const cardsOf = (/** @type {Element} */ holder) =>
    visibleCards(holder)
      .filter((card) => card !== button)
      .map(placed);
  const across = ACROSS[key];
  if (across) {
    const others = cardsOf(own);
    const row = others.filter((other) => Math.abs(other.y - from.y) <= half && (other.x - from.x) * across > 0);
    return nearest(row, (other) => Math.abs(other.x - from.x))?.card ?? null;
  }
  const holders = [...(button.closest("#table") ?? document).querySelectorAll(".piles")];
  for (const holder of [own, ...holders.filter((other) => other !== own)]) {
    const others = cardsOf(holder);
    const next = nearest(
      others.filter((other) => (other.y - from.y) * DOWN[key] > half),
      (other) => Math.abs(other.y - from.y),
    );
    if (!next) continue;
    const row = others.filter((other) => Math.abs(other.y - next.y) <= half);
    return nearest(row, (other) => Math.abs(other.x - from.x))?.card ?? null;
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

/** Whether the page is being used by keys (a key pressed since the last pointer): bindInput marks it on the body. */
export function usingKeyboard() {
  return document.body.classList.contains("keyboard");
}

/**
 * Whether the focus has gone from where a key can act: to the page's body, or with an element that left the page or
 * is not shown (a card played, a button pressed that the next step hides, the button of a panel just closed: the
 * browser moves the focus off it only at its next frame), or it waits on a player's piles' area while his cards are
 * dealt (holdFocusOnPiles). A keyboard player's next key would then do nothing, so the page hands the focus to the
 * one thing to do next.
 */
export function focusLost() {
  const focused = document.activeElement;
  if (!focused || focused === document.body || !focused.isConnected) return true;
  return focused.matches(".piles") || focused.getClientRects().length === 0;
}

/**
 * A keyboard player whose focus is lost (or still on `askedFrom`, the menu's item or ☰ from which he asked for the
 * match now opened) has it wait on the bottom seat's piles' area while the table deals and thinks, not on the page's
 * body, where a screen reader loses its place and Tab starts from the top: the area is named ("Gomile: Vi") and
 * described by the status line, which says what the table is doing ("Deli: Računar"). keepFocusOnCards takes it on
 * to the first of his cards to land. What he opened meanwhile (a panel, the menu again: ☰ expanded) keeps the focus.
 * @param {ParentNode} root
 * @param {Element | null} [askedFrom]
 */
export function holdFocusOnPiles(root, askedFrom = null) {
  const focused = document.activeElement;
  const piles = /** @type {HTMLElement} */ (root.querySelector("#piles-0"));
  const stayed = focused !== null && focused === askedFrom && focused.getAttribute("aria-expanded") !== "true";
  if (!usingKeyboard() || focused === piles || !(stayed || focusLost())) return;
  piles.tabIndex = -1;
  piles.setAttribute("aria-describedby", "status");
  piles.addEventListener("focusin", endWaitOnPiles); // the same listener: added once however often the focus waits
  piles.focus();
}

/**
 * The focus comes to a card of the piles' area it waited on: the status line is no longer read with the area (the
 * cards say their own words). A panel opened over the area meanwhile gives the focus back to it, still described.
 * @param {FocusEvent} event
 */
function endWaitOnPiles(event) {
  const piles = /** @type {Element} */ (event.currentTarget);
  if (event.target !== piles) piles.removeAttribute("aria-describedby");
}

/**
 * Whether the focus is on a card that cannot be played now (`aria-disabled="true"`): where it waited while the
 * other player moved (keepFocusOnCards), a card that cannot follow the card just led; two at one screen, a card of
 * the player who has just moved.
 */
export function focusOnIdleCard() {
  return document.activeElement?.matches('button.card.top[aria-disabled="true"]') ?? false;
}

/**
 * The first card a person may play now on the table under `root` (render.js marks each `aria-disabled="false"`), or
 * null: where a keyboard player whose focus was lost goes on from.
 * @param {ParentNode} root
 */
export function firstPlayableCard(root) {
  return /** @type {HTMLElement | null} */ (root.querySelector('button.card.top[aria-disabled="false"]'));
}

/**
 * A keyboard player whose focused card left its pile empty (played from a pile with no card under it) keeps the focus
 * among `player`'s cards, on their Tab stop (render.js): it must not fall to the page's body while the other player
 * answers, where a screen reader loses its place and Tab starts again from the top of the page.
 * @param {ParentNode} root
 * @param {number} player
 */
export function keepFocusOnCards(root, player) {
  if (!usingKeyboard() || !focusLost()) return;
  cardTabStop(root.querySelector(`#piles-${player}`))?.focus();
}

/**
 * The skip link (index.html `#skip-to-cards`), the page's first Tab stop, seen once it has the focus: straight to the
 * cards of `player()` (whoever is to move at this screen), past the top bar's menu, which took a keyboard player seven
 * Tabs. With no card of his shown (between deals) the focus goes to his piles' area.
 * @param {Element} root
 * @param {() => Player} player
 */
export function wireSkipLink(root, player) {
  /** @type {Element} */ (root.querySelector("#skip-to-cards")).addEventListener("click", (event) => {
    event.preventDefault();
    const piles = /** @type {HTMLElement} */ (root.querySelector(`#piles-${player()}`));
    const card = cardTabStop(piles);
    if (card) return card.focus();
    piles.tabIndex = -1;
    piles.focus();
  });
}

/**
 * What a click acted on, to compare the clicks of a double click: a card by its code (the table draws its buttons
 * anew), anything else by the control (or element) under it.
 * @param {Element} target
 * @returns {string | Element}
 */
function clickedOn(target) {
  const card = /** @type {HTMLElement | null} */ (target.closest("button.card.top:not([hidden])"));
  return card?.dataset.card ?? target.closest("button, a, summary, input, select, label, dialog") ?? target;
}

/**
 * A double click or tap (a click's `detail` counts the quick clicks on one spot; a key's click has 0) means what its
 * first click chose. Its later clicks land on whatever came to that spot meanwhile: the card turned up under the one
 * played (the turn back at once at a fast speed), a marriage's question or a deal's result that card opened, the
 * dealing panel a Next deal opened. After a click on a card (whatever the page then put in its place), on a card or
 * in a panel, such a click acts on nothing but what the first did.
 */
function guardDoubleClicks() {
  /** @type {string | Element | null} */
  let first = null;
  document.addEventListener(
    "click",
    (event) => {
      const target = /** @type {Element} */ (event.target);
      const on = clickedOn(target);
      if (event.detail <= 1) {
        first = on;
        return;
      }
      const guarded = typeof first === "string" || typeof on === "string" || target.closest("dialog[open]");
      if (on === first || !guarded) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    },
    { capture: true },
  );
}

/**
 * Wire the table: `onCard(player, code, button)` for a chosen card.
 * Returns nothing; listeners live as long as the page.
 * @param {Element} root
 * @param {{onCard: (player: Player, code: Card, button: HTMLButtonElement) => void}} handlers
 */
export function bindInput(root, { onCard }) {
  /**
   * Whether the last pointer went down while the cards were dealt: its click skipped the deal and chooses no card (a
   * tap on his card to hurry the computer's dealing played that card, led before he had seen the trump or most of
   * his hand: the deal ended at the press, before its click came). A tap on his card while another card moves is
   * his choice, made seeing his hand: it plays as well as skipping.
   */
  let pressSkipped = false;
  /** @type {Element} */ (root.querySelector("#table")).addEventListener("click", (event) => {
    const button = /** @type {HTMLButtonElement | null} */ (
      /** @type {Element} */ (event.target).closest("button.card.top")
    );
    if (!button || button.hidden || !button.dataset.card) return;
    if (pressSkipped && /** @type {MouseEvent} */ (event).detail > 0) return; // a key's click (detail 0) had no press
    onCard(/** @type {Player} */ (Number(button.dataset.player)), button.dataset.card, button);
  });
  guardDoubleClicks();

  document.addEventListener("pointerdown", () => {
    document.body.classList.remove("keyboard");
    pressSkipped = dealing();
    skipAnimations();
  });
  /** When Enter or Space last hurried the table along (event time, ms). */
  let hurriedAt = Number.NEGATIVE_INFINITY;
  /** When Enter or Space last pressed a playable card of the person's (event time, ms): his card played. */
  let playedAt = Number.NEGATIVE_INFINITY;
  /**
   * Hold a press on `button`, one the page brought the focus to (he never chose it), if it came while he hurried the
   * table along or `since` ms after his card: it presses nothing and counts as hurrying, until the keys rest.
   * @param {KeyboardEvent} event
   * @param {Element | null | undefined} button
   * @param {number} since
   * @returns {boolean} whether the press was held
   */
  const heldOnButton = (event, button, since) => {
    if (!button || !(event.repeat || since < HURRIED_MS)) return false;
    hurriedAt = event.timeStamp;
    event.preventDefault();
    return true;
  };
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    const pressing = PRESSING.has(event.key);
    const dialog = document.querySelector("dialog[open]");
    if (dialog) {
      // Keys in a panel are a keyboard player's too: once it closes, the focus goes where his next key is wanted.
      const target = /** @type {Partial<Element>} */ (event.target);
      if (target.closest?.("input, select, textarea")) return;
      document.body.classList.add("keyboard");
      // A panel the table opened while he hurried it along (a deal's result, the next deal's dealing), or within
      // HURRIED_MS of the press that played his card (his card ended the deal), must not take the next press for his
      // answer to it: its focused button waits, as a card does, for the keys to rest. The marriage question his card
      // asks is answered at once.
      const asked = dialog.classList.contains("marriage");
      const since = event.timeStamp - Math.max(hurriedAt, asked ? Number.NEGATIVE_INFINITY : playedAt);
      if (heldOnButton(event, pressing ? target.closest?.("button") : null, since)) return;
      if (pressing || /^(Tab|Arrow)/.test(event.key)) {
        // His answer, or a button chosen in the panel: the next press is his again, unless the answer played his card
        // (a marriage announced or not), which is then held as the press that plays a card is.
        const played = pressing && target.closest?.("#marriage-announce, #marriage-plain");
        hurriedAt = Number.NEGATIVE_INFINITY;
        playedAt = played ? event.timeStamp : Number.NEGATIVE_INFINITY;
      }
      return;
    }
    if (animating()) {
      skipAnimations();
      event.preventDefault();
      if (pressing) hurriedAt = event.timeStamp;
      return;
    }
    const target = /** @type {Partial<Element>} */ (event.target);
    const field = target.closest?.("input, select, textarea");
    if (field) return;
    document.body.classList.add("keyboard");
    // A press on no button (the focus on his piles' area or the page, his last card gone from under it) does nothing
    // but hurry the table along, however long the engine takes over the deal's end: its result waits for the keys
    // to rest.
    if (pressing && !target.closest?.("button, a, summary")) hurriedAt = event.timeStamp;
    const focused = /** @type {HTMLButtonElement | null | undefined} */ (target.closest?.("button.card.top"));
    const since = event.timeStamp - Math.max(hurriedAt, playedAt);
    // A button beside the table that the page brought the focus to while he hurried, or just after his card (a club
    // deal's Next deal once the deal is over), waits for the keys to rest as a panel's does: he never chose it.
    if (heldOnButton(event, pressing && !focused ? target.closest?.("button") : null, since)) return;
    if (focused && pressing) {
      const hurried = event.repeat || since < HURRIED_MS;
      if (hurried || !firstPlayableCard(root)) hurriedAt = event.timeStamp; // nothing is the person's to play now
      if (hurried) {
        event.preventDefault(); // no click: the card is not played
        return;
      }
      if (focused.getAttribute("aria-disabled") === "false") playedAt = event.timeStamp;
    }
    // A card chosen by a key (an arrow, a number, Home, End, Tab) is chosen on the position shown: Enter plays it at
    // once.
    if (/^(Arrow|Home$|End$|Tab$|[1-8]$)/.test(event.key)) {
      hurriedAt = Number.NEGATIVE_INFINITY;
      playedAt = Number.NEGATIVE_INFINITY;
    }
    if (focused && (event.key === "Home" || event.key === "End")) {
      const cards = visibleCards(/** @type {Element} */ (focused.closest(".piles")));
      cards[event.key === "Home" ? 0 : cards.length - 1]?.focus();
      event.preventDefault();
      return;
    }
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
