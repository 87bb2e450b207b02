/**
 * Moves shown on the table: the cards flying out by the packet plan, a card to the trick, a card turned
 * up under it, the trick to its winner. The engine has already made the move (and the page has saved it):
 * this module only shows it, changing the page state through the store alone.
 */

import { dealCards, dealingOrder, flyFrom, flyTo, pause, speedFactor, turnUp } from "./animate.js";
import { cardBack } from "./cards.js";
import { asSentences, cardName, t } from "./i18n.js";
import { holdFocusOnPiles, keepFocusOnCards } from "./input.js";
import { playedText, trickTakerText } from "./panels.js";
import { pileSlot, trickCounts } from "./render.js";
import { TRICK_SHOWN } from "./settings.js";
import { playSound } from "./sound.js";
import { clearNotes, namesOf, youOf } from "./store.js";

/** @import { DealtState, Move, Player, Rules } from "./types.js" */

/**
 * What the table's modules share: the store, the engine, the page's elements and its voice.
 * @typedef {object} PageContext
 * @property {import("./store.js").Store<import("./store.js").PageState>} store
 * @property {import("./engine.js").Engine} engine
 * @property {HTMLElement} root the table
 * @property {HTMLDialogElement} dialog the panel for questions and messages
 * @property {(text: string) => void} announce says `text` to screen readers
 * @property {URLSearchParams} params the page address's options
 * @property {{ruleOverrides: Partial<Record<keyof Rules, unknown>>, embed: boolean}} overrides what the address changes
 */

/**
 * Cards fly from the deck to the piles in the dealing order of the packet plan (docs/rules.md 2). A keyboard player
 * whose focus the dealing panel or the last deal's result took with it has it on his piles' area while they fly (a
 * second and more before the first of his lands), then on his cards from the first that lands, not only when the
 * deal is over.
 * @param {PageContext} ctx
 * @returns {Promise<void>}
 */
export async function animateDeal(ctx) {
  const { store, root } = ctx;
  const deal = store.state.game?.deal;
  if (!deal || !speedFactor()) return;
  const keys = [0, 1].flatMap((player) => Array.from({ length: 8 }, (_, pile) => `${player}:${pile}`));
  store.update((page) => {
    page.undealt = new Set(keys);
    page.undealtUnder = new Set(keys);
  });
  holdFocusOnPiles(root); // the status line says who deals; the dealing panel, its buttons waiting, dropped the focus
  const packets = dealingOrder(deal.dealer, deal.packets).map((packet) =>
    packet.map((/** @type {{player: number, pile: number, under: boolean}} */ { player, pile, under }) => ({
      target: pileSlot(root, player, pile),
      reveal: () => {
        store.update((page) => {
          (under ? page.undealtUnder : page.undealt)?.delete(`${player}:${pile}`);
        });
        keepFocusOnCards(root, 0); // a keyboard player's focus comes to the first of his cards to land
      },
    })),
  );
  const origin = /** @type {HTMLElement} */ (document.getElementById("deck-spot")).getBoundingClientRect();
  const layer = /** @type {HTMLElement} */ (document.getElementById("fly-layer"));
  await dealCards(layer, origin, packets, cardBack());
  store.update((page) => {
    page.undealt = null;
    page.undealtUnder = null;
  });
}

/**
 * Show a move the engine has made: the card to the trick, a turn-up, the trick to its winner, and say it.
 * The table still shows the position before the move when this is called.
 * @param {PageContext} ctx
 * @param {Player} player who made the move
 * @param {Move} move the move code
 * @param {DealtState} after the bridge state after the move
 * @param {string | null} [newerNote] a note the page gave after the move was made, while a panel held it back (the
 *   settings saved): newer than the move, so it stays where the move's notes go
 * @returns {Promise<void>}
 */
export async function showMove(ctx, player, move, after, newerNote = null) {
  const { store, root, announce } = ctx;
  const before = store.state.game?.deal;
  const who = namesOf(store.state);
  if (move === "66" || !before) {
    store.update((page) => {
      page.game = after;
      page.hint = null;
      clearNotes(page, newerNote);
    });
    if (move === "66") announce(t("claimed", { name: who[player] }));
    return;
  }
  const code = move.slice(0, 2);
  /** @type {HTMLElement | null} */
  const button = root.querySelector(`button.card.top[data-card="${code}"]`);
  const fromRect = button?.getBoundingClientRect() ?? null;
  const pile = Number(button?.dataset.pile);
  const hadHidden = Boolean(before.piles[player][pile]?.hidden);
  const deal = after.deal;
  const completes = deal.tricks_played > before.tricks_played;
  const deck = store.state.settings.deck;
  const marriage = deal.marriages.length > before.marriages.length ? deal.marriages.at(-1) : null;
  const played = playedText(who[player], code, deck, marriage);
  const focused = button !== null && button === document.activeElement;
  store.update((page) => {
    page.game = after;
    page.hint = null;
    // A move was made: the last refusal or hint is old news (a marriage lead is the table's news: store.js newsOf).
    clearNotes(page, newerNote);
    page.shownTrick = completes ? [...before.trick, { player, card: code }] : null;
    page.beforeTrick = completes ? trickCounts(before) : null;
  });
  if (focused) keepFocusOnCards(root, player);
  playSound("card");
  let text = played;
  const flights = [flyFrom(root.querySelector(`#trick [data-trick-card="${code}"]`), fromRect)];
  if (hadHidden) {
    const slot = pileSlot(root, player, pile);
    const turned = slot?.querySelector(".top")?.getAttribute("data-card");
    if (turned) {
      text += `. ${t("turnedUp", { card: cardName(turned, deck) })}`;
      flights.push(turnUp(slot?.querySelector(".face")));
    }
  }
  announce(text);
  await Promise.all(flights);
  const winner = deal.last_winner; // set once a trick is complete
  if (!completes || winner === null) {
    // A lead that ended the deal (a marriage that reached 66) stays in sight as a finished trick does: the deal's
    // result covered it at once, and the card and marriage that won the deal were never seen on the table.
    if (deal.result) await pause(TRICK_SHOWN.byOther * 1000);
    return;
  }
  // Finished by the other's card, the trick stays as long as the club and friend pages leave one: at a fifth of a
  // second the computer's answer was gone before it could be read. A tap or a key ends the wait.
  const shown = player === youOf(store.state) ? TRICK_SHOWN.byOwnCard : TRICK_SHOWN.byOther;
  await pause(shown * 1000);
  const stack = root.querySelector(`#won-${winner} .won-stack`);
  if (stack) {
    const target = stack.getBoundingClientRect();
    await Promise.all([...root.querySelectorAll("#trick .trick-card")].map((element) => flyTo(element, target)));
  }
  store.update((page) => {
    page.shownTrick = null;
  });
  playSound("trick");
  announce(asSentences([trickTakerText(winner, who, youOf(store.state))]));
}
