"""docs/rules.md 7: what follows from the rules, checked over many random games.

Every game is replayed move by move through the engine and through the referee
(``referee.py``, a plain second reading of docs/rules.md); they must agree on the legal moves,
whose turn it is, who may claim, the scores and the table at every step, and on the result.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from referee import Referee
from scenario import PACKET_PLANS, RULES, SEEDS, pick_move

from otv66 import Deal, Pile, Rules

ALL_RULES = [Rules(must_beat=must_beat, claim=claim) for must_beat in (False, True) for claim in ("auto", "manual")]


def table_as_referee_sees_it(referee: Referee, player: int) -> list[Pile]:
    return [Pile(pile[-1] if pile else None, hidden=len(pile) == 2) for pile in referee.piles[player]]


def replay_against_referee(deal: Deal, rng: random.Random) -> Referee:
    """Play ``deal`` to its end with random moves, checking the referee agrees at every step."""
    referee = Referee(deal.reveal_layout(), deal.dealer, deal.rules)
    while not deal.is_over:
        assert sorted(deal.legal_moves()) == sorted(referee.legal_moves()), deal
        assert deal.turn == referee.turn
        assert deal.claimant == referee.claimant
        assert [deal.score(0), deal.score(1)] == [referee.score(0), referee.score(1)]
        assert [deal.tricks_won(0), deal.tricks_won(1)] == referee.tricks
        for player in (0, 1):
            assert deal.piles(player) == table_as_referee_sees_it(referee, player)
        move = pick_move(deal, rng)
        deal.play(move)
        referee.play(move)
    assert referee.result == deal.result
    assert referee.legal_moves() == deal.legal_moves() == []
    return referee


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda rules: f"must_beat={rules.must_beat}-{rules.claim}")
def test_engine_and_referee_agree_on_300_seeded_games(rules):
    for seed in range(300):
        deal = Deal.from_seed(seed, dealer=seed % 2, packets=(1, 2, 1, 4) if seed % 3 else (4, 4), rules=rules)
        replay_against_referee(deal, random.Random(seed))


@given(seed=SEEDS, dealer=st.sampled_from((0, 1)), plan=PACKET_PLANS, rules=RULES, moves=st.randoms())
def test_engine_and_referee_agree_on_any_game(seed, dealer, plan, rules, moves):
    replay_against_referee(Deal.from_seed(seed, dealer, plan, rules), moves)


def test_the_followers_legal_cards_are_exactly_those_of_rule_4_and_leads_exactly_any_card():
    """Counted over many positions: each case of docs/rules.md 4 (follow, trump, any) and the marriage leads occur."""
    seen = {"lead": 0, "marriage lead": 0, "follow suit": 0, "trump": 0, "any card": 0}
    for seed in range(200):
        deal = Deal.from_seed(seed, dealer=seed % 2)
        rng = random.Random(seed)
        while not deal.is_over:
            moves = set(deal.legal_moves())
            available = set(deal.available(deal.turn))
            if not deal.trick:
                seen["lead"] += 1
                assert {move[:2] for move in moves} == available
                marriages = {move for move in moves if move.endswith("m")}
                seen["marriage lead"] += bool(marriages)
                assert marriages == {
                    rank + suit + "m" for suit in "SHDC" if {"K" + suit, "Q" + suit} <= available for rank in "KQ"
                }
            else:
                led_suit = deal.trick[0][1][1]
                of_suit = {card for card in available if card[1] == led_suit}
                trumps = {card for card in available if card[1] == deal.trump}
                case = "follow suit" if of_suit else "trump" if trumps else "any card"
                seen[case] += 1
                assert moves == (of_suit or trumps or available)
            deal.play(pick_move(deal, rng))
    assert all(seen.values()), seen


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda rules: f"must_beat={rules.must_beat}-{rules.claim}")
def test_a_deal_has_at_most_16_tricks_and_a_pile_turns_up_only_when_its_card_leaves(rules):
    for seed in range(150):
        deal = Deal.from_seed(seed, dealer=seed % 2, rules=rules)
        layout = deal.reveal_layout()
        rng = random.Random(seed)
        while not deal.is_over:
            deal.play(pick_move(deal, rng))
            played = {move[:2] for move in deal.moves}
            for player in (0, 1):
                for (down, up), pile in zip(layout[player], deal.piles(player), strict=True):
                    assert pile.hidden == (up not in played)
                    assert pile.top == (up if up not in played else down if down not in played else None)
        assert deal.tricks_played <= 16
        assert sum(deal.result["tricks"]) == deal.tricks_played


def test_three_game_points_exactly_when_the_loser_won_no_trick():
    """Not when he merely has 0 points: a trick worth 0 still counts as a trick."""
    outcomes = set()
    for seed in range(1500):
        deal = Deal.from_seed(seed, dealer=seed % 2)
        rng = random.Random(seed)
        while not deal.is_over:
            deal.play(pick_move(deal, rng))
        result = deal.result
        if result["winner"] is None:
            continue
        loser = 1 - result["winner"]
        no_trick = result["tricks"][loser] == 0
        outcomes.add((no_trick, deal.card_points(loser) == 0))
        assert (result["game_points"] == 3) == no_trick
    assert (False, True) in outcomes  # some loser had 0 card points from his tricks and still paid less than 3
