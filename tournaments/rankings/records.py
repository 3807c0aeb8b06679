"""Records from the database: most titles, best success rate, latest first letter, fastest placka.

Reads placings (titles) and seat results (games), turns them into the pure inputs
and resolves the players and tournaments of the entries for display.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import QuerySet, Sum
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.models.results import SeatResult
from scwu.models import Player
from tournaments.models import Placing, Tournament, TournamentStatus
from tournaments.rankings.adapters import game_records, tournament_results
from tournaments.standings import (
    RecordEntry,
    best_career_rate,
    fastest_placka,
    format_rate,
    latest_first_letter,
    most_titles,
)
from tournaments.visibility import public_results_q

RECORD_MIN_DEALS = 50
"""Deals a player must have played for the best success rate: about two tournaments'
basic rounds, so one lucky game cannot hold the record. Profiles say the same."""
RECORD_LIMIT = 10
"""Lines shown per records table."""


@dataclass(frozen=True, slots=True)
class RecordLine:
    """A records table line, ready to show."""

    place: int
    is_shared: bool
    player: Player
    value: str
    tournament: Tournament | None
    round_number: int | None


@dataclass(frozen=True, slots=True)
class RecordTable:
    key: str
    title: str | Promise
    unit: str | Promise
    lines: tuple[RecordLine, ...]


def career_placings() -> QuerySet[Placing]:
    """The placings a career counts: every tournament's tournament figure (every counted
    deal of its released rounds, the final included). Profiles and records read these."""
    return Placing.objects.all()


def career_totals() -> dict[int, tuple[int, int]]:
    """(deals played, deals lost) by player id over :func:`career_placings`."""
    rows = (
        career_placings()
        .values("player_id")
        .annotate(played=Sum("deals_played"), lost=Sum("deals_lost"))
        .values_list("player_id", "played", "lost")
    )
    return {player: (played or 0, lost or 0) for player, played, lost in rows}


def title_placings() -> QuerySet[Placing]:
    """Placings that count as titles: first places of finished tournaments."""
    return Placing.objects.filter(place=1, tournament__status=TournamentStatus.FINISHED)


def record_seat_results() -> QuerySet[SeatResult]:
    """Games the records count: finished games of public, released rounds."""
    return SeatResult.objects.filter(
        public_results_q("round__"), game_finished=True
    ).select_related("entry", "round")


def _value(key: str, value: int | Fraction) -> str:
    if key == "best_success_rate":
        return format_rate(Fraction(value))
    return str(value)


def _lines(key: str, entries: Sequence[RecordEntry]) -> tuple[RecordLine, ...]:
    players = Player.objects.in_bulk({e.player_id for e in entries})
    tournaments = Tournament.objects.in_bulk(
        {e.tournament_id for e in entries if e.tournament_id is not None}
    )
    return tuple(
        RecordLine(
            place=e.place,
            is_shared=e.is_shared,
            player=players[e.player_id],
            value=_value(key, e.value),
            tournament=tournaments.get(e.tournament_id) if e.tournament_id else None,
            round_number=e.round_number,
        )
        for e in entries
        if e.player_id in players
    )


def records_compute(
    *, min_deals: int = RECORD_MIN_DEALS, limit: int | None = RECORD_LIMIT
) -> tuple[RecordTable, ...]:
    """All four records tables, best first, with shared places on equal values. The best
    success rate is the career figure of the profiles (:func:`career_totals`)."""
    titles = tournament_results(title_placings())
    games = game_records(record_seat_results())
    return (
        RecordTable(
            "most_titles",
            _("Most titles"),
            _("titles"),
            _lines("most_titles", most_titles(titles, limit=limit)),
        ),
        RecordTable(
            "best_success_rate",
            _("Best success rate"),
            _("success rate"),
            _lines(
                "best_success_rate",
                best_career_rate(career_totals(), min_deals=min_deals, limit=limit),
            ),
        ),
        RecordTable(
            "latest_first_letter",
            _("Latest first letter in a round"),
            _("deal of the first letter"),
            _lines("latest_first_letter", latest_first_letter(games, limit=limit)),
        ),
        RecordTable(
            "fastest_placka",
            _("Fastest placka"),
            _("deals to complete the word"),
            _lines("fastest_placka", fastest_placka(games, limit=limit)),
        ),
    )


def records_held(
    player: Player, tables: Sequence[RecordTable]
) -> list[tuple[RecordTable, RecordLine]]:
    """The records ``player`` holds (first place, shared or not)."""
    return [
        (table, line)
        for table in tables
        for line in table.lines
        if line.place == 1 and line.player.pk == player.pk
    ]
