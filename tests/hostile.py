"""Hostile input for the fuzzers (tests/test_fuzz_*.py): a seeded mutator, a timing harness, issue 9's crafted cases.

The mutator starts from valid inputs and breaks them the ways an attacker or a careless copy would:
on the decoded value it replaces a part with a hostile value (huge or non-finite numbers, lone
surrogates, markup, wrong types), deletes, duplicates, splices in a part of another valid input,
wraps a part ever deeper, and nudges numbers and texts; on the text it cuts, deletes, inserts and
replaces characters, repeats a slice and splices two texts. Every choice comes from one
``random.Random(seed)``, so a run is the same on every machine and in CPython and Pyodide alike,
and a failure names the seed and the input number that shows it again.

:func:`run` answers every input, times each one and keeps the slowest; a fuzzer then checks that
every answer was a result or a typed error and that no input took longer than :data:`TIME_LIMIT`.
Under Pyodide (``sys.platform == "emscripten"``), where tools/pyodide_tests.py runs all of tests/ a
second time and Python is a few times slower, :func:`input_count` asks for a tenth of the inputs.
"""

from __future__ import annotations

import base64
import copy
import json
import random
import reprlib
import sys
import time
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

IN_PYODIDE = sys.platform == "emscripten"
TIME_LIMIT = 3.0 if IN_PYODIDE else 1.0
"""Seconds of CPU any one input may take: far above what a valid input needs, far below a hang (issue 9's bombs held
CPython for 5 s). CPU time (``time.process_time``), not the clock: on a shared machine the clock also counts other
programs' turns. Under Pyodide Python runs a few times slower, and its process time follows the clock: the slowest
valid input there (a deal's review at 2 ms a move) took 0.7 s on an idle machine and 1.7 s beside a browser, so
it has three."""

# ------------------------------------------------------------------------------------------ issue 9's cases

DEPTH_GUARD_BOMB = "[" * 101 + '"' + '\\"' * 9_000
"""More than 100 brackets, then an unterminated run of ``\\"``: the depth guard's old regex rescanned the run
from each quote (quadratic: about 5 s in CPython for this text, which a 300-character link inflates to)."""

DEPTH_GUARD_CRAFTED = [
    DEPTH_GUARD_BOMB,
    "[]" * 101 + '"' + '\\"' * 9_000,  # the same run after 101 shallow brackets: the scan must reach its end
    "[" * 101 + '"\\' * 9_000,
    "{" * 101 + '"' + "\\\\" * 9_000,
    "[" * 100_000 + "]" * 100_000,
    '{"a":' * 50_000,
    '"' * 100_000 + "[" * 101,
]
"""Texts for the JSON depth guard that cost the most to scan: unterminated strings, long escapes, deep nesting."""

HOSTILE_NUMBERS: list[Any] = [
    0,
    -1,
    -0.0,
    1.5,
    2**31,
    2**53 + 1,
    2**64,
    10**30,
    -(10**30),
    1e308,
    1e-300,
    float("inf"),
    float("-inf"),
    float("nan"),
]
"""Numbers at and past every bound; the non-finite ones become NaN/Infinity in text, or are read as 1e400."""

HOSTILE_TEXTS: list[str] = [
    "",
    " ",
    "\x00",
    "\ud800",
    "\udfff x",
    "<script>alert(1)</script>",
    "Visit evil.example to unlock your account",
    "Ана 🂡",
    "\u202e66",
    "constructor",
    "__proto__",
    "NaN",
    "1e400",
    "9" * 5_000,
    "x" * 70,
    "A" * 20_000,
]
"""Texts a page must never show or choke on: lone surrogates, markup, phishing, JavaScript's own names, huge ones."""

MAX_TEXT = 100_000
"""A repeated slice stops growing a text at about this length: large enough to cost, small enough for thousands."""

HOSTILE_CHARACTERS = [*'{}[]",:.-+eE0123456789 \\/nultrfaNIy', "\ud800", "\x00", "é", "🂡", "\n"]
"""Characters that JSON (or its near misses) is made of, plus a few that are not text at all."""

HOSTILE_SNIPPETS = ["NaN", "Infinity", "-Infinity", "1e400", "9" * 5_000, '"\\ud800"', "[" * 150, '{"":' * 150]
"""Text inserted whole: the non-standard constants, a number too long to read, a lone surrogate, deep nesting."""


def link_token(kind: str, text: str) -> str:
    """A share-link token of ``kind`` (``"d"`` or ``"g"``) carrying any ``text`` (lone surrogates too, as UTF-8 can)."""
    packed = zlib.compress(text.encode("utf-8", "surrogatepass"), 9)
    return f"{kind}1." + base64.urlsafe_b64encode(packed).decode().rstrip("=")


DEEP = 2_000
"""Nesting far deeper than Python's recursion limit, yet shallow enough that Pyodide (314.0.7) survives
freeing it: it overflows the JavaScript stack freeing 5,000 nested dicts or 10,000 nested lists."""


def deep(levels: int, leaf: Any = 0, kind: str = "list") -> Any:
    """A value nested ``levels`` deep (built without recursion, so any depth is possible)."""
    value = leaf
    for _ in range(levels):
        value = [value] if kind == "list" else {"k": value}
    return value


def hostile_values() -> list[Any]:
    """Every value the mutator may put in place of a part of a valid input."""
    return [
        None,
        True,
        False,
        [],
        {},
        *HOSTILE_NUMBERS,
        *HOSTILE_TEXTS,
        deep(99),
        deep(101),
        deep(150, kind="dict"),
        [None] * 9,
        {"": None, "format": "otv66-record/1"},
    ]


# ------------------------------------------------------------------------------------------ the mutator


def places(value: Any) -> list[tuple[Any, Any]]:
    """Every ``(container, key or index)`` of a JSON value: the places a part can be changed."""
    found: list[tuple[Any, Any]] = []
    pending = [value]
    while pending:
        item = pending.pop()
        children = item.items() if isinstance(item, dict) else enumerate(item) if isinstance(item, list) else ()
        for key, child in children:
            found.append((item, key))
            pending.append(child)
    return found


def nudge(value: Any, rng: random.Random) -> Any:
    """A near miss of ``value``: a number one off, negated or a float; a text cut, doubled or one character longer."""
    if isinstance(value, bool) or value is None:
        return rng.choice([0, 1, "true", not value])
    if isinstance(value, (int, float)):
        return rng.choice([value + 1, value - 1, -value, float(value), value * 2**40, str(value)])
    if isinstance(value, str):
        cut = rng.randrange(len(value) + 1)
        return rng.choice([value[:cut], value * 2, value + rng.choice(HOSTILE_CHARACTERS), value.lower(), [value]])
    return rng.choice([[value], {"k": value}, json.dumps(value)])


class Mutator:
    """Seeded mutations of valid inputs (``corpus``: JSON values, or texts for :meth:`text`)."""

    def __init__(self, seed: int, corpus: Iterable[Any] = ()) -> None:
        self.rng = random.Random(seed)
        self.corpus = list(corpus)
        self.values = hostile_values()

    def value(self, original: Any | None = None, edits: int | None = None) -> Any:
        """A copy of ``original`` (default: a random corpus value) with 1 to 3 structural edits."""
        rng = self.rng
        mutated = copy.deepcopy(rng.choice(self.corpus) if original is None else original)
        for _ in range(rng.randint(1, 3) if edits is None else edits):
            spots = places(mutated)
            if not spots:
                return copy.deepcopy(rng.choice(self.values))
            container, key = rng.choice(spots)
            operation = rng.randrange(7)
            if operation == 0:
                container[key] = copy.deepcopy(rng.choice(self.values))  # fresh: later edits change it
            elif operation == 1:
                container[key] = nudge(container[key], rng)
            elif operation == 2:
                del container[key]
            elif operation == 3 and isinstance(container, list):
                container.insert(key, copy.deepcopy(container[key]))
            elif operation == 3:
                container[rng.choice(HOSTILE_TEXTS[:12])] = copy.deepcopy(container[key])
            elif operation == 4:  # a part of another valid input, somewhere it does not belong
                donors = places(rng.choice(self.corpus))
                if donors:
                    donor, where = rng.choice(donors)
                    container[key] = copy.deepcopy(donor[where])
            elif operation == 5:
                container[key] = deep(rng.choice([1, 2, 50, 99, 101]), container[key], rng.choice(["list", "dict"]))
            else:  # many of one part (a short scalar many times, anything else a few: inputs stay small)
                part = container[key]
                short = not isinstance(part, (list, dict)) and len(str(part)) <= 20
                container[key] = rng.choice([part, part, [part] * rng.choice([2, 20, 1000] if short else [2, 20])])
        return mutated

    def text(self, original: str | None = None, alphabet: list[str] | None = None) -> str:
        """A copy of ``original`` (default: a random corpus text) with 1 to 4 character-level edits."""
        rng = self.rng
        text = rng.choice(self.corpus) if original is None else original
        characters = alphabet or HOSTILE_CHARACTERS
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(text) + 1)
            operation = rng.randrange(8)
            if operation == 0:
                text = text[:at]
            elif operation == 1:
                text = text[:at] + text[at + 1 :]
            elif operation == 2:
                text = text[:at] + rng.choice(characters) + text[at:]
            elif operation == 3:
                text = text[:at] + rng.choice(characters) + text[at + 1 :]
            elif operation == 4:
                end = rng.randrange(at, len(text) + 1)
                times = min(rng.choice([1, 2, 100]), MAX_TEXT // max(1, end - at))
                text = text[:end] + text[at:end] * times + text[end:]
            elif operation == 5:
                other = rng.choice(self.corpus)
                text = text[:at] + other[rng.randrange(len(other) + 1) :]
            elif operation == 6 and alphabet is None:
                text = text[:at] + rng.choice(HOSTILE_SNIPPETS) + text[at:]
            else:
                text = text[at:]
        return text


# ------------------------------------------------------------------------------------------ the harness


@dataclass
class Report:
    """What a fuzzing run saw: how many inputs, how each was answered, and the slowest."""

    name: str
    inputs: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)
    slowest: float = 0.0
    slowest_input: str = ""
    failures: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        kinds = ", ".join(f"{kind} {count}" for kind, count in sorted(self.outcomes.items()))
        return (
            f"{self.name}: {self.inputs} inputs ({kinds}); "
            f"slowest {self.slowest * 1000:.1f} ms of CPU: {self.slowest_input}"
        )


class _Short(reprlib.Repr):
    """reprlib's bounded repr, and an int too long to print (over 4,300 digits) named by its size."""

    def repr_int(self, x: int, level: int) -> str:
        return f"<an int of {x.bit_length()} bits>" if x.bit_length() > 10_000 else super().repr_int(x, level)


_SHORT = _Short()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother = 4, 160, 40


def shorten(value: Any) -> str:
    """A short, printable form of an input for a report (bounded however deep, shared or long the input is)."""
    return ascii(_SHORT.repr(value))


def run(name: str, inputs: Iterable[Any], answer: Callable[[Any], str]) -> Report:
    """Give every input to ``answer`` and time it; ``answer`` returns the kind of outcome or raises.

    A raised exception (anything that is not an allowed outcome) is a failure, and so is an answer
    that took longer than :data:`TIME_LIMIT`; both are kept with the input that caused them.
    """
    report = Report(name)
    for number, value in enumerate(inputs):
        start = time.process_time()
        try:
            outcome = answer(value)
        except Exception as error:  # a fuzzer's job: catch everything, report it with the input
            outcome = "failure"
            report.failures.append(f"input {number}: {type(error).__name__}: {shorten(str(error))}: {shorten(value)}")
        elapsed = time.process_time() - start
        if elapsed > TIME_LIMIT:
            report.failures.append(f"input {number} took {elapsed:.2f} s: {shorten(value)}")
        if elapsed >= report.slowest:
            report.slowest, report.slowest_input = elapsed, shorten(value)
        report.inputs += 1
        report.outcomes[outcome] = report.outcomes.get(outcome, 0) + 1
    print(report)
    return report


def input_count(cpython: int) -> int:
    """Inputs per run: ``cpython`` in CPython, a tenth of it in Pyodide (slower, and a second run of tests/)."""
    return cpython // 10 if IN_PYODIDE else cpython
