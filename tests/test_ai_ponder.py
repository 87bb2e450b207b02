"""Thinking on the person's time: the bridge's ``ponder`` and the node budget of the computer's moves."""

from __future__ import annotations

import gc
import json
import weakref
from collections.abc import Iterator
from time import perf_counter
from typing import Any

import pytest

from otv66.ai import SearchMemory, choose_move, deal_key, master_utility, ponder, search
from otv66.bridge import MAX_NODES, MAX_PONDER_MS, Session, handle
from otv66.model import PublicView


@pytest.fixture(autouse=True)
def _collector_as_it_was() -> Iterator[None]:
    """Pondering freezes the heap for the collector: give the next test an unfrozen one."""
    yield
    gc.unfreeze()


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


def test_only_the_master_thinks_on_the_persons_time_never_between_two_people() -> None:
    people = Session()
    ask(people, "new_match", seed=1)
    ask(people, "new_deal")
    assert ask(people, "ponder", ms=10) == {"pondering": False, "solved": False}
    for level in ("beginner", "club", "expert"):
        assert ask(against(level), "ponder", ms=10) == {"pondering": False, "solved": False}, level


def test_the_expert_moves_from_its_own_search_even_with_a_table_the_master_pondered() -> None:
    view = against("master")._deal_in_play().view()
    memory, _solved = ponder(view, view.turn or 0, 0.05, None)
    filled = dict(memory.table)
    choose_move(view, level="expert", memory=memory)
    assert memory.table == filled, "the expert neither read nor grew the master's table"


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


def person_to_move() -> tuple[PublicView, int]:
    """A position with the person (player 0) to move against the master, and the computer's seat."""
    view = against("master")._deal_in_play().view()
    assert view.turn == 0
    return view, 1


def test_the_table_stops_at_its_bound_while_pondering_and_is_trimmed_at_the_computers_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(search, "TABLE_LIMIT", 40)
    session = against("master")
    while not ask(session, "ponder", ms=MAX_PONDER_MS)["solved"]:
        pass
    memory = session.memory
    assert memory.full
    assert search.TABLE_LIMIT <= len(memory.table) <= search.TABLE_LIMIT + search.MAX_PLIES
    kept = dict(memory.table)
    assert ask(session, "ponder", ms=MAX_PONDER_MS) == {"pondering": True, "solved": True}
    assert memory.table == kept
    ask(session, "play", move=ask(session, "state")["deal"]["legal_moves"][0])
    while ask(session, "state")["phase"] == "computer_moves":
        ask(session, "computer_move")
    assert session.memory is memory and not memory.full
    assert len(memory.stale) == 1, "the full table waits for the next slices to free it"
    ask(session, "ponder", ms=MAX_PONDER_MS)
    assert memory.stale == []


def test_the_real_bound_stays_below_a_rehash_of_the_table() -> None:
    grown: dict[int, None] = {}
    for key in range(search.TABLE_LIMIT + search.MAX_PLIES):
        grown[key] = None
    slots_before = grown.__sizeof__()
    grown[-1] = None
    assert grown.__sizeof__() == slots_before


def test_table_entries_hold_numbers_only_so_the_collector_need_not_track_them() -> None:
    view, computer = person_to_move()
    memory, _done = ponder(view, computer, 0.05, None)
    assert memory.table
    numbers = (int, float, bool)
    assert all(type(item) in numbers for key, entry in memory.table.items() for item in (*key, *entry))


class Ring:
    """A reference cycle: only the cycle collector frees it."""

    def __init__(self) -> None:
        self.itself = self


def test_the_collector_is_on_after_each_slice_and_after_the_computers_move() -> None:
    session = against("master")
    assert ask(session, "ponder", ms=10)["pondering"]
    assert gc.isenabled() and gc.get_freeze_count()
    ask(session, "play", move=ask(session, "state")["deal"]["legal_moves"][0])
    ask(session, "computer_move")
    assert gc.isenabled()


def test_a_cycle_frozen_by_pondering_is_freed_once_the_frozen_heap_has_grown_by_a_quarter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(search.FROZEN_HEAP, "after_last_pass", 0)
    gc.freeze()
    search.collect_frozen()
    ring = Ring()
    dead = weakref.ref(ring)
    gc.freeze()
    del ring
    search.collect_frozen()
    assert dead() is not None, "the frozen heap grew by one cycle only"
    rings = [Ring() for _ in range(gc.get_freeze_count() // 3)]
    gc.freeze()
    del rings
    search.collect_frozen()
    assert dead() is None


def test_a_memory_aimed_at_another_deal_frees_its_old_table_step_by_step(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "FREE_STEP", 3)
    view, computer = person_to_move()
    memory, _done = ponder(view, computer, 0.05, None)
    for _ in range(4):
        ponder(view, computer, 0.05, memory)
    old = dict(memory.table)
    assert len(old) > search.FREE_STEP
    memory.aim(computer, ("another deal",), memory.utility)
    assert memory.table == {} and memory.stale[0] == old
    assert not memory.free_stale(perf_counter() - 1)
    assert len(memory.stale[0]) == len(old)
    assert memory.free_stale(perf_counter() + 60)
    assert memory.stale == []


def test_pondering_with_another_utility_aims_the_same_memory_anew() -> None:
    view, computer = person_to_move()
    memory, _done = ponder(view, computer, 0.05, None)
    again, _done = ponder(view, computer, 0.05, memory, match_score=(0, 6, 11))
    assert again is memory and memory.fits(computer, deal_key(view), master_utility(view, computer, (0, 6, 11)))
    assert memory.table
