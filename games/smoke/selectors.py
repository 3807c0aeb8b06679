"""Reads: sessions, and the engine's tally sheet rebuilt from a session's hands."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet

from engine.smoke.readout import Readout
from engine.smoke.tally import HandResult, Infraction, Standing, TallySheet
from games.smoke.models import SmokeHand, SmokeParticipant, SmokeSession


def smoke_session_list() -> QuerySet[SmokeSession]:
    """Sessions, newest first, with what a listing shows."""
    return SmokeSession.objects.select_related("club", "created_by", "winner").prefetch_related(
        "participants"
    )


def smoke_session_get(*, pk: int) -> SmokeSession:
    """One session with its participants and hands; raises ``DoesNotExist``."""
    return smoke_session_list().prefetch_related(*HAND_PREFETCH).get(pk=pk)


HAND_PREFETCH = (
    Prefetch(
        "hands",
        queryset=SmokeHand.objects.select_related("dealer", "first_trick", "first_out")
        .prefetch_related("seats__participant", "infractions__participant")
        .order_by("number"),
    ),
)


def smoke_participants(session: SmokeSession) -> list[SmokeParticipant]:
    """Participants in seating order."""
    return sorted(session.participants.all(), key=lambda p: p.seat)


def smoke_hands(session: SmokeSession) -> list[SmokeHand]:
    """Hands in order."""
    return sorted(session.hands.all(), key=lambda h: h.number)


def smoke_sheet(session: SmokeSession) -> TallySheet:
    """The engine's tally sheet after every recorded hand of ``session``.

    Every hand is recorded again through the engine, so the tallies shown are always the
    engine's, computed from the rows; nothing stored can drift.
    """
    participants = smoke_participants(session)
    sheet = TallySheet(
        [p.name for p in participants],
        first_dealer=participants[session.first_dealer].name,
        rules=session.rules,
    )
    for hand in smoke_hands(session):
        seats = [s for s in hand.seats.all() if s.stayed]
        sheet.record_hand(
            stayed=[s.participant.name for s in seats],
            tricks={s.participant.name: s.tricks for s in seats},
            infractions=[Infraction(i.participant.name, i.what) for i in hand.infractions.all()],
            first_trick=hand.first_trick.name if hand.first_trick else None,
            dealer=hand.dealer.name,
            first_out=hand.first_out.name if hand.first_out else None,
        )
    return sheet


@dataclass(frozen=True)
class HandView:
    """A recorded hand next to the engine's result and readout, for history pages."""

    hand: SmokeHand
    result: HandResult
    readout: Readout


def smoke_history(session: SmokeSession, sheet: TallySheet | None = None) -> list[HandView]:
    """Every hand with its readout, first hand first."""
    sheet = sheet or smoke_sheet(session)
    return [
        HandView(hand, result, sheet.readout(index))
        for index, (hand, result) in enumerate(
            zip(smoke_hands(session), sheet.results, strict=True)
        )
    ]


@dataclass(frozen=True)
class TallyRow:
    """One participant's row of the current tally table."""

    participant: SmokeParticipant
    standing: Standing
    must_play: bool


def smoke_tally_table(session: SmokeSession, sheet: TallySheet) -> list[TallyRow]:
    """Name, tally, trend, sits, mustie and in the box, in seating order."""
    by_name = {p.name: p for p in smoke_participants(session)}
    return [
        TallyRow(by_name[s.name], s, not sheet.rules.can_sit(s.tally, s.sits))
        for s in sheet.standings()
    ]
