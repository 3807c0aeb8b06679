"""Inflating a schedule: every player becomes ``n`` players, every table a TD(4, n).

A repeat-free schedule of ``r`` rounds on ``v`` players and a resolvable
transversal design TD(4, n) (three MOLS of order ``n``, :mod:`.mols`) give
``r n`` rounds on ``v n`` players: player ``(a, i)`` is ``a n + i``, and each
round of the schedule with one parallel class of the TD at every table
is a round.  Two players ``(a, i)``, ``(b, j)`` with ``a != b`` meet once if
``a`` and ``b`` met, never otherwise; ``(a, i)`` and ``(a, j)`` never meet.

So the players who never met still form groups: when the schedule's own
"never met" relation is groups of ``g`` (a resolvable group divisible
design, e.g. 24 players in 7 rounds: groups of three), ``G x Z_n`` are groups
of ``g n`` players, and a schedule for ``g n`` players run inside all of them at
once adds its rounds.  96 players: 24 players' 7 rounds times TD(4, 4) are
28 rounds, and 12 players' one round in each group of 12 makes 29.
"""

from __future__ import annotations

from collections.abc import Sequence

from .mols import resolvable_td

Rounds = list[list[list[int]]]


def inflate(rounds: Sequence[Sequence[Sequence[int]]], n: int) -> Rounds:
    """Each round times each parallel class of TD(4, n) (tables of four only)."""
    td = resolvable_td(n)  # point j * n + i: position j of a table, copy i
    out: Rounds = []
    for tables in rounds:
        for parallel in td:
            out.append(
                [[t[p // n] * n + p % n for p in block] for t in tables for block in parallel]
            )
    return out


def never_met_groups(players: int, rounds: Sequence[Sequence[Sequence[int]]]) -> list[list[int]]:
    """The groups of players who never met, if "never met" is a partition; else ``[]``."""
    met = [{p} for p in range(players)]
    for tables in rounds:
        for t in tables:
            for p in t:
                met[p].update(t)
    groups: list[list[int]] = []
    placed: set[int] = set()
    for p in range(players):
        if p in placed:
            continue
        group = sorted(set(range(players)) - met[p] | {p})
        if any(set(range(players)) - met[q] | {q} != set(group) for q in group):
            return []
        groups.append(group)
        placed.update(group)
    return groups


def fill(rounds: Rounds, groups: Sequence[Sequence[int]], inner: Rounds) -> Rounds:
    """``rounds`` and then ``inner`` played inside every group at once."""
    extra = [[[group[p] for p in t] for group in groups for t in tables] for tables in inner]
    return rounds + extra
