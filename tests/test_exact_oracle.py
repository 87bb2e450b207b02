"""The compiled exact oracle (tools/exact) reads the rules as the engine does.

It is a second implementation of docs/rules.md 4-6, so it is checked move by
move against the engine's own exact search (``analyse``, exact when few tricks
are left) on positions from seeded games under every rule set. Skipped where no
C compiler or no processes exist (Pyodide, where tools/pyodide_tests.py leaves out the
``native`` tests).
"""

from __future__ import annotations

from types import ModuleType

import pytest
from native_oracle import load_oracle

from otv66.ai import analyse, choose_move
from otv66.cards import mask_of, parse_card
from otv66.deal import CLAIM, Deal
from otv66.rules import Rules
from otv66.view import PublicView

pytestmark = pytest.mark.native

ROUNDING = 0.5e-4
"""``analyse`` rounds its values to 4 decimals."""


@pytest.fixture(scope="module")
def oracle_module() -> ModuleType:
    return load_oracle()


@pytest.fixture(scope="module")
def oracle(oracle_module: ModuleType):  # type: ignore[no-untyped-def]
    with oracle_module.Oracle(table_bits=16) as running:
        yield running


def positions(rules: Rules, count: int) -> list[PublicView]:
    """Positions with 3-5 tricks left from seeded games of the club level, at leads and at answers."""
    views = []
    seed = 0
    while len(views) < count:
        seed += 1
        deal = Deal.from_seed(seed, dealer=seed % 2, packets=(2, 2, 4) if seed % 3 else (4, 4), rules=rules)
        stop_at = 11 + seed % 3
        while not deal.is_over and (deal.tricks_played < stop_at or len(deal.trick) != seed % 2):
            deal.play(choose_move(deal.view(), level="club", seed=seed * 100 + len(deal.moves)))
        view = deal.view()
        if not deal.is_over and view.claimant is None and CLAIM not in view.legal_moves:
            views.append(view)
    return views


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(must_beat=True), Rules(claim="manual"), Rules(must_beat=True, claim="manual")],
    ids=["plain", "must_beat", "manual_claim", "must_beat+manual_claim"],
)
def test_every_move_value_equals_the_engines_exact_search(oracle, rules: Rules) -> None:  # type: ignore[no-untyped-def]
    for view in positions(rules, 12):
        engine = {row["move"]: row for row in analyse(view, seconds=60)["moves"]}
        assert all(row["exact"] for row in engine.values())
        # the engine's search knows no false claim (docs/rules.md 6.1): compare without it
        values = oracle.solve(view, manual_claims=False)
        assert values.keys() == engine.keys() == set(view.legal_moves)
        for move, value in values.items():
            assert abs(float(value) - engine[move]["value"]) <= ROUNDING, (view.moves, move)


def line(trump: str, turn: int, avail: tuple[list[str], list[str]], **fields: int) -> str:
    """An oracle input line for a made-up position without face-down cards (only what a test needs)."""
    masks = [mask_of([parse_card(code) for code in cards]) for cards in avail]
    get = fields.get
    numbers = [
        "SHDC".index(trump),
        get("must_beat", 0),
        get("manual", 0),
        turn,
        -1,
        masks[0],
        masks[1],
        0,
        0,
        get("points0", 0),
        get("points1", 0),
        get("tricks0", 0),
        get("tricks1", 0),
        0,
        0,
        0,
        0,
    ]
    return " ".join(map(str, numbers))


def test_a_false_claim_after_a_marriage_lead_loses_only_two(oracle, oracle_module: ModuleType) -> None:  # type: ignore[no-untyped-def]
    # Player 0 has won no trick and will win none: played on, he loses 3 (docs/rules.md 6.2).
    # Under claim "manual" he may announce his marriage and claim at once: a false claim costs 2 (6.1).
    hearts = (["KH", "QH"], ["AS", "TS"])
    for manual, marriage_value in ((0, -3), (1, -2)):
        process = oracle._start()
        process.stdin.write(line("S", 0, hearts, manual=manual, points1=40, tricks1=14) + "\n")
        process.stdin.flush()
        values, _nodes = oracle_module.parse_reply(process.stdout.readline())
        assert values == {"KH": -3, "QH": -3, "KHm": marriage_value, "QHm": marriage_value}


def test_a_malformed_position_is_a_typed_error(oracle, oracle_module: ModuleType) -> None:  # type: ignore[no-untyped-def]
    process = oracle._start()
    process.stdin.write("0 0 0 0 -1 3 3 0 0 0 0 0 0 0 0 0 0\n")  # one card on both tables
    process.stdin.flush()
    with pytest.raises(oracle_module.OracleError) as error:
        oracle_module.parse_reply(process.stdout.readline())
    assert error.value.kind == "oracle"
