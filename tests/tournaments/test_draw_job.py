"""The draw is computed once, in its job; a job that cannot draw leaves the round drawable.

A broker outage at draw time is tested for real in ``tests/integration/test_faults.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client

from scwu.api.errors import exception_handler
from scwu.broker import BrokerUnavailable
from tests.factories import RoundFactory
from tests.tournaments.results.conftest import Event, make_event
from tests.tournaments.test_draw import seated
from tournaments.models import Entry, Round, RoundStatus, Tournament
from tournaments.pairing import Draw, DrawRequest
from tournaments.services import draw

pytestmark = pytest.mark.django_db

Field = Callable[..., list[Entry]]


def test_the_draw_is_computed_once_in_its_job(
    monkeypatch: pytest.MonkeyPatch, director: User, tournament: Tournament, field: Field
) -> None:
    field(14)
    round = RoundFactory(tournament=tournament, number=1)
    computed: list[DrawRequest] = []
    real = draw.draw_make

    def counting(request: DrawRequest) -> Draw:
        computed.append(request)
        return real(request)

    monkeypatch.setattr(draw, "draw_make", counting)
    draw.round_draw_start(by=director, round=round, seed=11)
    round.refresh_from_db()
    assert round.status == RoundStatus.DRAFT
    assert len(computed) == 1, "the request must not compute a dry run of the draw"
    assert computed[0].seed == 11
    # and what is stored is that one computation, which the stored inputs reproduce
    assert seated(round) == [list(t) for t in real(computed[0]).tables]
    assert seated(round) == [list(t) for t in draw.draw_replay(round.draw_inputs).tables]


def test_the_request_still_refuses_at_once_what_the_director_can_fix(
    director: User, tournament: Tournament, field: Field
) -> None:
    field(7)  # seven players cannot be seated at tables of four to six
    round = RoundFactory(tournament=tournament, number=1)
    with pytest.raises(ValidationError) as refused:
        draw.round_draw_start(by=director, round=round)
    assert "entries" in refused.value.message_dict
    round.refresh_from_db()
    assert round.status == RoundStatus.PLANNED


def _tied_at_the_cut() -> tuple[Event, Round]:
    """b and f tie at the final's cut (5th of eight, final of five), and a final planned."""
    e = make_event("abcdefgh", final_size=5)
    r1 = e.round("abcd", "efgh")
    e.play(r1, 1, "abbddddd")
    e.play(r1, 2, "effhhhhh")
    final = RoundFactory(
        tournament=e.tournament, number=2, stage="final", draw_method="seeded_final"
    )
    return e, final


def test_a_seeded_final_over_a_tie_at_the_cut_is_refused_before_any_job() -> None:
    e, final = _tied_at_the_cut()
    with pytest.raises(ValidationError) as refused:
        draw.round_draw_start(by=e.director, round=final)
    assert "play-off" in " ".join(refused.value.messages)
    final.refresh_from_db()
    assert final.status == RoundStatus.PLANNED and not final.draw_task_id


def test_a_draw_job_refused_by_the_rules_leaves_the_round_planned_with_the_reason() -> None:
    # A tie at the final's cut that arose after the draw was started (a deal corrected).
    _e, final = _tied_at_the_cut()
    Round.objects.filter(pk=final.pk).update(status=RoundStatus.DRAWING, draw_task_id="job")
    done = draw.round_draw_run(round_id=final.pk, seed=1, job="job")
    assert done.status == RoundStatus.PLANNED
    assert "play-off" in done.draw_error
    assert not done.tables.exists()


def test_a_draw_job_that_fails_leaves_the_round_drawable_and_says_so(
    tournament: Tournament, field: Field
) -> None:
    field(8)
    round = RoundFactory(
        tournament=tournament,
        number=1,
        draw_method="retired",  # a method since retired (the column holds 14 characters)
        status=RoundStatus.DRAWING,
        draw_task_id="job",
    )
    with pytest.raises(ValueError):  # the job fails (and is logged as failed) ...
        draw.round_draw_run(round_id=round.pk, seed=1, job="job")
    round.refresh_from_db()
    # ... and the round is not left drawing: the page shows why and offers the draw again
    assert round.status == RoundStatus.PLANNED
    assert round.draw_error


def test_a_failed_draw_again_keeps_the_earlier_draft(
    director: User, tournament: Tournament, field: Field
) -> None:
    field(8)
    round = RoundFactory(tournament=tournament, number=1)
    draw.round_draw_start(by=director, round=round, seed=3)
    round.refresh_from_db()
    before = seated(round)
    Round.objects.filter(pk=round.pk).update(
        status=RoundStatus.DRAWING, draw_method="retired", draw_task_id="again"
    )
    with pytest.raises(ValueError):
        draw.round_draw_run(round_id=round.pk, seed=4, job="again")
    round.refresh_from_db()
    assert round.status == RoundStatus.DRAFT
    assert seated(round) == before


def test_a_round_left_drawing_can_be_drawn_again_and_the_replaced_job_does_nothing(
    director: User, tournament: Tournament, field: Field
) -> None:
    field(8)
    # given a draw whose job was lost (the round says drawing, nothing will finish it)
    round = RoundFactory(
        tournament=tournament, number=1, status=RoundStatus.DRAWING, draw_task_id="lost"
    )
    # when the director starts the draw again, it is drawn
    draw.round_draw_start(by=director, round=round, seed=9)
    round.refresh_from_db()
    assert round.status == RoundStatus.DRAFT
    drawn = seated(round)
    # and the lost job, delivered late, changes nothing
    Round.objects.filter(pk=round.pk).update(status=RoundStatus.DRAWING)
    draw.round_draw_run(round_id=round.pk, seed=1, job="lost")
    round.refresh_from_db()
    assert round.status == RoundStatus.DRAWING and seated(round) == drawn


def test_the_drawing_page_offers_to_start_the_draw_again(
    client: Client, director: User, tournament: Tournament, field: Field
) -> None:
    field(8)
    RoundFactory(tournament=tournament, number=1, status=RoundStatus.DRAWING)
    client.force_login(director)
    page = client.get(f"/tournaments/{tournament.slug}/rounds/1/manage/")
    assert page.status_code == 200
    assert b'id="draw-progress"' in page.content
    assert b'id="draw-form"' in page.content and b'id="draw-restart-note"' in page.content


def test_an_unreachable_job_queue_is_a_503_with_retry_after() -> None:
    answer = exception_handler(BrokerUnavailable("round"), {})
    assert answer is not None
    assert answer.status_code == 503
    assert answer["Retry-After"]
    assert "try again" in str(answer.data["round"][0])


def test_an_unreachable_job_queue_is_a_503_in_the_schema(client: Client) -> None:
    schema = client.get("/api/schema/?format=json")
    assert schema.status_code == 200
    answers: dict[str, Any] = schema.json()["paths"]["/api/rounds/{id}/draw/"]["post"]["responses"]
    assert "job queue" in answers["503"]["description"]
