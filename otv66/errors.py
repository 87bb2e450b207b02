"""Typed errors for bad input.

Every error the engine raises for something a caller passed in is an
:class:`Otv66Error`, which is a ``ValueError``, so ``except ValueError`` keeps
working for callers that do not care which kind it was. Messages are written
for a player or a webmaster, not for the engine's authors. An error may also carry a
``reason`` (a finer name than its kind) and ``params`` (the values its message names),
so that a page can say the same thing in the player's language.
"""

from __future__ import annotations


class Otv66Error(ValueError):
    """Base class of every bad-input error of otv66."""

    #: Short machine-readable name, sent across the JSON bridge.
    kind = "error"

    def __init__(self, message: str, reason: str = "", **params: str | int) -> None:
        """``message`` is the English text for the library; ``reason`` and ``params`` let a page say it in its
        own language (``reason`` names what exactly was wrong, e.g. ``"packet_size"``; it defaults to the kind).
        """
        super().__init__(message)
        self.reason = reason or self.kind
        self.params = params


class InvalidCardError(Otv66Error):
    """A card or suit code that is not one of docs/rules.md 1."""

    kind = "invalid_card"


class InvalidRulesError(Otv66Error):
    """Rule options that are unknown or out of range."""

    kind = "invalid_rules"


class InvalidLayoutError(Otv66Error):
    """A layout, packet plan, dealer or seed that cannot be a deal."""

    kind = "invalid_layout"


class InvalidMatchError(Otv66Error):
    """Match settings that cannot be a match: not two player names, an unknown level of the computer, a thinking
    time that is not a number of seconds in range."""

    kind = "invalid_match"


class InvalidPlayerError(Otv66Error):
    """A player number that is not 0 or 1 (asking a deal or a view about a third player)."""

    kind = "invalid_player"


class InvalidViewError(Otv66Error):
    """Something given to the computer opponent as what the players see that is not a
    :class:`~otv66.model.PublicView` (``deal.view()`` is one; the :class:`~otv66.deal.Deal` itself is not)."""

    kind = "invalid_view"


class IllegalMoveError(Otv66Error):
    """A move that is not legal now (or not a move at all)."""

    kind = "illegal_move"


class RecordError(Otv66Error):
    """A game record (or share link) that is malformed or does not replay."""

    kind = "invalid_record"


class UnsupportedVersionError(RecordError):
    """A record written in a format version this engine does not know."""

    kind = "unsupported_version"
