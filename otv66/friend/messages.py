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
    signature          64 bytes, present when there is no share: the sender's Schnorr signature of
                       everything above

Every proof is bound to :meth:`Message.context` (match, deal, step, seq, sender). A message is sealed
by the sender's key over every byte: by its signature, or, when it carries shares, by its share proof,
which is itself a signature (a Chaum-Pedersen proof of knowledge of the sender's secret, Fiat-Shamir
over every byte before it and the deck the shares open): a second signature would add 64 bytes and no
assurance. So a message cannot be altered, replayed elsewhere or written by anyone else.

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
from otv66.friend.elgamal import Deck, KeyPair, Proof, prove_shares, sign, verify_shares, verify_signature
from otv66.friend.errors import MalformedMessageError, OutOfOrderError
from otv66.friend.fiat_shamir import Context
from otv66.friend.ristretto import ENCODED_SIZE, Element, RandomBytes, decode
from otv66.friend.shuffle import ShuffleProof

VERSION: Final = 2
"""Version 2: a message with shares is sealed by its share proof alone (version 1 also signed it)."""
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
        """This message with the sender's signature (a message with shares is sealed by its share proof)."""
        assert not self.shares, "a message with shares is sealed by its share proof, not signed"
        return replace(self, signature=sign(self.context, keys, self.body(), random_bytes))

    def verify_signature(self, public: Element) -> None:
        """Raise :class:`~otv66.friend.errors.ForgedSenderError` unless ``public``'s owner signed this message
        (one without shares: the share proof seals the others, checked with the deck they open)."""
        assert self.signature is not None
        verify_signature(self.context, public, self.body(), self.signature)

    def opened_deck(self, final: Deck | None) -> Deck | None:
        """The deck this message's shares open: its own for the second shuffle, else ``final`` (the deal's)."""
        return self.deck if self.step == Step.SECOND_SHUFFLE else final

    def sealed(self, keys: KeyPair, final: Deck | None, random_bytes: RandomBytes = secrets.token_bytes) -> Message:
        """This message sealed by ``keys``: its share proof (shares of the deck :meth:`opened_deck` gives for
        the deal's ``final`` deck) when it has shares, else its signature."""
        if not self.shares:
            return self.signed(keys, random_bytes)
        deck = self.opened_deck(final)
        assert deck is not None, "shares open the final deck"
        pairs = [(deck.cards[pos].b, share) for pos, share in self.shares]
        proof = prove_shares(self.context, keys, self.shares_body() + deck.encoded, pairs, random_bytes)
        return replace(self, share_proof=proof, signature=None)

    def verify_seal(self, public: Element, final: Deck | None) -> None:
        """Check that ``public``'s owner sealed this message (see :meth:`sealed`): raise
        :class:`~otv66.friend.errors.ForgedSenderError` for a bad signature,
        :class:`~otv66.friend.errors.BadShareError` for a bad share proof (a wrong share or a forgery)."""
        if not self.shares:
            self.verify_signature(public)
            return
        deck = self.opened_deck(final)
        if deck is None:
            raise OutOfOrderError("decryption shares came before the deck was final")
        assert self.share_proof is not None
        pairs = [(deck.cards[pos].b, share) for pos, share in self.shares]
        verify_shares(self.context, public, self.shares_body() + deck.encoded, pairs, self.share_proof)

    def encode(self) -> bytes:
        """The message's bytes (sealed: signed, or with its share proof)."""
        if self.shares:
            assert self.share_proof is not None, "prove a message's shares before sending it"
            return self.body()
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
        signature = None
        if shares:
            share_proof = Proof.decode(reader.take(Proof.SIZE))
        else:
            signature = Proof.decode(reader.take(Proof.SIZE))
        if not reader.done():
            raise MalformedMessageError("the message goes on after its seal (signature or share proof)")
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
