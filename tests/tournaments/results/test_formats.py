"""Formats a director sets (the final's placka mode, word and places; the small final; the
play-off of a tie at the cut; seat swaps in a final draft) and the one tournament figure,
through the services, the API and the pages."""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from rest_framework.test import APIClient

from games import services
from games.models import TableGame
from tests.factories import PlayingWordFactory
from tests.tournaments.results.conftest import Event, make_event
from tournaments.exports.rows import rate_percent
from tournaments.models import Placing, Round, RoundStage, RoundStatus, TableSeat
from tournaments.models.rounds import DrawMethod, PlackaModeChoice
from tournaments.results.selectors import tournament_results
from tournaments.results.services import results_recompute
from tournaments.services import draw, rounds

pytestmark = pytest.mark.django_db


def _api(e: Event) -> APIClient:
    client = APIClient()
    client.force_authenticate(e.director)
    return client


def _basic(e: Event) -> Round:
    """12 players, one basic round: c, g, k 8/8 (1st); a, e, i 7/8 (4th); b, f, j 6/8
    (7th); d, h, l 3/8 (10th, each with the placka)."""
    r1 = e.round("abcd", "efgh", "ijkl")
    e.play(r1, 1, "abbddddd")
    e.play(r1, 2, "effhhhhh")
    e.play(r1, 3, "ijjlllll")
    assert Round.objects.get(pk=r1.pk).status == RoundStatus.FINISHED
    return r1


def _run_draw(capture: Any, e: Event, round_: Round, **kwargs: Any) -> Round:
    with capture(execute=True):
        draw.round_draw_start(by=e.director, round=round_, **kwargs)
    return Round.objects.get(pk=round_.pk)


def _seated(round_: Round) -> set[int]:
    return set(TableSeat.objects.filter(table__round=round_).values_list("entry_id", flat=True))


def _ids(e: Event, names: str) -> set[int]:
    return {e.p[n].pk for n in names}


def _lose_seats(e: Event, round_: Round, seats: str) -> None:
    """Record deals at the round's table by the losing seat. At five or six the dealer
    (the last loser) sits out, so nobody loses two deals running there."""
    table = round_.tables.get()
    for seat in seats:
        services.deal_record(by=e.judge, table=table, losers=[seat])


def _name_at(e: Event, round_: Round, position: str) -> str:
    entry_id = TableSeat.objects.get(table__round=round_, position=position).entry_id
    return next(n for n, entry in e.p.items() if entry.pk == entry_id)


def test_a_final_from_the_api_is_an_elimination_final_whose_format_holds_until_it_starts(
    django_capture_on_commit_callbacks: Any,
) -> None:
    e = make_event("abcdefghijkl", final_size=6)
    _basic(e)
    word, other = PlayingWordFactory(letters="AB"), PlayingWordFactory(letters="ABC")
    slug = e.tournament.slug
    api = _api(e)

    answer = api.post(f"/api/tournaments/{slug}/rounds/", {"word": word.pk, "stage": "final"})
    assert answer.status_code == 201, answer.json()
    assert answer.json()["placka_mode"] == PlackaModeChoice.ELIMINATION
    assert answer.json()["first_place"] is None
    final = Round.objects.get(pk=answer.json()["id"])

    # The word, the mode and the places decided change until the game starts.
    url = f"/api/rounds/{final.pk}/update/"
    answer = api.patch(url, {"word": other.pk, "first_place": 1}, format="json")
    assert answer.status_code == 200, answer.json()
    assert (answer.json()["word"], answer.json()["first_place"]) == ("ABC", 1)
    for bad, field in [({"first_place": 0}, "first_place"), ({"placka_mode": "x"}, "placka_mode")]:
        refused = api.patch(url, bad, format="json")
        assert refused.status_code == 400 and field in refused.json()
    api.patch(url, {"word": word.pk}, format="json")

    final = _run_draw(django_capture_on_commit_callbacks, e, final)
    assert final.status == RoundStatus.DRAFT
    assert _seated(final) == _ids(e, "cgkaei")
    # Seat swaps work in a final draft: two finalists change seats.
    seat_a, seat_b = TableSeat.objects.filter(table__round=final).order_by("position")[:2]
    answer = api.post(
        f"/api/rounds/{final.pk}/swap/", {"seat": seat_a.pk, "entry": seat_b.entry_id}
    )
    assert answer.status_code == 200, answer.json()
    assert TableSeat.objects.get(table__round=final, position="A").entry_id == seat_b.entry_id
    assert TableSeat.objects.get(table__round=final, position="B").entry_id == seat_a.entry_id
    final = draw.round_draw_publish(by=e.director, round=final)
    final.tables.update(line_judge=e.judge)
    # The word alone has its own address under the same rule: published, not yet started.
    word_url = f"/api/rounds/{final.pk}/word/"
    answer = api.post(word_url, {"word": other.pk})
    assert answer.status_code == 200 and answer.json()["word"] == "ABC", answer.json()
    api.post(word_url, {"word": word.pk})

    _lose_seats(e, final, "B")  # the game has started
    refused = api.post(word_url, {"word": other.pk})
    assert refused.status_code == 409 and "has started" in str(refused.json())
    answer = api.patch(url, {"placka_mode": PlackaModeChoice.UNTIL_FIRST_PLACKA}, format="json")
    assert answer.status_code == 409
    assert "has started" in str(answer.json())
    final.refresh_from_db()
    assert (final.placka_mode, final.word_id) == (PlackaModeChoice.ELIMINATION, word.pk)

    # One placka (B completes AB) in an elimination final of six: still being played.
    _lose_seats(e, final, "CDB")
    assert TableGame.objects.get(table__round=final).status == "running"
    classification = tournament_results(e.tournament).classification
    assert classification is not None and not classification.is_complete
    assert classification.row(e.pid(_name_at(e, final, "B"))).place == 6
    assert {classification.row(e.pid(x)).place for x in "cgkaei"} == {None, 6}


def test_format_refusals_name_the_field_and_change_nothing() -> None:
    e = make_event("abcd")
    basic = e.round("abcd")
    with pytest.raises(ValidationError) as exc:
        rounds.round_format_set(by=e.director, round=basic, first_place=3)
    assert "first_place" in exc.value.message_dict
    with pytest.raises(PermissionDenied):
        rounds.round_format_set(by=e.judge, round=basic, placka_mode=PlackaModeChoice.ELIMINATION)
    basic.refresh_from_db()
    assert (basic.placka_mode, basic.first_place) == (PlackaModeChoice.UNTIL_FIRST_PLACKA, None)
    page = Client()
    page.force_login(e.director)
    answer = page.post(
        f"/tournaments/{e.tournament.slug}/rounds/1/format/",
        {"word": basic.word_id, "placka_mode": "elimination", "first_place": "2"},
        follow=True,
    )
    assert "Only a final or a small final decides places." in answer.content.decode()
    assert Round.objects.get(pk=basic.pk).placka_mode == PlackaModeChoice.UNTIL_FIRST_PLACKA
    # The round page's format form saves a valid change.
    manage_url = f"/tournaments/{e.tournament.slug}/rounds/1/manage/"
    assert 'id="round-format-form"' in page.get(manage_url).content.decode()
    answer = page.post(
        f"/tournaments/{e.tournament.slug}/rounds/1/format/",
        {"word": basic.word_id, "placka_mode": "elimination", "first_place": ""},
        follow=True,
    )
    assert "The round&#x27;s format is saved." in answer.content.decode()
    assert Round.objects.get(pk=basic.pk).placka_mode == PlackaModeChoice.ELIMINATION
    e.play(basic, 1, "a")  # the game starts: the form is gone from the page
    assert 'id="round-format-form"' not in page.get(manage_url).content.decode()


def test_playoff_final_and_small_final_played_together_and_the_tournament_figure(
    django_capture_on_commit_callbacks: Any,
) -> None:
    e = make_event("abcdefghijkl", final_size=5, has_small_final=True, small_final_size=4)
    _basic(e)
    slug = e.tournament.slug
    cut = tournament_results(e.tournament, include_unreleased=True).standings.cut
    assert cut is not None and cut.needs_playoff
    assert set(cut.tie.player_ids) == {e.pid(x) for x in "aei"}  # type: ignore[union-attr]

    # A play-off round drawn by default seats the tie and one filler only.
    page = Client()
    page.force_login(e.director)
    assert 'id="playoff-create"' in page.get(f"/tournaments/{slug}/rounds/").content.decode()
    by_draw = rounds.round_create(
        by=e.director, tournament=e.tournament, word=PlayingWordFactory(letters="AB"),
        stage=RoundStage.PLAYOFF,
    )  # fmt: skip
    by_draw = _run_draw(django_capture_on_commit_callbacks, e, by_draw)
    seated = _seated(by_draw)
    assert len(seated) == 4 and _ids(e, "aei") < seated
    (filler,) = seated - _ids(e, "aei")
    assert filler in _ids(e, "bfj")  # just below the cut
    # A manual draw of the tied players (and the filler) is accepted: nobody else needs a
    # seat; anybody else is refused.
    tied_first = [e.p[x].pk for x in "iae"]
    draw.round_draw_manual(by=e.director, round=by_draw, tables=[[*tied_first, filler]])
    assert _seated(by_draw) == seated
    with pytest.raises(ValidationError) as exc:
        draw.round_draw_manual(by=e.director, round=by_draw, tables=[[*tied_first, e.p["d"].pk]])
    assert "not an entrant of this round" in str(exc.value)
    by_draw.delete()

    # The director's one action (the API here; the rounds page has the same button).
    word = PlayingWordFactory(letters="AB")
    answer = _api(e).post(f"/api/tournaments/{slug}/playoff/", {"word": word.pk})
    assert answer.status_code == 201, answer.json()
    playoff = Round.objects.get(pk=answer.json()["id"])
    assert (playoff.stage, playoff.status) == (RoundStage.PLAYOFF, RoundStatus.PUBLISHED)
    assert _seated(playoff) == seated
    assert playoff.draw_report["fillers"] == [filler]
    again = _api(e).post(f"/api/tournaments/{slug}/playoff/", {})
    assert again.status_code == 409 and "already being played" in str(again.json())

    playoff.tables.update(line_judge=e.judge)
    e.play(playoff, 1, "aa")  # a takes the placka first: e and i go through
    cut = tournament_results(e.tournament, include_unreleased=True).standings.cut
    assert cut is not None and cut.is_resolved
    assert set(cut.qualified) == {e.pid(x) for x in "cgkei"}

    final = rounds.round_create(
        by=e.director, tournament=e.tournament, word=word, stage=RoundStage.FINAL
    )
    small = rounds.round_create(
        by=e.director,
        tournament=e.tournament,
        word=PlayingWordFactory(letters="KOCK"),
        stage=RoundStage.SMALL_FINAL,
    )
    assert (small.placka_mode, small.draw_method) == (
        PlackaModeChoice.ELIMINATION,
        DrawMethod.SEEDED_FINAL,
    )
    final = _run_draw(django_capture_on_commit_callbacks, e, final)
    assert _seated(final) == _ids(e, "cgkei")
    # The play-off is no meeting for later draws.
    assert playoff.number not in {r["number"] for r in final.draw_inputs["history"]}
    final = draw.round_draw_publish(by=e.director, round=final)
    final.tables.update(line_judge=e.judge)
    _lose_seats(e, final, "B")  # the final is running...

    small = _run_draw(django_capture_on_commit_callbacks, e, small)  # ...and it is not blocked
    assert small.status == RoundStatus.DRAFT, small.draw_error
    assert _seated(small) == _ids(e, "abfj")  # the next four, non-finalists only
    small = draw.round_draw_publish(by=e.director, round=small)
    small.tables.update(line_judge=e.judge)

    # B out (5th), then C (4th): three remain, all clean in the final, and share 1st.
    _lose_seats(e, final, "CBC")
    _lose_seats(e, small, "BBBB")  # B completes KOCK: three remain, the small final ends
    fifth, fourth = _name_at(e, final, "B"), _name_at(e, final, "C")
    small_last = _name_at(e, small, "B")
    results = tournament_results(e.tournament)
    c = results.classification
    assert c is not None and c.is_complete
    assert (c.row(e.pid(fifth)).place, c.row(e.pid(fourth)).place) == (5, 4)
    assert {c.row(e.pid(_name_at(e, final, x))).place for x in "ADE"} == {1}
    assert c.row(e.pid(small_last)).place == 9
    assert {c.row(e.pid(x)).place for x in "abfj" if x != small_last} == {6}

    # The tournament figure: every counted deal, the final included, placky wherever taken;
    # the play-off counts for the tied players, never for the filler.
    figure = results.figures
    basic_lost = {"c": 0, "g": 0, "k": 0, "e": 1, "i": 1}[fifth]
    playoff_played = 2 if fifth in "ei" else 0  # e and i played the play-off's two deals
    played = 8 + playoff_played + 2
    # 5th: lost deals 1 and 3 of the final (sat out deal 2, dealt after losing deal 1)
    assert (figure[e.pid(fifth)].deals_played, figure[e.pid(fifth)].deals_lost) == (
        played,
        basic_lost + 2,
    )
    assert figure[e.pid(fifth)].placky == 1
    a_small = (4, 4) if small_last == "a" else (4, 0)
    assert (figure[e.pid("a")].deals_played, figure[e.pid("a")].deals_lost) == (
        8 + 2 + a_small[0],
        1 + 2 + a_small[1],
    )
    filler_name = next(n for n, entry in e.p.items() if entry.pk == filler)
    assert figure[e.pid(filler_name)].deals_played == 8 + 4  # basic + small final only
    results_recompute(e.tournament.pk)
    placing = Placing.objects.get(player_id=e.pid(fifth))
    assert (placing.place, placing.deals_played, placing.deals_lost, placing.placky) == (
        5,
        played,
        basic_lost + 2,
        1,
    )
    rate = str(rate_percent(Fraction(played - basic_lost - 2, played)))

    # The standings CSV and JSON carry the classification and the same figure.
    e.tournament.status = "finished"
    e.tournament.save(update_fields=["status"])
    body = Client().get(f"/tournaments/{slug}/results/standings.csv").content.decode("utf-8-sig")
    rows = {r["nickname"]: r for r in csv.DictReader(io.StringIO(body))}
    row = rows[e.p[fifth].player.nickname]
    assert (row["final_place"], row["placed_by"]) == ("5", "final")
    assert (row["tournament_deals_played"], row["tournament_success_rate"]) == (str(played), rate)
    document = APIClient().get(f"/api/tournaments/{slug}/standings/").json()
    json_row = next(r for r in document["classification"]["rows"] if r["player_id"] == e.pid(fifth))
    assert (json_row["place"], json_row["deals_played"], json_row["success_rate"]) == (
        5,
        played,
        float(rate),
    )
    # The live page of the finished tournament leads with the classification.
    live = Client().get(f"/tournaments/{slug}/results/").content.decode()
    assert 'id="classification-table"' in live and 'id="basic-rounds-note"' in live
    assert live.index('id="classification-table"') < live.index('id="standings"')


def test_the_best_place_a_small_final_decides_is_the_directors_choice() -> None:
    e = make_event("abcdefghijkl", final_size=4)
    _basic(e)
    e.round("cgka", stage=RoundStage.FINAL, word="AB", placka_mode="elimination")
    small = e.round("bfjd", stage=RoundStage.SMALL_FINAL, word="AB", placka_mode="elimination")
    with pytest.raises(ValidationError) as exc:
        rounds.round_format_set(by=e.director, round=small, first_place=1)
    assert "first_place" in exc.value.message_dict
    before = tournament_results(e.tournament).classification
    # by default the small final's block (still open) follows the final's: e, i are 9th
    assert before is not None and before.row(e.pid("e")).place == 9
    rounds.round_format_set(by=e.director, round=small, first_place=7)
    e.play(small, 1, "bb")  # b completes AB and leaves: f, j, d share the best place
    c = tournament_results(e.tournament).classification
    assert c is not None
    assert {x: c.row(e.pid(x)).place for x in "eifjdbhl"} == {
        "e": 5, "i": 5, "f": 7, "j": 7, "d": 7, "b": 10, "h": 11, "l": 11,
    }  # fmt: skip


def test_the_directors_page_creates_the_playoff_in_one_action() -> None:
    e = make_event("abcdefgh", final_size=5)
    r1 = e.round("abcd", "efgh")
    e.play(r1, 1, "abbddddd")  # c 1st; a 3rd; b 5th (tied with f at the cut); d 7th
    e.play(r1, 2, "effhhhhh")
    page = Client()
    page.force_login(e.director)
    slug = e.tournament.slug
    answer = page.post(f"/tournaments/{slug}/playoff/")
    playoff = Round.objects.get(stage=RoundStage.PLAYOFF)
    assert answer.status_code == 302
    assert answer["Location"] == f"/tournaments/{slug}/rounds/{playoff.number}/manage/"
    assert playoff.status == RoundStatus.PUBLISHED
    assert _seated(playoff) == _ids(e, "bfdh")  # the tie, filled to four from below the cut
    manage = page.get(answer["Location"]).content.decode()
    assert "play-off of the tie at the cut" in manage
    # A second click is refused with the reason, and nothing is written.
    again = page.post(f"/tournaments/{slug}/playoff/", follow=True).content.decode()
    assert "A play-off is already being played" in again
    assert Round.objects.filter(stage=RoundStage.PLAYOFF).count() == 1
