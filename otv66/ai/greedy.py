"""The one-trick player, and the human-like mistakes of the lower levels.

The one-trick player looks only at the trick at hand: as follower it takes
the reply worth most in this trick (points won, or lost, with the cheapest
card that does it); as leader it leads the card whose worst reply (the
opponent's cards are face up) is best for it, and it always announces a
marriage it holds. The lower levels add the slips of a learner: forgetting to
announce, trumping with a high trump, throwing points away, or a card played
on a whim.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from otv66.cards import POINTS, SUIT_MASKS, parse_card
from otv66.view import PublicView

_HIGHER = tuple(((1 << c) - 1) & SUIT_MASKS[c >> 3] for c in range(32))


@dataclass(frozen=True)
class Slips:
    """How often a level makes each kind of mistake (probabilities per decision)."""

    whim: float = 0.0
    """Plays a random legal card."""
    forget_marriage: float = 0.0
    """Leads a king or queen of a marriage without announcing it."""
    waste_trump: float = 0.0
    """Ruffs with the highest trump instead of the cheapest winning one."""
    give_points: float = 0.0
    """Throws the most valuable card on a trick it loses."""


def _winner(lead: int, card: int, trump: int) -> bool:
    """Whether ``card`` played on ``lead`` wins the trick."""
    if card >> 3 == lead >> 3:
        return card < lead
    return card >> 3 == trump


def _follow_cards(avail: int, lead: int, trump: int, must_beat: bool) -> list[int]:
    follow = avail & SUIT_MASKS[lead >> 3]
    if follow:
        if must_beat and follow & _HIGHER[lead]:
            follow &= _HIGHER[lead]
    else:
        follow = avail & SUIT_MASKS[trump] or avail
    return [c for c in range(32) if follow >> c & 1]


def _reply_value(lead: int, card: int, trump: int) -> tuple[int, int]:
    """The follower's gain in this trick, then a tie-break: keep valuable cards and trumps."""
    points = POINTS[lead] + POINTS[card]
    gain = points if _winner(lead, card, trump) else -points
    return gain, -(POINTS[card] + (20 if card >> 3 == trump else 0))


def one_trick_move(view: PublicView) -> str:
    """The one-trick player's move (never a claim; the caller handles claims)."""
    moves = [m for m in view.legal_moves if m != "66"]
    trump = view.trump
    if view.lead >= 0:
        return max(moves, key=lambda m: _reply_value(view.lead, parse_card(m), trump))
    marriages = [m for m in moves if m.endswith("m")]
    if marriages:
        return max(marriages, key=lambda m: (40 if parse_card(m[:2]) >> 3 == trump else 20, m.startswith("Q")))
    opponent = 1 - (view.turn or 0)
    avail = 0
    for top, _hidden in view.piles[opponent]:
        if top >= 0:
            avail |= 1 << top

    def lead_value(move: str) -> tuple[int, int]:
        card = parse_card(move)
        replies = _follow_cards(avail, card, trump, view.rules.must_beat)
        worst = max((_reply_value(card, reply, trump) for reply in replies), default=(0, 0))
        return -worst[0], -POINTS[card]

    return max(moves, key=lead_value)


def slip(view: PublicView, move: str, slips: Slips, rng: random.Random) -> str:
    """Maybe replace a good ``move`` by one of the mistakes a learner makes (always legal)."""
    moves = [m for m in view.legal_moves if m != "66"]
    if rng.random() < slips.whim:
        return rng.choice(moves)
    if move.endswith("m") and rng.random() < slips.forget_marriage:
        return move[:2]
    if view.lead >= 0:
        card = parse_card(move)
        trump = view.trump
        if card >> 3 == trump and view.lead >> 3 != trump and rng.random() < slips.waste_trump:
            return min((m for m in moves if parse_card(m) >> 3 == trump), key=parse_card)
        if not _winner(view.lead, card, trump) and rng.random() < slips.give_points:
            return max(moves, key=lambda m: POINTS[parse_card(m)])
    return move
