"""Fuzzing the record reader (otv66/record.py), as JSON text and as Python objects (issue 9).

Every input, mutated from valid records by tests/hostile.py's seeded mutator, must be read into a match
or refused with a :class:`RecordError`, each within ``hostile.TIME_LIMIT``; a record that is read must
write back to the same record (nothing is lost). Python objects get what JSON cannot carry on top:
cycles, deep nesting, huge integers, non-text keys, objects of any class.
"""

from __future__ import annotations

import json
import random

import hostile
from scenario import random_playout

from otv66.errors import RecordError
from otv66.match import Match
from otv66.record import dumps, loads, match_from_record, match_to_record
from otv66.rules import Rules

INPUTS = hostile.input_count(10_000)
"""Inputs per run, half as text and half as objects (a tenth under Pyodide: see tests/hostile.py)."""


def sample_matches() -> list[Match]:
    """Valid records of every shape: finished and unfinished deals, both claim rules, a finished match."""
    matches = []
    for seed, rules, deals in [
        (1, Rules(), 2),
        (2, Rules(claim="manual", draw_bonus=True), 3),
        (3, Rules(target=1), 1),
    ]:
        match = Match(rules, first_dealer=seed % 2, players=["Ана", "Computer"], seed=seed)
        rng = random.Random(seed)
        for _ in range(deals):
            if not match.is_over:
                random_playout(match.new_deal(packets=(2, 2, 4)), rng)
        if not match.is_over:
            deal = match.new_deal()
            for _ in range(seed * 3):
                if not deal.is_over:
                    deal.play(rng.choice(deal.legal_moves()))
        matches.append(match)
    by_layout = Match(first_dealer=1)  # a deal given by its layout alone
    by_layout.new_deal(layout=matches[0].deals[0].reveal_layout())
    return [*matches, by_layout, Match()]


CORPUS = [match_to_record(match) for match in sample_matches()]


class Unequal(dict):  # type: ignore[type-arg]
    """A dict whose comparisons raise."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("compared")

    __hash__ = None  # type: ignore[assignment]


def odd_objects() -> list[object]:
    """Python objects no JSON text gives: the reader meets them when a caller passes objects."""
    looped: list[object] = []
    looped.append(looped)
    halves: list[object] = [0]
    for _ in range(60):
        halves = [halves, halves]
    return [
        looped,
        halves,
        hostile.deep(hostile.DEEP),
        hostile.deep(hostile.DEEP, kind="dict"),
        10**5000,
        {1: "AS"},
        {("AS", "KS"): 0},
        {None: 0},
        ("AS", "KS"),
        {"AS"},
        b"AS",
        object(),
        Unequal(dealer=0),
        type("Text", (str,), {})("AS"),
        1j,
    ]


def read(reader: object, value: object) -> str:
    """Read ``value``; a refusal must be a RecordError; a record read must write back unchanged."""
    try:
        match = reader(value)  # type: ignore[operator]
    except RecordError as error:
        assert str(error)
        return error.kind
    again = loads(dumps(match))
    assert match_to_record(again) == match_to_record(match)
    return "read"


def test_record_texts_are_read_or_refused_with_a_typed_error_in_time() -> None:
    mutator = hostile.Mutator(seed=9, corpus=CORPUS)
    texts = hostile.Mutator(seed=10, corpus=[json.dumps(record) for record in CORPUS])

    def inputs() -> object:
        yield from hostile.DEPTH_GUARD_CRAFTED
        for number in range(INPUTS // 2):
            yield json.dumps(mutator.value()) if number % 2 else texts.text()

    report = hostile.run("record texts", inputs(), lambda text: read(loads, text))
    assert report.inputs >= INPUTS // 2
    assert not report.failures, "\n".join(report.failures[:10])
    assert report.outcomes.get("read", 0) > 0 and report.outcomes.get("invalid_record", 0) > 0


def test_record_objects_are_read_or_refused_with_a_typed_error_in_time() -> None:
    rng = random.Random(11)
    mutator = hostile.Mutator(seed=12, corpus=CORPUS)
    odd = odd_objects()

    def plant(record: object) -> object:
        """Put one odd object somewhere in the record (last, so nothing walks or copies it first)."""
        spots = hostile.places(record)
        if not spots:
            return rng.choice(odd)
        container, key = rng.choice(spots)
        container[key] = rng.choice(odd)
        return record

    def inputs() -> object:
        yield from odd
        for number in range(INPUTS // 2):
            record = mutator.value()
            yield plant(record) if number % 2 else record

    report = hostile.run("record objects", inputs(), lambda record: read(match_from_record, record))
    assert report.inputs >= INPUTS // 2
    assert not report.failures, "\n".join(report.failures[:10])
    assert report.outcomes.get("read", 0) > 0 and report.outcomes.get("invalid_record", 0) > 0
