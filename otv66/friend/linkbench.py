"""Benchmark of friend matches played by links: links per deal, their sizes and the time to process each.

Two simulated devices (:class:`~otv66.friend.match.FriendMatch`) play matches of random legal moves
until ``--deals`` deals are done; each player moves as far as he can see, then sends his link. A
*setup* link carries a shuffle or a deal's 16 face-up shares, a *play* link the rest. Goals of issue
14: setup links at most 12,000 characters, play links at most 500. Run it with
``python -m otv66.friend.linkbench [--deals 200] [--seed 1]``; randomness is seeded so runs repeat.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass, field

from otv66.bench.friend import PLAY_GOAL_CHARS, SETUP_GOAL_CHARS
from otv66.friend.links import Item, Link
from otv66.friend.match import FriendMatch
from otv66.friend.messages import Message, Step
from otv66.rules import Rules


@dataclass
class Figures:
    """Measured links: ``(characters, seconds the receiver took)`` by kind, and the deals played."""

    setup: list[tuple[int, float]] = field(default_factory=list)
    play: list[tuple[int, float]] = field(default_factory=list)
    moveless: int = 0
    deals: int = 0


def is_setup(text: str) -> bool:
    """Whether a link carries a shuffle or a deal's face-up shares."""
    for kind, data in Link.from_text(text).items:
        if kind == Item.MESSAGE:
            message = Message.decode(data)
            if message.step != Step.SHARES or len(message.shares) >= 16:
                return True
    return False


def play_match(figures: Figures, rng: random.Random, deals_left: int) -> None:
    """One match (target 7, or fewer deals if the benchmark is nearly done), measured into ``figures``."""

    def randomness(size: int) -> bytes:
        return rng.randbytes(size)

    rules = Rules(target=min(7, deals_left))
    alice, invite = FriendMatch.invite("A", rules, randomness)
    bob, accept = FriendMatch.accept(invite, "B", randomness)
    players, turn, text = (alice, bob), 0, accept
    while True:
        start = time.process_time()
        players[turn].receive(text)
        spent = time.process_time() - start
        (figures.setup if is_setup(text) else figures.play).append((len(text), spent))
        me = players[turn]
        moved = False
        while me.legal_moves():
            me.play(rng.choice(me.legal_moves()))
            moved = True
        if me.status() != "send":
            break
        figures.moveless += not moved
        text, turn = me.link(), 1 - turn
    figures.deals += len(alice.match.deals)


def percentile_99(sizes: list[int]) -> float:
    """The 99th percentile of ``sizes``, within their range (the ``exclusive`` default of :func:`statistics.quantiles`
    runs past the largest over a few links: a p99 above the max)."""
    return statistics.quantiles(sizes, n=100, method="inclusive")[98] if len(sizes) > 1 else sizes[0]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng, figures = random.Random(args.seed), Figures()
    while figures.deals < args.deals:
        play_match(figures, rng, args.deals - figures.deals)
    links = len(figures.setup) + len(figures.play)
    print(f"deals: {figures.deals}  links: {links}  links per deal: {links / figures.deals:.1f}")
    print(f"links with no move (an extra exchange): {figures.moveless / figures.deals:.2f} per deal")
    for name, measured, goal in (("setup", figures.setup, SETUP_GOAL_CHARS), ("play", figures.play, PLAY_GOAL_CHARS)):
        sizes, times = [size for size, _ in measured], [spent for _, spent in measured]
        over = sum(size > goal for size in sizes)
        p99 = percentile_99(sizes)
        print(
            f"{name} links: {len(sizes)}  characters mean {statistics.mean(sizes):.0f} p99 {p99:.0f}"
            f" max {max(sizes)} (goal <= {goal}, {over} over)  processing ms mean"
            f" {1000 * statistics.mean(times):.1f} max {1000 * max(times):.1f}"
        )


if __name__ == "__main__":
    main()
