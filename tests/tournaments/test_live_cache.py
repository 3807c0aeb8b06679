"""The public live pages are cheap by construction: a poll that finds nothing new is one
query, answers carry the results version as ETag with Cache-Control a shared cache honours,
and the round dashboard replays only the tables written since the last view."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.signals import template_rendered
from django.test.utils import CaptureQueriesContext

from games.selectors import round_dashboard
from tests.games.conftest import orders_through_tournament
from tests.tournaments.results_setup import Scene, make_scene

pytestmark = pytest.mark.django_db


@pytest.fixture
def scene() -> Scene:
    return make_scene()


def poll(scene: Scene, since: str = "", **headers: Any) -> Any:
    url = f"/tournaments/{scene.slug}/results/poll/?part=live"
    return scene.client_for(None).get(url + (f"&since={since}" if since else ""), **headers)


def test_a_poll_that_finds_nothing_new_is_one_query_and_shareable(scene: Scene) -> None:
    scene.lose("A")
    token = poll(scene).json()["version"]
    with CaptureQueriesContext(connection) as queries:
        answer = poll(scene, since=token)
    assert len(queries) == 1
    assert answer.json() == {"version": token, "changed": False}
    assert "public" in answer["Cache-Control"] and "max-age=2" in answer["Cache-Control"]
    assert answer["ETag"]


def test_a_changed_poll_has_an_etag_a_client_may_revalidate(scene: Scene) -> None:
    scene.lose("A")
    first = poll(scene)
    assert first.json()["changed"] is True and "public" in first["Cache-Control"]
    again = poll(scene, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    scene.lose("B")  # a new deal: a new version, a new fragment
    after = poll(scene, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200 and after["ETag"] != first["ETag"]
    assert after.json()["version"] != first.json()["version"]


def test_the_page_shows_the_fragment_the_poll_serves(scene: Scene) -> None:
    scene.lose("C", "C")
    page = scene.client_for(None).get(f"/tournaments/{scene.slug}/results/")
    fragment = poll(scene).json()
    assert fragment["html"].strip() in page.content.decode()
    assert f'data-version="{fragment["version"]}"' in page.content.decode()


def test_a_signed_in_director_gets_private_answers(scene: Scene) -> None:
    scene.lose("A")
    client = scene.client_for(scene.director)
    answer = client.get(f"/tournaments/{scene.slug}/results/poll/?part=live")
    assert "private" in answer["Cache-Control"]


def test_the_dashboard_replays_only_tables_written_since(scene: Scene) -> None:
    scene.lose("A")
    round_ = scene.setup.round
    first = round_dashboard(round_)
    with CaptureQueriesContext(connection) as queries:
        again = round_dashboard(round_)
    assert again == first
    # The tables with their keys, and their seats; the entries come from the cache.
    assert len(queries) == 2
    scene.lose("B")
    after = round_dashboard(round_)
    assert after["tables"][0]["deals_played"] == first["tables"][0]["deals_played"] + 1


def test_the_public_standings_json_may_be_shared_briefly(scene: Scene) -> None:
    scene.lose("A")
    url = f"/api/tournaments/{scene.slug}/standings/"
    public = scene.client_for(None).get(url, HTTP_ACCEPT="application/json")
    assert public["Cache-Control"] == "public, max-age=2" and public["ETag"]
    signed_in = scene.client_for(scene.director).get(url, HTTP_ACCEPT="application/json")
    assert signed_in["Cache-Control"] == "no-cache"


PUBLIC_PAGES = ("results/", "results/projector/", "results/final/", "rounds/1/dashboard/")


@pytest.mark.parametrize("page", PUBLIC_PAGES)
def test_a_signed_out_viewer_gets_a_page_a_shared_cache_may_keep(scene: Scene, page: str) -> None:
    scene.lose("A")
    answer = scene.client_for(None).get(f"/tournaments/{scene.slug}/{page}")
    assert answer.status_code == 200
    # nginx keeps it 2 s; a browser asks again on every load (a reload shows a change).
    assert set(answer["Cache-Control"].split(", ")) == {"public", "max-age=0", "s-maxage=2"}
    assert "Accept-Language" in answer["Vary"]
    assert not answer.cookies  # a cookie would make the answer personal (no csrftoken)


@pytest.mark.parametrize("page", PUBLIC_PAGES)
def test_a_signed_in_viewer_or_a_waiting_message_keeps_the_page_personal(
    scene: Scene, page: str
) -> None:
    url = f"/tournaments/{scene.slug}/{page}"
    signed_in = scene.client_for(scene.director).get(url)
    assert signed_in.status_code == 200 and "public" not in signed_in.get("Cache-Control", "")
    visitor = scene.client_for(None)
    visitor.cookies["messages"] = "a flash message waits"
    assert "public" not in visitor.get(url).get("Cache-Control", "")


def test_a_spectator_on_the_dashboard_costs_no_table_replay(scene: Scene) -> None:
    scene.lose("A")
    url = f"/tournaments/{scene.slug}/rounds/1/dashboard/"
    client = scene.client_for(None)
    client.get(url)  # fills the entries' cache
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url)
    assert again.status_code == 200
    # The round, the tables with their keys, nothing per table (a replay reads the events).
    assert not [q for q in queries.captured_queries if "games_dealentry" in q["sql"]]
    # The director, who has referee tools on the page, still gets each table's whole state.
    director_page = scene.client_for(scene.director).get(url).content.decode()
    assert 'class="referee-tools' in director_page  # the tables' tools need their state


def test_the_language_switch_needs_no_csrf_token(scene: Scene) -> None:
    client = Client(enforce_csrf_checks=True)
    answer = client.post("/i18n/setlang/", {"language": "cs", "next": "/"})
    assert answer.status_code == 302
    assert client.cookies["django_language"].value == "cs"


def test_the_live_pages_never_join_up_to_the_tournament_to_order_rows(scene: Scene) -> None:
    # The models' default orderings follow table, round and tournament: a crowd's pages
    # must not pay those joins on every render (nor on every poll).
    scene.lose("A", "B")
    client = scene.client_for(None)
    slug, table = scene.slug, scene.setup.table.pk
    pages = [
        f"/tournaments/{slug}/results/",
        f"/tournaments/{slug}/results/poll/?part=live",
        f"/tournaments/{slug}/results/projector/",
        f"/tournaments/{slug}/rounds/1/dashboard/",
        f"/api/tournaments/{slug}/standings/",
        f"/api/games/tables/{table}/",
    ]
    for page in pages:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(page).status_code == 200, page
        chained = [q["sql"] for q in queries if orders_through_tournament(q["sql"])]
        assert chained == [], (page, chained)


def _rendered(client: Client, url: str) -> list[str]:
    """The templates rendered while ``client`` gets ``url``."""
    names: list[str] = []

    def seen(sender: Any, template: Any, **kwargs: Any) -> None:
        names.append(template.name)

    template_rendered.connect(seen)
    try:
        assert client.get(url).status_code == 200
    finally:
        template_rendered.disconnect(seen)
    return names


def test_after_a_deal_the_live_page_renders_that_table_and_its_players_again_only(
    scene: Scene,
) -> None:
    for _ in range(2):
        scene.second_table()
    scene.lose("A")
    client, url = scene.client_for(None), f"/tournaments/{scene.slug}/results/"
    first = _rendered(client, url)
    assert first.count("tournaments/_results_table.html") == 3
    scene.lose("B")  # at the first table: a new version of the page
    again = _rendered(client, url)
    assert again.count("tournaments/_results_table.html") == 1
    # The standings rows are all there; the cells of the four players at that table are new.
    assert again.count("tournaments/_standing_cells.html") <= 4
    page = client.get(url).content.decode()
    assert page.count('class="results-table"') == 3
    assert page.count("<tr data-player=") == 12
