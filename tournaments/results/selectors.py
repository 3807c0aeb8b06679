"""Reads of a tournament's results, computed in the request and cached by version.

``tournament_results`` is fresh after every deal: every results write bumps
``ResultsState.requested`` in its own transaction, and the cache key carries that
version, so a repeated read is one small query and a cache hit, and a read after a
change recomputes (a few flat queries and the pure standings maths).

Two levels of cache, both keyed by the version: each process keeps its latest results
as objects (no unpickling), and the shared Django cache carries them between processes
for fields of up to ``SHARED_CACHE_MAX_ENTRIES`` entries (every real SCWU field).
"""

from __future__ import annotations

import copyreg
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from django.core.cache import cache

from tournaments.models import RoundStage, Tournament
from tournaments.standings import Classification, Standings, Tally, standings_compute
from tournaments.visibility import results_viewer_may_see_unreleased

from .compute import (
    ClassifiedBy,
    ResultsSettings,
    basic_lines,
    classified_by,
    entrants_build,
    points_table,
    results_compute,
)
from .league import LeagueResult, Night
from .loading import (
    EntryInfo,
    ResultsData,
    RoundInfo,
    points_table_load,
    results_load,
    results_version,
    visible_round_numbers,
)

__all__ = [
    "ClassifiedBy",
    "EntryInfo",
    "LeagueResult",
    "Night",
    "RoundInfo",
    "TournamentResults",
    "results_viewer_may_see_unreleased",
    "standings_by_round",
    "tournament_results",
]

CACHE_SECONDS = 600
#: Above this many entries (un)pickling for the shared cache costs about as much as
#: computing again (~40 ms each way at 1,000), so only the process keeps the results.
SHARED_CACHE_MAX_ENTRIES = 300


def _mapping_proxy(data: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    return MappingProxyType(data)


# The standings keep read-only mappings; teach pickle (the cache's format) to carry them.
copyreg.pickle(MappingProxyType, lambda proxy: (_mapping_proxy, (dict(proxy),)))


class _Recent:
    """The last few results of this process, by cache key, handed out unpickled.

    The shared cache pickles; unpickling a thousand-player standings costs more than
    the query that checks the version, so a process keeps its latest ones in memory.
    Keys carry the version, so an entry is never stale, only unused.
    """

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self.items: OrderedDict[str, TournamentResults] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: str) -> TournamentResults | None:
        with self.lock:
            found = self.items.get(key)
            if found is not None:
                self.items.move_to_end(key)
            return found

    def put(self, key: str, results: TournamentResults) -> None:
        with self.lock:
            self.items[key] = results
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)


@dataclass(frozen=True)
class TournamentResults:
    tournament_id: int
    #: ``ResultsState.requested`` at read time: changes after every results write.
    version: int
    rounds: tuple[RoundInfo, ...]
    #: Round numbers whose results this viewer may see.
    visible_rounds: tuple[int, ...]
    #: Standings of the visible basic rounds, with the cut.
    standings: Standings
    #: The classification once a final round exists or the tournament is finished
    #: (``None`` before: the standings are provisional); ``classified_by`` says by what.
    classification: Classification | None
    #: Display data by player id.
    entries: Mapping[int, EntryInfo]
    includes_unreleased: bool
    #: The tournament figure by player id: every counted deal, the final included.
    figures: Mapping[int, Tally]
    classified_by: ClassifiedBy | None = None
    #: A league's table (``None`` for any other format).
    league: LeagueResult | None = None

    @property
    def is_provisional(self) -> bool:
        """Not classified yet, or a final still being played."""
        return self.classification is None or not self.classification.is_complete


_recent = _Recent()


def results_build(
    tournament: Tournament, data: ResultsData, *, version: int, include_unreleased: bool
) -> TournamentResults:
    """Compute the results of ``data`` as a viewer sees them (no cache)."""
    visible = visible_round_numbers(data, include_unreleased=include_unreleased)
    settings = ResultsSettings.of(tournament)
    has_final = any(info.stage == RoundStage.FINAL for _, info in data.rounds)
    table = None
    if classified_by(has_final=has_final, settings=settings) is not None:
        table = points_table(points_table_load(tournament), str(tournament.category or ""))
    computed = results_compute(
        data, settings=settings, visible=visible, points=table, classify=False
    )
    return TournamentResults(
        tournament_id=tournament.pk,
        version=version,
        rounds=tuple(info for _, info in data.rounds),
        visible_rounds=visible,
        standings=computed.standings,
        classification=computed.classification,
        entries=MappingProxyType({e.info.player_id: e.info for e in data.entries}),
        includes_unreleased=include_unreleased,
        figures=MappingProxyType(dict(computed.figures)),
        classified_by=computed.classified_by,
        league=computed.league,
    )


def _cache_key(tournament: Tournament, version: int, include_unreleased: bool) -> str:
    # The settings the maths reads are part of the key: an edit to them (admin site)
    # bumps no version but must not serve results computed under the old ones.
    # The creation time tells apart two tournaments that reuse a primary key (a test
    # database rolled back), which would otherwise share versions.
    shape = repr(
        (
            ResultsSettings.of(tournament),
            tournament.category_id,
            tournament.series_id,
            tournament.created_at,
        )
    )
    digest = hashlib.blake2b(shape.encode(), digest_size=8).hexdigest()
    return f"results:{tournament.pk}:{version}:{int(include_unreleased)}:{digest}"


def tournament_results(
    tournament: Tournament, *, include_unreleased: bool = False
) -> TournamentResults:
    """The tournament's results as the public (or, with ``include_unreleased``, its
    directors) see them; fresh after every recorded deal."""
    version = results_version(tournament.pk)
    key = _cache_key(tournament, version, include_unreleased)
    results = _recent.get(key)
    if results is not None:
        return results
    cached = cache.get(key)
    if isinstance(cached, TournamentResults):
        _recent.put(key, cached)
        return cached
    results = results_build(
        tournament,
        results_load(tournament),
        version=version,
        include_unreleased=include_unreleased,
    )
    if len(results.entries) <= SHARED_CACHE_MAX_ENTRIES:
        cache.set(key, results, CACHE_SECONDS)
    _recent.put(key, results)
    return results


def standings_by_round(
    tournament: Tournament, *, include_unreleased: bool = False
) -> list[tuple[int, Standings]]:
    """Cumulative standings after each visible basic round (for the chart), in order."""
    data = results_load(tournament)
    visible = visible_round_numbers(data, include_unreleased=include_unreleased)
    settings = ResultsSettings.of(tournament)
    entrants = entrants_build(data.entries)
    lines = basic_lines(data, visible)
    basic = [
        info.number
        for _, info in data.rounds
        if info.stage == RoundStage.BASIC and info.number in visible
    ]
    return [
        (
            number,
            standings_compute(
                entrants=entrants,
                lines=lines,
                precedence=settings.precedence,
                rounds=set(basic[: index + 1]),
                cut_size=settings.cut_size,
            ),
        )
        for index, number in enumerate(basic)
    ]
