/**
 * Modal panels (one <dialog>): choices and reports. Each `show…` function resolves with what
 * the person chose. Texts come from i18n; numbers and verdicts come from the engine's state.
 */

import { cardFace } from "./cards.js";
import { canAddPacket, cardsLeft, isCompletePlan, planText, presetPlans } from "./deal-plan.js";
import { cardName, suitName, t, unbroken } from "./i18n.js";
import { gamePointsReason, scoreLines } from "./score-lines.js";
import { st } from "./ship-text.js";

/** @import { Card, DealResult, DealView, Deck, FalseClaimRisk, LastTrick, MatchState, PacketRule, Player, PlayingState } from "./types.js" */
/** @import { DealPlanChoice } from "./deal-plan.js" */

/**
 * The page's one <dialog>; `finishPanel` closes the panel it shows now (with its cancel value).
 * @typedef {HTMLDialogElement & {finishPanel?: (() => void) | null}} PanelDialog
 */

/**
 * A button of a panel: choosing it resolves the panel with `value`.
 * @template T
 * @typedef {object} PanelButton
 * @property {string} label
 * @property {T} value
 * @property {boolean} [primary]
 * @property {string} [id]
 * @property {() => boolean} [check]  whether the panel may close with this button's value now (a form's fields are
 *   right); when not, the panel stays open (the check says what is wrong, at the field)
 * @property {() => Promise<unknown>} [wait]  what the choice waits for before the panel closes (a review the engine
 *   takes seconds over): meanwhile the panel stays open and the button keeps the focus, marked busy (not disabled,
 *   which would drop the focus on the page's body); the other buttons and Escape wait too. A failure rejects the panel
 */

/** `text` with the five HTML-special characters escaped, for markup built from strings. */
export function escapeHtml(/** @type {unknown} */ text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Open the panel with a title, body HTML and buttons `[{label, value, primary?, id?}]`.
 * `setup(panel, finish)` may wire extra controls: `panel` is the panel's form, made anew for each panel, so its
 * listeners go with it (on the shared dialog they piled up, one more each time it opened). Escape gives `cancelValue` (or is ignored
 * when `cancelValue` is undefined, for panels that need an answer).
 * @template T
 * @param {PanelDialog} dialog
 * @param {object} options
 * @param {string} options.title
 * @param {string} [options.body]
 * @param {PanelButton<T>[]} [options.buttons]
 * @param {T} [options.cancelValue]
 * @param {(panel: HTMLFormElement, finish: (value: T) => void) => void} [options.setup]
 * @param {string} [options.kind]  extra class names of the panel
 * @param {boolean} [options.startAtField]  open on the body's first field (a form to fill in), not the main button
 * @param {boolean} [options.startAtTitle]  open at the title (a long text to read), not the main button
 * @param {string} [options.startAt]  the id of the button to open on, not the main one: the panel opens again after
 *   what its button led to (a review, a link's sheet), and the focus comes back to where the person left it; or the
 *   main button waits for more to be chosen first
 * @param {boolean} [options.describedByBody]  the body is a short text the panel says (a result, a question): a
 *   screen reader reads it with the title on opening, not only the focused button
 * @returns {Promise<T | null>}  rejected when a button's `wait` fails
 */
export function showPanel(
  dialog,
  {
    title,
    body = "",
    buttons = [],
    cancelValue,
    setup,
    kind = "",
    startAtField,
    startAtTitle,
    startAt,
    describedByBody,
  },
) {
  dialog.finishPanel?.();
  dialog.className = `panel ${kind}`;
  dialog.innerHTML = `<form method="dialog" class="panel-form">
      <h2 class="panel-title" id="panel-title">${escapeHtml(title)}</h2>
      <div class="panel-body" id="panel-body">${body}</div>
      <div class="panel-buttons"></div></form>`;
  dialog.setAttribute("aria-labelledby", "panel-title");
  if (describedByBody) dialog.setAttribute("aria-describedby", "panel-body");
  else dialog.removeAttribute("aria-describedby");
  const row = /** @type {HTMLElement} */ (dialog.querySelector(".panel-buttons"));
  const form = /** @type {HTMLFormElement} */ (dialog.querySelector("form"));
  // Enter in a field would submit the form and close the dialog behind the page's back: the buttons decide.
  form.addEventListener("submit", (event) => event.preventDefault());
  return new Promise((resolve, reject) => {
    let done = false;
    /** Whether a button's choice waits for its `wait`: nothing else is chosen meanwhile. */
    let waiting = false;
    /** Close the panel (once) and settle its promise with `settle`. */
    const close = (/** @type {() => void} */ settle) => {
      if (done) return;
      done = true;
      dialog.oncancel = null;
      dialog.onclose = null;
      dialog.finishPanel = null;
      if (dialog.open) dialog.close();
      settle();
    };
    const finish = (/** @type {T | null} */ value) => close(() => resolve(value));
    for (const button of buttons) {
      const element = document.createElement("button");
      element.type = "button";
      element.textContent = button.label;
      element.className = button.primary ? "primary" : "";
      if (button.id) element.id = button.id;
      element.addEventListener("click", () => {
        if (waiting || (button.check && !button.check())) return;
        if (!button.wait) return finish(button.value);
        waiting = true;
        element.setAttribute("aria-busy", "true");
        button.wait().then(
          () => finish(button.value),
          (error) => close(() => reject(error)),
        );
      });
      row.append(element);
    }
    dialog.oncancel = (event) => {
      event.preventDefault();
      if (cancelValue !== undefined && !waiting) finish(cancelValue);
    };
    // A second Escape with nothing pressed between closes a modal dialog without a cancel event to refuse (the
    // browser's guard against pages that trap Escape): a panel that Escape may close ends as Escape ends it; one
    // that must be answered ("Play here", a tab's only way back to its match), or whose choice is waiting, opens again.
    dialog.onclose = () => {
      if (done || dialog.open) return; // its own close, or the panel before it closing behind it
      if (cancelValue !== undefined && !waiting) finish(cancelValue);
      else dialog.showModal();
    };
    dialog.finishPanel = () => finish(cancelValue ?? null);
    setup?.(form, finish);
    dialog.showModal();
    // Enter does the main action, but a panel taller than the screen opens at its title: focusing its last button
    // must not scroll the reader to the end of it. A form opens on its first field. A long text to read (the rules
    // on a phone) has the focus at its title, made focusable for that: the focus is in sight, and Space and the
    // arrows scroll the text from its top instead of pressing a button out of sight.
    const field = startAtField ? dialog.querySelector(".panel-body :is(input, select, textarea)") : null;
    const heading = startAtTitle ? dialog.querySelector(".panel-title") : null;
    heading?.setAttribute("tabindex", "-1");
    const chosen = startAt ? dialog.querySelector(`#${startAt}`) : null;
    /** @type {HTMLElement | null} */ (
      heading ?? field ?? chosen ?? dialog.querySelector(".panel-buttons .primary") ?? dialog.querySelector("button")
    )?.focus({ preventScroll: true });
    dialog.scrollTop = 0;
  });
}

/** End the panel open in `dialog`, if there is one, as closing it would (its cancel value, else null). */
export function closePanel(/** @type {PanelDialog} */ dialog) {
  dialog.finishPanel?.();
}

/** A message with a Close button: a text, or several, each a paragraph. */
export function showMessage(
  /** @type {PanelDialog} */ dialog,
  /** @type {string} */ title,
  /** @type {string | string[]} */ text,
) {
  return showPanel(dialog, {
    title,
    body: [text]
      .flat()
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
      .join(""),
    buttons: [{ label: t("close"), value: true, primary: true }],
    cancelValue: true,
    describedByBody: true,
  });
}

/**
 * Resolves once the panel is closed (at once when it is): what the computer does waits while a person reads a panel
 * he opened (the rules, Settings, History), so that he sees its card played, not a table that moved on behind him.
 * One panel may give way to another without a gap (a question asked over Settings): the wait lasts through it.
 * @param {HTMLDialogElement} dialog
 * @returns {Promise<void>}
 */
export async function panelClosed(dialog) {
  while (dialog.open) {
    await new Promise((resolve) => dialog.addEventListener("close", resolve, { once: true }));
    await Promise.resolve(); // a panel that opens the next one as it closes is open again by now
  }
}

/**
 * The marriage panel's title: the suit and what a marriage in it is worth in this deal, as the engine counts it
 * ("Marijaž: herc (40)").
 * @param {Card} code  the king or queen to lead
 * @param {Deck} deck
 * @param {Record<string, number>} worth  what a marriage in each suit is worth (the view's `marriage_worth`)
 */
export function marriageTitle(code, deck, worth) {
  const suit = code[1];
  return t("marriageTitle", { suit: suitName(suit, deck), points: worth[suit] });
}

/**
 * The other card of the marriage a lead of `code` would announce: the card of the same suit whose lead announces it
 * too (both of a marriage's cards may lead it, the engine lists each with "m"), or null when there is none.
 * @param {Card} code
 * @param {readonly string[]} legalMoves  the deal's `legal_moves`
 * @returns {Card | null}
 */
export function marriagePartner(code, legalMoves) {
  const other = legalMoves.find((move) => move.endsWith("m") && move[1] === code[1] && move.slice(0, -1) !== code);
  return other ? /** @type {Card} */ (other.slice(0, -1)) : null;
}

/**
 * The move a person's click on a card he may play makes: the card, or its marriage lead, asking which when both are
 * legal (the panel shows the marriage's two cards, the led one first; null when he cancels the question). With no
 * question the move comes at once, not a promise: the game page counts the card as on its way in the click's own
 * task (a New match pressed in the same moment asks first), which an await would put off.
 * @param {PanelDialog} dialog
 * @param {Card} code  a card of the person to move, the plain card or its marriage lead legal
 * @param {Deck} deck
 * @param {Pick<DealView, "legal_moves" | "marriage_worth">} deal
 * @returns {string | Promise<string | null>}
 */
export function chooseLead(dialog, code, deck, deal) {
  const plain = deal.legal_moves.includes(code);
  if (!plain || !deal.legal_moves.includes(`${code}m`)) return plain ? code : `${code}m`;
  return askMarriage(dialog, code, deck, deal);
}

/**
 * Lead `code` announcing its marriage or not (chooseLead): the move, or null when the question is cancelled.
 * @param {PanelDialog} dialog
 * @param {Card} code
 * @param {Deck} deck
 * @param {Pick<DealView, "legal_moves" | "marriage_worth">} deal
 * @returns {Promise<string | null>}
 */
async function askMarriage(dialog, code, deck, deal) {
  const name = cardName(code, deck, "accusative");
  const pair = [code, marriagePartner(code, deal.legal_moves)].filter((card) => card !== null);
  const faces = pair.map((card) => `<div class="panel-card">${cardFace(card, deck)}</div>`).join("");
  const choice = await showPanel(dialog, {
    kind: "marriage",
    title: marriageTitle(code, deck, deal.marriage_worth),
    body: `<div class="panel-cards">${faces}</div>`,
    buttons: [
      { label: t("marriageAnnounce", { card: name }), value: "announce", primary: true, id: "marriage-announce" },
      { label: t("marriagePlain", { card: name }), value: "plain", id: "marriage-plain" },
      { label: t("cancel"), value: null },
    ],
    cancelValue: null,
  });
  if (!choice) return null;
  return choice === "announce" ? `${code}m` : code;
}

/**
 * Under manual claim: claim 66 now? (true | false). Asked right after a person's marriage lead (`text`: the claim
 * must come before the lead is answered), and when he presses 66 (`text`: claim only with 66), since one stray tap
 * beside Hint could lose the deal, even the match: what a claim below 66 would give the other player now follows,
 * as the engine counts it (`risk`: a draw bonus included, and whether it ends the match; a friend's match stored by
 * an earlier page has none, and the cost is left unsaid).
 * @param {PanelDialog} dialog
 * @param {string} text
 * @param {FalseClaimRisk | undefined} risk
 * @param {number} claimant  the player who would claim
 * @returns {Promise<boolean>}
 */
export function askClaim(dialog, text, risk, claimant) {
  const cost = risk && t(risk.ends_match[claimant] ? "falseClaimEndsMatch" : "falseClaimCost", { points: risk.award });
  return showPanel(dialog, {
    kind: "claim-offer",
    title: t("claimOfferTitle"),
    body: `<p>${escapeHtml(cost ? `${text} ${cost}` : text)}</p>`,
    buttons: [
      { label: t("claimOfferYes"), value: true, id: "claim-offer-yes" },
      { label: t("claimOfferNo"), value: false, primary: true, id: "claim-offer-no" },
    ],
    cancelValue: false,
    describedByBody: true,
  }).then((answer) => answer === true);
}

/**
 * What the dealing panel ends with (showDealChoice).
 * @typedef {DealPlanChoice | "rules" | "aside"} DealChoice
 */

/**
 * The human dealer's packet plan: a preset deals at once; a custom plan is built from packets; the focused
 * button deals the built plan, or else the remembered one (so Enter deals like last time), and only once the
 * engine's packet rule allows it (a packet that would pass its total is not offered); the plan line shows what
 * that button deals. "Always deal like this" is kept with it. `tryDeal(plan)` asks the engine; it resolves to an
 * error message (shown, the panel stays) or null (dealt: the panel closes).
 * @param {PanelDialog} dialog
 * @param {(plan: number[]) => Promise<string | null>} tryDeal
 * @param {DealPlanChoice} remembered  the plan last dealt, and whether to always deal it
 * @param {{title: string, rule: PacketRule, offerAlways: boolean, built: number[], onBuild: (plan: number[]) => void}}
 *   options  the title, which names who deals ("Vi delite" against the computer, the dealer's name when two share the
 *   screen), the engine's packet rule, whether "always deal like this" is offered (not to two people sharing the
 *   screen: one's choice would deal the other's cards without asking him; the choice returned then keeps
 *   `remembered.always`), the packets already chosen for this deal (before a reload, or the rules read meanwhile: the
 *   panel opens with them, those the rule does not allow left out), and what to do with the packets chosen each time
 *   they change (keep them with the match)
 * @returns {Promise<DealChoice | null>}  the plan dealt; "rules" when the dealer asks how the game is played first (a
 *   newcomer who deals the first deal meets this panel before anything else); "aside" when he puts the panel aside
 *   ("Kasnije", Escape) to reach the menu or look at the table first
 */
export function showDealChoice(dialog, tryDeal, remembered, { title, rule, offerAlways, built, onBuild }) {
  const presets = presetPlans(rule);
  /** @type {number[]} */
  const restored = [];
  for (const size of built) if (canAddPacket(restored, size, rule)) restored.push(size);
  // Packets chosen before and short of a whole plan: the focus is on the next packet to add, not on a preset that
  // would deal another plan at a press of Enter (the Deal button waits for the plan to be whole).
  const next = restored.length ? rule.sizes.find((size) => canAddPacket(restored, size, rule)) : undefined;
  const body = `<p id="deal-hint">${escapeHtml(t("dealHint"))}</p>
    <div class="plan-presets">${presets
      .map((plan, i) => `<button type="button" class="preset" data-preset="${i}">${planText(plan)}</button>`)
      .join("")}</div>
    <div class="plan-builder">${rule.sizes
      .map(
        (n) =>
          `<button type="button" class="packet" id="packet-${n}" data-packet="${n}" aria-label="${escapeHtml(t("packet", { n }))}">+${n}</button>`,
      )
      .join("")}<button type="button" class="packet-clear">${escapeHtml(t("clear"))}</button></div>
    <div class="plan-line"><p class="plan-text" aria-live="polite"></p>${
      offerAlways
        ? `<label class="plan-always"><input type="checkbox" id="deal-always"${remembered.always ? " checked" : ""}>
      ${escapeHtml(t("dealAlways"))}</label>`
        : ""
    }</div><p class="plan-error" role="alert"></p>`;
  return showPanel(dialog, {
    kind: "deal",
    title,
    body,
    buttons: [
      { label: t("rulesButton"), value: /** @type {DealChoice} */ ("rules"), id: "deal-rules" },
      { label: t("dealLater"), value: /** @type {DealChoice} */ ("aside"), id: "deal-later" },
    ],
    // Escape puts the panel aside too: the menu and the table are in reach, the table's Deal button opens it again.
    cancelValue: /** @type {DealChoice} */ ("aside"),
    startAt: next === undefined ? undefined : `packet-${next}`,
    /** @type {(panel: HTMLFormElement, finish: (choice: DealChoice | null) => void) => void} */
    setup(panel, finish) {
      // A screen reader reads what to choose with the title on opening, not only the focused Deal button (the whole
      // body, its buttons' labels and all, would be too much to hear).
      dialog.setAttribute("aria-describedby", "deal-hint");
      let plan = restored;
      const text = /** @type {HTMLElement} */ (panel.querySelector(".plan-text"));
      const error = /** @type {HTMLElement} */ (panel.querySelector(".plan-error"));
      const always = /** @type {HTMLInputElement | null} */ (panel.querySelector("#deal-always"));
      const dealButton = document.createElement("button");
      const packets = [.../** @type {NodeListOf<HTMLButtonElement>} */ (panel.querySelectorAll(".packet"))];
      const clear = /** @type {HTMLButtonElement} */ (panel.querySelector(".packet-clear"));
      const chosen = () => (plan.length ? plan : remembered.plan);
      const show = () => {
        const shown = planText(chosen());
        const left = cardsLeft(chosen(), rule);
        text.textContent = left ? t("dealPlanPart", { plan: shown, n: left }) : t("dealPlan", { plan: shown });
        dealButton.textContent = t("dealWith", { plan: shown });
        dealButton.disabled = !isCompletePlan(chosen(), rule);
        for (const button of packets) button.disabled = !canAddPacket(plan, Number(button.dataset.packet), rule);
        clear.disabled = plan.length === 0; // nothing built: pressed, it seemed to do nothing (the line shows the last plan)
      };
      // While the engine deals, the panel's buttons wait: a second tap must not ask for a second deal. The focus waits
      // on the title (who deals), not on the page's body a waiting button would drop it to: a screen reader keeps its
      // place, and the panel, closing, gives the focus back to where it was before (match-flow.js startDeal).
      const buttons = () => /** @type {NodeListOf<HTMLButtonElement>} */ (panel.querySelectorAll("button"));
      const title = /** @type {HTMLElement} */ (panel.querySelector(".panel-title"));
      const deal = async (/** @type {number[]} */ dealt) => {
        error.textContent = "";
        if (panel.contains(document.activeElement)) {
          title.tabIndex = -1;
          title.focus({ preventScroll: true });
        }
        for (const button of buttons()) button.disabled = true;
        panel.setAttribute("aria-busy", "true");
        const message = await tryDeal(dealt);
        panel.removeAttribute("aria-busy");
        for (const button of buttons()) button.disabled = false;
        show();
        if (message) error.textContent = message;
        else finish({ plan: dealt, always: always ? always.checked : remembered.always });
      };
      for (const button of /** @type {NodeListOf<HTMLElement>} */ (panel.querySelectorAll(".preset"))) {
        button.addEventListener("click", () => deal(presets[Number(button.dataset.preset)]));
      }
      for (const button of packets) {
        button.addEventListener("click", () => {
          plan.push(Number(button.dataset.packet));
          onBuild(plan);
          show();
          // A packet no longer offered drops the focus: it goes on to the Deal button, or the next packet to add.
          if (button.disabled) [dealButton, ...packets].find((next) => !next.disabled)?.focus();
        });
      }
      clear.addEventListener("click", () => {
        plan = [];
        onBuild(plan);
        show();
        packets[0].focus(); // Clear, now disabled, would drop the focus: on to the first packet to build anew
      });
      dealButton.type = "button";
      dealButton.className = "primary";
      dealButton.id = "deal-custom";
      dealButton.addEventListener("click", () => deal([...chosen()]));
      /** @type {HTMLElement} */ (panel.querySelector(".panel-buttons")).append(dealButton);
      show();
    },
  });
}

/**
 * Why the deal gave what it gave, in sentences built from the engine's result.
 * @param {DealResult} result
 * @param {string[]} names  the players' names
 * @param {number} awarded  the game points the winner got (more than the result's with a draw bonus)
 * @param {Player | null} you  the seat of the person at the screen, whom the page calls "Vi"/"You" (against the
 *   computer): a sentence about him is said to him ("Dobili ste deljenje"), not of him ("Deljenje dobija: Vi");
 *   null when the page addresses nobody (two people at one screen, a replay)
 * @param {number} [bonusAfter]  the draw bonus waiting after the deal (the match's `draw_bonus_pending`): a drawn
 *   deal says what it leaves for the next deal's winner
 */
export function explainResult(result, names, awarded, you, bonusAfter = 0) {
  const lines = [];
  if (result.winner === null) return bonusAfter ? [t("draw"), t("drawBonusNext", { n: bonusAfter })] : [t("draw")];
  const winner = result.winner;
  const loser = 1 - winner;
  lines.push(winner === you ? t("winsDealYou") : t("winsDeal", { name: names[winner] }));
  if (result.reason === "false_claim") {
    const score = result.scores[loser];
    lines.push(loser === you ? t("whyFalseClaimYou", { score }) : t("whyFalseClaim", { name: names[loser], score }));
  } else {
    lines.push(
      result.reason === "reached_66"
        ? t(winner === you ? "whyReachedYou" : "whyReached", { name: names[winner], score: result.scores[winner] })
        : t("whyPlayedOut"),
    );
    lines.push(gamePointsReason({ ...result, winner }, names));
  }
  // Each drawn deal in a row before this one added a point (docs/rules.md 8): said with how many, and the sum.
  const extra = awarded - result.game_points;
  if (extra > 0) lines.push(t("drawBonus", { extra, award: awarded }));
  return lines;
}

/**
 * How a deal ended on a marriage's lead, if it did: the marriage that brought its announcer to 66 (docs/rules.md
 * 6.1), with the led card left unanswered (under manual claim, the claim made at once after the lead). The deal's end
 * came with the card's flight, and the result hid the card: "= 37 u štihovima + 40 za marijaž" alone did not tell a
 * newcomer what had happened.
 * @param {Pick<DealView, "result" | "moves" | "marriages">} deal  a finished deal
 * @param {Deck} deck
 * @returns {string | null}
 */
export function marriageEndText(deal, deck) {
  const last = deal.moves.at(-1) === "66" ? deal.moves.at(-2) : deal.moves.at(-1);
  if (deal.result?.reason !== "reached_66" || !last?.endsWith("m")) return null;
  const married = deal.marriages.find(
    (marriage) => marriage.player === deal.result?.winner && marriage.suit === last[1],
  );
  return married ? t("whyMarriageEnd", { suit: suitName(married.suit, deck), points: married.points }) : null;
}

/**
 * After a deal: who won, the scores, why so many game points. Resolves "next", "review" or "share".
 * @param {PanelDialog} dialog
 * @param {PlayingState} state  with a finished deal
 * @param {string[]} names  the players' names as the top bar writes them (store.js shortNamesOf: the computer
 *   without its level), one name each throughout the panel ("Računar (ekspert) dobija deljenje" over "Računar: 26
 *   poena" read as two players)
 * @param {Player | null} you  the seat the page calls "you", or null (explainResult)
 * @param {{review: (() => Promise<unknown>) | null, shareAvailable: boolean, backFrom?: string | null, deck: Deck}}
 *   options  the review's asking where the engine reviews (its button waits for it: PanelButton `wait`), whether to
 *   offer the deal's link besides the next deal, which of them ("review", "share") the person comes back from (the
 *   panel opens on its button again, not on the next deal), and the deck style a suit is named in
 * @returns {Promise<string | null>} "next", "review", "share", or "aside" (the player wants to look at the table
 *   first)
 */
export function showDealResult(dialog, state, names, you, options) {
  const { review, shareAvailable, backFrom, deck } = options;
  const deal = /** @type {DealView} */ (state.deal);
  const match = state.match;
  const result = /** @type {DealResult} */ (deal.result);
  const awards = match.deals[match.deals.length - 1]?.awarded ?? [0, 0];
  const awarded = result.winner === null ? 0 : awards[result.winner];
  const lines = explainResult(result, names, awarded, you, match.draw_bonus_pending);
  const marriageEnd = marriageEndText(deal, deck);
  if (marriageEnd) lines.splice(2, 0, marriageEnd); // after why the winner won: what brought him there
  // Each number after its player's name and a colon ("Igrač 1: 26 poena"): "Igrač 1 26" read as "Igrač 126". A
  // name does not break across lines either.
  const [name0, name1] = names.map(unbroken);
  const scores = scoreLines(deal, [name0, name1], deck)
    .map((line) => `<span class="result-score-line">${escapeHtml(line)}</span>`)
    .join("");
  const standing = { name0, name1, a: match.game_points[0], b: match.game_points[1], target: match.target };
  const body = `<ul class="result-lines">${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
    <p class="result-score">${scores}</p>
    <p class="result-award">${escapeHtml(t("matchStanding", standing))}</p>`;
  // The deal that decides the match has no next deal: its button leads to the match's result.
  const label = match.is_over ? t("toMatchResult") : t("nextDeal");
  /** @type {PanelButton<string>[]} */
  const buttons = [{ label, value: "next", primary: true, id: "next-deal" }];
  if (review) buttons.push({ label: t("review"), value: "review", id: "review-button", wait: review });
  if (shareAvailable) buttons.push({ label: st("shareDeal"), value: "share", id: "share-finished-deal" });
  buttons.push({ label: t("seeTable"), value: "aside", id: "see-table" });
  // Escape puts the result aside too: the table's own button leads on (match-flow.js).
  return showPanel(dialog, {
    kind: "result",
    title: t("dealN", { n: deal.number }),
    body,
    buttons,
    cancelValue: "aside",
    startAt: buttons.find((button) => button.value === backFrom)?.id,
    describedByBody: true,
  });
}

/**
 * Who won the match, with the game points: said to the person at the screen, won or lost (his game points first),
 * else of the winner (the winner's first).
 * @param {Pick<MatchState, "winner" | "game_points">} match  a finished match (or a game link's)
 * @param {string[]} names
 * @param {Player | null} you  the seat the page calls "you", or null (explainResult)
 */
export function matchWinnerText(match, names, you) {
  const winner = /** @type {Player} */ (match.winner);
  const [a, b] = [match.game_points[winner], match.game_points[1 - winner]];
  if (winner === you) return t("matchWinnerYou", { a, b });
  if (you !== null) return t("matchLoserYou", { a: b, b: a });
  return t("matchWinner", { name: names[winner], a, b });
}

/**
 * The match is over: the winner, a rematch, the review of any of its deals (where the engine reviews) and, where the
 * menu offers links, the match's link. Resolves "rematch", "review", "share" or "close".
 * @param {PanelDialog} dialog
 * @param {PlayingState} state  with a finished match
 * @param {string[]} names
 * @param {Player | null} you  the seat the page calls "you", or null (explainResult)
 * @param {{shareAvailable: boolean, reviewAvailable: boolean, backFrom?: string | null}} options  whether to offer
 *   the match's link and the review, and which of them ("share", "review") the person comes back from: the panel
 *   opens on its button again
 */
export function showMatchResult(dialog, state, names, you, { shareAvailable, reviewAvailable, backFrom = null }) {
  const match = state.match;
  /** @type {PanelButton<string>[]} */
  const buttons = [{ label: t("rematch"), value: "rematch", primary: true, id: "rematch-button" }];
  // Each deal's review was offered only in its result, before the next deal: a finished match's were out of reach.
  if (reviewAvailable) buttons.push({ label: t("reviewTitle"), value: "review", id: "review-finished-match" });
  if (shareAvailable) buttons.push({ label: st("shareGameTitle"), value: "share", id: "share-finished-match" });
  buttons.push({ label: t("close"), value: "close" });
  return showPanel(dialog, {
    kind: "result match",
    title: t("matchOverTitle"),
    body: `<p class="match-winner">${escapeHtml(matchWinnerText(match, names, you))}</p>
      <p>${escapeHtml(t("dealsPlayed", { n: match.deals.length }))}</p>`,
    buttons,
    cancelValue: "close",
    startAt: backFrom ? `${backFrom}-finished-match` : undefined,
    describedByBody: true,
  });
}

/**
 * Which deal of the finished match to review: a button for each, with the game points it gave each player by name
 * ("Deljenje 2 · poeni partije — Vi: 0, Računar: 2": a bare "0 : 2" read as the deal's card points, and said
 * nothing of whose they were), the last deal's first; or back to the match's result. Resolves the deal's number, or
 * null.
 * @param {PanelDialog} dialog
 * @param {PlayingState} state  with a finished match
 * @param {string[]} names  the players' names where room is short (the computer without its level)
 * @param {(deal: number) => Promise<unknown>} review  the review's asking, which a deal's button waits for (PanelButton
 *   `wait`)
 * @returns {Promise<number | null>}
 */
export function chooseDealToReview(dialog, state, names, review) {
  /** @type {PanelButton<number | null>[]} */
  const deals = state.match.deals.map((deal, index) => ({
    label: t("reviewDealChoice", {
      n: index + 1,
      name0: names[0],
      a: deal.awarded[0],
      name1: names[1],
      b: deal.awarded[1],
    }),
    value: index + 1,
    id: `review-deal-${index + 1}`,
    wait: () => review(index + 1),
  }));
  return showPanel(dialog, {
    kind: "review-deals",
    title: t("reviewWhichDeal"),
    buttons: [...deals.reverse(), { label: t("reviewBackToMatch"), value: null }],
    cancelValue: null,
  });
}

/**
 * Who took a trick, as a clause: said to the person at the screen when it was he ("štih nosite Vi"), else of the
 * player who did ("štih nosi Računar").
 * @param {Player} winner
 * @param {string[]} names
 * @param {Player | null} you  the seat the page calls "you", or null (explainResult)
 */
export function trickTakerText(winner, names, you) {
  return winner === you ? t("trickTakesYou") : t("trickTakes", { name: names[winner] });
}

/**
 * A card played, in words: who played which card ("Računar: kralj tref"), leading a marriage when `marriage` is the
 * one he announced with it. The game page says it as the card flies, the replay as it steps onto the move.
 * @param {string} name
 * @param {string} code  the card's code
 * @param {Deck} deck
 * @param {{points: number} | null | undefined} marriage
 */
export function playedText(name, code, deck, marriage) {
  const card = cardName(code, deck);
  return marriage ? t("playedMarriage", { name, card, points: marriage.points }) : t("played", { name, card });
}

/**
 * A trick in words: who played which card, in the order played, and who took it
 * ("Vi: as karo · Računar: osmica karo — štih nosite Vi").
 * @param {LastTrick} trick
 * @param {string[]} names
 * @param {Player | null} you  the seat the page calls "you", or null (explainResult)
 * @param {Deck} deck
 */
export function trickText(trick, names, you, deck) {
  const cards = trick.cards.map(({ player, card }) => playedText(names[player], card, deck, null));
  return `${cards.join("\u00a0· ")}\u00a0— ${trickTakerText(trick.winner, names, you)}`; // no line starts with "·", "—"
}

/**
 * The last complete trick: its two cards, who played them and who took it.
 * @param {PanelDialog} dialog
 * @param {LastTrick | null} trick  null before the first trick
 * @param {string[]} names
 * @param {Player | null} you  the seat the page calls "you", or null (explainResult)
 * @param {Deck} deck
 */
export function showLastTrick(dialog, trick, names, you, deck) {
  if (!trick) return showMessage(dialog, t("lastTrick"), t("noLastTrick"));
  const cards = trick.cards.map(({ card }) => `<div class="panel-card">${cardFace(card, deck)}</div>`).join("");
  const text = trickText(trick, names, you, deck);
  return showPanel(dialog, {
    kind: "last-trick",
    title: t("lastTrick"),
    body: `<div class="panel-cards">${cards}</div><p>${escapeHtml(text)}</p>`,
    buttons: [{ label: t("close"), value: true, primary: true }],
    cancelValue: true,
    describedByBody: true,
  });
}
