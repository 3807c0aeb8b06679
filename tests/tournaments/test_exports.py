"""Exports of a tournament's results: standings CSV and JSON parse back, the deals export
re-reads with ``engine.scn``, and a held round is refused to the public."""

from __future__ import annotations

import csv
import doctest
import io
import json
from pathlib import Path

import pytest

import tournaments.exports.chart
import tournaments.exports.rows
import tournaments.exports.scn
from engine.scn import score_record
from games import services
from tests.tournaments.results_setup import Scene, make_scene
from tournaments.api.results import StandingsDocumentSerializer
from tournaments.exports import STANDINGS_COLUMNS
from tournaments.exports.scn import scn_records
from tournaments.exports.standings import CLASSIFICATION_COLUMNS
from tournaments.services.rounds import round_finish

pytestmark = pytest.mark.django_db

EXAMPLES = json.loads((Path(__file__).parents[1] / "games" / "scn_examples.json").read_text())


@pytest.fixture
def scene() -> Scene:
    return make_scene()


@pytest.mark.parametrize(
    "module", [tournaments.exports.rows, tournaments.exports.scn, tournaments.exports.chart]
)
def test_docstring_examples_hold(module: object) -> None:
    failed, _ = doctest.testmod(module)  # type: ignore[arg-type]
    assert failed == 0


def test_standings_csv_has_the_columns_and_the_figures(scene: Scene) -> None:
    scene.lose("C", "C", "A")
    round_finish(by=scene.director, round=scene.setup.round)  # the cut is decided
    response = scene.client_for(None).get(f"/tournaments/{scene.slug}/results/standings.csv")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    reader = csv.DictReader(io.StringIO(response.content.decode("utf-8-sig")))
    assert tuple(reader.fieldnames or ()) == STANDINGS_COLUMNS + CLASSIFICATION_COLUMNS
    rows = {row["nickname"]: row for row in reader}
    assert rows["KAREL"]["place"] == "1" and rows["KAREL"]["shared"] == "yes"
    assert (rows["ONDRA"]["deals_played"], rows["ONDRA"]["deals_lost"]) == ("3", "2")
    assert rows["ONDRA"]["success_rate"] == "33.3"
    assert rows["LUMIR"]["success_rate"] == "66.7"
    assert rows["ONDRA"]["club"] == "Royal SCC Vinohrady" and rows["ONDRA"]["country"] == "CZE"
    assert rows["ONDRA"]["cut"] == "in"


def test_round_standings_csv_adds_the_rounds_own_figures(scene: Scene) -> None:
    scene.lose("C")
    _, table2 = scene.second_round()
    scene.lose("A", "A", table=table2)
    response = scene.client_for(None).get(f"/tournaments/{scene.slug}/rounds/1/standings.csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert "round_deals_lost" in rows[0]
    ondra = next(row for row in rows if row["nickname"] == "ONDRA")
    assert ondra["deals_lost"] == "1" and ondra["round_deals_lost"] == "1"
    # after round 1 only: the round-2 players have played nothing yet
    assert all(row["deals_played"] == "0" for row in rows if row["nickname"].startswith("Player"))


def test_standings_json_follows_the_documented_schema(scene: Scene) -> None:
    scene.lose("C")
    round_finish(by=scene.director, round=scene.setup.round)  # the cut is decided
    response = scene.client_for(None).get(f"/tournaments/{scene.slug}/results/standings.json")
    document = json.loads(response.content)
    check = StandingsDocumentSerializer(data=document)
    assert check.is_valid(), check.errors
    assert document["tournament"] == scene.slug
    assert document["visible_rounds"] == [1]
    assert [row["nickname"] for row in document["standings"]][-1] == "ONDRA"
    assert document["standings"][-1]["success_rate"] == 0.0
    assert document["cut"]["size"] == 6 and document["classification"] is None


def test_deals_export_rereads_with_the_engine(scene: Scene) -> None:
    scene.lose("D")  # D deals deal 2, as the SCN example says
    services.deal_record(
        by=scene.setup.judge, table=scene.setup.table, record=EXAMPLES["played"]["record"]
    )
    services.deal_record(
        by=scene.setup.judge,
        table=scene.setup.table,
        points={"A": 20, "B": 5, "C": 4, "D": 4},
    )
    response = scene.client_for(None).get(f"/tournaments/{scene.slug}/results/deals.scn")
    assert response.status_code == 200
    text = response.content.decode()
    records = scn_records(text)
    assert [record.to_json() for record in records] == [EXAMPLES["played"]["record"]]
    assert [score_record(record).loser for record in records] == [
        score_record(EXAMPLES["played"]["record"]).loser
    ]
    assert "# round 1 · Table 1 · word TONDA" in text
    assert "# seats: A=LUMIR B=KAREL C=ONDRA D=PEPA" in text
    assert "# deal 1: D\n" in text
    assert "# deal 2: record, its seats A-D are table seats A, B, C, D; lost: C\n" in text
    assert "# deal 3: A: A=20 B=5 C=4 D=4\n" in text


def test_undone_deals_are_not_exported(scene: Scene) -> None:
    scene.lose("D", "B")
    services.deal_undo(by=scene.setup.judge, table=scene.setup.table)
    text = scene.client_for(None).get(f"/tournaments/{scene.slug}/results/deals.scn").content
    assert b"# deal 1: D\n" in text and b"deal 2" not in text


def test_export_of_a_held_round_is_refused_to_the_public(scene: Scene) -> None:
    scene.lose("C")
    round2, table2 = scene.second_round()
    scene.lose("A", table=table2)
    scene.hold(round2)
    public = scene.client_for(None)
    for kind in ("standings.csv", "standings.json", "deals.scn"):
        refused = public.get(f"/tournaments/{scene.slug}/rounds/2/{kind}")
        assert refused.status_code == 403
        assert "held back by the director" in refused.content.decode()
    # the whole-tournament export leaves the held round out
    whole = public.get(f"/tournaments/{scene.slug}/results/deals.scn").content.decode()
    assert "# round 1 " in whole and "# round 2 " not in whole
    director = scene.client_for(scene.director)
    allowed = director.get(f"/tournaments/{scene.slug}/rounds/2/deals.scn")
    assert allowed.status_code == 200 and "# round 2 " in allowed.content.decode()


def test_export_of_an_unknown_round_is_not_found(scene: Scene) -> None:
    response = scene.client_for(None).get(f"/tournaments/{scene.slug}/rounds/9/deals.scn")
    assert response.status_code == 404
