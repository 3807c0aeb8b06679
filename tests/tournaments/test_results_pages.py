"""The public results pages: live results that poll for changes, the federation's final
results, the projector, the chart, and the director's release control."""

from __future__ import annotations

import re

import pytest

from tests.games.conftest import make_round
from tests.tournaments.results_setup import Scene, make_scene, outsider
from tournaments.models import EntryStatus, RoundStage, Table, TableSeat
from tournaments.results.services import results_changed
from tournaments.services.rounds import round_finish

pytestmark = pytest.mark.django_db


@pytest.fixture
def scene() -> Scene:
    return make_scene()


def _text(html: bytes) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.decode()))


def test_live_page_shows_the_tables_letters_and_the_standings(scene: Scene) -> None:
    scene.lose("C", "A", "C", "C", "C")  # C holds TOND: mečbol
    response = scene.client_for(None).get(f"/tournaments/{scene.slug}/results/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="results-live"' in html and "tournaments/results.js" in html
    assert re.search(
        r'data-seat="C">.*?TOND</span>\s*<span class="badge proposed">mečbol', html, re.S
    )
    text = _text(response.content)
    assert "Standings" in text and "after rounds 1" in text
    # C lost 4 of 5 deals: 20.0 %; KAREL lost none and leads.
    assert re.search(r"1\. KAREL .*? 5 0 100\.0 %", text)
    assert "20.0 %" in text


def test_poll_answers_unchanged_until_a_deal_is_recorded(scene: Scene) -> None:
    client = scene.client_for(None)
    url = f"/tournaments/{scene.slug}/results/poll/"
    first = client.get(url).json()
    assert first["changed"] is True and "results-live-inner" in first["html"]
    same = client.get(url, {"since": first["version"]}).json()
    assert same == {"version": first["version"], "changed": False}

    scene.lose("B")

    after = client.get(url, {"since": first["version"]}).json()
    assert after["changed"] is True and after["version"] != first["version"]
    assert re.search(r'data-seat="B">.*?>T</span>', after["html"], re.S)


def test_poll_refuses_an_unknown_part(scene: Scene) -> None:
    response = scene.client_for(None).get(f"/tournaments/{scene.slug}/results/poll/", {"part": "x"})
    assert response.status_code == 400
    assert "live or projector" in response.json()["detail"]


def test_final_results_print_as_the_federation_prints_them(scene: Scene) -> None:
    scene.lose("C", "D")  # LUMIR and KAREL share 1st, ONDRA and PEPA share 3rd
    scene.add_entry("SUBIK", status=EntryStatus.CHECKED_IN, is_substitute=True)
    response = scene.client_for(None).get(f"/tournaments/{scene.slug}/results/final/")
    assert response.status_code == 200
    html = response.content.decode()
    placed = re.findall(r'<li data-player="\d+"[^>]*>([^<]+)', html.split('id="final-results"')[1])
    assert placed[:4] == [
        "1. KAREL (Royal SCC Vinohrady / CZE)",
        "1. LUMIR (Royal SCC Vinohrady / CZE)",
        "3. ONDRA (Royal SCC Vinohrady / CZE)",
        "3. PEPA (Royal SCC Vinohrady / CZE)",
    ]
    unplaced = html.split('id="unplaced-results"')[1]
    assert re.search(r">SUBIK <span class=\"muted\">– substitute, not scoring", unplaced)
    assert "SUBIK" not in html.split('id="final-results"')[1].split("</ol>")[0]
    assert 'id="results-provisional"' in html  # no final round yet
    assert '<body class="results-print"' in html  # the print stylesheet applies


def test_projector_and_chart_render(scene: Scene) -> None:
    scene.lose("C")
    _, table2 = scene.second_round()
    scene.lose("A", table=table2)
    client = scene.client_for(None)
    projector = client.get(f"/tournaments/{scene.slug}/results/projector/")
    assert projector.status_code == 200
    assert b'id="results-projector"' in projector.content
    assert b'data-rows="12"' in projector.content
    chart = client.get(f"/tournaments/{scene.slug}/results/chart/")
    assert chart.status_code == 200
    svg = chart.content.decode().split('id="standings-chart"')[1].split("</svg>")[0]
    # one line per placed player (8), each through its place after rounds 1 and 2
    lines = re.findall(r'<polyline points="([^"]+)"', svg)
    assert len(lines) == 8
    assert all(len(points.split()) == 2 for points in lines)
    assert ">R1<" in svg and ">R2<" in svg


def test_cut_tie_is_flagged_as_needing_a_playoff(scene: Scene) -> None:
    table2 = scene.second_table()
    scene.lose("D")
    scene.lose("D", table=table2)  # six players share 1st at 100 %
    tournament = scene.setup.tournament
    response = scene.client_for(None).get(f"/tournaments/{scene.slug}/results/")
    assert "cut" not in _text(response.content)  # nothing about a cut while round 1 is played
    round_finish(by=scene.director, round=scene.setup.round)
    tournament.final_size = 6
    tournament.save(update_fields=["final_size"])
    results_changed(tournament.pk)  # as tournament_update does: pages are cached by version
    response = scene.client_for(None).get(f"/tournaments/{scene.slug}/results/")
    assert b'id="cut-playoff"' not in response.content
    assert "the best 6 players go to the final" in _text(response.content)
    tournament.final_size = 4
    tournament.save(update_fields=["final_size"])
    results_changed(tournament.pk)
    response = scene.client_for(None).get(f"/tournaments/{scene.slug}/results/")
    text = _text(response.content)
    assert "The cut is tied at place 1: a play-off decides 4 spots in the final." in text
    assert text.count("play-off") >= 7  # the flag, and a badge on each of the six tied


def test_held_round_shows_results_held_back_to_the_public_only(scene: Scene) -> None:
    scene.lose("C")
    round2, table2 = scene.second_round()
    scene.lose("A", "A", table=table2)
    scene.hold(round2)
    public = scene.client_for(None).get(f"/tournaments/{scene.slug}/results/")
    text = _text(public.content)
    assert "Results of round 2 are held back by the director." in text
    assert "Results held back: the director will release them." in text
    assert 'data-seat="A"' not in public.content.decode()  # no letters of the held round
    assert "after rounds 1 " in text
    director = scene.client_for(scene.director).get(f"/tournaments/{scene.slug}/results/")
    assert "You see results held back from the public (rounds 2)." in _text(director.content)
    assert "after rounds 1, 2" in _text(director.content)


def test_director_holds_and_releases_a_round_from_the_round_page(scene: Scene) -> None:
    client = scene.client_for(scene.director)
    manage = f"/tournaments/{scene.slug}/rounds/1/manage/"
    assert b'id="results-hold"' in client.get(manage).content
    response = client.post(f"/tournaments/{scene.slug}/rounds/1/results/hold/")
    assert response.status_code == 302
    scene.setup.round.refresh_from_db()
    assert scene.setup.round.released is False
    assert b'id="results-release-button"' in client.get(manage).content
    client.post(f"/tournaments/{scene.slug}/rounds/1/results/release/")
    scene.setup.round.refresh_from_db()
    assert scene.setup.round.released is True


def test_outsider_cannot_hold_a_round(scene: Scene) -> None:
    response = scene.client_for(outsider()).post(
        f"/tournaments/{scene.slug}/rounds/1/results/hold/"
    )
    assert response.status_code == 403
    scene.setup.round.refresh_from_db()
    assert scene.setup.round.released is True


def test_tournament_page_links_the_results(scene: Scene) -> None:
    response = scene.client_for(None).get(f"/tournaments/{scene.slug}/")
    assert f'href="/tournaments/{scene.slug}/results/"'.encode() in response.content


def test_final_results_follow_the_final_once_it_is_played(scene: Scene) -> None:
    scene.add_entry("SUBIK", status=EntryStatus.CHECKED_IN, is_substitute=True)
    scene.lose("A", "A", "B")  # basic rounds: KAREL lost 1, LUMIR 2; ONDRA and PEPA none
    final = make_round(scene.setup.tournament, stage=RoundStage.FINAL, number=2)
    table = Table.objects.create(round=final, number=1, line_judge=scene.setup.judge)
    for seat in scene.setup.table.seats.all():
        TableSeat.objects.create(table=table, position=seat.position, entry=seat.entry)
    scene.lose("C", "C", "C", "C", "C", table=table)  # ONDRA (C) takes the placka first

    html = scene.client_for(None).get(f"/tournaments/{scene.slug}/results/final/").content
    text = html.decode()
    assert 'id="results-provisional"' not in text
    final_list = text.split('id="final-results"')[1].split("</ol>")[0]
    placed = re.findall(r'<li data-player="\d+"[^>]*>([^<]+)', final_list)
    # the first out of the final takes the lowest place; the other three, all clean in
    # the final, share the first place by their success rate there
    assert sorted(placed[:3]) == [
        "1. KAREL (Royal SCC Vinohrady / CZE)",
        "1. LUMIR (Royal SCC Vinohrady / CZE)",
        "1. PEPA (Royal SCC Vinohrady / CZE)",
    ]
    assert placed[3:] == ["4. ONDRA (Royal SCC Vinohrady / CZE)"]
    assert "SUBIK" in text.split('id="unplaced-results"')[1]
