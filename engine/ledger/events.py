"""The events a game's ledger replays, in the order they were entered.

Every event has an ``id`` unique within the game (the site uses its row id).
A deal is referred to by the id of the :class:`DealRecorded` event that
recorded it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum


class RenoncKind(StrEnum):
    """The kind of irregularity a ruling is about (``RULES.md``, renonc A, B, C)."""

    PEEKING = "A"
    REVOKE = "B"
    MISDEAL = "C"
    OTHER = "other"


class Penalty(StrEnum):
    """What a ruling does to its offender."""

    #: The offender becomes the deal's loser instead of the recorded loser(s).
    LOSES_DEAL = "loses_deal"
    #: The offender takes one more letter.
    EXTRA_LETTER = "extra_letter"
    #: The offender is given letters up to the whole word: a placka.
    LOSES_GAME = "loses_game"
    #: The offender leaves the game.
    DISQUALIFICATION = "disqualification"
    #: At the table, same as disqualification (the site records the ban).
    BAN = "ban"

    @property
    def removes_offender(self) -> bool:
        """Whether the offender leaves the game (and the site withdraws their entry).

        >>> Penalty.BAN.removes_offender, Penalty.LOSES_GAME.removes_offender
        (True, False)
        """
        return self in (Penalty.DISQUALIFICATION, Penalty.BAN)


def penalty_fits(kind: str, penalty: str, intentional: bool) -> bool:
    """Whether a ruling may give ``penalty`` for a renonc of ``kind``: a lifetime ban is
    for an intentional renonc B only (``engine/RULES.md``); any other penalty fits any
    renonc.

    >>> penalty_fits("B", "ban", True), penalty_fits("A", "ban", True)
    (True, False)
    """
    return penalty != Penalty.BAN or (kind == RenoncKind.REVOKE and intentional)


@dataclass(frozen=True)
class DealRecorded:
    """The result of the next deal: its loser(s), optionally points and sit-outs.

    ``sat_out`` is derived from the sit-out rule when omitted; when given it
    records who actually sat out and overrides the rule for that deal.
    ``dealer`` likewise records who actually dealt. Both are facts of play: a
    later ruling or correction on an earlier deal changes letters, never who
    dealt or sat out a deal already played (a deal that no longer fits the
    table then stops counting and is held for the referee, see
    :attr:`~engine.ledger.state.LedgerState.held_deals`).
    """

    id: str
    losers: tuple[str, ...]
    points: Mapping[str, int] | None = field(default=None, hash=False)
    sat_out: tuple[str, ...] | None = None
    dealer: str | None = None


@dataclass(frozen=True)
class Misdeal:
    """A misdeal (renonc C). Without ``deal_id`` it belongs to the deal being
    dealt: the next :class:`DealRecorded` after it. With ``deal_id`` it is
    entered late for a recorded deal. ``dealer``, when given, is who misdealt
    (a fact of play, like :attr:`DealRecorded.dealer`)."""

    id: str
    deal_id: str | None = None
    waived: bool = False
    dealer: str | None = None


@dataclass(frozen=True)
class RulingMade:
    """A referee's renonc ruling on a recorded deal."""

    id: str
    deal_id: str
    kind: RenoncKind
    offender: str
    penalty: Penalty
    intentional: bool = False
    ruled_by: str = ""
    reason: str = ""


@dataclass(frozen=True)
class RulingWithdrawn:
    """A ruling overturned (on appeal): replay as if it had never been made."""

    id: str
    ruling_id: str
    reason: str = ""


@dataclass(frozen=True)
class DealCorrected:
    """A correction of a recorded deal's loser(s) and/or points."""

    id: str
    deal_id: str
    losers: tuple[str, ...] | None = None
    points: Mapping[str, int] | None = field(default=None, hash=False)


@dataclass(frozen=True)
class DealHeld:
    """A deal that was played but that the referee holds, as a game record writes it
    (``engine/RULES.md``, "Game records": ``held``). It counts like a recorded deal that
    no longer fits the table: its misdeals count and ``dealer``, when given, is who dealt
    (a fact of play), but it gives no letters and does not move the deal."""

    id: str
    dealer: str | None = None


@dataclass(frozen=True)
class DealUndone:
    """Undo of the last recorded deal (its misdeals go back to the deal being dealt)."""

    id: str


Event = (
    DealRecorded | DealHeld | Misdeal | RulingMade | RulingWithdrawn | DealCorrected | DealUndone
)
