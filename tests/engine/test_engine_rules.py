"""Points, the loser and its tie rules, and validation of hand-entered points
(rules-analysis.md section 4: T1-T3, T18-T23)."""

from __future__ import annotations

import itertools

import pytest

from engine import InvalidScoreError, Ruleset, RulesetError, Seat, deal_loser
from engine.rules import POINTS, loser_of


def test_t1_all_points_add_up_to_33() -> None:
    assert sum(POINTS) + 5 == 33
    assert POINTS[13] == 10 and POINTS[:8] == (1, 1, 1, 1, 2, 3, 4, 5)


def test_t2_t3_played_on_without_early_end() -> None:
    no_early = Ruleset(early_end=False)
    assert deal_loser({"A": 28, "B": 0, "C": 5, "D": 0}, ruleset=no_early) == [Seat.A]
    assert deal_loser({"A": 0, "B": 33, "C": 0, "D": 0}) == [Seat.B]


@pytest.mark.parametrize(
    ("points", "hejma", "last", "loser"),
    [
        ({"A": 11, "B": 11, "C": 11, "D": 0}, "A", "B", ["A"]),  # T18
        ({"A": 10, "B": 10, "C": 8, "D": 5}, "A", "D", ["A"]),  # T19
        ({"A": 10, "B": 10, "C": 10, "D": 3}, "A", "B", ["A"]),  # T20
        ({"A": 11, "B": 11, "C": 10, "D": 1}, "C", "A", ["A"]),  # T21 (last trick)
        ({"A": 15, "B": 10, "C": 4, "D": 4}, "B", "A", ["A"]),  # T22
    ],
)
def test_ties_for_the_most_points(
    points: dict[str, int], hejma: str, last: str, loser: list[str]
) -> None:
    assert [s.code for s in deal_loser(points, hejma=hejma, last_trick=last)] == loser


def test_t21_tie_without_hejma_under_both_gives_two_letters() -> None:
    both = Ruleset(tie_without_hejma="both")
    points = {"A": 11, "B": 11, "C": 10, "D": 1}
    assert deal_loser(points, hejma="C", last_trick="A", ruleset=both) == [Seat.A, Seat.B]


def test_t23_only_11_11_10_1_ties_without_hejma() -> None:
    # items: Hejma, last trick, hearts A K Q J T 9 8 7
    items = (10, 5, 5, 4, 3, 2, 1, 1, 1, 1)
    without = set()
    for owners in itertools.product(range(4), repeat=10):
        pts = [0, 0, 0, 0]
        for owner, value in zip(owners, items, strict=True):
            pts[owner] += value
        top = max(pts)
        tied = [s for s in range(4) if pts[s] == top]
        assert len(tied) < 4
        if len(tied) > 1 and owners[0] not in tied:
            without.add(tuple(sorted(pts, reverse=True)))
            assert owners[1] in tied  # the last trick decides
            assert len(loser_of(pts, owners[0], owners[1])) == 1
    assert without == {(11, 11, 10, 1)}


def test_early_end_needs_17() -> None:
    assert deal_loser({"A": 17, "B": 0, "C": 0, "D": 0}, end="early") == [Seat.A]
    with pytest.raises(InvalidScoreError, match="17"):
        deal_loser({"A": 16, "B": 0, "C": 0, "D": 0}, end="early")


def test_packing_needs_17_and_33_in_all() -> None:
    points = {"A": 28, "B": 5, "C": 0, "D": 0}
    assert deal_loser(points, end="packed", packer="A") == [Seat.A]
    with pytest.raises(InvalidScoreError, match="refused under 17"):
        deal_loser({"A": 7, "B": 15, "C": 11, "D": 0}, end="packed", packer="A")


@pytest.mark.parametrize(
    ("points", "kwargs", "reason"),
    [
        ({"A": 10, "B": 10, "C": 10, "D": 2}, {}, "add up to 32"),
        ({"A": 10, "B": 10, "C": 8, "D": 5}, {}, "say who took Hejma"),
        ({"A": 11, "B": 11, "C": 10, "D": 1}, {"hejma": "C"}, "last trick"),
        ({"A": 33, "B": 0, "C": 0}, {}, "exactly the seats"),
        ({"A": -1, "B": 34, "C": 0, "D": 0}, {}, "0..33"),
        ({"A": 3, "B": 3, "C": 3, "D": 24}, {"hejma": "A"}, "only 3 points"),
        ({"A": 26, "B": 7, "C": 0, "D": 0}, {"end": "early"}, "no deal"),
    ],
)
def test_impossible_points_are_refused_with_a_reason(
    points: dict[str, int], kwargs: dict[str, str], reason: str
) -> None:
    with pytest.raises(InvalidScoreError, match=reason):
        deal_loser(points, **kwargs)  # type: ignore[arg-type]


def test_points_no_deal_can_produce_are_refused() -> None:
    with pytest.raises(InvalidScoreError, match="no deal"):
        deal_loser({"A": 6, "B": 9, "C": 9, "D": 9})


def test_ruleset_validation_and_json() -> None:
    with pytest.raises(RulesetError):
        Ruleset(tie_without_hejma="hejma")  # type: ignore[arg-type]
    with pytest.raises(RulesetError):
        Ruleset.from_json({"speed": 1})
    with pytest.raises(RulesetError):
        Ruleset(early_end="yes")  # type: ignore[arg-type]
    r = Ruleset(rank_order="mariash", early_end=False, tie_without_hejma="both")
    assert Ruleset.from_json(r.to_json()) == r
