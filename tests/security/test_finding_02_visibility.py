"""Findings 2, 3 and 7: one visibility rule (``tournaments.visibility``) for held (silent)
rounds and draft draws, applied by every API, page and export, and by the federation export
(which also leaves out running online games' seeds and actions and hidden chat).

The crawler walks the whole URL conf as the public and looks for marker texts that only a
held round's results or a draft draw hold."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from django.test import Client
from django.urls import get_resolver

from games import services
from games.models import DealEntry
from games.online.models import OnlineChat, OnlineGame
from scwu.backup.export import federation_export
from tests.games.conftest import make_round, make_setup
from tests.security.endpoints import _walk
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db

HELD = "HELDMARKER"
DRAFT = "DRAFTMARKER"
DRAFT_SEED = 8675309123
RUNNING_SEED = 5550001112223


@dataclass
class Secrets:
    slug: str
    held_round: int
    held_number: int
    held_table: int
    draft_round: int
    draft_number: int
    deal: int
    ruling: int


def _build() -> tuple[Secrets, object]:
    s = make_setup()
    s.round.released = False  # a silent round
    s.round.save()
    s.lose("B", "C")
    deal = DealEntry.objects.get(game__table=s.table, number=1)
    ruling = services.ruling_make(
        by=s.head_referee, table=s.table, deal=deal, kind="A", offender="C",
        penalty="extra_letter", reason=HELD,
    )  # fmt: skip
    services.deal_correct(by=s.head_referee, deal=deal, losers=["D"], reason=HELD)
    draft = make_round(
        s.tournament,
        status=RoundStatus.DRAFT,
        draw_seed=DRAFT_SEED,
        draw_inputs={"entrants": [DRAFT]},
        draw_report={"note": DRAFT},
    )
    secrets = Secrets(
        s.tournament.slug, s.round.pk, s.round.number, s.table.pk, draft.pk, draft.number,
        deal.pk, ruling.pk,
    )  # fmt: skip
    return secrets, s


def _leaks(text: str) -> list[str]:
    return [m for m in (HELD, DRAFT, str(DRAFT_SEED)) if m in text]


def _urls(sec: Secrets) -> list[str]:
    urls = []
    for round_pk, number in (
        (sec.held_round, sec.held_number),
        (sec.draft_round, sec.draft_number),
    ):
        values = {
            "table_id": sec.held_table, "round_id": round_pk, "number": number, "slug": sec.slug,
            "pk": round_pk, "deal_id": sec.deal, "ruling_id": sec.ruling, "year": 2025,
            "kind": "players", "game_id": 1, "misdeal_id": 1, "appeal_id": 1, "code": "x",
        }  # fmt: skip
        for route, _name, _cb in _walk(get_resolver().url_patterns):
            if route.startswith(("admin/", "^media", "api/docs", "api/redoc", "api/schema")):
                continue
            if "format" in route:
                continue
            path = route.replace("^", "").replace("$", "")

            def fill(match: re.Match[str]) -> str:
                return str(values.get(match.group(1), 1))  # noqa: B023

            path = re.sub(r"<(?:\w+:)?(\w+)>", fill, path)
            path = re.sub(r"\(\?P<(\w+)>[^)]*\)", fill, path)
            for kind in ("standings.csv", "standings.json", "deals.scn"):
                if "exports/players" in path:
                    path = path.replace("exports/players", f"exports/{kind}")
                    urls.append("/" + path)
            urls.append("/" + path)
            urls.append(f"/{path}?tournament__slug={sec.slug}&round={number}&limit=1000")
    return sorted(set(urls))


def test_finding_02_03_crawler_finds_no_held_result_or_draft_draw_as_anonymous() -> None:
    sec, _setup = _build()
    client = Client()
    leaks = {}
    urls = _urls(sec)
    assert len(urls) > 100
    for url in urls:
        answer = client.get(url)
        body = b"".join(answer.streaming_content) if answer.streaming else answer.content
        found = _leaks(body.decode("utf-8", "replace"))
        if found:
            leaks[url] = found
    assert leaks == {}


def test_finding_02_held_round_table_and_dashboard_are_hidden(db: None) -> None:
    sec, s = _build()
    anonymous = Client()
    for url in (
        f"/api/games/tables/{sec.held_table}/",
        f"/games/tables/{sec.held_table}/",
        f"/api/games/rounds/{sec.held_round}/dashboard/",
        f"/tournaments/{sec.slug}/rounds/{sec.held_number}/dashboard/",
    ):
        assert anonymous.get(url).status_code == 404, url
        director = Client()
        director.force_login(s.director)  # type: ignore[attr-defined]
        assert director.get(url).status_code == 200, url
    # The dashboard's former address by id gives the round's address to those who may see it.
    former = f"/games/rounds/{sec.held_round}/"
    assert anonymous.get(former).status_code == 404
    director = Client()
    director.force_login(s.director)  # type: ignore[attr-defined]
    assert director.get(former).status_code == 301


def test_finding_03_draft_draw_inputs_are_hidden_from_the_round_list(db: None) -> None:
    sec, _s = _build()
    answer = Client().get(f"/api/rounds/?tournament__slug={sec.slug}")
    draft = next(r for r in answer.json()["results"] if r["id"] == sec.draft_round)
    assert draft["draw_inputs"] == {} and draft["draw_seed"] is None
    assert draft["draw_report"] == {} and draft["tables"] == []
    detail = Client().get(f"/api/rounds/{sec.draft_round}/").json()
    assert detail["draw_seed"] is None and detail["draw_report"] == {}


class _Sink:
    def __init__(self) -> None:
        self.files: dict[str, str] = {}

    def write(self, name: str, text: str) -> None:
        self.files[name] = text


def test_finding_07_federation_export_leaves_out_what_the_public_cannot_see(db: None) -> None:
    _build()
    running = OnlineGame.objects.create(
        word_label="KOCKA", word_letters="KOCKA", seed=RUNNING_SEED, status="running",
        actions=[{"seat": "A", "card": "SECRETCARD"}],
    )  # fmt: skip
    OnlineChat.objects.create(game=running, seat="A", text="HIDDENCHAT", hidden=True)
    OnlineChat.objects.create(game=running, seat="B", text="visible hello")
    sink = _Sink()
    federation_export(sink)
    everything = "\n".join(sink.files.values())
    assert _leaks(everything) == []
    assert str(RUNNING_SEED) not in everything and "SECRETCARD" not in everything
    assert "HIDDENCHAT" not in everything and "visible hello" in everything
