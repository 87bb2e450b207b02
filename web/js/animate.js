/**
 * Animations with the Web Animations API: cards flying between places, a card turning up,
 * the deal. Every duration is multiplied by the speed factor; factor 0 means no animation.
 * Whatever is in progress (animations and pauses) can be skipped at once: `skipAnimations()`,
 * called on a tap or a key (input.js), jumps everything running to its end.
 */

/** @import { Player } from "./types.js" */

let factor = 1;

/** What is running now and can be skipped: animations to finish, pauses to end. */
const running = {
  /** @type {Set<Pick<Animation, "finish">>} */
  animations: new Set(),
  /** @type {Set<() => void>} */
  pauses: new Set(),
  /** How many times everything was skipped: a sequence (the deal) that sees it change shows the rest at once. */
  skips: 0,
  /** How many deals are being dealt (dealCards). */
  dealing: 0,
};

/** Set the factor on every duration (settings.js `SPEEDS`; 0 turns animation off). */
export function setSpeedFactor(/** @type {number} */ value) {
  factor = value;
}

/** The factor on every duration now. */
export function speedFactor() {
  return factor;
}

/**
 * Jump every animation in progress to its end and end every pause now (a tap or a key while the table moves).
 * @returns {boolean} whether anything was running
 */
export function skipAnimations() {
  const any = running.animations.size + running.pauses.size > 0;
  for (const animation of running.animations) animation.finish();
  for (const end of running.pauses) end();
  running.animations.clear();
  running.pauses.clear();
  running.skips += 1;
  return any;
}

/** Whether an animation or a pause is in progress. */
export function animating() {
  return running.animations.size + running.pauses.size > 0;
}

/** Whether cards are being dealt (dealCards): the players' hands and the trump card are not all on the table yet. */
export function dealing() {
  return running.dealing > 0;
}

/** Wait `ms` real milliseconds, or less if skipped (`skipAnimations`); at once when `ms` is 0 or less. */
export function waitFor(/** @type {number} */ ms) {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const end = () => {
      clearTimeout(timer);
      running.pauses.delete(end);
      resolve(undefined);
    };
    const timer = setTimeout(end, ms);
    running.pauses.add(end);
  });
}

/** Wait `ms` milliseconds scaled by the speed factor (at once when animations are off; skippable). */
export function pause(/** @type {number} */ ms) {
  return waitFor(ms * factor);
}

/**
 * Resolves when `animation` ends, finished, skipped or cancelled.
 * @param {Pick<Animation, "finish" | "finished">} animation
 * @returns {Promise<void>}
 */
export function finished(animation) {
  running.animations.add(animation);
  return animation.finished.then(
    () => {
      running.animations.delete(animation);
    },
    () => {
      running.animations.delete(animation);
    },
  );
}

/**
 * Move `element` from where `fromRect` was to where it is now (FLIP).
 * @param {Element | null} element
 * @param {DOMRect | null} fromRect
 */
export function flyFrom(element, fromRect, ms = 170) {
  if (!factor || !element || !fromRect) return Promise.resolve();
  const to = element.getBoundingClientRect();
  if (!to.width) return Promise.resolve();
  const dx = fromRect.left - to.left;
  const dy = fromRect.top - to.top;
  const scale = fromRect.width / to.width || 1;
  return finished(
    element.animate(
      [
        { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, zIndex: 20 },
        { transform: "none", zIndex: 20 },
      ],
      { duration: ms * factor, easing: "cubic-bezier(.2,.7,.3,1)" },
    ),
  );
}

/**
 * Move `element` from where it is to `toRect`, shrinking to `toRect`'s width; it stays there until removed.
 * @param {Element | null} element
 * @param {DOMRect | null} toRect
 */
export function flyTo(element, toRect, ms = 150) {
  if (!factor || !element || !toRect) return Promise.resolve();
  const from = element.getBoundingClientRect();
  const dx = toRect.left + toRect.width / 2 - (from.left + from.width / 2);
  const dy = toRect.top + toRect.height / 2 - (from.top + from.height / 2);
  const scale = Math.min(1, (toRect.width || from.width) / from.width);
  return finished(
    element.animate(
      [{ transform: "none" }, { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: 0.6 }],
      {
        duration: ms * factor,
        easing: "ease-in",
        fill: "forwards",
      },
    ),
  );
}

/**
 * A card turning face up (a quarter turn about its vertical axis, then back).
 * @param {Element | null} element
 */
export function turnUp(element, ms = 260) {
  if (!factor || !element) return Promise.resolve();
  return finished(
    element.animate(
      [
        { transform: "perspective(600px) rotateY(90deg)", filter: "brightness(.7)" },
        { transform: "perspective(600px) rotateY(0deg)", filter: "none" },
      ],
      { duration: ms * factor, easing: "ease-out" },
    ),
  );
}

/**
 * The order the cards of a deal were dealt in (docs/rules.md 2), as packets of `{player, pile, under}`:
 * first the face-down round, then the face-up one; in each, packets of the plan's sizes go
 * alternately to the dealer's opponent and to the dealer, filling piles 0..7. Only the picture
 * of the deal follows it; the engine has dealt the cards already.
 * @param {Player} dealer
 * @param {number[]} plan  the packet sizes, e.g. [4, 4]
 * @returns {{player: Player, pile: number, under: boolean}[][]}
 */
export function dealingOrder(dealer, plan) {
  /** @type {{player: Player, pile: number, under: boolean}[][]} */
  const packets = [];
  for (const under of [true, false]) {
    const next = [0, 0];
    for (const size of plan) {
      for (const player of /** @type {Player[]} */ ([1 - dealer, dealer])) {
        packets.push(Array.from({ length: size }, () => ({ player, pile: next[player]++, under })));
      }
    }
  }
  return packets;
}

/**
 * Deal animation: for each step `{target, reveal}` a card back flies from `originRect`
 * to `target` (an element), which `reveal()` then shows. Packets go one after another.
 * @param {HTMLElement} layer  where the flying cards are drawn
 * @param {DOMRect} originRect  where they start (the deck)
 * @param {{target: Element, reveal: () => void}[][]} packets
 * @param {string} backMarkup  a card back (cards.js `cardBack`)
 */
export async function dealCards(layer, originRect, packets, backMarkup, ms = 90) {
  running.dealing += 1;
  try {
    await dealPackets(layer, originRect, packets, backMarkup, ms);
  } finally {
    running.dealing -= 1;
  }
}

/** dealCards' flights, packet after packet. */
async function dealPackets(
  /** @type {HTMLElement} */ layer,
  /** @type {DOMRect} */ originRect,
  /** @type {{target: Element, reveal: () => void}[][]} */ packets,
  /** @type {string} */ backMarkup,
  /** @type {number} */ ms,
) {
  const skips = running.skips;
  for (const packet of packets) {
    const flights = packet.map(async ({ target, reveal }, index) => {
      if (!factor || running.skips !== skips) return reveal();
      const flyer = document.createElement("div");
      flyer.className = "card flyer";
      flyer.innerHTML = backMarkup;
      const to = target.getBoundingClientRect();
      const origin = layer.getBoundingClientRect();
      Object.assign(flyer.style, {
        left: `${to.left - origin.left}px`,
        top: `${to.top - origin.top}px`,
        width: `${to.width}px`,
        height: `${to.height}px`,
      });
      layer.append(flyer);
      await waitFor(index * ms * 0.5 * factor);
      if (running.skips === skips) await flyFrom(flyer, originRect, ms * 2.2);
      flyer.remove();
      return reveal();
    });
    await Promise.all(flights);
  }
}
