"""A memo that stops growing when full and is emptied only between searches.

The search memoises pure functions of a position (its horizon values, the
card features, the equivalence classes). Emptying a memo of a few hundred
thousand entries frees every key and value one by one: in Pyodide that takes
tens to hundreds of milliseconds, and done inside a pondering slice it would
keep the page waiting that long. So a full memo only stops taking new
entries, and :meth:`BoundedCache.trim` empties it where a wait is expected:
at the start of a search for a move (:meth:`otv66.ai.search.Searcher.search`).
The values never depend on what is memoised, only the speed does.
"""

from __future__ import annotations

from typing import Final, TypeVar

BELOW_REHASH: Final = 170_000
"""The most entries a memo or table that pondering fills may hold: a little below the 174,762 a dict of 2^18 slots
holds (the few a slice stores past its last look at the size stay below it), so a pondering slice never waits for
the rehash to 2^19 slots."""

K = TypeVar("K")
V = TypeVar("V")


class BoundedCache(dict[K, V]):
    """A dict of at most ``limit`` entries: :meth:`put` adds while there is room, :meth:`trim` empties it when full."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def put(self, key: K, value: V) -> None:
        """Remember ``value`` for ``key`` if there is room (a full cache keeps what it has)."""
        if len(self) < self.limit:
            self[key] = value

    @property
    def full(self) -> bool:
        return len(self) >= self.limit

    def trim(self) -> None:
        """Start afresh if full (the cost of freeing its entries falls here, never inside a search)."""
        if self.full:
            self.clear()
