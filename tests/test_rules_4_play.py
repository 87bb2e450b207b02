"""docs/rules.md 4: leading, following, winning tricks, and cards turning up.

Player 1 deals unless a test says otherwise, so player 0 leads the first trick and the
trump card lies on player 1's pile 7.
"""

from __future__ import annotations

import random

import pytest
from scenario import make_deal, play, random_playout, snapshot

from otv66 import Deal, IllegalMoveError, Pile


def legal(deal: Deal) -> set[str]:
    return set(deal.legal_moves())


# --------------------------------------------------------------------------- leading


def test_the_non_dealer_leads_the_first_trick():
    assert make_deal(dealer=1).turn == 0
    assert make_deal(dealer=0, trump="S").turn == 1


def test_the_leader_may_lead_any_available_card():
    deal = make_deal("AS 7H 9D JC KS 8H TD QC", trump="C")
    assert legal(deal) == {"AS", "7H", "9D", "JC", "KS", "8H", "TD", "QC"}


def test_a_face_down_card_cannot_be_played():
    deal = make_deal("AS", down0="AH")
    with pytest.raises(IllegalMoveError, match="not a face-up card"):
        deal.play("AH")


def test_the_opponents_cards_cannot_be_played():
    deal = make_deal("AS", "AH")
    with pytest.raises(IllegalMoveError):
        deal.play("AH")


# --------------------------------------------------------------------------- following


def test_the_follower_must_follow_suit_when_he_can():
    deal = make_deal("AH", "7H KH 8S 8D 9S TS JS AC", trump="C")
    play(deal, "AH")
    assert legal(deal) == {"7H", "KH"}


def test_without_the_suit_led_the_follower_must_trump():
    deal = make_deal("AH", "8S 8D 9S TS JS 9D 7C AC", trump="C")
    play(deal, "AH")
    assert legal(deal) == {"7C", "AC"}


def test_without_the_suit_led_or_a_trump_the_follower_plays_any_card():
    # Trick 1 draws the dealer's only trump (his trump card); trick 2 leads a heart.
    deal = make_deal("AC AH", "8S 8D 9S TS JS 9D QD 7C", down1=". . . . . . . KS", trump="C")
    play(deal, "AC 7C")
    assert deal.turn == 0
    play(deal, "AH")
    assert legal(deal) == {"8S", "8D", "9S", "TS", "JS", "9D", "QD", "KS"}


def test_following_suit_does_not_require_beating_by_default():
    deal = make_deal("KH", "7H AH QH 8S 8D 9S TS AC", trump="C")
    play(deal, "KH")
    assert legal(deal) == {"7H", "AH", "QH"}


def test_must_beat_makes_the_follower_beat_the_led_card_when_he_can():
    deal = make_deal("KH", "7H AH QH 8S 8D 9S TS AC", trump="C", must_beat=True)
    play(deal, "KH")
    assert legal(deal) == {"AH"}
    with pytest.raises(IllegalMoveError, match="beat"):
        deal.play("7H")


def test_must_beat_allows_any_card_of_the_suit_when_none_beats():
    deal = make_deal("KH", "7H QH 8S 8D 9S TS JS AC", trump="C", must_beat=True)
    play(deal, "KH")
    assert legal(deal) == {"7H", "QH"}


def test_must_beat_changes_nothing_when_the_follower_trumps():
    deal = make_deal("AH", "8S 8D 9S TS JS 9D 7C AC", trump="C", must_beat=True)
    play(deal, "AH")
    assert legal(deal) == {"7C", "AC"}


def test_must_beat_applies_to_a_trump_lead_too():
    deal = make_deal("KC", "7C AC 8S 8D 9S TS JS QC", trump="C", must_beat=True)
    play(deal, "KC")
    assert legal(deal) == {"AC"}


# --------------------------------------------------------------------------- winning tricks


@pytest.mark.parametrize(
    ("lead", "table1", "answer", "winner"),
    [
        ("7H", "AH 9D 8D QD JD TD AD 7C", "AH", 1),  # the higher card of the suit led
        ("AH", "7H 9D 8D QD JD TD AD 7C", "7H", 0),
        ("AH", "8C 9D 8D QD JD TD AD 7C", "8C", 1),  # any trump beats the suit led
        ("AS", "8D 9D KD QD JD TD AD 7C", "8D", 0),  # another suit that is not trump never wins
        ("KC", "TC 9D 8D QD JD TD AD 7C", "TC", 1),  # trump led: the higher trump
        ("9C", "AH 9D 8D QD JD TD AD 7C", "AH", 0),  # trump led, answered by a plain card
    ],
)
def test_the_highest_trump_wins_else_the_highest_card_of_the_suit_led(lead, table1, answer, winner):
    # Trick 1 (AC 7C) takes the dealer's trump card, which would otherwise have to be played
    # whenever he cannot follow suit; the card it uncovers, 7D, changes nothing here.
    deal = make_deal(f"AC {lead}", table1, down1=". . . . . . . 7D", trump="C")
    play(deal, ["AC", "7C", lead])
    assert answer in deal.legal_moves()
    play(deal, [answer])
    assert deal.last_trick_winner == winner


def test_the_winner_keeps_the_cards_points_and_leads_the_next_trick():
    deal = make_deal("TH", "KH", trump="C")
    play(deal, "TH KH")
    assert (deal.card_points(0), deal.card_points(1)) == (14, 0)
    assert (deal.tricks_won(0), deal.tricks_won(1)) == (1, 0)
    assert deal.turn == deal.leader == 0
    assert deal.last_trick == (0, [(0, "TH"), (1, "KH")])


def test_the_follower_who_wins_leads_next():
    deal = make_deal("TH", "AH", trump="C")
    play(deal, "TH AH")
    assert deal.turn == deal.leader == 1
    assert deal.card_points(1) == 21


# --------------------------------------------------------------------------- turning up


def test_a_card_leaving_a_pile_turns_up_the_card_under_it_at_once():
    deal = make_deal("AH", down0="QS", trump="C")
    assert deal.piles(0)[0] == Pile("AH", hidden=True)
    play(deal, "AH")
    assert deal.piles(0)[0] == Pile("QS", hidden=False)
    # The follower sees it before answering ...
    assert deal.turn == 1
    assert deal.view().to_dict()["piles"][0][0] == {"top": "QS", "hidden": False}


def test_a_turned_up_card_is_available_to_its_owner_from_his_next_turn():
    deal = make_deal("AH 7D", "7H 8D", down0="QS", trump="C")
    play(deal, "AH")
    assert "QS" not in legal(deal)  # the follower's choice is his own cards only
    play(deal, "7H")
    assert deal.turn == 0
    assert "QS" in legal(deal)


def test_the_followers_turned_up_card_is_his_from_his_next_turn():
    deal = make_deal("7H", "AH", down1="KS", trump="C")
    play(deal, "7H AH")
    assert deal.turn == 1
    assert "KS" in legal(deal)


def test_a_turned_up_card_can_be_the_one_the_follower_must_answer_with_next_time():
    # Player 1's 7H covers KH: after the first trick KH is his only heart.
    deal = make_deal("AH TH", "7H 8S 9S JS 8D 9D JD 7C", down1="KH", trump="C")
    play(deal, "AH 7H TH")
    assert legal(deal) == {"KH"}


def test_an_empty_pile_stays_empty():
    deal = make_deal("AH", "7H", down0="AS", trump="C")
    play(deal, "AH 7H AS")
    assert deal.piles(0)[0] == Pile(None, hidden=False)
    rng = random.Random(4)
    while not deal.is_over:
        deal.play(rng.choice(deal.legal_moves()))
        assert deal.piles(0)[0] == Pile(None, hidden=False)


# --------------------------------------------------------------------------- illegal moves


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("7D", "must follow suit"),
        ("AH", "already been played"),
        ("XX", "not a move"),
        ("", "not a move"),
        ("KHm", "only the player who leads"),
        ("66", "automatically"),
    ],
)
def test_an_illegal_move_raises_and_changes_nothing(move, message):
    deal = make_deal("AH", "7H KH 7D", trump="C")
    play(deal, "AH")
    before = snapshot(deal)
    with pytest.raises(IllegalMoveError, match=message) as caught:
        deal.play(move)
    assert isinstance(caught.value, ValueError)
    assert snapshot(deal) == before


@pytest.mark.parametrize("move", [None, 7, b"AH", ["AH"]])
def test_a_move_that_is_not_text_is_illegal(move):
    deal = make_deal("AH")
    with pytest.raises(IllegalMoveError):
        deal.play(move)


def test_no_move_is_legal_after_the_end():
    deal = Deal.from_seed(11, dealer=0)
    random_playout(deal, random.Random(11))
    assert deal.is_over and deal.legal_moves() == [] and deal.turn is None
    with pytest.raises(IllegalMoveError, match="over"):
        deal.play("AS")


def test_undo_with_no_move_raises():
    with pytest.raises(IllegalMoveError):
        make_deal().undo()
