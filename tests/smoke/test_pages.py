from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.smoke import selectors
from games.smoke.models import SmokeSession
from tests.smoke.conftest import SEEDS_READOUT

pytestmark = pytest.mark.django_db


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def readouts(content: bytes) -> list[str]:
    found = re.findall(r'<pre class="readout" lang="en">(.*?)</pre>', content.decode(), re.S)
    return [html.unescape(text) for text in found]


def hand_post(stays: dict[int, int | None], **extra: str) -> dict[str, Any]:
    """Form data: seat -> tricks for stayers (None: sits)."""
    data: dict[str, Any] = {}
    for seat in range(5):
        tricks = stays.get(seat)
        data[f"play_{seat}"] = "sit" if seat not in stays else "stay"
        data[f"tricks_{seat}"] = "" if tricks is None else str(tricks)
    data.update(extra)
    return data


def test_the_readout_on_the_page_is_the_engines_text(session_at_readout: SmokeSession) -> None:
    response = Client().get(f"/smoke/{session_at_readout.pk}/")
    assert response.status_code == 200
    engine_text = selectors.smoke_sheet(session_at_readout).readout().text
    assert engine_text == SEEDS_READOUT
    assert readouts(response.content) == [engine_text]
    spoken = selectors.smoke_sheet(session_at_readout).readout().spoken
    assert html.escape(spoken) in response.content.decode()
    assert b"is a mustie" in response.content
    # the public sees the tally but no record form or undo button
    assert b"hand-form" not in response.content
    assert b"smoke-hand-undo" not in response.content and b"/undo/" not in response.content


def test_history_lists_every_hand_with_its_readout(session_at_readout: SmokeSession) -> None:
    response = Client().get(f"/smoke/{session_at_readout.pk}/history/")
    assert response.status_code == 200
    sheet = selectors.smoke_sheet(session_at_readout)
    assert readouts(response.content) == [sheet.readout(i).text for i in range(3)]


def test_scorekeeper_records_a_hand_through_the_form(session: SmokeSession, keeper: User) -> None:
    client = signed_in(keeper)
    page = client.get(f"/smoke/{session.pk}/")
    assert b"hand-form" in page.content
    data = hand_post(
        {0: 1, 2: 1, 3: 3, 4: None},
        first_trick="Tom",
        infraction_who_0="Bud",
        infraction_what_0="said 'cards'",
    )
    response = client.post(f"/smoke/{session.pk}/hands/", data)
    assert response.status_code == 302
    sheet = selectors.smoke_sheet(session)
    assert sheet.tallies() == {"Jim": 9, "Bud": 15, "Whiz": 9, "Tom": 7, "Puresome": 15}
    assert sheet.results[0].entry.infractions[0].what == "said 'cards'"
    page = client.get(f"/smoke/{session.pk}/")
    assert readouts(page.content) == [sheet.readout().text]


def test_engine_errors_are_shown_on_the_form(session: SmokeSession, keeper: User) -> None:
    response = signed_in(keeper).post(
        f"/smoke/{session.pk}/hands/", hand_post({0: 2, 1: 2}, first_trick="Jim")
    )
    assert response.status_code == 400
    assert "tricks add up to 4, not 5" in response.content.decode()
    assert not session.hands.exists()


def test_undo_button(session_at_readout: SmokeSession, keeper: User) -> None:
    client = signed_in(keeper)
    assert b"/undo/" in client.get(f"/smoke/{session_at_readout.pk}/").content
    response = client.post(f"/smoke/{session_at_readout.pk}/undo/", {"confirm": "yes"}, follow=True)
    assert response.status_code == 200
    assert session_at_readout.hands.count() == 2
    assert b"Hand 3 undone." in response.content


def test_others_may_not_record_or_undo(session_at_readout: SmokeSession, plain_user: User) -> None:
    client = signed_in(plain_user)
    assert client.post(f"/smoke/{session_at_readout.pk}/hands/", hand_post({})).status_code == 403
    client.post(f"/smoke/{session_at_readout.pk}/undo/")
    assert session_at_readout.hands.count() == 3
    anonymous = Client().post(f"/smoke/{session_at_readout.pk}/undo/")
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]


def test_new_session_form(plain_user: User) -> None:
    client = signed_in(plain_user)
    assert client.get("/smoke/new/").status_code == 200
    response = client.post(
        "/smoke/new/",
        {
            "name": "Thursday",
            "date": "2025-05-01",
            "participants": "Jim\nBud\n\nTom\n",
            "first_dealer": "",
            "start": 10,
            "box": 2,
            "max_sits": 2,
            "penalty": 5,
            "blank": 5,
        },
    )
    assert response.status_code == 302
    session = SmokeSession.objects.get(name="Thursday")
    assert session.created_by == plain_user
    assert [p.name for p in selectors.smoke_participants(session)] == ["Jim", "Bud", "Tom"]
    bad = client.post(
        "/smoke/new/",
        {
            "name": "Two",
            "date": "2025-05-01",
            "participants": "A\nB",
            "start": 10,
            "box": 2,
            "max_sits": 2,
            "penalty": 5,
            "blank": 5,
        },
    )
    assert bad.status_code == 400
    assert "3 to 7 participants" in bad.content.decode()


def test_new_session_needs_sign_in(db: None) -> None:
    response = Client().get("/smoke/new/")
    assert response.status_code == 302


def test_jargon_page(db: None) -> None:
    response = Client().get("/smoke/jargon/", {"line": "Who has the Queen of Hearts?"})
    assert response.status_code == 200
    content = response.content.decode()
    assert "bleeders, thumpers" in content
    assert "Who has the Tits of Bleeders?" in html.unescape(content)
    clean = Client().get("/smoke/jargon/", {"line": "Smoke the kacks"})
    assert "Clean: no card word." in clean.content.decode()


@pytest.mark.parametrize("language", ["en", "cs", "ru"])
def test_pages_render_in_every_language(
    session_at_readout: SmokeSession, keeper: User, language: str
) -> None:
    client = signed_in(keeper)
    pk = session_at_readout.pk
    for url in (
        "/smoke/",
        "/smoke/new/",
        f"/smoke/{pk}/",
        f"/smoke/{pk}/history/",
        "/smoke/jargon/?line=ace",
    ):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200, url
        assert response["Content-Language"] == language
