"""ElGamal over ristretto255 with a joint key: the cards, keys, re-encryption and decryption shares.

- **Cards** are 32 fixed group elements, ``hash_to_group("otv66-friend/v1/card/<code>")``: nobody
  knows a relation between them, so a card cannot be turned into another one by arithmetic.
- **Keys**: each player draws a secret ``x`` and publishes ``X = x * BASE``; the deck is encrypted
  under the **joint key** ``X_0 + X_1``, whose secret is ``x_0 + x_1``: neither player knows it.
  Each public key travels with a proof of knowledge of its secret (the sender proof below over a
  message holding no share), which stops a "rogue key" ``X_1 = Y - X_0`` that would let player 1
  decrypt alone.
- **Ciphertexts** ``(a, b) = (card + r * joint, r * BASE)``; the deck starts as ``(card, 0)`` in card
  order (``r = 0``, public) and each shuffle re-encrypts every card with fresh ``r``.
- **Decryption share** of player ``i`` for ``(a, b)``: ``x_i * b``. The card is
  ``a - share_0 - share_1``: one share alone reveals nothing about it.
- **Share proof**: a Chaum-Pedersen proof that the shares of a message were made with the
  sender's secret (``log_BASE X_i = log_b share`` for every share, batched by a random linear
  combination), made non-interactive by Fiat-Shamir.
- **Signature**: a Schnorr signature (the same proof with no share) over a whole message, so nobody
  without the sender's secret can write or alter one; over a key message it is the key's proof of
  knowledge.

>>> alice, bob = KeyPair.generate(), KeyPair.generate()
>>> key = FixedBase(joint_key([alice.public, bob.public]))
>>> hidden = initial_deck().cards[9].reencrypt(random_scalar(), key)
>>> shares = [decryption_share(alice.secret, hidden), decryption_share(bob.secret, hidden)]
>>> CODES[decryption_card(hidden, shares)]
'TH'
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from otv66.cards import CODES
from otv66.friend.errors import BadShareError, ForgedSenderError, MalformedMessageError
from otv66.friend.fiat_shamir import Context, challenge, small_challenges
from otv66.friend.ristretto import (
    ENCODED_SIZE,
    IDENTITY,
    ORDER,
    Element,
    FixedBase,
    RandomBytes,
    base_times,
    decode,
    decode_scalar,
    encode_scalar,
    fixed_base,
    hash_to_group,
    multiply,
    multiscalar,
    random_scalar,
)

CARD_LABEL: Final = b"otv66-friend/v1/card/"
"""Prefix of the labels hashed to the cards' group elements."""


@functools.cache
def card_elements() -> tuple[Element, ...]:
    """``card_elements()[card]`` is the group element standing for ``card`` (an int of :mod:`otv66.cards`)."""
    return tuple(hash_to_group(CARD_LABEL + code.encode()) for code in CODES)


@functools.cache
def _card_by_encoding() -> dict[bytes, int]:
    return {element.encode(): card for card, element in enumerate(card_elements())}


@dataclass(frozen=True)
class Ciphertext:
    """An ElGamal ciphertext ``(a, b) = (card + r * key, r * BASE)``."""

    a: Element
    b: Element

    SIZE = 2 * ENCODED_SIZE

    def encode(self) -> bytes:
        """``a`` then ``b``, 64 bytes."""
        return self.a.encode() + self.b.encode()

    @classmethod
    def decode(cls, data: bytes) -> Ciphertext:
        """The ciphertext of 64 bytes; :class:`~otv66.friend.errors.MalformedMessageError` otherwise."""
        return cls(decode(data[:ENCODED_SIZE]), decode(data[ENCODED_SIZE : cls.SIZE]))

    def reencrypt(self, randomness: int, key: FixedBase) -> Ciphertext:
        """The same card under fresh randomness: ``(a + r * key, b + r * BASE)``."""
        return Ciphertext(self.a + key.times(randomness), self.b + base_times(randomness))


@dataclass(frozen=True)
class Deck:
    """A sequence of ciphertexts with its encoding (computed once: encoding a group element costs a square root)."""

    cards: tuple[Ciphertext, ...]
    encoded: bytes

    @classmethod
    def of(cls, cards: Sequence[Ciphertext]) -> Deck:
        """The deck of ``cards``, encoding them."""
        return cls(tuple(cards), b"".join(card.encode() for card in cards))

    @classmethod
    def decode(cls, data: bytes, size: int) -> Deck:
        """The deck of ``size`` ciphertexts encoded in ``data`` (exactly that long)."""
        if len(data) != size * Ciphertext.SIZE:
            raise MalformedMessageError(f"a deck of {size} cards is {size * Ciphertext.SIZE} bytes, not {len(data)}")
        step = Ciphertext.SIZE
        return cls(tuple(Ciphertext.decode(data[i : i + step]) for i in range(0, len(data), step)), data)

    def __len__(self) -> int:
        return len(self.cards)


@functools.cache
def initial_deck() -> Deck:
    """The 32 cards in card order, "encrypted" with randomness 0: public, the first shuffle's input."""
    return Deck.of([Ciphertext(element, IDENTITY) for element in card_elements()])


@dataclass(frozen=True)
class KeyPair:
    """One player's secret ``x`` and public key ``x * BASE``."""

    secret: int
    public: Element

    @classmethod
    def generate(cls, random_bytes: RandomBytes = secrets.token_bytes) -> KeyPair:
        """A fresh key pair from ``random_bytes`` (the system's secure source by default)."""
        secret = random_scalar(random_bytes)
        return cls(secret, base_times(secret))


def joint_key(publics: Sequence[Element]) -> Element:
    """The key the deck is encrypted under: the sum of the players' public keys."""
    total = IDENTITY
    for public in publics:
        total = total + public
    return total


def decryption_share(secret: int, ciphertext: Ciphertext) -> Element:
    """One player's share for opening ``ciphertext``: ``secret * b``."""
    return multiply(secret, ciphertext.b)


def decryption_card(ciphertext: Ciphertext, shares: Sequence[Element]) -> int:
    """The card ``ciphertext`` holds, given every player's share; raise if the result is no card."""
    message = ciphertext.a
    for share in shares:
        message = message - share
    card = _card_by_encoding().get(message.encode())
    if card is None:
        raise BadShareError("the decryption shares do not open a card")
    return card


@dataclass(frozen=True)
class Proof:
    """A Chaum-Pedersen proof ``(c, s)``: the sender knows ``x`` with ``X = x * BASE`` and ``share = x * b``."""

    challenge: int
    response: int

    SIZE = 2 * ENCODED_SIZE

    def encode(self) -> bytes:
        """``c`` then ``s``, 64 bytes."""
        return encode_scalar(self.challenge) + encode_scalar(self.response)

    @classmethod
    def decode(cls, data: bytes) -> Proof:
        """The proof of 64 bytes; :class:`~otv66.friend.errors.MalformedMessageError` otherwise."""
        return cls(decode_scalar(data[:ENCODED_SIZE]), decode_scalar(data[ENCODED_SIZE : cls.SIZE]))


Pairs = Sequence[tuple[Element, Element]]
"""``(b, share)`` pairs: each share claims to be ``x * b``."""


def _combined(context: Context, body: bytes, pairs: Pairs) -> tuple[Element, Element]:
    """``(sum rho_j b_j, sum rho_j share_j)`` with hashed ``rho``: one equation standing for all of them.

    If any share is wrong, the combined equation holds only with probability 2**-128 over ``rho``,
    which is drawn after the shares are fixed (they are in ``body``).
    """
    if not pairs:
        return IDENTITY, IDENTITY
    weights = small_challenges(context, "dleq-batch", len(pairs), body)
    return multiscalar(weights, [b for b, _ in pairs]), multiscalar(weights, [share for _, share in pairs])


def _challenge(
    context: Context,
    label: str,
    body: bytes,
    public: Element,
    combined: tuple[Element, Element],
    commitments: tuple[Element, Element],
) -> int:
    points = (public, *combined, *commitments)
    return challenge(context, label, body, *(point.encode() for point in points))


def _prove(context: Context, label: str, keys: KeyPair, body: bytes, pairs: Pairs, random_bytes: RandomBytes) -> Proof:
    nonce = random_scalar(random_bytes)
    combined = _combined(context, body, pairs)
    commitments = (base_times(nonce), multiscalar([nonce], [combined[0]]))
    c = _challenge(context, label, body, keys.public, combined, commitments)
    return Proof(c, (nonce + c * keys.secret) % ORDER)


def _holds(context: Context, label: str, public: Element, body: bytes, pairs: Pairs, proof: Proof) -> bool:
    combined = _combined(context, body, pairs)
    c, s = proof.challenge, proof.response
    # A player's key signs every message of a match: its table (built once) makes each check cheap.
    key_part = base_times(s) - fixed_base(public.encode()).times(c)
    commitments = (key_part, multiscalar([s, -c], list(combined)))
    return _challenge(context, label, body, public, combined, commitments) == c


def sign(context: Context, keys: KeyPair, body: bytes, random_bytes: RandomBytes = secrets.token_bytes) -> Proof:
    """A Schnorr signature of ``body`` in ``context``: proves knowledge of ``keys.secret`` (a key's proof of
    possession when ``body`` holds the public key)."""
    return _prove(context, "signature", keys, body, (), random_bytes)


def verify_signature(context: Context, public: Element, body: bytes, signature: Proof) -> None:
    """Check a :func:`sign` signature; raise :class:`ForgedSenderError` if it fails."""
    if not _holds(context, "signature", public, body, (), signature):
        raise ForgedSenderError(
            f"the message is not signed by player {context.sender}'s key (forged or altered): refused"
        )


def prove_shares(
    context: Context, keys: KeyPair, body: bytes, pairs: Pairs, random_bytes: RandomBytes = secrets.token_bytes
) -> Proof:
    """Prove ``share == keys.secret * b`` for every ``(b, share)`` of ``pairs`` (batched), bound to ``body``.

    ``body`` holds the shares and whatever the verifier must see unchanged (the deck they open).
    """
    return _prove(context, "shares", keys, body, pairs, random_bytes)


def verify_shares(context: Context, public: Element, body: bytes, pairs: Pairs, proof: Proof) -> None:
    """Check a :func:`prove_shares` proof; raise :class:`BadShareError` if any share is not the sender's."""
    if not _holds(context, "shares", public, body, pairs, proof):
        raise BadShareError(
            f"a decryption share of player {context.sender} is wrong (it would open a wrong card): refused"
        )
