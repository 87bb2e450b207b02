/**
 * Rule options the engine refuses fall back one by one: only the option it names (an InvalidRulesError's
 * `params.option`, otv66/rules.py) goes back to its default, the player's other choices stay.
 */

/**
 * `rules` without the refused option; every option (`{}`, the engine's defaults) when the refusal names none of them.
 * @param {Record<string, unknown>} rules
 * @param {unknown} option  the refused option's name, as the engine sent it
 * @returns {Record<string, unknown>}
 */
export function withoutRefusedOption(rules, option) {
  if (typeof option !== "string" || !Object.hasOwn(rules, option)) return {};
  const { [option]: _refused, ...kept } = rules;
  return kept;
}
