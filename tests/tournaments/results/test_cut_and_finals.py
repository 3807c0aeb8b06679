"""The cut to the final and its play-off, the final and small final, ranking points."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from tests.factories import UserFactory
from tests.tournaments.results.conftest import Event, make_event
from tournaments.models import Category, Placing, Round, RoundStage, RoundStatus
from tournaments.results.points import category_points_set
from tournaments.results.selectors import tournament_results
from tournaments.results.services import results_changed, results_recompute
from tournaments.services.playoff import playoff_create
from tournaments.standings import Stage

pytestmark = pytest.mark.django_db


def _basic_round(e: Event) -> Round:
    """c, g 8/8 (1st); a, e 7/8 (3rd); b, f 6/8 (5th); d, h placka (7th)."""
    r1 = e.round("abcd", "efgh")
    e.play(r1, 1, "abbddddd")
    e.play(r1, 2, "effhhhhh")
    return r1


def test_a_tie_across_the_cut_is_flagged_and_a_playoff_settles_it() -> None:
    e = make_event("abcdefgh", final_size=5)
    _basic_round(e)
    cut = tournament_results(e.tournament).standings.cut
    assert cut is not None and cut.needs_playoff and cut.tie is not None
    assert set(cut.tie.player_ids) == {e.pid("b"), e.pid("f")} and cut.tie.spots == 1
    assert set(cut.qualified) == {e.pid(x) for x in "cgae"}

    playoff = playoff_create(by=e.director, tournament=e.tournament)
    assert playoff.stage == RoundStage.PLAYOFF and playoff.status == RoundStatus.PUBLISHED
    seated = [s.entry_id for s in playoff.tables.get().seats.order_by("position")]
    # two tied players, filled to four with the next players below the cut
    assert seated == [e.p[x].pk for x in "bfdh"] or seated == [e.p[x].pk for x in "fbdh"]
    with pytest.raises(ValidationError) as exc:
        playoff_create(by=e.director, tournament=e.tournament)
    assert "already being played" in str(exc.value)

    playoff.tables.update(line_judge=e.judge)
    e.play(playoff, 1, "fff")  # not finished yet: the cut stays open
    assert tournament_results(e.tournament).standings.cut.needs_playoff  # type: ignore[union-attr]
    e.play(playoff, 1, "ff")  # f completes the word
    standings = tournament_results(e.tournament).standings
    assert standings.cut is not None and standings.cut.is_resolved
    assert standings.cut.resolved_by_playoff
    assert e.pid("b") in standings.cut.qualified and e.pid("f") not in standings.cut.qualified
    assert (standings.row(e.pid("b")).place, standings.row(e.pid("f")).place) == (5, 6)
    # the play-off's deals do not count in the basic-round figures
    assert standings.row(e.pid("f")).total.deals_played == 8


def test_no_playoff_without_a_tie_at_the_cut() -> None:
    e = make_event("abcdefgh", final_size=4)
    _basic_round(e)
    with pytest.raises(ValidationError) as exc:
        playoff_create(by=e.director, tournament=e.tournament)
    assert "no play-off is needed" in str(exc.value)
    assert not Round.objects.filter(stage=RoundStage.PLAYOFF).exists()


POINTS = {1: 100, 2: 80, 3: 60, 4: 50, 5: 40, 6: 30, 7: 20, 8: 10}


def _finals(e: Event) -> None:
    e.tournament.category = Category.objects.create(name="Classic", code="classic")
    e.tournament.save(update_fields=["category"])
    category_points_set(
        by=UserFactory(roles=["administrator"]), category=e.tournament.category, points=POINTS
    )
    final = e.round("cgae", stage=RoundStage.FINAL, word="AB", placka_mode="elimination")
    e.play(final, 1, "aea")  # a completes AB and leaves: three remain, the final ends
    small = e.round("bdfh", stage=RoundStage.SMALL_FINAL, word="AB", placka_mode="elimination")
    e.play(small, 1, "bb")


def test_final_and_small_final_classification_with_shared_points() -> None:
    e = make_event("abcdefgh", final_size=4)
    _basic_round(e)
    before = tournament_results(e.tournament)
    assert before.classification is None  # no final round yet
    _finals(e)
    c = tournament_results(e.tournament).classification
    assert c is not None and c.is_complete
    got = {row.player_id: (row.place, row.stage, row.points) for row in c.rows}
    # final: c, g 3/3 share 1st; e 2/3 3rd; a left first: 4th
    assert got[e.pid("c")] == got[e.pid("g")] == (1, Stage.FINAL, 90)
    assert got[e.pid("e")] == (3, Stage.FINAL, 60)
    assert got[e.pid("a")] == (4, Stage.FINAL, 50)
    # small final: d, f, h 2/2 share 5th ((40 + 30 + 20) / 3), b left first: 8th
    assert got[e.pid("d")] == got[e.pid("f")] == got[e.pid("h")] == (5, Stage.SMALL_FINAL, 30)
    assert got[e.pid("b")] == (8, Stage.SMALL_FINAL, 10)


def test_recompute_writes_placings_and_ranks() -> None:
    e = make_event("abcdefgh", final_size=4)
    _basic_round(e)
    _finals(e)
    version = results_recompute(e.tournament.pk)
    placings = {p.player_id: p for p in Placing.objects.filter(tournament=e.tournament)}
    assert len(placings) == 8 and all(p.version == version for p in placings.values())
    c = placings[e.pid("c")]
    assert (c.place, c.is_shared, c.stage, c.points) == (1, True, "final", Decimal("90.00"))
    # the tournament figure: the basic round's 8 deals and the final's 3
    assert (c.deals_played, c.deals_lost, c.placky) == (11, 0, 0)
    b = placings[e.pid("b")]
    # 2 of 8 lost in the basic round, then 2 of 2 and the placka in the small final
    assert (b.place, b.points, b.deals_played, b.deals_lost, b.placky) == (
        8,
        Decimal("10.00"),
        10,
        4,
        1,
    )
    ranks = {x: e.p[x].__class__.objects.get(pk=e.p[x].pk).rank for x in "abcdefgh"}
    assert ranks == {"c": 1, "g": 1, "a": 3, "e": 3, "b": 5, "f": 5, "d": 7, "h": 7}


def test_a_running_final_leaves_its_players_without_a_place() -> None:
    e = make_event("abcdefgh", final_size=4)
    _basic_round(e)
    final = e.round("cgae", stage=RoundStage.FINAL, word="AB", placka_mode="elimination")
    e.play(final, 1, "a")
    c = tournament_results(e.tournament).classification
    assert c is not None and not c.is_complete
    assert {c.row(e.pid(x)).place for x in "cgae"} == {None}
    assert c.row(e.pid("b")).place == 5  # the rest keep their places below the final block


@pytest.mark.parametrize(
    ("points", "reason"),
    [({1: 100, 3: 60}, "place 2 is missing"), ({1: 100, 2: -5}, "negative")],
)
def test_a_points_table_with_gaps_or_negative_values_is_refused(
    points: dict[int, int], reason: str
) -> None:
    category = Category.objects.create(name="Classic", code="classic")
    admin = UserFactory(roles=["administrator"])
    category_points_set(by=admin, category=category, points={1: 10})
    with pytest.raises(ValidationError) as exc:
        category_points_set(by=admin, category=category, points=points)
    assert reason in str(exc.value)
    assert list(category.points.values_list("place", "points")) == [(1, 10)]


def test_results_changed_then_recompute_twice_is_idempotent() -> None:
    e = make_event("abcd")
    r1 = e.round("abcd")
    e.play(r1, 1, "ab")
    first = results_recompute(e.tournament.pk)
    ids = set(Placing.objects.values_list("pk", flat=True))
    assert results_recompute(e.tournament.pk) == first
    assert set(Placing.objects.values_list("pk", flat=True)) == ids  # nothing rewritten
    results_changed(e.tournament.pk)
    assert results_recompute(e.tournament.pk) == first + 1
