/**
 * What a player pasted into the friend page's box (friend.html): a friend's link, or else what the page can say about
 * the text instead of "this link cannot be read": that it is empty, holds no link, or holds a link of another page
 * of this site (a club's, a deal's, a game's), which the page offers to open.
 *
 * A link copied from the end of a chat sentence comes with the sentence's punctuation; it is no part of the link
 * (pasted-link.js).
 */

import { percentDecoded, tokenIn, trimLinkEnd } from "./pasted-link.js";

/**
 * A friend's message (otv66/friend/links.py PREFIX, then base64url), alone or at the end of a page address. Of any
 * link version: one of a newer version than this page's is the engine's to refuse as such ("reload the page").
 */
const FRIEND_TOKEN = /(?<![\w-])f[0-9]{1,3}\.[\w-]+/;

/**
 * The friend's link in `text` (a page address, its fragment, a sentence), without what follows it, or null.
 * @param {string} text
 */
export function friendLinkIn(text) {
  return text.match(FRIEND_TOKEN)?.[0] ?? null;
}

/**
 * The friend's link a page address's fragment (`location.hash`) begins with, without what follows it, or null: a
 * fragment that only holds one further on (`#deal=…f1.x`) is another page's.
 * @param {string} fragment
 */
export function friendLinkInFragment(fragment) {
  const link = friendLinkIn(fragment);
  return link !== null && fragment.startsWith(`#${link}`) ? link : null;
}

/** A link of one of the site's other pages: the key its fragment begins with, then the rest of the fragment. */
const SITE_FRAGMENT = /#((challenge|result|standings|deal|game)=\S*)/;

/** The page each of those links opens, by that key. */
const PAGES = {
  challenge: "club.html",
  result: "club.html",
  standings: "club.html",
  deal: "index.html",
  game: "replay.html",
};

/** Something a player would take for a link (an address, a fragment, a page): not plain words. */
const LINK_LIKE = /:\/\/|#|www\.|\.html/i;

/**
 * What is left of a friend's link cut short (this page's address, its fragment begun): the engine says it was cut.
 * Any other address is no link of a friend match at all, and "copy the whole link" would be the wrong advice.
 */
const FRIEND_PAGE = /friend\.html|#f\d*\.?$/i;

/**
 * @typedef {"challenge" | "result" | "standings" | "deal" | "game"} SiteLinkKind
 * @typedef {{kind: "empty"} | {kind: "none"} | {kind: "foreign"} | {kind: "friend", link: string, joined?: string}
 *   | {kind: SiteLinkKind, address: string}} PastedLink
 */

/**
 * The link of another page of this site in `text`: which one (the key its fragment begins with) and its fragment
 * without the `#` and the sentence's punctuation after it; or null. The club's standings name such a link pasted
 * among its results.
 * @param {string} text
 * @returns {{kind: SiteLinkKind, fragment: string} | null}
 */
export function siteLinkIn(text) {
  const site = text.match(SITE_FRAGMENT);
  return site ? { kind: /** @type {SiteLinkKind} */ (site[2]), fragment: trimLinkEnd(site[1]) } : null;
}

/**
 * What a player pasted into the friend page's box: nothing (`empty`), words with no link (`none`), a link of another
 * page of this site (its `address` on this site, built from its fragment alone: whatever site the text named, only
 * this one is offered), an address that is no friend's link (`foreign`), or a friend's link for the engine to read
 * (`friend`: its token where the text holds one, else the whole text, a link cut short the engine will refuse with
 * its reason).
 * @param {string} text
 * @param {string} base  the page's address (the site's other pages lie beside it)
 * @returns {PastedLink}
 */
export function readPaste(text, base) {
  // A link whose `#` came percent-encoded (`friend.html%23f1.…`, from a mail's link checker) is read as one.
  const cleaned = trimLinkEnd(percentDecoded(text)).trim();
  if (!cleaned) return { kind: "empty" };
  const friend = friendLinkIn(cleaned);
  if (friend) {
    // A mail or chat app may break a long link over lines: its pieces joined again are offered too (the page takes
    // them where the engine reads them as a link, else the link as it stands, words after it no part of it).
    const joined = tokenIn(cleaned.slice(cleaned.indexOf(friend)));
    return joined === friend ? { kind: "friend", link: friend } : { kind: "friend", link: friend, joined };
  }
  const site = siteLinkIn(cleaned);
  if (site) return { kind: site.kind, address: new URL(`${PAGES[site.kind]}#${site.fragment}`, base).href };
  if (!LINK_LIKE.test(cleaned)) return { kind: "none" };
  return FRIEND_PAGE.test(cleaned) ? { kind: "friend", link: cleaned } : { kind: "foreign" };
}
