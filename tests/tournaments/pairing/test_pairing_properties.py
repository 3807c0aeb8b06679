from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing.draws import draw_make
from tournaments.pairing.model import DrawRequest, Eligibility, Entrant, Method, PastRound
from tournaments.pairing.schedule import schedule_make
from tournaments.pairing.sizes import table_sizes

fields = st.integers(min_value=4, max_value=40).filter(lambda n: n != 7)


@settings(max_examples=40, deadline=None)
@given(
    n=fields,
    seed=st.integers(0, 10**6),
    banned=st.integers(0, 3),
    method=st.sampled_from([Method.RANDOM, Method.STANDINGS]),
)
def test_every_eligible_entrant_is_seated_exactly_once(
    n: int, seed: int, banned: int, method: Method
) -> None:
    entrants = tuple(
        Entrant(
            i,
            success_rate=(i * 37 % 11) / 10,
            eligibility=Eligibility.BANNED if i <= banned else Eligibility.ELIGIBLE,
        )
        for i in range(1, n + banned + 1)
    )
    history = (PastRound(1, ()),)
    draw = draw_make(DrawRequest(2, entrants, history, seed=seed, method=method))
    seated = [p for t in draw.tables for p in t]
    assert sorted(seated) == list(range(banned + 1, n + banned + 1))
    assert sorted((len(t) for t in draw.tables), reverse=True) == list(table_sizes(n))
    assert all(4 <= len(t) <= 6 for t in draw.tables)


@settings(max_examples=25, deadline=None)
@given(n=fields, rounds=st.integers(1, 6), seed=st.integers(0, 1000))
def test_schedule_rounds_are_partitions_with_valid_tables(n: int, rounds: int, seed: int) -> None:
    schedule = schedule_make(n, rounds, seed=seed)
    assert len(schedule.rounds) == rounds
    for tables in schedule.rounds:
        assert sorted(p for t in tables for p in t) == list(range(1, n + 1))
        assert sorted((len(t) for t in tables), reverse=True) == list(table_sizes(n))


@settings(max_examples=20, deadline=None)
@given(n=fields, seed=st.integers(0, 1000))
def test_draws_are_reproducible(n: int, seed: int) -> None:
    request = DrawRequest(1, tuple(Entrant(i) for i in range(1, n + 1)), seed=seed)
    assert draw_make(request) == draw_make(DrawRequest.from_dict(request.to_dict()))
