"""Two simulated players deal and play by messages; every lie a message can tell is refused, the session unchanged.

The referee of these tests holds both players' secrets (no real player does) to know the true
deck, so it can check that each card the players open is the card the engine plays.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, replace

import pytest

from otv66 import Deal
from otv66.cards import CODES
from otv66.friend.elgamal import Deck, KeyPair, decryption_card, decryption_share, initial_deck, prove_shares
from otv66.friend.errors import (
    BadShareError,
    BadShuffleError,
    ForgedSenderError,
    FriendProtocolError,
    MalformedMessageError,
    OutOfOrderError,
    RefusedError,
    WrongMatchError,
)
from otv66.friend.messages import Message, Step
from otv66.friend.ristretto import BASE, IDENTITY, ORDER, fixed_base
from otv66.friend.session import DealSession, MatchKeys

DEALER = 0
PACKETS = (2, 2, 4)


def seeded(seed: int) -> random.Random:
    return random.Random(seed)


def new_match(seed: int = 1) -> tuple[MatchKeys, MatchKeys]:
    first = MatchKeys.new(seat=0, random_bytes=seeded(seed).randbytes)
    second = MatchKeys.new(seat=1, match_id=first.match_id, random_bytes=seeded(seed + 1).randbytes)
    second.receive_key(first.key_message())
    first.receive_key(second.key_message())
    return first, second


@dataclass
class Setup:
    """The messages of one deal's setup and both sessions at each checkpoint."""

    keys: tuple[MatchKeys, MatchKeys]
    texts: list[str]
    messages: list[Message]
    before_second_shuffle: tuple[DealSession, DealSession]
    dealt: tuple[DealSession, DealSession]


@pytest.fixture(scope="module")
def setup() -> Setup:
    keys = new_match()
    sessions = tuple(DealSession(k, deal=1, dealer=DEALER, packets=PACKETS) for k in keys)
    dealer, other = sessions[DEALER], sessions[1 - DEALER]
    first = other.next_message()
    dealer.receive(first)
    before = copy.deepcopy((sessions[0], sessions[1]))
    second = dealer.next_message()
    other.receive(second)
    third = other.next_message()
    dealer.receive(third)
    texts = [first, second, third]
    return Setup(keys, texts, [Message.from_text(t) for t in texts], before, (sessions[0], sessions[1]))


def fresh(sessions: tuple[DealSession, DealSession]) -> tuple[DealSession, DealSession]:
    return copy.deepcopy(sessions)


def true_layout(session: DealSession, keys: tuple[MatchKeys, MatchKeys]) -> list[list[list[str]]]:
    """The referee's layout: every card opened with both secrets."""
    deck = session.final_deck
    assert deck is not None
    joint_secret = keys[0].keys.secret + keys[1].keys.secret
    cards = [decryption_card(ct, [decryption_share(joint_secret, ct)]) for ct in deck.cards]
    return [
        [
            [CODES[cards[session.position(p, pile, False)]], CODES[cards[session.position(p, pile, True)]]]
            for pile in range(8)
        ]
        for p in (0, 1)
    ]


def test_keys_are_exchanged_with_proofs_and_lies_are_refused() -> None:
    first, second = new_match(seed=5)
    assert first.joint_key() == second.joint_key() == first.keys.public + second.keys.public
    text = second.key_message()
    with pytest.raises(OutOfOrderError, match="replay"):
        first.receive_key(text)
    stranger = MatchKeys.new(seat=1, random_bytes=seeded(9).randbytes)
    with pytest.raises(WrongMatchError):
        first.receive_key(stranger.key_message())
    impostor = MatchKeys.new(seat=1, match_id=first.match_id, random_bytes=seeded(10).randbytes)
    with pytest.raises(RefusedError, match="second key"):
        first.receive_key(impostor.key_message())
    # A rogue key (one whose secret the sender does not know, here his own key shifted) fails its proof.
    rogue = Message.from_text(text)
    rogue = replace(rogue, public_key=rogue.public_key + BASE)  # type: ignore[operator]
    fresh_first = MatchKeys.new(seat=0, match_id=first.match_id, random_bytes=seeded(11).randbytes)
    with pytest.raises(ForgedSenderError):
        fresh_first.receive_key(rogue.to_text())
    assert not fresh_first.ready
    nobody = Message(first.match_id, 0, 1, 0, Step.KEY, public_key=IDENTITY).signed(KeyPair(ORDER, IDENTITY))
    with pytest.raises(RefusedError, match="no key"):
        fresh_first.receive_key(nobody.to_text())


def test_the_layout_opens_its_face_up_cards_and_nothing_else(setup: Setup) -> None:
    truth = true_layout(setup.dealt[0], setup.keys)
    for session in setup.dealt:
        seen = session.layout()
        for p in (0, 1):
            for pile in range(8):
                down, up = seen[p][pile]
                assert down is None
                assert up is not None and CODES[up] == truth[p][pile][1]
    assert setup.dealt[0].layout() == setup.dealt[1].layout()


def test_neither_player_can_open_a_face_down_card_alone(setup: Setup) -> None:
    for session, keys in zip(setup.dealt, setup.keys, strict=True):
        deck = session.final_deck
        assert deck is not None
        assert session.pending_shares() == []
        with pytest.raises(RefusedError, match="nothing to send"):
            fresh((session, session))[0].next_message()
        for p in (0, 1):
            for pile in range(8):
                hidden = deck.cards[session.position(p, pile, face_up=False)]
                with pytest.raises(BadShareError):
                    decryption_card(hidden, [decryption_share(keys.keys.secret, hidden)])


def test_a_whole_deal_is_dealt_played_and_opened_correctly(setup: Setup) -> None:
    sessions = fresh(setup.dealt)
    truth = true_layout(sessions[0], setup.keys)
    deal = Deal.from_layout(truth, dealer=DEALER)
    rng = seeded(3)
    turned = 0
    while not deal.is_over:
        before = [deal.piles(p) for p in (0, 1)]
        mover = deal.turn
        assert mover is not None
        deal.play(rng.choice(deal.legal_moves()))
        for p in (0, 1):
            for pile, (was, now) in enumerate(zip(before[p], deal.piles(p), strict=True)):
                if was.hidden and not now.hidden:
                    turned += 1
                    for session in sessions:
                        session.release(p, pile)
                    sessions[1 - mover].receive(sessions[mover].next_message())
                    assert sessions[1 - mover].card(p, pile, face_up=False) is None  # only one share so far
                    sessions[mover].receive(sessions[1 - mover].next_message())
                    for session in sessions:
                        assert CODES[session.card(p, pile, face_up=False) or 0] == now.top
    assert turned > 0
    assert sessions[0].layout() == sessions[1].layout()


def test_every_card_opens_once_released_and_they_are_the_32_cards(setup: Setup) -> None:
    sessions = fresh(setup.dealt)
    for session in sessions:
        for p in (0, 1):
            for pile in range(8):
                session.release(p, pile)
    sessions[1].receive(sessions[0].next_message())
    opened = sessions[0].receive(sessions[1].next_message())
    assert len(opened) == 16
    cards = [card for table in sessions[0].layout() for pile in table for card in pile]
    assert sorted(cards) == list(range(32))  # type: ignore[type-var]
    assert sessions[0].layout() == sessions[1].layout()


# ----------------------------------------------------------------------------- lies


def refused(session: DealSession, text: str, error: type[FriendProtocolError]) -> None:
    """``session`` refuses ``text`` with ``error`` and shows nothing changed (the tests then go on with it)."""
    before = (list(session.transcript), session.layout(), session.shuffler, session.pending_shares())
    with pytest.raises(error):
        session.receive(text)
    assert (session.transcript, session.layout(), session.shuffler, session.pending_shares()) == before


def test_a_replayed_or_reordered_message_is_refused(setup: Setup) -> None:
    refused(fresh(setup.before_second_shuffle)[DEALER], setup.texts[0], OutOfOrderError)  # the shuffle again
    sessions = fresh(setup.dealt)
    sessions[1].release(0, 0)
    first = sessions[1].next_message()
    sessions[1].release(1, 2)
    second = sessions[1].next_message()
    refused(sessions[0], second, OutOfOrderError)  # message 2 before message 1
    sessions[0].receive(first)
    sessions[0].receive(second)
    refused(sessions[0], first, OutOfOrderError)  # message 1 again


def test_messages_of_another_match_or_deal_are_refused(setup: Setup) -> None:
    sessions = fresh(setup.before_second_shuffle)
    other = sessions[1 - DEALER]
    second = setup.messages[1]
    dealer_keys = setup.keys[DEALER].keys
    refused(other, replace(second, deal=2).sealed(dealer_keys, None).to_text(), WrongMatchError)
    refused(other, replace(second, match_id=bytes(16)).sealed(dealer_keys, None).to_text(), WrongMatchError)


def test_an_altered_or_forged_message_is_refused_then_the_true_one_accepted(setup: Setup) -> None:
    sessions = fresh(setup.before_second_shuffle)
    other = sessions[1 - DEALER]
    true = setup.messages[1]
    # The second shuffle carries the dealer's shares: its share proof is its seal (no signature).
    assert true.share_proof is not None and true.signature is None
    altered = replace(true, share_proof=replace(true.share_proof, challenge=true.share_proof.challenge ^ 1))
    refused(other, altered.to_text(), BadShareError)
    stranger = KeyPair.generate(seeded(12).randbytes)
    refused(other, true.sealed(stranger, None).to_text(), BadShareError)
    refused(other, replace(true, seq=1).to_text(), OutOfOrderError)
    refused(other, setup.texts[1][:-8], MalformedMessageError)
    refused(other, setup.texts[1] + "AAAA", MalformedMessageError)
    refused(other, "not a message!", MalformedMessageError)
    other.receive(setup.texts[1])
    assert other.final_deck is not None


@pytest.mark.parametrize("lie", ["duplicated", "substituted"])
def test_an_altered_shuffle_is_refused_even_when_signed_by_its_sender(setup: Setup, lie: str) -> None:
    sessions = fresh(setup.before_second_shuffle)
    other = sessions[1 - DEALER]
    true = setup.messages[1]
    assert true.deck is not None
    cards = list(true.deck.cards)
    key = fixed_base(setup.keys[0].joint_key().encode())
    cards[4] = cards[5] if lie == "duplicated" else initial_deck().cards[0].reencrypt(7, key)  # an ace of spades
    deck = Deck.of(cards)
    # The cheating dealer signs his lie; his shares are for the true deck, so he drops them.
    lying = replace(true, deck=deck, shares=(), share_proof=None).signed(setup.keys[DEALER].keys)
    refused(other, lying.to_text(), BadShuffleError)


def test_a_wrong_share_is_refused_even_when_signed_by_its_sender(setup: Setup) -> None:
    sessions = fresh(setup.dealt)
    for session in sessions:
        session.release(1, 3)
    sender = sessions[0]
    deck = sender.final_deck
    assert deck is not None
    position = sender.position(1, 3, face_up=False)
    keys = setup.keys[0]
    wrong = decryption_share(keys.keys.secret, deck.cards[position]) + BASE
    message = Message(keys.match_id, 1, 0, 1, Step.SHARES, shares=((position, wrong),))
    proof = prove_shares(
        message.context, keys.keys, message.shares_body() + deck.encoded, [(deck.cards[position].b, wrong)]
    )
    lying = replace(message, share_proof=proof)  # a wrong share, proven with the sender's own key
    refused(sessions[1], lying.to_text(), BadShareError)
    sessions[1].receive(sender.next_message())  # the true share is then accepted
    assert sessions[1].card(1, 3, face_up=False) is None  # he has not sent his own yet


def test_an_unsent_share_message_takes_more_shares_under_its_own_number(setup: Setup) -> None:
    sender, receiver = fresh(setup.dealt)
    sender.release(1, 3)
    first = sender.next_message()
    assert not sender.amendable()  # nothing more to add
    sender.release(1, 4)
    assert sender.amendable()
    amended = sender.amend_last()
    message = Message.from_text(amended)
    assert message.seq == Message.from_text(first).seq
    positions = [sender.position(1, pile, face_up=False) for pile in (3, 4)]
    assert [pos for pos, _ in message.shares] == positions
    assert sender.transcript[-1] == amended and first not in sender.transcript
    receiver.receive(amended)
    refused(receiver, first, OutOfOrderError)  # the number is used: the unsent first version is a replay
    for pile in (3, 4):
        receiver.release(1, pile)
    sender.receive(receiver.next_message())
    assert all(sender.card(1, pile, face_up=False) is not None for pile in (3, 4))
    sender.release(1, 2)
    with pytest.raises(RefusedError, match="unsent message of shares"):
        sender.amend_last()  # the last message handled is the other player's


def test_steps_out_of_turn_are_refused(setup: Setup) -> None:
    sessions = fresh(setup.before_second_shuffle)
    other = sessions[1 - DEALER]
    with pytest.raises(RefusedError, match="turn to shuffle"):
        other.next_message()
    shares_only = setup.messages[2]
    early = replace(shares_only, seq=0, sender=DEALER)  # refused for its step before any proof is checked
    refused(other, early.to_text(), OutOfOrderError)  # shares while his shuffle is due
    refused(other, setup.texts[0], RefusedError)  # one's own message


# ----------------------------------------------------------------------------- restarts


def test_saved_keys_come_back_with_the_other_players_key() -> None:
    first, _ = new_match(seed=21)
    again = MatchKeys.from_text(first.to_text())
    assert (again.match_id, again.seat, again.keys) == (first.match_id, first.seat, first.keys)
    assert again.joint_key() == first.joint_key()
    alone = MatchKeys.new(seat=1, random_bytes=seeded(22).randbytes)
    assert not MatchKeys.from_text(alone.to_text()).ready
    saved = first.to_text()
    for bad in (saved[:-3], "AAAA", "B" + saved[1:]):  # cut, too short, version 5
        with pytest.raises(MalformedMessageError):
            MatchKeys.from_text(bad)


def test_a_restarted_device_restores_its_deal_from_the_transcript_and_plays_on(setup: Setup) -> None:
    sessions = list(fresh(setup.dealt))
    for session in sessions:
        session.release(1, 4)
    sessions[1].receive(sessions[0].next_message())
    keys = [MatchKeys.from_text(setup.keys[seat].to_text()) for seat in (0, 1)]
    restored = [DealSession.restore(keys[seat], 1, DEALER, PACKETS, sessions[seat].transcript) for seat in (0, 1)]
    for old, new in zip(sessions, restored, strict=True):
        assert new.layout() == old.layout()
        assert new.transcript == old.transcript
    assert restored[0].pending_shares() == []
    assert restored[1].pending_shares() == []  # released piles are not saved: the game releases them again
    restored[1].release(1, 4)
    restored[0].receive(restored[1].next_message())
    assert restored[0].card(1, 4, face_up=False) == restored[1].card(1, 4, face_up=False) is not None


def test_a_tampered_saved_transcript_is_refused(setup: Setup) -> None:
    own = setup.messages[1]  # the dealer's own second shuffle
    assert own.share_proof is not None
    altered = replace(own, share_proof=replace(own.share_proof, response=own.share_proof.response ^ 1)).to_text()
    with pytest.raises(BadShareError):
        DealSession.restore(setup.keys[DEALER], 1, DEALER, PACKETS, [setup.texts[0], altered])
    with pytest.raises(OutOfOrderError):
        DealSession.restore(setup.keys[DEALER], 1, DEALER, PACKETS, [setup.texts[1]])
