"""A tournament's online table: its finished deals are the scorekeeping game's deals, as
full SCN records, and its seat results (the standings input) follow."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from engine import score_record
from games.models import DealEntry, GameStatus, SeatResult
from games.online import services
from games.online.models import OnlineGame, OnlineStatus
from tests.online.conftest import OnlineTournament, make_online_tournament
from tests.online.helpers import play_to_end

pytestmark = pytest.mark.django_db(transaction=True)


def test_finished_deals_are_recorded_as_scn_and_reach_the_seat_results(
    online_tournament: OnlineTournament,
) -> None:
    t = online_tournament
    game = services.online_game_start(by=t.director, table=t.table)
    assert game.status == OnlineStatus.RUNNING
    assert {s.seat: s.user_id for s in game.seats.all()} == {
        seat: user.pk for seat, user in t.players.items()
    }

    play_to_end(game.pk, t.players)

    row = OnlineGame.objects.get(pk=game.pk)
    assert row.status == OnlineStatus.FINISHED
    deals = list(DealEntry.objects.filter(game__table=t.table).order_by("number"))
    assert deals and [d.number for d in deals] == list(range(1, len(deals) + 1))
    for deal in deals:
        assert deal.mode == "record"
        assert deal.record["online"]["game"] == row.pk
        assert [s.code for s in score_record(deal.record).loser] == deal.losers
    scorekeeping = deals[0].game
    assert scorekeeping.status == GameStatus.FINISHED
    results = {r.seat.position: r for r in SeatResult.objects.filter(game=scorekeeping)}
    assert set(results) == set("ABCD")
    lost = {seat: sum(seat in d.losers for d in deals) for seat in "ABCD"}
    assert {seat: r.deals_lost for seat, r in results.items()} == lost
    assert {seat: r.deals_played for seat, r in results.items()} == dict.fromkeys(
        "ABCD", len(deals)
    )
    assert sum(r.placka for r in results.values()) >= 1


def test_only_directors_and_referees_open_an_online_table(
    online_tournament: OnlineTournament,
) -> None:
    with pytest.raises(PermissionDenied):
        services.online_game_start(by=online_tournament.players["A"], table=online_tournament.table)
    assert not OnlineGame.objects.exists()


def test_a_tournament_table_seats_bots_only_when_the_tournament_allows_them(
    transactional_db: None,
) -> None:
    strict = make_online_tournament(allow_bots=False)
    with pytest.raises(ValidationError) as refused:
        services.online_game_start(by=strict.director, table=strict.table, bots={"D": True})
    assert "bots" in refused.value.message_dict
    assert not OnlineGame.objects.exists()

    relaxed = make_online_tournament(allow_bots=True)
    game = services.online_game_start(by=relaxed.director, table=relaxed.table, bots={"D": True})
    assert game.seats.get(seat="D").is_bot


def test_a_seat_without_a_user_account_cannot_play_online(
    online_tournament: OnlineTournament,
) -> None:
    seat = online_tournament.table.seats.get(position="C")
    seat.entry.player.user = None
    seat.entry.player.save()
    with pytest.raises(ValidationError) as refused:
        services.online_game_start(by=online_tournament.director, table=online_tournament.table)
    assert "C" in str(refused.value)


def test_a_physical_table_is_not_opened_online(online_tournament: OnlineTournament) -> None:
    table = online_tournament.table
    table.kind = "physical"
    table.save()
    with pytest.raises(ValidationError):
        services.online_game_start(by=online_tournament.director, table=table)
    assert not OnlineGame.objects.exists()
