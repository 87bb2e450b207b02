"""Thinking on the person's time: the bridge's ``ponder`` and the node budget of the computer's moves."""

from __future__ import annotations

import json
from typing import Any

import pytest

from otv66.ai import SearchMemory, choose_move, ponder
from otv66.bridge import MAX_NODES, MAX_PONDER_MS, Session, handle


def call(session: Session, method: str, **params: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(json.dumps(handle({"id": 1, "method": method, "params": params}, session)))
    return reply


def ask(session: Session, method: str, **params: Any) -> Any:
    reply = call(session, method, **params)
    assert "error" not in reply, reply
    return reply["result"]


def against(level: str, seed: int = 4) -> Session:
    """A match of a person (player 0) against the computer at ``level``, the first deal on, the person to move."""
    session = Session()
    ask(session, "new_match", seed=seed, first_dealer=1, opponent="computer", level=level)
    ask(session, "new_deal")
    while ask(session, "state")["phase"] == "computer_moves":
        ask(session, "computer_move")
    return session


def test_pondering_fills_a_table_the_computer_then_moves_from() -> None:
    session = against("master")
    assert ask(session, "state")["phase"] == "human_moves"
    for _ in range(3):
        assert ask(session, "ponder", ms=20)["pondering"]
    memory = session.memory
    assert isinstance(memory, SearchMemory)
    assert memory.me == 1 and memory.table
    ask(session, "play", move=ask(session, "state")["deal"]["legal_moves"][0])
    reply = ask(session, "computer_move")
    assert reply["player"] == 1
    assert session.memory is memory and memory.table


def test_there_is_nothing_to_ponder_between_two_people_or_against_a_level_that_does_not_search() -> None:
    people = Session()
    ask(people, "new_match", seed=1)
    ask(people, "new_deal")
    assert ask(people, "ponder", ms=10) == {"pondering": False, "solved": False}
    assert ask(against("club"), "ponder", ms=10) == {"pondering": False, "solved": False}


@pytest.mark.parametrize("ms", [0, MAX_PONDER_MS + 1, 2.5, True, "10", None])
def test_a_pondering_slice_is_a_few_milliseconds(ms: object) -> None:
    reply = call(against("master"), "ponder", ms=ms)
    assert reply["error"]["type"] == "bad_request"


@pytest.mark.parametrize("nodes", [0, -1, MAX_NODES + 1, 1.5, True, "100"])
def test_a_node_budget_is_a_bounded_whole_number(nodes: object) -> None:
    session = against("master")
    assert call(session, "ai_move", level="master", nodes=nodes)["error"]["type"] == "bad_request"
    ask(session, "play", move=ask(session, "state")["deal"]["legal_moves"][0])
    assert call(session, "computer_move", nodes=nodes)["error"]["type"] == "bad_request"


def test_the_bridge_gives_the_same_move_for_the_same_node_budget() -> None:
    moves = {ask(against("master"), "ai_move", level="master", nodes=1_500)["move"] for _ in range(2)}
    assert len(moves) == 1


def test_a_node_budget_ignores_what_pondering_found() -> None:
    session = against("master")
    view = session._deal_in_play().view()
    plain = choose_move(view, level="master", nodes=1_500)
    memory, _solved = ponder(view, view.turn or 0, 0.05, None)
    assert memory.table
    assert choose_move(view, level="master", nodes=1_500, memory=memory) == plain
