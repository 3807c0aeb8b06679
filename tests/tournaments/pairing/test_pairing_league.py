from __future__ import annotations

import random

from tournaments.pairing.league import LeagueSeason
from tournaments.pairing.sizes import table_sizes


def test_nights_seat_exactly_who_is_present_with_varying_attendance() -> None:
    season = LeagueSeason()
    rng = random.Random(7)
    club = list(range(1, 25))
    for night in range(6):
        present = sorted(rng.sample(club, rng.randint(13, 24)))
        for round_number in range(3):
            tables = season.night_draw(present, seed=night * 10 + round_number)
            assert sorted(p for t in tables for p in t) == present
            assert sorted(len(t) for t in tables) == sorted(table_sizes(len(present)))
            season.record(tables)
    assert len(season.rounds) == 18


def test_repeats_stay_minimal_over_the_season() -> None:
    # 16 regulars every night: five repeat-free rounds exist (AG(2, 4)), the draw finds them
    season = LeagueSeason(seed=3)
    for _ in range(5):
        season.record(season.night_draw(range(1, 17)))
    assert season.repeat_count() == 0
    # now every regular has met every other: with 13 regulars and a guest at tables of
    # 5, 5 and 4 (26 pairs, the guest's 4 new), 22 repeats are unavoidable and enough
    present = [p for p in range(1, 18) if p not in (2, 7, 11)]
    season.record(season.night_draw(present))
    assert season.repeat_count() == 22


def test_the_season_history_is_what_the_draw_avoids() -> None:
    season = LeagueSeason()
    first = ((1, 2, 3, 4), (5, 6, 7, 8))
    season.record(first)
    second = season.night_draw(range(1, 9), seed=3)
    assert all(len({p for p in t} & set(old)) <= 2 for t in second for old in first)
