"""Directors create and edit seasons and series from the pages and the API (not only the
Django admin), with the federation's rules as refusals and the change log as the audit."""

from __future__ import annotations

import pytest
from django.contrib.admin.models import ADDITION, CHANGE, LogEntry
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import SeasonFactory, SeriesFactory, TournamentFactory, UserFactory
from tournaments.models import Category, ResultsState, Season, Series

pytestmark = pytest.mark.django_db


def _logged(obj: Season | Series, flag: int, user: User) -> bool:
    return LogEntry.objects.filter(
        object_id=str(obj.pk), action_flag=flag, user=user, content_type__model=obj._meta.model_name
    ).exists()


def test_a_director_creates_a_season_and_a_series_from_the_new_tournament_form(
    client: Client, director: User
) -> None:
    client.force_login(director)
    # the tournament list and the new-tournament form lead to both
    assert b'href="/seasons/new/"' in client.get("/tournaments/").content
    form = client.get("/tournaments/new/").content.decode()
    assert 'href="/seasons/new/?next=/tournaments/new/"' in form
    assert 'href="/series/new/?next=/tournaments/new/"' in form

    made = client.post("/seasons/new/?next=/tournaments/new/", {"year": 2031, "name": ""})
    assert made.status_code == 302 and made["Location"] == "/tournaments/new/?season=2031"
    season = Season.objects.get(year=2031)
    assert _logged(season, ADDITION, director)

    made = client.post(
        "/series/new/?next=/tournaments/new/?season=2031", {"name": "Autumn  Cup", "slug": ""}
    )
    assert made.status_code == 302
    assert made["Location"] == "/tournaments/new/?season=2031&series=autumn-cup"
    series = Series.objects.get(slug="autumn-cup")
    assert series.name == "Autumn Cup" and _logged(series, ADDITION, director)

    # back on the form, both are chosen
    page = client.get(made["Location"])
    chosen = page.context["form"]
    assert chosen["season"].value() == season.pk
    assert chosen["series"].value() == series.pk


def test_a_director_edits_a_season_and_a_series_from_their_pages(
    client: Client, director: User
) -> None:
    season, series = SeasonFactory(year=2032), SeriesFactory(name="Old", slug="old")
    category = Category.objects.create(name="Major", code="major")
    client.force_login(director)
    listing = client.get("/calendar/").content.decode()
    assert 'href="/seasons/2032/edit/"' in listing and 'href="/series/old/edit/"' in listing

    done = client.post("/seasons/2032/edit/", {"year": 2032, "name": "Season of cats"})
    assert done.status_code == 302
    season.refresh_from_db()
    assert season.name == "Season of cats" and _logged(season, CHANGE, director)

    done = client.post(
        "/series/old/edit/",
        {"name": "New", "slug": "old", "default_category": category.pk, "is_team_event": "on"},
    )
    assert done.status_code == 302
    series.refresh_from_db()
    assert (series.name, series.default_category, series.is_team_event) == ("New", category, True)


def test_the_season_page_offers_a_director_to_edit_it(client: Client, director: User) -> None:
    SeasonFactory(year=2033)
    assert b"/seasons/2033/edit/" not in client.get("/seasons/2033/ranking/").content
    client.force_login(director)
    assert b"/seasons/2033/edit/" in client.get("/seasons/2033/ranking/").content


def test_a_season_that_exists_is_refused_on_the_form(client: Client, director: User) -> None:
    SeasonFactory(year=2034)
    client.force_login(director)
    page = client.post("/seasons/new/", {"year": 2034})
    assert page.status_code == 400
    assert "exists already" in " ".join(page.context["form"].errors["year"])
    assert client.post("/seasons/new/", {"year": 1066}).status_code == 400
    assert Season.objects.filter(year__in=[2034, 1066]).count() == 1


def test_only_directors_and_administrators_create_seasons_and_series(client: Client) -> None:
    client.force_login(UserFactory())
    assert client.get("/seasons/new/").status_code == 403
    assert client.post("/series/new/", {"name": "Mine"}).status_code == 403
    answer = client.post("/api/seasons/create/", {"year": 2035}, content_type="application/json")
    assert answer.status_code == 403
    assert not Season.objects.filter(year=2035).exists()
    assert not Series.objects.filter(name="Mine").exists()


def test_seasons_and_series_are_created_and_edited_through_the_api(
    client: Client, director: User
) -> None:
    client.force_login(director)
    made = client.post(
        "/api/seasons/create/", {"year": 2036, "name": "Cats"}, content_type="application/json"
    )
    assert made.status_code == 201, made.content
    assert made.json()["year"] == 2036
    assert _logged(Season.objects.get(year=2036), ADDITION, director)

    changed = client.patch(
        "/api/seasons/2036/update/", {"name": "Cats II"}, content_type="application/json"
    )
    assert changed.status_code == 200 and changed.json()["name"] == "Cats II"

    made = client.post(
        "/api/series/create/", {"name": "Winter Open"}, content_type="application/json"
    )
    assert made.status_code == 201, made.content
    assert made.json()["slug"] == "winter-open"
    changed = client.patch(
        "/api/series/winter-open/update/", {"is_team_event": True}, content_type="application/json"
    )
    assert changed.status_code == 200 and changed.json()["is_team_event"] is True


def test_the_apis_refusals_for_seasons_and_series(client: Client, director: User) -> None:
    SeasonFactory(year=2037)
    SeriesFactory(name="Spring Cup", slug="spring-cup")
    client.force_login(director)
    # the rules: a year or a name that exists already is a 409 naming the field
    twice = client.post("/api/seasons/create/", {"year": 2037}, content_type="application/json")
    assert twice.status_code == 409 and "year" in twice.json()
    twice = client.post(
        "/api/series/create/", {"name": "spring cup"}, content_type="application/json"
    )
    assert twice.status_code == 409 and "name" in twice.json()
    # malformed: out of range is a 400 naming the field
    wrong = client.post("/api/seasons/create/", {"year": 3001}, content_type="application/json")
    assert wrong.status_code == 400 and "year" in wrong.json()
    # missing
    assert (
        client.patch("/api/seasons/2999/update/", {}, content_type="application/json").status_code
        == 404
    )


def test_a_seasons_year_cannot_change_once_tournaments_belong_to_it(
    client: Client, director: User
) -> None:
    season = SeasonFactory(year=2039)
    TournamentFactory(season=season)
    client.force_login(director)
    answer = client.patch(
        "/api/seasons/2039/update/", {"year": 2040}, content_type="application/json"
    )
    assert answer.status_code == 409 and "year" in answer.json()
    season.refresh_from_db()
    assert season.year == 2039


def test_a_series_new_default_category_recomputes_its_tournaments_without_one(
    client: Client, director: User
) -> None:
    series = SeriesFactory()
    tournament = TournamentFactory(series=series, category=None)
    before = ResultsState.objects.filter(tournament=tournament).values_list("requested", flat=True)
    requested_before = max(before, default=0)
    client.force_login(director)
    answer = client.patch(
        f"/api/series/{series.slug}/update/",
        {"default_category": Category.objects.create(name="Major", code="major").pk},
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content
    assert ResultsState.objects.get(tournament=tournament).requested > requested_before


def test_the_season_and_series_writes_are_in_the_openapi_schema(client: Client) -> None:
    paths = client.get("/api/schema/?format=json").json()["paths"]
    assert "post" in paths["/api/seasons/create/"]
    assert "patch" in paths["/api/seasons/{year}/update/"]
    assert "post" in paths["/api/series/create/"]
    assert "patch" in paths["/api/series/{slug}/update/"]
    assert "409" in paths["/api/seasons/create/"]["post"]["responses"]


def test_the_season_edit_page_offers_no_year_change_once_tournaments_belong_to_it(
    client: Client, director: User
) -> None:
    TournamentFactory(season=SeasonFactory(year=2041))
    client.force_login(director)
    form = client.get("/seasons/2041/edit/").context["form"]
    assert form.fields["year"].disabled
    done = client.post("/seasons/2041/edit/", {"year": 2042, "name": "Renamed"})
    assert done.status_code == 302
    assert Season.objects.get(year=2041).name == "Renamed"


def test_a_field_the_season_and_series_endpoints_do_not_take_is_refused(
    client: Client, director: User
) -> None:
    client.force_login(director)
    wrong = client.post(
        "/api/seasons/create/", {"year": 2038, "nmae": "x"}, content_type="application/json"
    )
    assert wrong.status_code == 400 and "nmae" in wrong.json()
    wrong = client.post(
        "/api/series/create/", {"name": "Cup", "team": True}, content_type="application/json"
    )
    assert wrong.status_code == 400 and "team" in wrong.json()
    assert not Season.objects.filter(year=2038).exists()
    assert not Series.objects.filter(name="Cup").exists()


def test_the_admin_keeps_a_seasons_year_once_tournaments_belong_to_it(client: Client) -> None:
    season = SeasonFactory(year=2043)
    TournamentFactory(season=season)
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    saved = client.post(
        f"/admin/tournaments/season/{season.pk}/change/", {"year": 2044, "name": "X"}
    )
    assert saved.status_code == 302  # saved: the name changed, the year stayed
    assert Season.objects.filter(pk=season.pk, year=2043, name="X").exists()
    empty = SeasonFactory(year=2045)
    client.post(f"/admin/tournaments/season/{empty.pk}/change/", {"year": 2046, "name": "Y"})
    assert Season.objects.filter(pk=empty.pk, year=2046).exists()  # no tournament: a typo's fix
