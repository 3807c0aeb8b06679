"""`manage.py analyse_deals` catches up the analyses that were never stored: deals recorded
before analyses were stored, or whose job the broker lost."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from engine import Ruleset
from games import services as table_services
from games.analysis import record_digest
from games.models import DealAnalysis
from games.online import replay, services
from games.online.models import OnlineGame
from games.scoring import ruleset_of
from tests.factories import PlayingWordFactory
from tests.games.conftest import make_setup
from tests.online.test_levels_and_review import finish_first_deal

pytestmark = pytest.mark.django_db(transaction=True)

EXAMPLES = json.loads((Path(__file__).parents[1] / "games" / "scn_examples.json").read_text())


def _run() -> str:
    out = StringIO()
    call_command("analyse_deals", stdout=out)
    return out.getvalue()


def test_deals_without_a_stored_analysis_are_queued_again_and_then_skipped(human: User) -> None:
    word = PlayingWordFactory(letters="KOS", label="KOS", status="approved")
    game = services.online_practice_create(by=human, word=word, bots=3, bot_level="easy")
    finish_first_deal(game.pk, {"A": human})
    row = OnlineGame.objects.get(pk=game.pk)
    online = record_digest(dict(replay.game_replay(row).records[0]), Ruleset.from_json(row.ruleset))
    setup = make_setup()
    setup.lose("D")  # D deals deal 2, as the record says
    deal = table_services.deal_record(
        by=setup.judge, table=setup.table, number=2, record=EXAMPLES["played"]["record"]
    )
    assert deal.record is not None
    at_table = record_digest(deal.record, ruleset_of(setup.tournament))
    assert DealAnalysis.objects.filter(digest=online).count() == 4
    assert DealAnalysis.objects.filter(digest=at_table).count() == 4

    # As if both were recorded before analyses were stored (or their jobs were lost).
    DealAnalysis.objects.all().delete()
    assert _run() == "2 deals queued for analysis\n"
    assert DealAnalysis.objects.filter(digest=online).count() == 4
    assert DealAnalysis.objects.filter(digest=at_table).count() == 4
    assert _run() == "0 deals queued for analysis\n"
