"""Demo data of this app for `manage.py seed_demo` (idempotent by slug).

Seasons, series, categories and their points; a finished tournament from last season, one
running now in its second round (round 1 finished, round 2 published; the games app adds the
deals), and one open for registration. Everything goes through the services, as a director.
"""

from __future__ import annotations

import datetime as dt
import zlib
from collections.abc import Callable

from django.contrib.auth.models import User

from scwu.models import Club, Player, PlayingWord
from scwu.models.commission import WordStatus
from tools.demo.games import play_out
from tournaments.models import (
    Category,
    CategoryPoints,
    CategoryTeamPoints,
    Entry,
    Round,
    RoundStage,
    RoundStatus,
    Season,
    Series,
    TeamMode,
    Tournament,
    TournamentFormat,
)
from tournaments.models.rounds import DrawMethod
from tournaments.results.services import results_recompute
from tournaments.services import draw, entries, rounds, teams, tournaments

Log = Callable[[str], None]

CATEGORIES = {
    "major": ("Major", [100, 80, 65, 55, 50, 45, 40, 36, 32, 29, 26, 24, 22, 20, 18, 16]),
    "classic": ("Classic", [50, 40, 32, 27, 24, 21, 18, 16, 14, 12, 10, 9, 8, 7, 6, 5]),
    "greenhorn": ("GreenHorn", [20, 15, 12, 10, 8, 6, 5, 4, 3, 2, 1]),
}
#: Team points by category (the federation awards them in Classic events and the majors);
#: they go to the team's club in the season's club ranking.
TEAM_POINTS = {"major": [60, 40, 25, 15, 10], "classic": [30, 20, 12, 8, 5]}
SERIES = [
    ("Nationals", "nationals", "major", False),
    ("Classic", "classic", "classic", False),
    ("Team Championship", "team-championship", "major", True),
    ("World Series", "world-series", "major", False),
    ("Masters", "masters", "major", False),
    ("GreenHorn", "greenhorn", "greenhorn", False),
]


def _calendar() -> dict[str, Series]:
    categories = {}
    for code, (name, points) in CATEGORIES.items():
        category, _ = Category.objects.get_or_create(code=code, defaults={"name": name})
        for place, value in enumerate(points, start=1):
            CategoryPoints.objects.get_or_create(
                category=category, place=place, defaults={"points": value}
            )
        for place, value in enumerate(TEAM_POINTS.get(code, []), start=1):
            CategoryTeamPoints.objects.get_or_create(
                category=category, place=place, defaults={"points": value}
            )
        categories[code] = category
    series = {}
    for name, slug, code, team in SERIES:
        series[slug], _ = Series.objects.get_or_create(
            slug=slug,
            defaults={"name": name, "default_category": categories[code], "is_team_event": team},
        )
    for year in (2025, 2026):
        Season.objects.get_or_create(year=year)
    return series


def _players(n: int, offset: int) -> list[Player]:
    pool = list(
        Player.objects.filter(bans__isnull=True).order_by("nickname_key")[offset : offset + n]
    )
    return pool


def _word(letters: str) -> PlayingWord:
    return PlayingWord.objects.filter(letters=letters, status=WordStatus.APPROVED).get()


def _tournament(
    director: User,
    series: Series,
    *,
    slug: str,
    name: str,
    year: int,
    day: dt.date,
    **extra: object,
) -> Tournament | None:
    if Tournament.objects.filter(slug=slug).exists():
        return None
    return tournaments.tournament_create(
        by=director,
        slug=slug,
        name=name,
        season=Season.objects.get(year=year),
        series=series,
        category=series.default_category,
        start_date=day,
        end_date=day,
        directors=[director],
        **extra,
    )


def _seed(t: Tournament) -> int:
    """The tournament's draws and games follow from its slug, not its database id, so the demo
    plays out the same on any database (one with other tournaments, or a test's)."""
    return zlib.crc32(t.slug.encode()) % 100_000


def _play_rounds(director: User, t: Tournament, words: list[str], finish: int) -> None:
    for number, letters in enumerate(words, start=1):
        round = rounds.round_create(by=director, tournament=t, word=_word(letters))
        draw.round_draw_start(by=director, round=round, seed=_seed(t) * 100 + number)
        # seed_demo runs in one transaction: compute the draw now instead of on commit.
        round = draw.round_draw_run(round_id=round.pk, seed=_seed(t) * 100 + number)
        draw.round_draw_publish(by=director, round=round)
        if number <= finish:
            _play(director, round)


def _play(director: User, round: Round) -> None:
    """Play the round's games to the end; the round finishes with its last game."""
    round.refresh_from_db()  # published since this object was loaded
    play_out(round, by=director, seed=_seed(round.tournament) * 1000 + round.number)
    round.refresh_from_db()
    if round.status != RoundStatus.FINISHED:
        rounds.round_finish(by=director, round=round)


def _final(director: User, t: Tournament, letters: str) -> None:
    """The seeded final of the top six, by elimination (a final's default), played to the end."""
    round = rounds.round_create(
        by=director, tournament=t, word=_word(letters), stage=RoundStage.FINAL,
        draw_method=DrawMethod.SEEDED_FINAL,
    )  # fmt: skip
    draw.round_draw_start(by=director, round=round, seed=_seed(t) * 100 + round.number)
    round = draw.round_draw_run(round_id=round.pk, seed=_seed(t) * 100 + round.number)
    draw.round_draw_publish(by=director, round=round)
    _play(director, round)


def _field(director: User, t: Tournament, players: list[Player], check_in: bool) -> None:
    for player in players:
        entry = entries.entry_register(by=director, tournament=t, player=player)
        if check_in:
            entries.entry_check_in(by=director, entry=entry)


def _club_teams(director: User, t: Tournament) -> None:
    """Every club with three players in the field plays for team points with them (entered
    after the rounds, so the demo's draws are the same as without teams)."""
    by_club: dict[Club, list[Player]] = {}
    for entry in Entry.objects.filter(tournament=t, club__isnull=False).select_related(
        "club", "player"
    ):
        by_club.setdefault(entry.club, []).append(entry.player)  # type: ignore[arg-type]
    for club, players in sorted(by_club.items(), key=lambda item: item[0].name):
        if len(players) >= t.team_size:
            members = sorted(players, key=lambda p: p.nickname_key)[: t.team_size]
            teams.team_enter(by=director, tournament=t, club=club, name=club.name, members=members)


def _league_nights(director: User, league: Tournament) -> None:
    """A club league: three Tuesdays with 12, 9 and 10 players; the last one in play."""
    from tournaments.league.services import league_night_draw

    tournaments.tournament_status_set(by=director, tournament=league, status="registration")
    club = _players(12, 5)
    _field(director, league, club, check_in=False)
    tournaments.tournament_status_set(by=director, tournament=league, status="running")
    members = list(league.entries.order_by("pk").values_list("pk", flat=True))
    nights = [(members, "TONDA"), (members[:9], "HEJMA"), (members[2:], "KOČKA")]
    for week, (present, letters) in enumerate(nights):
        round = league_night_draw(
            by=director,
            tournament=league,
            night=league.start_date + dt.timedelta(days=7 * week),
            present=present,
            word=_word(letters),
            seed=_seed(league),
        )
        # seed_demo runs in one transaction: compute the draw now instead of on commit.
        round = draw.round_draw_run(round_id=round.pk, seed=_seed(league))
        draw.round_draw_publish(by=director, round=round)
        if week < len(nights) - 1:
            _play(director, round)
    results_recompute(league.pk)


def seed(log: Log) -> None:
    series = _calendar()
    director = User.objects.get(username="director")
    host = Club.objects.order_by("name").first()

    past = _tournament(
        director, series["classic"], slug="podzimni-classic-2025", name="Podzimní Classic 2025",
        year=2025, day=dt.date(2025, 10, 18), edition=11, venue="Praha, Vinohrady",
        theme="Classic", basic_rounds=2, team_mode=TeamMode.BESIDE, team_size=2,
    )  # fmt: skip
    if past is not None:
        tournaments.tournament_status_set(by=director, tournament=past, status="registration")
        _field(director, past, _players(16, 0), check_in=True)
        tournaments.tournament_status_set(by=director, tournament=past, status="running")
        _play_rounds(director, past, ["TONDA", "HEJMA"], finish=2)
        _final(director, past, "KOČKA")
        _club_teams(director, past)
        results_recompute(past.pk)  # seed_demo runs in one transaction: on-commit jobs wait
        tournaments.tournament_status_set(by=director, tournament=past, status="finished")

    now = _tournament(
        director, series["nationals"], slug="mistrovstvi-cr-2026", name="Mistrovství ČR 2026",
        year=2026, day=dt.date.today(), edition=12, venue="Brno, Lužánky", theme="Classic",
        basic_rounds=3, planned_field=14,
    )  # fmt: skip
    if now is not None:
        if host is not None:
            now.host_clubs.add(host)
        tournaments.tournament_status_set(by=director, tournament=now, status="registration")
        _field(director, now, _players(14, 3), check_in=True)
        tournaments.tournament_status_set(by=director, tournament=now, status="running")
        _play_rounds(director, now, ["TONDA", "KOČKA"], finish=1)

    upcoming = _tournament(
        director, series["greenhorn"], slug="greenhorn-cup-2026", name="GreenHorn Cup 2026",
        year=2026, day=dt.date.today() + dt.timedelta(days=30), edition=4,
        venue="Olomouc", theme="Detectives", planned_field=20,
    )  # fmt: skip
    if upcoming is not None:
        tournaments.tournament_status_set(by=director, tournament=upcoming, status="registration")
        _field(director, upcoming, _players(9, 20), check_in=False)
        rounds.round_create(by=director, tournament=upcoming, word=_word("MORSE"))

    league = _tournament(
        director, series["classic"], slug="uterni-liga-2026", name="Úterní liga 2026",
        year=2026, day=dt.date.today() - dt.timedelta(days=14), venue="Praha, Vinohrady",
        theme="Classic", format=TournamentFormat.LEAGUE,
    )  # fmt: skip
    if league is not None:
        _league_nights(director, league)

    log(
        f"tournaments: {Tournament.objects.count()} tournaments, "
        f"{Series.objects.count()} series, {Category.objects.count()} categories"
    )
