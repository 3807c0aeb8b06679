"""Validate new input against the current state before the site writes it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.ledger.checks import (
    check_deal_at_table,
    check_losers,
    check_points,
    check_sat_out_names,
)
from engine.ledger.errors import CascadeError, DuplicateEventError, GameFinishedError, error_for
from engine.ledger.events import Event
from engine.ledger.replay import advance, replay
from engine.ledger.settings import LedgerSettings
from engine.ledger.state import LedgerState


def validate_event(
    settings: LedgerSettings,
    events: Sequence[Event],
    event: Event,
    *,
    strict: bool = False,
    state: LedgerState | None = None,
) -> LedgerState:
    """The state after appending ``event``, or the typed error that refuses it.

    With ``strict``, an event that is fine itself but makes an earlier-recorded
    event stop counting (a correction that puts a later loser in the sit-out
    chair, say) is refused with :class:`~engine.ledger.errors.CascadeError`;
    without it the caller can show the change with :func:`diff_states`.
    ``state``, the replay of ``events`` when the caller has it, spares replaying them:
    the next deal is played on from it (:func:`~engine.ledger.replay.advance`).
    """
    if any(existing.id == event.id for existing in events):
        raise DuplicateEventError(f"Event id {event.id} is already used.", event_id=event.id)
    after = advance(state, event) if state is not None else None
    if after is None:
        after = replay(settings, [*events, event])
    own = after.issues_for(event.id)
    if own:
        raise own[0].error()
    if strict:
        before = set(state.issues if state is not None else replay(settings, events).issues)
        new = [issue for issue in after.issues if issue not in before]
        if new:
            details = "; ".join(f"{issue.event_id}: {issue.message}" for issue in new)
            raise CascadeError(
                f"This would stop later events from counting ({details}).", event_id=event.id
            )
    return after


def validate_deal(
    state: LedgerState,
    *,
    losers: Sequence[str],
    points: Mapping[str, int] | None = None,
    sat_out: Sequence[str] | None = None,
) -> None:
    """Refuse, with a typed error, a deal that cannot be the next deal of ``state``."""
    if state.finished or state.next_deal is None:
        raise GameFinishedError("The game has finished: no more deals can be recorded.")
    settings = state.settings
    problem = check_losers(settings, losers) or check_points(settings, points or {})
    if problem is None and sat_out is not None:
        problem = check_sat_out_names(settings, sat_out)
    if problem is None:
        problem = check_deal_at_table(
            active=state.active_seats,
            derived_sit_out=state.next_deal.sitting_out,
            losers=losers,
            points=points or {},
            sat_out=sat_out,
        )[0]
    if problem is not None:
        raise error_for(*problem)
