"""Cyclic base rounds kept by a map of order three, by simulated annealing (offline only).

The same base rounds as :mod:`.rotational` (``Z_m x Z_k`` plus ``h`` fixed
points, kept by ``(x, r) -> (u x, levels[r])``), searched by annealing over
the map's orbits instead of by CP-SAT.  The annealing runs in
``orbit_anneal.c`` (tens of millions of moves; see its header), which this
module compiles with the machine's C compiler on first use; what it prints is
checked here with :func:`tournaments.pairing.cyclic.conflicts` before it is
returned.  Deterministic for a seed: ``build.py`` keeps the seed that found
each shipped base round, and a rebuild finds the same one.

Found this way (one core): 84 players over ``Z_27 x Z_3`` plus three turned,
``u = 10``: 27 rounds, the optimum, where CP-SAT had found nothing in 10
minutes.  60 players' base round (CP-SAT: two minutes) takes under a second.

``python -m tournaments.pairing.schedules.orbit_anneal m k h --unit u
--levels 1,2,0 --fixed 1,2,0 --seed s --seconds S`` prints a base round.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ..cyclic import Block, conflicts
from .rotational import Symmetry

SOURCE = Path(__file__).with_name("orbit_anneal.c")
#: the annealing schedule: temperature from T0 down by 3 % every SWEEP moves, back to T0 at T1
T0, T1, SWEEP = 1.0, 0.1, 100_000


class AnnealError(RuntimeError):
    """The annealer could not be built or run (no C compiler, bad arguments)."""


def compiled() -> Path:
    """The annealer's binary, compiled once per version of its source."""
    source = SOURCE.read_bytes()
    digest = hashlib.sha256(source).hexdigest()[:16]
    binary = Path(tempfile.gettempdir()) / f"scwu-orbit-anneal-{digest}"
    if binary.exists():
        return binary
    compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        raise AnnealError("no C compiler found (set CC)")
    building = binary.with_name(f"{binary.name}.{os.getpid()}")
    done = subprocess.run(
        [compiler, "-O2", "-o", str(building), str(SOURCE), "-lm"],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise AnnealError(f"compiling {SOURCE.name} failed: {done.stderr.strip()}")
    building.replace(binary)  # atomic, so two builds at once do not clash
    return binary


def base_round(
    m: int, k: int, h: int, symmetry: Symmetry, *, seed: int = 0, seconds: float = 600.0
) -> list[Block] | None:
    """A base round kept by ``symmetry`` with no conflict, or ``None`` when time ran out."""
    if symmetry.shift:
        raise AnnealError("the annealer takes maps without shifts")
    levels = symmetry.levels or tuple(range(k))
    fixed = symmetry.fixed or tuple(range(h))
    args = [m, k, h, symmetry.unit, ",".join(map(str, levels)), ",".join(map(str, fixed)), seed]
    done = subprocess.run(
        [str(compiled()), *map(str, args), str(seconds), str(T0), str(T1), str(SWEEP)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode == 1:
        return None
    if done.returncode != 0:
        raise AnnealError(done.stderr.strip() or f"the annealer exited with {done.returncode}")
    base = [tuple(table) for table in json.loads(done.stdout)]
    if sorted(p for table in base for p in table) != list(range(m * k + h)):
        raise AnnealError("the annealer's base round does not seat everyone once")
    if conflicts(base, m, k) != 0:
        raise AnnealError(f"the annealer's base round over Z_{m} x Z_{k} + {h} does not verify")
    return base


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tournaments.pairing.schedules.orbit_anneal")
    parser.add_argument("m", type=int)
    parser.add_argument("k", type=int)
    parser.add_argument("h", type=int)
    parser.add_argument("--unit", type=int, default=1, help="the map multiplies by this")
    parser.add_argument("--levels", required=True, help="level images, e.g. 1,2,0")
    parser.add_argument("--fixed", default="", help="fixed points' images, e.g. 1,2,0")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=600.0)
    args = parser.parse_args(argv)

    def ints(text: str) -> tuple[int, ...]:
        return tuple(int(x) for x in text.split(",")) if text else ()

    symmetry = Symmetry(args.unit, ints(args.levels), (), ints(args.fixed))
    started = time.monotonic()
    try:
        found = base_round(args.m, args.k, args.h, symmetry, seed=args.seed, seconds=args.seconds)
    except (AnnealError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    players = args.m * args.k + args.h
    print(f"{players} players: {found} in {time.monotonic() - started:.0f} s")
    return 0 if found is not None else 1


if __name__ == "__main__":
    sys.exit(main())
