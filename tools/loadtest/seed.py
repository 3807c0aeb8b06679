"""The load test's data: one running round of line-judged tables and practice games with
bots, and a signed-in session for every judge and online player (no password checks
during the run: login cost is not what we measure)."""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from django.test import Client

from scwu.models import Player, PlayingWord

#: A long word: a four-seat game lasts at least 4 × 16 + 1 = 65 deals.
WORD = "KOURICIKOCKAHEJMA"


@dataclass(frozen=True)
class Session:
    """Cookies that sign a client in, plus the CSRF token to send with writes."""

    sessionid: str
    csrftoken: str

    @property
    def cookie(self) -> str:
        return f"sessionid={self.sessionid}; csrftoken={self.csrftoken}"


@dataclass(frozen=True)
class LoadData:
    tournament_slug: str
    tournament_id: int
    round_id: int
    tables: list[tuple[int, Session]]  # (table id, its judge's session)
    online: list[tuple[int, Session]]  # (online game id, the human player's session)


def _session(user: User) -> Session:
    client = Client()
    client.force_login(user)
    return Session(client.cookies["sessionid"].value, secrets.token_hex(16))


def _word() -> PlayingWord:
    word, _ = PlayingWord.objects.get_or_create(
        letters=WORD,
        defaults={"label": WORD, "theme": "load test", "language": "cs", "status": "approved"},
    )
    return word


def load_data_create(*, tables: int, online: int) -> LoadData:
    from tournaments.models import (
        Entry,
        Round,
        RoundStatus,
        Season,
        Series,
        Table,
        TableSeat,
        Tournament,
    )

    password = make_password(secrets.token_hex(8))  # hashed once; nobody logs in with it
    season, _ = Season.objects.get_or_create(year=dt.date.today().year)
    series, _ = Series.objects.get_or_create(name="Load test", slug="load-test")
    stamp = secrets.token_hex(3)
    tournament = Tournament.objects.create(
        season=season,
        series=series,
        name=f"Load test {stamp}",
        slug=f"load-test-{stamp}",
        start_date=dt.date.today(),
        end_date=dt.date.today(),
        status="running",
    )
    word = _word()
    round_ = Round.objects.create(
        tournament=tournament, number=1, word=word, status=RoundStatus.PUBLISHED
    )
    judged: list[tuple[int, Session]] = []
    for number in range(1, tables + 1):
        judge = User.objects.create(username=f"load-judge-{stamp}-{number}", password=password)
        table = Table.objects.create(round=round_, number=number, line_judge=judge)
        for position in "ABCD":
            player = Player.objects.create(nickname=f"L{stamp}T{number}{position}")
            entry = Entry.objects.create(tournament=tournament, player=player)
            TableSeat.objects.create(table=table, position=position, entry=entry)
        judged.append((table.pk, _session(judge)))
    games: list[tuple[int, Session]] = []
    if online:
        from games.online.services.setup import online_practice_create

        for number in range(1, online + 1):
            user = User.objects.create(username=f"load-online-{stamp}-{number}", password=password)
            game = online_practice_create(  # easy bots: the load is the tables', not the bots'
                by=user, word=word, bots=3, bot_level="easy", seconds_per_action=120
            )
            games.append((game.pk, _session(user)))
    return LoadData(tournament.slug, tournament.pk, round_.pk, judged, games)


def online_available() -> bool:
    from django.apps import apps

    return apps.is_installed("games.online")


def as_dict(data: LoadData) -> dict[str, Any]:
    return {
        "tables": len(data.tables),
        "online": len(data.online),
        "tournament": data.tournament_slug,
    }
