"""Opening deals for a first visit, dealt by the engine at build time (tools/build_site.py writes them).

A first visit has no saved table to draw while the engine boots, so the build deals a few first deals ahead: for
each seed of :data:`OPENING_SEEDS`, the bridge's ``new_match`` with the page's default settings (the engine's
default rules, the computer at its default level) and ``next_deal``, exactly the calls and answers the page makes
and gets once the engine is ready. The page (web/js/opening-deal.js) draws one of them at once and, when the
engine is ready, starts the same match from the same seed: the engine deals the same cards, and the player's
first click, made on the drawn table, is checked and played by the engine then.

Only seeds with which the computer deals first are used: a person who deals chooses his packets himself, so there
is no dealt table to show before the engine is there.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Iterator
from typing import Any

from otv66.bridge import Session, handle
from otv66.dealing import MAX_SEED

#: How many opening deals the site carries (one is drawn at random on a first visit).
OPENING_COUNT = 8
#: What the seeds are derived from (any fixed text: the same build gives the same deals).
SEED_SOURCE = "otv66-opening"


class OpeningError(Exception):
    """The engine refused to deal an opening (a build cannot ship a table the engine would not deal)."""


def bridge_call(session: Session, method: str, params: dict[str, Any]) -> Any:
    """One call through the bridge's JSON protocol, as the page's worker makes it; its result, or raise."""
    request = json.loads(json.dumps({"id": 1, "method": method, "params": params}))
    reply = json.loads(json.dumps(handle(request, session)))
    if "error" in reply:
        raise OpeningError(f"{method} {params}: {reply['error']}")
    return reply["result"]


def candidate_seeds() -> Iterator[int]:
    """Seeds spread over the whole range, derived from :data:`SEED_SOURCE` (the same on every build)."""
    for number in itertools.count():
        digest = hashlib.sha256(f"{SEED_SOURCE}/{number}".encode()).digest()
        yield int.from_bytes(digest[:8], "big") % (MAX_SEED + 1)


def first_deal(seed: int) -> dict[str, Any] | None:
    """``{"seed", "state"}``: the bridge state after the computer dealt the first deal of match ``seed``, or
    ``None`` if the person deals first."""
    session = Session()
    started = bridge_call(session, "new_match", {"seed": seed, "opponent": "computer"})
    if started["phase"] != "computer_deals":
        return None
    state = bridge_call(session, "next_deal", {})
    if state["phase"] != "human_moves":
        raise OpeningError(f"seed {seed}: the person does not lead the first trick ({state['phase']})")
    return {"seed": seed, "state": state}


def opening_deals(count: int = OPENING_COUNT) -> dict[str, Any]:
    """``{"deals": [{"seed", "state"}, ...]}``: ``count`` first deals the computer deals, as the bridge states them."""
    dealt = (deal for deal in map(first_deal, candidate_seeds()) if deal is not None)
    return {"deals": list(itertools.islice(dealt, count))}
