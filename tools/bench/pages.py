"""Benchmark: what the match-day pages cost per request, for a small and a large round.

``python -m tools.bench.pages [--tables 3 50] [--deals 10] [--runs 15]``

Builds, in a throw-away test database (SQLite, or PostgreSQL when ``DATABASE_URL`` is set),
one running tournament per size with a round of that many tables of four, each table
``--deals`` deals into its game (one with a ruling, one with a misdeal), its directors, head
referee and a line judge, all officials with their second factor. Then, in this process and
through the whole middleware stack (Django's test client, debug off), it requests each page
``--runs`` times and prints, per page and size: the queries, the median CPU and wall
milliseconds and the answer's size, beside the bare one-query DRF view (``tools.bench.bare``)
measured the same way (its CPU time over the page's is the page's rate as a share of the bare
view's, on one core).

"Cold" pages are requested with every cache emptied (the shared cache and the results'
per-process memo): what a cache miss costs with nothing kept. "After a deal" records one deal
at a table before each request (not timed), which is what a live page meets on a match day.
The production topology's figures (nginx, gunicorn, PostgreSQL) are ``tools.bench.matchday``'s.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tools.bench.bare import BARE_PATH

WORD = "KOURICIKOCKAHEJMA"  # long: no game ends within the deals played here
PLAIN_STATIC = "django.contrib.staticfiles.storage.StaticFilesStorage"


def _environment() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scwu.config.settings")
    os.environ.setdefault("DJANGO_DEBUG", "0")
    os.environ.setdefault("DJANGO_SECRET_KEY", "pages-bench-only-" + "0123456789abcdef" * 3)
    os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver")
    os.environ.setdefault("DJANGO_SECURE_SSL_REDIRECT", "0")


@dataclass
class Event:
    """One tournament of the bench: its slug, round, tables and people."""

    slug: str
    round_number: int
    tables: list[Any]
    director: Any
    head_referee: Any
    judge: Any
    judged_table: int


def official_create(username: str, *groups: str) -> Any:
    """A user in ``groups`` with a second factor set up (an official's rights need one)."""
    from allauth.mfa.totp.internal.auth import TOTP, generate_totp_secret
    from django.contrib.auth.models import Group, User

    user = User.objects.create(username=username)
    for name in groups:
        user.groups.add(Group.objects.get_or_create(name=name)[0])
    TOTP.activate(user, generate_totp_secret())  # officials' rights need the second factor
    return user


def build(tables: int, deals: int) -> Event:
    """A running tournament whose one published round has ``tables`` tables, played."""
    from django.contrib.auth.models import User

    from games import selectors, services
    from games.models import DealEntry
    from scwu.models import Player, PlayingWord
    from tournaments.models import Entry, Round, Season, Series, Table, TableSeat, Tournament

    slug = f"bench-pages-{tables}"
    word, _ = PlayingWord.objects.get_or_create(
        letters=WORD, defaults={"label": WORD, "theme": "bench", "status": "approved"}
    )
    director = official_create(f"{slug}-director", "director")
    head = official_create(f"{slug}-head")
    judge = User.objects.create(username=f"{slug}-judge")
    tournament = Tournament.objects.create(
        season=Season.objects.get_or_create(year=2026)[0],
        series=Series.objects.get_or_create(name="Bench", slug="bench")[0],
        name=f"Pages bench {tables}",
        slug=slug,
        status="running",
        head_referee=head,
        start_date=dt.date(2026, 5, 16),
        end_date=dt.date(2026, 5, 16),
    )
    tournament.directors.add(director)
    round_ = Round.objects.create(tournament=tournament, number=1, word=word, status="published")
    made = []
    for number in range(1, tables + 1):
        table = Table.objects.create(
            round=round_, number=number, line_judge=judge if number == 1 else None
        )
        for position in "ABCD":
            player = Player.objects.create(nickname=f"P{tables}x{number}{position}")
            entry = Entry.objects.create(tournament=tournament, player=player)
            TableSeat.objects.create(table=table, position=position, entry=entry)
        for deal in range(deals):
            players = selectors.table_state(table)["next_deal"]["players"]  # type: ignore[index]
            services.deal_record(by=director, table=table, losers=[players[deal % len(players)]])
        made.append(table)
    services.misdeal_record(by=director, table=made[-1])
    services.misdeal_record(by=director, table=made[-1])  # the second gives a letter
    first = DealEntry.objects.get(game__table=made[0], number=2, undone_seq__isnull=True)
    services.ruling_make(
        by=head,
        table=made[0],
        deal=first,
        kind="A",
        offender=selectors.table_state(made[0])["deals"][1]["losers"][0],
        penalty="extra_letter",
        reason="bench",
    )
    return Event(slug, 1, made, director, head, judge, made[0].pk)


@dataclass
class Figure:
    queries: int
    cpu_ms: float
    wall_ms: float
    size: int


def measure(client: Any, url: str, runs: int, before: Callable[[], None] | None = None) -> Figure:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    cpu: list[float] = []
    wall: list[float] = []
    queries = size = 0
    client.get(url)  # warm the process (imports, templates)
    for _ in range(runs):
        if before is not None:
            before()
        with CaptureQueriesContext(connection) as captured:
            c0, w0 = time.process_time(), time.perf_counter()
            answer = client.get(url)
            c1, w1 = time.process_time(), time.perf_counter()
        assert answer.status_code == 200, (url, answer.status_code)
        cpu.append((c1 - c0) * 1000)
        wall.append((w1 - w0) * 1000)
        queries = len(captured)
        size = len(answer.content)
    return Figure(queries, statistics.median(cpu), statistics.median(wall), size)


def _caches_empty() -> None:
    from django.core.cache import cache

    from tournaments.results import selectors

    cache.clear()
    selectors._recent.items.clear()


def _deal_at(event: Event) -> Callable[[], None]:
    from games import selectors, services

    turn = {"n": 0}

    def record() -> None:
        table = event.tables[turn["n"] % len(event.tables)]
        turn["n"] += 1
        players = selectors.table_state(table)["next_deal"]["players"]  # type: ignore[index]
        # Each seat loses in turn: the long word keeps every game going through the runs.
        loser = players[turn["n"] // len(event.tables) % len(players)]
        services.deal_record(by=event.director, table=table, losers=[loser])

    return record


def pages(event: Event, runs: int) -> list[tuple[str, Figure]]:
    from django.test import Client

    public, director, judge = Client(), Client(), Client()
    director.force_login(event.director)
    judge.force_login(event.judge)
    base = f"/tournaments/{event.slug}"
    dashboard = f"{base}/rounds/{event.round_number}/dashboard/"
    live, projector = f"{base}/results/", f"{base}/results/projector/"
    table = f"/games/tables/{event.judged_table}/"
    after_deal = _deal_at(event)
    return [
        ("bare one-query view", measure(public, BARE_PATH.format(slug=event.slug), runs)),
        ("live results, public, cold", measure(public, live, runs, _caches_empty)),
        ("live results, public, after a deal", measure(public, live, runs, after_deal)),
        ("live results, director, warm", measure(director, live, runs)),
        ("live results, director, after a deal", measure(director, live, runs, after_deal)),
        ("projector, public, cold", measure(public, projector, runs, _caches_empty)),
        ("round dashboard, public, warm", measure(public, dashboard, runs)),
        ("round dashboard, director, warm", measure(director, dashboard, runs)),
        ("round dashboard, director, after a deal", measure(director, dashboard, runs, after_deal)),
        ("round dashboard, director, cold", measure(director, dashboard, runs, _caches_empty)),
        ("table page, line judge, warm", measure(judge, table, runs)),
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[3, 50])
    parser.add_argument("--deals", type=int, default=10, help="deals per table before timing")
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args(argv)
    _environment()
    from tools.bench.database import throwaway_database

    with throwaway_database():
        from django.conf import settings
        from django.test.utils import override_settings

        events = [build(size, args.deals) for size in args.tables]
        # Static files by their plain names: the bench has not collected them (the manifest
        # the site uses after collectstatic is one dictionary lookup per file).
        storages = {**settings.STORAGES, "staticfiles": {"BACKEND": PLAIN_STATIC}}
        with override_settings(ROOT_URLCONF="tools.bench.bare", STORAGES=storages):
            results = {len(event.tables): pages(event, args.runs) for event in events}
    sizes = sorted(results)
    head = "".join(f" | {f'{size} tables':>27}" for size in sizes)
    print(f"{'page':42}{head}")
    print(
        f"{'':42}" + " | queries  cpu ms  wall ms    KB" * len(sizes) + "   (rate vs bare, by CPU)"
    )
    for index, (name, _figure) in enumerate(results[sizes[0]]):
        cells, ratios = "", []
        for size in sizes:
            figure = results[size][index][1]
            bare = results[size][0][1]
            cells += (
                f" | {figure.queries:7d} {figure.cpu_ms:7.1f} {figure.wall_ms:8.1f}"
                f" {figure.size / 1024:5.0f}"
            )
            ratios.append(f"{bare.cpu_ms / figure.cpu_ms:.2f}x")
        print(f"{name:42}{cells}   {' '.join(ratios)}")


if __name__ == "__main__":
    main()
