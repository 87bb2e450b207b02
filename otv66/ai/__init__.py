"""The computer opponent: it sees only the public view.

``choose_move(view, level=..., seconds=..., seed=...)`` returns a legal move
code for the position; ``LEVELS`` names the levels from the weakest up.
"""

from __future__ import annotations

import random

from otv66.cards import POINTS, parse_card
from otv66.deal import CLAIM
from otv66.view import PublicView

LEVELS: tuple[str, ...] = ("beginner", "club")
DEFAULT_LEVEL = "club"


def choose_move(
    view: PublicView, level: str = DEFAULT_LEVEL, seconds: float | None = None, seed: int | None = None
) -> str:
    """Return the move the computer plays at ``level`` in the position ``view``."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    moves = list(view.legal_moves)
    if not moves:
        raise ValueError("the deal is over: there is no move to choose")
    rng = random.Random(seed)
    if CLAIM in moves and view.claimant is not None and view.scores[view.claimant] >= 66:
        return CLAIM
    moves = [m for m in moves if m != CLAIM] or moves
    if level == "beginner":
        return rng.choice(moves)
    marriages = [m for m in moves if m.endswith("m")]
    if marriages:
        return max(marriages, key=lambda m: POINTS[parse_card(m[:2])])
    return min(moves, key=lambda m: POINTS[parse_card(m[:2])])
