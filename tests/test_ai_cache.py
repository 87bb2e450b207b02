"""The search's memos: a full one keeps what it has, and only a trim between searches empties it."""

from __future__ import annotations

from otv66.ai.cache import BoundedCache
from otv66.ai.evaluate import MATERIAL_CACHE, expected_game_points
from otv66.ai.position import position_from_view
from otv66.deal import Deal


def test_a_full_cache_keeps_what_it_has_and_takes_nothing_new() -> None:
    cache: BoundedCache[str, int] = BoundedCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.put("c", 3)
    assert cache == {"a": 1, "b": 2} and cache.full


def test_a_trim_empties_a_full_cache_only() -> None:
    cache: BoundedCache[str, int] = BoundedCache(2)
    cache.put("a", 1)
    cache.trim()
    assert cache == {"a": 1}
    cache.put("b", 2)
    cache.trim()
    assert cache == {} and not cache.full


def test_the_evaluation_is_the_same_whether_its_memo_is_full_or_not() -> None:
    view = Deal.from_seed(5, dealer=0).view()
    s = position_from_view(view)
    MATERIAL_CACHE.clear()
    fresh = expected_game_points(s, view.trump)
    assert MATERIAL_CACHE
    remembered = expected_game_points(s, view.trump)
    MATERIAL_CACHE.clear()
    limit = MATERIAL_CACHE.limit
    MATERIAL_CACHE.limit = 0
    try:
        unremembered = expected_game_points(s, view.trump)
        assert not MATERIAL_CACHE
    finally:
        MATERIAL_CACHE.limit = limit
    assert fresh == remembered == unremembered
