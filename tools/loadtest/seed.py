"""The load test's data: one running round of line-judged tables and practice games with
bots, and a signed-in session for every judge and online player (no password checks
during the run: login cost is not what we measure)."""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass, field
from typing import Any

from allauth.mfa.totp.internal.auth import TOTP, generate_totp_secret
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
    #: The tournament's director, then its referees (head referee first), each signed in
    #: with two-factor sign-in set up, so their pages show an official's rights.
    officials: list[Session] = field(default_factory=list)


def _session(user: User) -> Session:
    client = Client()
    client.force_login(user)
    return Session(client.cookies["sessionid"].value, secrets.token_hex(16))


def _word(letters: str = WORD) -> PlayingWord:
    word, _ = PlayingWord.objects.get_or_create(
        letters=letters,
        defaults={"label": letters, "theme": "load test", "language": "cs", "status": "approved"},
    )
    return word


def _officials(tournament: Any, count: int, stamp: str, password: str) -> list[Session]:
    """``count`` officials of ``tournament``: its director, its head referee, then referees
    (line judges of the tournament), each with an authenticator app (officials use their
    rights only with one)."""
    sessions = []
    for number in range(count):
        user = User.objects.create(username=f"load-official-{stamp}-{number}", password=password)
        TOTP.activate(user, generate_totp_secret())
        if number == 0:
            tournament.directors.add(user)
        elif number == 1:
            tournament.head_referee = user
            tournament.save(update_fields=["head_referee"])
        else:
            tournament.line_judges.add(user)
        sessions.append(_session(user))
    return sessions


def load_data_create(
    *, tables: int, online: int, officials: int = 0, letters: str = WORD
) -> LoadData:
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
    word = _word(letters)
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
    signed_in = _officials(tournament, officials, stamp, password)
    return LoadData(tournament.slug, tournament.pk, round_.pk, judged, games, signed_in)


def online_available() -> bool:
    from django.apps import apps

    return apps.is_installed("games.online")


def as_dict(data: LoadData) -> dict[str, Any]:
    return {
        "tables": len(data.tables),
        "online": len(data.online),
        "officials": len(data.officials),
        "tournament": data.tournament_slug,
    }
