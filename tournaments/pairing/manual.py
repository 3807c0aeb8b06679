"""The checker for a draw the director edits by hand."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence

from .errors import ParamValue
from .flags import Flag, joined
from .history import meetings, repeats_in
from .model import Entrant, PastRound, TablePolicy
from .teammates import teammate_flags, teams_of_two


def check_manual_draw(
    tables: Sequence[Sequence[int]],
    entrants: Sequence[Entrant],
    history: Sequence[PastRound] = (),
    policy: TablePolicy | None = None,
    optional: Collection[int] = (),
    teams: Mapping[int, int] | None = None,
) -> tuple[Flag, ...]:
    """Every problem in ``tables`` (seat order as given); empty when all is well.

    Errors (see :attr:`Flag.is_error`): a player seated twice, an unknown
    player, an ineligible (withdrawn or banned) player, an eligible entrant
    without a seat (unless listed in ``optional``), a table below the minimum or
    above the maximum size.
    Warnings: pairs who met in an earlier round; teammates at one table (``teams``:
    player id -> team id).
    """
    policy = policy or TablePolicy()
    known = {e.id: e for e in entrants}
    problems: list[Flag] = []
    seen = Counter(p for t in tables for p in t)
    for number, table in enumerate(tables, start=1):
        if len(table) < policy.min_size:
            params = {"table": number, "size": len(table), "min": policy.min_size}
            problems.append(Flag("table_too_small", dict(params), table=number))
        if len(table) > policy.max_size:
            params = {"table": number, "size": len(table), "max": policy.max_size}
            problems.append(Flag("table_too_large", dict(params), table=number))
    reported: set[int] = set()
    for number, table in enumerate(tables, start=1):
        for p in table:
            if p in reported:
                continue
            if seen[p] > 1:
                problems.append(Flag("player_twice", {"player": p, "count": seen[p]}, number))
                reported.add(p)
            if p not in known:
                problems.append(Flag("unknown_player", {"player": p}, table=number))
                reported.add(p)
            elif not known[p].is_eligible:
                status = known[p].eligibility.value
                problems.append(Flag("ineligible", {"player": p, "status": status}, number))
                reported.add(p)
    for e in entrants:
        if e.is_eligible and e.id not in seen and e.id not in optional:
            problems.append(Flag("not_seated", {"player": e.id}))
    for rep in repeats_in(tables, meetings(history)):
        rparams: dict[str, ParamValue] = {
            "a": rep.a,
            "b": rep.b,
            "rounds": joined(rep.rounds),
        }
        problems.append(Flag("repeat", rparams, table=rep.table))
    problems += teammate_flags(tables, teams_of_two(teams or {}, list(seen)))
    return tuple(problems)
