from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scwu.models import PlayingWord
from tests.factories import (
    ClubFactory,
    CommissionMemberFactory,
    MembershipFactory,
    PlayingWordFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db

EXPECTED = {
    "en": {"home": "Players", "players": "Search", "clubs": "Members", "words": "Playing words"},
    "cs": {"home": "Hráči", "players": "Hledat", "clubs": "Členové", "words": "Hrací slova"},
    "ru": {"home": "Игроки", "players": "Искать", "clubs": "Участники", "words": "Игровые слова"},
}


@pytest.mark.parametrize("language", ["en", "cs", "ru"])
def test_each_page_family_renders_in_each_language(client: Client, language: str) -> None:
    membership = MembershipFactory()
    word = PlayingWordFactory()
    client.cookies["django_language"] = language
    pages = {
        "home": reverse("home"),
        "players": reverse("player-list"),
        "clubs": reverse("club-list"),
        "words": reverse("word-list"),
    }
    for family, url in pages.items():
        response = client.get(url)
        assert response.status_code == 200, url
        assert EXPECTED[language][family] in response.content.decode(), (family, language)
    for url in (
        reverse("player-detail", args=[membership.player.pk]),
        reverse("club-detail", args=[membership.club.slug]),
        reverse("word-detail", args=[word.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 200
        assert response.headers["Content-Language"] == language


def test_word_propose_form_shows_the_translated_error(client: Client) -> None:
    client.force_login(UserFactory())
    client.cookies["django_language"] = "cs"
    response = client.post(reverse("word-propose"), {"letters": "T0NDA", "language": "cs"})
    assert response.status_code == 400
    assert "pouze písmena" in response.content.decode()
    assert not PlayingWord.objects.exists()


def test_commission_member_reviews_from_the_page(client: Client) -> None:
    member = CommissionMemberFactory().user
    word = PlayingWordFactory(status="proposed")
    client.force_login(member)
    assert "Submit review" in client.get(reverse("word-detail", args=[word.pk])).content.decode()
    client.post(reverse("word-review", args=[word.pk]), {"verdict": "veto", "reason": "No."})
    word.refresh_from_db()
    assert word.status == "rejected"


def test_club_page_lists_members(client: Client) -> None:
    club = ClubFactory(name="Royal SCC Vinohrady")
    MembershipFactory(club=club, player__nickname="LUMIR")
    body = client.get(reverse("club-detail", args=[club.slug])).content.decode()
    assert "LUMIR" in body and "Royal SCC Vinohrady" in body


def test_success_rate_uses_the_locale_decimal_comma() -> None:
    from fractions import Fraction

    from django.utils import translation

    from scwu.templatetags.scwu_tags import figure

    with translation.override("cs"):
        assert figure(Fraction(1), "%") == "100,0 %"
    with translation.override("en"):
        assert figure(Fraction(6, 11), "%") == "54.5 %"
    assert figure(None, "%") == "–"


@pytest.mark.django_db
def test_favicon_redirects_to_the_site_icon(client: Client) -> None:
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"].endswith("scwu/favicon.svg")


@pytest.mark.django_db
def test_admin_player_list_has_club_and_country_columns_filters_and_search(
    client: Client,
) -> None:
    from tests.factories import MembershipFactory, UserFactory

    MembershipFactory(player__nickname="Bóža", club__name="Royal SCC Vinohrady")
    MembershipFactory(player__nickname="Tonda", club__name="Kočky Brno")
    admin_user = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(admin_user)
    page = client.get("/admin/scwu/player/?q=Vinohrady")
    body = page.content.decode()
    assert page.status_code == 200
    assert "column-club" in body and "column-country" in body
    assert "Bóža" in body and "Tonda" not in body  # searched by club name
    assert "memberships__club__id__exact" in body  # the club filter (country: one here)
    home = client.get("/").content.decode()
    assert 'href="/admin/"' in home  # the Admin link in the navigation


def test_figures_use_the_locale_decimal_separator() -> None:
    from django.utils import translation

    from scwu.templatetags.scwu_tags import figure

    with translation.override("cs"):
        assert [figure("8.7"), figure("54.5 %"), figure("70"), figure("–")] == [
            "8,7",
            "54,5 %",
            "70",
            "–",
        ]
    with translation.override("ru"):
        assert figure("8.7") == "8,7"
    with translation.override("en"):
        assert figure("8.7") == "8.7"
