"""The library as README.md shows it: its example runs and prints what its comments say, the terminal's
options are all named there, and every public name documents itself (``help(otv66)``).

The tests that read README.md, beside ``tests/``, are marked ``native``: inside Pyodide only ``tests/`` is
mounted (tools/pyodide_tests.py leaves them out).
"""

from __future__ import annotations

import contextlib
import inspect
import io
import re
import shlex
from pathlib import Path
from types import ModuleType

import pytest

import otv66
from otv66 import ai, cli, record, table, terminal_draw, terminal_options

README = Path(__file__).resolve().parent.parent / "README.md"
RECORD_FORMAT = README.parent / "docs" / "record-format.md"


def readme_section(title: str) -> str:
    """The text of README.md's section ``## title``, up to the next section."""
    text = README.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


@pytest.mark.native
def test_the_readme_library_example_runs_and_prints_what_its_comments_say() -> None:
    section = readme_section("The engine as a library")
    code = re.search(r"```python\n(.*?)```", section, flags=re.S)
    assert code is not None
    printing = [line for line in code.group(1).splitlines() if line.lstrip().startswith("print(")]
    said = [line.partition("#")[2].strip() if "#" in line else None for line in printing]
    printed: list[str] = []

    def record_print(*values: object) -> None:
        printed.append(" ".join(map(str, values)))

    exec(compile(code.group(1), str(README), "exec"), {"print": record_print})
    assert len(printed) == len(printing)  # each print() of the example runs once
    for line, expected, got in zip(printing, said, printed, strict=True):
        if expected is not None:
            assert got == expected, line


@pytest.mark.native
def test_the_record_formats_example_is_a_record_the_reader_takes_as_it_says() -> None:
    # Its moves were no deal's: the dealer's card led, a face-down card played, 11 tricks after 2.
    example = re.search(r"```json\n(.*?)```", RECORD_FORMAT.read_text(encoding="utf-8"), flags=re.S)
    assert example is not None
    match = record.loads(example.group(1))
    deal = match.deals[0]
    assert deal.result == {"winner": 1, "game_points": 3, "scores": [0, 75], "tricks": [0, 3], "reason": "reached_66"}
    assert match.game_points == (0, 3) and match.winner is None


@pytest.mark.native
def test_the_readme_names_every_option_of_the_terminal_and_its_commands_parse() -> None:
    section = readme_section("In a terminal")
    parser = terminal_options.build_parser()
    for action in parser._actions:
        for option in action.option_strings:
            if option.startswith("--") and option != "--help":
                assert f"`{option}" in section, option
    commands = re.findall(r"^python -m otv66 (.*?)(?:\s+#.*)?$", section, flags=re.M)
    assert len(commands) >= 2
    for command in commands:
        if command != "--help":
            parser.parse_args(shlex.split(command))


def public_names(module: ModuleType) -> list[tuple[str, object]]:
    """The names ``module`` offers: its ``__all__``, else what it defines without a leading underscore."""
    names = getattr(module, "__all__", None)
    if names is None:
        names = [name for name, value in vars(module).items() if getattr(value, "__module__", None) == module.__name__]
    return [(f"{module.__name__}.{name}", getattr(module, name)) for name in names if not name.startswith("_")]


@pytest.mark.parametrize("module", [otv66, record, ai, table, cli, terminal_draw], ids=lambda module: module.__name__)
def test_every_public_class_function_method_and_property_has_its_own_docstring(module: ModuleType) -> None:
    missing = []
    for name, value in public_names(module):
        if not (inspect.isclass(value) or inspect.isfunction(value)):
            continue
        if not inspect.getdoc(value) or (inspect.isclass(value) and value.__doc__ is None):
            missing.append(name)
        if inspect.isclass(value):
            for member, attribute in vars(value).items():
                function = attribute.fget if isinstance(attribute, property) else attribute
                function = getattr(function, "__func__", function)
                if not member.startswith("_") and inspect.isfunction(function) and not function.__doc__:
                    missing.append(f"{name}.{member}")
    assert not missing


def test_help_on_the_package_says_where_to_start() -> None:
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown):
        help(otv66)
    for start in ("Deal.from_seed", "legal_moves()", "otv66.record", "otv66.ai", "python -m otv66", "Otv66Error"):
        assert start in shown.getvalue()
