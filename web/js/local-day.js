/**
 * The day on this device's clock, as the pages name days: a club challenge's closing date is checked against it, and a
 * record file is named by it. There is no other clock without a server, and the club page says so.
 */

/**
 * The day of `now` on this device's clock, `YYYY-MM-DD` in its own time zone (such days compare as text).
 * @param {Date} [now]
 */
export function localDay(now = new Date()) {
  const two = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}
