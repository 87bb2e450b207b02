"""The computer's levels by name, weakest first, the default one, and the checks of a level and a thinking time.

What a match, the bridge and the page need to know of the levels without loading the computer
opponent itself (:mod:`otv66.ai`, which defines how each level plays and is imported only when
the computer first has to think: the browser's engine boots faster without it). The AI checks
what its callers pass with the same functions.

>>> LEVELS[0], DEFAULT_LEVEL in LEVELS
('beginner', True)
"""

import math
from typing import Final

from otv66.errors import InvalidMatchError

LEVELS: Final[tuple[str, ...]] = ("beginner", "club", "expert", "master")
DEFAULT_LEVEL: Final = "expert"
MAX_SECONDS: Final = 10.0
"""Longest thinking time a table (the page, the terminal) may give the computer for one decision."""


def check_level(level: object) -> str:
    """Return ``level`` if it names a level of the computer, else raise :class:`InvalidMatchError`."""
    if not isinstance(level, str) or level not in LEVELS:
        raise InvalidMatchError(f"unknown level {level!r:.40}: choose one of {', '.join(LEVELS)}")
    return level


def check_nodes(nodes: object, most: int | None = None) -> int | None:
    """Return a search's node budget (``None``: it searches on time), else raise :class:`InvalidMatchError`.

    A whole number from 1 (``True`` is refused), and at most ``most`` where the caller has a limit (the
    page's bridge: about a minute of search in the browser); the library's own call has none.
    """
    if nodes is None:
        return None
    if type(nodes) is not int or nodes < 1 or (most is not None and nodes > most):
        wanted = f"from 1 to {most}" if most is not None else "from 1 up"
        raise InvalidMatchError(f"nodes must be a whole number {wanted}, not {nodes!r:.40}")
    return nodes


def check_seconds(seconds: object, longest: float = MAX_SECONDS) -> float | None:
    """Return a thinking time in seconds (``None``: the level's own), else raise :class:`InvalidMatchError`.

    A finite number with ``0 < seconds <= longest``: NaN, infinities, ``True`` and (by default) a
    year of thinking are refused, so no request can make the computer think forever. The library's
    own calls (:func:`otv66.ai.choose_move`, :func:`~otv66.ai.analyse`) pass ``longest=math.inf``:
    any finite time, however long, is the caller's to choose.
    """
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise InvalidMatchError(f"seconds must be a number, not {seconds!r:.40}")
    try:
        value = float(seconds)
    except OverflowError:
        value = math.inf
    if not (0 < value <= longest and math.isfinite(value)):  # NaN fails every comparison
        wanted = f"more than 0 and at most {longest:g}" if math.isfinite(longest) else "a finite number more than 0"
        raise InvalidMatchError(f"seconds must be {wanted}, not {seconds!r:.40}")
    return value
