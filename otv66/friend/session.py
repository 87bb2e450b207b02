"""One player's side of the protocol: the key exchange of a match, then the shuffles and openings of each deal.

A session checks each received message whole (format, match, deal, sender, sequence, step, signature,
shuffle proof, share proof) before it changes anything, so a refused message leaves it exactly as it
was. It writes the messages of its own player and never writes a decryption share for a face-down
card before the caller :meth:`DealSession.release` s it (the game turned it up): neither player can
then open a face-down card alone.

The flow of one deal (``dealer`` deals, the other player shuffles first, as the dealer's opponent
would cut)::

    non-dealer: FIRST_SHUFFLE  (public deck in card order -> deck 1, with proof)
    dealer:     SECOND_SHUFFLE (deck 1 -> final deck, with proof) + his shares of the 16 face-up cards
    non-dealer: SHARES of the 16 face-up cards      -> both now see the layout's face-up cards
    ...then, whenever a face-up card leaves a pile, both release that pile's face-down card and
    send their share (riding on their next move): it opens when both shares are in.

In code (tests/test_friend_session.py plays whole deals this way)::

    alice = MatchKeys.new(seat=0)
    bob = MatchKeys.new(seat=1, match_id=alice.match_id)
    bob.receive_key(alice.key_message())
    alice.receive_key(bob.key_message())
    mine, his = DealSession(alice, deal=1, dealer=0, packets=(4, 4)), DealSession(bob, 1, 0, (4, 4))
    mine.receive(his.next_message())        # bob shuffles first
    his.receive(mine.next_message())        # alice's shuffle and her face-up shares
    mine.receive(his.next_message())        # bob's shares: both now see the 16 face-up cards
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from otv66.dealing import check_dealer, check_packets, deal_positions
from otv66.friend.elgamal import (
    Deck,
    KeyPair,
    decryption_card,
    decryption_share,
    initial_deck,
    joint_key,
)
from otv66.friend.errors import (
    MalformedMessageError,
    OutOfOrderError,
    RefusedError,
    WrongMatchError,
)
from otv66.friend.messages import MATCH_ID_SIZE, Message, Step, from_base64url, to_base64url
from otv66.friend.ristretto import (
    ENCODED_SIZE,
    IDENTITY,
    Element,
    RandomBytes,
    base_times,
    decode,
    decode_scalar,
    encode_scalar,
)
from otv66.friend.shuffle import shuffle, verify_shuffle

KEYS_VERSION: Final = 1
"""Version of the saved form of :class:`MatchKeys`."""
KEY_DEAL: Final = 0
"""The deal number of the key exchange; deals count from 1."""
MAX_DEAL: Final = 0xFFFF


class MatchKeys:
    """One player's keys for a match, and the other player's public key once received and checked."""

    def __init__(self, match_id: bytes, seat: int, keys: KeyPair, random_bytes: RandomBytes = secrets.token_bytes):
        if len(match_id) != MATCH_ID_SIZE:
            raise RefusedError(f"a match id is {MATCH_ID_SIZE} bytes")
        self.match_id = match_id
        self.seat = check_dealer(seat)
        self.keys = keys
        self.random_bytes = random_bytes
        self._publics: list[Element | None] = [None, None]
        self._publics[seat] = keys.public

    @classmethod
    def new(
        cls, seat: int, match_id: bytes | None = None, random_bytes: RandomBytes = secrets.token_bytes
    ) -> MatchKeys:
        """Fresh keys for ``seat``; a fresh random match id unless joining ``match_id``."""
        identifier = random_bytes(MATCH_ID_SIZE) if match_id is None else match_id
        return cls(identifier, seat, KeyPair.generate(random_bytes), random_bytes)

    @property
    def other(self) -> int:
        """The other player's seat."""
        return 1 - self.seat

    def to_text(self) -> str:
        """This player's keys as base64url text, **secret included**: for the device's own storage and backup.

        Layout: version (1 byte), match id (16), seat (1), secret (32), then the other player's public
        key (32) once it is known.
        """
        other = self._publics[self.other]
        data = bytes([KEYS_VERSION]) + self.match_id + bytes([self.seat]) + encode_scalar(self.keys.secret)
        return to_base64url(data + (b"" if other is None else other.encode()))

    @classmethod
    def from_text(cls, text: str, random_bytes: RandomBytes = secrets.token_bytes) -> MatchKeys:
        """The keys saved by :meth:`to_text`."""
        data = from_base64url(text)
        seat_at = 1 + MATCH_ID_SIZE
        head = seat_at + 1 + ENCODED_SIZE
        if len(data) not in (head, head + ENCODED_SIZE) or data[0] != KEYS_VERSION or data[seat_at] not in (0, 1):
            raise MalformedMessageError("these are not saved keys of this version")
        secret = decode_scalar(data[seat_at + 1 : head])
        if not secret:
            raise MalformedMessageError("a saved secret key cannot be 0")
        keys = cls(data[1:seat_at], data[seat_at], KeyPair(secret, base_times(secret)), random_bytes)
        if len(data) > head:
            keys._publics[keys.other] = decode(data[head:])
        return keys

    def key_message(self) -> str:
        """This player's public key with its proof of knowledge (the signature), as text."""
        message = Message(self.match_id, KEY_DEAL, self.seat, 0, Step.KEY, public_key=self.keys.public)
        return message.signed(self.keys, self.random_bytes).to_text()

    def receive_key(self, text: str) -> None:
        """Check and keep the other player's key message."""
        message = Message.from_text(text)
        if message.match_id != self.match_id:
            raise WrongMatchError("this key belongs to another match")
        if message.step != Step.KEY or message.deal != KEY_DEAL or message.seq != 0:
            raise OutOfOrderError("this is not a key message")
        if message.sender != self.other:
            raise RefusedError(f"a key message for seat {self.other} was expected, not for seat {message.sender}")
        assert message.public_key is not None
        if message.public_key == IDENTITY:
            raise RefusedError("the neutral element is no key: it would leave the deck under one player's key alone")
        message.verify_signature(message.public_key)
        known = self._publics[self.other]
        if known is not None:
            if known == message.public_key:
                raise OutOfOrderError("this key message was already received (a replay)")
            raise RefusedError("the other player's key is already set: a second key is refused")
        self._publics[self.other] = message.public_key

    @property
    def ready(self) -> bool:
        """Whether both keys are known."""
        return self._publics[self.other] is not None

    def knows(self, seat: int) -> bool:
        """Whether the public key of ``seat`` is here (the friend's arrives with his first link or the invitation)."""
        return self._publics[seat] is not None

    def public(self, seat: int) -> Element:
        """The public key of ``seat``."""
        key = self._publics[seat]
        if key is None:
            raise RefusedError("the other player's key has not been received yet")
        return key

    def joint_key(self) -> Element:
        """The key every deal's deck is encrypted under."""
        return joint_key([self.public(0), self.public(1)])


class DealSession:
    """One player's side of one deal: shuffles, shares, and the cards opened so far."""

    def __init__(self, keys: MatchKeys, deal: int, dealer: int, packets: Sequence[int]):
        if not isinstance(deal, int) or not 1 <= deal <= MAX_DEAL:
            raise RefusedError(f"deals are numbered 1 to {MAX_DEAL}, not {deal!r}")
        self._keys = keys
        self._joint = keys.joint_key()
        self.deal = deal
        self.dealer = check_dealer(dealer)
        self._layout = deal_positions(self.dealer, check_packets(packets))
        self._face_up = frozenset(up for table in self._layout for _, up in table)
        self._shufflers = (1 - self.dealer, self.dealer)
        self._decks: list[Deck] = [initial_deck()]
        self._sent = 0
        self._received = 0
        self._mine: dict[int, Element] = {}
        self._theirs: dict[int, Element] = {}
        self._released: set[int] = set()
        self._cards: dict[int, int] = {}
        self.transcript: list[str] = []
        """Every message of this deal, sent or received, in the order this player handled them."""
        self._last_is_own_shares = False
        """Whether the last message handled is this player's own message of shares only."""

    @property
    def seat(self) -> int:
        """This player's seat."""
        return self._keys.seat

    @property
    def shuffler(self) -> int | None:
        """The seat whose shuffle comes next, or ``None`` once the deck is final."""
        done = len(self._decks) - 1
        return self._shufflers[done] if done < len(self._shufflers) else None

    @property
    def final_deck(self) -> Deck | None:
        """The deck after both shuffles, or ``None`` before."""
        return self._decks[-1] if self.shuffler is None else None

    def position(self, player: int, pile: int, face_up: bool) -> int:
        """The deck position of a card of the layout (``face_up`` or the face-down card under it)."""
        down, up = self._layout[check_dealer(player)][pile]
        return up if face_up else down

    def release(self, player: int, pile: int) -> None:
        """The face-up card of this pile has left it: its face-down card may now be opened.

        The caller (the game) answers for this; a session never writes a share for a face-down card
        that was not released.
        """
        self._released.add(self.position(player, pile, face_up=False))

    def pending_shares(self) -> list[int]:
        """Deck positions whose share this player may send now and has not sent yet."""
        return [] if self.final_deck is None else self._unsent()

    def opens_with_mine(self) -> list[int]:
        """Pending positions whose other share is already here: sending mine opens them at once."""
        return [pos for pos in self.pending_shares() if pos in self._theirs]

    def _unsent(self) -> list[int]:
        return sorted((self._face_up | self._released) - self._mine.keys())

    def card(self, player: int, pile: int, face_up: bool = True) -> int | None:
        """The card at that place of the layout if it is open, else ``None``."""
        return self._cards.get(self.position(player, pile, face_up))

    def layout(self) -> tuple[tuple[tuple[int | None, int | None], ...], ...]:
        """``layout[player][pile] == (face_down, face_up)`` with ``None`` for a card not open yet."""
        return tuple(
            tuple((self._cards.get(down), self._cards.get(up)) for down, up in table) for table in self._layout
        )

    def next_message(self) -> str:
        """This player's next message: his shuffle if it is due, and every share he may send now."""
        seat, keys = self.seat, self._keys
        if self.shuffler not in (None, seat):
            raise RefusedError("it is the other player's turn to shuffle")
        step, deck, proof, final = Step.SHARES, None, None, self.final_deck
        if self.shuffler == seat:
            step = Step.FIRST_SHUFFLE if len(self._decks) == 1 else Step.SECOND_SHUFFLE
            context = Message(keys.match_id, self.deal, seat, self._sent, step).context
            deck, proof = shuffle(self._decks[-1], self._joint, context, keys.random_bytes)
            final = deck if step == Step.SECOND_SHUFFLE else None
        shares: tuple[tuple[int, Element], ...] = ()
        if final is not None:
            shares = self._own_shares(final, self._unsent())
        if step == Step.SHARES and not shares:
            raise RefusedError("nothing to send now: no shuffle is due and every share allowed is sent")
        message = Message(keys.match_id, self.deal, seat, self._sent, step, None, deck, proof, shares)
        message = message.sealed(keys.keys, self.final_deck, keys.random_bytes)
        text = message.to_text()
        self._record_own(message, text)
        return text

    def amendable(self) -> bool:
        """Whether :meth:`amend_last` may rewrite this player's last message: it is the last one handled, it
        holds shares only, and there are shares to add."""
        return self._last_is_own_shares and bool(self.pending_shares())

    def amend_last(self) -> str:
        """This player's last message written again, under the same sequence number, with every share he may
        send now added: two share messages in one link would cost a second proof (64 bytes) and header.

        Only for a message **not yet sent** (the caller answers for that; it sits in the caller's outbox):
        once the other player has one message of a sequence number, he refuses a second.
        """
        if not self.amendable():
            raise RefusedError("only an unsent message of shares, the last one handled, can take more shares")
        last, final = Message.from_text(self.transcript[-1]), self.final_deck
        assert final is not None
        added = self._own_shares(final, self._unsent())
        message = replace(last, shares=last.shares + added).sealed(self._keys.keys, final, self._keys.random_bytes)
        text = message.to_text()
        self.transcript.pop()
        self._sent -= 1
        self._record_own(message, text)
        return text

    def _own_shares(self, final: Deck, positions: Sequence[int]) -> tuple[tuple[int, Element], ...]:
        return tuple((pos, decryption_share(self._keys.keys.secret, final.cards[pos])) for pos in positions)

    def _record_own(self, message: Message, text: str) -> None:
        """Apply one of this player's own messages (just written, or read back by :meth:`restore`)."""
        final = message.deck if message.step == Step.SECOND_SHUFFLE else self.final_deck
        shares = dict(message.shares)
        opened = self._openings(final, shares, {})
        if message.deck is not None:
            self._decks.append(message.deck)
        self._mine.update(shares)
        self._cards.update(opened)
        self._sent += 1
        self.transcript.append(text)
        self._last_is_own_shares = message.step == Step.SHARES

    @classmethod
    def restore(
        cls, keys: MatchKeys, deal: int, dealer: int, packets: Sequence[int], transcript: Sequence[str]
    ) -> DealSession:
        """The session as it was after handling ``transcript`` (a saved :attr:`transcript`), for a device that
        restarts. The other player's messages are checked again in full, this player's own against his key
        and their place in the deal; the caller releases again the piles its game has turned up."""
        session = cls(keys, deal, dealer, packets)
        for text in transcript:
            message = Message.from_text(text)
            if message.sender != session.seat:
                session.receive(text)
                continue
            if message.match_id != keys.match_id or message.deal != deal:
                raise WrongMatchError("this saved message belongs to another match or deal")
            if message.seq != session._sent:
                raise OutOfOrderError(f"saved message {session._sent} of this player is missing")
            session._check_step(message)
            message.verify_seal(keys.keys.public, session.final_deck)
            session._record_own(message, text)
        return session

    def receive(self, text: str) -> list[int]:
        """Check the other player's message and apply it; return the deck positions it opened."""
        message = Message.from_text(text)
        self._check_place(message)
        public = self._keys.public(self._keys.other)
        if not message.shares:
            message.verify_signature(public)
        deck = self._decks[-1]
        if message.deck is not None:
            assert message.shuffle_proof is not None
            verify_shuffle(deck, message.deck, message.shuffle_proof, self._joint, message.context)
            deck = message.deck
        final = deck if message.step == Step.SECOND_SHUFFLE else self.final_deck
        theirs = dict(message.shares)
        if len(theirs) != len(message.shares):
            raise MalformedMessageError("a deck position has two shares in one message")
        again = sorted(theirs.keys() & self._theirs.keys())
        if again:
            raise OutOfOrderError(f"shares for deck positions {again} were already received")
        if theirs:
            message.verify_seal(public, self.final_deck)
        opened = self._openings(final, self._mine, theirs)
        if message.deck is not None:
            self._decks.append(message.deck)
        self._theirs.update(theirs)
        self._cards.update(opened)
        self._received += 1
        self.transcript.append(text)
        self._last_is_own_shares = False
        return sorted(opened)

    def _check_place(self, message: Message) -> None:
        """Refuse a message of another match or deal, from the wrong sender, out of sequence or of the wrong step."""
        if message.match_id != self._keys.match_id:
            raise WrongMatchError("this message belongs to another match")
        if message.deal != self.deal:
            raise WrongMatchError(f"this message belongs to deal {message.deal}, not to deal {self.deal}")
        if message.sender == self.seat:
            raise RefusedError("this message is one of your own")
        if message.seq < self._received:
            raise OutOfOrderError(f"message {message.seq} of this deal was already received (a replay)")
        if message.seq > self._received:
            raise OutOfOrderError(f"message {self._received} of this deal is missing: this is message {message.seq}")
        self._check_step(message)

    def _check_step(self, message: Message) -> None:
        """Refuse a message whose step is not the one its sender may send now."""
        due = self.shuffler
        if due == message.sender:
            expected = Step.FIRST_SHUFFLE if len(self._decks) == 1 else Step.SECOND_SHUFFLE
        elif due is None:
            expected = Step.SHARES
        else:
            raise OutOfOrderError(f"it is seat {due}'s turn to shuffle: seat {message.sender} cannot send anything now")
        if message.step != expected:
            raise OutOfOrderError(f"a {expected.name} message was expected, not {message.step.name}")

    def _openings(self, final: Deck | None, mine: dict[int, Element], theirs: dict[int, Element]) -> dict[int, int]:
        """The cards whose two shares are both known once ``mine`` and ``theirs`` are in."""
        if final is None:
            return {}
        all_mine, all_theirs = {**self._mine, **mine}, {**self._theirs, **theirs}
        ready = (all_mine.keys() & all_theirs.keys()) - self._cards.keys()
        return {pos: decryption_card(final.cards[pos], [all_mine[pos], all_theirs[pos]]) for pos in sorted(ready)}
