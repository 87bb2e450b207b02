"""Play a friend by links: two-player mental poker for Open 66 (issue 14, the cryptographic core).

Modules, each with one job:

- :mod:`~otv66.friend.ristretto`: the prime-order group ristretto255 (RFC 9496) and its scalars.
- :mod:`~otv66.friend.errors`: typed errors, one kind per lie.
"""
