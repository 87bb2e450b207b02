"""The messages two players exchange, in a compact binary form sent as base64url text.

Layout of version 1 (integers big-endian)::

    version   1 byte   (= 1)
    match id  16 bytes
    deal      2 bytes  (0: the key exchange; deals count from 1)
    sender    1 byte   (seat 0 or 1)
    seq       2 bytes  (the sender's messages in this deal, from 0)
    step      1 byte   (KEY, FIRST_SHUFFLE, SECOND_SHUFFLE or SHARES)
    payload            KEY: the public key (32 bytes);
                       FIRST_SHUFFLE, SECOND_SHUFFLE: the deck (32 x 64 bytes) and its proof (4,256 bytes);
                       SHARES: nothing
    shares    1 byte count, then per share: deck position (1 byte) and share (32 bytes)
    share proof        64 bytes, present when there is a share
    signature          64 bytes: the sender's Schnorr signature of everything above

Every proof is bound to :meth:`Message.context` (match, deal, step, seq, sender), and the signature
covers every byte, so a message cannot be altered, replayed elsewhere or written by anyone else.

>>> from otv66.friend.elgamal import KeyPair
>>> keys = KeyPair.generate()
>>> message = Message(bytes(16), deal=0, sender=0, seq=0, step=Step.KEY, public_key=keys.public).signed(keys)
>>> text = message.to_text()
>>> len(text), Message.from_text(text) == message
(160, True)
"""

from __future__ import annotations

import base64
import binascii
import enum
import re
import secrets
import struct
from dataclasses import dataclass, replace
from typing import Final

from otv66.cards import DECK_SIZE
from otv66.friend.elgamal import Deck, KeyPair, Proof, sign, verify_signature
from otv66.friend.errors import MalformedMessageError
from otv66.friend.fiat_shamir import Context
from otv66.friend.ristretto import ENCODED_SIZE, Element, RandomBytes, decode
from otv66.friend.shuffle import ShuffleProof

VERSION: Final = 1
MATCH_ID_SIZE: Final = 16
_HEADER: Final = struct.Struct(">B16sHBHB")
_BASE64URL: Final = re.compile(r"[A-Za-z0-9_-]*")


class Step(enum.IntEnum):
    """What a message does in its deal (bound into every proof, so a proof of one step fits no other)."""

    KEY = 0
    """Deal 0 only: a player's public key, its signature proving he knows the secret."""
    FIRST_SHUFFLE = 1
    """The first shuffle of a deal (from the public deck in card order)."""
    SECOND_SHUFFLE = 2
    """The second shuffle, from the first one's deck: the deal's final deck."""
    SHARES = 3
    """Decryption shares only."""


@dataclass(frozen=True)
class Message:
    """One message; ``signature`` is ``None`` until :meth:`signed`."""

    match_id: bytes
    deal: int
    sender: int
    seq: int
    step: Step
    public_key: Element | None = None
    deck: Deck | None = None
    shuffle_proof: ShuffleProof | None = None
    shares: tuple[tuple[int, Element], ...] = ()
    share_proof: Proof | None = None
    signature: Proof | None = None

    @property
    def context(self) -> Context:
        """The context every proof of this message is bound to."""
        return Context(self.match_id, self.deal, int(self.step), self.seq, self.sender)

    def shares_body(self) -> bytes:
        """The bytes the share proof covers (with the deck the shares open, added by the caller)."""
        header = _HEADER.pack(VERSION, self.match_id, self.deal, self.sender, self.seq, int(self.step))
        return header + self._payload() + self._shares()

    def body(self) -> bytes:
        """Every byte the signature covers."""
        proof = b"" if self.share_proof is None else self.share_proof.encode()
        return self.shares_body() + proof

    def _payload(self) -> bytes:
        if self.step == Step.KEY:
            assert self.public_key is not None
            return self.public_key.encode()
        if self.step in (Step.FIRST_SHUFFLE, Step.SECOND_SHUFFLE):
            assert self.deck is not None and self.shuffle_proof is not None
            return self.deck.encoded + self.shuffle_proof.encoded
        return b""

    def _shares(self) -> bytes:
        return bytes([len(self.shares)]) + b"".join(bytes([pos]) + share.encode() for pos, share in self.shares)

    def signed(self, keys: KeyPair, random_bytes: RandomBytes = secrets.token_bytes) -> Message:
        """This message with the sender's signature."""
        return replace(self, signature=sign(self.context, keys, self.body(), random_bytes))

    def verify_signature(self, public: Element) -> None:
        """Raise :class:`~otv66.friend.errors.ForgedSenderError` unless ``public``'s owner signed this message."""
        assert self.signature is not None
        verify_signature(self.context, public, self.body(), self.signature)

    def encode(self) -> bytes:
        """The message's bytes (signed)."""
        assert self.signature is not None, "sign a message before sending it"
        return self.body() + self.signature.encode()

    def to_text(self) -> str:
        """The message as base64url text without padding (what travels in a link)."""
        return to_base64url(self.encode())

    @classmethod
    def decode(cls, data: bytes) -> Message:
        """The message in ``data``; :class:`~otv66.friend.errors.MalformedMessageError` for anything else."""
        reader = _Reader(data)
        version, match_id, deal, sender, seq, step_number = _HEADER.unpack(reader.take(_HEADER.size))
        if version != VERSION:
            raise MalformedMessageError(f"message version {version} is not known here (this is version {VERSION})")
        if sender not in (0, 1):
            raise MalformedMessageError(f"the sender is seat 0 or 1, not {sender}")
        try:
            step = Step(step_number)
        except ValueError:
            raise MalformedMessageError(f"unknown step {step_number}") from None
        public_key = deck = shuffle_proof = share_proof = None
        if step == Step.KEY:
            public_key = decode(reader.take(ENCODED_SIZE))
        elif step in (Step.FIRST_SHUFFLE, Step.SECOND_SHUFFLE):
            deck = Deck.decode(reader.take(DECK_SIZE * 2 * ENCODED_SIZE), DECK_SIZE)
            shuffle_proof = ShuffleProof.decode(reader.take(ShuffleProof.size(DECK_SIZE)), DECK_SIZE)
        shares = []
        for _ in range(reader.take(1)[0]):
            position = reader.take(1)[0]
            if position >= DECK_SIZE:
                raise MalformedMessageError(f"deck position {position} does not exist")
            shares.append((position, decode(reader.take(ENCODED_SIZE))))
        if shares:
            share_proof = Proof.decode(reader.take(Proof.SIZE))
        signature = Proof.decode(reader.take(Proof.SIZE))
        if not reader.done():
            raise MalformedMessageError("the message goes on after its signature")
        return cls(
            match_id, deal, sender, seq, step, public_key, deck, shuffle_proof, tuple(shares), share_proof, signature
        )

    @classmethod
    def from_text(cls, text: str) -> Message:
        """The message of a :meth:`to_text` string."""
        return cls.decode(from_base64url(text))


def to_base64url(data: bytes) -> str:
    """``data`` as base64url text without padding."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def from_base64url(text: str) -> bytes:
    """The bytes of base64url text without padding; :class:`MalformedMessageError` for anything else."""
    if not isinstance(text, str) or not _BASE64URL.fullmatch(text) or len(text) % 4 == 1:
        raise MalformedMessageError("a message is base64url text (letters, digits, '-' and '_')")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except binascii.Error:
        raise MalformedMessageError("a message is base64url text") from None


class _Reader:
    """Bytes read front to back; running short is a malformed message."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._at = 0

    def take(self, size: int) -> bytes:
        if self._at + size > len(self._data):
            raise MalformedMessageError("the message is cut short")
        chunk = self._data[self._at : self._at + size]
        self._at += size
        return chunk

    def done(self) -> bool:
        return self._at == len(self._data)
