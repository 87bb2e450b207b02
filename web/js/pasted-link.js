/**
 * A link as a person pastes or opens it: copied from the end of a chat sentence, it often brings the sentence's
 * full stop, a closing bracket or quote with it ("…#challenge=c1.xxxx."). A token never ends in such a character
 * (base64url: letters, digits, `-` and `_`), so it is dropped rather than refused as a link that is not ours. Used
 * by the club page (its address's fragment, read with linkParams, and its standings' paste box, percentDecoded) and
 * the friend page (its address and its paste box); the game and replay pages read a deal's or a game's link with
 * linkParams and tokenIn (share.js linkInLocation), which the friend page's paste box opens there.
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

/**
 * `text` as it was before a trip through chat apps and mail, a link redirector (`?u=…%23result%3Dr1.…`) or an
 * address bar percent-encoded it, once or twice (`game%3Dg1.…`, `%253D`): a token never holds `%`.
 * @param {string} text
 */
export function percentDecoded(text) {
  let decoded = text;
  for (let round = 0; round < 3 && /%[0-9A-Fa-f]{2}/.test(decoded); round++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      break; // a lone `%` is no encoding: the token is read as it is (and refused if it is not one)
    }
  }
  return decoded;
}

/**
 * The parameters of a page address's fragment (`#game=g1.…&lang=en`) as it arrives after a trip through chat apps
 * and mail, percent-encoded or not (percentDecoded).
 * @param {string} hash  `location.hash`
 */
export function linkParams(hash) {
  return new URLSearchParams(percentDecoded(hash.replace(/^#/, "")));
}

/** A token's base64url characters: a piece of a token broken over lines ends in one and the next begins with one. */
const TOKEN_CHAR = /[\w-]/;

/**
 * A share link's token as a fragment's value brings it (the engine then reads it and refuses a damaged one). What a
 * trip through chats and mail adds is taken off: a query an app put after the fragment (`?utm_source=…`), a space
 * or a line break where a mail client broke a long line (the token's pieces are joined again), the punctuation of
 * the sentence it ended (trimLinkEnd). Whatever follows a space after the sentence's punctuation is no part of it.
 * @param {string} value
 */
export function tokenIn(value) {
  const [first = "", ...rest] = value.split(/[?#]/, 1)[0].trim().split(/\s+/);
  let token = first;
  for (const piece of rest) {
    if (!TOKEN_CHAR.test(token.at(-1) ?? "") || !TOKEN_CHAR.test(piece[0])) break;
    token += piece;
  }
  return trimLinkEnd(token);
}
