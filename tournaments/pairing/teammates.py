"""Teammates apart: two players of one team must not sit at one table (they could help
each other), whenever the field allows it.

Teams come in as a plain mapping, player id -> team id (a substitute is a member of their
team); a player missing from it is in no team. Every draw weighs its wishes in this order,
strongest first:

1. the table sizes of the size rule (:mod:`.sizes`): never changed to separate teammates;
2. teammates apart: no two players of one team at one table whenever the sizes allow it;
   where they do not (a team larger than the number of tables, or tables too few or too
   small for several teams at once), the fewest pairs of teammates at one table the sizes
   allow, and each such table gets the flag ``teammates_together``;
3. no repeated tablemates (:mod:`.draws`): a repeat is taken before teammates meet;
4. the method's own aim: close standings, even ratings;
5. seat A balanced over the rounds (:mod:`.seats`).

:func:`apart` finds the least number of teammate pairs exactly (a minimum-cost flow: each
further member of a team at one table costs more than the one before, so the cheapest flow
spreads every team as evenly as the tables' places allow) and moves as few players, as
short a way, as it can to reach it; the searches then only make swaps that add no pair.
A final's table is the top of the ranking and a manual draw is the director's: neither is
changed for teammates, their tables are only flagged.

>>> apart([[1, 2, 3, 4], [5, 6, 7, 8]], {1: 9, 2: 9})
[[1, 3, 4, 8], [5, 6, 7, 2]]
>>> teammate_flags([[1, 2, 3, 4]], {1: 9, 2: 9})[0].message
'Teammates at one table: 1 and 2 (team 9).'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .errors import PairingBug
from .flags import Flag
from .flow import FlowNetwork

#: player id (or search index) -> team id
Teams = Mapping[int, int]


def teams_of_two(teams: Teams, seated: Sequence[int]) -> dict[int, int]:
    """``teams`` reduced to the seated players of teams with at least two of them seated."""
    present = [p for p in seated if p in teams]
    size: dict[int, int] = {}
    for p in present:
        size[teams[p]] = size.get(teams[p], 0) + 1
    return {p: teams[p] for p in present if size[teams[p]] > 1}


def together(tables: Sequence[Sequence[int]], teams: Teams) -> list[tuple[int, int, list[int]]]:
    """``(table number, team, players in seat order)`` for every team with two or more
    players at one table; tables count from 1."""
    out: list[tuple[int, int, list[int]]] = []
    for number, table in enumerate(tables, start=1):
        members: dict[int, list[int]] = {}
        for p in table:
            if p in teams:
                members.setdefault(teams[p], []).append(p)
        out += [(number, team, ps) for team, ps in members.items() if len(ps) > 1]
    return out


def teammate_pairs(tables: Sequence[Sequence[int]], teams: Teams) -> int:
    """How many pairs of teammates share a table."""
    return sum(len(ps) * (len(ps) - 1) // 2 for _, _, ps in together(tables, teams))


def teammate_flags(tables: Sequence[Sequence[int]], teams: Teams) -> list[Flag]:
    """One ``teammates_together`` flag per team per table it shares."""
    return [
        Flag("teammates_together", {"teammates": list(ps), "team": team}, table=number)
        for number, team, ps in together(tables, teams)
    ]


def apart(tables: Sequence[Sequence[int]], teams: Teams) -> list[list[int]]:
    """``tables`` with the fewest teammate pairs their sizes allow, moving as few players as
    short a way (in table numbers) as that needs; the sizes stay, and a table keeps its
    other players in their order, newcomers after them."""
    start = [list(t) for t in tables]
    teams = teams_of_two(teams, [p for t in start for p in t])
    if teammate_pairs(start, teams) == 0:
        return start
    home = {p: n for n, t in enumerate(start) for p in t}
    placed = _team_tables(start, teams, home)
    out: list[list[int]] = []
    loose: list[int] = []
    for n, table in enumerate(start):
        room = len(table) - sum(1 for p in teams if placed[p] == n)
        stay = [p for p in table if p not in teams]
        keep = set(stay[:room]) | {p for p in table if p in teams and placed[p] == n}
        out.append([p for p in table if p in keep])
        loose += stay[room:]
    for p in teams:
        if placed[p] != home[p]:
            out[placed[p]].append(p)
    for p in loose:  # players with no teammate here, moved to the nearest table with room
        n = min(
            (n for n in range(len(start)) if len(out[n]) < len(start[n])),
            key=lambda n: abs(n - home[p]),
        )
        out[n].append(p)
    return out


def _team_tables(
    start: list[list[int]], teams: dict[int, int], home: dict[int, int]
) -> dict[int, int]:
    """The table index of every team member: fewest teammate pairs first, then the fewest
    and shortest moves from ``home``."""
    tables = range(len(start))
    players = sorted(teams)
    team_ids = sorted(set(teams.values()))
    # each further pair costs more than every move of every member together (a move costs
    # one plus its distance, at most the number of tables)
    pair_cost = len(players) * len(start) + 1
    source, sink = 0, 1
    table_node = {n: 2 + n for n in tables}
    player_node = {p: 2 + len(start) + i for i, p in enumerate(players)}
    slot_base = 2 + len(start) + len(players)
    slot = {(t, n): slot_base + i * len(start) + n for i, t in enumerate(team_ids) for n in tables}
    net = FlowNetwork(slot_base + len(team_ids) * len(start))
    for n in tables:
        net.add(table_node[n], sink, len(start[n]), 0)
    for t in team_ids:
        members = sum(1 for p in players if teams[p] == t)
        for n in tables:
            # the k-th member of a team at one table makes k - 1 more pairs
            for k in range(min(members, len(start[n]))):
                net.add(slot[t, n], table_node[n], 1, pair_cost * k)
    moves: dict[tuple[int, int], int] = {}
    for p in players:
        net.add(source, player_node[p], 1, 0)
        for n in tables:
            step = 0 if n == home[p] else 1 + abs(n - home[p])
            moves[p, n] = net.add(player_node[p], slot[teams[p], n], 1, step)
    sent, _cost = net.run(source, sink, len(players))
    if sent != len(players):  # the tables hold the whole field, so every member has a place
        raise PairingBug(f"only {sent} of {len(players)} team members found a table")
    return {p: n for (p, n), edge in moves.items() if net.flow(edge)}
