"""docs/rules.md 1: the 32 cards, their ranking, their points and their text codes."""

from __future__ import annotations

from itertools import combinations

import pytest
from scenario import make_deal, play

from otv66 import InvalidCardError, Otv66Error, card_code, parse_card
from otv66.cards import CODES, POINTS, cards_in, mask_of, parse_suit, rank_of, suit_of

RANKS_HIGH_TO_LOW = ["A", "T", "K", "Q", "J", "9", "8", "7"]
POINTS_BY_RANK = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def test_the_deck_has_32_cards_four_suits_of_eight_ranks():
    assert len(CODES) == len(set(CODES)) == 32
    assert {code[1] for code in CODES} == set("SHDC")
    for suit in "SHDC":
        assert [code[0] for code in CODES if code[1] == suit] == RANKS_HIGH_TO_LOW


@pytest.mark.parametrize("rank", RANKS_HIGH_TO_LOW)
@pytest.mark.parametrize("suit", "SHDC")
def test_card_points_by_rank(rank, suit):
    assert POINTS[parse_card(rank + suit)] == POINTS_BY_RANK[rank]


def test_the_deck_holds_120_card_points():
    assert sum(POINTS) == 120


def test_codes_round_trip_and_name_rank_and_suit():
    for card, code in enumerate(CODES):
        assert parse_card(code) == card
        assert card_code(card) == code
        assert RANKS_HIGH_TO_LOW[rank_of(card)] == code[0]
        assert "SHDC"[suit_of(card)] == code[1]
        assert parse_suit(code[1]) == suit_of(card)


def test_th_is_the_ten_of_hearts_and_qs_the_queen_of_spades():
    assert POINTS[parse_card("TH")] == 10
    assert suit_of(parse_card("TH")) == parse_suit("H")
    assert POINTS[parse_card("QS")] == 3
    assert suit_of(parse_card("QS")) == parse_suit("S")


@pytest.mark.parametrize("code", ["", "A", "10H", "ah", "AX", "1S", "TH ", "XX", "..", None, 9, ["AS"]])
def test_anything_else_is_not_a_card(code):
    with pytest.raises(InvalidCardError) as caught:
        parse_card(code)
    assert isinstance(caught.value, Otv66Error)
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize("letter", ["", "s", "X", "SH", None, 0])
def test_anything_else_is_not_a_suit(letter):
    with pytest.raises(InvalidCardError):
        parse_suit(letter)


def test_card_sets_as_masks_keep_every_card():
    some = [parse_card(code) for code in ("7C", "AS", "QH", "TD")]
    assert cards_in(mask_of(some)) == sorted(some)


@pytest.mark.parametrize(("high", "low"), list(combinations(RANKS_HIGH_TO_LOW, 2)))
def test_ranks_go_a_t_k_q_j_9_8_7_in_a_trick(high, low):
    """Of two cards of the suit led (not trump), the higher rank wins, whoever led it."""
    for leader_card, follower_card, winner in ((high, low, 0), (low, high, 1)):
        deal = make_deal(f"{leader_card}H", f"{follower_card}H", trump="C")
        play(deal, [f"{leader_card}H", f"{follower_card}H"])
        assert deal.last_trick_winner == winner, (leader_card, follower_card)
