"""The table page's state, as it embeds it, is kept per version of the table (games/views/
pages.py, ``state_script``; its key is ``selectors.state_key``): the kept bytes are what a fresh
render gives after every kind of write, a reload serialises nothing, a viewer who may not
score never gets the scorer's state (the one with the deals ahead), and what a rolled-back
request read is not kept."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils.html import json_script

from games import selectors, services
from games.models import DealEntry
from scwu.models import Player
from tests.factories import UserFactory
from tests.games.conftest import Setup, make_played, signed_in
from tournaments.models import Table

pytestmark = pytest.mark.django_db

#: What differs between two answers of one page to one browser: its tokens (masked anew) and
#: when its offline copy expires (a clock's reading).
_TOKENS = re.compile(
    r'name="csrfmiddlewaretoken" value="[^"]+"|"scwu-offline-expires" content="\d+"'
)
_STATE = re.compile(r'<script id="table-state" type="application/json">.*?</script>', re.S)


@pytest.fixture
def played() -> Setup:
    return make_played()


def _page(client: Client, setup: Setup, capture: Any) -> str:
    """The table page, with what it keeps kept (its commit's callbacks), its tokens masked."""
    with capture(execute=True):
        answer = client.get(reverse("games:table", args=[setup.table.pk]))
    assert answer.status_code == 200
    return _TOKENS.sub("", answer.content.decode())


def _embedded(client: Client, setup: Setup, capture: Any) -> str:
    """The state script of the table page."""
    found = _STATE.search(_page(client, setup, capture))
    assert found is not None
    return found.group(0)


def _fresh(setup: Setup, ahead_deals: int) -> str:
    table = Table.objects.get(pk=setup.table.pk)
    return str(json_script(selectors.table_state(table, ahead_deals=ahead_deals), "table-state"))


def _deal(setup: Setup, number: int) -> DealEntry:
    return DealEntry.objects.get(game__table=setup.table, number=number, undone_seq__isnull=True)


def _ruling(setup: Setup) -> Any:
    return services.ruling_make(
        by=setup.head_referee,
        table=setup.table,
        deal=_deal(setup, 1),
        kind="B",
        offender="A",
        penalty="loses_deal",
        reason="revoke",
    )


def _appeal(setup: Setup) -> None:
    services.appeal_file(by=setup.director, ruling=_ruling(setup), grounds="too harsh")


def _rename(setup: Setup) -> None:
    player = Player.objects.get(entries__seats__table=setup.table, entries__seats__position="A")
    player.nickname = "Renamed"
    player.save()


WRITES: dict[str, Callable[[Setup], object]] = {
    "deal": lambda s: services.deal_record(by=s.judge, table=s.table, losers=["C"]),
    "undo": lambda s: services.deal_undo(by=s.judge, table=s.table),
    "misdeal": lambda s: services.misdeal_record(by=s.judge, table=s.table),
    "referee call": lambda s: services.game_referee_call(by=s.judge, table=s.table),
    "ruling": _ruling,
    "appeal": _appeal,
    "player renamed": _rename,
}


@pytest.mark.parametrize("write", WRITES, ids=list(WRITES))
def test_the_kept_state_is_a_fresh_render_after_each_write(
    played: Setup, write: str, django_capture_on_commit_callbacks: Any
) -> None:
    client = signed_in(played.judge)
    before = _embedded(client, played, django_capture_on_commit_callbacks)
    assert before == _fresh(played, selectors.AHEAD_DEALS)
    assert _embedded(client, played, django_capture_on_commit_callbacks) == before  # kept
    WRITES[write](played)
    after = _embedded(client, played, django_capture_on_commit_callbacks)
    assert after != before
    assert after == _fresh(played, selectors.AHEAD_DEALS)
    assert _embedded(client, played, django_capture_on_commit_callbacks) == after  # kept
    # The rest of the page (the referee tools read the kept view) is a fresh render's too.
    page = _page(client, played, django_capture_on_commit_callbacks)
    cache.clear()
    assert _page(client, played, django_capture_on_commit_callbacks) == page


def test_the_referee_acknowledging_is_shown_at_once(
    played: Setup, django_capture_on_commit_callbacks: Any
) -> None:
    client = signed_in(played.judge)
    services.game_referee_call(by=played.judge, table=played.table)
    before = _embedded(client, played, django_capture_on_commit_callbacks)
    services.game_referee_acknowledge(by=played.head_referee, table=played.table)
    after = _embedded(client, played, django_capture_on_commit_callbacks)
    assert after != before
    assert after == _fresh(played, selectors.AHEAD_DEALS)


def test_a_reload_replays_and_serialises_nothing(
    played: Setup, django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = signed_in(played.judge)
    kept = _embedded(client, played, django_capture_on_commit_callbacks)
    from games.views import pages

    def refused(*args: object) -> str:
        raise AssertionError("the state was serialised again")

    monkeypatch.setattr(pages, "json_script", refused)
    monkeypatch.setattr(pages.selectors, "table_view", refused)
    assert _embedded(client, played, django_capture_on_commit_callbacks) == kept


def test_a_viewer_who_may_not_score_never_gets_the_scorers_state(
    played: Setup, django_capture_on_commit_callbacks: Any
) -> None:
    scorer = _embedded(signed_in(played.judge), played, django_capture_on_commit_callbacks)
    assert "ahead" in json.loads(scorer.split(">", 1)[1].rsplit("<", 1)[0])
    for viewer in (signed_in(played.outsider), signed_in(UserFactory()), Client()):
        seen = _embedded(viewer, played, django_capture_on_commit_callbacks)
        assert "ahead" not in json.loads(seen.split(">", 1)[1].rsplit("<", 1)[0])
        assert seen == _fresh(played, 0)


def test_a_rolled_back_request_keeps_nothing(
    played: Setup, django_capture_on_commit_callbacks: Any
) -> None:
    client = signed_in(played.judge)
    table = selectors.page_table(played.table.pk)
    assert table is not None
    key = selectors.state_key(table, selectors.AHEAD_DEALS)
    assert key is not None
    with django_capture_on_commit_callbacks(execute=True):
        try:
            with transaction.atomic():
                client.get(reverse("games:table", args=[played.table.pk]))
                raise RuntimeError("rolled back")
        except RuntimeError:
            pass
    assert cache.get(key) is None
    _embedded(client, played, django_capture_on_commit_callbacks)
    assert cache.get(key)[0] == _fresh(played, selectors.AHEAD_DEALS)


def _read(table: Table) -> tuple[object, ...]:
    """What the page reads of its table: its row, its round's, tournament's, word's, line
    judge's and game's rows, and its appeals' figures."""
    game = getattr(table, "game", None)
    rows = (table, table.round, table.round.tournament, table.round.word, table.line_judge, game)
    return (
        *(
            {k: v for k, v in vars(row).items() if not k.startswith("_")} if row else None
            for row in rows
        ),
        table.appeals,  # type: ignore[attr-defined]
        table.appeal_at,  # type: ignore[attr-defined]
    )


def _orm_table(pk: int) -> Table:
    from django.db.models import Count, Max

    return (
        Table.objects.select_related("round__tournament", "round__word", "line_judge", "game")
        .annotate(
            appeals=Count("game__rulings__appeals"),
            appeal_at=Max("game__rulings__appeals__decided_at"),
        )
        .get(pk=pk)
    )


def test_the_pages_table_read_by_compiled_sql_is_the_orms(played: Setup) -> None:
    from tests.games.conftest import make_table

    fresh = make_table(played.round)  # no game yet
    appeal = _ruling(played)
    services.appeal_file(by=played.director, ruling=appeal, grounds="too harsh")
    for pk in (played.table.pk, fresh.pk):
        table = selectors.page_table(pk)
        assert table is not None
        assert _read(table) == _read(_orm_table(pk))
        orm_players = dict(table.seats.values_list("position", "entry__player__nickname"))
        assert selectors._players(table) == orm_players
    assert selectors.page_table(fresh.pk + 1000) is None
