"""The computer's levels by name, weakest first, and the default one.

What a match, the bridge and the page need to know of the levels without loading the computer
opponent itself (:mod:`otv66.ai`, which defines how each level plays and is imported only when
the computer first has to think: the browser's engine boots faster without it).

>>> LEVELS[0], DEFAULT_LEVEL in LEVELS
('beginner', True)
"""

from typing import Final

LEVELS: Final[tuple[str, ...]] = ("beginner", "club", "expert", "master")
DEFAULT_LEVEL: Final = "expert"
