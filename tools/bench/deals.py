"""Benchmark: what a deal costs as the game grows, recorded as the table page records it.

``python -m tools.bench.deals [--deals 80] [--games 3] [--ahead 3]``

In one process, on a throw-away test database (the embedded SQLite, or PostgreSQL with
``DATABASE_URL``; Redis as the cache with ``REDIS_URL``), a line judge signed in with a
session records every deal of long games through the deal API exactly as the table page
sends it (``POST /api/games/tables/<id>/deals/?ahead=3`` with the deal number, the loser, an
idempotency key and the recorder), the loser chosen so that the game lasts (a 20-letter word
at a table of five: up to 96 deals). The jobs a deal queues are queued, not run (a worker runs
them in production; ``CELERY_TASK_ALWAYS_EAGER=1`` runs them in each request). Between two
deals the page's own reload of the state (``GET`` with the same ``?ahead``) runs too, as a
phone does after an answer. A bare DRF view doing one query, through the same client and
middleware, is timed in turns with them.

Prints, per deal number bucket, the median milliseconds of the deal and of the state read
(wall time, and this process's CPU time, the fairer figure on a machine other work also uses),
their ratios to the bare view's, and the queries each took; then the two figures the
scorekeeping aims at: deal median at deals 61-70 over deals 1-10 (goal <= 1.2) and the deal
median over the bare view's (the production topology's goal is <= 3, measured by
``tools.bench.matchday``; in process this is the same ratio without nginx and gunicorn).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from tools.bench.bare import BARE_PATH
from tools.bench.database import throwaway_database

#: A word of the longest length the federation allows (20 letters, ``WORD_MAX_LETTERS``).
WORD = "KOURICIKOCKAHEJMATON"
SEATS = 5
BUCKETS = ((1, 10), (11, 20), (31, 40), (61, 70), (71, 80))


def _table(judge: Any, label: str) -> Any:
    from scwu.models import Player, PlayingWord
    from tournaments.models import Entry, Round, Season, Series, Table, TableSeat, Tournament

    season, _ = Season.objects.get_or_create(year=2026)
    series, _ = Series.objects.get_or_create(name="Bench", slug="bench")
    word, _ = PlayingWord.objects.get_or_create(
        letters=WORD, theme="bench", defaults={"label": WORD, "status": "approved"}
    )
    tournament, _ = Tournament.objects.get_or_create(
        slug="bench-deals",
        defaults={
            "season": season,
            "series": series,
            "name": "Bench deals",
            "status": "running",
            "start_date": dt.date(2026, 1, 1),
            "end_date": dt.date(2026, 1, 1),
        },
    )
    round_, _ = Round.objects.get_or_create(
        tournament=tournament, number=1, defaults={"word": word, "status": "published"}
    )
    table = Table.objects.create(
        round=round_, number=Table.objects.filter(round=round_).count() + 1, line_judge=judge
    )
    for position in "ABCDEF"[:SEATS]:
        player = Player.objects.create(nickname=f"bench-{label}-{table.number}-{position}")
        entry = Entry.objects.create(tournament=tournament, player=player)
        TableSeat.objects.create(table=table, position=position, entry=entry)
    return table


@dataclass(frozen=True)
class Timing:
    """One request: milliseconds of wall time and of this process's CPU (on a machine
    other work also uses, the CPU time is the fairer figure), and its queries."""

    wall: float
    cpu: float
    queries: int


def _timed(call: Callable[[], Any]) -> tuple[Timing, Any]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        wall, cpu = time.perf_counter(), time.process_time()
        result = call()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return Timing(wall * 1000, cpu * 1000, len(queries)), result


def _least_lettered(state: dict[str, Any]) -> str:
    """The player of the next deal with the fewest letters: the game lasts longest."""
    letters = {seat["seat"]: seat["letter_count"] for seat in state["seats"]}
    players = state["next_deal"]["players"]
    return min(players, key=lambda seat: (letters[seat], seat))


def _game(
    client: Any, table: Any, deals: int, ahead: int, recorder: str
) -> list[tuple[int, Timing, Timing]]:
    """Each deal's number, the deal's timing and the state's read after it."""
    query = f"?ahead={ahead}" if ahead else ""
    state_url = f"/api/games/tables/{table.pk}/{query}"
    deal_url = f"/api/games/tables/{table.pk}/deals/{query}"
    rows = []
    state = client.get(state_url).json()
    for number in range(1, deals + 1):
        if state["finished"]:
            break
        payload = {
            "number": number,
            "losers": [_least_lettered(state)],
            "idempotency_key": str(uuid.uuid4()),
            "recorder": recorder,
        }
        deal, answer = _timed(
            partial(client.post, deal_url, payload, content_type="application/json")
        )
        assert answer.status_code == 201, answer.content
        read, reply = _timed(lambda: client.get(state_url))
        assert reply.status_code == 200, reply.content
        state = reply.json()
        rows.append((number, deal, read))
    return rows


def _bare(client: Any, times: int) -> list[Timing]:
    timings = []
    for _ in range(times):
        timing, answer = _timed(lambda: client.get(BARE_PATH.format(slug="bench-deals")))
        assert answer.status_code == 200
        timings.append(timing)
    return timings


def _median(timings: list[Timing]) -> Timing:
    return Timing(
        statistics.median(t.wall for t in timings),
        statistics.median(t.cpu for t in timings),
        max(t.queries for t in timings),
    )


def run(deals: int, games: int, ahead: int) -> None:
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client
    from django.test.utils import override_settings

    from scwu.security.offline import recorder_id

    judge = User.objects.create_user("bench-judge", password="x")
    client = Client()
    client.force_login(judge)
    recorder = recorder_id(judge)
    rows: list[tuple[int, Timing, Timing]] = []
    bare: list[Timing] = []
    with override_settings(
        ROOT_URLCONF="tools.bench.bare", SCWU_API_RATES={"anon": None, "user": None}
    ):
        _table(judge, "warm-up")  # the tournament the bare view reads
        for game in range(games):
            bare += _bare(client, 50)
            rows += _game(client, _table(judge, f"g{game}"), deals, ahead, recorder)
        bare += _bare(client, 50)
    floor = _median(bare)
    print(
        f"{games} games of up to {deals} deals, {SEATS} seats, word of {len(WORD)} letters, "
        f"?ahead={ahead}, on {connection.vendor}; bare one-query view: median "
        f"{floor.wall:.2f} ms wall, {floor.cpu:.2f} ms CPU ({floor.queries} queries with the "
        "session's)"
    )
    print("medians in ms (wall / CPU), x the bare view's (wall / CPU), queries")
    print("deals  deal wall   cpu   x bare      q   state wall   cpu   x bare     q")
    medians: dict[tuple[int, int], Timing] = {}
    for low, high in BUCKETS:
        bucket = [row for row in rows if low <= row[0] <= high]
        if not bucket:
            continue
        deal = medians[(low, high)] = _median([row[1] for row in bucket])
        read = _median([row[2] for row in bucket])
        print(
            f"{low:>2}-{high:<3} {_figures(deal, floor)} {_span([r[1] for r in bucket]):>6}"
            f"   {_figures(read, floor)} {_span([r[2] for r in bucket]):>5}"
        )
    print(f"queries of a game's first deal: {rows[0][1].queries if rows else 0}")
    if (1, 10) in medians and (61, 70) in medians:
        early, late = medians[(1, 10)], medians[(61, 70)]
        print(
            f"deal median at 61-70 / at 1-10: {late.wall / early.wall:.2f} wall, "
            f"{late.cpu / early.cpu:.2f} CPU (goal <= 1.2)"
        )
    overall = _median([row[1] for row in rows])
    print(
        f"deal median over all deals: {overall.wall:.1f} ms wall = "
        f"{overall.wall / floor.wall:.1f}x the bare view, {overall.cpu:.1f} ms CPU = "
        f"{overall.cpu / floor.cpu:.1f}x"
    )


def _figures(timing: Timing, floor: Timing) -> str:
    return (
        f"{timing.wall:9.1f} {timing.cpu:5.1f} "
        f"{timing.wall / floor.wall:4.1f}/{timing.cpu / floor.cpu:<4.1f}"
    )


def _span(timings: list[Timing]) -> str:
    counts = sorted({timing.queries for timing in timings})
    return str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=80)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--ahead", type=int, default=3, choices=range(4))
    args = parser.parse_args(argv)
    # As in production, the jobs a deal queues (the results, the rating) run in a worker, not
    # in the request: the embedded setup would run them eagerly inside every deal timed here.
    os.environ.setdefault("CELERY_TASK_ALWAYS_EAGER", "0")
    with throwaway_database():
        run(args.deals, args.games, args.ahead)


if __name__ == "__main__":
    main()
