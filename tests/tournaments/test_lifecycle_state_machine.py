"""Random sequences of director, referee, line judge and public actions through the services,
against the lifecycle's promises:

* the pages and the services agree: an action the lifecycle refuses is refused by the
  service, with the same rule;
* no draft draw is ever visible to the public (the API's round list, the public pages);
* no final is drawn over a tied cut;
* every reachable state can still reach a finished tournament, by actions the lifecycle
  allows (tried in a savepoint that is rolled back);
* finishing and reopening the tournament gives back what finishing froze;
* the standings the site shows are the standings recomputed from the recorded deals.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.test import Client
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from games import services as games
from games.models import DealEntry, TableGame
from tests.factories import PlayerFactory, PlayingWordFactory, UserFactory
from tests.games.conftest import make_tournament
from tournaments.lifecycle import Action, Context, offers
from tournaments.models import (
    Entry,
    EntryStatus,
    Round,
    RoundStage,
    RoundStatus,
    Table,
    Tournament,
    TournamentStatus,
)
from tournaments.pairing.model import TablePolicy
from tournaments.pairing.sizes import table_sizes
from tournaments.results.loading import results_load
from tournaments.results.selectors import results_build, tournament_results
from tournaments.services import draw, entries, rounds
from tournaments.services.playoff import playoff_create
from tournaments.services.tournaments import tournament_status_set
from tournaments.visibility import PUBLIC_DRAW

pytestmark = pytest.mark.django_db

#: Actions carried out and refused over the whole run (printed: the run's size).
STATS: dict[str, int] = {}
FIELD = 10  # players registered at the start (each example)
FINAL_SIZE = 4


def _codes(exc: ValidationError) -> set[str]:
    if hasattr(exc, "error_dict"):
        return {e.code or "" for errors in exc.error_dict.values() for e in errors}
    return {e.code or "" for e in exc.error_list}


class LifecycleMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        cache.clear()
        self.refusals = 0
        self.done = 0
        # The costly promises are checked again only when the state they read has changed.
        self.checked: dict[str, object] = {}

    def teardown(self) -> None:
        STATS["done"] = STATS.get("done", 0) + self.done
        STATS["refused"] = STATS.get("refused", 0) + self.refusals
        transaction.set_rollback(True)
        self.atomic.__exit__(None, None, None)

    @initialize(running=st.booleans())
    def a_tournament(self, running: bool) -> None:
        """In draft with its players registered, or running with them checked in."""
        self.t: Tournament = make_tournament(
            status=TournamentStatus.RUNNING if running else TournamentStatus.DRAFT,
            final_size=FINAL_SIZE,
            basic_rounds=2,
        )
        self.director: User = UserFactory(roles=["director"])
        self.judge: User = UserFactory()
        self.referee: User = UserFactory()
        self.t.directors.add(self.director)
        self.t.line_judges.add(self.judge)
        Tournament.objects.filter(pk=self.t.pk).update(head_referee=self.referee)
        self.word = PlayingWordFactory(letters="KOCKA", label="KOCKA")
        status = EntryStatus.CHECKED_IN if running else EntryStatus.REGISTERED
        for _ in range(FIELD):
            Entry.objects.create(tournament=self.t, player=PlayerFactory(), status=status)

    # ---- helpers -----------------------------------------------------------------------

    def fresh(self) -> Tournament:
        return Tournament.objects.get(pk=self.t.pk)

    def attempt(self, action: Action, subject: Any, call: Callable[[], object]) -> bool:
        """Call the service; the lifecycle's offer and the service must agree."""
        offer = offers(subject, [action], Context(by=self.director))[str(action)]
        try:
            call()
        except ValidationError as exc:
            self.refusals += 1
            if not offer.allowed:
                assert offer.code in _codes(exc), (action, offer.code, exc)
            return False
        assert offer.allowed, (action, "the service did what the lifecycle refused", offer)
        self.done += 1
        return True

    def rounds(self, *statuses: str) -> list[Round]:
        found = Round.objects.filter(tournament=self.t).select_related("tournament", "word")
        if statuses:
            found = found.filter(status__in=statuses)
        return list(found.order_by("number"))

    def entries(self) -> list[Entry]:
        return list(Entry.objects.filter(tournament=self.t).select_related("tournament", "player"))

    # ---- the director: the tournament ---------------------------------------------------

    @rule(status=st.sampled_from(["registration", "draft", "running"]))
    def move_status(self, status: str) -> None:
        t = self.fresh()
        moves = {
            "registration": Action.OPEN_REGISTRATION,
            "draft": Action.CLOSE_REGISTRATION,
            "running": Action.START if t.status != "finished" else Action.REOPEN,
        }
        self.attempt(
            moves[status],
            t,
            lambda: tournament_status_set(by=self.director, tournament=t, status=status),
        )

    @rule()
    def finish_and_reopen_gives_back_what_was_frozen(self) -> None:
        t = self.fresh()
        if t.status != TournamentStatus.RUNNING:
            return
        before = self.snapshot()
        if not self.attempt(
            Action.FINISH,
            t,
            lambda: tournament_status_set(by=self.director, tournament=t, status="finished"),
        ):
            return
        frozen = self.entries()[0]
        with pytest.raises(ValidationError):
            entries.entry_withdraw(by=self.director, entry=frozen)
        for table in Table.objects.filter(round__tournament=self.t)[:1]:
            with pytest.raises(ValidationError):
                games.deal_record(by=self.judge, table=table, losers=["A"])
        assert self.snapshot() == before
        t = self.fresh()
        tournament_status_set(by=self.director, tournament=t, status="running")
        assert self.snapshot() == before
        frozen = Entry.objects.select_related("tournament", "player").get(pk=frozen.pk)
        offer = offers(frozen, [Action.WITHDRAW], Context(by=self.director))["withdraw"]
        assert offer.allowed or offer.code == "withdrawn"

    @rule()
    def finish(self) -> None:
        t = self.fresh()
        self.attempt(
            Action.FINISH,
            t,
            lambda: tournament_status_set(by=self.director, tournament=t, status="finished"),
        )

    def snapshot(self) -> tuple[Any, ...]:
        standings = tournament_results(self.fresh(), include_unreleased=True).standings
        return (
            sorted(Entry.objects.filter(tournament=self.t).values_list("pk", "status")),
            sorted(Round.objects.filter(tournament=self.t).values_list("pk", "status")),
            list(standings.rows),
        )

    # ---- the director: entries --------------------------------------------------------

    @rule()
    def register_a_newcomer(self) -> None:
        t = self.fresh()
        player = PlayerFactory()
        self.attempt(
            Action.REGISTER,
            t,
            lambda: entries.entry_register(by=self.director, tournament=t, player=player),
        )

    @rule(pick=st.integers(0, 30), on=st.booleans())
    def check_in(self, pick: int, on: bool) -> None:
        listed = self.entries()
        entry = listed[pick % len(listed)]
        self.attempt(
            Action.CHECK_IN,
            entry,
            lambda: entries.entry_check_in(by=self.director, entry=entry, checked_in=on),
        )

    @rule()
    def check_in_everybody(self) -> None:
        for entry in self.entries():
            if entry.status == EntryStatus.REGISTERED:
                self.attempt(
                    Action.CHECK_IN,
                    entry,
                    lambda entry=entry: entries.entry_check_in(by=self.director, entry=entry),
                )

    @rule(pick=st.integers(0, 30), classified=st.booleans())
    def withdraw(self, pick: int, classified: bool) -> None:
        listed = self.entries()
        entry = listed[pick % len(listed)]
        self.attempt(
            Action.WITHDRAW,
            entry,
            lambda: entries.entry_withdraw(by=self.director, entry=entry, classified=classified),
        )

    @rule(pick=st.integers(0, 30))
    def substitute(self, pick: int) -> None:
        listed = self.entries()
        entry = listed[pick % len(listed)]
        player = PlayerFactory()
        self.attempt(
            Action.SUBSTITUTE,
            entry,
            lambda: entries.entry_substitute_add(by=self.director, replaces=entry, player=player),
        )

    # ---- the director: rounds ---------------------------------------------------------

    @rule(stage=st.sampled_from([RoundStage.BASIC, RoundStage.BASIC, RoundStage.FINAL]))
    def create_round(self, stage: str) -> None:
        t = self.fresh()
        self.attempt(
            Action.CREATE_ROUND,
            t,
            lambda: rounds.round_create(
                by=self.director, tournament=t, word=self.word, stage=stage
            ),
        )

    @rule()
    def create_playoff(self) -> None:
        t = self.fresh()
        self.attempt(
            Action.CREATE_PLAYOFF,
            t,
            lambda: playoff_create(by=self.director, tournament=t, word=self.word),
        )

    @precondition(lambda self: bool(self.rounds(RoundStatus.PLANNED, RoundStatus.DRAFT)))
    @rule(pick=st.integers(0, 5))
    def draw(self, pick: int) -> None:
        candidates = self.rounds(RoundStatus.PLANNED, RoundStatus.DRAFT, RoundStatus.DRAWING)
        round = candidates[pick % len(candidates)]
        cut = tournament_results(self.fresh(), include_unreleased=True).standings.cut
        tied = cut is not None and cut.needs_playoff
        self.attempt(
            Action.DRAW, round, lambda: draw.round_draw_start(by=self.director, round=round)
        )
        round.refresh_from_db()
        if round.stage == RoundStage.FINAL and round.status in (RoundStatus.DRAFT,):
            assert not tied, "a final was drawn over a tied cut"

    @precondition(lambda self: bool(self.rounds(RoundStatus.PLANNED, RoundStatus.DRAFT)))
    @rule(pick=st.integers(0, 5))
    def draw_by_hand(self, pick: int) -> None:
        candidates = [
            r
            for r in self.rounds(RoundStatus.PLANNED, RoundStatus.DRAFT)
            if r.stage == RoundStage.BASIC
        ]
        if not candidates:
            return
        round = candidates[pick % len(candidates)]
        present = [e.pk for e in self.entries() if e.status == EntryStatus.CHECKED_IN]
        try:
            sizes = table_sizes(len(present), TablePolicy(max_size=6))
        except Exception:
            sizes = (len(present),)
        tables, at = [], 0
        for size in sizes:
            tables.append(present[at : at + size])
            at += size
        self.attempt(
            Action.DRAW_MANUAL,
            round,
            lambda: draw.round_draw_manual(by=self.director, round=round, tables=tables),
        )

    @precondition(lambda self: bool(self.rounds(RoundStatus.DRAFT)))
    @rule()
    def publish(self) -> None:
        round = self.rounds(RoundStatus.DRAFT)[0]
        self.attempt(
            Action.PUBLISH, round, lambda: draw.round_draw_publish(by=self.director, round=round)
        )

    @precondition(lambda self: bool(self.rounds(RoundStatus.PUBLISHED)))
    @rule()
    def mark_finished(self) -> None:
        round = self.rounds(RoundStatus.PUBLISHED)[0]
        self.attempt(
            Action.FINISH_ROUND,
            round,
            lambda: rounds.round_finish(by=self.director, round=round),
        )

    @precondition(lambda self: bool(self.rounds(RoundStatus.FINISHED)))
    @rule(pick=st.integers(0, 5))
    def reopen_round(self, pick: int) -> None:
        finished = self.rounds(RoundStatus.FINISHED)
        round = finished[pick % len(finished)]
        self.attempt(
            Action.REOPEN_ROUND, round, lambda: rounds.round_reopen(by=self.director, round=round)
        )

    @precondition(lambda self: bool(self.rounds()))
    @rule(pick=st.integers(0, 5))
    def delete_round(self, pick: int) -> None:
        listed = self.rounds()
        round = listed[pick % len(listed)]
        self.attempt(
            Action.DELETE_ROUND, round, lambda: rounds.round_delete(by=self.director, round=round)
        )

    @precondition(lambda self: bool(self.rounds(RoundStatus.PLANNED)))
    @rule()
    def a_draw_job_is_lost(self) -> None:
        """The worker died with the job: the round stays drawing until the director acts."""
        round = self.rounds(RoundStatus.PLANNED)[0]
        if self.fresh().status == TournamentStatus.RUNNING:
            Round.objects.filter(pk=round.pk).update(status=RoundStatus.DRAWING)

    @precondition(lambda self: bool(self.rounds(RoundStatus.DRAWING)))
    @rule()
    def reset_the_draw(self) -> None:
        round = self.rounds(RoundStatus.DRAWING)[0]
        self.attempt(
            Action.RESET_DRAW,
            round,
            lambda: draw.round_draw_reset(by=self.director, round=round),
        )

    # ---- the line judge and the referee -----------------------------------------------

    @precondition(lambda self: bool(self.rounds(RoundStatus.PUBLISHED)))
    @rule(pick=st.integers(0, 20), loser=st.integers(0, 5), deals=st.integers(1, 6))
    def record_deals(self, pick: int, loser: int, deals: int) -> None:
        tables = list(
            Table.objects.filter(round__tournament=self.t, round__status=RoundStatus.PUBLISHED)
            .select_related("round__tournament", "round__word")
            .order_by("pk")
        )
        table = tables[pick % len(tables)]
        seats = list(table.seats.order_by("position").values_list("position", flat=True))
        for _ in range(deals):
            try:
                games.deal_record(
                    by=self.judge, table=table, losers=[seats[loser % min(4, len(seats))]]
                )
            except ValidationError:
                return  # the game is over, or the deal is refused for its facts

    @rule(pick=st.integers(0, 20))
    def referee_undoes_the_last_deal(self, pick: int) -> None:
        played = list(
            TableGame.objects.filter(table__round__tournament=self.t)
            .exclude(deals=None)
            .select_related("table")
            .order_by("pk")
        )
        if played:
            table = played[pick % len(played)].table
            with contextlib.suppress(ValidationError):
                games.deal_undo(by=self.referee, table=table)

    # ---- the public and the promises ----------------------------------------------------

    @invariant()
    def the_promises_hold(self) -> None:
        """Checked again whenever the tournament's state has changed (they cost queries)."""
        if not hasattr(self, "t") or not self.changed("promises"):
            return
        self.no_draft_is_visible_to_the_public()
        self.no_final_stands_over_a_tied_cut()
        self.the_standings_are_those_of_the_deals()
        self.a_finished_tournament_stays_reachable()

    def changed(self, promise: str) -> bool:
        """Whether the tournament's state changed since ``promise`` was last checked."""
        state = (
            self.fresh().status,
            tuple(Round.objects.filter(tournament=self.t).values_list("pk", "status")),
            tuple(Entry.objects.filter(tournament=self.t).values_list("pk", "status")),
            DealEntry.objects.filter(game__table__round__tournament=self.t).count(),
        )
        if self.checked.get(promise) == state:
            return False
        self.checked[promise] = state
        return True

    def no_draft_is_visible_to_the_public(self) -> None:
        listed = Client().get(f"/api/rounds/?tournament__slug={self.t.slug}").json()
        for shown in listed["results"] if isinstance(listed, dict) else listed:
            if shown["status"] not in PUBLIC_DRAW:
                assert not shown.get("tables"), shown
        for round in self.rounds(RoundStatus.PLANNED, RoundStatus.DRAWING, RoundStatus.DRAFT):
            page = Client().get(f"/tournaments/{self.t.slug}/rounds/{round.number}/")
            assert page.status_code == 404

    def no_final_stands_over_a_tied_cut(self) -> None:
        drawn = Round.objects.filter(
            tournament=self.t,
            stage=RoundStage.FINAL,
            status__in=[RoundStatus.DRAFT, RoundStatus.PUBLISHED],
        )
        if drawn.exists():
            cut = tournament_results(self.fresh(), include_unreleased=True).standings.cut
            assert cut is None or not cut.needs_playoff

    def the_standings_are_those_of_the_deals(self) -> None:
        t = self.fresh()
        shown = tournament_results(t, include_unreleased=True)
        again = results_build(t, results_load(t), version=-1, include_unreleased=True)
        assert shown.standings.rows == again.standings.rows

    def a_finished_tournament_stays_reachable(self) -> None:
        with transaction.atomic():
            self.walk_to_finished()
            transaction.set_rollback(True)
        cache.clear()

    def walk_to_finished(self) -> None:
        """Forward by allowed actions only: every state has one that leads on."""
        for _ in range(30):
            t = self.fresh()
            if t.status == TournamentStatus.FINISHED:
                return
            step = {
                TournamentStatus.DRAFT: (Action.OPEN_REGISTRATION, "registration"),
                TournamentStatus.REGISTRATION: (Action.START, "running"),
            }.get(t.status)
            if step is None:
                step = self.next_round_step() or (Action.FINISH, "finished")
            if isinstance(step[1], str):
                action, target = step
                assert offers(t, [action], Context(by=self.director))[action].allowed, (
                    t.status,
                    offers(t, [action], Context(by=self.director)),
                )
                tournament_status_set(by=self.director, tournament=t, status=target)
            else:
                action, round = step
                assert offers(round, [action], Context(by=self.director))[action].allowed
                {
                    Action.FINISH_ROUND: rounds.round_finish,
                    Action.DELETE_ROUND: rounds.round_delete,
                    Action.RESET_DRAW: draw.round_draw_reset,
                }[action](by=self.director, round=round)
        raise AssertionError("no way to a finished tournament")

    def next_round_step(self) -> tuple[Action, Round] | None:
        for round in reversed(self.rounds()):
            for action in (Action.RESET_DRAW, Action.FINISH_ROUND, Action.DELETE_ROUND):
                if offers(round, [action], Context(by=self.director))[action].allowed:
                    return action, round
        return None


LIFECYCLE_EXAMPLES = int(os.environ.get("LIFECYCLE_EXAMPLES", "12"))
LIFECYCLE_STEPS = int(os.environ.get("LIFECYCLE_STEPS", "35"))


def test_no_sequence_of_actions_breaks_the_lifecycle_s_promises() -> None:
    STATS.clear()
    run_state_machine_as_test(
        LifecycleMachine,
        settings=settings(
            # Bounded for the suite (about 400 steps); .ci/run runs it again with
            # LIFECYCLE_EXAMPLES=60, about 2,000 steps.
            max_examples=LIFECYCLE_EXAMPLES,
            stateful_step_count=LIFECYCLE_STEPS,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
            # No shrinking in the suite: a failure is reported as found (seconds, not minutes).
            phases=[Phase.explicit, Phase.reuse, Phase.generate],
        ),
    )
    examples, steps = LIFECYCLE_EXAMPLES, LIFECYCLE_STEPS
    print(f"lifecycle machine: {examples} runs of up to {steps} steps, {STATS}")
    assert STATS["done"] > 0 and STATS["refused"] > 0
