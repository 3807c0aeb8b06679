"""Ranking-points tables (validation, shared places) and placement points for clubs and leagues."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tournaments.standings import (
    InvalidPointsTableError,
    PointsTable,
    format_points,
    league_table,
    placement_points,
    points_award,
    points_table_get,
)

CLASSIC = {1: 100, 2: 80, 3: 60, 4: 50, 5: 45}


@pytest.mark.parametrize(
    ("points", "message"),
    [
        ({1: 100, 2: 80, 4: 50}, r"places must run 1..4 without gaps; place 3 is missing"),
        ({2: 80, 3: 60}, r"place 1 is missing"),
        ({1: 100, 4: 10}, r"place 2, 3 are missing"),
        ({1: 100, 2: -5}, r"place 2 has negative points \(-5\)"),
        ({1: 80, 2: 100}, r"place 2 has 100 but place 1 has 80"),
        ({0: 10, 1: 5}, r"0 is not a place"),
        ({}, r"empty"),
    ],
)
def test_malformed_points_tables_are_refused_with_a_clear_message(
    points: dict[int, int], message: str
) -> None:
    with pytest.raises(InvalidPointsTableError, match=message) as caught:
        PointsTable("Classic", points)
    assert isinstance(caught.value, ValueError)
    assert "points table 'Classic'" in str(caught.value)


def test_equal_points_on_consecutive_places_are_allowed() -> None:
    assert PointsTable("GreenHorn", {1: 10, 2: 10, 3: 0}).for_place(2) == 10


def test_points_per_place_and_beyond_the_table() -> None:
    table = PointsTable("Classic", CLASSIC)
    assert [table.for_place(p) for p in range(1, 7)] == [100, 80, 60, 50, 45, 0]
    assert table.size == 5


def test_shared_places_split_the_points_of_the_places_they_cover_exactly() -> None:
    table = PointsTable("Classic", CLASSIC)
    assert table.for_shared(2, 2) == 70  # (80 + 60) / 2
    assert table.for_shared(3, 3) == Fraction(155, 3)  # (60 + 50 + 45) / 3
    assert format_points(table.for_shared(3, 3)) == "51.7"
    assert table.for_shared(5, 2) == Fraction(45, 2)  # (45 + 0) / 2
    assert format_points(Fraction(45, 2)) == "22.5"


def test_points_award_reads_shared_places_from_equal_place_numbers() -> None:
    table = PointsTable("Classic", CLASSIC)
    awarded = points_award({1: 1, 2: 2, 3: 2, 4: 4, 5: None}, table)
    assert awarded == {1: 100, 2: 70, 3: 70, 4: 50}


def test_a_missing_category_is_a_clear_error() -> None:
    tables = {"Classic": PointsTable("Classic", CLASSIC)}
    assert points_table_get(tables, "Classic").category == "Classic"
    with pytest.raises(InvalidPointsTableError, match="no points table for category 'Masters'"):
        points_table_get(tables, "Masters")


def test_placement_points_at_a_table_of_four_are_3_2_1_0_by_fewest_letters() -> None:
    assert placement_points({1: 2, 2: 0, 3: 5, 4: 3}) == {1: 2, 2: 3, 3: 0, 4: 1}


def test_tied_players_split_the_points_of_the_places_they_occupy() -> None:
    # Two tied for 2nd: (2 + 1) / 2 each; the table still hands out 3 + 2 + 1 + 0 = 6.
    points = placement_points({1: 0, 2: 3, 3: 3, 4: 5})
    assert points == {1: 3, 2: Fraction(3, 2), 3: Fraction(3, 2), 4: 0}
    assert sum(points.values()) == 6
    # Three tied for 1st: (3 + 2 + 1) / 3 each.
    assert placement_points({1: 1, 2: 1, 3: 1, 4: 4}) == {1: 2, 2: 2, 3: 2, 4: 0}


def test_a_custom_scheme_and_a_table_of_five() -> None:
    assert placement_points({1: 0, 2: 1, 3: 2, 4: 3, 5: 4}) == {1: 4, 2: 3, 3: 2, 4: 1, 5: 0}
    assert placement_points({1: 0, 2: 1, 3: 2}, scheme=(5, 3, 1)) == {1: 5, 2: 3, 3: 1}
    with pytest.raises(InvalidPointsTableError, match="has 3 places but the table seats 4"):
        placement_points({1: 0, 2: 1, 3: 2, 4: 3}, scheme=(5, 3, 1))


def test_a_league_table_accumulates_placement_points_over_games() -> None:
    games = [
        {1: 0, 2: 3, 3: 3, 4: 5},  # 3, 1.5, 1.5, 0
        {1: 5, 2: 0, 3: 1, 4: 2},  # 0, 3, 2, 1
        {2: 4, 3: 0, 4: 1, 5: 2},  # 0, 3, 2, 1
    ]
    rows = league_table(games)
    assert [(r.player_id, r.place, r.points, r.games, r.letters) for r in rows] == [
        (3, 1, Fraction(13, 2), 3, 4),
        (2, 2, Fraction(9, 2), 3, 7),
        (1, 3, 3, 2, 5),  # level on points with 4: fewer letters in total
        (4, 4, 3, 3, 8),
        (5, 5, 1, 1, 2),
    ]


def test_a_league_tie_on_points_and_letters_shares_the_place() -> None:
    rows = league_table([{1: 2, 2: 2}], names={1: "ZED", 2: "ABE"})
    assert [(r.player_id, r.place, r.is_shared, r.points) for r in rows] == [
        (2, 1, True, Fraction(1, 2)),
        (1, 1, True, Fraction(1, 2)),
    ]
