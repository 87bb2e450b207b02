"""One deal of Open 66: the position, its legal moves, play and undo.

The model (python-chess style): a :class:`Deal` is a position with a move
stack. Everything that changes during play lives in one flat list of small
ints (``_state``): the two players' *available* cards as 32-bit masks, the
trick in progress, card points, tricks, marriages and whose turn it is. The
card lying under each card is fixed by the layout, so turning a card up is
one table look-up. :meth:`Deal.play` pushes a copy of that list; :meth:`Deal.undo`
pops it. Legal moves are computed once per move, as a mask.

>>> deal = Deal.from_seed(7, dealer=0, packets=(4, 4))
>>> deal.turn  # the non-dealer leads
1
>>> move = deal.legal_moves()[0]
>>> deal.play(move)
>>> deal.undo() == move
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from otv66.cards import (
    CARD_BY_CODE,
    CODES,
    DECK_SIZE,
    KING,
    NO_CARD,
    POINTS,
    QUEEN,
    RANKS,
    SUIT_MASKS,
    SUITS,
    Card,
    CardSet,
    card_of,
)
from otv66.dealing import (
    Layout,
    check_dealer,
    check_packets,
    check_player,
    check_seed,
    deal_positions,
    layout_from_positions,
    shuffled_deck,
)
from otv66.errors import IllegalMoveError, InvalidCardError, InvalidLayoutError
from otv66.kernel import (
    BEATERS,
    CLAIM,
    LAST_TRICK_BONUS,
    REASONS,
    TRICKS_PER_DEAL,
    WIN_SCORE,
    Reason,
    legal_cards,
    marriage_cards,
    marriage_points,
)
from otv66.model import DealResult, Marriage, Pile, PublicView
from otv66.rules import Rules, check_rules

__all__ = ["CLAIM", "DEFAULT_RULES", "WIN_SCORE", "Deal", "Marriage", "Pile", "parse_layout"]
"""``CLAIM``, ``WIN_SCORE`` (from :mod:`otv66.kernel`), ``Marriage`` and ``Pile`` (from
:mod:`otv66.model`) are offered here too: callers imported them from this module before
they moved."""

DEFAULT_RULES: Final = Rules()

# Indices into Deal._state, private to this module. The list is copied on every move (cheap undo).
_TURN = 0  # player to play a card
_LEAD = 1  # card led to the trick in progress, or -1
_MARRIAGE_LEAD = 2  # 1 if the card led announced a marriage
_AVAIL = 3  # _AVAIL + p: player p's available cards (face up on his piles, docs/rules.md 4)
_PLAYED = 5  # mask of cards played
_POINTS_WON = 6  # _POINTS_WON + p: card points of tricks won (without the last-trick 10)
_TRICKS_WON = 8  # _TRICKS_WON + p
_MARRIED = 10  # _MARRIED + p: marriage points that count
_PENDING = 12  # _PENDING + p: marriage points announced before his first trick
_TRICKS_PLAYED = 14
_LAST_WINNER = 15  # winner of the last complete trick, or -1
_CLAIMANT = 16  # player who may claim 66 now (manual claim), or -1
_LEGAL = 17  # mask of cards the player to move may play
_OVER = 18  # 1 once the deal has ended
_REASON = 19  # index into kernel.REASONS once over
_WINNER = 20  # winner once over (-1 for a draw)
_STATE_SIZE = 21


def _codes_by_byte(suit: int, with_marriages: bool) -> tuple[tuple[str, ...], ...]:
    """For each 8-bit mask of one suit, the move codes it allows (marriages for a leader)."""
    table = []
    for byte in range(256):
        codes = [CODES[suit * 8 + rank] for rank in range(8) if byte >> rank & 1]
        if with_marriages and marriage_cards(byte << 8 * suit):
            codes += [RANKS[KING] + SUITS[suit] + "m", RANKS[QUEEN] + SUITS[suit] + "m"]
        table.append(tuple(codes))
    return tuple(table)


_FOLLOW_CODES: Final = tuple(_codes_by_byte(s, False) for s in range(4))
_LEAD_CODES: Final = tuple(_codes_by_byte(s, True) for s in range(4))
_MOVES: Final[dict[str, tuple[int, bool]]] = {code: (card, False) for code, card in CARD_BY_CODE.items()}
_MOVES.update({RANKS[r] + SUITS[s] + "m": (s * 8 + r, True) for s in range(4) for r in (KING, QUEEN)})
_SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")


class Deal:
    """A deal of Open 66 between player 0 and player 1 (see docs/rules.md): a position and its moves.

    Make one with :meth:`from_seed` (shuffled) or :meth:`from_layout` (a record's layout). :meth:`legal_moves`
    lists the moves as codes, :meth:`play` makes one (or raises :class:`~otv66.errors.IllegalMoveError`
    saying why not), :meth:`undo` takes it back; :attr:`turn`, :meth:`score`, :attr:`result` and the other
    queries read the position, and :meth:`view` is what both players see.
    """

    __slots__ = (
        "_auto_claim",
        "_beaters",
        "_closed",
        "_layout",
        "_moves",
        "_must_beat",
        "_stack",
        "_state",
        "_trump",
        "_turn_up",
        "dealer",
        "packets",
        "rules",
        "seed",
    )

    def __init__(
        self,
        layout: Layout,
        dealer: int,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        packets: tuple[int, ...] | None = None,
    ) -> None:
        """Set up a deal from a layout of card numbers or codes; prefer :meth:`from_layout` / :meth:`from_seed`.

        Raises :class:`InvalidLayoutError` unless the layout is 2 x 8 piles holding each of the 32 cards once.
        """
        self.rules = check_rules(rules) if rules is not None else DEFAULT_RULES
        self.dealer = check_dealer(dealer)
        self.seed = seed
        self.packets = packets
        self._layout = layout = parse_layout(layout)
        turn_up = [0] * DECK_SIZE
        avail = [0, 0]
        for player in (0, 1):
            for down, up in layout[player]:
                turn_up[up] = 1 << up | 1 << down
                turn_up[down] = 1 << down
                avail[player] |= 1 << up
        # ``avail ^= _turn_up[card]`` takes ``card`` off its pile and turns up the card under it.
        self._turn_up = tuple(turn_up)
        self._trump = layout[self.dealer][7][1] >> 3
        self._beaters = BEATERS[self._trump]
        self._auto_claim = self.rules.claim == "auto"
        self._must_beat = self.rules.must_beat
        leader = 1 - self.dealer
        state = [0] * _STATE_SIZE
        state[_TURN] = leader
        state[_LEAD] = -1
        state[_AVAIL] = avail[0]
        state[_AVAIL + 1] = avail[1]
        state[_LAST_WINNER] = -1
        state[_CLAIMANT] = -1
        state[_LEGAL] = avail[leader]
        self._state = state
        self._stack: list[list[int]] = []
        self._moves: list[str] = []
        self._closed: IllegalMoveError | None = None

    # ------------------------------------------------------------------ creation

    @classmethod
    def from_layout(cls, layout: Any, dealer: int, rules: Rules | None = None) -> Deal:
        """Build a deal from a docs/record-format.md layout: ``layout[p][i] == [face_down, face_up]`` codes.

        Raises :class:`InvalidLayoutError` unless it is 2 x 8 piles holding each of
        the 32 cards exactly once.
        """
        return cls(layout, dealer, rules)

    @classmethod
    def from_seed(
        cls,
        seed: int,
        dealer: int,
        packets: Sequence[int] = (4, 4),
        rules: Rules | None = None,
    ) -> Deal:
        """Shuffle with ``seed`` (shuffle version 1) and deal by the packet plan."""
        plan = check_packets(packets)
        positions = deal_positions(check_dealer(dealer), plan)
        layout = layout_from_positions(shuffled_deck(check_seed(seed)), positions)
        return cls(layout, dealer, rules, seed=seed, packets=plan)

    def copy(self) -> Deal:
        """Return an independent copy (same layout, same moves): the layout and the tables built from it are shared
        (immutable, validated once), the position and its undo stack copied."""
        other = Deal.__new__(Deal)
        for name in Deal.__slots__:
            setattr(other, name, getattr(self, name))
        other._state = self._state[:]
        other._stack = [s[:] for s in self._stack]
        other._moves = self._moves[:]
        other._closed = None  # a copy is for exploring: it takes moves whatever closed this deal
        return other

    def close(self, why: str) -> None:
        """Take no more moves, nor undo any, though the deal has not ended: its match has put it behind (resigned, or
        the next deal begun: :class:`~otv66.match.Match`). ``why`` is what :meth:`play` and :meth:`undo` then say.
        A move after a resignation, or an undo in a deal before the last, made a match its own record refused."""
        self._closed = IllegalMoveError(why, "deal_closed")

    # ------------------------------------------------------------------ moves

    def legal_moves(self) -> list[str]:
        """Return the legal moves now, as docs/record-format.md move codes.

        A leader's marriage leads appear as ``"KHm"`` / ``"QHm"`` beside the
        plain ``"KH"`` / ``"QH"``. Under ``claim: manual``, ``"66"`` is listed
        while :attr:`claimant` may claim (it is his move even if the next card
        is the opponent's). An ended deal has no legal moves.
        """
        s = self._state
        if s[_OVER] or self._closed is not None:
            return []
        mask = s[_LEGAL]
        table = _FOLLOW_CODES if s[_LEAD] >= 0 else _LEAD_CODES
        moves = [
            *table[0][mask & 255],
            *table[1][mask >> 8 & 255],
            *table[2][mask >> 16 & 255],
            *table[3][mask >> 24],
        ]
        if s[_CLAIMANT] >= 0:
            moves.append(CLAIM)
        return moves

    def is_legal(self, move: str) -> bool:
        """Return whether ``move`` is legal now."""
        return move in self.legal_moves()

    def play(self, move: str) -> None:
        """Make ``move`` (a docs/record-format.md move code).

        Raises :class:`IllegalMoveError` (a ``ValueError``) with a message a
        player understands if the move is not legal now; the deal is unchanged.
        """
        s = self._state
        if self._closed is not None:
            raise self._closed
        entry = _MOVES.get(move) if type(move) is str else None
        if entry is None or not self._card_allowed(s, entry):
            if move != CLAIM or s[_CLAIMANT] < 0:
                raise self._why_illegal(move)
            self._stack.append(s[:])
            self._moves.append(move)
            self._claim(s)
            return
        self._stack.append(s[:])
        self._moves.append(move)
        if s[_LEAD] < 0:
            self._lead(s, entry[0], entry[1])
        else:
            self._follow(s, entry[0])

    def undo(self) -> str:
        """Take back the last move and return it. Raises :class:`IllegalMoveError` if there is none, or the deal is
        closed (:meth:`close`)."""
        if self._closed is not None:
            raise self._closed
        if not self._moves:
            raise IllegalMoveError("there is no move to take back")
        self._state = self._stack.pop()
        return self._moves.pop()

    def _can_announce(self, s: list[int], card: int) -> bool:
        return s[_LEAD] < 0 and bool(marriage_cards(s[_AVAIL + s[_TURN]]) >> card & 1)

    # ------------------------------------------------------------------ rules

    def _lead(self, s: list[int], card: int, marriage: bool) -> None:
        player = s[_TURN]
        s[_AVAIL + player] ^= self._turn_up[card]
        s[_PLAYED] |= 1 << card
        s[_LEAD] = card
        s[_TURN] = opponent = 1 - player
        s[_CLAIMANT] = -1
        s[_MARRIAGE_LEAD] = marriage
        if marriage:
            points = marriage_points(card >> 3, self._trump)
            if s[_TRICKS_WON + player]:
                s[_MARRIED + player] += points
                if self._auto_claim and self._score(s, player) >= WIN_SCORE:
                    self._end(s, player, "reached_66")
                    return
            else:
                s[_PENDING + player] += points
            if not self._auto_claim:
                s[_CLAIMANT] = player
        s[_LEGAL] = legal_cards(s[_AVAIL + opponent], card, self._trump, self._must_beat)

    def _follow(self, s: list[int], card: int) -> None:
        player = s[_TURN]
        s[_AVAIL + player] ^= self._turn_up[card]
        s[_PLAYED] |= 1 << card
        lead = s[_LEAD]
        winner = player if self._beaters[lead] >> card & 1 else 1 - player
        s[_POINTS_WON + winner] += POINTS[lead] + POINTS[card]
        s[_TRICKS_WON + winner] += 1
        if s[_TRICKS_WON + winner] == 1 and s[_PENDING + winner]:
            s[_MARRIED + winner] += s[_PENDING + winner]
            s[_PENDING + winner] = 0
        s[_TRICKS_PLAYED] += 1
        s[_LAST_WINNER] = winner
        s[_LEAD] = -1
        s[_MARRIAGE_LEAD] = 0
        s[_TURN] = winner
        s[_LEGAL] = s[_AVAIL + winner]
        s[_CLAIMANT] = -1
        if s[_TRICKS_PLAYED] == TRICKS_PER_DEAL:
            self._end_played_out(s)
        elif not self._auto_claim:
            s[_CLAIMANT] = winner
        elif s[_POINTS_WON + winner] + s[_MARRIED + winner] >= WIN_SCORE:  # no last-trick 10 before trick 16
            self._end(s, winner, "reached_66")

    def _claim(self, s: list[int]) -> None:
        claimant = s[_CLAIMANT]
        if self._score(s, claimant) >= WIN_SCORE:
            self._end(s, claimant, "reached_66")
        else:
            self._end(s, 1 - claimant, "false_claim")

    def _end_played_out(self, s: list[int]) -> None:
        score0, score1 = self._score(s, 0), self._score(s, 1)
        if score0 == score1:
            self._end(s, -1, "draw")
        elif self._auto_claim:
            self._end(s, 0 if score0 > score1 else 1, "reached_66")
        else:
            self._end(s, 0 if score0 > score1 else 1, "played_out")

    def _end(self, s: list[int], winner: int, reason: Reason) -> None:
        s[_OVER] = 1
        s[_CLAIMANT] = -1
        s[_LEGAL] = 0
        s[_WINNER] = winner
        s[_REASON] = REASONS.index(reason)

    def _score(self, s: list[int], player: int) -> int:
        bonus = LAST_TRICK_BONUS if s[_TRICKS_PLAYED] == TRICKS_PER_DEAL and s[_LAST_WINNER] == player else 0
        return s[_POINTS_WON + player] + s[_MARRIED + player] + bonus

    # ------------------------------------------------------------------ queries

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return bool(self._state[_OVER])

    @property
    def result(self) -> dict[str, Any] | None:
        """The docs/record-format.md result of an ended deal, or ``None`` while it goes on.

        ``{"winner": 0 | 1 | None, "game_points": 0..3, "scores": [a, b],
        "tricks": [a, b], "reason": "reached_66" | "played_out" | "false_claim" | "draw"}``
        """
        outcome = self.outcome
        return None if outcome is None else outcome.to_dict()

    @property
    def outcome(self) -> DealResult | None:
        """How the deal ended, as a typed value (python-chess's ``outcome()``), or ``None`` while it goes on."""
        s = self._state
        if not s[_OVER]:
            return None
        winner = s[_WINNER]
        return DealResult.ended(
            None if winner < 0 else winner,
            REASONS[s[_REASON]],
            (self._score(s, 0), self._score(s, 1)),
            (s[_TRICKS_WON], s[_TRICKS_WON + 1]),
        )

    @property
    def turn(self) -> int | None:
        """The player who plays the next card, or ``None`` once the deal is over."""
        s = self._state
        return None if s[_OVER] else s[_TURN]

    @property
    def claimant(self) -> int | None:
        """Under ``claim: manual``, the player who may play ``"66"`` now; else ``None``."""
        claimant = self._state[_CLAIMANT]
        return None if claimant < 0 else claimant

    @property
    def leader(self) -> int | None:
        """The player who leads (or has led) the current trick; ``None`` once over."""
        s = self._state
        if s[_OVER]:
            return None
        return self._leader(s)

    @staticmethod
    def _leader(s: list[int]) -> int:
        return 1 - s[_TURN] if s[_LEAD] >= 0 else s[_TURN]

    @property
    def trump(self) -> str:
        """The trump suit letter."""
        return SUITS[self._trump]

    @property
    def trump_card(self) -> str:
        """The card that fixed trump: the dealer's face-up card on pile 7, as dealt."""
        return CODES[self._layout[self.dealer][7][1]]

    @property
    def moves(self) -> list[str]:
        """The moves made so far (a copy)."""
        return self._moves[:]

    @property
    def trick(self) -> list[tuple[int, str]]:
        """The trick in progress as ``[(player, card)]``: empty, or the led card."""
        s = self._state
        if s[_LEAD] < 0:
            return []
        return [(1 - s[_TURN], CODES[s[_LEAD]])]

    @property
    def marriage_lead(self) -> bool:
        """Whether the card in the trick in progress announced a marriage."""
        return bool(self._state[_MARRIAGE_LEAD])

    @property
    def last_trick(self) -> tuple[int, list[tuple[int, str]]] | None:
        """``(winner, [(player, card), (player, card)])`` of the last complete trick, or ``None``."""
        s = self._state
        if s[_TRICKS_PLAYED] == 0:
            return None
        cards = [m for m in self._moves if m != CLAIM]
        lead_index = 2 * (s[_TRICKS_PLAYED] - 1)
        led, answered = cards[lead_index][:2], cards[lead_index + 1][:2]
        winner = s[_LAST_WINNER]
        follower = self.owner(answered)
        return winner, [(1 - follower, led), (follower, answered)]

    def last_trick_dict(self) -> dict[str, Any] | None:
        """:attr:`last_trick` as the pages get it: ``{"winner", "cards": [{"player", "card"}, ...]}`` in play order."""
        last = self.last_trick
        return None if last is None else {"winner": last[0], "cards": [{"player": p, "card": c} for p, c in last[1]]}

    @property
    def tricks_played(self) -> int:
        """Number of complete tricks."""
        return self._state[_TRICKS_PLAYED]

    @property
    def last_trick_winner(self) -> int | None:
        """Winner of the last complete trick (who leads next), or ``None`` before the first."""
        winner = self._state[_LAST_WINNER]
        return None if winner < 0 else winner

    # The queries about one player check it (:func:`~otv66.dealing.check_player`): ``player`` indexes the
    # state, where -1 or 2 would read another player's or another field's number.

    def tricks_won(self, player: int) -> int:
        """Number of tricks ``player`` has won (a 0-point trick counts)."""
        return self._state[_TRICKS_WON + check_player(player)]

    def card_points(self, player: int) -> int:
        """Card points in the tricks ``player`` won (without the last-trick 10)."""
        return self._state[_POINTS_WON + check_player(player)]

    def marriage_points(self, player: int) -> int:
        """Marriage points of ``player`` that count (he has won a trick since)."""
        return self._state[_MARRIED + check_player(player)]

    def pending_marriage_points(self, player: int) -> int:
        """Marriage points ``player`` announced that wait for his first won trick."""
        return self._state[_PENDING + check_player(player)]

    def score(self, player: int) -> int:
        """``player``'s score (docs/rules.md 6): card points + counting marriages + last-trick 10."""
        return self._score(self._state, check_player(player))

    @property
    def marriages(self) -> list[Marriage]:
        """Marriages announced so far, in order."""
        s = self._state
        found = []
        for index, move in enumerate(self._moves):
            if move.endswith("m"):
                player = self._stack[index][_TURN]
                suit = move[1]
                points = marriage_points(SUITS.index(suit), self._trump)
                found.append(Marriage(player, suit, points, s[_TRICKS_WON + player] > 0))
        return found

    def owner(self, card: str | int) -> int:
        """Return the player whose table ``card`` (a code such as ``"AH"``, or a card number) lies on, face up or
        played: what both players see.

        Raises :class:`~otv66.errors.InvalidCardError` for anything that is not a card, and for a card still face
        down (nobody knows whose it is: rules.md section 3).
        """
        card = card_of(card)
        played = self._state[_PLAYED]
        for player in (0, 1):
            for down, up in self._layout[player]:
                if card == up or (card == down and played >> up & 1):
                    return player
        raise InvalidCardError(f"{CODES[card]} lies face down: nobody knows whose it is")

    def piles(self, player: int) -> list[Pile]:
        """What the table shows of ``player``'s piles 0..7 (face-down cards stay unknown)."""
        tops = self._tops(check_player(player))
        return [Pile(None if top == NO_CARD else CODES[top], hidden) for top, hidden in tops]

    def _tops(self, player: int) -> tuple[tuple[Card, bool], ...]:
        """``player``'s piles 0..7 as ``(top card or NO_CARD, whether a card lies face down under it)``."""
        played = self._state[_PLAYED]
        return tuple(
            (up, True) if not played >> up & 1 else (NO_CARD, False) if played >> down & 1 else (down, False)
            for down, up in self._layout[player]
        )

    def available(self, player: int) -> list[str]:
        """The face-up cards on top of ``player``'s piles."""
        mask = self._state[_AVAIL + check_player(player)]
        return [CODES[c] for c in range(DECK_SIZE) if mask >> c & 1]

    def hidden_cards(self) -> CardSet:
        """Mask of the cards still face down (for :mod:`otv66.view`; reveals nothing by itself)."""
        played = self._state[_PLAYED]
        mask = 0
        for player in (0, 1):
            for down, up in self._layout[player]:
                if not played >> up & 1:
                    mask |= 1 << down
        return mask

    def view(self) -> PublicView:
        """What both players see now (no face-down card): give this to a UI or an opponent."""
        s = self._state
        over = bool(s[_OVER])
        return PublicView(
            rules=self.rules,
            dealer=self.dealer,
            trump=self._trump,
            trump_card=self._layout[self.dealer][7][1],
            piles=(self._tops(0), self._tops(1)),
            turn=None if over else s[_TURN],
            leader=None if over else self._leader(s),
            claimant=self.claimant,
            trick=() if s[_LEAD] < 0 else ((1 - s[_TURN], s[_LEAD]),),
            marriage_lead=bool(s[_MARRIAGE_LEAD]),
            tricks_played=s[_TRICKS_PLAYED],
            last_winner=self.last_trick_winner,
            tricks_won=(s[_TRICKS_WON], s[_TRICKS_WON + 1]),
            card_points=(s[_POINTS_WON], s[_POINTS_WON + 1]),
            marriage_points=(s[_MARRIED], s[_MARRIED + 1]),
            pending_marriage_points=(s[_PENDING], s[_PENDING + 1]),
            scores=(self._score(s, 0), self._score(s, 1)),
            marriages=tuple(self.marriages),
            moves=tuple(self._moves),
            played=s[_PLAYED],
            unseen=self.hidden_cards(),
            legal_moves=tuple(self.legal_moves()),
            outcome=self.outcome,
        )

    def reveal_layout(self) -> list[list[list[str]]]:
        """The full layout as dealt, face-down cards included (records and tests only)."""
        return [[[CODES[down], CODES[up]] for down, up in self._layout[p]] for p in (0, 1)]

    # ------------------------------------------------------------------ messages

    def why_illegal(self, move: object) -> IllegalMoveError | None:
        """The error :meth:`play` would raise for ``move`` now, or ``None`` if it is legal.

        Its ``reason`` names the rule that forbids the move and its ``params`` give the cards and suits as codes
        (docs/record-format.md), so a page can explain the move in the player's language.
        """
        s = self._state
        if self._closed is not None:
            return self._closed
        entry = _MOVES.get(move) if type(move) is str else None
        if entry is not None and self._card_allowed(s, entry):
            return None
        if move == CLAIM and s[_CLAIMANT] >= 0:
            return None
        return self._why_illegal(move)

    def _card_allowed(self, s: list[int], entry: tuple[int, bool]) -> bool:
        """Whether the card move ``entry`` (card, announces a marriage) may be played now."""
        card, marriage = entry
        return not s[_OVER] and bool(s[_LEGAL] >> card & 1) and (not marriage or self._can_announce(s, card))

    def _why_illegal(self, move: object) -> IllegalMoveError:
        s = self._state
        if s[_OVER]:
            return IllegalMoveError("the deal is over: no more moves", "deal_over")
        if not isinstance(move, str) or (move not in _MOVES and move != CLAIM):
            message = f"{move!r} is not a move: play a card such as 'AH', 'KHm' to announce a marriage, or '66'"
            return IllegalMoveError(message, "not_a_move")
        if move == CLAIM:
            if self.rules.claim == "auto":
                return IllegalMoveError("66 is claimed automatically in this game (claim: auto)", "claim_auto")
            message = "you can claim 66 only right after winning a trick or announcing a marriage"
            return IllegalMoveError(message, "claim_not_now")
        card, marriage = _MOVES[move]
        code = CODES[card]
        player = s[_TURN]
        if marriage and s[_LEAD] >= 0:
            return IllegalMoveError("only the player who leads may announce a marriage", "marriage_not_leading")
        if not s[_AVAIL + player] >> card & 1:
            if s[_PLAYED] >> card & 1:
                return IllegalMoveError(f"{code} has already been played", "card_played", card=code)
            return IllegalMoveError(f"{code} is not a face-up card on your piles", "card_not_up", card=code)
        if marriage:
            suit = _SUIT_NAMES[card >> 3]
            message = f"to announce a marriage you need the king and the queen of {suit} face up"
            return IllegalMoveError(message, "marriage_incomplete", suit=SUITS[card >> 3])
        led_suit = s[_LEAD] >> 3
        led = {"suit": SUITS[led_suit], "card": CODES[s[_LEAD]]}
        if s[_AVAIL + player] & SUIT_MASKS[led_suit]:
            higher_of_suit = SUIT_MASKS[led_suit] & ((1 << s[_LEAD]) - 1)  # a lower card number is a higher rank
            if self.rules.must_beat and s[_AVAIL + player] & higher_of_suit:
                message = f"you must follow {_SUIT_NAMES[led_suit]} and beat {CODES[s[_LEAD]]} if you can"
                return IllegalMoveError(message, "must_beat", **led)
            return IllegalMoveError(f"you must follow suit: play {_SUIT_NAMES[led_suit]}", "must_follow", **led)
        message = f"you have no {_SUIT_NAMES[led_suit]}: you must play a trump ({_SUIT_NAMES[self._trump]})"
        return IllegalMoveError(message, "must_trump", trump=SUITS[self._trump], **led)

    def __repr__(self) -> str:
        return f"<Deal dealer={self.dealer} trump={self.trump} moves={' '.join(self._moves) or '-'}>"


def parse_layout(layout: Any) -> Layout:
    """Validate a docs/record-format.md layout (codes, or card numbers) and return it as card numbers."""
    if not isinstance(layout, (list, tuple)) or len(layout) != 2:
        raise InvalidLayoutError("a layout is two tables, one per player")
    tables = []
    seen: set[int] = set()
    for player, table in enumerate(layout):
        if not isinstance(table, (list, tuple)) or len(table) != 8:
            raise InvalidLayoutError(f"player {player}'s table must have 8 piles")
        piles = []
        for index, pile in enumerate(table):
            if not isinstance(pile, (list, tuple)) or len(pile) != 2:
                raise InvalidLayoutError(f"player {player}'s pile {index} must be [face_down, face_up]")
            try:
                down, up = card_of(pile[0]), card_of(pile[1])
            except ValueError as error:
                raise InvalidLayoutError(f"player {player}'s pile {index}: {error}") from None
            for card in (down, up):
                if card in seen:
                    raise InvalidLayoutError(f"{CODES[card]} appears twice in the layout")
                seen.add(card)
            piles.append((down, up))
        tables.append(tuple(piles))
    return tables[0], tables[1]
