from __future__ import annotations

import random

from tournaments.pairing.draws import draw_make
from tournaments.pairing.model import DrawRequest, Entrant, Method, PastRound
from tournaments.pairing.seats import SeatLedger, seat_table


def test_the_player_who_never_sat_a_gets_a() -> None:
    ledger = SeatLedger()
    ledger.record([(1, 2, 3, 4), (2, 1, 3, 4), (3, 1, 2, 4)])
    for seed in range(20):
        assert seat_table([1, 2, 3, 4], ledger, random.Random(seed))[0] == 4


def test_seats_are_drawn_by_lot_when_nobody_has_history() -> None:
    firsts = {seat_table([1, 2, 3, 4], SeatLedger(), random.Random(s))[0] for s in range(40)}
    assert firsts == {1, 2, 3, 4}


def test_other_seats_balance_too() -> None:
    ledger = SeatLedger()
    ledger.record([(1, 2, 3, 4)])  # 2 sat B, 3 sat C, 4 sat D
    order = seat_table([1, 2, 3, 4], ledger, random.Random(0))
    assert order[1] != 2 and order[2] != 3 and order[3] != 4


def test_over_four_rounds_nobody_sits_a_twice_at_one_table_of_four() -> None:
    entrants = tuple(Entrant(i) for i in range(1, 5))
    history: list[PastRound] = []
    for number in range(1, 5):
        draw = draw_make(DrawRequest(number, entrants, tuple(history), seed=3))
        history.append(PastRound(number, draw.tables))
    assert sorted(r.tables[0][0] for r in history) == [1, 2, 3, 4]
    assert draw.report.seat_a_min == draw.report.seat_a_max == 1


def test_seat_a_again_is_flagged_when_everyone_at_the_table_had_it() -> None:
    entrants = tuple(Entrant(i) for i in range(1, 9))
    # players 1-4 have all sat A; 5-8 never did; put 1-4 together again
    history = tuple(
        PastRound(n, ((n, *[p for p in (1, 2, 3, 4) if p != n]),)) for n in (1, 2, 3, 4)
    )
    draw = draw_make(
        DrawRequest(
            5, entrants, history, method=Method.MANUAL, manual_tables=((1, 2, 3, 4), (5, 6, 7, 8))
        )
    )
    assert draw.report.seat_a_again == (1,)
    flag = next(f for f in draw.flags if f.code == "seat_a_again")
    assert flag.message == "1 sits A again: everyone at this table has had A."
