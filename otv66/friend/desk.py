"""The friend matches a page has open, by match id: what the bridge's ``friend_*`` methods work on.

The page keeps each match's saved text (:meth:`FriendMatch.to_text`) on the device; a match not in
memory (after a reload) is brought back from that text with :meth:`FriendDesk.load`. Every method
answers with the match's state and its new saved text, for the page to store at once.
"""

from __future__ import annotations

from typing import Any

from otv66.errors import IllegalMoveError
from otv66.friend.errors import MalformedMessageError, OutOfOrderError, WrongMatchError
from otv66.friend.links import Link
from otv66.friend.match import FriendMatch
from otv66.friend.messages import to_base64url
from otv66.match import Match, check_player_name
from otv66.rules import Rules

MAX_TEXT = 2_000_000
"""Longest saved match or link the desk reads, in characters."""


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise MalformedMessageError(f"{what} must be text of at most {MAX_TEXT} characters")
    return value


class FriendDesk:
    """Open friend matches, by match id (base64url)."""

    def __init__(self) -> None:
        self.matches: dict[str, FriendMatch] = {}

    def _answer(self, match: FriendMatch, **extra: Any) -> dict[str, Any]:
        state = match.to_state()
        self.matches[state["id"]] = match
        return {**extra, "state": state, "saved": match.to_text()}

    def _match(self, match_id: Any) -> FriendMatch:
        match = self.matches.get(match_id) if isinstance(match_id, str) else None
        if match is None:
            raise WrongMatchError("this friend match is not open here: load it first")
        return match

    def invite(self, name: Any, rules: Any = None, forfeit: Any = True) -> dict[str, Any]:
        """A new match and its invitation link (``forfeit``: the option of docs/rules.md 6.5)."""
        chosen = Rules.from_dict(rules if rules is not None else {})
        match, link = FriendMatch.invite(check_player_name(name), chosen, forfeit=forfeit)
        return self._answer(match, link=link)

    def accept(self, link: Any, name: Any) -> dict[str, Any]:
        """Join the match of an invitation link; the answer holds the link that accepts."""
        match, answer = FriendMatch.accept(_text(link, "a link"), check_player_name(name))
        return self._answer(match, link=answer)

    def peek(self, link: Any) -> dict[str, Any]:
        """Which match a link belongs to and whether it invites; an invitation's offer (who invites, the rules and
        the forfeit option, checked) to show before accepting, else ``offer`` is ``None``. Other links are checked
        fully only when received."""
        text = _text(link, "a link")
        opened = Link.from_text(text)
        match_id = to_base64url(opened.match_id)
        invitation = opened.seq == 0 and opened.sender == 0
        known = match_id in self.matches
        offer = FriendMatch.read_invitation(text) if invitation and not known else None
        return {"id": match_id, "invitation": invitation, "known": known, "offer": offer}

    def load(self, saved: Any, newer_only: Any = False) -> dict[str, Any]:
        """Bring a saved match into memory (its friend's messages checked again).

        With ``newer_only`` (a backup imported), a match held here further along is kept: a backup taken before
        later links would put it back where the friend's next link no longer fits, and both players would wait
        for each other (:class:`OutOfOrderError`, reason ``friend_backup_older``; nothing changes)."""
        match = FriendMatch.from_text(_text(saved, "a saved match"))
        held = self.matches.get(to_base64url(match.keys.match_id))
        if newer_only is True and held is not None and match.progress() < held.progress():
            raise OutOfOrderError("this backup is older than the match held here", "friend_backup_older")
        return self._answer(match)

    def receive(self, link: Any) -> dict[str, Any]:
        """Apply a friend's link to its match (found by the link's match id)."""
        opened = Link.from_text(_text(link, "a link"))
        match = self._match(to_base64url(opened.match_id))
        match.receive(link)
        return self._answer(match)

    def play(self, match_id: Any, move: Any) -> dict[str, Any]:
        """Make this player's move in a match."""
        match = self._match(match_id)
        match.play(move if isinstance(move, str) else repr(move))
        return self._answer(match)

    def link(self, match_id: Any, made_only: Any = False) -> dict[str, Any]:
        """The link that sends what is waiting (or the last link again when nothing is). With ``made_only`` never a
        new one: another tab of the page that shows a match saved while a move's link was being made must not make
        a second link of that number (``WrongMatchError`` then: the link comes with the tab's next save)."""
        match = self._match(match_id)
        if made_only is True and match.outbox:
            raise WrongMatchError("the link of this move is being made elsewhere")
        text = match.link() if match.outbox else match.last_link
        if not text:
            raise WrongMatchError("this match has no link to send yet")
        return self._answer(match, link=text)

    def why_illegal(self, match_id: Any, move: Any) -> IllegalMoveError | None:
        """Why this player's ``move`` breaks the rules of the match's deal on the table (``None`` if it does not, or
        no deal is open): the page says it when a card is refused, as on the game page."""
        deal = self._match(match_id).deal
        return None if deal is None else deal.why_illegal(move)

    def resign(self, match_id: Any) -> dict[str, Any]:
        """Give up the current deal of a match (its link then carries the resignation)."""
        match = self._match(match_id)
        match.resign()
        return self._answer(match)

    def replay(self, match_id: Any) -> Match:
        """A finished match as a record replays it (:meth:`FriendMatch.replay`), for its game link."""
        return self._match(match_id).replay()

    def state(self, match_id: Any) -> dict[str, Any]:
        """A match's state and saved text."""
        return self._answer(self._match(match_id))
