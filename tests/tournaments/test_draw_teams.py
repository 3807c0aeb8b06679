"""The draw keeps a tournament's teammates at different tables, reading the teams from the
database, and explains in the page's language where it could not."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from tests.factories import ClubFactory, RoundFactory
from tournaments.models import Entry, Round, Team, TeamMember, TeamMode, Tournament
from tournaments.services import draw
from tournaments.services.draw_errors import flag_text_of

pytestmark = pytest.mark.django_db

Field = Callable[..., list[Entry]]


@pytest.fixture
def team_event(tournament: Tournament) -> Tournament:
    tournament.team_mode = TeamMode.TEAM_EVENT
    tournament.save(update_fields=["team_mode"])
    return tournament


def make_team(
    tournament: Tournament, name: str, members: Sequence[Entry], substitute: Entry | None = None
) -> Team:
    team = Team.objects.create(tournament=tournament, club=ClubFactory(), name=name)
    for entry in members:
        TeamMember.objects.create(team=team, entry=entry)
    if substitute is not None:
        TeamMember.objects.create(team=team, entry=substitute, is_substitute=True)
    return team


def drawn(captured: Any, director: User, round: Round) -> Round:
    with captured(execute=True):
        draw.round_draw_start(by=director, round=round, seed=3)
    round.refresh_from_db()
    return round


def tables_of(round: Round) -> list[set[int]]:
    return [{s.entry_id for s in t.seats.all()} for t in round.tables.order_by("number")]


def test_teams_of_three_with_a_substitute_sit_at_four_different_tables(
    django_capture_on_commit_callbacks: Any,
    director: User,
    team_event: Tournament,
    field: Field,
) -> None:
    # 18 players sit at tables of 5, 5, 4 and 4: four tables, room for a team of four
    people = field(18)
    teams = [
        make_team(team_event, "A", people[0:3], substitute=people[3]),
        make_team(team_event, "B", people[4:7], substitute=people[7]),
        make_team(team_event, "C", people[8:11]),
        make_team(team_event, "D", people[11:14]),
    ]
    round = drawn(django_capture_on_commit_callbacks, director, RoundFactory(tournament=team_event))
    team_of = {m.entry_id: m.team_id for m in TeamMember.objects.filter(team__in=teams)}
    assert round.draw_inputs["teams"] == {str(e): t for e, t in sorted(team_of.items())}
    assert str(people[3].pk) in round.draw_inputs["teams"]  # the substitute counts
    for table in tables_of(round):
        members = [team_of[e] for e in table if e in team_of]
        assert len(members) == len(set(members))
    assert not any(f["code"] == "teammates_together" for t in round.tables.all() for f in t.flags)


@pytest.fixture
def crowded(
    django_capture_on_commit_callbacks: Any,
    director: User,
    team_event: Tournament,
    field: Field,
) -> tuple[Round, list[Entry]]:
    """A drawn round of 12 players, three tables of four: two of the team of four (named
    "Bílá Hora") must share one."""
    people = field(12)
    make_team(team_event, "Bílá Hora", people[:4])
    round = drawn(django_capture_on_commit_callbacks, director, RoundFactory(tournament=team_event))
    return round, people[:4]


def test_a_team_larger_than_the_tables_is_flagged_with_nicknames_and_team_name(
    crowded: tuple[Round, list[Entry]],
) -> None:
    round, team = crowded
    flagged = [(t, f) for t in round.tables.all() for f in t.flags]
    assert [f["code"] for _, f in flagged] == ["teammates_together"]
    table, flag = flagged[0]
    together = [s.entry for s in table.seats.order_by("position") if s.entry in team]
    assert [e.pk for e in together] == flag["params"]["teammates"]
    names = [e.player.nickname for e in together]
    assert flag["labels"] == {"teammates": names, "team": "Bílá Hora"}
    with translation.override("en"):
        assert flag_text_of(flag) == (
            f"Teammates at one table: {names[0]} and {names[1]} (team Bílá Hora)."
        )
    with translation.override("cs"):
        assert flag_text_of(flag) == (
            f"Hráči téhož týmu u jednoho stolu: {names[0]} a {names[1]} (tým Bílá Hora)."
        )


def test_the_round_page_explains_the_flag_in_the_directors_language(
    client: Client, director: User, crowded: tuple[Round, list[Entry]]
) -> None:
    round, _team = crowded
    (flag,) = [f for t in round.tables.all() for f in t.flags]
    a, b = flag["labels"]["teammates"]
    client.force_login(director)
    client.cookies["django_language"] = "ru"
    page = client.get(f"/tournaments/{round.tournament.slug}/rounds/{round.number}/manage/")
    assert (
        f"Игроки одной команды за одним столом: {a} и {b} (команда Bílá Hora)."
        in page.content.decode()
    )


def test_a_manual_draw_seating_teammates_together_is_saved_with_the_flag(
    director: User, team_event: Tournament, field: Field
) -> None:
    people = field(8)
    make_team(team_event, "Los Gatos", [people[4], people[6]])
    tables = [[e.pk for e in people[:4]], [e.pk for e in people[4:]]]
    round = RoundFactory(tournament=team_event, number=1)
    draw.round_draw_manual(by=director, round=round, tables=tables)
    first, second = round.tables.order_by("number")
    assert first.flags == [] and [f["code"] for f in second.flags] == ["teammates_together"]
    assert second.flags[0]["labels"]["team"] == "Los Gatos"


def test_teams_are_not_drawn_apart_when_the_tournament_has_no_teams(
    django_capture_on_commit_callbacks: Any, director: User, tournament: Tournament, field: Field
) -> None:
    people = field(12)
    make_team(tournament, "Left over", people[:4])
    assert tournament.team_mode == TeamMode.OFF
    round = drawn(django_capture_on_commit_callbacks, director, RoundFactory(tournament=tournament))
    assert round.draw_inputs["teams"] == {}
