/**
 * The engine's refusals in the player's language.
 *
 * The engine answers bad input with an error that has a kind (`type`), a finer `reason` and `params` (otv66/errors.py;
 * its English `message` is for the library and logs). This module picks the text `err_<reason>` (or `err_<type>`,
 * or a general one) from the translations and fills in the params: card codes become card names (`{card}` in the
 * nominative, `{cardAcc}` in the accusative), suit letters become suit names in the deck's style, a link's kind
 * its name ("link deljenja").
 */

import { cardName, courtNames, dayText, hasText, suitName, t } from "./i18n.js";

/** @import { Deck } from "./types.js" */
/** @typedef {{type?: string, reason?: string, params?: Record<string, string | number>}} EngineFailure */

/**
 * The params of an engine error as words of the current language.
 * @param {Record<string, string | number>} params
 * @param {Deck} deck
 * @returns {Record<string, string | number>}
 */
function spokenParams(params, deck) {
  /** @type {Record<string, string | number>} */
  const spoken = { ...courtNames(deck), ...params };
  if (typeof params.card === "string") {
    spoken.card = cardName(params.card, deck);
    spoken.cardAcc = cardName(params.card, deck, "accusative");
  }
  for (const name of ["suit", "trump"]) {
    const suit = params[name];
    if (typeof suit === "string") spoken[name] = suitName(suit, deck);
  }
  if (typeof params.closes === "string") spoken.closes = dayText(params.closes);
  for (const name of ["found", "wanted"]) {
    const kind = params[name]; // a link's kind (link_wrong_kind)
    if (typeof kind === "string" && hasText(`linkOf_${kind}`)) spoken[name] = t(`linkOf_${kind}`);
  }
  return spoken;
}

/**
 * What went wrong, said in the current language: the text for the error's reason, else for its kind, else a
 * general "that did not work" (never the engine's English).
 * @param {unknown} error  an EngineError, or anything thrown
 * @param {Deck} deck  the deck style the player sees (for card and suit names)
 */
export function engineText(error, deck) {
  const failure = /** @type {EngineFailure} */ (error ?? {});
  const params = spokenParams(failure.params ?? {}, deck);
  for (const key of [`err_${failure.reason}`, `err_${failure.type}`]) {
    if (hasText(key)) return t(key, params);
  }
  return t("errUnknown");
}
