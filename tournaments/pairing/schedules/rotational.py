"""CP-SAT search for cyclic base rounds over ``Z_m x Z_k`` plus ``h`` fixed points.

Offline only, like :mod:`.exact` (OR-Tools is the optional extra
``schedules``).  :mod:`tournaments.pairing.cyclic` develops a base round into
``m`` repeat-free rounds when every difference class is used by at most one
pair of its tables; :mod:`.basesearch` looks for one by local search, this
module asks CP-SAT.  The model is the one of :func:`.exact.starters_exact`:
a boolean per pair of players says "same table", each player has three
tablemates, "same table" is transitive, and the pairs of each difference
class are at most one (exactly one when the round has as many pairs as
there are classes, e.g. 32 players over ``Z_10 x Z_3`` plus two).

``symmetry`` adds a map the base round must keep (a much smaller search),
``(x, r) -> (u x + c_r, pi(r))`` with the fixed points permuted, e.g.

* ``"turn"``: ``(x, r) -> (x, r + 1)`` and ``oo_i -> oo_(i + 1)`` (``k = h = 3``;
  36 and 48 players in seconds, 60 with ``u = 7`` in two minutes);
* ``"negate"``: ``(x, r) -> (-x, r)``, swapping ``oo_0`` and ``oo_1``.

Translating a base round gives another, so ``oo_0`` sits with ``(0, 0)``
(unless the symmetry multiplies by ``u != 1``: translating would not keep
it, or a ``hint``, a near miss of :mod:`.turnsearch`, says where to start;
``anchor`` forces it, as when 60 players' base round was found).

What did not work (one worker): 32 players over ``Z_10 x Z_3`` plus two, none
in 4 minutes, and none kept by the involutions ``x -> c_r - x`` or
``(x, 1) <-> (+-x, 2)`` tried (proved in a second), nor 68 over ``Z_22 x Z_3``
plus two kept by ``(x, 1) <-> (-x, 2)`` (proved in a second: a level the map
keeps needs each pair of a pure class in a kept table, and ``x -> -x`` keeps
only even differences there), nor two base rounds over ``Z_11 x Z_6`` plus two
for 68: none in 15 minutes without a map, proved impossible in seconds when
kept by ``x -> -x`` (``"negate"``), none in 23 minutes kept by
``(x, r) -> (-x, pi(r))`` with the fixed players swapped, ``pi = (0 1)`` or
``(0 1)(2 3)(4 5)``; two base rounds over
``Z_5 x Z_6`` plus two, proved impossible in 273 s; 44 players over
``Z_14 x Z_3`` plus two, none in 7 minutes (but two base rounds over
``Z_7 x Z_6`` plus two kept by ``(x, r) -> (2x, r + 2)``: found in 205 s,
14 rounds, the optimum); 72 and 84 players turned (``u = 1``, ``u = 10``),
none in 10 minutes; 56 players over ``Z_9 x Z_6`` plus two kept by
``(x, r) -> (4x, r + 2)``, and 84 turned and kept by ``x -> 10x``, proved
impossible in seconds, but 56 over ``Z_18 x Z_3`` plus two kept by
``(x, r) -> (7x, r + 1)`` (both fixed players kept): found in 76 s, 18 rounds,
the optimum.  72 players as two base rounds over ``Z_11 x Z_6`` plus six, kept
by ``(x, r) -> (x, r + 1)`` with the fixed players turned: found in 26 s, 22
rounds (the six fixed players meet everyone else, so a 23rd round cannot
follow).  68 players over ``Z_21 x Z_3`` plus five, kept by ``(x, r) -> (16x,
r + 1)`` (three fixed players turned, two kept): found in 14 s, 21 rounds
(none in 5 minutes without the map); so were 84 over ``Z_26 x Z_3`` plus six
(``u = 3``, 9 s; since replaced by the optimum, which :mod:`.orbit_anneal` found
over ``Z_27 x Z_3`` plus three, as it did 72 and 80), 92 over ``Z_28 x Z_3`` plus
eight (``u = 9``, 89 s) and 104
over ``Z_31 x Z_3`` plus eleven (``u = 5``, 206 s), 120 over ``Z_37 x Z_3`` plus
nine (``u = 10``, 185 s, 37 rounds; none in 5 minutes over ``Z_38 x Z_3`` plus six,
``u = 7``; since replaced by the optimum, 39 rounds, which :mod:`.orbit_anneal` found
over ``Z_39 x Z_3`` plus three) and 116 over ``Z_31 x Z_3`` plus 23 (``u = 5``, 20 s,
31 rounds; none in 5 minutes over ``Z_36 x Z_3`` plus eight, ``u = 13``, nor two bases
over ``Z_18 x Z_6`` plus eight kept by ``(x, r) -> (7x, r + 2)``; since replaced by the
optimum, 38 rounds, which :mod:`.orbit_anneal` found over ``Z_38 x Z_3`` plus two,
``u = 7``).
None in 5 minutes: 104, 116, 92 over ``Z_m x Z_3`` plus five without a map
(33, 37, 29 rounds; 116 also kept by ``(x, r) -> (10x, r + 1)``); 84 over
``Z_13 x Z_6`` and 120 over ``Z_19 x Z_6`` plus six, turned (26, 38 rounds).
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tournaments.pairing.schedules.cpsat import cpsat_solve

from ..cyclic import Block, _diff_key, conflicts


@dataclass(frozen=True)
class Symmetry:
    """``(x, r) -> (unit * x + shift[r], levels[r])``, ``oo_i -> oo_fixed[i]``."""

    unit: int = 1
    levels: tuple[int, ...] = ()
    shift: tuple[int, ...] = ()
    fixed: tuple[int, ...] = ()

    def image(self, p: int, m: int, k: int, h: int) -> int:
        finite = m * k
        if p >= finite:
            i = p - finite
            return finite + (self.fixed[i] if self.fixed else i)
        r, x = divmod(p, m)
        shift = self.shift[r] if self.shift else 0
        return (self.levels[r] if self.levels else r) * m + (self.unit * x + shift) % m


#: the named symmetries of the command line
NAMED = {
    "turn": Symmetry(levels=(1, 2, 0), fixed=(1, 2, 0)),
    "negate": Symmetry(unit=-1, fixed=(1, 0)),
}


def base_round(
    m: int,
    k: int,
    h: int,
    *,
    seconds: float = 600.0,
    seed: int = 0,
    symmetry: Symmetry | None = None,
    workers: int = 1,
    anchor: bool | None = None,
) -> list[Block] | None:
    """A conflict-free base round of tables of four found by CP-SAT, or ``None``."""
    found = base_rounds(
        m, k, h, seconds=seconds, seed=seed, symmetry=symmetry, workers=workers, anchor=anchor
    )
    return found[0] if found else None


def base_rounds(
    m: int,
    k: int,
    h: int,
    *,
    bases: int = 1,
    seconds: float = 600.0,
    seed: int = 0,
    symmetry: Symmetry | None = None,
    workers: int = 1,
    hint: Sequence[Sequence[Block]] = (),
    anchor: bool | None = None,
) -> list[list[Block]] | None:
    """``bases`` base rounds whose pairs use every difference class at most once together.

    Developed over ``Z_m`` they give ``bases * m`` rounds (32 players: two
    base rounds over ``Z_5 x Z_6`` plus two for ten rounds).
    """
    from ortools.sat.python import cp_model  # optional extra, offline only

    n, finite = m * k + h, m * k
    if n % 4:
        raise ValueError("tables of four need a multiple of four players")
    model = cp_model.CpModel()
    together: list[dict[tuple[int, int], Any]] = [{} for _ in range(bases)]
    classes: dict[tuple[int, int, int], list[Any]] = {}
    for p, q in itertools.combinations(range(n), 2):
        key = _diff_key(p, q, m, finite)
        if key is None or key[0] < 0:
            continue
        for b in range(bases):
            var = together[b][p, q] = model.new_bool_var(f"t{b}_{p}_{q}")
            classes.setdefault(key, []).append(var)

    exact = len(classes) == bases * 6 * n // 4
    for used in classes.values():
        (model.add_exactly_one if exact else model.add_at_most_one)(used)
    for b, pairs in enumerate(together):

        def pair(p: int, q: int, pairs: dict[tuple[int, int], Any] = pairs) -> Any:
            return pairs.get((min(p, q), max(p, q)))

        for p in range(n):
            model.add(sum(v for q in range(n) if q != p and (v := pair(p, q)) is not None) == 3)
        for x, y, z in itertools.combinations(range(n), 3):
            xy, xz, yz = pair(x, y), pair(x, z), pair(y, z)
            for one, two, third in ((xy, yz, xz), (xy, xz, yz), (xz, yz, xy)):
                if one is None or two is None:
                    continue
                if third is None:
                    model.add_bool_or([one.Not(), two.Not()])
                else:
                    model.add_bool_or([one.Not(), two.Not(), third])
        if anchor is None:  # translating keeps the symmetry only if u = 1
            anchor = not hint and (symmetry is None or symmetry.unit % m == 1)
        if h and b == 0 and anchor:
            model.add(pairs[0, finite] == 1)
        if b < len(hint):
            hinted = {(min(p, q), max(p, q)) for t in hint[b] for p in t for q in t if p != q}
            for both, var in pairs.items():
                model.add_hint(var, both in hinted)
        if symmetry is not None:
            for (p, q), var in pairs.items():
                image = pair(symmetry.image(p, m, k, h), symmetry.image(q, m, k, h))
                model.add(var == (image if image is not None else 0))

    solver = cpsat_solve(model, seconds=seconds, seed=seed, workers=workers)
    if solver is None:
        return None
    found: list[list[Block]] = []
    for pairs in together:
        base: list[Block] = []
        placed: set[int] = set()
        for p in range(n):
            if p not in placed:
                mates = (
                    q
                    for q in range(p + 1, n)
                    if (v := pairs.get((p, q))) is not None and solver.value(v)
                )
                table = (p, *mates)
                placed.update(table)
                base.append(table)
        if sorted(placed) != list(range(n)):
            raise AssertionError("a CP-SAT base round does not seat everyone once")
        found.append(base)
    if conflicts([t for base in found for t in base], m, k) != 0:
        raise AssertionError(f"CP-SAT base rounds over Z_{m} x Z_{k} + {h} do not verify")
    return found


def main() -> None:

    parser = argparse.ArgumentParser(prog="python -m tournaments.pairing.schedules.rotational")
    parser.add_argument("m", type=int)
    parser.add_argument("k", type=int)
    parser.add_argument("h", type=int)
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bases", type=int, default=1, help="base rounds developed together")
    parser.add_argument("--symmetry", default="", choices=["", *NAMED])
    parser.add_argument("--unit", type=int, default=1, help="the symmetry multiplies by this")
    parser.add_argument("--levels", default="", help="level images, e.g. 1,2,0")
    parser.add_argument("--shift", default="", help="added on each level, e.g. 0,0,5")
    parser.add_argument("--fixed", default="", help="fixed points' images, e.g. 1,0")
    args = parser.parse_args()
    started = time.monotonic()

    def ints(text: str) -> tuple[int, ...]:
        return tuple(int(x) for x in text.split(",")) if text else ()

    symmetry = NAMED.get(args.symmetry, Symmetry())
    symmetry = Symmetry(
        args.unit,
        ints(args.levels) or symmetry.levels,
        ints(args.shift),
        ints(args.fixed) or symmetry.fixed,
    )
    plain = symmetry == Symmetry()
    found = base_rounds(
        args.m,
        args.k,
        args.h,
        bases=args.bases,
        seconds=args.seconds,
        seed=args.seed,
        symmetry=None if plain else symmetry,
    )
    print(f"{args.m * args.k + args.h} players: {found} in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
