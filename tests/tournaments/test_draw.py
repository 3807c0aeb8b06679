"""The draw through the manager and the Celery task, against the database."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError

from scwu.services.bans import ban_impose
from tests.factories import EntryFactory, RoundFactory, UserFactory
from tournaments.models import Entry, Round, RoundStatus, TableSeat, Tournament
from tournaments.selectors import round_is_finished
from tournaments.services import draw, entries
from tournaments.services.rounds import round_finish

pytestmark = pytest.mark.django_db

Field = Callable[..., list[Entry]]


def run_draw(captured: Any, by: User, round: Round, **kwargs: Any) -> Round:
    with captured(execute=True):
        draw.round_draw_start(by=by, round=round, **kwargs)
    round.refresh_from_db()
    return round


def seated(round: Round) -> list[list[int]]:
    return [
        [s.entry_id for s in t.seats.order_by("position")] for t in round.tables.order_by("number")
    ]


def test_random_draw_runs_as_a_task_and_stores_seed_inputs_report(
    django_capture_on_commit_callbacks: Any, director: User, tournament: Tournament, field: Field
) -> None:
    people = field(14)
    round = RoundFactory(tournament=tournament, number=1)
    round = run_draw(django_capture_on_commit_callbacks, director, round, seed=42)
    assert round.status == RoundStatus.DRAFT
    assert sorted(len(t) for t in seated(round)) == [4, 5, 5]
    assert sorted(i for t in seated(round) for i in t) == sorted(e.pk for e in people)
    assert round.draw_seed == 42 and round.draw_inputs["seed"] == 42
    assert round.draw_report["repeat_count"] == 0
    replay = draw.draw_replay(round.draw_inputs)
    assert [list(t) for t in replay.tables] == seated(round)
    assert {s.position for s in TableSeat.objects.filter(table__round=round)} == set("ABCDE")


def test_second_round_avoids_repeats_and_balances_seat_a(
    django_capture_on_commit_callbacks: Any, director: User, tournament: Tournament, field: Field
) -> None:
    field(16)
    first = RoundFactory(tournament=tournament, number=1)
    first = run_draw(django_capture_on_commit_callbacks, director, first, seed=1)
    draw.round_draw_publish(by=director, round=first)
    first = round_finish(by=director, round=first)
    assert round_is_finished(first)
    second = run_draw(
        django_capture_on_commit_callbacks,
        director,
        RoundFactory(tournament=tournament, number=2),
        seed=2,
    )
    assert second.draw_report["repeat_count"] == 0
    a_first = {t[0] for t in seated(first)}
    a_second = {t[0] for t in seated(second)}
    assert not a_first & a_second
    assert second.draw_report["seat_a_max"] == 1


def test_same_seed_same_inputs_same_draw(
    django_capture_on_commit_callbacks: Any, director: User, tournament: Tournament, field: Field
) -> None:
    field(13)
    round = RoundFactory(tournament=tournament, number=1)
    one = seated(run_draw(django_capture_on_commit_callbacks, director, round, seed=7))
    two = seated(run_draw(django_capture_on_commit_callbacks, director, round, seed=7))
    assert one == two


def test_standings_draw_puts_the_top_ranked_together(
    django_capture_on_commit_callbacks: Any, director: User, tournament: Tournament
) -> None:
    people = [EntryFactory(tournament=tournament, rank=i) for i in range(1, 9)]
    round = RoundFactory(tournament=tournament, number=1, draw_method="standings")
    round = run_draw(django_capture_on_commit_callbacks, director, round, seed=3)
    top = {e.pk for e in people[:4]}
    assert set(seated(round)[0]) == top


def test_a_seeded_final_waits_for_the_basic_rounds_that_decide_its_field(
    director: User, tournament: Tournament
) -> None:
    # Qualification ranks alone (no basic round played) decide no final: the cut does.
    for i in range(1, 11):
        EntryFactory(tournament=tournament, rank=i)
    round = RoundFactory(tournament=tournament, number=1, stage="final", draw_method="seeded_final")
    with pytest.raises(ValidationError) as exc:
        draw.round_draw_start(by=director, round=round)
    assert "No basic round has been played yet" in str(exc.value)
    assert not seated(Round.objects.get(pk=round.pk))


def test_standings_draw_without_ranking_is_refused(
    director: User, tournament: Tournament, field: Field
) -> None:
    field(8)
    round = RoundFactory(tournament=tournament, number=1, draw_method="standings")
    with pytest.raises(ValidationError) as exc:
        draw.round_draw_start(by=director, round=round)
    assert "method" in exc.value.message_dict


def test_manual_draw_is_checked_then_saved(
    director: User, tournament: Tournament, field: Field
) -> None:
    people = field(8)
    round = RoundFactory(tournament=tournament, number=1)
    tables = [[e.pk for e in people[:4]], [e.pk for e in people[4:]]]
    draw.round_draw_manual(by=director, round=round, tables=tables)
    round.refresh_from_db()
    assert round.status == RoundStatus.DRAFT and round.draw_method == "manual"
    assert seated(round) == tables


@pytest.mark.parametrize(
    ("shape", "message"),
    [
        ([[0, 1, 2], [3, 4, 5, 6, 7]], "at least 4"),
        ([[0, 1, 2, 3], [0, 4, 5, 6, 7]], "seated 2 times"),
    ],
)
def test_bad_manual_draws_are_refused_and_nothing_changes(
    director: User, tournament: Tournament, field: Field, shape: list[list[int]], message: str
) -> None:
    people = field(8)
    round = RoundFactory(tournament=tournament, number=1)
    tables = [[people[i].pk for i in t] for t in shape]
    with pytest.raises(ValidationError) as exc:
        draw.round_draw_manual(by=director, round=round, tables=tables)
    assert message in " ".join(exc.value.message_dict["tables"])
    round.refresh_from_db()
    assert round.status == RoundStatus.PLANNED and not round.tables.exists()


def test_draw_refused_while_previous_round_unfinished(
    django_capture_on_commit_callbacks: Any, director: User, tournament: Tournament, field: Field
) -> None:
    field(8)
    first = run_draw(
        django_capture_on_commit_callbacks, director, RoundFactory(tournament=tournament, number=1)
    )
    draw.round_draw_publish(by=director, round=first)
    second = RoundFactory(tournament=tournament, number=2)
    with pytest.raises(ValidationError) as exc:
        draw.round_draw_start(by=director, round=second)
    assert "Round 1 is not finished" in exc.value.message_dict["round"][0]
    second.refresh_from_db()
    assert second.status == RoundStatus.PLANNED and second.draw_seed is None


@pytest.mark.parametrize("n", [3, 7])
def test_fields_that_cannot_be_seated_are_refused(
    director: User, tournament: Tournament, field: Field, n: int
) -> None:
    field(n)
    round = RoundFactory(tournament=tournament, number=1)
    with pytest.raises(ValidationError) as exc:
        draw.round_draw_start(by=director, round=round)
    assert "entries" in exc.value.message_dict
    round.refresh_from_db()
    assert round.status == RoundStatus.PLANNED


def test_unapproved_word_is_refused(director: User, tournament: Tournament, field: Field) -> None:
    field(8)
    round = RoundFactory(tournament=tournament, number=1, word__status="proposed")
    with pytest.raises(ValidationError) as exc:
        draw.round_draw_start(by=director, round=round)
    assert "not approved" in exc.value.message_dict["word"][0]


def test_swap_rechecks_and_updates_the_report(
    django_capture_on_commit_callbacks: Any, director: User, tournament: Tournament, field: Field
) -> None:
    field(8)
    round = run_draw(
        django_capture_on_commit_callbacks, director, RoundFactory(tournament=tournament, number=1)
    )
    before = seated(round)
    seat = TableSeat.objects.get(table__round=round, table__number=1, position="A")
    other = Entry.objects.get(pk=before[1][0])
    draw.seat_swap(by=director, seat=seat, entry=other)
    round.refresh_from_db()
    after = seated(round)
    assert after[0][0] == before[1][0] and after[1][0] == before[0][0]
    assert round.draw_report["swaps"] == 1 and round.status == RoundStatus.DRAFT


def test_swap_that_seats_a_withdrawn_or_banned_player_is_refused(
    django_capture_on_commit_callbacks: Any,
    director: User,
    admin_user: User,
    tournament: Tournament,
    field: Field,
) -> None:
    people = field(9)
    round = run_draw(
        django_capture_on_commit_callbacks, director, RoundFactory(tournament=tournament, number=1)
    )
    before = seated(round)
    seat = TableSeat.objects.get(table__round=round, table__number=1, position="A")
    quitter = Entry.objects.get(pk=before[1][1])
    entries.entry_withdraw(by=director, entry=quitter)
    with pytest.raises(ValidationError) as exc:
        draw.seat_swap(by=director, seat=seat, entry=quitter)
    assert "withdrawn" in exc.value.message_dict["entry"][0]
    cheat = Entry.objects.get(pk=before[1][2])
    ban_impose(by=admin_user, player=cheat.player, reason="renonc B")
    with pytest.raises(ValidationError) as exc:
        draw.seat_swap(by=director, seat=seat, entry=cheat)
    assert "banned" in exc.value.message_dict["entry"][0]
    assert seated(round) == before
    assert len(people) == 9


def test_only_directors_draw(tournament: Tournament, field: Field) -> None:
    field(8)
    round = RoundFactory(tournament=tournament, number=1)
    with pytest.raises(PermissionDenied):
        draw.round_draw_start(by=UserFactory(), round=round)


def test_assigned_directors_only_when_assigned(tournament: Tournament, field: Field) -> None:
    field(8)
    round = RoundFactory(tournament=tournament, number=1)
    other_director = UserFactory(roles=["director"])
    with pytest.raises(PermissionDenied):
        draw.round_draw_start(by=other_director, round=round)
    tournament.directors.clear()
    draw.round_draw_start(by=other_director, round=round)


def test_standings_draw_right_after_deals_uses_the_fresh_standings(
    django_capture_on_commit_callbacks: Any,
) -> None:
    """The worker fills Entry.rank a moment after each deal; a draw started before it ran
    must not seat by the old order (here: no order at all)."""
    from games import services as scoring
    from tests.games.conftest import make_round, make_setup, make_table

    s = make_setup(word="KO")
    second = make_table(s.round, line_judge=s.judge)
    for table in (s.table, second):  # B loses both deals: 0 of 2 won; the others 2 of 2
        for number in (1, 2):
            scoring.deal_record(by=s.judge, table=table, number=number, losers=["B"])
    assert not Entry.objects.filter(tournament=s.tournament, rank__isnull=False).exists()
    Entry.objects.filter(tournament=s.tournament).update(status="checked_in")

    next_round = make_round(s.tournament, status=RoundStatus.PLANNED, draw_method="standings")
    drawn = run_draw(django_capture_on_commit_callbacks, s.director, next_round, seed=1)

    losers = {table.seats.get(position="B").entry_id for table in (s.table, second)}
    assert set(seated(drawn)[1]) >= losers  # the two who lost everything sit together below
