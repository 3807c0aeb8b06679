"""The shipped catalogue of repeat-free schedules, expanded and checked on load.

``catalogue.json`` (next to this module) stores each schedule as a short
recipe rather than as tables:

* ``orbits``: starter tables for ``3q + 1`` players (:mod:`.orbits`);
* ``cyclic``: a base round over ``Z_m x Z_k`` plus fixed points
  (:mod:`tournaments.pairing.cyclic`), developed into ``rounds`` rounds
  (``m`` unless given), or several (``bases``) developed one after another;
* ``td``: a resolvable transversal design on ``4n`` players plus the best
  schedule for ``n`` inside each group (:mod:`.mols`);
* ``inflate``: the best design for ``master`` players times a resolvable
  TD(4, n), its groups filled (:mod:`.inflate`);
* ``frame``: the holey rounds of a 4-frame of type ``3^u``, weighted by
  ``m`` and filled with the best design for ``3m + 3`` players (:mod:`.frames`);
* ``negation``: matches and transversals over ``Z_n`` on four levels for
  ``4n`` players, ``n = 1 (mod 6)`` (:mod:`.negation`);
* ``lifted``: rounds that swapping every player with a partner maps onto
  themselves, one table of each twin pair stored (:mod:`.lifted`);
* ``tables``: rounds found by an offline local search, stored as they are
  (base64, one byte per player) for fields no construction covers;
* ``extras``: not a design but a plan for a field of ``4b + e`` players:
  which rounds of the named design for ``4b`` come first and which table
  each extra joins in them (:mod:`.extras`, found by :mod:`.extras_search`).

The built-in constructions of :mod:`tournaments.pairing.designs` (affine
geometries, binary spreads, the stored cyclic bases) join them, and for
each field the design with most rounds wins.  Every design is verified when
the catalogue loads (each round seats everyone once at the field's table
sizes, no pair meets twice); a broken entry raises :class:`CatalogueError` instead of
seating anyone badly.  ``python -m tournaments.pairing.schedules.build``
rebuilds the file.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..cyclic import develop
from ..designs import construction
from ..sizes import table_sizes
from . import frames, inflate, lifted, mols, negation, orbits

Rounds = list[list[list[int]]]

DATA = Path(__file__).with_name("catalogue.json")


class CatalogueError(Exception):
    """A stored schedule does not hold what it promises."""


#: the name of a field's shipped local-search tables (kind ``tables``)
SEARCHED = "local search (shipped)"
#: the kind of an entry that plans where a field's extra players sit (not a design)
EXTRAS = "extras"


@dataclass(frozen=True)
class Design:
    """A repeat-free schedule for ``players`` (0-based numbers)."""

    players: int
    name: str
    rounds: tuple[tuple[tuple[int, ...], ...], ...]

    def as_lists(self) -> Rounds:
        return [[list(t) for t in r] for r in self.rounds]


def verify(players: int, rounds: Rounds, *, name: str = "") -> None:
    """Raise :class:`CatalogueError` unless ``rounds`` is a repeat-free schedule."""
    seen: set[int] = set()
    everyone = list(range(players))
    sizes = sorted(table_sizes(players))
    for number, tables in enumerate(rounds, start=1):
        if sorted(p for t in tables for p in t) != everyone:
            raise CatalogueError(f"{name} ({players}): round {number} does not seat everyone once")
        if sorted(len(t) for t in tables) != sizes:
            raise CatalogueError(f"{name} ({players}): round {number} has the wrong table sizes")
        for t in tables:
            for i, p in enumerate(t):
                for q in t[i + 1 :]:
                    key = p * players + q if p < q else q * players + p
                    if key in seen:
                        raise CatalogueError(
                            f"{name} ({players}): players {p} and {q} meet again in round {number}"
                        )
                    seen.add(key)


def expand(entry: dict[str, Any], known: dict[int, Design]) -> tuple[int, str, Rounds]:
    """Players, name and rounds of one catalogue entry."""
    kind = entry["kind"]
    if kind == "orbits":
        q = int(entry["q"])
        starters = [[(int(r), int(x)) for r, x in block] for block in entry["starters"]]
        base = orbits.base_round(q, starters)
        return 3 * q + 1, f"resolvable design over GF({q}) (orbits)", orbits.develop(base, q)
    if kind == "cyclic":
        m, k, h = int(entry["m"]), int(entry["k"]), int(entry["h"])
        count = int(entry.get("rounds", m))  # fewer when a subgroup fixes the base round
        bases = entry["bases"] if "bases" in entry else [entry["base"]]
        rounds: Rounds = []
        for base in bases:
            rounds += develop([tuple(int(p) for p in t) for t in base], m, k, count)
        name = f"cyclic base round{'s' if len(bases) > 1 else ''} over Z_{m}"
        return m * k + h, name, rounds
    if kind == "td":
        n = int(entry["n"])
        inner = known.get(n)
        inner_text = f" + {n} players in each group" if inner else ""
        rounds = resolvable_td_rounds(n)
        if inner is not None:
            for tables in inner.rounds:
                rounds.append([[g * n + p for p in t] for g in range(4) for t in tables])
        return 4 * n, f"resolvable transversal design TD(4, {n}){inner_text}", rounds
    if kind == "inflate":
        return _inflated(int(entry["master"]), int(entry["n"]))
    if kind == "frame":
        return _framed(
            [[[int(p) for p in t] for t in c] for c in entry["classes"]], int(entry["m"])
        )
    if kind == "negation":
        n = int(entry["n"])
        matches = [(int(r), int(s), int(x), int(y)) for r, s, x, y in entry["matches"]]
        transversals = [(int(a), int(b), int(c), int(d)) for a, b, c, d in entry["transversals"]]
        name = f"resolvable design over Z_{n} on four levels (negation)"
        return 4 * n, name, negation.rounds(n, matches, transversals)
    if kind == "lifted":
        players = int(entry["players"])
        halves = [[[int(p) for p in t] for t in r] for r in entry["rounds"]]
        return players, "partner-swap invariant rounds (CP-SAT)", lifted.unfold(players, halves)
    if kind == "tables":
        players = int(entry["players"])
        return players, SEARCHED, decode_rounds(players, list(entry["rounds"]))
    raise CatalogueError(f"unknown catalogue entry kind {kind!r}")


def _inflated(master: int, n: int) -> tuple[int, str, Rounds]:
    """:mod:`.inflate`: ``master`` players' best design times TD(4, n), groups filled."""
    design = best_design(master)
    if design is None:
        raise CatalogueError(f"no design for {master} players to inflate")
    rounds = inflate.inflate(design.rounds, n)
    players = master * n
    # who never met: the master's groups times Z_n, or else each player's n copies
    groups = inflate.never_met_groups(players, rounds)
    groups = groups or [list(range(a * n, a * n + n)) for a in range(master)]
    name = f"{master} players' design times TD(4, {n})"
    size = len(groups[0])
    if size % 4 == 0:
        inner = best_design(size)
        one_round = [[list(range(i, i + 4)) for i in range(0, size, 4)]]
        rounds = inflate.fill(rounds, groups, inner.as_lists() if inner else one_round)
        name += f" + {size} players in each group"
    return players, name, rounds


def _framed(classes: Rounds, m: int) -> tuple[int, str, Rounds]:
    """:mod:`.frames`: a 4-frame of type ``3^u`` times TD(4, m), each group filled."""
    fill = best_design(3 * m + 3)
    if fill is None or not frames.is_frame(classes):
        raise CatalogueError(f"no frame of type 3^{len(classes)} or no fill for {3 * m + 3}")
    rounds = frames.frame_rounds(classes, m, fill.as_lists()[:m])
    name = f"4-frame of type 3^{len(classes)} times TD(4, {m}) + {3 * m + 3} players per group"
    return 3 * len(classes) * m + 3, name, rounds


def encode_rounds(rounds: Rounds) -> list[str]:
    """Each round as base64 of its players in table order (one byte each)."""
    return [base64.b64encode(bytes(p for t in r for p in t)).decode("ascii") for r in rounds]


def decode_rounds(players: int, encoded: list[str]) -> Rounds:
    sizes = table_sizes(players)
    rounds: Rounds = []
    for text in encoded:
        order = list(base64.b64decode(text))
        tables, start = [], 0
        for size in sizes:
            tables.append(order[start : start + size])
            start += size
        rounds.append(tables)
    return rounds


def resolvable_td_rounds(n: int) -> Rounds:
    return mols.resolvable_td(n)


def raw_entries() -> list[dict[str, Any]]:
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return list(data["schedules"])


@cache
def raw_entries_by_field() -> dict[int, list[dict[str, Any]]]:
    by_field: dict[int, list[dict[str, Any]]] = {}
    for entry in raw_entries():
        by_field.setdefault(int(entry["players"]), []).append(entry)
    return by_field


@cache
def field_designs(players: int) -> tuple[Design, ...]:
    """Every shipped design for a field of ``players``, verified (built-in ones first).

    Only this field's recipes are expanded and verified (a recursive recipe
    also loads the smaller field it uses).  Fields that are not a multiple
    of four try each of them with extra players (a design with fewer rounds
    can take the extras for longer).
    """
    options: list[tuple[str, Rounds]] = []
    found = construction(players) if players % 4 == 0 and players >= 16 else None
    if found is not None:
        options.append(found)
    for entry in raw_entries_by_field().get(players, []):
        if entry["kind"] == EXTRAS:
            continue  # a plan for another field's design (extras_plans)
        known: dict[int, Design] = {}
        if entry["kind"] == "td":
            inner = best_design(int(entry["n"]))
            if inner is not None:
                known[inner.players] = inner
        got, name, rounds = expand(entry, known)
        if got != players:
            raise CatalogueError(f"entry for {players} expands to {got} players")
        options.append((name, rounds))
    for name, rounds in options:
        verify(players, rounds, name=name)
    return tuple(
        Design(players, name, tuple(tuple(tuple(t) for t in r) for r in rounds))
        for name, rounds in options
    )


@cache
def extras_plans(players: int) -> dict[str, list[tuple[int, tuple[int, ...]]]]:
    """The shipped extras plans of a field of ``4b + e`` players, by the name of the design
    for ``4b`` they were found for (checked where they are used: :mod:`.extras`)."""
    return {
        str(entry["design"]): [
            (int(r), tuple(int(t) for t in places)) for r, places in entry["plan"]
        ]
        for entry in raw_entries_by_field().get(players, [])
        if entry["kind"] == EXTRAS
    }


@cache
def best_design(players: int) -> Design | None:
    """The shipped design with most repeat-free rounds for a field of ``players``."""
    best: Design | None = None
    for design in field_designs(players):
        if best is None or len(design.rounds) > len(best.rounds):
            best = design
    return best


def designs() -> dict[int, Design]:
    """Every field's best verified design (fields with none are absent)."""
    fields = set(raw_entries_by_field()) | set(range(16, 257, 4))
    found = {players: best_design(players) for players in sorted(fields)}
    return {players: design for players, design in found.items() if design is not None}


def cache_clear() -> None:
    """Forget loaded designs (after the data file or the entries changed)."""
    raw_entries_by_field.cache_clear()
    field_designs.cache_clear()
    extras_plans.cache_clear()
    best_design.cache_clear()
