/**
 * Rematches on the friend page, from the matches kept on this device (friend-store.js): the match a finished one's
 * rematch goes on in, and what an invitation from the friend of a rematch meets here.
 *
 * Both players may press Rematch and send each other an invitation: they cross. Each page, opening the friend's
 * invitation while its own waits unanswered, decides the same way which one is played: the one whose match id sorts
 * first (ids are random; both pages know both). The page whose invitation loses accepts the friend's and withdraws
 * its own; the other keeps its own, and its player waits for the answer. Either order of opening ends in one match,
 * with nothing sent but the two invitations and an answer.
 */

import { unanswered } from "./friend-store.js";

/** @import { StoredMatch } from "./friend-store.js" */

/**
 * A rematch kept here that still goes on (not over, not withdrawn): a match of `matches` that `test` picks out, the
 * newest first.
 * @param {StoredMatch[]} matches  newest first (friend-store.js `storedMatches`)
 * @param {(rematch: NonNullable<StoredMatch["rematch"]>) => boolean} test
 * @returns {StoredMatch | null}
 */
function goingOn(matches, test) {
  return (
    matches.find(
      ({ rematch, state, withdrawn }) => rematch && test(rematch) && !withdrawn && state.status !== "over",
    ) ?? null
  );
}

/**
 * The match a rematch of the finished match `id` goes on in (the invitation made for it, or the friend's accepted in
 * its place), or null: pressing Rematch again shows it rather than making a second invitation.
 * @param {string} id
 * @param {StoredMatch[]} matches  newest first
 */
export function rematchOf(id, matches) {
  return goingOn(matches, (rematch) => rematch.of === id);
}

/**
 * What an invitation from `name` (its match `incoming`) crosses here: this player's own rematch invitation to him,
 * unanswered (`accept` the friend's: it is the one played, and the own one is withdrawn; `keep` the own one: the
 * friend's page will accept it), or a rematch with him already being played (`playing`: the friend's invitation came
 * late). Null when it crosses nothing: an invitation as any other.
 * @param {string} name
 * @param {string} incoming  the invitation's match id
 * @param {StoredMatch[]} matches  newest first
 * @returns {{kind: "accept" | "keep" | "playing", match: StoredMatch} | null}
 */
export function crossing(name, incoming, matches) {
  const match = goingOn(matches, (rematch) => rematch.friend === name);
  if (!match) return null;
  if (!unanswered(match.state)) return { kind: "playing", match };
  return { kind: incoming < match.state.id ? "accept" : "keep", match };
}

/**
 * The newest match kept here against `friend` (one finished, or under way), or undefined.
 * @param {string} friend
 * @param {StoredMatch[]} matches  newest first
 */
function newestWith(friend, matches) {
  return matches.find(({ state }) => state.players[1 - state.seat] === friend);
}

/**
 * The name this player went by in the newest match kept here against `friend` (one finished, or under way), or null
 * where there is none: his answer to that friend's invitation (a rematch's, most often) is filled in with it.
 * @param {string} friend
 * @param {StoredMatch[]} matches  newest first
 * @returns {string | null}
 */
export function ownNameWith(friend, matches) {
  const played = newestWith(friend, matches);
  return played?.state.players[played.state.seat] ?? null;
}

/**
 * What an invitation from `friend`, accepted here, is a rematch of: the newest match kept here against him (finished,
 * or waiting for its last link), or undefined where there is none. Kept with the match accepted, so that Rematch
 * pressed on that match later shows this one rather than making a second invitation: the friends played two matches,
 * and an invitation of his withdrawn for the second was answered all the same.
 * @param {string} friend
 * @param {StoredMatch[]} matches  newest first, the accepted match not among them yet
 * @returns {import("./friend-store.js").Rematch | undefined}
 */
export function acceptedRematch(friend, matches) {
  const earlier = newestWith(friend, matches);
  return earlier ? { of: earlier.state.id, friend } : undefined;
}
