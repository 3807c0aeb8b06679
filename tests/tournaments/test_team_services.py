"""Entering, changing and withdrawing teams: who may, when, and every refusal with its
message and nothing changed."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.admin.models import ADDITION, DELETION, LogEntry
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError

from scwu.models import Ban, Club, EliteRoster, Player
from tests.factories import (
    ClubFactory,
    EntryFactory,
    MembershipFactory,
    PlayerFactory,
    SeasonFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments.lifecycle import Action, Context, offers
from tournaments.models import (
    Entry,
    EntryStatus,
    Series,
    Team,
    TeamMember,
    TeamMode,
    Tournament,
    TournamentStatus,
)
from tournaments.services.teams import team_change, team_enter, team_withdraw
from tournaments.services.tournaments import tournament_create
from tournaments.standings.team_rules import TeamRule

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director: User) -> Tournament:
    t: Tournament = TournamentFactory(
        status=TournamentStatus.REGISTRATION, team_mode=TeamMode.TEAM_EVENT, team_size=3
    )
    t.directors.add(director)
    return t


def members_of(club: Club, n: int) -> list[Player]:
    return [MembershipFactory(club=club).player for _ in range(n)]


def snapshot(t: Tournament) -> tuple[Any, ...]:
    return (
        sorted(Team.objects.filter(tournament=t).values_list("name", "club_id")),
        sorted(TeamMember.objects.filter(team__tournament=t).values_list("entry_id", "team_id")),
        sorted(Entry.objects.filter(tournament=t).values_list("player_id", "status")),
    )


def refused(call: Any, field: str, text: str, t: Tournament) -> None:
    before = snapshot(t)
    with pytest.raises(ValidationError) as caught:
        call()
    messages = " ".join(str(m) for m in caught.value.message_dict[field])
    assert text in messages
    assert snapshot(t) == before


def test_a_director_enters_a_team_in_one_step(event: Tournament, director: User) -> None:
    club = ClubFactory()
    players = members_of(club, 4)
    team = team_enter(
        by=director,
        tournament=event,
        club=club,
        name="Cats A",
        members=players[:3],
        substitute=players[3],
    )
    rows = TeamMember.objects.filter(team=team)
    assert sorted(rows.values_list("entry__player_id", "is_substitute")) == sorted(
        [(p.pk, False) for p in players[:3]] + [(players[3].pk, True)]
    )
    # Members without an entry got one, with the club kept at the time.
    assert set(Entry.objects.filter(tournament=event).values_list("player_id", "club_id")) == {
        (p.pk, club.pk) for p in players
    }
    log = LogEntry.objects.get(object_id=str(team.pk))
    assert log.action_flag == ADDITION and log.user_id == director.pk


def test_a_player_in_two_teams_is_refused(event: Tournament, director: User) -> None:
    club = ClubFactory()
    players = members_of(club, 5)
    team_enter(by=director, tournament=event, club=club, name="A", members=players[:3])
    refused(
        lambda: team_enter(
            by=director, tournament=event, club=club, name="B", members=players[2:5]
        ),
        "members",
        f"{players[2]} is already in the team A.",
        event,
    )


def test_a_non_member_is_refused(event: Tournament, director: User) -> None:
    club, other = ClubFactory(), ClubFactory()
    players = members_of(club, 2) + members_of(other, 1)
    refused(
        lambda: team_enter(by=director, tournament=event, club=club, name="A", members=players),
        "members",
        f"{players[2]} is not a member of {club} on 2026-05-16.",
        event,
    )


def test_a_former_member_is_refused(event: Tournament, director: User) -> None:
    club = ClubFactory()
    players = members_of(club, 2)
    gone: Player = PlayerFactory()
    MembershipFactory(player=gone, club=club, end=dt.date(2026, 1, 31))
    refused(
        lambda: team_enter(
            by=director, tournament=event, club=club, name="A", members=[*players, gone]
        ),
        "members",
        "is not a member of",
        event,
    )


def test_a_team_of_the_wrong_size_is_refused(event: Tournament, director: User) -> None:
    club = ClubFactory()
    players = members_of(club, 4)
    refused(
        lambda: team_enter(by=director, tournament=event, club=club, name="A", members=players),
        "members",
        "exactly 3 players besides its substitute; 4 were given.",
        event,
    )


def test_a_banned_player_is_refused(event: Tournament, director: User) -> None:
    club = ClubFactory()
    players = members_of(club, 3)
    Ban.objects.create(player=players[1], reason="renonc B", imposed_on=dt.date(2025, 3, 1))
    refused(
        lambda: team_enter(by=director, tournament=event, club=club, name="A", members=players),
        "members",
        f"{players[1]} is banned for life since 2025-03-01",
        event,
    )


def test_a_banned_substitute_is_refused_under_its_field(event: Tournament, director: User) -> None:
    club = ClubFactory()
    players = members_of(club, 4)
    Ban.objects.create(player=players[3], reason="renonc B", imposed_on=dt.date(2025, 3, 1))
    refused(
        lambda: team_enter(
            by=director,
            tournament=event,
            club=club,
            name="A",
            members=players[:3],
            substitute=players[3],
        ),
        "substitute",
        "is banned for life",
        event,
    )


def test_a_change_after_the_tournament_finished_is_refused(
    event: Tournament, director: User
) -> None:
    club = ClubFactory()
    players = members_of(club, 4)
    team = team_enter(by=director, tournament=event, club=club, name="A", members=players[:3])
    Tournament.objects.filter(pk=event.pk).update(status=TournamentStatus.FINISHED)
    message = "The tournament is finished: its teams cannot change"
    refused(
        lambda: team_change(by=director, team=team, members=[*players[:2], players[3]]),
        "tournament",
        message,
        event,
    )
    refused(lambda: team_change(by=director, team=team, name="B"), "tournament", message, event)
    refused(lambda: team_withdraw(by=director, team=team), "tournament", message, event)
    refused(
        lambda: team_enter(by=director, tournament=event, club=club, name="C", members=players[1:]),
        "tournament",
        message,
        event,
    )


def test_a_tournament_without_teams_takes_none(director: User) -> None:
    t: Tournament = TournamentFactory(status=TournamentStatus.REGISTRATION)
    t.directors.add(director)
    club = ClubFactory()
    refused(
        lambda: team_enter(
            by=director, tournament=t, club=club, name="A", members=members_of(club, 3)
        ),
        "tournament",
        "This tournament has no team competition.",
        t,
    )


def test_a_taken_name_and_a_substitute_among_the_members_are_refused(
    event: Tournament, director: User
) -> None:
    club = ClubFactory()
    players = members_of(club, 6)
    team_enter(by=director, tournament=event, club=club, name="Cats", members=players[:3])
    refused(
        lambda: team_enter(
            by=director, tournament=event, club=club, name="cats", members=players[3:]
        ),
        "name",
        "A team named cats is already entered.",
        event,
    )
    refused(
        lambda: team_enter(
            by=director,
            tournament=event,
            club=club,
            name="Dogs",
            members=players[3:],
            substitute=players[5],
        ),
        "substitute",
        "The substitute cannot also be one of the team's players.",
        event,
    )


def test_elite_roster_series_takes_roster_players_only(event: Tournament, director: User) -> None:
    event.series.teams_from_elite_roster = True
    event.series.save()
    club = ClubFactory()
    players = members_of(club, 3)
    roster = EliteRoster.objects.create(club=club, season=2026)
    roster.players.add(*players[:2])
    refused(
        lambda: team_enter(by=director, tournament=event, club=club, name="A", members=players),
        "members",
        f"{players[2]} is not on {club}'s elite roster for 2026.",
        event,
    )
    roster.players.add(players[2])
    assert team_enter(by=director, tournament=event, club=club, name="A", members=players)


def test_the_captain_manages_their_club_s_teams_while_registration_is_open(
    event: Tournament, director: User
) -> None:
    club = ClubFactory()
    players = members_of(club, 4)
    captain_user = UserFactory()
    captain = players[0]
    captain.user = captain_user
    captain.save()
    club.captain = captain
    club.save()
    team = team_enter(by=captain_user, tournament=event, club=club, name="A", members=players[:3])
    team_change(by=captain_user, team=team, substitute=players[3])
    assert TeamMember.objects.get(team=team, is_substitute=True).entry.player == players[3]
    # Another club's captain may not touch it, nor a player.
    with pytest.raises(PermissionDenied):
        team_change(by=UserFactory(), team=team, name="B")
    # Once the tournament runs, only directors change teams.
    Tournament.objects.filter(pk=event.pk).update(status=TournamentStatus.RUNNING)
    refused(
        lambda: team_change(by=captain_user, team=team, name="B"),
        "tournament",
        "only the tournament's directors do",
        event,
    )
    team_change(by=director, team=team, name="B")
    assert Team.objects.get(pk=team.pk).name == "B"


def test_changing_members_keeps_the_old_entries_and_logs(event: Tournament, director: User) -> None:
    club = ClubFactory()
    players = members_of(club, 4)
    team = team_enter(by=director, tournament=event, club=club, name="A", members=players[:3])
    team_change(by=director, team=team, members=[*players[1:3], players[3]])
    assert set(TeamMember.objects.filter(team=team).values_list("entry__player_id", flat=True)) == {
        p.pk for p in players[1:]
    }
    assert Entry.objects.filter(tournament=event, player=players[0]).exists()
    assert LogEntry.objects.filter(object_id=str(team.pk)).count() == 2


def test_a_withdrawn_entry_cannot_join_a_team(event: Tournament, director: User) -> None:
    club = ClubFactory()
    players = members_of(club, 3)
    EntryFactory(tournament=event, player=players[0], status=EntryStatus.WITHDRAWN)
    refused(
        lambda: team_enter(by=director, tournament=event, club=club, name="A", members=players),
        "members",
        f"{players[0]} has withdrawn from the tournament.",
        event,
    )


def test_withdrawing_a_team_keeps_its_players_entries(event: Tournament, director: User) -> None:
    club = ClubFactory()
    players = members_of(club, 3)
    team = team_enter(by=director, tournament=event, club=club, name="A", members=players)
    pk = team.pk
    team_withdraw(by=director, team=team)
    assert not Team.objects.filter(pk=pk).exists()
    assert Entry.objects.filter(tournament=event).count() == 3
    assert LogEntry.objects.filter(object_id=str(pk), action_flag=DELETION).exists()


def test_offers_say_who_may_enter_a_team_and_why_not(event: Tournament, director: User) -> None:
    club = ClubFactory()
    captain_user = UserFactory()
    captain: Player = PlayerFactory(user=captain_user)
    club.captain = captain
    club.save()
    context = {"club": club}
    assert offers(event, [Action.TEAM_ENTER], Context(by=director, extra=context))[
        "team_enter"
    ].allowed
    assert offers(event, [Action.TEAM_ENTER], Context(by=captain_user, extra=context))[
        "team_enter"
    ].allowed
    stranger = offers(event, [Action.TEAM_ENTER], Context(by=UserFactory(), extra=context))
    assert stranger["team_enter"].code == "not_team_manager"
    Tournament.objects.filter(pk=event.pk).update(status=TournamentStatus.RUNNING)
    event.refresh_from_db()
    late = offers(event, [Action.TEAM_ENTER], Context(by=captain_user, extra=context))
    assert late["team_enter"].code == "registration_closed"


def test_a_team_event_series_tournament_has_teams_and_the_series_rule(director: User) -> None:
    series = Series.objects.create(
        name="Team Championship",
        slug="team-championship",
        is_team_event=True,
        team_rule=TeamRule.PLACES,
    )
    t = tournament_create(
        by=director,
        season=SeasonFactory(),
        series=series,
        name="IX. Team Championship",
        start_date=dt.date(2026, 6, 1),
        end_date=dt.date(2026, 6, 1),
    )
    assert (t.team_mode, t.team_rule) == (TeamMode.TEAM_EVENT, TeamRule.PLACES)
    # What the director says stands.
    own = tournament_create(
        by=director,
        season=SeasonFactory(),
        series=series,
        name="Open",
        start_date=dt.date(2026, 7, 1),
        end_date=dt.date(2026, 7, 1),
        team_mode=TeamMode.OFF,
    )
    assert own.team_mode == TeamMode.OFF


def test_a_member_who_withdrew_stays_while_the_substitute_changes(
    event: Tournament, director: User
) -> None:
    club = ClubFactory()
    players = members_of(club, 5)
    team = team_enter(
        by=director,
        tournament=event,
        club=club,
        name="A",
        members=players[:3],
        substitute=players[3],
    )
    Entry.objects.filter(tournament=event, player=players[0]).update(status=EntryStatus.WITHDRAWN)
    team_change(by=director, team=team, substitute=players[4])
    assert sorted(
        TeamMember.objects.filter(team=team).values_list("entry__player_id", "is_substitute")
    ) == sorted([(p.pk, False) for p in players[:3]] + [(players[4].pk, True)])
