"""A physical tournament exported as game records and imported back into a database
without it gives the same standings; a bad document writes nothing."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied
from django.core.management import CommandError, call_command
from django.test import Client

from engine.gamerecord import replay_game
from games import selectors, services
from games.models import DealEntry, MisdealEntry
from scwu.models import Player
from tests.engine.helpers import redealt
from tests.factories import UserFactory
from tests.games.conftest import Setup, make_setup, make_table
from tournaments.exports.game_records import tournament_document
from tournaments.exports.kinds import EXPORTS
from tournaments.models import Table, Tournament
from tournaments.results.selectors import tournament_results
from tournaments.services.game_records_import import GameImportError, tournament_import

pytestmark = pytest.mark.django_db

EXAMPLES = json.loads((Path(__file__).parents[1] / "games" / "scn_examples.json").read_text())
#: A full record of the table of five's second deal: B deals and sits out, C leads, so the
#: record (seats A C D E as its A-D) is dealt by its A, the seat to B's right.
PLAYED = redealt(EXAMPLES["played"]["record"], "A")
#: Player ids, clubs and countries are the new database's own; the figures must agree.
_SAME = ("place", "shared", "nickname", "status", "deals_played", "deals_lost", "success_rate")
_SAME += ("placky", "penalty_points", "cut")


def _play(s: Setup) -> None:
    """Round 1: a table of five (misdeal letter, a full SCN record, a ruling) and a
    table of four (a loses-deal ruling), both played to the end."""
    five, judge, referee = s.table, s.judge, s.head_referee
    services.deal_record(by=judge, table=five, losers=["B"])  # A deals, sits out
    services.misdeal_record(by=judge, table=five)  # B deals: free
    services.misdeal_record(by=judge, table=five)  # the second: B's letter
    services.deal_record(by=judge, table=five, record=PLAYED)  # B sits out, E loses
    deal = services.deal_record(by=judge, table=five, points={"A": 7, "B": 0, "C": 26, "D": 0})
    ruling = {"kind": "A", "offender": "E", "penalty": "extra_letter", "reason": "peeked"}
    services.ruling_make(by=referee, table=five, deal=deal, **ruling)
    _play_out(s, five)
    four = make_table(s.round, line_judge=judge)
    deal = services.deal_record(by=judge, table=four, losers=["C"])
    ruling = {"kind": "B", "offender": "B", "penalty": "loses_deal", "reason": "revoke"}
    services.ruling_make(by=referee, table=four, deal=deal, **ruling)
    _play_out(s, four)


def _play_out(s: Setup, table: Table) -> None:
    """Deals until the game ends, each lost by the last seat that plays it."""
    while (upcoming := selectors.table_state(table)["next_deal"]) is not None:
        services.deal_record(by=s.judge, table=table, losers=[upcoming["players"][-1]])


def _standings(tournament: Tournament) -> dict[str, dict[str, str]]:
    results = tournament_results(tournament, include_unreleased=True)
    body = EXPORTS["standings.csv"].build(tournament, results, None)
    rows = csv.DictReader(io.StringIO(str(body).removeprefix("\ufeff")))
    return {row["nickname"]: {key: row[key] for key in _SAME} for row in rows}


def _forget(tournament: Tournament) -> None:
    """Make the database one without the tournament: its slug and its players' nicknames go
    elsewhere (a played game cannot be deleted: its audit trail protects it)."""
    for player in Player.objects.filter(entries__tournament=tournament):
        player.nickname = f"Exported {player.pk}"
        player.save()
    Tournament.objects.filter(pk=tournament.pk).update(slug=f"exported-{tournament.pk}")


def _played() -> tuple[Setup, dict[str, Any]]:
    s = make_setup(seats=5, word="TONDA")
    _play(s)
    document = tournament_document(s.tournament, rounds=[1])
    return s, json.loads(json.dumps(document))  # what a download holds


def test_export_holds_a_replayable_game_record_per_table() -> None:
    _s, document = _played()
    five, four = (table["game"] for table in document["rounds"][0]["tables"])
    outcome = replay_game(five)
    assert [len(five["seats"]), len(four["seats"])] == [5, 4]
    assert outcome.deals[1].misdeals[1].letter and outcome.deals[1].dealer == "B"
    assert outcome.deals[0].sat_out == ("A",)
    assert five["deals"][1]["record"] == PLAYED
    assert five["deals"][2]["rulings"][0]["letters"] == 1
    assert replay_game(four).deals[0].losers == ("B",)
    assert outcome.finished and outcome.completed


def test_the_results_page_and_the_api_offer_the_download() -> None:
    s, document = _played()
    client = Client()
    page = client.get(f"/tournaments/{s.tournament.slug}/results/")
    assert f"/tournaments/{s.tournament.slug}/results/games.json" in page.content.decode()
    for url in (
        f"/tournaments/{s.tournament.slug}/results/games.json",
        f"/api/tournaments/{s.tournament.slug}/exports/games.json",
    ):
        response = client.get(url)
        assert response.status_code == 200 and response["Content-Type"] == "application/json"
        assert json.loads(response.content) == document


def test_export_imported_into_a_database_without_it_gives_the_same_standings() -> None:
    s, document = _played()
    before = _standings(s.tournament)
    nicknames = list(before)
    _forget(s.tournament)
    assert not Player.objects.filter(nickname__in=nicknames).exists()
    admin = UserFactory(is_superuser=True)

    imported = tournament_import(by=admin, document=document)

    assert imported.slug == document["tournament"]["slug"]
    assert _standings(imported) == before
    assert MisdealEntry.objects.filter(game__table__round__tournament=imported).count() == 2
    again = json.loads(json.dumps(tournament_document(imported, rounds=[1])))
    assert again["rounds"] == document["rounds"]


def test_a_bad_document_writes_nothing_and_names_the_deal(tmp_path: Path) -> None:
    s, document = _played()
    _forget(s.tournament)
    tables = document["rounds"][0]["tables"]
    tables[1]["game"]["deals"][1]["losers"] = ["Z"]
    admin = UserFactory(is_superuser=True, username="importer")
    with pytest.raises(GameImportError, match=r"round 1, table 2: .*deal 2: losers"):
        tournament_import(by=admin, document=document)
    path = tmp_path / "games.json"
    path.write_text(json.dumps(document))
    with pytest.raises(CommandError, match="deal 2: losers"):
        call_command("import_games", str(path), user="importer")
    assert not Tournament.objects.filter(slug=document["tournament"]["slug"]).exists()


def _play_rotation(s: Setup) -> None:
    """Round 1 under the ``rotation`` sit-out rule: a table of five where the seats sit
    out in turn whoever deals (a misdeal, a full SCN record dealt by a dealer who plays, a
    ruling), and a table of four, both played to the end."""
    five, judge, referee = s.table, s.judge, s.head_referee
    services.deal_record(by=judge, table=five, losers=["C"])  # A deals and sits out
    services.misdeal_record(by=judge, table=five)  # C deals: free
    # B sits out, C deals and plays (A C D E are the record's A-D), D leads: its B deals.
    services.deal_record(by=judge, table=five, record=redealt(EXAMPLES["played"]["record"], "B"))
    deal = services.deal_record(by=judge, table=five, points={"A": 20, "B": 7, "D": 6, "E": 0})
    ruling = {"kind": "A", "offender": "E", "penalty": "extra_letter", "reason": "peeked"}
    services.ruling_make(by=referee, table=five, deal=deal, **ruling)
    _play_out(s, five)
    four = make_table(s.round, line_judge=judge)
    services.deal_record(by=judge, table=four, losers=["C"])
    _play_out(s, four)


def test_a_rotation_tournament_exports_and_imports_with_the_same_standings() -> None:
    s = make_setup(seats=5, word="TONDA")
    s.tournament.sit_out_rule = "rotation"
    s.tournament.save(update_fields=["sit_out_rule"])
    _play_rotation(s)
    document = json.loads(json.dumps(tournament_document(s.tournament, rounds=[1])))
    five, four = (table["game"] for table in document["rounds"][0]["tables"])
    assert five["sit_out_rule"] == four["sit_out_rule"] == "rotation"
    deals = replay_game(five).deals
    assert [(d.dealer, d.sat_out) for d in deals[:3]] == [
        ("A", ("A",)),
        ("C", ("B",)),
        ("A", ("C",)),
    ]
    assert deals[1].misdeals and deals[1].losers == ("A",)
    assert replay_game(four).finished
    before = _standings(s.tournament)
    _forget(s.tournament)
    assert not Player.objects.filter(nickname__in=list(before)).exists()

    imported = tournament_import(by=UserFactory(is_superuser=True), document=document)

    assert imported.sit_out_rule == "rotation"
    assert _standings(imported) == before
    again = json.loads(json.dumps(tournament_document(imported, rounds=[1])))
    assert again["rounds"] == document["rounds"]


def _play_late_ruling(s: Setup) -> None:
    """A table of five: deal 1 lost by B, deal 2 dealt by B (who sits out) and lost by C;
    only then the referee rules that D loses deal 1, so B's deal 2 stands as played (the
    rules now name D), and a table of four with a sit-out the rule does not name."""
    five, judge, referee = s.table, s.judge, s.head_referee
    first = services.deal_record(by=judge, table=five, losers=["B"])
    services.misdeal_record(by=judge, table=five)  # B misdeals deal 2 (free)
    services.deal_record(by=judge, table=five, losers=["C"])
    ruling = {"kind": "B", "offender": "D", "penalty": "loses_deal", "reason": "revoke"}
    services.ruling_make(by=referee, table=five, deal=first, **ruling)
    _play_out(s, five)


def test_a_game_with_a_ruling_in_force_and_a_deal_as_played_imports_with_the_same_standings() -> (
    None
):
    s = make_setup(seats=5, word="TONDA")
    _play_late_ruling(s)
    document = json.loads(json.dumps(tournament_document(s.tournament, rounds=[1])))
    deals = document["rounds"][0]["tables"][0]["game"]["deals"]
    assert deals[0]["rulings"] and deals[1]["as_played"] and deals[1]["dealer"] == "B"
    before = _standings(s.tournament)
    _forget(s.tournament)

    imported = tournament_import(by=UserFactory(is_superuser=True), document=document)

    assert _standings(imported) == before
    again = json.loads(json.dumps(tournament_document(imported, rounds=[1])))
    redeals = again["rounds"][0]["tables"][0]["game"]["deals"]
    assert redeals[1].pop("correction")  # entered again as a referee's correction
    assert again["rounds"] == document["rounds"]


def test_import_names_the_words_the_commission_has_not_approved(tmp_path: Path) -> None:
    s, document = _played()
    _forget(s.tournament)
    document["rounds"][0]["word"] = {"label": "Zebra", "letters": "ZEBRA"}
    path = tmp_path / "games.json"
    path.write_text(json.dumps(document))
    UserFactory(is_superuser=True, username="importer")
    with pytest.raises(CommandError, match=r"round 1: .*Zebra.*ZEBRA"):
        call_command("import_games", str(path), user="importer")


def _play_held(s: Setup) -> None:
    """A table of five: D plays deal 2 and loses deal 3 (C misdealt it first); only then the
    referee disqualifies D on deal 1, so neither deal fits the table of four any more: both
    are held for the referee (B and C dealt them), and the game goes on without D."""
    five, judge, referee = s.table, s.judge, s.head_referee
    first = services.deal_record(by=judge, table=five, losers=["B"])
    services.deal_record(by=judge, table=five, losers=["C"])
    services.misdeal_record(by=judge, table=five)  # C misdeals deal 3 (free)
    services.deal_record(by=judge, table=five, losers=["D"])
    ruling = {"kind": "A", "offender": "D", "penalty": "disqualification", "reason": "cheated"}
    services.ruling_make(by=referee, table=five, deal=first, **ruling)
    _play_out(s, five)


def test_a_game_with_a_deal_held_for_the_referee_imports_with_the_same_standings() -> None:
    s = make_setup(seats=5, word="TONDA")
    _play_held(s)
    document = json.loads(json.dumps(tournament_document(s.tournament, rounds=[1])))
    deals = document["rounds"][0]["tables"][0]["game"]["deals"]
    assert deals[1] == {"held": True, "as_played": True, "dealer": "B"}
    assert deals[2] == {
        "held": True,
        "as_played": True,
        "dealer": "C",
        "misdeals": [{"dealer": "C", "waived": False, "letter": False}],
    }
    before = _standings(s.tournament)
    _forget(s.tournament)

    imported = tournament_import(by=UserFactory(is_superuser=True), document=document)

    assert _standings(imported) == before
    again = json.loads(json.dumps(tournament_document(imported, rounds=[1])))
    assert again["rounds"] == document["rounds"]
    assert DealEntry.objects.filter(game__table__round__tournament=imported, held=True).count() == 2


def test_only_a_superuser_enters_a_held_deal() -> None:
    """A table records deals played: its referee cannot enter a held deal, only the import."""
    s = make_setup(seats=5, word="TONDA")
    with pytest.raises(PermissionDenied):
        services.deal_held_record(by=s.head_referee, table=s.table)
    assert not DealEntry.objects.exists()
    deal = services.deal_held_record(by=UserFactory(is_superuser=True), table=s.table)
    state = selectors.table_state(s.table)
    assert deal.held and state["deals"][0]["held"] and state["next_deal"]["number"] == 2
