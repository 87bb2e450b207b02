/**
 * The invitation's two forms on friend.html: the player who invites chooses the rules (the same fields as the main
 * game's Settings: rule-fields.js) and his name; the friend who opens the invitation reads those rules before he
 * sends his answer. The engine makes and checks everything; these forms only ask and show.
 */

import { t } from "./i18n.js";
import { readRules, ruleFields, rulesSummary } from "./rule-fields.js";

/** @import { Rules } from "./types.js" */

/** An element of friend.html. */
function byId(/** @type {string} */ id) {
  return /** @type {HTMLElement} */ (document.getElementById(id));
}

/**
 * Fill the invitation form's rule fields with `rules` (the player's own Settings at first).
 * @param {Rules} rules
 */
export function showRuleFields(rules) {
  byId("friend-rules").innerHTML = `<legend>${t("matchRules")}</legend>${ruleFields(rules)}`;
}

/**
 * Whether the invitation allows resigning a deal (option forfeit, docs/rules.md 6.5).
 * @returns {boolean}
 */
export function chosenForfeit() {
  return /** @type {HTMLInputElement} */ (byId("friend-forfeit")).checked;
}

/**
 * The rules chosen in the invitation form (`fallback`'s target when the target field holds no whole number).
 * @param {Rules} fallback
 * @returns {Rules}
 */
export function chosenRules(fallback) {
  return readRules(/** @type {HTMLFormElement} */ (byId("friend-new")), fallback);
}

/**
 * Show the rules of an invitation in `list` (one item per rule, the forfeit option last).
 * @param {HTMLElement} list
 * @param {Rules} rules
 * @param {boolean} forfeit
 */
export function showRules(list, rules, forfeit) {
  const lines = [...rulesSummary(rules), `${t("friendForfeit")}: ${t(forfeit ? "ruleOn" : "ruleOff")}`];
  list.replaceChildren(
    ...lines.map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }),
  );
}
