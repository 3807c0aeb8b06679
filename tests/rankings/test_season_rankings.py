"""Season rankings written from placings: hand-computed totals, ties, idempotent recompute."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from tests.factories import PlayerFactory, SeasonFactory
from tests.rankings.conftest import SeasonSetup
from tests.rankings.factories import FinishedTournamentFactory, PlacingFactory, category_table
from tournaments.models import Placing, RankingKind, SeasonRankingRow
from tournaments.rankings import selectors
from tournaments.rankings.services import season_rankings_compute


def _ranking(
    setup: SeasonSetup, kind: str
) -> list[tuple[str, int, bool, Decimal, int, int, Decimal]]:
    rows = SeasonRankingRow.objects.filter(season=setup.season, kind=kind).order_by("place", "pk")
    return [
        (
            str(r.player or r.club),
            r.place,
            r.is_shared,
            r.points,
            r.tournaments,
            r.wins,
            r.best_result,
        )
        for r in rows
    ]


def test_ranking_points_follow_the_category_and_place(season_2026: SeasonSetup) -> None:
    classic = category_table(season_2026.classic.category)
    major = category_table(season_2026.major.category)
    assert classic.for_place(1) == 100
    assert major.for_place(1) == 200
    assert classic.for_place(9) == 0


def test_shared_places_split_the_points_of_the_places_they_cover(
    season_2026: SeasonSetup,
) -> None:
    classic = category_table(season_2026.classic.category)
    assert classic.for_shared(2, 2) == Fraction(70)  # (80 + 60) / 2
    assert classic.for_shared(3, 3) == Fraction(110, 3)  # (60 + 50 + 0) / 3
    shared = Placing.objects.filter(tournament=season_2026.classic, place=2)
    assert [p.points for p in shared] == [Decimal("70.00"), Decimal("70.00")]
    assert all(p.is_shared for p in shared)


def test_season_ranking_of_players_matches_the_hand_computation(
    season_2026: SeasonSetup,
) -> None:
    counts = season_rankings_compute(season_2026.season.pk)

    assert counts.players == 4
    assert _ranking(season_2026, RankingKind.PLAYERS) == [
        ("Cyril", 1, False, Decimal("270.00"), 2, 1, Decimal("200.00")),
        ("Ada", 2, False, Decimal("250.00"), 2, 1, Decimal("150.00")),
        # Equal on points and wins: the best single result (100 against 80) decides.
        ("Dana", 3, False, Decimal("150.00"), 2, 0, Decimal("100.00")),
        ("Bob", 4, False, Decimal("150.00"), 2, 0, Decimal("80.00")),
    ]


def test_season_ranking_of_clubs_sums_their_players_results(season_2026: SeasonSetup) -> None:
    counts = season_rankings_compute(season_2026.season.pk)

    assert counts.clubs == 2
    assert _ranking(season_2026, RankingKind.CLUBS) == [
        ("SCC Karlin", 1, False, Decimal("420.00"), 2, 1, Decimal("300.00")),
        ("Royal SCC Vinohrady", 2, False, Decimal("400.00"), 2, 1, Decimal("230.00")),
    ]


def test_running_tournaments_and_other_seasons_do_not_count(season_2026: SeasonSetup) -> None:
    season_rankings_compute(season_2026.season.pk)

    bob = SeasonRankingRow.objects.get(season=season_2026.season, player=season_2026.players["Bob"])
    assert bob.wins == 0  # his win in the running cup is provisional
    assert not SeasonRankingRow.objects.filter(player=season_2026.players["Emil"]).exists()
    assert not SeasonRankingRow.objects.exclude(season=season_2026.season).exists()


def test_player_of_the_year_is_the_top_of_the_ranking(season_2026: SeasonSetup) -> None:
    season_rankings_compute(season_2026.season.pk)

    qualification = selectors.season_qualification(season_2026.season)

    assert [r.player for r in qualification.player_of_the_year] == [season_2026.players["Cyril"]]


def test_equal_players_share_the_place_and_player_of_the_year(db: None) -> None:
    season = SeasonFactory(year=2027)
    first, second = PlayerFactory(nickname="Zed"), PlayerFactory(nickname="Yan")
    for player in (first, second):
        PlacingFactory(
            tournament=FinishedTournamentFactory(season=season),
            player=player,
            place=1,
            points=Decimal("100"),
        )

    season_rankings_compute(season.pk)

    rows = SeasonRankingRow.objects.filter(season=season, kind=RankingKind.PLAYERS)
    assert {(r.player, r.place, r.is_shared) for r in rows} == {
        (first, 1, True),
        (second, 1, True),
    }
    champions = selectors.season_qualification(season).player_of_the_year
    assert {r.player for r in champions} == {first, second}


def test_recompute_twice_writes_the_same_rows_once(season_2026: SeasonSetup) -> None:
    season_rankings_compute(season_2026.season.pk)
    first = _ranking(season_2026, RankingKind.PLAYERS) + _ranking(season_2026, RankingKind.CLUBS)

    season_rankings_compute(season_2026.season.pk)

    assert (
        _ranking(season_2026, RankingKind.PLAYERS) + _ranking(season_2026, RankingKind.CLUBS)
        == first
    )
    assert SeasonRankingRow.objects.filter(season=season_2026.season).count() == 6


def test_recompute_follows_changed_placings(season_2026: SeasonSetup) -> None:
    season_rankings_compute(season_2026.season.pk)
    Placing.objects.filter(tournament=season_2026.major).delete()

    season_rankings_compute(season_2026.season.pk)

    assert [r[:4] for r in _ranking(season_2026, RankingKind.PLAYERS)] == [
        ("Ada", 1, False, Decimal("100.00")),
        ("Bob", 2, True, Decimal("70.00")),
        ("Cyril", 2, True, Decimal("70.00")),
        ("Dana", 4, False, Decimal("50.00")),
    ]


def test_recompute_of_a_missing_season_writes_nothing(db: None) -> None:
    counts = season_rankings_compute(999_999)

    assert (counts.players, counts.clubs) == (0, 0)
    assert not SeasonRankingRow.objects.exists()


def test_a_recompute_leaves_other_seasons_alone(season_2026: SeasonSetup) -> None:
    other = SeasonFactory(year=2025)
    season_rankings_compute(other.pk)
    before = list(SeasonRankingRow.objects.filter(season=other).values_list("pk", flat=True))

    season_rankings_compute(season_2026.season.pk)

    assert len(before) == 2  # Dana and her club
    assert (
        list(SeasonRankingRow.objects.filter(season=other).values_list("pk", flat=True)) == before
    )
