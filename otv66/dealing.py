"""Shuffling and dealing as docs/rules.md 2 describes them.

**Shuffle version 1** (``SHUFFLE_VERSION``), a promise kept across releases and
between CPython and Pyodide because it uses only SHA-256 and integer arithmetic:

1. Start from the deck in card order (``AS TS KS ... 7C``, :data:`otv66.cards.CODES`).
2. A byte stream: SHA-256 of ``b"otv66-shuffle/1:<seed>:<block>"`` for
   block = 0, 1, 2, ... (seed and block in decimal ASCII), concatenated.
3. Fisher-Yates from the last position down: for ``i`` = 31 .. 1 read the next
   4 bytes as a big-endian unsigned integer ``x``; if ``x`` is below the largest
   multiple of ``i + 1`` that fits in 2**32 swap positions ``i`` and
   ``x % (i + 1)``, otherwise read again (rejection keeps it exactly uniform).
4. Position 0 is the top of the deck.

**Dealing**: face-down round, then face-up round. In each round the dealer
gives packets by the packet plan, alternately to the opponent first, then to
himself; each player's cards fill his piles 0..7 in order. The dealer's last
card (pile 7, face up) fixes trump.

>>> layout = deal_layout(shuffled_deck(42), dealer=0, packets=(4, 4))
>>> len(layout), len(layout[0])
(2, 8)
"""

from __future__ import annotations

import functools
import hashlib
import struct
from collections.abc import Sequence
from typing import Final, TypeGuard

from otv66.cards import DECK_SIZE
from otv66.errors import InvalidLayoutError, InvalidPlayerError

SHUFFLE_VERSION: Final = 1
MAX_SEED: Final = 2**53 - 1
"""Largest seed; it stays an exact number in JavaScript, so links keep it whole."""
PACKET_SIZES: Final = (1, 2, 4)
PILES: Final = 8

Layout = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]
"""``layout[player][pile] == (face_down, face_up)``, cards as ints."""


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a whole number in 0..MAX_SEED, else raise."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise InvalidLayoutError(f"seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}")
    return seed


def _words(seed: int, block: int) -> tuple[int, ...]:
    """Return block ``block`` of the shuffle's byte stream as eight big-endian 32-bit words."""
    digest = hashlib.sha256(f"otv66-shuffle/{SHUFFLE_VERSION}:{seed}:{block}".encode()).digest()
    return struct.unpack(">8I", digest)


_LIMITS: Final = tuple((i, (1 << 32) - (1 << 32) % (i + 1)) for i in range(DECK_SIZE - 1, 0, -1))
"""Fisher-Yates positions ``i`` with the largest multiple of ``i + 1`` that fits in 2**32:
words at or above it are rejected."""


def shuffled_deck(seed: int) -> list[int]:
    """Return the 32 cards in the order shuffle version 1 gives for ``seed`` (top first)."""
    check_seed(seed)
    deck = list(range(DECK_SIZE))
    words = list(_words(seed, 0) + _words(seed, 1) + _words(seed, 2) + _words(seed, 3))
    position = 0
    for i, limit in _LIMITS:
        while True:
            if position == len(words):
                words.extend(_words(seed, position // 8))
            x = words[position]
            position += 1
            if x < limit:
                break
        j = x % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def check_packets(packets: object) -> tuple[int, ...]:
    """Validate a packet plan: sizes 1, 2 or 4 adding up to 8. Return it as a tuple."""
    if not isinstance(packets, (list, tuple)) or not packets:
        raise InvalidLayoutError("a packet plan is a list of packet sizes, e.g. [4, 4] or [2, 2, 2, 2]", "packet_plan")
    for size in packets:
        if type(size) is not int or size not in PACKET_SIZES:  # not bool, not 4.0 (JSON may carry either)
            raise InvalidLayoutError(f"packets are 1, 2 or 4 cards, not {size!r}", "packet_size", size=str(size)[:20])
    if sum(packets) != PILES:
        raise InvalidLayoutError(f"packet sizes must add up to 8, not {sum(packets)}", "packet_sum", total=sum(packets))
    return tuple(packets)


def is_player(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a player number: the whole number 0 or 1 (not ``True``, not ``0.0``)."""
    return isinstance(value, int) and not isinstance(value, bool) and value in (0, 1)


def check_dealer(dealer: object) -> int:
    """Validate a player number (0 or 1) given as the dealer."""
    if not is_player(dealer):
        raise InvalidLayoutError(f"the dealer is player 0 or 1, not {dealer!r}")
    return dealer


def check_player(player: object) -> int:
    """Return ``player`` if it is a player number (0 or 1), else raise :class:`InvalidPlayerError`.

    For the public queries about one player (a deal's :meth:`~otv66.deal.Deal.score`, a view's
    :meth:`~otv66.model.PublicView.available`): an index into two-item state would otherwise answer
    for the wrong player (``-1``) or fail with an ``IndexError``.
    """
    if not is_player(player):
        raise InvalidPlayerError(f"a player is 0 or 1, not {player!r:.40}")
    return player


def deal_layout(deck: Sequence[int], dealer: int, packets: Sequence[int]) -> Layout:
    """Deal ``deck`` (top first) by the packet plan; return the layout."""
    plan = check_packets(packets)
    if sorted(deck) != list(range(DECK_SIZE)):
        raise InvalidLayoutError("a deck is the 32 cards, each once")
    return layout_from_positions(deck, deal_positions(check_dealer(dealer), plan))


@functools.cache
def deal_positions(dealer: int, plan: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Where each card of the layout comes from: ``[player][pile] == (deck index of face_down, of face_up)``.

    The order depends only on the dealer and the packet plan, so it is worked out once per pair.
    """
    rounds: list[list[list[int]]] = [[[], []], [[], []]]  # [round][player] -> deck indices
    position = 0
    for dealt in rounds:
        for size in plan:
            for player in (1 - dealer, dealer):
                dealt[player].extend(range(position, position + size))
                position += size
    down, up = rounds
    return tuple(tuple(zip(down[p], up[p], strict=True)) for p in (0, 1))


def layout_from_positions(deck: Sequence[int], positions: tuple[tuple[tuple[int, int], ...], ...]) -> Layout:
    """Lay the cards of ``deck`` out by :func:`deal_positions`."""
    first, second = (tuple((deck[down], deck[up]) for down, up in table) for table in positions)
    return first, second


def match_deal_seed(match_seed: int, index: int) -> int:
    """Seed of deal ``index`` (0-based) of a match played from ``match_seed``.

    Derived with SHA-256 so a whole match is reproducible from one number.
    """
    check_seed(match_seed)
    digest = hashlib.sha256(f"otv66-match/{SHUFFLE_VERSION}:{match_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")
