"""One match at the table: who sits where, what happens next, and the computer's part in it.

A :class:`Table` wraps a :class:`~otv66.match.Match` with its two seats (a person, or
the computer at a level) and drives it the same way for every front: the terminal
(:mod:`otv66.cli`) and the page (through :mod:`otv66.bridge`) only show what it says
and pass on what the people choose.

- :attr:`Table.phase` says what happens next: a person or the computer deals the next
  deal, a person or the computer moves, or the match is over.
- The computer chooses its packet plan when it deals and its moves; both are
  reproducible from the table's seed (:func:`computer_plan`, :meth:`Table.move_seed`).
- Under manual claim the computer claims 66 right after its own marriage lead, before
  the opponent answers, exactly when the claim is right (docs/rules.md 8).
- :meth:`Table.undo` takes back moves up to and including the last one a *person*
  made, so the computer's answers go with it; :attr:`Table.undo_count` counts presses,
  and :attr:`Table.hint_count` the hints a person asked for (:meth:`Table.hint`). A record
  keeps both (:meth:`Table.record_extras`, :meth:`Table.take_counts`).

The computer opponent (:mod:`otv66.ai`) is imported only when the computer first has
to think: the page's engine starts faster without it.

>>> table = Table.new(seed=3, opponent="human")
>>> table.phase
'human_deals'
>>> deal = table.next_deal()
>>> table.phase
'human_moves'
>>> first = deal.legal_moves()[0]
>>> table.play(first)
>>> [move for _, move in table.undo()] == [first], table.undo_count
(True, 1)
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final, Literal

from otv66.deal import CLAIM, Deal
from otv66.dealing import MAX_SEED, PACKET_SIZES, PILES, check_packets, check_player, check_seed
from otv66.errors import IllegalMoveError, InvalidMatchError
from otv66.levels import DEFAULT_LEVEL, LEVELS, check_level, check_seconds
from otv66.match import DEFAULT_PLAYERS, Match
from otv66.rules import Rules

if TYPE_CHECKING:
    from otv66.view import PublicView

Opponent = Literal["computer", "human"]
"""Who sits opposite player 0: the computer (player 1) or a second person (hot-seat)."""
Phase = Literal["human_deals", "computer_deals", "human_moves", "computer_moves", "match_over"]
"""What the table waits for now.

- ``human_deals`` / ``computer_deals``: no deal is in progress (the match has not started
  or the last deal is over) and that seat deals the next one (:meth:`Table.next_deal`);
- ``human_moves``: a person is to move (:meth:`Table.play`);
- ``computer_moves``: the computer is to move, or to claim 66 (:meth:`Table.computer_move`);
- ``match_over``: a player has reached the target.
"""

OPPONENTS: Final[tuple[Opponent, ...]] = ("computer", "human")
HUMAN_NAME: Final = "Player"
"""Player 0's name in a match against the computer."""
DEFAULT_PACKETS: Final = (4, 4)
"""A person's packet plan unless he chooses another."""


def computer_name(level: str) -> str:
    """The computer's name in records: ``"Computer (expert)"``."""
    return f"Computer ({level})"


def default_names(opponent: Opponent, level: str) -> tuple[str, str]:
    """The players' names when none are given: two people, or a person and the computer at ``level``."""
    return DEFAULT_PLAYERS if opponent == "human" else (HUMAN_NAME, computer_name(level))


def packet_plans(total: int = PILES) -> list[tuple[int, ...]]:
    """Every packet plan (docs/rules.md 2): sizes 1, 2 or 4 adding up to ``total``, in a fixed order."""
    if total == 0:
        return [()]
    return [(size, *rest) for size in PACKET_SIZES if size <= total for rest in packet_plans(total - size)]


COMPUTER_PLANS: Final = tuple(packet_plans())
"""The plans the computer chooses from when it deals: every legal one."""


def derived_number(seed: int, *parts: object) -> int:
    """A number in 0..MAX_SEED fixed by ``seed`` and ``parts`` (SHA-256, the same in CPython and Pyodide)."""
    text = ":".join(["otv66-table/1", str(seed), *map(str, parts)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:6], "big")


def computer_plan(seed: int, deal_number: int) -> tuple[int, ...]:
    """The packet plan the computer deals deal number ``deal_number`` (1-based) with, for a table's ``seed``."""
    return COMPUTER_PLANS[derived_number(seed, "plan", deal_number) % len(COMPUTER_PLANS)]


def _ai() -> Any:
    """The computer opponent's module, imported on first use."""
    from otv66 import ai

    return ai


def levels() -> tuple[str, ...]:
    """The computer's levels, weakest first (:mod:`otv66.levels`: the AI itself is not loaded)."""
    return LEVELS


def default_level() -> str:
    """The level the computer plays at unless told otherwise."""
    return DEFAULT_LEVEL


def _count(value: object) -> int:
    """``value`` if it is a whole number from 0 (not a bool), else 0: a count read from a record."""
    return value if type(value) is int and value >= 0 else 0


def check_opponent(opponent: object) -> Opponent:
    """Return ``opponent`` if it is ``"computer"`` or ``"human"``, else raise."""
    for known in OPPONENTS:
        if opponent == known and isinstance(opponent, str):
            return known
    raise InvalidMatchError(f"the opponent is 'computer' or 'human', not {opponent!r:.40}")


@dataclass(frozen=True)
class Seat:
    """One side of the table: its name, and the computer's level (``None`` for a person)."""

    name: str
    level: str | None = None

    @property
    def is_human(self) -> bool:
        """Whether a person sits here (a computer's seat has a level)."""
        return self.level is None

    def to_dict(self) -> dict[str, Any]:
        """``{"name", "human", "level"}`` for the bridge."""
        return {"name": self.name, "human": self.is_human, "level": self.level}


class Table:
    """A match and its two seats, driven one decision at a time (see the module docstring)."""

    def __init__(
        self,
        match: Match,
        opponent: Opponent = "computer",
        level: str | None = None,
        seed: int | None = None,
        seconds: float | None = None,
    ) -> None:
        """Seat player 0 (a person) and player 1 (``opponent``) at ``match``, which may be under way.

        ``seed`` fixes the computer's packet plans and the slips of its lower levels (by
        default the match's seed, or a fresh one); ``seconds`` is its thinking time per
        decision (``None``: the level's own).
        """
        if match.resigned and not match.is_over:
            # A deal is resigned only in a match against a friend by links (docs/rules.md 6.5), played on there.
            raise InvalidMatchError("a match with a resigned deal goes on only where it is played, by links")
        self.match = match
        self.opponent = check_opponent(opponent)
        self.level = None if opponent == "human" else check_level(level if level is not None else default_level())
        self.seats = (Seat(match.players[0]), Seat(match.players[1], self.level))
        if seed is None:
            seed = match.seed if match.seed is not None else secrets.randbelow(MAX_SEED + 1)
        self.seed = check_seed(seed)
        self.seconds = check_seconds(seconds)
        self.undo_count = 0
        self.hint_count = 0
        self._hint_analyses: dict[tuple[int, tuple[str, ...]], dict[str, Any]] = {}

    @classmethod
    def new(
        cls,
        rules: Rules | None = None,
        opponent: Opponent = "computer",
        level: str | None = None,
        players: Sequence[str] | None = None,
        seed: int | None = None,
        first_dealer: int | None = None,
        seconds: float | None = None,
    ) -> Table:
        """A new match at a new table; missing names are :func:`default_names`.

        Without ``first_dealer`` it is drawn as :class:`~otv66.match.Match` draws it.
        """
        opponent = check_opponent(opponent)
        if opponent == "computer":
            level = check_level(level if level is not None else default_level())
        if players is None:
            players = default_names(opponent, level or "")
        match = Match(rules, first_dealer, players, seed=seed)
        return cls(match, opponent, level, seconds=seconds)

    # ------------------------------------------------------------------ what happens next

    def is_human(self, player: int) -> bool:
        """Whether ``player`` (0 or 1) is a person."""
        return self.seats[check_player(player)].is_human

    @property
    def deal(self) -> Deal | None:
        """The current (last) deal, or ``None`` before the first."""
        return self.match.deal

    @property
    def phase(self) -> Phase:
        """What the table waits for now (:data:`Phase`)."""
        match = self.match
        if match.is_over:
            return "match_over"
        deal = match.deal
        if deal is None or deal.is_over:
            return "human_deals" if self.is_human(match.next_dealer) else "computer_deals"
        if self._computer_claim(deal):
            return "computer_moves"
        turn = deal.turn if deal.turn is not None else 0
        return "human_moves" if self.is_human(turn) else "computer_moves"

    @property
    def claim_offer(self) -> int | None:
        """A person who may claim 66 now although the opponent is to answer (after his marriage lead), to be asked
        before the answer (the page and the terminal ask him).

        Not before he has won a trick: his marriage's points wait for it (docs/rules.md 5), so his claim could only
        be false, and the question would be a trap. He may still make it (``"66"`` stays a legal move).
        """
        deal = self.deal
        if deal is None or deal.claimant is None or deal.claimant == deal.turn:
            return None
        claimant = deal.claimant
        return claimant if self.is_human(claimant) and deal.tricks_won(claimant) > 0 else None

    @property
    def last_trick(self) -> tuple[int, list[tuple[int, str]]] | None:
        """``(winner, [(player, card), (player, card)])`` of the current deal's last complete trick."""
        deal = self.deal
        return None if deal is None else deal.last_trick

    def _computer_claim(self, deal: Deal) -> bool:
        """Whether the computer, out of turn after its own marriage lead, claims 66 now (it is never wrong)."""
        claimant = deal.claimant
        if claimant is None or claimant == deal.turn or self.is_human(claimant):
            return False
        return bool(_ai().can_claim(deal.view(), claimant))

    # ------------------------------------------------------------------ deals

    def next_deal(self, packets: Sequence[int] | None = None, seed: int | None = None) -> Deal:
        """Deal the next deal: with ``packets``, or the dealer's own plan when it is not given.

        The computer's own plan is :func:`computer_plan`; a person's is :data:`DEFAULT_PACKETS`.
        ``seed`` fixes the shuffle (a shared deal); otherwise the match chooses it.
        Raises :class:`IllegalMoveError` while a deal is in progress or after the match.
        """
        phase = self.phase
        if phase not in ("human_deals", "computer_deals"):
            raise IllegalMoveError("finish the current deal first" if phase != "match_over" else "the match is over")
        if packets is None:
            number = len(self.match.deals) + 1
            packets = DEFAULT_PACKETS if phase == "human_deals" else computer_plan(self.seed, number)
        return self.match.new_deal(seed=seed, packets=check_packets(packets))

    # ------------------------------------------------------------------ moves

    def play(self, move: str) -> None:
        """Make a person's ``move``: a card when a person is to move, or a person's claim of 66.

        Raises :class:`IllegalMoveError` if it is illegal, or if it is the computer's to make.
        """
        deal = self._deal_in_play()
        if move == CLAIM and deal.claimant is not None:
            # Out of turn after a marriage lead, the claim is the leader's: a person may not make the computer's.
            if not self.is_human(deal.claimant):
                raise IllegalMoveError("the claim of 66 is the computer's to make, not a person's")
        elif self.phase != "human_moves":
            raise IllegalMoveError("it is the computer's turn: it makes its own move")
        deal.play(move)

    def computer_move(self, nodes: int | None = None, memory: Any = None) -> tuple[int, str]:
        """Make the computer's move now (its claim of 66, or its card); return ``(player, move)``.

        ``nodes`` and ``memory`` go to :func:`otv66.ai.choose_move` (a node budget; pondering's table).
        """
        deal = self._deal_in_play()
        if self.phase != "computer_moves":
            raise IllegalMoveError("it is a person's turn: the computer waits")
        if self._computer_claim(deal):
            claimant = deal.claimant if deal.claimant is not None else 0
            deal.play(CLAIM)
            return claimant, CLAIM
        player = deal.turn if deal.turn is not None else 0
        move = self.suggest(self.level, self.seconds, nodes=nodes, memory=memory)
        deal.play(move)
        return player, move

    def suggest(
        self, level: str | None = None, seconds: float | None = None, nodes: int | None = None, memory: Any = None
    ) -> str:
        """The move ``level`` (default: the strongest) would make for the player to move; nothing is played.

        A claim that belongs to the other player (after his marriage lead) is not offered;
        the search knows the match score; lower levels' slips are fixed by :meth:`move_seed`.
        """
        deal = self._deal_in_play()
        ai = _ai()
        chosen = check_level(level if level is not None else ai.LEVELS[-1])
        view = own_view(deal.view())
        player = view.turn if view.turn is not None else 0
        points = self.match.game_points
        move: str = ai.choose_move(
            view,
            level=chosen,
            seconds=check_seconds(seconds),
            seed=self.move_seed(),
            match_score=(points[player], points[1 - player], self.match.rules.target, self.match.draw_bonus_pending),
            nodes=nodes,
            memory=memory,
        )
        return move

    def hint(self, seconds: float | None = None) -> str:
        """The best move for the person to move, counted in :attr:`hint_count` (a match won with hints is told apart
        in the history).

        Chosen by :func:`otv66.ai.analyse`, the measure of the deal's review (expected game points), and kept with
        its analysis (:meth:`hint_analyses`): the review rates the hinted position with the very numbers the hint
        came from. A hint chosen otherwise (the master's move, by the match's equity and a longer search) was now and
        then marked an inaccuracy by the review of the deal it was followed in.
        """
        deal = self._deal_in_play()
        analysis = _ai().analyse(own_view(deal.view()), seconds=check_seconds(seconds))
        self._hint_analyses[(len(self.match.deals) - 1, tuple(deal.moves))] = analysis
        self.hint_count += 1
        move: str = analysis["best"]
        return move

    def hint_analyses(self, index: int) -> dict[tuple[str, ...], dict[str, Any]]:
        """The analyses behind the hints given in deal ``index`` (0-based) of this visit, by the moves before each."""
        return {moves: analysis for (deal, moves), analysis in self._hint_analyses.items() if deal == index}

    def record_extras(self) -> dict[str, Any]:
        """The table's own keys in the match's record (docs/record-format.md): who sits opposite, the computer's
        level, and how often a person took moves back or asked for a hint."""
        level = {} if self.level is None else {"level": self.level}
        return {"opponent": self.opponent, **level, "undo_count": self.undo_count, "hint_count": self.hint_count}

    def take_counts(self, record: Mapping[str, Any]) -> None:
        """Take the undo and hint counts a record kept (one missing, or not a whole number from 0, counts 0)."""
        self.undo_count = _count(record.get("undo_count"))
        self.hint_count = _count(record.get("hint_count"))

    def move_seed(self) -> int:
        """The seed of the computer's decision now: fixed by the table's seed, the deal and the move number."""
        deal = self._deal_in_play()
        return derived_number(self.seed, "move", len(self.match.deals), len(deal.moves))

    def set_level(self, level: str) -> None:
        """Let the computer play on at ``level`` (its name in the match stays as it was)."""
        if self.opponent != "computer":
            raise InvalidMatchError("there is no computer at this table")
        self.level = check_level(level)
        self.seats = (self.seats[0], replace(self.seats[1], level=self.level))

    # ------------------------------------------------------------------ undo

    @property
    def can_undo(self) -> bool:
        """Whether the deal in play holds a move made by a person (:meth:`undo` would take it back)."""
        return bool(self._moves_to_undo())

    def undo(self) -> list[tuple[int, str]]:
        """Take back moves up to and including the last one a person made; count one press.

        Returns the moves taken back as ``(player, move)``, the last one first (the person's
        own move is the last of the list). Raises :class:`IllegalMoveError` if the deal in
        play holds no move of a person; a finished deal stands (its result is given).
        """
        deal = self._deal_in_play()
        steps = self._moves_to_undo()
        if not steps:
            raise IllegalMoveError("there is no move of a person to take back in this deal")
        for _ in steps:
            deal.undo()
        self.undo_count += 1
        return steps

    def _moves_to_undo(self) -> list[tuple[int, str]]:
        """The moves :meth:`undo` would take back (``[]`` when no person has moved in the deal in play)."""
        if self.deal is None or self.deal.is_over:
            return []
        deal = self.deal.copy()
        taken: list[tuple[int, str]] = []
        while deal.moves:
            move = deal.undo()
            player = mover(deal, move)
            taken.append((player, move))
            if self.is_human(player):
                return taken
        return []

    # ------------------------------------------------------------------ helpers

    def _deal_in_play(self) -> Deal:
        deal = self.deal
        if deal is None:
            raise IllegalMoveError("no deal is in progress: deal first")
        if deal.is_over:
            raise IllegalMoveError("the deal is over: no more moves")
        return deal

    def __repr__(self) -> str:
        return f"<Table {self.opponent} {self.level or ''} phase={self.phase} {self.match!r}>"


def mover(before: Deal, move: str) -> int:
    """Who made ``move`` in the position ``before`` it: the claimant for a claim, else the player to move."""
    if move == CLAIM and before.claimant is not None:
        return before.claimant
    return before.turn if before.turn is not None else 0


def own_view(view: PublicView) -> PublicView:
    """The view as the player to move sees his options: a claim that belongs to the other player is not his."""
    if view.claimant is None or view.claimant == view.turn:
        return view
    moves = tuple(move for move in view.legal_moves if move != CLAIM)
    return replace(view, legal_moves=moves, claimant=None)
