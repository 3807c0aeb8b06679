"""A table's summary, kept in the database by every write, is always what the game's events
give: the stored row equals the summary recomputed from a replay after every kind of write,
and the dashboard entries read from the summaries equal those built from the table's full
state (the replay path). A rolled-back write leaves the summary it found; a missing, older or
otherwise stale summary is rebuilt by its first reader and stored.
"""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import OperationalError, connection, transaction
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import selectors, services
from games.adapter import game_events
from games.models import (
    Appeal,
    AppealStatus,
    DealEntry,
    MisdealEntry,
    Ruling,
    TableGame,
    TableSummary,
)
from games.summaries import FORMAT, summaries_of, summary_of, summary_version
from tests.games.conftest import Setup, make_setup, make_table

pytestmark = pytest.mark.django_db


def _game(setup: Setup) -> TableGame:
    return TableGame.objects.select_related("table__round__tournament").get(table=setup.table)


def _recomputed(game: TableGame) -> Any:
    loaded = game_events(game)
    return summary_of(game, loaded, loaded.replay())


def _assert_summary_is_the_replay(setup: Setup) -> None:
    """The stored summary is of the game's version and equals the one a replay gives; the
    dashboard entry read from it equals the one built from the table's full state."""
    game = _game(setup)
    stored = TableSummary.objects.get(game=game)
    assert stored.version == summary_version(game)
    assert stored.data == _recomputed(game)
    from_summaries = selectors.round_dashboard(setup.round)["tables"]
    from_state = selectors._dashboard_entry(selectors.table_state(setup.table))
    assert from_summaries == [from_state]


def _deal(setup: Setup, number: int) -> DealEntry | None:
    return (
        DealEntry.objects.filter(game__table=setup.table, number=number, undone_seq__isnull=True)
        .order_by()
        .first()
    )


def _write(setup: Setup, write: str, picks: Any) -> None:
    state = selectors.table_state(setup.table)
    table = setup.table
    if write == "deal" and state["next_deal"]:
        loser = picks.choice(state["next_deal"]["players"])
        services.deal_record(by=setup.judge, table=table, losers=[loser])
    elif write == "held":
        importer = User.objects.get_or_create(username="importer", is_superuser=True)[0]
        services.deal_held_record(by=importer, table=table)
    elif write == "paper" and state["next_deal"]:
        live = DealEntry.objects.filter(game__table=table, undone_seq__isnull=True).count()
        first = live + 1
        loser = picks.choice(state["next_deal"]["players"])
        services.paper_enter(
            by=setup.judge, table=table, first_number=first, rows=[services.PaperRow((loser,))]
        )
    elif write == "misdeal":
        services.misdeal_record(by=setup.judge, table=table)
    elif write == "misdeal_undo":
        services.misdeal_undo(by=setup.judge, table=table)
    elif write == "waive":
        misdeal = MisdealEntry.objects.filter(game__table=table).order_by("-seq").first()
        if misdeal is not None:
            services.misdeal_waive(by=setup.head_referee, misdeal=misdeal)
    elif write == "undo":
        services.deal_undo(by=setup.judge, table=table)
    elif write == "correct":
        deal = _deal(setup, 1)
        if deal is not None:
            loser = picks.choice("ABCD")
            services.deal_correct(by=setup.head_referee, deal=deal, reason="slip", losers=[loser])
    elif write == "ruling":
        deal = _deal(setup, 1)
        if deal is not None:
            services.ruling_make(
                by=setup.head_referee,
                table=table,
                deal=deal,
                kind="B",
                offender=picks.choice("ABCD"),
                penalty=picks.choice(["loses_deal", "extra_letter"]),
                reason="revoke",
            )
    elif write in ("appeal", "overturn"):
        ruling = Ruling.objects.filter(game__table=table, withdrawn_seq__isnull=True).first()
        if ruling is None:
            return
        pending = Appeal.objects.filter(ruling=ruling, status=AppealStatus.PENDING).first()
        if pending is None:
            services.appeal_file(by=setup.director, ruling=ruling, grounds="too harsh")
        else:
            services.appeal_decide(
                by=setup.commission, appeal=pending, overturn=write == "overturn", reason="x"
            )
    elif write == "call":
        services.game_referee_call(by=setup.judge, table=table, called=picks.random() < 0.7)


WRITES = [
    "deal",
    "deal",
    "deal",
    "deal",
    "held",
    "paper",
    "misdeal",
    "misdeal_undo",
    "waive",
    "undo",
    "correct",
    "ruling",
    "appeal",
    "overturn",
    "call",
]


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    seats=st.integers(4, 6),
    placka_mode=st.sampled_from(["until_first_placka", "elimination"]),
    writes=st.lists(st.sampled_from(WRITES), min_size=1, max_size=20),
    picks=st.randoms(use_true_random=False),
)
def test_after_every_write_the_summary_is_the_replay(
    seats: int, placka_mode: str, writes: list[str], picks: Any
) -> None:
    setup = make_setup(seats=seats, word="TOND", placka_mode=placka_mode)
    services.deal_record(by=setup.judge, table=setup.table, losers=["B"])
    _assert_summary_is_the_replay(setup)
    for write in writes:
        try:
            with transaction.atomic():
                _write(setup, write, picks)
        except ValidationError:
            pass  # a write the game's state refuses changes nothing
        _assert_summary_is_the_replay(setup)


def test_a_rolled_back_write_leaves_the_summary_it_found(setup: Setup) -> None:
    setup.lose("B", "C")
    before = TableSummary.objects.get(game__table=setup.table)
    with pytest.raises(RuntimeError), transaction.atomic():
        setup.lose("D")
        assert TableSummary.objects.get(game__table=setup.table).data["deals_played"] == 3
        raise RuntimeError("the request failed after the write")
    after = TableSummary.objects.get(game__table=setup.table)
    assert (after.version, after.data) == (before.version, before.data)
    assert after.data["deals_played"] == 2
    _assert_summary_is_the_replay(setup)


def test_undo_and_correct_update_the_summary(setup: Setup) -> None:
    setup.lose("B", "C")
    services.deal_undo(by=setup.judge, table=setup.table)
    summary = TableSummary.objects.get(game__table=setup.table).data
    assert summary["deals_played"] == 1
    assert [s["word_so_far"] for s in summary["seats"]] == ["", "T", "", ""]
    deal = _deal(setup, 1)
    assert deal is not None
    services.deal_correct(by=setup.head_referee, deal=deal, reason="slip", losers=["D"])
    summary = TableSummary.objects.get(game__table=setup.table).data
    assert [s["word_so_far"] for s in summary["seats"]] == ["", "", "", "T"]
    _assert_summary_is_the_replay(setup)


@pytest.mark.parametrize("damage", ["missing", "older", "other format"])
def test_a_stale_summary_is_rebuilt_by_its_reader_and_stored(setup: Setup, damage: str) -> None:
    setup.lose("B", "C")
    game = _game(setup)
    row = TableSummary.objects.get(game=game)
    if damage == "missing":
        row.delete()
    elif damage == "older":
        setup_data = dict(row.data, deals_played=99)
        TableSummary.objects.filter(pk=row.pk).update(
            version=f"{FORMAT}:{game.next_seq - 1}:", data=setup_data
        )
    else:
        TableSummary.objects.filter(pk=row.pk).update(
            version=f"{FORMAT - 1}:{game.next_seq}:", data={}
        )
    entries = selectors.round_dashboard(setup.round)["tables"]
    assert entries == [selectors._dashboard_entry(selectors.table_state(setup.table))]
    assert entries[0]["deals_played"] == 2
    _assert_summary_is_the_replay(setup)


def test_a_summary_of_the_current_version_is_read_without_a_replay(setup: Setup) -> None:
    setup.lose("B")
    game = _game(setup)
    with CaptureQueriesContext(connection) as queries:
        found = summaries_of([game])
    assert len(queries) == 1  # the summaries, nothing of the events
    assert found[game.pk] == _recomputed(game)


def test_an_elimination_summary_follows_the_tournament_rule_for_the_last_places() -> None:
    setup = make_setup(word="TON", placka_mode="elimination", stage="final")
    setup.tournament.final_last_places_by_success = False
    setup.tournament.save(update_fields=["final_last_places_by_success"])
    setup.lose("C", "B", "B", "B")  # B leaves with the placka: A, C and D share the best place
    before = TableSummary.objects.get(game__table=setup.table)
    assert [seat["place_shared"] for seat in before.data["seats"]] == [True, False, True, True]
    setup.tournament.final_last_places_by_success = True
    setup.tournament.save(update_fields=["final_last_places_by_success"])
    setup.round.tournament = setup.tournament
    seats = selectors.round_dashboard(setup.round)["tables"][0]["seats"]
    assert [seat["place_shared"] for seat in seats] != [True, False, True, True]
    assert TableSummary.objects.get(game__table=setup.table).version != before.version
    _assert_summary_is_the_replay(setup)


def test_the_dashboard_reads_the_summaries_in_queries_that_do_not_grow_with_the_tables(
    setup: Setup,
) -> None:
    def queries() -> int:
        cache.clear()
        with CaptureQueriesContext(connection) as captured:
            selectors.round_dashboard(setup.round)
        return len(captured)

    setup.lose("B")
    few = queries()
    for _ in range(3):
        table = make_table(setup.round)
        services.deal_record(by=setup.director, table=table, losers=["A"])
    assert queries() == few


def test_a_reader_that_cannot_store_a_rebuilt_summary_still_shows_it(setup: Setup) -> None:
    setup.lose("B", "C")
    TableSummary.objects.filter(game__table=setup.table).delete()
    with mock.patch("games.summaries._store", side_effect=OperationalError("deadlock detected")):
        entries = selectors.round_dashboard(setup.round)["tables"]
    assert entries == [selectors._dashboard_entry(selectors.table_state(setup.table))]
    assert not TableSummary.objects.filter(game__table=setup.table).exists()
    cache.clear()
    selectors.round_dashboard(setup.round)  # the next reader stores it
    _assert_summary_is_the_replay(setup)
