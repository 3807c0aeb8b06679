from __future__ import annotations

import itertools
import json

import pytest

from tournaments.pairing.draws import draw_make
from tournaments.pairing.errors import FieldSizeError, InputError, TieAtCutError
from tournaments.pairing.model import (
    Draw,
    DrawRequest,
    Eligibility,
    Entrant,
    Method,
    PastRound,
)


def pairs(tables: tuple[tuple[int, ...], ...]) -> set[tuple[int, int]]:
    return {tuple(sorted(p)) for t in tables for p in itertools.combinations(t, 2)}  # type: ignore[misc]


def test_random_draw_avoids_repeated_tablemates_over_four_rounds(field16) -> None:
    history: list[PastRound] = []
    for number in range(1, 5):
        request = DrawRequest(number, field16, tuple(history), seed=11)
        draw = draw_make(request)
        assert draw.report.repeat_count == 0
        assert not pairs(draw.tables) & set().union(*(pairs(r.tables) for r in history))
        history.append(PastRound(number, draw.tables))


def test_random_draw_flags_a_repeat_that_cannot_be_avoided() -> None:
    entrants = tuple(Entrant(i) for i in range(1, 9))
    history = (PastRound(1, ((1, 2, 3, 4), (5, 6, 7, 8))),)
    draw = draw_make(DrawRequest(2, entrants, history, seed=1))
    # two tables of four from two old tables of four: every table repeats pairs
    assert draw.report.repeat_count == 4
    flags = [f for f in draw.flags if f.code == "repeat_unavoidable"]
    assert len(flags) == 4
    assert all(f.message.endswith("met in round 1: unavoidable.") for f in flags)
    rep = draw.report.repeats[0]
    assert rep.rounds == (1,)
    assert {rep.a, rep.b} <= set(draw.tables[rep.table - 1])


def test_table_of_five_is_flagged_with_the_reason() -> None:
    entrants = tuple(Entrant(i) for i in range(1, 15))
    draw = draw_make(DrawRequest(1, entrants, seed=3))
    assert [len(t) for t in draw.tables] == [5, 5, 4]
    sized = [f for f in draw.flags if f.code == "table_size"]
    assert [f.table for f in sized] == [1, 2]
    assert sized[0].message == "Table of 5: 14 players do not divide into tables of 4."


def test_standings_draw_seats_similar_players_together(field16) -> None:
    draw = draw_make(DrawRequest(1, field16, seed=5, method=Method.STANDINGS))
    assert [sorted(t) for t in draw.tables] == [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
        [9, 10, 11, 12],
        [13, 14, 15, 16],
    ]


def test_standings_draw_still_avoids_repeats(field16) -> None:
    history = (PastRound(1, ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 16))),)
    draw = draw_make(DrawRequest(2, field16, history, seed=5, method=Method.STANDINGS))
    assert draw.report.repeat_count == 0
    # the best arrangement: each table one player from each old table, in order
    assert [sorted(t) for t in draw.tables] == [
        [1, 5, 9, 13],
        [2, 6, 10, 14],
        [3, 7, 11, 15],
        [4, 8, 12, 16],
    ]


def test_standings_draw_uses_success_rate_when_no_ranking() -> None:
    entrants = tuple(Entrant(i, success_rate=i / 10) for i in range(1, 9))
    draw = draw_make(DrawRequest(1, entrants, seed=2, method=Method.STANDINGS))
    assert sorted(draw.tables[0]) == [5, 6, 7, 8]


def test_standings_draw_needs_a_rate_or_ranking() -> None:
    entrants = tuple(Entrant(i) for i in range(1, 9))
    with pytest.raises(InputError):
        draw_make(DrawRequest(1, entrants, method=Method.STANDINGS))


def test_final_table_takes_the_top_six_of_the_ranking(field16) -> None:
    draw = draw_make(DrawRequest(4, field16, seed=9, method=Method.SEEDED_FINAL))
    assert len(draw.tables) == 1
    assert sorted(draw.tables[0]) == [1, 2, 3, 4, 5, 6]
    assert not [f for f in draw.flags if f.code == "table_size"]


def test_final_table_size_is_a_setting(field16) -> None:
    draw = draw_make(DrawRequest(4, field16, method=Method.SEEDED_FINAL, final_size=4))
    assert sorted(draw.tables[0]) == [1, 2, 3, 4]


def test_final_refuses_a_tie_at_the_cut() -> None:
    entrants = tuple(Entrant(i, ranking=min(i, 6)) for i in range(1, 9))
    with pytest.raises(TieAtCutError, match="play-off") as info:
        draw_make(DrawRequest(4, entrants, method=Method.SEEDED_FINAL))
    assert info.value.params["players"] == [6, 7, 8]


def test_final_skips_withdrawn_players() -> None:
    entrants = tuple(
        Entrant(i, ranking=i, eligibility=Eligibility.WITHDRAWN if i == 2 else Eligibility.ELIGIBLE)
        for i in range(1, 10)
    )
    draw = draw_make(DrawRequest(4, entrants, method=Method.SEEDED_FINAL))
    assert sorted(draw.tables[0]) == [1, 3, 4, 5, 6, 7]
    assert [f.params["player"] for f in draw.flags if f.code == "left_out"] == [2]


def test_ineligible_entrants_are_left_out_of_a_random_draw() -> None:
    entrants = (*(Entrant(i) for i in range(1, 9)), Entrant(9, eligibility=Eligibility.BANNED))
    draw = draw_make(DrawRequest(1, entrants, seed=4))
    assert sorted(p for t in draw.tables for p in t) == list(range(1, 9))
    left = [f for f in draw.flags if f.code == "left_out"]
    assert left[0].message == "9 is not seated: banned."


def test_too_few_eligible_players_is_a_user_error() -> None:
    entrants = tuple(Entrant(i) for i in range(1, 4))
    with pytest.raises(FieldSizeError):
        draw_make(DrawRequest(1, entrants))


def test_same_request_and_seed_give_the_same_draw(field16) -> None:
    history = (PastRound(1, ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 16))),)
    for method in (Method.RANDOM, Method.STANDINGS, Method.SEEDED_FINAL):
        request = DrawRequest(2, field16, history, seed=42, method=method)
        assert draw_make(request) == draw_make(request)
        assert (
            draw_make(request).to_dict()
            == draw_make(DrawRequest.from_dict(request.to_dict())).to_dict()
        )


def test_a_different_seed_gives_a_different_draw(field16) -> None:
    first = draw_make(DrawRequest(1, field16, seed=1))
    second = draw_make(DrawRequest(1, field16, seed=2))
    assert first.tables != second.tables


def test_draw_round_trips_through_json(field16) -> None:
    history = (PastRound(1, ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 16))),)
    draw = draw_make(DrawRequest(2, field16[:14], history, seed=8))
    data = json.loads(json.dumps(draw.to_dict()))
    assert Draw.from_dict(data) == draw
    # and the stored request replays to the same draw
    assert draw_make(Draw.from_dict(data).request) == draw


def test_request_rejects_duplicate_entrants_and_future_history() -> None:
    with pytest.raises(InputError):
        DrawRequest(1, (Entrant(1), Entrant(1)))
    with pytest.raises(InputError):
        DrawRequest(1, (Entrant(1),), (PastRound(1, ()),))


def test_flags_expose_code_params_and_text() -> None:
    entrants = tuple(Entrant(i) for i in range(1, 9))
    history = (PastRound(1, ((1, 2, 3, 4), (5, 6, 7, 8))),)
    flag = next(f for f in draw_make(DrawRequest(2, entrants, history)).flags)
    data = flag.to_dict()
    assert set(data) == {"code", "params", "table", "message"}
    assert data["message"] == flag.message
