"""The derived state of a game: what :func:`~engine.ledger.replay.replay` returns.

All of it is recomputed from the events on every replay, so two replays of the
same events compare equal, field by field.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from engine.ledger.errors import LedgerError, error_for
from engine.ledger.events import Penalty, RenoncKind
from engine.ledger.settings import LedgerSettings

_Frozen = TypeVar("_Frozen")


def built(cls: type[_Frozen], **values: Any) -> _Frozen:
    """An instance of the frozen dataclass ``cls`` from every one of its fields, without
    its ``__init__``. A frozen dataclass's ``__init__`` sets each field through
    ``object.__setattr__``: for the ledger's states, built by the thousand when the next deals
    are played ahead (:mod:`engine.ledger.ahead`), that was most of a state's cost. Only for
    the classes below (no ``__post_init__``, no slots); ``tests/engine/ledger/test_built.py``
    checks that a built state equals the constructed one."""
    instance = object.__new__(cls)
    instance.__dict__.update(values)
    return instance


class LetterSource(StrEnum):
    """What gave a letter."""

    DEAL = "deal"
    MISDEAL = "misdeal"
    RULING = "ruling"


class FinishReason(StrEnum):
    """Why the game ended."""

    #: A seat completed the word (until_first_placka mode).
    PLACKA = "placka"
    #: Fewer than four seats are left at the table (elimination or disqualification).
    FEWER_THAN_FOUR = "fewer_than_four"


@dataclass(frozen=True)
class EventIssue:
    """Why an event does not count (or a later one stopped counting)."""

    event_id: str
    code: str
    message: str

    def error(self) -> LedgerError:
        return error_for(self.code, self.message, self.event_id)


@dataclass(frozen=True)
class LetterAward:
    seat: str
    #: 1-based position of the letter in the word.
    number: int
    letter: str
    source: LetterSource
    #: The misdeal or ruling event that gave it, if any.
    event_id: str | None = None


@dataclass(frozen=True)
class MisdealState:
    event_id: str
    dealer: str
    #: 1-based count of this dealer's misdeals in this deal.
    number: int
    waived: bool
    letter: LetterAward | None


@dataclass(frozen=True)
class RulingEffect:
    ruling_id: str
    kind: RenoncKind
    offender: str
    intentional: bool
    penalty: Penalty
    letter_awards: tuple[LetterAward, ...] = ()
    #: For loses_deal: the recorded losers the offender replaced.
    replaced_losers: tuple[str, ...] = ()
    #: For disqualification / ban: the offender left the table.
    removed: bool = False


@dataclass(frozen=True)
class DealState:
    """One deal as the ledger counts it.

    ``deal_id`` is ``None`` only for a deal that was never recorded and whose
    misdeals ended the game. A deal with ``counted`` false gave no deal letters
    and did not move the deal; ``issue`` says why.
    """

    deal_id: str | None
    #: 0-based position in :attr:`LedgerState.deals`.
    index: int
    counted: bool
    issue: str | None
    dealer: str | None
    sitting_out: tuple[str, ...]
    players: tuple[str, ...]
    recorded_losers: tuple[str, ...]
    #: The losers after rulings: who took the deal's letter.
    losers: tuple[str, ...]
    points: tuple[tuple[str, int], ...]
    misdeals: tuple[MisdealState, ...]
    rulings: tuple[RulingEffect, ...]
    #: Every letter given in this deal, in order: misdeals, losers, rulings.
    letter_awards: tuple[LetterAward, ...]
    #: Seats that completed the word in this deal.
    placka: tuple[str, ...]
    #: Seats that left the table after this deal (placka in elimination, disqualification).
    left_table: tuple[str, ...]
    next_dealer: str | None
    #: Warnings that do not stop the deal counting, e.g. ``sit_out_overridden``,
    #: ``dealer_as_played``, ``points_disregarded``, ``loser_not_top_points``.
    flags: tuple[str, ...] = ()

    @property
    def points_by_seat(self) -> dict[str, int]:
        return dict(self.points)


@dataclass(frozen=True)
class SeatState:
    seat: str
    #: How many letters of the word the seat holds.
    letter_count: int
    #: The letters held so far, e.g. ``"TON"``.
    word_so_far: str
    is_mecbol: bool
    has_placka: bool
    is_active: bool
    is_disqualified: bool
    is_banned: bool
    #: 1 for the first seat to leave the table, 2 for the next, ...
    left_order: int | None
    #: Place at the table (``None`` while the game runs, and for seats the
    #: standings place: elimination's remaining seats, disqualified seats).
    place: int | None
    place_shared: bool
    deals_played: int
    deals_lost: int
    penalty_letters: int


@dataclass(frozen=True)
class NextDeal:
    index: int
    dealer: str
    sitting_out: tuple[str, ...]
    players: tuple[str, ...]
    #: Misdeals already made in this deal (not yet recorded).
    misdeals: tuple[MisdealState, ...] = ()
    #: The last seat that sat out so far (``None`` before anyone has): where the
    #: ``rotation`` sit-out rule counts on from (:func:`engine.table_rules.sit_out`).
    sit_out_anchor: str | None = None


@dataclass(frozen=True)
class LedgerState:
    settings: LedgerSettings
    deals: tuple[DealState, ...]
    seats: tuple[SeatState, ...]
    next_deal: NextDeal | None
    finished: bool
    finish_reason: FinishReason | None
    #: Seats still at the table when an elimination game ended, for the
    #: standings to place (by success rate).
    remaining: tuple[str, ...]
    issues: tuple[EventIssue, ...]

    def seat(self, name: str) -> SeatState:
        for seat in self.seats:
            if seat.seat == name:
                return seat
        raise KeyError(name)

    def deal(self, deal_id: str) -> DealState:
        for deal in self.deals:
            if deal.deal_id == deal_id:
                return deal
        raise KeyError(deal_id)

    @property
    def counted_deals(self) -> tuple[DealState, ...]:
        return tuple(d for d in self.deals if d.counted)

    @property
    def held_deals(self) -> tuple[DealState, ...]:
        """Recorded deals that were played but no longer count (a later ruling ended the
        game before them, or moved a seat out of them): for the referee to resolve."""
        return tuple(d for d in self.deals if d.deal_id is not None and not d.counted)

    @property
    def plackas(self) -> tuple[str, ...]:
        return tuple(s.seat for s in self.seats if s.has_placka)

    @property
    def active_seats(self) -> tuple[str, ...]:
        return tuple(s.seat for s in self.seats if s.is_active)

    def issues_for(self, event_id: str) -> tuple[EventIssue, ...]:
        return tuple(i for i in self.issues if i.event_id == event_id)
