"""A league against the database: nights with varying attendance, the league table by
both scorings, its page, CSV and API, and who may draw a night."""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.urls import reverse

from games import services as game_services
from tests.factories import EntryFactory, PlayingWordFactory, TournamentFactory, UserFactory
from tournaments.league.services import league_night_draw
from tournaments.models import (
    Entry,
    EntryStatus,
    Round,
    RoundStatus,
    Tournament,
    TournamentFormat,
    TournamentStatus,
)
from tournaments.pairing.history import meetings, repeats_in
from tournaments.pairing.league import LeagueSeason
from tournaments.pairing.sizes import table_sizes
from tournaments.services.draw import round_draw_publish
from tournaments.services.rounds import round_finish

pytestmark = pytest.mark.django_db

NIGHT = dt.date(2026, 9, 1)


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    # results are cached by tournament id and version, both reused by each test database
    cache.clear()
    yield


@pytest.fixture
def league(director: User) -> Tournament:
    t: Tournament = TournamentFactory(
        status=TournamentStatus.RUNNING, format=TournamentFormat.LEAGUE
    )
    t.directors.add(director)
    return t


@pytest.fixture
def club(league: Tournament) -> list[Entry]:
    """Sixteen players of the league, nobody here yet."""
    return [EntryFactory(tournament=league, status=EntryStatus.REGISTERED) for _ in range(16)]


Draw = Callable[..., Round]


@pytest.fixture
def draw_night(django_capture_on_commit_callbacks: Any, director: User, league: Tournament) -> Draw:
    """Draw a night (the draw task runs on commit), publish it; returns the round."""

    def run(present: list[Entry], night: dt.date, **kwargs: Any) -> Round:
        with django_capture_on_commit_callbacks(execute=True):
            round_ = league_night_draw(
                by=director,
                tournament=league,
                night=night,
                present=[e.pk for e in present],
                word=PlayingWordFactory(letters="TONDA"),
                **kwargs,
            )
        round_.refresh_from_db()
        assert round_.status == RoundStatus.DRAFT, round_.draw_error
        return round_draw_publish(by=director, round=round_)

    return run


def again(tables: Sequence[Sequence[int]], met: dict[tuple[int, int], list[int]]) -> int:
    """Earlier meetings of the pairs seated together again."""
    return sum(len(r.rounds) for r in repeats_in(tables, met))


def by_lot(present: list[Entry], rng: random.Random) -> list[list[int]]:
    ids = [e.pk for e in present]
    rng.shuffle(ids)
    tables, start = [], 0
    for size in table_sizes(len(ids)):
        tables.append(ids[start : start + size])
        start += size
    return tables


def tables_of(round_: Round) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(s.entry_id for s in t.seats.order_by("position"))
        for t in round_.tables.order_by("number")
    )


def test_nights_with_varying_attendance_seat_who_is_here_avoiding_the_season_s_repeats(
    director: User, league: Tournament, club: list[Entry], draw_night: Draw
) -> None:
    season = LeagueSeason()
    rng = random.Random(5)
    blind_total = season_total = 0
    attendance = [club, club[:14], club[2:15], club, club[1:13]]
    for n, present in enumerate(attendance):
        # the first night's seed (a fixed one: the test is repeatable) serves the season
        seed = {"seed": 2026} if n == 0 else {}
        round_ = draw_night(present, NIGHT + dt.timedelta(days=7 * n), **seed)
        tables = tables_of(round_)
        assert sorted(p for t in tables for p in t) == sorted(e.pk for e in present)
        assert sorted(len(t) for t in tables) == sorted(table_sizes(len(present)))
        # the history the draw avoided is every earlier round of every earlier night
        assert [h["number"] for h in round_.draw_inputs["history"]] == list(range(1, n + 1))
        # and it is the pure league draw over that history, with the season's one seed
        season.seed = round_.draw_seed or 0
        assert tables == season.night_draw(e.pk for e in present)
        met = meetings(season.history())
        assert round_.draw_report["repeat_count"] == len(repeats_in(tables, met))
        # minimal against the season (a pair that met twice before counts twice): no seating
        # by lot of tonight's players does better, nor the same draw blind to earlier nights
        blind = LeagueSeason(seed=season.seed).night_draw(e.pk for e in present)
        assert again(tables, met) <= again(blind, met)
        assert again(tables, met) <= min(again(by_lot(present, rng), met) for _ in range(300))
        blind_total += again(blind, met)
        season_total += again(tables, met)
        season.record(tables)
        round_finish(by=director, round=round_)
        present_now = set(
            Entry.objects.filter(tournament=league, status=EntryStatus.CHECKED_IN).values_list(
                "pk", flat=True
            )
        )
        assert present_now == {e.pk for e in present}
    assert season_total < blind_total
    seeds = set(Round.objects.filter(tournament=league).values_list("draw_seed", flat=True))
    assert len(seeds) == 1  # one seed for the season


def test_a_night_needs_four_players_and_is_drawn_once(
    director: User, league: Tournament, club: list[Entry], draw_night: Draw
) -> None:
    word = PlayingWordFactory(letters="TONDA")
    with pytest.raises(ValidationError) as few:
        league_night_draw(
            by=director, tournament=league, night=NIGHT, present=[e.pk for e in club[:3]], word=word
        )
    assert few.value.message_dict["present"] == [
        "At least four players must be present to draw a night; 3 are."
    ]
    with pytest.raises(ValidationError) as seven:
        league_night_draw(
            by=director, tournament=league, night=NIGHT, present=[e.pk for e in club[:7]], word=word
        )
    assert "7 players cannot be seated" in seven.value.message_dict["present"][0]
    first = draw_night(club[:8], NIGHT)
    with pytest.raises(ValidationError) as again:
        league_night_draw(
            by=director, tournament=league, night=NIGHT, present=[e.pk for e in club[:8]], word=word
        )
    assert "is already drawn (round 1)" in again.value.message_dict["night"][0]
    with pytest.raises(ValidationError) as unfinished:
        league_night_draw(
            by=director,
            tournament=league,
            night=NIGHT,
            present=[e.pk for e in club[:8]],
            word=word,
            next_round=True,
        )
    assert "not finished" in unfinished.value.message_dict["night"][0]
    round_finish(by=director, round=first)
    second = draw_night(club[:8], NIGHT, next_round=True)
    assert second.night == NIGHT and second.number == 2
    with pytest.raises(ValidationError) as earlier:
        league_night_draw(
            by=director,
            tournament=league,
            night=NIGHT - dt.timedelta(days=7),
            present=[e.pk for e in club[:8]],
            word=word,
        )
    assert "date order" in earlier.value.message_dict["night"][0]
    assert Round.objects.filter(tournament=league).count() == 2  # refusals wrote nothing


def test_only_the_league_s_directors_draw_a_night_and_only_in_a_league(
    director: User, league: Tournament, club: list[Entry]
) -> None:
    word = PlayingWordFactory(letters="TONDA")
    with pytest.raises(PermissionDenied):
        league_night_draw(
            by=UserFactory(),
            tournament=league,
            night=NIGHT,
            present=[e.pk for e in club],
            word=word,
        )
    league.format = TournamentFormat.EVENT
    league.save()
    with pytest.raises(ValidationError) as event:
        league_night_draw(
            by=director, tournament=league, night=NIGHT, present=[e.pk for e in club], word=word
        )
    assert event.value.message_dict["tournament"] == ["This tournament is not a league."]
    assert not Entry.objects.filter(tournament=league, status=EntryStatus.CHECKED_IN).exists()


def play(director: User, round_: Round, losers_by_table: list[str]) -> None:
    """Each table's deals: one loser a deal (seat letters), the word TONDA, to the placka."""
    for table, losers in zip(round_.tables.order_by("number"), losers_by_table, strict=True):
        for seat in losers:
            game_services.deal_record(by=director, table=table, losers=[seat])


def nickname_at(round_: Round, table: int, position: str) -> str:
    seat = round_.tables.get(number=table).seats.select_related("entry__player")
    return str(seat.get(position=position).entry.player.nickname)


@pytest.fixture
def two_nights(
    director: User, league: Tournament, club: list[Entry], draw_night: Draw
) -> dict[str, Any]:
    """Night 1: the first four at one table; night 2: three of them and a newcomer."""
    first = draw_night(club[:4], NIGHT)
    play(director, first, ["BCCAAAAA"])  # D 0, B 1, C 2, A 5
    first.refresh_from_db()
    assert first.status == RoundStatus.FINISHED  # its one table took the placka
    second = draw_night([*club[1:4], club[4]], NIGHT + dt.timedelta(days=7))
    play(director, second, ["ABBBBB"])  # A 1, B 5, C 0, D 0
    return {"first": first, "second": second}


def test_the_league_table_by_placement_points_and_by_success_rate(
    client: Client, director: User, league: Tournament, two_nights: dict[str, Any]
) -> None:
    first, second = two_nights["first"], two_nights["second"]
    answer = client.get(reverse("tournaments-api:league-table", args=[league.slug]))
    assert answer.status_code == 200
    doc = answer.json()
    assert doc["scoring"] == "placement_points" and doc["points"] == [4, 3, 2, 1]
    assert [n["date"] for n in doc["nights"]] == ["2026-09-01", "2026-09-08"]
    rows = {r["nickname"]: r for r in doc["rows"]}
    d1 = nickname_at(first, 1, "D")
    a1 = nickname_at(first, 1, "A")
    assert rows[d1]["night_points"][0] == {"night": 1, "date": "2026-09-01", "points": "4"}
    assert rows[a1]["night_points"][0]["points"] == "1"
    # night 2: C and D share first and second ((4 + 3) / 2), A third, B last
    c2, d2 = nickname_at(second, 1, "C"), nickname_at(second, 1, "D")
    assert rows[c2]["night_points"][-1]["points"] == "3.5"
    assert rows[d2]["night_points"][-1]["points"] == "3.5"
    assert rows[nickname_at(second, 1, "B")]["night_points"][-1]["points"] == "1"
    for row in doc["rows"]:
        assert row["nights"] == len(row["night_points"])
        total = sum(float(n["points"]) for n in row["night_points"])
        assert float(row["points"]) == pytest.approx(total)
    points = [float(r["points"]) for r in doc["rows"]]
    assert points == sorted(points, reverse=True)
    # by success rate: the same rows, sorted by the season's deals
    league.league_scoring = "success_rate"
    league.save()
    by_rate = client.get(reverse("tournaments-api:league-table", args=[league.slug])).json()
    rates = [r["success_rate"] for r in by_rate["rows"]]
    assert rates == sorted(rates, reverse=True)
    assert {r["nickname"] for r in by_rate["rows"]} == set(rows)
    for r in by_rate["rows"]:
        assert r["deals_played"] == rows[r["nickname"]]["deals_played"]


def test_league_page_csv_and_links(
    client: Client, director: User, league: Tournament, two_nights: dict[str, Any]
) -> None:
    page = client.get(reverse("league-table", args=[league.slug]))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="league-table"' in html and reverse("league-table-csv", args=[league.slug]) in html
    detail = client.get(reverse("tournament-detail", args=[league.slug])).content.decode()
    assert reverse("league-table", args=[league.slug]) in detail
    csv_text = client.get(reverse("league-table-csv", args=[league.slug])).content.decode(
        "utf-8-sig"
    )
    header, *lines = csv_text.splitlines()
    assert header.split(",")[-2:] == ["night_2026-09-01", "night_2026-09-08"]
    assert len(lines) == 5
    api_rows = client.get(reverse("tournaments-api:league-table", args=[league.slug])).json()[
        "rows"
    ]
    assert [line.split(",")[3] for line in lines] == [r["nickname"] for r in api_rows]


def test_an_event_has_no_league_table(client: Client) -> None:
    event = TournamentFactory(status=TournamentStatus.RUNNING)
    assert client.get(reverse("league-table", args=[event.slug])).status_code == 404
    assert client.get(reverse("tournaments-api:league-table", args=[event.slug])).status_code == 404


def test_the_night_page_is_for_directors_and_shows_clear_errors(
    client: Client,
    django_capture_on_commit_callbacks: Any,
    director: User,
    league: Tournament,
    club: list[Entry],
) -> None:
    url = reverse("league-night", args=[league.slug])
    client.force_login(UserFactory())
    assert client.get(url).status_code == 403
    client.force_login(director)
    assert client.get(url).status_code == 200
    word = PlayingWordFactory(letters="TONDA")
    answer = client.post(
        url,
        {"night": "2026-09-01", "present": [e.pk for e in club[:3]], "word": word.pk},
    )
    assert answer.status_code == 400
    assert "At least four players must be present" in answer.content.decode()
    assert not Round.objects.filter(tournament=league).exists()
    night = {"night": "2026-09-01", "present": [e.pk for e in club[:8]], "word": word.pk}
    drawn = client.post(url, night)
    assert drawn.status_code == 302 and drawn["Location"].endswith("/rounds/1/manage/")
    again = client.post(url, night)  # a second click on "Draw the night"
    assert again.status_code == 400
    html = again.content.decode()
    assert "is already drawn (round 1)" in html and 'name="next_round" value="1"' in html
    assert Round.objects.filter(tournament=league).count() == 1


def test_the_league_table_is_in_the_openapi_schema(client: Client) -> None:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    assert "get" in schema["paths"]["/api/tournaments/{slug}/league/"]
    row = schema["components"]["schemas"]["LeagueRow"]["properties"]
    assert {
        "nights",
        "deals_played",
        "deals_lost",
        "success_rate",
        "points",
        "night_points",
    } <= set(row)


def test_the_tournament_form_reads_the_points_list() -> None:
    from tournaments.forms import TournamentForm

    field = TournamentForm().fields["league_points"]
    assert field.clean("5-3-2-0") == [5, 3, 2, 0]
    assert field.clean("4, 3, 2, 1") == [4, 3, 2, 1]
    for wrong in ("4-3-2", "1-2-3-4", "4-3-x-1"):
        with pytest.raises(ValidationError):
            field.clean(wrong)
    assert 'value="4-3-2-1"' in str(TournamentForm()["league_points"])


def test_a_league_is_created_through_the_api_with_its_points_list(director: User) -> None:
    from rest_framework.test import APIClient

    from tests.factories import SeasonFactory, SeriesFactory

    SeasonFactory(year=2026)
    SeriesFactory(slug="classic")
    api = APIClient()
    api.force_authenticate(director)
    body = {
        "name": "Úterní liga",
        "season": 2026,
        "series": "classic",
        "start_date": "2026-09-01",
        "end_date": "2027-06-30",
        "format": "league",
        "league_scoring": "success_rate",
        "league_points": [5, 3, 2, 0],
    }
    created = api.post("/api/tournaments/create/", body, format="json")
    assert created.status_code == 201, created.json()
    league = Tournament.objects.get(slug=created.json()["slug"])
    assert (league.format, league.league_scoring, league.league_points) == (
        "league",
        "success_rate",
        [5, 3, 2, 0],
    )
    rising = api.post(
        "/api/tournaments/create/", {**body, "league_points": [1, 2, 3, 4]}, format="json"
    )
    assert rising.status_code in (400, 409) and "league_points" in rising.json()


@pytest.mark.parametrize(
    ("language", "nights"),
    [("en", ("1/9", "8/9")), ("cs", ("1. 9.", "8. 9.")), ("ru", ("1. 9.", "8. 9."))],
)
def test_the_night_columns_are_dated_as_the_reader_s_language_writes_a_day(
    client: Client,
    league: Tournament,
    two_nights: dict[str, Any],
    language: str,
    nights: tuple[str, str],
) -> None:
    """English reads 1/9 (day first, as the site's English dates), not the Czech 1. 9. (which
    Russian keeps: 1.9 would read as a figure with a decimal point)."""
    client.cookies["django_language"] = language
    html = client.get(reverse("league-table", args=[league.slug])).content.decode()
    headers = re.findall(r'<th class="num hide-sm" title="[^"]*">([^<]*)</th>', html)
    assert tuple(headers[-2:]) == nights
