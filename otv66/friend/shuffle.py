"""A verifiable shuffle: re-encrypt and permute a deck, with a proof the other player checks.

**The argument** is the proof of a shuffle of Terelius and Wikström ("Proofs of restricted
shuffles", Africacrypt 2010), in the step-by-step form of Haenni, Locher, Koenig and Dubuis
("Pseudo-code algorithms for verifiable re-encryption mix-nets", FC 2017 workshops,
``GenShuffleProof`` / ``CheckShuffleProof``), written additively over ristretto255:

1. The prover commits to the permutation matrix column by column, ``c_j = r_j G + H_i`` where
   output ``i`` came from input ``j``, with generators ``H, H_1..H_N`` hashed to the group
   (nobody knows a logarithm between them, so the commitments bind).
2. Challenges ``u_1..u_N`` (128 bits each) are hashed from the context, the key, both decks and
   the commitments. A matrix ``A`` is a permutation matrix exactly when ``A 1 = 1`` and
   ``prod_i (A x)_i = prod_i x_i`` as polynomials in ``x`` (Terelius-Wikström, theorem 1); by
   Schwartz-Zippel one random ``u`` tests the second identity up to an error ``N / 2**128``.
3. The prover shows, in one Schnorr-style sigma protocol, knowledge of the openings of
   ``sum c_j - sum H_i`` (the columns add up to ones), of a commitment chain ``ĉ_N`` to the product
   of the permuted ``u`` (equal to ``prod u_j``), of ``sum u_j c_j`` (the permuted ``u`` it
   commits to) and of the re-encryption randomness linking ``sum u_j e_j`` to the output deck.
   Fiat-Shamir (SHA-512, bound to match, deal, step, sequence number) makes it non-interactive.
   The proof carries the challenge instead of the five first sigma commitments (the verifier
   recomputes them), and the ``N`` chain commitments ``t̂_i``, whose ``N`` equations the verifier
   checks at once with hashed 128-bit weights (one multi-scalar product instead of ``N``; a false
   equation survives with probability 2**-128).

**Soundness**: a proof of knowledge of the permutation and the randomness under the discrete
logarithm assumption in ristretto255 and the random-oracle model for SHA-512; a cheating prover
(altered, duplicated or substituted card) passes with probability about ``N / 2**128`` per
attempted proof plus the chance of a discrete-logarithm break. **Zero-knowledge**: special
honest-verifier zero-knowledge, so the proof shows nothing about the permutation.

**Why this one**: its size is linear but small: ``3N`` elements and ``2N + 5`` scalars, 5,280
bytes for 32 cards (the shuffled deck itself is 2,048), so a setup link stays under 12,000
characters; proving costs about ``2N`` variable-base and ``5N`` fixed-base multiplications,
checking a few multi-scalar products of ``N`` terms. A cut-and-choose
argument needs ``k`` shadow shuffles for soundness ``2**-k`` (``k = 40`` is 80 KB per proof);
Bayer-Groth's ``O(sqrt N)`` argument saves little at ``N = 32`` for far more code; Neff's
argument has the same size class with more rounds.

>>> from otv66.friend.elgamal import Deck, KeyPair, initial_deck
>>> from otv66.friend.fiat_shamir import Context
>>> key = KeyPair.generate().public
>>> ctx = Context(bytes(16), deal=1, step=1, seq=0, sender=0)
>>> four_aces = Deck.of([initial_deck().cards[card] for card in (0, 8, 16, 24)])
>>> deck, proof = shuffle(four_aces, key, ctx)
>>> verify_shuffle(four_aces, deck, proof, key, ctx)
>>> len(proof.encoded) == ShuffleProof.size(4)
True
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from otv66.friend.elgamal import Deck
from otv66.friend.errors import BadShuffleError, MalformedMessageError
from otv66.friend.fiat_shamir import Context, challenge, small_challenges
from otv66.friend.ristretto import (
    BASE,
    ENCODED_SIZE,
    IDENTITY,
    ORDER,
    Element,
    RandomBytes,
    base_times,
    decode,
    decode_scalar,
    encode_scalar,
    fixed_base,
    hash_to_group,
    multiscalar,
    random_scalar,
)

GENERATOR_LABEL: Final = b"otv66-friend/v1/generator/"
"""Prefix of the labels hashed to the commitment generators ``H`` (label ``h``) and ``H_i`` (label ``i``)."""


@functools.cache
def generators(count: int) -> tuple[Element, tuple[Element, ...]]:
    """``(H, (H_1, ..., H_count))``, independent generators for the permutation commitments."""
    return hash_to_group(GENERATOR_LABEL + b"h"), tuple(
        hash_to_group(GENERATOR_LABEL + str(i).encode()) for i in range(1, count + 1)
    )


def random_permutation(size: int, random_bytes: RandomBytes = secrets.token_bytes) -> list[int]:
    """A uniformly random permutation of ``range(size)`` (Fisher-Yates with rejection sampling)."""
    order = list(range(size))
    for i in range(size - 1, 0, -1):
        limit = (1 << 32) - (1 << 32) % (i + 1)
        while True:
            x = int.from_bytes(random_bytes(4), "big")
            if x < limit:
                break
        j = x % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order


@dataclass(frozen=True)
class ShuffleProof:
    """The permutation commitments ``c``, the chain ``ĉ``, the chain's sigma commitments ``t̂``, the challenge
    and the responses."""

    commitments: tuple[Element, ...]
    chain: tuple[Element, ...]
    chain_commitments: tuple[Element, ...]
    challenge: int
    responses: tuple[int, int, int, int]
    chain_responses: tuple[int, ...]
    permuted_responses: tuple[int, ...]
    encoded: bytes

    @staticmethod
    def size(cards: int) -> int:
        """Bytes of the encoded proof for a deck of ``cards``."""
        return (5 * cards + 5) * ENCODED_SIZE

    @classmethod
    def decode(cls, data: bytes, cards: int) -> ShuffleProof:
        """The proof encoded in ``data`` (exactly :meth:`size` bytes)."""
        if len(data) != cls.size(cards):
            raise MalformedMessageError(f"a shuffle proof is {cls.size(cards)} bytes, not {len(data)}")
        chunks = [data[i : i + ENCODED_SIZE] for i in range(0, len(data), ENCODED_SIZE)]
        points = [decode(chunk) for chunk in chunks[: 3 * cards]]
        scalars = [decode_scalar(chunk) for chunk in chunks[3 * cards :]]
        return cls(
            commitments=tuple(points[:cards]),
            chain=tuple(points[cards : 2 * cards]),
            chain_commitments=tuple(points[2 * cards :]),
            challenge=scalars[0],
            responses=(scalars[1], scalars[2], scalars[3], scalars[4]),
            chain_responses=tuple(scalars[5 : 5 + cards]),
            permuted_responses=tuple(scalars[5 + cards :]),
            encoded=data,
        )


def _u_challenges(context: Context, key: Element, source: Deck, shuffled: Deck, commitments: bytes) -> list[int]:
    return small_challenges(
        context, "shuffle-u", len(source), key.encode(), source.encoded, shuffled.encoded, commitments
    )


def _final_challenge(
    context: Context,
    key: Element,
    source: Deck,
    shuffled: Deck,
    commitments: bytes,
    chain: bytes,
    t: Sequence[Element],
    chain_commitments: bytes,
) -> int:
    return challenge(
        context,
        "shuffle",
        key.encode(),
        source.encoded,
        shuffled.encoded,
        commitments,
        chain,
        b"".join(point.encode() for point in t),
        chain_commitments,
    )


def _nonzero_sum(scalars: Sequence[int], elements: Sequence[Element]) -> Element:
    """``sum(scalars[i] * elements[i])`` leaving out the identity elements (they add nothing)."""
    terms = [(s, e) for s, e in zip(scalars, elements, strict=True) if e != IDENTITY]
    return multiscalar([s for s, _ in terms], [e for _, e in terms])


def shuffle(
    source: Deck, key: Element, context: Context, random_bytes: RandomBytes = secrets.token_bytes
) -> tuple[Deck, ShuffleProof]:
    """Re-encrypt every card of ``source`` under ``key`` and permute them; return the deck and its proof."""
    size = len(source)
    key_table = fixed_base(key.encode())
    order = random_permutation(size, random_bytes)  # output i is input order[i]
    rerandom = [random_scalar(random_bytes) for _ in range(size)]
    shuffled = Deck.of([source.cards[order[i]].reencrypt(rerandom[i], key_table) for i in range(size)])

    h, hs = generators(size)
    commit_random = [0] * size
    commitments: list[Element] = [IDENTITY] * size
    for i, j in enumerate(order):
        commit_random[j] = random_scalar(random_bytes)
        commitments[j] = base_times(commit_random[j]) + hs[i]
    commitments_bytes = b"".join(c.encode() for c in commitments)

    u = _u_challenges(context, key, source, shuffled, commitments_bytes)
    u_out = [u[j] for j in order]
    chain_random = [random_scalar(random_bytes) for _ in range(size)]
    # The prover knows each chain element as logs[i] * G + h_logs[i] * H (ĉ_0 = H): two fixed-base
    # products per element instead of a variable-base one, here and in the chain commitments.
    h_table = fixed_base(h.encode())
    logs, h_logs = [0], [1]
    for i in range(size):
        logs.append((chain_random[i] + u_out[i] * logs[i]) % ORDER)
        h_logs.append(u_out[i] * h_logs[i] % ORDER)
    chain = [base_times(logs[i + 1]) + h_table.times(h_logs[i + 1]) for i in range(size)]
    chain_bytes = b"".join(c.encode() for c in chain)

    w1, w2, w3, w4 = (random_scalar(random_bytes) for _ in range(4))
    w_chain = [random_scalar(random_bytes) for _ in range(size)]
    w_out = [random_scalar(random_bytes) for _ in range(size)]
    # sum w_out[i] * output[i] == sum w_out[i] * source[order[i]] + (sum w_out[i] * rerandom[i]) * (key, G):
    # the key part is one fixed-base product, and the first shuffle's source has b = 0 throughout.
    moved = [source.cards[j] for j in order]
    key_weight = (sum(w * r for w, r in zip(w_out, rerandom, strict=True)) - w4) % ORDER
    t = [
        base_times(w1),
        base_times(w2),
        base_times(w3) + multiscalar(w_out, hs),
        _nonzero_sum(w_out, [card.a for card in moved]) + key_table.times(key_weight),
        _nonzero_sum(w_out, [card.b for card in moved]) + base_times(key_weight),
    ]
    chain_commitments = [
        base_times(w_chain[i] + w_out[i] * logs[i]) + h_table.times(w_out[i] * h_logs[i]) for i in range(size)
    ]
    chain_commitments_bytes = b"".join(t.encode() for t in chain_commitments)
    c = _final_challenge(context, key, source, shuffled, commitments_bytes, chain_bytes, t, chain_commitments_bytes)

    weights = [1] * size  # weights[i] = u_out[i+1] * ... * u_out[N-1]
    for i in range(size - 2, -1, -1):
        weights[i] = weights[i + 1] * u_out[i + 1] % ORDER
    s1 = w1 - c * sum(commit_random)
    s2 = w2 - c * sum(r * v for r, v in zip(chain_random, weights, strict=True))
    s3 = w3 - c * sum(r * x for r, x in zip(commit_random, u, strict=True))
    s4 = w4 - c * sum(r * x for r, x in zip(rerandom, u_out, strict=True))
    chain_responses = [(w - c * r) % ORDER for w, r in zip(w_chain, chain_random, strict=True)]
    permuted_responses = [(w - c * x) % ORDER for w, x in zip(w_out, u_out, strict=True)]
    responses = (s1 % ORDER, s2 % ORDER, s3 % ORDER, s4 % ORDER)
    encoded = (
        commitments_bytes
        + chain_bytes
        + chain_commitments_bytes
        + b"".join(encode_scalar(s) for s in (c, *responses, *chain_responses, *permuted_responses))
    )
    proof = ShuffleProof(
        tuple(commitments),
        tuple(chain),
        tuple(chain_commitments),
        c,
        responses,
        tuple(chain_responses),
        tuple(permuted_responses),
        encoded,
    )
    return shuffled, proof


def _chain_holds(proof: ShuffleProof, h: Element, context: Context) -> bool:
    """Whether ``t̂_i == c ĉ_i + ŝ_i G + s'_i ĉ_(i-1)`` for every ``i`` (``ĉ_0 = H``), checked at once.

    The equations are summed with 128-bit weights ``rho`` hashed from the whole proof: if one of them
    fails, the sum is zero only with probability 2**-128. One multi-scalar product replaces ``N``.
    """
    size = len(proof.chain)
    c, s_out = proof.challenge, proof.permuted_responses
    rho = small_challenges(context, "shuffle-chain", size, proof.encoded)
    chain_weights = [-(rho[i] * c + rho[i + 1] * s_out[i + 1]) for i in range(size - 1)] + [-rho[-1] * c]
    response = -sum(r * s for r, s in zip(rho, proof.chain_responses, strict=True))
    total = multiscalar(
        [*rho, *chain_weights, response, -rho[0] * s_out[0]],
        [*proof.chain_commitments, *proof.chain, BASE, h],
    )
    return total == IDENTITY


def verify_shuffle(source: Deck, shuffled: Deck, proof: ShuffleProof, key: Element, context: Context) -> None:
    """Check that ``shuffled`` re-encrypts a permutation of ``source``; raise :class:`BadShuffleError` if not."""
    size = len(source)
    if len(shuffled) != size or len(proof.commitments) != size:
        raise BadShuffleError(f"a shuffle of {size} cards must give {size} cards")
    h, hs = generators(size)
    commitments_bytes = proof.encoded[: size * ENCODED_SIZE]
    chain_bytes = proof.encoded[size * ENCODED_SIZE : 2 * size * ENCODED_SIZE]
    u = _u_challenges(context, key, source, shuffled, commitments_bytes)
    c = proof.challenge
    s1, s2, s3, s4 = proof.responses
    s_out = list(proof.permuted_responses)

    u_product = 1
    for x in u:
        u_product = u_product * x % ORDER
    column_sum = IDENTITY
    for commitment in proof.commitments:
        column_sum = column_sum + commitment
    for generator in hs:
        column_sum = column_sum - generator
    # The u-weighted sums have 128-bit weights: cheaper summed first, then multiplied by c.
    weighted_commitments = multiscalar(u, proof.commitments)
    weighted_a = _nonzero_sum(u, [card.a for card in source.cards])
    weighted_b = _nonzero_sum(u, [card.b for card in source.cards])
    t = [
        multiscalar([c, s1], [column_sum, BASE]),
        multiscalar([c, -c * u_product, s2], [proof.chain[-1], h, BASE]),
        multiscalar([c, s3, *s_out], [weighted_commitments, BASE, *hs]),
        multiscalar([c, -s4, *s_out], [weighted_a, key, *(card.a for card in shuffled.cards)]),
        multiscalar([c, -s4, *s_out], [weighted_b, BASE, *(card.b for card in shuffled.cards)]),
    ]
    chain_commitments_bytes = proof.encoded[2 * size * ENCODED_SIZE : 3 * size * ENCODED_SIZE]
    if _final_challenge(
        context, key, source, shuffled, commitments_bytes, chain_bytes, t, chain_commitments_bytes
    ) != c or not _chain_holds(proof, h, context):
        raise BadShuffleError(
            f"player {context.sender}'s shuffle proof does not verify: the deck was altered "
            "(a card changed, duplicated or substituted), or the proof belongs elsewhere"
        )
