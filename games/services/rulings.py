"""Renonc rulings, and appeals to the commission."""

from __future__ import annotations

from typing import cast

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.ledger import LedgerError, RulingWithdrawn, penalty_fits, validate_event
from engine.ledger.events import Penalty
from games import permissions
from games.adapter import ruling_event, validation_error
from games.kept_ledger import ledger_read
from games.models import Appeal, AppealStatus, AuditAction, DealEntry, Ruling
from games.services.common import actor, game_lock, take_seq, write_done
from games.services.notifications import APPEAL_DECIDED_TASK
from scwu.broker import task_send
from scwu.models.bans import BanSource
from scwu.roles import AnyUser
from scwu.services.bans import ban_impose
from tournaments.models import EntryStatus, Table, TableSeat


@transaction.atomic
def ruling_make(
    *,
    by: AnyUser | None,
    table: Table,
    deal: DealEntry,
    kind: str,
    offender: str,
    penalty: str,
    reason: str,
    intentional: bool = False,
) -> Ruling:
    """A referee's renonc ruling on a recorded deal. Letters and dealers after the deal
    follow; a ban (intentional renonc B only) creates the federation's lifetime ban, and a
    disqualification withdraws the offender's entry from the tournament."""
    permissions.require_referee(by, table)
    if deal.game.table_id != table.pk:
        raise ValidationError({"deal": [_("This deal belongs to another table.")]}, code="table")
    if not deal.is_live:
        raise ValidationError({"deal": [_("This deal was undone.")]}, code="undone")
    if not reason.strip():
        raise ValidationError({"reason": [_("A ruling needs a reason.")]}, code="required")
    if not penalty_fits(kind, penalty, intentional):
        raise ValidationError(
            {"penalty": [_("A lifetime ban is the penalty for intentional renonc B only.")]},
            code="ban_needs_intentional_b",
        )
    game = game_lock(table)
    loaded, state = ledger_read(game, locked=True)
    ruling = Ruling(
        game=game,
        deal=deal,
        kind=kind,
        offender=offender,
        penalty=penalty,
        intentional=intentional,
        reason=reason.strip(),
        referee=actor(by),
    )
    ruling.full_clean(exclude=["game", "deal", "referee", "seq", "ban"])
    try:
        validate_event(loaded.settings, loaded.events, ruling_event(ruling, "new"))
    except LedgerError as exc:
        raise validation_error(exc, "offender" if exc.code == "unknown_seat" else None) from exc
    ruling.seq = take_seq(game)
    if Penalty(penalty).removes_offender:
        seat = TableSeat.objects.select_related("entry__player").get(table=table, position=offender)
        entry = seat.entry
        ruling.entry_status_before = entry.status
        entry.status = EntryStatus.WITHDRAWN
        entry.withdrawn_at = timezone.now()
        entry.save(update_fields=["status", "withdrawn_at"])
        if penalty == Penalty.BAN:
            ruling.ban = ban_impose(
                by=by,
                player=entry.player,
                source=BanSource.RENONC_B,
                authorised=True,
                reason=_("Intentional renonc B at %(table)s: %(reason)s")
                % {"table": table, "reason": reason.strip()},
            )
    ruling.save()
    write_done(
        game,
        by=by,
        action=AuditAction.RULING_MAKE,
        before=(loaded, state),
        detail={
            "deal": deal.number,
            "kind": kind,
            "offender": offender,
            "penalty": penalty,
            "intentional": intentional,
            "reason": ruling.reason,
        },
        summary=_("Renonc %(kind)s by %(seat)s on deal %(number)d: %(penalty)s.")
        % {
            "kind": kind,
            "seat": offender,
            "number": deal.number,
            "penalty": ruling.get_penalty_display(),
        },
    )
    return ruling


@transaction.atomic
def appeal_file(*, by: AnyUser | None, ruling: Ruling, grounds: str) -> Appeal:
    """A party (a player seated at the table, or the tournament director) appeals."""
    table = ruling.game.table
    permissions.require_party(by, table)
    if not grounds.strip():
        raise ValidationError({"grounds": [_("An appeal needs grounds.")]}, code="required")
    game = game_lock(table)
    if not ruling.in_force:
        raise ValidationError(
            {"ruling": [_("This ruling was already overturned.")]}, code="overturned"
        )
    try:
        with transaction.atomic():
            appeal = Appeal.objects.create(
                ruling=ruling, filed_by=cast(User, by), grounds=grounds.strip()
            )
    except IntegrityError as exc:
        raise ValidationError(
            {"ruling": [_("An appeal against this ruling is already pending.")]}, code="pending"
        ) from exc
    write_done(
        game,
        by=by,
        action=AuditAction.APPEAL_FILE,
        before=None,
        detail={"ruling": ruling.pk, "grounds": appeal.grounds},
        summary=_("Appeal filed against ruling %(id)d.") % {"id": ruling.pk},
    )
    return appeal


@transaction.atomic
def appeal_decide(
    *, by: AnyUser | None, appeal: Appeal, overturn: bool, reason: str, lift_ban: bool = False
) -> Appeal:
    """The commission upholds or overturns; an overturn replays the game as if the ruling
    had not been made and restores the entry. Lifting the ban the ruling created is a
    decision of its own: the overturn is refused unless ``lift_ban`` says so (audited)."""
    permissions.require_commission(by)
    ruling = appeal.ruling
    permissions.require_neutral(
        by, ruling.game.table, filed_by=appeal.filed_by_id, referee=ruling.referee_id
    )
    if not reason.strip():
        raise ValidationError({"reason": [_("A decision needs a reason.")]}, code="required")
    game = game_lock(ruling.game.table)
    appeal = Appeal.objects.select_for_update(no_key=True).get(pk=appeal.pk)
    if appeal.status != AppealStatus.PENDING:
        raise ValidationError({"appeal": [_("This appeal was already decided.")]}, code="decided")
    loaded, state = ledger_read(game, locked=True)
    ban_lifted: int | None = None
    if overturn:
        try:
            validate_event(
                loaded.settings, loaded.events, RulingWithdrawn("new", ruling.event_id, reason)
            )
        except LedgerError as exc:
            raise validation_error(exc, "appeal") from exc
        ruling.withdrawn_seq = take_seq(game)
        ruling.save(update_fields=["withdrawn_seq"])
        if ruling.ban is not None and ruling.ban.lifted_on is None:
            if not lift_ban:
                raise ValidationError(
                    {
                        "lift_ban": [
                            _(
                                "This ruling banned the offender: overturning it lifts the "
                                "ban. Confirm that decision explicitly."
                            )
                        ]
                    },
                    code="lift_ban_required",
                )
            ruling.ban.lifted_on = timezone.localdate()
            ruling.ban.save(update_fields=["lifted_on"])
            ban_lifted = ruling.ban.pk
        if ruling.entry_status_before:
            seat = TableSeat.objects.select_related("entry").get(
                table_id=game.table_id, position=ruling.offender
            )
            seat.entry.status = ruling.entry_status_before
            seat.entry.withdrawn_at = None
            seat.entry.save(update_fields=["status", "withdrawn_at"])
    appeal.status = AppealStatus.OVERTURNED if overturn else AppealStatus.UPHELD
    appeal.decided_by = actor(by)
    appeal.decided_at = timezone.now()
    appeal.decision_reason = reason.strip()
    appeal.save(update_fields=["status", "decided_by", "decided_at", "decision_reason"])
    write_done(
        game,
        by=by,
        action=AuditAction.APPEAL_DECIDE,
        before=(loaded, state),
        detail={
            "appeal": appeal.pk,
            "ruling": ruling.pk,
            "overturn": overturn,
            "reason": appeal.decision_reason,
            "ban_lifted": ban_lifted,
        },
        summary=_("Appeal %(status)s: %(reason)s")
        % {"status": appeal.get_status_display(), "reason": appeal.decision_reason},
    )
    appeal_id = appeal.pk
    transaction.on_commit(lambda: task_send(APPEAL_DECIDED_TASK, appeal_id))
    return appeal
