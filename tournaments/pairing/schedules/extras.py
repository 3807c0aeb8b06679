"""Fields that are not a multiple of four: a design plus one to three extra players.

For ``N = 4b + e`` (``e`` = 1..3, tables of five) the players ``0 .. 4b - 1``
follow a repeat-free design for ``4b`` and each extra player joins a
different table every round.  An extra meets nobody twice as long as the
tables it joins are pairwise disjoint, so the rounds of the design are
taken in the order that keeps this longest: a plan shipped in the catalogue
(found offline by CP-SAT, :mod:`.extras_search`), each extra keeping one
place (designs list their tables so that this reaches the bound where they
can, see :func:`.mols.resolvable_td`), then randomised greedy passes over
which round comes next and which table each extra joins (seeded).  The
rounds after that still follow the design, so only the extras' pairs can
repeat: the fewest repeats a design with tables of five allows cheaply.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .catalogue import CatalogueError, Design, extras_plans

Rounds = list[list[list[int]]]
#: the repeat-free rounds taken first: (round of the design, the table each extra joins)
Plan = list[tuple[int, tuple[int, ...]]]

#: randomised greedy passes per schedule (keeps the whole thing well under a second)
PASSES = 24


def design_with_extras(design: Design, extras: int, *, seed: int = 0) -> tuple[Rounds, int]:
    """:func:`add_extras` for a catalogue design, with the plan shipped for it if any."""
    plan = extras_plans(design.players + extras).get(design.name)
    return add_extras(design.rounds, design.players, extras, seed=seed, plan=plan)


def add_extras(
    rounds: Sequence[Sequence[Sequence[int]]],
    base: int,
    extras: int,
    *,
    seed: int = 0,
    plan: Plan | None = None,
) -> tuple[Rounds, int]:
    """Seat ``extras`` players (``base .. base + extras - 1``) into every round.

    Returns the rounds (reordered, extras appended to their tables) and how
    many leading rounds are repeat-free.  ``plan``: repeat-free rounds to
    start from (checked: a broken plan raises :class:`.CatalogueError`).
    """
    best = extras_plan_greedy(rounds, base, extras, seed=seed, plan=plan)
    used = {r for r, _ in best}
    rest = [r for r in range(len(rounds)) if r not in used]
    out: Rounds = []
    for r, picked in best:
        tables = [list(t) for t in rounds[r]]
        for j, i in enumerate(picked):
            tables[i].append(base + j)
        out.append(tables)
    for k, r in enumerate(rest):
        tables = [list(t) for t in rounds[r]]
        for j in range(extras):
            tables[(k * extras + j) % len(tables)].append(base + j)
        out.append(tables)
    return out, len(best)


def extras_plan_greedy(
    rounds: Sequence[Sequence[Sequence[int]]],
    base: int,
    extras: int,
    *,
    seed: int = 0,
    plan: Plan | None = None,
) -> Plan:
    """The longest of ``plan``, the kept places and the seeded greedy passes."""
    rng = random.Random(f"extras:{base}:{extras}:{seed}")
    masks = table_masks(rounds)
    best = _kept_places(masks, extras)
    if plan is not None and len(plan) > len(best):
        best = plan_checked(masks, extras, plan)
    for _ in range(PASSES if len(best) < len(masks) else 0):
        met = [0] * extras
        left = list(range(len(masks)))
        path: Plan = []
        while left:
            rng.shuffle(left)
            step: tuple[int, tuple[int, ...]] | None = None
            for r in left:
                choice: list[int] = []
                for j in range(extras):
                    free = [i for i, t in enumerate(masks[r]) if not t & met[j] and i not in choice]
                    if not free:
                        break
                    choice.append(rng.choice(free))
                if len(choice) == extras:
                    step = (r, tuple(choice))
                    break
            if step is None:
                break
            path.append(step)
            left.remove(step[0])
            for j, i in enumerate(step[1]):
                met[j] |= masks[step[0]][i]
        if len(path) > len(best):
            best = path
        if len(best) == len(masks):
            break
    return best


def table_masks(rounds: Sequence[Sequence[Sequence[int]]]) -> list[list[int]]:
    """Each table as a bit mask of its players (what the plans are checked against)."""
    return [[sum(1 << p for p in t) for t in r] for r in rounds]


def _kept_places(masks: list[list[int]], extras: int) -> Plan:
    """Extra ``j`` at table ``j`` of each round in turn, skipping rounds where it met someone.

    A design whose tables at one place are disjoint round after round (a
    resolvable transversal design listed by a fourth square, a cyclic base
    round's transversal table) keeps the extras repeat-free to the bound.
    """
    if extras > min(len(r) for r in masks):
        return []
    places = tuple(range(extras))
    met = [0] * extras
    path: Plan = []
    for r, tables in enumerate(masks):
        if all(not tables[j] & met[j] for j in places):
            path.append((r, places))
            for j in places:
                met[j] |= tables[j]
    return path


def plan_checked(masks: list[list[int]], extras: int, plan: Plan) -> Plan:
    """``plan`` if every extra meets nobody twice in its rounds, else :class:`.CatalogueError`."""
    met = [0] * extras
    used: set[int] = set()
    for r, places in plan:
        if not 0 <= r < len(masks) or r in used:
            raise CatalogueError(f"extras plan: round {r} is not a new round of the design")
        if len(places) != extras or len(set(places)) != extras:
            raise CatalogueError(f"extras plan: round {r} needs {extras} different tables")
        used.add(r)
        for j, t in enumerate(places):
            if not 0 <= t < len(masks[r]) or masks[r][t] & met[j]:
                raise CatalogueError(f"extras plan: extra {j} meets someone again in round {r}")
            met[j] |= masks[r][t]
    return plan
