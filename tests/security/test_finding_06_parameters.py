"""Finding 6: every query parameter and form field that was a 500 is a 400 naming it, and
lists have a maximum page size. Finding 12: nicknames are NFKC-normalised, invisible
characters are refused, and a look-alike of an existing nickname is refused."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from games.smoke.models import SmokeSession
from scwu.models import Player
from tests.factories import PlayerFactory, UserFactory
from tests.games.conftest import make_setup
from tests.smoke.conftest import (  # noqa: F401  (fixtures)
    keeper,
    session,
    session_at_readout,
)

pytestmark = pytest.mark.django_db

SUPERSCRIPT_TWO = "\u00b2"  # "²".isdigit() is true, int("²") fails


def _assert_400_naming(answer: object, name: str, status: int = 400) -> None:
    assert answer.status_code == status, (answer.status_code, name)  # type: ignore[attr-defined]
    assert name in answer.content.decode()  # type: ignore[attr-defined]


def _assert_refused_naming(answer: object, name: str) -> None:
    """Refused by the federation's rules (a service): 409 naming the field."""
    _assert_400_naming(answer, name, 409)


def test_finding_06_anonymous_query_parameters_answer_400_naming_them(
    session_at_readout: SmokeSession,  # noqa: F811
) -> None:
    s = make_setup()
    slug, number = s.tournament.slug, s.round.number
    public = Client()
    for url, name in (
        (f"/tournaments/?season={SUPERSCRIPT_TWO}", "season"),
        (f"/tournaments/{slug}/rounds/{number}/projector/?every={SUPERSCRIPT_TWO}", "every"),
        (f"/tournaments/{slug}/results/projector/?rows={SUPERSCRIPT_TWO}", "rows"),
        (f"/tournaments/{slug}/results/projector/?every={SUPERSCRIPT_TWO}", "every"),
        (f"/api/tournaments/{slug}/exports/standings.csv?round={SUPERSCRIPT_TWO}", "round"),
        (f"/api/smoke/sessions/{session_at_readout.pk}/readout/?hand={SUPERSCRIPT_TWO}", "hand"),
        ("/players/?q=%00", "q"),
        (f"/api/players/?limit={2**63}", "limit"),
        (f"/api/players/?offset={2**63}", "offset"),
    ):
        _assert_400_naming(public.get(url), name)


def test_finding_06_lists_have_a_maximum_page_size() -> None:
    PlayerFactory.create_batch(3)
    _assert_400_naming(Client().get("/api/players/?limit=100000000"), "limit")
    assert len(Client().get("/api/players/?limit=200").json()["results"]) == 3


def test_finding_06_signed_in_forms_answer_400_naming_the_field(admin_user: User) -> None:
    s = make_setup()
    s.tournament.status = "registration"
    s.tournament.save()
    client = Client()
    client.force_login(s.judge)
    paper = client.post(
        f"/games/tables/{s.table.pk}/paper/", {"first_number": "9" * 5000, "rows": "C"}
    )
    assert paper.status_code == 400 and "first_number" in paper.context["form"].errors
    paper = client.post(
        f"/games/tables/{s.table.pk}/paper/", {"first_number": "1", "rows": "C: A=" + "9" * 5000}
    )
    assert paper.status_code == 400 and "rows" in paper.context["form"].errors
    client.force_login(s.director)
    register = client.post(
        f"/tournaments/{s.tournament.slug}/register/", {"player": SUPERSCRIPT_TWO}
    )
    _assert_400_naming(register, "player")
    api = APIClient()
    api.force_authenticate(s.judge)
    for record in ("text", ["a", "list"]):
        answer = api.post(
            f"/api/games/tables/{s.table.pk}/deals/", {"number": 1, "record": record}, format="json"
        )
        _assert_400_naming(answer, "record")
    api.force_authenticate(admin_user)
    answer = api.post("/api/players/register/", {"nickname": "ß" * 40}, format="json")
    _assert_refused_naming(answer, "nickname")
    assert not Player.objects.filter(nickname="ß" * 40).exists()


def _register(nickname: str) -> object:
    api = APIClient()
    api.force_authenticate(UserFactory(roles=["administrator"]))
    return api.post("/api/players/register/", {"nickname": nickname}, format="json")


def test_finding_12_invisible_nicknames_are_refused() -> None:
    for nickname in ("\u200b", "Ton\u200bda", "Tonda\u202e", "To\ufe0fnda"):
        _assert_refused_naming(_register(nickname), "nickname")
    assert not Player.objects.exists()


def test_finding_12_a_look_alike_of_an_existing_nickname_is_refused() -> None:
    assert _register("Tonda").status_code == 201  # type: ignore[attr-defined]
    _assert_refused_naming(_register("Tond\u0430"), "nickname")  # Cyrillic а
    _assert_refused_naming(_register("\u03a4onda"), "nickname")  # Greek Tau
    assert _register("Саша").status_code == 201  # type: ignore[attr-defined]


def test_finding_12_nicknames_are_stored_nfkc() -> None:
    assert _register("\uff34\uff4f\uff4e\uff44\uff41").status_code == 201  # type: ignore[attr-defined]
    assert Player.objects.get().nickname == "Tonda"
