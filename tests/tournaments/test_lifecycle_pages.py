"""The pages and the API ask the lifecycle: an action is offered only when it may happen now
(or shown disabled with the reason), and one that says what it will do asks to confirm."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.admin.models import LogEntry
from django.test import Client

from tests.factories import PlayingWordFactory
from tests.tournaments.results.conftest import Event, make_event
from tournaments.models import Round, RoundStatus, TournamentFormat, TournamentStatus

pytestmark = pytest.mark.django_db


def _director(e: Event) -> Client:
    client = Client()
    client.force_login(e.director)
    return client


def _played(e: Event) -> Round:
    r1 = e.round("abcd")
    e.play(r1, 1, "aaaaa")
    r1.refresh_from_db()
    assert r1.status == RoundStatus.FINISHED
    return r1


def test_the_rounds_page_before_round_one_offers_no_playoff() -> None:
    """Twelve checked in and no round played: everybody "ties" at the cut, yet there is no
    tie to settle and the page offers no play-off."""
    e = make_event("abcdefghijkl", final_size=4)
    page = _director(e).get(f"/tournaments/{e.tournament.slug}/rounds/")
    assert page.status_code == 200
    assert b'id="playoff-create"' not in page.content
    assert b"play-off" not in page.content.split(b'id="round-create"')[0].lower()


def test_the_next_round_tonight_is_not_offered_while_tonights_round_is_in_play() -> None:
    e = make_event("abcd", format=TournamentFormat.LEAGUE)
    Round.objects.create(
        tournament=e.tournament,
        number=1,
        night=dt.date.today(),
        word=PlayingWordFactory(),
        status=RoundStatus.PUBLISHED,
    )
    page = _director(e).get(f"/tournaments/{e.tournament.slug}/league/night/")
    html = page.content.decode()
    assert 'name="next_round" value="1" disabled' in html
    assert 'data-code="previous_unfinished"' in html and "Round 1 of tonight" in html


def test_mark_finished_with_tables_without_deals_asks_to_confirm_first() -> None:
    e = make_event("abcdefgh")
    r1 = e.round("abcd", "efgh")
    url = f"/tournaments/{e.tournament.slug}/rounds/1/finish/"
    asked = _director(e).post(url)
    assert asked.status_code == 200
    assert "Tables without a deal: 1, 2." in asked.content.decode()
    r1.refresh_from_db()
    assert r1.status == RoundStatus.PUBLISHED
    _director(e).post(url, {"confirm": "1"})
    r1.refresh_from_db()
    assert r1.status == RoundStatus.FINISHED


def test_finishing_the_tournament_asks_to_confirm_and_the_page_offers_an_audited_reopen() -> None:
    e = make_event("abcd")
    _played(e)
    client = _director(e)
    url = f"/tournaments/{e.tournament.slug}/status/"
    asked = client.post(url, {"status": "finished"})
    assert asked.status_code == 200 and "freezes" in asked.content.decode()
    assert 'name="status" value="finished"' in asked.content.decode()
    e.tournament.refresh_from_db()
    assert e.tournament.status == TournamentStatus.RUNNING

    client.post(url, {"status": "finished", "confirm": "1"})
    e.tournament.refresh_from_db()
    assert e.tournament.status == TournamentStatus.FINISHED
    detail = client.get(f"/tournaments/{e.tournament.slug}/").content.decode()
    assert 'data-action="reopen"' in detail and 'data-action="finish"' not in detail

    client.post(url, {"status": "running"})
    e.tournament.refresh_from_db()
    assert e.tournament.status == TournamentStatus.RUNNING
    assert LogEntry.objects.filter(object_id=str(e.tournament.pk)).exists()


def test_the_entries_page_of_a_finished_tournament_offers_no_entry_change() -> None:
    e = make_event("abcd")
    _played(e)
    _director(e).post(
        f"/tournaments/{e.tournament.slug}/status/", {"status": "finished", "confirm": "1"}
    )
    html = _director(e).get(f"/tournaments/{e.tournament.slug}/entries/").content.decode()
    assert 'data-code="tournament_finished"' in html
    assert "/withdraw/" not in html and "/check-in/" not in html


def test_the_api_finishes_a_tournament_only_with_confirm_and_says_what_it_freezes() -> None:
    e = make_event("abcd")
    _played(e)
    client = _director(e)
    url = f"/api/tournaments/{e.tournament.slug}/status/"
    refused = client.post(url, {"status": "finished"}, content_type="application/json")
    assert refused.status_code == 409 and "freezes" in refused.json()["confirm"][0]
    done = client.post(
        url, {"status": "finished", "confirm": True}, content_type="application/json"
    )
    assert done.status_code == 200 and done.json()["status"] == "finished"
    reopened = client.post(url, {"status": "running"}, content_type="application/json")
    assert reopened.status_code == 200 and reopened.json()["status"] == "running"


def test_the_api_finishes_a_round_without_deals_only_with_confirm() -> None:
    e = make_event("abcd")
    r1 = e.round("abcd")
    client = _director(e)
    url = f"/api/rounds/{r1.pk}/finish/"
    refused = client.post(url, {}, content_type="application/json")
    assert (
        refused.status_code == 409 and "Tables without a deal: 1." in refused.json()["confirm"][0]
    )
    assert client.post(url, {"confirm": True}, content_type="application/json").status_code == 200
    reopened = client.post(f"/api/rounds/{r1.pk}/reopen/", {}, content_type="application/json")
    assert reopened.status_code == 200 and reopened.json()["status"] == "published"


def test_the_api_lists_the_actions_of_a_tournament_and_a_round_with_their_reasons() -> None:
    e = make_event("abcd")
    planned = Round.objects.create(tournament=e.tournament, number=1, word=PlayingWordFactory())
    client = _director(e)
    listed = client.get(f"/api/tournaments/{e.tournament.slug}/actions/").json()["actions"]
    by_name = {a["action"]: a for a in listed}
    assert by_name["finish"]["allowed"] is False and by_name["finish"]["code"] == "round_planned"
    assert by_name["reopen"]["code"] == "transition"
    listed = client.get(f"/api/rounds/{planned.pk}/actions/").json()["actions"]
    by_name = {a["action"]: a for a in listed}
    assert by_name["draw"]["allowed"] is True
    assert by_name["delete_round"]["allowed"] is True and by_name["delete_round"]["confirm"]
    assert by_name["publish"]["code"] == "not_draft" and by_name["publish"]["reason"]

    deleted = client.post(f"/api/rounds/{planned.pk}/delete/", {}, content_type="application/json")
    assert deleted.status_code == 409  # deleting says what it deletes
    deleted = client.post(
        f"/api/rounds/{planned.pk}/delete/", {"confirm": True}, content_type="application/json"
    )
    assert deleted.status_code == 204 and not Round.objects.filter(pk=planned.pk).exists()


def test_the_public_sees_no_actions_of_a_draft_round() -> None:
    e = make_event("abcd")
    draft = Round.objects.create(
        tournament=e.tournament, number=1, word=PlayingWordFactory(), status=RoundStatus.DRAFT
    )
    assert Client().get(f"/api/rounds/{draft.pk}/actions/").status_code == 404
    public = Client().get(f"/api/tournaments/{e.tournament.slug}/actions/").json()["actions"]
    assert not any(a["allowed"] for a in public if a["action"] != "register")


def test_the_action_endpoints_are_in_the_schema() -> None:
    schema = Client().get("/api/schema/").content.decode()
    assert "/api/tournaments/{slug}/actions/" in schema and "/api/rounds/{id}/actions/" in schema
