"""A club challenge: the same deals for every member, results proved by re-playing them, standings.

- A :class:`Challenge` (name, 1 to :data:`MAX_DEALS` deals, rules, the computer's level, a closing
  date, a seed) fixes every deal: deal ``k`` (0-based) is shuffled by shuffle version 1 from
  :func:`otv66.dealing.match_deal_seed` of the seed, dealt by player ``(seed + k) % 2`` (each member
  deals about half) with the packet plan :func:`otv66.table.computer_plan` gives. The member is
  player 0, the computer player 1.
- An :class:`Attempt` is a member playing it (no hint, no undo): the computer answers at once.
- A :class:`Result` is the challenge, the member's display name and every move of every deal (both
  sides), with the totals he claims. :func:`verify` re-plays it: the challenge's deals, every move
  legal, every computer move the one :func:`computer_choice` makes, each deal finished, the totals
  right; anything else is a :class:`RefusedResultError` subclass whose ``kind`` names the reason.
- :func:`standings` ranks verified results (:data:`TIE_BREAK`); :func:`standings_csv` exports them.
- The closing date is checked against the **device's clock**, the only clock there is without a server:
  :meth:`Challenge.check_open` refuses a new attempt (or going on with one) once the day given is past it, and a
  result carries the day its device says it was finished (:attr:`Result.finished`); a result finished after the
  closing date is refused (:class:`LateResultError`). That day is the member's word, like his clock: a result
  without one (made before results were dated) is accepted as finished in time.
- :class:`ResultCheck` re-plays a result one deal at a time (the page shows progress between deals), each deal
  once; :func:`verify` runs it to the end.

The computer is asked through :func:`computer_choice` alone, so every device and the verifier
compute the same move. Its decision must depend on the position only: the levels in
:data:`CHALLENGE_LEVELS` do (the lower levels' slips come from a seed fixed by the challenge, the
deal and the move number; the expert's search is bounded by its depth, and its time budget is set
far above what that depth takes; the master searches a fixed number of nodes,
:data:`MASTER_NODES`, instead of a time budget, so a slow phone and the verifier play its moves
exactly as a fast desktop does).

>>> challenge = Challenge("Club night", deals=1, level="club", closes="2026-12-31", seed=7)
>>> attempt = Attempt(challenge, "Ana")
>>> while not attempt.is_finished:
...     _ = attempt.play(attempt.legal_moves()[0]) if attempt.deal_in_play else attempt.next_deal()
>>> verify(attempt.result()).name
'Ana'
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Final

from otv66.deal import CLAIM, DEFAULT_RULES, Deal
from otv66.dealing import MAX_SEED, check_seed, match_deal_seed
from otv66.errors import IllegalMoveError, InvalidMatchError, Otv66Error
from otv66.kernel import FALSE_CLAIM_GAME_POINTS
from otv66.levels import MAX_SECONDS
from otv66.match import MAX_NAME_LENGTH, check_player_name
from otv66.rules import Rules
from otv66.table import computer_plan, derived_number, own_view

MAX_DEALS: Final = 12
"""Most deals in one challenge."""
MAX_RESULTS: Final = 100
"""Most results in one standings table (a bound on the re-playing a standings link can ask for)."""
MEMBER: Final = 0
COMPUTER: Final = 1
CHALLENGE_LEVELS: Final = ("beginner", "club", "expert", "master")
"""Levels whose move depends on the position alone (see the module docstring)."""
MASTER_NODES: Final = 4_000
"""The master's node budget per decision in a challenge: deterministic, and small enough that re-playing a
12-deal result in the page's Pyodide stays within seconds (a time-budgeted master is stronger)."""
DEPTH_BOUND_SECONDS: Final = MAX_SECONDS
"""The expert's time budget in a challenge: far above what its depth-2 search takes, so its depth ends it."""
TIE_BREAK: Final = "game points, then deals won, then card points (all higher first); a tie in all three shares a rank"
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class ChallengeError(Otv66Error):
    """Challenge settings that cannot be a challenge (name, number of deals, level, closing date, seed)."""

    kind = "invalid_challenge"


class RefusedResultError(Otv66Error):
    """A result that does not prove itself by re-playing: each subclass's ``kind`` names why."""

    kind = "refused_result"


class WrongDealCountError(RefusedResultError):
    """The result holds more or fewer deals than the challenge."""

    kind = "refused_deal_count"


class IllegalResultMoveError(RefusedResultError):
    """A move of the member that is not legal where the result puts it."""

    kind = "refused_illegal_move"


class ComputerMoveMismatchError(RefusedResultError):
    """A computer move in the result that the computer would not have made."""

    kind = "refused_computer_move"


class UnfinishedDealError(RefusedResultError):
    """A deal of the result that stops before its end, or moves past it."""

    kind = "refused_unfinished_deal"


class LateResultError(RefusedResultError):
    """A result its device says was finished after the challenge's closing date."""

    kind = "refused_late"


class OtherChallengeError(RefusedResultError):
    """A result of another challenge than the one whose standings it is added to."""

    kind = "refused_other_challenge"


class WrongTotalsError(RefusedResultError):
    """Totals that are not what the moves give."""

    kind = "refused_totals"


def check_challenge_name(name: object) -> str:
    """A challenge's name: the same bounds as a player's name (1 to 60 characters, no control character)."""
    try:
        return check_player_name(name)
    except InvalidMatchError:
        raise ChallengeError(
            f"a challenge's name is text of 1 to {MAX_NAME_LENGTH} characters", "challenge_name", max=MAX_NAME_LENGTH
        ) from None


def check_member_name(name: object) -> str:
    """A member's display name: bounded like a player's name."""
    try:
        return check_player_name(name)
    except InvalidMatchError:
        raise ChallengeError(
            f"a display name is text of 1 to {MAX_NAME_LENGTH} characters", "member_name", max=MAX_NAME_LENGTH
        ) from None


class ChallengeClosedError(ChallengeError):
    """The challenge's closing date is past (by the device's clock): no new attempt, no more moves."""

    kind = "challenge_closed"


def is_day(text: object) -> bool:
    """Whether ``text`` is a real calendar day written ``YYYY-MM-DD``."""
    if not isinstance(text, str) or not _DATE.fullmatch(text):
        return False
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


def check_closing_date(closes: object) -> str:
    """A closing date as ``YYYY-MM-DD`` (a real calendar day)."""
    if not is_day(closes):
        raise ChallengeError("the closing date is a day written YYYY-MM-DD", "challenge_closes")
    return str(closes)


def check_deal_count(deals: object) -> int:
    """How many deals a challenge has: 1 to :data:`MAX_DEALS`."""
    if type(deals) is not int or not 1 <= deals <= MAX_DEALS:
        raise ChallengeError(f"a challenge has 1 to {MAX_DEALS} deals", "challenge_deals", max=MAX_DEALS)
    return deals


def form_problems(name: object, deals: object, closes: object) -> list[ChallengeError]:
    """What is wrong with each of an organiser's fields, all at once (a form refused one field per press, the last
    one first): the name, the number of deals, the closing date, in that order; empty when all are fine."""
    problems = []
    for check, value in ((check_challenge_name, name), (check_deal_count, deals), (check_closing_date, closes)):
        try:
            check(value)
        except ChallengeError as error:
            problems.append(error)
    return problems


@dataclass(frozen=True)
class Challenge:
    """What every member plays: the deals (from ``seed``), the rules and the computer's level."""

    name: str
    deals: int
    level: str
    closes: str
    seed: int
    rules: Rules = DEFAULT_RULES

    def __post_init__(self) -> None:
        check_challenge_name(self.name)
        check_deal_count(self.deals)
        if self.level not in CHALLENGE_LEVELS:
            raise ChallengeError(f"a challenge's computer plays at one of: {', '.join(CHALLENGE_LEVELS)}")
        check_closing_date(self.closes)
        try:
            check_seed(self.seed)
        except Otv66Error:
            raise ChallengeError(f"a challenge's seed is a whole number from 0 to {MAX_SEED}") from None
        if not isinstance(self.rules, Rules):
            raise ChallengeError("a challenge's rules are a Rules")

    def check_open(self, today: object) -> None:
        """Refuse to play on after the closing date: ``today`` is the device's day (``YYYY-MM-DD``), its own word.

        The challenge is open through its closing day; :class:`ChallengeClosedError` after it.
        """
        if not is_day(today):
            raise ChallengeError("today is a day written YYYY-MM-DD")
        if str(today) > self.closes:
            raise ChallengeClosedError(
                f"this challenge closed on {self.closes}: it can no longer be played", closes=self.closes
            )

    def dealer(self, index: int) -> int:
        """Who deals deal ``index`` (0-based): the players take turns, from ``seed % 2``."""
        return (self.seed + index) % 2

    def deal(self, index: int) -> Deal:
        """Deal ``index`` (0-based), freshly dealt: the same cards for every member."""
        plan = computer_plan(self.seed, index + 1)
        return Deal.from_seed(match_deal_seed(self.seed, index), self.dealer(index), plan, self.rules)

    def move_seed(self, index: int, ply: int) -> int:
        """The seed of the computer's decision at move ``ply`` of deal ``index``: the lower levels' slips."""
        return derived_number(self.seed, "challenge-move", index, ply)

    def to_dict(self) -> dict[str, Any]:
        """The challenge as plain JSON-able data (what its link carries)."""
        return {
            "name": self.name,
            "deals": self.deals,
            "level": self.level,
            "closes": self.closes,
            "seed": self.seed,
            "rules": self.rules.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Challenge:
        """Read :meth:`to_dict`'s shape; anything else is a :class:`ChallengeError` (rules: their own error)."""
        keys = {"name", "deals", "level", "closes", "seed", "rules"}
        if not isinstance(data, dict) or not keys.issuperset(data) or not keys - {"rules"} <= set(data):
            raise ChallengeError("a challenge has a name, deals, level, closing date and seed (and rules)")
        rules = Rules.from_dict(data.get("rules", {}))
        return cls(data["name"], data["deals"], data["level"], data["closes"], data["seed"], rules)


def computer_choice(challenge: Challenge, deal: Deal, index: int) -> str:
    """The computer's move in ``deal`` (deal ``index`` of ``challenge``): the one place the challenge asks the AI.

    The master gets a node budget, the other levels a time budget their own bounds never reach: either way
    the move depends on the position and the seed alone. The searching levels play version 1 of the search
    (:data:`otv66.ai.SEARCH_V1`), whatever the in-game levels play, so every result link ever made re-plays.
    """
    from otv66 import ai

    view = own_view(deal.view())
    seed = challenge.move_seed(index, len(deal.moves))
    if challenge.level == "master":
        return str(ai.choose_move(view, level="master", nodes=MASTER_NODES, seed=seed, config=ai.SEARCH_V1))
    return str(ai.choose_move(view, level=challenge.level, seconds=DEPTH_BOUND_SECONDS, seed=seed, config=ai.SEARCH_V1))


def computer_acts(deal: Deal) -> bool:
    """Whether the computer acts now: its turn, or its right claim of 66 out of turn after its marriage lead."""
    if deal.is_over:
        return False
    from otv66 import ai

    if deal.claimant == COMPUTER and deal.turn != COMPUTER:
        return bool(ai.can_claim(deal.view(), COMPUTER))
    return deal.turn == COMPUTER


def member_may_play(deal: Deal, move: str) -> bool:
    """Whether the member may make ``move`` now: on his turn, or his claim of 66 before the computer answers."""
    if not deal.is_legal(move):
        return False
    if move == CLAIM:  # only his own: the computer's false claim would score for him
        return deal.claimant == MEMBER
    return deal.turn == MEMBER and not computer_acts(deal)


def computer_replies(challenge: Challenge, deal: Deal, index: int) -> list[str]:
    """Let the computer act until the member is to move or the deal is over; return its moves."""
    moves = []
    while computer_acts(deal):
        move = CLAIM if deal.turn != COMPUTER else computer_choice(challenge, deal, index)
        deal.play(move)
        moves.append(move)
    return moves


@dataclass(frozen=True)
class DealScore:
    """How the member did in one deal."""

    game_points: int
    won: bool
    card_points: int

    @classmethod
    def of(cls, deal: Deal) -> DealScore:
        """The member's score in the finished ``deal``."""
        result = deal.outcome
        if result is None:
            raise UnfinishedDealError("a deal of this result is not finished")
        won = result.winner == MEMBER
        return cls(result.game_points if won else 0, won, deal.card_points(MEMBER))

    def to_dict(self) -> dict[str, Any]:
        return {"game_points": self.game_points, "won": self.won, "card_points": self.card_points}


@dataclass(frozen=True)
class Totals:
    """A member's totals: game points, deals won and card points, summed over the deals."""

    game_points: int
    deals_won: int
    card_points: int

    @classmethod
    def of(cls, scores: Iterable[DealScore]) -> Totals:
        listed = list(scores)
        return cls(sum(s.game_points for s in listed), sum(s.won for s in listed), sum(s.card_points for s in listed))

    def to_list(self) -> list[int]:
        return [self.game_points, self.deals_won, self.card_points]

    def to_dict(self) -> dict[str, int]:
        return {"game_points": self.game_points, "deals_won": self.deals_won, "card_points": self.card_points}

    def sort_key(self) -> tuple[int, int, int]:
        """Higher is better, in :data:`TIE_BREAK`'s order."""
        return self.game_points, self.deals_won, self.card_points


@dataclass(frozen=True)
class Result:
    """A member's result as it travels: the challenge, his name, every move of every deal, the totals he claims.

    ``finished`` is the day (``YYYY-MM-DD``) his device said the last deal ended, or ``None`` in a result made
    before results were dated.
    """

    challenge: Challenge
    name: str
    moves: tuple[tuple[str, ...], ...]
    totals: Totals
    finished: str | None = None


@dataclass(frozen=True)
class VerifiedResult:
    """A result that re-played exactly: its name, totals and each deal's score."""

    name: str
    totals: Totals
    deals: tuple[DealScore, ...]
    result: Result = field(repr=False)

    def to_dict(self) -> dict[str, Any]:
        """Name, totals and each deal's score, for the page."""
        return {"name": self.name, **self.totals.to_dict(), "deals": [score.to_dict() for score in self.deals]}


def replay_deal(challenge: Challenge, index: int, moves: Sequence[str]) -> DealScore:
    """Re-play deal ``index`` of ``challenge`` by ``moves``; its score, or the typed refusal naming what is wrong."""
    deal = challenge.deal(index)
    number = index + 1
    for ply, move in enumerate(moves, start=1):
        if deal.is_over:
            raise UnfinishedDealError(f"deal {number} goes on after its end", "deal_past_end", deal=number)
        if computer_acts(deal) and not (move == CLAIM and member_may_play(deal, move)):
            expected = CLAIM if deal.turn != COMPUTER else computer_choice(challenge, deal, index)
            if move != expected:
                raise ComputerMoveMismatchError(
                    f"deal {number}, move {ply}: the computer would not play that", deal=number, move=ply
                )
        elif not member_may_play(deal, move):
            raise IllegalResultMoveError(f"deal {number}, move {ply}: not a legal move", deal=number, move=ply)
        deal.play(move)
    if not deal.is_over:
        raise UnfinishedDealError(f"deal {number} is not finished", "deal_unfinished", deal=number)
    return DealScore.of(deal)


class ResultCheck:
    """Verifying one result a deal at a time, each deal re-played once (the page shows progress in between).

    The cheap checks (number of deals, finishing day) come first: a result that fails them is refused at once.
    """

    def __init__(self, result: Result) -> None:
        challenge = result.challenge
        if len(result.moves) != challenge.deals:
            raise WrongDealCountError(
                f"this result has {len(result.moves)} deals, the challenge {challenge.deals}",
                has=len(result.moves),
                deals=challenge.deals,
            )
        if result.finished is not None and result.finished > challenge.closes:
            raise LateResultError(
                f"this result was finished on {result.finished}, after the closing date {challenge.closes}",
                finished=result.finished,
                closes=challenge.closes,
            )
        self.result = result
        self.scores: list[DealScore] = []

    def deal_score(self, number: int) -> DealScore:
        """The score of deal ``number`` (1-based), re-playing the deals up to it that are not re-played yet."""
        while len(self.scores) < number:
            index = len(self.scores)
            self.scores.append(replay_deal(self.result.challenge, index, self.result.moves[index]))
        return self.scores[number - 1]

    def verified(self) -> VerifiedResult:
        """The whole result verified (the deals not re-played yet are re-played now), or its refusal."""
        self.deal_score(len(self.result.moves))
        totals = Totals.of(self.scores)
        if totals != self.result.totals:
            raise WrongTotalsError("the totals of this result are not what its moves give")
        return VerifiedResult(self.result.name, totals, tuple(self.scores), self.result)


def verify(result: Result) -> VerifiedResult:
    """Re-play every deal of ``result``; the verified result, or a :class:`RefusedResultError` naming the reason."""
    return ResultCheck(result).verified()


def _not_replayed(index: int, replayed: Sequence[str], saved: Sequence[str]) -> IllegalResultMoveError:
    """The refusal of saved progress whose deal ``index`` does not re-play, naming the deal and the first saved move
    that differs from the re-play (the page says "Deal 2, move 7: that move is not allowed")."""
    differ = (ply for ply, (again, kept) in enumerate(zip(replayed, saved, strict=False), start=1) if again != kept)
    move = next(differ, min(len(replayed), len(saved)) + 1)
    return IllegalResultMoveError(
        f"deal {index + 1}, move {move} of the saved progress does not re-play", deal=index + 1, move=move
    )


class Attempt:
    """A member playing a challenge, deal after deal: the computer answers at once; no hint, no undo."""

    def __init__(self, challenge: Challenge, name: str) -> None:
        self.challenge = challenge
        self.name = check_member_name(name)
        self.deals: list[Deal] = []

    @classmethod
    def resume(cls, challenge: Challenge, name: str, moves: Sequence[Sequence[str]]) -> Attempt:
        """The attempt after ``moves`` (saved progress): each deal re-played, refused like a result if it is not."""
        attempt = cls(challenge, name)
        if len(moves) > challenge.deals:
            raise WrongDealCountError("the saved progress has more deals than the challenge")
        for index, deal_moves in enumerate(moves):
            if index and not attempt.deals[-1].is_over:
                raise UnfinishedDealError(f"deal {index} of the saved progress is not finished")
            deal = attempt.next_deal()
            while len(deal.moves) < len(deal_moves):
                move = deal_moves[len(deal.moves)]
                if deal.moves != list(deal_moves[: len(deal.moves)]) or not member_may_play(deal, move):
                    raise _not_replayed(index, deal.moves, deal_moves)
                attempt.play(move)
            if deal.moves[: len(deal_moves)] != list(deal_moves):
                raise _not_replayed(index, deal.moves, deal_moves)
        return attempt

    @property
    def deal_in_play(self) -> Deal | None:
        """The deal being played, or ``None`` between deals."""
        if self.deals and not self.deals[-1].is_over:
            return self.deals[-1]
        return None

    @property
    def is_finished(self) -> bool:
        """Whether every deal is played to its end."""
        return len(self.deals) == self.challenge.deals and self.deal_in_play is None

    def next_deal(self) -> Deal:
        """Deal the next deal (the computer moves first if it is to); raise between no deals."""
        if self.deal_in_play is not None:
            raise IllegalMoveError("finish the current deal first")
        if self.is_finished:
            raise IllegalMoveError("every deal of the challenge is played")
        deal = self.challenge.deal(len(self.deals))
        self.deals.append(deal)
        computer_replies(self.challenge, deal, len(self.deals) - 1)
        return deal

    def legal_moves(self) -> list[str]:
        """What the member may play now."""
        deal = self.deal_in_play
        return [] if deal is None else [m for m in deal.legal_moves() if member_may_play(deal, m)]

    def play(self, move: str) -> list[str]:
        """Make the member's ``move``; return the computer's moves that answered it."""
        deal = self.deal_in_play
        if deal is None:
            raise IllegalMoveError("no deal is in play")
        if not isinstance(move, str) or not member_may_play(deal, move):
            raise IllegalMoveError(f"{move!r:.12} is not a move you can make now")
        deal.play(move)
        return computer_replies(self.challenge, deal, len(self.deals) - 1)

    def scores(self) -> list[DealScore]:
        """The member's score in each finished deal."""
        return [DealScore.of(deal) for deal in self.deals if deal.is_over]

    def to_dict(self) -> dict[str, Any]:
        """The attempt for the page: the deal in play (or the last one) as a public view, scores, progress.

        ``moves`` (every move so far, per deal) is the progress to save: :meth:`resume` takes it back. ``false_claim``
        is what a claim below 66 gives the computer, as :meth:`otv66.match.Match.false_claim_risk` says it (each deal
        stands alone: no draw bonus, no match to end).
        """
        deal = self.deals[-1] if self.deals else None
        return {
            "name": self.name,
            "number": len(self.deals),
            "deals": self.challenge.deals,
            "deal": None if deal is None else deal.view().to_dict(),
            "legal_moves": self.legal_moves(),
            "scores": [score.to_dict() for score in self.scores()],
            "totals": Totals.of(self.scores()).to_dict(),
            "finished": self.is_finished,
            "moves": [list(deal.moves) for deal in self.deals],
            "false_claim": {"award": FALSE_CLAIM_GAME_POINTS, "ends_match": [False, False]},
        }

    def result(self, finished: str | None = None) -> Result:
        """The result of the finished attempt, dated ``finished`` (the device's day, ``YYYY-MM-DD``) when given."""
        if not self.is_finished:
            raise IllegalMoveError("the challenge is not finished yet")
        if finished is not None and not is_day(finished):
            raise ChallengeError("the finishing day is written YYYY-MM-DD")
        moves = tuple(tuple(deal.moves) for deal in self.deals)
        return Result(self.challenge, self.name, moves, Totals.of(self.scores()), finished)


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings: its rank (shared by a full tie) and the verified result."""

    rank: int
    entry: VerifiedResult

    def to_dict(self) -> dict[str, Any]:
        return {"rank": self.rank, **self.entry.to_dict()}


def check_same_challenge(challenge: Challenge, result: Result) -> Result:
    """``result`` if it is a result of ``challenge``, else :class:`OtherChallengeError`."""
    if result.challenge != challenge:
        raise OtherChallengeError(
            f"this is a result of another challenge, not of {challenge.name!r}", challenge=challenge.name
        )
    return result


def standings(results: Iterable[VerifiedResult]) -> list[StandingRow]:
    """Rank verified results by :data:`TIE_BREAK`; full ties share a rank and are listed by name.

    The same result given twice (same name and moves) is counted once.
    """
    unique: dict[tuple[str, tuple[tuple[str, ...], ...]], VerifiedResult] = {}
    for entry in results:
        unique.setdefault((entry.name, entry.result.moves), entry)
    ordered = sorted(unique.values(), key=lambda e: (tuple(-x for x in e.totals.sort_key()), e.name.casefold()))
    rows: list[StandingRow] = []
    for position, entry in enumerate(ordered, start=1):
        tied = rows and rows[-1].entry.totals.sort_key() == entry.totals.sort_key()
        rows.append(StandingRow(rows[-1].rank if tied else position, entry))
    return rows


def repeated_names(rows: Sequence[StandingRow]) -> list[tuple[str, list[int]]]:
    """The names that stand in ``rows`` more than once, each with the ranks it holds, in the order of the table.

    A member may play a challenge again on another device (one attempt per device), and each result is valid: which
    one counts is the organiser's call, so the standings point such a name out rather than drop a result. Names are
    compared as people read them: the same letters whatever their case, spaces around them not counted.
    """
    ranks: dict[str, list[int]] = {}
    shown: dict[str, str] = {}
    for row in rows:
        key = row.entry.name.strip().casefold()
        ranks.setdefault(key, []).append(row.rank)
        shown.setdefault(key, row.entry.name)
    return [(shown[key], held) for key, held in ranks.items() if len(held) > 1]


CSV_HEADER: Final = ("rank", "name", "game_points", "deals_won", "card_points")
CSV_DEAL_COLUMN: Final = "deal_{n}"
"""The name of each deal's column, ``{n}`` its number (1-based)."""
CSV_SEPARATORS: Final = (",", ";", "\t")
"""Separators a CSV may use: ``;`` is the list separator of a spreadsheet set to Serbian (and most of Europe)."""


def standings_csv(
    rows: Sequence[StandingRow],
    separator: str = ",",
    header: Sequence[str] = CSV_HEADER,
    deal_column: str = CSV_DEAL_COLUMN,
) -> str:
    """The standings as CSV: ``header``, then each deal's game points (columns ``deal_column``, ``{n}`` numbered).

    ``separator`` (one of :data:`CSV_SEPARATORS`) and the column names (as many as :data:`CSV_HEADER`) let a page
    write the file its reader's spreadsheet opens in his language; the defaults are the CSV's contract for programs.
    """
    deals = max((len(row.entry.deals) for row in rows), default=0)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=separator, lineterminator="\r\n")
    columns = [*header, *(deal_column.replace("{n}", str(n)) for n in range(1, deals + 1))]
    writer.writerow([_text_cell(name) for name in columns])
    for row in rows:
        per_deal = [score.game_points for score in row.entry.deals]
        writer.writerow([row.rank, _text_cell(row.entry.name), *row.entry.totals.to_list(), *per_deal])
    return out.getvalue()


def _text_cell(text: str) -> str:
    """``text`` as a CSV cell a spreadsheet cannot take for a formula (a name may start with ``=``)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
