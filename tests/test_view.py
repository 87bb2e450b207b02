"""The public view (docs/rules.md 3): what both players see, and nothing else.

Player 1 deals, so player 0 leads; clubs are trump.
"""

from __future__ import annotations

import json

from scenario import make_deal, play

from otv66 import Rules
from otv66.cards import mask_of, parse_card
from otv66.view import NO_CARD

KEYS = {
    "rules",
    "dealer",
    "trump",
    "trump_card",
    "piles",
    "turn",
    "leader",
    "claimant",
    "trick",
    "marriage_lead",
    "tricks_played",
    "last_winner",
    "tricks_won",
    "card_points",
    "marriage_points",
    "pending_marriage_points",
    "scores",
    "marriages",
    "marriage_worth",
    "moves",
    "unseen_count",
    "legal_moves",
    "result",
}


def cards(codes: str) -> int:
    return mask_of([parse_card(code) for code in codes.split()])


def fresh():
    return make_deal(
        "AH KS QS 7D 8D 9D JD TD",
        "7H 8H 9H JH QH KH TH 7C",
        "AS TS JS 9S 8S 7S AD KD",
        "AC TC KC QC JC 9C 8C QD",
        trump="C",
    )


def test_the_view_at_the_start_of_a_deal():
    view = fresh().view().to_dict()
    assert set(view) == KEYS
    assert view["rules"] == Rules().to_dict()
    assert (view["dealer"], view["trump"], view["trump_card"]) == (1, "C", "7C")
    assert [pile["top"] for pile in view["piles"][0]] == ["AH", "KS", "QS", "7D", "8D", "9D", "JD", "TD"]
    assert [pile["top"] for pile in view["piles"][1]] == ["7H", "8H", "9H", "JH", "QH", "KH", "TH", "7C"]
    assert all(pile["hidden"] for table in view["piles"] for pile in table)
    assert (view["turn"], view["leader"], view["claimant"]) == (0, 0, None)
    assert view["trick"] == [] and view["marriage_lead"] is False
    assert (view["tricks_played"], view["last_winner"]) == (0, None)
    for key in ("tricks_won", "card_points", "marriage_points", "pending_marriage_points", "scores"):
        assert view[key] == [0, 0]
    assert view["marriages"] == [] and view["moves"] == []
    assert view["marriage_worth"] == {"S": 20, "H": 20, "D": 20, "C": 40}, "a marriage's worth before it is announced"
    assert view["unseen_count"] == 16
    assert sorted(view["legal_moves"]) == sorted(["KS", "QS", "KSm", "QSm", "AH", "TD", "JD", "9D", "8D", "7D"])
    assert view["result"] is None


def test_a_lead_shows_the_card_in_the_trick_and_the_card_it_uncovered():
    deal = play(fresh(), "KSm")
    view = deal.view()
    data = view.to_dict()
    assert data["trick"] == [{"player": 0, "card": "KS"}]
    assert view.lead == parse_card("KS")
    assert data["marriage_lead"] is True
    assert data["piles"][0][1] == {"top": "TS", "hidden": False}
    assert data["unseen_count"] == 15
    assert (data["turn"], data["leader"]) == (1, 0)
    assert data["marriages"] == [{"player": 0, "suit": "S", "points": 20, "counted": False}]
    assert data["pending_marriage_points"] == [20, 0]
    assert data["legal_moves"] == ["7C"]  # no spade: he must trump


def test_a_finished_trick_moves_points_and_the_lead():
    deal = play(fresh(), "KSm 7C")
    data = deal.view().to_dict()
    assert data["trick"] == []
    assert data["marriage_lead"] is False
    assert (data["tricks_played"], data["last_winner"]) == (1, 1)
    assert data["tricks_won"] == [0, 1]
    assert data["card_points"] == [0, 4]
    assert data["scores"] == [0, 4]
    assert data["piles"][1][7] == {"top": "QD", "hidden": False}
    assert (data["turn"], data["leader"]) == (1, 1)
    assert data["moves"] == ["KSm", "7C"]


def test_an_empty_pile_is_shown_as_no_card():
    deal = play(fresh(), "KSm 7C QD TD")
    view = deal.view()
    assert view.piles[1][7] == (NO_CARD, False)
    assert view.to_dict()["piles"][1][7] == {"top": None, "hidden": False}


def test_the_unseen_cards_are_exactly_the_face_down_ones_and_the_played_ones_are_known():
    deal = play(fresh(), "KSm 7C QD")
    view = deal.view()
    assert view.unseen == deal.hidden_cards()
    assert view.played == cards("KS 7C QD")
    assert view.hidden_count == 14


def test_manual_claim_shows_who_may_claim():
    deal = make_deal("AH", "7H", trump="C", claim="manual")
    play(deal, "AH 7H")
    data = deal.view().to_dict()
    assert data["claimant"] == 0
    assert data["legal_moves"][-1] == "66"


def test_the_view_of_a_finished_deal():
    deal = make_deal("KC QC AS TS QD JD", "7S 8S 7D 8D 9S 9D 8C 7C", trump="C")
    play(deal, "AS 7S  TS 8S  QD 7D  JD 8D  QCm")
    view = deal.view()
    data = view.to_dict()
    assert view.is_over
    assert data["result"] == deal.result
    assert (data["turn"], data["leader"], data["claimant"]) == (None, None, None)
    assert data["legal_moves"] == []
    assert data["trick"] == [{"player": 0, "card": "QC"}]
    assert data["marriages"] == [{"player": 0, "suit": "C", "points": 40, "counted": True}]


def test_a_view_is_a_snapshot_and_plain_json():
    deal = fresh()
    view = deal.view()
    play(deal, "AH 7H")
    assert view.moves == ()
    assert json.loads(json.dumps(view.to_dict())) == view.to_dict()
