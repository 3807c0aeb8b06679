"""States built without their ``__init__`` (:func:`engine.ledger.state.built`) are the
states their constructor makes: every field set, equal and hashed alike, and as frozen (a
state played on from never changes its parent's)."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, fields
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from engine.ledger import Event, LedgerSettings, replay
from engine.ledger.state import (
    LedgerState,
    LetterAward,
    built,
)
from tests.engine.ledger.test_ledger_invariants import history

RUN = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _constructed(value: Any) -> Any:
    """The same value made by its class's constructor."""
    return type(value)(**{field.name: getattr(value, field.name) for field in fields(value)})


def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(field.name for field in fields(cls))


def _every_built(state: LedgerState) -> list[Any]:
    awards = [award for deal in state.deals for award in deal.letter_awards]
    nexts = [state.next_deal] if state.next_deal is not None else []
    return [state, *state.seats, *state.deals, *awards, *nexts]


@RUN
@given(game=history(rulings=True))
def test_a_replayed_state_equals_its_constructed_copy(
    game: tuple[LedgerSettings, list[Event]],
) -> None:
    state = replay(*game)
    for value in _every_built(state):
        # every field is set, and nothing else
        assert tuple(vars(value)) == _field_names(type(value))
        copy = _constructed(value)
        assert value == copy
        assert hash(value) == hash(copy)


def test_built_sets_the_fields_given() -> None:
    award = built(LetterAward, seat="A", number=1, letter="T", source="deal", event_id=None)
    assert award == LetterAward("A", 1, "T", "deal", None)  # type: ignore[arg-type]
    assert tuple(vars(award)) == _field_names(LetterAward)


def test_a_built_state_stays_frozen() -> None:
    state = replay(LedgerSettings.for_word("TO"), [])
    with pytest.raises(FrozenInstanceError):
        state.seats[0].letter_count = 1  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        state.finished = True  # type: ignore[misc]
