"""Fiat-Shamir challenges: SHA-512 over a domain tag, the proof's context and its public values.

Every proof of the protocol is made non-interactive by hashing everything the verifier sees
(the statement and the prover's commitments) together with a :class:`Context` naming the match,
the deal, the step and the sender's sequence number. A proof is therefore valid in one place of
one match only: replaying it elsewhere changes the hash and fails. Each value is hashed with its
length in front, so two different lists of values never hash the same bytes.

>>> ctx = Context(match_id=bytes(16), deal=0, step=1, seq=0, sender=1)
>>> challenge(ctx, "demo", b"x") == challenge(ctx, "demo", b"x") != challenge(ctx, "demo", b"y")
True
"""

from __future__ import annotations

import hashlib
import struct
from dataclasses import dataclass
from typing import Final

from otv66.friend.ristretto import scalar_from_hash

DOMAIN: Final = b"otv66-friend/v1"
"""Tag of this protocol version: a change of any proof's layout changes it."""
CHALLENGE_BITS: Final = 128
"""Bits of the shuffle proof's many small challenges (soundness error 2**-128 each)."""


@dataclass(frozen=True)
class Context:
    """Where a proof belongs: match, deal (0 for the key exchange), step, sender and his sequence number."""

    match_id: bytes
    deal: int
    step: int
    seq: int
    sender: int

    def encode(self) -> bytes:
        """The bytes hashed into every challenge."""
        return self.match_id + struct.pack(">HBHB", self.deal, self.step, self.seq, self.sender)


def _hasher(context: Context, label: str, parts: tuple[bytes, ...]) -> hashlib._Hash:
    digest = hashlib.sha512()
    for part in (DOMAIN, label.encode(), context.encode(), *parts):
        digest.update(struct.pack(">I", len(part)))
        digest.update(part)
    return digest


def challenge(context: Context, label: str, *parts: bytes) -> int:
    """One challenge scalar (modulo the group order) for ``parts`` in ``context``."""
    return scalar_from_hash(_hasher(context, label, parts).digest())


def small_challenges(context: Context, label: str, count: int, *parts: bytes) -> list[int]:
    """``count`` challenges of :data:`CHALLENGE_BITS` bits each, all derived from one hash of ``parts``."""
    seed = _hasher(context, label, parts).digest()
    size = CHALLENGE_BITS // 8
    return [int.from_bytes(hashlib.sha512(seed + struct.pack(">I", i)).digest()[:size], "little") for i in range(count)]
