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
from typing import Final

from otv66.cards import POINTS, Card, cards_in, parse_card
from otv66.kernel import CLAIM, beats, legal_cards, marriage_points
from otv66.model import PublicView

KEEP_TRUMP: Final = 20
"""Tie-break between equal gains: a trump is worth keeping as much as this many card points."""


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


def replies(view: PublicView, card: Card) -> list[Card]:
    """The cards the opponent of the player to move may answer ``card`` with, were it led now.

    Exact, not a guess: the follower's available cards are face up, and leading
    changes nothing on his table.
    """
    follower = 1 - (view.turn or 0)
    return cards_in(legal_cards(view.available(follower), card, view.trump, view.rules.must_beat))


def reply_value(lead: Card, card: Card, trump: int) -> tuple[int, int]:
    """The follower's gain in this trick (the trick's points, lost if he loses it), then a tie-break.

    The tie-break keeps valuable cards and trumps.
    """
    points = POINTS[lead] + POINTS[card]
    gain = points if beats(card, lead, trump) else -points
    return gain, -(POINTS[card] + (KEEP_TRUMP if card >> 3 == trump else 0))


def one_trick_move(view: PublicView) -> str:
    """The one-trick player's move (never a claim; the caller handles claims)."""
    moves = [m for m in view.legal_moves if m != CLAIM]
    trump = view.trump
    if view.lead >= 0:
        return max(moves, key=lambda m: reply_value(view.lead, parse_card(m), trump))
    marriages = [m for m in moves if m.endswith("m")]
    if marriages:
        return max(marriages, key=lambda m: (marriage_points(parse_card(m[:2]) >> 3, trump), m.startswith("Q")))

    def lead_value(move: str) -> tuple[int, int]:
        card = parse_card(move)
        worst = max((reply_value(card, reply, trump) for reply in replies(view, card)), default=(0, 0))
        return -worst[0], -POINTS[card]

    return max(moves, key=lead_value)


def slip(view: PublicView, move: str, slips: Slips, rng: random.Random) -> str:
    """Maybe replace a good ``move`` by one of the mistakes a learner makes (always legal)."""
    moves = [m for m in view.legal_moves if m != CLAIM]
    if rng.random() < slips.whim:
        return rng.choice(moves)
    if move.endswith("m") and rng.random() < slips.forget_marriage:
        return move[:2]
    if view.lead >= 0:
        card = parse_card(move)
        trump = view.trump
        if card >> 3 == trump and view.lead >> 3 != trump and rng.random() < slips.waste_trump:
            return min((m for m in moves if parse_card(m) >> 3 == trump), key=parse_card)
        if not beats(card, view.lead, trump) and rng.random() < slips.give_points:
            return max(moves, key=lambda m: POINTS[parse_card(m)])
    return move
