"""Fuzzing share links (otv66/links.py): deal ``d1.`` and game ``g1.`` tokens (issue 9).

Inputs come from valid tokens three ways, by tests/hostile.py's seeded mutator: the token's characters
changed (most then fail zlib's checksum), the decoded contents changed as a value and packed again (what
a forger does: it passes every check up to the reader's), and the contents changed as text and packed
again (the JSON decoder and its depth guard get hostile text). Every input must be read or refused with
a :class:`LinkError` whose message repeats none of the link's text, each within ``hostile.TIME_LIMIT``;
a link that is read must give the same link back.
"""

from __future__ import annotations

import base64
import json
import random
import zlib
from collections.abc import Iterator

import hostile
from scenario import random_playout

from otv66.deal import Deal
from otv66.links import DealLink, LinkError, deal_token, game_token, read_token
from otv66.match import Match
from otv66.record import match_to_record
from otv66.rules import Rules

INPUTS = hostile.input_count(10_000)
"""Inputs per run, deal and game links alike (a tenth under Pyodide: see tests/hostile.py)."""

TOKEN_ALPHABET = list("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ")

BAIT = [text for text in hostile.HOSTILE_TEXTS if len(text) >= 4 and text.isprintable()]
"""The mutator's texts that a page must never show: none may appear in a refusal's message."""


def token_inputs(
    count: int,
    kinds: str,
    characters: hostile.Mutator,
    values: hostile.Mutator,
    texts: hostile.Mutator,
    rng: random.Random,
) -> Iterator[str]:
    """``count`` hostile tokens of the link ``kinds``: mutated characters, mutated JSON values and mutated JSON
    texts in turn, the last two packed as real tokens so that they reach the reader's JSON checks."""
    for number in range(count):
        way = number % 3
        kind = rng.choice(kinds)
        if way == 0:
            yield characters.text(alphabet=TOKEN_ALPHABET)
        elif way == 1:
            yield hostile.link_token(kind, json.dumps(values.value(), ensure_ascii=rng.random() < 0.5))
        else:
            yield hostile.link_token(kind, texts.text())


def sample_tokens() -> list[str]:
    """Valid deal and game tokens: several seeds, rules and packet plans; games finished and in progress."""
    tokens = [
        deal_token(Deal.from_seed(seed, seed % 2, packets, rules))
        for seed, packets, rules in [
            (0, (4, 4), Rules()),
            (123_456_789, (1, 2, 1, 4), Rules(must_beat=True, claim="manual")),
            (2**53 - 1, (2, 2, 2, 2), Rules(target=11, dealer="alternate", draw_bonus=True)),
        ]
    ]
    for seed in (4, 5):
        match = Match(Rules(claim="manual" if seed % 2 else "auto"), first_dealer=seed % 2, seed=seed)
        rng = random.Random(seed)
        for _ in range(seed - 2):
            random_playout(match.new_deal(), rng)
        deal = match.new_deal()
        for _ in range(7):
            if not deal.is_over:
                deal.play(rng.choice(deal.legal_moves()))
        tokens.append(game_token(match))
    return tokens


TOKENS = sample_tokens()


def contents(token: str) -> str:
    """The JSON text a valid token carries."""
    packed = token.split(".", 1)[1]
    return zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))).decode()


def crafted() -> list[str]:
    """Issue 9's links: the depth-guard bomb (a ~100-character link), deep nesting, a deflate bomb."""
    texts = [*hostile.DEPTH_GUARD_CRAFTED, "[" + "0," * 500_000 + "0]", '{"seed": NaN}', '"\\ud800"', "1e999999"]
    return [hostile.link_token(kind, text) for text in texts for kind in "dg"]


def answer(token: str) -> str:
    """Read ``token``: a LinkError that quotes none of the bait, or a link that gives itself back."""
    try:
        link = read_token(token)
    except LinkError as error:
        message = str(error)
        assert message and not any(bait in message for bait in BAIT), message
        return error.kind
    if isinstance(link, DealLink):
        assert read_token(deal_token(link.deal())) == link
        return "deal"
    assert isinstance(link, Match)
    assert match_to_record(read_token(game_token(link))) == match_to_record(link)  # type: ignore[arg-type]
    return "game"


def test_links_are_read_or_refused_with_a_typed_error_that_quotes_nothing_in_time() -> None:
    characters = hostile.Mutator(seed=21, corpus=TOKENS)
    values = hostile.Mutator(seed=22, corpus=[json.loads(contents(token)) for token in TOKENS])
    texts = hostile.Mutator(seed=23, corpus=[contents(token) for token in TOKENS])
    rng = random.Random(24)

    def inputs() -> object:
        yield from crafted()
        yield from token_inputs(INPUTS, "dg", characters, values, texts, rng)

    report = hostile.run("links", inputs(), answer)
    assert report.inputs >= INPUTS
    assert not report.failures, "\n".join(report.failures[:10])
    for outcome in ("deal", "game", "invalid_link"):
        assert report.outcomes.get(outcome, 0) > 0, report
