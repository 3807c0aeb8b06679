"""Benchmark: recording a deal through the service and through the API.

``python -m tools.bench.scorekeeping [--deals 300]``. Runs in a throw-away test database on
whatever database is configured (the embedded SQLite by default) and prints the median and
p95 per deal. Games are replayed from their events on every
request, as in production; a new table starts whenever a game finishes.
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

from tools.bench.database import throwaway_database


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def _tables(user: Any, label: str) -> Iterator[Any]:
    from scwu.models import Player, PlayingWord
    from tournaments.models import Entry, Round, Season, Series, Table, TableSeat, Tournament

    season, _ = Season.objects.get_or_create(year=2025)
    series, _ = Series.objects.get_or_create(name="Bench", slug="bench")
    word, _ = PlayingWord.objects.get_or_create(
        letters="TONDA", theme="bench", defaults={"label": "TONDA", "status": "approved"}
    )
    tournament = Tournament.objects.create(
        season=season,
        series=series,
        name=f"Bench {label}",
        slug=f"bench-{label}",
        status="running",
        start_date=dt.date(2025, 1, 1),
        end_date=dt.date(2025, 1, 1),
    )
    tournament.directors.add(user)
    round_ = Round.objects.create(tournament=tournament, number=1, word=word, status="published")
    number = 0
    while True:
        number += 1
        table = Table.objects.create(round=round_, number=number)
        for position in "ABCD":
            player = Player.objects.create(nickname=f"bench-{label}-{number}-{position}")
            entry = Entry.objects.create(tournament=tournament, player=player)
            TableSeat.objects.create(table=table, position=position, entry=entry)
        yield table


def _time(
    deals: int, record: Callable[[Any, int, str], None], user: Any, label: str
) -> list[float]:
    from games.selectors import table_state

    timings: list[float] = []
    tables = _tables(user, label)
    table = next(tables)
    number = 1
    while len(timings) < deals:
        loser = "ABCD"[(number * 3 + len(timings)) % 4]
        start = time.perf_counter()
        record(table, number, loser)
        timings.append((time.perf_counter() - start) * 1000)
        number += 1
        if table_state(table)["finished"]:
            table, number = next(tables), 1
    return timings


def run(deals: int = 300) -> dict[str, tuple[float, float]]:
    from django.contrib.auth.models import User
    from rest_framework.test import APIClient

    from games import services

    results: dict[str, tuple[float, float]] = {}
    user = User.objects.create_superuser("bench-director", password="x")

    def via_service(table: Any, number: int, loser: str) -> None:
        services.deal_record(by=user, table=table, number=number, losers=[loser])

    client = APIClient()
    client.force_authenticate(user)

    def via_api(table: Any, number: int, loser: str) -> None:
        answer = client.post(
            f"/api/games/tables/{table.pk}/deals/",
            {"number": number, "losers": [loser]},
            format="json",
        )
        assert answer.status_code == 201, answer.content

    for name, record in (("service", via_service), ("api", via_api)):
        timings = _time(deals, record, user, name)
        results[name] = (statistics.median(timings), _percentile(timings, 0.95))
    return results


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=300)
    args = parser.parse_args(argv)
    with throwaway_database():
        results = run(args.deals)
    from django.db import connection

    vendor = connection.vendor
    for label, (median, p95) in results.items():
        print(
            f"{label:8s} {args.deals} deals on {vendor}: median {median:.1f} ms, p95 {p95:.1f} ms"
        )


if __name__ == "__main__":
    main()
