"""The search and the one-trick player play by the same rules as :class:`Deal`, under every rule option.

The search (``otv66/ai/search.py``) and the one-trick player (``otv66/ai/greedy.py``) keep
their own fast state, so a rule copied into one of them and changed there (or never
changed there) would go unseen by the tests of :class:`Deal`. This test walks random deals
under *every* combination of the rule options that have a fixed set of values (read from
:class:`Rules` itself, so an option added later is walked too) and, at every position, asks
each of them what ``Deal`` says, step by step:

- **legal cards**: the search's legal cards and marriage leads are exactly ``Deal``'s; the
  one-trick player's predicted replies to each lead are exactly ``Deal``'s legal answers;
- **trick winners and scores**: the search's position after the card played (whose turn,
  the card led, each player's available cards, face-down cards, unseen pool, card points,
  tricks, counting and waiting marriage points) is the one read from ``Deal``'s view after
  the same card; where the search ends the deal (66 reached, or all 16 tricks played) its
  game points are ``Deal``'s (under ``claim: manual``: those of the claim ``Deal`` offers);
  the one-trick player's gain in a trick is worth the points ``Deal`` counts and goes to
  ``Deal``'s trick winner.

10,000 positions per run in CPython (a few seconds). Inside Pyodide (``tools/pyodide_tests.py``
runs these tests there, detected by ``sys.platform == "emscripten"``) the walk is shorter,
1,600 positions, so that run stays quick: the code under test is the same Python.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
import sys
from collections import Counter
from typing import Any, Literal, get_args, get_origin, get_type_hints

import pytest

from otv66 import CLAIM, Deal, Rules
from otv66.ai.greedy import one_trick_move, replies, reply_value
from otv66.ai.position import AVAIL, POOL, position_from_view
from otv66.ai.search import Searcher
from otv66.cards import SUIT_MASKS, mask_of, parse_card
from otv66.dealing import MAX_SEED
from otv66.kernel import MAX_GAME_POINTS, WIN_SCORE
from otv66.model import PublicView

POSITIONS = 1_600 if sys.platform == "emscripten" else 10_000
"""Positions checked in all per run (Pyodide: fewer, see the module docstring)."""
MARRIAGE_CHANCE = 0.5
"""How often the walk announces a marriage when it may (a random card would seldom be one)."""
PACKET_PLANS = ((4, 4), (2, 2, 2, 2), (1, 2, 1, 4), (1, 1, 2, 4))
RIGHT_CLAIM_CHANCE = 0.5
FALSE_CLAIM_CHANCE = 0.05
"""Under manual claim, how often the walk claims when it may: with 66 or more, and below (a false claim)."""


def option_values(hint: Any, default: Any) -> tuple[Any, ...]:
    """Every value of a rule option with a fixed set of values; only the default for a number."""
    if hint is bool:
        return (False, True)
    if get_origin(hint) is Literal:
        return get_args(hint)
    return (default,)


def every_rule_set() -> list[Rules]:
    """:class:`Rules` for each combination of the option values of :func:`option_values`."""
    hints = get_type_hints(Rules)
    fields = dataclasses.fields(Rules)
    domains = [option_values(hints[f.name], f.default) for f in fields]
    return [Rules(**dict(zip((f.name for f in fields), values, strict=True))) for values in itertools.product(*domains)]


RULE_SETS = every_rule_set()
PER_RULE_SET = math.ceil(POSITIONS / len(RULE_SETS))


class OneCardSearch(Searcher):
    """The search stopped after one card: it records the position it reaches instead of searching on."""

    def __init__(self, view: PublicView) -> None:
        super().__init__(view)
        self.star2 = False
        self.reached: list[int] | None = None
        self.turned_for: int | None = None
        """The player whose face-down card the search would now draw (a chance node), or ``None``."""

    def node(self, s: list[int], depth: int, alpha: float, beta: float) -> float:
        self.reached = s
        return 0.0

    def chance(self, s: list[int], owner: int, depth: int, alpha: float, beta: float) -> float:
        self.reached, self.turned_for = s, owner
        return 0.0


def card_moves(moves: list[str] | tuple[str, ...]) -> int:
    """The cards among ``moves`` (a marriage lead is its card; a claim is no card)."""
    return mask_of({parse_card(move[:2]) for move in moves if move != CLAIM})


def signed_game_points(result: dict[str, Any], me: int) -> float:
    """A finished deal's game points as the search counts them: positive if ``me`` won them."""
    if result["winner"] is None:
        return 0.0
    return float(result["game_points"] if result["winner"] == me else -result["game_points"])


def check_legal_cards(deal: Deal, view: PublicView, search: OneCardSearch, tally: Counter[str]) -> None:
    legal_moves = deal.legal_moves()
    legal = card_moves(legal_moves)
    assert search.legal_cards(search.root) == legal
    suit_led = view.available(view.turn or 0) & SUIT_MASKS[view.lead >> 3] if view.lead >= 0 else 0
    if suit_led and legal != suit_led:
        tally["had to beat"] += 1  # he holds the suit led but may not play all of it
    searched_marriages = {(card, True) for card, marriage in search.moves(search.root) if marriage}
    assert searched_marriages == {(parse_card(m[:2]), True) for m in legal_moves if m.endswith("m")}
    if view.lead >= 0 or view.turn != deal.turn:
        return
    for move in legal_moves:
        if move == CLAIM or move.endswith("m"):
            continue
        deal.play(move)
        answers = card_moves(deal.legal_moves()) if not deal.is_over else None
        deal.undo()
        if answers is not None:
            assert mask_of(replies(view, parse_card(move))) == answers, move
            tally["leads predicted"] += 1


def check_step(deal: Deal, view: PublicView, search: OneCardSearch, move: str, tally: Counter[str]) -> None:
    """Play ``move`` in ``deal`` and compare with the search and the one-trick player."""
    me = search.me
    card, marriage = parse_card(move[:2]), move.endswith("m")
    ends = search.play(search.root, card, marriage, 1, search.low, search.high)
    before = (deal.card_points(0), deal.card_points(1))
    deal.play(move)
    if view.lead >= 0:
        winner = deal.last_trick_winner
        assert winner is not None
        gain, _keep = reply_value(view.lead, card, view.trump)
        assert abs(gain) == deal.card_points(winner) - before[winner], "the one-trick player's trick points"
        if gain:  # a trick worth 0 points is worth 0 to the one-trick player, whoever wins it
            assert (gain > 0) == (winner == view.turn), "the one-trick player's trick winner"
        tally["tricks"] += 1
    if search.reached is None:
        tally["search ended the deal"] += 1
        if not deal.is_over:
            claimant = deal.claimant
            assert deal.rules.claim == "manual" and claimant is not None, "the search ended a deal that goes on"
            assert deal.score(claimant) >= WIN_SCORE
            deal.play(CLAIM)
            result = deal.result
            deal.undo()
        else:
            result = deal.result
        assert result is not None
        assert ends == signed_game_points(result, me), "game points"
        return
    assert not deal.is_over, "the deal ended where the search goes on"
    if deal.claimant is not None:
        assert deal.score(deal.claimant) < WIN_SCORE, "a right claim the search does not see"
    reached = search.reached[:]
    after = position_from_view(deal.view())
    if search.turned_for is not None:
        owner = search.turned_for
        turned = after[AVAIL + owner] & ~reached[AVAIL + owner]
        assert turned.bit_count() == 1 and turned & reached[POOL], "a card turned up from the unseen pool"
        reached[AVAIL + owner] |= turned
        reached[POOL] ^= turned
        tally["cards turned up"] += 1
    assert reached == after, "the search's position after the card"


def walk(rules: Rules, seed: int, positions: int) -> Counter[str]:
    """Check ``positions`` positions of random deals under ``rules``; what happened, counted."""
    rng = random.Random(seed)
    tally: Counter[str] = Counter()
    while tally["positions"] < positions:
        deal = Deal.from_seed(rng.randrange(MAX_SEED), rng.randrange(2), rng.choice(PACKET_PLANS), rules)
        while not deal.is_over and tally["positions"] < positions:
            view = deal.view()
            search = OneCardSearch(view)
            check_legal_cards(deal, view, search, tally)
            assert one_trick_move(view) in view.legal_moves
            tally["positions"] += 1
            moves = deal.legal_moves()
            if deal.claimant is not None:
                right = deal.score(deal.claimant) >= WIN_SCORE
                if rng.random() < (RIGHT_CLAIM_CHANCE if right else FALSE_CLAIM_CHANCE):
                    tally["right claims" if right else "false claims"] += 1
                    deal.play(CLAIM)
                    continue
            marriages = [m for m in moves if m.endswith("m")]
            if marriages and rng.random() < MARRIAGE_CHANCE:
                move = rng.choice(marriages)
            else:
                move = rng.choice([m for m in moves if m != CLAIM])
            tally["marriages"] += move.endswith("m")
            check_step(deal, view, search, move, tally)
    return tally


@pytest.mark.parametrize("index", range(len(RULE_SETS)), ids=lambda i: str(RULE_SETS[i].to_dict()))
def test_the_search_and_the_one_trick_player_play_by_deals_rules(index: int) -> None:
    tally = walk(RULE_SETS[index], seed=index, positions=PER_RULE_SET)
    assert tally["positions"] == PER_RULE_SET
    for event in ("tricks", "marriages", "cards turned up", "search ended the deal", "leads predicted"):
        assert tally[event] > 0, f"the walk never met: {event}"
    if RULE_SETS[index].claim == "manual":
        assert tally["right claims"] > 0 and tally["false claims"] > 0
    assert (tally["had to beat"] > 0) == RULE_SETS[index].must_beat


def test_every_combination_of_rule_options_is_walked() -> None:
    pairs = {(rules.must_beat, rules.claim) for rules in RULE_SETS}
    assert pairs == {(False, "auto"), (False, "manual"), (True, "auto"), (True, "manual")}
    assert len(RULE_SETS) == len(set(RULE_SETS)) >= 16
    assert len(RULE_SETS) * PER_RULE_SET >= POSITIONS


def test_the_search_counts_a_deal_as_deal_does() -> None:
    """The utility scale the comparisons rest on: a deal is worth -3..+3 game points to the searcher."""
    deal = Deal.from_seed(5, dealer=0)
    search = Searcher(deal.view())
    assert (search.low, search.high) == (-MAX_GAME_POINTS, MAX_GAME_POINTS)
