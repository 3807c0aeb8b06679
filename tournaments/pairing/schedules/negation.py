"""Resolvable designs for ``4n`` players, ``n = 1 (mod 6)``: four levels over ``Z_n``.

The players are ``Z_n x {0, 1, 2, 3}`` (player ``r n + x`` is ``x`` on level
``r``).  Write ``+-x`` for the two players ``x`` and ``-x`` of one level
(``1 <= x <= (n - 1) / 2``) and call ``min(d, n - d)`` the *class* of a
difference ``d``.

* The **base round** is mapped onto itself by ``x -> -x``: the table of the
  four zeros, and tables ``{+-x on level r, +-y on level s}``, four *matches*
  for each pair of levels.  Each level's ``+-x`` take one match each, so
  its ``(n - 1) / 2`` classes ``2x`` all occur once; a match covers the
  classes of ``y - x`` and ``y + x`` between its two levels.  Adding
  ``0 .. n - 1`` to every ``x`` gives ``n`` rounds.
* That leaves ``(n - 1) / 6`` classes between each pair of levels.  A
  **transversal** ``(a_0, a_1, a_2, a_3)``, one player per level, and its
  ``n`` translates seat everyone once; it and its negative cover the class
  of ``a_s - a_r`` between levels ``r`` and ``s``.  ``(n - 1) / 6``
  transversals whose differences take exactly the classes left, and their
  negatives, give ``(n - 1) / 3`` more rounds.

``n + (n - 1) / 3 = (4n - 1) / 3`` rounds in which everyone meets everyone
once: an RBIBD(4n, 4, 1), the optimum.  The catalogue ships 100 players
(``n = 25``, no prime power ``q`` with ``3q + 1 = 100``, so :mod:`.orbits`
cannot make it).  :func:`search` finds matches and transversals by random
restarts with an exhaustive check of the transversals (a second or so for
``n = 25``); offline, like the other searches.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Sequence

Rounds = list[list[list[int]]]
#: levels ``r < s`` and the ``+-x`` of level r matched with the ``+-y`` of level s
Match = tuple[int, int, int, int]
Transversal = tuple[int, int, int, int]
#: the classes each pair of levels still needs
Left = dict[tuple[int, int], set[int]]

LEVEL_PAIRS = tuple(itertools.combinations(range(4), 2))


def _check_order(n: int) -> None:
    if n < 7 or n % 6 != 1:
        raise ValueError(f"needs n = 1 (mod 6) and n >= 7, not {n}")


def difference_class(d: int, n: int) -> int:
    d %= n
    return min(d, n - d)


def rounds(n: int, matches: Sequence[Match], transversals: Sequence[Transversal]) -> Rounds:
    """The ``(4n - 1) / 3`` rounds of the recipe (0-based players ``r n + x``)."""
    _check_order(n)

    def player(x: int, level: int) -> int:
        return level * n + x % n

    base = [[player(0, r) for r in range(4)]]
    base += [[player(x, r), player(-x, r), player(y, s), player(-y, s)] for r, s, x, y in matches]
    out = [[[player(p + t, p // n) for p in table] for table in base] for t in range(n)]
    for a in transversals:
        for sign in (1, -1):
            out.append([[player(sign * a[r] + t, r) for r in range(4)] for t in range(n)])
    return out


def _random_matches(n: int, rng: random.Random) -> tuple[list[Match], Left] | None:
    """Matches with distinct classes between each pair of levels, and the classes left."""
    half = (n - 1) // 2
    share = half // 3
    groups: dict[tuple[int, int], list[int]] = {}
    for r in range(4):
        values = list(range(1, half + 1))
        rng.shuffle(values)
        for i, s in enumerate(s for s in range(4) if s != r):
            groups[r, s] = values[i * share : (i + 1) * share]
    matches: list[Match] = []
    left: Left = {}
    for r, s in LEVEL_PAIRS:
        xs = groups[r, s]
        orders = list(itertools.permutations(groups[s, r]))
        rng.shuffle(orders)
        for ys in orders:
            covered = [difference_class(y - x, n) for x, y in zip(xs, ys, strict=True)]
            covered += [difference_class(y + x, n) for x, y in zip(xs, ys, strict=True)]
            if 0 not in covered and len(set(covered)) == len(covered):
                matches += [(r, s, x, y) for x, y in zip(xs, ys, strict=True)]
                left[r, s] = set(range(1, half + 1)) - set(covered)
                break
        else:
            return None
    return matches, left


def _transversals(n: int, left: Left) -> list[Transversal] | None:
    """Transversals ``(0, a_1, a_2, a_3)`` taking each class left exactly once, or ``None``."""
    firsts = sorted(left[0, 1])  # transversal j takes the j-th class between levels 0 and 1
    used: dict[tuple[int, int], set[int]] = {pair: set() for pair in LEVEL_PAIRS}
    found: list[Transversal] = []

    def fits(classes: dict[tuple[int, int], int]) -> bool:
        return all(c in left[pair] and c not in used[pair] for pair, c in classes.items())

    def place(j: int) -> bool:
        if j == len(firsts):
            return True
        a1 = firsts[j]
        for a2 in range(1, n):
            on_two = {(0, 2): difference_class(a2, n), (1, 2): difference_class(a2 - a1, n)}
            if not fits(on_two):
                continue
            for a3 in range(1, n):
                classes = on_two | {
                    (0, 3): difference_class(a3, n),
                    (1, 3): difference_class(a3 - a1, n),
                    (2, 3): difference_class(a3 - a2, n),
                }
                if not fits(classes):
                    continue
                for pair, c in classes.items():
                    used[pair].add(c)
                found.append((0, a1, a2, a3))
                if place(j + 1):
                    return True
                found.pop()
                for pair, c in classes.items():
                    used[pair].discard(c)
        return False

    return found if place(0) else None


def search(
    n: int, *, seed: int = 0, seconds: float = 60.0
) -> tuple[list[Match], list[Transversal]] | None:
    """Matches and transversals for ``4n`` players, or ``None`` when the time runs out."""
    _check_order(n)
    rng = random.Random(f"negation:{n}:{seed}")
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        drawn = _random_matches(n, rng)
        if drawn is None:
            continue
        matches, left = drawn
        transversals = _transversals(n, left)
        if transversals is not None:
            return matches, transversals
    return None
