"""The terminal game in a narrow terminal (a phone's, a split pane): every line fits the terminal's width, and a
line too long is broken between its parts, never inside a word, a card or a numbered move."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest

from otv66 import terminal_draw
from otv66.cli import main
from otv66.terminal_draw import ANSI_CODE, WIDTH, visible_width
from otv66.terminal_language import LANGUAGES, LOCALE_VARIABLES


@pytest.fixture(autouse=True)
def plain_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No locale, no ``COLUMNS`` and a save file in the test's own folder, whatever the environment of the run."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    for name in (*LOCALE_VARIABLES, "COLUMNS"):
        monkeypatch.delenv(name, raising=False)


class Terminal(io.StringIO):
    """Output that says it is a terminal; ``columns`` wide if given (its size read from its file descriptor)."""

    def __init__(self, columns: int | None = None) -> None:
        super().__init__()
        self.columns = columns

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        if self.columns is None:
            raise io.UnsupportedOperation("no file descriptor")
        return 99


def play_to_the_end(output: io.StringIO, argv: list[str]) -> list[str]:
    """A two-person match of 1 game point, each playing his first move and answering every question ``n``
    (``y`` to a claim), ended by end of input; return the prompts the game showed."""
    prompts: list[str] = []

    class Keyboard(io.TextIOBase):
        def readline(self, size: int | None = -1) -> str:
            prompt = output.getvalue().rsplit("\n", 1)[-1]
            prompts.append(prompt)
            if len(prompts) > 400:
                return ""
            return ("y\n" if "66" in prompt else "n\n") if "/n" in prompt or "/н" in prompt else "1\n"

    main(["--hotseat", "--seed", "5", "--target", "1", "--no-save", "--claim", "manual", *argv], Keyboard(), output)
    return prompts


def lines_of(output: io.StringIO) -> list[str]:
    """What the player saw, line by line, without colour codes."""
    return ANSI_CODE.sub("", output.getvalue()).splitlines()


@pytest.mark.parametrize("language", LANGUAGES)
def test_with_columns_40_every_line_fits_and_no_move_of_the_list_is_cut(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    output = Terminal()
    prompts = play_to_the_end(output, ["--lang", language])
    assert len(prompts) > 20, "a whole deal was played"
    for line in lines_of(output):
        typed = next((prompt for prompt in prompts if prompt and line.startswith(prompt)), None)
        assert visible_width(typed or line) <= 38, line
        assert not re.search(r"\d\)$", line), f"a number parted from its move: {line!r}"
        assert not re.match(r"[♠♥♦♣]", line), f"a card parted from its suit: {line!r}"


def test_the_width_is_the_terminals_own_when_columns_is_not_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "get_terminal_size", lambda fd: os.terminal_size((44, 24)))
    output = Terminal(columns=44)
    play_to_the_end(output, [])
    widest = max(map(visible_width, lines_of(output)))
    assert 30 < widest <= 42


def test_a_wide_terminal_or_a_pipe_still_gets_80_column_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    wide = Terminal()
    play_to_the_end(wide, [])
    monkeypatch.delenv("COLUMNS")
    pipe = io.StringIO()
    prompts = play_to_the_end(pipe, [])
    assert lines_of(wide) == lines_of(pipe)
    for line in lines_of(pipe):
        assert visible_width(next((prompt for prompt in prompts if prompt and line.startswith(prompt)), line)) <= WIDTH


def test_parts_of_a_line_are_kept_whole() -> None:
    assert terminal_draw.fit(["1) K♠", "2) 10♦", "3) J♣"], "  ", 14) == "1) K♠  2) 10♦\n3) J♣"
    assert terminal_draw.fit(["Vi", "3 štiha", "40 poena"], " · ", 80) == "Vi · 3 štiha · 40 poena"
