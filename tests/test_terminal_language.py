"""The terminal's languages (otv66/terminal_language.py, otv66/terminal_text.py): the tables, the locale rule,
Serbian Cyrillic by transliteration, Serbian plurals, and how moves typed with Serbian letters are read."""

from __future__ import annotations

import itertools
import re

import pytest

from otv66 import ai
from otv66.cards import CODES, SUITS
from otv66.cli import normalise_move
from otv66.terminal_language import (
    CYRILLIC,
    LANGUAGES,
    Language,
    Texts,
    environment_language,
    fill_in,
    serbian_plural,
    to_cyrillic,
    to_latin,
)
from otv66.terminal_text import EN, SR

PLACEHOLDER = re.compile(r"\{(\w+)((?:\|[^|}]*)*)\}")


def placeholders(text: str) -> list[tuple[str, int]]:
    """The placeholders of a text: each name, and how many word forms it gives (0 for a plain value)."""
    return sorted((name, forms.count("|")) for name, forms in PLACEHOLDER.findall(text))


def test_every_language_has_every_key_with_the_same_placeholders() -> None:
    assert EN.keys() == SR.keys()
    for key, english in EN.items():
        serbian = SR[key]
        assert {name for name, _ in placeholders(serbian)} == {name for name, _ in placeholders(english)}, key
        assert all(forms in (0, 2) for _, forms in placeholders(english)), key  # English: one, other
        assert all(forms in (0, 3) for _, forms in placeholders(serbian)), key  # Serbian: one, few, many
        assert english.count("`") % 2 == 0 and serbian.count("`") % 2 == 0, key
    for language in LANGUAGES:
        assert Texts.of(language).table.keys() == EN.keys()


def test_every_level_of_the_computer_and_every_suit_has_its_name() -> None:
    for level in ai.LEVELS:
        assert f"level_{level}" in EN
    for suit in SUITS:
        assert f"suit_{suit}" in EN


def test_every_sentence_about_a_player_has_its_form_for_the_one_at_the_keyboard() -> None:
    for key in EN:
        if key.endswith("_you"):
            assert key.removesuffix("_you") in EN, key


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "sr_RS.UTF-8@latin"}, "sr-Latn"),
        ({"LANG": "sr_RS@latin"}, "sr-Latn"),
        ({"LANG": "sr_RS.UTF-8"}, "sr-Cyrl"),
        ({"LANG": "sr_RS"}, "sr-Cyrl"),
        ({"LANG": "sr"}, "sr-Cyrl"),
        ({"LANG": "sr_ME.UTF-8"}, "sr-Latn"),
        ({"LANG": "sr_BA@cyrillic"}, "sr-Cyrl"),
        ({"LANG": "sr-Latn-RS"}, "sr-Latn"),
        ({"LANG": "bs_BA.UTF-8"}, "sr-Latn"),
        ({"LANG": "hr_HR.UTF-8"}, "sr-Latn"),
        ({"LANG": "sh_RS"}, "sr-Latn"),
        ({"LANG": "cnr_ME"}, "sr-Latn"),
        ({"LANG": "srd_IT"}, "en"),  # Sardinian is not Serbian
        ({"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "sr_RS", "LANG": "sr_RS"}, "en"),
        ({"LC_ALL": "", "LC_MESSAGES": "sr_RS@latin", "LANG": "en_US"}, "sr-Latn"),
        ({"LC_MESSAGES": "C", "LANG": "sr_RS"}, "en"),
        ({"LC_ALL": "sr_RS.UTF-8", "LANG": "en_US"}, "sr-Cyrl"),
    ],
)
def test_the_language_comes_from_lc_all_then_lc_messages_then_lang(environ: dict[str, str], language: str) -> None:
    assert environment_language(environ) == language


@pytest.mark.parametrize(
    ("latin", "cyrillic"),
    [
        ("ljubav, njiva, džep", "љубав, њива, џеп"),
        ("Ljubav Njegoš Džep", "Љубав Његош Џеп"),
        ("LJUBAV NJIVA DŽEP", "ЉУБАВ ЊИВА ЏЕП"),
        ("Đorđe, čačak, ćuprija, šuma, žir", "Ђорђе, чачак, ћуприја, шума, жир"),
        ("Vi ste na potezu", "Ви сте на потезу"),
        ("Štih nosi {name} ({n} {n|poen|poena|poena})", "Штих носи {name} ({n} {n|поен|поена|поена})"),
        ("kod kao `KH`, `u` nazad, `10h`", "код као `KH`, `u` назад, `10h`"),
        ("Adut ♠ (10♠) 66", "Адут ♠ (10♠) 66"),
    ],
)
def test_serbian_latin_turns_into_cyrillic_letter_for_letter(latin: str, cyrillic: str) -> None:
    assert to_cyrillic(latin) == cyrillic


def test_the_transliteration_is_one_to_one_and_goes_back() -> None:
    assert len(CYRILLIC) == 30
    assert len(set(CYRILLIC.values())) == 30
    assert all(len(letter) == 1 for letter in CYRILLIC.values())
    latin = "abvgdđežzijklmnoprstćufhcčš ljubav njiva džep"
    assert to_latin(to_cyrillic(latin)) == latin
    assert to_latin("ДК кх Жп") == "DK kh Žp"


def test_the_cyrillic_texts_keep_what_the_player_types_and_the_values_in_latin() -> None:
    texts = Texts.of("sr-Cyrl")
    assert texts("next_deal") == "Притисните Enter за следеће дељење („к“ за крај). "
    assert texts("hint_play", card="K♥", move="KH") == "Савет: играјте K♥ (KH)."
    assert texts("taken_back", name="Petar", move="K♥") == "Враћено: Petar K♥."
    assert texts("you") == "Ви"


@pytest.mark.parametrize(
    ("n", "form"),
    [
        *((n, "one") for n in (1, 21, 31, 101, 1001)),
        *((n, "few") for n in (2, 3, 4, 22, 23, 24, 32, 102, 104)),
        *((n, "many") for n in (0, 5, 9, 10, 11, 12, 13, 14, 15, 19, 20, 25, 100, 111, 112, 114)),
    ],
)
def test_the_serbian_plural_is_one_few_or_many(n: int, form: str) -> None:
    assert serbian_plural(n) == form


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("sr-Latn", ["1 štih", "2 štiha", "5 štihova", "11 štihova", "21 štih", "22 štiha", "0 štihova"]),
        ("sr-Cyrl", ["1 штих", "2 штиха", "5 штихова", "11 штихова", "21 штих", "22 штиха", "0 штихова"]),
    ],
)
def test_counts_take_the_serbian_word_form(language: Language, said: list[str]) -> None:
    texts = Texts.of(language)
    assert [texts("tricks", n=n) for n in (1, 2, 5, 11, 21, 22, 0)] == said
    assert texts("score", n=1) == ("1 poen" if language == "sr-Latn" else "1 поен")
    assert texts("score", n=24) == ("24 poena" if language == "sr-Latn" else "24 поена")


def test_english_counts_take_one_or_other() -> None:
    assert fill_in("{n} game {n|point|points}", {"n": 1}) == "1 game point"
    assert fill_in("{n} game {n|point|points}", {"n": 21}) == "21 game points"
    assert fill_in("{missing} stays", {}) == "{missing} stays"


# ---------------------------------------------------------------------- moves typed in Serbian


@pytest.mark.parametrize(
    ("typed", "move"),
    [
        ("DK", "QD"),
        ("dk", "QD"),
        ("ŽP", "JS"),
        ("zp", "JS"),
        ("KT", "KC"),
        ("KK", "KD"),
        ("10T", "TC"),
        ("10k", "TD"),
        ("AP", "AS"),
        ("DHm", "QHm"),
        ("KKm", "KDm"),
        ("D♦", "QD"),
        ("ДК", "QD"),
        ("кх", "KH"),
        ("ДХм", "QHm"),
        ("ЖТ", "JC"),
        ("KH", "KH"),
        ("QD", "QD"),
        ("TD", "TD"),
        ("10h", "TH"),
        ("K♥", "KH"),
        ("66", "66"),
    ],
)
def test_serbian_letters_are_read_beside_the_engines_codes(typed: str, move: str) -> None:
    assert normalise_move(typed, serbian=True) == move


@pytest.mark.parametrize("typed", ["TK", "TT", "DD", "DS", "ZC", "QK", "JT", "QP", "K", "KM", "10", "XH", "DKk"])
def test_a_code_mixing_english_only_and_serbian_only_letters_or_no_code_is_refused(typed: str) -> None:
    assert normalise_move(typed, serbian=True) is None


def test_in_english_the_serbian_letters_are_not_read() -> None:
    for typed in ("DK", "ŽP", "KT", "AP", "ДК"):
        assert normalise_move(typed) is None
    assert normalise_move("KD") == "KD"


def test_no_typed_code_names_two_cards_and_every_card_has_its_serbian_code() -> None:
    """Every rank-and-suit pair of letters either side uses: wherever the English reading and the Serbian one both
    give a card, it is the same card; and the Serbian code of each card reads as that card."""
    ranks = ["A", "T", "K", "Q", "J", "D", "Ž", "Z", "10", "9", "8", "7"]
    suits = ["S", "H", "D", "C", "P", "K", "T", "♠", "♥", "♦", "♣"]
    for rank, suit in itertools.product(ranks, suits):
        english, serbian = normalise_move(rank + suit), normalise_move(rank + suit, serbian=True)
        assert english is None or serbian == english, rank + suit
        assert serbian is None or serbian in CODES, rank + suit
    serbian_rank = {"A": "A", "T": "10", "K": "K", "Q": "D", "J": "Ž", "9": "9", "8": "8", "7": "7"}
    serbian_suit = {"S": "P", "H": "H", "D": "K", "C": "T"}
    for code in CODES:
        assert normalise_move(serbian_rank[code[0]] + serbian_suit[code[1]], serbian=True) == code
