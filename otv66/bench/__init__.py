"""Benchmarks: ``python -m otv66.bench <name> [options]``.

Each benchmark is a module ``otv66.bench.<name>`` with ``main(argv) -> int``.
The dispatcher finds them by scanning this package, so adding a benchmark is
adding a module: nothing here needs to change.

>>> "engine" in available()
True
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Callable, Sequence
from typing import cast

USAGE = "usage: python -m otv66.bench <name> [options]   (python -m otv66.bench <name> --help for its options)"


def available() -> list[str]:
    """Return the names of the benchmarks in this package, sorted."""
    return sorted(info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_"))


def _help() -> str:
    lines = [USAGE, "", "benchmarks:"]
    for name in available():
        module = importlib.import_module(f"{__name__}.{name}")
        summary = (module.__doc__ or "").strip().splitlines()
        lines.append(f"  {name:<10} {summary[0] if summary else ''}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark named by ``argv[0]`` with the rest of ``argv``; return its exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(_help())
        return 0 if args else 2
    name, rest = args[0], args[1:]
    if name not in available():
        print(f"unknown benchmark {name!r}; available: {', '.join(available())}")
        return 2
    module = importlib.import_module(f"{__name__}.{name}")
    run = cast(Callable[[list[str]], int], module.main)
    return run(rest)
