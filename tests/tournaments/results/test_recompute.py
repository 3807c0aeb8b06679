"""The recompute task: debounced (a burst of deals gives one run), idempotent, and the
season rankings follow only when the placings moved."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from games import services
from games.models.results import SeatResult
from tests.tournaments.results.conftest import make_event
from tournaments import tasks
from tournaments.models import Placing, ResultsState
from tournaments.results.services import RECOMPUTE_DELAY, results_changed, results_recompute

pytestmark = pytest.mark.django_db


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        self.calls.append((args, kwargs))


def test_a_burst_of_twenty_deals_enqueues_one_run(
    monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    enqueued = Recorder()
    monkeypatch.setattr(tasks.results_recompute_task, "apply_async", enqueued)
    e = make_event("abcdefgh")
    r1 = e.round("abcd", "efgh")
    with django_capture_on_commit_callbacks(execute=True):
        e.play(r1, 1, "abcdabcdab")
        e.play(r1, 2, "efghefghef")
    assert len(enqueued.calls) == 1
    args, options = enqueued.calls[0]
    assert args == ((e.tournament.pk,),) and options["countdown"] == RECOMPUTE_DELAY
    state = ResultsState.objects.get(tournament=e.tournament)
    assert (state.requested, state.computed) == (20, 0)

    # the worker runs it once: every deal of the burst is in the placings
    assert tasks.results_recompute_task(e.tournament.pk) == 20
    assert sum(p.deals_played for p in Placing.objects.all()) == 4 * 10 + 4 * 10
    # a deal after the run started schedules exactly one more run
    with django_capture_on_commit_callbacks(execute=True):
        e.play(r1, 1, "c")
        e.play(r1, 1, "d")
    assert len(enqueued.calls) == 2


def test_seat_results_follow_every_write_including_undo() -> None:
    e = make_event("abcd")
    r1 = e.round("abcd")
    e.play_points(r1, 1, [{"a": 7, "b": 0, "c": 26, "d": 0}])
    e.play(r1, 1, "cb")
    c = SeatResult.objects.get(entry=e.p["c"])
    assert (c.deals_played, c.deals_lost, c.letters, c.outcomes) == (3, 2, 2, "LLW")
    assert c.penalty_points == 26 and not c.game_finished
    services.deal_undo(by=e.judge, table=r1.tables.get())
    c.refresh_from_db()
    assert (c.deals_played, c.deals_lost, c.outcomes) == (2, 2, "LL")
    assert SeatResult.objects.get(entry=e.p["a"]).penalty_points == 7


def test_season_rankings_are_enqueued_only_when_placings_move(
    monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    season = Recorder()
    monkeypatch.setattr(tasks.season_rankings_recompute_task, "apply_async", season)
    e = make_event("abcd")
    r1 = e.round("abcd")
    e.play(r1, 1, "ab")
    with django_capture_on_commit_callbacks(execute=True):
        results_recompute(e.tournament.pk)
    assert [args for args, _options in season.calls] == [((e.tournament.season_id,),)]
    with django_capture_on_commit_callbacks(execute=True):
        results_changed(e.tournament.pk)  # nothing moved
        results_recompute(e.tournament.pk)
    assert len(season.calls) == 1


def test_results_rebuild_restores_seat_results_from_the_events() -> None:
    e = make_event("abcd")
    r1 = e.round("abcd")
    e.play(r1, 1, "abcab")
    before = sorted(SeatResult.objects.values_list("entry_id", "deals_played", "deals_lost"))
    SeatResult.objects.all().delete()
    out = StringIO()
    call_command("results_rebuild", tournament=e.tournament.slug, stdout=out)
    assert "1 games rebuilt" in out.getvalue()
    after = sorted(SeatResult.objects.values_list("entry_id", "deals_played", "deals_lost"))
    assert after == before and len(after) == 4
    assert Placing.objects.filter(tournament=e.tournament).count() == 4


def test_the_season_task_calls_the_season_rankings(monkeypatch: pytest.MonkeyPatch) -> None:
    seasons: list[int] = []
    monkeypatch.setattr(tasks, "season_rankings_compute", seasons.append)
    tasks.season_rankings_recompute_task(7)
    assert seasons == [7]
