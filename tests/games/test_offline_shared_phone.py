"""A shared phone: the table page's offline copies and pending deals stay with their account.

What the server does for it (the browser's side is tests/browser/test_shared_phone.py): the
sign-out answer clears the site's data, every answer the worker may keep names whose session it
is and when that session ends, and a deal kept on the phone is refused under another name.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from rest_framework.test import APIClient

from games.models import DealEntry
from scwu.security.offline import EXPIRES_HEADER, PUBLIC_SCOPE, SCOPE_HEADER, recorder_id
from tests.games.conftest import Setup

pytestmark = pytest.mark.django_db


def _scope(response: object) -> str | None:
    return response.headers.get(SCOPE_HEADER)  # type: ignore[attr-defined]


def test_sign_out_tells_the_browser_to_clear_the_sites_caches_and_storage(
    client: Client, setup: Setup
) -> None:
    client.force_login(setup.judge)
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert response["Clear-Site-Data"] == '"cache", "storage"'


def test_offline_copies_are_per_session_and_public_only_signed_out(
    client: Client, setup: Setup
) -> None:
    page = f"/games/tables/{setup.table.pk}/"
    state = f"/api/games/tables/{setup.table.pk}/"
    # signed out: what the worker keeps is the public's
    assert _scope(client.get(page)) == PUBLIC_SCOPE
    assert _scope(client.get(state)) == PUBLIC_SCOPE
    # signed in: a random token of this session, the same for the page and its state
    client.force_login(setup.judge)
    first = _scope(client.get(page))
    assert first and first != PUBLIC_SCOPE and re.fullmatch(r"[A-Za-z0-9_-]{24,64}", first)
    assert _scope(client.get(state)) == first
    # the same judge in another session (signed in again, another phone) has another scope
    other = Client()
    other.force_login(setup.judge)
    second = _scope(other.get(page))
    assert second and second not in {first, PUBLIC_SCOPE}
    # and it is not the account's key (the pending deals' recorder)
    assert recorder_id(setup.judge) not in {first, second}


def test_a_held_tables_not_found_answer_names_the_public_scope(
    client: Client, setup: Setup
) -> None:
    """A signed-out visit to a held table is a 404 that still tells the worker whose visit it
    was, so it drops a judge's copies of that table."""
    setup.round.released = False
    setup.round.save()
    response = client.get(f"/games/tables/{setup.table.pk}/")
    assert response.status_code == 404
    assert _scope(response) == PUBLIC_SCOPE


def test_copies_expire_when_the_session_does(client: Client, setup: Setup, settings: Any) -> None:
    settings.SESSION_COOKIE_AGE = 3600
    client.force_login(setup.judge)
    before = time.time()
    response = client.get(f"/games/tables/{setup.table.pk}/")
    expires_ms = int(response[EXPIRES_HEADER])
    session = Session.objects.get(session_key=client.session.session_key)
    # no later than the session's own end, and not sooner than its lifetime allows
    assert expires_ms <= session.expire_date.timestamp() * 1000
    assert before + 3590 <= expires_ms / 1000 <= time.time() + 3600
    # the worker serves no copy older than a session's lifetime either
    worker = client.get("/games/tables/sw.js").content.decode()
    assert "var MAX_AGE_MS = 3600000;" in worker


def test_an_api_client_authenticated_without_a_session_gets_no_offline_copy(
    setup: Setup,
) -> None:
    api = APIClient()
    api.force_authenticate(setup.judge)
    response = api.get(f"/api/games/tables/{setup.table.pk}/")
    assert response.status_code == 200
    assert _scope(response) is None  # the worker keeps nothing it cannot tie to a session


def test_every_page_tells_the_worker_its_scope(client: Client, setup: Setup) -> None:
    public = client.get("/players/").content.decode()
    assert f'<meta name="scwu-offline-scope" content="{PUBLIC_SCOPE}">' in public
    assert "scwu-offline-expires" not in public  # the same HTML for every signed-out visitor
    client.force_login(setup.judge)
    scope = _scope(client.get(f"/games/tables/{setup.table.pk}/"))
    signed_in = client.get("/players/").content.decode()
    assert f'<meta name="scwu-offline-scope" content="{scope}">' in signed_in


def test_the_table_page_names_the_recorder_only_to_who_may_record(
    client: Client, setup: Setup
) -> None:
    page = f"/games/tables/{setup.table.pk}/"
    assert 'data-recorder=""' in client.get(page).content.decode()
    client.force_login(setup.outsider)
    assert 'data-recorder=""' in client.get(page).content.decode()
    client.force_login(setup.judge)
    assert f'data-recorder="{recorder_id(setup.judge)}"' in client.get(page).content.decode()
    assert recorder_id(setup.judge) != recorder_id(setup.head_referee)


def test_a_deal_kept_under_another_account_is_refused_not_recorded_under_this_one(
    client: Client, setup: Setup
) -> None:
    url = f"/api/games/tables/{setup.table.pk}/deals/"
    judges_deal = {"number": 1, "losers": ["B"], "recorder": recorder_id(setup.judge)}
    # the referee signed in on the judge's phone; the judge's pending deal is sent
    client.force_login(setup.head_referee)
    refused = client.post(url, judges_deal, content_type="application/json")
    assert refused.status_code == 409
    assert "recorder" in refused.json()
    assert not DealEntry.objects.filter(game__table=setup.table).exists()
    # the judge, signed in again, sends it
    client.force_login(setup.judge)
    recorded = client.post(url, judges_deal, content_type="application/json")
    assert recorded.status_code == 201
    deal = DealEntry.objects.get(game__table=setup.table)
    assert deal.recorded_by == setup.judge
    # a client that names no recorder (a script, the API docs) records as before
    client.force_login(setup.head_referee)
    plain = client.post(url, {"number": 2, "losers": ["C"]}, content_type="application/json")
    assert plain.status_code == 201
