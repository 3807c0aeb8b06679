"""Resolvable transversal designs from mutually orthogonal Latin squares.

Three MOLS of order ``n`` give a transversal design TD(5, n); dropping its
first group leaves ``n`` parallel classes of tables of four on ``4n``
players (four groups of ``n``) in which two players of different groups
meet exactly once and two of one group never.  A repeat-free schedule of
``w`` rounds for ``n`` players, run inside each group at once, adds ``w``
rounds: ``n + w`` in all (80 players: 20 + 5 = 25 rounds).

Squares come from finite fields (``L_a(x, y) = a x + y``), from the
direct product of two sets of squares, and for 21 and 24 from Wilson's
construction (:mod:`.wilson`, a transversal design read back as squares).
Without an inner schedule (``n`` not a multiple of four) the design alone
gives ``n`` rounds, e.g. 9 for 36 players, 13 for 52, 21 for 84.
"""

from __future__ import annotations

from functools import cache

from .wilson import Block, wilson

Square = list[list[int]]

#: orders built by Wilson's construction: n = m t + u as (t, m, u), from TD(6, t)
WILSON: dict[int, tuple[int, int, int]] = {21: (5, 4, 1), 24: (5, 4, 4)}

#: monic irreducible polynomials over GF(p), lowest coefficient first, for GF(p^k)
_IRREDUCIBLE: dict[tuple[int, int], tuple[int, ...]] = {
    (2, 2): (1, 1), (2, 3): (1, 1, 0), (2, 4): (1, 1, 0, 0), (2, 5): (1, 0, 1, 0, 0),
    (3, 2): (1, 0), (3, 3): (1, 2, 0), (5, 2): (2, 0),
}  # fmt: skip


class Field:
    """GF(p^k); elements are the integers ``0 .. p^k - 1`` read in base ``p``."""

    def __init__(self, p: int, k: int) -> None:
        if k > 1 and (p, k) not in _IRREDUCIBLE:
            raise ValueError(f"GF({p}^{k}) is not available")
        self.p, self.k, self.q = p, k, p**k
        self._low = _IRREDUCIBLE.get((p, k), ())

    def _digits(self, a: int) -> list[int]:
        return [(a // self.p**i) % self.p for i in range(self.k)]

    def _number(self, ds: list[int]) -> int:
        return sum(d * self.p**i for i, d in enumerate(ds))

    def add(self, a: int, b: int) -> int:
        if self.p == 2:
            return a ^ b
        pairs = zip(self._digits(a), self._digits(b), strict=True)
        return self._number([(x + y) % self.p for x, y in pairs])

    def mul(self, a: int, b: int) -> int:
        if self.k == 1:
            return a * b % self.p
        if self.p == 2:  # carry-less product, reduced by x^k = low coefficients
            low = sum(c << i for i, c in enumerate(self._low))
            out = 0
            while b:
                if b & 1:
                    out ^= a
                b >>= 1
                a <<= 1
                if a >> self.k:
                    a = (a ^ (1 << self.k)) ^ low
            return out
        da, db = self._digits(a), self._digits(b)
        prod = [0] * (2 * self.k - 1)
        for i, x in enumerate(da):
            for j, y in enumerate(db):
                prod[i + j] = (prod[i + j] + x * y) % self.p
        # reduce with x^k = -(low coefficients)
        for top in range(2 * self.k - 2, self.k - 1, -1):
            c = prod[top]
            if c:
                prod[top] = 0
                for i, low in enumerate(self._low):
                    prod[top - self.k + i] = (prod[top - self.k + i] - c * low) % self.p
        return self._number(prod[: self.k])


def field_squares(p: int, k: int, count: int) -> list[Square]:
    """``count`` MOLS of order ``p**k`` (``count <= p**k - 1``): ``L_a(x, y) = a x + y``."""
    f = Field(p, k)
    return [
        [[f.add(f.mul(a, x), y) for y in range(f.q)] for x in range(f.q)]
        for a in range(1, count + 1)
    ]


def prime_power(n: int) -> tuple[int, int] | None:
    """``(p, k)`` with ``n = p**k``, or ``None``."""
    for p in range(2, n + 1):
        if n % p == 0:
            k = 0
            while n % p == 0:
                n //= p
                k += 1
            return (p, k) if n == 1 else None
    return None


def product(first: list[Square], second: list[Square]) -> list[Square]:
    """Direct product of two equally long lists of MOLS."""
    n1, n2 = len(first[0]), len(second[0])
    out: list[Square] = []
    for a, b in zip(first, second, strict=True):
        out.append(
            [
                [a[x1][y1] * n2 + b[x2][y2] for y1 in range(n1) for y2 in range(n2)]
                for x1 in range(n1)
                for x2 in range(n2)
            ]
        )
    return out


def _field(n: int) -> tuple[int, int] | None:
    """``(p, k)`` if GF(n) is available here."""
    pk = prime_power(n)
    return pk if pk is not None and (pk[1] == 1 or pk in _IRREDUCIBLE) else None


def from_squares(sq: list[Square]) -> list[Block]:
    """The TD(len(sq) + 2, n) of MOLS: block ``(x, y, L_1(x, y), ...)``."""
    n = len(sq[0])
    return [(x, y, *(s[x][y] for s in sq)) for x in range(n) for y in range(n)]


def to_squares(blocks: list[Block], n: int) -> list[Square]:
    """The MOLS of a TD(k, n): ``L_i(x, y)`` is the point in group ``i + 2`` of block ``(x, y)``."""
    out = [[[0] * n for _ in range(n)] for _ in range(len(blocks[0]) - 2)]
    for b in blocks:
        for i, s in enumerate(out):
            s[b[0]][b[1]] = b[i + 2]
    return out


@cache
def transversal(k: int, n: int) -> list[Block]:
    """A TD(k, n): trivial for ``n = 1``, from a field, by Wilson, or from :func:`squares`."""
    if n == 1:
        return [(0,) * k]
    pk = _field(n)
    if pk is not None and k - 2 <= n - 1:
        return from_squares(field_squares(pk[0], pk[1], k - 2))
    if n in WILSON:
        t, m, u = WILSON[n]
        parts = (transversal(k + 1, t), transversal(k, m), transversal(k, m + 1))
        return wilson(*parts, transversal(k, u) if u else [], m, u)
    if k == 5:
        return from_squares(squares(n))
    raise ValueError(f"no TD({k}, {n}) is built in")


@cache
def squares(n: int) -> list[Square]:
    """Three MOLS of order ``n``: a field, Wilson's construction, or a product of two."""
    pk = _field(n)
    if pk is not None and n >= 4:
        return field_squares(pk[0], pk[1], 3)
    if n in WILSON:
        return to_squares(transversal(5, n), n)
    for a in range(4, n // 4 + 1):
        if n % a == 0:
            try:
                return product(squares(a), squares(n // a))
            except ValueError:
                continue
    raise ValueError(f"no three MOLS of order {n} are built in")


def resolvable_td(n: int) -> list[list[list[int]]]:
    """``n`` parallel classes on ``4n`` players; group ``j`` is ``j*n .. j*n + n - 1``.

    Where a field gives a fourth square orthogonal to the three, round ``x``
    lists its tables by that square's symbol: the tables at one place in
    every round are then pairwise disjoint (a fourth square's symbol is a
    common transversal of the others), so an extra player who keeps that
    place meets everyone once in ``n`` rounds (:mod:`.extras`).
    """
    l1, l2, l3 = squares(n)
    order = lanes(n)
    return [
        [[y, n + l1[x][y], 2 * n + l2[x][y], 3 * n + l3[x][y]] for y in order[x]] for x in range(n)
    ]


def lanes(n: int) -> list[list[int]]:
    """``order[x]``: round ``x``'s columns by a fourth square's symbol, else ``0 .. n - 1``."""
    pk = _field(n)
    if pk is None or n < 5:
        return [list(range(n)) for _ in range(n)]
    fourth = field_squares(pk[0], pk[1], 4)[3]
    order = [[0] * n for _ in range(n)]
    for x, row in enumerate(fourth):
        for y, symbol in enumerate(row):
            order[x][symbol] = y
    return order
