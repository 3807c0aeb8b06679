"""Flat display rows of standings and classifications, joined with each entry's club and country.

>>> from tournaments.standings import Entrant, GameLine, standings_compute
>>> s = standings_compute(
...     entrants=[Entrant(1, "LUMIR"), Entrant(2, "KAREL")],
...     lines=[GameLine(1, 1, 11, 5), GameLine(2, 1, 18, 5)],
...     cut_size=1,
... )
>>> [(r.place_label, r.nickname, r.success_rate_label, r.in_cut) for r in standing_lines(s, {})]
[('1.', 'KAREL', '72.2 %', True), ('2.', 'LUMIR', '54.5 %', False)]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from tournaments.standings import (
    EMPTY_TALLY,
    Classification,
    EntrantStatus,
    Standings,
    Tally,
    format_place,
    format_points,
    format_rate,
    round_half_up,
)


class EntryLike(Protocol):
    """What the rows need of an entry (``tournaments.results.selectors.EntryInfo``)."""

    @property
    def nickname(self) -> str: ...
    @property
    def club(self) -> str | None: ...
    @property
    def country(self) -> str | None: ...


def rate_percent(rate: Fraction | None) -> float | None:
    """A success rate as a percentage rounded half up to one decimal (``None`` before a deal)."""
    return None if rate is None else float(round_half_up(rate * 100))


def federation_line(place: int | None, nickname: str, club: str | None, country: str | None) -> str:
    """A line of the federation's printed results.

    >>> federation_line(1, "LUMIR", "Royal SCC Vinohrady", "CZE")
    '1. LUMIR (Royal SCC Vinohrady / CZE)'
    >>> federation_line(None, "KAREL", None, "SVK")
    'KAREL (SVK)'
    """
    where = " / ".join(part for part in (club, country) if part)
    text = f"{nickname} ({where})" if where else nickname
    label = format_place(place)
    return f"{label} {text}" if label else text


class _RateOfTotal:
    """The success rate of a line's ``total``, exact, as text and as a percentage."""

    __slots__ = ()
    total: Tally

    @property
    def success_rate(self) -> Fraction | None:
        return self.total.success_rate

    @property
    def success_rate_label(self) -> str:
        return format_rate(self.total.success_rate)

    @property
    def success_rate_percent(self) -> float | None:
        return rate_percent(self.total.success_rate)


@dataclass(frozen=True, slots=True)
class StandingLine(_RateOfTotal):
    """One row of basic-round standings, ready to print or serialise."""

    player_id: int
    nickname: str
    club: str | None
    country: str | None
    status: EntrantStatus
    place: int | None
    is_shared: bool
    total: Tally
    in_cut: bool
    at_cut_tie: bool
    is_last_above_cut: bool
    round_tally: Tally | None

    @property
    def place_label(self) -> str:
        return format_place(self.place)

    @property
    def federation_text(self) -> str:
        return federation_line(self.place, self.nickname, self.club, self.country)


def _entry_fields(entries: Mapping[int, EntryLike], player_id: int, name: str) -> tuple[str, ...]:
    entry = entries.get(player_id)
    if entry is None:
        return (name, "", "")
    return (entry.nickname, entry.club or "", entry.country or "")


def standing_lines(
    standings: Standings, entries: Mapping[int, EntryLike], *, round_number: int | None = None
) -> list[StandingLine]:
    """The standings' rows in order; ``round_number`` adds that round's own figures."""
    cut = standings.cut
    qualified = set(cut.qualified) if cut else set()
    tied = set(cut.tie.player_ids) if cut and cut.tie else set()
    above = qualified | tied
    # The cut line goes under the last row that is through or still tied at the cut.
    last_above = max((i for i, r in enumerate(standings.rows) if r.player_id in above), default=-1)
    lines = []
    for index, row in enumerate(standings.rows):
        nickname, club, country = _entry_fields(entries, row.player_id, row.name)
        lines.append(
            StandingLine(
                player_id=row.player_id,
                nickname=nickname,
                club=club or None,
                country=country or None,
                status=row.status,
                place=row.place,
                is_shared=row.is_shared,
                total=row.total,
                in_cut=row.player_id in qualified,
                at_cut_tie=row.player_id in tied,
                is_last_above_cut=index == last_above,
                round_tally=None if round_number is None else row.round_tally(round_number),
            )
        )
    return lines


@dataclass(frozen=True, slots=True)
class ClassificationLine(_RateOfTotal):
    """One row of the final classification."""

    player_id: int
    nickname: str
    club: str | None
    country: str | None
    status: EntrantStatus
    stage: str
    place: int | None
    is_shared: bool
    points: Fraction | None
    #: The tournament figure: every counted deal, the final included.
    total: Tally = EMPTY_TALLY

    @property
    def place_label(self) -> str:
        return format_place(self.place)

    @property
    def points_label(self) -> str:
        return format_points(self.points)

    @property
    def is_unplaced_by_status(self) -> bool:
        """Substitutes and unclassified withdrawals: listed, never placed."""
        return not self.status.is_placed

    @property
    def federation_text(self) -> str:
        return federation_line(self.place, self.nickname, self.club, self.country)


def classification_lines(
    classification: Classification,
    entries: Mapping[int, EntryLike],
    figures: Mapping[int, Tally] | None = None,
) -> list[ClassificationLine]:
    """The classification's rows, each with the player's tournament figure (``figures``)."""
    lines = []
    for row in classification.rows:
        nickname, club, country = _entry_fields(entries, row.player_id, row.name)
        lines.append(
            ClassificationLine(
                player_id=row.player_id,
                nickname=nickname,
                club=club or None,
                country=country or None,
                status=row.status,
                stage=str(row.stage),
                place=row.place,
                is_shared=row.is_shared,
                points=row.points,
                total=(figures or {}).get(row.player_id, EMPTY_TALLY),
            )
        )
    return lines
