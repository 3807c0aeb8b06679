"""The referee tools on the pages: rulings by deal number, corrections, misdeal waivers,
appeals, the commission's appeal page and the referee call with its acknowledgement."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Appeal, AppealStatus, Correction, MisdealEntry, Ruling, TableGame
from tests.games.conftest import Setup, make_setup

pytestmark = pytest.mark.django_db


def _table_url(s: Setup) -> str:
    return reverse("games:table", kwargs={"table_id": s.table.pk})


def _ruling(number: int, **extra: str) -> dict[str, object]:
    data: dict[str, object] = {
        "ruling-deal_number": number,
        "ruling-kind": "B",
        "ruling-offender": "A",
        "ruling-penalty": "loses_deal",
        "ruling-reason": "revoke in trick 4",
    }
    data.update(extra)
    return data


def _no_inline_code(html: bytes) -> None:
    assert re.search(rb"\son[a-z]+=", html) is None  # no inline handlers
    assert re.search(rb"\sstyle=", html) is None
    for attributes in re.findall(rb"<script(?![^>]*\bsrc=)([^>]*)>", html):
        assert b"application/json" in attributes or b"nonce=" in attributes


@pytest.fixture
def five(db: None) -> Setup:
    s = make_setup(seats=5)
    s.lose("B", "C", "D", "B", "E")
    return s


def test_only_referees_see_the_referee_forms(five: Setup) -> None:
    public = Client().get(_table_url(five)).content
    judge = Client()
    judge.force_login(five.judge)
    referee = Client()
    referee.force_login(five.head_referee)
    for page in (public, judge.get(_table_url(five)).content):
        assert b'id="ruling-form"' not in page and b'id="correction-form"' not in page
    page = referee.get(_table_url(five)).content
    assert b'id="ruling-form"' in page and b'name="ruling-deal_number"' in page
    assert b'id="correction-form"' in page and b'id="letter-history"' in page
    _no_inline_code(page)


def test_ruling_form_by_deal_number_keeps_who_sat_out(five: Setup) -> None:
    client = Client()
    client.force_login(five.head_referee)
    before = [(d["dealer"], d["sitting_out"]) for d in five.state()["deals"]]
    dashboard = reverse("games:dashboard", args=[five.round.tournament.slug, five.round.number])
    answer = client.post(
        reverse("games:ruling", kwargs={"table_id": five.table.pk}),
        {**_ruling(3), "next": dashboard},
    )
    assert answer.status_code == 302
    assert answer["Location"] == f"{dashboard}#referee-tools-{five.table.pk}"
    ruling = Ruling.objects.get()
    assert ruling.deal.number == 3 and ruling.referee == five.head_referee
    state = five.state()
    assert [(d["dealer"], d["sitting_out"]) for d in state["deals"]] == before
    page = client.get(_table_url(five)).content.decode()
    assert 'data-source="deal"' in page  # the letters' history is on the page


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_ruling(9), "There is no deal 9 at this table."),
        (_ruling(0), "ruling-deal_number"),
        (_ruling(3, **{"ruling-reason": ""}), "ruling-reason"),
        (_ruling(3, **{"ruling-offender": "F"}), "ruling-offender"),
        (_ruling(3, **{"ruling-penalty": "ban"}), "intentional renonc B only"),
        (_ruling(3, **{"next": "https://evil.example/"}), None),
    ],
)
def test_ruling_form_refuses_bad_input_and_writes_nothing(
    five: Setup, data: dict[str, object], message: str | None
) -> None:
    client = Client()
    client.force_login(five.head_referee)
    answer = client.post(reverse("games:ruling", kwargs={"table_id": five.table.pk}), data)
    if message is None:  # a foreign "next" is ignored: back to the table page
        assert answer.status_code == 302 and answer["Location"].startswith(_table_url(five))
        return
    assert answer.status_code == 400
    body = answer.content.decode()
    assert "errorlist" in body and message in body
    assert "revoke in trick 4</textarea>" in body or data["ruling-reason"] == ""  # kept
    assert not Ruling.objects.exists()


def test_correction_and_waiver_forms(five: Setup) -> None:
    client = Client()
    client.force_login(five.head_referee)
    url = reverse("games:correction", kwargs={"table_id": five.table.pk})
    empty = {"correction-deal_number": 5, "correction-reason": "wrong"}
    answer = client.post(url, empty)
    assert answer.status_code == 400 and b"changes the loser(s)" in answer.content
    answer = client.post(url, {**empty, "correction-points": "nonsense"})
    assert answer.status_code == 400 and not Correction.objects.exists()
    answer = client.post(url, {**empty, "correction-losers": ["C"]})
    assert answer.status_code == 302
    assert Correction.objects.get().losers == ["C"]

    services.misdeal_record(by=five.judge, table=five.table)
    services.misdeal_record(by=five.judge, table=five.table)
    letter = MisdealEntry.objects.order_by("seq").last()
    assert letter is not None
    waiver = reverse("games:waiver", kwargs={"table_id": five.table.pk})
    page = client.get(_table_url(five)).content.decode()
    assert 'id="waiver-form"' in page
    assert client.post(waiver, {"waiver-misdeal": 999999}).status_code == 400
    assert client.post(waiver, {"waiver-misdeal": letter.pk}).status_code == 302
    letter.refresh_from_db()
    assert letter.waived


def test_appeal_from_the_table_page_decided_on_the_commission_page(five: Setup) -> None:
    referee = Client()
    referee.force_login(five.head_referee)
    referee.post(reverse("games:ruling", kwargs={"table_id": five.table.pk}), _ruling(3))
    before = [(d["dealer"], d["sitting_out"]) for d in five.state()["deals"]]
    ruling = Ruling.objects.get()
    director = Client()
    director.force_login(five.director)
    appeal_url = reverse("games:appeal", kwargs={"table_id": five.table.pk})
    assert b'id="appeal-form"' in director.get(_table_url(five)).content
    answer = director.post(appeal_url, {"appeal-ruling": ruling.pk, "appeal-grounds": " "})
    assert answer.status_code == 400 and not Appeal.objects.exists()
    answer = director.post(appeal_url, {"appeal-ruling": ruling.pk, "appeal-grounds": "A had none"})
    assert answer.status_code == 302
    appeal = Appeal.objects.get()

    appeals = reverse("games:appeals")
    assert b'id="decide-' not in Client().get(appeals).content  # public reads, no form
    commission = Client()
    commission.force_login(five.commission)
    page = commission.get(appeals)
    assert f'id="decide-{appeal.pk}"'.encode() in page.content
    _no_inline_code(page.content)
    decide = reverse(
        "games:appeal-decide",
        kwargs={"slug": five.table.round.tournament.slug, "appeal_id": appeal.pk},
    )
    assert director.post(decide, {"decision": "overturn", "reason": "x"}).status_code == 403
    answer = commission.post(decide, {"decision": "overturn", "reason": ""})
    assert answer.status_code == 400 and b"errorlist" in answer.content
    overturn = {"decision": "overturn", "reason": "D revoked"}
    assert commission.post(decide, overturn).status_code == 302
    appeal.refresh_from_db()
    assert appeal.status == AppealStatus.OVERTURNED
    state = five.state()
    assert [(d["dealer"], d["sitting_out"]) for d in state["deals"]] == before
    assert state["deals"][2]["losers"] == ["D"]


def test_referee_call_shown_and_acknowledged_on_the_dashboard(setup: Setup) -> None:
    dashboard = reverse("games:dashboard", args=[setup.round.tournament.slug, setup.round.number])
    call = reverse("games:referee-call", kwargs={"table_id": setup.table.pk})
    judge = Client()
    judge.force_login(setup.judge)
    assert judge.post(call, {"action": "shout"}).status_code == 400
    assert not TableGame.objects.filter(referee_called_at__isnull=False).exists()
    assert judge.post(call, {"action": "call"}).status_code == 302
    assert judge.post(call, {"action": "acknowledge"}).status_code == 403
    public = Client().get(dashboard).content.decode()
    assert f'id="call-{setup.table.pk}"' in public and f'id="ack-{setup.table.pk}"' not in public
    # The page updates itself through site.js, which the reader can pause (no meta refresh).
    assert 'data-refresh="30"' in public and 'http-equiv="refresh"' not in public
    referee = Client()
    referee.force_login(setup.head_referee)
    page = referee.get(dashboard).content.decode()
    assert f'id="ack-{setup.table.pk}"' in page and 'data-refresh="30"' in page
    assert f'id="ruling-form-{setup.table.pk}"' in page
    _no_inline_code(page.encode())
    answer = referee.post(call, {"action": "acknowledge", "next": dashboard})
    assert answer.status_code == 302 and answer["Location"] == dashboard
    game = TableGame.objects.get()
    assert game.referee_acknowledged_by == setup.head_referee
    page = referee.get(dashboard).content.decode()
    assert 'data-acknowledged="1"' in page and setup.head_referee.username in page
    referee.post(call, {"action": "acknowledge"})  # twice: a message, nothing changes
    assert judge.post(call, {"action": "clear"}).status_code == 302
    game.refresh_from_db()
    assert game.referee_called_at is None and game.referee_acknowledged_at is None


def test_a_ruling_that_ends_the_game_warns_of_the_held_deals(setup: Setup) -> None:
    setup.lose("B", "C", "B")
    client = Client()
    client.force_login(setup.head_referee)
    data = _ruling(1, **{"ruling-kind": "other", "ruling-offender": "D"})
    data["ruling-penalty"] = "loses_game"
    answer = client.post(reverse("games:ruling", kwargs={"table_id": setup.table.pk}), data)
    assert answer.status_code == 302
    page = client.get(answer["Location"]).content.decode()
    assert "Deals 2, 3 no longer count after this ruling" in page
    assert 'id="held-deals"' in page and 'data-deal="3"' in page
