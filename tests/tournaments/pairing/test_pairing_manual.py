from __future__ import annotations

import pytest

from tournaments.pairing import draws
from tournaments.pairing.errors import DrawProblemsError
from tournaments.pairing.manual import check_manual_draw
from tournaments.pairing.model import (
    DrawRequest,
    Eligibility,
    Entrant,
    Method,
    PastRound,
)

ENTRANTS = tuple(Entrant(i) for i in range(1, 9))
GOOD = ((1, 2, 3, 4), (5, 6, 7, 8))


def codes(tables: tuple[tuple[int, ...], ...], **kwargs: object) -> list[str]:
    entrants = kwargs.pop("entrants", ENTRANTS)
    return [f.code for f in check_manual_draw(tables, entrants, **kwargs)]  # type: ignore[arg-type]


def test_a_good_manual_draw_has_no_problems() -> None:
    assert check_manual_draw(GOOD, ENTRANTS) == ()


def test_player_seated_twice() -> None:
    flags = check_manual_draw(((1, 2, 3, 4), (5, 6, 7, 1)), ENTRANTS)
    twice = [f for f in flags if f.code == "player_twice"]
    assert len(twice) == 1 and twice[0].params == {"player": 1, "count": 2}
    assert twice[0].message == "1 is seated 2 times."
    assert "not_seated" in [f.code for f in flags]  # player 8 lost a seat


def test_unknown_player() -> None:
    flags = check_manual_draw(((1, 2, 3, 4), (5, 6, 7, 8, 99)), ENTRANTS)
    assert [(f.code, f.params, f.table) for f in flags] == [("unknown_player", {"player": 99}, 2)]


def test_table_below_four() -> None:
    assert "table_too_small" in codes(((1, 2, 3), (4, 5, 6, 7, 8)))


def test_table_above_six() -> None:
    assert codes(((1, 2, 3, 4, 5, 6, 7, 8),)) == ["table_too_large"]


def test_ineligible_players_banned_and_withdrawn() -> None:
    entrants = (
        *ENTRANTS[:6],
        Entrant(7, eligibility=Eligibility.BANNED),
        Entrant(8, eligibility=Eligibility.WITHDRAWN),
    )
    flags = check_manual_draw(GOOD, entrants)
    assert [(f.code, f.params["status"]) for f in flags] == [
        ("ineligible", "banned"),
        ("ineligible", "withdrawn"),
    ]


def test_repeats_are_warnings_naming_the_round() -> None:
    history = (PastRound(1, ((1, 2, 5, 6), (3, 4, 7, 8))),)
    flags = check_manual_draw(GOOD, ENTRANTS, history)
    assert [f.code for f in flags] == ["repeat", "repeat", "repeat", "repeat"]
    assert flags[0].message == "1 and 2 met in round 1."
    assert not any(f.is_error for f in flags)


def test_manual_draw_with_errors_cannot_be_confirmed() -> None:
    request = DrawRequest(
        round_number=1,
        entrants=ENTRANTS,
        method=Method.MANUAL,
        manual_tables=((1, 2, 3), (4, 5, 6, 7, 8)),
    )
    with pytest.raises(DrawProblemsError, match="Table 1 has 3 players"):
        draws.draw_make(request)


def test_manual_draw_confirms_with_warnings_and_keeps_seat_order() -> None:
    history = (PastRound(1, ((1, 2, 5, 6), (3, 4, 7, 8))),)
    request = DrawRequest(
        round_number=2,
        entrants=ENTRANTS,
        history=history,
        method=Method.MANUAL,
        manual_tables=((4, 3, 2, 1), (5, 6, 7, 8)),
    )
    draw = draws.draw_make(request)
    assert draw.tables == ((4, 3, 2, 1), (5, 6, 7, 8))
    assert draw.report.repeat_count == 4
