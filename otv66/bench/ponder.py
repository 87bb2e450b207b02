"""Pondering: how long one thinking slice holds the engine, and the computer's moves after it.

A person (played by the ``club`` level, instantly) plays the master through
the JSON bridge. While the person is to move, the page's loop is imitated:
the request ``{"method": "ponder", "params": {"ms": ...}}`` again and again
for ``--think`` seconds (the person's time to decide), each answered as the
page's worker answers it (:func:`otv66.bridge.handle`, JSON both ways). Each
slice's duration is how long a reply to the page could wait for it, so the
report gives their p50 / p95 / max and how many went over ``--limit-ms``:
the wall-clock time (the figure that matters, run in Pyodide: the page's
worker has a core of its own), and the process's CPU time (on a machine
shared with other work the wall clock includes waits for the processor: a
slice long on the wall clock but short in CPU time waited for it). In Pyodide
the CPU time is Node's ``process.cpuUsage()`` (Pyodide's own CPU clock is the
wall clock); it counts all of Node's threads, so it can exceed the wall time.
It also gives the master's decision times after pondering.

    python -m otv66.bench ponder --deals 4 --think 1.5 --ms 40
    node tools/pyodide_ai_bench.mjs ponder --deals 4 --think 1.5 --ms 40   (the same in Pyodide)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from otv66.bridge import Session, handle


def percentiles(times: list[float]) -> dict[str, float]:
    """p50 / p95 / max of ``times`` (seconds) in milliseconds."""
    ordered = sorted(times)
    if not ordered:
        return {}
    return {
        "count": len(ordered),
        "p50_ms": round(1000 * ordered[len(ordered) // 2], 1),
        "p95_ms": round(1000 * ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 1),
        "max_ms": round(1000 * ordered[-1], 1),
    }


def cpu_clock() -> Callable[[], float]:
    """The process's CPU time in seconds: ``time.process_time``, or Node's count when run in Pyodide under Node."""
    if sys.platform == "emscripten":
        try:
            from js import process
        except ImportError:  # a browser: no CPU clock but the wall clock
            return time.process_time

        def node_cpu_time() -> float:
            usage = process.cpuUsage()
            return float(usage.user + usage.system) / 1e6

        return node_cpu_time
    return time.process_time


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Play ``args.deals`` deals, pondering on each of the person's turns; the slice and move times."""
    slices: list[float] = []
    slices_cpu: list[float] = []
    moves: list[float] = []
    session = Session()
    cpu_time = cpu_clock()
    request = json.dumps({"id": 1, "method": "ponder", "params": {"ms": args.ms}})
    session.new_match(opponent="computer", level="master", seed=args.seed)
    for _ in range(args.deals):
        session.new_deal()
        while True:
            phase = session.state()["phase"]
            if phase == "human_moves":
                thinking_ends = time.perf_counter() + args.think
                while time.perf_counter() < thinking_ends:
                    start, start_cpu = time.perf_counter(), cpu_time()
                    reply = json.loads(json.dumps(handle(json.loads(request), session)))["result"]
                    slices.append(time.perf_counter() - start)
                    slices_cpu.append(cpu_time() - start_cpu)
                    if not reply["pondering"] or reply["solved"]:
                        break
                session.play(session.ai_move(level="club", seed=len(moves))["move"])
            elif phase == "computer_moves":
                start = time.perf_counter()
                session.computer_move()
                moves.append(time.perf_counter() - start)
            else:
                break
        if session.state()["phase"] == "match_over":
            break
    return {
        "slice_ms": args.ms,
        "think_seconds": args.think,
        "slices": percentiles(slices),
        "slices_over_limit": sum(s * 1000 > args.limit_ms for s in slices),
        "slices_cpu": percentiles(slices_cpu),
        "slices_cpu_over_limit": sum(s * 1000 > args.limit_ms for s in slices_cpu),
        "limit_ms": args.limit_ms,
        "master_decisions": percentiles(moves),
    }


def parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m otv66.bench ponder", description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4, help="deals to play (default 4: over 1,000 slices)")
    parser.add_argument("--think", type=float, default=1.5, help="the person's time per move, in seconds")
    parser.add_argument("--ms", type=int, default=40, help="pondering slice in milliseconds (at most 50)")
    parser.add_argument("--limit-ms", type=float, default=50.0, help="the longest a reply may wait")
    parser.add_argument("--seed", type=int, default=1, help="match seed")
    return parser.parse_args(list(argv))


def main(argv: Sequence[str]) -> int:
    """Run the benchmark and print its report as JSON."""
    print(json.dumps(run(parse(argv))))
    return 0
