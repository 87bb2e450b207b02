/**
 * The invitation's two forms on friend.html: the player who invites chooses the rules (the same fields as the main
 * game's Settings: rule-fields.js) and his name; the friend who opens the invitation reads those rules before he
 * sends his answer with his name. The engine makes and checks everything; these forms only ask and show, and say at
 * a name field left empty that a name is needed (the engine would refuse the match, a sentence far from the field).
 */

import { byId } from "./dom.js";
import { refuseField, sayAtField } from "./field-note.js";
import { t } from "./i18n.js";
import { checkTarget, readRules, ruleFields, rulesSummary } from "./rule-fields.js";

/** @import { Rules } from "./types.js" */

/**
 * Fill the invitation form's rule fields with `rules` (the player's own Settings at first).
 * @param {Rules} rules
 */
export function showRuleFields(rules) {
  byId("friend-rules").innerHTML = `<legend>${t("matchRules")}</legend>${ruleFields(rules)}`;
}

/**
 * Fill the whole invitation form: the player's `name`, the `rules` and the forfeit option (a rematch: those of the
 * match just finished, not the ones the form held).
 * @param {string} name
 * @param {Rules} rules
 * @param {boolean} forfeit
 */
export function fillInvitation(name, rules, forfeit) {
  /** @type {HTMLInputElement} */ (byId("friend-name")).value = name;
  showRuleFields(rules);
  /** @type {HTMLInputElement} */ (byId("friend-forfeit")).checked = forfeit;
}

/**
 * Whether the invitation's rules can be sent: a match length the engine takes (else the field's note says so; with
 * `focus`, on sending, the field gets the focus).
 * @param {boolean} [focus]
 * @returns {boolean}
 */
export function checkRules(focus = false) {
  return checkTarget(/** @type {HTMLFormElement} */ (byId("friend-new")), focus);
}

/**
 * Whether the invitation allows resigning a deal (option forfeit, docs/rules.md 6.5).
 * @returns {boolean}
 */
export function chosenForfeit() {
  return /** @type {HTMLInputElement} */ (byId("friend-forfeit")).checked;
}

/**
 * The rules chosen in the invitation form (`fallback`'s target when the target field holds no match length the
 * engine takes).
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

/**
 * The name typed in the name field `input`, trimmed; or null where none is (spaces are none): the field then says
 * under it that a name is needed and why (`reason`, a text key: who sees the name), in sight, and takes the focus,
 * and nothing goes to the engine.
 * @param {HTMLInputElement} input
 * @param {string} reason
 * @returns {string | null}
 */
export function typedName(input, reason) {
  const name = input.value.trim();
  if (name) sayAtField(input, "");
  else refuseField(input, t(reason));
  return name || null;
}

/**
 * A name field's note goes once the player types in it.
 * @param {HTMLInputElement} input
 */
export function wireNameField(input) {
  input.addEventListener("input", () => sayAtField(input, ""));
}
