"""The searcher's own position: a flat list of ints built from the public view only.

The search copies this list once per card played, so it must be small and
cheap. Nothing in it names a face-down card: ``UNDER`` marks the face-up cards
that have a card lying under them, and ``POOL`` is the set of cards nobody has
seen. When a card leaves a pile of ``UNDER``, the card turned up is drawn
uniformly from ``POOL`` (a chance node): every arrangement of the unseen cards
is equally likely given what both players see.

Field indices (``s[TURN]`` ...):

- ``TURN``: player to play a card; ``LEAD``: card led to the trick, or -1.
- ``AVAIL + p``: player ``p``'s available cards (face up on his piles, :mod:`otv66.kernel`).
- ``UNDER``: mask of face-up cards with a face-down card beneath (both players).
- ``POOL``: mask of the unseen cards.
- ``POINTS_WON + p``, ``TRICKS_WON + p``, ``MARRIED + p`` (counting),
  ``PENDING + p`` (announced before his first trick), ``TRICKS_PLAYED``.
- ``PHANTOM + p``: face-down cards turned up beyond the search horizon; the
  search does not draw them, the evaluation counts them as future cards.
"""

from __future__ import annotations

from typing import Final

from otv66.ai.cache import BoundedCache
from otv66.cards import DECK_SIZE, POINTS
from otv66.model import PublicView

TURN: Final = 0
LEAD: Final = 1
AVAIL: Final = 2
UNDER: Final = 4
POOL: Final = 5
POINTS_WON: Final = 6
TRICKS_WON: Final = 8
MARRIED: Final = 10
PENDING: Final = 12
TRICKS_PLAYED: Final = 14
PHANTOM: Final = 15
SIZE: Final = 17


def position_from_view(view: PublicView) -> list[int]:
    """Return the search position for ``view`` (which must not be over)."""
    if view.turn is None:
        raise ValueError("the deal is over: there is no position to search")
    s = [0] * SIZE
    s[TURN] = view.turn
    s[LEAD] = view.lead
    under = 0
    for player in (0, 1):
        for top, hidden in view.piles[player]:
            if hidden:
                under |= 1 << top
        s[AVAIL + player] = view.available(player)
        s[POINTS_WON + player] = view.card_points[player]
        s[TRICKS_WON + player] = view.tricks_won[player]
        s[MARRIED + player] = view.marriage_points[player]
        s[PENDING + player] = view.pending_marriage_points[player]
    s[UNDER] = under
    s[POOL] = view.unseen
    s[TRICKS_PLAYED] = view.tricks_played
    return s


def remaining_cards(s: list[int]) -> int:
    """Mask of the cards not yet taken in a trick: on the tables, unseen, or led to this trick."""
    remaining = s[AVAIL] | s[AVAIL + 1] | s[POOL]
    if s[LEAD] >= 0:
        remaining |= 1 << s[LEAD]
    return remaining


def _equivalence_classes(cards: int, remaining: int, split: int) -> list[tuple[int, int]]:
    """Group ``cards`` into classes of interchangeable cards, each as ``(first card, size)``.

    Two cards are interchangeable when they are of one suit, no other
    remaining card lies between them in rank, they are worth the same points
    and they agree on ``split`` (for moves: whether a card lies under them).
    Swapping such cards maps the game onto itself, so one of each class is
    enough for the search (the equivalent-card merging of double-dummy solvers).
    """
    classes: list[tuple[int, int]] = []
    for suit_base in range(0, DECK_SIZE, 8):
        open_class = -1
        for card in range(suit_base, suit_base + 8):
            bit = 1 << card
            if not remaining & bit:
                continue
            if not cards & bit:
                open_class = -1
                continue
            if (
                open_class >= 0
                and POINTS[card] == POINTS[classes[open_class][0]]
                and (split >> card & 1) == (split >> classes[open_class][0] & 1)
            ):
                first, size = classes[open_class]
                classes[open_class] = (first, size + 1)
            else:
                open_class = len(classes)
                classes.append((card, 1))
    return classes


CLASS_CACHE_SIZE: Final = 50_000
"""Entries :data:`CLASS_CACHE` holds at most (it lives on between searches)."""
CLASS_CACHE: Final[BoundedCache[tuple[int, int, int], tuple[tuple[int, int], ...]]] = BoundedCache(CLASS_CACHE_SIZE)
"""The equivalence classes of the masks met so far (trimmed between searches: :mod:`otv66.ai.cache`)."""


def equivalence_classes(cards: int, remaining: int, split: int = 0) -> tuple[tuple[int, int], ...]:
    """Cached :func:`_equivalence_classes` (the same few masks recur all through a search)."""
    key = (cards, remaining, split & cards)
    classes = CLASS_CACHE.get(key)
    if classes is None:
        classes = tuple(_equivalence_classes(cards, remaining, split))
        CLASS_CACHE.put(key, classes)
    return classes
