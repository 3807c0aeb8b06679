"""First pass of a replay: fold the events into the game's record of deals.

Corrections, undos and withdrawals are applied here, so what reaches the
second pass (:mod:`engine.ledger.replay`) is the record as it stands now: the
deals in order, each with its misdeals and the rulings in force. Problems that
do not depend on the table (unknown ids and seats, malformed content) are
found here; the rest are found when the record is played through.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.ledger.checks import Problem, check_losers, check_points, check_sat_out_names
from engine.ledger.events import (
    DealCorrected,
    DealHeld,
    DealRecorded,
    DealUndone,
    Event,
    Misdeal,
    RulingMade,
    RulingWithdrawn,
)
from engine.ledger.settings import LedgerSettings
from engine.ledger.state import EventIssue


@dataclass
class DealRecord:
    deal_id: str
    losers: tuple[str, ...]
    points: dict[str, int]
    sat_out: tuple[str, ...] | None
    misdeals: list[Misdeal] = field(default_factory=list)
    rulings: list[RulingMade] = field(default_factory=list)
    #: Who dealt, as played (``None``: derive it from the rules).
    dealer: str | None = None
    #: Held for the referee when entered (:class:`~engine.ledger.events.DealHeld`).
    held: bool = False


@dataclass
class Record:
    deals: list[DealRecord] = field(default_factory=list)
    #: Misdeals of the deal being dealt (no result recorded yet).
    pending: list[Misdeal] = field(default_factory=list)
    issues: list[EventIssue] = field(default_factory=list)
    #: Position of each event id in the event list (first occurrence).
    positions: dict[str, int] = field(default_factory=dict)

    def find(self, deal_id: str) -> DealRecord | None:
        for deal in self.deals:
            if deal.deal_id == deal_id:
                return deal
        return None


def build_record(settings: LedgerSettings, events: Sequence[Event]) -> Record:
    record = Record()
    for position, event in enumerate(events):
        if event.id in record.positions:
            record.issues.append(
                EventIssue(event.id, "duplicate_event_id", f"Event id {event.id} is used twice.")
            )
            continue
        record.positions[event.id] = position
        problem = _apply(settings, record, event)
        if problem is not None:
            record.issues.append(EventIssue(event.id, *problem))
    return record


def deal_problem(settings: LedgerSettings, event: DealRecorded | DealHeld) -> Problem | None:
    """What makes a deal event unfit for any table of ``settings`` (it is then left out of
    the record), whatever the state of the game."""
    if isinstance(event, DealHeld):
        return _check_dealer(settings, event.dealer) if event.dealer is not None else None
    problem = check_losers(settings, event.losers) or check_points(settings, event.points or {})
    if problem is None and event.sat_out is not None:
        problem = check_sat_out_names(settings, event.sat_out)
    if problem is None and event.dealer is not None:
        problem = _check_dealer(settings, event.dealer)
    return problem


def deal_of(event: DealRecorded | DealHeld, misdeals: list[Misdeal]) -> DealRecord:
    """The record's deal of a deal event, dealt after ``misdeals``."""
    if isinstance(event, DealHeld):
        return DealRecord(event.id, (), {}, None, misdeals, dealer=event.dealer, held=True)
    return DealRecord(
        event.id,
        tuple(event.losers),
        dict(event.points or {}),
        event.sat_out,
        misdeals,
        dealer=event.dealer,
    )


def _apply(settings: LedgerSettings, record: Record, event: Event) -> Problem | None:
    if isinstance(event, DealRecorded | DealHeld):
        problem = deal_problem(settings, event)
        if problem is not None:
            return problem
        record.deals.append(deal_of(event, record.pending))
        record.pending = []
        return None
    if isinstance(event, Misdeal):
        if event.dealer is not None:
            problem = _check_dealer(settings, event.dealer)
            if problem is not None:
                return problem
        if event.deal_id is None:
            record.pending.append(event)
            return None
        target = record.find(event.deal_id)
        if target is None:
            return _unknown_deal(event.deal_id)
        target.misdeals.append(event)
        return None
    if isinstance(event, RulingMade):
        target = record.find(event.deal_id)
        if target is None:
            return _unknown_deal(event.deal_id)
        if event.offender not in settings.seat_names:
            return ("unknown_seat", f"Offender {event.offender} is not a seat at this table.")
        target.rulings.append(event)
        return None
    if isinstance(event, RulingWithdrawn):
        for deal in record.deals:
            for ruling in deal.rulings:
                if ruling.id == event.ruling_id:
                    deal.rulings.remove(ruling)
                    return None
        return ("unknown_ruling", f"There is no ruling {event.ruling_id} in force to withdraw.")
    if isinstance(event, DealCorrected):
        target = record.find(event.deal_id)
        if target is None:
            return _unknown_deal(event.deal_id)
        if event.losers is None and event.points is None:
            return ("empty_correction", "A correction must change the losers or the points.")
        if event.losers is not None:
            problem = check_losers(settings, event.losers)
            if problem is not None:
                return problem
        if event.points is not None:
            problem = check_points(settings, event.points)
            if problem is not None:
                return problem
        if event.losers is not None:
            target.losers = tuple(event.losers)
        if event.points is not None:
            target.points = dict(event.points)
        return None
    if isinstance(event, DealUndone):
        if not record.deals:
            return ("nothing_to_undo", "There is no recorded deal to undo.")
        last = record.deals[-1]
        if last.rulings:
            ids = ", ".join(ruling.id for ruling in last.rulings)
            return (
                "undo_deal_has_rulings",
                f"Deal {last.deal_id} has rulings in force ({ids}): "
                "withdraw them before undoing it.",
            )
        record.deals.pop()
        record.pending = last.misdeals + record.pending
        return None
    raise TypeError(f"not a ledger event: {event!r}")  # pragma: no cover


def _check_dealer(settings: LedgerSettings, dealer: str) -> Problem | None:
    if dealer not in settings.seat_names:
        return ("unknown_seat", f"Dealer {dealer} is not a seat at this table.")
    return None


def _unknown_deal(deal_id: str) -> Problem:
    return ("unknown_deal", f"There is no recorded deal {deal_id}.")
