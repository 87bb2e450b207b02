"""Typed errors of the friend protocol: each lie a received message can tell has its own kind.

All are :class:`otv66.errors.Otv66Error` (so ``ValueError``); the page shows the message and keeps
the match as it was, because a session checks a whole message before it changes anything.
"""

from __future__ import annotations

from otv66.errors import Otv66Error


class FriendProtocolError(Otv66Error):
    """Base class of every error of :mod:`otv66.friend`."""

    kind = "friend_protocol"


class MalformedMessageError(FriendProtocolError):
    """A message that cannot be read: bad base64url, wrong length, not a group element, unknown version."""

    kind = "friend_malformed"


class NewerLinkError(FriendProtocolError):
    """A link made by a newer version of the game (a later link version): this one cannot read it, a reload can."""

    kind = "friend_newer"


class WrongMatchError(FriendProtocolError):
    """A message of another match or another deal."""

    kind = "friend_wrong_match"


class OutOfOrderError(FriendProtocolError):
    """A message replayed, reordered, or of a step that does not come now.

    A link refused for its number says which it is in its ``reason``: ``friend_link_again`` (received before: there
    is nothing to do with it), ``friend_link_ahead`` (a link of the friend's before it has not been received: that
    one first), ``friend_link_own`` (made by this very player, for the friend) or ``friend_accepted_already`` (a
    second player's answer to an invitation the friend has accepted: ``friend`` and ``other`` name them).
    """

    kind = "friend_out_of_order"


class ForgedSenderError(FriendProtocolError):
    """A message whose sender proof fails: not written (or altered after being written) by that player."""

    kind = "friend_forged_sender"


class BadShuffleError(FriendProtocolError):
    """A shuffle whose proof fails: cards altered, duplicated or substituted."""

    kind = "friend_bad_shuffle"


class BadShareError(FriendProtocolError):
    """A decryption share that is not the sender's: it would open a wrong card."""

    kind = "friend_bad_share"


class RefusedError(FriendProtocolError):
    """A request the protocol refuses: a share for a card still face down, a second key, a step out of turn."""

    kind = "friend_refused"


class IllegalLinkMoveError(FriendProtocolError):
    """A move in a link that the rules, the turn or the cards open so far do not allow now."""

    kind = "friend_illegal_move"
