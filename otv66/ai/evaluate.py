"""The evaluation at the search horizon: expected game points from a few features.

A position beyond the horizon is judged by a linear model of features, each
"player 0's minus player 1's", so the model is antisymmetric by construction
(swapping the players flips the sign). The weights were fitted by least
squares on positions from self-play, against the game points player 0 got in
the end (``tools/fit_ai_eval.py`` re-fits them; it prints a new ``WEIGHTS``).
"""

from __future__ import annotations

from typing import Final

from otv66.ai.position import (
    AVAIL,
    CARD_POINTS,
    LEAD,
    MARRIED,
    PENDING,
    PHANTOM,
    POINTS_WON,
    POOL,
    TRICKS_PLAYED,
    TRICKS_WON,
    TURN,
    UNDER,
)
from otv66.cards import DECK_SIZE, KING, QUEEN, SUIT_MASKS

FEATURES: Final = (
    "score",  # card points + counting marriages, in tens
    "pending",  # marriage points waiting for a first trick, in tens
    "table_points",  # points of the cards face up on his piles, in tens
    "trumps",  # trumps face up on his piles
    "masters",  # his cards that no remaining card of their suit beats
    "marriage_chances",  # king + queen of a suit both face up and not yet played, in tens
    "face_down",  # cards still face down on his piles (future cards)
    "no_trick",  # 1 if the OPPONENT has won no trick yet (the 3-point threat)
    "to_lead",  # 1 if he leads the next trick
    "near_66",  # how close his score is to 66, squared (a race near the end)
    "late_score",  # score in tens times the share of tricks played
)

WEIGHTS: Final[tuple[float, ...]] = (0.22, 0.09, 0.05, 0.12, 0.1, 0.05, 0.02, 0.35, 0.08, 0.9, 0.05)
"""Fitted weights, one per feature (see the module docstring)."""

_HIGHER: Final = tuple(((1 << c) - 1) & SUIT_MASKS[c >> 3] for c in range(DECK_SIZE))
"""``_HIGHER[card]``: cards of the same suit that beat it."""
_MARRIAGE_PAIRS: Final = tuple((1 << (8 * s + KING)) | (1 << (8 * s + QUEEN)) for s in range(4))


def _side(s: list[int], p: int, remaining: int, trump: int) -> tuple[float, ...]:
    """The features of player ``p`` alone (before taking the difference)."""
    avail = s[AVAIL + p]
    score = s[POINTS_WON + p] + s[MARRIED + p]
    table_points = 0
    masters = 0
    cards = avail
    while cards:
        low = cards & -cards
        card = low.bit_length() - 1
        cards ^= low
        table_points += CARD_POINTS[card]
        if not _HIGHER[card] & remaining:
            masters += 1
    marriages = 0
    for suit, pair in enumerate(_MARRIAGE_PAIRS):
        if avail & pair == pair:
            marriages += 40 if suit == trump else 20
    face_down = (s[UNDER] & avail).bit_count() + s[PHANTOM + p]
    near = max(0, score - 33) / 33.0
    return (
        score / 10.0,
        s[PENDING + p] / 10.0,
        table_points / 10.0,
        float((avail & SUIT_MASKS[trump]).bit_count()),
        float(masters),
        marriages / 10.0,
        float(face_down),
        1.0 if s[TRICKS_WON + 1 - p] == 0 else 0.0,
        1.0 if s[TURN] == p and s[LEAD] < 0 else 0.0,
        near * near,
        score / 10.0 * s[TRICKS_PLAYED] / 16.0,
    )


def features(s: list[int], trump: int) -> list[float]:
    """Player 0's features minus player 1's, in the order of :data:`FEATURES`."""
    remaining = s[AVAIL] | s[AVAIL + 1] | s[POOL]
    if s[LEAD] >= 0:
        remaining |= 1 << s[LEAD]
    mine = _side(s, 0, remaining, trump)
    theirs = _side(s, 1, remaining, trump)
    return [a - b for a, b in zip(mine, theirs, strict=True)]


def expected_game_points(s: list[int], trump: int, weights: tuple[float, ...] = WEIGHTS) -> float:
    """Player 0's expected game points by the model, within -3..3."""
    value = 0.0
    for weight, feature in zip(weights, features(s, trump), strict=True):
        value += weight * feature
    if value > 3.0:
        return 3.0
    if value < -3.0:
        return -3.0
    return value
