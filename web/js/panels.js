/**
 * Modal panels (one <dialog>): choices and reports. Each `show…` function resolves with what
 * the person chose. Texts come from i18n; numbers and verdicts come from the engine's state.
 */

import { cardFace } from "./cards.js";
import { cardName, suitName, t } from "./i18n.js";

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Open the panel with a title, body HTML and buttons `[{label, value, primary?, id?}]`.
 * `setup(dialog, finish)` may wire extra controls. Escape gives `cancelValue` (or is ignored
 * when `cancelValue` is undefined, for panels that need an answer).
 */
export function showPanel(dialog, { title, body = "", buttons = [], cancelValue, setup, kind = "" }) {
  dialog.finishPanel?.();
  dialog.className = `panel ${kind}`;
  dialog.innerHTML = `<form method="dialog" class="panel-form">
      <h2 class="panel-title" id="panel-title">${escapeHtml(title)}</h2>
      <div class="panel-body">${body}</div>
      <div class="panel-buttons"></div></form>`;
  dialog.setAttribute("aria-labelledby", "panel-title");
  const row = dialog.querySelector(".panel-buttons");
  // Enter in a field would submit the form and close the dialog behind the page's back: the buttons decide.
  dialog.querySelector("form").addEventListener("submit", (event) => event.preventDefault());
  return new Promise((resolve) => {
    let done = false;
    const finish = (value) => {
      if (done) return;
      done = true;
      dialog.oncancel = null;
      dialog.finishPanel = null;
      if (dialog.open) dialog.close();
      resolve(value);
    };
    for (const button of buttons) {
      const element = document.createElement("button");
      element.type = "button";
      element.textContent = button.label;
      element.className = button.primary ? "primary" : "";
      if (button.id) element.id = button.id;
      element.addEventListener("click", () => finish(button.value));
      row.append(element);
    }
    dialog.oncancel = (event) => {
      event.preventDefault();
      if (cancelValue !== undefined) finish(cancelValue);
    };
    dialog.finishPanel = () => finish(cancelValue ?? null);
    setup?.(dialog, finish);
    dialog.showModal();
    (dialog.querySelector(".panel-buttons .primary") ?? dialog.querySelector("button"))?.focus();
  });
}

export function showMessage(dialog, title, text) {
  return showPanel(dialog, {
    title,
    body: `<p>${escapeHtml(text)}</p>`,
    buttons: [{ label: t("close"), value: true, primary: true }],
    cancelValue: true,
  });
}

/** Lead a king or queen that could announce a marriage: "announce" | "plain" | null (cancel). */
export function showMarriageChoice(dialog, code, deck) {
  const name = cardName(code, deck);
  return showPanel(dialog, {
    kind: "marriage",
    title: t("marriageTitle", { suit: suitName(code[1], deck) }),
    body: `<div class="panel-card">${cardFace(code, deck)}</div>`,
    buttons: [
      { label: t("marriageAnnounce", { card: name }), value: "announce", primary: true, id: "marriage-announce" },
      { label: t("marriagePlain", { card: name }), value: "plain", id: "marriage-plain" },
      { label: t("cancel"), value: null },
    ],
    cancelValue: null,
  });
}

/**
 * The human dealer's packet plan. `tryDeal(plan)` asks the engine; it resolves to an
 * error message (shown, the panel stays) or null (dealt: the panel closes).
 */
export function showDealChoice(dialog, tryDeal) {
  const presets = [
    [4, 4],
    [2, 2, 2, 2],
    [1, 1, 1, 1, 1, 1, 1, 1],
  ];
  const body = `<p>${escapeHtml(t("dealHint"))}</p>
    <div class="plan-presets">${presets
      .map((plan, i) => `<button type="button" class="preset" data-preset="${i}">${plan.join("-")}</button>`)
      .join("")}</div>
    <div class="plan-builder">${[1, 2, 4]
      .map(
        (n) =>
          `<button type="button" class="packet" data-packet="${n}" aria-label="${escapeHtml(t("packet", { n }))}">+${n}</button>`,
      )
      .join("")}<button type="button" class="packet-clear">${escapeHtml(t("clear"))}</button></div>
    <p class="plan-text" aria-live="polite"></p><p class="plan-error" role="alert"></p>`;
  return showPanel(dialog, {
    kind: "deal",
    title: t("dealTitle"),
    body,
    setup(panel, finish) {
      let plan = [];
      const text = panel.querySelector(".plan-text");
      const error = panel.querySelector(".plan-error");
      const show = () => {
        text.textContent = plan.length ? t("dealPlan", { plan: plan.join("-") }) : t("dealEmpty");
      };
      const deal = async (chosen) => {
        error.textContent = "";
        const message = await tryDeal(chosen);
        if (message) error.textContent = message;
        else finish(chosen);
      };
      for (const button of panel.querySelectorAll(".preset")) {
        button.addEventListener("click", () => deal(presets[Number(button.dataset.preset)]));
      }
      for (const button of panel.querySelectorAll(".packet")) {
        button.addEventListener("click", () => {
          plan.push(Number(button.dataset.packet));
          show();
        });
      }
      panel.querySelector(".packet-clear").addEventListener("click", () => {
        plan = [];
        show();
      });
      const dealButton = document.createElement("button");
      dealButton.type = "button";
      dealButton.className = "primary";
      dealButton.id = "deal-custom";
      dealButton.textContent = t("deal");
      dealButton.addEventListener("click", () => deal(plan));
      panel.querySelector(".panel-buttons").append(dealButton);
      show();
    },
  });
}

/** Why the deal gave what it gave, in sentences built from the engine's result. */
export function explainResult(result, names, awarded) {
  const lines = [];
  if (result.winner === null) return [t("draw")];
  const winner = result.winner;
  const loser = 1 - winner;
  lines.push(t("winsDeal", { name: names[winner] }));
  if (result.reason === "false_claim") {
    lines.push(t("whyFalseClaim", { name: names[loser], score: result.scores[loser] }));
  } else {
    lines.push(
      result.reason === "reached_66"
        ? t("whyReached", { name: names[winner], score: result.scores[winner] })
        : t("whyPlayedOut"),
    );
    lines.push(t(`why${result.game_points}`, { name: names[loser], score: result.scores[loser] }));
  }
  if (awarded > result.game_points) lines.push(t("drawBonus"));
  return lines;
}

/** After a deal: who won, the scores, why so many game points. Resolves "next" or "review". */
export function showDealResult(dialog, state, names, { reviewAvailable }) {
  const deal = state.deal;
  const match = state.match;
  const result = deal.result;
  const awards = match.deals[match.deals.length - 1]?.awarded ?? [0, 0];
  const awarded = result.winner === null ? 0 : awards[result.winner];
  const lines = explainResult(result, names, awarded);
  const body = `<ul class="result-lines">${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
    <p class="result-score">${escapeHtml(
      t("scoreLine", { a: result.scores[0], b: result.scores[1], ta: result.tricks[0], tb: result.tricks[1] }),
    )}</p>
    ${
      result.winner === null
        ? ""
        : `<p class="result-award">${escapeHtml(
            t("gamePointsTo", {
              name: names[result.winner],
              n: awarded,
              a: match.game_points[0],
              b: match.game_points[1],
            }),
          )}</p>`
    }`;
  const buttons = [{ label: t("nextDeal"), value: "next", primary: true, id: "next-deal" }];
  if (reviewAvailable) buttons.push({ label: t("review"), value: "review", id: "review-button" });
  return showPanel(dialog, { kind: "result", title: t("dealOverTitle", { n: deal.number }), body, buttons });
}

/** The match is over: the winner and a rematch. Resolves "rematch". */
export function showMatchResult(dialog, state, names) {
  const match = state.match;
  const [a, b] = match.game_points;
  return showPanel(dialog, {
    kind: "result match",
    title: t("matchOverTitle"),
    body: `<p class="match-winner">${escapeHtml(t("matchWinner", { name: names[match.winner], a, b }))}</p>
      <p>${escapeHtml(t("dealsPlayed", { n: match.deals.length }))}</p>`,
    buttons: [
      { label: t("rematch"), value: "rematch", primary: true, id: "rematch-button" },
      { label: t("close"), value: "close" },
    ],
  });
}

/** The last complete trick: its two cards and who took it. */
export function showLastTrick(dialog, trick, names, deck) {
  if (!trick) return showMessage(dialog, t("lastTrick"), t("noLastTrick"));
  const cards = trick.cards.map((code) => `<div class="panel-card">${cardFace(code, deck)}</div>`).join("");
  const text = `${trick.cards.map((code) => cardName(code, deck)).join(", ")} — ${t("trickTo", { name: names[trick.winner] })}`;
  return showPanel(dialog, {
    kind: "last-trick",
    title: t("lastTrick"),
    body: `<div class="panel-cards">${cards}</div><p>${escapeHtml(text)}</p>`,
    buttons: [{ label: t("close"), value: true, primary: true }],
    cancelValue: true,
  });
}

/** The engine's review of a deal: each move, and for a weak one what was better. */
export function showReview(dialog, review, names, deck) {
  const rows = (review.moves ?? [])
    .map((move) => {
      const card = move.move === "66" ? "66" : cardName(move.move.slice(0, 2), deck);
      const mark = move.mark ? ` <strong class="mark-${move.mark}">${escapeHtml(t(move.mark))}</strong>` : "";
      const better =
        move.mark && move.best
          ? ` (${escapeHtml(t("better", { card: move.best === "66" ? "66" : cardName(move.best.slice(0, 2), deck) }))})`
          : "";
      return `<li>${escapeHtml(names[move.player])}: ${escapeHtml(card)}${mark}${better}</li>`;
    })
    .join("");
  const clean = (review.moves ?? []).every((move) => !move.mark);
  return showPanel(dialog, {
    kind: "review",
    title: t("reviewTitle"),
    body: `${clean ? `<p>${escapeHtml(t("reviewClean"))}</p>` : ""}<ol class="review-list">${rows}</ol>`,
    buttons: [{ label: t("close"), value: true, primary: true }],
    cancelValue: true,
  });
}
