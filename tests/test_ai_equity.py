"""The match-equity table under the rules' options: ``dealer: alternate`` and ``draw_bonus`` (docs/rules.md 2, 6.3)."""

from __future__ import annotations

import itertools

import pytest

from otv66.ai.equity import deal_utility, match_equity
from otv66.kernel import MAX_GAME_POINTS
from otv66.rules import Rules

OPTIONS = [(alternate, bonus) for alternate in (False, True) for bonus in (False, True)]


@pytest.mark.parametrize(("alternate", "draw_bonus"), OPTIONS)
def test_the_chances_of_both_players_add_up_to_one(alternate: bool, draw_bonus: bool) -> None:
    for mine, theirs, deals in itertools.product(range(1, 8), range(1, 8), (False, True)):
        chance = match_equity(mine, theirs, deals, alternate, draw_bonus)
        assert 0.0 < chance < 1.0
        assert chance + match_equity(theirs, mine, not deals, alternate, draw_bonus) == pytest.approx(1.0)


def test_a_pending_draw_bonus_brings_the_end_closer_for_whoever_wins_next() -> None:
    # 1 point short each: the next decided deal ends the match whatever the bonus, so it changes nothing
    assert match_equity(1, 1, True, draw_bonus=True, bonus=2) == pytest.approx(match_equity(1, 1, True))
    # 3 points short each: with a bonus of 2 any decided deal ends the match
    assert match_equity(3, 3, True, draw_bonus=True, bonus=2) == pytest.approx(match_equity(1, 1, True))


def test_under_alternate_dealing_winning_a_deal_hands_the_deal_to_the_other_player() -> None:
    rules = Rules(dealer="alternate")
    as_dealer = deal_utility((3, 3, 7), dealer_is_me=True, rules=rules)
    assert as_dealer[MAX_GAME_POINTS + 1] == pytest.approx(match_equity(3, 4, False, alternate=True))
    assert as_dealer[MAX_GAME_POINTS - 1] == pytest.approx(match_equity(4, 3, False, alternate=True))
    winner_deals = deal_utility((3, 3, 7), dealer_is_me=True)
    assert winner_deals[MAX_GAME_POINTS + 1] == pytest.approx(match_equity(3, 4, True))


def test_a_draw_is_worth_more_at_stake_with_the_draw_bonus() -> None:
    plain = deal_utility((5, 5, 7), dealer_is_me=True)
    bonus = deal_utility((5, 5, 7), dealer_is_me=True, rules=Rules(draw_bonus=True))
    assert bonus[MAX_GAME_POINTS] == pytest.approx(match_equity(2, 2, True, draw_bonus=True, bonus=1))
    assert plain[MAX_GAME_POINTS] == pytest.approx(match_equity(2, 2, True))


def test_a_waiting_bonus_goes_to_the_winner_of_this_deal() -> None:
    utility = deal_utility((4, 4, 7, 2), dealer_is_me=False, rules=Rules(draw_bonus=True))
    assert utility[MAX_GAME_POINTS + 1] == 1.0  # 1 + 2 reaches 7
    assert utility[MAX_GAME_POINTS - 1] == 0.0
    assert list(utility) == sorted(utility)
