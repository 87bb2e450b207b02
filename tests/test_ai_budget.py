"""The search's budgets: a node budget gives the same move everywhere, and the whole budget is used.

These tests also run inside Pyodide (tools/pyodide_tests.py): the pinned
figures of :func:`test_a_node_budget_gives_the_same_search_in_every_interpreter`
were taken under CPython, so a Pyodide run that passes shows the same
move from the same node budget in the browser. They pin version 1 of the
search (:data:`~otv66.ai.search.SEARCH_V1`), the one club challenges re-play.
"""

from __future__ import annotations

import pytest

from otv66 import Deal
from otv66.ai import choose_move
from otv66.ai.search import SEARCH_V1, Searcher
from otv66.kernel import TRICKS_PER_DEAL
from otv66.model import PublicView


def opening(seed: int) -> PublicView:
    """A position a few moves into seeded deal ``seed`` (club moves: quick and reproducible)."""
    deal = Deal.from_seed(seed, dealer=seed % 2)
    for _ in range(3):
        deal.play(choose_move(deal.view(), level="club", seed=seed))
    return deal.view()


def node_search(view: PublicView, nodes: int) -> tuple[Searcher, str, float, int]:
    """Search ``view`` by version 1 with a node budget: the searcher, best move, sum of root values, deepest depth."""
    searcher = Searcher(view, config=SEARCH_V1)
    mapping = searcher.root_moves(list(view.legal_moves), keep_plain_marriage_cards=False)
    results, best = searcher.search(sorted(set(mapping.values())), seconds=None, nodes=nodes)
    move = next(code for code, searched in mapping.items() if searched == best)
    return searcher, move, sum(row.value for row in results.values()), max(row.depth for row in results.values())


@pytest.mark.parametrize("seed", [11, 12])
def test_a_node_budget_gives_the_same_move_on_every_run(seed: int) -> None:
    view = opening(seed)
    moves = {choose_move(view, level="master", nodes=2_000) for _ in range(3)}
    assert len(moves) == 1


@pytest.mark.parametrize(
    ("seed", "move", "nodes", "values", "depth"),
    [
        (11, "7C", 3072, -0.352961154, 3),
        (12, "9S", 3072, -0.533279493, 3),
        (13, "JD", 3072, -0.794070447, 3),
    ],
)
def test_a_node_budget_gives_the_same_search_in_every_interpreter(
    seed: int, move: str, nodes: int, values: float, depth: int
) -> None:
    searcher, best, total, deepest = node_search(opening(seed), nodes=3_000)
    assert (best, searcher.nodes, round(total, 9), deepest) == (move, nodes, values, depth)
    assert choose_move(opening(seed), level="master", nodes=3_000, config=SEARCH_V1) == move


def test_the_node_budget_is_spent_unless_the_value_is_exact() -> None:
    searcher, _move, _total, _depth = node_search(opening(11), nodes=5_000)
    assert searcher.nodes >= 5_000


def test_a_larger_node_budget_searches_deeper() -> None:
    _searcher, _move, _total, shallow = node_search(opening(12), nodes=500)
    _searcher, _move, _total, deep = node_search(opening(12), nodes=20_000)
    assert deep > shallow


def endgame(tricks_left: int) -> PublicView:
    """The first seeded deal still on with ``tricks_left`` tricks to play (club moves)."""
    for seed in range(100):
        deal = Deal.from_seed(seed, dealer=0)
        while not deal.is_over and (deal.tricks_played < TRICKS_PER_DEAL - tricks_left or deal.trick):
            deal.play(choose_move(deal.view(), level="club", seed=1))
        if not deal.is_over:
            return deal.view()
    raise AssertionError("no deal lasted that long")


def test_a_solved_position_stops_before_its_budget() -> None:
    searcher, _move, _total, _depth = node_search(endgame(2), nodes=1_000_000)
    assert searcher.nodes < 1_000_000
