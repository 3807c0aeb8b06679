"""Every demo tournament exported as game records (its ruling in force and the deal then
played ``as_played`` included) and imported into an empty database gives the same
standings: ``import_games`` reads every record the export writes."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from django.core.management import call_command

from scwu.models import PlayingWord
from scwu.models.commission import WordStatus
from tests.factories import UserFactory
from tournaments.exports.game_records import tournament_document
from tournaments.exports.kinds import EXPORTS
from tournaments.models import Tournament
from tournaments.results.selectors import tournament_results
from tournaments.services.game_records_import import tournament_import

pytestmark = pytest.mark.django_db(transaction=True)

#: Ids, clubs and countries are the new database's own (and a file names no category):
#: every other figure of the standings and the classification's places must agree.
SAME = (
    "place",
    "shared",
    "nickname",
    "status",
    "deals_played",
    "deals_lost",
    "success_rate",
    "placky",
    "penalty_points",
    "cut",
    "final_place",
    "final_shared",
    "placed_by",
    "tournament_deals_played",
    "tournament_deals_lost",
)


def _standings(tournament: Tournament) -> list[dict[str, str]]:
    results = tournament_results(tournament, include_unreleased=True)
    body = EXPORTS["standings.csv"].build(tournament, results, None)
    return [
        {key: row[key] for key in SAME}
        for row in csv.DictReader(io.StringIO(str(body).removeprefix("\ufeff")))
    ]


def _documents() -> dict[str, dict[str, Any]]:
    documents = {}
    for tournament in Tournament.objects.order_by("pk"):
        rounds = list(tournament.rounds.values_list("number", flat=True))
        document = tournament_document(tournament, rounds=rounds)
        documents[tournament.slug] = json.loads(json.dumps(document))  # as downloaded
    return documents


def test_every_demo_tournament_exported_and_imported_into_an_empty_database_agrees() -> None:
    call_command("seed_demo", verbosity=0)
    documents = _documents()
    standings = {slug: _standings(Tournament.objects.get(slug=slug)) for slug in documents}
    words = list(
        PlayingWord.objects.filter(status=WordStatus.APPROVED).values("label", "letters", "theme")
    )
    deals = [
        deal
        for document in documents.values()
        for round_ in document["rounds"]
        for table in round_["tables"]
        if table["game"] is not None
        for deal in table["game"]["deals"]
    ]
    assert any(deal.get("as_played") for deal in deals)  # what import_games refused
    assert any(deal.get("rulings") for deal in deals)

    call_command("flush", interactive=False, verbosity=0)
    assert not Tournament.objects.exists()
    # The commission's words are the federation's own (a file approves none): here first.
    PlayingWord.objects.bulk_create(
        PlayingWord(status=WordStatus.APPROVED, **word) for word in words
    )
    importer = UserFactory(is_superuser=True)
    for slug, document in documents.items():
        imported = tournament_import(by=importer, document=document)
        assert imported.slug == slug
        assert _standings(imported) == standings[slug], slug
        again = json.loads(json.dumps(tournament_document(imported, rounds=_numbers(document))))
        assert _plain(again["rounds"]) == _plain(document["rounds"]), slug


def _numbers(document: dict[str, Any]) -> list[int]:
    return [round_["number"] for round_ in document["rounds"]]


def _plain(rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rounds without the reasons of corrections: a deal played as played is entered
    again as a referee's correction, which the export then gives with its reason."""
    for round_ in rounds:
        for table in round_["tables"]:
            for deal in (table["game"] or {}).get("deals", ()):
                deal.pop("correction", None)
    return rounds
