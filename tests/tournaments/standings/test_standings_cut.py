"""The cut to the final: the flag for a tie across it, and the play-off resolution."""

from __future__ import annotations

import pytest

from tournaments.standings import (
    Entrant,
    EntrantStatus,
    GameLine,
    PlayoffMismatchError,
    PlayoffResult,
    standings_compute,
)

# Eight players; lost deals out of 10 give rates 100, 90, 80, 70, 60, 60, 60, 50 %.
LOST = {1: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 4, 7: 4, 8: 5}
ENTRANTS = [Entrant(p, f"P{p}") for p in LOST]
LINES = [GameLine(p, 1, 10, lost) for p, lost in LOST.items()]


def test_a_clear_cut_takes_the_top_six() -> None:
    lines = [GameLine(p, 1, 10, p - 1) for p in LOST]
    s = standings_compute(entrants=ENTRANTS, lines=lines)
    assert s.cut is not None
    assert s.cut.is_resolved and not s.cut.needs_playoff
    assert s.cut.qualified == (1, 2, 3, 4, 5, 6)


def test_a_tie_across_the_cut_is_flagged_with_players_and_spots() -> None:
    s = standings_compute(entrants=ENTRANTS, lines=LINES)
    assert s.cut is not None and s.cut.needs_playoff
    assert s.cut.qualified == (1, 2, 3, 4)
    assert s.cut.tie is not None
    assert s.cut.tie.player_ids == (5, 6, 7)
    assert s.cut.tie.spots == 2
    assert s.cut.tie.place == 5
    assert [s.row(p).place for p in (5, 6, 7, 8)] == [5, 5, 5, 8]


def test_a_tie_inside_the_final_is_not_flagged() -> None:
    s = standings_compute(entrants=ENTRANTS, lines=LINES, cut_size=7)
    assert s.cut is not None and s.cut.is_resolved
    assert s.cut.qualified == (1, 2, 3, 4, 5, 6, 7)


def test_a_playoff_ranking_resolves_the_cut_and_orders_the_tied_players() -> None:
    s = standings_compute(entrants=ENTRANTS, lines=LINES, playoff=PlayoffResult(ranking=(7, 5, 6)))
    assert s.cut is not None and s.cut.is_resolved and s.cut.resolved_by_playoff
    assert s.cut.qualified == (1, 2, 3, 4, 7, 5)
    assert [(r.player_id, r.place) for r in s.rows][4:] == [(7, 5), (5, 6), (6, 7), (8, 8)]


def test_playoff_losers_resolve_the_cut() -> None:
    s = standings_compute(entrants=ENTRANTS, lines=LINES, playoff=PlayoffResult(losers=(5,)))
    assert s.cut is not None and s.cut.is_resolved
    assert s.cut.qualified == (1, 2, 3, 4, 6, 7)
    assert [(s.row(p).place, s.row(p).is_shared) for p in (6, 7, 5)] == [
        (5, True),
        (5, True),
        (7, False),
    ]


@pytest.mark.parametrize(
    ("playoff", "message"),
    [
        (PlayoffResult(ranking=(5, 6)), "exactly the tied players"),
        (PlayoffResult(ranking=(5, 6, 8)), "exactly the tied players"),
        (PlayoffResult(losers=(5, 6)), "needs 1 loser"),
        (PlayoffResult(losers=(8,)), "among the tied ones"),
        (PlayoffResult(), "ranking or as losers"),
        (PlayoffResult(ranking=(5, 6, 7), losers=(5,)), "ranking or as losers"),
    ],
)
def test_a_playoff_result_that_does_not_match_the_tie_is_refused(
    playoff: PlayoffResult, message: str
) -> None:
    with pytest.raises(PlayoffMismatchError, match=message):
        standings_compute(entrants=ENTRANTS, lines=LINES, playoff=playoff)


def test_a_playoff_without_a_tie_is_refused() -> None:
    with pytest.raises(PlayoffMismatchError, match="nobody ties"):
        standings_compute(
            entrants=ENTRANTS, lines=LINES, cut_size=7, playoff=PlayoffResult(losers=(5,))
        )
    with pytest.raises(PlayoffMismatchError, match="no cut"):
        standings_compute(
            entrants=ENTRANTS, lines=LINES, cut_size=None, playoff=PlayoffResult(losers=(5,))
        )


def test_substitutes_and_withdrawals_do_not_take_final_spots() -> None:
    # P2 withdrew but is classified, P3 is a non-scoring substitute, P4 withdrew unclassified.
    statuses = {
        2: EntrantStatus.WITHDRAWN_CLASSIFIED,
        3: EntrantStatus.SUBSTITUTE,
        4: EntrantStatus.WITHDRAWN_UNCLASSIFIED,
    }
    entrants = [Entrant(e.player_id, e.name, statuses.get(e.player_id, e.status)) for e in ENTRANTS]
    s = standings_compute(entrants=entrants, lines=LINES)
    # Placed: P1, P2 (classified), then P5-P7 tied, P8; the substitute and P4 follow unplaced.
    assert [(r.player_id, r.place) for r in s.rows] == [
        (1, 1),
        (2, 2),
        (5, 3),
        (6, 3),
        (7, 3),
        (8, 6),
        (3, None),
        (4, None),
    ]
    assert s.cut is not None and s.cut.is_resolved
    assert s.cut.qualified == (1, 5, 6, 7, 8)
