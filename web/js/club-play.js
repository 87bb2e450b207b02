/**
 * Playing a club challenge (club.html#challenge=c1.…): a display name, then the deals against the computer at the
 * challenge's level, no hint and no undo. Every move is kept on this device after it is made (club-model.js), so a
 * reload resumes; a finished attempt shows its result link again instead of a second attempt. That is a limit of
 * this device only, and the page says so. At the end an embedded page posts `challenge-finished` (embed.js).
 */

import { byId, clubCall, inputById } from "./club-call.js";
import { clubUrl, readAttempt, saveAttempt } from "./club-model.js";
import { deviceStorage } from "./device-storage.js";
import { challengeFinished } from "./embed.js";
import { cardName, t } from "./i18n.js";

/** @import { Engine } from "./engine.js" */
/** @import { Attempt, ChallengeInfo } from "./club-types.js" */

/**
 * A move's label: its card, "+ marriage" for a marriage lead, or the claim of 66.
 * @param {string} move
 */
function moveLabel(move) {
  if (move === "66") return t("clubClaim");
  const card = cardName(move.slice(0, 2), "french");
  return move.endsWith("m") ? t("clubMarriage", { card }) : card;
}

/**
 * Play the challenge `token` (already opened: `challenge`).
 * @param {Engine} engine
 * @param {string} token
 * @param {ChallengeInfo} challenge
 * @param {(status: string, text: string) => void} setStatus
 */
export async function playChallenge(engine, token, challenge, setStatus) {
  byId("club-play").hidden = false;
  byId("club-challenge-name").textContent = challenge.name;
  byId("club-challenge-info").textContent = t("clubInfo", {
    deals: challenge.deals,
    level: t(`level_${challenge.level}`),
    closes: challenge.closes,
  });
  const saved = readAttempt(token, deviceStorage());
  if (saved?.result) return showFinished(saved.result, null);
  if (saved) {
    const attempt = await clubCall(engine, "challenge_start", { token, name: saved.name, moves: saved.moves });
    return continueAttempt(engine, token, attempt, setStatus);
  }
  const form = /** @type {HTMLFormElement} */ (byId("club-start"));
  form.hidden = false;
  setStatus("ready", t("clubEnterName"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const attempt = await clubCall(engine, "challenge_start", { token, name: inputById("club-member").value.trim() });
      form.hidden = true;
      await continueAttempt(engine, token, attempt, setStatus);
    } catch (error) {
      setStatus("error", /** @type {Error} */ (error).message);
    }
  });
}

/**
 * Show `attempt` and go on from it: deal the next deal, or wait for the member's move.
 * @param {Engine} engine
 * @param {string} token
 * @param {Attempt} attempt
 * @param {(status: string, text: string) => void} setStatus
 */
async function continueAttempt(engine, token, attempt, setStatus) {
  saveAttempt(token, { name: attempt.name, moves: attempt.moves, result: null }, deviceStorage());
  if (attempt.finished) {
    const result = (await clubCall(engine, "challenge_result")).token;
    saveAttempt(token, { name: attempt.name, moves: attempt.moves, result }, deviceStorage());
    return showFinished(result, attempt);
  }
  if (attempt.number === 0) attempt = (await clubCall(engine, "challenge_next_deal")).attempt;
  drawBoard(attempt, setStatus);
  const moves = byId("club-moves");
  const next = /** @type {HTMLButtonElement} */ (byId("club-next-deal"));
  const act = async (/** @type {() => Promise<{attempt: Attempt}>} */ request) => {
    moves.replaceChildren();
    next.hidden = true;
    try {
      const answer = await request();
      await continueAttempt(engine, token, answer.attempt, setStatus);
    } catch (error) {
      setStatus("error", /** @type {Error} */ (error).message);
    }
  };
  next.onclick = () => act(() => clubCall(engine, "challenge_next_deal"));
  for (const move of attempt.legal_moves) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.card = move;
    button.textContent = moveLabel(move);
    button.onclick = () => act(() => clubCall(engine, "challenge_play", { move }));
    moves.append(button);
  }
}

/**
 * The deal as text: its number, trump, scores, the computer's face-up cards and the trick on the table.
 * @param {Attempt} attempt
 * @param {(status: string, text: string) => void} setStatus
 */
function drawBoard(attempt, setStatus) {
  byId("club-board").hidden = false;
  const deal = attempt.deal;
  if (!deal) return;
  byId("club-deal-info").textContent = t("clubDealInfo", {
    number: attempt.number,
    deals: attempt.deals,
    trump: cardName(deal.trump_card, "french"),
  });
  byId("club-scores").textContent = t("clubScores", { you: deal.scores[0], computer: deal.scores[1] });
  const tops = deal.piles[1].flatMap((pile) => (pile.top ? [cardName(pile.top, "french")] : []));
  byId("club-opponent").textContent = t("clubOpponentCards", { cards: tops.join(", ") });
  const trick = deal.trick.map((played) => cardName(played.card, "french")).join(", ");
  byId("club-trick").textContent = trick ? t("clubOnTable", { cards: trick }) : "";
  const over = deal.result !== null;
  /** @type {HTMLButtonElement} */ (byId("club-next-deal")).hidden = !over;
  if (over) {
    const score = attempt.scores[attempt.scores.length - 1];
    setStatus("deal-over", t(score.won ? "clubDealWon" : "clubDealLost", { points: score.game_points }));
  } else {
    setStatus("your-turn", t("clubYourMove"));
  }
}

/**
 * The end: the result link to send to the organiser (and to the host page when embedded).
 * @param {string} result
 * @param {Attempt | null} attempt  null when the attempt was finished on an earlier visit
 */
function showFinished(result, attempt) {
  byId("club-board").hidden = true;
  byId("club-finished").hidden = false;
  const url = clubUrl("result", result, location.href);
  inputById("club-result-link").value = url;
  /** @type {HTMLAnchorElement} */ (byId("club-to-standings")).href = url;
  byId("club-final").textContent = attempt
    ? t("clubFinal", { points: attempt.totals.game_points, won: attempt.totals.deals_won })
    : t("clubAlreadyPlayed");
  document.getElementById("status")?.setAttribute("data-status", "finished");
  const embedded = new URLSearchParams(location.search).get("embed") === "1";
  if (attempt && embedded && window.parent !== window) window.parent.postMessage(challengeFinished(url), "*");
}
