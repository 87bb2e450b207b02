/**
 * What the post-deal review says in numbers: per player, the expected game points his moves lost and how many
 * were marked, and the summary line that says it; per move, whether it led a marriage. The ratings themselves are
 * the engine's (otv66/ai/review.py).
 */

import { decimal, t } from "./i18n.js";

/** @import { Move, Review, ReviewMove } from "./types.js" */

/**
 * One player's review in numbers.
 * @typedef {object} PlayerSummary
 * @property {number} lost  the expected game points his moves lost, in all
 * @property {number} marked  his moves the engine marked (inaccuracy, mistake or blunder)
 * @property {number} worst  the largest loss of one move
 */

/**
 * Both players' summaries, `[player 0, player 1]`.
 * @param {Review} review
 * @returns {[PlayerSummary, PlayerSummary]}
 */
export function summarise(review) {
  /** @type {[PlayerSummary, PlayerSummary]} */
  const sums = [
    { lost: 0, marked: 0, worst: 0 },
    { lost: 0, marked: 0, worst: 0 },
  ];
  for (const move of review.moves ?? []) {
    const sum = sums[move.player];
    sum.lost += move.loss;
    sum.worst = Math.max(sum.worst, move.loss);
    if (move.mark) sum.marked += 1;
  }
  return sums;
}

/**
 * Each player's line of the review's summary, `[player 0, player 1]`. The sum of his moves' losses is no score: it
 * is the engine's estimate of how far his choices fell short of the best play, in the deal's expected game points
 * ("Vi: 2 označena poteza; u zbiru oko 0,35 poena partije ispod najbolje igre"; read as "izgubljeno 0,35 poena
 * partije" it looked like what the deal cost him). Nothing lost to two decimals is said in words, not as "oko 0,00";
 * small losses with no move marked are called small, not "0 označenih poteza".
 * @param {Review} review
 * @param {string[]} names
 */
export function summaryLines(review, names) {
  return summarise(review).map((sum, player) => {
    const name = names[player];
    if (decimal(sum.lost, 2) === decimal(0, 2)) return t("reviewPlayerClean", { name });
    // Losses each below the engine's first mark: "0 marked moves" beside a move rated "−0,14" read as a contradiction.
    if (sum.marked === 0) return t("reviewPlayerSmall", { name, lost: decimal(sum.lost, 2) });
    return t("reviewPlayerSummary", { name, lost: decimal(sum.lost, 2), marked: sum.marked });
  });
}

/** Whether `move` leads a king or queen announcing a marriage ("KHm"). */
export function isMarriageLead(/** @type {Move} */ move) {
  return move.length === 3 && move.endsWith("m");
}

/** Whether the engine rated `move` (it skips forced moves: no loss to show; a claim of 66 is rated). */
export function wasRated(/** @type {ReviewMove} */ move) {
  return typeof move.value === "number";
}

/** A loss as the review writes it: "−0,42" (a true minus sign; "−0.42" in English), "0,00" for none. */
export function lossText(/** @type {number} */ loss) {
  return loss > 0.005 ? `\u2212${decimal(loss, 2)}` : decimal(0, 2);
}
