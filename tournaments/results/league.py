"""A league's table from the loaded rows (no queries): the nights, who attended them and the
placement points of every finished game, ranked by :mod:`tournaments.standings.league`.

The results compute it once, so the league table page, its exports, the classification and
the placings (season ranking, profiles) read one and the same table. A round without a night
date counts as a night of its own; only drawn rounds the viewer may see count.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from tournaments.standings import Tally
from tournaments.standings.league import LeagueGame, LeagueLine, LeagueScoring, league_standings

from .loading import LeagueRows, RoundInfo


@dataclass(frozen=True)
class Night:
    number: int
    date: dt.date | None
    rounds: tuple[int, ...]


@dataclass(frozen=True)
class LeagueResult:
    """The league table as a viewer sees it."""

    nights: tuple[Night, ...]
    lines: tuple[LeagueLine, ...]
    #: The night numbers each player attended.
    attendance: Mapping[int, frozenset[int]]


def _night_order(key: tuple[int, dt.date | int]) -> tuple[int, str]:
    kind, value = key
    return (kind, value.isoformat() if isinstance(value, dt.date) else f"{value:06d}")


def league_nights(
    rounds: tuple[tuple[int, RoundInfo], ...], visible: Collection[int]
) -> tuple[dict[int, int], list[Night]]:
    """Night number by round id, and the nights in date order (drawn visible rounds only)."""
    keyed: dict[tuple[int, dt.date | int], list[tuple[int, int]]] = defaultdict(list)
    for pk, info in rounds:
        if info.number not in visible or not info.drawn:
            continue
        # dated nights first, in date order; an undated round by its number
        key: tuple[int, dt.date | int] = (
            (0, info.night) if info.night is not None else (1, info.number)
        )
        keyed[key].append((pk, info.number))
    by_round: dict[int, int] = {}
    nights = []
    for index, key in enumerate(sorted(keyed, key=_night_order), start=1):
        for pk, _number in keyed[key]:
            by_round[pk] = index
        date = key[1] if isinstance(key[1], dt.date) else None
        nights.append(Night(index, date, tuple(n for _pk, n in keyed[key])))
    return by_round, nights


def _games(rows: LeagueRows, night_of: Mapping[int, int]) -> list[LeagueGame]:
    """Every finished game at a table, letters per player (a disqualified seat is last)."""
    tables: dict[int, dict[int, tuple[int, bool]]] = defaultdict(dict)
    night_of_table: dict[int, int] = {}
    for seat in rows.games:
        if seat.round_id not in night_of:
            continue
        tables[seat.table_id][seat.player_id] = (seat.letters, seat.is_disqualified)
        night_of_table[seat.table_id] = night_of[seat.round_id]
    games = []
    for table_id, seats in tables.items():
        if len(seats) < 2:
            continue
        last = max(n for n, _dq in seats.values()) + 1
        held = {p: last if dq else n for p, (n, dq) in seats.items()}
        games.append(LeagueGame(night_of_table[table_id], held))
    return games


def league_compute(
    rows: LeagueRows,
    rounds: tuple[tuple[int, RoundInfo], ...],
    *,
    visible: Collection[int],
    figures: Mapping[int, Tally],
    scoring: LeagueScoring,
    points: tuple[int, ...],
    names: Mapping[int, str],
) -> LeagueResult:
    """The league table of the visible nights; ``figures`` are the tournament figures."""
    night_of, nights = league_nights(rounds, visible)
    attendance: dict[int, set[int]] = defaultdict(set)
    for player_id, round_id in rows.attendance:
        if round_id in night_of:
            attendance[player_id].add(night_of[round_id])
    lines = league_standings(
        attendance=attendance,
        games=_games(rows, night_of),
        figures=figures,
        scoring=scoring,
        points=points,
        names=names,
    )
    return LeagueResult(
        nights=tuple(nights),
        lines=lines,
        attendance={p: frozenset(n) for p, n in attendance.items()},
    )
