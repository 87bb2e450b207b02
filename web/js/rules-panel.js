/**
 * "How to play": the rules of docs/rules.md told in the player's language, with card pictures, and the offer of
 * a guided deal. Opened from the menu (`#rules-button`) and offered once on a first visit (a note in the bar under
 * the table, covering nothing).
 */

import { cardFace } from "./cards.js";
import { deviceStorage } from "./device-storage.js";
import { cardName, courtNames, suitName, t } from "./i18n.js";
import { escapeHtml, showPanel } from "./panels.js";
import { cardTabStop } from "./render.js";

/** @import { Card, Deck, Rules } from "./types.js" */
/** @typedef {import("./panels.js").PanelDialog} PanelDialog */

/** The remembered "the rules were offered" flag (one key of localStorage). */
const OFFERED_KEY = "otv66.rulesOffered";

/**
 * Each section: its title and text keys, the cards drawn beside it (with what they show, where a row of cards does
 * not say it by itself), and the sentences the table's own rule options
 * add to it (docs/rules.md: `must_beat`, `claim`, `dealer`, `draw_bonus`; the target is said in the score's text); a
 * section about the computer is told only where it plays; the keys' section not on a touch screen (learn.css).
 * @type {{title: string, text: string, cards: Card[], example?: (deck: Deck) => string,
 *   options?: (rules: Rules) => string[], computerOnly?: boolean, keys?: boolean}[]}
 */
const SECTIONS = [
  { title: "rulesCardsTitle", text: "rulesCards", cards: ["AH", "TH", "KH", "QH", "JH", "9H", "8H", "7H"] },
  {
    title: "rulesDealTitle",
    text: "rulesDeal",
    cards: [],
    options: (rules) => [rules.dealer === "alternate" ? "rulesDealerAlternate" : "rulesDealerWinner"],
  },
  {
    title: "rulesPlayTitle",
    text: "rulesPlay",
    cards: ["7S", "AS", "9C"],
    example: (deck) =>
      t("rulesPlayExample", {
        low: cardName("7S", deck),
        high: cardName("AS", deck),
        other: cardName("9C", deck),
        suit: suitName("C", deck),
      }),
    options: (rules) => (rules.must_beat ? ["rulesMustBeat"] : []),
  },
  { title: "rulesMarriageTitle", text: "rulesMarriage", cards: ["KD", "QD"] },
  {
    title: "rulesScoreTitle",
    text: "rulesScore",
    cards: [],
    options: (rules) => [
      rules.claim === "manual" ? "rulesClaimManual" : "rulesClaimAuto",
      ...(rules.draw_bonus ? ["rulesDrawBonus"] : []),
    ],
  },
  { title: "rulesFairTitle", text: "rulesFair", cards: [], computerOnly: true },
  // The page's keys (input.js, shell.js), told nowhere else: without them the number keys are never found.
  { title: "rulesKeysTitle", text: "rulesKeys", cards: [], keys: true },
];

/**
 * The panel's markup: a section per topic, told for the table's rules, each card with its name as a caption.
 * @param {Deck} deck
 * @param {Rules} rules  the rules of the match on the table (or of the next one)
 * @param {boolean} [computer]  whether the computer plays in it (two at one screen: no section about it)
 */
export function rulesMarkup(deck, rules, computer = true) {
  return SECTIONS.filter((section) => computer || !section.computerOnly)
    .map(({ title, text, cards, example, options, keys }) => {
      const pictures = cards
        .map(
          (code) =>
            `<figure class="rules-card">${cardFace(code, deck)}<figcaption>${escapeHtml(cardName(code, deck))}</figcaption></figure>`,
        )
        .join("");
      const row = pictures ? `<div class="rules-cards">${pictures}</div>` : "";
      const shown = example ? `<p class="rules-example">${escapeHtml(example(deck))}</p>` : "";
      const values = { target: rules.target, ...courtNames(deck) };
      const told = [text, ...(options?.(rules) ?? [])].map((key) => t(key, values)).join(" ");
      return `<section class="rules-section${keys ? " rules-keys" : ""}"><h3>${escapeHtml(t(title))}</h3><p>${escapeHtml(told)}</p>${row}${shown}</section>`;
    })
    .join("");
}

/**
 * Show the rules; resolves "tutorial" when the player asks for a guided deal, null when closed.
 * @param {PanelDialog} dialog
 * @param {Deck} deck
 * @param {Rules} rules  the rules of the match on the table (or of the next one)
 * @param {{offerTutorial?: boolean, computer?: boolean}} [options]  `offerTutorial`: whether to offer the guided
 *   deal, not while a deal is being dealt (read from the packets' panel), since the guided deal starts a match of its
 *   own; `computer`: whether the computer plays the match (rulesMarkup)
 * @returns {Promise<"tutorial" | null>}
 */
export function showRules(dialog, deck, rules, { offerTutorial = true, computer = true } = {}) {
  markOffered(deviceStorage); // read before the offer came (while the engine loads): it is not offered after them
  /** @type {import("./panels.js").PanelButton<"tutorial" | null>} */
  const tutorial = { label: t("rulesTutorial"), value: "tutorial", id: "tutorial-button" };
  return showPanel(dialog, {
    kind: "rules",
    startAtTitle: true,
    title: t("rulesTitle"),
    body: rulesMarkup(deck, rules, computer),
    buttons: [...(offerTutorial ? [tutorial] : []), { label: t("close"), value: null, primary: true }],
    cancelValue: null,
  });
}

/**
 * Remember on this device that the rules were offered (or read): no offer on a later visit.
 * @param {() => Storage} storage
 */
function markOffered(storage) {
  try {
    storage().setItem(OFFERED_KEY, "1");
  } catch {
    // not remembered: a later visit may offer them again
  }
}

/**
 * On a first visit, a note offering the rules (shown once: the offer is remembered in `storage`). It is a row of
 * the bar under the table, above the status line, where the guided deal's tips go (learn.css): it covers neither
 * the top bar nor a card nor the status, the table giving up that row while it is there.
 *
 * A modal dialog (the packets to deal, a marriage to announce...) makes the rest of the page inert, so the note
 * could not be answered under one: it waits until no modal dialog is open. It stays until it is answered or the
 * next panel opens (a deal's result, a menu's panel): the table takes its row back under that panel, never while a
 * finger may be on its way to a card. It is remembered as offered once it has been shown. Answered from the
 * keyboard, it leaves the focus on the player's cards (their Tab stop, render.js).
 * @param {() => Storage} storage  the page's localStorage (asked for here: reading it may throw)
 * @param {() => void} openRules
 * @param {Element} holder  the bar under the table (`.controls`)
 */
export function offerRulesOnce(storage, openRules, holder) {
  try {
    if (storage().getItem(OFFERED_KEY)) return null;
  } catch {
    return null; // no storage (private mode): no offer rather than one on every visit
  }
  const note = document.createElement("div");
  note.className = "rules-offer";
  note.id = "rules-offer";
  note.setAttribute("role", "note");
  note.innerHTML = `<p class="rules-offer-text">${escapeHtml(t("rulesOffer"))}</p>
    <button type="button" class="primary" id="rules-offer-open">${escapeHtml(t("rulesOfferOpen"))}</button>
    <button type="button" id="rules-offer-later">${escapeHtml(t("rulesOfferLater"))}</button>`;
  const observer = new MutationObserver(() => place());
  const end = () => {
    observer.disconnect();
    if (note.contains(document.activeElement)) {
      cardTabStop(document.querySelector("#piles-0"))?.focus();
    }
    note.remove();
  };
  const place = () => {
    const blocked = document.querySelector("dialog[open]") !== null; // the page opens every dialog modal
    if (blocked && note.isConnected) end();
    else if (!blocked && !note.isConnected) {
      markOffered(storage); // shown all the same if that fails; a later visit may offer it again
      holder.prepend(note);
    }
  };
  const answer = (/** @type {boolean} */ open) => {
    end();
    if (open) openRules();
  };
  /** @type {HTMLElement} */ (note.querySelector("#rules-offer-open")).addEventListener("click", () => answer(true));
  /** @type {HTMLElement} */ (note.querySelector("#rules-offer-later")).addEventListener("click", () => answer(false));
  observer.observe(document.body, { subtree: true, attributeFilter: ["open"] });
  place();
  return note;
}
