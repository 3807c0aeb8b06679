"""Misdeals, calling the referee, and entry of a filled paper scoresheet."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.ledger import DealRecorded, LedgerError, Misdeal, validate_event
from games import permissions
from games.adapter import dealer_for_record, sat_out_for_record, validation_error
from games.kept_ledger import ledger_read
from games.models import AuditAction, AuditEntry, DealEntry, DealMode, MisdealEntry, TableGame
from games.services.common import actor, game_lock, take_seq, write_done
from games.services.deals import score_input
from games.services.notifications import REFEREE_CALL_TASK
from scwu.broker import task_send
from scwu.roles import AnyUser
from tournaments.models import Table


@transaction.atomic
def misdeal_record(
    *,
    by: AnyUser | None,
    table: Table,
    waived: bool = False,
    deal: DealEntry | None = None,
    dealer: str | None = None,
) -> MisdealEntry:
    """A misdeal of the deal being dealt (or, by a referee, entered late for ``deal``).
    The first in a deal is free; the second gives the dealer a letter unless waived.
    ``dealer``: who dealt it when not the seat the rules name, a referee's correction (as a
    game record's deal played against the rules is entered again)."""
    permissions.require_score(by, table)
    if waived or deal is not None or dealer is not None:
        permissions.require_referee(by, table)
    game = game_lock(table)
    if deal is not None and deal.game_id != game.pk:
        raise ValidationError({"deal": [_("This deal belongs to another table.")]}, code="table")
    loaded, state = ledger_read(game, locked=True)
    # A late misdeal belongs to a deal already played, whose dealer is known from its row.
    dealer = dealer or (deal.dealer if deal is not None else dealer_for_record(state)) or None
    event = Misdeal("new", deal.event_id if deal else None, waived, dealer)
    try:
        validate_event(loaded.settings, loaded.events, event, state=state)
    except LedgerError as exc:
        raise validation_error(exc) from exc
    if deal is None and (state.finished or state.next_deal is None):
        raise ValidationError({"game": [_("The game has finished.")]}, code="game_finished")
    misdeal = MisdealEntry.objects.create(
        game=game,
        seq=take_seq(game),
        deal=deal,
        waived=waived,
        dealer=dealer or "",
        recorded_by=actor(by),
    )
    write_done(
        game,
        by=by,
        action=AuditAction.MISDEAL_RECORD,
        before=(loaded, state),
        detail={"waived": waived, "deal": deal.number if deal else None},
        summary=_("Misdeal recorded."),
    )
    return misdeal


@transaction.atomic
def misdeal_undo(*, by: AnyUser | None, table: Table) -> MisdealEntry:
    """Undo the last misdeal of the deal being dealt (a tap by mistake): the way back of
    whoever may record one. A misdeal of a deal already played stays (a referee rules on
    it); the row is kept, marked undone, and the audit trail says so."""
    permissions.require_score(by, table)
    game = game_lock(table)
    loaded, state = ledger_read(game, locked=True)
    played = max((deal.seq for deal in loaded.live_deals), default=0)
    pending = [
        misdeal
        for misdeal in loaded.misdeals
        if misdeal.is_live and misdeal.deal_id is None and misdeal.seq > played
    ]
    if not pending or state.next_deal is None:
        raise ValidationError(
            {"game": [_("There is no misdeal of the deal being dealt to undo.")]},
            code="nothing",
        )
    last = max(pending, key=lambda misdeal: misdeal.seq)
    last.undone_seq = take_seq(game)
    last.undone_by = actor(by)
    last.undone_at = timezone.now()
    last.save(update_fields=["undone_seq", "undone_by", "undone_at"])
    number = len(loaded.live_deals) + 1
    write_done(
        game,
        by=by,
        action=AuditAction.MISDEAL_UNDO,
        before=(loaded, state),
        detail={"misdeal": last.pk, "deal": number},
        summary=_("Misdeal of deal %(number)d undone.") % {"number": number},
    )
    return last


@transaction.atomic
def misdeal_waive(*, by: AnyUser | None, misdeal: MisdealEntry) -> MisdealEntry:
    """The referee waives the letter of a misdeal (the state is replayed without it)."""
    table = misdeal.game.table
    permissions.require_referee(by, table)
    game = game_lock(table)
    if not misdeal.is_live:
        raise ValidationError({"misdeal": [_("This misdeal was undone.")]}, code="undone")
    if misdeal.waived:
        raise ValidationError({"misdeal": [_("Already waived.")]}, code="waived")
    loaded, state = ledger_read(game, locked=True)
    misdeal.waived = True
    misdeal.save(update_fields=["waived"])
    # No row of its own, but a new version of the game's events: the kept state and the
    # dashboard's entry of the version before no longer hold.
    take_seq(game)
    write_done(
        game,
        by=by,
        action=AuditAction.MISDEAL_WAIVE,
        before=(loaded, state),
        detail={"misdeal": misdeal.pk},
        summary=_("Misdeal letter waived."),
    )
    return misdeal


_CALL_FIELDS = [
    "referee_called_at",
    "referee_called_by",
    "referee_acknowledged_at",
    "referee_acknowledged_by",
]


@transaction.atomic
def game_referee_call(*, by: AnyUser | None, table: Table, called: bool = True) -> TableGame:
    """Flag (or clear) the table on the round dashboard. Clearing also clears the
    acknowledgement. A call while one is open, or a clear with none open, is refused: it
    would change nothing but add an audit row (a tap repeated, or a script looping)."""
    permissions.require_score(by, table)
    game = game_lock(table)
    if called and game.referee_called_at is not None:
        raise ValidationError(
            {"called": [_("The referee is already called at this table.")]}, code="called"
        )
    if not called and game.referee_called_at is None:
        raise ValidationError(
            {"called": [_("Nobody has called the referee at this table.")]}, code="not_called"
        )
    if called:
        _calls_within_limit(game)
    game.referee_called_at = timezone.now() if called else None
    game.referee_called_by = actor(by) if called else None
    game.referee_acknowledged_at = None
    game.referee_acknowledged_by = None
    game.save(update_fields=_CALL_FIELDS)
    write_done(
        game,
        by=by,
        action=AuditAction.REFEREE_CALL if called else AuditAction.REFEREE_CLEAR,
        before=None,
        detail={"called": called},
    )
    if called:
        game_id = game.pk
        transaction.on_commit(lambda: task_send(REFEREE_CALL_TASK, game_id))
    return game


def _calls_within_limit(game: TableGame) -> None:
    """At most ``SCWU_REFEREE_CALLS_PER_HOUR`` calls a table an hour: calling and clearing
    in a loop would otherwise add two audit rows a round trip. Counted from the audit trail
    itself, so every process sees the same count."""
    limit = int(getattr(settings, "SCWU_REFEREE_CALLS_PER_HOUR", 20))
    since = timezone.now() - timedelta(hours=1)
    calls = AuditEntry.objects.filter(game=game, action=AuditAction.REFEREE_CALL, at__gte=since)
    if calls.count() >= limit:
        raise ValidationError(
            {
                "called": [
                    _(
                        "This table has called the referee %(n)d times in the last hour: "
                        "please find one in person."
                    )
                    % {"n": limit}
                ]
            },
            code="calls_limit",
        )


@transaction.atomic
def game_referee_acknowledge(*, by: AnyUser | None, table: Table) -> TableGame:
    """A referee of the tournament answers the table's call: the line judge sees who is
    coming. The call stays open until it is cleared at the table or by the referee."""
    permissions.require_referee(by, table)
    game = game_lock(table)
    if game.referee_called_at is None:
        raise ValidationError(
            {"table": [_("Nobody has called the referee at this table.")]}, code="not_called"
        )
    if game.referee_acknowledged_at is not None:
        raise ValidationError(
            {"table": [_("A referee has already acknowledged this call.")]},
            code="acknowledged",
        )
    game.referee_acknowledged_at = timezone.now()
    game.referee_acknowledged_by = actor(by)
    game.save(update_fields=["referee_acknowledged_at", "referee_acknowledged_by"])
    write_done(
        game,
        by=by,
        action=AuditAction.REFEREE_ACKNOWLEDGE,
        before=None,
        detail={"acknowledged": True},
        summary=_("Referee call acknowledged."),
    )
    return game


@dataclass(frozen=True)
class PaperRow:
    """One row of a paper scoresheet: the loser(s), optionally every playing seat's points."""

    losers: tuple[str, ...]
    points: Mapping[str, int] = field(default_factory=dict)


@transaction.atomic
def paper_enter(
    *, by: AnyUser | None, table: Table, first_number: int, rows: Sequence[PaperRow]
) -> list[DealEntry]:
    """Enter a filled paper scoresheet: every row is checked against the state the rows
    before it leave, and the deals are written all together or not at all."""
    permissions.require_score(by, table)
    if not rows:
        raise ValidationError({"rows": [_("The scoresheet has no rows.")]}, code="required")
    game = game_lock(table)
    loaded, before = ledger_read(game, locked=True)
    expected = len(loaded.live_deals) + 1
    if first_number != expected:
        raise ValidationError(
            {"first_number": [_("The next deal to enter is deal %(n)d.") % {"n": expected}]},
            code="stale_deal_number",
        )
    events = list(loaded.events)
    state = before
    planned: list[tuple[tuple[str, ...], dict[str, int], tuple[str, ...] | None, str]] = []
    for index, row in enumerate(rows):
        label = _("Row %(n)d (deal %(deal)d)") % {"n": index + 1, "deal": first_number + index}
        try:
            if state.finished or state.next_deal is None:
                raise ValidationError(_("the game had already finished."), code="game_finished")
            scored = score_input(
                game=game,
                table=table,
                state=state,
                losers=row.losers,
                points=row.points or None,
                end="played",
                hejma=None,
                last_trick=None,
                packer=None,
                record=None,
            )
            sat_out = sat_out_for_record(state, None)
            dealer = dealer_for_record(state)
            event = DealRecorded(f"p{index}", scored.losers, scored.points or None, sat_out, dealer)
            state = validate_event(loaded.settings, events, event, state=state)
        except LedgerError as exc:
            raise ValidationError({"rows": [f"{label}: {exc.message}"]}, code=exc.code) from exc
        except ValidationError as exc:
            raise ValidationError(
                {"rows": [f"{label}: {message}" for message in exc.messages]}, code="row"
            ) from exc
        events.append(event)
        planned.append((scored.losers, scored.points, sat_out, dealer))
    deals = [
        DealEntry.objects.create(
            game=game,
            number=first_number + index,
            seq=take_seq(game),
            mode=DealMode.PAPER,
            losers=list(losers),
            points=points or None,
            sat_out=list(sat_out) if sat_out is not None else None,
            dealer=dealer,
            recorded_by=actor(by),
        )
        for index, (losers, points, sat_out, dealer) in enumerate(planned)
    ]
    write_done(
        game,
        by=by,
        action=AuditAction.PAPER_ENTER,
        before=(loaded, before),
        detail={"first_number": first_number, "losers": [list(d.losers) for d in deals]},
        summary=_("Paper scoresheet: %(n)d deals entered.") % {"n": len(deals)},
    )
    return deals
