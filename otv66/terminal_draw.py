"""Pictures of a deal for the terminal front: pure functions from a public view to text.

Nothing here reads input, prints or knows the engine's insides: every
function takes a :class:`otv66.view.PublicView` (what both players see) and
returns a string, so the pictures are tested by comparing text.

A :class:`Style` says how cards look: Unicode suits (``♠♥♦♣``) or ASCII
letters, and ANSI red for hearts and diamonds when the terminal shows colour.
:func:`wrap` fits a sentence to an 80-column terminal (or a narrower one: ``width``), colour codes taking no
room; :func:`fit` breaks a line of parts (the list of moves, a player's summary) only between its parts.
The words come from a :class:`~otv66.terminal_language.Texts` (``text=``, English
unless told): the cards are drawn the same in every language, ranks ``A 10 K Q J 9 8 7``
and suits as symbols.

>>> style = Style(unicode=False)
>>> card_text(9, style), card_text(2, Style())
('10H', 'K♠')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from otv66.cards import NO_CARD, POINTS, SUITS, parse_card
from otv66.kernel import CLAIM, HALF_SCORE, TRICKS_PER_DEAL, marriage_points
from otv66.model import PublicView
from otv66.rules import Rules
from otv66.terminal_language import ENGLISH, Texts

RANK_LABELS = ("A", "10", "K", "Q", "J", "9", "8", "7")
"""How a rank is drawn (the move codes say ``T`` for the ten; a player reads ``10``)."""
RED_SUITS = (1, 2)
"""Hearts and diamonds."""
RED = "\x1b[31m"
BOLD = "\x1b[1m"
RESET = "\x1b[0m"
CELL = 6
"""Width of one pile on screen."""
TRUMP_MARK = "*"
"""Drawn after the dealer's pile-7 card, the one that fixed trump, while it lies there."""
MARRIAGE_MARK = "m"
"""Drawn after a king or queen the leader may announce a marriage with."""
ROWS = ((0, 1, 2, 3), (4, 5, 6, 7))
"""Piles 0-3 are a player's far row, 4-7 his near row, left to right from his seat (docs/rules.md 2)."""
WIDTH = 78
"""Widest line written: one that fits an 80-column terminal with room to spare."""
ANSI_CODE = re.compile(r"\x1b\[[0-9;]*m")
"""A colour code of :class:`Style`: it changes how text looks and takes no room on screen."""


@dataclass(frozen=True)
class Style:
    """How cards are drawn: Unicode suits or ASCII letters, with or without ANSI colour."""

    unicode: bool = True
    color: bool = False

    def suit(self, suit: int) -> str:
        """The suit's symbol (``♠♥♦♣``) or letter (``SHDC``), coloured if red."""
        return self.paint("♠♥♦♣"[suit] if self.unicode else SUITS[suit], suit)

    @property
    def hidden(self) -> str:
        """The marker for a face-down card lying under a face-up one."""
        return "░░░" if self.unicode else "###"

    @property
    def dash(self) -> str:
        """A separator between parts of a line."""
        return " · " if self.unicode else " | "

    def paint(self, text: str, suit: int) -> str:
        """``text`` in red if ``suit`` is red and colour is on."""
        return f"{RED}{text}{RESET}" if self.color and suit in RED_SUITS else text

    def bold(self, text: str) -> str:
        """``text`` in bold if colour is on."""
        return f"{BOLD}{text}{RESET}" if self.color else text


def card_plain(card: int, style: Style) -> str:
    """The card as drawn, without colour: rank label and suit (``"10♥"``, ``"QS"``)."""
    return RANK_LABELS[card & 7] + ("♠♥♦♣"[card >> 3] if style.unicode else SUITS[card >> 3])


def card_text(card: int, style: Style) -> str:
    """The card as drawn, coloured if its suit is red and the style has colour."""
    return style.paint(card_plain(card, style), card >> 3)


def code_text(code: str, style: Style) -> str:
    """A card given by its move code (``"TH"``), drawn."""
    return card_text(parse_card(code[:2]), style)


def visible_width(text: str) -> int:
    """How many columns ``text`` takes on screen: its length without the colour codes."""
    return len(ANSI_CODE.sub("", text))


def wrap(text: str, width: int = WIDTH, indent: str = "") -> str:
    r"""``text`` with each line longer than ``width`` columns broken at its last spaces that fit.

    Colour codes take no room (``textwrap`` would count them and break a coloured line early);
    a line that fits is kept as it is, inner runs of spaces included; a line goes on after
    ``indent``; a word wider than ``width`` is left whole.

    >>> wrap("Player 1 wins the trick (30 points); the waiting marriage now counts (+40).", 40)
    'Player 1 wins the trick (30 points); the\nwaiting marriage now counts (+40).'
    """
    lines = []
    for line in text.split("\n"):
        while visible_width(line) > width:
            cuts = [m.start() for m in re.finditer(" ", line) if m.start() > len(indent)]
            fitting = [cut for cut in cuts if visible_width(line[:cut]) <= width]
            cut = fitting[-1] if fitting else (cuts[0] if cuts else 0)
            if not cut:
                break
            lines.append(line[:cut].rstrip(" "))
            line = indent + line[cut:].lstrip(" ")
        lines.append(line)
    return "\n".join(lines)


def fit(parts: Sequence[str], separator: str, width: int = WIDTH) -> str:
    """``parts`` joined by ``separator``, a new line begun where the next part would pass ``width`` columns: a
    narrow terminal breaks the list of moves or a player's summary between its parts, never inside one (``6) 10♦``,
    ``3 štiha``). A part wider than ``width`` stands alone on its line.

    >>> print(fit(["1) K♠", "2) 10♦", "3) J♣"], "  ", 14))
    1) K♠  2) 10♦
    3) J♣
    """
    lines: list[str] = []
    for part in parts:
        if lines and visible_width(lines[-1] + separator + part) <= width:
            lines[-1] += separator + part
        else:
            lines.append(part)
    return "\n".join(lines)


def _pad(plain: str, painted: str, width: int) -> str:
    """``painted`` followed by the spaces that make ``plain`` (its visible text) ``width`` wide."""
    return painted + " " * (width - len(plain))


def draw_piles(view: PublicView, player: int, style: Style, *, across: bool) -> list[str]:
    """The four lines of ``player``'s table: two rows of piles, each a card over a face-down marker.

    ``across`` draws the table as seen from the opposite seat (turned half
    round: his near row on top, his pile 7 at the left). An empty pile is blank.
    """
    rows = [tuple(reversed(row)) for row in reversed(ROWS)] if across else list(ROWS)
    marked = view.trump_card if player == view.dealer else NO_CARD
    lines = []
    for row in rows:
        cards, markers = [], []
        for index in row:
            top, hidden = view.piles[player][index]
            if top == NO_CARD:
                cards.append(" " * CELL)
            else:
                mark = TRUMP_MARK if index == 7 and top == marked else ""
                plain = " " + card_plain(top, style) + mark
                cards.append(_pad(plain, " " + card_text(top, style) + mark, CELL))
            markers.append((" " + style.hidden if hidden else "").ljust(CELL))
        lines += [("  " + "".join(cards)).rstrip(), ("  " + "".join(markers)).rstrip()]
    return lines


def player_summary(
    view: PublicView,
    player: int,
    names: Sequence[str],
    style: Style,
    *,
    hide_points: bool,
    text: Texts = ENGLISH,
    width: int = WIDTH,
) -> str:
    """One line about ``player`` (more where ``width`` is narrow): dealer or not, tricks won, score, marriages
    (counted or waiting).

    With ``hide_points`` (``claim: manual``) the score is not shown: the
    player has to count his won cards himself (docs/rules.md 6.1).
    """
    parts = [style.bold(names[player]) + (text("dealer_mark") if player == view.dealer else "")]
    parts.append(text("tricks", n=view.tricks_won[player]))
    parts.append(text("score_hidden") if hide_points else text("score", n=view.scores[player]))
    marriages = [
        style.suit(SUITS.index(m.suit)) + str(m.points) + ("" if m.counted else text("marriage_waiting"))
        for m in view.marriages
        if m.player == player
    ]
    if marriages:
        parts.append(text("marriages", list=", ".join(marriages)))
    return fit(parts, style.dash, width)


def trick_line(view: PublicView, names: Sequence[str], style: Style, text: Texts = ENGLISH) -> str:
    """The trick in progress and who is to play."""
    if view.turn is None:
        return text("deal_over")
    mover, number = names[view.turn], view.tricks_played + 1
    if not view.trick:
        return text.about(mover, "trick_lead", n=number)
    leader, card = view.trick[0]
    announced = text("trick_marriage") if view.marriage_lead else ""
    return text.about(
        mover, "trick_answer", n=number, leader=names[leader], card=card_text(card, style), announced=announced
    )


def last_trick_line(
    last_trick: tuple[int, list[tuple[int, str]]] | None,
    names: Sequence[str],
    style: Style,
    *,
    hide_points: bool,
    text: Texts = ENGLISH,
) -> str:
    """The last complete trick (``Deal.last_trick``): who played what and who won it; empty before the first."""
    if last_trick is None:
        return ""
    winner, cards = last_trick
    played = ", ".join(f"{names[player]} {code_text(code, style)}" for player, code in cards)
    points = "" if hide_points else text("trick_points", n=sum(POINTS[parse_card(code)] for _, code in cards))
    return text.about(names[winner], "last_trick", played=played, points=points)


def draw_screen(
    view: PublicView,
    names: Sequence[str],
    style: Style,
    *,
    bottom: int = 0,
    hide_points: bool = False,
    heading: str = "",
    last_trick: tuple[int, list[tuple[int, str]]] | None = None,
    text: Texts = ENGLISH,
    width: int = WIDTH,
) -> str:
    """The whole table: heading, the far player's piles, the trick, the near player's piles, summaries.

    ``bottom`` is the player whose table is drawn nearest (his own seat);
    the other table is drawn as seen across the table. A line of parts wider than ``width`` is
    broken between them (:func:`fit`).
    """
    top = 1 - bottom
    trump = text("trump_line", suit=style.suit(view.trump), card=card_text(view.trump_card, style))
    lines = [heading] if heading else []
    lines.append(fit([trump, text("tricks_played", n=view.tricks_played, total=TRICKS_PER_DEAL)], style.dash, width))
    lines.append("")
    lines.append(player_summary(view, top, names, style, hide_points=hide_points, text=text, width=width))
    lines += draw_piles(view, top, style, across=True)
    lines.append("")
    lines.append(trick_line(view, names, style, text))
    last = last_trick_line(last_trick, names, style, hide_points=hide_points, text=text)
    if last:
        lines.append(last)
    lines.append("")
    lines += draw_piles(view, bottom, style, across=False)
    lines.append(player_summary(view, bottom, names, style, hide_points=hide_points, text=text, width=width))
    return "\n".join(lines)


def menu_line(
    choices: Sequence[str], legal: Sequence[str], style: Style, text: Texts = ENGLISH, width: int = WIDTH
) -> str:
    """The numbered choices (``1) K♥m  2) 9♠  3) claim 66``), on more lines where ``width`` is narrow; ``m`` marks
    a possible marriage lead."""
    items = []
    for number, move in enumerate(choices, start=1):
        if move == CLAIM:
            items.append(f"{number}) {text('claim_item')}")
        else:
            mark = MARRIAGE_MARK if move + "m" in legal else ""
            items.append(f"{number}) {code_text(move, style)}{mark}")
    return fit(items, "  ", width)


def describe_move(
    before: PublicView,
    move: str,
    after: PublicView,
    names: Sequence[str],
    style: Style,
    *,
    hide_points: bool,
    text: Texts = ENGLISH,
) -> str:
    """A sentence telling what ``move`` did, from the views before and after it.

    Names the card, a marriage announced, the card turned up under it, the
    trick's winner (with its points unless hidden) and a waiting marriage
    that now counts.
    """
    if move == CLAIM:
        claimant = before.claimant if before.claimant is not None else 0
        return text.about(names[claimant], "move_claim")
    mover = before.turn if before.turn is not None else 0
    name = names[mover]
    card = parse_card(move[:2])
    drawn = card_text(card, style)
    if before.trick:
        said = text.about(name, "move_answer", card=drawn)
    elif move.endswith("m"):
        worth = marriage_points(card >> 3, before.trump)
        said = text.about(name, "move_marriage", card=drawn, suit=style.suit(card >> 3), points=worth)
    else:
        said = text.about(name, "move_lead", card=drawn)
    for index, (top, hidden) in enumerate(before.piles[mover]):
        revealed = after.piles[mover][index][0]
        if top == card and hidden and revealed != NO_CARD:
            said += text("turning_up", card=card_text(revealed, style))
    if after.tricks_played > before.tricks_played and after.last_winner is not None:
        winner = after.last_winner
        taken = "" if hide_points else text("trick_points", n=POINTS[before.lead] + POINTS[card])
        said += text.about(names[winner], "trick_won", points=taken)
        counted = after.marriage_points[winner] - before.marriage_points[winner]
        if counted > 0:
            said += text("marriage_counts", points=counted)
    return said + "."


def explain_result(
    result: dict[str, Any], names: Sequence[str], *, award: int, dealer: int, bonus: int, text: Texts = ENGLISH
) -> str:
    """Why the deal ended and why the winner gets 1, 2 or 3 game points (docs/rules.md 6).

    ``award`` is what the match gave the winner for this deal, which is more
    than ``result["game_points"]`` when drawn deals before it left a bonus;
    ``bonus`` is what the winner of the next deal gets over his game points
    after this one (:attr:`otv66.match.Match.draw_bonus_pending`: one a drawn deal in a row under ``draw_bonus``).
    """
    scores = result["scores"]
    winner = result["winner"]
    if winner is None:
        said = text.about(names[dealer], "result_draw", a=scores[0], b=scores[1])
        return said + (text("result_draw_bonus", n=bonus) if bonus else "")
    loser = 1 - winner
    win, lose = names[winner], names[loser]
    points = result["game_points"]
    if result["reason"] == "false_claim":
        said = text("result_false_claim", loser=lose, score=scores[loser], winner=win, points=points)
    else:
        if result["reason"] == "played_out":
            said = text.about(win, "result_played_out", total=TRICKS_PER_DEAL)
        else:
            said = text.about(win, "result_reached")
        said += text("result_scores", a=scores[winner], b=scores[loser])
        if result["tricks"][loser] == 0:
            why = "result_no_trick"
        elif scores[loser] < HALF_SCORE:
            why = "result_under_half"
        else:
            why = "result_half"
        said += text.about(lose, why, half=HALF_SCORE, points=points)
    if award > points:
        said += text("result_bonus", extra=award - points, award=award)
    return said


def match_line(game_points: Sequence[int], names: Sequence[str], target: int, text: Texts = ENGLISH) -> str:
    """The match score, each player's game points after his name and a colon: ``"Match to 7: You: 2, Computer: 4"``
    (``"Player 1: 2, Player 2: 0"``: a name may end in a digit). The heading, the end of a deal and the saved match
    offered at the start all write it."""
    return text("match_line", target=target, name0=names[0], a=game_points[0], name1=names[1], b=game_points[1])


def rules_line(rules: Rules, text: Texts = ENGLISH) -> str:
    """The rule options in play, in words (docs/rules.md 4 and 6)."""
    return text(
        "rules",
        follow=text("rule_must_beat" if rules.must_beat else "rule_follow"),
        claim=text(f"rule_claim_{rules.claim}"),
        dealer=text(f"rule_dealer_{rules.dealer}"),
        bonus=text("rule_draw_bonus") if rules.draw_bonus else "",
    )
