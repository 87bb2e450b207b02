"""The terminal game's command line: its options, its help and its messages, in the game's language.

The help is written in the language ``--lang`` asks for, else the locale's (:func:`command_line_language`), so
it is known before argparse reads the command line. argparse's own messages about a mistyped command line
("invalid choice", "unrecognized arguments", ...) are recognised by their English wording, kept in
:data:`otv66.terminal_text.EN`, and said in the game's language (:func:`translated_message`); a test checks that
wording against the argparse in use.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import os
import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Final, NoReturn

from otv66 import ai
from otv66.dealing import PACKET_SIZES, PILES, check_packets
from otv66.errors import Otv66Error
from otv66.levels import MAX_SECONDS, check_seconds
from otv66.rules import MAX_TARGET, Rules
from otv66.terminal_language import ENGLISH, LANGUAGES, Language, Texts, environment_language

COMMAND = "otv66"
"""The installed command (pyproject.toml's script); ``python -m otv66`` names itself to
:func:`otv66.cli.main` instead."""


def default_save_path() -> Path | None:
    """Where the match in play is kept: ``otv66/match.json`` in ``$XDG_STATE_HOME``, else in ``~/.local/state``.

    ``None`` when neither is there: no ``$XDG_STATE_HOME`` and no home folder (``$HOME`` unset and the
    user unknown to the system, as in some containers and services); the match is then not saved.
    """
    state = os.environ.get("XDG_STATE_HOME", "")
    if os.path.isabs(state):  # the XDG spec ignores a relative one
        return Path(state) / "otv66" / "match.json"
    try:
        home = Path.home()
    except RuntimeError:
        return None
    return home / ".local" / "state" / "otv66" / "match.json"


def parse_target(text: str) -> int:
    """``"7"`` -> ``7``, validated as a match target of docs/rules.md 8 (for ``--target``)."""
    try:
        return Rules(target=int(text)).target
    except (ValueError, Otv66Error):
        raise argparse.ArgumentTypeError(ENGLISH("arg_target", value=repr(text), most=MAX_TARGET)) from None


def parse_seconds(text: str) -> float | None:
    """``"0.5"`` -> ``0.5``, validated as the computer's thinking time (:func:`otv66.levels.check_seconds`, for
    ``--seconds``): more than 0 seconds and at most :data:`~otv66.levels.MAX_SECONDS`."""
    try:
        return check_seconds(float(text))
    except ValueError:  # not a number, or the engine's InvalidMatchError: out of range
        raise argparse.ArgumentTypeError(ENGLISH("arg_seconds", value=repr(text), most=f"{MAX_SECONDS:g}")) from None


def parse_packets(text: str) -> tuple[int, ...]:
    """``"4,4"`` -> ``(4, 4)``, validated as a packet plan of docs/rules.md 2 (for ``--packets``).

    Whatever is wrong with it (a size, the sum, a word), the message says what a plan is, from the engine's own
    sizes and total.
    """
    try:
        return check_packets([int(part) for part in text.replace(" ", "").split(",")])
    except ValueError:  # the engine's InvalidLayoutError is one
        sizes = ", ".join(map(str, PACKET_SIZES))
        raise argparse.ArgumentTypeError(ENGLISH("arg_packets", value=repr(text), sizes=sizes, total=PILES)) from None


def parse_language(text: str) -> Language:
    """``"sr-latn"`` -> ``"sr-Latn"``: a language of the game, in any case (for ``--lang``)."""
    for language in LANGUAGES:
        if text.lower() == language.lower():
            return language
    raise argparse.ArgumentTypeError(ENGLISH("arg_language", value=repr(text), choices=", ".join(LANGUAGES)))


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's help layout, with the word it writes before the usage line ("usage: ") in the game's language."""

    def __init__(self, prog: str, usage_prefix: str) -> None:
        super().__init__(prog)
        self.usage_prefix = usage_prefix

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, self.usage_prefix if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose messages about a mistyped command line are in the game's language (``text``)."""

    def __init__(self, text: Texts, **options: Any) -> None:
        super().__init__(**options)
        self.text = text

    def error(self, message: str) -> NoReturn:
        """Print the usage and ``message`` in the game's language, and exit with status 2 (as argparse does)."""
        self.print_usage(sys.stderr)
        self.exit(2, self.text("arg_error", prog=self.prog, message=translated_message(message, self.text)) + "\n")


ARGPARSE_MESSAGES: Final = (
    "arg_argument",
    "arg_choice",
    "arg_unrecognized",
    "arg_expected_one",
    "arg_type",
    "arg_ambiguous",
    "arg_not_allowed",
    "arg_ignored",
    "arg_target",
    "arg_packets",
    "arg_language",
    "arg_seed",
    "arg_seconds",
)
"""The command line's messages, argparse's and the game's own, whose English texts (:data:`otv66.terminal_text.EN`)
are how they are recognised: :func:`translated_message`."""


def _message_pattern(english: str) -> re.Pattern[str]:
    """What a message written from the English text ``english`` looks like, its ``{values}`` as named groups."""
    parts = re.split(r"\{(\w+)\}", english)
    return re.compile(
        "".join(re.escape(part) if index % 2 == 0 else f"(?P<{part}>.+?)" for index, part in enumerate(parts))
    )


MESSAGE_PATTERNS: Final = tuple((key, _message_pattern(ENGLISH.table[key])) for key in ARGPARSE_MESSAGES)


def translated_message(message: str, text: Texts) -> str:
    """argparse's English ``message`` in ``text``'s language, where it is one of :data:`ARGPARSE_MESSAGES`;
    another (an engine error's text inside one, say) stays as it is."""
    for key, pattern in MESSAGE_PATTERNS:
        match = pattern.fullmatch(message)
        if match:
            values = match.groupdict()
            if "message" in values:  # "argument --level: invalid choice: …": the inner message too
                values["message"] = translated_message(values["message"], text)
            return text(key, **values)
    return message


def build_parser(prog: str = COMMAND, text: Texts = ENGLISH) -> argparse.ArgumentParser:
    """The command line of the game, started as ``prog`` (``otv66``, or ``python -m otv66``), its help and its
    messages about a mistyped command line in ``text``'s language."""
    parser = _Parser(
        text,
        prog=prog,
        description=text("help_description", command=prog),
        epilog=text("help_epilog"),
        formatter_class=functools.partial(_HelpFormatter, usage_prefix=text("help_usage")),
        add_help=False,
    )
    parser._optionals.title = text("help_options")
    parser.add_argument("-h", "--help", action="help", help=text("help_help"))
    parser.add_argument("--rules", action="store_true", help=text("help_show_rules"))
    parser.add_argument("--seed", type=int, help=text("help_seed"))
    parser.add_argument(
        "--level", choices=ai.LEVELS, default=ai.DEFAULT_LEVEL, help=text("help_level", default=ai.DEFAULT_LEVEL)
    )
    parser.add_argument("--seconds", type=parse_seconds, help=text("help_seconds"))
    rules = parser.add_argument_group(text("help_rules"))
    rules.add_argument("--must-beat", action="store_true", help=text("help_must_beat"))
    rules.add_argument("--claim", choices=("auto", "manual"), default="auto", help=text("help_claim"))
    rules.add_argument("--dealer", choices=("winner", "alternate"), default="winner", help=text("help_dealer"))
    rules.add_argument("--draw-bonus", action="store_true", help=text("help_draw_bonus"))
    rules.add_argument("--target", type=parse_target, default=7, help=text("help_target"))
    parser.add_argument("--packets", type=parse_packets, default=(4, 4), help=text("help_packets"))
    parser.add_argument("--hotseat", action="store_true", help=text("help_hotseat"))
    parser.add_argument("--ascii", action="store_true", help=text("help_ascii"))
    parser.add_argument("--no-color", action="store_true", help=text("help_no_color"))
    parser.add_argument("--lang", type=parse_language, metavar="{" + ",".join(LANGUAGES) + "}", help=text("help_lang"))
    saving = parser.add_mutually_exclusive_group()
    default_file = default_save_path()
    where = str(default_file).replace("%", "%%") if default_file else text("help_no_home")
    saving.add_argument(
        "--save", metavar="FILE", type=Path, default=default_file, help=text("help_save", default=where)
    )
    saving.add_argument("--no-save", action="store_true", help=text("help_no_save"))
    return parser


def command_line_language(argv: Sequence[str] | None) -> Language:
    """The language ``argv`` (default: the process's arguments) asks for with ``--lang``, if the game speaks it,
    else the locale's: the help is written before argparse has read the whole command line."""
    args = list(sys.argv[1:] if argv is None else argv)
    asked = [value for flag, value in itertools.pairwise(args) if flag == "--lang"]
    asked += [arg.removeprefix("--lang=") for arg in args if arg.startswith("--lang=")]
    for value in asked:
        try:
            return parse_language(value)
        except argparse.ArgumentTypeError:  # argparse refuses it in a moment, in the language below
            break
    return environment_language()
