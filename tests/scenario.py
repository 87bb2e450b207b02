"""Readable deals for the tests: write the cards that matter, the rest of the deck is filled in.

A test pins one rule, so it should show only the cards that rule is about. ``build_layout``
takes each player's face-up cards (piles 0..7, left to right) and, if they matter, the
face-down cards under them, as space-separated card codes; ``.`` (or a short list) leaves a
place to the filler. The filler uses the cards nobody named, weakest first
(all 7s, then 8s, 9s, J, Q, K, 10, A; spades before hearts, diamonds, clubs), face-up
places before face-down ones, player 0 before player 1, pile 0 before pile 7, so the same
spec always gives the same layout. ``trump`` puts the weakest unnamed card of that suit on
the dealer's pile 7 face up (docs/rules.md 2: that card fixes trump).

The default dealer is player 1, so player 0 leads the first trick.

>>> layout = build_layout("AH TH", "7H", trump="C")
>>> layout[0][0], layout[0][1], layout[1][0]
(['JD', 'AH'], ['JC', 'TH'], ['KD', '7H'])
>>> layout[1][7][1]
'7C'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from hypothesis import strategies as st

from otv66 import CLAIM, Deal, Rules
from otv66.cards import CODES
from otv66.deal import WIN_SCORE
from otv66.dealing import MAX_SEED

FILL_ORDER = tuple(rank + suit for rank in "789JQKTA" for suit in "SHDC")
"""The filler's order: the cards least likely to matter to a test come first."""

FILL = "."


def _places(spec: str) -> list[str]:
    tokens = spec.split()
    if len(tokens) > 8:
        raise ValueError(f"a table has 8 piles, not {len(tokens)}: {spec!r}")
    return tokens + [FILL] * (8 - len(tokens))


def build_layout(
    up0: str = "",
    up1: str = "",
    down0: str = "",
    down1: str = "",
    *,
    dealer: int = 1,
    trump: str | None = None,
) -> list[list[list[str]]]:
    """Return a docs/record-format.md layout (``layout[p][i] == [face_down, face_up]``) from a readable spec."""
    up = [_places(up0), _places(up1)]
    down = [_places(down0), _places(down1)]
    named = [code for table in up + down for code in table if code != FILL]
    unknown = [code for code in named if code not in CODES]
    if unknown or len(set(named)) != len(named):
        raise ValueError(f"bad or repeated card codes in the spec: {named}")
    spare = [code for code in FILL_ORDER if code not in named]
    if trump is not None:
        if up[dealer][7] == FILL:
            up[dealer][7] = next(code for code in spare if code[1] == trump)
            spare.remove(up[dealer][7])
        elif up[dealer][7][1] != trump:
            raise ValueError(f"the dealer's pile 7 shows {up[dealer][7]}, which does not make {trump} trump")
    for table in up + down:
        for index, code in enumerate(table):
            if code == FILL:
                table[index] = spare.pop(0)
    return [[[down[p][i], up[p][i]] for i in range(8)] for p in (0, 1)]


def make_deal(
    up0: str = "",
    up1: str = "",
    down0: str = "",
    down1: str = "",
    *,
    dealer: int = 1,
    trump: str | None = None,
    **rules: object,
) -> Deal:
    """Return a fresh deal built from :func:`build_layout`'s spec, under ``Rules(**rules)``."""
    layout = build_layout(up0, up1, down0, down1, dealer=dealer, trump=trump)
    return Deal.from_layout(layout, dealer, Rules(**rules))  # type: ignore[arg-type]


def play(deal: Deal, moves: str | Iterable[str]) -> Deal:
    """Play ``moves`` (space-separated codes or a list) on ``deal`` and return it."""
    for move in moves.split() if isinstance(moves, str) else moves:
        deal.play(move)
    return deal


def pick_move(deal: Deal, rng: random.Random) -> str:
    """A random legal move. Under manual claim a rightful "66" is played half the time and a
    false one rarely, so random games still reach every ending, played-out ones included."""
    moves = deal.legal_moves()
    if CLAIM in moves:
        rightful = deal.claimant is not None and deal.score(deal.claimant) >= WIN_SCORE
        if rng.random() < (0.5 if rightful else 0.05):
            return CLAIM
        moves.remove(CLAIM)
    return rng.choice(moves)


def random_playout(deal: Deal, rng: random.Random) -> list[str]:
    """Play :func:`pick_move` moves until the deal ends; return the moves made."""
    made = []
    while not deal.is_over:
        move = pick_move(deal, rng)
        deal.play(move)
        made.append(move)
    return made


def snapshot(deal: Deal) -> tuple[object, ...]:
    """Everything a caller can observe of ``deal``: two equal snapshots mean the same state."""
    return (
        deal.view(),
        deal.view().to_dict(),
        deal.legal_moves(),
        deal.moves,
        deal.turn,
        deal.claimant,
        deal.result,
        [deal.piles(p) for p in (0, 1)],
        [deal.available(p) for p in (0, 1)],
        deal.hidden_cards(),
    )


def find_playout(wanted: Callable[[Deal], bool], *, rules: Rules | None = None, dealer: int | None = None) -> Deal:
    """The first seeded random game that ends the way ``wanted`` asks, replayed to its end.

    Seeds 0, 1, 2, ... are tried in order: the deal is ``Deal.from_seed(seed, dealer)`` (the
    dealer alternates with the seed unless given) and its moves are drawn by
    ``random.Random(seed)``, so the search finds the same game on every run and interpreter.
    Used for endings that are rare by hand, such as 65-65.
    """
    for seed in range(SEARCH_LIMIT):
        deal = Deal.from_seed(seed, seed % 2 if dealer is None else dealer, rules=rules)
        random_playout(deal, random.Random(seed))
        if wanted(deal):
            return deal
    raise LookupError(f"no seed below {SEARCH_LIMIT} gives the wanted game")


SEARCH_LIMIT = 20_000


# --------------------------------------------------------------------------- hypothesis strategies


@st.composite
def packet_plans(draw: st.DrawFn) -> tuple[int, ...]:
    """A packet plan of docs/rules.md 2: sizes 1, 2 or 4 adding up to 8."""
    plan: list[int] = []
    while sum(plan) < 8:
        plan.append(draw(st.sampled_from([size for size in (1, 2, 4) if sum(plan) + size <= 8])))
    return tuple(plan)


PACKET_PLANS = packet_plans()

RULES = st.builds(
    Rules,
    must_beat=st.booleans(),
    claim=st.sampled_from(("auto", "manual")),
    dealer=st.sampled_from(("winner", "alternate")),
    draw_bonus=st.booleans(),
    target=st.integers(1, 11),
)

SEEDS = st.one_of(st.integers(0, 10_000), st.integers(0, MAX_SEED))


@st.composite
def fresh_deals(draw: st.DrawFn) -> Deal:
    """A deal from a random seed, dealer, packet plan and rules, before its first move."""
    return Deal.from_seed(draw(SEEDS), draw(st.sampled_from((0, 1))), draw(PACKET_PLANS), draw(RULES))


@st.composite
def played_deals(draw: st.DrawFn) -> Deal:
    """A random deal after a random number of random moves (possibly to its end)."""
    deal = draw(fresh_deals())
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 40))):
        if deal.is_over:
            break
        deal.play(pick_move(deal, rng))
    return deal
