"""The database side of the results: a few flat queries into plain records.

Everything the standings need is read here in a fixed, small number of queries (rounds,
seat results, entries, seats of the final rounds, the points table), so the maths in
:mod:`tournaments.results.compute` never touches the database.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import Exists, OuterRef, QuerySet

from games.models.results import SeatResult
from tournaments.models import (
    CategoryPoints,
    Entry,
    EntryStatus,
    ResultsState,
    Round,
    RoundStage,
    RoundStatus,
    TableSeat,
    Tournament,
    TournamentFormat,
)
from tournaments.standings import EntrantStatus
from tournaments.visibility import PUBLIC_DRAW

#: Stages whose seats are read even before a deal is recorded (the final's finalists).
FINAL_STAGES = (RoundStage.FINAL, RoundStage.SMALL_FINAL)


@dataclass(frozen=True)
class RoundInfo:
    """A round as the results pages show it."""

    number: int
    stage: str
    released: bool
    finished: bool
    word_label: str
    #: A final's or small final's best place decided, when the director set it.
    first_place: int | None = None
    #: A play-off's fillers (entry ids): seated to make four, their results count for nothing.
    fillers: tuple[int, ...] = ()
    #: A league's night (its date); ``None`` for an undated round.
    night: dt.date | None = None
    #: Drawn and published (in play or finished): a league night counts it, and the
    #: public sees its results (``tournaments.visibility``; a draft's seats, a final's
    #: finalists included, are the directors' only).
    drawn: bool = False


@dataclass(frozen=True)
class EntryInfo:
    """Display data of one entry; ``country`` is the club country's ISO alpha-3 code."""

    entry_id: int
    player_id: int
    nickname: str
    club: str | None
    country: str | None


@dataclass(frozen=True)
class EntryRow:
    info: EntryInfo
    status: EntrantStatus
    club_id: int | None
    #: Registered but never checked in nor seated: not in the standings.
    is_no_show: bool


class LineRow(NamedTuple):
    """One ``SeatResult`` reduced to what the maths needs (flags as 0/1 on SQLite)."""

    entry_id: int
    round_id: int
    deals_played: int
    deals_lost: int
    placka: bool
    penalty_points: int | None
    points_complete: bool
    left_order: int | None
    game_finished: bool


class LeagueSeat(NamedTuple):
    """A seat of a league night's finished game: what its placement points read."""

    table_id: int
    round_id: int
    player_id: int
    letters: int
    is_disqualified: bool


@dataclass(frozen=True)
class LeagueRows:
    """What a league table reads besides the seat results (league tournaments only)."""

    #: (player id, round id) of every seat: who attended which round.
    attendance: tuple[tuple[int, int], ...]
    #: The seats of every finished game.
    games: tuple[LeagueSeat, ...]


@dataclass(frozen=True)
class ResultsData:
    """Everything read for one tournament, all rounds (visibility is applied later)."""

    rounds: tuple[tuple[int, RoundInfo], ...]
    lines: tuple[LineRow, ...]
    entries: tuple[EntryRow, ...]
    #: (entry id, round id, table id) of every seat in a final or small final round.
    final_seats: tuple[tuple[int, int, int], ...]
    #: A league's nights (``None`` for any other format).
    league: LeagueRows | None = None


def visible_round_numbers(data: ResultsData, *, include_unreleased: bool) -> tuple[int, ...]:
    """The rounds whose results a viewer may see: every round for those who run the
    tournament, else the released rounds whose draw is public (``tournaments.visibility``)."""
    return tuple(
        info.number
        for _, info in data.rounds
        if include_unreleased or (info.released and info.drawn)
    )


def entrant_status(*, is_substitute: bool, status: str, classified: bool) -> EntrantStatus:
    """How an entry counts: substitutes never score; a withdrawal as the director decided."""
    if is_substitute:
        return EntrantStatus.SUBSTITUTE
    if status == EntryStatus.WITHDRAWN:
        return (
            EntrantStatus.WITHDRAWN_CLASSIFIED
            if classified
            else EntrantStatus.WITHDRAWN_UNCLASSIFIED
        )
    return EntrantStatus.SCORING


def _raw_rows(query: QuerySet[Any, Any]) -> list[tuple[Any, ...]]:
    # The seat results are the one large read (a row per player and round): fetched on
    # the bare cursor, as the compiled query gives it, to skip Django's per-value
    # converters, which cost more than the standings maths at 10,000 rows.
    try:
        sql, params = query.query.sql_with_params()
    except EmptyResultSet:  # e.g. ``round_id__in=[]``: a tournament without rounds
        return []
    with connections[query.db].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def results_version(tournament_id: int) -> int:
    """``ResultsState.requested`` (0 before the first change): one indexed query."""
    version = (
        ResultsState.objects.filter(tournament_id=tournament_id)
        .values_list("requested", flat=True)
        .first()
    )
    return version or 0


def results_load(tournament: Tournament) -> ResultsData:
    """Read rounds, seat results and entries of ``tournament`` (four queries at most; a
    league's nights two more)."""
    round_rows = (
        Round.objects.filter(tournament_id=tournament.pk)
        .order_by("number")
        .values_list(
            "pk",
            "number",
            "stage",
            "released",
            "status",
            "word__label",
            "first_place",
            "draw_report",
            "night",
        )
    )
    rounds = tuple(
        (
            pk,
            RoundInfo(
                number=number,
                stage=stage,
                released=released,
                finished=status == RoundStatus.FINISHED,
                word_label=label,
                first_place=first_place,
                fillers=tuple(int(pk) for pk in (report or {}).get("fillers", ()))
                if stage == RoundStage.PLAYOFF
                else (),
                night=night,
                drawn=status in PUBLIC_DRAW,
            ),
        )
        for pk, number, stage, released, status, label, first_place, report, night in round_rows
    )
    round_ids = [pk for pk, _ in rounds]
    lines = tuple(
        map(
            LineRow._make,
            _raw_rows(
                SeatResult.objects.filter(round_id__in=round_ids)
                .order_by()
                .values_list(
                    "entry_id",
                    "round_id",
                    "deals_played",
                    "deals_lost",
                    "placka",
                    "penalty_points",
                    "points_complete",
                    "left_order",
                    "game_finished",
                )
            ),
        )
    )
    entries = tuple(
        EntryRow(
            info=EntryInfo(
                entry_id=pk,
                player_id=player_id,
                nickname=nickname,
                club=club,
                country=country,
            ),
            status=entrant_status(is_substitute=sub, status=status, classified=classified),
            club_id=club_id,
            is_no_show=status == EntryStatus.REGISTERED and not seated,
        )
        for pk, player_id, nickname, club, country, club_id, sub, status, classified, seated in (
            Entry.objects.filter(tournament_id=tournament.pk)
            .annotate(seated=Exists(TableSeat.objects.filter(entry_id=OuterRef("pk"))))
            .order_by("pk")
            .values_list(
                "pk",
                "player_id",
                "player__nickname",
                "club__name",
                "club__country__iso3",
                "club_id",
                "is_substitute",
                "status",
                "withdrawal_classified",
                "seated",
            )
        )
    )
    final_ids = [pk for pk, info in rounds if info.stage in FINAL_STAGES]
    final_seats: tuple[tuple[int, int, int], ...] = ()
    if final_ids:
        final_seats = tuple(
            TableSeat.objects.filter(table__round_id__in=final_ids)
            .order_by("table__round_id", "table__number", "position")
            .values_list("entry_id", "table__round_id", "table_id")
        )
    league = _league_load(round_ids) if tournament.format == TournamentFormat.LEAGUE else None
    return ResultsData(
        rounds=rounds, lines=lines, entries=entries, final_seats=final_seats, league=league
    )


def _league_load(round_ids: list[int]) -> LeagueRows:
    """Who sat at each round and the letters of every finished game (two queries)."""
    attendance = tuple(
        TableSeat.objects.filter(table__round_id__in=round_ids)
        .order_by("table__round_id", "entry__player_id")
        .values_list("entry__player_id", "table__round_id")
    )
    games = tuple(
        LeagueSeat(table, round_id, player, letters, bool(disqualified))
        for table, round_id, player, letters, disqualified in SeatResult.objects.filter(
            round_id__in=round_ids, game_finished=True
        )
        .order_by("seat__table_id", "entry__player_id")
        .values_list("seat__table_id", "round_id", "entry__player_id", "letters", "is_disqualified")
    )
    return LeagueRows(attendance=attendance, games=games)


def points_table_load(tournament: Tournament) -> dict[int, int] | None:
    """The category's points per place (the series' default category when none is set)."""
    category_id = tournament.category_id
    if category_id is None:
        category_id = tournament.series.default_category_id
    if category_id is None:
        return None
    points = dict(
        CategoryPoints.objects.filter(category_id=category_id).values_list("place", "points")
    )
    return points or None
