"""A second, deliberately plain reading of docs/rules.md, to check the engine against.

The engine is built for speed (bitmasks, one flat state list, incremental scores). The
referee is built to be read next to docs/rules.md: piles are lists of card codes, legal moves
are list comprehensions that follow the numbered rules of section 4, and a score is
recomputed from scratch each time it is asked for. Tests replay the same moves through both
and require the same legal moves, scores and result at every step.
"""

from __future__ import annotations

from otv66 import Rules

RANKS = "ATKQJ987"  # strongest first
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def beats(card: str, other: str, trump: str) -> bool:
    """Whether ``card``, played after ``other`` was led, wins the trick (docs/rules.md 4, last point)."""
    if card[1] == other[1]:
        return RANKS.index(card[0]) < RANKS.index(other[0])
    return card[1] == trump


class Referee:
    """One deal, replayed move by move the way docs/rules.md tells it."""

    def __init__(self, layout: list[list[list[str]]], dealer: int, rules: Rules) -> None:
        self.rules = rules
        self.piles = [[list(pile) for pile in layout[player]] for player in (0, 1)]  # [face_down, face_up], top last
        self.trump = layout[dealer][7][1][1]
        self.turn = 1 - dealer
        self.led: str | None = None
        self.card_points = [0, 0]
        self.tricks = [0, 0]
        self.announced: list[tuple[int, int]] = []  # (player, points)
        self.tricks_played = 0
        self.last_winner: int | None = None
        self.claimant: int | None = None
        self.result: dict[str, object] | None = None

    def available(self, player: int) -> list[str]:
        """The face-up cards on top of the player's piles."""
        return [pile[-1] for pile in self.piles[player] if pile]

    def legal_moves(self) -> list[str]:
        if self.result is not None:
            return []
        cards = self.available(self.turn)
        if self.led is None:
            moves = list(cards)
            for suit in "SHDC":
                if "K" + suit in cards and "Q" + suit in cards:
                    moves += ["K" + suit + "m", "Q" + suit + "m"]
        else:
            of_suit = [card for card in cards if card[1] == self.led[1]]
            trumps = [card for card in cards if card[1] == self.trump]
            if of_suit:
                winning = [card for card in of_suit if beats(card, self.led, self.trump)]
                moves = winning if self.rules.must_beat and winning else of_suit
            else:
                moves = trumps or cards
        if self.claimant is not None:
            moves.append("66")
        return moves

    def score(self, player: int) -> int:
        marriages = sum(points for who, points in self.announced if who == player) if self.tricks[player] else 0
        last = 10 if self.tricks_played == 16 and self.last_winner == player else 0
        return self.card_points[player] + marriages + last

    def play(self, move: str) -> None:
        if move not in self.legal_moves():
            raise ValueError(f"the referee finds {move} illegal")
        if move == "66":
            claimant = self.claimant
            assert claimant is not None
            if self.score(claimant) >= 66:
                self._end(claimant, "reached_66")
            else:
                self._end(1 - claimant, "false_claim")
            return
        self.claimant = None
        card = move[:2]
        player = self.turn
        for pile in self.piles[player]:
            if pile and pile[-1] == card:
                pile.pop()  # the card under it is now on top, face up
        if self.led is None:
            self.led = card
            self.turn = 1 - player
            if move.endswith("m"):
                self.announced.append((player, 40 if card[1] == self.trump else 20))
                if self.rules.claim == "manual":
                    self.claimant = player
                elif self.score(player) >= 66:
                    self._end(player, "reached_66")
            return
        winner = player if beats(card, self.led, self.trump) else 1 - player
        self.card_points[winner] += POINTS[card[0]] + POINTS[self.led[0]]
        self.tricks[winner] += 1
        self.tricks_played += 1
        self.last_winner = winner
        self.led = None
        self.turn = winner
        if self.rules.claim == "auto" and self.score(winner) >= 66:
            self._end(winner, "reached_66")
        elif self.tricks_played == 16:
            scores = [self.score(0), self.score(1)]
            if scores[0] == scores[1]:
                self._end(None, "draw")
            else:
                self._end(scores.index(max(scores)), "played_out")
        elif self.rules.claim == "manual":
            self.claimant = winner

    def _end(self, winner: int | None, reason: str) -> None:
        scores = [self.score(0), self.score(1)]
        if winner is None:
            points = 0
        elif reason == "false_claim":
            points = 2
        elif self.tricks[1 - winner] == 0:
            points = 3
        elif scores[1 - winner] < 33:
            points = 2
        else:
            points = 1
        self.claimant = None
        self.result = {
            "winner": winner,
            "game_points": points,
            "scores": scores,
            "tricks": list(self.tricks),
            "reason": reason,
        }
