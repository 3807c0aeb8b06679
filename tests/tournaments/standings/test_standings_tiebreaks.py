"""The metric registry and the tie-break precedence, default and custom."""

from __future__ import annotations

import pytest

from tournaments.standings import (
    DEFAULT_PRECEDENCE,
    METRICS,
    Direction,
    Entrant,
    GameLine,
    Metric,
    UnknownMetricError,
    metric_registry,
    standings_compute,
)

PAIR = [Entrant(1, "ZED"), Entrant(2, "ABE")]  # ABE would win a display-order fallback


def _order(lines: list[GameLine], **kwargs: object) -> list[tuple[int, int | None]]:
    s = standings_compute(entrants=PAIR, lines=lines, cut_size=None, **kwargs)  # type: ignore[arg-type]
    return [(r.player_id, r.place) for r in s.rows]


def test_default_precedence_is_rate_placky_deals_played_penalty() -> None:
    assert DEFAULT_PRECEDENCE == ("success_rate", "placky", "deals_played", "penalty_points")
    assert METRICS["success_rate"].direction is Direction.HIGHER_IS_BETTER
    assert METRICS["placky"].direction is Direction.LOWER_IS_BETTER
    assert METRICS["deals_played"].direction is Direction.HIGHER_IS_BETTER
    assert METRICS["penalty_points"].direction is Direction.LOWER_IS_BETTER


def test_higher_success_rate_ranks_first() -> None:
    assert _order([GameLine(1, 1, 10, 1), GameLine(2, 1, 10, 2)]) == [(1, 1), (2, 2)]


def test_equal_rate_fewer_placky_ranks_first() -> None:
    lines = [GameLine(1, 1, 10, 2), GameLine(2, 1, 10, 2, placka=True)]
    assert _order(lines) == [(1, 1), (2, 2)]


def test_equal_rate_and_placky_more_deals_played_ranks_first() -> None:
    lines = [GameLine(1, 1, 20, 4), GameLine(2, 1, 10, 2)]  # both 80 %
    assert _order(lines) == [(1, 1), (2, 2)]


def test_equal_up_to_deals_fewer_penalty_points_rank_first() -> None:
    lines = [GameLine(1, 1, 10, 2, penalty_points=1), GameLine(2, 1, 10, 2, penalty_points=3)]
    assert _order(lines) == [(1, 1), (2, 2)]


def test_unrecorded_penalty_points_separate_nobody() -> None:
    # ZED's line judge typed no points: ZED is not better than ABE's 2 points, nor worse.
    lines = [GameLine(1, 1, 10, 2), GameLine(2, 1, 10, 2, penalty_points=2)]
    assert _order(lines) == [(2, 1), (1, 1)]


def test_points_entered_for_some_deals_only_separate_nobody() -> None:
    lines = [
        GameLine(1, 1, 10, 2, penalty_points=0, points_complete=False),
        GameLine(2, 1, 10, 2, penalty_points=2),
    ]
    assert _order(lines) == [(2, 1), (1, 1)]


def test_a_round_without_points_leaves_the_season_total_incomplete() -> None:
    lines = [
        GameLine(1, 1, 10, 2, penalty_points=0),
        GameLine(1, 2, 10, 2),
        GameLine(2, 1, 10, 2, penalty_points=3),
        GameLine(2, 2, 10, 2, penalty_points=3),
    ]
    assert _order(lines) == [(2, 1), (1, 1)]


def test_three_players_tied_on_rate_share_the_place_whoever_typed_points() -> None:
    # The reported case: three players at 83.3 %, one table typed points, two did not.
    trio = [Entrant(1, "CYRIL"), Entrant(2, "BOHUS"), Entrant(3, "ADAM")]
    lines = [
        GameLine(1, 1, 12, 2, penalty_points=7),
        GameLine(2, 1, 12, 2),
        GameLine(3, 1, 12, 2),
    ]
    s = standings_compute(entrants=trio, lines=lines, cut_size=None)
    assert [(r.name, r.place, r.is_shared) for r in s.rows] == [
        ("ADAM", 1, True),
        ("BOHUS", 1, True),
        ("CYRIL", 1, True),
    ]


def test_points_complete_for_the_tied_players_still_separate_them() -> None:
    # A fourth player with no points does not stop the tie-break between two who have them.
    quad = [Entrant(1, "A"), Entrant(2, "B"), Entrant(3, "C")]
    lines = [
        GameLine(1, 1, 10, 2, penalty_points=4),
        GameLine(2, 1, 10, 2, penalty_points=1),
        GameLine(3, 1, 10, 5),
    ]
    s = standings_compute(entrants=quad, lines=lines, cut_size=None)
    assert [(r.name, r.place) for r in s.rows] == [("B", 1), ("A", 2), ("C", 3)]


def test_equal_on_every_metric_shares_the_place_ordered_by_name() -> None:
    lines = [GameLine(1, 1, 10, 2, penalty_points=1), GameLine(2, 1, 10, 2, penalty_points=1)]
    assert _order(lines) == [(2, 1), (1, 1)]


def test_a_custom_precedence_changes_the_order() -> None:
    # ZED: 8/10 = 80 %, ABE: 15/20 = 75 % but more deals played.
    lines = [GameLine(1, 1, 10, 2), GameLine(2, 1, 20, 5)]
    assert _order(lines) == [(1, 1), (2, 2)]
    assert _order(lines, precedence=("deals_played", "success_rate")) == [(2, 1), (1, 2)]


def test_a_tie_break_left_out_of_the_precedence_is_not_used() -> None:
    lines = [GameLine(1, 1, 10, 2), GameLine(2, 1, 10, 2, placka=True)]
    assert _order(lines, precedence=("success_rate",)) == [(2, 1), (1, 1)]


def test_a_registered_custom_metric_can_rank() -> None:
    fewest_lost = Metric(
        "fewest_lost", "Deals lost", Direction.LOWER_IS_BETTER, lambda t: t.deals_lost
    )
    registry = metric_registry(fewest_lost)
    lines = [GameLine(1, 1, 20, 3), GameLine(2, 1, 4, 2)]
    assert _order(lines, precedence=("fewest_lost",), metrics=registry) == [(2, 1), (1, 2)]


def test_registering_a_name_twice_is_refused() -> None:
    with pytest.raises(UnknownMetricError, match="already registered"):
        metric_registry(METRICS["placky"])


@pytest.mark.parametrize(
    ("precedence", "message"),
    [(("luck",), "unknown metric 'luck'"), (("placky", "placky"), "twice"), ((), "at least one")],
)
def test_bad_precedences_are_refused_with_a_clear_message(
    precedence: tuple[str, ...], message: str
) -> None:
    with pytest.raises(UnknownMetricError, match=message):
        standings_compute(entrants=PAIR, lines=[], precedence=precedence)
