"""Play a friend by links: message sizes and the time to make and check each message, over simulated deals.

Two simulated players exchange their keys once, then play ``--deals`` deals: the non-dealer
shuffles, the dealer shuffles and sends his face-up shares, the non-dealer sends his; then random
legal moves are played and every face-down card that turns up is opened by both players' shares
(the mover's share first, then the other's). Each message is measured: its length as link text
(base64url characters), the CPU time to make it and the CPU time to check it on the other side.

The goals of issue 14: setup messages at most 12,000 characters, play messages at most 500, each
link processed in at most 1 s in Pyodide. The heaviest link to process is the first shuffle
arriving at the dealer: he checks it, then makes his own shuffle with his shares.

Randomness is seeded (``--seed``) so sizes and deals repeat; a real game uses the system's source.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from otv66.cards import CODES
from otv66.deal import Deal
from otv66.friend.elgamal import decryption_card, decryption_share
from otv66.friend.session import DealSession, MatchKeys

SETUP_GOAL_CHARS = 12_000
PLAY_GOAL_CHARS = 500
LINK_GOAL_SECONDS = 1.0
"""Issue 14's goal for processing one link in Pyodide (this benchmark may run in CPython)."""
KINDS = ("key", "first shuffle", "second shuffle + face-up shares", "face-up shares", "turn-up share")
SETUP_KINDS = KINDS[:4]


@dataclass
class Figures:
    """Every measured message, by kind: ``(characters, seconds to make, seconds to check)``."""

    messages: dict[str, list[tuple[int, float, float]]] = field(default_factory=lambda: {kind: [] for kind in KINDS})
    heaviest_link: float = 0.0
    deals: int = 0

    def exchange(self, kind: str, sender: Callable[[], str], receiver: Callable[[str], object]) -> str:
        """Make a message with ``sender``, check it with ``receiver``, record both times and its size."""
        start = time.process_time()
        text = sender()
        made = time.process_time()
        receiver(text)
        checked = time.process_time()
        self.messages[kind].append((len(text), made - start, checked - made))
        return text


def _true_layout(session: DealSession, keys: tuple[MatchKeys, MatchKeys]) -> list[list[list[str]]]:
    """The layout as the referee of this simulation knows it (it holds both secrets; no player does)."""
    deck = session.final_deck
    assert deck is not None
    secret = keys[0].keys.secret + keys[1].keys.secret
    cards = [CODES[decryption_card(ct, [decryption_share(secret, ct)])] for ct in deck.cards]
    return [
        [[cards[session.position(p, pile, False)], cards[session.position(p, pile, True)]] for pile in range(8)]
        for p in (0, 1)
    ]


def play_deal(figures: Figures, keys: tuple[MatchKeys, MatchKeys], number: int, rng: random.Random) -> None:
    """Deal and play one deal by messages, recording every message in ``figures``."""
    dealer = rng.randrange(2)
    packets = rng.choice([(4, 4), (2, 2, 2, 2), (1, 2, 1, 4)])
    sessions = [DealSession(k, number, dealer, packets) for k in keys]
    first, second = sessions[1 - dealer], sessions[dealer]
    figures.exchange("first shuffle", first.next_message, second.receive)
    before = figures.messages["first shuffle"][-1][2]
    figures.exchange("second shuffle + face-up shares", second.next_message, first.receive)
    figures.heaviest_link = max(figures.heaviest_link, before + figures.messages[KINDS[2]][-1][1])
    figures.exchange("face-up shares", first.next_message, second.receive)
    deal = Deal.from_layout(_true_layout(first, keys), dealer)
    while not deal.is_over:
        shown = [deal.piles(p) for p in (0, 1)]
        mover = deal.turn
        assert mover is not None
        deal.play(rng.choice(deal.legal_moves()))
        for p in (0, 1):
            for pile, (was, now) in enumerate(zip(shown[p], deal.piles(p), strict=True)):
                if was.hidden and not now.hidden:
                    for session in sessions:
                        session.release(p, pile)
                    figures.exchange("turn-up share", sessions[mover].next_message, sessions[1 - mover].receive)
                    figures.exchange("turn-up share", sessions[1 - mover].next_message, sessions[mover].receive)
                    assert CODES[sessions[0].card(p, pile, face_up=False) or 0] == now.top
    figures.deals += 1


def run(deals: int, seed: int) -> Figures:
    """Simulate one match of ``deals`` deals."""
    rng = random.Random(seed)
    figures = Figures()
    host = MatchKeys.new(seat=0, random_bytes=random.Random(rng.getrandbits(64)).randbytes)
    guest = MatchKeys.new(seat=1, match_id=host.match_id, random_bytes=random.Random(rng.getrandbits(64)).randbytes)
    keys = (host, guest)
    figures.exchange("key", keys[0].key_message, keys[1].receive_key)
    figures.exchange("key", keys[1].key_message, keys[0].receive_key)
    for number in range(1, deals + 1):
        play_deal(figures, keys, number, rng)
    return figures


def summary(figures: Figures) -> dict[str, Any]:
    """The figures as numbers: per kind, and against the goals."""
    kinds = {}
    for kind, rows in figures.messages.items():
        if rows:
            sizes = [size for size, _, _ in rows]
            kinds[kind] = {
                "count": len(rows),
                "chars_min": min(sizes),
                "chars_mean": round(statistics.fmean(sizes), 1),
                "chars_max": max(sizes),
                "make_ms_mean": round(1000 * statistics.fmean(made for _, made, _ in rows), 2),
                "make_ms_max": round(1000 * max(made for _, made, _ in rows), 2),
                "check_ms_mean": round(1000 * statistics.fmean(checked for _, _, checked in rows), 2),
                "check_ms_max": round(1000 * max(checked for _, _, checked in rows), 2),
            }
    setup_max = max(kinds[kind]["chars_max"] for kind in SETUP_KINDS if kind in kinds)
    play_max = kinds.get("turn-up share", {}).get("chars_max", 0)
    deal_messages = sum(len(figures.messages[kind]) for kind in KINDS[1:])
    return {
        "deals": figures.deals,
        "kinds": kinds,
        "messages_per_deal": round(deal_messages / max(figures.deals, 1), 2),
        "setup_chars_max": setup_max,
        "setup_goal_chars": SETUP_GOAL_CHARS,
        "play_chars_max": play_max,
        "play_goal_chars": PLAY_GOAL_CHARS,
        "heaviest_link_seconds": round(figures.heaviest_link, 3),
        "link_goal_seconds_pyodide": LINK_GOAL_SECONDS,
        "size_goals_met": setup_max <= SETUP_GOAL_CHARS and play_max <= PLAY_GOAL_CHARS,
    }


def format_table(report: dict[str, Any]) -> str:
    """The report as a readable table."""
    lines = [
        f"friend protocol: {report['deals']} deals, {report['python']}",
        f"{'message':<34}{'count':>6}{'chars min/mean/max':>22}{'make ms mean/max':>20}{'check ms mean/max':>20}",
    ]
    for kind, row in report["kinds"].items():
        chars = f"{row['chars_min']}/{row['chars_mean']:.0f}/{row['chars_max']}"
        make = f"{row['make_ms_mean']:.1f}/{row['make_ms_max']:.1f}"
        check = f"{row['check_ms_mean']:.1f}/{row['check_ms_max']:.1f}"
        lines.append(f"{kind:<34}{row['count']:>6}{chars:>22}{make:>20}{check:>20}")
    lines += [
        f"messages per deal (without keys): {report['messages_per_deal']}",
        f"largest setup message: {report['setup_chars_max']} chars (goal <= {report['setup_goal_chars']})",
        f"largest play message: {report['play_chars_max']} chars (goal <= {report['play_goal_chars']})",
        f"heaviest link (check first shuffle + make second): {report['heaviest_link_seconds']} s CPU "
        f"(goal <= {report['link_goal_seconds_pyodide']} s in Pyodide)",
    ]
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m otv66.bench friend", description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5, help="deals to simulate (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the simulation's randomness (default 1)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the friend-protocol benchmark and print its table (or JSON)."""
    args = parse_args(argv)
    report = {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "seed": args.seed,
        **summary(run(args.deals, args.seed)),
    }
    print(json.dumps(report, indent=2) if args.json else format_table(report))
    return 0
