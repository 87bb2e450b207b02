/**
 * Drawing the table from the engine's public view (the bridge `state`) and a little page state.
 *
 * The pile elements are built once and then updated in place, so focus and animations
 * survive a move. Nothing here decides what is legal: a card is "playable" exactly when
 * the engine lists it (or its marriage lead) in `legal_moves` and a person is to move.
 */

import { cardBack, cardFace, suitIcon } from "./cards.js";
import { cardName, language, suitName, t } from "./i18n.js";
import { part, pileSlot, SCREEN_ORDER } from "./table-shell.js";

export { buildTable, pileSlot, SCREEN_ORDER } from "./table-shell.js";

/** @import { Card, Deck, DrawnState, Player, PublicView, TableView, TrickCard } from "./types.js" */

/**
 * Which cards can be clicked now: the legal moves' cards, when a person is to move and the page is idle.
 * @param {{deal: PublicView | null} | null} state  the bridge state (or a replay's)
 * @param {Pick<TableView, "busy" | "humans">} view
 * @returns {Set<Card>}
 */
export function playableCards(state, view) {
  const deal = state?.deal;
  if (!deal || deal.result || view.busy || deal.turn === null || !view.humans[deal.turn]) return new Set();
  return new Set(deal.legal_moves.filter((move) => move !== "66").map((move) => move.slice(0, 2)));
}

/**
 * Who may claim 66 now, when it is a person (the claim is listed in the deal's moves): the claimant after a marriage
 * lead (even while the other is to answer), else the player to move. After the computer's marriage lead the claim
 * listed is the computer's, never the person's to make.
 * @param {PublicView | null | undefined} deal
 * @param {boolean[]} humans
 * @returns {Player | null}
 */
export function personClaiming(deal, humans) {
  if (!deal || deal.result || !deal.legal_moves.includes("66")) return null;
  const claimant = deal.claimant ?? deal.turn;
  return claimant !== null && humans[claimant] ? claimant : null;
}

/** Set an element's text, touching the page only when it changes. */
function setText(/** @type {ParentNode} */ root, /** @type {string} */ selector, /** @type {string} */ text) {
  const element = root.querySelector(selector);
  if (element && element.textContent !== text) element.textContent = text;
}

/**
 * @param {ParentNode} root
 * @param {DrawnState | null} state
 * @param {TableView} view
 * @param {Set<Card>} playable
 */
function renderPiles(root, state, view, playable) {
  const deal = state?.deal;
  const deck = view.settings.deck;
  let order = 0;
  for (const player of [0, 1]) {
    for (const pile of SCREEN_ORDER[player]) {
      const slot = pileSlot(root, player, pile);
      const button = part(slot, ".top");
      const face = part(slot, ".face");
      const under = part(slot, ".under");
      const info = deal?.piles[player][pile] ?? { top: null, hidden: false };
      const undealt = view.undealt?.has(`${player}:${pile}`);
      under.hidden = !info.hidden || Boolean(view.undealtUnder?.has(`${player}:${pile}`));
      // A face-down card alone on its pile (a friend's, not yet opened by the protocol) is read as one, as it is seen.
      if (!info.top && !under.hidden) {
        under.setAttribute("role", "img");
        under.setAttribute("aria-label", t("cardFaceDown"));
      } else {
        under.removeAttribute("role");
        under.removeAttribute("aria-label");
      }
      slot.classList.toggle("empty", !info.top);
      if (!info.top || undealt) {
        button.hidden = true;
        face.hidden = true;
        button.removeAttribute("data-card");
        // Not a card to play while it is not shown (still being dealt): firstPlayableCard must not find it.
        button.setAttribute("aria-disabled", "true");
        button.removeAttribute("aria-keyshortcuts");
        button.dataset.key = "";
        button.classList.remove("playable");
        slot.classList.remove("playable", "dimmed", "hint", "held");
        continue;
      }
      button.hidden = false;
      face.hidden = false;
      const look = `${deck}:${language()}`; // the corner letters follow the language
      if (button.dataset.card !== info.top || face.dataset.look !== look) {
        button.dataset.card = info.top;
        face.dataset.look = look;
        face.innerHTML = cardFace(info.top, deck);
      }
      const canPlay = playable.has(info.top);
      const mover = deal && !deal.result && player === deal.turn;
      const marked = Boolean(deal && player === deal.dealer && pile === 7 && info.top === deal.trump_card);
      button.setAttribute("aria-disabled", canPlay ? "false" : "true");
      button.classList.toggle("playable", canPlay);
      slot.classList.toggle("playable", canPlay);
      slot.classList.toggle("dimmed", Boolean(mover) && !canPlay && view.humans[player] && !view.busy);
      slot.classList.toggle("hint", view.hint === info.top);
      slot.classList.toggle("held", view.held === info.top);
      slot.classList.toggle("trump-mark", marked);
      if (marked) face.dataset.mark = t("trumpCard");
      else delete face.dataset.mark;
      // A face-down card under it is seen as its back peeping out: a screen reader hears it with the card's name.
      const name = cardName(info.top, deck);
      const card = under.hidden ? name : t("cardCovered", { card: name });
      // Where nobody plays from this page (a replay's table), a card is only named: none is the watcher's to play.
      let label = view.humans.includes(true) ? t(canPlay ? "cardPlayable" : "cardNotPlayable", { card }) : card;
      if (marked) label += `, ${t("trumpCard")} (${t("cardTrumpMark")})`;
      button.setAttribute("aria-label", label);
      button.dataset.key = canPlay ? String(++order) : "";
      // The number key that picks it (input.js), shown on the card to the eye: a screen reader says it with the card.
      if (canPlay) button.setAttribute("aria-keyshortcuts", button.dataset.key);
      else button.removeAttribute("aria-keyshortcuts");
    }
    setTabStop(/** @type {Element} */ (root.querySelector(`#piles-${player}`)));
  }
}

/**
 * One Tab stop per player's cards (the arrow keys move among them, input.js), so that Tab goes from the computer's
 * cards to the person's and on to the buttons in three presses, not seventeen: the card that has the focus, else
 * the first playable one, else the first shown.
 * @param {Element} holder  a player's piles
 */
function setTabStop(holder) {
  const cards = /** @type {HTMLButtonElement[]} */ ([...holder.querySelectorAll(".card.top")]);
  const shown = cards.filter((card) => !card.hidden);
  const stop =
    shown.find((card) => card === document.activeElement) ??
    shown.find((card) => card.classList.contains("playable")) ??
    shown[0];
  for (const card of cards) card.tabIndex = card === stop ? 0 : -1;
}

/**
 * A player's card that has the Tab stop among his piles (setTabStop), or null when none is shown: where a keyboard
 * player whose focus was lost, or who leaves a panel, goes back to his cards.
 * @param {ParentNode | null} holder  a player's piles (`#piles-0`, `#piles-1`)
 * @returns {HTMLElement | null}
 */
export function cardTabStop(holder) {
  return holder?.querySelector('.card.top[tabindex="0"]:not([hidden])') ?? null;
}

/**
 * A card of the trick on the table, named with who played it ("Računar: as tref"): the eye sees that from the side
 * it lies on.
 * @param {TrickCard} entry
 * @param {Deck} deck
 * @param {string[]} names
 */
function trickCard(entry, deck, names) {
  const element = document.createElement("div");
  element.className = `card trick-card by-${entry.player}`;
  element.dataset.trickCard = entry.card;
  element.dataset.player = String(entry.player);
  element.setAttribute("role", "img");
  element.setAttribute("aria-label", t("played", { name: names[entry.player], card: cardName(entry.card, deck) }));
  element.innerHTML = cardFace(entry.card, deck);
  return element;
}

/**
 * @param {ParentNode} root
 * @param {DrawnState | null} state
 * @param {TableView} view
 */
function renderTrick(root, state, view) {
  const holder = part(root, "#trick");
  const cards = view.shownTrick ?? state?.deal?.trick ?? [];
  const key = `${cards.map((entry) => entry.card).join(",")}:${view.settings.deck}:${language()}:${view.names}`;
  if (holder.dataset.key === key) return;
  holder.dataset.key = key;
  holder.replaceChildren(...cards.map((entry) => trickCard(entry, view.settings.deck, view.names)));
}

/**
 * The seats' scores and trick counts of `deal`: kept as a trick finishes (TableView `beforeTrick`), to be shown until
 * it has flown to its winner.
 * @param {{scores: number[], tricks_won: number[]}} deal
 * @returns {import("./page-types.js").TrickCounts}
 */
export function trickCounts({ scores, tricks_won }) {
  return { scores, tricks_won };
}

/**
 * The scores and trick counts the seats show: those before the trick still in the middle (TableView `beforeTrick`),
 * until it has flown to its winner; else the deal's own.
 * @param {DrawnState["deal"] | undefined} deal
 * @param {TableView} view
 */
function countsShown(deal, view) {
  return view.shownTrick && view.beforeTrick ? view.beforeTrick : deal;
}

/**
 * A player's won tricks: a small stack, and their count. Their card points are not said beside them: the seat's
 * score is the one number of points on the table (cards and counted marriages), where a second "points" figure
 * that leaves out the marriages read as a contradiction.
 * @param {ParentNode} root
 * @param {DrawnState["deal"] | undefined} deal
 * @param {TableView} view
 * @param {Player} player
 */
function renderWon(root, deal, view, player) {
  const holder = part(root, `#won-${player}`);
  const count = countsShown(deal, view)?.tricks_won[player] ?? 0;
  const stack = part(holder, ".won-stack");
  const shown = Math.min(count, 4);
  if (stack.childElementCount !== shown) {
    stack.replaceChildren(
      ...Array.from({ length: shown }, (_, i) => {
        const back = document.createElement("div");
        back.className = "card mini";
        back.style.setProperty("--i", String(i));
        back.innerHTML = cardBack();
        return back;
      }),
    );
  }
  const text = t("tricksWon", { n: count });
  setText(holder, ".won-label", text);
  holder.setAttribute("aria-label", t("wonTricksOf", { name: view.names[player], won: text }));
}

/**
 * A seat's name, dealer chip, score, marriages and game points.
 * @param {ParentNode} root
 * @param {DrawnState | null} state
 * @param {TableView} view
 * @param {Player} player
 */
function renderSeat(root, state, view, player) {
  const seat = part(root, `#info-${player}`);
  const deal = state?.deal;
  const match = state?.match;
  setText(seat, ".seat-name", view.names[player]);
  // Between deals (nothing dealt yet), the chip is on whoever deals next.
  const dealer = deal ? deal.dealer : match && "next_dealer" in match ? match.next_dealer : null;
  part(seat, ".dealer-chip").hidden = dealer !== player;
  part(seat, ".dealer-chip").title = t("dealer");
  setText(seat, ".dealer-chip", t("dealer"));
  // Nobody is to move while the cards are still being dealt (the leader's mark came with the first card dealt).
  const toMove = Boolean(deal && !deal.result && deal.turn === player && !view.undealt);
  seat.classList.toggle("to-move", toMove);
  part(root, `#seat-${player}`).classList.toggle("to-move", toMove);
  const counted = deal?.rules.claim === "manual" && !deal.result && !view.scoresOpen; // each player keeps his own count
  const score = deal ? (counted ? "?" : String(countsShown(deal, view)?.scores[player])) : "0";
  setText(seat, ".seat-score-value", score);
  setText(seat, ".seat-score-label", t("scoreLabel"));
  const marriages = (deal?.marriages ?? []).filter((m) => m.player === player);
  const list = part(seat, ".seat-marriages");
  const marriageKey = marriages.map((m) => `${m.suit}${m.points}${m.counted}`).join() + view.settings.deck + language();
  list.hidden = !marriages.length; // an empty list is no list to a screen reader
  if (list.dataset.key !== marriageKey) {
    list.dataset.key = marriageKey;
    list.innerHTML = marriages
      .map((m) => {
        const text = m.counted ? String(m.points) : t("marriagePending", { points: m.points });
        const cls = m.counted ? "counted" : "pending";
        return `<li class="${cls}">${suitIcon(m.suit, view.settings.deck)}<span class="sr-only">${t("marriages")} ${suitName(m.suit, view.settings.deck)}: </span>${text}</li>`;
      })
      .join("");
  }
  const points = match?.game_points[player] ?? 0;
  const target = match?.target ?? 7;
  const pips = part(seat, ".game-pips");
  const pipKey = `${points}/${target}`;
  if (pips.dataset.key !== pipKey) {
    pips.dataset.key = pipKey;
    const { dots, lit } = gameDots(points, target);
    pips.innerHTML = Array.from({ length: dots }, (_, i) => `<i class="${i < lit ? "on" : ""}"></i>`).join("");
  }
  const label = `${t("gamePointsLabel")}: ${points} / ${target}`;
  pips.setAttribute("aria-label", label);
  pips.title = label; // the dots say nothing to a newcomer's eye: the mouse's pointer names them
}

/** Most dots a seat's game points are drawn with (a wider row would not fit beside the seat's name). */
const MOST_DOTS = 15;

/**
 * A seat's game points as a row of dots: one a game point, lit as they are won; a match to more than `MOST_DOTS`
 * has that many, each lit once the game points it stands for are all won (all lit only at the target: 15 of 20 lit
 * every dot of a match still on).
 * @param {number} points
 * @param {number} target
 */
export function gameDots(points, target) {
  const dots = Math.min(target, MOST_DOTS);
  return { dots, lit: Math.floor((Math.min(points, target) * dots) / target) };
}

/**
 * The trump, the match score and the deal's number.
 * @param {ParentNode} root
 * @param {DrawnState | null} state
 * @param {TableView} view
 */
function renderCentre(root, state, view) {
  const deal = state?.deal;
  const trump = part(root, "#trump");
  const shown = Boolean(deal) && !view.undealt; // the trump is known once the dealer's last card lies face up
  const key = shown && deal ? `${deal.trump}${view.settings.deck}${language()}` : "";
  if (trump.dataset.key !== key) {
    trump.dataset.key = key;
    trump.innerHTML =
      shown && deal
        ? `<span class="trump-label">${t("trump")}</span>${suitIcon(deal.trump, view.settings.deck, "trump-icon")}<span class="trump-name">${suitName(deal.trump, view.settings.deck)}</span>`
        : "";
    trump.hidden = !shown;
  }
  const score = part(root, "#match-score");
  renderMatchScore(score, state?.match, view.shortNames ?? view.names);
  renderDealNumber(part(root, "#deal-number"), deal?.number);
  const scoreText = score.textContent ?? "";
  if (score.dataset.fitted !== scoreText) {
    score.dataset.fitted = scoreText;
    fitMatchScore(score);
  }
  keepFitting(score);
  part(root, "#trick").setAttribute("aria-label", t("trickArea"));
}

/**
 * The deal's number in the top bar: "#3" to the eye, "Deljenje 3" to a screen reader and as its tooltip.
 * @param {HTMLElement} element  `#deal-number`
 * @param {number | undefined} number
 */
function renderDealNumber(element, number) {
  const key = number ? `${number}${language()}` : "";
  if (element.dataset.key === key) return;
  element.dataset.key = key;
  const name = number ? t("dealN", { n: number }) : "";
  element.title = name;
  element.innerHTML = number ? `<span aria-hidden="true">#${number}</span><span class="sr-only">${name}</span>` : "";
}

/**
 * The top bar's game points, each beside its player's name ("Vi 0 : 2 Računar (do 7)", a long name cut short with
 * "…" by table.css); a screen reader hears them as one sentence ("Poeni partije: Vi 0, Računar 2 (do 7)"). A draw
 * bonus waiting for the next deal's winner is shown beside the target ("(do 7, +1)") and said after it.
 * @param {HTMLElement} score  `#match-score`
 * @param {DrawnState["match"] | undefined} match
 * @param {string[]} names
 */
function renderMatchScore(score, match, names) {
  const [a, b] = match?.game_points ?? [0, 0];
  const target = match?.target ?? 0;
  const bonus = match?.draw_bonus_pending ?? 0;
  setText(score, ".match-name-0", match ? names[0] : "");
  setText(score, ".match-value", match ? `${a} : ${b}` : "");
  setText(score, ".match-name-1", match ? names[1] : "");
  const targetText = bonus ? t("gamePointsBonus", { target, n: bonus }) : t("gamePointsTarget", { target });
  setText(score, ".match-target", match ? targetText : "");
  const spoken = t("gamePointsSpoken", { name0: names[0], a, name1: names[1], b, target });
  const spokenBonus = bonus ? ` ${t("gamePointsBonusSpoken", { n: bonus })}` : "";
  setText(score, ".match-spoken", match ? spoken + spokenBonus : "");
}

/**
 * Names before numbers: where the top bar's line cannot hold both players' names whole, the deal's number gives way,
 * then the target too (each deal's result says both). Two people at one screen past ten game points each on a 360 px
 * phone saw "Playe… 61 : 55 Playe…": whose score was whose? A name cut all the same (one of 60 letters) leaves them.
 * @param {HTMLElement} score  `#match-score`
 */
function fitMatchScore(score) {
  const names = [...score.querySelectorAll(".match-name")];
  const cut = () => names.some((name) => name.scrollWidth > name.clientWidth);
  score.classList.remove("without-deal-number", "without-target");
  if (!cut()) return;
  score.classList.add("without-deal-number");
  if (!cut()) return;
  score.classList.add("without-target");
  if (cut()) score.classList.remove("without-deal-number", "without-target");
}

/** The scores whose bar is watched: fitted again when its width changes (a phone turned, a window resized). */
const watchedScores = new WeakSet();

/** Fit `score` again whenever its top bar changes width. */
function keepFitting(/** @type {HTMLElement} */ score) {
  const bar = score.parentElement;
  if (!bar || watchedScores.has(score) || typeof ResizeObserver === "undefined") return;
  watchedScores.add(score);
  let width = bar.clientWidth;
  new ResizeObserver(() => {
    if (bar.clientWidth === width) return;
    width = bar.clientWidth;
    fitMatchScore(score);
  }).observe(bar);
}

/**
 * The buttons under the table: hint, undo, last trick, claim 66, the rematch of a finished match, and a finished deal's
 * ways on and back to its result when that result was put aside.
 * @param {ParentNode} root
 * @param {DrawnState | null} state
 * @param {TableView} view
 */
function renderControls(root, state, view) {
  const deal = state?.deal;
  const live = Boolean(deal && !deal.result);
  const personToMove = live && deal?.turn != null && view.humans[deal.turn] && !view.busy;
  const button = (/** @type {string} */ selector) => /** @type {HTMLButtonElement} */ (part(root, selector));
  const hint = button("#hint-button");
  hint.disabled = !personToMove || Boolean(view.early); // before the engine has the match it could not answer
  hint.title = state?.hint_count ? t("hintCount", { n: state.hint_count }) : "";
  const undo = button("#undo-button");
  const undone = state?.undo_count ?? 0;
  undo.textContent = t("undo");
  undo.title = undone ? t("undoneCount", { n: undone }) : "";
  undo.disabled = view.busy || Boolean(view.early) || !state?.can_undo; // the engine knows whether a move can go back
  button("#last-trick-button").disabled = !deal?.tricks_played;
  const claim = button("#claim-button");
  claim.hidden = state?.match?.rules.claim !== "manual" || Boolean(state?.match?.is_over); // none to claim after
  const claimant = personClaiming(deal, view.humans);
  claim.disabled = view.busy || Boolean(view.early) || claimant === null;
  // Two at one screen: the claim is not always the player to move's (the other may answer a marriage's lead): the
  // button says whose it is.
  const whose = claimant !== null && view.humans.every(Boolean) ? view.names[claimant] : null;
  claim.textContent = whose ? t("claim66Of", { name: whose }) : t("claim66");
  claim.setAttribute("aria-label", whose ? t("claim66LabelOf", { name: whose }) : t("claim66Label"));
  // The match's result panels keep the page busy: the table's Rematch comes once they are closed (table.css hides it
  // under any other panel).
  const rematch = button("#table-rematch-button");
  rematch.textContent = t("rematch");
  rematch.hidden = !state?.match?.is_over || view.busy || Boolean(view.dealAside);
  // A deal's result put aside: the table shows the deal, and this leads on, as the result's own button would.
  const nextDeal = button("#table-next-deal-button");
  nextDeal.textContent = state?.match?.is_over ? t("toMatchResult") : t("nextDeal");
  nextDeal.hidden = !view.dealAside || view.busy;
  // The dealing panel put aside (for the menu, the table): this opens it again.
  const dealCards = button("#table-deal-button");
  dealCards.textContent = t("dealCards");
  dealCards.hidden = !view.dealingAside || view.busy;
  // Beside the next deal's button, the way back to that result (and its review), for a player who looked at the table
  // first.
  const dealResult = button("#table-deal-result-button");
  dealResult.textContent = t("dealResult");
  dealResult.hidden = nextDeal.hidden;
  // A finished match's result closed (or the match come back to later): the way back to it, beside Rematch.
  const matchResult = button("#table-match-result-button");
  matchResult.textContent = t("toMatchResult");
  matchResult.hidden = rematch.hidden;
}

/**
 * The status line and its `data-status` (loading | your-turn | thinking | deal-over | match-over | error).
 * @param {ParentNode} root
 * @param {string} status
 * @param {string} text
 */
export function setStatus(root, status, text) {
  const element = part(root, "[data-status]");
  element.dataset.status = status;
  element.textContent = text;
}

/**
 * Draw the table itself (piles, trick, seats, won tricks, trump and match score) but not the main page's buttons
 * under it: what a page with its own controls (friend.html) draws.
 * @param {ParentNode} root
 * @param {DrawnState | null} state
 * @param {TableView} view
 */
export function renderTable(root, state, view) {
  const playable = playableCards(state, view);
  renderPiles(root, state, view, playable);
  renderTrick(root, state, view);
  for (const player of /** @type {Player[]} */ ([0, 1])) {
    renderSeat(root, state, view, player);
    renderWon(root, state?.deal, view, player);
    part(root, `#piles-${player}`).setAttribute("aria-label", t("seatOf", { name: view.names[player] }));
  }
  renderCentre(root, state, view);
}

/**
 * Draw everything that depends on the game: the table and the buttons under it.
 * @param {ParentNode} root
 * @param {DrawnState | null} state
 * @param {TableView} view
 */
export function render(root, state, view) {
  renderTable(root, state, view);
  renderControls(root, state, view);
}
