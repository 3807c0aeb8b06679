"""Privacy: a person downloads everything held about them; erasure deletes the account and
turns the registry record into a pseudonym everywhere while the results stay as they were."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from django.urls import reverse

from games import services as game_services
from games.models import AuditEntry, DealEntry
from scwu.backup.export import federation_export_to
from scwu.models import PersonSettings, Player
from tests.games.conftest import Setup, make_setup
from tournaments.services.privacy import person_erase

pytestmark = pytest.mark.django_db

NICKNAME = "Zdeněk Mazaný"
REAL_NAME = "Zdeněk Skutečný"


def _signed_in(user: object) -> Client:
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    return client


def _played(player_status: str = "finished") -> tuple[Setup, User, Player]:
    """A finished tournament where the player lost deals and was ruled against."""
    s = make_setup()
    user = s.seated_user("A")
    user.email = "zdenek@example.org"
    user.save()
    player = Player.objects.get(user=user)
    player.nickname, player.real_name = NICKNAME, REAL_NAME
    player.save()
    s.lose("A", "B", "A", "C")
    deal = DealEntry.objects.get(game__table=s.table, number=2)
    ruling = game_services.ruling_make(
        by=s.head_referee,
        table=s.table,
        deal=deal,
        kind="B",
        offender="A",
        penalty="loses_deal",
        reason="revoke",
    )
    game_services.appeal_file(by=user, ruling=ruling, grounds="I followed suit")
    s.round.status = player_status
    s.round.released = True
    s.round.save()
    s.tournament.status = "finished"
    s.tournament.save()
    return s, user, player


def _public_answers(s: Setup, player: Player) -> dict[str, str]:
    """Every page, export and API answer that shows the players of the tournament."""
    slug = s.tournament.slug
    urls = [
        reverse("player-list"),
        reverse("player-detail", args=[player.pk]),
        reverse("results-live", args=[slug]),
        reverse("results-final", args=[slug]),
        reverse("results-standings.json", args=[slug]),
        reverse("results-standings.csv", args=[slug]),
        reverse("results-deals.scn", args=[slug]),
        reverse("results-games.json", args=[slug]),
        reverse("records"),
        reverse("games:table", args=[s.table.pk]),
        reverse("games:audit", args=[s.table.pk]),
        "/api/players/",
        f"/api/players/{player.pk}/",
        f"/api/players/{player.pk}/history/",
    ]
    answers = {}
    for url in urls:
        response = _signed_in(s.director).get(url)
        assert response.status_code == 200, url
        answers[url] = response.content.decode()
    return answers


def test_my_data_holds_the_account_the_player_and_their_results_but_no_secret() -> None:
    _s, user, _player = _played()
    response = _signed_in(user).get(reverse("people-data"))
    assert response["Content-Disposition"].startswith("attachment")
    data = json.loads(response.content)
    assert data["account"]["email"] == "zdenek@example.org"
    assert "password" not in data["account"]
    assert data["player"]["nickname"] == NICKNAME
    models = {row["model"] for row in data["related"]}
    assert {"tournaments.entry", "tournaments.tableseat"} <= models


def test_erasure_pseudonymises_the_player_everywhere_and_keeps_the_results(
    tmp_path: Path,
) -> None:
    s, user, player = _played()
    LogEntry.objects.log_action(
        user_id=s.director.pk,
        content_type_id=ContentType.objects.get_for_model(Player).pk,
        object_id=player.pk,
        object_repr=str(player),
        action_flag=CHANGE,
    )
    standings_url = reverse("results-standings.json", args=[s.tournament.slug])
    before = _public_answers(s, player)
    assert any(NICKNAME in text for text in before.values())
    federation_export_to(tmp_path / "before")
    assert NICKNAME in (tmp_path / "before" / "federation.json").read_text()

    person_erase(by=user, user=user)

    player.refresh_from_db()
    pseudonym = player.nickname
    assert pseudonym != NICKNAME and player.user is None and player.real_name == ""
    after = _public_answers(s, player)
    for url, text in after.items():
        assert NICKNAME not in text and REAL_NAME not in text, url
    federation_export_to(tmp_path / "after")
    exported = "".join(p.read_text() for p in (tmp_path / "after").rglob("*") if p.is_file())
    assert NICKNAME not in exported and "zdenek@example.org" not in exported
    # The standings are the same, byte for byte, but for the name (and the results' version,
    # bumped so that every cache lets the old name go).
    standings_before = json.loads(before[standings_url].replace(NICKNAME, pseudonym))
    standings_after = json.loads(after[standings_url])
    assert standings_after.pop("version") > standings_before.pop("version")
    assert json.dumps(standings_after) == json.dumps(standings_before)
    # The account is gone: no sign-in, no email; the audit trail names the pseudonym.
    user.refresh_from_db()
    assert not user.is_active and user.email == "" and not user.has_usable_password()
    assert NICKNAME not in user.username
    assert AuditEntry.objects.filter(by=user).exists()
    assert not PersonSettings.objects.filter(user=user).exists()
    assert LogEntry.objects.get(object_id=str(player.pk)).object_repr == pseudonym


def test_the_erase_page_says_what_it_does_and_needs_the_confirmation() -> None:
    _s, user, player = _played()
    client = _signed_in(user)
    page = client.get(reverse("people-erase")).content.decode()
    assert "cannot be undone" in page and reverse("people-data") in page
    assert client.post(reverse("people-erase"), {}).status_code == 400
    player.refresh_from_db()
    assert player.nickname == NICKNAME
    response = client.post(reverse("people-erase"), {"confirm": "on"})
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.nickname != NICKNAME
    assert client.get(reverse("people-claim")).status_code == 302  # signed out


def test_the_privacy_page_is_linked_from_every_pages_footer() -> None:
    html = Client().get(reverse("home")).content.decode()
    assert f'href="{reverse("privacy")}"' in html
    page = Client().get(reverse("privacy")).content.decode()
    assert 'id="kept"' in page


def test_the_federation_export_leaves_out_a_persons_own_rows(tmp_path: Path) -> None:
    from scwu.services.claims import claim_request
    from tests.factories import UserFactory

    claim_request(by=UserFactory(), nickname="Secret Asker", real_name="Hidden Name")
    federation_export_to(tmp_path)
    exported = "".join(p.read_text() for p in tmp_path.rglob("*") if p.is_file())
    assert "Hidden Name" not in exported
