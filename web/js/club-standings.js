/**
 * A challenge's standings (club.html#result=r1.…, #challenge=c1.…&view=standings, #standings=s1.…): result links
 * pasted or opened, each re-played in the engine deal by deal with the progress shown, then ranked (the tie-break
 * the engine states). A refused result is listed with the reason. The table exports as CSV and as a standings link,
 * which reopens it read-only (every result in it verified again) and embeds on a club's site.
 */

import { byId, clubCall, inputById } from "./club-call.js";
import { clubUrl, dealComparison, resultTokensIn } from "./club-model.js";
import { t } from "./i18n.js";

/** @import { Engine } from "./engine.js" */
/** @import { ChallengeInfo, Standings } from "./club-types.js" */

/**
 * Open the standings view.
 * @param {Engine} engine
 * @param {{challenge: string | null, results: string[], standings: string | null}} start  the challenge token and
 *   results to start from, or a standings token (read-only)
 * @param {(status: string, text: string) => void} setStatus
 */
export async function openStandings(engine, start, setStatus) {
  byId("club-standings").hidden = false;
  if (start.standings) {
    byId("club-paste").hidden = true;
    setStatus("verifying", t("clubVerifying"));
    try {
      const table = await clubCall(engine, "standings_open", { token: start.standings });
      return showTable(table, setStatus);
    } catch (error) {
      return setStatus("error", /** @type {Error} */ (error).message);
    }
  }
  /** @type {{challenge: string | null, accepted: string[]}} */
  const kept = { challenge: start.challenge, accepted: [] };
  const verifyAll = async (/** @type {string[]} */ tokens) => {
    byId("club-refused").replaceChildren();
    for (const [index, token] of tokens.entries()) {
      if (kept.accepted.includes(token)) continue;
      await verifyOne(engine, token, index + 1, tokens.length, kept);
    }
    if (!kept.challenge) return setStatus("ready", t("clubPasteResults"));
    try {
      const table = await clubCall(engine, "standings", { challenge: kept.challenge, results: kept.accepted });
      showTable(table, setStatus);
    } catch (error) {
      setStatus("error", /** @type {Error} */ (error).message);
    }
  };
  byId("club-verify").onclick = () => verifyAll(resultTokensIn(inputById("club-results").value));
  inputById("club-results").value = start.results.join("\n");
  await verifyAll(start.results);
}

/**
 * Re-play one result deal by deal (progress shown); keep it if it proves itself and belongs to the challenge.
 * @param {Engine} engine
 * @param {string} token
 * @param {number} position  1-based among the results being checked
 * @param {number} count
 * @param {{challenge: string | null, accepted: string[]}} kept
 */
async function verifyOne(engine, token, position, count, kept) {
  const progress = byId("club-progress");
  try {
    const whole = await clubCall(engine, "result_check", { token });
    const deals = whole.challenge.deals;
    for (let deal = 1; deal <= deals; deal++) {
      progress.textContent = t("clubProgress", { position, count, deal, deals });
      await clubCall(engine, "result_check", { token, deal });
    }
    kept.challenge ??= (await clubCall(engine, "challenge_open", { token: challengeTokenOf(whole.challenge) }))
      .challenge.name
      ? challengeTokenOf(whole.challenge)
      : null;
    kept.accepted.push(token);
  } catch (error) {
    const item = document.createElement("li");
    item.textContent = t("clubRefused", { position, reason: /** @type {Error} */ (error).message });
    byId("club-refused").append(item);
  }
}
