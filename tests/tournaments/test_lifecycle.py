"""The life of a tournament and its rounds: one authority (``tournaments.lifecycle``) that the
services require, with a way forward and a way back from every state."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.admin.models import DELETION, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.test import Client

from tests.factories import PlayerFactory, PlayingWordFactory, UserFactory
from tests.tournaments.results.conftest import Event, make_event
from tournaments.lifecycle import Action, Context, consequence, offers, refusal, require
from tournaments.models import (
    Entry,
    EntryStatus,
    Round,
    RoundStage,
    RoundStatus,
    TournamentStatus,
)
from tournaments.results.selectors import tournament_results
from tournaments.services import draw, entries, rounds
from tournaments.services.playoff import playoff_create
from tournaments.services.tournaments import tournament_status_set

pytestmark = pytest.mark.django_db


def _code(exc: pytest.ExceptionInfo[ValidationError]) -> set[str]:
    return {e.code or "" for errors in exc.value.error_dict.values() for e in errors}


def _finished_event() -> Event:
    """One basic round played out and the tournament finished: c and g won their tables."""
    e = make_event("abcdefgh", final_size=4)
    r1 = e.round("abcd", "efgh")
    e.play(r1, 1, "abbddddd")
    e.play(r1, 2, "effhhhhh")
    tournament_status_set(by=e.director, tournament=e.tournament, status="finished")
    return e


def _top(e: Event) -> list[int]:
    return [row.player_id for row in tournament_results(e.tournament).standings.rows[:2]]


def test_a_withdrawal_on_a_finished_tournament_is_refused_and_the_classification_stands() -> None:
    e = _finished_event()
    top = _top(e)
    winner = Entry.objects.get(tournament=e.tournament, player_id=top[0])
    client = Client()
    client.force_login(e.director)
    answer = client.post(
        f"/api/entries/{winner.pk}/withdraw/",
        {"classified": False},
        content_type="application/json",
    )
    assert answer.status_code == 409, answer.content
    assert "finished" in answer.json()["tournament"][0]
    winner.refresh_from_db()
    assert winner.status == EntryStatus.CHECKED_IN
    assert _top(e) == top


@pytest.mark.parametrize("action", ["check_in", "substitute", "register", "newcomer"])
def test_a_finished_tournament_takes_no_entry_change_until_reopened(action: str) -> None:
    e = _finished_event()
    entry = e.p["a"]
    calls: dict[str, Any] = {
        "check_in": lambda: entries.entry_check_in(by=e.director, entry=entry, checked_in=False),
        "substitute": lambda: entries.entry_substitute_add(
            by=e.director, replaces=entry, player=PlayerFactory()
        ),
        "register": lambda: entries.entry_register(
            by=e.director, tournament=e.tournament, player=PlayerFactory()
        ),
        "newcomer": lambda: entries.entry_register_newcomer(
            by=e.director, tournament=e.tournament, nickname="Latecomer"
        ),
    }
    if action == "substitute":  # a withdrawal from before the end
        Entry.objects.filter(pk=entry.pk).update(status=EntryStatus.WITHDRAWN)
    with pytest.raises(ValidationError) as exc:
        calls[action]()
    assert "tournament_finished" in _code(exc)
    tournament_status_set(by=e.director, tournament=e.tournament, status="running")
    calls[action]()  # reopened: the same change goes through


def test_reopening_a_finished_tournament_is_logged() -> None:
    e = _finished_event()
    tournament_status_set(by=e.director, tournament=e.tournament, status="running")
    logged = LogEntry.objects.get(object_id=str(e.tournament.pk))
    assert logged.user_id == e.director.pk and "Reopened" in logged.change_message


def test_every_refusal_names_its_rule() -> None:
    e = make_event("abcd")
    planned = Round.objects.create(
        tournament=e.tournament, number=1, word=PlayingWordFactory(), status=RoundStatus.PLANNED
    )
    found = refusal(Action.PUBLISH, planned)
    assert found is not None and found.code == "not_draft" and found.message
    with pytest.raises(ValidationError) as exc:
        require(Action.FINISH_ROUND, planned)
    assert _code(exc) == {"not_published"}
    shown = offers(planned, [Action.PUBLISH, Action.DELETE_ROUND], Context(by=e.director))
    assert not shown["publish"].allowed and shown["publish"].code == "not_draft"
    assert shown["delete_round"].allowed and shown["delete_round"].consequence


def test_a_final_over_a_tied_cut_can_be_deleted_so_the_tournament_is_not_stuck() -> None:
    """A final planned before the cut tied: the play-off is refused while it stands (naming
    it), the final is deleted, the play-off settles the tie and the tournament finishes."""
    e = make_event("abcdefgh", final_size=5)
    r1 = e.round("abcd", "efgh")
    e.play(r1, 1, "abbddddd")
    e.play(r1, 2, "effhhhhh")  # b and f tie at the cut of five
    final = Round.objects.create(
        tournament=e.tournament, number=2, stage=RoundStage.FINAL, word=PlayingWordFactory()
    )
    with pytest.raises(ValidationError) as exc:
        playoff_create(by=e.director, tournament=e.tournament)
    assert _code(exc) == {"round_planned"}
    with pytest.raises(ValidationError) as exc:
        tournament_status_set(by=e.director, tournament=e.tournament, status="finished")
    assert _code(exc) == {"round_planned"}

    rounds.round_delete(by=e.director, round=final)
    playoff = playoff_create(by=e.director, tournament=e.tournament)
    assert consequence(Action.FINISH_ROUND, playoff)  # its table has no deal yet
    rounds.round_finish(by=e.director, round=playoff)
    tournament_status_set(by=e.director, tournament=e.tournament, status="finished")


def test_deleting_a_planned_round_is_logged_with_who_deleted_it() -> None:
    e = make_event("abcd")
    planned = Round.objects.create(
        tournament=e.tournament, number=1, word=PlayingWordFactory(), status=RoundStatus.PLANNED
    )
    pk = planned.pk
    rounds.round_delete(by=e.director, round=planned)
    assert not Round.objects.filter(pk=pk).exists()
    logged = LogEntry.objects.get(
        content_type=ContentType.objects.get_for_model(Round), object_id=str(pk)
    )
    assert (logged.user_id, logged.action_flag) == (e.director.pk, DELETION)


def test_a_round_in_play_cannot_be_deleted() -> None:
    e = make_event("abcd")
    r1 = e.round("abcd")
    with pytest.raises(ValidationError) as exc:
        rounds.round_delete(by=e.director, round=r1)
    assert _code(exc) == {"round_in_play"}


def test_a_drawing_round_whose_job_never_ran_is_drawn_again_or_reset() -> None:
    e = make_event("abcdefgh")
    stuck = Round.objects.create(
        tournament=e.tournament, number=1, word=PlayingWordFactory(), status=RoundStatus.DRAWING
    )
    require(Action.DRAW, stuck)  # retried: the newer job replaces the lost one
    draw.round_draw_reset(by=e.director, round=stuck)
    stuck.refresh_from_db()
    assert stuck.status == RoundStatus.PLANNED
    require(Action.DRAW, stuck)


def test_a_finished_round_reopens_logged_while_the_tournament_runs() -> None:
    e = make_event("abcd")
    r1 = e.round("abcd")
    e.play(r1, 1, "aaaaa")
    r1.refresh_from_db()
    assert r1.status == RoundStatus.FINISHED
    reopened = rounds.round_reopen(by=e.director, round=r1)
    assert reopened.status == RoundStatus.PUBLISHED
    kind = ContentType.objects.get_for_model(Round)
    assert LogEntry.objects.filter(content_type=kind, object_id=str(r1.pk)).exists()
    rounds.round_finish(by=e.director, round=r1)
    tournament_status_set(by=e.director, tournament=e.tournament, status="finished")
    with pytest.raises(ValidationError) as exc:
        rounds.round_reopen(by=e.director, round=r1)
    assert _code(exc) == {"tournament_finished"}


def test_a_round_reopens_only_while_no_later_round_is_drawn() -> None:
    e = make_event("abcd")
    r1 = e.round("abcd")
    e.play(r1, 1, "aaaaa")
    e.round("abcd")  # round 2, published
    with pytest.raises(ValidationError) as exc:
        rounds.round_reopen(by=e.director, round=r1)
    assert _code(exc) == {"later_round_drawn"}


def test_finishing_a_round_says_which_tables_have_no_deal() -> None:
    e = make_event("abcdefgh")
    r1 = e.round("abcd", "efgh")
    e.play(r1, 1, "ab")
    said = consequence(Action.FINISH_ROUND, r1)
    assert said is not None
    assert "Tables without a deal: 2." in said and "Tables still playing: 1." in said


def test_finishing_the_tournament_says_what_it_freezes() -> None:
    e = make_event("abcd")
    said = consequence(Action.FINISH, e.tournament)
    assert said is not None and "freezes" in said and "reopen" in said


def test_offers_are_disabled_for_someone_who_does_not_direct() -> None:
    e = make_event("abcd")
    shown = offers(e.tournament, [Action.FINISH], Context(by=UserFactory()))
    assert shown["finish"].code == "not_director"


def test_tournament_status_refusals_keep_the_status_field() -> None:
    e = make_event("abcd")
    e.tournament.status = TournamentStatus.RUNNING
    with pytest.raises(ValidationError) as exc:
        tournament_status_set(by=e.director, tournament=e.tournament, status="registration")
    assert "status" in exc.value.message_dict and _code(exc) == {"transition"}


def test_the_admin_cannot_change_an_entry_of_a_finished_tournament() -> None:
    e = _finished_event()
    admin = UserFactory(is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(admin)
    entry = e.p["a"]
    answer = client.post(
        f"/admin/tournaments/entry/{entry.pk}/change/", {"status": EntryStatus.WITHDRAWN}
    )
    assert answer.status_code == 403
    entry.refresh_from_db()
    assert entry.status == EntryStatus.CHECKED_IN
