/**
 * A form's step taken once for a press: pressed again while that step is under way (a double click, an impatient
 * second tap), the control does nothing. A double click on the friend page's Invite made two invitations, and on the
 * club page's Create two challenges (the second said to be "another", its links not the ones being sent).
 */

/** The controls whose step is under way, by name. */
const underWay = new Set();

/**
 * Take `step` for a press of the control named `control`, unless its step is under way; resolves when it is done.
 * @param {string} control
 * @param {() => Promise<unknown> | unknown} step
 * @returns {Promise<void>}
 */
export async function onePress(control, step) {
  if (underWay.has(control)) return;
  underWay.add(control);
  try {
    await step();
  } finally {
    underWay.delete(control);
  }
}

/**
 * Whether the step of a press of the control named `control` is under way (its answer still to come).
 * @param {string} control
 * @returns {boolean}
 */
export function isUnderWay(control) {
  return underWay.has(control);
}
