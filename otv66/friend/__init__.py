"""Play a friend by links: two-player mental poker for Open 66 (issue 14, the cryptographic core).

Both players shuffle and re-encrypt the deck with a proof the other checks; a card opens only
when both send a decryption share with a proof; every message is signed and bound to its match,
deal, step and sequence number. docs/friend-protocol.md describes the protocol, its threat model
and its limits. Modules, each with one job:

- :mod:`~otv66.friend.ristretto`: the prime-order group ristretto255 (RFC 9496) and its scalars;
- :mod:`~otv66.friend.fiat_shamir`: challenges bound to a context;
- :mod:`~otv66.friend.elgamal`: cards, keys, ElGamal with a joint key, shares, share proofs, signatures;
- :mod:`~otv66.friend.shuffle`: the verifiable shuffle and its proof;
- :mod:`~otv66.friend.messages`: the binary messages and their base64url text;
- :mod:`~otv66.friend.session`: one player's side of the key exchange and of a deal;
- :mod:`~otv66.friend.errors`: one typed error per lie.
"""

from otv66.friend.session import DealSession, MatchKeys

__all__ = ["DealSession", "MatchKeys"]
