"""Pages render in Czech, English and Russian; director buttons work; bad input is refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import RoundFactory, UserFactory
from tournaments.models import Entry, EntryStatus, RoundStatus, Tournament
from tournaments.services import draw

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(
    django_capture_on_commit_callbacks: Any,
    director: User,
    tournament: Tournament,
    field: Callable[..., list[Entry]],
) -> Tournament:
    field(9)
    round = RoundFactory(tournament=tournament, number=1)
    with django_capture_on_commit_callbacks(execute=True):
        draw.round_draw_start(by=director, round=round, seed=3)
    draw.round_draw_publish(by=director, round=round)
    return tournament


@pytest.mark.parametrize(
    ("language", "word"), [("en", "Tournaments"), ("cs", "Turnaje"), ("ru", "Турниры")]
)
@pytest.mark.parametrize("page", ["", "{slug}/", "{slug}/rounds/1/", "{slug}/rounds/1/cards/",
                                  "{slug}/rounds/1/projector/"])  # fmt: skip
def test_public_pages_render_in_every_language(
    client: Client, published: Tournament, language: str, word: str, page: str
) -> None:
    client.cookies["django_language"] = language
    response = client.get("/tournaments/" + page.format(slug=published.slug))
    assert response.status_code == 200
    assert f'lang="{language}"' in response.content.decode()


def test_nav_links_to_tournaments(client: Client) -> None:
    assert 'href="/tournaments/"' in client.get("/").content.decode()


def test_unpublished_draw_is_not_public(client: Client, tournament: Tournament) -> None:
    RoundFactory(tournament=tournament, number=1, status=RoundStatus.DRAFT)
    assert client.get(f"/tournaments/{tournament.slug}/rounds/1/").status_code == 404


@pytest.mark.parametrize("language", ["en", "cs", "ru"])
def test_director_pages_render(
    client: Client, director: User, published: Tournament, language: str
) -> None:
    client.force_login(director)
    client.cookies["django_language"] = language
    for page in ["entries/", "rounds/", "rounds/1/manage/", "edit/"]:
        assert client.get(f"/tournaments/{published.slug}/{page}").status_code == 200
    assert client.get("/tournaments/new/").status_code == 200


def test_director_pages_are_refused_to_others(client: Client, tournament: Tournament) -> None:
    assert client.get(f"/tournaments/{tournament.slug}/entries/").status_code == 302
    client.force_login(UserFactory())
    assert client.get(f"/tournaments/{tournament.slug}/entries/").status_code == 403


def test_check_in_button_and_draw_status_json(
    client: Client, director: User, tournament: Tournament, field: Callable[..., list[Entry]]
) -> None:
    client.force_login(director)
    (entry,) = field(1, status=EntryStatus.REGISTERED)
    client.post(f"/tournaments/{tournament.slug}/entries/{entry.pk}/check-in/", {"checked_in": "1"})
    entry.refresh_from_db()
    assert entry.status == EntryStatus.CHECKED_IN
    RoundFactory(tournament=tournament, number=1)
    data = client.get(f"/tournaments/{tournament.slug}/rounds/1/draw/status/").json()
    assert data["status"] == "planned" and data["done"] is True


def test_draw_of_a_too_small_field_shows_the_reason(
    client: Client, director: User, tournament: Tournament, field: Callable[..., list[Entry]]
) -> None:
    client.force_login(director)
    field(3)
    RoundFactory(tournament=tournament, number=1)
    response = client.post(
        f"/tournaments/{tournament.slug}/rounds/1/draw/", {"method": "random"}, follow=True
    )
    assert "too few" in response.content.decode()
    assert tournament.rounds.get().status == RoundStatus.PLANNED


def test_flags_are_translated_on_the_review_page(
    client: Client, director: User, published: Tournament
) -> None:
    client.force_login(director)
    client.cookies["django_language"] = "en"
    page = client.get(f"/tournaments/{published.slug}/rounds/1/manage/").content.decode()
    assert "Table of 5" in page
