"""The terminal front (`python -m otv66`): whole matches driven by a scripted keyboard, and its pictures.

No subprocess and no terminal: `main(argv, input=..., output=...)` reads from a
stand-in keyboard that answers each prompt the game shows, and writes to a
StringIO, so these tests also run inside Pyodide.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import random
import re
import runpy
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from otv66 import Deal, ai, parse_card, record, terminal_options
from otv66.cli import line_editing, main, normalise_move, screen_names
from otv66.match import Match
from otv66.rules import Rules
from otv66.table import default_names, packet_plans
from otv66.terminal_draw import (
    ANSI_CODE,
    WIDTH,
    Style,
    card_plain,
    draw_piles,
    draw_screen,
    explain_result,
    menu_line,
    rules_line,
    visible_width,
)
from otv66.terminal_language import LANGUAGES, LOCALE_VARIABLES, Texts, serbian_plural, to_cyrillic
from otv66.terminal_options import ARGPARSE_MESSAGES, build_parser, parse_packets
from otv66.view import NO_CARD


@pytest.fixture(autouse=True)
def save_file_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The game's default save file, in this test's own folder (never the home folder of whoever runs the tests)."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    return tmp_path / "otv66" / "match.json"


@pytest.fixture(autouse=True)
def no_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """No locale and no ``COLUMNS`` in the environment: the game speaks English in 80-column lines, whatever the
    environment of whoever runs the tests."""
    for name in (*LOCALE_VARIABLES, "COLUMNS"):
        monkeypatch.delenv(name, raising=False)


FAST = ["--level", ai.LEVELS[0], "--seconds", "0.01"]
"""The weakest, quickest computer: these tests are about the front, not the opponent."""

Answer = Callable[[str], str]


class Keyboard(io.TextIOBase):
    """Stands in for the player: answers each prompt (the output's last line) with ``answer(prompt)``.

    ``shown`` is what the game wrote since the previous answer (the table and
    the menu). After ``limit`` answers it gives end of input, so a game that
    never ends fails instead of hanging.
    """

    def __init__(self, output: io.StringIO, answer: Answer, limit: int = 3000) -> None:
        self.output = output
        self.answer = answer
        self.limit = limit
        self.prompts: list[str] = []
        self.shown = ""
        self._read_up_to = 0

    def readline(self, size: int | None = -1) -> str:
        if len(self.prompts) >= self.limit:
            return ""
        text = self.output.getvalue()
        self.shown = text[self._read_up_to :]
        self._read_up_to = len(text)
        prompt = text.rsplit("\n", 1)[-1]
        self.prompts.append(prompt)
        return self.answer(prompt) + "\n"


def first_move(prompt: str) -> str:
    """Plays the first listed move, announces marriages, claims when asked, does not play again."""
    if "Play again?" in prompt:
        return "n"
    if "(y/n" in prompt:
        return "y"
    if "Press Enter" in prompt:
        return ""
    return "1"


def play(argv: list[str], answer: Answer = first_move, limit: int = 3000) -> tuple[int, str, Keyboard]:
    """Run the game with ``argv`` and the scripted ``answer``; return its status, output and keyboard."""
    output = io.StringIO()
    keyboard = Keyboard(output, answer, limit)
    status = main(argv, input=keyboard, output=output)
    return status, output.getvalue(), keyboard


def test_a_seeded_match_against_the_computer_is_played_to_the_end() -> None:
    status, text, keyboard = play(["--seed", "12", *FAST])
    assert status == 0
    assert re.search(r"(You win|Computer wins) the match, \d+ to \d+\.", text)
    assert keyboard.prompts[-1] == "Play again? (y/n) "
    final = re.findall(r"Match to 7: You: (\d+), Computer: (\d+)\.", text)[-1]
    assert max(int(points) for points in final) >= 7


def test_two_people_at_one_keyboard_play_a_whole_match_reproducibly_from_a_seed() -> None:
    first = play(["--seed", "4", "--hotseat", "--target", "3"])
    second = play(["--seed", "4", "--hotseat", "--target", "3"])
    assert first[0] == 0
    assert "Computer" not in first[1]
    assert re.search(r"Player [12] wins the match", first[1])
    assert first[1] == second[1]


def test_play_again_starts_a_new_match() -> None:
    matches = []

    def twice(prompt: str) -> str:
        if "Play again?" in prompt:
            matches.append(prompt)
            return "y" if len(matches) == 1 else "n"
        return first_move(prompt)

    status, text, _ = play(["--seed", "8", "--target", "1", *FAST], twice)
    assert status == 0
    assert len(re.findall(r"wins? the match", text)) == 2
    assert "Match seed 8." in text
    assert "Match seed 9." in text


def test_every_deal_end_says_who_won_the_scores_and_why_those_game_points() -> None:
    _, text, _ = play(["--seed", "21", *FAST])
    paragraphs = [" ".join(paragraph.split("\n")) for paragraph in text.split("\n\n")]
    endings = [p for p in paragraphs if re.search(r"reached 66|higher score|Draw at|false claim", p)]
    assert endings
    for ending in endings:
        assert re.search(r"won no trick: 3|less than 33: 2|33 or more: 1|no game points|2 game points", ending)


def press_q(prompt: str) -> str:
    """``q`` at any prompt."""
    return "q"


def interrupt(prompt: str) -> str:
    """Ctrl-C at the prompt."""
    raise KeyboardInterrupt


def one_move_then(stop: Answer) -> Answer:
    """Plays the first listed move at the first move prompt, then stops with ``stop`` at the next prompt."""
    moves: list[str] = []

    def answer(prompt: str) -> str:
        if "move (" in prompt and not moves:
            moves.append(prompt)
            return "1"
        return stop(prompt)

    return answer


@pytest.mark.parametrize(
    ("stop", "status"), [(press_q, 0), (lambda prompt: "quit", 0), (interrupt, 130)], ids=["q", "quit", "^C"]
)
def test_quitting_leaves_cleanly_and_says_where_the_match_is_kept(
    stop: Answer, status: int, save_file_in_tmp: Path
) -> None:
    code, text, _ = play(["--seed", "3", *FAST], one_move_then(stop))
    assert code == status
    assert "Traceback" not in text
    said = " ".join(text.split("Bye.")[-1].split())
    assert said == f"The match is saved in {save_file_in_tmp}. To go on with it: otv66"
    assert save_file_in_tmp.exists()


def test_started_as_python_dash_m_the_goodbye_and_the_help_say_python_dash_m(
    monkeypatch: pytest.MonkeyPatch, save_file_in_tmp: Path
) -> None:
    """The installed ``otv66`` calls ``main()`` (the tests above: "To go on with it: otv66");
    ``python -m otv66`` runs ``otv66/__main__.py``, and then the command to go on is that one."""
    output = io.StringIO()
    monkeypatch.setattr("sys.argv", ["/anywhere/otv66/__main__.py", "--seed", "3", *FAST])
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    monkeypatch.setattr("sys.stdout", output)
    with pytest.raises(SystemExit) as exit_info:
        runpy.run_module("otv66", run_name="__main__")
    assert exit_info.value.code == 0
    said = flat(output.getvalue())
    assert said.endswith(f"Bye. The match is saved in {save_file_in_tmp}. To go on with it: python -m otv66")
    assert build_parser("python -m otv66").format_usage().startswith("usage: python -m otv66 ")
    assert build_parser().format_usage().startswith("usage: otv66 ")


def test_a_byte_the_locale_cannot_decode_is_no_answer_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    # A "č" from a terminal set to cp1250 (byte 0xE8) on a UTF-8 standard input ended the game with a
    # UnicodeDecodeError.
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"\xe8\nq\n"), encoding="utf-8"))
    output = io.StringIO()
    assert main(["--seed", "3", "--no-save", *FAST], output=output) == 0
    said = output.getvalue()
    assert "'\ufffd' is neither a move nor a command" in said
    assert said.rstrip().endswith("Bye. This match is not saved.")


def test_end_of_input_leaves_cleanly_and_keeps_the_match() -> None:
    status, text, keyboard = play(["--seed", "3", *FAST], first_move, limit=2)
    assert status == 0
    assert len(keyboard.prompts) == 2
    assert "Bye. The match is saved in" in text


ASKING = ("move (", "(y/n", "potez", "(d/n", "потез", "(д/н")
"""What the prompts for a move and the yes/no questions say, in English, Serbian Latin and Cyrillic."""


def scripted(*answers: str) -> Answer:
    """Answers the move prompts and the yes/no questions with ``answers`` in turn, then ends the input (quits)."""
    queue = list(answers)

    def answer(prompt: str) -> str:
        if any(asking in prompt for asking in ASKING):
            return queue.pop(0) if queue else "q"
        return first_move(prompt)

    return answer


def screens(text: str) -> list[str]:
    """The tables drawn, each from its heading to the list of moves."""
    return re.findall(r"Deal \d+ · Match.*?\n\n1\)", text, flags=re.S)


def test_undo_takes_back_the_players_move_and_the_computers_answer() -> None:
    _, text, _ = play(["--seed", "6", *FAST], scripted("1", "u"))
    assert "Taken back: You" in text
    drawn = screens(text)
    assert len(drawn) == 3
    assert drawn[2] == drawn[0]


def test_undo_in_two_player_mode_takes_back_one_move() -> None:
    _, text, _ = play(["--seed", "5", "--hotseat"], scripted("1", "u"))
    drawn = screens(text)
    assert "Taken back: Player" in text
    assert drawn[0] == drawn[2]


def test_undo_before_any_move_says_there_is_nothing_to_take_back() -> None:
    _, text, _ = play(["--seed", "5", "--hotseat"], scripted("u"))
    assert "There is no move of yours to take back" in text


def test_hint_names_a_legal_move() -> None:
    _, text, _ = play(["--seed", "5", "--hotseat", "--seconds", "0.05"], scripted("h"))
    hint = re.search(r"Hint: (?:play|lead) \S+ \((\w+)\)", text)
    assert hint is not None
    deal = Match(first_dealer=1, seed=5).new_deal(packets=(4, 4))
    assert hint.group(1) in deal.legal_moves()


def test_moves_can_be_typed_as_codes_and_wrong_ones_are_explained() -> None:
    deal = Match(first_dealer=1, seed=5).new_deal(packets=(4, 4))
    legal = deal.legal_moves()
    not_available = next(code for code in ("AS", "TS", "AH", "TH", "AD") if code not in legal)
    _, text, _ = play(["--seed", "5", "--hotseat"], scripted("zz", not_available, "66", legal[-1].lower()))
    assert "'zz' is neither a move nor a command: type ? for help." in text
    assert f"Not possible: {card_plain(parse_card(not_available), Style())}" in text
    assert "66 is claimed automatically in this match (claim: auto)." in text
    assert re.search(r"Player 1 leads \S+", text)


def test_a_claim_out_of_its_moment_is_refused_with_the_rule_in_force() -> None:
    _, text, _ = play(["--seed", "5", "--hotseat", "--claim", "manual"], scripted("66"))
    assert "You can claim 66 only right after winning a trick or announcing a marriage." in text
    assert "claimed automatically" not in text


def marriage_seed() -> tuple[int, str]:
    """A match seed whose first deal lets the leader announce a marriage at once, and that king."""
    for seed in range(200):
        deal = Match(first_dealer=seed % 2, seed=seed).new_deal(packets=(4, 4))
        kings = [move for move in deal.legal_moves() if move.startswith("K") and move.endswith("m")]
        if kings:
            return seed, kings[0][:2]
    raise AssertionError("no seed under 200 deals a marriage to the leader")


@pytest.mark.parametrize("announce", ["y", "n"])
def test_choosing_a_king_that_could_marry_asks_whether_to_announce(announce: str) -> None:
    seed, king = marriage_seed()
    _, text, keyboard = play(["--seed", str(seed), "--hotseat"], scripted(king, announce))
    assert any("Announce the marriage with" in prompt for prompt in keyboard.prompts)
    assert ("announces the marriage" in text) == (announce == "y")


@pytest.mark.parametrize("back", ["", "u"], ids=["Enter", "u"])
def test_the_marriage_question_goes_back_to_the_move_prompt_on_enter_or_u(back: str) -> None:
    seed, king = marriage_seed()
    _, text, keyboard = play(["--seed", str(seed), "--hotseat"], scripted(king, back, "q"))
    asked = next(i for i, prompt in enumerate(keyboard.prompts) if "Announce the marriage with" in prompt)
    assert "Enter or u: another move" in keyboard.prompts[asked]
    assert "move (" in keyboard.prompts[asked + 1]  # asked for a move again, nothing played
    assert "Please answer" not in text
    assert not re.search(r"(leads|plays) ", text.split("Announce the marriage with")[-1])


def test_a_marriage_can_be_announced_by_typing_its_code() -> None:
    seed, king = marriage_seed()
    _, text, keyboard = play(["--seed", str(seed), "--hotseat"], scripted(king + "m"))
    assert "announces the marriage" in text
    assert not any("Announce the marriage with" in prompt for prompt in keyboard.prompts)


def test_manual_claim_hides_the_points_and_a_false_claim_gives_the_opponent_2() -> None:
    output = io.StringIO()

    def claim_when_offered(prompt: str) -> str:
        return "66" if ") claim 66" in keyboard.shown and "move (" in prompt else first_move(prompt)

    keyboard = Keyboard(output, claim_when_offered, limit=400)
    main(["--seed", "2", "--claim", "manual", "--hotseat", "--target", "2"], input=keyboard, output=output)
    text = output.getvalue()
    assert "claim 66" in text
    assert "score hidden" in text
    assert not re.search(r"score \d", text)
    assert "claimed 66 with only" in text
    assert "a false claim gives Player" in text


def test_under_manual_claim_the_computer_claims_and_never_falsely() -> None:
    def never_claim(prompt: str) -> str:
        return "n" if "Claim 66 now?" in prompt else first_move(prompt)

    status, text, _ = play(["--seed", "14", "--claim", "manual", *FAST], never_claim)
    assert status == 0
    assert "Computer claims 66." in text
    assert "Computer claimed 66 with only" not in text
    assert re.search(r"wins? the match", text)


def test_ascii_output_has_no_unicode_and_unicode_output_draws_suits() -> None:
    _, ascii_text, _ = play(["--seed", "7", "--target", "1", "--ascii", *FAST])
    _, unicode_text, _ = play(["--seed", "7", "--target", "1", *FAST])
    assert ascii_text.isascii()
    assert any(suit in unicode_text for suit in "♠♥♦♣")


class Terminal(io.StringIO):
    """Output that says it is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("argv", "output", "environment", "coloured"),
    [
        ([], io.StringIO, {}, False),
        ([], Terminal, {}, True),
        (["--no-color"], Terminal, {}, False),
        ([], Terminal, {"NO_COLOR": "1"}, False),
        ([], Terminal, {"NO_COLOR": ""}, True),  # https://no-color.org: only a NO_COLOR with a value counts
        ([], Terminal, {"TERM": "dumb"}, False),
    ],
    ids=["pipe", "terminal", "--no-color", "NO_COLOR", "empty NO_COLOR", "dumb terminal"],
)
def test_colour_only_on_a_terminal_that_shows_it_and_never_with_no_color(
    argv: list[str],
    output: type[io.StringIO],
    environment: dict[str, str],
    coloured: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    shown = output()
    main(["--seed", "7", *argv, *FAST], input=Keyboard(shown, lambda prompt: "q"), output=shown)
    assert ("\x1b[31m" in shown.getvalue()) == coloured


def test_help_lists_the_options() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    for option in ("--seed", "--level", "--must-beat", "--claim", "--dealer", "--draw-bonus", "--target"):
        assert option in out.getvalue()
    for option in ("--packets", "--hotseat", "--ascii", "--no-color"):
        assert option in out.getvalue()


def help_text(argv: list[str]) -> str:
    """What ``--help`` (in ``argv``) writes."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 0
    return out.getvalue()


@pytest.mark.parametrize(
    ("argv", "locale", "usage", "described"),
    [
        (["--lang", "sr-Latn", "--help"], "", "upotreba: ", "opcije: -h, --help prikazuje ovu pomoć i izlazi"),
        (["--help", "--lang=sr-Cyrl"], "", "употреба: ", "јачина рачунара (подразумевано expert)"),
        (["--help"], "sr_RS.UTF-8", "употреба: ", "опције правила: --must-beat"),
        (["--help"], "sr_RS.UTF-8@latin", "upotreba: ", "bez ANSI boja (isto kao kad je postavljen NO_COLOR)"),
        (["--help"], "sr_RS.UTF-8", "употреба: ", "без Unicode знакова --no-color без ANSI боја"),  # noqa: RUF001
        (["--help"], "sr_RS.UTF-8", "употреба: ", "(запис партије у формату JSON;"),  # noqa: RUF001
        (["--lang", "en", "--help"], "sr_RS.UTF-8", "usage: ", "computer strength (default expert)"),
    ],
)
def test_the_help_speaks_the_language_the_game_would(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], locale: str, usage: str, described: str
) -> None:
    if locale:
        monkeypatch.setenv("LANG", locale)
    monkeypatch.setenv("XDG_STATE_HOME", "/srv/x")  # the save file's default, named in the help: no English in it
    shown = help_text(argv)
    assert shown.startswith(usage)
    assert described in flat(shown)
    if usage != "usage: ":
        words = set(re.findall(r"[a-z]+", flat(shown)))
        assert not {"default", "options", "computer", "the"} & words, "no English"


@pytest.mark.parametrize(
    ("encoding", "language", "usage", "error"),
    [
        ("cp1250", "sr-Cyrl", "upotreba: ", "greška: nepoznate opcije: --bogus"),
        ("cp1250", "sr-Latn", "upotreba: ", "greška: nepoznate opcije: --bogus"),
        ("ascii", "sr-Latn", "usage: ", "error: unrecognized arguments: --bogus"),
        ("latin-1", "sr-Cyrl", "usage: ", "error: unrecognized arguments: --bogus"),
    ],
)
def test_the_help_and_a_mistyped_option_speak_a_language_the_output_can_write(
    encoding: str, language: str, usage: str, error: str
) -> None:
    # --help --lang sr-Cyrl on a Windows code page ended in a UnicodeEncodeError traceback, and a mistyped option on
    # an ASCII output wrote "gre\u0161ka" (standard error's escapes).
    def stream(errors: str) -> io.TextIOWrapper:
        return io.TextIOWrapper(io.BytesIO(), encoding=encoding, errors=errors)

    def written(wrapper: io.TextIOWrapper) -> str:
        wrapper.flush()
        return wrapper.buffer.getvalue().decode(encoding)  # type: ignore[attr-defined]

    for argv, code in ((["--help", "--lang", language], 0), (["--bogus", "--lang", language], 2)):
        out, err = stream("strict"), stream("backslashreplace")
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), pytest.raises(SystemExit) as exit_info:
            main(argv)
        assert exit_info.value.code == code
        shown = written(out) if code == 0 else written(err)
        assert shown.startswith(usage) and "\\u" not in shown
        if code:
            assert error in shown


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_help_names_the_rules_option_and_no_file_an_installed_game_lacks(language: str) -> None:
    # It said "The rules: docs/rules.md", a file of the sources that no installed package has.
    shown = flat(help_text(["--help", "--lang", language]))
    assert "otv66 --rules." in shown
    assert "docs/" not in shown


@pytest.mark.parametrize(
    ("language", "first_line", "last_lines"),
    [
        (
            "en",
            "# Open 66 (Otvoreni „66“): the rules this project implements",
            "in Serbian: otv66 --rules --lang sr-Latn",
        ),
        ("sr-Latn", "OTVORENI „66“", "na engleskom: otv66 --rules --lang en"),
        ("sr-Cyrl", "ОТВОРЕНИ „66“", "на енглеском: otv66 --rules --lang en"),
    ],
)
def test_rules_shows_the_rules_in_the_games_language_and_where_the_other_languages_are(
    language: str, first_line: str, last_lines: str
) -> None:
    output = io.StringIO()
    assert main(["--rules", "--lang", language], input=io.StringIO(), output=output) == 0
    shown = output.getvalue()
    assert shown.splitlines()[0] == first_line
    assert flat(shown).endswith(last_lines)
    assert ("Card points: **A = 11, 10 = 10, K = 4" in shown) == (language == "en")
    assert "Ви сте на потезу" not in shown and "Your move" not in shown and "Vi ste" not in shown, "no game"


def test_bad_options_are_refused() -> None:
    for argv in (
        ["--packets", "3,5"],
        ["--level", "grandmaster"],
        ["--target", "0"],
        ["--claim", "sometimes"],
        ["--seconds", "nan"],
        ["--seconds", "1e9"],
    ):
        with contextlib.redirect_stderr(io.StringIO()), pytest.raises(SystemExit) as exit_info:
            main(argv, input=io.StringIO(), output=io.StringIO())
        assert exit_info.value.code == 2, argv


MISTYPED = [
    (["--level", "majstor"], {"arg_argument", "arg_choice"}, "opcija --level: nepoznata vrednost 'majstor' ("),
    (["--lvl", "x"], {"arg_unrecognized"}, "nepoznate opcije: --lvl x"),
    (["--seconds"], {"arg_argument", "arg_expected_one"}, "opcija --seconds: potrebna je jedna vrednost"),
    (["--seed", "x"], {"arg_argument", "arg_type"}, "opcija --seed: neispravna vrednost: 'x' (tip int)"),
    (["--l", "x"], {"arg_ambiguous"}, "nejasna opcija: --l može biti --level, --lang"),
    (["--save", "a", "--no-save"], {"arg_argument", "arg_not_allowed"}, "opcija --no-save: ne može uz opciju --save"),
    (["--hotseat=1"], {"arg_argument", "arg_ignored"}, "opcija --hotseat: ne prima vrednost: '1'"),
    (["--target", "0"], {"arg_argument", "arg_target"}, "opcija --target: '0': cilj je ceo broj od 1 do 99"),
    (
        ["--packets", "3,5"],
        {"arg_argument", "arg_packets"},
        "opcija --packets: '3,5': raspored čine paketi veličina 1, 2, 4 koji ukupno imaju 8 karata",
    ),
    (["--packets", "4,x"], {"arg_argument", "arg_packets"}, "opcija --packets: '4,x': raspored čine paketi"),
    (["--lang", "xx"], {"arg_argument", "arg_language"}, "opcija --lang: 'xx': izaberite jedan od jezika sr-Latn, "),
    (["--seed", "-1"], {"arg_seed"}, "--seed mora biti od 0 do 9007199254740991"),
    (["--seconds", "0"], {"arg_argument", "arg_seconds"}, "opcija --seconds: '0': vreme razmišljanja je broj sekundi"),
]
"""Mistyped command lines, the messages (:data:`ARGPARSE_MESSAGES`) they give and how the Serbian one begins."""


def refusal(argv: list[str]) -> list[str]:
    """The lines a refused command line writes (to standard error); the exit status must be 2."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit) as exit_info:
        main(argv, input=io.StringIO(), output=io.StringIO())
    assert exit_info.value.code == 2, argv
    return err.getvalue().splitlines()


def test_every_message_of_the_command_line_is_met_by_a_mistyped_one() -> None:
    assert set().union(*(keys for _argv, keys, _said in MISTYPED)) == set(ARGPARSE_MESSAGES)


@pytest.mark.parametrize(("argv", "keys", "said"), MISTYPED)
def test_a_mistyped_command_line_is_answered_in_the_games_language(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], keys: set[str], said: str
) -> None:
    # argparse wrote its messages in English ("argument --level: invalid choice: ...") under a Serbian help.
    monkeypatch.setenv("LANG", "sr_RS.UTF-8@latin")
    lines = refusal(argv)
    assert lines[0].startswith("upotreba: ")
    assert lines[-1].startswith(f"otv66: greška: {said}")
    monkeypatch.setenv("LANG", "sr_RS.UTF-8")
    assert refusal(argv)[-1].startswith("otv66: грешка: ")
    # In English the message is argparse's own, word for word: the wording the Serbian one was recognised by.
    monkeypatch.setenv("LANG", "C.UTF-8")
    english = refusal(argv)[-1]
    monkeypatch.setattr(terminal_options, "translated_message", lambda message, _text: message)
    assert english == refusal(argv)[-1]
    assert english.startswith("otv66: error: ")


def test_the_players_packet_plan_is_used_when_he_deals() -> None:
    # the first dealer of a seeded match is seed % 2: seed 0 makes the player (player 0) deal first
    _, text, _ = play(["--seed", "0", "--packets", "2,2,2,2", *FAST], scripted())
    assert "Deal 1: you deal in packets of 2-2-2-2." in text


def test_packet_plans_are_every_way_to_make_8_from_1_2_and_4() -> None:
    plans = packet_plans()
    assert all(sum(plan) == 8 and set(plan) <= {1, 2, 4} for plan in plans)
    assert len(plans) == len(set(plans))
    assert {(4, 4), (2, 2, 2, 2), (1, 2, 1, 4), (1,) * 8} <= set(plans)
    assert parse_packets("1, 2,1,4") == (1, 2, 1, 4)


def test_typed_codes_are_read_in_the_engines_form() -> None:
    assert normalise_move("khm") == "KHm"
    assert normalise_move("10h") == "TH"
    assert normalise_move(" qs ") == "QS"


# ---------------------------------------------------------------------- pictures


def test_a_fresh_table_shows_every_face_up_card_over_a_face_down_marker() -> None:
    view = Deal.from_seed(9, dealer=0).view()
    style = Style(unicode=False)
    lines = draw_piles(view, 1, style, across=False)
    assert len(lines) == 4
    assert sorted(" ".join(lines[0::2]).split()) == sorted(card_plain(top, style) for top, _ in view.piles[1])
    assert lines[1].split() == ["###"] * 4
    assert lines[3].split() == ["###"] * 4


def test_the_dealers_trump_card_is_marked_and_an_emptied_pile_is_blank() -> None:
    deal = Deal.from_seed(9, dealer=0)
    style = Style(unicode=False)
    assert draw_piles(deal.view(), 0, style, across=False)[2].endswith("*")  # pile 7 ends the near row
    assert "*" not in "".join(draw_piles(deal.view(), 1, style, across=False))
    while all(top != NO_CARD for top, _ in deal.view().piles[1]):
        deal.play(deal.legal_moves()[0])
    view = deal.view()
    empty = next(index for index, (top, _) in enumerate(view.piles[1]) if top == NO_CARD)
    lines = draw_piles(view, 1, style, across=False)
    row, marks = (lines[0], lines[1]) if empty < 4 else (lines[2], lines[3])
    column = 2 + (empty % 4) * 6
    assert row[column : column + 6].strip() == ""
    assert marks[column : column + 6].strip() == ""


def test_the_table_across_is_drawn_turned_half_round() -> None:
    view = Deal.from_seed(9, dealer=0).view()
    style = Style(unicode=False)
    near = draw_piles(view, 1, style, across=False)
    across = draw_piles(view, 1, style, across=True)
    assert across[0].split() == list(reversed(near[2].split()))
    assert across[2].split() == list(reversed(near[0].split()))


def test_the_screen_shows_trump_trick_scores_and_hides_points_under_manual_claim() -> None:
    deal = Deal.from_seed(9, dealer=0)
    deal.play(deal.legal_moves()[0])
    names = screen_names("computer", default_names("computer", "beginner"))
    screen = draw_screen(deal.view(), names, Style(), bottom=0, heading="Deal 1")
    assert screen.startswith("Deal 1\nTrump ")
    assert "Computer led" in screen
    assert "you to answer" in screen
    assert "score 0" in screen
    hidden = draw_screen(deal.view(), names, Style(), hide_points=True)
    assert "score hidden" in hidden
    assert "score 0" not in hidden


def test_menu_marks_the_cards_that_can_announce_a_marriage() -> None:
    line = menu_line(["KH", "QH", "9S", "66"], ["KH", "KHm", "QH", "QHm", "9S", "66"], Style(unicode=False))
    assert line == "1) KHm  2) QHm  3) 9S  4) claim 66"


def test_the_rules_in_play_are_said_in_words() -> None:
    assert rules_line(Rules()) == (
        "Rules: follow suit (no need to beat); 66 is announced for you; the winner deals next."
    )
    line = rules_line(Rules(must_beat=True, claim="manual", dealer="alternate", draw_bonus=True))
    assert "beat the led card" in line
    assert "claim 66 yourself" in line
    assert "deal in turn" in line
    assert "1 extra game point" in line


NAMES = screen_names("computer", default_names("computer", "beginner"))


@pytest.mark.parametrize(
    ("tricks", "loser_score", "points", "why"),
    [
        ([5, 0], 0, 3, "Computer won no trick: 3 game points to the winner."),
        ([5, 1], 0, 2, "Computer has less than 33: 2 game points to the winner."),
        ([5, 3], 32, 2, "Computer has less than 33: 2 game points to the winner."),
        ([5, 4], 33, 1, "Computer has 33 or more: 1 game point to the winner."),
    ],
)
def test_the_deal_end_explains_1_2_or_3_game_points(tricks: list[int], loser_score: int, points: int, why: str) -> None:
    result = {"winner": 0, "game_points": points, "scores": [70, loser_score], "tricks": tricks, "reason": "reached_66"}
    text = explain_result(result, NAMES, award=points, dealer=0, bonus=0)
    assert text == f"You reached 66, 70 to {loser_score}. {why}"


def test_the_deal_end_explains_a_draw_a_false_claim_a_played_out_deal_and_the_draw_bonus() -> None:
    draw = {"winner": None, "game_points": 0, "scores": [65, 65], "tricks": [8, 8], "reason": "draw"}
    assert explain_result(draw, NAMES, award=0, dealer=1, bonus=1) == (
        "Draw at 65 to 65: no game points, and Computer deals again. "
        "The winner of the next deal gets 1 extra game point."
    )
    false = {"winner": 1, "game_points": 2, "scores": [40, 20], "tricks": [3, 1], "reason": "false_claim"}
    assert explain_result(false, NAMES, award=2, dealer=0, bonus=0) == (
        "You claimed 66 with only 40 points: a false claim gives Computer 2 game points."
    )
    out = {"winner": 1, "game_points": 1, "scores": [60, 70], "tricks": [8, 8], "reason": "played_out"}
    assert explain_result(out, NAMES, award=2, dealer=0, bonus=0) == (
        "All 16 tricks were played without a claim; Computer has the higher score, 70 to 60. "
        "You have 33 or more: 1 game point to the winner. Plus 1 for the drawn deal before: 2 game points."
    )


def test_draws_in_a_row_are_each_counted_in_the_bonus_said() -> None:
    """docs/rules.md 8: each drawn deal in a row adds its own extra point. The second draw still said "1 extra game
    point", and the deal after it "for the drawn deal before" of the 2 it added."""
    draw = {"winner": None, "game_points": 0, "scores": [65, 65], "tricks": [8, 8], "reason": "draw"}
    won = {"winner": 1, "game_points": 1, "scores": [60, 70], "tricks": [8, 8], "reason": "played_out"}
    assert explain_result(draw, NAMES, award=0, dealer=1, bonus=2).endswith(
        "The winner of the next deal gets 2 extra game points."
    )
    assert explain_result(won, NAMES, award=3, dealer=0, bonus=0).endswith(
        "Plus 2 for the drawn deals before: 3 game points."
    )
    serbian = Texts.of("sr-Latn")
    assert explain_result(draw, NAMES, award=0, dealer=1, bonus=2, text=serbian).endswith(
        "Pobednik sledećeg deljenja dobija 2 poena partije više."
    )
    assert explain_result(won, NAMES, award=3, dealer=0, bonus=0, text=serbian).endswith(
        "Uz to 2 za prethodna nerešena deljenja: ukupno 3 poena partije."
    )


def test_the_move_prompt_takes_the_words_a_player_tries_and_says_what_it_takes() -> None:
    _, text, _ = play(["--seed", "6", *FAST], scripted("help", "blah", "99", "hint", "undo", "quit"))
    assert "Type the number of a move from the list, or its card code" in text
    assert "'blah' is neither a move nor a command: type ? for help." in text
    assert re.search(r"There is no move 99: choose a number from 1 to \d\.", text)
    assert "Hint: " in text
    assert "There is no move of yours to take back in this deal." in text
    assert "\nBye. The match is saved in" in text


@pytest.mark.parametrize(
    ("argv", "prog", "says"),
    [
        ([], "otv66", "The full rules of the game: otv66 --rules"),
        (["--lang", "en"], "python -m otv66", "The full rules of the game: python -m otv66 --lang en --rules"),
        (["--lang", "sr-Latn"], "otv66", "Potpuna pravila igre: otv66 --lang sr-Latn --rules"),
        (["--lang", "sr-Cyrl"], "otv66", "Потпуна правила игре: otv66 --lang sr-Cyrl --rules"),
    ],
)
def test_the_help_at_the_move_prompt_says_how_to_read_the_full_rules(argv: list[str], prog: str, says: str) -> None:
    # The ? help explained the keys but never named --rules: the rules were only in --help.
    output = io.StringIO()
    main(
        [*argv, "--seed", "6", "--no-save", *FAST], input=Keyboard(output, scripted("?", "q")), output=output, prog=prog
    )
    assert says in output.getvalue().splitlines()


# ---------------------------------------------------------------------- the save file


def flat(text: str) -> str:
    """``text`` with its line breaks as spaces: a sentence reads the same however it was wrapped."""
    return " ".join(text.split())


def test_the_next_start_goes_on_with_the_match_where_it_was_left(save_file_in_tmp: Path) -> None:
    _, first, _ = play(["--seed", "6", *FAST], scripted("1", "1", "q"))
    status, again, keyboard = play(FAST, scripted("y", "q"))
    assert status == 0
    assert keyboard.prompts[0] == "Go on with it? If not (n), a new match takes its place. (y/n) "
    assert re.search(r"An unfinished match against the computer \(beginner\) is saved in .*match\.json", flat(again))
    assert "Match seed 6, resumed." in flat(again)
    assert screens(again)[0] == screens(first)[-1]
    assert flat(again).endswith(f"Bye. The match is saved in {save_file_in_tmp}. To go on with it: otv66")


def test_a_saved_match_names_its_players_as_the_page_does(save_file_in_tmp: Path) -> None:
    # The page showed a terminal's record as "You" and "Computer", in English on a Serbian page, the level lost.
    play(["--seed", "6", *FAST], scripted("1", "q"))
    assert record.loads(save_file_in_tmp.read_text(encoding="utf-8")).players == ("Player", f"Computer ({FAST[1]})")
    play(["--seed", "6", "--hotseat"], scripted("n", "1", "q"))
    assert record.loads(save_file_in_tmp.read_text(encoding="utf-8")).players == ("Player 1", "Player 2")


def test_the_resumed_match_keeps_its_own_rules_opponent_and_seed(save_file_in_tmp: Path) -> None:
    play(["--seed", "6", "--hotseat", "--claim", "manual", "--target", "3"], scripted("1", "q"))
    _, again, _ = play(["--seed", "99", "--level", "master"], scripted("y", "q"))
    assert "Open 66, first to 3 game points. Match seed 6, resumed." in flat(again)
    assert "claim 66 yourself" in again
    assert re.search(r"Player [12], your move", again)
    assert "Computer" not in again


def test_declining_the_saved_match_starts_a_new_one_in_its_place(save_file_in_tmp: Path) -> None:
    play(["--seed", "6", *FAST], scripted("1", "q"))
    _, text, _ = play(["--seed", "9", *FAST], scripted("n", "q"))
    assert "Match seed 9." in text
    assert record.loads(save_file_in_tmp.read_text(encoding="utf-8")).seed == 9


def test_q_between_deals_quits_and_the_next_start_deals_the_next_deal(save_file_in_tmp: Path) -> None:
    def quit_between_deals(prompt: str) -> str:
        return "q" if "Press Enter" in prompt else first_move(prompt)

    _, text, keyboard = play(["--seed", "12", *FAST], quit_between_deals)
    assert keyboard.prompts[-1] == "Press Enter for the next deal (q quits). "
    assert "Bye. The match is saved in" in text
    _, again, _ = play(FAST, scripted("y", "q"))
    assert "Deal 2: " in again
    assert "Deal 1" not in again


def test_a_finished_match_stays_in_the_save_file_and_is_not_offered_again(save_file_in_tmp: Path) -> None:
    play(["--seed", "8", "--target", "1", *FAST])
    assert record.loads(save_file_in_tmp.read_text(encoding="utf-8")).is_over
    _, text, keyboard = play(["--seed", "9", "--target", "1", *FAST])
    assert not any("Go on with it" in prompt for prompt in keyboard.prompts)
    assert "Match seed 9." in text


def test_with_no_save_file_quitting_says_the_match_is_lost(save_file_in_tmp: Path) -> None:
    _, text, _ = play(["--seed", "3", "--no-save", *FAST], one_move_then(press_q))
    assert text.endswith("Bye. This match is not saved.\n")
    assert not save_file_in_tmp.parent.exists()


def test_without_a_home_folder_the_match_is_played_unsaved_after_a_one_line_notice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")  # what Path.home() raises then

    monkeypatch.delenv("XDG_STATE_HOME")
    monkeypatch.setattr(Path, "home", no_home)
    status, text, _ = play(["--seed", "3", *FAST], one_move_then(press_q))
    assert status == 0
    assert "Traceback" not in text
    assert text.count("There is no home folder to keep the match in") == 1
    assert flat(text).endswith("Bye. This match is not saved.")
    assert "default none: no home folder" in flat(build_parser().format_help())


def test_the_command_that_goes_on_keeps_the_language_chosen(tmp_path: Path) -> None:
    path = tmp_path / "partija.json"
    _, text, _ = play(["--seed", "3", "--lang", "sr-Cyrl", "--save", str(path), *FAST], one_move_then(lambda _: "к"))
    assert flat(text).endswith(f"За наставак: otv66 --lang sr-Cyrl --save {path}")  # noqa: RUF001


def test_another_save_file_is_named_in_the_command_that_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "my match.json"
    _, text, _ = play(["--seed", "3", "--save", str(path), *FAST], one_move_then(press_q))
    assert flat(text).endswith(f"To go on with it: otv66 --save '{path}'")
    assert record.loads(path.read_text(encoding="utf-8")).seed == 3


@pytest.mark.parametrize(
    "content",
    [
        b"{",
        b'{"format": "otv66-record/1", "deals": 3}',
        b'{"format": "otv66-record/1", "level": "god", "opponent": "computer"}',
        b"\xff\xfe not UTF-8",
    ],
    ids=["not JSON", "not a record", "unknown level", "not UTF-8"],
)
def test_an_unreadable_save_file_is_kept_aside_and_a_new_match_is_saved(save_file_in_tmp: Path, content: bytes) -> None:
    save_file_in_tmp.parent.mkdir()
    save_file_in_tmp.write_bytes(content)
    _, text, _ = play(["--seed", "3", *FAST], one_move_then(press_q))
    aside = save_file_in_tmp.with_name("match.json.unreadable")
    assert aside.read_bytes() == content
    assert re.search(
        rf"The match saved in {re.escape(str(save_file_in_tmp))} cannot be read \(.+\); it is kept as", flat(text)
    )
    assert record.loads(save_file_in_tmp.read_text(encoding="utf-8")).seed == 3


def test_a_save_file_of_a_newer_version_is_left_as_it_is(save_file_in_tmp: Path) -> None:
    newer = '{"format": "otv66-record/3", "deals": []}'
    save_file_in_tmp.parent.mkdir()
    save_file_in_tmp.write_text(newer, encoding="utf-8")
    _, text, _ = play(["--seed", "3", *FAST], one_move_then(press_q))
    assert save_file_in_tmp.read_text(encoding="utf-8") == newer
    assert "was written by a newer version of otv66" in flat(text)
    assert flat(text).endswith("Bye. This match is not saved.")


def test_a_save_file_that_cannot_be_written_is_said_once_and_given_up(tmp_path: Path) -> None:
    (tmp_path / "a file").write_text("")
    path = tmp_path / "a file" / "match.json"
    _, text, _ = play(["--seed", "3", "--save", str(path), *FAST], scripted("1", "1", "q"))
    assert flat(text).count(f"The match cannot be saved in {path}") == 1
    assert flat(text).endswith("Bye. This match is not saved.")


def test_a_record_made_with_the_library_is_played_on_in_the_terminal(save_file_in_tmp: Path) -> None:
    match = Match(players=("Ана", "Марко"), first_dealer=1, seed=4)
    deal = match.new_deal()
    deal.play(deal.legal_moves()[0])
    save_file_in_tmp.parent.mkdir()
    save_file_in_tmp.write_text(record.dumps(match), encoding="utf-8")
    _, text, _ = play([], scripted("y", "1", "q"))
    assert "An unfinished match of two people is saved in" in flat(text)
    assert "Match to 7: Ана: 0, Марко: 0" in text
    assert "Марко, your move" in text
    saved = record.loads(save_file_in_tmp.read_text(encoding="utf-8"))
    assert saved.players == ("Ана", "Марко")
    assert saved.deals[0].moves[0] == deal.moves[0]
    assert len(saved.deals[0].moves) == 2


# ---------------------------------------------------------------------- narrow terminals and typed input


@pytest.mark.parametrize("seed", range(8))
def test_every_line_fits_an_80_column_terminal_coloured_or_not(seed: int) -> None:
    """Random two-person matches under every rule option: the long sentences (a waiting marriage that now
    counts, a draw bonus in the heading, two waiting marriages) are wrapped, colour codes taking no room,
    and no line ends in spaces (a row of piles whose face-down cards have all turned up); in each language."""
    chance = random.Random(seed)

    def answer(prompt: str) -> str:
        if "/n" in prompt or "/н" in prompt:  # yes or no, in English or Serbian
            return (
                "n"
                if any(again in prompt for again in ("Play again", "Još jedna", "Још једна"))
                else chance.choice("yn")
            )
        if "Enter" in prompt:
            return ""
        return chance.choice(re.findall(r"(\d+)\) ", ANSI_CODE.sub("", keyboard.shown)) or ["1"])

    rules = ["--claim", "manual"] if seed % 2 else ["--draw-bonus", "--must-beat"]
    rules += ["--lang", LANGUAGES[seed % len(LANGUAGES)]]
    output = Terminal()
    keyboard = Keyboard(output, answer)
    main(["--seed", str(seed), "--hotseat", "--target", "3", "--no-save", *rules], input=keyboard, output=output)
    for line in output.getvalue().splitlines():
        written = next((prompt for prompt in keyboard.prompts if prompt and line.startswith(prompt)), None)
        if written is None:  # not a prompt's line, which ends with the answer typed after the prompt
            assert not line.endswith(" "), line
        assert visible_width(written or line) <= WIDTH, line
    assert "\x1b[31m" in output.getvalue()


def test_a_number_is_read_only_from_plain_digits() -> None:
    _, text, _ = play(["--seed", "6", *FAST], scripted("²", "٣", "q"))
    assert "Traceback" not in text
    assert "'²' is neither a move nor a command: type ? for help." in text
    assert "Bye." in text


def test_an_arrow_key_typed_where_no_line_is_edited_is_quoted_as_question_marks_not_sent_to_the_screen() -> None:
    """Left arrow at a terminal without line editing reached the game as ESC [ D, quoted back raw: the cursor moved."""
    _, text, _ = play(["--seed", "6", *FAST], scripted("S\x1b[DJ", "q"))
    assert "'S?[DJ' is neither a move nor a command" in text


def test_a_real_terminal_gets_line_editing_where_python_has_readline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "readline", raising=False)
    line_editing()
    assert "readline" in sys.modules or importlib.util.find_spec("readline") is None


def test_cards_can_be_typed_with_the_suits_as_drawn() -> None:
    assert normalise_move("K♥") == "KH"
    assert normalise_move("10♦") == "TD"
    assert normalise_move("q♠m") == "QSm"
    assert normalise_move("A♧") == "AC"


# ---------------------------------------------------------------------- Serbian, Latin and Cyrillic


def first_move_in_serbian(prompt: str) -> str:
    """:func:`first_move` in Serbian: plays the first listed move, "da" to every question but another match
    (typed in the prompt's script)."""
    if "Još jedna partija?" in prompt:
        return "n"
    if "Још једна партија?" in prompt:
        return "н"
    if "(d/n" in prompt:
        return "d"
    if "(д/н" in prompt:
        return "да"
    if "Enter" in prompt:
        return ""
    return "1"


ENGLISH_WORDS = re.compile(
    r"\b(You|Your|Computer|Player|trick|tricks|point|points|score|Deal|Match|wins?|the|Trump|Bye)\b"
)
"""Words of the English texts that no Serbian text has."""


def check_serbian_counts(text: str, words: tuple[str, str, str]) -> int:
    """Every number before one of ``words`` (one, few, many) takes the form :func:`serbian_plural` says;
    returns how many were checked."""
    found = re.findall(rf"(\d+) ({'|'.join(words)})\b", text)
    for number, word in found:
        assert word == words[("one", "few", "many").index(serbian_plural(int(number)))], f"{number} {word}"
    return len(found)


def test_a_match_in_serbian_latin_says_everything_in_serbian_with_its_grammar() -> None:
    status, text, keyboard = play(["--seed", "12", "--lang", "sr-Latn", *FAST], first_move_in_serbian)
    assert status == 0
    assert text.startswith("Otvoreni 66 protiv računara (početnik), partija do 7 poena. Seme partije: 12.\n")
    assert "Pravila: boja se poštuje (nadjačavanje nije obavezno); 66 se prijavljuje" in text
    assert re.search(r"^Deljenje 1: (deli Računar|Vi delite) po \d(-\d)+\.$", text, flags=re.M)
    assert re.search(r"Partiju dobija Računar, \d+ : \d+\.|Dobili ste partiju, \d+ : \d+\.", text)
    final = re.findall(r"Partija do 7: Vi: (\d+), Računar: (\d+)\.", text)[-1]
    assert max(int(points) for points in final) >= 7
    assert "Vi ste na potezu (broj ili kod kao KH; u nazad, h savet, k kraj, ? pomoć): " in keyboard.prompts
    assert keyboard.prompts[-1] == "Još jedna partija? (d/n) "
    assert re.search(r"^Štih \d+: (Vi igrate prvu kartu|prvu kartu igra Računar)\.$", text, flags=re.M)
    assert re.search(r"Štih (nosite Vi|nosi Računar) \(\d+ poena?\)", text)
    assert re.search(r"(ima|imate|nema|nemate) .*: pobedniku \d poena? partije\.", flat(text))
    assert check_serbian_counts(text, ("štih", "štiha", "štihova")) > 10
    assert check_serbian_counts(text, ("poen", "poena", "poena")) > 10
    assert not ENGLISH_WORDS.search(text), ENGLISH_WORDS.search(text)
    assert not any(ENGLISH_WORDS.search(prompt) for prompt in keyboard.prompts)


def test_a_match_in_serbian_cyrillic_is_the_latin_one_transliterated() -> None:
    _, latin, _ = play(["--seed", "12", "--lang", "sr-Latn", *FAST], first_move_in_serbian)
    status, cyrillic, keyboard = play(["--seed", "12", "--lang", "sr-Cyrl", *FAST], first_move_in_serbian)
    assert status == 0
    assert cyrillic.startswith("Отворени 66 против рачунара (почетник), партија до 7 поена. Семе партије: 12.\n")
    assert "Ви сте на потезу (број или код као КХ; у назад, х савет, к крај, ? помоћ): " in keyboard.prompts  # noqa: RUF001 (Cyrillic keys on purpose)
    assert re.search(r"Партију добија Рачунар, \d+ : \d+\.|Добили сте партију, \d+ : \d+\.", cyrillic)
    assert check_serbian_counts(cyrillic, ("штих", "штиха", "штихова")) > 10
    # the only Latin letters left: the cards' ranks, the marriage mark and the key Enter
    assert set(re.findall(r"[A-Za-z]+", cyrillic)) <= {"A", "K", "Q", "J", "m", "Enter"}
    assert len(cyrillic.splitlines()) == len(latin.splitlines())


def test_two_people_in_serbian_are_player_1_and_player_2_addressed_formally() -> None:
    status, text, keyboard = play(
        ["--seed", "4", "--hotseat", "--target", "3", "--lang", "sr-Latn"], first_move_in_serbian
    )
    assert status == 0
    assert any(prompt.startswith("Igrač 1, Vaš potez (") for prompt in keyboard.prompts)
    assert re.search(r"Partiju dobija Igrač [12], \d+ : \d+\.", text)
    assert "Računar" not in text
    assert not ENGLISH_WORDS.search(text), ENGLISH_WORDS.search(text)


@pytest.mark.parametrize(
    ("language", "match_to", "player"),
    [("en", "Match to 3", "Player"), ("sr-Latn", "Partija do 3", "Igrač"), ("sr-Cyrl", "Партија до 3", "Играч")],
)
def test_two_peoples_match_score_sets_the_game_points_apart_from_the_names_that_end_in_a_digit(
    language: str, match_to: str, player: str
) -> None:
    # It read "Igrač 1 2, Igrač 2 0": the game points ran into the players' numbers.
    answer = first_move if language == "en" else first_move_in_serbian
    _, text, _ = play(["--seed", "4", "--hotseat", "--target", "3", "--lang", language], answer)
    score = re.compile(rf"{match_to}: {player} 1: (\d), {player} 2: (\d)\.?$")
    lines = [line for line in text.splitlines() if match_to in line]  # each deal's heading and end
    found = [score.search(line) for line in lines]
    assert len(lines) > 2
    assert all(found), [line for line, match in zip(lines, found, strict=True) if match is None]
    assert any(match and match.groups() != ("0", "0") for match in found)


def test_a_saved_match_of_two_people_is_offered_with_the_same_score_line(save_file_in_tmp: Path) -> None:
    play(["--seed", "4", "--hotseat"], scripted("1", "q"))
    _, text, _ = play([], scripted("n", "q"))
    assert "is saved in " + str(save_file_in_tmp) + " (Match to 7: Player 1: 0, Player 2: 0; deal 1)." in flat(text)


def test_in_serbian_moves_are_typed_with_serbian_letters_and_wrong_ones_explained_in_serbian() -> None:
    deal = Match(first_dealer=1, seed=5).new_deal(packets=(4, 4))
    legal = deal.legal_moves()
    not_available = next(code for code in ("AS", "TS", "AH", "TH", "AD") if code not in legal)
    serbian = {"S": "P", "H": "H", "D": "K", "C": "T"}
    rank = {"T": "10", "Q": "D", "J": "Ž"}
    card = legal[-1]
    typed = rank.get(card[0], card[0]) + serbian[card[1]]
    answers = ("zz", "TK", not_available, "66", typed.lower())
    _, text, _ = play(["--seed", "5", "--hotseat", "--lang", "sr-Latn"], scripted(*answers))
    assert "„zz“ nije ni potez ni komanda: otkucajte ? za pomoć." in text
    assert "„TK“ nije ni potez ni komanda" in text
    drawn = card_plain(parse_card(not_available), Style())
    assert re.search(rf"Ne može: karta {drawn} (je već odigrana|nije otvorena na Vašim gomilama)\.", text)
    assert "U ovoj partiji se 66 prijavljuje automatski." in text
    assert re.search(r"Igrač 1 igra \S+", text)
    assert not ENGLISH_WORDS.search(text), ENGLISH_WORDS.search(text)


@pytest.mark.parametrize(("typed", "language"), [("AP", "sr-Latn"), ("ап", "sr-Cyrl"), ("AS", "en")])
def test_a_card_refused_is_named_as_the_screen_draws_it_not_by_a_code_the_player_did_not_type(
    typed: str, language: str
) -> None:
    # The leader of seed 5 has no ace of spades face up: a Serbian player types AP (as pik), and was answered
    # about "AS", a code of the English letters.
    _, text, _ = play(["--seed", "5", "--hotseat", "--lang", language], scripted(typed))
    serbian = "Ne može: karta `A♠` nije otvorena"  # a card is drawn in Latin letters in either script
    refusal = {"sr-Latn": serbian, "sr-Cyrl": to_cyrillic(serbian)}
    refusal = {language: said.replace("`", "") for language, said in refusal.items()}
    assert refusal.get(language, "Not possible: A♠ is not a face-up card on your piles.") in text
    assert "AS" not in text.replace(typed, "")


def test_the_marriage_question_in_cyrillic_takes_a_cyrillic_answer() -> None:
    seed, king = marriage_seed()
    _, text, keyboard = play(["--seed", str(seed), "--hotseat", "--lang", "sr-Cyrl"], scripted(king, "да"))
    asked = next(prompt for prompt in keyboard.prompts if "маријаж" in prompt)
    assert asked.startswith("Пријавити маријаж уз K")
    assert asked.endswith("? (д/н; Enter или „у“: други потез) ")  # noqa: RUF001 (Cyrillic keys on purpose)
    assert "и пријављује маријаж" in text


CLAIM_QUESTION = {
    "en": "Player 2: Claim 66 now?",
    "sr-Latn": "Igrač 2: prijaviti 66 sada?",
    "sr-Cyrl": "Играч 2: пријавити 66 сада?",
}
"""The question to the second player of seed 5 under manual claim, after his marriage lead once he has a trick."""


def answer_the_claim_question(language: str, *answers: str) -> tuple[str, list[str]]:
    """Play seed 5 under manual claim, two people leading a marriage whenever they can, until Player 2 is asked
    whether he claims 66; answer it with ``answers``, then quit. Return what was written and the prompts."""
    question, queue = CLAIM_QUESTION[language], list(answers)

    def answer(prompt: str) -> str:
        if question in prompt:
            return queue.pop(0) if queue else "q"
        if any(question in asked for asked in keyboard.prompts):
            return "q"  # the question was answered: the test has seen what it wanted
        if re.search(r"\((y|d|д)/", prompt):
            return "d"  # announce the marriage (the answer "d" is "da" in every language)
        marriage = re.search(r"(\d+)\) \S+m\b", keyboard.shown)
        return marriage.group(1) if marriage else "1"

    output = io.StringIO()
    keyboard = Keyboard(output, answer, limit=200)
    main(["--seed", "5", "--hotseat", "--claim", "manual", "--lang", language], input=keyboard, output=output)
    return output.getvalue(), keyboard.prompts


@pytest.mark.parametrize(
    ("language", "answer", "claimed"),
    [
        ("sr-Cyrl", "да", "Играч 2 пријављује 66."),
        ("sr-Cyrl", "д", "Играч 2 пријављује 66."),
        ("sr-Cyrl", "ДА", "Играч 2 пријављује 66."),
        ("sr-Latn", "da", "Igrač 2 prijavljuje 66."),
        ("sr-Cyrl", "66", "Играч 2 пријављује 66."),
        ("sr-Latn", "66", "Igrač 2 prijavljuje 66."),
        ("en", "66", "Player 2 claims 66."),
    ],
)
def test_the_claim_question_takes_da_in_either_script_and_66_the_claims_own_code(
    language: str, answer: str, claimed: str
) -> None:
    # "66" was answered "Odgovorite sa „d“ (da) ili „n“ (ne)." and the question again.
    text, prompts = answer_the_claim_question(language, answer)
    assert sum(CLAIM_QUESTION[language] in prompt for prompt in prompts) == 1
    assert claimed in text


def test_an_answer_the_claim_question_does_not_know_is_said_so_and_the_question_asked_again() -> None:
    text, prompts = answer_the_claim_question("sr-Cyrl", to_cyrillic("ok"), "н")
    assert to_cyrillic("Igrač 2: prijaviti 66 sada? (d/n) ok\nOdgovorite sa „d“ (da) ili „n“ (ne).\n") in text
    assert sum(CLAIM_QUESTION["sr-Cyrl"] in prompt for prompt in prompts) == 2
    assert "пријављује 66" not in text


def test_in_cyrillic_the_move_prompt_names_the_keys_of_a_cyrillic_keyboard_and_takes_them() -> None:
    # It named the Latin u, h and q (a Cyrillic keyboard has no q: "к" was "neither a move nor a command"), and the
    # hint's code in the engine's Latin letters ("JS", not "ЖП").
    hint, undo, quit = to_cyrillic("h u k").split()
    _, text, keyboard = play(["--seed", "6", "--lang", "sr-Cyrl", *FAST], scripted("1", hint, undo, quit))
    assert keyboard.prompts[0] == to_cyrillic(
        "Vi ste na potezu (broj ili kod kao KH; u nazad, h savet, k kraj, ? pomoć): "
    )
    hint = next(line for line in text.splitlines() if line.startswith(to_cyrillic("Savet: ")))
    code = re.findall(r"\((\w+)\)\.$", hint)[0]
    assert not re.search("[A-Za-z]", code), f"{code}: a code a Cyrillic keyboard types"
    move = normalise_move(code, serbian=True)
    assert move is not None
    assert card_plain(parse_card(move[:2]), Style()) in hint
    assert "Враћено: Ви " in text
    assert len(keyboard.prompts) == 4, "к quit the game"
    assert to_cyrillic("Doviđenja. Partija je sačuvana u") in flat(text)


@pytest.mark.parametrize("language", ["sr-Latn", "sr-Cyrl"])
def test_the_serbian_help_names_z_for_zandar_only_for_a_keyboard_without_that_letter(language: str) -> None:
    # The Cyrillic help said "(Z за Ж)": a Latin key as the stand-in for Ж, a key every Cyrillic keyboard has.
    script = to_cyrillic if language == "sr-Cyrl" else str
    _, text, _ = play(["--seed", "6", "--no-save", "--lang", language, *FAST], scripted("?", "q"))
    assert script("Rang: A 10 K D Ž 9 8 7 (`Z` ako tastatura nema Ž),").replace("`", "") in flat(text)
    assert script("DK za damu karo") in flat(text)
    # the keys the help names are the ones the game reads: Ž (either script), or Z without it
    assert normalise_move(script("ŽK"), serbian=True) == normalise_move("ZK", serbian=True) == "JD"


def test_k_for_kraj_quits_in_serbian_also_between_deals_but_is_a_king_half_typed_in_english() -> None:
    def k_after_the_deal(prompt: str) -> str:
        return "k" if prompt.startswith("Pritisnite Enter") else first_move_in_serbian(prompt)

    _, text, keyboard = play(["--seed", "12", "--lang", "sr-Latn", *FAST], k_after_the_deal)
    assert keyboard.prompts[-1] == "Pritisnite Enter za sledeće deljenje („k“ za kraj). "
    assert "Deljenje 2" not in text
    assert "Doviđenja. Partija je sačuvana u" in flat(text)
    _, english, _ = play(["--seed", "6", "--no-save", *FAST], scripted("k"))
    assert "'k' is neither a move nor a command" in english


def test_the_save_and_resume_messages_are_serbian(save_file_in_tmp: Path) -> None:
    _, first, _ = play(["--seed", "6", "--lang", "sr-Latn", *FAST], scripted("1", "q"))
    assert flat(first).endswith(
        f"Doviđenja. Partija je sačuvana u {save_file_in_tmp}. Za nastavak: otv66 --lang sr-Latn"
    )
    _, again, keyboard = play(["--lang", "sr-Latn", *FAST], scripted("d", "q"))
    assert re.search(
        r"Nedovršena partija protiv računara \(početnik\) sačuvana je u .*match\.json \(Partija do 7: Vi: 0, "
        r"Računar: \d; deljenje 1\)\.",
        flat(again),
    )
    assert keyboard.prompts[0] == "Nastaviti je? Ako ne („n“), na njeno mesto dolazi nova partija. (d/n) "
    assert "Seme partije: 6; partija se nastavlja." in flat(again)
    assert re.search(r"Deljenje 1 se nastavlja \((deli Računar|delite Vi) po \d(-\d)+\)\.", again)


def test_a_newer_save_file_is_explained_in_serbian(save_file_in_tmp: Path) -> None:
    save_file_in_tmp.parent.mkdir()
    save_file_in_tmp.write_text('{"format": "otv66-record/3", "deals": []}', encoding="utf-8")
    _, text, _ = play(["--seed", "3", "--lang", "sr-Latn", *FAST], one_move_then(press_q))
    assert "ostaje kakva jeste: zapisala ju je novija verzija igre. Ova partija se ne čuva." in flat(text)
    assert flat(text).endswith("Doviđenja. Ova partija se ne čuva.")


@pytest.mark.parametrize(
    ("locale", "greeting"), [("sr_RS.UTF-8@latin", "Otvoreni 66"), ("sr_RS.UTF-8", "Отворени 66"), ("C", "Open 66")]
)
def test_without_lang_the_locale_chooses_and_lang_overrides_it(
    monkeypatch: pytest.MonkeyPatch, locale: str, greeting: str
) -> None:
    monkeypatch.setenv("LANG", locale)
    _, text, _ = play(["--seed", "3", "--no-save", *FAST], press_q)
    assert text.startswith(greeting)
    _, english, _ = play(["--seed", "3", "--no-save", "--lang", "EN", *FAST], press_q)
    assert english.startswith("Open 66")


def test_lang_takes_the_three_languages_and_help_states_the_locale_rule() -> None:
    with contextlib.redirect_stderr(io.StringIO()), pytest.raises(SystemExit) as exit_info:
        main(["--lang", "fr"], input=io.StringIO(), output=io.StringIO())
    assert exit_info.value.code == 2
    described = flat(build_parser().format_help())
    assert "--lang {sr-Latn,sr-Cyrl,en}" in described
    assert "LC_ALL, else LC_MESSAGES, else LANG" in described
    assert "sr_RS@latin" in described


def test_only_the_person_against_the_computer_is_spoken_to_not_a_player_who_calls_himself_so() -> None:
    # A two-person match's player named "Vi" was told "Vi igrate prvu kartu" as if the screen spoke to him.
    texts = Texts.of("sr-Latn")
    you, _computer = screen_names("computer", default_names("computer", "beginner"), texts)
    vi, ana = screen_names("human", ("Vi", "Ana"), texts)
    assert texts.about(you, "trick_lead", n=1) == "Štih 1: Vi igrate prvu kartu."
    assert texts.about(vi, "trick_lead", n=1) == "Štih 1: prvu kartu igra Vi."
    assert texts.about(ana, "trick_lead", n=1) == "Štih 1: prvu kartu igra Ana."


@pytest.mark.parametrize("language", ["sr-Latn", "sr-Cyrl"])
def test_the_deal_end_is_explained_in_serbian(language: str) -> None:
    texts = Texts.of(language)  # type: ignore[arg-type]
    names = screen_names("computer", default_names("computer", "beginner"), texts)
    said = [
        explain_result(
            {"winner": 0, "game_points": 3, "scores": [70, 0], "tricks": [5, 0], "reason": "reached_66"},
            names,
            award=3,
            dealer=0,
            bonus=0,
            text=texts,
        ),
        explain_result(
            {"winner": 1, "game_points": 2, "scores": [31, 66], "tricks": [2, 5], "reason": "reached_66"},
            names,
            award=2,
            dealer=0,
            bonus=0,
            text=texts,
        ),
        explain_result(
            {"winner": 0, "game_points": 1, "scores": [70, 60], "tricks": [8, 8], "reason": "played_out"},
            names,
            award=2,
            dealer=0,
            bonus=1,
            text=texts,
        ),
        explain_result(
            {"winner": None, "game_points": 0, "scores": [65, 65], "tricks": [8, 8], "reason": "draw"},
            names,
            award=0,
            dealer=1,
            bonus=1,
            text=texts,
        ),
        explain_result(
            {"winner": 1, "game_points": 2, "scores": [40, 20], "tricks": [3, 1], "reason": "false_claim"},
            names,
            award=2,
            dealer=0,
            bonus=0,
            text=texts,
        ),
    ]
    expected = [
        "Vi imate 66 ili više, 70 : 0. Računar nema nijednog štiha: pobedniku 3 poena partije.",
        "Računar ima 66 ili više, 66 : 31. Vi imate manje od 33: pobedniku 2 poena partije.",
        "Odigrano je svih 16 štihova bez prijave; veći zbir imate Vi, 70 : 60. Računar ima 33 ili više: pobedniku 1 "
        "poen partije. Uz to 1 za prethodno nerešeno deljenje: ukupno 2 poena partije.",
        "Nerešeno (65 : 65): nema poena partije i Računar ponovo deli. Pobednik sledećeg deljenja dobija 1 poen "
        "partije više.",
        "Vi: prijava 66, a poena ima samo 40; pogrešna prijava donosi protivniku (Računar) 2 poena partije.",
    ]
    if language == "sr-Cyrl":
        expected = [to_cyrillic(line) for line in expected]
    assert said == expected


def test_the_save_file_keeps_how_often_moves_were_taken_back_and_hints_asked(save_file_in_tmp: Path) -> None:
    play(["--seed", "6", *FAST], scripted("1", "hint", "1", "undo", "hint", "q"))
    saved = json.loads(save_file_in_tmp.read_text(encoding="utf-8"))
    assert (saved["undo_count"], saved["hint_count"]) == (1, 2)
    play(FAST, scripted("y", "hint", "q"))
    saved = json.loads(save_file_in_tmp.read_text(encoding="utf-8"))
    assert (saved["undo_count"], saved["hint_count"]) == (1, 3), "the resumed match counts on"


@pytest.mark.parametrize(
    ("encoding", "language", "spoken"),
    [("iso8859_5", "sr-Cyrl", "sr-Cyrl"), ("cp1250", "sr-Cyrl", "sr-Latn"), ("ascii", "sr-Latn", "en")],
)
def test_an_output_that_cannot_show_the_languages_letters_gets_one_it_can_not_a_traceback(
    encoding: str, language: str, spoken: str
) -> None:
    # A terminal (or a file the game is redirected to) in an encoding without Cyrillic, or without č, ć, đ, š, ž.
    written = io.BytesIO()
    output = io.TextIOWrapper(written, encoding=encoding, newline="\n")
    main(["--seed", "5", "--hotseat", "--no-save", "--lang", language], input=io.StringIO("q\n"), output=output)
    output.flush()
    said = written.getvalue().decode(encoding)
    assert said.startswith(Texts.of(spoken)("match_start", against="", target=7))
    assert said.endswith(Texts.of(spoken)("bye") + Texts.of(spoken)("not_saved") + "\n")
