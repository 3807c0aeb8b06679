"""Records: most titles, best success rate, latest first letter, fastest placka.

The input per game and player is the sequence of the deals they played, ``True``
for a deal lost (a letter taken). Each helper returns record entries best first,
with shared places on equal values and a stable order (then by player id, then
tournament and round).

>>> games = [
...     GameRecord(1, 1, player_id=7, deals=(False, False, True, True), placka=False),
...     GameRecord(1, 1, player_id=8, deals=(True, True, True, True), placka=True),
... ]
>>> [(e.player_id, e.value) for e in latest_first_letter(games)]
[(7, 3), (8, 1)]
>>> [(e.player_id, e.value) for e in fastest_placka(games)]
[(8, 4)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .inputs import PlayerId
from .ranking import places_assign, rank_groups, rank_keys
from .season import TournamentResult


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One player's game: the deals they played in order (``True`` = lost, took a letter)."""

    tournament_id: int
    round_number: int
    player_id: PlayerId
    deals: tuple[bool, ...]
    placka: bool = False


@dataclass(frozen=True, slots=True)
class RecordEntry:
    """One line of a records table; tournament and round where the record is one game."""

    place: int
    is_shared: bool
    player_id: PlayerId
    value: int | Fraction
    tournament_id: int | None = None
    round_number: int | None = None


def _table(
    entries: Sequence[tuple[PlayerId, int | Fraction, int | None, int | None]],
    *,
    higher_is_better: bool,
    limit: int | None,
) -> tuple[RecordEntry, ...]:
    if not entries:
        return ()
    keys = rank_keys([([e[1] for e in entries], higher_is_better)])
    display = [(e[0], e[2] or 0, e[3] or 0) for e in entries]
    ranked = places_assign(rank_groups(keys, display))
    rows = tuple(
        RecordEntry(
            place=r.place or 0,
            is_shared=r.is_shared,
            player_id=entries[r.item][0],
            value=entries[r.item][1],
            tournament_id=entries[r.item][2],
            round_number=entries[r.item][3],
        )
        for r in ranked
    )
    return rows if limit is None else rows[:limit]


def most_titles(
    results: Iterable[TournamentResult], *, limit: int | None = 10
) -> tuple[RecordEntry, ...]:
    """Players by tournaments won (place 1, a shared first counting as a title)."""
    titles: dict[PlayerId, int] = {}
    for result in results:
        if result.place == 1:
            titles[result.player_id] = titles.get(result.player_id, 0) + 1
    entries = [(p, n, None, None) for p, n in titles.items()]
    return _table(entries, higher_is_better=True, limit=limit)


def best_success_rate(
    games: Iterable[GameRecord], *, min_deals: int, limit: int | None = 10
) -> tuple[RecordEntry, ...]:
    """Players by career success rate over all their games, with at least ``min_deals``."""
    played: dict[PlayerId, int] = {}
    lost: dict[PlayerId, int] = {}
    for game in games:
        played[game.player_id] = played.get(game.player_id, 0) + len(game.deals)
        lost[game.player_id] = lost.get(game.player_id, 0) + sum(game.deals)
    return best_career_rate(
        {p: (n, lost[p]) for p, n in played.items()}, min_deals=min_deals, limit=limit
    )


def best_career_rate(
    totals: Mapping[PlayerId, tuple[int, int]], *, min_deals: int, limit: int | None = 10
) -> tuple[RecordEntry, ...]:
    """Players by success rate from their (deals played, deals lost), with at least
    ``min_deals`` played."""
    entries = [
        (p, Fraction(played - lost, played), None, None)
        for p, (played, lost) in totals.items()
        if played >= max(min_deals, 1)
    ]
    return _table(entries, higher_is_better=True, limit=limit)


def latest_first_letter(
    games: Iterable[GameRecord], *, limit: int | None = 10
) -> tuple[RecordEntry, ...]:
    """Games by the deal (1-based, of the player's deals) at which the first letter came.

    A game without any letter taken has no first letter and is not listed.
    """
    entries = [
        (g.player_id, g.deals.index(True) + 1, g.tournament_id, g.round_number)
        for g in games
        if True in g.deals
    ]
    return _table(entries, higher_is_better=True, limit=limit)


def fastest_placka(
    games: Iterable[GameRecord], *, limit: int | None = 10
) -> tuple[RecordEntry, ...]:
    """Placky by the fewest deals the player played to complete the word."""
    entries = [
        (g.player_id, len(g.deals), g.tournament_id, g.round_number) for g in games if g.placka
    ]
    return _table(entries, higher_is_better=False, limit=limit)
