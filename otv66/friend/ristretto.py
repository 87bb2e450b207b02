"""The prime-order group ristretto255 (RFC 9496) and its scalars, in pure Python.

Why this group: ElGamal and the zero-knowledge proofs of :mod:`otv66.friend` need a group of
prime order in which discrete logarithms are hard. Curve25519's Edwards form is fast and well
studied but has cofactor 8; ristretto255 (RFC 9496) is the prime-order quotient of it with a
canonical 32-byte encoding, so every decoded element is in the group and no protocol has to
think about small subgroups. Pure Python because the engine runs in Pyodide, which ships no
package wheel: PyNaCl 1.6.2 (libsodium, with ristretto255 bindings) is in Pyodide 314.0.7's lock
file, but loading it fetches the wheel from a CDN, and the site would have to serve a compiled
wheel of its own. This module is the only one that does group arithmetic, so such a backend could
replace it later without touching the protocol.

What is here, all straight from RFC 9496 section 4:

- :class:`Element`: a group element (``+``, ``-``, ``scalar * element``, ``==``), with
  :meth:`Element.encode` / :func:`decode` (RFC 9496 4.3.1/4.3.2) and
  :func:`from_uniform_bytes` (the element derivation function of 4.3.4: hash-to-group from 64
  uniform bytes).
- :data:`BASE`, the RFC's generator, and :func:`base_times` (fixed-base multiplication with a
  precomputed table), :func:`multiply` (one base) and :func:`multiscalar` (a sum of many
  products, Straus' interleaving: the verifier's workhorse).
- Scalars are ``int`` modulo :data:`ORDER` (the prime ``l``): :func:`decode_scalar` accepts only
  canonical encodings, :func:`scalar_from_hash` reduces 64 bytes, :func:`random_scalar` draws one.

Points are kept in extended twisted Edwards coordinates ``(X, Y, Z, T)`` with ``x = X/Z``,
``y = Y/Z``, ``xy = T/Z`` (curve ``-x^2 + y^2 = 1 + d x^2 y^2``; Hisil-Wong-Carter-Dawson
formulas, complete for this curve). **Nothing here is constant-time**: Python's integers leak
timing. That is acceptable for a card game whose secrets live for one match on the player's own
device (see docs/friend-protocol.md), and for nothing more.

>>> two = BASE + BASE
>>> two.encode().hex()
'6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919'
>>> decode(two.encode()) == 2 * BASE
True
"""

from __future__ import annotations

import functools
import hashlib
import secrets
from collections.abc import Callable, Sequence
from typing import Final

from otv66.friend.errors import MalformedMessageError

P: Final = 2**255 - 19
"""The field prime of Curve25519."""
ORDER: Final = 2**252 + 27742317777372353535851937790883648493
"""``l``, the prime order of ristretto255: scalars live modulo this."""
D: Final = -121665 * pow(121666, -1, P) % P
"""The Edwards curve constant ``d``."""
D2: Final = 2 * D % P
SQRT_M1: Final = 19681161376707505956807079304988542015446066515923890162744021073123829784752
SQRT_AD_MINUS_ONE: Final = 25063068953384623474111414158702152701244531502492656460079210482610430750235
INVSQRT_A_MINUS_D: Final = 54469307008909316920995813868745141605393597292927456921205312896311721017578
ONE_MINUS_D_SQ: Final = (1 - D * D) % P
D_MINUS_ONE_SQ: Final = (D - 1) * (D - 1) % P

Point = tuple[int, int, int, int]
"""Extended coordinates ``(X, Y, Z, T)``."""
Cached = tuple[int, int, int, int]
"""A point prepared for addition: ``(Y - X, Y + X, 2d T, 2 Z)``."""

ENCODED_SIZE: Final = 32
"""Bytes of an encoded element or scalar."""
WINDOW: Final = 4
"""Bits per signed digit of :func:`multiscalar` (tables of 8 multiples per base)."""
RandomBytes = Callable[[int], bytes]
"""A source of random bytes: ``secrets.token_bytes`` unless a test passes its own."""

_IDENTITY: Final[Point] = (0, 1, 1, 0)


def _is_negative(x: int) -> bool:
    """RFC 9496 2.1: a field element is negative when its canonical form is odd."""
    return x & 1 == 1


def _abs(x: int) -> int:
    return P - x if x & 1 else x


def _sqrt_ratio_m1(u: int, v: int) -> tuple[bool, int]:
    """RFC 9496 4.2: ``(True, sqrt(u/v))`` if ``u/v`` is a square, else ``(False, sqrt(SQRT_M1 * u/v))``.

    The root returned is the non-negative one.
    """
    v3 = v * v % P * v % P
    v7 = v3 * v3 % P * v % P
    r = u * v3 % P * pow(u * v7 % P, (P - 5) // 8, P) % P
    check = v * r % P * r % P
    correct = check == u % P
    flipped = check == -u % P
    flipped_i = check == -u * SQRT_M1 % P
    if flipped or flipped_i:
        r = r * SQRT_M1 % P
    return correct or flipped, _abs(r)


def _add(p: Point, q: Cached) -> Point:
    """``p + q`` (add-2008-hwcd-3 with ``a = -1``), ``q`` already in cached form."""
    x1, y1, z1, t1 = p
    ymx, ypx, t2d, z2 = q
    a = (y1 - x1) * ymx % P
    b = (y1 + x1) * ypx % P
    c = t1 * t2d % P
    d = z1 * z2 % P
    e, f, g, h = b - a, d - c, d + c, b + a
    return e * f % P, g * h % P, f * g % P, e * h % P


def _double(p: Point) -> Point:
    """``2p`` (dbl-2008-hwcd with ``a = -1``)."""
    x1, y1, z1, _ = p
    a = x1 * x1 % P
    b = y1 * y1 % P
    c = 2 * z1 * z1 % P
    e = ((x1 + y1) * (x1 + y1) - a - b) % P
    g = b - a
    f = g - c
    h = -a - b
    return e * f % P, g * h % P, f * g % P, e * h % P


def _double_no_t(p: Point) -> Point:
    """``2p`` without its ``T`` coordinate (0), for a doubling followed by another doubling (which ignores ``T``)."""
    x1, y1, z1, _ = p
    a = x1 * x1 % P
    b = y1 * y1 % P
    c = 2 * z1 * z1 % P
    e = ((x1 + y1) * (x1 + y1) - a - b) % P
    g = b - a
    f = g - c
    return e * f % P, g * (-a - b) % P, f * g % P, 0


def _cache(p: Point) -> Cached:
    x, y, z, t = p
    return (y - x) % P, (y + x) % P, t * D2 % P, 2 * z % P


def _negate(p: Point) -> Point:
    x, y, z, t = p
    return -x % P, y, z, -t % P


def _negate_cached(q: Cached) -> Cached:
    ymx, ypx, t2d, z2 = q
    return ypx, ymx, -t2d % P, z2


def _signed_table(p: Point, size: int) -> list[Cached]:
    """``[0, p, 2p, ..., size * p]`` in cached form (index 0 is never used)."""
    first = _cache(p)
    multiples = [first, first]
    point = p
    for _ in range(2, size + 1):
        point = _add(point, first)
        multiples.append(_cache(point))
    return multiples


def _signed_digits(scalar: int, bits: int) -> list[int]:
    """Digits ``d_i`` in ``[-2**(bits-1), 2**(bits-1))`` with ``scalar == sum(d_i * 2**(bits*i))``, lowest first."""
    radix, half, mask = 1 << bits, 1 << (bits - 1), (1 << bits) - 1
    digits = []
    while scalar:
        digit = scalar & mask
        scalar >>= bits
        if digit >= half:
            digit -= radix
            scalar += 1
        digits.append(digit)
    return digits


def _add_digit(acc: Point, table: list[Cached], digit: int) -> Point:
    if digit > 0:
        return _add(acc, table[digit])
    if digit < 0:
        return _add(acc, _negate_cached(table[-digit]))
    return acc


def _multiscalar(scalars: Sequence[int], points: Sequence[Point]) -> Point:
    """``sum(s * p)`` by Straus' method: one shared chain of doublings, signed 4-bit digits, a table per point."""
    terms = [(_signed_digits(s % ORDER, WINDOW), p) for s, p in zip(scalars, points, strict=True) if s % ORDER]
    if not terms:
        return _IDENTITY
    windows = max(len(digits) for digits, _ in terms)
    rows = [(digits + [0] * (windows - len(digits)), _signed_table(p, 1 << (WINDOW - 1))) for digits, p in terms]
    acc = _IDENTITY
    for i in range(windows - 1, -1, -1):
        if i < windows - 1:
            acc = _double(_double_no_t(_double_no_t(_double_no_t(acc))))
        for digits, table in rows:
            acc = _add_digit(acc, table, digits[i])
    return acc


class Element:
    """An element of ristretto255. Immutable; equal elements compare equal whatever their coordinates."""

    __slots__ = ("_point",)

    def __init__(self, point: Point) -> None:
        self._point = point

    @property
    def point(self) -> Point:
        """The extended coordinates of one representative on the curve."""
        return self._point

    def __add__(self, other: Element) -> Element:
        return Element(_add(self._point, _cache(other._point)))

    def __sub__(self, other: Element) -> Element:
        return Element(_add(self._point, _cache(_negate(other._point))))

    def __neg__(self) -> Element:
        return Element(_negate(self._point))

    def __rmul__(self, scalar: int) -> Element:
        return multiply(scalar, self)

    def __eq__(self, other: object) -> bool:
        """RFC 9496 4.3.3: equal as ristretto255 elements (not as curve points)."""
        if not isinstance(other, Element):
            return NotImplemented
        x1, y1, _, _ = self._point
        x2, y2, _, _ = other._point
        return (x1 * y2 - y1 * x2) % P == 0 or (y1 * y2 - x1 * x2) % P == 0

    def __hash__(self) -> int:
        return hash(self.encode())

    def __deepcopy__(self, memo: dict[int, object]) -> Element:
        return self  # immutable: a copy would be the same element

    def __repr__(self) -> str:
        return f"Element({self.encode().hex()})"

    def encode(self) -> bytes:
        """RFC 9496 4.3.2: the canonical 32-byte encoding."""
        x0, y0, z0, t0 = self._point
        u1 = (z0 + y0) * (z0 - y0) % P
        u2 = x0 * y0 % P
        _, invsqrt = _sqrt_ratio_m1(1, u1 * u2 % P * u2 % P)
        den1 = invsqrt * u1 % P
        den2 = invsqrt * u2 % P
        z_inv = den1 * den2 % P * t0 % P
        if _is_negative(t0 * z_inv % P):
            x, y, den_inv = y0 * SQRT_M1 % P, x0 * SQRT_M1 % P, den1 * INVSQRT_A_MINUS_D % P
        else:
            x, y, den_inv = x0, y0, den2
        if _is_negative(x * z_inv % P):
            y = -y % P
        s = _abs(den_inv * (z0 - y) % P)
        return s.to_bytes(ENCODED_SIZE, "little")


IDENTITY: Final = Element(_IDENTITY)
"""The neutral element (encodes as 32 zero bytes)."""
BASE: Final = Element(
    (
        15112221349535400772501151409588531511454012693041857206046113283949847762202,
        46316835694926478169428394003475163141307993866256225615783033603165251855960,
        1,
        46827403850823179245072216630277197565144205554125654976674165829533817101731,
    )
)
"""The generator of RFC 9496 4.4 (the Ed25519 base point); encodes as ``e2f2ae0a...``."""


def decode(data: bytes) -> Element:
    """RFC 9496 4.3.1: the element a 32-byte string encodes; raise for any other string."""
    if len(data) != ENCODED_SIZE:
        raise MalformedMessageError(f"a group element is {ENCODED_SIZE} bytes, not {len(data)}")
    s = int.from_bytes(data, "little")
    if s >= P or _is_negative(s):
        raise MalformedMessageError("not a canonical group element encoding")
    ss = s * s % P
    u1 = (1 - ss) % P
    u2 = (1 + ss) % P
    u2_sqr = u2 * u2 % P
    v = (-(D * u1 % P * u1) - u2_sqr) % P
    was_square, invsqrt = _sqrt_ratio_m1(1, v * u2_sqr % P)
    den_x = invsqrt * u2 % P
    den_y = invsqrt * den_x % P * v % P
    x = _abs(2 * s * den_x % P)
    y = u1 * den_y % P
    t = x * y % P
    if not was_square or _is_negative(t) or y == 0:
        raise MalformedMessageError("not a valid group element encoding")
    return Element((x, y, 1, t))


def _map(t: int) -> Point:
    """RFC 9496 4.3.4 MAP: one field element to a curve point."""
    r = SQRT_M1 * t % P * t % P
    u = (r + 1) * ONE_MINUS_D_SQ % P
    v = (-1 - r * D) * (r + D) % P
    was_square, s = _sqrt_ratio_m1(u, v)
    if was_square:
        c = P - 1
    else:
        s = -_abs(s * t % P) % P
        c = r
    n = (c * (r - 1) % P * D_MINUS_ONE_SQ - v) % P
    w0 = 2 * s * v % P
    w1 = n * SQRT_AD_MINUS_ONE % P
    w2 = (1 - s * s) % P
    w3 = (1 + s * s) % P
    return w0 * w3 % P, w2 * w1 % P, w1 * w3 % P, w0 * w2 % P


def from_uniform_bytes(data: bytes) -> Element:
    """RFC 9496 4.3.4: the element derived from 64 uniformly random bytes (hash-to-group)."""
    if len(data) != 2 * ENCODED_SIZE:
        raise ValueError(f"the element derivation function takes 64 bytes, not {len(data)}")
    mask = (1 << 255) - 1
    first = _map((int.from_bytes(data[:32], "little") & mask) % P)
    second = _map((int.from_bytes(data[32:], "little") & mask) % P)
    return Element(_add(first, _cache(second)))


def hash_to_group(label: bytes) -> Element:
    """The element derived from SHA-512 of ``label``: a generator nobody knows a logarithm of."""
    return from_uniform_bytes(hashlib.sha512(label).digest())


def multiply(scalar: int, element: Element) -> Element:
    """``scalar * element`` for a base used once (a 4-bit window)."""
    return Element(_multiscalar([scalar], [element.point]))


def multiscalar(scalars: Sequence[int], elements: Sequence[Element]) -> Element:
    """``sum(scalars[i] * elements[i])`` with one shared chain of doublings (Straus)."""
    return Element(_multiscalar(scalars, [e.point for e in elements]))


FIXED_WINDOW: Final = 8
"""Bits per row of a :class:`FixedBase` table: 32 rows of 128 points, so a product is at most 32 additions."""


class FixedBase:
    """A base multiplied by many scalars: ``table[i][j] = j * 256**i * base`` for signed 8-bit digits."""

    __slots__ = ("_table",)

    def __init__(self, element: Element) -> None:
        rows = []
        point = element.point
        for _ in range(-(-(ORDER.bit_length() + 1) // FIXED_WINDOW)):
            rows.append(_signed_table(point, 1 << (FIXED_WINDOW - 1)))
            for _ in range(FIXED_WINDOW):
                point = _double(point)
        self._table = rows

    def times(self, scalar: int) -> Element:
        """``scalar * base``."""
        acc = _IDENTITY
        for row, digit in zip(self._table, _signed_digits(scalar % ORDER, FIXED_WINDOW), strict=False):
            acc = _add_digit(acc, row, digit)
        return Element(acc)


@functools.lru_cache(maxsize=8)
def fixed_base(encoding: bytes) -> FixedBase:
    """The table of the element with this encoding, built once: a match's joint key, each player's key, ``H``."""
    return FixedBase(decode(encoding))


@functools.cache
def _base_table() -> FixedBase:
    return FixedBase(BASE)


def base_times(scalar: int) -> Element:
    """``scalar * BASE``."""
    return _base_table().times(scalar)


def encode_scalar(scalar: int) -> bytes:
    """The 32-byte little-endian encoding of a scalar (reduced modulo ``l``)."""
    return (scalar % ORDER).to_bytes(ENCODED_SIZE, "little")


def decode_scalar(data: bytes) -> int:
    """The scalar of a canonical 32-byte encoding; raise for a non-canonical one (>= ``l``)."""
    if len(data) != ENCODED_SIZE:
        raise MalformedMessageError(f"a scalar is {ENCODED_SIZE} bytes, not {len(data)}")
    value = int.from_bytes(data, "little")
    if value >= ORDER:
        raise MalformedMessageError("not a canonical scalar encoding")
    return value


def scalar_from_hash(digest: bytes) -> int:
    """A scalar from a 64-byte hash, reduced modulo ``l`` (bias below 2**-250)."""
    return int.from_bytes(digest, "little") % ORDER


def random_scalar(random_bytes: RandomBytes = secrets.token_bytes) -> int:
    """A uniformly random non-zero scalar."""
    while True:
        scalar = scalar_from_hash(random_bytes(64))
        if scalar:
            return scalar
