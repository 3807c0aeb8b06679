"""The team classification: one read for the pages, the API, the exports and the projector,
and the adapter the recompute writes the team placings with (so both always agree).

Decisions (printed on the page by :func:`team_rule_description`):

- A member's figures are the tournament figure the individual classification counts
  (every counted deal of the visible rounds, the final included where the member played
  it), with the member's individual place and ranking points.
- A scoring member counts for the team exactly when the individual classification places
  them: playing, or withdrawn and kept classified by the director. A member withdrawn and
  not classified counts for nothing, like in the individual classification.
- The team's substitute counts only in the place of a member who does not count
  (withdrawn and not classified); otherwise its results stay individual.
- Before the classification exists, places are the basic rounds' (provisional), and a
  finalist still playing holds the standings' place; team ranking points (the category's
  team table, shared places split like the players') are awarded once the tournament is
  classified.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext as _

from tournaments.models import (
    CategoryTeamPoints,
    Team,
    TeamMember,
    TeamMode,
    Tournament,
    TournamentStatus,
)
from tournaments.standings import (
    Classification,
    EntrantStatus,
    PointsTable,
    Standings,
    Tally,
)
from tournaments.standings.team_rules import TeamRule
from tournaments.standings.teams import (
    DealsRate,
    MemberLine,
    TeamLines,
    TeamStanding,
    team_standings,
)

from .compute import points_table
from .selectors import tournament_results


@dataclass(frozen=True)
class TeamMemberRecord:
    """A team member as loaded."""

    entry_id: int
    player_id: int
    nickname: str
    is_substitute: bool


@dataclass(frozen=True)
class TeamRecord:
    team_id: int
    name: str
    club_id: int
    club_name: str
    club_slug: str
    members: tuple[TeamMemberRecord, ...]


def teams_load(tournament: Tournament) -> tuple[TeamRecord, ...]:
    """The tournament's teams with their members (two queries)."""
    teams = list(
        Team.objects.filter(tournament_id=tournament.pk)
        .order_by("name", "pk")
        .values_list("pk", "name", "club_id", "club__name", "club__slug")
    )
    members: dict[int, list[TeamMemberRecord]] = {}
    for team_id, entry_id, player_id, nickname, substitute in (
        TeamMember.objects.filter(team__tournament_id=tournament.pk)
        .order_by("is_substitute", "entry__player__nickname_key")
        .values_list(
            "team_id",
            "entry_id",
            "entry__player_id",
            "entry__player__nickname",
            "is_substitute",
        )
    ):
        members.setdefault(team_id, []).append(
            TeamMemberRecord(entry_id, player_id, nickname, bool(substitute))
        )
    return tuple(
        TeamRecord(pk, name, club_id, club_name, slug, tuple(members.get(pk, ())))
        for pk, name, club_id, club_name, slug in teams
    )


def team_points_table(tournament: Tournament) -> PointsTable | None:
    """The team ranking points of the tournament's category (the series' default category
    when none is set), or ``None`` when the category awards teams nothing."""
    category = tournament.category or tournament.series.default_category
    if category is None:
        return None
    points = dict(
        CategoryTeamPoints.objects.filter(category=category).values_list("place", "points")
    )
    return points_table(points, f"{category} (teams)")


@dataclass(frozen=True)
class MemberFigures(DealsRate):
    """A member as the team table shows them: individual figures, and whether they count."""

    entry_id: int
    player_id: int
    nickname: str
    is_substitute: bool
    counts: bool
    status: EntrantStatus
    place: int | None
    is_shared: bool
    deals_played: int
    deals_lost: int
    placky: int
    points: Fraction | None


@dataclass(frozen=True)
class TeamRow(DealsRate):
    team_id: int
    name: str
    club_id: int
    club_name: str
    club_slug: str
    place: int
    is_shared: bool
    deals_played: int
    deals_lost: int
    member_points: Fraction
    places_sum: int
    best_place: int | None
    placky: int
    #: Team ranking points (``None``: the category awards none, or not classified yet).
    points: Fraction | None
    members: tuple[MemberFigures, ...]


@dataclass(frozen=True)
class TeamClassification:
    tournament_id: int
    mode: TeamMode
    rule: TeamRule
    #: The rule as the page prints it (translated).
    rule_description: str
    team_size: int
    rows: tuple[TeamRow, ...]
    #: The tournament is being played: the standings move with every deal.
    is_live: bool
    #: Not classified yet, or a final still being played.
    is_provisional: bool
    #: The results version the rows were computed at.
    version: int


@dataclass(frozen=True)
class _Individual:
    status: EntrantStatus
    place: int | None
    is_shared: bool
    points: Fraction | None


def _individual(
    standings: Standings, classification: Classification | None
) -> tuple[dict[int, _Individual], int]:
    """Each player's individual status, place and points, and how many were placed."""
    found: dict[int, _Individual] = {
        row.player_id: _Individual(row.status, row.place, row.is_shared, None)
        for row in standings.rows
    }
    if classification is not None:
        for c in classification.rows:
            before = found.get(c.player_id)
            held = before.place if before is not None and c.status.is_placed else None
            place = c.place if c.place is not None else held
            shared = c.is_shared if c.place is not None else bool(before and before.is_shared)
            found[c.player_id] = _Individual(c.status, place, shared, c.points)
    placed = sum(1 for i in found.values() if i.place is not None)
    return found, placed


_UNSEEN = _Individual(EntrantStatus.SCORING, None, False, None)


def _member_counts(member: TeamMemberRecord, team: TeamRecord, placed: dict[int, bool]) -> bool:
    if not member.is_substitute:
        return placed.get(member.player_id, True)
    return any(not m.is_substitute and not placed[m.player_id] for m in team.members)


def _member_figures(
    team: TeamRecord, individual: Mapping[int, _Individual], figures: Mapping[int, Tally]
) -> tuple[MemberFigures, ...]:
    placed = {
        m.player_id: individual.get(m.player_id, _UNSEEN).status.is_placed for m in team.members
    }
    result = []
    for m in team.members:
        ind = individual.get(m.player_id, _UNSEEN)
        tally = figures.get(m.player_id, Tally())
        result.append(
            MemberFigures(
                entry_id=m.entry_id,
                player_id=m.player_id,
                nickname=m.nickname,
                is_substitute=m.is_substitute,
                counts=_member_counts(m, team, placed),
                status=ind.status,
                place=ind.place,
                is_shared=ind.is_shared,
                deals_played=tally.deals_played,
                deals_lost=tally.deals_lost,
                placky=tally.placky,
                points=ind.points,
            )
        )
    return tuple(result)


@dataclass(frozen=True)
class TeamTable:
    """The computed team standings with each team's members (what both reads share)."""

    standings: tuple[TeamStanding, ...]
    members: Mapping[int, tuple[MemberFigures, ...]]


def team_table(
    tournament: Tournament,
    teams: Sequence[TeamRecord],
    *,
    standings: Standings,
    classification: Classification | None,
    figures: Mapping[int, Tally],
) -> TeamTable:
    """The team standings from the individual results under the tournament's rule
    (``classification``: ``None`` until the tournament is classified; the category's team
    points are awarded only then). The live read and the recompute both call this."""
    individual, placed = _individual(standings, classification)
    members = {team.team_id: _member_figures(team, individual, figures) for team in teams}
    lines = [
        TeamLines(
            team.team_id,
            team.name,
            tuple(
                MemberLine(
                    m.player_id,
                    figures.get(m.player_id, Tally()),
                    place=m.place,
                    points=m.points,
                    counts=m.counts,
                )
                for m in members[team.team_id]
            ),
        )
        for team in teams
    ]
    ranked = team_standings(
        lines,
        rule=TeamRule(tournament.team_rule),
        team_size=tournament.team_size,
        placed=placed,
        points=team_points_table(tournament) if teams and classification is not None else None,
    )
    return TeamTable(standings=ranked, members=members)


def team_rule_description(tournament: Tournament) -> str:
    """The tournament's team rule, its tie-breaks and the counting decisions, as printed."""
    rule = TeamRule(tournament.team_rule)
    size = tournament.team_size
    if rule is TeamRule.SUCCESS_RATE:
        head = _(
            "Teams are ranked by their combined success rate: the deals not lost over the "
            "deals played, summed over the %(size)d members' whole tournament, the final "
            "included."
        ) % {"size": size}
    elif rule is TeamRule.RANKING_POINTS:
        head = _(
            "Teams are ranked by the sum of their %(size)d members' ranking points in this "
            "tournament (more is better)."
        ) % {"size": size}
    else:
        head = _(
            "Teams are ranked by the sum of their %(size)d members' places (fewer is better); "
            "a member without a place counts as the place after the last one."
        ) % {"size": size}
    ties = _(
        "Ties: the best member's place, then fewer placky, then more deals played; teams "
        "equal on all of these share the place."
    )
    counting = _(
        "A withdrawn member counts as the director decided for the individual "
        "classification (kept classified: counted; otherwise not); the team's substitute "
        "counts only in the place of a member who does not count."
    )
    return f"{head} {ties} {counting}"


def team_classification(
    tournament: Tournament, *, include_unreleased: bool = False
) -> TeamClassification:
    """The tournament's team classification as the public (or, with ``include_unreleased``,
    its directors) see it, fresh after every deal: the one read of every team page, export
    and API answer."""
    results = tournament_results(tournament, include_unreleased=include_unreleased)
    teams = teams_load(tournament)
    table = team_table(
        tournament,
        teams,
        standings=results.standings,
        classification=results.classification if results.classified_by is not None else None,
        figures=results.figures,
    )
    record_of = {team.team_id: team for team in teams}
    rows = tuple(
        TeamRow(
            team_id=s.team_id,
            name=s.name,
            club_id=record_of[s.team_id].club_id,
            club_name=record_of[s.team_id].club_name,
            club_slug=record_of[s.team_id].club_slug,
            place=s.place,
            is_shared=s.is_shared,
            deals_played=s.deals_played,
            deals_lost=s.deals_lost,
            member_points=s.member_points,
            places_sum=s.places_sum,
            best_place=s.best_place,
            placky=s.placky,
            points=s.points,
            members=table.members[s.team_id],
        )
        for s in table.standings
    )
    return TeamClassification(
        tournament_id=tournament.pk,
        mode=TeamMode(tournament.team_mode),
        rule=TeamRule(tournament.team_rule),
        rule_description=team_rule_description(tournament),
        team_size=tournament.team_size,
        rows=rows,
        is_live=tournament.status == TournamentStatus.RUNNING,
        is_provisional=results.is_provisional,
        version=results.version,
    )
