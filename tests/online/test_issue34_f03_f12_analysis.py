"""Issue 34, findings 3 and 12: the post-deal analysis.

3. It is computed once per deal, by the analysis job queued when the deal ends, stored, and
   served from storage: a request never computes it, and says "being analysed" until then.
12. While the game runs, a seat's analysis (its hand, its pass, the cards a deal ended early
   left unplayed) is shown to that seat's player only.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine import Ruleset
from games.analysis import deal_analyse, record_digest
from games.models import DealAnalysis, DealEntry
from games.online import replay, services
from games.online.models import OnlineGame
from tests.factories import PlayingWordFactory, UserFactory
from tests.online.conftest import OnlineTournament
from tests.online.helpers import play_to_end
from tests.online.test_levels_and_review import finish_first_deal, signed_in

pytestmark = pytest.mark.django_db(transaction=True)


def _practice(human: User, letters: str = "KOS") -> OnlineGame:
    word = PlayingWordFactory(letters=letters, label=letters, status="approved")
    game = services.online_practice_create(by=human, word=word, bots=3, bot_level="easy")
    finish_first_deal(game.pk, {"A": human})
    return game


def _digest(game: OnlineGame, number: int) -> str:
    row = OnlineGame.objects.get(pk=game.pk)
    record = dict(replay.game_replay(row).records[number - 1])
    return record_digest(record, Ruleset.from_json(row.ruleset))


def test_a_finished_deal_is_analysed_once_by_the_job_and_served_from_storage(
    human: User,
) -> None:
    game = _practice(human)
    digest = _digest(game, 1)
    stored = {row.seat: row.report for row in DealAnalysis.objects.filter(digest=digest)}
    assert set(stored) == set("ABCD"), "the job analysed every seat when the deal ended"

    api = f"/api/games/online/{game.pk}/deals/1/analysis/?seat=A"
    player = signed_in(human)
    served = player.get(api).json()
    assert {k: v for k, v in served.items() if k != "deal"} == stored["A"]

    # Nothing stored: the request says so and computes nothing.
    DealAnalysis.objects.filter(digest=digest).delete()
    pending = player.get(api)
    assert pending.status_code == 202 and pending.json()["status"] == "pending"
    page = player.get(f"/online/{game.pk}/deals/1/review/?seat=A").content.decode()
    assert 'id="review-pending"' in page and 'id="review-decisions"' not in page
    assert not DealAnalysis.objects.filter(digest=digest).exists()

    # The job stores it (once: a repeated job finds it there); then it is served.
    row = OnlineGame.objects.get(pk=game.pk)
    record = dict(replay.game_replay(row).records[0])
    assert deal_analyse(record, row.ruleset) == 4
    assert deal_analyse(record, row.ruleset) == 0
    assert player.get(api).status_code == 200


def test_a_running_games_analysis_shows_a_seat_to_its_own_player_only(human: User) -> None:
    game = _practice(human)
    api = f"/api/games/online/{game.pk}/deals/1/analysis/"
    player, stranger, public = signed_in(human), signed_in(UserFactory()), Client()
    assert player.get(api + "?seat=A").status_code == 200
    assert player.get(api).json()["seat"] == "A", "by default a player sees their own seat"
    for seat in "BCD":
        assert player.get(api + f"?seat={seat}").status_code == 403
    for client in (stranger, public):
        for seat in ("", "?seat=A", "?seat=B"):
            assert client.get(api + seat).status_code == 403
        assert client.get(f"/online/{game.pk}/deals/1/review/?seat=B").status_code == 403

    # Once the game is over, every seat's analysis is there for anyone who may see the game.
    play_to_end(game.pk, {"A": human})
    for seat in "ABCD":
        assert public.get(api + f"?seat={seat}").status_code == 200


def test_a_running_tables_recorded_deal_is_analysed_for_its_own_seat_only(
    online_tournament: OnlineTournament,
) -> None:
    t = online_tournament
    game = services.online_game_start(by=t.director, table=t.table)
    finish_first_deal(game.pk, t.players)
    deal = DealEntry.objects.get(game__table=t.table, number=1)
    api = f"/api/games/deals/{deal.pk}/analysis/"
    assert signed_in(t.players["B"]).get(api + "?seat=B").status_code == 200
    assert signed_in(t.players["B"]).get(api + "?seat=C").status_code == 403
    assert signed_in(t.director).get(api + "?seat=C").status_code == 403
    assert Client().get(api + "?seat=C").status_code == 403
