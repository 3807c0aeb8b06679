"""Demo data of this app for `manage.py seed_demo` (idempotent): deals at the running
round's tables, a misdeal, a renonc ruling and a pending appeal, and a referee call."""

from __future__ import annotations

import random
from collections.abc import Callable

from django.contrib.auth.models import User

from games import selectors, services
from games.models import DealEntry, Ruling, TableGame
from tournaments.models import Round, RoundStatus, TableKind

DEMO_TOURNAMENT = "mistrovstvi-cr-2026"


def play_out(round_: Round, *, by: User, seed: int) -> None:
    """Play every physical table of a published round to its end, with seeded random losers
    (the demo's finished rounds need real games, or every standing would be a shared 1st)."""
    rng = random.Random(seed)
    for table in round_.tables.filter(kind=TableKind.PHYSICAL).order_by("number"):
        state = selectors.table_state(table)
        number = sum(1 for deal in state["deals"] if deal["id"] is not None) + 1
        while not state["finished"] and state["next_deal"] is not None:
            players = state["next_deal"]["players"]
            services.deal_record(by=by, table=table, number=number, losers=[rng.choice(players)])
            number += 1
            state = selectors.table_state(table)


def _running_round() -> Round | None:
    return (
        Round.objects.filter(tournament__slug=DEMO_TOURNAMENT, status=RoundStatus.PUBLISHED)
        .select_related("tournament")
        .order_by("-number")
        .first()
    )


def seed(log: Callable[[str], None]) -> None:
    round_ = _running_round()
    if round_ is None:
        log("games: no running round with a published draw; nothing to score")
        return
    tournament = round_.tournament
    director = tournament.directors.order_by("pk").first() or User.objects.get(username="director")
    referee = tournament.head_referee or director
    tables = list(round_.tables.filter(kind=TableKind.PHYSICAL).order_by("number")[:2])
    for index, table in enumerate(tables):
        if TableGame.objects.filter(table=table, deals__isnull=False).exists():
            continue
        for number in range(1, 7 if index == 0 else 4):
            next_deal = selectors.table_state(table)["next_deal"]
            assert next_deal is not None, "a table of the demo plays six deals at most"
            players = next_deal["players"]
            loser = players[(number * 2 + index) % len(players)]
            if number == 3:
                services.misdeal_record(by=director, table=table)
            services.deal_record(by=director, table=table, number=number, losers=[loser])
        if index == 0:
            deal = DealEntry.objects.get(game__table=table, number=2, undone_seq__isnull=True)
            second = selectors.table_state(table)["deals"][1]
            offender = next(
                seat["seat"]
                for seat in selectors.table_state(table)["seats"]
                if seat["seat"] not in second["sitting_out"] + second["losers"]
            )
            ruling = services.ruling_make(
                by=referee,
                table=table,
                deal=deal,
                kind="A",
                offender=offender,
                penalty="loses_deal",
                reason="Looked at the passed cards before passing (seen by the line judge).",
            )
            services.appeal_file(
                by=director,
                ruling=ruling,
                grounds="The player says the cards were turned over by the passer.",
            )
        else:
            services.game_referee_call(by=director, table=table, called=True)
        log(f"games: scored {table} of {round_}")
    log(f"games: {Ruling.objects.filter(game__table__round=round_).count()} ruling(s) in {round_}")
