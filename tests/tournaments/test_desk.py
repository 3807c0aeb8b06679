"""The director's desk, server side: the entries' filter, check-in in place and without script,
the new-tournament form's parts and its defaults from the series, tick-box lists."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import (
    ClubFactory,
    EntryFactory,
    PlayerFactory,
    SeasonFactory,
    SeriesFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments.models import Category, Entry, EntryStatus, Tournament, TournamentFormat

pytestmark = pytest.mark.django_db


def _rows(html: str) -> dict[str, bool]:
    """Each entry row's player and whether it is shown (not hidden)."""
    return {
        player: not hidden
        for player, hidden in re.findall(
            r'<div class="entry-row" id="entry-\d+" data-player="([^"]+)"[^>]*?( hidden)?>', html
        )
    }


@pytest.fixture
def desk(tournament: Tournament) -> dict[str, Entry]:
    north, south = ClubFactory(name="North Cats"), ClubFactory(name="South Cats")
    made = {
        "Bóža": EntryFactory(
            tournament=tournament, player=PlayerFactory(nickname="Bóža"), club=north,
            status=EntryStatus.REGISTERED,
        ),
        "Alena": EntryFactory(
            tournament=tournament, player=PlayerFactory(nickname="Alena"), club=south,
            status=EntryStatus.CHECKED_IN,
        ),
        "Cyril": EntryFactory(
            tournament=tournament, player=PlayerFactory(nickname="Cyril"), club=north,
            status=EntryStatus.REGISTERED,
        ),
    }  # fmt: skip
    return made


def test_the_entries_filter_by_name_club_and_status(
    client: Client, director: User, tournament: Tournament, desk: dict[str, Entry]
) -> None:
    client.force_login(director)
    page = f"/tournaments/{tournament.slug}/entries/"
    every = _rows(client.get(page).content.decode())
    assert every == {"Alena": True, "Bóža": True, "Cyril": True}
    # no case, no accents; every row stays on the page (hidden), for the script to widen
    assert _rows(client.get(page, {"name": "boza"}).content.decode()) == {
        "Alena": False, "Bóža": True, "Cyril": False,
    }  # fmt: skip
    north = desk["Cyril"].club
    assert north is not None
    assert _rows(client.get(page, {"club": north.pk}).content.decode()) == {
        "Alena": False, "Bóža": True, "Cyril": True,
    }  # fmt: skip
    filtered = client.get(page, {"club": north.pk, "status": "registered", "name": "cyr"})
    assert _rows(filtered.content.decode()) == {"Alena": False, "Bóža": False, "Cyril": True}
    nobody = client.get(page, {"name": "nobody"}).content.decode()
    assert 'id="entries-none">' in nobody  # says so, not an empty list
    assert client.get(page, {"status": "no-such"}).status_code == 200  # ignored, not an error
    # the count is of the whole field, whatever the filter
    assert "1 of 3 checked in" in filtered.content.decode()


def test_check_in_without_script_comes_back_to_the_row_with_the_filter(
    client: Client, director: User, tournament: Tournament, desk: dict[str, Entry]
) -> None:
    client.force_login(director)
    entry = desk["Cyril"]
    url = f"/tournaments/{tournament.slug}/entries/{entry.pk}/check-in/?name=cyr&status=registered"
    response = client.post(url, {"checked_in": "1"})
    assert response.status_code == 302
    assert response["Location"] == (
        f"/tournaments/{tournament.slug}/entries/?name=cyr&status=registered#entry-{entry.pk}"
    )
    entry.refresh_from_db()
    assert entry.status == EntryStatus.CHECKED_IN
    client.post(url, {"checked_in": "0"})
    entry.refresh_from_db()
    assert entry.status == EntryStatus.REGISTERED


def test_check_in_in_place_answers_with_the_row(
    client: Client, director: User, tournament: Tournament, desk: dict[str, Entry]
) -> None:
    client.force_login(director)
    entry = desk["Bóža"]
    url = f"/tournaments/{tournament.slug}/entries/{entry.pk}/check-in/"
    answer = client.post(url, {"checked_in": "1"}, headers={"Accept": "application/json"})
    assert answer.status_code == 200
    data = answer.json()
    assert data["status"] == "checked_in" and data["errors"] == []
    assert f'id="entry-{entry.pk}"' in data["row"] and "check-in on" in data["row"]
    assert data["summary"] == "2 of 3 checked in"
    entry.refresh_from_db()
    assert entry.status == EntryStatus.CHECKED_IN
    # someone else is refused, in place as without script
    client.force_login(UserFactory())
    assert (
        client.post(url, {"checked_in": "0"}, headers={"Accept": "application/json"}).status_code
        == 403
    )


def test_a_refused_toggle_in_place_says_why(
    client: Client, director: User, tournament: Tournament, desk: dict[str, Entry]
) -> None:
    client.force_login(director)
    entry = desk["Alena"]
    withdraw = f"/tournaments/{tournament.slug}/entries/{entry.pk}/withdraw/"
    json = {"Accept": "application/json"}
    assert client.post(withdraw, {}, headers=json).json()["status"] == "withdrawn"
    again = client.post(withdraw, {}, headers=json)  # the lifecycle refuses a second time
    assert again.status_code == 409 and again.json()["errors"]


def test_the_new_tournament_form_starts_from_the_series(client: Client, director: User) -> None:
    client.force_login(director)
    season = SeasonFactory(year=2026)
    points = Category.objects.create(name="Major", code="major")
    series = SeriesFactory(name="Classic", slug="classic", default_category=points)
    host = ClubFactory(name="Host Cats")
    for edition in (10, 11):
        latest = TournamentFactory(
            series=series, season=season, edition=edition, theme="Detectives",
            has_small_final=True, small_final_size=5,
        )  # fmt: skip
    latest.host_clubs.add(host)
    form = client.get("/tournaments/new/", {"series": "classic"}).context["form"]
    assert form.initial["edition"] == 12  # the series' highest plus one
    assert form.initial["category"] == points.pk  # its ranking-points table
    assert form.initial["theme"] == "Detectives"  # its usual words
    assert form.initial["small_final_size"] == 5 and form.initial["host_clubs"] == [host.pk]
    # the page's script asks by the list's value, the series' number
    by_pk = client.get("/tournaments/new/", {"series_id": series.pk})
    assert by_pk.context["form"].initial["edition"] == 12
    assert 'id="series-note">' in by_pk.content.decode()
    # a series without editions starts at the first
    SeriesFactory(name="Fresh", slug="fresh")
    assert (
        client.get("/tournaments/new/", {"series": "fresh"}).context["form"].initial["edition"] == 1
    )


def _field_hidden(html: str, name: str) -> bool:
    match = re.search(rf'<div class="field field-{name}"[^>]*>', html)
    assert match, name
    return " hidden" in match.group(0)


def test_the_form_shows_what_the_format_needs(client: Client, director: User) -> None:
    client.force_login(director)
    html = client.get("/tournaments/new/").content.decode()
    assert _field_hidden(html, "league_points") and _field_hidden(html, "league_scoring")
    assert _field_hidden(html, "small_final_size")  # the small final is not ticked
    assert not _field_hidden(html, "final_size")
    assert '<details class="form-part">' in html  # the rarely changed rules folded
    # host clubs, judges and directors are tick boxes, not a ctrl-click multi-select
    assert "<select" not in re.search(r"field-host_clubs.*?</ul>", html, re.S).group(0)  # type: ignore[union-attr]
    league = TournamentFactory(format=TournamentFormat.LEAGUE, has_small_final=True)
    league.directors.add(director)
    edit = client.get(f"/tournaments/{league.slug}/edit/").content.decode()
    assert not _field_hidden(edit, "league_points")
    assert not _field_hidden(edit, "small_final_size")


def test_the_form_still_refuses_what_the_rules_forbid(client: Client, director: User) -> None:
    client.force_login(director)
    season, series = SeasonFactory(year=2026), SeriesFactory()
    response = client.post(
        "/tournaments/new/",
        {
            "season": season.pk, "series": series.pk, "edition": 1, "name": "Backwards Cup",
            "start_date": "2026-05-17", "end_date": "2026-05-16", "format": "event",
            "league_scoring": "placement_points", "league_points": "4-3-2-1",
            "basic_rounds": 2, "longer_word_rule": "automatic", "prefer_tables_of": 4,
            "final_size": 6, "small_final_size": 6, "sit_out_rule": "dealer",
            "rank_order": "standard", "tie_without_hejma": "last_trick",
        },
    )  # fmt: skip
    assert response.status_code == 400
    assert not Tournament.objects.filter(name="Backwards Cup").exists()


def test_on_the_day_the_desk_registers_and_checks_in_at_once(
    client: Client, director: User, tournament: Tournament
) -> None:
    client.force_login(director)
    page = f"/tournaments/{tournament.slug}/entries/"
    tournament.start_date = tournament.end_date = dt.date.today()
    tournament.save()
    here, later = PlayerFactory(nickname="Here Now"), PlayerFactory(nickname="Later On")
    html = client.get(page, {"q": "o"}).content.decode()
    assert "register-here" in html
    assert re.search(r"<input[^>]*name=\"check_in\"[^>]*checked", html)  # the newcomer's box
    client.post(page, {"player": here.pk, "check_in": "1", "q": "o"})
    client.post(page, {"player": later.pk, "q": "o"})
    status = dict(
        Entry.objects.filter(tournament=tournament).values_list("player__nickname", "status")
    )
    assert status == {"Here Now": EntryStatus.CHECKED_IN, "Later On": EntryStatus.REGISTERED}
    client.post(f"{page}newcomer/", {"nickname": "Fresh Cat", "check_in": "on"})
    assert Entry.objects.get(player__nickname="Fresh Cat").status == EntryStatus.CHECKED_IN
    # before the day: registering is registering
    tournament.start_date = tournament.end_date = dt.date.today() + dt.timedelta(days=3)
    tournament.save()
    html = client.get(page, {"q": "o"}).content.decode()
    assert "register-here" not in html
    assert not re.search(r"<input[^>]*name=\"check_in\"[^>]*checked", html)
