"""Team standings maths: the three rules, the tie-breaks in their order, shared places and
their points, and which members count; every expected figure computed by hand."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.standings import InvalidEntrantsError, PointsTable, Tally
from tournaments.standings.team_rules import TeamRule
from tournaments.standings.teams import MemberLine, TeamLines, team_standings


def member(
    pid: int,
    played: int,
    lost: int,
    place: int | None,
    points: int = 0,
    *,
    placky: int = 0,
    counts: bool = True,
) -> MemberLine:
    return MemberLine(
        pid, Tally(played, lost, placky), place=place, points=Fraction(points), counts=counts
    )


def ranked(
    teams: list[TeamLines], rule: TeamRule, *, placed: int = 12, team_size: int = 2
) -> list[tuple[str, int, bool]]:
    return [
        (s.name, s.place, s.is_shared)
        for s in team_standings(teams, rule=rule, team_size=team_size, placed=placed)
    ]


def test_success_rate_sums_deals_over_the_members() -> None:
    # A: (30-3 + 10-8) / 40 = 29/40 = 0.725; B: (20-5 + 20-5) / 40 = 30/40 = 0.75.
    a = TeamLines(1, "A", (member(1, 30, 3, 1), member(2, 10, 8, 9)))
    b = TeamLines(2, "B", (member(3, 20, 5, 3), member(4, 20, 5, 4)))
    (first, second) = team_standings([a, b], rule=TeamRule.SUCCESS_RATE, team_size=2, placed=9)
    assert (first.name, first.success_rate) == ("B", Fraction(3, 4))
    assert (second.name, second.success_rate) == ("A", Fraction(29, 40))
    assert (second.deals_played, second.deals_lost) == (40, 11)


def test_ranking_points_and_places_rank_their_own_way() -> None:
    a = TeamLines(1, "A", (member(1, 10, 1, 1, 100), member(2, 10, 6, 6, 30)))  # 130, 7
    b = TeamLines(2, "B", (member(3, 10, 2, 2, 80), member(4, 10, 3, 3, 60)))  # 140, 5
    c = TeamLines(3, "C", (member(5, 10, 4, 4, 50), member(6, 10, 5, 5, 40)))  # 90, 9
    assert ranked([a, b, c], TeamRule.RANKING_POINTS) == [
        ("B", 1, False),
        ("A", 2, False),
        ("C", 3, False),
    ]
    assert ranked([a, b, c], TeamRule.PLACES) == [("B", 1, False), ("A", 2, False), ("C", 3, False)]
    # Rates: A 13/20, B 15/20, C 11/20.
    assert ranked([a, b, c], TeamRule.SUCCESS_RATE) == [
        ("B", 1, False),
        ("A", 2, False),
        ("C", 3, False),
    ]


def test_tie_breaks_in_order_best_place_then_placky_then_deals_played() -> None:
    # Equal rates (1/2) all round.
    best_1 = TeamLines(1, "Best1", (member(1, 10, 5, 1), member(2, 10, 5, 8)))
    best_2 = TeamLines(2, "Best2", (member(3, 10, 5, 2), member(4, 10, 5, 7)))
    assert ranked([best_2, best_1], TeamRule.SUCCESS_RATE) == [
        ("Best1", 1, False),
        ("Best2", 2, False),
    ]
    # Same best place (both unplaced): fewer placky first.
    one = TeamLines(1, "One", (member(1, 10, 5, None, placky=1),))
    two = TeamLines(2, "Two", (member(2, 10, 5, None, placky=0),))
    assert ranked([one, two], TeamRule.SUCCESS_RATE) == [("Two", 1, False), ("One", 2, False)]
    # Same placky: more deals played first (rate 1/2 on 20 deals against 10).
    more = TeamLines(1, "More", (member(1, 20, 10, None),))
    fewer = TeamLines(2, "Fewer", (member(2, 10, 5, None),))
    assert ranked([fewer, more], TeamRule.SUCCESS_RATE) == [("More", 1, False), ("Fewer", 2, False)]


def test_teams_equal_on_everything_share_the_place_and_split_its_points() -> None:
    table = PointsTable("teams", {1: 30, 2: 20, 3: 10})
    p = TeamLines(1, "P", (member(1, 10, 5, None),))
    q = TeamLines(2, "Q", (member(2, 10, 5, None),))
    r = TeamLines(3, "R", (member(3, 10, 9, None),))
    result = team_standings(
        [p, q, r], rule=TeamRule.SUCCESS_RATE, team_size=1, placed=3, points=table
    )
    # P and Q share 1st: (30 + 20) / 2 = 25 each; R 3rd: 10.
    assert [(s.name, s.place, s.is_shared, s.points) for s in result] == [
        ("P", 1, True, Fraction(25)),
        ("Q", 1, True, Fraction(25)),
        ("R", 3, False, Fraction(10)),
    ]


def test_only_counted_members_make_the_team_and_unplaced_count_after_the_last() -> None:
    # The withdrawn member (counts=False) adds nothing; the team of one counted member out
    # of two gets the missing place as 12 + 1 = 13 in the places rule: 2 + 13 = 15.
    a = TeamLines(
        1,
        "A",
        (member(1, 10, 2, 2, 80), member(2, 30, 0, None, counts=False)),
    )
    (line,) = team_standings([a], rule=TeamRule.PLACES, team_size=2, placed=12)
    assert (line.deals_played, line.deals_lost) == (10, 2)
    assert line.member_points == Fraction(80)
    assert line.places_sum == 15
    assert line.counted == (1,)
    # A counted member without a place counts as 13 too: 2 + 13.
    b = TeamLines(1, "B", (member(1, 10, 2, 2), member(2, 10, 2, None)))
    (line,) = team_standings([b], rule=TeamRule.PLACES, team_size=2, placed=12)
    assert line.places_sum == 15


def test_a_team_without_a_deal_ranks_after_a_team_that_lost_every_deal() -> None:
    none = TeamLines(1, "None", (member(1, 0, 0, None),))
    lost = TeamLines(2, "Lost", (member(2, 5, 5, None),))
    assert ranked([none, lost], TeamRule.SUCCESS_RATE) == [("Lost", 1, False), ("None", 2, False)]


def test_a_player_in_two_teams_is_refused() -> None:
    a = TeamLines(1, "A", (member(1, 10, 2, 1),))
    b = TeamLines(2, "B", (member(1, 10, 2, 1),))
    with pytest.raises(InvalidEntrantsError):
        team_standings([a, b], rule=TeamRule.SUCCESS_RATE, team_size=1, placed=1)


@st.composite
def team_fields(draw: st.DrawFn) -> list[TeamLines]:
    count = draw(st.integers(min_value=1, max_value=8))
    teams = []
    for team in range(count):
        members = []
        for slot in range(draw(st.integers(min_value=1, max_value=3))):
            played = draw(st.integers(min_value=0, max_value=30))
            members.append(
                member(
                    team * 10 + slot,
                    played,
                    draw(st.integers(min_value=0, max_value=played)),
                    draw(st.none() | st.integers(min_value=1, max_value=30)),
                    draw(st.integers(min_value=0, max_value=100)),
                    placky=draw(st.integers(min_value=0, max_value=3)),
                    counts=draw(st.booleans()),
                )
            )
        teams.append(TeamLines(team, f"T{team}", tuple(members)))
    return teams


@settings(max_examples=150, deadline=None)
@given(team_fields(), st.sampled_from(list(TeamRule)), st.randoms(use_true_random=False))
def test_places_run_with_gaps_and_ignore_the_input_order(
    teams: list[TeamLines], rule: TeamRule, rng: random.Random
) -> None:
    result = team_standings(teams, rule=rule, team_size=3, placed=30)
    places = [s.place for s in result]
    # 1, then each place is the count of teams ahead of it plus one; sharers share it.
    assert places[0] == 1
    for index, place in enumerate(places):
        assert place == 1 + sum(1 for p in places if p < place)
        assert result[index].is_shared == (places.count(place) > 1)
    shuffled = list(teams)
    rng.shuffle(shuffled)
    again = team_standings(shuffled, rule=rule, team_size=3, placed=30)
    assert {s.team_id: s.place for s in again} == {s.team_id: s.place for s in result}
    # The headline decides first: a better headline never stands behind a worse one.
    for ahead, behind in itertools.pairwise(result):
        if rule is TeamRule.RANKING_POINTS:
            assert ahead.member_points >= behind.member_points
        elif rule is TeamRule.PLACES:
            assert ahead.places_sum <= behind.places_sum
        elif ahead.deals_played and behind.deals_played:
            assert ahead.success_rate >= behind.success_rate  # type: ignore[operator]
