/**
 * The post-deal review panel: a one-line summary, then every move of the deal with the expected game points it
 * lost (the engine's rating) and the better move, marriage leads marked for both sides. Choosing a move shows the
 * table as it was when the move was made (both sides' piles and the trick) with the engine's rating of every legal
 * move there. The numbers are the engine's (bridge `review` and `review_view`); this module only shows them.
 */

import { askedOnce } from "./asked-once.js";
import { cardFace } from "./cards.js";
import { engineText } from "./engine-text.js";
import { cardName, suitName, t } from "./i18n.js";
import { escapeHtml, showPanel } from "./panels.js";
import { isMarriageLead, lossText, summaryLines, wasRated } from "./review-summary.js";
import { SCREEN_ORDER } from "./table-shell.js";

/** @import { Deck, Move, PublicView, Review, ReviewMove, ReviewView } from "./types.js" */
/** @import { PanelDialog } from "./panels.js" */
/** @import { Engine } from "./engine.js" */

/** Search time per move for the review (a deal has 32 moves; the page waits for all of them). */
const REVIEW_SECONDS_PER_MOVE = 0.1;

/**
 * The engine's review of a deal, and the table at each of its moves, each asked for when first shown and then kept
 * (askedOnce: a search is timed, and a second look at a position would rate its moves with other numbers; a page
 * keeps its reviews so too). The deal is the match on the table's deal number `deal` (1-based: bridge `review`), or
 * with `replay` the game opened for replay's (0-based: `replay_review`, as its `replay_view`).
 * @param {Engine} engine
 * @param {number} deal
 * @param {boolean} [replay]
 * @returns {Promise<{review: Review, positionAt: (ply: number) => Promise<ReviewView>}>}
 */
export async function askReview(engine, deal, replay = false) {
  const seconds = REVIEW_SECONDS_PER_MOVE;
  const review = await engine.call(replay ? "replay_review" : "review", { deal, seconds });
  const view = replay ? "replay_review_view" : "review_view";
  const positionAt = askedOnce((/** @type {number} */ ply) => engine.call(view, { deal, ply, seconds }));
  return { review, positionAt };
}

/** A move as the review writes it: the card's name, or "prijava 66" for a claim. */
function moveName(/** @type {Move} */ move, /** @type {Deck} */ deck) {
  return move === "66" ? t("reviewClaim") : cardName(move.slice(0, 2), deck);
}

/** The better move as its note writes it: the card, and "marriage" after a marriage lead. */
function betterName(/** @type {Move} */ move, /** @type {Deck} */ deck) {
  return isMarriageLead(move) ? `${moveName(move, deck)} ${t("reviewMarriage")}` : moveName(move, deck);
}

/** The summary: each player's marked moves and how far his play fell below the best, a line each. */
function summaryMarkup(/** @type {Review} */ review, /** @type {string[]} */ names) {
  return summaryLines(review, names)
    .map((line) => `<span>${escapeHtml(line)}</span>`)
    .join("");
}

/**
 * The mark of a marriage lead (its card alone would read like the same card led without announcing), and of a king
 * or queen led without announcing where the marriage was there to announce (`choices`: the moves rated there): a row
 * "You: king of spades, blunder" hid that the trump marriage was what it gave away.
 * @param {Move} move
 * @param {Move[]} [choices]
 */
function marriageMark(move, choices = []) {
  const key = isMarriageLead(move) ? "reviewMarriage" : choices.includes(`${move}m`) ? "reviewNoMarriage" : null;
  const kind = key === "reviewNoMarriage" ? " review-no-marriage" : "";
  return key ? ` <span class="review-marriage${kind}">${escapeHtml(t(key))}</span>` : "";
}

/**
 * One row of the move list: a button that shows the position before the move. A compact row: who played what and
 * the loss on its line, the engine's mark and the better move, if any, on a second line under it (a marriage lead
 * named as one: "better: queen of clubs" advised the very move that lost most, the queen led without announcing);
 * below a mark, the better move only where the loss is proven.
 */
export function moveRow(/** @type {ReviewMove} */ move, /** @type {string[]} */ names, /** @type {Deck} */ deck) {
  const marriage = marriageMark(
    move.move,
    move.analysis?.moves.map((row) => row.move),
  );
  const loss = wasRated(move)
    ? `<span class="review-loss" data-loss="${move.loss}">${escapeHtml(lossText(move.loss))}</span>`
    : `<span class="review-loss review-forced">${escapeHtml(t("reviewForced"))}</span>`;
  const mark = move.mark ? `<strong class="mark-${move.mark}">${escapeHtml(t(move.mark))}</strong>` : "";
  // A false claim made while the other was to answer (after a marriage lead) had no card of its own to beat it:
  // playing on was better (otv66/ai/review.py rates it so, with no better move).
  const instead = move.best ? t("better", { card: betterName(move.best, deck) }) : t("betterPlayOn");
  // An unmarked small loss is named a better move only where the figures are proven: a search's guesses differ by a
  // tenth where every move is equal, and "better: …" would teach noise.
  const proven = move.mark !== null || move.exact;
  const better =
    move.best !== move.move && move.loss > 0.005 && proven
      ? `<span class="review-better">${escapeHtml(instead)}</span>`
      : "";
  const note = mark || better ? `<span class="review-note">${[mark, better].filter(Boolean).join(" ")}</span>` : "";
  return `<li><button type="button" class="review-move" data-ply="${move.index}">
    <span class="review-what"><span class="review-who">${escapeHtml(names[move.player])}:</span> ${escapeHtml(moveName(move.move, deck))}${marriage}</span>
    ${loss}
    ${note}</button></li>`;
}

/**
 * A player's eight piles: each top card, and a mark where a face-down card lies under it; in the order the table
 * shows them (the player at the top faces us: his first pile on the right).
 */
function pilesOf(/** @type {PublicView} */ view, /** @type {number} */ player, /** @type {Deck} */ deck) {
  return SCREEN_ORDER[player]
    .map((index) => view.piles[player][index])
    .map((pile) => {
      if (!pile.top) return `<span class="review-pile${pile.hidden ? " has-under" : ""}"></span>`;
      // Named for a screen reader as on the table (the card's picture is hidden from it): the piles were silent.
      const name = cardName(pile.top, deck);
      const label = pile.hidden ? t("cardCovered", { card: name }) : name;
      return `<span class="review-pile${pile.hidden ? " has-under" : ""}" data-pile-card="${pile.top}" role="img" aria-label="${escapeHtml(label)}">${cardFace(pile.top, deck)}</span>`;
    })
    .join("");
}

/**
 * A player's name and where he stood at a position of the review: his points, tricks and marriages ("Vi · Poeni 55 ·
 * 3 štiha · herc 20"). The figures a move is judged by depend on how near 66 (or 33) each side was, and a false
 * claim's row showed a table without the 55 it was made on. (A deal reviewed is over: a manual claim's count is no
 * secret any more.)
 * @param {PublicView} view
 * @param {number} player
 * @param {string[]} names
 * @param {Deck} deck
 */
function standing(view, player, names, deck) {
  const marriages = view.marriages
    .filter((marriage) => marriage.player === player)
    .map((marriage) => {
      const points = marriage.counted ? marriage.points : t("marriagePending", { points: marriage.points });
      return `${suitName(marriage.suit, deck)} ${points}`;
    });
  const score = `${t("scoreLabel")} ${view.scores[player]}`;
  return [names[player], score, t("tricksWon", { n: view.tricks_won[player] }), ...marriages].join(" · ");
}

/**
 * The table at a position of the review, with the engine's rating of every legal move there.
 * @param {ReviewView} shown
 * @param {string[]} names
 * @param {Deck} deck
 */
export function positionMarkup(shown, names, deck) {
  const { view, analysis } = shown;
  const played = shown.moves[shown.ply];
  const side = (/** @type {number} */ player) =>
    `<div class="review-side" data-player="${player}"><span class="review-name">${escapeHtml(standing(view, player, names, deck))}</span>
      <div class="review-piles">${pilesOf(view, player, deck)}</div></div>`;
  const trick = view.trick
    .map(
      (card) =>
        `<span class="review-pile" data-trick-card="${card.card}" role="img" aria-label="${escapeHtml(cardName(card.card, deck))}">${cardFace(card.card, deck)}</span>`,
    )
    .join("");
  const trump = `${t("trump")}: ${suitName(view.trump, deck)}`;
  const middle = `<span class="review-name">${escapeHtml(trick ? `${t("trickArea")} · ${trump}` : trump)}</span>`;
  const choices = (analysis?.moves ?? []).map((row) => row.move);
  const ratings = (analysis?.moves ?? [])
    .map((row) => {
      const tags = [
        row.move === analysis?.best ? t("reviewBest") : "",
        row.move === played ? t("reviewPlayed") : "",
      ].filter(Boolean);
      const loss = lossText((analysis?.moves[0].value ?? row.value) - row.value);
      return `<li data-move="${row.move}"${row.move === played ? ' class="played"' : ""}><span class="review-rating">
        <span>${escapeHtml(moveName(row.move, deck))}${marriageMark(row.move, choices)}${tags.length ? ` <em>${escapeHtml(tags.join(", "))}</em>` : ""}</span>
        <span class="review-loss">${escapeHtml(loss)}</span></span></li>`;
    })
    .join("");
  const who = view.turn === null ? "" : names[view.turn];
  return `<p class="review-at">${escapeHtml(t("reviewAt", { n: shown.ply + 1, name: who }))}</p>
    <div class="review-table">${side(1)}<div class="review-side">${middle}<div class="review-trick">${trick}</div></div>${side(0)}</div>
    ${ratings ? `<div class="review-choices"><p>${escapeHtml(t("reviewChoices"))}</p><ol class="review-ratings">${ratings}</ol></div>` : ""}`;
}

/**
 * Scroll `scroller` just enough to show all of `item` above `bottom` (a height on the screen: the scroller's foot,
 * or the top of what covers it), but never so far that the item's head goes out of sight; nothing else scrolls.
 */
function keepInSight(
  /** @type {Element} */ item,
  /** @type {Element} */ scroller,
  bottom = scroller.getBoundingClientRect().bottom,
) {
  const top = scroller.getBoundingClientRect().top;
  const box = item.getBoundingClientRect();
  scroller.scrollTop += Math.min(box.top - top, Math.max(0, box.bottom - bottom));
}

/**
 * Put the table at the chosen move where this screen shows it: on a phone right under the chosen row (beside or
 * under a list that scrolls, a phone left each too little room to be read), else beside the list. The style sheet
 * says which (`--review-at-move: under` on the columns), so the breakpoint is written once; asked again when the
 * screen turns. Returns whether it went under the row.
 */
function placePosition(/** @type {HTMLElement} */ position, /** @type {HTMLElement} */ columns) {
  const chosen = columns.querySelector(".review-move[aria-current]");
  const under = chosen !== null && getComputedStyle(columns).getPropertyValue("--review-at-move").trim() === "under";
  if (under) chosen.after(position);
  else if (position.parentElement !== columns) columns.append(position);
  return under;
}

/**
 * Show the table just put at the chosen `button` (`under` its row or beside the list): under it, the panel scrolls
 * to show the row and as much of the table as fits above the panel's buttons; beside, the table from its top, and
 * the list scrolls to show all of the chosen row.
 */
function showChosen(
  /** @type {HTMLElement} */ button,
  /** @type {HTMLElement} */ position,
  /** @type {boolean} */ under,
) {
  const dialog = /** @type {HTMLElement} */ (button.closest("dialog"));
  if (under) {
    const buttons = dialog.querySelector(".panel-buttons")?.getBoundingClientRect().top;
    keepInSight(/** @type {HTMLElement} */ (button.parentElement), dialog, buttons);
  } else {
    position.scrollTop = 0;
    keepInSight(button, /** @type {HTMLElement} */ (button.closest(".review-list")));
  }
}

/** The keys that step through the review's list of moves, and which way. */
const MOVE_STEPS = /** @type {Record<string, number>} */ ({ ArrowUp: -1, ArrowDown: 1 });

/**
 * The engine's review of a deal; choosing a move asks `positionAt(ply)` for the table before it.
 * @param {PanelDialog} dialog
 * @param {Review} review
 * @param {number} number  the deal's number in its match (1-based)
 * @param {string[]} names
 * @param {Deck} deck
 * @param {(ply: number) => Promise<ReviewView>} positionAt
 * @param {string[]} [rowNames]  the names in the move list, where room is short (store.js shortNamesOf); else names
 */
export function showReview(dialog, review, number, names, deck, positionAt, rowNames = names) {
  const moves = review.moves ?? [];
  const rows = moves.map((move) => moveRow(move, rowNames, deck)).join("");
  return showPanel(dialog, {
    kind: "review",
    startAtTitle: true,
    title: t("reviewTitleOf", { n: number }), // a match's deals: which one it is
    body: `<p class="review-summary">${summaryMarkup(review, names)}</p>
      <div class="review-columns"><ol class="review-list">${rows}</ol>
      <div class="review-position" aria-live="polite"><p>${escapeHtml(t("reviewPick"))}</p></div></div>`,
    buttons: [{ label: t("close"), value: true, primary: true }],
    cancelValue: true,
    setup(panel) {
      const position = /** @type {HTMLElement} */ (panel.querySelector(".review-position"));
      const columns = /** @type {HTMLElement} */ (panel.querySelector(".review-columns"));
      const turned = () => placePosition(position, columns);
      addEventListener("resize", turned);
      // Until this panel closes. The close of the panel before it comes late, this one open by then: the deal's result
      // stays open while its Review button waits for the review, and closes as this one opens.
      const stop = () => {
        if (dialog.open && panel.isConnected) return;
        removeEventListener("resize", turned);
        dialog.removeEventListener("close", stop);
      };
      dialog.addEventListener("close", stop);
      let asked = 0;
      const moveButtons = [.../** @type {NodeListOf<HTMLButtonElement>} */ (panel.querySelectorAll(".review-move"))];
      // The list of moves is walked with the arrows too (Tab walks it as well): each step shows its table.
      panel.querySelector(".review-list")?.addEventListener("keydown", (event) => {
        const step = MOVE_STEPS[/** @type {KeyboardEvent} */ (event).key] ?? 0;
        const at = moveButtons.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
        const next = step && at >= 0 ? moveButtons[at + step] : undefined;
        if (!next) return;
        event.preventDefault();
        next.focus();
        next.click();
      });
      for (const button of moveButtons) {
        button.addEventListener("click", async () => {
          const ask = ++asked;
          for (const other of moveButtons) other.removeAttribute("aria-current");
          button.setAttribute("aria-current", "step");
          position.setAttribute("aria-busy", "true");
          try {
            const shown = await positionAt(Number(button.dataset.ply));
            if (ask === asked) position.innerHTML = positionMarkup(shown, names, deck);
          } catch (error) {
            if (ask === asked) position.textContent = engineText(error, deck);
          } finally {
            if (ask === asked) {
              position.removeAttribute("aria-busy");
              showChosen(button, position, placePosition(position, columns));
            }
          }
        });
      }
    },
  });
}
