"""Links: what one friend sends the other, as the fragment of a page address (``friend.html#f1.…``).

A link is a signed envelope around an ordered list of items (version 1, integers big-endian)::

    version   1 byte   (= 1)
    match id  16 bytes
    sender    1 byte   (seat 0 or 1)
    seq       2 bytes  (the sender's links in this match, from 0)
    deal      2 bytes  (the deal the sender was in when he began the link; 0 before the first)
    count     1 byte, then per item: kind (1 byte), length (2 bytes), data
    signature 64 bytes: the sender's Schnorr signature of everything above, bound to the match key

Items, applied by the receiver in order: ``HELLO`` (JSON: the sender's name, and the rules in an
invitation), ``KEY`` (a key message of :mod:`otv66.friend.session`), ``MESSAGE`` (a shuffle or
shares of the deal, :mod:`otv66.friend.messages`), ``MOVE`` (a docs/record-format.md move code) and
``RESIGN`` (the deal number, 2 bytes: the sender gives that deal up, docs/rules.md 6.5).

>>> from otv66.friend.elgamal import KeyPair
>>> keys = KeyPair.generate()
>>> link = Link(bytes(16), sender=0, seq=0, deal=1, items=((Item.MOVE, b"KH"),)).signed(keys)
>>> text = link.to_text()
>>> text.startswith(PREFIX), Link.from_text(text) == link
(True, True)
"""

from __future__ import annotations

import enum
import re
import secrets
import struct
from dataclasses import dataclass, replace
from typing import Final

from otv66.friend.elgamal import KeyPair, Proof, sign, verify_signature
from otv66.friend.errors import MalformedMessageError, NewerLinkError
from otv66.friend.fiat_shamir import Context
from otv66.friend.messages import MATCH_ID_SIZE, from_base64url, to_base64url
from otv66.friend.ristretto import Element, RandomBytes

LINK_VERSION: Final = 1
PREFIX: Final = "f1."
"""How every link of version 1 begins (after the page address's ``#``)."""
_NEWER_PREFIX: Final = re.compile(r"f([0-9]{1,3})\.")
"""How a friend link of any version begins: a later one than :data:`PREFIX`'s is refused as newer, not as damaged."""
_NEWER_MESSAGE: Final = "this link was made by a newer version of the game: reload the page"
LINK_STEP: Final = 16
"""The step number a link's signature is bound to: no message of a deal (steps 0 to 3) can pass for a link."""
MAX_ITEMS: Final = 255
MAX_SEQ: Final = 0xFFFF
_HEADER: Final = struct.Struct(">B16sBHH")
_ITEM: Final = struct.Struct(">BH")


class Item(enum.IntEnum):
    """What an item of a link holds."""

    HELLO = 0
    KEY = 1
    MESSAGE = 2
    MOVE = 3
    RESIGN = 4


@dataclass(frozen=True)
class Link:
    """One link; ``signature`` is ``None`` until :meth:`signed`."""

    match_id: bytes
    sender: int
    seq: int
    deal: int
    items: tuple[tuple[Item, bytes], ...]
    signature: Proof | None = None

    @property
    def context(self) -> Context:
        """The context the signature is bound to (match, deal, sender and sequence)."""
        return Context(self.match_id, self.deal, LINK_STEP, self.seq, self.sender)

    def body(self) -> bytes:
        """Every byte the signature covers."""
        head = _HEADER.pack(LINK_VERSION, self.match_id, self.sender, self.seq, self.deal)
        items = b"".join(_ITEM.pack(int(kind), len(data)) + data for kind, data in self.items)
        return head + bytes([len(self.items)]) + items

    def signed(self, keys: KeyPair, random_bytes: RandomBytes = secrets.token_bytes) -> Link:
        """This link with the sender's signature."""
        if len(self.items) > MAX_ITEMS:
            raise MalformedMessageError(f"a link holds at most {MAX_ITEMS} items")
        return replace(self, signature=sign(self.context, keys, self.body(), random_bytes))

    def verify_signature(self, public: Element) -> None:
        """Raise :class:`~otv66.friend.errors.ForgedSenderError` unless ``public``'s owner signed this link."""
        assert self.signature is not None
        verify_signature(self.context, public, self.body(), self.signature)

    def to_text(self) -> str:
        """The link as text: :data:`PREFIX` and base64url."""
        assert self.signature is not None, "sign a link before sending it"
        return PREFIX + to_base64url(self.body() + self.signature.encode())

    @classmethod
    def from_text(cls, text: str) -> Link:
        """The link in ``text`` (a whole page address is accepted: only what follows ``#`` is read)."""
        if not isinstance(text, str):
            raise MalformedMessageError("a link is text")
        fragment = text.strip().rsplit("#", 1)[-1]
        newer = _NEWER_PREFIX.match(fragment)
        if newer and int(newer[1]) > LINK_VERSION:
            raise NewerLinkError(_NEWER_MESSAGE)
        if not fragment.startswith(PREFIX):
            raise MalformedMessageError(f"a friend link begins with {PREFIX!r}")
        data = from_base64url(fragment[len(PREFIX) :])
        if len(data) < _HEADER.size + 1 + Proof.SIZE:
            raise MalformedMessageError("the link is cut short")
        version, match_id, sender, seq, deal = _HEADER.unpack_from(data)
        if version > LINK_VERSION:
            raise NewerLinkError(_NEWER_MESSAGE)
        if version != LINK_VERSION:
            raise MalformedMessageError(f"link version {version} is not known here (this is version {LINK_VERSION})")
        if sender not in (0, 1):
            raise MalformedMessageError(f"the sender is seat 0 or 1, not {sender}")
        at, items = _HEADER.size + 1, []
        for _ in range(data[_HEADER.size]):
            if at + _ITEM.size > len(data):
                raise MalformedMessageError("the link is cut short")
            kind, size = _ITEM.unpack_from(data, at)
            at += _ITEM.size
            if kind not in Item.__members__.values() or at + size > len(data):
                raise MalformedMessageError("the link holds an unknown or cut item")
            items.append((Item(kind), data[at : at + size]))
            at += size
        if len(data) - at != Proof.SIZE:
            raise MalformedMessageError("the link does not end with its signature")
        assert len(match_id) == MATCH_ID_SIZE
        return cls(match_id, sender, seq, deal, tuple(items), Proof.decode(data[at:]))
