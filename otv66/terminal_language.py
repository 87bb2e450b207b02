"""The terminal's languages: which one to speak, Serbian's Cyrillic and plurals, and texts by key.

The terminal speaks Serbian, in Latin (``sr-Latn``) or Cyrillic (``sr-Cyrl``) script, and English (``en``), as the
web page does (web/js/i18n.js). Serbian is written once, in Latin script (:mod:`otv66.terminal_text`); Cyrillic is
made from it by the standard one-to-one transliteration (:func:`to_cyrillic`). A text names its values in braces,
``{name}``, and a count's word forms as ``{n|štih|štiha|štihova}`` (Serbian's three, :func:`serbian_plural`) or
``{n|trick|tricks}`` (English's two). What a player types stands in backticks (```KH```): it stays in Latin letters
and the backticks are not shown.

>>> Texts.of("sr-Cyrl")("tricks", n=2)
'2 штиха'
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Mapping
from typing import Final, Literal

from otv66.terminal_text import EN, SR

Language = Literal["sr-Latn", "sr-Cyrl", "en"]
LANGUAGES: Final[tuple[Language, ...]] = ("sr-Latn", "sr-Cyrl", "en")
"""The terminal's languages, as ``--lang`` names them (the web page's codes)."""
LOCALE_VARIABLES: Final = ("LC_ALL", "LC_MESSAGES", "LANG")
"""Where the language comes from without ``--lang``: the first of these set (not empty) decides, as in POSIX."""
LATIN_SERBIAN: Final = ("sr", "bs", "hr", "sh", "cnr")
"""Languages whose readers get Serbian in Latin script (Serbian itself only when its locale asks for Latin)."""

SERBIAN_LATIN: Final[tuple[str, ...]] = (*"abvgdđežzijklmnoprstćufhcčš", "lj", "nj", "dž")
SERBIAN_CYRILLIC: Final = "абвгдђежзијклмнопрстћуфхцчшљњџ"
CYRILLIC: Final[dict[str, str]] = dict(zip(SERBIAN_LATIN, SERBIAN_CYRILLIC, strict=True))
"""Serbian's Latin letters (``lj``, ``nj``, ``dž`` are one letter each) and their Cyrillic, one to one."""
LATIN: Final = {cyrillic: latin for latin, cyrillic in CYRILLIC.items()}
"""The same mapping the other way, for what a player types on a Cyrillic keyboard."""
_TEXT_PARTS = re.compile(r"\{[^}]*\}|`[^`]*`|[^\W\d_]+")
"""A placeholder, a typed input in backticks, or a word (a run of letters)."""
_LATIN_LETTER = re.compile(r"dž|lj|nj|.", flags=re.IGNORECASE | re.DOTALL)
_VALUE = re.compile(r"\{(\w+)((?:\|[^|}]*)*)\}")
"""A placeholder: ``{name}``, or a count's ``{name|form|form...}``."""


def environment_language(environ: Mapping[str, str] | None = None) -> Language:
    """The language of a locale environment: the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set.

    As the web page's rule for the browser's language: Serbian in Cyrillic for ``sr`` and ``sr_RS`` (Serbia writes
    Cyrillic first), or any Serbian locale that says Cyrillic; Serbian in Latin for ``sr_RS@latin``, any other
    Serbian locale, and Bosnian, Croatian, Serbo-Croatian and Montenegrin; English for anything else (``C``, none).

    >>> [environment_language({"LANG": tag}) for tag in ("sr_RS.UTF-8@latin", "sr_RS.UTF-8", "hr_HR", "de_DE")]
    ['sr-Latn', 'sr-Cyrl', 'sr-Latn', 'en']
    >>> environment_language({"LC_ALL": "C", "LANG": "sr_RS"})
    'en'
    """
    environ = os.environ if environ is None else environ
    locale = next((environ[name] for name in LOCALE_VARIABLES if environ.get(name)), "").lower()
    name, _, modifier = locale.partition("@")
    parts = re.split(r"[_.-]", name)  # language_TERRITORY.codeset, or a BCP 47 tag such as sr-Latn-RS
    if parts[0] not in LATIN_SERBIAN:
        return "en"
    if parts[0] == "sr" and "latn" not in parts and modifier != "latin":
        territory = [part for part in parts[1:] if len(part) == 2]
        if "cyrl" in parts or modifier == "cyrillic" or territory in ([], ["rs"]):
            return "sr-Cyrl"
    return "sr-Latn"


def to_cyrillic(text: str) -> str:
    """Serbian Latin text in Cyrillic script, letter for letter (``lj``, ``nj``, ``dž`` as one letter each).

    Placeholders' names (``{name}``) and what a player types (in backticks) stay as they are; the word forms of a
    count placeholder are Serbian words and change. Letters that are not Serbian stay.

    >>> to_cyrillic("Ljubav i Džon, NJIVA: {n|štih|štiha} za `KH`")
    'Љубав и Џон, ЊИВА: {n|штих|штиха} за `KH`'
    """

    def part(found: re.Match[str]) -> str:
        word = found.group()
        if word.startswith("{"):
            name, bar, forms = word.partition("|")
            return name + bar + to_cyrillic(forms) if bar else word
        if word.startswith("`"):
            return word
        return _LATIN_LETTER.sub(letter, word)

    def letter(found: re.Match[str]) -> str:
        latin = found.group()
        cyrillic = CYRILLIC.get(latin.lower())
        if cyrillic is None:
            return latin
        return cyrillic if latin[0].islower() else cyrillic.upper()

    return _TEXT_PARTS.sub(part, text)


def to_latin(text: str) -> str:
    """Cyrillic letters in ``text`` as Serbian Latin ones (what a player typed on a Cyrillic keyboard).

    >>> to_latin("ДК Џм да")
    'DK DŽm da'
    """
    return "".join(LATIN.get(char, LATIN.get(char.lower(), char).upper() if char.isupper() else char) for char in text)


def serbian_plural(n: int) -> Literal["one", "few", "many"]:
    """Which Serbian word form goes with the whole number ``n``: "1 štih", "2 štiha", "5 štihova".

    ``one`` for 1, 21, 31... but not 11; ``few`` for 2-4, 22-24... but not 12-14; ``many`` for the rest (0 too).

    >>> [serbian_plural(n) for n in (1, 2, 5, 11, 12, 21, 22, 25, 111, 112)]
    ['one', 'few', 'many', 'many', 'many', 'one', 'few', 'many', 'many', 'many']
    """
    ten, hundred = abs(n) % 10, abs(n) % 100
    if ten == 1 and hundred != 11:
        return "one"
    if 2 <= ten <= 4 and not 12 <= hundred <= 14:
        return "few"
    return "many"


def fill_in(text: str, values: Mapping[str, object]) -> str:
    """``text`` with each ``{name}`` replaced by its value, and each ``{name|form|form...}`` by the word form that
    goes with the number: of three forms by :func:`serbian_plural`, of two the English way (1, or any other).

    A placeholder without a value stays. The values are put in after any transliteration: they are never changed.

    >>> fill_in("{n} {n|poen|poena|poena}, {m} {m|point|points}", {"n": 21, "m": 1})
    '21 poen, 1 point'
    """

    def value(found: re.Match[str]) -> str:
        name, forms = found.group(1), found.group(2)
        if name not in values:
            return found.group()
        if not forms:
            return str(values[name])
        words = forms[1:].split("|")
        count = int(str(values[name]))
        if len(words) == 3:
            return words[("one", "few", "many").index(serbian_plural(count))]
        return words[0 if count == 1 else -1]

    return _VALUE.sub(value, text)


class Addressee(str):
    """The name of the person at the keyboard against the computer (``"You"``, ``"Vi"``), as
    :func:`otv66.cli.screen_names` gives it: texts about him take their second-person form ("Vi dobijate"). Any other
    name, even one spelled "Vi" (a player of a two-person match may have called himself so), is spoken of in the third
    person."""

    __slots__ = ()


class Texts:
    """The terminal's texts in one language: ``texts(key, **values)`` is the text for ``key``, filled in."""

    def __init__(self, language: Language) -> None:
        self.language: Language = language
        table = EN if language == "en" else SR
        script = to_cyrillic if language == "sr-Cyrl" else str
        self.table: Mapping[str, str] = {key: script(text).replace("`", "") for key, text in table.items()}

    @staticmethod
    @functools.cache
    def of(language: Language) -> Texts:
        """The texts of ``language`` (made once)."""
        return Texts(language)

    @property
    def serbian(self) -> bool:
        """Whether the language is Serbian (either script): moves may then be typed with Serbian letters too."""
        return self.language != "en"

    @functools.cached_property
    def letters(self) -> str:
        """Every letter these texts write (``č``, ``љ``...), for a check that an output can show them."""
        return "".join(sorted({char for text in self.table.values() for char in text if char.isalpha()}))

    def __call__(self, key: str, **values: object) -> str:
        return fill_in(self.table[key], values)

    @staticmethod
    def is_you(name: str) -> bool:
        """Whether ``name`` is the player at the keyboard against the computer (an :class:`Addressee`)."""
        return isinstance(name, Addressee)

    def about(self, name: str, key: str, **values: object) -> str:
        """The text ``key`` about the player ``name``: its ``key_you`` form when he is the one at the keyboard
        (the verb agrees: "You win", "Vi dobijate"), else ``key`` with ``{name}`` filled in."""
        return self(key + "_you" if self.is_you(name) else key, name=name, **values)


ENGLISH: Final = Texts.of("en")
"""The English texts: what the drawing functions speak unless told another language."""
