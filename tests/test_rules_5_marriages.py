"""docs/rules.md 5: marriages (King and Queen of one suit), who may announce them, what they are worth and when.

Player 1 deals, so player 0 leads the first trick; clubs are trump unless a test says otherwise.
"""

from __future__ import annotations

import pytest
from scenario import make_deal, play

from otv66 import IllegalMoveError, Marriage


def marriage_moves(deal) -> set[str]:
    return {move for move in deal.legal_moves() if move.endswith("m")}


def test_the_leader_with_king_and_queen_available_may_announce_with_either():
    deal = make_deal("KH QH 7S", trump="C")
    assert marriage_moves(deal) == {"KHm", "QHm"}
    assert {"KH", "QH"} <= set(deal.legal_moves())  # leading them without announcing stays legal


def test_a_marriage_is_worth_20_in_a_plain_suit():
    deal = play(make_deal("KH QH", trump="C"), "KHm")
    assert deal.marriages == [Marriage(player=0, suit="H", points=20, counted=False)]
    assert deal.pending_marriage_points(0) == 20


def test_a_marriage_is_worth_40_in_trumps():
    deal = play(make_deal("KC QC", trump="C"), "QCm")
    assert deal.marriages == [Marriage(player=0, suit="C", points=40, counted=False)]
    assert deal.pending_marriage_points(0) == 40


def test_announce_and_lead_is_one_move_and_the_follower_answers_the_led_card():
    deal = play(make_deal("KH QH", "7H", trump="C"), "KHm")
    assert deal.moves == ["KHm"]
    assert deal.trick == [(0, "KH")]
    assert deal.marriage_lead
    assert deal.turn == 1
    play(deal, "7H")
    assert deal.last_trick == (0, [(0, "KH"), (1, "7H")])


def test_two_marriages_give_four_announcing_leads_but_one_announcement_per_lead():
    deal = make_deal("KH QH KS QS", trump="C")
    assert marriage_moves(deal) == {"KHm", "QHm", "KSm", "QSm"}
    play(deal, "KHm")
    assert marriage_moves(deal) == set()


def test_only_the_leader_may_announce():
    deal = make_deal("AH", "KS QS 7H", trump="C")
    play(deal, "AH")
    assert marriage_moves(deal) == set()
    with pytest.raises(IllegalMoveError, match="only the player who leads"):
        deal.play("KSm")


def test_king_and_queen_must_both_be_available_a_face_down_queen_is_not_enough():
    # The queen of hearts lies under the ace of spades.
    deal = make_deal("AS KH", "7S", down0="QH", trump="C")
    assert marriage_moves(deal) == set()
    with pytest.raises(IllegalMoveError, match="king and the queen"):
        deal.play("KHm")
    play(deal, "AS 7S")  # the queen turns up and player 0 leads again
    assert marriage_moves(deal) == {"KHm", "QHm"}


def test_both_on_the_same_pile_never_marry_the_king_leaves_before_the_queen_shows():
    deal = make_deal("KH", "7H", down0="QH", trump="C")
    assert marriage_moves(deal) == set()
    play(deal, "KH 7H")
    assert deal.available(0).count("QH") == 1
    assert marriage_moves(deal) == set()


def test_a_king_led_without_announcing_can_no_longer_marry():
    deal = make_deal("KH QH", "7H 8H", trump="C")
    play(deal, "KH 7H")
    assert marriage_moves(deal) == set()
    play(deal, "QH 8H")
    assert deal.marriages == []
    assert deal.marriage_points(0) == deal.pending_marriage_points(0) == 0


def test_a_queen_turned_up_later_does_not_revive_a_marriage():
    # Player 0 led the king of hearts; later the queen turns up under his ace of spades.
    deal = make_deal("KH AS", "7H 7S", down0=". QH", trump="C")
    play(deal, "KH 7H AS 7S")
    assert "QH" in deal.available(0)
    assert marriage_moves(deal) == set()


def test_following_suit_can_force_a_player_to_give_up_a_marriage():
    deal = make_deal("AH 7S", "KH QH 8S 9S JS 8D 9D 7C", trump="C")
    play(deal, "AH")
    assert set(deal.legal_moves()) == {"KH", "QH"}
    play(deal, "QH 7S")  # player 0 wins with AH, then leads 7S; player 1 can win the spade
    play(deal, "8S")
    assert deal.turn == 1
    assert "KH" in deal.legal_moves()
    assert marriage_moves(deal) == set()


def test_a_marriage_announced_before_the_first_trick_waits_for_it():
    # Player 0 announces, player 1 takes the king with the ace, player 0 wins trick 2.
    deal = make_deal("KH QH AS", "AH 7S 8D 9D JD QD KD 7C", trump="C")
    play(deal, "KHm AH")
    assert deal.pending_marriage_points(0) == 20
    assert deal.marriage_points(0) == 0
    assert deal.score(0) == 0
    assert deal.marriages == [Marriage(player=0, suit="H", points=20, counted=False)]
    play(deal, "7S AS")  # player 1 leads 7S and player 0 wins it: 11 card points
    assert deal.pending_marriage_points(0) == 0
    assert deal.marriage_points(0) == 20
    assert deal.score(0) == 11 + 20
    assert deal.marriages == [Marriage(player=0, suit="H", points=20, counted=True)]


def test_a_marriage_announced_after_a_won_trick_counts_at_once():
    deal = make_deal("AS KH QH", "7S", trump="C")
    play(deal, "AS 7S")
    play(deal, "QHm")
    assert deal.marriage_points(0) == 20
    assert deal.score(0) == 11 + 20
    assert deal.marriages == [Marriage(player=0, suit="H", points=20, counted=True)]


def test_a_marriage_never_counts_if_the_announcer_wins_no_trick():
    """Player 0 announces hearts, then player 1 takes every trick up to 66."""
    deal = make_deal(
        "KH QH 7S 8S 9S 7D 8D 9D",
        "AH AS TS AD TD KS QS 7C",
        down0="7H 8H 9H JH JS JD QD KD",
        trump="C",
    )
    play(deal, "KHm AH  AS 7S  TS 8S  AD 7D  TD 8D  KS 9S")
    assert deal.pending_marriage_points(0) == 20
    assert deal.score(1) == 61
    play(deal, "QS JS")
    assert deal.is_over
    assert deal.result == {"winner": 1, "game_points": 3, "scores": [0, 66], "tricks": [0, 7], "reason": "reached_66"}
    assert deal.marriages == [Marriage(player=0, suit="H", points=20, counted=False)]


def test_a_pending_marriage_counts_at_a_first_won_trick_worth_0_points():
    deal = make_deal("KH QH 8S", "AH 7S 8D 9D JD QD KD 7C", trump="C")
    play(deal, "KHm AH 7S 8S")
    assert deal.tricks_won(0) == 1
    assert deal.card_points(0) == 0
    assert deal.score(0) == 20
