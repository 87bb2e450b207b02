"""docs/rules.md 6: reaching 66, game points, played-out deals, manual claims and the match.

Player 1 deals, so player 0 leads the first trick; clubs are trump.
"""

from __future__ import annotations

import pytest
from scenario import build_layout, find_playout, make_deal, play

from otv66 import CLAIM, Deal, IllegalMoveError, Rules, record
from otv66.match import Match

# Player 0 holds every ace and ten but the club ten; player 1 can follow every suit with
# low cards, so player 0 wins each trick he leads.
STRONG = "AS TS AH TH AD TD AC 9C"
WEAK = "7S 8S 7H 8H 7D 8D 8C 7C"
STRONG_DOWN = "KS QS KH QH KD QD KC QC"
WEAK_DOWN = "9S JS 9H JH 9D JD JC TC"
RUN_TO_63 = "AS 7S  TS 8S  AH 7H  TH 8H  AD 7D  TD 8D"


def strong_against_weak(**rules: object) -> Deal:
    return make_deal(STRONG, WEAK, STRONG_DOWN, WEAK_DOWN, trump="C", **rules)


# --------------------------------------------------------------------------- reaching 66 (claim: auto)


def test_the_deal_stops_at_once_when_a_trick_takes_a_player_to_66():
    deal = play(strong_against_weak(), RUN_TO_63)
    assert deal.score(0) == 63
    assert not deal.is_over
    play(deal, "AC 8C")
    assert deal.is_over
    assert deal.result == {"winner": 0, "game_points": 3, "scores": [74, 0], "tricks": [7, 0], "reason": "reached_66"}
    assert deal.legal_moves() == []
    assert deal.turn is None
    with pytest.raises(IllegalMoveError, match="over"):
        deal.play("KS")


@pytest.mark.parametrize(("last_lead", "score", "over"), [("QD", 66, True), ("JD", 65, False)])
def test_66_or_more_ends_the_deal_65_does_not(last_lead, score, over):
    deal = make_deal(f"AS TS AH TH AD TD {last_lead}", "7S 8S 7H 8H 7D 8D 9D 7C", trump="C")
    play(deal, f"AS 7S  TS 8S  AH 7H  TH 8H  AD 7D  TD 8D  {last_lead} 9D")
    assert deal.score(0) == score
    assert deal.is_over is over


def test_a_marriage_that_reaches_66_ends_the_deal_at_once_with_the_lead_unanswered():
    # 26 card points (AS, TS, QD, JD) and then the trump marriage, 40: exactly 66.
    deal = make_deal("AS TS QD JD KC QC", "7S 8S 7D 8D 9S 9D 8C 7C", trump="C")
    play(deal, "AS 7S  TS 8S  QD 7D  JD 8D")
    assert deal.score(0) == 26
    play(deal, "QCm")
    assert deal.is_over
    assert deal.trick == [(0, "QC")]
    assert deal.tricks_played == 4
    assert deal.result == {"winner": 0, "game_points": 3, "scores": [66, 0], "tricks": [4, 0], "reason": "reached_66"}


def test_a_marriage_short_of_66_lets_the_follower_answer():
    deal = make_deal("AS TS JD KC QC", "7S 8S 7D 8D 9S 9D 8C 7C", trump="C")
    play(deal, "AS 7S  TS 8S  JD 7D  QCm")
    assert deal.score(0) == 23 + 40
    assert not deal.is_over
    assert deal.turn == 1


# --------------------------------------------------------------------------- game points


def test_three_game_points_when_the_loser_took_no_trick():
    deal = play(strong_against_weak(), RUN_TO_63 + " AC 8C")
    assert deal.result["tricks"][1] == 0
    assert deal.result["game_points"] == 3


def test_a_trick_worth_0_points_saves_the_loser_from_3():
    # Player 1 takes the first trick with 8H over 7H: 0 card points, but a trick.
    deal = make_deal("7H AS TS AH TH AD TD AC", "8H 7S 8S 9H JH 7D 8D 7C", trump="C")
    play(deal, "7H 8H  7S AS")
    assert (deal.tricks_won(1), deal.card_points(1)) == (1, 0)
    play(deal, "TS 8S  AH 9H  TH JH  AD 7D  TD 8D  AC 7C")
    assert deal.is_over
    assert deal.result["scores"][1] == 0
    assert deal.result["tricks"][1] == 1
    assert deal.result["game_points"] == 2


def game_points_when_loser_has(loser_score: int) -> Deal:
    def wanted(deal: Deal) -> bool:
        winner = deal.result["winner"]
        return winner is not None and deal.score(1 - winner) == loser_score

    return find_playout(wanted)


@pytest.mark.parametrize(("loser_score", "points"), [(32, 2), (33, 1)])
def test_one_game_point_from_33_two_below(loser_score, points):
    deal = game_points_when_loser_has(loser_score)
    result = deal.result
    assert result["tricks"][1 - result["winner"]] > 0
    assert result["game_points"] == points


def test_counting_marriages_lift_the_loser_to_33():
    """A loser whose card points are below 33 but whose counted marriages take him to 33 or more pays 1."""

    def wanted(deal: Deal) -> bool:
        winner = deal.result["winner"]
        return winner is not None and deal.card_points(1 - winner) < 33 <= deal.score(1 - winner)

    deal = find_playout(wanted)
    loser = 1 - deal.result["winner"]
    assert deal.marriage_points(loser) > 0
    assert deal.result["game_points"] == 1


# --------------------------------------------------------------------------- played out


def test_the_16th_trick_adds_10_to_its_winner():
    deal = find_playout(lambda deal: deal.tricks_played == 16, rules=Rules(claim="manual"))
    last_winner = deal.last_trick_winner
    for player in (0, 1):
        bonus = 10 if player == last_winner else 0
        assert deal.score(player) == deal.card_points(player) + deal.marriage_points(player) + bonus
    assert deal.card_points(0) + deal.card_points(1) == 120


def test_under_auto_claim_a_played_out_deal_goes_to_the_winner_of_the_16th_trick():
    deal = find_playout(lambda deal: deal.tricks_played == 16 and deal.result["winner"] is not None)
    assert deal.result["winner"] == deal.last_trick_winner
    assert deal.result["reason"] == "reached_66"
    assert deal.score(deal.last_trick_winner) >= 66


def test_65_65_is_a_draw():
    deal = find_playout(lambda deal: deal.tricks_played == 16 and deal.score(0) == deal.score(1))
    assert deal.result == {
        "winner": None,
        "game_points": 0,
        "scores": [65, 65],
        "tricks": deal.result["tricks"],
        "reason": "draw",
    }
    assert sum(deal.result["tricks"]) == 16


# --------------------------------------------------------------------------- manual claim


def test_manual_claim_the_deal_goes_on_past_66_until_the_player_claims():
    deal = play(strong_against_weak(claim="manual"), RUN_TO_63 + " AC 8C")
    assert deal.score(0) == 74
    assert not deal.is_over
    assert deal.claimant == 0
    assert CLAIM in deal.legal_moves()
    play(deal, CLAIM)
    assert deal.result == {"winner": 0, "game_points": 3, "scores": [74, 0], "tricks": [7, 0], "reason": "reached_66"}
    assert deal.moves[-1] == CLAIM


def test_manual_claim_is_not_possible_before_winning_a_trick():
    deal = strong_against_weak(claim="manual")
    assert deal.claimant is None
    assert CLAIM not in deal.legal_moves()
    with pytest.raises(IllegalMoveError, match="only right after"):
        deal.play(CLAIM)


def test_manual_claim_below_66_gives_the_opponent_2_game_points():
    deal = play(strong_against_weak(claim="manual"), "AS 7S")
    assert deal.claimant == 0
    play(deal, CLAIM)
    assert deal.result == {"winner": 1, "game_points": 2, "scores": [11, 0], "tricks": [1, 0], "reason": "false_claim"}


def test_manual_claim_a_player_who_misses_the_moment_waits_for_his_next_trick():
    deal = play(strong_against_weak(claim="manual"), RUN_TO_63 + " AC 8C")
    assert deal.score(0) == 74
    play(deal, "KS")  # he leads instead of claiming: the moment is gone
    assert deal.claimant is None
    with pytest.raises(IllegalMoveError):
        deal.play(CLAIM)
    play(deal, "9S")
    assert deal.claimant == 0  # his next won trick gives him the moment again
    play(deal, CLAIM)
    assert deal.result["winner"] == 0


def test_manual_claim_only_the_trick_winner_may_claim():
    deal = make_deal("7H", "AH", trump="C", claim="manual")
    play(deal, "7H AH")
    assert deal.claimant == 1
    assert deal.turn == 1
    play(deal, CLAIM)
    assert deal.result["reason"] == "false_claim"
    assert deal.result["winner"] == 0


def test_manual_claim_right_after_announcing_a_marriage_before_the_answer():
    deal = make_deal("AS TS QD JD KC QC", "7S 8S 7D 8D 9S 9D 8C 7C", trump="C", claim="manual")
    play(deal, "AS 7S  TS 8S  QD 7D  JD 8D  QCm")
    assert deal.turn == 1
    assert deal.claimant == 0
    assert CLAIM in deal.legal_moves()
    play(deal, CLAIM)
    assert deal.result == {"winner": 0, "game_points": 3, "scores": [66, 0], "tricks": [4, 0], "reason": "reached_66"}


def test_manual_claim_the_moment_after_a_marriage_ends_with_the_answer():
    deal = make_deal("AS TS QD JD KC QC", "7S 8S 7D 8D 9S 9D 8C 7C", trump="C", claim="manual")
    play(deal, "AS 7S  TS 8S  QD 7D  JD 8D  QCm")
    play(deal, "8C")  # player 0 wins the trick: a new moment
    assert deal.claimant == 0
    play(deal, "KC")  # ... which he lets pass by leading
    assert deal.claimant is None


def test_manual_claim_a_pending_marriage_does_not_count_for_a_claim():
    deal = make_deal("KC QC", "AC", trump="C", claim="manual")
    play(deal, "KCm")
    assert deal.claimant == 0
    assert deal.pending_marriage_points(0) == 40
    play(deal, CLAIM)
    assert deal.result["reason"] == "false_claim"
    assert deal.result["scores"] == [0, 0]


def test_manual_claim_played_out_without_a_claim_the_higher_score_wins():
    deal = find_playout(
        lambda deal: deal.result["reason"] == "played_out" and max(deal.result["scores"]) >= 66,
        rules=Rules(claim="manual"),
    )
    scores = deal.result["scores"]
    assert deal.tricks_played == 16
    assert deal.result["winner"] == scores.index(max(scores))
    loser = 1 - deal.result["winner"]
    expected = 3 if deal.tricks_won(loser) == 0 else 2 if scores[loser] < 33 else 1
    assert deal.result["game_points"] == expected


def test_manual_claim_a_played_out_tie_is_a_draw():
    deal = find_playout(
        lambda deal: deal.tricks_played == 16 and deal.score(0) == deal.score(1), rules=Rules(claim="manual")
    )
    assert deal.result["reason"] == "draw"
    assert deal.result["winner"] is None


def test_auto_claim_never_offers_a_claim():
    deal = play(strong_against_weak(), "AS 7S")
    assert deal.claimant is None
    with pytest.raises(IllegalMoveError, match="automatically"):
        deal.play(CLAIM)


# --------------------------------------------------------------------------- the match
#
# Each deal of a match below is one of three endings, written for dealer 1 and mirrored
# (the players' seats swapped) when player 0 deals.


def mirrored(layout):
    """The same cards with the players' seats swapped."""
    return [layout[1], layout[0]]


def the_65_65_draw() -> tuple[list, list[str]]:
    deal = find_playout(lambda deal: deal.tricks_played == 16 and deal.score(0) == deal.score(1))
    layout = deal.reveal_layout()
    return (layout if deal.dealer == 1 else mirrored(layout)), deal.moves


ENDINGS = {
    "forehand wins 3": (build_layout(STRONG, WEAK, STRONG_DOWN, WEAK_DOWN, trump="C"), RUN_TO_63 + " AC 8C"),
    # The forehand leads a seven, the dealer takes it and runs his aces and tens.
    "dealer wins 3": (
        build_layout(WEAK, "AS TS AH TH AD TD 9C AC", WEAK_DOWN, STRONG_DOWN),
        "7S AS  TS 8S  AH 7H  TH 8H  AD 7D  TD 8D  AC 8C",
    ),
}


def play_next_deal(match: Match, ending: str) -> Deal:
    """Start the match's next deal and play it to ``ending``."""
    layout, moves = the_65_65_draw() if ending == "draw" else ENDINGS[ending]
    deal = match.new_deal(layout=layout if match.next_dealer == 1 else mirrored(layout))
    play(deal, moves)
    assert deal.is_over
    return deal


def test_the_match_ends_when_a_player_reaches_the_target():
    match = Match(Rules(target=7), first_dealer=1)
    for points in (3, 6):
        play_next_deal(match, "dealer wins 3")
        assert match.game_points == (0, points)
        assert not match.is_over and match.winner is None
    play_next_deal(match, "dealer wins 3")
    assert match.game_points == (0, 9)
    assert match.is_over and match.winner == 1
    with pytest.raises(IllegalMoveError, match="over"):
        match.new_deal()


@pytest.mark.parametrize("target", [1, 3])
def test_a_short_match_can_end_after_one_deal(target):
    match = Match(Rules(target=target), first_dealer=0)
    deal = play_next_deal(match, "forehand wins 3")
    assert deal.result["winner"] == 1
    assert match.winner == 1


def test_a_deal_must_end_before_the_next_one_starts():
    match = Match(first_dealer=0, seed=3)
    match.new_deal().play(match.deal.legal_moves()[0])
    with pytest.raises(IllegalMoveError, match="finish"):
        match.new_deal()


@pytest.mark.parametrize(
    ("dealer_rule", "ending", "next_dealer"),
    [
        ("winner", "forehand wins 3", 0),
        ("winner", "dealer wins 3", 1),
        ("alternate", "forehand wins 3", 0),
        ("alternate", "dealer wins 3", 0),
        ("winner", "draw", 1),
        ("alternate", "draw", 1),
    ],
)
def test_who_deals_next(dealer_rule, ending, next_dealer):
    """Dealer 1 deals the first deal; the winner (or, alternating, the other player) deals next; a draw keeps him."""
    match = Match(Rules(dealer=dealer_rule), first_dealer=1)
    play_next_deal(match, ending)
    assert match.next_dealer == next_dealer
    assert match.new_deal(seed=1).dealer == next_dealer


def test_a_draw_gives_no_game_points():
    match = Match(first_dealer=1)
    deal = play_next_deal(match, "draw")
    assert deal.result["reason"] == "draw"
    assert match.game_points == (0, 0)


@pytest.mark.parametrize(("draw_bonus", "points"), [(False, 3), (True, 4)])
def test_draw_bonus_gives_the_winner_of_the_next_deal_1_extra_point(draw_bonus, points):
    match = Match(Rules(draw_bonus=draw_bonus), first_dealer=1)
    play_next_deal(match, "draw")
    assert match.draw_bonus_pending == (1 if draw_bonus else 0)
    play_next_deal(match, "dealer wins 3")
    assert match.game_points == (0, points)
    assert match.draw_bonus_pending == 0
    play_next_deal(match, "dealer wins 3")
    assert match.game_points == (0, points + 3)  # the bonus is paid once


def test_draw_bonus_after_two_draws_in_a_row_is_2():
    """The engine's reading of docs/rules.md 6.3: each drawn deal adds its own extra point."""
    match = Match(Rules(draw_bonus=True), first_dealer=1)
    play_next_deal(match, "draw")
    play_next_deal(match, "draw")
    assert match.draw_bonus_pending == 2
    play_next_deal(match, "forehand wins 3")
    assert match.game_points == (5, 0)
    assert match.bonuses_after() == [1, 2, 0], "what each deal left waiting (a replay says it)"


def test_a_false_claim_would_give_the_other_player_2_game_points_and_the_draw_bonus_waiting():
    """docs/rules.md 6: what a page asks with before a claim; a claim below 66 may end the match."""
    match = Match(Rules(draw_bonus=True, target=6), first_dealer=1)
    assert match.false_claim_risk() == {"award": 2, "ends_match": [False, False]}
    play_next_deal(match, "draw")
    assert match.false_claim_risk() == {"award": 3, "ends_match": [False, False]}
    play_next_deal(match, "dealer wins 3")  # player 1: 3 and the bonus
    assert match.game_points == (0, 4)
    assert match.false_claim_risk() == {"award": 2, "ends_match": [True, False]}, "player 0's false claim: 4 + 2 = 6"


@pytest.mark.parametrize(("dealer_rule", "next_dealer"), [("winner", 0), ("alternate", 0)])
def test_a_resigned_deal_gives_the_other_player_3_game_points(dealer_rule, next_dealer):
    """docs/rules.md 6.5: the player who gives a deal up loses it as if he had taken no trick."""
    match = Match(Rules(dealer=dealer_rule, draw_bonus=True), first_dealer=1)
    play_next_deal(match, "draw")
    deal = match.new_deal(seed=2)
    deal.play(deal.legal_moves()[0])
    match.resign(1)
    assert match.game_points == (4, 0)  # 3, and the draw bonus waiting
    assert match.next_dealer == next_dealer and not deal.is_over
    with pytest.raises(IllegalMoveError):
        match.resign(0)  # that deal is over: nothing left to resign
    assert match.new_deal(seed=3).dealer == next_dealer


def test_a_resigned_deal_takes_no_more_moves_and_its_match_keeps_a_record_that_reads():
    """docs/rules.md 6.5: a resigned deal is over for its match. Its cards went on being played, and a deal the resigner
    then won on the board left the match with a record its own reader refused."""
    match = Match(Rules(), first_dealer=1)
    deal = match.new_deal(seed=2)
    deal.play(deal.legal_moves()[0])
    match.resign(0)
    assert deal.legal_moves() == []
    for take in (lambda: deal.play("AH"), deal.undo):
        with pytest.raises(IllegalMoveError, match="resigned") as refused:
            take()
        assert refused.value.reason == "deal_closed"
    assert deal.why_illegal("AH") is not None
    assert record.loads(record.dumps(match)).game_points == match.game_points == (0, 3)
    explored = deal.copy()
    explored.undo()  # a copy explores freely


def test_a_deal_before_the_last_takes_no_undo():
    """An undo in the finished first deal, the second one begun, reopened it: the score fell and the record no longer
    read ("deal 2 starts before deal 1 is over")."""
    match = Match(Rules(), first_dealer=1)
    first = play_next_deal(match, "dealer wins 3")
    match.new_deal(seed=4)
    with pytest.raises(IllegalMoveError, match="next deal") as refused:
        first.undo()
    assert refused.value.reason == "deal_closed"
    assert match.game_points == (0, 3)
    assert record.loads(record.dumps(match)).game_points == (0, 3)
