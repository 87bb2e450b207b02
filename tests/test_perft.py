"""Perft: the number of legal move sequences of a given length from fixed positions.

As in chess engines, exact counts pin the move generator: any change in what is legal
(following, trumping, must_beat, marriage leads, claims, the end of a deal) changes them.
A sequence that ends the deal early (a claim, reaching 66) is not continued. The counts are
regression values taken from this engine and checked, to a smaller depth, against the
referee (``referee.py``), a plain second reading of docs/rules.md.
"""

from __future__ import annotations

import copy

import pytest
from referee import Referee

from otv66 import Deal, Rules


def perft(deal: Deal, depth: int) -> int:
    if depth == 0:
        return 1
    count = 0
    for move in deal.legal_moves():
        deal.play(move)
        count += perft(deal, depth - 1)
        deal.undo()
    return count


def referee_perft(referee: Referee, depth: int) -> int:
    if depth == 0:
        return 1
    count = 0
    for move in referee.legal_moves():
        child = copy.deepcopy(referee)
        child.play(move)
        count += referee_perft(child, depth - 1)
    return count


POSITIONS = {
    "seed 1, default rules": (Deal.from_seed(1, 0, (4, 4), Rules()), ""),
    "seed 2, must_beat": (Deal.from_seed(2, 1, (2, 2, 2, 2), Rules(must_beat=True)), ""),
    "seed 3, manual claim": (Deal.from_seed(3, 0, (1, 2, 1, 4), Rules(claim="manual")), ""),
    "seed 4, must_beat and manual claim": (Deal.from_seed(4, 1, (4, 4), Rules(must_beat=True, claim="manual")), ""),
    # Mid-deal: player 0 has just won a trick (he may claim) and holds two marriages' worth of cards.
    "seed 24, mid-deal with marriages and a claim": (
        Deal.from_seed(24, 0, (2, 1, 1, 4), Rules(claim="manual")),
        "7D 9H AH TH AC QC 7S 8S KSm JS TS AS 9C JH",
    ),
}

PINNED = {
    "seed 1, default rules": [8, 18, 144, 336, 2757, 5676, 45310, 101565],
    "seed 2, must_beat": [8, 16, 132, 254, 2112, 3939],
    "seed 3, manual claim": [8, 17, 155, 290, 2629, 5316],
    "seed 4, must_beat and manual claim": [10, 29, 263, 353, 3230, 5627, 50452, 88734],
    "seed 24, mid-deal with marriages and a claim": [8, 13, 70, 74, 430, 467],
}


def position(name: str) -> Deal:
    start, moves = POSITIONS[name]
    deal = start.copy()
    for move in moves.split():
        deal.play(move)
    return deal


@pytest.mark.parametrize("name", PINNED)
def test_perft_counts_are_pinned(name):
    deal = position(name)
    assert [perft(deal, depth) for depth in range(1, len(PINNED[name]) + 1)] == PINNED[name]


def test_the_mid_deal_position_offers_marriages_and_a_claim():
    assert position("seed 24, mid-deal with marriages and a claim").legal_moves() == [
        "QS",
        "KH",
        "QH",
        "KHm",
        "QHm",
        "TD",
        "9D",
        "66",
    ]


@pytest.mark.parametrize("name", PINNED)
def test_the_referee_counts_the_same(name):
    deal = position(name)
    referee = Referee(deal.reveal_layout(), deal.dealer, deal.rules)
    for move in deal.moves:
        referee.play(move)
    assert [referee_perft(referee, depth) for depth in range(1, 5)] == PINNED[name][:4]


def test_perft_leaves_the_position_unchanged():
    deal = position("seed 4, must_beat and manual claim")
    before = (deal.view(), deal.moves)
    perft(deal, 5)
    assert (deal.view(), deal.moves) == before
