"""The draw maths, pure Python: table sizes, the draw methods, positions by lot, the checker.

A thin stand-in for ``tournaments.pairing`` (being written by another engineer): the
manager (``tournaments.services.draw``) talks only to the four functions at the bottom of this
module, so swapping in the pairing package later touches one import. Nothing here touches the
database; every choice comes from the inputs and the seed, so a draw is reproducible from the
``draw_inputs`` and ``draw_seed`` stored on the round.

Flags explain a draw to the director; each is a machine ``code`` with ``params`` that the pages
translate (``tournaments.templatetags.tournament_tags.flag_text``).

>>> table_sizes(14)
[4, 5, 5]
>>> table_sizes(11)
[5, 6]
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

POSITIONS = "ABCDEF"
MIN_TABLE = 4
MAX_TABLE = 6
METHODS = ("random", "standings", "seeded_final", "manual")


class DrawError(ValueError):
    """A draw the director can fix: ``code`` and ``params`` say why, ``field`` names the input."""

    def __init__(self, code: str, field: str = "draw", **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.field = field
        self.params = params


@dataclass(frozen=True)
class Entrant:
    id: int
    name: str
    club: str = ""
    rank: int | None = None


@dataclass(frozen=True)
class History:
    """Who met whom in earlier rounds (round numbers) and how often each sat at a position."""

    met: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    positions: dict[int, dict[str, int]] = field(default_factory=dict)

    def rounds_met(self, a: int, b: int) -> tuple[int, ...]:
        return self.met.get((min(a, b), max(a, b)), ())

    def times_at(self, entrant: int, position: str) -> int:
        return self.positions.get(entrant, {}).get(position, 0)


@dataclass(frozen=True)
class Flag:
    code: str
    params: dict[str, Any]

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": self.params}


@dataclass(frozen=True)
class DrawnTable:
    number: int
    seats: tuple[tuple[str, int], ...]  # (position, entrant id)
    flags: tuple[Flag, ...] = ()


@dataclass(frozen=True)
class Draw:
    tables: tuple[DrawnTable, ...]
    report: dict[str, Any]


def table_sizes(n: int, prefer: int = 4) -> list[int]:
    """Tables of ``prefer`` (default fours), the remainder in fives, six only when unavoidable."""
    if n < MIN_TABLE:
        raise DrawError("field_too_small", field="entries", n=n)
    best: tuple[tuple[int, int], list[int]] | None = None
    for sixes in range(n // 6 + 1):
        for fives in range((n - 6 * sixes) // 5 + 1):
            rest = n - 6 * sixes - 5 * fives
            if rest % 4:
                continue
            sizes = [4] * (rest // 4) + [5] * fives + [6] * sixes
            cost = (sum((s - prefer) ** 2 for s in sizes), sixes)
            if best is None or cost < best[0]:
                best = (cost, sizes)
    if best is None:
        raise DrawError("field_indivisible", field="entries", n=n)
    return best[1]


def _pair_cost(table: Sequence[Entrant], history: History) -> int:
    cost = 0
    for a, b in itertools.combinations(table, 2):
        cost += 100 * len(history.rounds_met(a.id, b.id)) ** 2
        if a.club and a.club == b.club:
            cost += 1
    return cost


def _improve(
    tables: list[list[Entrant]], history: History, rng: random.Random, *, steps: int, near: bool
) -> None:
    """Swap players between tables while it does not make the repeats worse (seeded)."""
    if len(tables) < 2:
        return
    for _ in range(steps):
        i = rng.randrange(len(tables))
        if near:
            j = i + rng.choice((-1, 1))
            if not 0 <= j < len(tables):
                continue
        else:
            j = rng.randrange(len(tables) - 1)
            j = j + 1 if j >= i else j
        a, b = rng.randrange(len(tables[i])), rng.randrange(len(tables[j]))
        before = _pair_cost(tables[i], history) + _pair_cost(tables[j], history)
        tables[i][a], tables[j][b] = tables[j][b], tables[i][a]
        after = _pair_cost(tables[i], history) + _pair_cost(tables[j], history)
        if after > before:
            tables[i][a], tables[j][b] = tables[j][b], tables[i][a]


def _split(players: Sequence[Entrant], sizes: Sequence[int]) -> list[list[Entrant]]:
    out, start = [], 0
    for size in sizes:
        out.append(list(players[start : start + size]))
        start += size
    return out


def _positions(table: Sequence[Entrant], history: History, rng: random.Random) -> list[str]:
    """Positions by lot, balanced: nobody sits again where they sat most (A counts double)."""
    letters = POSITIONS[: len(table)]
    order = list(itertools.permutations(letters))
    rng.shuffle(order)

    def cost(perm: Sequence[str]) -> int:
        return sum(
            history.times_at(e.id, p) * (2 if p == "A" else 1)
            for e, p in zip(table, perm, strict=True)
        )

    return list(min(order, key=cost))


def check(
    seating: Sequence[Sequence[tuple[str, int]]],
    entrants: Iterable[Entrant],
    history: History,
    *,
    expected: Iterable[int] | None = None,
) -> list[list[Flag]]:
    """Refuse an impossible draw and explain a possible one: flags per table.

    Refused (``DrawError``): a table below four or above six, a player twice, a player who is
    not an entrant, positions that are not A, B, C... in order of the table size.
    """
    by_id = {e.id: e for e in entrants}
    seen: set[int] = set()
    result: list[list[Flag]] = []
    for number, table in enumerate(seating, start=1):
        if len(table) < MIN_TABLE:
            raise DrawError("table_too_small", field="tables", table=number, n=len(table))
        if len(table) > MAX_TABLE:
            raise DrawError("table_too_big", field="tables", table=number, n=len(table))
        if sorted(p for p, _ in table) != list(POSITIONS[: len(table)]):
            raise DrawError("bad_positions", field="tables", table=number)
        for _, entrant_id in table:
            if entrant_id not in by_id:
                raise DrawError("not_entrant", field="tables", table=number, entrant=entrant_id)
            if entrant_id in seen:
                raise DrawError(
                    "seated_twice", field="tables", table=number, player=by_id[entrant_id].name
                )
            seen.add(entrant_id)
        flags: list[Flag] = []
        if len(table) > 4:
            flags.append(Flag(f"table_of_{len(table)}", {"n": len(table)}))
        people = [(p, by_id[i]) for p, i in table]
        for (_, a), (_, b) in itertools.combinations(people, 2):
            rounds = history.rounds_met(a.id, b.id)
            if rounds:
                flags.append(Flag("repeat", {"a": a.name, "b": b.name, "rounds": list(rounds)}))
            if a.club and a.club == b.club:
                flags.append(Flag("same_club", {"a": a.name, "b": b.name, "club": a.club}))
        for position, e in people:
            times = history.times_at(e.id, position)
            if times:
                flags.append(
                    Flag(
                        "position_again",
                        {"player": e.name, "position": position, "times": times + 1},
                    )
                )
        result.append(flags)
    missing = [by_id[i].name for i in (expected or ()) if i not in seen]
    if missing and result:
        result[0].append(Flag("not_seated", {"players": missing}))
    return result


def _report(
    method: str, seed: int, seating: Sequence[Sequence[tuple[str, int]]], flags: list[list[Flag]]
) -> dict[str, Any]:
    counts = Counter(f.code for table in flags for f in table)
    return {
        "method": method,
        "seed": seed,
        "sizes": [len(t) for t in seating],
        "repeats": counts.get("repeat", 0),
        "same_club": counts.get("same_club", 0),
        "position_again": counts.get("position_again", 0),
        "flags": sum(counts.values()),
        "tables": [
            {"number": n, "flags": [f.as_dict() for f in fl]} for n, fl in enumerate(flags, start=1)
        ],
    }


def _finish(
    method: str,
    seed: int,
    groups: list[list[Entrant]],
    entrants: Sequence[Entrant],
    history: History,
    rng: random.Random,
) -> Draw:
    seating = [
        list(zip(_positions(g, history, rng), [e.id for e in g], strict=True)) for g in groups
    ]
    seating = [sorted(t) for t in seating]
    flags = check(seating, entrants, history, expected=[e.id for e in entrants])
    tables = tuple(
        DrawnTable(n, tuple(t), tuple(f))
        for n, (t, f) in enumerate(zip(seating, flags, strict=True), start=1)
    )
    return Draw(tables, _report(method, seed, seating, flags))


def draw(
    method: str,
    entrants: Sequence[Entrant],
    history: History,
    *,
    seed: int,
    prefer: int = 4,
    final_size: int = 6,
) -> Draw:
    """Seat ``entrants`` by ``method`` (random, standings, seeded_final), reproducibly."""
    ids = [e.id for e in entrants]
    if len(set(ids)) != len(ids):
        raise DrawError("seated_twice", field="entries", player="?")
    rng = random.Random(seed)
    ordered = sorted(entrants, key=lambda e: e.id)
    if method == "random":
        sizes = table_sizes(len(ordered), prefer)
        best: list[list[Entrant]] | None = None
        for _ in range(4):
            pool = list(ordered)
            rng.shuffle(pool)
            groups = _split(pool, sizes)
            _improve(groups, history, rng, steps=600, near=False)
            if best is None or sum(_pair_cost(g, history) for g in groups) < sum(
                _pair_cost(g, history) for g in best
            ):
                best = groups
        assert best is not None
        return _finish(method, seed, best, ordered, history, rng)
    if method == "standings":
        sizes = table_sizes(len(ordered), prefer)
        ranked = sorted(ordered, key=lambda e: (e.rank is None, e.rank or 0, e.id))
        groups = _split(ranked, sizes)
        _improve(groups, history, rng, steps=200, near=True)
        return _finish(method, seed, groups, ordered, history, rng)
    if method == "seeded_final":
        if final_size < MIN_TABLE or final_size > MAX_TABLE:
            raise DrawError("table_too_big", field="final_size", table=1, n=final_size)
        ranked = sorted(ordered, key=lambda e: (e.rank is None, e.rank or 0, e.id))
        if len(ranked) < final_size:
            raise DrawError("field_too_small", field="entries", n=len(ranked))
        finalists = ranked[:final_size]
        return _finish(method, seed, [finalists], finalists, history, rng)
    raise DrawError("unknown_method", field="method", method=method)


def draw_manual(
    seating: Sequence[Sequence[tuple[str, int]]],
    entrants: Sequence[Entrant],
    history: History,
    *,
    seed: int = 0,
) -> Draw:
    """Check a draw the director wrote (or edited) and report on it like a generated one."""
    flags = check(seating, entrants, history, expected=[e.id for e in entrants])
    tables = tuple(
        DrawnTable(n, tuple(sorted(t)), tuple(f))
        for n, (t, f) in enumerate(zip(seating, flags, strict=True), start=1)
    )
    return Draw(tables, _report("manual", seed, [list(t) for t in seating], flags))
