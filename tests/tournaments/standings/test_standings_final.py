"""The final by elimination, the small final, and the final classification."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tournaments.standings import (
    Entrant,
    EntrantStatus,
    FinalResult,
    FinalSettings,
    GameLine,
    InvalidFinalError,
    PointsTable,
    RemainderRule,
    Stage,
    Tally,
    classification_compute,
    final_place,
    standings_compute,
)

SIX = (1, 2, 3, 4, 5, 6)


def _places(result: FinalResult, **kwargs: object) -> list[tuple[int, int | None, bool]]:
    placing = final_place(result, **kwargs)  # type: ignore[arg-type]
    return [(e.player_id, e.place, e.is_shared) for e in placing.entries]


def test_each_eliminated_finalist_takes_the_lowest_open_place_and_the_last_three_go_by_rate() -> (
    None
):
    result = FinalResult(
        finalists=SIX,
        eliminated=(6, 4, 5),
        tallies={1: Tally(30, 9), 2: Tally(30, 6), 3: Tally(30, 12)},
    )
    assert _places(result) == [
        (2, 1, False),
        (1, 2, False),
        (3, 3, False),
        (5, 4, False),
        (4, 5, False),
        (6, 6, False),
    ]
    assert final_place(result).is_complete


def test_a_final_in_progress_leaves_the_players_at_the_table_without_a_place() -> None:
    placing = final_place(FinalResult(finalists=SIX, eliminated=(3,)))
    assert not placing.is_complete
    assert [(e.player_id, e.place) for e in placing.entries] == [
        (1, None),
        (2, None),
        (4, None),
        (5, None),
        (6, None),
        (3, 6),
    ]


def test_tied_rates_among_the_remaining_share_a_place() -> None:
    result = FinalResult(
        finalists=SIX,
        eliminated=(6, 5, 4),
        tallies={1: Tally(20, 2), 2: Tally(10, 1), 3: Tally(9, 0)},
    )
    assert _places(result)[:3] == [(3, 1, False), (1, 2, True), (2, 2, True)]


def test_the_shared_remainder_setting_gives_the_remaining_one_shared_place() -> None:
    settings = FinalSettings(remainder=RemainderRule.SHARED)
    result = FinalResult(finalists=SIX, eliminated=(6, 5, 4))
    assert _places(result, settings=settings)[:3] == [(1, 1, True), (2, 1, True), (3, 1, True)]


def test_the_small_final_places_from_the_next_place_by_the_same_rules() -> None:
    result = FinalResult(
        finalists=(7, 8, 9, 10, 11),
        eliminated=(8, 11),
        tallies={7: Tally(15, 5), 9: Tally(15, 2), 10: Tally(15, 3)},
    )
    assert [(e.player_id, e.place) for e in final_place(result, first_place=7).entries] == [
        (9, 7),
        (10, 8),
        (7, 9),
        (11, 10),
        (8, 11),
    ]


def test_a_table_already_below_four_is_placed_by_rate_alone() -> None:
    result = FinalResult(
        finalists=(7, 8, 9), tallies={7: Tally(9, 3), 8: Tally(9, 1), 9: Tally(9, 2)}
    )
    assert [e.player_id for e in final_place(result, first_place=7).entries] == [8, 9, 7]


@pytest.mark.parametrize(
    ("result", "message"),
    [
        (FinalResult(finalists=SIX, eliminated=(6, 5, 4, 3)), "at most 3 can be eliminated"),
        (FinalResult(finalists=SIX, eliminated=(9,)), r"\[9\] are not finalists"),
        (FinalResult(finalists=SIX, eliminated=(6, 6)), "eliminated twice"),
        (FinalResult(finalists=(1, 1, 2, 3)), "listed twice"),
        (FinalResult(finalists=()), "at least one finalist"),
        (FinalResult(finalists=SIX, eliminated=(6, 5, 4)), r"players \[1, 2, 3\] are needed"),
    ],
)
def test_inconsistent_finals_are_refused(result: FinalResult, message: str) -> None:
    with pytest.raises(InvalidFinalError, match=message):
        final_place(result)


# --- the final classification ---------------------------------------------------------

SUB, GONE, HURT = 11, 12, 10
STATUS = {
    SUB: EntrantStatus.SUBSTITUTE,
    GONE: EntrantStatus.WITHDRAWN_UNCLASSIFIED,
    HURT: EntrantStatus.WITHDRAWN_CLASSIFIED,
}
ENTRANTS = [Entrant(p, f"P{p:02d}", STATUS.get(p, EntrantStatus.SCORING)) for p in range(1, 15)]
# Player p loses p - 1 of 20 deals, except 13 and 14 who tie.
LINES = [GameLine(p, 1, 20, min(p - 1, 12)) for p in range(1, 15)]
TABLE = PointsTable(
    "Classic",
    {1: 100, 2: 80, 3: 60, 4: 50, 5: 45, 6: 40, 7: 36, 8: 32, 9: 29, 10: 26, 11: 24, 12: 22},
)
FINAL = FinalResult(
    finalists=SIX,
    eliminated=(6, 5, 4),
    tallies={1: Tally(30, 9), 2: Tally(30, 6), 3: Tally(30, 12)},
)
SMALL = FinalResult(finalists=(7, 8, 9), tallies={7: Tally(9, 2), 8: Tally(9, 3), 9: Tally(9, 1)})


def _classification(
    final: FinalResult, small: FinalResult | None = SMALL
) -> list[tuple[object, ...]]:
    standings = standings_compute(entrants=ENTRANTS, lines=LINES)
    c = classification_compute(
        standings=standings,
        final=final_place(final),
        small_final=final_place(small, first_place=7) if small else None,
        points_table=TABLE,
    )
    return [(r.player_id, r.place, r.points, r.stage) for r in c.rows]


def test_the_classification_is_final_then_small_final_then_the_rest_then_the_unplaced() -> None:
    F, S, B = Stage.FINAL, Stage.SMALL_FINAL, Stage.BASIC_ROUNDS
    assert _classification(FINAL) == [
        (2, 1, 100, F),
        (1, 2, 80, F),
        (3, 3, 60, F),
        (4, 4, 50, F),
        (5, 5, 45, F),
        (6, 6, 40, F),
        (9, 7, 36, S),
        (7, 8, 32, S),
        (8, 9, 29, S),
        (HURT, 10, 26, B),  # classified withdrawal keeps a place and points
        (13, 11, Fraction(24 + 22, 2), B),  # shared 11th splits the points of 11th and 12th
        (14, 11, 23, B),
        (SUB, None, None, B),  # non-scoring substitute: no place, no points
        (GONE, None, None, B),  # unclassified withdrawal: no place, no points
    ]


def test_a_substitute_in_the_final_blocks_no_place() -> None:
    final = FinalResult(
        finalists=(1, 2, 3, 4, 5, SUB),
        eliminated=(5, SUB, 4),
        tallies={1: Tally(30, 9), 2: Tally(30, 6), 3: Tally(30, 12)},
    )
    rows = _classification(final, small=None)
    assert [(p, place) for p, place, _, _ in rows[:7]] == [
        (2, 1),
        (1, 2),
        (3, 3),
        (4, 4),
        (SUB, None),
        (5, 5),
        (6, 6),  # the best non-finalist moves up to 6th
    ]
    assert rows[4][2] is None


def test_a_final_in_progress_holds_its_block_of_places() -> None:
    standings = standings_compute(entrants=ENTRANTS, lines=LINES)
    c = classification_compute(
        standings=standings,
        final=final_place(FinalResult(finalists=SIX, eliminated=(5,))),
        points_table=TABLE,
    )
    assert not c.is_complete
    assert [(r.player_id, r.place) for r in c.rows[:8]] == [
        (1, None),
        (2, None),
        (3, None),
        (4, None),
        (6, None),
        (5, 6),
        (7, 7),
        (8, 8),
    ]
    assert c.row(5).points == 40
    assert c.row(1).points is None


def test_a_player_in_both_finals_is_refused() -> None:
    standings = standings_compute(entrants=ENTRANTS, lines=LINES)
    shared = FinalSettings(remainder=RemainderRule.SHARED)
    with pytest.raises(InvalidFinalError, match="both the final and the small final"):
        classification_compute(
            standings=standings,
            final=final_place(FinalResult(finalists=(1, 2, 3)), settings=shared),
            small_final=final_place(FinalResult(finalists=(3, 4, 5)), settings=shared),
        )
