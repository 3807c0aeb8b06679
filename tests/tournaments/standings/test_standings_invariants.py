"""Hypothesis invariants: places run 1..n with proper gaps, order follows the precedence."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.standings import (
    DEFAULT_PRECEDENCE,
    METRICS,
    Entrant,
    EntrantStatus,
    FinalResult,
    GameLine,
    PlayoffResult,
    PointsTable,
    Standings,
    Tally,
    classification_compute,
    final_place,
    placement_points,
    standings_compute,
)

PRECEDENCES = st.sampled_from(
    [
        DEFAULT_PRECEDENCE,
        ("success_rate",),
        ("deals_played", "placky"),
        ("penalty_points", "deals_lost", "success_rate"),
    ]
)


@st.composite
def fields(draw: st.DrawFn) -> tuple[list[Entrant], list[GameLine]]:
    count = draw(st.integers(min_value=0, max_value=24))
    statuses = st.sampled_from(list(EntrantStatus))
    entrants = [
        Entrant(p, draw(st.sampled_from(["A", "B", "C", "D"])), draw(statuses))
        for p in range(1, count + 1)
    ]
    lines = []
    for entrant in entrants:
        for number in range(1, draw(st.integers(min_value=0, max_value=3)) + 1):
            played = draw(st.integers(min_value=0, max_value=6))
            lost = draw(st.integers(min_value=0, max_value=played))
            placka = draw(st.booleans())
            penalty = draw(st.one_of(st.none(), st.integers(min_value=0, max_value=2)))
            lines.append(GameLine(entrant.player_id, number, played, lost, placka, penalty))
    return entrants, lines


def _reference_keys(totals: list[Tally], precedence: tuple[str, ...]) -> list[tuple[Fraction, ...]]:
    """Smaller is better, computed without the ranking module.

    A metric without a value (points not entered for every deal) separates nobody among
    the players tied with it so far: the whole tie gets 0 for that metric.
    """
    keys: list[tuple[Fraction, ...]] = [() for _ in totals]
    for name in precedence:
        metric = METRICS[name]
        values = [metric.value(total) for total in totals]
        unknown_ties = {keys[i] for i, value in enumerate(values) if value is None}
        for i, value in enumerate(values):
            if keys[i] in unknown_ties or value is None:
                figure = Fraction(0)
            else:
                figure = -Fraction(value) if metric.is_higher_better else Fraction(value)
            keys[i] = (*keys[i], figure)
    return keys


def _check_places(standings: Standings) -> None:
    placed = [r for r in standings.rows if r.place is not None]
    keys = _reference_keys([r.total for r in placed], standings.precedence)
    # Placed rows come first, then the unplaced.
    assert all(r.place is None for r in standings.rows[len(placed) :])
    assert all(not r.status.is_placed for r in standings.rows[len(placed) :])
    # Sorting is consistent with the precedence.
    assert keys == sorted(keys)
    for i, row in enumerate(placed):
        # A place is 1 + the number of strictly better players: 1..n with gaps after ties.
        assert row.place == 1 + sum(1 for k in keys if k < keys[i])
        assert row.is_shared == (keys.count(keys[i]) > 1)
    if placed:
        assert placed[0].place == 1
        assert max(r.place or 0 for r in placed) <= len(placed)


@settings(max_examples=200, deadline=None)
@given(fields(), PRECEDENCES, st.integers(min_value=0, max_value=8))
def test_places_and_order_follow_the_precedence(
    field: tuple[list[Entrant], list[GameLine]], precedence: tuple[str, ...], cut_size: int
) -> None:
    entrants, lines = field
    standings = standings_compute(
        entrants=entrants, lines=lines, precedence=precedence, cut_size=cut_size
    )
    assert {r.player_id for r in standings.rows} == {e.player_id for e in entrants}
    _check_places(standings)
    cut = standings.cut
    assert cut is not None
    assert len(cut.qualified) <= cut_size
    assert all(standings.row(p).status.can_qualify for p in cut.qualified)
    if cut.tie is not None:
        assert len(cut.qualified) + cut.tie.spots == cut_size
        assert len(cut.tie.player_ids) > cut.tie.spots > 0


@settings(max_examples=100, deadline=None)
@given(fields(), st.randoms(use_true_random=False))
def test_standings_do_not_depend_on_input_order(
    field: tuple[list[Entrant], list[GameLine]], rng: random.Random
) -> None:
    entrants, lines = field
    first = standings_compute(entrants=entrants, lines=lines)
    rng.shuffle(entrants)
    rng.shuffle(lines)
    assert standings_compute(entrants=entrants, lines=lines) == first


@settings(max_examples=100, deadline=None)
@given(fields(), st.data())
def test_a_playoff_always_resolves_the_cut(
    field: tuple[list[Entrant], list[GameLine]], data: st.DataObject
) -> None:
    entrants, lines = field
    standings = standings_compute(entrants=entrants, lines=lines, cut_size=3)
    assert standings.cut is not None
    tie = standings.cut.tie
    if tie is None:
        return
    ranking = tuple(data.draw(st.permutations(tie.player_ids)))
    after = standings_compute(
        entrants=entrants, lines=lines, cut_size=3, playoff=PlayoffResult(ranking=ranking)
    )
    assert after.cut is not None and after.cut.is_resolved
    assert after.cut.qualified[-tie.spots :] == ranking[: tie.spots]


@settings(max_examples=100, deadline=None)
@given(fields(), st.data())
def test_classification_places_and_points_add_up(
    field: tuple[list[Entrant], list[GameLine]], data: st.DataObject
) -> None:
    entrants, lines = field
    standings = standings_compute(entrants=entrants, lines=lines)
    finalists = tuple(r.player_id for r in standings.rows[:6])
    if not finalists:
        return
    out = data.draw(st.integers(min_value=0, max_value=max(0, len(finalists) - 3)))
    eliminated = tuple(data.draw(st.permutations(finalists))[:out])
    final = final_place(
        FinalResult(finalists, eliminated, {p: standings.row(p).total for p in finalists})
    )
    table = PointsTable("T", {p: 30 - p for p in range(1, 31)})
    c = classification_compute(standings=standings, final=final, points_table=table)
    assert {r.player_id for r in c.rows} == {e.player_id for e in entrants}
    counted = [r for r in c.rows if r.status.is_placed]
    placed = [r for r in c.rows if r.place is not None]
    # Places run 1..n with gaps only after shared places.
    for row in placed:
        better = sum(1 for r in placed if r.place is not None and r.place < (row.place or 0))
        open_block = sum(1 for r in counted if r.place is None)
        assert row.place in (better + 1, better + 1 + open_block)
    if final.is_complete:
        assert len(placed) == len(counted)
        # Splitting shared places never creates or loses points.
        assert sum(r.points or 0 for r in placed) == sum(
            table.for_place(p) for p in range(1, len(placed) + 1)
        )


@given(st.dictionaries(st.integers(0, 9), st.integers(0, 5), min_size=1, max_size=6))
def test_placement_points_always_hand_out_the_whole_scheme(letters: dict[int, int]) -> None:
    points = placement_points(letters)
    assert sum(points.values()) == sum(range(len(letters)))
    for a in letters:
        for b in letters:
            if letters[a] < letters[b]:
                assert points[a] > points[b]
