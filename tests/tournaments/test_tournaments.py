"""Tournaments: creation, status transitions, rounds and the longer-word rule."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError

from tests.factories import (
    PlayingWordFactory,
    RoundFactory,
    SeasonFactory,
    SeriesFactory,
    UserFactory,
)
from tournaments.models import Entry, RoundStatus, Tournament, TournamentStatus
from tournaments.services import draw, rounds, tournaments

pytestmark = pytest.mark.django_db


def test_director_creates_a_tournament_in_draft(director: User) -> None:
    t = tournaments.tournament_create(
        by=director,
        season=SeasonFactory(),
        series=SeriesFactory(),
        name="IX. Team Championship",
        edition=9,
        start_date=dt.date(2026, 6, 1),
        end_date=dt.date(2026, 6, 2),
    )
    assert t.status == TournamentStatus.DRAFT and t.slug == "ix-team-championship-2026"
    assert list(t.directors.all()) == [director]


def test_bad_dates_name_the_field_and_nothing_is_written(director: User) -> None:
    with pytest.raises(ValidationError):
        tournaments.tournament_create(
            by=director,
            season=SeasonFactory(),
            series=SeriesFactory(),
            name="Backwards",
            start_date=dt.date(2026, 6, 2),
            end_date=dt.date(2026, 6, 1),
        )
    assert not Tournament.objects.exists()


def test_plain_user_cannot_create(plain_user: User) -> None:
    with pytest.raises(PermissionDenied):
        tournaments.tournament_create(by=plain_user, name="x")


@pytest.mark.parametrize(
    ("start", "target", "ok"),
    [
        ("draft", "registration", True),
        ("registration", "running", True),
        ("registration", "draft", True),
        ("running", "finished", True),
        ("draft", "running", False),
        ("draft", "finished", False),
        ("running", "registration", False),
        ("finished", "running", True),  # a director reopens (audited)
        ("finished", "draft", False),
    ],
)
def test_status_transitions_are_enforced(
    director: User, tournament: Tournament, start: str, target: str, ok: bool
) -> None:
    Tournament.objects.filter(pk=tournament.pk).update(status=start)
    if ok:
        t = tournaments.tournament_status_set(by=director, tournament=tournament, status=target)
        assert t.status == target
    else:
        with pytest.raises(ValidationError) as exc:
            tournaments.tournament_status_set(by=director, tournament=tournament, status=target)
        assert "status" in exc.value.message_dict
        tournament.refresh_from_db()
        assert tournament.status == start


def test_cannot_finish_with_a_round_in_play(director: User, tournament: Tournament) -> None:
    RoundFactory(tournament=tournament, number=1, status=RoundStatus.PUBLISHED)
    with pytest.raises(ValidationError):
        tournaments.tournament_status_set(by=director, tournament=tournament, status="finished")


def test_round_with_unapproved_word_is_refused(director: User, tournament: Tournament) -> None:
    word = PlayingWordFactory(status="proposed")
    with pytest.raises(ValidationError) as exc:
        rounds.round_create(by=director, tournament=tournament, word=word)
    assert "not approved" in exc.value.message_dict["word"][0]
    assert not tournament.rounds.exists()


def test_rounds_number_themselves_and_pick_the_method(
    director: User, tournament: Tournament
) -> None:
    first = rounds.round_create(by=director, tournament=tournament, word=PlayingWordFactory())
    second = rounds.round_create(
        by=director, tournament=tournament, word=PlayingWordFactory(), draw_method="standings"
    )
    assert (first.number, first.draw_method) == (1, "random")
    assert (second.number, second.draw_method) == (2, "standings")
    assert rounds.DEFAULT_METHOD["final"] == "seeded_final"  # a final's, once it may be created


def _small_field(tournament: Tournament, field: Callable[..., list[Entry]], rule: str) -> None:
    tournament.planned_field = 16
    tournament.longer_word_rule = rule
    tournament.save()
    field(12)


def test_longer_word_automatic_when_the_field_is_smaller(
    django_capture_on_commit_callbacks: Any,
    director: User,
    tournament: Tournament,
    field: Callable[..., list[Entry]],
) -> None:
    _small_field(tournament, field, "automatic")
    tonda = PlayingWordFactory(letters="TONDA", theme="Classic")
    placka = PlayingWordFactory(letters="PLACKA", theme="Classic")
    PlayingWordFactory(letters="KOCOUR", theme="Cats")
    round = RoundFactory(tournament=tournament, number=1, word=tonda)
    with django_capture_on_commit_callbacks(execute=True):
        draw.round_draw_start(by=director, round=round)
    round.refresh_from_db()
    assert round.word == placka and round.planned_word == tonda


def test_longer_word_refused_when_none_in_theme(
    director: User, tournament: Tournament, field: Callable[..., list[Entry]]
) -> None:
    _small_field(tournament, field, "automatic")
    round = RoundFactory(tournament=tournament, number=1, word__theme="Lonely")
    with pytest.raises(ValidationError) as exc:
        draw.round_draw_start(by=director, round=round)
    assert "word" in exc.value.message_dict
    round.refresh_from_db()
    assert round.status == RoundStatus.PLANNED


def test_longer_word_by_the_directors_choice(
    django_capture_on_commit_callbacks: Any,
    director: User,
    tournament: Tournament,
    field: Callable[..., list[Entry]],
) -> None:
    _small_field(tournament, field, "director")
    round = RoundFactory(tournament=tournament, number=1, word__letters="TONDA")
    with pytest.raises(ValidationError) as exc:
        draw.round_draw_start(by=director, round=round)
    assert "choose" in exc.value.message_dict["word"][0]
    longer = PlayingWordFactory(letters="MICINKA")
    rounds.round_word_set(by=director, round=round, word=longer)
    with django_capture_on_commit_callbacks(execute=True):
        draw.round_draw_start(by=director, round=round)
    round.refresh_from_db()
    assert round.word == longer and round.status == RoundStatus.DRAFT


def test_full_field_keeps_the_planned_word(
    django_capture_on_commit_callbacks: Any,
    director: User,
    tournament: Tournament,
    field: Callable[..., list[Entry]],
) -> None:
    tournament.planned_field = 8
    tournament.save()
    field(8)
    round = RoundFactory(tournament=tournament, number=1, word__letters="TONDA")
    with django_capture_on_commit_callbacks(execute=True):
        draw.round_draw_start(by=director, round=round)
    round.refresh_from_db()
    assert round.word.letters == "TONDA" and round.planned_word is None


def test_only_assigned_directors_edit(tournament: Tournament) -> None:
    with pytest.raises(PermissionDenied):
        tournaments.tournament_update(
            by=UserFactory(roles=["director"]), tournament=tournament, venue="x"
        )
    admin = UserFactory(roles=["administrator"])
    assert tournaments.tournament_update(by=admin, tournament=tournament, venue="Praha").venue
