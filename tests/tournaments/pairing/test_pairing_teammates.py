"""Teammates at different tables: every seating draw, the flags, and the order of wishes."""

from __future__ import annotations

import doctest
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import flow, teammates
from tournaments.pairing.draws import draw_make
from tournaments.pairing.manual import check_manual_draw
from tournaments.pairing.model import DrawRequest, Entrant, Method, PastRound, TablePolicy
from tournaments.pairing.sizes import table_sizes
from tournaments.pairing.teammates import apart

SEATING_METHODS = [Method.RANDOM, Method.STANDINGS, Method.RATING]


def entrants(n: int) -> tuple[Entrant, ...]:
    return tuple(Entrant(i, ranking=i, rating=float(i * 37 % 11)) for i in range(1, n + 1))


def tables_with_teammates(
    tables: Sequence[Sequence[int]], teams: Mapping[int, int]
) -> set[tuple[int, int, frozenset[int]]]:
    """(table number, team, the team's players there) wherever a team has two at a table."""
    out = set()
    for number, table in enumerate(tables, start=1):
        for team in {teams[p] for p in table if p in teams}:
            mates = frozenset(p for p in table if teams.get(p) == team)
            if len(mates) > 1:
                out.add((number, team, mates))
    return out


def apart_exists(team_sizes: Sequence[int], table_capacities: Sequence[int]) -> bool:
    """Whether every team can be spread over different tables: a maximum flow from the teams
    (each to each table, capacity 1) into the tables (capacity: the table's size) saturates
    every team member. Augmenting paths by depth-first search, written apart from the draw."""
    teams, tables = len(team_sizes), len(table_capacities)
    source, sink = teams + tables, teams + tables + 1
    capacity: dict[tuple[int, int], int] = {}
    for t, size in enumerate(team_sizes):
        capacity[source, t] = size
        for k in range(tables):
            capacity[t, teams + k] = 1
    for k, size in enumerate(table_capacities):
        capacity[teams + k, sink] = size
    nodes = range(teams + tables + 2)

    def augment(node: int, seen: set[int]) -> bool:
        if node == sink:
            return True
        seen.add(node)
        for nxt in nodes:
            if nxt not in seen and capacity.get((node, nxt), 0) > 0 and augment(nxt, seen):
                capacity[node, nxt] -= 1
                capacity[nxt, node] = capacity.get((nxt, node), 0) + 1
                return True
        return False

    flow = 0
    while augment(source, set()):
        flow += 1
    return flow == sum(team_sizes)


def fewest_pairs(team_sizes: Sequence[int], table_capacities: Sequence[int]) -> int:
    """The fewest pairs of teammates at one table over every seating, by dynamic programming
    over the teams (largest first) and the tables' free places (as a sorted tuple: tables
    with as many places free are alike), written apart from the draw's flow."""
    teams = sorted(team_sizes, reverse=True)

    def spreads(
        k: int, free: tuple[int, ...], before: tuple[int, int] = (-1, 0)
    ) -> Iterator[tuple[int, ...]]:
        """Members per table; tables with as many free places take non-increasing counts."""
        if not free:
            if k == 0:
                yield ()
            return
        top = min(k, free[0], before[1] if before[0] == free[0] else k)
        for here in range(top + 1):
            for rest in spreads(k - here, free[1:], (free[0], here)):
                yield (here, *rest)

    @cache
    def best(i: int, free: tuple[int, ...]) -> int:
        if i == len(teams):
            return 0
        return min(
            sum(s * (s - 1) // 2 for s in spread)
            + best(i + 1, tuple(sorted(f - s for f, s in zip(free, spread, strict=True))))
            for spread in spreads(teams[i], free)
        )

    return best(0, tuple(sorted(table_capacities)))


@st.composite
def fields_with_teams(draw: st.DrawFn) -> tuple[int, dict[int, int], TablePolicy]:
    """12-40 players, some in teams of 2-4 (team ids from 100), the rest in none."""
    n = draw(st.integers(12, 40))
    policy = TablePolicy(preferred=draw(st.sampled_from([4, 5])))
    players = draw(st.permutations(range(1, n + 1)))
    sizes = draw(st.lists(st.integers(2, 4), max_size=n // 2))
    teams: dict[int, int] = {}
    at = 0
    for team, size in enumerate(sizes, start=100):
        if at + size > n:
            break
        teams.update({p: team for p in players[at : at + size]})
        at += size
    return n, teams, policy


@settings(max_examples=100, deadline=None)
@given(
    field=fields_with_teams(),
    method=st.sampled_from(SEATING_METHODS),
    seed=st.integers(0, 10**6),
    earlier_round=st.booleans(),
)
def test_the_draw_never_seats_teammates_together_when_a_seating_without_that_exists(
    field: tuple[int, dict[int, int], TablePolicy],
    method: Method,
    seed: int,
    earlier_round: bool,
) -> None:
    n, teams, policy = field
    history: tuple[PastRound, ...] = ()
    if earlier_round:  # a round drawn without teams: avoiding its repeats pulls the other way
        before = draw_make(DrawRequest(1, entrants(n), seed=seed, policy=policy))
        history = (PastRound(1, before.tables),)
    request = DrawRequest(
        2, entrants(n), history, seed=seed, method=method, policy=policy, teams=teams
    )
    draw = draw_make(request)
    team_sizes = [list(teams.values()).count(t) for t in sorted(set(teams.values()))]
    together = tables_with_teammates(draw.tables, teams)
    if apart_exists(team_sizes, table_sizes(n, policy)):
        assert together == set()
    # where some must meet, as few as the table sizes allow
    pairs = sum(len(mates) * (len(mates) - 1) // 2 for _, _, mates in together)
    assert pairs == fewest_pairs(team_sizes, table_sizes(n, policy))
    flagged = {
        (f.table, f.params["team"], frozenset(f.params["teammates"]))  # type: ignore[arg-type]
        for f in draw.flags
        if f.code == "teammates_together"
    }
    assert flagged == together


def test_a_team_larger_than_the_tables_meets_once_and_the_table_is_flagged() -> None:
    # 12 players are three tables of four: a team of four has two members at one table,
    # the least there can be, and its other two members sit alone at the other tables.
    teams = {1: 9, 2: 9, 3: 9, 4: 9}
    for method in SEATING_METHODS:
        draw = draw_make(DrawRequest(1, entrants(12), seed=5, method=method, teams=teams))
        together = tables_with_teammates(draw.tables, teams)
        assert len(together) == 1
        ((number, team, mates),) = together
        assert team == 9 and len(mates) == 2
        (flag,) = [f for f in draw.flags if f.code == "teammates_together"]
        a, b = (p for p in draw.tables[number - 1] if p in mates)
        assert flag.table == number
        assert flag.message == f"Teammates at one table: {a} and {b} (team 9)."


def test_teammates_apart_come_before_repeat_opponents() -> None:
    # Every seating of these eight at two tables seats some of them together again; keeping
    # teammates 4 and 5 apart costs more meetings again than the fewest possible.
    history = (
        PastRound(1, ((1, 2, 3, 4), (5, 6, 7, 8))),
        PastRound(2, ((1, 2, 3, 5), (4, 6, 7, 8))),
    )
    met = Counter(frozenset(p) for r in history for t in r.tables for p in combinations(t, 2))

    def meetings_again(tables: Sequence[Sequence[int]]) -> int:
        return sum(met[frozenset(p)] for t in tables for p in combinations(t, 2))

    seatings = [
        ((1, *rest), tuple(p for p in range(2, 9) if p not in rest))
        for rest in combinations(range(2, 9), 3)
    ]
    fewest = min(meetings_again(s) for s in seatings)
    fewest_apart = min(meetings_again(s) for s in seatings if not any({4, 5} <= set(t) for t in s))
    assert fewest_apart > fewest

    def drawn(teams: dict[int, int]) -> tuple[tuple[int, ...], ...]:
        return draw_make(DrawRequest(3, entrants(8), history, seed=1, teams=teams)).tables

    free, kept_apart = drawn({}), drawn({4: 7, 5: 7})
    assert meetings_again(free) == fewest
    assert not any({4, 5} <= set(t) for t in kept_apart)
    assert meetings_again(kept_apart) == fewest_apart


def test_a_final_keeps_its_seeding_and_flags_teammates() -> None:
    teams = {1: 3, 2: 3, 9: 4, 10: 4}
    request = DrawRequest(
        4, entrants(12), seed=2, method=Method.SEEDED_FINAL, final_size=6, teams=teams
    )
    draw = draw_make(request)
    assert sorted(draw.tables[0]) == [1, 2, 3, 4, 5, 6]
    assert [(f.table, f.params) for f in draw.flags if f.code == "teammates_together"] == [
        (1, {"teammates": [p for p in draw.tables[0] if p in (1, 2)], "team": 3})
    ]


def test_a_manual_draw_with_teammates_together_is_warned_not_refused() -> None:
    tables = ((1, 2, 3, 4), (5, 6, 7, 8))
    problems = check_manual_draw(tables, entrants(8), teams={2: 5, 4: 5, 6: 8})
    assert [(f.code, f.table, f.params) for f in problems] == [
        ("teammates_together", 1, {"teammates": [2, 4], "team": 5})
    ]
    assert not problems[0].is_error
    request = DrawRequest(
        1, entrants(8), method=Method.MANUAL, manual_tables=tables, teams={2: 5, 4: 5}
    )
    draw = draw_make(request)
    assert draw.tables == tables
    assert [f.code for f in draw.flags if f.table == 1] == ["teammates_together"]


def test_players_not_seated_are_no_teammates_of_the_draw() -> None:
    # 3's teammate is not in the field: nobody of team 6 can meet anyone
    tables = ((1, 2, 3, 4), (5, 6, 7, 8))
    assert check_manual_draw(tables, entrants(8), teams={3: 6, 99: 6}) == ()


def test_teams_are_part_of_the_stored_request_so_a_replay_draws_the_same() -> None:
    request = DrawRequest(1, entrants(16), seed=11, teams={1: 2, 5: 2, 9: 2, 13: 2})
    again = DrawRequest.from_dict(request.to_dict())
    assert again.teams == request.teams
    assert draw_make(again) == draw_make(request)


def test_apart_moves_as_few_players_as_needed() -> None:
    # one of the two teammates at table 1 changes places with someone at table 2; all else stays
    tables = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    moved = apart(tables, {1: 1, 2: 1, 9: 2})
    assert sorted(len(t) for t in moved) == [4, 4, 4]
    assert not any({1, 2} <= set(t) for t in moved)
    stayed = sum(len(set(a) & set(b)) for a, b in zip(tables, moved, strict=True))
    assert stayed == 12 - 2
    assert moved[2] == tables[2]


def test_the_examples_in_the_docstrings_hold() -> None:
    for module in (teammates, flow):
        assert doctest.testmod(module).failed == 0
