"""Writes: create a session, record a hand, undo the last hand.

A hand is written only after the engine's tally sheet, rebuilt from the rows, accepts
the whole history plus the new hand. An engine refusal becomes a ``ValidationError``
naming the field (from the error's code) and nothing is written.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from engine.smoke.errors import SmokeError
from engine.smoke.rules import DEFAULT_RULES, SmokeRules
from engine.smoke.tally import HandResult, Infraction, TallySheet
from games.smoke import selectors
from games.smoke.models import (
    SessionStatus,
    SmokeHand,
    SmokeHandSeat,
    SmokeInfraction,
    SmokeParticipant,
    SmokeSession,
)
from scwu.models import Club, Player
from scwu.roles import AnyUser, Role, has_role

WHAT_MAX = SmokeInfraction._meta.get_field("what").max_length or 120

# The engine's TallyError codes, and the input field each one is about.
FIELD_OF_CODE = {
    "participant": "participants",
    "rules": "participants",
    "dealer": "dealer",
    "stayed": "stayed",
    "mustie": "stayed",
    "in_the_box": "stayed",
    "tricks": "tricks",
    "infraction": "infractions",
    "first_trick": "first_trick",
    "tie": "first_out",
    "over": "session",
}


def _refusal(error: SmokeError, default: str = "session") -> ValidationError:
    field = FIELD_OF_CODE.get(error.code, default)
    return ValidationError({field: [error.detail]}, code=error.code)


@dataclass(frozen=True)
class Participant:
    """A participant as entered: a name, optionally a registered player."""

    name: str = ""
    player: Player | None = None


def can_keep_score(user: AnyUser | None, session: SmokeSession) -> bool:
    """The scorekeeper who created the session, directors, referees and administrators."""
    if user is None or not user.is_authenticated:
        return False
    if session.created_by_id == user.pk:
        return True
    return any(has_role(user, role) for role in (Role.DIRECTOR, Role.REFEREE, Role.ADMINISTRATOR))


def _require_keeper(user: AnyUser | None, session: SmokeSession) -> None:
    if not can_keep_score(user, session):
        raise PermissionDenied(
            _(
                "Only the session's scorekeeper, a director, a referee or an administrator"
                " may do this."
            )
        )


def _seats(participants: Sequence[Participant | str]) -> list[Participant]:
    seats = []
    for entry in participants:
        seat = Participant(name=entry) if isinstance(entry, str) else entry
        name = seat.name.strip() or (seat.player.nickname if seat.player else "")
        if not name:
            raise ValidationError(
                {"participants": [_("Every participant needs a name.")]}, code="blank"
            )
        seats.append(Participant(name=name, player=seat.player))
    keys = [s.name.casefold() for s in seats]
    if len(set(keys)) != len(keys):
        raise ValidationError(
            {"participants": [_("Two participants have the same name.")]}, code="duplicate"
        )
    return seats


@transaction.atomic
def smoke_session_create(
    *,
    by: AnyUser | None,
    name: str,
    participants: Sequence[Participant | str],
    first_dealer: str,
    date: dt.date | None = None,
    club: Club | None = None,
    start: int = DEFAULT_RULES.start,
    box: int = DEFAULT_RULES.box,
    max_sits: int = DEFAULT_RULES.max_sits,
    penalty: int = DEFAULT_RULES.penalty,
    blank: int = DEFAULT_RULES.blank,
) -> SmokeSession:
    """Open a session; the user who opens it becomes its scorekeeper."""
    if by is None or not by.is_authenticated:
        raise PermissionDenied(_("Sign in to keep the tally of a Smoke session."))
    seats = _seats(participants)
    names = [s.name for s in seats]
    rules = SmokeRules(start=start, box=box, max_sits=max_sits, penalty=penalty, blank=blank)
    first_dealer = first_dealer.strip()
    if first_dealer not in names:
        raise ValidationError(
            {"first_dealer": [_("The first distributor must be one of the participants.")]},
            code="participant",
        )
    if not start >= 1 or not box < start:
        raise ValidationError({"box": [_("The box must be below the start tally.")]}, code="rules")
    if max_sits < 1:
        raise ValidationError({"max_sits": [_("Allow at least one sit.")]}, code="rules")
    try:
        TallySheet(names, first_dealer=first_dealer, rules=rules)
    except SmokeError as error:
        raise _refusal(error, "participants") from error
    session = SmokeSession(
        name=name.strip(),
        date=date or dt.date.today(),
        club=club,
        created_by=cast(Any, by),
        first_dealer=names.index(first_dealer),
        start=start,
        box=box,
        max_sits=max_sits,
        penalty=penalty,
        blank=blank,
    )
    session.full_clean(exclude=["winner"])
    session.save()
    for index, seat in enumerate(seats):
        row = SmokeParticipant(session=session, seat=index, name=seat.name, player=seat.player)
        row.full_clean(exclude=["session"])
        row.save()
    return session


def _locked(session: SmokeSession) -> SmokeSession:
    """The session re-read under a row lock, so two scorekeepers cannot interleave."""
    list(
        SmokeSession.objects.select_for_update(no_key=True).filter(pk=session.pk).values_list("pk")
    )
    return selectors.smoke_session_get(pk=session.pk)


def _cache_outcome(session: SmokeSession, sheet: TallySheet) -> None:
    by_name = {p.name: p for p in session.participants.all()}
    session.winner = by_name[sheet.winner] if sheet.winner else None
    session.status = SessionStatus.FINISHED if sheet.is_over() else SessionStatus.RUNNING
    session.save(update_fields=["winner", "status"])


@transaction.atomic
def smoke_hand_record(
    *,
    by: AnyUser | None,
    session: SmokeSession,
    stayed: Iterable[str],
    tricks: Mapping[str, int],
    infractions: Iterable[Infraction | tuple[str, str]] = (),
    first_trick: str | None = None,
    dealer: str | None = None,
    first_out: str | None = None,
) -> SmokeHand:
    """Check the hand with the engine against the whole history, then write it."""
    _require_keeper(by, session)
    session = _locked(session)
    sheet = selectors.smoke_sheet(session)
    crimes = [i if isinstance(i, Infraction) else Infraction(*i) for i in infractions]
    by_name = {p.name: p for p in session.participants.all()}
    named = {
        "stayed": list(stayed),
        "tricks": list(tricks),
        "infractions": [i.who for i in crimes],
        "first_trick": [first_trick] if first_trick else [],
        "dealer": [dealer] if dealer else [],
        "first_out": [first_out] if first_out else [],
    }
    for crime in crimes:
        if len(crime.what.strip()) > WHAT_MAX:
            raise ValidationError(
                {
                    "infractions": [
                        _("Say what happened in %(n)d letters or less.") % {"n": WHAT_MAX}
                    ]
                },
                code="too_long",
            )
    for field, names in named.items():
        for who in names:
            if who not in by_name:
                raise ValidationError(
                    {field: [_("%(name)s is not at this table.") % {"name": who}]},
                    code="participant",
                )
    try:
        result: HandResult = sheet.record_hand(
            stayed=named["stayed"],
            tricks=dict(tricks),
            infractions=crimes,
            first_trick=first_trick or None,
            dealer=dealer or None,
            first_out=first_out or None,
        )
    except SmokeError as error:
        raise _refusal(error) from error
    entry = result.entry
    hand = SmokeHand.objects.create(
        session=session,
        number=result.number,
        dealer=by_name[entry.dealer],
        first_trick=by_name[entry.first_trick] if entry.first_trick else None,
        first_out=by_name[entry.first_out] if entry.first_out else None,
        recorded_by=cast(Any, by),
    )
    SmokeHandSeat.objects.bulk_create(
        SmokeHandSeat(
            hand=hand,
            participant=participant,
            stayed=name in entry.stayed,
            tricks=entry.tricks_of(name),
        )
        for name, participant in by_name.items()
    )
    SmokeInfraction.objects.bulk_create(
        SmokeInfraction(hand=hand, participant=by_name[i.who], what=i.what.strip() or "infraction")
        for i in entry.infractions
    )
    _cache_outcome(session, sheet)
    return hand


@transaction.atomic
def smoke_hand_undo(*, by: AnyUser | None, session: SmokeSession) -> int:
    """Remove the last hand (a correction); return its number. A won session runs again."""
    _require_keeper(by, session)
    session = _locked(session)
    last = session.hands.order_by("-number").first()
    if last is None:
        raise ValidationError({"session": [_("There is no hand to undo.")]}, code="over")
    number = last.number
    session.winner = None
    session.status = SessionStatus.RUNNING
    session.save(update_fields=["winner", "status"])
    last.delete()
    session = selectors.smoke_session_get(pk=session.pk)
    _cache_outcome(session, selectors.smoke_sheet(session))
    return number
