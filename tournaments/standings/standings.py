"""Standings after the basic rounds: per-round and cumulative figures, places, the cut.

>>> from tournaments.standings import format_rate
>>> entrants = [Entrant(1, "LUMIR"), Entrant(2, "KAREL")]
>>> lines = [GameLine(1, 1, 11, 5), GameLine(2, 1, 18, 5)]
>>> s = standings_compute(entrants=entrants, lines=lines, cut_size=None)
>>> [(r.place_label, r.name, format_rate(r.success_rate)) for r in s.rows]
[('1.', 'KAREL', '72.2 %'), ('2.', 'LUMIR', '54.5 %')]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from .cut import DEFAULT_CUT_SIZE, Boundary, PlayoffResult, boundary_split, playoff_ranks
from .errors import InvalidEntrantsError, PlayoffMismatchError, StandingsInternalError
from .formatting import format_place
from .inputs import Entrant, EntrantStatus, GameLine, PlayerId
from .metrics import DEFAULT_PRECEDENCE, METRICS, Metric, precedence_resolve
from .ranking import SortKey, places_assign, rank_groups, rank_keys
from .tally import EMPTY_TALLY, Tally, lines_by_player, tally_sum

__all__ = ["StandingRow", "Standings", "standings_compute"]

_NO_LINES: Mapping[int, GameLine] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One entrant in the standings: cumulative tally, game lines by round, place."""

    player_id: PlayerId
    name: str
    status: EntrantStatus
    place: int | None
    is_shared: bool
    total: Tally
    lines: Mapping[int, GameLine]

    @property
    def success_rate(self) -> Fraction | None:
        return self.total.success_rate

    @property
    def place_label(self) -> str:
        """``'3.'`` (the same for every sharer), ``''`` without a place."""
        return format_place(self.place)

    def round_tally(self, round_number: int) -> Tally:
        """The player's figures in one round (empty if they did not play it)."""
        line = self.lines.get(round_number)
        return EMPTY_TALLY if line is None else Tally.from_line(line)


@dataclass(frozen=True, slots=True)
class Standings:
    """Ranked rows (placed ones first, in order), the precedence used, and the cuts: to the
    final (``cut``) and to the small final (``small_cut``, the best ``final + small final``
    players, whose field is those below the final's cut)."""

    rows: tuple[StandingRow, ...]
    precedence: tuple[str, ...]
    rounds: tuple[int, ...]
    cut: Boundary | None
    small_cut: Boundary | None = None

    def row(self, player_id: PlayerId) -> StandingRow:
        for row in self.rows:
            if row.player_id == player_id:
                return row
        raise KeyError(player_id)

    def shared_places(self) -> list[tuple[PlayerId, ...]]:
        """Groups of players sharing a place, best place first."""
        groups: dict[int, list[PlayerId]] = {}
        for row in self.rows:
            if row.is_shared and row.place is not None:
                groups.setdefault(row.place, []).append(row.player_id)
        return [tuple(groups[place]) for place in sorted(groups)]


def _validate_entrants(entrants: Sequence[Entrant]) -> None:
    seen: set[PlayerId] = set()
    for entrant in entrants:
        if entrant.player_id in seen:
            raise InvalidEntrantsError(f"player {entrant.player_id} is entered twice.")
        seen.add(entrant.player_id)


def _placed_groups(
    placed: Sequence[int], keys: Sequence[SortKey], display: Sequence[tuple[str, PlayerId]]
) -> list[list[int]]:
    groups = rank_groups([keys[i] for i in placed], [display[i] for i in placed])
    return [[placed[j] for j in group] for group in groups]


def _boundary(
    groups: Sequence[Sequence[int]],
    entrants: Sequence[Entrant],
    places: Mapping[int, int | None],
    size: int,
) -> Boundary:
    eligible = [
        [entrants[i].player_id for i in g if entrants[i].status.can_qualify] for g in groups
    ]
    group_places = [places[g[0]] or 0 for g in groups]
    return boundary_split(eligible, size=size, places=group_places)


def _playoff_keys(
    cut: Boundary | None,
    playoff: PlayoffResult,
    entrants: Sequence[Entrant],
    keys: Sequence[SortKey],
) -> tuple[int, list[SortKey]]:
    """The cut's size, and ``keys`` with the play-off's order appended: it orders the tied
    group only."""
    if cut is None:
        raise PlayoffMismatchError("a play-off result was given but there is no cut.")
    if cut.tie is None:
        raise PlayoffMismatchError("a play-off result was given but nobody ties at the cut.")
    ranks = playoff_ranks(cut.tie, playoff)
    after = max(ranks.values()) + 1
    index_of = {e.player_id: i for i, e in enumerate(entrants)}
    tied_key = keys[index_of[cut.tie.player_ids[0]]]
    return cut.size, [
        key + ((ranks.get(entrants[i].player_id, after),) if key == tied_key else (0,))
        for i, key in enumerate(keys)
    ]


def standings_compute(
    *,
    entrants: Sequence[Entrant],
    lines: Iterable[GameLine],
    precedence: Sequence[str] = DEFAULT_PRECEDENCE,
    metrics: Mapping[str, Metric] = METRICS,
    rounds: Collection[int] | None = None,
    cut_size: int | None = DEFAULT_CUT_SIZE,
    playoff: PlayoffResult | None = None,
    small_cut_size: int | None = None,
    small_playoff: PlayoffResult | None = None,
) -> Standings:
    """Rank ``entrants`` by their ``lines`` under ``precedence``.

    ``rounds`` limits the figures to some rounds (``{2}`` gives round 2's own
    standings; ``None`` is cumulative over all). Remaining ties share a place.
    Scoring players and classified withdrawals are placed; substitutes and
    unclassified withdrawals follow without a place. With ``cut_size`` the cut to
    the final is computed over scoring players only; a tie across it is reported in
    ``cut.tie`` until a ``playoff`` result is given, which then orders the tied players.
    ``small_cut_size`` (the final's size plus the small final's) and ``small_playoff`` do
    the same for the small final's cut, after the final's play-off has ordered its tie.
    """
    resolved = precedence_resolve(precedence, metrics)
    _validate_entrants(entrants)
    by_player = lines_by_player(lines, rounds=rounds)
    ids = {e.player_id for e in entrants}
    unknown = sorted(by_player.keys() - ids)
    if unknown:
        raise InvalidEntrantsError(f"game lines for players not entered: {unknown}.")

    per_player = [by_player.get(e.player_id, _NO_LINES) for e in entrants]
    totals = [tally_sum(p.values()) for p in per_player]
    placed = [i for i, e in enumerate(entrants) if e.status.is_placed]
    unplaced = [i for i, e in enumerate(entrants) if not e.status.is_placed]
    # Placed and unplaced players are ranked apart: whether a tie-break can separate
    # placed players (points entered for every deal) must not depend on the others.
    keys: list[SortKey] = [()] * len(entrants)
    for part in (placed, unplaced):
        columns = [([m.value(totals[i]) for i in part], m.is_higher_better) for m in resolved]
        for i, key in zip(part, rank_keys(columns) if part else (), strict=True):
            keys[i] = key
    display = [(e.name, e.player_id) for e in entrants]

    groups = _placed_groups(placed, keys, display)
    places = {r.item: r.place for r in places_assign(groups)}
    cuts: list[Boundary | None] = []
    for size, result in ((cut_size, playoff), (small_cut_size, small_playoff)):
        cut: Boundary | None = None
        if size is not None:
            cut = _boundary(groups, entrants, places, size)
        if result is not None:
            settled, keys = _playoff_keys(cut, result, entrants, keys)
            groups = _placed_groups(placed, keys, display)
            places = {r.item: r.place for r in places_assign(groups)}
            cut = _boundary(groups, entrants, places, settled)
            if cut.tie is not None:
                raise StandingsInternalError("the play-off result left a tie at the cut")
            cut = Boundary(
                size=cut.size, qualified=cut.qualified, tie=None, resolved_by_playoff=True
            )
        cuts.append(cut)

    unplaced.sort(key=lambda i: (keys[i], display[i]))
    order = [i for group in groups for i in group] + unplaced
    shared = {i for group in groups if len(group) > 1 for i in group}
    rows = tuple(
        StandingRow(
            player_id=entrants[i].player_id,
            name=entrants[i].name,
            status=entrants[i].status,
            place=places.get(i),
            is_shared=i in shared,
            total=totals[i],
            lines=per_player[i],
        )
        for i in order
    )
    round_numbers = sorted({n for p in per_player for n in p})
    return Standings(
        rows=rows,
        precedence=tuple(m.name for m in resolved),
        rounds=tuple(round_numbers),
        cut=cuts[0],
        small_cut=cuts[1],
    )
