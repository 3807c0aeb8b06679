"""Records: most titles, best success rate, latest first letter, fastest placka."""

from __future__ import annotations

from fractions import Fraction

from tournaments.standings import (
    GameRecord,
    TournamentResult,
    best_success_rate,
    fastest_placka,
    latest_first_letter,
    most_titles,
)

W, L = False, True  # a deal not lost / lost


def test_most_titles_counts_first_places_and_shares_ties() -> None:
    results = [
        TournamentResult(1, 1, 1),
        TournamentResult(2, 1, 1),
        TournamentResult(3, 2, 1),
        TournamentResult(4, 3, 1),
        TournamentResult(4, 2, 2),
    ]
    assert [(e.player_id, e.value, e.place) for e in most_titles(results)] == [
        (1, 2, 1),
        (2, 1, 2),
        (3, 1, 2),
    ]


def test_best_success_rate_needs_the_minimum_number_of_deals() -> None:
    games = [
        GameRecord(1, 1, 1, (W, W, W)),  # 100 % over only 3 deals
        GameRecord(1, 1, 2, (W, W, L, W)),
        GameRecord(2, 1, 2, (W, L, W, W)),  # 6/8
        GameRecord(1, 1, 3, (W, L, L, W, W, W)),  # 4/6
    ]
    entries = best_success_rate(games, min_deals=5)
    assert [(e.player_id, e.value) for e in entries] == [(2, Fraction(3, 4)), (3, Fraction(2, 3))]
    assert best_success_rate(games, min_deals=1)[0].player_id == 1


def test_latest_first_letter_is_the_highest_deal_index_of_a_first_letter() -> None:
    games = [
        GameRecord(1, 1, 1, (W, W, W, W, L)),  # first letter at deal 5
        GameRecord(1, 2, 2, (W, L, L)),  # deal 2
        GameRecord(2, 1, 3, (W, W, W, W, W)),  # no letter: not listed
        GameRecord(2, 1, 4, (W, W, W, W, L, L)),  # deal 5 too: shared
    ]
    entries = latest_first_letter(games)
    assert [(e.player_id, e.value, e.place, e.tournament_id, e.round_number) for e in entries] == [
        (1, 5, 1, 1, 1),
        (4, 5, 1, 2, 1),
        (2, 2, 3, 1, 2),
    ]


def test_fastest_placka_is_the_fewest_deals_to_complete_the_word() -> None:
    games = [
        GameRecord(1, 1, 1, (L,) * 5 + (W,) * 2, placka=True),  # 7 deals
        GameRecord(1, 2, 2, (L,) * 5, placka=True),  # 5 deals: the record
        GameRecord(1, 2, 3, (L,) * 4),  # no placka
    ]
    entries = fastest_placka(games, limit=1)
    assert [(e.player_id, e.value, e.round_number) for e in entries] == [(2, 5, 2)]
    assert [e.value for e in fastest_placka(games)] == [5, 7]


def test_records_over_no_data_are_empty() -> None:
    assert most_titles([]) == ()
    assert best_success_rate([], min_deals=10) == ()
    assert latest_first_letter([]) == ()
    assert fastest_placka([]) == ()
