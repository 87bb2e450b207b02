/**
 * A finished deal's score of each player, told with where its points came from (docs/rules.md 6: the card points of
 * the tricks he won, his marriages that counted, the last trick's 10), and a marriage that did not count (announced,
 * then no trick won). A player who claims 66 by hand counts so himself: "51 points" beside the 31 his tricks hold
 * left him to guess that a marriage made the rest.
 */

import { suitName, t } from "./i18n.js";

/** @import { DealResult, Deck, PublicView } from "./types.js" */

/**
 * Why a won deal gave its winner its game points (docs/rules.md 6): the loser's score, 33 or more (1), under 33 (2),
 * or no trick won (3). The game page's result and the club's deal end say it in the same words.
 * @param {DealResult & {winner: 0 | 1}} result  a deal won, not by a false claim (whose sentence is the claim's)
 * @param {string[]} names  the players' names
 */
export function gamePointsReason(result, names) {
  const loser = 1 - result.winner;
  return t(`why${result.game_points}`, { name: names[loser], score: result.scores[loser] });
}

/**
 * One line per player: "Računar: 51 poen (5 štihova) = 31 u štihovima + 20 za marijaž". The parts are the engine's
 * numbers; the last trick's is what the score holds besides them. A score of card points alone is not taken apart.
 * @param {Pick<PublicView, "scores" | "tricks_won" | "card_points" | "marriage_points" | "marriages">} deal  a
 *   finished deal
 * @param {string[]} names  the players' names (their short forms, as the page's other score lines)
 * @param {Deck} deck  the deck style a suit is named in
 * @returns {string[]}
 */
export function scoreLines(deal, names, deck) {
  return [0, 1].map((player) => {
    const score = deal.scores[player];
    const cards = deal.card_points[player];
    const married = deal.marriage_points[player];
    const lastTrick = score - cards - married;
    const own = deal.marriages.filter((marriage) => marriage.player === player);
    let line = t("scoreOf", { name: names[player], score, tricks: deal.tricks_won[player] });
    if (married || lastTrick) {
      const parts = [t("scoreFromTricks", { points: cards })];
      // Two marriages are one part, each one's points beside it: "60 for the marriages (40 + 20)".
      const counted = own.filter((marriage) => marriage.counted).map((marriage) => marriage.points);
      const each = counted.length > 1 ? ` (${counted.join(" + ")})` : "";
      if (married) parts.push(`${t("scoreFromMarriages", { points: married, count: counted.length })}${each}`);
      if (lastTrick) parts.push(t("scoreFromLastTrick", { points: lastTrick }));
      line += ` = ${parts.join(" + ")}`;
    }
    for (const marriage of own.filter((each) => !each.counted)) {
      line += t("scoreMarriageLapsed", { suit: suitName(marriage.suit, deck), points: marriage.points });
    }
    return line;
  });
}
