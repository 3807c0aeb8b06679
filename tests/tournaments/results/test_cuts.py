"""The cut, wherever places are decided: one play-off for every cut, each refusal with its
reason, no final or small final over a tied or undecided cut, and no draft on a public page."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import PlayingWordFactory
from tests.tournaments.results.conftest import make_event
from tests.tournaments.results.test_formats import _api, _basic, _ids, _run_draw, _seated
from tournaments.lifecycle import Action, Context, refusal
from tournaments.models import Round, RoundStage, RoundStatus
from tournaments.results.playoff import PlayoffProblem, playoff_seating
from tournaments.results.selectors import tournament_results
from tournaments.results.services import results_changed
from tournaments.services import draw, rounds
from tournaments.services.playoff import playoff_create
from tournaments.standings import Entrant, GameLine, standings_compute

pytestmark = pytest.mark.django_db


def _code(exc: pytest.ExceptionInfo[ValidationError]) -> set[str | None]:
    return {error.code for errors in exc.value.error_dict.values() for error in errors}


def test_a_tie_at_the_small_finals_cut_is_settled_by_the_same_playoff_as_the_finals(
    django_capture_on_commit_callbacks: Any,
) -> None:
    # Final of six (c g k a e i), small final of four: b f j, and one of d h l tied at 10th.
    e = make_event("abcdefghijkl", final_size=6, has_small_final=True, small_final_size=4)
    _basic(e)
    slug = e.tournament.slug
    small_cut = tournament_results(e.tournament, include_unreleased=True).standings.small_cut
    assert small_cut is not None and small_cut.tie is not None
    assert set(small_cut.tie.player_ids) == {e.pid(x) for x in "dhl"}
    # The API's standings name the small final's cut beside the final's.
    document = _api(e).get(f"/api/tournaments/{slug}/standings/").json()
    assert document["cut"]["size"] == 6 and not document["cut"]["needs_playoff"]
    assert document["small_cut"]["size"] == 10 and document["small_cut"]["needs_playoff"]
    assert set(document["small_cut"]["tie"]["player_ids"]) == set(small_cut.tie.player_ids)
    # The small final waits for its cut, and says which cut.
    with pytest.raises(ValidationError) as refused:
        rounds.round_create(
            by=e.director,
            tournament=e.tournament,
            word=PlayingWordFactory(letters="AB"),
            stage=RoundStage.SMALL_FINAL,
        )
    assert _code(refused) == {"cut_tied"} and "the small final's cut" in str(refused.value)

    # The one play-off action serves the small final's cut (it answered "Nobody ties").
    answer = _api(e).post(f"/api/tournaments/{slug}/playoff/", {}, format="json")
    assert answer.status_code == 201, answer.json()
    playoff = Round.objects.get(pk=answer.json()["id"])
    assert _ids(e, "dhl") < _seated(playoff) and len(_seated(playoff)) == 4
    playoff.tables.update(line_judge=e.judge)
    e.play(playoff, 1, "lhhhhh")  # h takes the placka, l lost one deal, d none: d is through

    standings = tournament_results(e.tournament, include_unreleased=True).standings
    assert standings.small_cut is not None and standings.small_cut.resolved_by_playoff
    assert e.pid("d") in standings.small_cut.qualified
    assert not {e.pid("h"), e.pid("l")} & set(standings.small_cut.qualified)
    assert standings.row(e.pid("d")).place == 10 and standings.row(e.pid("l")).place == 11
    settled = _api(e).get(f"/api/tournaments/{slug}/standings/").json()["small_cut"]
    assert settled["resolved_by_playoff"] and e.pid("d") in settled["qualified"]

    final = rounds.round_create(
        by=e.director, tournament=e.tournament, word=PlayingWordFactory(letters="AB"),
        stage=RoundStage.FINAL,
    )  # fmt: skip
    small = rounds.round_create(
        by=e.director, tournament=e.tournament, word=PlayingWordFactory(letters="AB"),
        stage=RoundStage.SMALL_FINAL,
    )  # fmt: skip
    final = _run_draw(django_capture_on_commit_callbacks, e, final)
    small = _run_draw(django_capture_on_commit_callbacks, e, small)
    assert small.status == RoundStatus.DRAFT, small.draw_error
    assert _seated(final) == _ids(e, "cgkaei")
    assert _seated(small) == _ids(e, "bfjd")
    draw.round_draw_publish(by=e.director, round=final)
    draw.round_draw_publish(by=e.director, round=small)
    classification = tournament_results(e.tournament).classification
    assert classification is not None
    assert classification.row(e.pid("d")).stage == "small_final"
    assert classification.row(e.pid("l")).stage == "basic_rounds"


def test_each_playoff_refusal_names_its_own_reason() -> None:
    e = make_event("abcdefgh", final_size=5)
    t = e.tournament

    def code() -> str | None:
        found = refusal(Action.CREATE_PLAYOFF, t, Context(by=e.director))
        return None if found is None else found.code

    assert code() == "no_rounds_played"
    r1 = e.round("abcd", "efgh")
    e.play(r1, 1, "abbddddd")  # table 1 done, table 2 still playing
    assert code() == "basic_unfinished"
    e.play(r1, 2, "effhhhhh")  # b and f tie at the cut (5th)
    assert code() is None
    playoff_create(by=e.director, tournament=t)
    assert code() == "playoff_pending"
    answer = _api(e).post(f"/api/tournaments/{t.slug}/playoff/", {}, format="json")
    assert answer.status_code == 409
    assert "already being played" in str(answer.json()) and "Nobody ties" not in str(answer.json())


def test_no_playoff_without_a_tie_says_at_which_cut() -> None:
    settled = make_event("abcdefgh", final_size=4)
    r1 = settled.round("abcd", "efgh")
    settled.play(r1, 1, "abbddddd")
    settled.play(r1, 2, "effhhhhh")
    found = refusal(Action.CREATE_PLAYOFF, settled.tournament)
    assert found is not None and found.code == "no_tie"
    assert "final's cut" in str(found.message)


def test_a_tie_larger_than_a_table_is_refused_by_the_one_table_playoff_only() -> None:
    wide = make_event("abcdefghijkl", final_size=4)  # nine players tie at 1st for 4 spots
    r1 = wide.round("abcd", "efgh", "ijkl")
    for n, seats in enumerate(("abcd", "efgh", "ijkl"), start=1):
        wide.play(r1, n, seats[:3] * 4 + seats[3] * 5)  # three of each table 13/17
    found = refusal(Action.CREATE_PLAYOFF, wide.tournament)
    assert found is not None and found.code == "tie_too_large"
    # ... which the director seats by hand: a play-off round may be created for it.
    assert refusal(Action.CREATE_ROUND, wide.tournament, Context(stage="playoff")) is None


def test_a_playoff_table_of_four_needs_four_players_who_may_qualify() -> None:
    standings = standings_compute(
        entrants=[Entrant(1, "A"), Entrant(2, "B"), Entrant(3, "C")],
        lines=[GameLine(1, 1, 4, 0), GameLine(2, 1, 4, 1), GameLine(3, 1, 4, 1)],
        cut_size=2,
    )
    assert playoff_seating(standings).problem is PlayoffProblem.FIELD_TOO_SMALL


def test_a_final_over_a_tied_cut_is_refused_and_the_playoff_stays_the_way_on() -> None:
    e = make_event("abcdefgh", final_size=5)
    r1 = e.round("abcd", "efgh")
    e.play(r1, 1, "abbddddd")
    word = PlayingWordFactory(letters="AB")
    # Round 1 still being played: no final yet.
    answer = _api(e).post(
        f"/api/tournaments/{e.tournament.slug}/rounds/",
        {"word": word.pk, "stage": "final"},
        format="json",
    )
    assert answer.status_code == 409 and "Round 1 is not finished" in str(answer.json())
    e.play(r1, 2, "effhhhhh")  # b and f tie at the cut
    answer = _api(e).post(
        f"/api/tournaments/{e.tournament.slug}/rounds/",
        {"word": word.pk, "stage": "final"},
        format="json",
    )
    assert answer.status_code == 409, answer.json()  # it was 201, and the tournament stuck
    assert "play-off" in str(answer.json())
    assert not Round.objects.filter(stage=RoundStage.FINAL).exists()
    # A final that exists anyway (written around the services) is drawn by no one ...
    final = Round.objects.create(
        tournament=e.tournament, number=2, stage=RoundStage.FINAL, word=word
    )
    with pytest.raises(ValidationError) as refused:
        draw.round_draw_manual(
            by=e.director, round=final, tables=[[e.p[x].pk for x in "cgaeb"]]
        )  # one of the two tied players
    assert _code(refused) == {"cut_tied"}
    # ... and the way on is the play-off, played before the final (deleted, planned again).
    final.delete()
    playoff = playoff_create(by=e.director, tournament=e.tournament)
    playoff.tables.update(line_judge=e.judge)
    e.play(playoff, 1, "fffff")  # f completes TONDA (the last basic word): b is through
    final = rounds.round_create(
        by=e.director, tournament=e.tournament, word=word, stage=RoundStage.FINAL
    )
    answer = _api(e).post(
        f"/api/rounds/{final.pk}/draw/manual/",
        {"tables": [[e.p[x].pk for x in "cgaef"]]},
        format="json",
    )
    assert answer.status_code == 409 and "exactly the players through its cut" in str(answer.json())
    answer = _api(e).post(
        f"/api/rounds/{final.pk}/draw/manual/",
        {"tables": [[e.p[x].pk for x in "cgaeb"]]},
        format="json",
    )
    assert answer.status_code == 200, answer.json()


def test_a_small_final_drawn_by_hand_seats_exactly_its_size() -> None:
    # Final of six; small final of four: b f j, and one of d h l tied at 10th.
    e = make_event("abcdefghijkl", final_size=6, has_small_final=True, small_final_size=4)
    _basic(e)
    small = Round.objects.create(  # as it could be created before: over the tied cut
        tournament=e.tournament,
        number=2,
        stage=RoundStage.SMALL_FINAL,
        word=PlayingWordFactory(letters="AB"),
    )
    with pytest.raises(ValidationError) as refused:
        draw.round_draw_manual(
            by=e.director, round=small, tables=[[e.p[x].pk for x in "bfjdh"]]
        )  # five seats, size four, both tied players: it was accepted
    assert _code(refused) == {"cut_tied"}
    small.delete()  # the way on: the play-off first
    playoff = playoff_create(by=e.director, tournament=e.tournament)
    playoff.tables.update(line_judge=e.judge)
    e.play(playoff, 1, "lhhhhh")  # d is through
    small = rounds.round_create(
        by=e.director,
        tournament=e.tournament,
        word=PlayingWordFactory(letters="AB"),
        stage=RoundStage.SMALL_FINAL,
    )
    with pytest.raises(ValidationError) as refused:
        draw.round_draw_manual(by=e.director, round=small, tables=[[e.p[x].pk for x in "bfjdl"]])
    assert _code(refused) == {"not_qualified"} and "(4)" in str(refused.value)
    draw.round_draw_manual(by=e.director, round=small, tables=[[e.p[x].pk for x in "bfjd"]])
    assert _seated(small) == _ids(e, "bfjd")


def test_a_draft_final_never_reaches_the_public_classification_or_final_page() -> None:
    e = make_event("abcdefgh", final_size=4)
    r1 = e.round("abcd", "efgh")
    e.play(r1, 1, "abbddddd")
    e.play(r1, 2, "effhhhhh")  # c g 1st, a e 3rd: the final of four is settled
    final = rounds.round_create(
        by=e.director,
        tournament=e.tournament,
        word=PlayingWordFactory(letters="AB"),
        stage=RoundStage.FINAL,
    )
    draw.round_draw_manual(by=e.director, round=final, tables=[[e.p[x].pk for x in "cgae"]])
    assert Round.objects.get(pk=final.pk).status == RoundStatus.DRAFT
    results_changed(e.tournament.pk)  # as any later deal does: the public read is fresh
    assert tournament_results(e.tournament).classification is None
    directors = tournament_results(e.tournament, include_unreleased=True).classification
    assert directors is not None  # those who run the tournament see their draft
    page = Client().get(f"/tournaments/{e.tournament.slug}/results/final/").content.decode()
    assert "the final has not been played yet" in page
    draw.round_draw_publish(by=e.director, round=final)
    assert tournament_results(e.tournament).classification is not None


def test_the_rounds_page_offers_no_playoff_before_round_one() -> None:
    e = make_event("abcdefghijkl", final_size=4)  # 12 checked in, no round yet
    page = Client()
    page.force_login(e.director)
    text = page.get(f"/tournaments/{e.tournament.slug}/rounds/").content.decode()
    assert 'id="playoff-create"' not in text and "The cut is tied" not in text
    public = Client().get(f"/tournaments/{e.tournament.slug}/results/").content.decode()
    assert "The cut is tied" not in public and 'id="cut-playoff"' not in public
    answer = APIClient().get(f"/api/tournaments/{e.tournament.slug}/standings/")
    assert answer.json()["cut"] is None
    # The round form offers no final yet, and says why.
    assert 'value="final"' not in text
    assert "No basic round has been played yet" in text


def test_the_rounds_page_offers_the_playoff_of_the_small_finals_cut() -> None:
    e = make_event("abcdefghijkl", final_size=6, has_small_final=True, small_final_size=4)
    _basic(e)
    page = Client()
    page.force_login(e.director)
    url = f"/tournaments/{e.tournament.slug}/rounds/"
    text = page.get(url).content.decode()
    assert "The small final's cut is tied at place 10" in text
    assert 'id="playoff-refused"' not in text
    assert 'value="final"' in text and 'value="small_final"' not in text
    answer = page.post(f"/tournaments/{e.tournament.slug}/playoff/")
    assert answer.status_code == 302
    text = page.get(url).content.decode()
    assert 'id="playoff-refused"' in text and "already being played" in text
