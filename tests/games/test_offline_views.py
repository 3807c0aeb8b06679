"""The table page's service worker and web app manifest, as the server serves them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from games.views import offline
from tests.games.conftest import Setup

pytestmark = pytest.mark.django_db


def test_the_worker_is_served_fresh_at_the_table_pages_folder(client: Client) -> None:
    response = client.get("/games/tables/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    # every browser check for a new release reaches the server
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    assert f'var RELEASE = "{offline.release()}";' in body
    assert '"/static/games/table.js"' in body
    # the page's policy lets it register the worker and read the manifest
    policy = response["Content-Security-Policy"]
    assert "worker-src 'self'" in policy
    assert "manifest-src 'self'" in policy


def test_the_release_changes_with_the_files_the_worker_keeps(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    before = offline.release()
    changed = tmp_path / "table.js"
    changed.write_text("/* a new release */")
    real_find = offline.finders.find

    def find(name: str, **kwargs: Any) -> Any:
        return str(changed) if name == "games/table.js" else real_find(name, **kwargs)

    monkeypatch.setattr(offline.finders, "find", find)
    assert offline.release() != before


def test_the_manifest_installs_the_table_page(client: Client, setup: Setup) -> None:
    response = client.get(f"/games/tables/{setup.table.pk}/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    data = json.loads(response.content)
    assert data["start_url"] == f"/games/tables/{setup.table.pk}/"
    assert data["scope"] == "/games/tables/"
    assert data["display"] == "standalone"
    assert data["icons"][0]["src"] == "/static/games/icon.svg"


def test_the_table_page_links_its_manifest_and_worker(client: Client, setup: Setup) -> None:
    client.force_login(setup.judge)
    response = client.get(f"/games/tables/{setup.table.pk}/")
    page = response.content.decode()
    assert f'href="/games/tables/{setup.table.pk}/manifest.webmanifest"' in page
    assert 'data-sw-url="/games/tables/sw.js"' in page
    # the line judge's page holds the next deals' states
    assert '"ahead": {' in page


def test_only_who_records_at_the_table_gets_the_next_deals_states(
    client: Client, setup: Setup
) -> None:
    url = f"/api/games/tables/{setup.table.pk}/"
    assert "ahead" not in client.get(url).json()
    assert '"ahead": {' not in client.get(f"/games/tables/{setup.table.pk}/").content.decode()
    client.force_login(setup.outsider)
    assert "ahead" not in client.get(url).json()
    assert "ahead" not in client.get(url + "?ahead=3").json()  # asked, but may not score
    client.force_login(setup.judge)
    assert "ahead" not in client.get(url).json()  # the tree costs replays: only when asked
    tree = client.get(url + "?ahead=3").json()["ahead"]
    assert sorted(tree["after"]) == ["A", "B", "C", "D"]


def test_a_write_asked_for_a_wrong_ahead_is_refused_before_anything_is_written(
    client: Client, setup: Setup
) -> None:
    client.force_login(setup.judge)
    url = f"/api/games/tables/{setup.table.pk}/deals/"
    refused = client.post(
        url + "?ahead=9", {"number": 1, "losers": ["A"]}, content_type="application/json"
    )
    assert refused.status_code == 400 and "ahead" in refused.json()
    state = client.get(f"/api/games/tables/{setup.table.pk}/").json()
    assert state["deals"] == []
    recorded = client.post(
        url + "?ahead=1", {"number": 1, "losers": ["A"]}, content_type="application/json"
    )
    assert recorded.status_code == 201
    assert sorted(recorded.json()["ahead"]["after"]) == ["A", "B", "C", "D"]


def test_no_manifest_for_a_table_that_does_not_exist(client: Client) -> None:
    assert client.get("/games/tables/999999/manifest.webmanifest").status_code == 404
