"""ElGamal with a joint key, shares and their proofs, and the shuffle proof: honest runs pass, each lie fails.

Shuffles here use small decks (the proof is the same for any size) to keep the tests fast;
tests/test_friend_session.py runs the real 32-card deck.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from otv66.cards import CODES
from otv66.friend.elgamal import (
    Ciphertext,
    Deck,
    KeyPair,
    card_elements,
    decryption_card,
    decryption_share,
    initial_deck,
    joint_key,
    prove_shares,
    sign,
    verify_shares,
    verify_signature,
)
from otv66.friend.errors import BadShareError, BadShuffleError, ForgedSenderError, MalformedMessageError
from otv66.friend.fiat_shamir import Context
from otv66.friend.ristretto import (
    BASE,
    IDENTITY,
    ORDER,
    FixedBase,
    base_times,
    encode_scalar,
    hash_to_group,
    random_scalar,
)
from otv66.friend.shuffle import ShuffleProof, random_permutation, shuffle, verify_shuffle

SMALL = 6
"""Cards in the decks of the shuffle tests."""
CONTEXT = Context(match_id=bytes(range(16)), deal=3, step=1, seq=0, sender=0)


def seeded(seed: int) -> random.Random:
    return random.Random(seed)


@pytest.fixture(scope="module")
def players() -> tuple[KeyPair, KeyPair]:
    return KeyPair.generate(seeded(1).randbytes), KeyPair.generate(seeded(2).randbytes)


@pytest.fixture(scope="module")
def key(players: tuple[KeyPair, KeyPair]) -> FixedBase:
    return FixedBase(joint_key([p.public for p in players]))


def small_deck() -> Deck:
    return Deck.of(initial_deck().cards[:SMALL])


def test_cards_are_32_distinct_elements() -> None:
    assert len({element.encode() for element in card_elements()}) == len(CODES) == 32


def test_a_card_opens_only_with_both_shares(players: tuple[KeyPair, KeyPair], key: FixedBase) -> None:
    hidden = initial_deck().cards[5].reencrypt(random_scalar(seeded(3).randbytes), key)
    first, second = (decryption_share(p.secret, hidden) for p in players)
    assert decryption_card(hidden, [first, second]) == 5
    for alone in ([first], [second], []):
        with pytest.raises(BadShareError):
            decryption_card(hidden, alone)


def test_reencryption_hides_the_card_and_keeps_it(players: tuple[KeyPair, KeyPair], key: FixedBase) -> None:
    card = initial_deck().cards[7]
    again = card.reencrypt(12345, key)
    assert again.a != card.a and again.b == base_times(12345)
    assert decryption_card(again, [decryption_share(p.secret, again) for p in players]) == 7


def test_signatures_bind_key_body_and_context(players: tuple[KeyPair, KeyPair]) -> None:
    alice, bob = players
    signature = sign(CONTEXT, alice, b"body", seeded(4).randbytes)
    verify_signature(CONTEXT, alice.public, b"body", signature)
    for public, body, context in (
        (bob.public, b"body", CONTEXT),
        (alice.public, b"bodY", CONTEXT),
        (alice.public, b"body", replace(CONTEXT, seq=1)),
        (alice.public, b"body", replace(CONTEXT, deal=4)),
        (alice.public, b"body", replace(CONTEXT, step=2)),
        (alice.public, b"body", replace(CONTEXT, match_id=bytes(16))),
    ):
        with pytest.raises(ForgedSenderError):
            verify_signature(context, public, body, signature)


def test_share_proofs_catch_a_wrong_share(players: tuple[KeyPair, KeyPair], key: FixedBase) -> None:
    alice, bob = players
    deck = [card.reencrypt(i + 1, key) for i, card in enumerate(initial_deck().cards[:3])]
    honest = [(ct.b, decryption_share(alice.secret, ct)) for ct in deck]
    proof = prove_shares(CONTEXT, alice, b"msg", honest, seeded(5).randbytes)
    verify_shares(CONTEXT, alice.public, b"msg", honest, proof)
    lies = [
        [honest[0], honest[1], (deck[2].b, decryption_share(bob.secret, deck[2]))],  # someone else's share
        [honest[0], (honest[1][0], honest[1][1] + BASE), honest[2]],  # shifted to open another card
        [honest[1], honest[0], honest[2]],  # shares swapped between cards
    ]
    for pairs in lies:
        with pytest.raises(BadShareError):
            verify_shares(CONTEXT, alice.public, b"msg", pairs, proof)
    # A share made to fit by its own proof is still not the key's: the proof is checked against Alice's key.
    forged = prove_shares(CONTEXT, bob, b"msg", lies[0], seeded(6).randbytes)
    with pytest.raises(BadShareError):
        verify_shares(CONTEXT, alice.public, b"msg", lies[0], forged)


def test_random_permutations_are_permutations() -> None:
    rng = seeded(7)
    orders = [random_permutation(8, rng.randbytes) for _ in range(20)]
    assert all(sorted(order) == list(range(8)) for order in orders)
    assert len({tuple(order) for order in orders}) > 1


@pytest.fixture(scope="module")
def shuffled(key: FixedBase, players: tuple[KeyPair, KeyPair]) -> tuple[Deck, ShuffleProof]:
    joint = joint_key([p.public for p in players])
    return shuffle(small_deck(), joint, CONTEXT, seeded(8).randbytes)


def test_an_honest_shuffle_verifies_and_keeps_the_cards(
    shuffled: tuple[Deck, ShuffleProof], players: tuple[KeyPair, KeyPair]
) -> None:
    deck, proof = shuffled
    joint = joint_key([p.public for p in players])
    verify_shuffle(small_deck(), deck, proof, joint, CONTEXT)
    assert ShuffleProof.decode(proof.encoded, SMALL) == proof
    opened = [decryption_card(ct, [decryption_share(p.secret, ct) for p in players]) for ct in deck.cards]
    assert sorted(opened) == list(range(SMALL))
    assert all(a != b for a, b in zip(deck.cards, small_deck().cards, strict=True))


def cheat(deck: Deck, index: int, replacement: Ciphertext) -> Deck:
    cards = list(deck.cards)
    cards[index] = replacement
    return Deck.of(cards)


@pytest.mark.parametrize("lie", ["duplicated", "substituted", "altered", "reordered after the proof"])
def test_altered_duplicated_or_substituted_cards_fail_the_proof(
    lie: str, shuffled: tuple[Deck, ShuffleProof], players: tuple[KeyPair, KeyPair], key: FixedBase
) -> None:
    deck, proof = shuffled
    joint = joint_key([p.public for p in players])
    outside = Ciphertext(card_elements()[20], IDENTITY).reencrypt(99, key)  # a card not in this deck
    lies = {
        "duplicated": cheat(deck, 0, deck.cards[1].reencrypt(5, key)),
        "substituted": cheat(deck, 2, outside),
        "altered": cheat(deck, 3, Ciphertext(deck.cards[3].a + BASE, deck.cards[3].b)),
        "reordered after the proof": Deck.of([deck.cards[1], deck.cards[0], *deck.cards[2:]]),
    }
    with pytest.raises(BadShuffleError):
        verify_shuffle(small_deck(), lies[lie], proof, joint, CONTEXT)


def test_a_shuffle_proof_fits_only_its_context_key_and_input(
    shuffled: tuple[Deck, ShuffleProof], players: tuple[KeyPair, KeyPair]
) -> None:
    deck, proof = shuffled
    joint = joint_key([p.public for p in players])
    other_input = Deck.of(initial_deck().cards[1 : SMALL + 1])
    for source, key, context in (
        (small_deck(), joint, replace(CONTEXT, seq=1)),
        (small_deck(), joint, replace(CONTEXT, deal=4)),
        (small_deck(), players[0].public, CONTEXT),
        (other_input, joint, CONTEXT),
    ):
        with pytest.raises(BadShuffleError):
            verify_shuffle(source, deck, proof, key, context)


def forged(proof: ShuffleProof, change: dict[int, bytes]) -> ShuffleProof:
    """The proof with some of its 32-byte fields replaced, as a cheater would send it."""
    chunks = [proof.encoded[i : i + 32] for i in range(0, len(proof.encoded), 32)]
    for index, chunk in change.items():
        chunks[index] = chunk
    return ShuffleProof.decode(b"".join(chunks), SMALL)


def test_forged_shuffle_proofs_fail(shuffled: tuple[Deck, ShuffleProof], players: tuple[KeyPair, KeyPair]) -> None:
    deck, proof = shuffled
    joint = joint_key([p.public for p in players])
    n = SMALL
    fields = [proof.encoded[i : i + 32] for i in range(0, len(proof.encoded), 32)]
    lies = [
        {0: fields[1], 1: fields[0]},  # permutation commitments swapped
        {n: hash_to_group(b"x").encode()},  # a chain element replaced
        {2 * n: fields[2 * n + 1], 2 * n + 1: fields[2 * n]},  # chain commitments swapped
        {3 * n: encode_scalar(proof.challenge + 1)},  # another challenge
        {3 * n + 3: encode_scalar(proof.responses[2] + 1)},  # a response changed
        {4 * n + 5: fields[5 * n + 4], 5 * n + 4: fields[4 * n + 5]},  # permuted responses swapped
    ]
    for lie in lies:
        with pytest.raises(BadShuffleError):
            verify_shuffle(small_deck(), deck, forged(proof, lie), joint, CONTEXT)


def test_malformed_proofs_and_ciphertexts_are_refused(shuffled: tuple[Deck, ShuffleProof]) -> None:
    _, proof = shuffled
    with pytest.raises(MalformedMessageError):
        ShuffleProof.decode(proof.encoded[:-1], SMALL)
    with pytest.raises(MalformedMessageError):
        ShuffleProof.decode(proof.encoded[:-32] + ORDER.to_bytes(32, "little"), SMALL)
    with pytest.raises(MalformedMessageError):
        Deck.decode(b"\xff" * 64 * SMALL, SMALL)
