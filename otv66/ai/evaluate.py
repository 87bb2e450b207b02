"""The evaluation at the search horizon: expected game points from a few features.

A position beyond the horizon is judged by a linear model of features, each
"player 0's minus player 1's", so the model is antisymmetric by construction
(swapping the players flips the sign). The weights were fitted by least
squares on positions from self-play, against the game points player 0 got in
the end (``tools/fit_ai_eval.py`` re-fits them; it prints a new ``WEIGHTS``).

The weights below: 21,910 positions of 2,000 seeded deals (seeds 1000-1999 and
5000-5999) of ``expert`` against itself, R² = 0.50 (0.49 without the last four
features). Each round was checked in play, the same search with the new
weights against the old over duplicate deals: the first fit (11 features)
+0.22 ± 0.14 game points per deal over hand-set weights (150 duplicate deals, depth 3),
this one +0.08 ± 0.04 over the first fit (775 duplicate deals, expert).
"""

from __future__ import annotations

from operator import mul
from typing import Final

from otv66.ai.cache import BELOW_REHASH, BoundedCache
from otv66.ai.position import (
    AVAIL,
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
from otv66.cards import RANK_POINTS, SUIT_MASKS
from otv66.kernel import HALF_SCORE, MARRIAGE_PAIRS, MAX_GAME_POINTS, TRICKS_PER_DEAL, marriage_points

FEATURES: Final = (
    "score",  # card points + counting marriages, in tens
    "pending",  # marriage points waiting for a first trick, in tens
    "table_points",  # points of the cards face up on his piles, in tens
    "trumps",  # trumps face up on his piles
    "masters",  # his cards that no remaining card of their suit beats
    "marriage_chances",  # marriage points of a king + queen of a suit both face up, in tens
    "face_down",  # cards still face down on his piles (future cards)
    "no_trick",  # 1 if the OPPONENT has won no trick yet (the 3-point threat)
    "to_lead",  # 1 if he leads the next trick
    "near_66",  # how close his score is to 66, squared (a race near the end)
    "late_score",  # score in tens times the share of tricks played
    "trump_points",  # points of the trumps face up on his piles, in tens
    "ruffs",  # plain suits he has none of while holding a trump (he can trump a lead there)
    "late_table_points",  # table points in tens times the share of tricks played
    "late_trumps",  # trumps times the share of tricks played
)

WEIGHTS: Final[tuple[float, ...]] = (
    0.3549,
    0.0735,
    0.3454,
    0.1946,
    0.2020,
    0.1899,
    0.0667,
    0.0337,
    0.1267,
    -0.1990,
    -0.0444,
    0.0103,
    0.1124,
    -0.3327,
    -0.1032,
)
"""Fitted weights, one per feature (see the module docstring)."""

_BYTE_POINTS: Final = tuple(sum(RANK_POINTS[r] for r in range(8) if byte >> r & 1) for byte in range(256))
"""Card points of the cards of one suit given as an 8-bit mask (rank 0 = ace in bit 0)."""


Material = tuple[int, int, int, int, int, int, int]
"""The features that depend on the cards alone, player 0's minus player 1's: table points and trump points (in
points: :func:`features` turns them into tens), trumps, masters, marriage chances (in tens), ruffs and the
face-down count. Whole numbers: a memo entry is then one tuple to free, not a tuple and seven floats."""

MATERIAL_CACHE_SIZE: Final = BELOW_REHASH
"""Entries :data:`MATERIAL_CACHE` holds at most (the same card layouts recur all through a search)."""
MATERIAL_CACHE: Final[BoundedCache[tuple[int, int, int, int, int], Material]] = BoundedCache(MATERIAL_CACHE_SIZE)
"""The card features of the layouts met so far (trimmed between searches: :mod:`otv66.ai.cache`)."""


def _material(avail0: int, avail1: int, remaining: int, under: int, trump: int) -> Material:
    """Player 0's card features minus player 1's (cached: the search meets the same layouts again and again)."""
    key = (avail0, avail1, remaining, under, trump)
    cached = MATERIAL_CACHE.get(key)
    if cached is not None:
        return cached
    table0 = table1 = masters = marriages = 0
    trumps = SUIT_MASKS[trump]
    ruffs0 = 1 if avail0 & trumps else 0
    ruffs1 = 1 if avail1 & trumps else 0
    ruffs = 0
    for suit in range(4):
        shift = 8 * suit
        byte0 = avail0 >> shift & 255
        byte1 = avail1 >> shift & 255
        table0 += _BYTE_POINTS[byte0]
        table1 += _BYTE_POINTS[byte1]
        if suit != trump:
            if not byte0:
                ruffs += ruffs0
            if not byte1:
                ruffs -= ruffs1
        left = remaining >> shift & 255
        top = left & -left
        if byte0 & top:
            masters += 1
        elif byte1 & top:
            masters -= 1
        pair = MARRIAGE_PAIRS[suit]
        worth = marriage_points(suit, trump) // 10
        if avail0 & pair == pair:
            marriages += worth
        if avail1 & pair == pair:
            marriages -= worth
    shift = 8 * trump
    material = (
        table0 - table1,
        (avail0 & trumps).bit_count() - (avail1 & trumps).bit_count(),
        masters,
        marriages,
        _BYTE_POINTS[avail0 >> shift & 255] - _BYTE_POINTS[avail1 >> shift & 255],
        ruffs,
        (under & avail0).bit_count() - (under & avail1).bit_count(),
    )
    MATERIAL_CACHE.put(key, material)
    return material


def features(s: list[int], trump: int) -> list[float]:
    """Player 0's features minus player 1's, in the order of :data:`FEATURES`."""
    remaining = s[AVAIL] | s[AVAIL + 1] | s[POOL]
    if s[LEAD] >= 0:
        remaining |= 1 << s[LEAD]
    table_points, trump_count, masters, marriages, trump_points, ruffs, face_down = _material(
        s[AVAIL], s[AVAIL + 1], remaining, s[UNDER], trump
    )
    table = table_points / 10.0
    trumps = float(trump_count)
    score0 = s[POINTS_WON] + s[MARRIED]
    score1 = s[POINTS_WON + 1] + s[MARRIED + 1]
    progress = s[TRICKS_PLAYED] / TRICKS_PER_DEAL
    near0 = max(0, score0 - HALF_SCORE) / HALF_SCORE
    near1 = max(0, score1 - HALF_SCORE) / HALF_SCORE
    leader = 0 if s[LEAD] >= 0 else (1 if s[TURN] == 0 else -1)
    return [
        (score0 - score1) / 10.0,
        (s[PENDING] - s[PENDING + 1]) / 10.0,
        table,
        trumps,
        float(masters),
        float(marriages),
        float(face_down + s[PHANTOM] - s[PHANTOM + 1]),
        float((s[TRICKS_WON + 1] == 0) - (s[TRICKS_WON] == 0)),
        float(leader),
        near0 * near0 - near1 * near1,
        (score0 - score1) / 10.0 * progress,
        trump_points / 10.0,
        float(ruffs),
        table * progress,
        trumps * progress,
    ]


def expected_game_points(s: list[int], trump: int, weights: tuple[float, ...] = WEIGHTS) -> float:
    """Player 0's expected game points by the model, within -3..3 (what a deal can be worth)."""
    value: float = sum(map(mul, weights, features(s, trump)))
    if value > MAX_GAME_POINTS:
        return float(MAX_GAME_POINTS)
    if value < -MAX_GAME_POINTS:
        return float(-MAX_GAME_POINTS)
    return value
