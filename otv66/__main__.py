"""``python -m otv66``: play Open 66 against the computer in the terminal (see :mod:`otv66.cli`)."""

from otv66.cli import main

raise SystemExit(main(prog="python -m otv66"))
