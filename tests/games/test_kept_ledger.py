"""The game's ledger kept between requests is always the replay of the game's rows.

Each write keeps the state it leaves once its transaction commits (the tests run the commit
callbacks a test's transaction would otherwise hold back), and the next write plays its deal
on from it. Checked here: after every write of random games the kept state is the full
replay; a missing, older or rolled-back kept state never shows; a deal late in a long game
asks the database exactly what an early one does.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import pytest
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import connection, connections, transaction
from django.db.models import Model
from django.test import TestCase
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from games import services
from games.adapter import game_events
from games.kept_ledger import ledger_key, ledger_read, ledger_version
from games.models import DealEntry, MisdealEntry, TableGame
from games.selectors import AHEAD_DEALS, table_state
from tests.games.conftest import Setup, make_setup

pytestmark = pytest.mark.django_db

#: The longest word the federation allows, at a table of five: up to 96 deals.
LONG_WORD = "KOURICIKOCKAHEJMATON"


@contextmanager
def committing() -> Iterator[None]:
    """Run what the writes leave for their commit (the test's own transaction never
    commits), as production does."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        yield


def _game(setup: Setup) -> TableGame:
    return TableGame.objects.get(table=setup.table)


def _assert_kept_is_the_replay(setup: Setup) -> None:
    game = _game(setup)
    kept = cache.get(ledger_key(game))
    assert kept is not None and kept[0] == ledger_version(game)
    loaded, state = ledger_read(game)
    assert loaded.version == ledger_version(game)
    rows = game_events(game)
    assert state == rows.replay()
    assert loaded.events == rows.events
    assert [deal.pk for deal in loaded.deals] == [deal.pk for deal in rows.deals]
    # The kept rows are the rows, field for field (they are kept as plain values).
    for kept_rows, read_rows in (
        (loaded.deals, rows.deals),
        (loaded.rulings, rows.rulings),
        (loaded.misdeals, rows.misdeals),
    ):
        assert [_fields(row) for row in kept_rows] == [_fields(row) for row in read_rows]
        assert all(not row._state.adding and row._state.db == "default" for row in kept_rows)


def _fields(row: Model) -> dict[str, Any]:
    return {field.attname: getattr(row, field.attname) for field in row._meta.concrete_fields}


def _least_lettered(setup: Setup) -> str:
    state = table_state(setup.table)
    letters = {seat["seat"]: seat["letter_count"] for seat in state["seats"]}
    return min(state["next_deal"]["players"], key=lambda seat: (letters[seat], seat))


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    seats=st.integers(4, 6),
    placka_mode=st.sampled_from(["until_first_placka", "elimination"]),
    writes=st.lists(
        st.sampled_from(["deal"] * 6 + ["misdeal", "misdeal_undo", "undo", "correct"]),
        min_size=1,
        max_size=25,
    ),
    picks=st.randoms(use_true_random=False),
)
def test_after_every_write_the_kept_state_is_the_replay(
    seats: int, placka_mode: str, writes: list[str], picks: Any
) -> None:
    setup = make_setup(seats=seats, word="TOND", placka_mode=placka_mode)
    with committing():
        services.deal_record(by=setup.judge, table=setup.table, losers=["B"])
    for write in writes:
        state = table_state(setup.table)
        with committing():
            try:
                with transaction.atomic():
                    _write(setup, write, state, picks)
            except Exception as exc:  # a write the game's state refuses changes nothing
                assert getattr(exc, "code", None) or getattr(exc, "error_dict", None), exc
        _assert_kept_is_the_replay(setup)


def _write(setup: Setup, write: str, state: dict[str, Any], picks: Any) -> None:
    if write == "deal" and state["next_deal"]:
        loser = picks.choice(state["next_deal"]["players"])
        services.deal_record(by=setup.judge, table=setup.table, losers=[loser])
    elif write == "misdeal":
        services.misdeal_record(by=setup.judge, table=setup.table)
    elif write == "misdeal_undo":
        services.misdeal_undo(by=setup.judge, table=setup.table)
    elif write == "undo":
        services.deal_undo(by=setup.judge, table=setup.table)
    elif write == "correct":
        deal = DealEntry.objects.filter(game__table=setup.table, undone_seq__isnull=True).first()
        if deal is not None:
            loser = picks.choice("ABCD")
            services.deal_correct(by=setup.head_referee, deal=deal, reason="slip", losers=[loser])


def test_a_missing_or_older_kept_state_is_replaced_by_the_replay() -> None:
    setup = make_setup()
    with committing():
        setup.lose("A", "B")
    game = _game(setup)
    older = cache.get(ledger_key(game))
    with committing():
        setup.lose("C")
    cache.set(ledger_key(game), older)  # a cache that missed the last write
    assert setup.words() == {"A": "T", "B": "T", "C": "T", "D": ""}
    cache.delete(ledger_key(game))  # a cache that lost it
    assert setup.words() == {"A": "T", "B": "T", "C": "T", "D": ""}
    with committing():
        setup.lose("C")  # played on from the replay, and kept again
    assert setup.words() == {"A": "T", "B": "T", "C": "TO", "D": ""}
    _assert_kept_is_the_replay(setup)


def test_a_write_rolled_back_keeps_nothing() -> None:
    """Its version is taken again by the next write, with another deal: had the rolled-back
    write kept its state, a reader would find it for that version whenever the next write
    could not keep its own (a cache that failed, a reader before its commit callback)."""
    setup = make_setup()
    with committing():
        setup.lose("A")
    with committing(), pytest.raises(RuntimeError), transaction.atomic():
        setup.lose("B")
        raise RuntimeError("the request failed after the deal")
    with committing(), mock.patch.object(cache, "set"):  # this write's keeping is lost
        setup.lose("C")
    assert setup.words() == {"A": "T", "B": "", "C": "T", "D": ""}
    with committing():
        setup.lose("D")
    assert setup.words() == {"A": "T", "B": "", "C": "T", "D": "T"}
    _assert_kept_is_the_replay(setup)


def test_a_waived_misdeal_is_a_new_version() -> None:
    """A waiver adds no row but changes an event: the state kept before it no longer holds."""
    setup = make_setup()
    with committing():
        setup.lose("A")
        services.misdeal_record(by=setup.judge, table=setup.table)
        services.misdeal_record(by=setup.judge, table=setup.table)
    assert setup.words()["A"] == "TO"  # A deals deal 2 and misdealt it twice
    misdeal = MisdealEntry.objects.filter(game__table=setup.table).order_by("seq").last()
    assert misdeal is not None
    with committing():
        services.misdeal_waive(by=setup.head_referee, misdeal=misdeal)
    assert setup.words()["A"] == "T"
    _assert_kept_is_the_replay(setup)


def _record(client: APIClient, setup: Setup, number: int) -> int:
    loser = _least_lettered(setup)
    with committing(), CaptureQueriesContext(connection) as queries:
        answer = client.post(
            f"/api/games/tables/{setup.table.pk}/deals/?ahead={AHEAD_DEALS}",
            {"number": number, "losers": [loser], "idempotency_key": f"deal-{number}"},
            format="json",
        )
    assert answer.status_code == 201, answer.content
    assert "ahead" in answer.json()
    return len(queries)


def test_deal_70_asks_the_database_what_deal_5_does() -> None:
    setup = make_setup(seats=5, word=LONG_WORD)
    client = APIClient()
    client.force_authenticate(setup.judge)
    counts = {number: _record(client, setup, number) for number in range(1, 71)}
    assert counts[70] == counts[5]
    _assert_kept_is_the_replay(setup)


def test_a_resend_is_answered_with_its_deal_once_the_tournament_finished() -> None:
    setup = make_setup()
    first = services.deal_record(
        by=setup.judge, table=setup.table, number=1, losers=["A"], idempotency_key="once"
    )
    setup.tournament.status = "finished"
    setup.tournament.save()
    again = services.deal_record(
        by=setup.judge, table=setup.table, number=1, losers=["A"], idempotency_key="once"
    )
    assert again.pk == first.pk
    assert DealEntry.objects.filter(game__table=setup.table).count() == 1


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_judges_recording_at_once_leave_the_kept_state_the_replay() -> None:
    """Four phones at one table record as fast as they can, each the deal it last saw as
    next (a number someone took first is refused): every read agrees with itself and holds
    the phone's own last deal, and what is kept at the end is the replay."""
    if connection.vendor != "postgresql":
        pytest.skip("concurrent writers need PostgreSQL")
    setup = make_setup(seats=5, word=LONG_WORD)
    start = threading.Barrier(4)
    problems: list[str] = []

    def judge(seat_index: int) -> None:
        try:
            start.wait()
            recorded = 0
            mine = 0  # the last deal this phone recorded: every later read holds it
            while recorded < 8:
                state = table_state(setup.table)
                _assert_counts_agree(state, problems)
                number = state["next_deal"]["number"]
                if number <= mine:
                    problems.append(f"deal {mine} recorded, then a state before it")
                loser = state["next_deal"]["players"][seat_index]
                try:
                    services.deal_record(
                        by=setup.judge, table=setup.table, number=number, losers=[loser]
                    )
                except ValidationError:
                    continue  # someone took that number first: read again
                recorded += 1
                mine = number
        finally:
            connections.close_all()

    threads = [threading.Thread(target=judge, args=(index,)) for index in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert problems == []
    assert DealEntry.objects.filter(game__table=setup.table).count() == 32
    _assert_kept_is_the_replay(setup)


def _assert_counts_agree(state: dict[str, Any], problems: list[str]) -> None:
    """A state whose letters are not those of its own deal log was kept for another
    version."""
    lost = {seat["seat"]: seat["deals_lost"] for seat in state["seats"]}
    counted = {seat: 0 for seat in lost}
    for deal in state["deals"]:
        for seat in deal["losers"]:
            counted[seat] += 1
    if lost != counted or state["next_deal"]["number"] != len(state["deals"]) + 1:
        problems.append(f"inconsistent state: {lost} against {counted}")
