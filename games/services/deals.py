"""Recording deals (loser, points or SCN record), undo and corrections."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.ledger import (
    DealCorrected,
    DealHeld,
    DealRecorded,
    DealUndone,
    LedgerError,
    LedgerState,
    advance,
    validate_event,
)
from games import permissions
from games.adapter import (
    GameEvents,
    dealer_for_record,
    next_players,
    sat_out_for_record,
    validation_error,
)
from games.analysis import deal_analysis_enqueue, deal_is_analysable
from games.kept_ledger import ledger_read
from games.models import AuditAction, Correction, DealEntry, DealMode, TableGame
from games.scoring import Scored, ruleset_of, score_points, score_scn
from games.services.common import actor, game_lock, game_lock_for_deal, take_seq, write_done
from scwu.roles import AnyUser
from tournaments.models import Table
from tournaments.models.tournament import SIT_OUT_CHOICES

#: The ledger's flag of a deal whose sit-outs are not those the table's sit-out rule names.
SIT_OUT_AGAINST_THE_RULE = "sit_out_overridden"
#: The ledger's flag of a deal dealt by another seat than the rules name (a fact of play).
DEALER_AGAINST_THE_RULE = "dealer_as_played"


def _refuse_finished(state: LedgerState) -> None:
    if state.finished or state.next_deal is None:
        raise ValidationError(
            {"game": [_("The game has finished: no more deals can be recorded.")]},
            code="game_finished",
        )


def _resent(existing: DealEntry, game: TableGame) -> DealEntry:
    """The answer to a resend: the deal its key recorded, if at this table."""
    if existing.game_id != game.pk:
        raise ValidationError(
            {"idempotency_key": [_("This key was used at another table.")]},
            code="idempotency_key",
        )
    existing.game = game
    return existing


def _check_number(loaded: GameEvents, number: int | None) -> int:
    expected = len(loaded.live_deals) + 1
    if number is not None and number != expected:
        raise ValidationError(
            {
                "number": [
                    _(
                        "Deal %(number)d is not the next deal (that is deal %(expected)d): "
                        "someone else recorded it first. The table shows the current state."
                    )
                    % {"number": number, "expected": expected}
                ]
            },
            code="stale_deal_number",
        )
    return expected


def assert_loser_count(table: Table, losers: Sequence[str] | None) -> None:
    """A deal has one loser unless the tournament's rule lets both seats tied without
    Hejma take a letter (``tie_without_hejma == "both"``)."""
    if losers and len(set(losers)) > 1 and table.round.tournament.tie_without_hejma != "both":
        raise ValidationError(
            {
                "losers": [
                    _(
                        "Under this tournament's rules a deal has one loser (a tie without "
                        "Hejma: the last trick's taker loses); name one seat."
                    )
                ]
            },
            code="one_loser",
        )


def assert_end_and_packer_agree(end: str, packer: str | None) -> None:
    """A packed deal names who packed it, and only a packed deal has a packer, whichever
    way the deal is entered (a packer is otherwise ignored, so a slip went unnoticed)."""
    if end == "packed" and not packer:
        raise ValidationError(
            {"packer": [_("A packed deal needs the seat that packed (packer).")]},
            code="packer_required",
        )
    if packer and end != "packed":
        raise ValidationError(
            {
                "packer": [
                    _(
                        "Only a packed deal has a packer: give end “packed”, or leave the "
                        "packer out."
                    )
                ]
            },
            code="packer_not_packed",
        )


def score_input(
    *,
    game: TableGame,
    table: Table,
    state: LedgerState,
    losers: Sequence[str] | None,
    points: Mapping[str, int] | None,
    end: str,
    hejma: str | None,
    last_trick: str | None,
    packer: str | None,
    record: dict[str, Any] | None,
    sat_out: Sequence[str] | None = None,
    dealer: str | None = None,
) -> Scored:
    """The deal's loser(s) from whichever of the three inputs was given; the points and
    the record are the four seats that played (``sat_out``, when given, says who did not)."""
    assert_loser_count(table, losers)
    assert_end_and_packer_agree(end, packer)
    given = [name for name, value in (("points", points), ("record", record)) if value]
    if len(given) > 1:
        raise ValidationError(
            {"record": [_("Give either the points or the deal record, not both.")]},
            code="ambiguous",
        )
    players = _players(state, sat_out)
    if record:
        ruleset = ruleset_of(table.round.tournament)
        dealer = dealer or (state.next_deal.dealer if state.next_deal else None)
        scored = score_scn(players=players, dealer=dealer, record=record, ruleset=ruleset)
    elif points:
        ruleset = ruleset_of(table.round.tournament)
        scored = score_points(
            players=players,
            points=points,
            end=end,
            hejma=hejma,
            last_trick=last_trick,
            packer=packer,
            ruleset=ruleset,
        )
    elif losers:
        return Scored(tuple(losers), {})
    else:
        raise ValidationError({"losers": [_("Name the loser of the deal.")]}, code="required")
    if losers and set(losers) != set(scored.losers):
        raise ValidationError(
            {
                "losers": [
                    _("The points say %(seats)s lost this deal.")
                    % {"seats": ", ".join(scored.losers)}
                ]
            },
            code="loser_mismatch",
        )
    return scored


def _players(state: LedgerState, sat_out: Sequence[str] | None) -> tuple[str, ...]:
    """Who played the next deal: the rules' players, or those the given sit-outs leave (a
    sit-out that cannot be is refused later by the ledger; the rules' players score until
    then)."""
    players = next_players(state)
    if sat_out is None or not set(sat_out) <= set(state.active_seats):
        return players
    given = tuple(seat for seat in state.active_seats if seat not in sat_out)
    return given if len(given) == len(players) else players


def _as_played_reason(
    *,
    by: AnyUser | None,
    table: Table,
    game: TableGame,
    number: int,
    state: LedgerState,
    after: LedgerState,
    correction_reason: str | None,
) -> str:
    """The correction's reason to store with the deal: blank for a deal by the sit-out rule.

    A deal whose sit-outs are not those the table's rule names (the ledger's flag) is a
    correction: only a referee records it, with a reason; anyone else's is refused, naming
    the rule and who sits out by it."""
    reason = (correction_reason or "").strip()
    flags = after.deals[-1].flags
    against = SIT_OUT_AGAINST_THE_RULE in flags or DEALER_AGAINST_THE_RULE in flags
    if not against:
        if reason:
            raise ValidationError(
                {
                    "correction_reason": [
                        _("This deal follows the sit-out rule: it is not a correction.")
                    ]
                },
                code="not_a_correction",
            )
        return ""
    if not reason and DEALER_AGAINST_THE_RULE in flags:
        raise ValidationError(
            {
                "dealer": [
                    _(
                        "Deal %(number)d is dealt by %(seat)s by this table's rules. Only a "
                        "referee may record another dealer, as a correction with a reason."
                    )
                    % {"number": number, "seat": dealer_for_record(state)}
                ]
            },
            code="dealer_rule",
        )
    if not reason:
        expected = state.next_deal.sitting_out if state.next_deal is not None else ()
        raise ValidationError(
            {
                "sat_out": [
                    _(
                        "Who sits out deal %(number)d by this table's sit-out rule: %(seats)s "
                        "(the rule: %(rule)s). Only a referee may record another sit-out, as a "
                        "correction with a reason."
                    )
                    % {
                        "rule": dict(SIT_OUT_CHOICES).get(game.sit_out_rule, game.sit_out_rule),
                        "seats": ", ".join(expected),
                        "number": number,
                    }
                ]
            },
            code="sit_out_rule",
        )
    permissions.require_referee(by, table)
    return reason


@transaction.atomic
def deal_record(
    *,
    by: AnyUser | None,
    table: Table,
    number: int | None = None,
    losers: Sequence[str] | None = None,
    points: Mapping[str, int] | None = None,
    end: str = "played",
    hejma: str | None = None,
    last_trick: str | None = None,
    packer: str | None = None,
    record: dict[str, Any] | None = None,
    sat_out: Sequence[str] | None = None,
    idempotency_key: str | None = None,
    analyse: bool = True,
    correction_reason: str | None = None,
    dealer: str | None = None,
) -> DealEntry:
    """Record the next deal at ``table``. ``number`` is the deal the caller believes is
    next: a second line judge sending the same number is refused, never recorded twice.
    ``sat_out`` must be whom the table's sit-out rule names and ``dealer`` (by default the
    rules' dealer) whom its rules name, unless a referee records the deal as played
    otherwise, a correction with its ``correction_reason``.
    A deal with its full record is queued for analysis (``analyse=False``: the caller, an
    online table, queues it itself)."""
    permissions.require_score(by, table)
    game, existing = game_lock_for_deal(table, idempotency_key)
    if existing is not None:
        return _resent(existing, game)
    loaded, state = ledger_read(game, locked=True)
    _refuse_finished(state)
    number = _check_number(loaded, number)
    scored = score_input(
        game=game,
        table=table,
        state=state,
        losers=losers,
        points=points,
        end=end,
        hejma=hejma,
        last_trick=last_trick,
        packer=packer,
        record=record,
        sat_out=sat_out,
        dealer=dealer,
    )
    stored_sat_out = sat_out_for_record(state, sat_out)
    dealer = dealer or dealer_for_record(state)
    event = DealRecorded("new", scored.losers, scored.points or None, stored_sat_out, dealer)
    try:
        after = validate_event(loaded.settings, loaded.events, event, state=state)
    except LedgerError as exc:
        raise validation_error(exc) from exc
    reason = _as_played_reason(
        by=by,
        table=table,
        game=game,
        number=number,
        state=state,
        after=after,
        correction_reason=correction_reason,
    )
    mode = DealMode.RECORD if record else DealMode.POINTS if points else DealMode.LOSER
    deal = DealEntry(
        game=game,
        number=number,
        seq=take_seq(game),
        mode=mode,
        losers=list(scored.losers),
        points=scored.points or None,
        sat_out=list(stored_sat_out) if stored_sat_out is not None else None,
        dealer=dealer,
        correction_reason=reason,
        record=record or None,
        result=scored.result,
        idempotency_key=idempotency_key or None,
        recorded_by=actor(by),
    )
    # No savepoint of its own: the error ends this whole write (deal_record's transaction,
    # itself a savepoint when a caller's transaction holds it), so nothing continues on it.
    try:
        deal.save()
    except IntegrityError as exc:
        raise ValidationError(
            {
                "number": [
                    _("Deal %(number)d was just recorded by someone else.") % {"number": number}
                ]
            },
            code="stale_deal_number",
        ) from exc
    recorded = DealRecorded(deal.event_id, event.losers, event.points, event.sat_out, dealer)
    write_done(
        game,
        by=by,
        action=AuditAction.DEAL_RECORD,
        before=(loaded, state),
        after=loaded.plus(recorded, deal=deal),
        state=advance(state, recorded),
        detail={
            "number": number,
            "mode": mode,
            "losers": list(scored.losers),
            "points": scored.points or None,
            **(
                {"sat_out": list(stored_sat_out or ()), "correction_reason": reason}
                if reason
                else {}
            ),
        },
        summary=_recorded_summary(number, scored.losers, stored_sat_out, reason),
    )
    if analyse and deal.record and deal_is_analysable(deal):
        deal_analysis_enqueue(deal.record, ruleset_of(table.round.tournament))
    return deal


def _recorded_summary(
    number: int, losers: Sequence[str], sat_out: Sequence[str] | None, reason: str
) -> str:
    summary = _("Deal %(number)d: %(seats)s lost.") % {
        "number": number,
        "seats": ", ".join(losers),
    }
    if not reason:
        return summary
    correction = _("Correction: %(seats)s sat out against the sit-out rule (%(reason)s).") % {
        "seats": ", ".join(sat_out or ()),
        "reason": reason,
    }
    return f"{summary} {correction}"


@transaction.atomic
def deal_held_record(*, by: AnyUser | None, table: Table, dealer: str | None = None) -> DealEntry:
    """Enter the next deal as one a game record says the referee held (it no longer fitted
    the table after a late correction or ruling): its misdeals count and ``dealer`` (by
    default the rules' dealer) dealt it, but it gives no letters and does not move the deal.
    Only importing a game record enters one, as a superuser (a table records deals played)."""
    if by is None or not getattr(by, "is_superuser", False):
        raise PermissionDenied(_("Only a game record's import enters a held deal."))
    permissions.require_referee(by, table)
    game = game_lock(table)
    loaded, state = ledger_read(game, locked=True)
    _refuse_finished(state)
    number = _check_number(loaded, None)
    dealer = dealer or dealer_for_record(state)
    try:
        validate_event(loaded.settings, loaded.events, DealHeld("new", dealer), state=state)
    except LedgerError as exc:
        raise validation_error(exc, "dealer") from exc
    deal = DealEntry.objects.create(
        game=game,
        number=number,
        seq=take_seq(game),
        mode=DealMode.LOSER,
        losers=[],
        dealer=dealer,
        held=True,
        recorded_by=actor(by),
    )
    held = DealHeld(deal.event_id, dealer)
    write_done(
        game,
        by=by,
        action=AuditAction.DEAL_RECORD,
        before=(loaded, state),
        after=loaded.plus(held, deal=deal),
        state=advance(state, held),
        detail={"number": number, "held": True, "dealer": dealer},
        summary=_("Deal %(number)d: held for the referee (imported).") % {"number": number},
    )
    return deal


@transaction.atomic
def deal_undo(*, by: AnyUser | None, table: Table, number: int | None = None) -> DealEntry:
    """Undo the last recorded deal (``number``, when given, must be that deal)."""
    permissions.require_score(by, table)
    game = game_lock(table)
    loaded, state = ledger_read(game, locked=True)
    live = loaded.live_deals
    if not live:
        raise ValidationError({"game": [_("There is no recorded deal to undo.")]}, code="nothing")
    last = max(live, key=lambda deal: deal.seq)
    if number is not None and number != last.number:
        raise ValidationError(
            {"number": [_("Deal %(number)d is not the last deal any more.") % {"number": number}]},
            code="stale_deal_number",
        )
    try:
        validate_event(loaded.settings, loaded.events, DealUndone("new"), state=state)
    except LedgerError as exc:
        raise validation_error(exc) from exc
    last.undone_seq = take_seq(game)
    last.undone_by = actor(by)
    last.undone_at = timezone.now()
    last.save(update_fields=["undone_seq", "undone_by", "undone_at"])
    write_done(
        game,
        by=by,
        action=AuditAction.DEAL_UNDO,
        before=(loaded, state),
        detail={"number": last.number},
        summary=_("Deal %(number)d undone.") % {"number": last.number},
    )
    return last


@transaction.atomic
def deal_correct(
    *,
    by: AnyUser | None,
    deal: DealEntry,
    reason: str,
    losers: Sequence[str] | None = None,
    points: Mapping[str, int] | None = None,
) -> Correction:
    """A referee's correction of a recorded deal; every later letter and dealer follows.
    Refused when it would stop a later deal from counting (correct that one first)."""
    table = deal.game.table
    permissions.require_referee(by, table)
    if not reason.strip():
        raise ValidationError({"reason": [_("A correction needs a reason.")]}, code="required")
    assert_loser_count(table, losers)
    game = game_lock(table)
    if not deal.is_live:
        raise ValidationError({"deal": [_("This deal was undone.")]}, code="undone")
    loaded, state = ledger_read(game, locked=True)
    event = DealCorrected(
        "new", deal.event_id, tuple(losers) if losers else None, dict(points) if points else None
    )
    try:
        validate_event(loaded.settings, loaded.events, event, strict=True, state=state)
    except LedgerError as exc:
        raise validation_error(exc) from exc
    correction = Correction(
        game=game,
        deal=deal,
        seq=take_seq(game),
        losers=list(losers) if losers else None,
        points=dict(points) if points else None,
        reason=reason.strip(),
        corrected_by=actor(by),
    )
    correction.full_clean(exclude=["game", "deal", "corrected_by"])
    correction.save()
    write_done(
        game,
        by=by,
        action=AuditAction.DEAL_CORRECT,
        before=(loaded, state),
        detail={
            "number": deal.number,
            "losers": correction.losers,
            "points": correction.points,
            "reason": correction.reason,
        },
        summary=_("Deal %(number)d corrected: %(reason)s")
        % {"number": deal.number, "reason": correction.reason},
    )
    return correction
