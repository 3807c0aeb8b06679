"""Rebuild ``catalogue.json``: ``python -m tournaments.pairing.schedules.build``.

Runs the offline searches (minutes, not seconds) and writes the recipes the
site reads.  ``--fields`` limits the work to some fields; entries already in
the file are kept unless a search finds more rounds.  ``--exact SECONDS``
adds the CP-SAT searches of :mod:`.exact` and :mod:`.rotational` (the
optional extra ``schedules``): orbit starters the local search misses, base
rounds kept by turning the levels for ``3m + 3`` players (36, 48, 60), and
32 players' 10 rounds kept by the partner swap (:mod:`.lifted`).
``--anneal SECONDS`` reruns :mod:`.orbit_anneal` (compiled C) for the base
rounds it found.  ``--extras SECONDS`` plans where the extra players of ``4b + e`` sit
(:mod:`.extras_search`) for the fields below ``b`` rounds.  Seeded
(CP-SAT on one worker, :mod:`.negation` from a fixed seed), so a rebuild
finds the same recipes.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any, TypeVar

from ..search import anneal, split
from ..sizes import table_sizes
from . import basesearch, frames, lifted, negation, orbit_anneal, orbits, rotational
from .catalogue import (
    DATA,
    EXTRAS,
    SEARCHED,
    best_design,
    cache_clear,
    designs,
    encode_rounds,
    field_designs,
    raw_entries,
)
from .exact import starters_exact  # ortools: imported only when a search runs
from .extras import design_with_extras
from .extras_search import extras_plan  # ortools: imported only when a search runs

Found = TypeVar("Found")

#: q for the orbit construction on 3q + 1 players (q a prime power, q = 1 mod 4)
ORBIT_PRIMES = (13, 17, 25, 29, 37, 41)
#: resolvable transversal designs TD(4, n) for 4n players
TD_ORDERS = (7, 8, 9, 11, 13, 17, 19, 20, 21, 23, 24, 25, 27, 29, 31, 32)
#: (players, m, k, h, bases, symmetry) for CP-SAT base rounds over Z_m x Z_k plus h kept by a
#: map (search times on one worker):
#: - 36, 48, 60: levels turned, three fixed players turned with them;
#: - 44: two base rounds over Z_7 x Z_6 plus two, kept by (x, r) -> (2x, r + 2) (205 s);
#: - 56: Z_18 x Z_3 plus two, kept by (x, r) -> (7x, r + 1) (76 s);
#: - h fixed players who meet everyone else give (N - h) / 3 rounds, one to seven short of
#:   the optimum (they cannot meet each other later): 68 (21 rounds, 14 s), 72 (22, 26 s, two
#:   bases over Z_11 x Z_6), 92 (28, 89 s), 104 (31 of 34 with eleven fixed,
#:   206 s); an order-3 unit keeps up to two fixed players, the others turn with the levels.
SYMMETRIC_CP: tuple[tuple[int, int, int, int, int, rotational.Symmetry], ...] = (
    (36, 11, 3, 3, 1, rotational.Symmetry(1, (1, 2, 0), (), (1, 2, 0))),
    (44, 7, 6, 2, 2, rotational.Symmetry(2, (2, 3, 4, 5, 0, 1), (), (0, 1))),
    (48, 15, 3, 3, 1, rotational.Symmetry(1, (1, 2, 0), (), (1, 2, 0))),
    (56, 18, 3, 2, 1, rotational.Symmetry(7, (1, 2, 0), (), (0, 1))),
    (60, 19, 3, 3, 1, rotational.Symmetry(7, (1, 2, 0), (), (1, 2, 0))),
    (68, 21, 3, 5, 1, rotational.Symmetry(16, (1, 2, 0), (), (1, 2, 0, 3, 4))),
    (72, 11, 6, 6, 2, rotational.Symmetry(1, (1, 2, 3, 4, 5, 0), (), (1, 2, 3, 4, 5, 0))),
    (92, 28, 3, 8, 1, rotational.Symmetry(9, (1, 2, 0), (), (1, 2, 0, 4, 5, 3, 6, 7))),
    (104, 31, 3, 11, 1, rotational.Symmetry(5, (1, 2, 0), (), (1, 2, 0, 4, 5, 3, 7, 8, 6, 9, 10))),
)
#: (players, m, k, h, symmetry, seed) for base rounds over Z_m x Z_k plus h kept by a map of
#: order three, found by :mod:`.orbit_anneal` (one core), each at the optimum where CP-SAT had
#: found none: 72 (23 rounds, levels and three fixed players turned, in 4 s; 22 rounds by
#: CP-SAT stay shipped for 73 players' extras plan), 80 (26, in 276 s; none in 2,000 s),
#: 84 (27, in 30 s; it replaces CP-SAT's 26 rounds with six fixed players), 116 (38, u = 7,
#: in 197 s; it replaces CP-SAT's 31 rounds with 23 fixed players), 120 (39, in 88 s; with
#: u = 16 none in 600 s; it replaces CP-SAT's 37 rounds with nine fixed players).  For 68,
#: 92 and 104 (Z_22, Z_30, Z_34 plus two) no such map exists: their units have no element of
#: order three, and with u = 1 both kept players' tables use the same mixed differences.
ANNEALED: tuple[tuple[int, int, int, int, rotational.Symmetry, int], ...] = (
    (72, 23, 3, 3, rotational.Symmetry(1, (1, 2, 0), (), (1, 2, 0)), 1),
    (80, 26, 3, 2, rotational.Symmetry(3, (1, 2, 0), (), (0, 1)), 1),
    (84, 27, 3, 3, rotational.Symmetry(10, (1, 2, 0), (), (1, 2, 0)), 1),
    (116, 38, 3, 2, rotational.Symmetry(7, (1, 2, 0), (), (0, 1)), 1),
    (120, 39, 3, 3, rotational.Symmetry(1, (1, 2, 0), (), (1, 2, 0)), 1),
)
#: (players, master, n): the master field's design times TD(4, n) (:mod:`.inflate`)
INFLATIONS = ((120, 24, 5),)
#: (players, m): a 4-frame of type 3^5 weighted by m, groups filled with 3m + 3 (:mod:`.frames`)
FRAMES = ((108, 7),)
#: n for four levels over Z_n, base round fixed by negation (4n players, n = 1 mod 6)
NEGATION_ORDERS = (25,)
#: (players, rounds) for CP-SAT schedules kept by the partner swap (:mod:`.lifted`)
LIFTED = ((32, 10),)
#: (players, m, k, h) for cyclic base-round searches
CYCLIC_SEARCHES = (
    (32, 10, 3, 2), (36, 11, 3, 3), (44, 14, 3, 2), (48, 15, 3, 3), (52, 17, 3, 1),
    (56, 18, 3, 2), (60, 19, 3, 3),
)  # fmt: skip


def greedy_rounds(players: int, *, seed: int, steps: int, restarts: int) -> list[list[list[int]]]:
    """Repeat-free rounds one after another by annealing, until a round fails."""
    rng = random.Random(f"greedy:{players}:{seed}")
    sizes = table_sizes(players)
    cost = [[0.0] * players for _ in range(players)]
    rounds: list[list[list[int]]] = []
    while len(rounds) < (players - 1) // 3:
        found = None
        for _ in range(restarts):
            order = list(range(players))
            rng.shuffle(order)
            tables, total = anneal(split(order, sizes), cost, rng, steps=steps, temperature=1.0)
            if total == 0:
                found = tables
                break
        if found is None:
            break
        for t in found:
            for p in t:
                for q in t:
                    if p != q:
                        cost[p][q] = 1.0
        rounds.append(found)
    return rounds


def orbit_starters(q: int, tries: int, exact_seconds: float) -> list[list[orbits.Point]] | None:
    """Starters by local search (20 seeds), then by CP-SAT if ``exact_seconds`` > 0.

    CP-SAT first looks for starters symmetric under turning the levels (a
    much smaller search: GF(17)'s in seconds, where the whole one ran out of
    time), then for any.
    """
    for seed in range(20 if tries else 0):
        try:
            found = orbits.starters(q, seed=seed, tries=tries)
        except ValueError:
            continue
        print(f"{3 * q + 1}: orbits over GF({q}), local search seed {seed}", flush=True)
        return found
    if exact_seconds <= 0:
        print(f"{3 * q + 1}: no orbit starters over GF({q}) by local search", flush=True)
        return None

    for rotate in (True, False):
        how = "levels turned" if rotate else "all starters"
        label = f"{3 * q + 1}: orbits over GF({q}), CP-SAT ({how})"
        exact = timed(label, partial(starters_exact, q, seconds=exact_seconds, rotate=rotate))
        if exact is not None:
            return exact
    return None


def timed(label: str, search: Callable[[], Found | None]) -> Found | None:
    """Run a search and say whether it found something, and how fast."""
    started = time.monotonic()
    found = search()
    verdict = "found" if found is not None else "none"
    print(f"{label}: {verdict} in {time.monotonic() - started:.0f} s", flush=True)
    return found


def _write(entries: list[dict[str, Any]]) -> None:
    entries.sort(key=lambda e: (int(e["players"]), str(e["kind"])))
    text = json.dumps({"schedules": entries}, separators=(",", ":"))
    DATA.write_text(text.replace('},{"players"', '},\n{"players"') + "\n", encoding="utf-8")


def build(
    fields: Sequence[int] | None,
    seconds: float,
    tries: int,
    *,
    tables_fields: Sequence[int] = (),
    steps: int = 100_000,
    exact_seconds: float = 0.0,
    anneal_seconds: float = 0.0,
    extras_seconds: float = 0.0,
) -> list[dict[str, Any]]:
    entries = raw_entries() if DATA.exists() else []
    have = {(int(e["players"]), e["kind"]) for e in entries}
    wanted = set(fields) if fields else None

    def want(players: int, kind: str) -> bool:
        return (players, kind) not in have and (wanted is None or players in wanted)

    for q in ORBIT_PRIMES:
        if want(3 * q + 1, "orbits"):
            found = orbit_starters(q, tries, exact_seconds)
            if found is not None:
                entries.append({"players": 3 * q + 1, "kind": "orbits", "q": q, "starters": found})
    for n in TD_ORDERS:
        if want(4 * n, "td"):
            entries.append({"players": 4 * n, "kind": "td", "n": n})
    for players, master, n in INFLATIONS:
        if want(players, "inflate"):
            entries.append({"players": players, "kind": "inflate", "master": master, "n": n})
    for players, m in FRAMES:
        if want(players, "frame"):
            entries.append({"players": players, "kind": "frame", "m": m,
                            "classes": frames.search_3_5()})  # fmt: skip
    for n in NEGATION_ORDERS:
        if want(4 * n, "negation"):
            found_levels = timed(f"{4 * n}: four levels over Z_{n}", partial(negation.search, n))
            if found_levels is not None:
                matches, transversals = found_levels
                entries.append({"players": 4 * n, "kind": "negation", "n": n,
                                "matches": matches, "transversals": transversals})  # fmt: skip
    for players, rounds in LIFTED if exact_seconds > 0 else ():
        if want(players, "lifted"):
            label = f"{players}: CP-SAT rounds kept by the partner swap"
            swap_search = partial(lifted.search, players // 2, rounds, seconds=exact_seconds)
            swapped = timed(label, swap_search)
            if swapped is not None:
                halves = lifted.halves(players, swapped)
                entries.append({"players": players, "kind": "lifted", "rounds": halves})
    for players, m, k, h, count, symmetry in SYMMETRIC_CP if exact_seconds > 0 else ():
        if want(players, "cyclic"):
            label = f"{players}: CP-SAT base rounds over Z_{m} x Z_{k} + {h}, kept by a map"
            # the searches with three fixed players put oo_0 beside (0, 0) (60 was found so)
            search = partial(
                rotational.base_rounds, m, k, h, bases=count, seconds=exact_seconds,
                symmetry=symmetry, anchor=True if h == 3 else None,
            )  # fmt: skip
            bases = timed(label, search)
            if bases is not None:
                recipe: dict[str, Any] = {"base": bases[0]} if count == 1 else {"bases": bases}
                entries.append({"players": players, "kind": "cyclic", "m": m, "k": k, "h": h}
                               | recipe)  # fmt: skip
    for players, m, k, h, symmetry, seed in ANNEALED if anneal_seconds > 0 else ():
        shipped = any(e["kind"] == "cyclic" and (e["m"], e["k"], e["h"]) == (m, k, h)
                      for e in entries if int(e["players"]) == players)  # fmt: skip
        if not shipped and (wanted is None or players in wanted):
            label = f"{players}: annealed base round over Z_{m} x Z_{k} + {h}, kept by a map"
            anneal_search = partial(orbit_anneal.base_round, m, k, h, symmetry, seed=seed,
                                    seconds=anneal_seconds)  # fmt: skip
            annealed = timed(label, anneal_search)
            if annealed is not None:
                entries.append({"players": players, "kind": "cyclic", "m": m, "k": k, "h": h,
                                "base": [list(t) for t in annealed]})  # fmt: skip
    for players, m, k, h in CYCLIC_SEARCHES:
        if want(players, "cyclic"):
            base, cost = basesearch.base_round(m, k, h, [4] * (players // 4), seconds=seconds)
            print(f"{players}: cyclic over Z_{m}: {cost} conflicts", flush=True)
            if cost == 0:
                entries.append(
                    {"players": players, "kind": "cyclic", "m": m, "k": k, "h": h, "base": base}
                )
    if extras_seconds > 0:
        entries = _with_extras_plans(entries, fields or range(9, 129), extras_seconds)
    entries = _without_stale_tables(entries)
    for players in tables_fields:
        current = best_design(players)  # the searched tables shipped so far count too
        have_rounds = max(len(current.rounds) if current else 0, _designed_rounds(players))
        best_rounds: list[list[list[int]]] = []
        for seed in range(2):
            searched = greedy_rounds(players, seed=seed, steps=steps, restarts=3)
            if len(searched) > len(best_rounds):
                best_rounds = searched
        print(
            f"{players}: local search {len(best_rounds)} rounds (shipped: {have_rounds})",
            flush=True,
        )
        if len(best_rounds) > have_rounds:
            entries = [
                e for e in entries if not (int(e["players"]) == players and e["kind"] == "tables")
            ]
            entries.append(
                {"players": players, "kind": "tables", "rounds": encode_rounds(best_rounds)}
            )
            _write(entries)
    return entries


def _with_extras_plans(
    entries: list[dict[str, Any]], fields: Iterable[int], seconds: float
) -> list[dict[str, Any]]:
    """CP-SAT extras plans (:mod:`.extras_search`) for the fields of ``4b + e`` players that
    fall short of ``b`` rounds; each plan that beats the field's schedules replaces the
    field's plans."""
    for players in fields:
        extras = players % 4
        base = players - extras
        if not extras or base < 8:
            continue
        current = best_design(players)  # the searched tables shipped so far count too
        have = max(len(current.rounds) if current else 0, _designed_rounds(players))
        found: dict[str, Any] | None = None
        for design in field_designs(base):
            bound = min(base // 4, len(design.rounds))
            # searched tables give way to designs (_without_stale_tables): no plan on them
            if have >= bound or design.name == SEARCHED:
                continue
            plan = timed(
                f"{players}: extras plan on {design.name} (have {have}, bound {bound})",
                partial(extras_plan, design.rounds, extras, seconds=seconds),
            )
            if plan is not None and len(plan) > have:
                have = len(plan)
                found = {"players": players, "kind": EXTRAS, "design": design.name,
                         "plan": [[r, list(places)] for r, places in plan]}  # fmt: skip
        if found is not None:
            entries = [e for e in entries if not (int(e["players"]) == players
                                                  and e["kind"] == EXTRAS)]  # fmt: skip
            entries.append(found)
            print(f"{players}: extras plan of {have} rounds shipped", flush=True)
            _write(entries)
            cache_clear()
    return entries


def _without_stale_tables(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Drop searched tables that a design (plus the extras, for ``4b + e``) now matches, and
    extras plans whose design is no longer shipped.

    Writes the entries first: the designs it compares with are loaded from the file.
    """
    _write(entries)
    cache_clear()
    kept = []
    for entry in entries:
        players = int(entry["players"])
        if entry["kind"] == EXTRAS:
            names = {d.name for d in field_designs(players - players % 4)}
            if entry["design"] not in names:
                print(f"{players}: extras plan dropped, its design {entry['design']!r} is gone")
                continue
        if entry["kind"] == "tables":
            shipped = len(entry["rounds"])
            designed = _designed_rounds(players)
            if designed >= shipped:
                print(f"{players}: searched tables ({shipped}) dropped, designs give {designed}")
                continue
        kept.append(entry)
    return kept


def _designed_rounds(players: int) -> int:
    """Repeat-free rounds a construction or recipe gives, without the searched tables."""
    extras = players % 4
    if not extras:
        found = [d for d in field_designs(players) if d.name != SEARCHED]
        return max((len(d.rounds) for d in found), default=0)
    base = players - extras
    return max((design_with_extras(d, extras)[1] for d in field_designs(base)), default=0)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tournaments.pairing.schedules.build")
    parser.add_argument("--fields", type=int, nargs="*", default=None)
    parser.add_argument("--seconds", type=float, default=120.0, help="per cyclic search")
    parser.add_argument("--tries", type=int, default=400_000, help="moves per orbit search")
    parser.add_argument(
        "--tables", type=int, nargs="*", default=[], help="fields to search round by round"
    )
    parser.add_argument("--steps", type=int, default=100_000, help="annealing steps per round")
    parser.add_argument(
        "--exact",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="CP-SAT time per orbit field the local search misses (needs the extra 'schedules')",
    )
    parser.add_argument(
        "--anneal",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="time per annealed base round (compiles orbit_anneal.c with the C compiler)",
    )
    parser.add_argument(
        "--extras",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="CP-SAT time per design for the extras plans of 4b + e players below b rounds",
    )
    args = parser.parse_args(argv)
    entries = build(
        args.fields,
        args.seconds,
        args.tries,
        tables_fields=args.tables,
        steps=args.steps,
        exact_seconds=args.exact,
        anneal_seconds=args.anneal,
        extras_seconds=args.extras,
    )
    _write(entries)
    cache_clear()
    for players, design in sorted(designs().items()):
        print(f"{players:>4} {len(design.rounds):>3}  {design.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
