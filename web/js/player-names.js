/**
 * Players' names on screen, in the page's language.
 *
 * A seat nobody named gets the engine's English name (otv66/table.py `default_names`): "Player" against
 * "Computer (expert)", or "Player 1" and "Player 2" at one device. A record keeps those names, and a game link carries
 * nothing else about its seats (not who was the computer, nor its level), so the replay reads the seats from them
 * and names them as the game page does (store.js `namesOf`). Except one: the person who played the computer is
 * "Player" there, not "You", since whoever got the link is watching someone else's match. A name that someone typed
 * (a friend match's) stays as it is.
 */

import { hasText, t } from "./i18n.js";
import { st } from "./ship-text.js";

/**
 * The computer at `level`, as the page names it: "Računar (ekspert)" (a level without a text keeps its own name).
 * @param {string} level
 */
export function computerName(level) {
  const key = `level_${level}`;
  return `${t("computer")} (${hasText(key) ? t(key) : level})`;
}

/**
 * The names the page gives a match's two seats: "Vi" against the computer at `level` ("Računar (ekspert)"; plain
 * "Računar" without a level), or "Igrač 1" and "Igrač 2" when two people share the screen. The table (store.js
 * `namesOf`) and History's rows name the seats by it, so a winner reads the same in both.
 * @param {"human" | "computer"} opponent
 * @param {string | null | undefined} level
 * @returns {string[]}
 */
export function seatNames(opponent, level) {
  if (opponent === "human") return [t("playerN", { n: 1 }), t("playerN", { n: 2 })];
  return [t("you"), level ? computerName(level) : t("computer")];
}

/**
 * One record name as the page shows it: the engine's own names in the page's language, a typed one as typed.
 * @param {string} name
 * @param {(level: string) => string} nameComputer  how the computer at a level is named where this name is shown
 */
function shownName(name, nameComputer) {
  const level = /^Computer \((\w+)\)$/.exec(name)?.[1];
  const number = /^Player ([12])$/.exec(name)?.[1];
  if (level) return nameComputer(level);
  if (number) return t("playerN", { n: number });
  return name === "Player" ? st("replayPlayer") : name;
}

/**
 * A record's player names as the page shows them ("Računar (ekspert)").
 * @param {string[]} players
 * @returns {string[]}
 */
export function shownNames(players) {
  return namesShown(players, computerName);
}

/**
 * `players` as the page shows them, the computer named by `nameComputer`. A record the terminal wrote before it named
 * its players as the page does (otv66/cli.py) holds "You" against "Computer": its person is "Igrač" and its computer
 * "Računar" here, as in a record of the page's own (they showed in English on a Serbian page).
 * @param {string[]} players
 * @param {(level: string) => string} nameComputer
 */
function namesShown(players, nameComputer) {
  if (players.length === 2 && players[0] === "You" && players[1] === "Computer")
    return [st("replayPlayer"), t("computer")];
  return players.map((name) => shownName(name, nameComputer));
}

/**
 * A record's player names where room is short (the top bar's score): the computer without its level ("Računar"), as
 * on the game page.
 * @param {string[]} players
 * @returns {string[]}
 */
export function shortShownNames(players) {
  return namesShown(players, () => t("computer"));
}
