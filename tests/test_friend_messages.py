"""The binary messages: a round trip keeps every field, and every malformed message is refused by its kind."""

from __future__ import annotations

import base64
import random
from dataclasses import replace

import pytest

from otv66.friend.elgamal import KeyPair, sign
from otv66.friend.errors import ForgedSenderError, MalformedMessageError
from otv66.friend.messages import Message, Step
from otv66.friend.ristretto import hash_to_group

MATCH = bytes(range(16))


@pytest.fixture(scope="module")
def keys() -> KeyPair:
    return KeyPair.generate(random.Random(4).randbytes)


@pytest.fixture(scope="module")
def shares_message(keys: KeyPair) -> Message:
    shares = ((3, hash_to_group(b"a")), (17, hash_to_group(b"b")))
    unsigned = Message(MATCH, deal=2, sender=1, seq=5, step=Step.SHARES, shares=shares)
    # The share proof is checked against a deck (tests/test_friend_session.py); any well-formed one does here.
    # A message with shares is sealed by its share proof alone (no signature).
    stand_in = sign(unsigned.context, keys, b"", random.Random(5).randbytes)
    return replace(unsigned, share_proof=stand_in)


@pytest.fixture(scope="module")
def key_message(keys: KeyPair) -> Message:
    return Message(MATCH, deal=0, sender=1, seq=0, step=Step.KEY, public_key=keys.public).signed(keys)


def as_text(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def test_a_message_survives_its_text_form(shares_message: Message, keys: KeyPair) -> None:
    text = shares_message.to_text()
    again = Message.from_text(text)
    assert again == shares_message
    assert (again.deal, again.sender, again.seq, again.step) == (2, 1, 5, Step.SHARES)
    assert [pos for pos, _ in again.shares] == [3, 17]
    assert again.signature is None and again.share_proof == shares_message.share_proof
    assert len(text) == -(-len(shares_message.encode()) * 4 // 3)  # base64url without padding
    assert len(shares_message.encode()) == 23 + 1 + 2 * 33 + 64  # header, shares, one proof that seals it


def test_the_signature_covers_every_field(key_message: Message, keys: KeyPair) -> None:
    assert Message.from_text(key_message.to_text()) == key_message
    key_message.verify_signature(keys.public)
    other_key = KeyPair.generate(random.Random(7).randbytes).public
    for changed in (
        replace(key_message, seq=1),
        replace(key_message, deal=3),
        replace(key_message, public_key=other_key),
    ):
        forged = Message.decode(changed.body() + key_message.encode()[-64:])
        with pytest.raises(ForgedSenderError):
            forged.verify_signature(keys.public)


@pytest.mark.parametrize(
    ("offset", "value", "reason"),
    [
        (0, 3, "version"),  # version 3
        (19, 2, "seat"),  # sender 2
        (22, 9, "step"),  # step 9
        (24, 40, "position"),  # the first share's deck position
    ],
)
def test_bad_header_fields_are_refused(shares_message: Message, offset: int, value: int, reason: str) -> None:
    data = bytearray(shares_message.encode())
    data[offset] = value
    with pytest.raises(MalformedMessageError, match=reason):
        Message.from_text(as_text(bytes(data)))


def test_cut_padded_or_non_base64url_text_is_refused(shares_message: Message) -> None:
    data = shares_message.encode()
    for bad in (as_text(data[:-1]), as_text(data + b"\0"), as_text(data)[:-1] + "+", "", "A", 42):
        with pytest.raises(MalformedMessageError):
            Message.from_text(bad)  # type: ignore[arg-type]
