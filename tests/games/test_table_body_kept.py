"""The table page's body is rendered once per kind of viewer and kept (games/views/pages.py,
``table_body``): the kept body is what a fresh render gives, each viewer gets their own
recorder id, another kind of viewer never gets a scorer's body, and a change of what the body
shows (a renamed tournament, a finished game) is shown at once."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from scwu.security.offline import recorder_id
from tests.factories import UserFactory
from tests.games.conftest import Setup, make_played, make_setup, signed_in
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

#: What differs between two answers of one page to one browser: its tokens (masked anew).
_TOKENS = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


@pytest.fixture
def played() -> Setup:
    return make_played()


def _page(client: Client, setup: Setup) -> str:
    answer = client.get(reverse("games:table", args=[setup.table.pk]))
    assert answer.status_code == 200
    return _TOKENS.sub("", answer.content.decode())


def test_the_kept_body_is_what_a_fresh_render_gives(played: Setup) -> None:
    client = signed_in(played.judge)
    kept = _page(client, played)
    assert _page(client, played) == kept  # from the cache
    cache.clear()
    assert _page(client, played) == kept  # rendered afresh


def test_each_viewer_of_a_kind_gets_their_own_recorder_id(played: Setup) -> None:
    first, second = UserFactory(), UserFactory()
    played.tournament.line_judges.add(first, second)  # both score and referee here
    for user in (first, second, first):
        page = _page(signed_in(user), played)
        assert f'data-recorder="{recorder_id(user)}"' in page
        others = {recorder_id(u) for u in (first, second, played.judge)} - {recorder_id(user)}
        assert not any(other in page for other in others)


def test_a_viewer_who_may_not_score_never_gets_a_scorers_body(played: Setup) -> None:
    assert 'id="misdeal"' in _page(signed_in(played.judge), played)
    page = _page(signed_in(played.outsider), played)
    assert 'id="misdeal"' not in page
    assert 'data-recorder=""' in page
    assert 'data-can-score="0"' in page


def test_a_change_of_what_the_body_shows_is_shown_at_once(played: Setup) -> None:
    client = signed_in(played.judge)
    assert "Renamed Cup" not in _page(client, played)
    Tournament.objects.filter(pk=played.tournament.pk).update(name="Renamed Cup")
    assert "Renamed Cup" in _page(client, played)


def test_the_state_is_the_requests_own_not_the_kept_bodys(played: Setup) -> None:
    client = signed_in(played.judge)
    before = client.get(reverse("games:table", args=[played.table.pk])).context["state"]
    services.deal_record(by=played.judge, table=played.table, losers=["C"])
    page = _page(client, played)
    after = client.get(reverse("games:table", args=[played.table.pk])).context["state"]
    assert len(after["deals"]) == len(before["deals"]) + 1
    assert '"table-state"' in page


def test_the_live_page_reads_its_tournament_afresh() -> None:
    cache.clear()
    setup = make_setup()
    client = signed_in(setup.judge)
    url = reverse("results-live", args=[setup.tournament.slug])
    assert setup.tournament.name in client.get(url).content.decode()
    Tournament.objects.filter(pk=setup.tournament.pk).update(name="Renamed Live Cup")
    assert "Renamed Live Cup" in client.get(url).content.decode()
    missing = client.get(reverse("results-live", args=["no-such-cup"]))
    assert missing.status_code == 404


def test_a_live_page_built_on_a_miss_reads_the_rest_of_its_tournament_once() -> None:
    cache.clear()
    setup = make_setup()
    url = reverse("results-live", args=[setup.tournament.slug])
    Client().get(url)
    cache.clear()  # the fragment is built again from the page's own row
    with CaptureQueriesContext(connection) as captured:
        assert Client().get(url).status_code == 200
    tournament_reads = [
        q["sql"] for q in captured.captured_queries if 'FROM "tournaments_tournament"' in q["sql"]
    ]
    # The page's few fields, the rest in one query (not one per field), the results' own.
    assert len(tournament_reads) <= 3, tournament_reads
