/**
 * A link as a person pastes or opens it: copied from the end of a chat sentence, it often brings the sentence's
 * full stop, a closing bracket or quote with it ("…#challenge=c1.xxxx."). A token never ends in such a character
 * (base64url: letters, digits, `-` and `_`), so it is dropped rather than refused as a link that is not ours. Used
 * by the club page (its address's fragment) and the friend page (its address and its paste box).
 */

/** The punctuation a sentence may put right after a link: never the last character of a token. */
const TRAILING = new Set(".,;:!?)]}>»«\"'”“’‘…");

/**
 * `text` (a link, a token, or a fragment's decoded value) without the whitespace and punctuation after its end.
 * @param {string} text
 */
export function trimLinkEnd(text) {
  let end = text.length;
  while (end > 0 && (TRAILING.has(text[end - 1]) || /\s/.test(text[end - 1]))) end--;
  return text.slice(0, end);
}
