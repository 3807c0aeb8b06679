"""Benchmark: a tournament's results for 1,000 players and 10 rounds, including the database.

``python -m tools.bench.results [--players 1000] [--rounds 10] [--runs 30]``. Runs in
a throw-away test database on whatever database is configured (the embedded SQLite by
default): bulk-creates the players, the rounds' tables of four, games and seat results,
then times ``tournament_results`` with empty caches (every query and the whole
standings maths), from the shared cache, and from the process's own memo, and prints
the median and p95 wall time and the median CPU time of each (CPU time shows the cost
on a loaded machine; the embedded SQLite runs in-process, so it counts there).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from tools.bench.database import throwaway_database


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def populate(players: int, rounds: int, seed: int = 7) -> Any:
    """A running tournament with ``players`` entries and ``rounds`` scored basic rounds."""
    from games.models import TableGame
    from games.models.results import SeatResult
    from scwu.models import Player, PlayingWord
    from tournaments.models import Entry, Round, Season, Series, Table, TableSeat, Tournament

    rng = random.Random(seed)
    season, _ = Season.objects.get_or_create(year=2026)
    series, _ = Series.objects.get_or_create(name="Bench", slug="bench")
    word, _ = PlayingWord.objects.get_or_create(
        letters="TONDA", theme="bench", defaults={"label": "TONDA", "status": "approved"}
    )
    tournament = Tournament.objects.create(
        season=season,
        series=series,
        name="Bench results",
        slug="bench-results",
        status="running",
        start_date=dt.date(2026, 1, 1),
        end_date=dt.date(2026, 1, 1),
    )
    people = Player.objects.bulk_create(
        Player(nickname=f"bench-{i}", nickname_key=f"bench-{i}") for i in range(players)
    )
    entries = Entry.objects.bulk_create(
        Entry(tournament=tournament, player=p, status="checked_in") for p in people
    )
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(
            tournament=tournament, number=number, word=word, status="finished"
        )
        order = list(entries)
        rng.shuffle(order)
        groups = [order[i : i + 4] for i in range(0, len(order) - len(order) % 4, 4)]
        tables = Table.objects.bulk_create(
            Table(round=round_, number=n) for n in range(1, len(groups) + 1)
        )
        seats = TableSeat.objects.bulk_create(
            TableSeat(table=table, position="ABCD"[i], entry=entry)
            for table, group in zip(tables, groups, strict=True)
            for i, entry in enumerate(group)
        )
        games = TableGame.objects.bulk_create(
            TableGame(
                table=table,
                word_label="TONDA",
                word_letters="TONDA",
                seats=4,
                placka_mode="until_first_placka",
                sit_out_rule="dealer",
                status="finished",
            )
            for table in tables
        )
        game_of = {game.table_id: game for game in games}
        rows = []
        for seat in seats:
            played = rng.randint(8, 16)
            lost = rng.randint(0, 5)
            rows.append(
                SeatResult(
                    game=game_of[seat.table_id],
                    seat=seat,
                    entry=seat.entry,
                    round=round_,
                    deals_played=played,
                    deals_lost=lost,
                    letters=lost,
                    placka=lost == 5,
                    penalty_points=rng.randint(0, 200),
                    outcomes="",
                    game_finished=True,
                )
            )
        SeatResult.objects.bulk_create(rows)
    return tournament


def _timed(call: Callable[[], Any]) -> tuple[float, float, Any]:
    wall, cpu = time.perf_counter(), time.process_time()
    value = call()
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000, value


def run(players: int, rounds: int, runs: int) -> dict[str, list[tuple[float, float]]]:
    """Timings (wall ms, CPU ms) of each way a read is answered."""
    from django.core.cache import cache

    from tournaments.results import selectors
    from tournaments.results.services import results_changed

    tournament = populate(players, rounds)
    results_changed(tournament.pk)
    timings: dict[str, list[tuple[float, float]]] = {
        "uncached": [],
        "shared cache": [],
        "in process": [],
    }

    def read() -> Any:
        return selectors.tournament_results(tournament)

    for _ in range(runs):
        cache.clear()
        selectors._recent.items.clear()
        wall, cpu, results = _timed(read)
        timings["uncached"].append((wall, cpu))
        if players <= selectors.SHARED_CACHE_MAX_ENTRIES:
            selectors._recent.items.clear()
            wall, cpu, _ = _timed(read)
            timings["shared cache"].append((wall, cpu))
        wall, cpu, _ = _timed(read)
        timings["in process"].append((wall, cpu))
    assert len(results.standings.rows) == players
    return timings


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args(argv)
    with throwaway_database():
        results = run(args.players, args.rounds, args.runs)
    from django.db import connection

    from tournaments.results import selectors

    size = f"{args.players} players x {args.rounds} rounds on {connection.vendor}"
    print(f"tournament_results, {size}, {args.runs} runs (load average {os.getloadavg()[0]:.1f}):")
    for label, pairs in results.items():
        if not pairs:
            print(f"  {label:12s} not used above {selectors.SHARED_CACHE_MAX_ENTRIES} entries")
            continue
        wall = [w for w, _ in pairs]
        cpu = [c for _, c in pairs]
        print(
            f"  {label:12s} wall median {statistics.median(wall):7.1f} ms, "
            f"p95 {_percentile(wall, 0.95):7.1f} ms; CPU median {statistics.median(cpu):7.1f} ms"
        )


if __name__ == "__main__":
    main()
