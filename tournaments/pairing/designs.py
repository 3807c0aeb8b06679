"""Exact repeat-free schedules from finite geometry and stored cyclic bases.

* ``AG(n, 4)``: the lines of the affine space over GF(4) fall into parallel
  classes; each class seats all ``4**n`` players at tables of four, and two
  points share exactly one line.  16 players get 5 rounds, 64 get 21, 256
  get 85: the bound ``(N - 1) / 3`` in every case.
* Binary partial spreads for ``2**n`` players with ``n`` odd: a round is the
  cosets of a 2-dimensional subspace of GF(2)^n; rounds whose subspaces
  meet only in 0 never repeat a pair.  32 players get 9 rounds, 128 get 41
  (one short of the known maxima 10 and 42).
* Cyclic bases (see :mod:`.cyclic`) found by search and stored in
  :data:`CYCLIC`: 20, 24 and 28 players reach their known maxima, 44 gets 13 of 14.

Every function returns rounds of tables of 0-based player numbers.
"""

from __future__ import annotations

from .cyclic import develop

Rounds = list[list[list[int]]]

# GF(4) = {0, 1, w, w + 1} coded 0, 1, 2, 3; addition is XOR
_MUL = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]

#: 2-dimensional subspaces ``{0, u, v, u ^ v}`` of GF(2)^n, pairwise meeting in 0
SPREADS: dict[int, tuple[tuple[int, int], ...]] = {
    5: ((1, 16), (2, 28), (4, 25), (5, 10), (6, 11), (7, 19), (8, 23), (9, 18), (14, 22)),
    7: (
        (1, 46), (2, 104), (3, 48), (4, 35), (5, 113), (6, 121), (7, 74), (8, 86), (9, 85),
        (10, 18), (11, 103), (12, 16), (13, 112), (14, 117), (15, 53), (17, 69), (19, 96),
        (20, 76), (21, 36), (22, 43), (25, 64), (26, 40), (27, 70), (29, 34), (30, 98),
        (32, 68), (33, 83), (37, 67), (38, 72), (41, 81), (42, 71), (44, 79), (45, 66),
        (52, 95), (54, 87), (55, 73), (56, 78), (57, 80), (59, 65), (60, 75), (62, 91),
    ),
}  # fmt: skip

#: players -> (m, k, h, base round): see :mod:`.cyclic`
CYCLIC: dict[int, tuple[int, int, int, tuple[tuple[int, ...], ...]]] = {
    20: (5, 3, 5, ((0, 17, 7, 11), (9, 18, 10, 1), (6, 19, 14, 2), (12, 4, 5, 16), (3, 8, 13, 15))),
    24: (
        7, 3, 3,
        ((9, 14, 15, 17), (13, 5, 12, 8), (22, 2, 7, 16), (19, 4, 6, 3), (11, 21, 18, 0),
         (20, 23, 10, 1)),
    ),
    28: (
        9, 3, 1,
        ((11, 27, 20, 2), (12, 22, 7, 18), (16, 0, 19, 15), (25, 26, 23, 9), (13, 24, 1, 3),
         (5, 21, 4, 8), (17, 14, 6, 10)),
    ),
    44: (
        13, 3, 5,
        ((17, 9, 5, 8), (28, 2, 10, 4), (20, 30, 38, 0), (15, 25, 13, 21), (14, 11, 27, 41),
         (33, 1, 42, 24), (23, 29, 6, 39), (19, 36, 35, 26), (31, 3, 16, 37), (12, 43, 18, 32),
         (40, 7, 34, 22)),
    ),
}  # fmt: skip


def affine_gf4(n: int) -> Rounds:
    """The parallel classes of lines of AG(n, 4): ``(4**n - 1) / 3`` rounds."""
    size = 4**n

    def digits(x: int) -> list[int]:
        return [(x >> (2 * i)) & 3 for i in range(n)]

    def number(ds: list[int]) -> int:
        return sum(d << (2 * i) for i, d in enumerate(ds))

    rounds: Rounds = []
    for direction in range(1, size):
        ds = digits(direction)
        lead = next(d for d in reversed(ds) if d)
        if lead != 1:  # one representative per projective point
            continue
        multiples = [number([_MUL[t][d] for d in ds]) for t in range(4)]
        seen: set[int] = set()
        tables = []
        for p in range(size):
            if p in seen:
                continue
            line = [p ^ m for m in multiples]
            seen.update(line)
            tables.append(line)
        rounds.append(tables)
    return rounds


def binary_spread(n: int) -> Rounds:
    """Rounds from the stored partial spread of GF(2)^n (``n`` in :data:`SPREADS`)."""
    rounds: Rounds = []
    for u, v in SPREADS[n]:
        seen: set[int] = set()
        tables = []
        for p in range(1 << n):
            if p not in seen:
                coset = [p, p ^ u, p ^ v, p ^ u ^ v]
                seen.update(coset)
                tables.append(coset)
        rounds.append(tables)
    return rounds


def construction(players: int) -> tuple[str, Rounds] | None:
    """The best stored exact construction for a field, with its name, if any."""
    options: list[tuple[str, Rounds]] = []
    n4 = 1
    while 4**n4 < players:
        n4 += 1
    if 4**n4 == players and players <= 256:
        options.append((f"affine geometry AG({n4}, 4)", affine_gf4(n4)))
    n2 = players.bit_length() - 1
    if 1 << n2 == players and n2 in SPREADS:
        options.append((f"partial spread of GF(2)^{n2}", binary_spread(n2)))
    if players in CYCLIC:
        m, k, h, base = CYCLIC[players]
        del h
        options.append((f"cyclic base round over Z_{m}", develop(base, m, k, m)))
    if not options:
        return None
    return max(options, key=lambda o: len(o[1]))
