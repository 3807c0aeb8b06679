"""The round dashboard's tables are rendered once per version of the round and kind of viewer
and kept (``games.views.cards``): a kept page is the page built from nothing, a write shows at
once, a failed write keeps nothing, and no viewer is shown another kind of viewer's part."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.test import Client

from games import services
from games.models import DealEntry
from tests.games.conftest import Setup, make_setup, make_table

pytestmark = pytest.mark.django_db

_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


@pytest.fixture
def played() -> Setup:
    cache.clear()
    setup = make_setup()
    make_table(setup.round)
    for loser in "ABC":
        services.deal_record(by=setup.director, table=setup.table, losers=[loser])
    services.ruling_make(
        by=setup.head_referee,
        table=setup.table,
        deal=DealEntry.objects.get(game__table=setup.table, number=1),
        kind="A",
        offender="B",
        penalty="extra_letter",
        reason="renonc",
    )
    return setup


def _url(setup: Setup) -> str:
    return f"/tournaments/{setup.tournament.slug}/rounds/{setup.round.number}/dashboard/"


def _page(client: Client, setup: Setup) -> str:
    answer = client.get(_url(setup))
    assert answer.status_code == 200
    page = answer.content.decode()
    # The tables' part (the shared page around it carries the moment it was made), with the
    # CSRF tokens blanked: each answer masks the session's secret anew.
    part = page[page.index('<p class="lead">') : page.index("</main>")]
    return _TOKEN.sub('name="csrfmiddlewaretoken" value=""', part)


def _recomputed(client: Client, setup: Setup) -> str:
    cache.clear()
    return _page(client, setup)


def _director(setup: Setup) -> Client:
    client = Client()
    client.force_login(setup.director)
    return client


def test_a_kept_dashboard_is_the_dashboard_built_from_nothing(played: Setup) -> None:
    client = _director(played)
    _page(client, played)
    kept = _page(client, played)
    assert 'id="ruling-form-' in kept
    assert kept == _recomputed(client, played)


def test_a_deal_replaces_the_kept_part_at_once(played: Setup) -> None:
    client = _director(played)
    assert "3 deals played" in _page(client, played)
    services.deal_record(by=played.director, table=played.table, losers=["D"])
    after = _page(client, played)
    assert "4 deals played" in after and "3 deals played" not in after
    assert after == _recomputed(client, played)


def test_an_appeal_replaces_the_kept_part_at_once(played: Setup) -> None:
    client = _director(played)
    assert 'id="appeal-form-' in _page(client, played)
    ruling = played.table.game.rulings.get()
    services.appeal_file(by=played.director, ruling=ruling, grounds="no renonc")
    after = _page(client, played)
    assert 'id="appeal-form-' not in after  # the ruling's appeal is pending
    assert after == _recomputed(client, played)


def test_a_failed_write_keeps_nothing(played: Setup) -> None:
    client = _director(played)
    before = _page(client, played)
    with pytest.raises(ValidationError):
        services.deal_record(by=played.director, table=played.table, losers=["Z"])
    assert _page(client, played) == before == _recomputed(client, played)


def test_each_kind_of_viewer_has_its_own_kept_part(played: Setup) -> None:
    director = _page(_director(played), played)
    assert director.count('id="ruling-form-') == 2
    public = _page(Client(), played)
    assert 'class="referee-tools' not in public and "/ruling/" not in public
    seated = Client()
    seated.force_login(played.seated_user("B"))
    page = _page(seated, played)
    # A seated player may appeal at their own table only, and rules nowhere.
    assert page.count('id="appeal-form-') == 1 and f'id="appeal-form-{played.table.pk}"' in page
    assert 'id="ruling-form-' not in page
    assert _page(Client(), played) == public


def test_the_dashboard_links_each_tables_letters_history_on_its_page(played: Setup) -> None:
    client = _director(played)
    page = _page(client, played)
    link = f'href="/games/tables/{played.table.pk}/#letter-history"'
    assert f'id="letter-history-link-{played.table.pk}"' in page and link in page
    assert 'id="letter-history-' not in page.replace('id="letter-history-link-', "")
    table = client.get(f"/games/tables/{played.table.pk}/").content.decode()
    assert 'id="letter-history"' in table and 'data-source="ruling"' in table
