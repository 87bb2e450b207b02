/**
 * The page's state in one place: the engine's last answer (`game`, the bridge state: match, deal, phase, seats)
 * plus what only the page knows (what is being shown, whether a move is in progress).
 *
 * Every change goes through `store.update(change)`, which hands the state to `change` and then redraws
 * (chessground's pattern): no module assigns a field anywhere else, and the table never shows a state it
 * was not redrawn from. The selectors below derive what the table is drawn from; the rules and the flow of
 * the match are the engine's (otv66/table.py), not the page's.
 */

import { capitalized, t } from "./i18n.js";
import { playedText, trickTakerText } from "./panels.js";
import { seatNames } from "./player-names.js";

/** @import { Card, PacketRule, Player, PlayingState, Rules, Settings, TableView, TrickCard } from "./types.js" */

/**
 * @typedef {object} PageState
 * @property {PlayingState | null} game the bridge state after the engine's last answer
 * @property {Settings} settings settings in force (saved ones with the URL's overrides, settings.js)
 * @property {number | null} seed fixes the match's shuffles and the computer's choices (`?seed=`)
 * @property {{list: string[], default: string | null}} levels the engine's computer levels
 * @property {PacketRule} packetRule the engine's packet rule (sizes none and total 0 until the engine is loaded)
 * @property {string | null} recordFormat the engine's record format, e.g. "otv66-record/1"
 * @property {boolean} reviewAvailable whether the engine can review a deal
 * @property {boolean} busy a move, a deal or loading is in progress: no card can be played
 * @property {Card | null} hint the card the hint points at
 * @property {boolean} awaitingEngine the table was drawn before the engine had the match, which it has not yet: a card
 *   chosen on it is held (match-flow.js `waitForEngine`), nothing else on the table acts
 * @property {string | null} heldMove a move chosen on that table, played once the engine has the match
 * @property {TrickCard[] | null} shownTrick a finished trick still shown on the table
 * @property {import("./page-types.js").TrickCounts | null} beforeTrick the seats' counts before it (table-motion.js)
 * @property {Set<string> | null} undealt piles ("player:pile") whose face-up card the deal animation has not brought
 * @property {Set<string> | null} undealtUnder piles whose face-down card it has not brought yet
 * @property {number | null} shownResultFor number of the deal whose result panel was closed
 * @property {boolean} dealResultOpen
 * @property {boolean} claimOfferOpen a person is asked whether he claims 66 after his marriage lead (match-flow.js)
 * @property {boolean} noticeOpen the page's notices are shown, and the match waits until they are closed (match-flow.js)
 * @property {boolean} dealAside the player put the finished deal's result aside to look at the table (match-flow.js)
 * @property {boolean} dealingAside the person to deal put the dealing panel aside (for the menu, the table): the
 *   table's Deal button opens it again (match-flow.js). Not saved: a reload opens the panel, as any turn to deal does
 * @property {boolean} elsewhere another tab took the match: this one shows it idle until "Play here" (app.js)
 * @property {boolean} historyAdded the finished match is in the history
 * @property {string[]} levelsPlayed the levels the computer has made a move at in the match in play (kept in its
 *   save): History credits the match to the weakest of them (history-stats.js `creditedLevel`)
 * @property {number[] | null} packetsChosen the packets a person has chosen in the dealing panel and not dealt yet
 *   (kept in the match's save: after a reload the panel opens with them)
 * @property {string[]} notices what to tell the player once the table is ready (a save or the settings that did not
 *   read, a rule refused), each said once
 * @property {string | null} moveNote a line on the move to make, on the status line until the next move: why the card
 *   just tapped may not be played, or the hint
 * @property {string | null} pageNote what the page or the table has just done (the settings saved, a saved match
 *   resumed, a marriage announced), on the status line until the next move, followed by whose turn it is: it says
 *   nothing of the move to make
 */

/** @template S */
export class Store {
  /**
   * @param {S} state the first state
   * @param {(state: S) => void} redraw called after every change
   */
  constructor(state, redraw) {
    /** @private */
    this.current = state;
    /** @private */
    this.redraw = redraw;
  }

  /** The state now (read it; change it only through `update`). */
  get state() {
    return this.current;
  }

  /**
   * Change the state and redraw.
   * @param {(state: S) => void} change mutates the state it is given
   */
  update(change) {
    change(this.current);
    this.redraw(this.current);
  }
}

/**
 * A fresh page state for these settings.
 * @param {Settings} settings
 * @param {number | null} seed
 * @returns {PageState}
 */
export function createPageState(settings, seed) {
  return {
    game: null,
    settings,
    seed,
    levels: { list: [], default: null },
    packetRule: { sizes: [], total: 0 },
    recordFormat: null,
    reviewAvailable: false,
    busy: true,
    hint: null,
    awaitingEngine: false,
    heldMove: null,
    shownTrick: null,
    beforeTrick: null,
    undealt: null,
    undealtUnder: null,
    shownResultFor: null,
    dealResultOpen: false,
    claimOfferOpen: false,
    noticeOpen: false,
    dealAside: false,
    dealingAside: false,
    elsewhere: false,
    historyAdded: false,
    levelsPlayed: [],
    packetsChosen: null,
    notices: [],
    moveNote: null,
    pageNote: null,
  };
}

/**
 * Tell the player `text` once the table is ready, after what was to be told before it (the settings that did not
 * read, then a save that did not resume: neither replaces the other); the same text is told once.
 * @param {PageState} page
 * @param {string} text
 */
export function addNotice(page, text) {
  if (!page.notices.includes(text)) page.notices = [...page.notices, text];
}

/**
 * Who sits opposite: the match's seats once there is a match, else the settings.
 * @param {PageState} page
 * @returns {"computer" | "human"}
 */
export function opponentOf(page) {
  const seats = page.game?.seats;
  if (seats) return seats[1].human ? "human" : "computer";
  return page.settings.opponent === "human" ? "human" : "computer";
}

/**
 * The computer's level in the match (or the one a new match would get).
 * @param {PageState} page
 * @returns {string | null}
 */
export function levelOf(page) {
  return page.game?.seats?.[1].level ?? page.settings.level ?? page.levels.default;
}

/**
 * The rules on the table: the match's once there is a match, else the ones a new match would get (the settings).
 * @param {PageState} page
 * @returns {Rules}
 */
export function rulesOf(page) {
  return page.game?.match.rules ?? page.settings.rules;
}

/**
 * Which players are people.
 * @param {PageState} page
 * @returns {boolean[]}
 */
export function humansOf(page) {
  const seats = page.game?.seats;
  if (seats) return seats.map((seat) => seat.human);
  return opponentOf(page) === "human" ? [true, true] : [true, false];
}

/**
 * The seat of the person at the screen whom the page calls "Vi"/"You" and speaks to ("Dobili ste deljenje"): the
 * person's against the computer (seat 0, named `t("you")` by namesOf), none when two people share the screen.
 * @param {PageState} page
 * @returns {Player | null}
 */
export function youOf(page) {
  return opponentOf(page) === "human" ? null : 0;
}

/**
 * Who deals, as the status line says it: "Vi delite" / "You deal" to the person playing the computer (his name
 * there is "Vi" / "You": "Deli: Vi", "You deals" would be wrong), "Deli: Računar" / "Ana deals" otherwise.
 * @param {PageState} page
 * @param {number} dealer  the dealer's seat
 */
export function dealerText(page, dealer) {
  return dealer === youOf(page) ? t("dealTitle") : t("statusDealing", { name: namesOf(page)[dealer] });
}

/**
 * The players' names on screen, in the current language (the record's names are the engine's).
 * @param {PageState} page
 * @returns {string[]}
 */
export function namesOf(page) {
  return seatNames(opponentOf(page), levelOf(page));
}

/**
 * The players' names where room is short (the top bar's score, the review's move list): the computer without its
 * level ("Računar", where namesOf says "Računar (ekspert)").
 * @param {PageState} page
 * @returns {string[]}
 */
export function shortNamesOf(page) {
  return seatNames(opponentOf(page), null);
}

/**
 * What the table draws: the engine's state, but between two deals, once the finished deal's result was read (its
 * panel closed, not put aside to look at the table), without that deal: the next deal is dealt onto an empty table,
 * not over the last one. Until then the deal stays, the move that ended it in sight (a marriage lead that reached 66).
 * @param {PageState} page
 * @returns {PlayingState | null}
 */
export function drawnOf(page) {
  const game = page.game;
  const read = page.shownResultFor === game?.deal?.number && !page.dealResultOpen && !page.dealAside;
  if (!game?.deal?.result || !read) return game;
  return game.phase === "human_deals" || game.phase === "computer_deals" ? { ...game, deal: null } : game;
}

/**
 * What render.js needs besides the bridge state.
 * @param {PageState} page
 * @returns {TableView}
 */
export function viewOf(page) {
  return {
    settings: page.settings,
    humans: humansOf(page),
    names: namesOf(page),
    shortNames: shortNamesOf(page),
    busy: page.busy || page.elsewhere, // another tab plays the match: nothing here acts on it
    hint: page.hint,
    held: page.heldMove?.slice(0, 2) ?? null,
    early: page.awaitingEngine,
    shownTrick: page.shownTrick,
    beforeTrick: page.beforeTrick,
    undealt: page.undealt,
    undealtUnder: page.undealtUnder,
    dealAside: page.dealAside,
    dealingAside: page.dealingAside,
  };
}

/**
 * The status line: its `data-status` and its text, from the phase and what the page is doing. While a move is shown
 * (a card flying, a trick waiting in the middle) it says what the table does: who takes the trick, who is to move next.
 * @param {PageState} page
 * @returns {{status: string, text: string} | null} null before there is a match
 */
export function statusOf(page) {
  const match = page.game?.match;
  const deal = page.game?.deal;
  if (!match) return null;
  // Behind the "Play here" panel the line said "Vi ste na potezu" of a match this tab may not play.
  if (page.elsewhere) return { status: "thinking", text: t("otherTabTitle") };
  const names = namesOf(page);
  const humans = humansOf(page);
  // The match waits behind the notices (an address option refused): the line said the computer was thinking.
  if (page.noticeOpen) return { status: "thinking", text: t("statusNoticeOpen") };
  if (page.dealResultOpen) return { status: "deal-over", text: t("statusDealOver") };
  // The computer waits for his answer (it is not thinking): the line says what is asked.
  if (page.claimOfferOpen) return { status: "thinking", text: t("claimOfferTitle") };
  // The trick just completed waits in the middle, then flies to its winner: that is what the table is doing, also
  // when it is a deal's last trick (the match's end or the next dealer come after its result).
  if (deal && page.shownTrick && deal.last_winner !== null) {
    return { status: "thinking", text: capitalized(trickTakerText(deal.last_winner, names, youOf(page))) };
  }
  // A deal just over, its result about to open: the line said "match over" or "you deal" before the deal's result.
  if (deal?.result && resultToShow(page, deal.number)) return { status: "deal-over", text: t("statusDealOver") };
  if (page.game?.phase === "match_over") return { status: "match-over", text: t("statusMatchOver") };
  // A person deals next: the line says who while he chooses his packets (the dealing panel saves them as they change,
  // and the table is drawn again) and while the panel is put aside. A finished deal put aside to look at it is over.
  if (page.game?.phase === "human_deals" && !page.dealAside) {
    return { status: "your-turn", text: dealerText(page, match.next_dealer) };
  }
  if (deal?.result) {
    // A finished deal put aside to look at it is over; once its result is read, the computer deals the next.
    if (page.dealAside) return { status: "deal-over", text: t("statusDealOver") };
    return { status: "thinking", text: dealerText(page, match.next_dealer) };
  }
  // While the deal's cards are laid out, the dealer is at work (not the player who will lead).
  if (deal && page.undealt) return { status: "thinking", text: dealerText(page, deal.dealer) };
  // A deal that is not over has a player to move; between deals the next dealer acts.
  const mover = deal?.turn ?? match.next_dealer;
  if (!humans[mover]) return { status: "thinking", text: t("statusThinking", { name: names[mover] }) };
  // A person is to move: the line says so at once, while the move before his is still shown (his cards wait until
  // it has landed, so the line is not yet the gold of "your-turn") and while the engine takes his own move.
  return { status: page.busy ? "thinking" : "your-turn", text: turnText(page, names[mover]) };
}

/**
 * Whether the finished deal `number`'s result is still to be shown: not read, not put aside, not of a match already in
 * the history (its results were shown before a reload). The same test match-flow.js makes before opening it.
 * @param {PageState} page
 * @param {number} number
 */
export function resultToShow(page, number) {
  return !page.historyAdded && !page.dealAside && page.shownResultFor !== number;
}

/**
 * The line for a person to move: whose turn it is when two share the screen (it always shows there), after the note on
 * the move (a refusal, the hint) or the page's news (a marriage just announced) if there is one; against the computer
 * a note on the move alone (it is his), else the news and "Vi ste na potezu".
 * @param {PageState} page
 * @param {string} name the mover's
 */
function turnText(page, name) {
  const news = newsOf(page);
  const note = page.moveNote ?? news;
  if (opponentOf(page) === "human") {
    const turn = t("statusTurnOf", { name });
    return note ? `${note} · ${turn}` : turn;
  }
  if (page.moveNote) return page.moveNote; // on the move to make: it is his
  return news ? `${news} · ${t("statusYourTurn")}` : t("statusYourTurn");
}

/**
 * The table's news: what the page has just done (`pageNote`), else a marriage lead its trick has not answered yet
 * ("Računar: marijaž (20), kralj herc"), written to be seen, not only heard: the one who answers it may have looked
 * away while the other was thinking. Read from the deal, so a reload keeps it.
 * @param {PageState} page
 */
function newsOf(page) {
  if (page.pageNote) return page.pageNote;
  const deal = page.game?.deal;
  const marriage = deal?.marriages.at(-1);
  if (deal?.trick.length !== 1 || !deal.moves.at(-1)?.endsWith("m") || !marriage) return null;
  const [lead] = deal.trick;
  return playedText(namesOf(page)[lead.player], lead.card, page.settings.deck, marriage);
}

/**
 * The status line's notes are old news: a move made or taken back, a new deal or match, another language.
 * @param {PageState} page
 * @param {string | null} [newer] a note of the page's given after that move, which stays (the settings saved while a
 *   panel held the computer's card back: match-flow.js `computerMove`)
 */
export function clearNotes(page, newer = null) {
  page.moveNote = null;
  page.pageNote = newer;
}

/**
 * Whether the match on the table is under way: not over, and a card has been played in it (a match whose first deal
 * has only been dealt holds nothing to leave). Before another match replaces it, the person is asked.
 * @param {PlayingState | null} game
 * @returns {boolean}
 */
export function matchUnderway(game) {
  const match = game?.match;
  if (!match || match.is_over) return false;
  const deal = game.deal;
  return match.deals.length > 1 || Boolean(deal && (deal.tricks_played > 0 || deal.trick.length > 0));
}
