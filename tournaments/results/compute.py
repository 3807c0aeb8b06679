"""Rows to standings: the adapter between :mod:`.loading` and :mod:`tournaments.standings`.

No queries here: given the loaded rows, the tournament's settings and the rounds a viewer
may see, build the entrants and game lines, rank the basic rounds (settling the cut by a
play-off game when one was played), place the final and small final, and classify.

Decisions where the rules are silent:

- A play-off game orders the tied players by when they left the table (whoever took the
  placka first is worst), then by their success rate in the play-off, then fewer deals
  lost. Seats that only filled the table (fewer than four tied players) do not count.
  The play-off settles the cut only once its game is finished and the order decides every
  spot; otherwise the cut stays unresolved and the director may play another one.
- The small final's cut is settled the same way: a play-off among the players tied at it,
  read once the final's cut is settled (its field is the players below the final's).
- A cut is shown and acted on only once the basic rounds that decide it are finished and
  visible to the viewer (:func:`cut_is_decided`): before that every player may still move,
  and a "tie" at place 1 before round 1 is no tie.
- A final decided before everyone left (a final played until the first placka) places
  the players still at the table by the remainder rule, like the end of an elimination.
- One decision classifies a tournament (:func:`classified_by`), for every page, export,
  the placings and so the season ranking: a final classifies it (while being played too);
  a tournament finished without a final is classified by its basic rounds (with a play-off
  at the cut, if one was played); before either, its standings are provisional. A league is
  classified by its league table (:mod:`.league`), not by the success-rate standings.
- The tournament figure of a player (:func:`tournament_figures`: deals played and lost,
  placky) counts every counted deal of every visible round, the final, the small final
  and the play-off included, except a play-off's fillers, whose results count for
  nothing. The basic-round standings (and the cut) still read the basic rounds only.
"""

from __future__ import annotations

import enum
import itertools
import logging
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.models import RoundStage, Tournament, TournamentFormat, TournamentStatus
from tournaments.standings import (
    DEFAULT_CUT_SIZE,
    Boundary,
    Classification,
    Entrant,
    FinalPlacing,
    FinalResult,
    FinalSettings,
    GameLine,
    InvalidPointsTableError,
    PlayoffMismatchError,
    PlayoffResult,
    PointsTable,
    RemainderRule,
    Standings,
    StandingsError,
    Tally,
    classification_compute,
    final_place,
    standings_compute,
)
from tournaments.standings.league import LeagueScoring

from .league import LeagueResult, league_compute
from .loading import EntryRow, LineRow, ResultsData

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class ResultsSettings:
    """The tournament fields the maths reads (also part of the cache key)."""

    precedence: tuple[str, ...]
    cut_size: int
    remainder: RemainderRule
    #: Finished by its director: classified even without a final (:func:`classified_by`).
    finished: bool = False
    #: A league's scoring and its points list; ``None`` for any other format.
    league: tuple[LeagueScoring, tuple[int, ...]] | None = None
    #: The best ``final + small final`` players (``None``: no small final).
    small_cut_size: int | None = None

    @classmethod
    def of(cls, tournament: Tournament) -> ResultsSettings:
        league = None
        if tournament.format == TournamentFormat.LEAGUE:
            points = tuple(int(p) for p in tournament.league_points)
            league = (LeagueScoring(tournament.league_scoring), points)
        cut_size = tournament.final_size or DEFAULT_CUT_SIZE
        return cls(
            precedence=tuple(tournament.tiebreaks),
            cut_size=cut_size,
            small_cut_size=cut_size + tournament.small_final_size
            if tournament.has_small_final
            else None,
            remainder=RemainderRule.SUCCESS_RATE
            if tournament.final_last_places_by_success
            else RemainderRule.SHARED,
            finished=tournament.status == TournamentStatus.FINISHED,
            league=league,
        )


class ClassifiedBy(enum.StrEnum):
    """Where a tournament's classification comes from (the pages say which)."""

    FINAL = "final"
    BASIC_ROUNDS = "basic_rounds"
    LEAGUE_TABLE = "league_table"


def classified_by(*, has_final: bool, settings: ResultsSettings) -> ClassifiedBy | None:
    """The one decision whether a tournament is classified, and by what (see the module);
    ``None``: not yet, its standings are provisional."""
    if has_final:
        return ClassifiedBy.FINAL
    if not settings.finished:
        return None
    return ClassifiedBy.BASIC_ROUNDS if settings.league is None else ClassifiedBy.LEAGUE_TABLE


@dataclass(frozen=True)
class Computed:
    standings: Standings
    #: The classification (:func:`classified_by`), or always when asked to ``classify``.
    classification: Classification | None
    has_final: bool
    #: The tournament figure by player id (see the module).
    figures: Mapping[int, Tally]
    #: What classifies the tournament; ``None`` while its standings are provisional.
    classified_by: ClassifiedBy | None = None
    #: A league's table (``None`` for any other format).
    league: LeagueResult | None = None


def tournament_figures(
    data: ResultsData, visible: Collection[int], standings: Standings
) -> dict[int, Tally]:
    """Every counted deal and placka of each player over the visible rounds (see the
    module): the one figure the pages, exports, profiles and records show.

    The basic rounds are the ``standings``' totals, already summed; only the other visible
    rounds' lines (the final, the small final, a play-off's players) are added here, so a
    tournament of basic rounds alone does not walk its 10,000 lines a second time."""
    figures = {row.player_id: row.total for row in standings.rows if row.lines}
    others = {
        pk: info
        for pk, info in data.rounds
        if info.number in visible and info.stage != RoundStage.BASIC
    }
    if not others:
        return figures
    player_of = {e.info.entry_id: e.info.player_id for e in data.entries}
    for line in data.lines:
        info = others.get(line.round_id)
        if info is None or line.entry_id in info.fillers:
            continue
        player = player_of[line.entry_id]
        tally = Tally(
            line.deals_played,
            line.deals_lost,
            1 if line.placka else 0,
            line.penalty_points,
            bool(line.points_complete),
        )
        before = figures.get(player)
        figures[player] = tally if before is None else before + tally
    return figures


def entrants_build(entries: Sequence[EntryRow]) -> list[Entrant]:
    return [
        Entrant(player_id=e.info.player_id, name=e.info.nickname, status=e.status)
        for e in entries
        if not e.is_no_show
    ]


def _stage_round_ids(data: ResultsData, visible: Collection[int], stage: str) -> list[int]:
    return [pk for pk, info in data.rounds if info.stage == stage and info.number in visible]


def basic_lines(data: ResultsData, visible: Collection[int]) -> list[GameLine]:
    """Game lines of the visible basic rounds, by player id and round number."""
    number_of = {pk: info.number for pk, info in data.rounds}
    basic = set(_stage_round_ids(data, visible, RoundStage.BASIC))
    player_of = {e.info.entry_id: e.info.player_id for e in data.entries}
    # Positional arguments: this builds one line per player and round (10,000 for a
    # thousand players), the largest part of a read after the query itself.
    return [
        GameLine(
            player_of[line.entry_id],
            number_of[line.round_id],
            line.deals_played,
            line.deals_lost,
            bool(line.placka),
            line.penalty_points,
            bool(line.points_complete),
        )
        for line in data.lines
        if line.round_id in basic
    ]


def _playoff_order_key(line: LineRow) -> tuple[int, int, Fraction, int]:
    # Smaller is better: still at the table (0) before leavers, later leavers first.
    left = 1 if line.left_order is not None else 0
    later_first = -(line.left_order or 0)
    played = line.deals_played
    rate = Fraction(played - line.deals_lost, played) if played else Fraction(0)
    return (left, later_first, -rate, line.deals_lost)


def playoff_result(
    data: ResultsData, visible: Collection[int], tied: Sequence[int], spots: int
) -> PlayoffResult | None:
    """The latest finished play-off among ``tied`` players that decides all ``spots``."""
    player_of = {e.info.entry_id: e.info.player_id for e in data.entries}
    tied_set = set(tied)
    for round_id in reversed(_stage_round_ids(data, visible, RoundStage.PLAYOFF)):
        lines = [
            line
            for line in data.lines
            if line.round_id == round_id and player_of[line.entry_id] in tied_set
        ]
        if {player_of[line.entry_id] for line in lines} != tied_set:
            continue  # played by another tie (the standings moved since)
        if not all(line.game_finished for line in lines):
            return None
        ordered = sorted(lines, key=_playoff_order_key)
        keys = [_playoff_order_key(line) for line in ordered]
        if 0 < spots < len(ordered) and keys[spots - 1] == keys[spots]:
            continue  # a tie in the play-off itself: it did not settle the cut
        return PlayoffResult(losers=tuple(player_of[line.entry_id] for line in ordered[spots:]))
    return None


def _final_placing(
    data: ResultsData,
    visible: Collection[int],
    stage: str,
    first_place: int,
    settings: ResultsSettings,
    placed: Collection[int],
) -> FinalPlacing | None:
    round_ids = _stage_round_ids(data, visible, stage)
    if not round_ids:
        return None
    round_id = round_ids[-1]
    player_of = {e.info.entry_id: e.info.player_id for e in data.entries}
    finalists = tuple(
        player_of[entry_id]
        for entry_id, rid, _table in data.final_seats
        if rid == round_id and player_of[entry_id] not in placed
    )
    if not finalists:
        return None
    lines = {player_of[line.entry_id]: line for line in data.lines if line.round_id == round_id}
    leavers = sorted(
        (line.left_order, player)
        for player, line in lines.items()
        if line.left_order is not None and player in finalists
    )
    eliminated = tuple(player for _order, player in leavers)
    tallies = {
        player: Tally(deals_played=line.deals_played, deals_lost=line.deals_lost)
        for player, line in lines.items()
    }
    finished = bool(lines) and all(line.game_finished for line in lines.values())
    remaining = len(finalists) - len(eliminated)
    min_at_table = remaining + 1 if finished else min(4, len(finalists))
    final_settings = FinalSettings(min_at_table=max(min_at_table, 1), remainder=settings.remainder)
    return final_place(
        FinalResult(finalists=finalists, eliminated=eliminated, tallies=tallies),
        first_place=first_place,
        settings=final_settings,
    )


def _first_place(data: ResultsData, visible: Collection[int], stage: str) -> int | None:
    """The best place the director set for the latest visible round of ``stage``."""
    round_ids = _stage_round_ids(data, visible, stage)
    return dict(data.rounds)[round_ids[-1]].first_place if round_ids else None


def points_table(points: Mapping[int, int] | None, name: str) -> PointsTable | None:
    """The points table, or ``None`` (logged) when the stored one is invalid."""
    if not points:
        return None
    try:
        return PointsTable(name, dict(points))
    except InvalidPointsTableError:
        # A table edited outside the service: classify without points rather than
        # award wrong ones; the service refuses such tables with the reason.
        logger.warning("points table %s is invalid; no ranking points awarded", name)
        return None


def cut_is_decided(data: ResultsData, visible: Collection[int]) -> bool:
    """Whether the basic rounds, which decide the cuts, are all finished and visible."""
    basic = [info for _pk, info in data.rounds if info.stage == RoundStage.BASIC]
    return bool(basic) and all(info.finished and info.number in visible for info in basic)


def cut_standings(
    data: ResultsData, settings: ResultsSettings, visible: Collection[int]
) -> Standings:
    """The standings of the visible basic rounds with their cuts, each settled by its
    play-off when one was played (the final's first, then the small final's); no cut
    before the basic rounds are decided (see the module)."""
    entrants = entrants_build(data.entries)
    lines = basic_lines(data, visible)
    if not cut_is_decided(data, visible):
        return standings_compute(
            entrants=entrants, lines=lines, precedence=settings.precedence, cut_size=None
        )
    playoffs: dict[str, PlayoffResult] = {}
    standings: Standings | None = None
    while True:
        try:
            standings = standings_compute(
                entrants=entrants,
                lines=lines,
                precedence=settings.precedence,
                cut_size=settings.cut_size,
                playoff=playoffs.get("cut"),
                small_cut_size=settings.small_cut_size,
                small_playoff=playoffs.get("small_cut"),
            )
        except PlayoffMismatchError:
            logger.warning("play-off result does not match the tie at the cut")
            if standings is None:
                raise
            return standings
        for name in ("cut", "small_cut"):
            cut: Boundary | None = getattr(standings, name)
            if cut is not None and cut.tie is not None and name not in playoffs:
                tie = cut.tie
                found = playoff_result(data, visible, tie.player_ids, tie.spots)
                if found is not None:
                    playoffs[name] = found
                    break  # settle this cut, then look at the next one again
        else:
            return standings


def results_compute(
    data: ResultsData,
    *,
    settings: ResultsSettings,
    visible: Collection[int],
    points: PointsTable | None = None,
    classify: bool = True,
) -> Computed:
    """Standings of the visible basic rounds, the cut, the finals and the classification
    (before a final only when ``classify``: the placings need it, the pages do not)."""
    standings = cut_standings(data, settings, visible)
    figures = tournament_figures(data, visible, standings)
    league = _league(data, visible, settings, figures)
    final = _final_placing(data, visible, RoundStage.FINAL, 1, settings, ())
    basis = classified_by(has_final=final is not None, settings=settings)
    if basis is None and not classify:
        return Computed(
            standings=standings,
            classification=None,
            has_final=False,
            figures=figures,
            league=league,
        )
    order = None if league is None else _league_order(league)
    first_small = len(final.entries) + 1 if final is not None else 1
    small = _final_placing(
        data,
        visible,
        RoundStage.SMALL_FINAL,
        first_small,
        settings,
        final.player_ids if final is not None else (),
    )
    try:
        classification = classification_compute(
            standings=standings,
            final=final,
            small_final=small,
            points_table=points,
            small_final_first_place=_first_place(data, visible, RoundStage.SMALL_FINAL),
            basic_order=order,
        )
    except StandingsError:
        logger.exception("final rounds do not fit the standings; classified by basic rounds")
        classification = classification_compute(
            standings=standings, points_table=points, basic_order=order
        )
    return Computed(
        standings=standings,
        classification=classification,
        has_final=final is not None,
        figures=figures,
        classified_by=basis,
        league=league,
    )


def _league(
    data: ResultsData,
    visible: Collection[int],
    settings: ResultsSettings,
    figures: Mapping[int, Tally],
) -> LeagueResult | None:
    if data.league is None or settings.league is None:
        return None
    scoring, points = settings.league
    return league_compute(
        data.league,
        data.rounds,
        visible=visible,
        figures=figures,
        scoring=scoring,
        points=points,
        names={e.info.player_id: e.info.nickname for e in data.entries},
    )


def _league_order(league: LeagueResult) -> list[list[int]]:
    """The league table's places as groups of tied players, best first."""
    return [
        [line.player_id for line in lines]
        for _place, lines in itertools.groupby(league.lines, key=lambda line: line.place)
    ]
