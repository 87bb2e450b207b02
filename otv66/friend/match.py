"""A match against a friend, played by links: one device's side (invite, accept, deals, moves, backup).

Each device holds a :class:`FriendMatch`: its keys, the engine's :class:`~otv66.match.Match` (the rules
live there and only there), the current :class:`~otv66.friend.session.DealSession` and an *outbox*
of items not sent yet. :meth:`FriendMatch.link` packs the outbox into one signed link; the friend's
:meth:`FriendMatch.receive` checks the whole link on a copy and keeps the copy only if every item
passes, so a refused link (replayed, reordered, forged, of another match, with an illegal move)
leaves the match exactly as it was.

The engine needs a whole layout, but face-down cards stay unknown until both shares are in: the
engine's deal is built with the unknown face-down cards filled by the unseen cards in card order
(placeholders) and rebuilt, its moves replayed, whenever a card opens. That is sound because no
move depends on a face-down card (legal moves look at the cards on top), and a player may move only
when every top card of his piles is open.

The flow: the inviter (seat 0, first dealer) sends his key and the rules; the friend accepts with
his key and the first shuffle; the inviter answers with the second shuffle and his face-up shares;
the friend sends his shares and his first moves. From then on each link carries the sender's moves
as far as he can see and his shares for every card turned up; a share is sent early when the
other's answer is forced; the next deal's first shuffle rides on the last link of a deal when its
sender shuffles first. docs/friend-protocol.md, "Links", has the one case that costs an extra link.

>>> alice, invite = FriendMatch.invite("Ana")
>>> bob, accept = FriendMatch.accept(invite, "Bo")
>>> alice.receive(accept)
>>> bob.receive(alice.link())
>>> bob.status(), alice.status()
('play', 'wait')
"""

from __future__ import annotations

import copy
import json
import secrets
import struct
from collections.abc import Sequence
from typing import Any, Final, Literal

from otv66.cards import CODES, DECK_SIZE
from otv66.deal import CLAIM, Deal
from otv66.dealing import check_dealer
from otv66.errors import Otv66Error
from otv66.friend.errors import (
    ForgedSenderError,
    FriendProtocolError,
    IllegalLinkMoveError,
    MalformedMessageError,
    OutOfOrderError,
    RefusedError,
    WrongMatchError,
)
from otv66.friend.links import MAX_SEQ, Item, Link
from otv66.friend.messages import Message, from_base64url, to_base64url
from otv66.friend.ristretto import RandomBytes
from otv66.friend.session import DealSession, MatchKeys
from otv66.match import Match, check_player_name, check_players
from otv66.rules import Rules

SAVE_VERSION: Final = 2
"""Version of the saved form (:meth:`FriendMatch.to_text`); 2: messages of version 2 and the option ``forfeit``."""
PACKETS: Final = (4, 4)
"""How a friend deal is dealt (docs/rules.md 2)."""
Status = Literal["play", "send", "wait", "over"]
_DEAL_NUMBER: Final = struct.Struct(">H")
"""A ``RESIGN`` item's data: the number of the deal given up."""
_UNNAMED: Final = "?"
"""What the engine's :class:`~otv66.match.Match` (which names both players) holds for the friend until his answer to
the invitation, which names him, is read; it is kept in the saved form as it always was. Nothing reads it back:
:attr:`FriendMatch.players` gives ``None`` for the friend then, whatever the text."""


class FriendMatch:
    """One device's side of a match against a friend."""

    def __init__(self, keys: MatchKeys, rules: Rules, names: tuple[str, str], forfeit: bool = True) -> None:
        self.keys = keys
        self.match = Match(rules, first_dealer=0, players=names)
        self.forfeit = forfeit
        """Option ``forfeit`` (docs/rules.md 6.5): a player may resign a deal, which the other wins with 3."""
        self.session: DealSession | None = None
        self.moves: list[str] = []
        """The moves of the current deal."""
        self.finished: list[dict[str, Any]] = []
        """Each finished deal as saved: dealer, the cards seen (``None`` for unseen) and the moves."""
        self.outbox: list[tuple[Item, bytes]] = []
        self.outbox_deal = 0
        self.sent = 0
        self.received = 0
        self.last_link = ""
        """The last link this device made (to send again if it was lost)."""
        self.link_answered = False
        """Whether a link of the friend's came after :attr:`last_link`: he made it once he had that one, so it needs
        no sending again (at the match's end, the player who received the last move has nothing left to send)."""

    # ------------------------------------------------------------------ starting a match

    @classmethod
    def invite(
        cls,
        name: str,
        rules: Rules | None = None,
        random_bytes: RandomBytes = secrets.token_bytes,
        forfeit: bool = True,
    ) -> tuple[FriendMatch, str]:
        """A new match (this device is seat 0 and deals first) and the invitation link to send."""
        keys = MatchKeys.new(0, random_bytes=random_bytes)
        rules = rules if rules is not None else Rules()
        me = cls(keys, rules, (check_player_name(name), _UNNAMED), _check_forfeit(forfeit))
        hello = {"name": name, "rules": rules.to_dict(), "forfeit": me.forfeit}
        me._send(Item.HELLO, json.dumps(hello).encode())
        me._send(Item.KEY, from_base64url(keys.key_message()))
        return me, me.link()

    @staticmethod
    def read_invitation(text: str) -> dict[str, Any]:
        """What invitation ``text`` offers, to show before accepting: ``{"name", "rules", "forfeit"}``.

        The inviter's key proof and the link's signature are checked first, so
        what is shown is what :meth:`accept` would join.
        """
        link = Link.from_text(text)
        _, hello, rules = _open_invitation(link, MatchKeys.new(1, link.match_id))
        return {"name": check_player_name(hello.get("name")), "rules": rules.to_dict(), "forfeit": hello["forfeit"]}

    @classmethod
    def accept(cls, text: str, name: str, random_bytes: RandomBytes = secrets.token_bytes) -> tuple[FriendMatch, str]:
        """Join the match of invitation ``text`` as seat 1; return it and the link that accepts."""
        link = Link.from_text(text)
        keys, hello, rules = _open_invitation(link, MatchKeys.new(1, link.match_id, random_bytes))
        names = (check_player_name(hello.get("name")), check_player_name(name))
        me = cls(keys, rules, names, hello["forfeit"])
        me.received = 1
        me._send(Item.HELLO, json.dumps({"name": name}).encode())
        me._send(Item.KEY, from_base64url(keys.key_message()))
        me._start_deal()
        me._flush()
        return me, me.link()

    # ------------------------------------------------------------------ what the page asks

    @property
    def seat(self) -> int:
        """This device's seat (0: the inviter)."""
        return self.keys.seat

    @property
    def players(self) -> tuple[str, str | None]:
        """The players' names, the friend's ``None`` while his answer to the invitation (which names him) is unread.

        Only the inviter (seat 0) has a friend not named yet, and only until the friend's first link is received.
        """
        first, second = self.match.players
        return first, (None if self.seat == 0 and self.received == 0 else second)

    @property
    def deal(self) -> Deal | None:
        """The engine's current deal once its face-up cards are open (face-down placeholders inside)."""
        deal = self.match.deal
        return deal if deal is not None and len(self.match.deals) == self._deal_number() else None

    def status(self) -> Status:
        """``play`` (this player may move), else ``send`` (a link waits to be sent), else ``wait`` or ``over``."""
        if self.legal_moves():
            return "play"
        if self.outbox:
            return "send"
        return "over" if self.match.is_over else "wait"

    def to_state(self) -> dict[str, Any]:
        """What the page shows: the match, whose turn it is, and the deal as this player sees it.

        ``players`` is :attr:`players` (the friend ``None`` until named). The deal is
        :meth:`otv66.model.PublicView.to_dict` with a pile whose top is not open yet shown
        as ``{"top": None, "hidden": ..., "unopened": True}``, ``legal_moves`` this player's own and
        ``last_trick`` (:meth:`otv66.deal.Deal.last_trick_dict`: the page shows a trick the friend's move finished).
        ``link_answered`` is :attr:`link_answered` (at the match's end the page offers the last link only if not).
        ``last_deal`` is how the last finished deal ended (:meth:`_last_deal`), ``None`` before one has.
        ``can_replay`` is :meth:`can_replay` (the page then offers the replay of :meth:`replay`'s game link).
        ``false_claim`` is :meth:`otv66.match.Match.false_claim_risk` (the page asks with it before a claim).
        """
        match, deal = self.match, self.deal
        view = None
        if deal is not None and self.session is not None:
            view = _seen_view(deal, self._unopened_tops())
            view["legal_moves"] = self.legal_moves()
        return {
            "id": to_base64url(self.keys.match_id),
            "seat": self.seat,
            "players": list(self.players),
            "rules": match.rules.to_dict(),
            "forfeit": self.forfeit,
            "can_resign": self.can_resign(),
            "resignation": self._resignation(),
            "can_replay": self.can_replay(),
            "resigned": [deal.get("resigned") for deal in self.finished],
            "game_points": list(match.game_points),
            "false_claim": match.false_claim_risk(),
            "winner": match.winner,
            "deal_number": self._deal_number(),
            "status": self.status(),
            "link_answered": self.link_answered,
            "last_deal": self._last_deal(),
            "deal": view,
        }

    def _resignation(self) -> dict[str, Any] | None:
        """What resigning the deal now would give the friend (``None`` when this player may not resign): his
        ``award`` in game points and whether it ``ends_match``, for the page to ask with before it is sent."""
        if not self.can_resign():
            return None
        match = self.match
        award = match.resignation_award
        return {"award": award, "ends_match": match.game_points[self.keys.other] + award >= match.rules.target}

    def _last_deal(self) -> dict[str, Any] | None:
        """The last finished deal: its ``number``, its ``winner`` (``None``: drawn; a resigned deal's is the other
        player), the game points it gave each player (``awards``, a draw bonus carried into it included), the seat
        that ``resigned`` it (``None``: played out) and its ``view``, the table as it ended, as both players saw it (a
        card nobody saw face down, as in the deal's own view; no moves). The next deal starts at once: the page shows
        its players from this how the last one ended, on its table, until the next one's cards are open."""
        if not self.finished:
            return None
        index = len(self.finished) - 1
        outcome = self.match.outcome_of(index)
        assert outcome is not None  # a finished deal
        saved = self.finished[index]
        deal, stand_ins = _deal_from_seen(saved, self.match.rules)
        unseen = [
            (player, pile)
            for player, piles in enumerate(deal.view().piles)
            for pile, (card, _) in enumerate(piles)
            if card is not None and CODES[card] in stand_ins
        ]
        view = _seen_view(deal, unseen)
        view["legal_moves"] = []
        return {
            "number": index + 1,
            "winner": outcome[0],
            "awards": list(self.match.awards()[index]),
            "resigned": saved.get("resigned"),
            "view": view,
        }

    def _unopened_tops(self) -> list[tuple[int, int]]:
        """``(player, pile)`` of each pile whose top is a face-down card turned up but not open yet."""
        assert self.session is not None
        played = {move[:2] for move in self.moves}
        return [
            (player, pile)
            for player, table in enumerate(self.session.layout())
            for pile, (down, up) in enumerate(table)
            if up is not None and CODES[up] in played and down is None
        ]

    def legal_moves(self) -> list[str]:
        """The moves this player may make now (none while a card he needs is not open)."""
        deal = self.deal
        if deal is None or deal.is_over:
            return []
        moves = [m for m in deal.legal_moves() if self._mover(deal, m) == self.seat]
        return moves if moves and not self._blocked(self.seat) else []

    def play(self, move: str) -> None:
        """Make this player's ``move``; it joins the outbox (first this player's shares if it needs them)."""
        if move not in self.legal_moves():
            raise IllegalLinkMoveError(f"{move!r} is not a move you can make now")
        self._send(Item.MOVE, move.encode("ascii"))
        self._apply(move)
        deal = self.deal
        if deal is not None and deal.turn == self.seat and self._blocked(self.seat) and self._opens_with_mine():
            self._flush()

    def can_resign(self) -> bool:
        """Whether this player may give up the deal now: option ``forfeit``, the layout dealt, his turn to act."""
        return self.forfeit and self.deal is not None and self.status() in ("play", "send")

    def resign(self) -> None:
        """Give up the current deal (docs/rules.md 6.5): the friend wins it with 3 game points. The resignation
        joins the outbox (the link signs it) and the next deal begins."""
        if not self.can_resign():
            raise RefusedError("you can resign a deal only when the match allows it and it is your turn to act")
        session = self.session
        assert session is not None
        self._send(Item.RESIGN, _DEAL_NUMBER.pack(session.deal))
        self._end_deal(session, resigned=self.seat)

    def can_replay(self) -> bool:
        """Whether the match is over: then a record (docs/record-format.md) replays it, a resigned deal to the move
        where it was given up."""
        return self.match.is_over

    def replay(self) -> Match:
        """The finished match as a record carries it (:meth:`can_replay`, else a :class:`RefusedError`): each deal as
        both players saw it, a card nobody saw (never turned up, or turned up by the deal's last moves and not opened)
        replaced by a stand-in (the unseen cards in card order, as :meth:`_refresh` does), kept in
        :attr:`otv66.match.Match.unseen` so that a replay shows it face down. Both devices make the same match."""
        if not self.can_replay():
            raise RefusedError("only a match that is over can be replayed")
        replayed = Match(self.match.rules, first_dealer=0, players=self.match.players)
        for saved in self.finished:
            deal, stand_ins = _deal_from_seen(saved, self.match.rules)
            if stand_ins:
                replayed.unseen[len(replayed.deals)] = stand_ins
            replayed.deals.append(deal)
            if "resigned" in saved:
                replayed.resign(saved["resigned"])
        return replayed

    def _receive_resignation(self, data: bytes) -> None:
        session = self.session
        if not self.forfeit:
            raise RefusedError("this match was made without the forfeit option: a deal cannot be resigned")
        if session is None or self.deal is None:
            raise OutOfOrderError("there is no dealt deal to resign now")
        if data != _DEAL_NUMBER.pack(session.deal):
            raise WrongMatchError(f"this resignation is not for deal {session.deal}, the deal in progress")
        self._end_deal(session, resigned=self.keys.other)

    def _opens_with_mine(self) -> bool:
        return self.session is not None and bool(self.session.opens_with_mine())

    def link(self) -> str:
        """The outbox (with every share and shuffle due) as one signed link; the outbox is then empty."""
        self._flush()
        if not self.outbox:
            raise OutOfOrderError("there is nothing to send now")
        if self.sent > MAX_SEQ:
            raise OutOfOrderError("this match has used all its links")
        link = Link(self.keys.match_id, self.seat, self.sent, self.outbox_deal, tuple(self.outbox))
        self.last_link = link.signed(self.keys.keys, self.keys.random_bytes).to_text()
        self.outbox.clear()
        self.sent += 1
        self.link_answered = False
        return self.last_link

    def receive(self, text: str) -> None:
        """Check the friend's link whole and apply it; on any error the match stays as it was."""
        link = Link.from_text(text)
        if link.match_id != self.keys.match_id:
            raise WrongMatchError("this link belongs to another match")
        # Nothing a link says (its sender, its number, its deal) is believed before its signature: one character
        # changed on the way made a link "one of your own" or "ahead of one missing", and sent a player looking for
        # a link that never was. (A friend's first link brings his key: it is checked once that key is read.)
        verified = self.keys.knows(link.sender)
        if verified:
            try:
                link.verify_signature(self.keys.public(link.sender))
            except ForgedSenderError:
                self._refuse_second_answer(link)
                raise
        if link.sender == self.seat:
            raise OutOfOrderError("this link is one of your own: send it to your friend", "friend_link_own")
        if link.seq < self.received:
            raise OutOfOrderError(f"link {link.seq} was already received (a replay)", "friend_link_again")
        if link.seq > self.received:
            raise OutOfOrderError(
                f"link {self.received} of your friend is missing: this is link {link.seq}", "friend_link_ahead"
            )
        trial = copy.deepcopy(self)
        trial._receive(link, verified)
        trial.link_answered = True
        self.__dict__.update(trial.__dict__)

    def _refuse_second_answer(self, link: Link) -> None:
        """Refuse, as what it is, another player's answer to an invitation someone else has accepted already (it was
        forwarded to two people): a first link from the friend's seat, signed by its sender under a key of his own.
        Refused as forged, it told the inviter that his friend's link was changed, of a whole link. Anything else
        that fails its signature is left to be refused as forged."""
        if self.seat != 0 or link.sender != self.keys.other or link.seq != 0:
            return
        if [kind for kind, _ in link.items[:2]] != [Item.HELLO, Item.KEY]:
            return
        try:
            key = Message.from_text(to_base64url(link.items[1][1])).public_key
            if key is None:
                return
            link.verify_signature(key)
            name = check_player_name(_hello(link.items[0][1]).get("name"))
        except Otv66Error:
            return
        friend = self.match.players[1]
        raise OutOfOrderError(
            f"this invitation was accepted by {friend} already: {name}'s answer to it cannot be opened",
            "friend_accepted_already",
            friend=friend,
            other=name,
        )

    def _receive(self, link: Link, verified: bool) -> None:
        other = self.keys.other
        if link.deal != self._deal_number():
            raise WrongMatchError(f"this link belongs to deal {link.deal}, you are in deal {self._deal_number()}")
        if link.seq == 0:
            kinds = [kind for kind, _ in link.items[:2]]
            if kinds != [Item.HELLO, Item.KEY]:
                raise OutOfOrderError("your friend's first link must carry his name and key")
            self.keys.receive_key(to_base64url(link.items[1][1]))
            name = check_player_name(_hello(link.items[0][1]).get("name"))
            self.match.players = (self.match.players[0], name)
            self._start_deal()
            items = link.items[2:]
        else:
            items = link.items
        if not verified:
            link.verify_signature(self.keys.public(other))
        for kind, data in items:
            if kind == Item.MESSAGE:
                if self.session is None:
                    raise OutOfOrderError("the match is over: no more deals")
                self.session.receive(to_base64url(data))
                self._refresh()
            elif kind == Item.MOVE:
                self._receive_move(data.decode("ascii", "replace"))
            elif kind == Item.RESIGN:
                self._receive_resignation(data)
            else:
                raise OutOfOrderError(f"a {kind.name} item comes only in a match's first link")
        self.received += 1
        if self._must_answer():
            self._flush()

    def _must_answer(self) -> bool:
        """Whether this player's shuffle or shares are wanted before anyone can move (else they wait for his
        next move's link, one share message per link keeping play links short)."""
        session, deal = self.session, self.deal
        if session is None or session.shuffler == self.seat or deal is None:
            return True
        return deal.turn != self.seat or self._blocked(self.seat)

    def _receive_move(self, move: str) -> None:
        deal = self.deal
        if deal is None or deal.is_over or move not in deal.legal_moves():
            raise IllegalLinkMoveError(f"your friend's move {move!r} is not legal now")
        if self._mover(deal, move) != self.keys.other or self._blocked(self.keys.other):
            raise IllegalLinkMoveError(f"your friend cannot play {move!r} now: it is not his move or a card is unseen")
        self._apply(move)

    # ------------------------------------------------------------------ the game under the links

    def _deal_number(self) -> int:
        return len(self.finished) + (self.session is not None)

    def _start_deal(self) -> None:
        self.session = DealSession(self.keys, len(self.finished) + 1, self.match.next_dealer, PACKETS)
        self.moves = []

    def _pending(self) -> bool:
        """Whether this player has a shuffle or shares to send now."""
        session = self.session
        return session is not None and (session.shuffler == self.seat or bool(session.pending_shares()))

    def _flush(self) -> None:
        """Put this player's due shuffle and shares into the outbox (opening what they complete).

        Shares join this deal's unsent message of shares when the outbox holds one (one share proof and
        header for the link, not two: this keeps every play link within 500 characters).
        """
        session = self.session
        if session is None or not self._pending():
            return
        unsent = self._unsent_shares_item(session)
        if unsent is None:
            self._send(Item.MESSAGE, from_base64url(session.next_message()))
        else:
            self.outbox[unsent] = (Item.MESSAGE, from_base64url(session.amend_last()))
        self._refresh()

    def _unsent_shares_item(self, session: DealSession) -> int | None:
        """The outbox index of the session's last message if it is an amendable message of shares not sent yet."""
        if session.shuffler is not None or not session.amendable():
            return None
        last = (Item.MESSAGE, from_base64url(session.transcript[-1]))
        return self.outbox.index(last) if last in self.outbox else None

    def _send(self, kind: Item, data: bytes) -> None:
        """Add an item to the outbox (the link's deal is the one its first item belongs to)."""
        if not self.outbox:
            self.outbox_deal = self._deal_number()
        self.outbox.append((kind, data))

    def _refresh(self) -> None:
        """Rebuild the engine's deal from the cards open now (unseen ones as placeholders), moves replayed."""
        session = self.session
        if session is None or any(up is None for table in session.layout() for _, up in table):
            return
        deal = _placeholder_deal(session, self.match.rules)
        for move in self.moves:
            deal.play(move)
        if len(self.match.deals) == session.deal:
            self.match.deals[-1] = deal
        else:
            self.match.deals.append(deal)

    def _apply(self, move: str) -> None:
        """Play ``move`` in the engine, release the card it turned up, start the next deal when one ends."""
        deal, session = self.deal, self.session
        assert deal is not None and session is not None
        mine, card = self._mover(deal, move) == self.seat, move[:2]
        deal.play(move)
        self.moves.append(move)
        if move != CLAIM:
            self._release(session, card)
        if deal.is_over:
            self._end_deal(session)
            return
        if mine:
            self._release_forced(deal, session)

    def _end_deal(self, session: DealSession, resigned: int | None = None) -> None:
        """Keep the deal that ended (played out, or given up by seat ``resigned``) and start the next one."""
        finished: dict[str, Any] = {"dealer": session.dealer, "seen": _seen(session), "moves": self.moves}
        if resigned is not None:
            self.match.resign(resigned)
            finished["resigned"] = resigned
        self.finished.append(finished)
        self.session = None
        if not self.match.is_over:
            self._start_deal()

    @staticmethod
    def _release(session: DealSession, card: str) -> None:
        for player, table in enumerate(session.layout()):
            for pile, (_, up) in enumerate(table):
                if up is not None and CODES[up] == card:
                    session.release(player, pile)

    def _release_forced(self, deal: Deal, session: DealSession) -> None:
        """Release early the card the other player's forced answer will turn up (saves a link)."""
        if deal.turn != self.keys.other or self._blocked(self.keys.other):
            return
        moves = deal.legal_moves()
        if len(moves) == 1 and moves[0] != CLAIM:
            self._release(session, moves[0][:2])

    def _blocked(self, player: int) -> bool:
        """Whether a top card of ``player``'s piles is still unseen (he cannot choose a move yet)."""
        session, deal = self.session, self.deal
        if session is None or deal is None:
            return True
        played = {move[:2] for move in self.moves}
        return any(up is not None and CODES[up] in played and down is None for down, up in session.layout()[player])

    @staticmethod
    def _mover(deal: Deal, move: str) -> int | None:
        return deal.claimant if move == CLAIM else deal.turn

    # ------------------------------------------------------------------ saving

    def progress(self) -> tuple[int, int, int]:
        """How far this match has come on this device, to tell an older save of it from a newer one: the links
        made and received, the deals finished, the moves of the deal in play (one made, not sent yet, counts)."""
        return self.sent + self.received, len(self.finished), len(self.moves)

    def to_text(self) -> str:
        """This match as text, **secret key included**: the device's storage and the player's backup."""
        session = self.session
        data = {
            "version": SAVE_VERSION,
            "keys": self.keys.to_text(),
            "rules": self.match.rules.to_dict(),
            "forfeit": self.forfeit,
            "players": list(self.match.players),
            "finished": self.finished,
            "deal": None if session is None else {"transcript": session.transcript, "moves": self.moves},
            "outbox_deal": self.outbox_deal,
            "outbox": [[int(kind), to_base64url(data)] for kind, data in self.outbox],
            "sent": self.sent,
            "received": self.received,
            "last_link": self.last_link,
            "link_answered": self.link_answered,
        }
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_text(cls, text: str, random_bytes: RandomBytes = secrets.token_bytes) -> FriendMatch:
        """The match saved by :meth:`to_text` (the other player's messages are checked again)."""
        try:
            data = json.loads(text)
            if data["version"] != SAVE_VERSION:
                raise MalformedMessageError(f"saved friend match version {data['version']} is not known here")
            keys = MatchKeys.from_text(data["keys"], random_bytes)
            forfeit = _check_forfeit(data["forfeit"])
            me = cls(keys, Rules.from_dict(data["rules"]), check_players(data["players"]), forfeit)
            for saved in data["finished"]:
                me.finished.append(saved)
                me.match.deals.append(_deal_from_seen(saved, me.match.rules)[0])
                if "resigned" in saved:
                    me.match.resign(check_dealer(saved["resigned"]))
            current = data["deal"]
            if current is not None:
                deal_number = len(me.finished) + 1
                me.session = DealSession.restore(
                    keys, deal_number, me.match.next_dealer, PACKETS, current["transcript"]
                )
                me._refresh()
                for move in current["moves"]:
                    me._apply(move)
            me.outbox = [(Item(kind), from_base64url(item)) for kind, item in data["outbox"]]
            me.outbox_deal = int(data["outbox_deal"])
            me.sent, me.received, me.last_link = int(data["sent"]), int(data["received"]), str(data["last_link"])
            me.link_answered = data.get("link_answered") is True  # not in saves from before: the link is offered
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            if isinstance(error, FriendProtocolError):
                raise
            raise MalformedMessageError(f"this is not a saved friend match: {error}") from None
        return me


def _check_forfeit(forfeit: object) -> bool:
    if not isinstance(forfeit, bool):
        raise MalformedMessageError(f"the forfeit option is true or false, not {forfeit!r:.40}")
    return forfeit


def _open_invitation(link: Link, keys: MatchKeys) -> tuple[MatchKeys, dict[str, Any], Rules]:
    """Check invitation ``link`` with ``keys`` (seat 1's): its keys, greeting and rules (its forfeit checked)."""
    if link.sender != 0 or link.seq != 0 or [kind for kind, _ in link.items] != [Item.HELLO, Item.KEY]:
        raise OutOfOrderError("this is not an invitation link")
    hello = _hello(link.items[0][1])
    keys.receive_key(to_base64url(link.items[1][1]))
    link.verify_signature(keys.public(0))
    try:
        rules = Rules.from_dict(hello.get("rules"))
    except Otv66Error as error:
        raise MalformedMessageError(f"the invitation's rules: {error}") from None
    hello["forfeit"] = _check_forfeit(hello.get("forfeit", False))
    return keys, hello, rules


def _hello(data: bytes) -> dict[str, Any]:
    try:
        hello = json.loads(data)
    except ValueError:
        hello = None
    if not isinstance(hello, dict):
        raise MalformedMessageError("a link's greeting is not readable")
    return hello


def _seen(session: DealSession) -> list[list[list[str | None]]]:
    return [[[None if c is None else CODES[c] for c in pile] for pile in table] for table in session.layout()]


def _seen_view(deal: Deal, unopened: Sequence[tuple[int, int]]) -> dict[str, Any]:
    """``deal``'s public view with its last trick, each ``(player, pile)`` of ``unopened`` (a top card turned up but
    not open to anyone) as ``{"top": None, "hidden": False, "unopened": True}``: the page draws it face down."""
    view = deal.view().to_dict()
    for player, pile in unopened:
        view["piles"][player][pile] = {"top": None, "hidden": False, "unopened": True}
    view["last_trick"] = deal.last_trick_dict()
    return view


def _stand_ins(seen: Sequence[Sequence[Sequence[int | None]]]) -> list[int]:
    """The cards nobody saw in a layout as seen (``None`` for a face-down card), in card order: the stand-ins that
    :func:`_fill` places for them."""
    known = {card for table in seen for pile in table for card in pile if card is not None}
    return [card for card in range(DECK_SIZE) if card not in known]


def _fill(seen: Sequence[Sequence[Sequence[int | None]]]) -> list[list[list[str]]]:
    """The layout with each unseen card replaced by one of :func:`_stand_ins`, in card order."""
    spare = iter(_stand_ins(seen))
    return [[[CODES[next(spare) if card is None else card] for card in pile] for pile in table] for table in seen]


def _placeholder_deal(session: DealSession, rules: Rules) -> Deal:
    return Deal.from_layout(_fill(session.layout()), session.dealer, rules)


def _deal_from_seen(saved: dict[str, Any], rules: Rules) -> tuple[Deal, frozenset[str]]:
    """A finished deal as both players saw it, re-played, and its stand-ins (:func:`_stand_ins`) as card codes."""
    seen = [
        [[None if code is None else CODES.index(code) for code in pile] for pile in table] for table in saved["seen"]
    ]
    deal = Deal.from_layout(_fill(seen), saved["dealer"], rules)
    for move in saved["moves"]:
        deal.play(move)
    return deal, frozenset(CODES[card] for card in _stand_ins(seen))
