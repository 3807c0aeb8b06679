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

Translating a base round gives another, so ``oo_0`` sits with ``(0, 0)``.
"""

from __future__ import annotations

import argparse
import itertools
import time
from dataclasses import dataclass
from typing import Any

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
) -> list[Block] | None:
    """A conflict-free base round of tables of four found by CP-SAT, or ``None``."""
    from ortools.sat.python import cp_model  # optional extra, offline only

    n, finite = m * k + h, m * k
    if n % 4:
        raise ValueError("tables of four need a multiple of four players")
    model = cp_model.CpModel()
    together: dict[tuple[int, int], Any] = {}
    classes: dict[tuple[int, int, int], list[Any]] = {}
    for p, q in itertools.combinations(range(n), 2):
        key = _diff_key(p, q, m, finite)
        if key is None or key[0] < 0:
            continue
        var = together[p, q] = model.new_bool_var(f"t{p}_{q}")
        classes.setdefault(key, []).append(var)

    def pair(p: int, q: int) -> Any:
        return together.get((min(p, q), max(p, q)))

    exact = len(classes) == 6 * n // 4
    for used in classes.values():
        (model.add_exactly_one if exact else model.add_at_most_one)(used)
    for p in range(n):
        model.add(sum(v for q in range(n) if q != p and (v := pair(p, q)) is not None) == 3)
    for a, b, c in itertools.combinations(range(n), 3):
        ab, ac, bc = pair(a, b), pair(a, c), pair(b, c)
        for x, y, z in ((ab, bc, ac), (ab, ac, bc), (ac, bc, ab)):
            if x is None or y is None:
                continue
            if z is None:
                model.add_bool_or([x.Not(), y.Not()])
            else:
                model.add_bool_or([x.Not(), y.Not(), z])
    if h:
        model.add(together[0, finite] == 1)
    if symmetry is not None:
        for (p, q), var in together.items():
            image = pair(symmetry.image(p, m, k, h), symmetry.image(q, m, k, h))
            model.add(var == (image if image is not None else 0))

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    base: list[Block] = []
    placed: set[int] = set()
    for p in range(n):
        if p in placed:
            continue
        mates = (q for q in range(p + 1, n) if (v := pair(p, q)) is not None and solver.value(v))
        table = (p, *mates)
        placed.update(table)
        base.append(table)
    if conflicts(base, m, k) != 0 or sorted(placed) != list(range(n)):
        raise AssertionError(f"CP-SAT base round over Z_{m} x Z_{k} + {h} does not verify")
    return base


def main() -> None:

    parser = argparse.ArgumentParser(prog="python -m tournaments.pairing.schedules.rotational")
    parser.add_argument("m", type=int)
    parser.add_argument("k", type=int)
    parser.add_argument("h", type=int)
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--seed", type=int, default=0)
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
    found = base_round(
        args.m,
        args.k,
        args.h,
        seconds=args.seconds,
        seed=args.seed,
        symmetry=None if plain else symmetry,
    )
    print(f"{args.m * args.k + args.h} players: {found} in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
