"""Shared steps of every scorekeeping write: start or lock the game, number the event,
store the derived status, finish the round, and append to the audit trail."""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.ledger import LedgerState, diff_states
from games.adapter import GameEvents
from games.kept_ledger import ledger_keep, ledger_read
from games.models import AuditEntry, DealEntry, GameStatus, TableGame
from games.results import seat_results_write
from games.signals import scores_changed
from games.summaries import summary_write
from scwu.roles import AnyUser
from scwu.services.words import word_letters_normal
from tournaments.models import Round, RoundStatus, Table, TableKind, Tournament, TournamentStatus

PLAYING_ROUND = (RoundStatus.PUBLISHED, RoundStatus.FINISHED)


def _table_positions(table: Table) -> list[str]:
    return list(table.seats.order_by("position").values_list("position", flat=True))


@transaction.atomic
def game_start(*, table: Table) -> TableGame:
    """The table's game, created on first use with the round's word and the stage rules."""
    existing = TableGame.objects.of_table(table)
    if existing is not None:
        return existing
    if table.kind != TableKind.PHYSICAL:
        raise ValidationError(
            {"table": [_("Online tables are refereed by the engine, not scored by hand.")]},
            code="online_table",
        )
    if table.round.status not in PLAYING_ROUND:
        raise ValidationError(
            {"table": [_("The draw of this round is not published yet.")]}, code="not_published"
        )
    positions = _table_positions(table)
    if not 4 <= len(positions) <= 6 or positions != list("ABCDEF"[: len(positions)]):
        raise ValidationError(
            {"table": [_("A table needs seats A-D, A-E or A-F to be scored.")]}, code="seats"
        )
    return game_create(table, seats=len(positions))


#: What a game takes from its table when it starts.
_GAME_FIELDS = ("word_label", "word_letters", "seats", "placka_mode", "sit_out_rule")


def game_unsaved(table: Table, *, seats: int) -> TableGame:
    """The table's game as it starts (not saved): the round's word and placka mode, the
    tournament's sit-out rule. The one definition of a new game, for the scorekeeping
    services, the online tables and the state of a table before its first deal."""
    word = table.round.word
    return TableGame(
        table=table,
        word_label=word.label,
        word_letters=word_letters_normal(word.letters),
        seats=seats,
        placka_mode=table.round.placka_mode,
        sit_out_rule=table.round.tournament.sit_out_rule,
    )


def game_create(table: Table, *, seats: int) -> TableGame:
    """The table's game: the one that exists, or a new :func:`game_unsaved` one. Callers
    check the table first (:func:`game_start` for a physical table)."""
    game = game_unsaved(table, seats=seats)
    game.full_clean(exclude=["table"])
    game, _created = TableGame.objects.get_or_create(
        table=table, defaults={field: getattr(game, field) for field in _GAME_FIELDS}
    )
    return game


def actor(by: AnyUser | None) -> User | None:
    """The signed-in user to store on a row (``None`` for the public)."""
    return cast(User, by) if by is not None and by.is_authenticated else None


def tournament_writable(table: Table, status: str | None = None) -> None:
    """A finished tournament is read-only for scorekeeping until a director reopens it.

    ``status`` is the tournament's status when the caller has just read it."""
    if status is None:
        status = Tournament.objects.values_list("status", flat=True).get(rounds__tables=table)
    if status == TournamentStatus.FINISHED:
        raise ValidationError(
            {
                "game": [
                    _(
                        "The tournament is finished: its results can no longer change. "
                        "A director may reopen it."
                    )
                ]
            },
            code="tournament_finished",
        )


def game_lock(table: Table) -> TableGame:
    """Start the game if needed, then lock its row until the transaction ends.

    Every scorekeeping write goes through here, so this is where a finished tournament
    refuses them."""
    return game_lock_for_deal(table, None)[0]


def game_lock_for_deal(table: Table, resend_key: str | None) -> tuple[TableGame, DealEntry | None]:
    """:func:`game_lock` for a deal sent with an idempotency key: also the deal already
    recorded with ``resend_key`` (at any table), looked up once, under the lock, so a resend
    that waited for its twin's lock finds the deal the twin committed. A resend writes
    nothing, so it is answered even once the tournament has finished."""
    # The tournament's status comes with the locked row (one query, not two per write).
    found = (
        TableGame.objects.select_for_update(no_key=True, of=("self",))
        .filter(table=table)
        .annotate(tournament_status=F("table__round__tournament__status"))
        .order_by()
        .first()
    )
    if found is None:
        tournament_writable(table)
        game_start(table=table)
        game = TableGame.objects.select_for_update(no_key=True).get(table=table)
    else:
        game = found
    game.table = table
    resent = (
        DealEntry.objects.filter(idempotency_key=resend_key).order_by().first()
        if resend_key
        else None
    )
    if found is not None and resent is None:
        tournament_writable(table, found.tournament_status)
    return game, resent


#: Set on a locked game whose ``next_seq`` was taken and not written yet (:func:`write_done`).
_SEQ_TAKEN = "_scwu_seq_taken"


def take_seq(game: TableGame) -> int:
    """The next event number of the locked ``game``. The row's ``next_seq`` is written by
    :func:`write_done`, which ends every write, in the same statement as the game's status
    (one statement fewer per deal); a write that fails before it is rolled back whole."""
    seq = game.next_seq
    game.next_seq += 1
    setattr(game, _SEQ_TAKEN, True)
    return seq


def snapshot(loaded: GameEvents, state: LedgerState) -> dict[str, Any]:
    """A compact picture of the state for the audit trail."""
    next_deal = state.next_deal
    return {
        "status": "finished" if state.finished else "running",
        "words": {seat.seat: seat.word_so_far for seat in state.seats},
        "next_dealer": next_deal.dealer if next_deal else None,
        "losers": [
            [loaded.deal_number(deal.deal_id), list(deal.losers)]
            for deal in state.deals
            if deal.counted
        ],
    }


def _tournament_id(game: TableGame) -> int:
    table = game.table
    if "round" in table._state.fields_cache:
        return table.round.tournament_id
    return Round.objects.values_list("tournament_id", flat=True).get(pk=table.round_id)


def write_done(
    game: TableGame,
    *,
    by: AnyUser | None,
    action: str,
    before: tuple[GameEvents, LedgerState] | None,
    detail: dict[str, Any],
    summary: str = "",
    after: GameEvents | None = None,
    state: LedgerState | None = None,
) -> LedgerState:
    """After a write: store the derived status, finish/reopen the round, append the audit.

    ``after`` is the event list with the new row when the caller has it (else reloaded).
    ``state`` is ``after``'s state when the caller has it (else replayed). The result stays
    on ``game.ledger`` for the rest of this request and is kept for the next one
    (``games.kept_ledger``)."""
    if after is not None:
        loaded = after
        state = state if state is not None else after.replay()
    else:
        loaded, state = ledger_read(game, locked=True)
    game.ledger = (loaded, state)  # type: ignore[attr-defined]
    ledger_keep(game, loaded, state)
    seat_results_write(game, loaded, state)
    summary_write(game, loaded, state)
    status = GameStatus.FINISHED if state.finished else GameStatus.RUNNING
    changed: dict[str, Any] = {}
    if getattr(game, _SEQ_TAKEN, False):
        changed["next_seq"] = game.next_seq
        setattr(game, _SEQ_TAKEN, False)
    if status != game.status:
        game.status = status
        game.finished_at = timezone.now() if state.finished else None
        changed.update(status=status, finished_at=game.finished_at)
    if changed:
        TableGame.objects.filter(pk=game.pk).update(**changed)
    if "status" in changed:
        round_update_status(round_id=game.table.round_id)
    lines = [summary] if summary else []
    if before is not None:
        changes = diff_states(before[1], state)
        if not changes.is_empty:
            lines.append(changes.summary())
    AuditEntry.objects.create(
        game=game,
        by=actor(by),
        action=action,
        summary="\n".join(lines),
        detail=detail,
        before=snapshot(*before) if before is not None else {},
        after=snapshot(loaded, state),
    )
    # Last, so the tournament-wide version row is locked only for the commit: every deal
    # of the tournament bumps it, and taking it earlier made tables wait on each other.
    scores_changed.send(sender=TableGame, tournament_id=_tournament_id(game))
    return state


def round_update_status(*, round_id: int) -> None:
    """Mark the round finished when every table's game is finished (and back, if one
    reopens through an undo or a correction)."""
    round = Round.objects.select_for_update(no_key=True).get(pk=round_id)
    tables = Table.objects.filter(round=round)
    unfinished = tables.exclude(game__status=GameStatus.FINISHED).exists()
    if not unfinished and tables.exists() and round.status == RoundStatus.PUBLISHED:
        Round.objects.filter(pk=round.pk).update(status=RoundStatus.FINISHED)
    elif unfinished and round.status == RoundStatus.FINISHED:
        Round.objects.filter(pk=round.pk).update(status=RoundStatus.PUBLISHED)
