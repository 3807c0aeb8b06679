"""Reads for the season pages, the archive, profiles and the API."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import QuerySet
from django.utils.formats import date_format

from scwu.models import Club, Player
from tournaments.models import (
    Placing,
    RankingKind,
    Season,
    SeasonRankingRow,
    Tournament,
    TournamentStatus,
)
from tournaments.rankings.adapters import season_rows
from tournaments.rankings.chart import RatePoint
from tournaments.rankings.records import RECORD_MIN_DEALS, career_placings
from tournaments.standings import (
    Boundary,
    format_points,
    format_rate,
    masters_qualification,
    player_of_the_year,
    world_series_qualification,
)


class Qualified:
    """How a ranking line stands against a qualification list."""

    IN = "in"
    TIE = "tie"
    OUT = ""


@dataclass(frozen=True, slots=True)
class QualificationList:
    """A season's qualification list: who is clearly through, and who ties at the boundary."""

    key: str
    size: int
    qualified: tuple[SeasonRankingRow, ...]
    tied: tuple[SeasonRankingRow, ...]
    spots: int

    def status_of(self, subject_id: int) -> str:
        if any(r.player_id == subject_id for r in self.qualified):
            return Qualified.IN
        if any(r.player_id == subject_id for r in self.tied):
            return Qualified.TIE
        return Qualified.OUT


@dataclass(frozen=True, slots=True)
class SeasonQualification:
    player_of_the_year: tuple[SeasonRankingRow, ...]
    masters: QualificationList
    world_series: QualificationList


@dataclass(frozen=True, slots=True)
class RankingLine:
    """A ranking row with its figures formatted and its qualification status."""

    row: SeasonRankingRow
    points: str
    best_result: str
    masters: str = Qualified.OUT
    world_series: str = Qualified.OUT


def season_list() -> QuerySet[Season]:
    return Season.objects.order_by("-year")


def season_current() -> Season | None:
    """The latest season that has a ranking, else the latest season."""
    ranked = Season.objects.filter(ranking_rows__isnull=False).order_by("-year").first()
    return ranked or Season.objects.order_by("-year").first()


def season_ranking(season: Season, kind: str) -> list[SeasonRankingRow]:
    related = "player" if kind == RankingKind.PLAYERS else "club__country"
    return list(
        SeasonRankingRow.objects.filter(season=season, kind=kind)
        .select_related(related)
        .order_by("place", "pk")
    )


def _qualification_list(
    key: str, boundary: Boundary, rows: dict[int, SeasonRankingRow]
) -> QualificationList:
    tie = boundary.tie
    return QualificationList(
        key=key,
        size=boundary.size,
        qualified=tuple(rows[s] for s in boundary.qualified),
        tied=tuple(rows[s] for s in tie.player_ids) if tie else (),
        spots=tie.spots if tie else 0,
    )


def season_qualification(
    season: Season, ranking: Sequence[SeasonRankingRow] | None = None
) -> SeasonQualification:
    """Player of the Year and the Masters and World Series lists of a season's players."""
    if ranking is None:
        ranking = season_ranking(season, RankingKind.PLAYERS)
    rows = {r.player_id: r for r in ranking if r.player_id is not None}
    pure = season_rows(ranking)
    return SeasonQualification(
        player_of_the_year=tuple(rows[s] for s in player_of_the_year(pure)),
        masters=_qualification_list("masters", masters_qualification(pure), rows),
        world_series=_qualification_list("world_series", world_series_qualification(pure), rows),
    )


def ranking_lines(
    ranking: Sequence[SeasonRankingRow], qualification: SeasonQualification | None = None
) -> list[RankingLine]:
    """Rows ready for a table; players' rows carry their Masters and World Series status."""
    lines = []
    for row in ranking:
        masters = world_series = Qualified.OUT
        if qualification is not None and row.player_id is not None:
            masters = qualification.masters.status_of(row.player_id)
            world_series = qualification.world_series.status_of(row.player_id)
        lines.append(
            RankingLine(
                row=row,
                points=format_points(Fraction(row.points)),
                best_result=format_points(Fraction(row.best_result)),
                masters=masters,
                world_series=world_series,
            )
        )
    return lines


# The archive.


@dataclass(frozen=True, slots=True)
class ArchiveTournament:
    tournament: Tournament
    winners: tuple[Placing, ...]


@dataclass(frozen=True, slots=True)
class ArchiveSeason:
    season: Season
    tournaments: tuple[ArchiveTournament, ...]
    player_of_the_year: tuple[SeasonRankingRow, ...]


def season_archive() -> list[ArchiveSeason]:
    """Seasons, newest first, with their finished tournaments and each one's winners."""
    tournaments = list(
        Tournament.objects.filter(status=TournamentStatus.FINISHED)
        .select_related("series", "season")
        .order_by("-season__year", "start_date", "name")
    )
    winners: dict[int, list[Placing]] = {}
    for placing in (
        Placing.objects.filter(place=1, tournament__in=tournaments)
        .select_related("player", "club__country")
        .order_by("player__nickname_key")
    ):
        winners.setdefault(placing.tournament_id, []).append(placing)
    champions: dict[int, list[SeasonRankingRow]] = {}
    for row in SeasonRankingRow.objects.filter(kind=RankingKind.PLAYERS, place=1).select_related(
        "player"
    ):
        champions.setdefault(row.season_id, []).append(row)
    archive: list[ArchiveSeason] = []
    for season in season_list():
        own = [t for t in tournaments if t.season_id == season.pk]
        if not own and season.pk not in champions:
            continue
        archive.append(
            ArchiveSeason(
                season=season,
                tournaments=tuple(ArchiveTournament(t, tuple(winners.get(t.pk, ()))) for t in own),
                player_of_the_year=tuple(champions.get(season.pk, ())),
            )
        )
    return archive


# Profiles.


@dataclass(frozen=True, slots=True)
class HistoryLine:
    """One tournament in a player's (or club member's) history."""

    placing: Placing
    success_rate: Fraction | None
    rate: str
    points: str
    is_final: bool


def _rate(played: int, lost: int) -> Fraction | None:
    return Fraction(played - lost, played) if played else None


def _history_line(placing: Placing) -> HistoryLine:
    rate = _rate(placing.deals_played, placing.deals_lost)
    return HistoryLine(
        placing=placing,
        success_rate=rate,
        rate=format_rate(rate),
        points=format_points(Fraction(placing.points)) if placing.points is not None else "",
        is_final=placing.tournament.status == TournamentStatus.FINISHED,
    )


def player_history(player: Player) -> list[HistoryLine]:
    """The player's tournaments, oldest first (a running one is shown as provisional)."""
    placings = (
        career_placings()
        .filter(player=player)
        .select_related("tournament__season", "tournament__series", "club")
        .order_by("tournament__start_date", "tournament__pk")
    )
    return [_history_line(p) for p in placings]


@dataclass(frozen=True, slots=True)
class CareerFigures:
    tournaments: int
    titles: int
    deals_played: int
    deals_lost: int
    placky: int
    success_rate: Fraction | None
    rate: str
    #: Enough deals for the records' best success rate (the same threshold).
    in_records: bool
    min_deals: int


def titles_of(history: Sequence[HistoryLine]) -> list[HistoryLine]:
    """The tournaments won: first place (shared or not) of a finished tournament."""
    return [h for h in history if h.is_final and h.placing.place == 1]


def career_figures(history: Sequence[HistoryLine]) -> CareerFigures:
    """The career figure: the sum of the tournament figures, as the records count it."""
    played = sum(h.placing.deals_played for h in history)
    lost = sum(h.placing.deals_lost for h in history)
    rate = _rate(played, lost)
    return CareerFigures(
        tournaments=len(history),
        titles=len(titles_of(history)),
        deals_played=played,
        deals_lost=lost,
        placky=sum(h.placing.placky for h in history),
        success_rate=rate,
        rate=format_rate(rate),
        in_records=played >= RECORD_MIN_DEALS,
        min_deals=RECORD_MIN_DEALS,
    )


def rate_points(history: Sequence[HistoryLine]) -> list[RatePoint]:
    """Chart points: each tournament's rate and the career rate up to it."""
    points = []
    played = lost = 0
    for line in history:
        if line.success_rate is None:
            continue
        played += line.placing.deals_played
        lost += line.placing.deals_lost
        start = line.placing.tournament.start_date
        label = f"{line.placing.tournament.name} ({date_format(start, 'SHORT_DATE_FORMAT')})"
        career = Fraction(played - lost, played)
        points.append(RatePoint(label, line.success_rate, career, tick=str(start.year)))
    return points


@dataclass(frozen=True, slots=True)
class ClubSeasonPosition:
    row: SeasonRankingRow
    points: str


@dataclass(frozen=True, slots=True)
class ClubResults:
    positions: tuple[ClubSeasonPosition, ...]
    results: tuple[HistoryLine, ...]


def club_results(club: Club) -> ClubResults:
    """The club's season ranking positions and its members' results, newest first.

    A result belongs to the club its player entered for, so former members' results
    while they were members stay here.
    """
    rows = SeasonRankingRow.objects.filter(kind=RankingKind.CLUBS, club=club).select_related(
        "season"
    )
    placings = (
        Placing.objects.filter(club=club)
        .select_related("tournament__season", "player")
        .order_by("-tournament__start_date", "tournament__pk", "place")
    )
    return ClubResults(
        positions=tuple(
            ClubSeasonPosition(r, format_points(Fraction(r.points)))
            for r in sorted(rows, key=lambda r: -r.season.year)
        ),
        results=tuple(_history_line(p) for p in placings),
    )
