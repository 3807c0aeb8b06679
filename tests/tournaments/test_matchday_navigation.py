"""Match-day navigation: every table is reachable by links, QR codes and short URLs."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.games.conftest import make_round, make_setup, make_table, make_tournament
from tournaments import matchday
from tournaments.templatetags.matchday_tags import table_qr_svg

pytestmark = pytest.mark.django_db


def _signed_in(user: object) -> Client:
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    return client


def test_the_short_url_leads_to_the_table_page() -> None:
    s = make_setup()
    response = Client().get(f"/t/{s.table.pk}/")
    assert response.status_code == 302
    assert response["Location"] == reverse("games:table", args=[s.table.pk])
    missing = Client().get("/t/999999/")
    assert missing.status_code == 302 and missing["Location"].startswith("/accounts/login/")
    assert _signed_in(UserFactory()).get("/t/999999/").status_code == 404


def test_the_draw_page_links_the_dashboard_and_every_table_with_its_qr_code() -> None:
    s = make_setup()
    second = make_table(s.round)
    url = reverse("round-draw", args=[s.tournament.slug, s.round.number])
    html = Client().get(url).content.decode()
    assert reverse("games:dashboard", args=[s.round.tournament.slug, s.round.number]) in html
    for table in (s.table, second):
        assert f'href="{reverse("games:table", args=[table.pk])}"' in html
        short = f"http://testserver/t/{table.pk}/"
        assert f'data-url="{short}"' in html
        assert table_qr_svg(short) in html  # the QR drawn encodes exactly the short URL
        assert f"<figcaption>testserver/t/{table.pk}/</figcaption>" in html


def test_every_seat_card_prints_its_table_qr_code_and_short_url() -> None:
    s = make_setup(seats=5)
    url = reverse("round-cards", args=[s.tournament.slug, s.round.number])
    html = Client().get(url).content.decode()
    assert html.count(f'data-url="http://testserver/t/{s.table.pk}/"') == 5
    assert "onclick" not in html and "data-print" in html


def test_the_round_page_links_the_dashboard() -> None:
    s = make_setup()
    url = reverse("round-manage", args=[s.tournament.slug, s.round.number])
    html = _signed_in(s.director).get(url).content.decode()
    assert (
        f'href="{reverse("games:dashboard", args=[s.round.tournament.slug, s.round.number])}"'
        in html
    )
    assert f'href="{reverse("games:table", args=[s.table.pk])}"' in html


def test_the_tournament_page_shows_the_rounds_live_now_with_their_tables() -> None:
    s = make_setup()
    small_final = make_round(s.tournament, stage="small_final")
    other = make_table(small_final)
    make_round(s.tournament, status="draft")  # a draft is not live
    html = Client().get(reverse("tournament-detail", args=[s.tournament.slug])).content.decode()
    live = html.split('id="live-now"', 1)[1].split("</section>", 1)[0]
    assert len(re.findall(r'class="live-round"', live)) == 2
    for round_, table in ((s.round, s.table), (small_final, other)):
        assert reverse("games:dashboard", args=[round_.tournament.slug, round_.number]) in live
        assert reverse("games:table", args=[table.pk]) in live


def test_a_tournament_with_nothing_in_play_shows_no_live_section() -> None:
    tournament = make_tournament()
    html = Client().get(reverse("tournament-detail", args=[tournament.slug])).content.decode()
    assert 'id="live-now"' not in html


def test_my_tables_lists_a_line_judges_own_table_and_a_referees_whole_round() -> None:
    s = make_setup()
    other = make_table(s.round)  # judged by nobody
    assert matchday.table_list_for_user(s.judge) == [s.table]
    assert matchday.table_list_for_user(s.head_referee) == [s.table, other]
    assert matchday.table_list_for_user(s.director) == [s.table, other]
    assert matchday.table_list_for_user(s.outsider) == []
    html = _signed_in(s.judge).get(reverse("my-tables")).content.decode()
    assert f'href="{reverse("games:table", args=[s.table.pk])}"' in html
    assert f'href="{reverse("games:table", args=[other.pk])}"' not in html
    assert reverse("games:dashboard", args=[s.round.tournament.slug, s.round.number]) in html
    assert reverse("my-tables") in html  # the nav links the page


def test_my_tables_leaves_out_finished_rounds_and_tournaments() -> None:
    s = make_setup()
    s.round.status = "finished"
    s.round.save()
    assert matchday.table_list_for_user(s.judge) == []
    html = _signed_in(UserFactory()).get(reverse("my-tables")).content.decode()
    assert 'id="no-tables"' in html


def test_my_tables_needs_a_signed_in_user() -> None:
    response = Client().get(reverse("my-tables"))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]
