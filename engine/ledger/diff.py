"""What changed between two states: the audit-trail summary of a correction."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.ledger.state import DealState, LedgerState, SeatState


@dataclass(frozen=True)
class FieldChange:
    name: str
    before: str
    after: str


@dataclass(frozen=True)
class DealChange:
    """A deal that changed, appeared or disappeared (matched by deal id)."""

    deal_id: str | None
    index: int
    changes: tuple[FieldChange, ...] = ()
    added: bool = False
    removed: bool = False

    def describe(self) -> str:
        name = f"deal {self.index + 1} ({self.deal_id or 'not recorded'})"
        if self.added:
            return f"{name}: added"
        if self.removed:
            return f"{name}: removed"
        return f"{name}: " + "; ".join(f"{c.name} {c.before} -> {c.after}" for c in self.changes)


@dataclass(frozen=True)
class SeatChange:
    seat: str
    changes: tuple[FieldChange, ...]

    def describe(self) -> str:
        return f"seat {self.seat}: " + "; ".join(
            f"{c.name} {c.before} -> {c.after}" for c in self.changes
        )


@dataclass(frozen=True)
class StateDiff:
    deals: tuple[DealChange, ...]
    seats: tuple[SeatChange, ...]
    game: tuple[FieldChange, ...]

    @property
    def is_empty(self) -> bool:
        return not (self.deals or self.seats or self.game)

    def summary(self) -> str:
        """One line per change, for the audit trail."""
        lines = [change.describe() for change in self.deals]
        lines += [change.describe() for change in self.seats]
        lines += [f"game: {c.name} {c.before} -> {c.after}" for c in self.game]
        return "\n".join(lines) if lines else "no change"


def _seats(seats: Sequence[str]) -> str:
    return ",".join(seats) or "-"


def _deal_fields(deal: DealState) -> dict[str, str]:
    return {
        "counted": "yes" if deal.counted else f"no ({deal.issue})",
        "dealer": deal.dealer or "-",
        "sitting out": _seats(deal.sitting_out),
        "losers": _seats(deal.losers),
        "letter awards": ",".join(f"{a.seat}:{a.letter}" for a in deal.letter_awards) or "-",
        "placka": _seats(deal.placka),
        "left table": _seats(deal.left_table),
        "next dealer": deal.next_dealer or "-",
    }


def _seat_fields(seat: SeatState) -> dict[str, str]:
    return {
        "word so far": seat.word_so_far or "-",
        "placka": "yes" if seat.has_placka else "no",
        "at table": "yes" if seat.is_active else "no",
        "place": "-" if seat.place is None else str(seat.place),
    }


def _changes(before: dict[str, str], after: dict[str, str]) -> tuple[FieldChange, ...]:
    return tuple(FieldChange(k, before[k], after[k]) for k in before if before[k] != after[k])


def diff_states(before: LedgerState, after: LedgerState) -> StateDiff:
    """Which deals changed loser, dealer or letters, and which seats changed.

    Deals are matched by deal id (a deal never recorded, ended by a misdeal,
    by position).
    """

    def key(deal: DealState) -> str:
        return deal.deal_id if deal.deal_id is not None else f"#{deal.index}"

    old = {key(deal): deal for deal in before.deals}
    new = {key(deal): deal for deal in after.deals}
    deals: list[DealChange] = []
    for deal in after.deals:
        previous = old.get(key(deal))
        if previous is None:
            deals.append(DealChange(deal.deal_id, deal.index, added=True))
            continue
        if previous is deal or previous == deal:
            continue  # a deal played on from the state before is that very deal
        changes = _changes(_deal_fields(previous), _deal_fields(deal))
        if changes:
            deals.append(DealChange(deal.deal_id, deal.index, changes))
    for deal in before.deals:
        if key(deal) not in new:
            deals.append(DealChange(deal.deal_id, deal.index, removed=True))
    seats: list[SeatChange] = []
    for old_seat, new_seat in zip(before.seats, after.seats, strict=True):
        changes = _changes(_seat_fields(old_seat), _seat_fields(new_seat))
        if changes:
            seats.append(SeatChange(new_seat.seat, changes))
    game = _changes(_game_fields(before), _game_fields(after))
    return StateDiff(tuple(deals), tuple(seats), game)


def _game_fields(state: LedgerState) -> dict[str, str]:
    nxt = state.next_deal
    return {
        "finished": state.finish_reason.value if state.finish_reason else "no",
        "next dealer": nxt.dealer if nxt else "-",
        "next sitting out": _seats(nxt.sitting_out) if nxt else "-",
        "remaining": _seats(state.remaining),
    }
