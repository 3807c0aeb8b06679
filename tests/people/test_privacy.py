"""Privacy: a person downloads everything held about them; erasure deletes the account and
turns the registry record into a pseudonym everywhere while the results stay as they were."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from games import services as game_services
from games.models import AuditEntry, DealEntry
from scwu.backup.export import federation_export_to
from scwu.models import PersonSettings, Player
from tests.crawl import api_answers, crawl, shape
from tests.games.conftest import Setup, make_setup
from tournaments.exports.kinds import EXPORT_KINDS
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


#: The results' version in a JSON answer.
VERSION = re.compile(r'"version":\s*\d+')


def _versions(text: str) -> list[int]:
    return [int(found.split(":")[1]) for found in VERSION.findall(text)]


#: Pages crawled per viewer: enough to reach every kind of page, few enough to stay quick.
MAX_PAGES = 300


def _api_values(s: Setup, player: Player) -> dict[str, list[int] | list[str]]:
    """What fills the API schema's path parameters: the tournament's own objects."""
    ids = {player.pk, s.round.pk, s.table.pk, s.tournament.season_id}
    ids |= set(s.tournament.entries.values_list("pk", flat=True))
    return {
        "id": sorted(ids),
        "player_id": [player.pk],
        "slug": [s.tournament.slug],
        "number": [s.round.number],
        "kind": [kind.name for kind in EXPORT_KINDS],
        "year": [s.tournament.season.year],
    }


def _everything_shown(s: Setup, player: Player) -> dict[str, str]:
    """Every page, export and API answer reachable from the home page, the tournament's pages
    and the API's root, as the public and as a director (keyed by viewer and address). The
    player's own page starts a crawl too: the crawl samples a few pages per address shape, and
    this is the one that must be among them."""
    starts = [
        "/",
        reverse("tournament-detail", args=[s.tournament.slug]),
        reverse("player-detail", args=[player.pk]),
        "/api/",
    ]
    answers: dict[str, str] = {}
    for viewer, client in (("public", Client()), ("director", _signed_in(s.director))):
        pages = crawl(client, starts, max_pages=MAX_PAGES, follow_json=True).pages
        pages |= api_answers(client, _api_values(s, player))
        answers |= {f"{viewer} {url}": _text(body) for url, body in pages.items()}
    return answers


def _text(body: bytes) -> str:
    """What an answer shows: its text, or an Excel workbook's cells (a zip of XML, whose
    bytes do not hold the text as such)."""
    if body.startswith(b"PK"):
        book = load_workbook(io.BytesIO(body), read_only=True)
        return "\n".join(
            str(value)
            for sheet in book.worksheets
            for row in sheet.iter_rows(values_only=True)
            for value in row
            if value is not None
        )
    return body.decode()


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
    slug = s.tournament.slug
    before = _everything_shown(s, player)
    # The crawl reached the player's pages, the tournament's exports and the API's answers.
    for url in (
        reverse("player-detail", args=[player.pk]),
        reverse("results-final", args=[slug]),
        reverse("games:table", args=[s.table.pk]),
        reverse("results-standings.csv", args=[slug]),
        reverse("results-classification.xlsx", args=[slug]),
        reverse("results-games.json", args=[slug]),
        f"/api/players/{player.pk}/",
        f"/api/tournaments/{slug}/classification/",
    ):
        assert NICKNAME in before[f"public {url}"], url
    assert f"director {reverse('games:audit', args=[s.table.pk])}" in before
    federation_export_to(tmp_path / "before")
    assert NICKNAME in (tmp_path / "before" / "federation.json").read_text()

    person_erase(by=user, user=user)

    player.refresh_from_db()
    pseudonym = player.nickname
    assert pseudonym != NICKNAME and player.user is None and player.real_name == ""
    after = _everything_shown(s, player)
    # The same kinds of page were crawled (which few of each were sampled may differ: the
    # new name sorts elsewhere).
    assert {shape(url) for url in after} == {shape(url) for url in before}
    for url, text in after.items():
        assert NICKNAME not in text and REAL_NAME not in text, url
    federation_export_to(tmp_path / "after")
    exported = "".join(p.read_text() for p in (tmp_path / "after").rglob("*") if p.is_file())
    assert NICKNAME not in exported and "zdenek@example.org" not in exported
    # The standings are the same, byte for byte, but for the name (and the results' version,
    # bumped so that every cache lets the old name go); so are the classification and the game
    # records (the exports and the API's answer).
    for url in (
        reverse("results-standings.json", args=[slug]),
        reverse("results-standings.csv", args=[slug]),
        f"/api/tournaments/{slug}/classification/",
        reverse("results-games.json", args=[slug]),
    ):
        old, new = before[f"public {url}"].replace(NICKNAME, pseudonym), after[f"public {url}"]
        assert _versions(new) == [] or _versions(new) > _versions(old), url
        assert VERSION.sub("", new) == VERSION.sub("", old), url
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
