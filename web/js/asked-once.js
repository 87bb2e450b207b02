/**
 * Answers the engine gives once in a page's visit: asked again, the same answer comes back (a review's searches are
 * timed, and a second search would rate the same moves with other numbers; a list of a deal's moves is a round trip
 * to the worker). One that failed is asked again at the next look: its failure was told where it was asked for.
 */

/**
 * `ask`, asked once for each key (`keyOf` its argument: the argument itself by default).
 * @template A
 * @template V
 * @param {(arg: A) => Promise<V>} ask
 * @param {(arg: A) => unknown} [keyOf]
 * @returns {(arg: A) => Promise<V>}
 */
export function askedOnce(ask, keyOf = (arg) => arg) {
  /** @type {Map<unknown, Promise<V>>} */
  const kept = new Map();
  return (arg) => {
    const key = keyOf(arg);
    let answer = kept.get(key);
    if (!answer) {
      answer = ask(arg);
      kept.set(key, answer);
      answer.catch(() => kept.delete(key));
    }
    return answer;
  };
}
