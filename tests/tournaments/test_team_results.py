"""The team classification under each rule, stored by the recompute and read live, and the
club ranking counting team points, against a worked example computed by hand.

Eight players, one finished basic round (two tables), classified by the basic rounds.
Category: players 100-80-60-50-40-30-20-10, teams 30-20-10. Teams of two:

| player | club  | team | played | lost | rate | place | points |
|--------|-------|------|--------|------|------|-------|--------|
| a      | One   | X    | 40     | 4    | 0.90 | 1     | 100    |
| b      | Two   | Y    | 10     | 2    | 0.80 | 2     | 80     |
| c      | Two   | Y    | 10     | 3    | 0.70 | 3     | 60     |
| d      | Three | Z    | 10     | 4    | 0.60 | 4     | 50     |
| e      | Three | Z    | 10     | 5    | 0.50 | 5     | 40     |
| f      | -     | -    | 10     | 6    | 0.40 | 6     | 30     |
| g      | -     | -    | 10     | 7    | 0.30 | 7     | 20     |
| h      | One   | X    | 10     | 8    | 0.20 | 8     | 10     |

Teams: X 50 played, 12 lost (38/50 = 0.76), points 110, places 9, best 1;
Y 20 played, 5 lost (15/20 = 0.75), points 140, places 5, best 2;
Z 20 played, 9 lost (11/20 = 0.55), points 90, places 9, best 4.

- success rate: X 1., Y 2., Z 3.
- ranking points: Y 1. (140), X 2. (110), Z 3. (90)
- places: Y 1. (5), then X and Z tie on 9 and the best member's place puts X (1) before
  Z (4): X 2., Z 3.

Club ranking (players' points by their club + the team's points by the team's place):
success rate: One 110 + 30 = 140, Two 140 + 20 = 160, Three 90 + 10 = 100;
ranking points: One 110 + 20 = 130, Two 140 + 30 = 170, Three 90 + 10 = 100.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from scwu.models import Club, Player
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, TournamentFactory
from tests.rankings.factories import category_create, game_create, round_create
from tournaments.models import (
    CategoryTeamPoints,
    Entry,
    EntryStatus,
    RankingKind,
    SeasonRankingRow,
    Team,
    TeamMode,
    TeamPlacing,
    Tournament,
    TournamentStatus,
)
from tournaments.rankings.services import season_rankings_compute
from tournaments.results.points import category_team_points_set
from tournaments.results.services import results_changed, results_recompute
from tournaments.results.teams import team_classification
from tournaments.services.teams import team_enter, team_withdraw
from tournaments.standings.team_rules import TeamRule

pytestmark = pytest.mark.django_db

DEALS = {
    "a": (40, 4),
    "b": (10, 2),
    "c": (10, 3),
    "d": (10, 4),
    "e": (10, 5),
    "f": (10, 6),
    "g": (10, 7),
    "h": (10, 8),
}
TEAMS = {"X": ("One", "ah"), "Y": ("Two", "bc"), "Z": ("Three", "de")}

#: rule -> [(team, place, shared, played, lost, member points, places sum, best, team points)]
EXPECTED = {
    TeamRule.SUCCESS_RATE: [
        ("X", 1, False, 50, 12, 110, 9, 1, 30),
        ("Y", 2, False, 20, 5, 140, 5, 2, 20),
        ("Z", 3, False, 20, 9, 90, 9, 4, 10),
    ],
    TeamRule.RANKING_POINTS: [
        ("Y", 1, False, 20, 5, 140, 5, 2, 30),
        ("X", 2, False, 50, 12, 110, 9, 1, 20),
        ("Z", 3, False, 20, 9, 90, 9, 4, 10),
    ],
    TeamRule.PLACES: [
        ("Y", 1, False, 20, 5, 140, 5, 2, 30),
        ("X", 2, False, 50, 12, 110, 9, 1, 20),
        ("Z", 3, False, 20, 9, 90, 9, 4, 10),
    ],
}
CLUBS = {
    TeamRule.SUCCESS_RATE: [("Two", 1, 160), ("One", 2, 140), ("Three", 3, 100)],
    TeamRule.RANKING_POINTS: [("Two", 1, 170), ("One", 2, 130), ("Three", 3, 100)],
    TeamRule.PLACES: [("Two", 1, 170), ("One", 2, 130), ("Three", 3, 100)],
}


def _played(director: User, rule: TeamRule) -> Tournament:
    category = category_create(f"champ-{rule}", [100, 80, 60, 50, 40, 30, 20, 10])
    CategoryTeamPoints.objects.bulk_create(
        CategoryTeamPoints(category=category, place=place, points=points)
        for place, points in [(1, 30), (2, 20), (3, 10)]
    )
    t: Tournament = TournamentFactory(
        status=TournamentStatus.REGISTRATION,
        team_mode=TeamMode.TEAM_EVENT,
        team_size=2,
        team_rule=rule,
        category=category,
    )
    t.directors.add(director)
    players: dict[str, Player] = {name: PlayerFactory(nickname=name) for name in DEALS}
    for team, (club_name, names) in TEAMS.items():
        club: Club = ClubFactory(name=club_name)
        for name in names:
            MembershipFactory(player=players[name], club=club)
        team_enter(
            by=director,
            tournament=t,
            club=club,
            name=team,
            members=[players[name] for name in names],
        )
    round_ = round_create(t, 1)
    for table in ("abcd", "efgh"):
        game_create(
            round_,
            [
                (players[n], "L" * DEALS[n][1] + "W" * (DEALS[n][0] - DEALS[n][1]), False)
                for n in table
            ],
        )
    Tournament.objects.filter(pk=t.pk).update(status=TournamentStatus.FINISHED)
    t.refresh_from_db()
    results_recompute(t.pk)
    return t


@pytest.mark.parametrize("rule", list(TeamRule))
def test_team_placings_and_the_live_read_follow_the_worked_example(
    director: User, rule: TeamRule
) -> None:
    t = _played(director, rule)
    stored = [
        (
            p.team.name,
            p.place,
            p.is_shared,
            p.deals_played,
            p.deals_lost,
            p.member_points,
            p.places_sum,
            p.best_place,
            p.points,
        )
        for p in TeamPlacing.objects.filter(tournament=t).select_related("team")
    ]
    expected = [(*row[:5], Decimal(row[5]), *row[6:8], Decimal(row[8])) for row in EXPECTED[rule]]
    assert stored == expected

    live = team_classification(t)
    assert [
        (
            r.name,
            r.place,
            r.is_shared,
            r.deals_played,
            r.deals_lost,
            r.member_points,
            r.places_sum,
            r.best_place,
            r.points,
        )
        for r in live.rows
    ] == [(*row[:5], Fraction(row[5]), *row[6:8], Fraction(row[8])) for row in EXPECTED[rule]]
    assert live.rule == rule and not live.is_provisional
    x = next(r for r in live.rows if r.name == "X")
    assert x.success_rate == Fraction(38, 50)
    assert [(m.nickname, m.place, m.points) for m in x.members] == [
        ("a", 1, Fraction(100)),
        ("h", 8, Fraction(10)),
    ]


@pytest.mark.parametrize("rule", list(TeamRule))
def test_the_club_ranking_counts_team_points(director: User, rule: TeamRule) -> None:
    t = _played(director, rule)
    season_rankings_compute(t.season_id)
    clubs = [
        (row.club.name, row.place, row.points)
        for row in SeasonRankingRow.objects.filter(season=t.season, kind=RankingKind.CLUBS)
        .select_related("club")
        .order_by("place")
    ]
    assert clubs == [(name, place, Decimal(points)) for name, place, points in CLUBS[rule]]
    # Players' ranking is unchanged by teams: a's 100 is a's alone.
    a = SeasonRankingRow.objects.get(season=t.season, kind=RankingKind.PLAYERS, place=1)
    assert a.points == Decimal(100)


@pytest.mark.parametrize(
    ("withdrawn", "classified", "counted", "played", "lost"),
    [
        # Nobody withdrew: a + h = 40 + 10 played, 4 + 8 lost; the substitute s stays out.
        (False, False, ("a", "h"), 50, 12),
        # h withdrew and the director kept h classified: h still counts.
        (True, True, ("a", "h"), 50, 12),
        # h withdrew unclassified: s counts in h's place, a + s = 40 + 10 played, 4 + 1 lost.
        (True, False, ("a", "s"), 50, 5),
    ],
)
def test_withdrawn_members_and_the_substitute_count_as_the_individual_standings_decide(
    director: User,
    withdrawn: bool,
    classified: bool,
    counted: tuple[str, ...],
    played: int,
    lost: int,
) -> None:
    t: Tournament = TournamentFactory(
        status=TournamentStatus.REGISTRATION, team_mode=TeamMode.BESIDE, team_size=2
    )
    t.directors.add(director)
    deals = {"a": (40, 4), "h": (10, 8), "s": (10, 1), "b": (10, 2), "c": (10, 3)}
    players: dict[str, Player] = {name: PlayerFactory(nickname=name) for name in deals}
    one, two = ClubFactory(), ClubFactory()
    for name in "ahs":
        MembershipFactory(player=players[name], club=one)
    for name in "bc":
        MembershipFactory(player=players[name], club=two)
    team_enter(
        by=director,
        tournament=t,
        club=one,
        name="X",
        members=[players["a"], players["h"]],
        substitute=players["s"],
    )
    team_enter(by=director, tournament=t, club=two, name="Y", members=[players["b"], players["c"]])
    round_ = round_create(t, 1)
    outcomes = {n: "L" * lost_ + "W" * (played_ - lost_) for n, (played_, lost_) in deals.items()}
    game_create(round_, [(players[n], outcomes[n], False) for n in "abch"])
    game_create(round_, [(players["s"], outcomes["s"], False)])
    if withdrawn:
        Entry.objects.filter(tournament=t, player=players["h"]).update(
            status=EntryStatus.WITHDRAWN, withdrawal_classified=classified
        )
    with transaction.atomic():
        results_changed(t.pk)
    x = next(r for r in team_classification(t).rows if r.name == "X")
    assert (x.deals_played, x.deals_lost) == (played, lost)
    assert tuple(m.nickname for m in x.members if m.counts) == counted


def test_a_withdrawn_team_leaves_the_stored_classification(director: User) -> None:
    t = _played(director, TeamRule.SUCCESS_RATE)
    Tournament.objects.filter(pk=t.pk).update(status=TournamentStatus.RUNNING)
    t.refresh_from_db()
    team_withdraw(by=director, team=Team.objects.get(tournament=t, name="X"))
    results_recompute(t.pk)
    # Y and Z move up; no team points before the tournament is classified again.
    assert list(
        TeamPlacing.objects.filter(tournament=t).values_list("team__name", "place", "points")
    ) == [("Y", 1, None), ("Z", 2, None)]


def test_the_team_points_table_is_set_whole_by_administrators(
    director: User, admin_user: User
) -> None:
    category = category_create("teams-table", [])
    with pytest.raises(PermissionDenied):
        category_team_points_set(by=director, category=category, points={1: 30})
    with pytest.raises(ValidationError) as refused:
        category_team_points_set(by=admin_user, category=category, points={1: 30, 3: 10})
    assert "place 2 is missing" in str(refused.value)
    assert not CategoryTeamPoints.objects.filter(category=category).exists()
    category_team_points_set(by=admin_user, category=category, points={1: 30, 2: 20})
    assert dict(category.team_points.values_list("place", "points")) == {1: 30, 2: 20}
    # The players' table is another table.
    assert not category.points.exists()
