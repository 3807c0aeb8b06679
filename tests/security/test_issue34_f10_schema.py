"""Issue 34, finding 10: every schema-valid request is accepted and every invalid one refused
with a documented 4xx, as the public and as an administrator.

Schemathesis found a NUL in a slug reference answered with a 500 on PostgreSQL (player
registration, tournament creation, Smoke sessions, the newcomer's club), ``?year=0.5``
accepted, and three schema-valid requests refused (a deal's analysis, the Smoke readout's
``hand=0``, the standings export's ``round=0``). The whole run is
``tests/fuzz/test_api_schemathesis.py``; these are the cases it found, each alone. On SQLite
a NUL reference was a 404 (no such club) where PostgreSQL gave the 500: both are a 400 now,
which these tests assert on either database.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from rest_framework import serializers
from rest_framework.test import APIClient

from games.smoke.models import SmokeSession
from scwu.security.text import LINE_PATTERN, TEXT_PATTERN
from tests.factories import SeasonFactory, SeriesFactory
from tests.security.world import ADMINISTRATOR, World, build_world
from tests.smoke.conftest import (  # noqa: F401  (fixtures)
    keeper,
    session,
    session_at_readout,
)
from tournaments.standings import METRICS

pytestmark = pytest.mark.django_db

NUL = "\x00"


@pytest.fixture
def world(db: None) -> World:
    return build_world()


@pytest.fixture
def admin(world: World) -> APIClient:
    client = APIClient()
    client.force_authenticate(world.users[ADMINISTRATOR])
    return client


def _refused_as_malformed(answer: Any, name: str) -> None:
    assert answer.status_code == 400, (answer.status_code, answer.content[:300])
    assert name in answer.json(), answer.json()


def _schema() -> dict[str, Any]:
    return dict(Client().get("/api/schema/?format=json").json())


def _query_parameter(path: str, name: str) -> dict[str, Any]:
    operation = _schema()["paths"][path]["get"]
    return next(p["schema"] for p in operation["parameters"] if p["name"] == name)


def _new_tournament() -> dict[str, Any]:
    """The smallest body that creates a tournament (its season and series made here)."""
    SeasonFactory(year=2026)
    SeriesFactory(slug="classic")
    return {
        "name": "Classic",
        "season": 2026,
        "series": "classic",
        "start_date": "2026-04-04",
        "end_date": "2026-04-04",
    }


# --- a NUL in a slug reference: a 500 on PostgreSQL, now a 400 naming the field ---------------


def test_a_nul_in_the_club_of_a_player_registration_is_refused_as_malformed(
    admin: APIClient, world: World
) -> None:
    body = {"nickname": "Nulák", "club": world.club.slug + NUL}
    _refused_as_malformed(admin.post("/api/players/register/", body, format="json"), "club")


def test_a_nul_in_a_host_club_of_a_new_tournament_is_refused_as_malformed(
    admin: APIClient,
) -> None:
    body = {**_new_tournament(), "host_clubs": [NUL]}
    answer = admin.post("/api/tournaments/create/", body, format="json")
    _refused_as_malformed(answer, "host_clubs")
    answer = admin.post("/api/tournaments/create/", {**body, "series": NUL}, format="json")
    _refused_as_malformed(answer, "series")


def test_a_nul_in_the_club_of_a_smoke_session_is_refused_as_malformed(
    admin: APIClient, world: World
) -> None:
    body = {
        "name": "Friday smoke",
        "club": NUL + world.club.slug,
        "participants": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cyril"}],
        "first_dealer": "Ann",
    }
    _refused_as_malformed(admin.post("/api/smoke/sessions/", body, format="json"), "club")


def test_a_nul_in_the_club_of_a_newcomer_at_the_desk_is_refused_as_malformed(
    admin: APIClient, world: World
) -> None:
    url = f"/api/tournaments/{world.registering.slug}/entries/newcomer/"
    answer = admin.post(url, {"nickname": "Nováček", "club": f"a{NUL}b"}, format="json")
    _refused_as_malformed(answer, "club")


def test_a_nul_in_a_slug_of_the_address_is_not_found_and_the_schema_says_what_a_slug_is(
    world: World,
) -> None:
    # The router matched any character; the lookup reached PostgreSQL, which refused the NUL.
    for path in ("/api/clubs/%00/", "/api/series/%00/", "/api/tournaments/%00/"):
        assert Client().get(path).status_code == 404, path
    operation = _schema()["paths"]["/api/clubs/{slug}/"]["get"]
    (slug,) = (p["schema"] for p in operation["parameters"] if p["name"] == "slug")
    assert slug["pattern"] == "^[-a-zA-Z0-9_]+$"


# --- control characters: one rule for every text, stated by the schema ----------------------


def test_a_control_character_in_any_text_field_is_refused_as_malformed(admin: APIClient) -> None:
    # A NUL was refused by DRF already, and an escape character was stored.
    answer = admin.post(
        "/api/players/register/", {"nickname": "Esc", "real_name": "a\x1bb"}, format="json"
    )
    _refused_as_malformed(answer, "real_name")


def test_a_control_character_in_a_text_filter_is_refused_as_malformed(world: World) -> None:
    _refused_as_malformed(Client().get("/api/clubs/?name__icontains=%01"), "name__icontains")
    # Checked before Django strips the value: a trailing tab is not silently dropped.
    _refused_as_malformed(Client().get("/api/players/?club=a%09"), "club")
    assert Client().get("/api/clubs/?name__icontains=club").status_code == 200


def test_a_boolean_field_takes_only_true_or_false(admin: APIClient, world: World) -> None:
    # 0 and "yes" were read as booleans: schema-violating bodies accepted.
    url = f"/api/entries/{world.entry.pk}/withdraw/"
    _refused_as_malformed(admin.post(url, {"classified": 0}, format="json"), "classified")
    _refused_as_malformed(admin.post(url, {"classified": "yes"}, format="json"), "classified")
    assert admin.post(url, {"classified": False}, format="json").status_code == 200


def test_the_schemas_text_patterns_are_the_rules_the_api_applies() -> None:
    field = serializers.CharField(trim_whitespace=False)
    for code in range(0x00, 0xA1):
        ch = f"a{chr(code)}b"
        try:
            field.run_validation(ch)
            accepted = True
        except serializers.ValidationError:
            accepted = False
        assert accepted == bool(re.fullmatch(TEXT_PATTERN, ch)), hex(code)
    assert re.fullmatch(TEXT_PATTERN, "two\nlines\tand\rmore")
    assert not re.fullmatch(LINE_PATTERN, "two\nlines")
    body = _schema()["components"]["schemas"]["PlayerCreateInputRequest"]["properties"]
    assert body["real_name"]["pattern"] == TEXT_PATTERN
    assert _query_parameter("/api/players/", "club")["pattern"] == LINE_PATTERN


def test_a_tournaments_tiebreaks_and_league_points_take_what_the_schema_says(
    admin: APIClient,
) -> None:
    # Untyped JSON in the schema: null and {} were schema-valid and refused with a 400.
    body = _new_tournament()
    schema = _schema()["components"]["schemas"]["TournamentInputRequest"]["properties"]
    assert schema["tiebreaks"]["type"] == "array" and schema["tiebreaks"]["minItems"] == 1
    assert schema["league_points"]["type"] == "array"
    assert schema["league_points"]["minItems"] == schema["league_points"]["maxItems"] == 4
    create = "/api/tournaments/create/"
    _refused_as_malformed(
        admin.post(create, {**body, "tiebreaks": None}, format="json"), "tiebreaks"
    )
    _refused_as_malformed(
        admin.post(create, {**body, "league_points": {}}, format="json"), "league_points"
    )
    # Well formed, refused by the federation's rules: a 409 naming the field.
    rising = admin.post(create, {**body, "league_points": [1, 2, 3, 4]}, format="json")
    assert rising.status_code == 409 and "league_points" in rising.json()
    tiebreaks = [sorted(METRICS)[0]] * 2
    twice = admin.post(create, {**body, "tiebreaks": tiebreaks}, format="json")
    assert twice.status_code == 409 and "tiebreaks" in twice.json()
    made = admin.post(create, {**body, "league_points": [4, 3, 2, 1]}, format="json")
    assert made.status_code == 201, made.json()


# --- ?year=0.5: a whole-number filter read as a decimal ---------------------------------------


def test_a_fractional_year_is_refused_by_the_seasons_filter(world: World) -> None:
    _refused_as_malformed(Client().get("/api/seasons/?year=0.5"), "year")


def test_a_fractional_season_year_is_refused_by_the_tournaments_filter(world: World) -> None:
    _refused_as_malformed(Client().get("/api/tournaments/?season__year=0.5"), "season__year")
    SeasonFactory(year=2026)
    assert Client().get("/api/tournaments/?season__year=2026").status_code == 200


def test_an_integer_query_parameter_given_empty_is_refused_as_malformed(world: World) -> None:
    # Empty was read as "not given": a schema-violating request accepted.
    _refused_as_malformed(Client().get("/api/rounds/?limit=&status=published"), "limit")
    _refused_as_malformed(Client().get("/api/players/?offset="), "offset")
    _refused_as_malformed(Client().get("/api/seasons/?year="), "year")


def test_every_integer_query_parameter_states_the_bounds_its_view_accepts() -> None:
    for path, item in _schema()["paths"].items():
        for method, operation in item.items():
            for parameter in operation.get("parameters", []):
                schema = parameter["schema"]
                if parameter["in"] == "query" and schema.get("type") == "integer":
                    stated = "enum" in schema or {"minimum", "maximum"} <= schema.keys()
                    assert stated, (method, path, parameter["name"], schema)


# --- schema-valid requests that were refused ------------------------------------------------


def test_the_analysis_of_a_deal_without_its_record_is_a_conflict_not_a_malformed_request(
    admin: APIClient, world: World
) -> None:
    # The request is what the schema says; the deal (entered by its loser, without the whole
    # record) cannot be analysed: the state refuses it.
    answer = admin.get(f"/api/games/deals/{world.deal.pk}/analysis/")
    assert answer.status_code == 409, answer.content[:300]
    assert "deal" in answer.json()
    _refused_as_malformed(admin.get(f"/api/games/deals/{world.deal.pk}/analysis/?seat=E"), "seat")


def test_the_smoke_readout_documents_the_hands_it_serves(
    session_at_readout: SmokeSession,  # noqa: F811
) -> None:
    hand = _query_parameter("/api/smoke/sessions/{id}/readout/", "hand")
    url = f"/api/smoke/sessions/{session_at_readout.pk}/readout/"
    assert Client().get(url, {"hand": hand["minimum"]}).status_code == 200
    _refused_as_malformed(Client().get(url, {"hand": hand["minimum"] - 1}), "hand")
    _refused_as_malformed(Client().get(url, {"hand": hand["maximum"] + 1}), "hand")
    _refused_as_malformed(Client().get(url, {"hand": ""}), "hand")
    # In the schema's range but not recorded yet: the session's state refuses it.
    assert Client().get(url, {"hand": hand["maximum"]}).status_code == 409


def test_the_standings_export_documents_the_rounds_it_serves(world: World) -> None:
    round_ = _query_parameter("/api/tournaments/{slug}/exports/{kind}", "round")
    url = f"/api/tournaments/{world.running.slug}/exports/standings.json"
    assert Client().get(url, {"round": round_["minimum"]}).status_code == 200
    _refused_as_malformed(Client().get(url, {"round": round_["minimum"] - 1}), "round")
    _refused_as_malformed(Client().get(url, {"round": round_["maximum"] + 1}), "round")
    # In the schema's range, but the tournament has no such round.
    assert Client().get(url, {"round": round_["maximum"]}).status_code == 404
