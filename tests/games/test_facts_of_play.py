"""Who dealt and who sat out are facts of play; rulings by deal number; deals a ruling
makes impossible are held for the referee; the referee call and its acknowledgement."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.urls import reverse

from engine.ledger import DealRecorded, Event, LedgerSettings, RulingMade, replay
from engine.ledger.events import Misdeal, Penalty, RenoncKind
from games import selectors, services
from games.models import Appeal, AuditAction, AuditEntry, DealEntry, MisdealEntry, Ruling, TableGame
from scwu.backup.renamed import RENAMED_MODELS
from tests.games.conftest import Setup, make_setup

pytestmark = pytest.mark.django_db


def _seating(state: dict[str, Any]) -> list[tuple[int, str, list[str]]]:
    return [(d["number"], d["dealer"], d["sitting_out"]) for d in state["deals"]]


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _standings(s: Setup) -> Any:
    url = reverse("tournaments-api:tournament-standings", kwargs={"slug": s.tournament.slug})
    response = Client().get(url)
    assert response.status_code == 200
    body = response.json()
    body.pop("version")  # bumped by every write; the figures are what must return
    return body


# -- the ledger ------------------------------------------------------------------------


def test_ledger_keeps_the_dealer_and_sit_out_as_played() -> None:
    settings = LedgerSettings.for_word("TONDA", seats=5)
    deals = [
        DealRecorded("d1", ("B",), sat_out=("A",), dealer="A"),
        DealRecorded("d2", ("C",), sat_out=("B",), dealer="B"),
        DealRecorded("d3", ("B",), sat_out=("C",), dealer="C"),
    ]
    ruling = RulingMade("r1", "d1", RenoncKind.REVOKE, "D", Penalty.LOSES_DEAL)
    before = replay(settings, deals)
    after = replay(settings, [*deals, ruling])
    # The rules would now have D deal (and sit out) deal 2, but B dealt it and sat out.
    assert [(d.dealer, d.sitting_out, d.counted) for d in after.deals] == [
        (d.dealer, d.sitting_out, d.counted) for d in before.deals
    ]
    assert "dealer_as_played" in after.deals[1].flags
    assert after.seat("D").word_so_far == "T" and after.seat("B").word_so_far == "T"
    # Without the facts (old rows) the rules decide, as before.
    derived = replay(settings, [DealRecorded("d1", ("B",)), DealRecorded("d2", ("C",))])
    assert derived.deals[1].dealer == "B"


def test_ledger_misdeal_dealer_is_a_fact() -> None:
    settings = LedgerSettings.for_word("TONDA")
    events: list[Event] = [
        DealRecorded("d1", ("B",), dealer="A"),
        Misdeal("m1", dealer="B"),
        Misdeal("m2", dealer="B"),
        DealRecorded("d2", ("C",), dealer="B"),
    ]
    ruling = RulingMade("r1", "d1", RenoncKind.PEEKING, "C", Penalty.LOSES_DEAL)
    state = replay(settings, [*events, ruling])
    assert state.deals[1].dealer == "B"
    assert state.seat("B").word_so_far == "T"  # the second misdeal's letter stays B's


def test_ledger_holds_deals_played_after_a_ruling_ended_the_game() -> None:
    settings = LedgerSettings.for_word("TO")
    deals = [DealRecorded(f"d{n}", ("A",), dealer=d) for n, d in ((1, "A"), (2, "A"))]
    ruling = RulingMade("r1", "d1", RenoncKind.OTHER, "C", Penalty.LOSES_GAME)
    state = replay(settings, [*deals, ruling])
    assert state.finished and state.seat("C").has_placka
    assert [d.deal_id for d in state.held_deals] == ["d2"]
    assert state.deals[1].issue == "game_finished"


# -- services and API ------------------------------------------------------------------


@pytest.fixture
def five(db: None) -> Setup:
    s = make_setup(seats=5)
    s.lose("B", "C", "D", "B", "E")
    return s


def test_ruling_by_deal_number_at_five_and_an_overturn_restore_everything(five: Setup) -> None:
    s = five
    seating = _seating(s.state())
    standings = _standings(s)
    url = reverse("games-api:ruling-make", kwargs={"table_id": s.table.pk})
    payload = {
        "deal_number": 3,
        "kind": "B",
        "offender": "A",
        "penalty": "loses_deal",
        "reason": "revoke in trick 4",
    }
    response = _client(s.head_referee).post(url, payload, content_type="application/json")
    assert response.status_code == 201, response.content
    state = response.json()
    assert _seating(state) == seating  # nobody's deal or sit-out was rewritten
    assert all(d["counted"] for d in state["deals"]) and not state["needs_referee"]
    deal3 = state["deals"][2]
    assert deal3["losers"] == ["A"] and deal3["recorded_losers"] == ["D"]
    assert deal3["rulings"][0]["offender"] == "A" and deal3["rulings"][0]["in_force"]
    assert "dealer_as_played" in state["deals"][3]["flags"]
    history_a = next(seat for seat in state["seats"] if seat["seat"] == "A")["history"]
    assert history_a == [
        {"letter": "T", "number": 1, "deal_number": 3, "source": "deal", "ruling": None}
    ]
    assert state["rulings"][0]["deal_number"] == 3
    assert _standings(s) != standings
    audit = AuditEntry.objects.filter(action=AuditAction.RULING_MAKE).get()
    # The audit names the changed losers and letters, and no rewritten dealer or sit-out.
    assert re.search(r"(: |; )dealer ", audit.summary) is None
    assert "sitting out" not in audit.summary and "losers D -> A" in audit.summary

    ruling = Ruling.objects.get()
    appeal = services.appeal_file(by=s.director, ruling=ruling, grounds="A followed suit")
    decide = reverse("games-api:appeal-decide", kwargs={"appeal_id": appeal.pk})
    body = {"overturn": True, "reason": "the revoke was D's"}
    response = _client(s.commission).post(decide, body, content_type="application/json")
    assert response.status_code == 200, response.content
    state = response.json()
    assert _seating(state) == seating
    assert state["deals"][2]["losers"] == ["D"]
    assert state["deals"][2]["rulings"][0]["in_force"] is False
    assert _standings(s) == standings


def test_ruling_by_deal_number_refuses_bad_input_and_writes_nothing(five: Setup) -> None:
    url = reverse("games-api:ruling-make", kwargs={"table_id": five.table.pk})
    client = _client(five.head_referee)
    good = {"kind": "A", "offender": "C", "penalty": "extra_letter", "reason": "peeked"}
    cases = [
        ({**good, "deal_number": 9}, "deal_number"),
        ({**good, "deal_number": 0}, "deal_number"),
        (good, "deal_number"),
        ({**good, "deal_number": 1, "deal": DealEntry.objects.first().pk}, "deal"),  # type: ignore[union-attr]
        ({**good, "deal_number": 1, "reason": " "}, "reason"),
        ({**good, "deal_number": 1, "penalty": "ban"}, "penalty"),
        ({**good, "deal_number": 1, "offender": "F"}, "offender"),
    ]
    for payload, field in cases:
        response = client.post(url, payload, content_type="application/json")
        # Malformed input is a 400; a refusal by the table's state (no such deal) a 409.
        assert response.status_code in (400, 409), (payload, response.content)
        assert field in response.json(), (payload, response.json())
    assert not Ruling.objects.exists()


def test_ruling_by_internal_id_still_works_within_the_table(five: Setup) -> None:
    deal = DealEntry.objects.get(game__table=five.table, number=2)
    url = reverse("games-api:ruling-make", kwargs={"table_id": five.table.pk})
    payload = {"deal": deal.pk, "kind": "A", "offender": "D", "penalty": "extra_letter"}
    response = _client(five.head_referee).post(
        url, {**payload, "reason": "peeked"}, content_type="application/json"
    )
    assert response.status_code == 201
    assert Ruling.objects.get().deal == deal


def test_deals_store_who_dealt_and_sat_out(five: Setup) -> None:
    rows = list(DealEntry.objects.filter(game__table=five.table).order_by("number"))
    state = five.state()
    assert [row.dealer for row in rows] == [d["dealer"] for d in state["deals"]]
    assert [row.sat_out for row in rows] == [d["sitting_out"] for d in state["deals"]]
    services.misdeal_record(by=five.judge, table=five.table)
    services.misdeal_record(by=five.judge, table=five.table)
    misdeal = TableGame.objects.get().misdeals.order_by("seq").last()
    dealer = state["next_deal"]["dealer"]
    assert misdeal is not None and misdeal.dealer == dealer
    # the second misdeal's letter is in the dealer's letters' history, on the next deal
    seat = next(x for x in five.state()["seats"] if x["seat"] == dealer)
    assert seat["history"][-1]["source"] == "misdeal"
    assert seat["history"][-1]["deal_number"] == state["next_deal"]["number"]


def test_a_ruling_that_ends_the_game_early_holds_the_later_deals(setup: Setup) -> None:
    setup.lose("B", "C", "B")
    deal1 = DealEntry.objects.get(number=1)
    services.ruling_make(
        by=setup.head_referee,
        table=setup.table,
        deal=deal1,
        kind="other",
        offender="D",
        penalty="loses_game",
        reason="abuse",
    )
    state = setup.state()
    assert state["finished"] and state["needs_referee"]
    assert [d["number"] for d in state["held_deals"]] == [2, 3]
    assert all(d["held"] and d["issue_message"] for d in state["deals"][1:])
    dashboard = selectors.round_dashboard(setup.round)
    assert dashboard["tables"][0]["needs_referee"]
    page = Client().get(reverse("games:table", kwargs={"table_id": setup.table.pk}))
    assert b'id="held-deals"' in page.content


def test_referee_call_acknowledged_by_a_referee(setup: Setup) -> None:
    with pytest.raises(ValidationError):
        services.game_referee_acknowledge(by=setup.head_referee, table=setup.table)
    services.game_referee_call(by=setup.judge, table=setup.table)
    with pytest.raises(PermissionDenied):
        services.game_referee_acknowledge(by=setup.judge, table=setup.table)
    url = reverse("games-api:referee-acknowledge", kwargs={"table_id": setup.table.pk})
    response = _client(setup.head_referee).post(url)
    assert response.status_code == 200
    call = response.json()["referee_call"]
    assert call["acknowledged"] and call["acknowledged_by"] == setup.head_referee.username
    assert call["called_by"] == setup.judge.username
    assert _client(setup.head_referee).post(url).status_code == 409  # already acknowledged
    assert selectors.round_dashboard(setup.round)["calls"] == [setup.table.number]
    services.game_referee_call(by=setup.judge, table=setup.table, called=False)
    game = TableGame.objects.get()
    assert game.referee_called_at is None and game.referee_acknowledged_at is None
    actions = list(AuditEntry.objects.values_list("action", flat=True))
    assert AuditAction.REFEREE_ACKNOWLEDGE in actions


def test_appeal_overturn_needs_the_commission(five: Setup) -> None:
    deal = DealEntry.objects.get(game__table=five.table, number=1)
    ruling = services.ruling_make(
        by=five.head_referee,
        table=five.table,
        deal=deal,
        kind="A",
        offender="C",
        penalty="extra_letter",
        reason="peeked",
    )
    appeal = services.appeal_file(by=five.director, ruling=ruling, grounds="no")
    with pytest.raises(PermissionDenied):
        services.appeal_decide(by=five.head_referee, appeal=appeal, overturn=True, reason="x")
    assert Appeal.objects.get().status == "pending"


def test_migration_backfills_the_dealers_of_older_deals(five: Setup) -> None:
    import importlib

    from django.apps import apps

    class AppsBeforeTheRenames:
        """The migration's model names (``games.Deal``) on today's models."""

        def get_model(self, app_label: str, name: str) -> Any:
            label = f"{app_label}.{name}".lower()
            return apps.get_model(RENAMED_MODELS.get(label, label))

    backfill = importlib.import_module("games.migrations.0004_deal_dealer_backfill").backfill
    services.misdeal_record(by=five.judge, table=five.table)
    expected = list(DealEntry.objects.order_by("number").values_list("dealer", "sat_out"))
    misdealer = MisdealEntry.objects.get().dealer
    DealEntry.objects.update(dealer="", sat_out=None)  # as rows recorded before the facts were
    MisdealEntry.objects.update(dealer="")
    backfill(AppsBeforeTheRenames(), None)
    assert list(DealEntry.objects.order_by("number").values_list("dealer", "sat_out")) == expected
    assert MisdealEntry.objects.get().dealer == misdealer != ""
