"""The draw manager: reads rows, calls the pure draw (``tournaments.seating``), writes the result.

Flow: ``round_draw_start`` checks everything the director can fix, marks the round ``drawing``
and starts ``round_draw_task`` on commit; the task calls ``round_draw_run``, which stores the
tables, seats, flags, seed, inputs and report and leaves a ``draft``; the director may swap
seats (``seat_swap``, rechecked at once) or enter a manual draw (``round_draw_manual``), then
``round_draw_publish``.
"""

from __future__ import annotations

import secrets
from collections import defaultdict
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scwu.roles import AnyUser
from scwu.services.bans import player_assert_not_banned
from scwu.services.words import word_assert_usable
from tournaments import seating
from tournaments.models import Entry, EntryStatus, Round, RoundStatus, Seat, Table, TournamentStatus
from tournaments.models.rounds import DrawMethod
from tournaments.permissions import require_director
from tournaments.selectors import entry_drawable_list, round_is_finished, round_previous
from tournaments.services.draw_errors import draw_error_message
from tournaments.services.rounds import round_word_for_field


def _entrants(round: Round) -> list[seating.Entrant]:
    return [
        seating.Entrant(
            id=e.pk, name=e.player.nickname, club=e.club.name if e.club else "", rank=e.rank
        )
        for e in entry_drawable_list(round.tournament)
    ]


def _history(round: Round) -> seating.History:
    met: dict[tuple[int, int], list[int]] = defaultdict(list)
    positions: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    seats = (
        Seat.objects.filter(
            table__round__tournament_id=round.tournament_id,
            table__round__number__lt=round.number,
            table__round__status__in=[RoundStatus.PUBLISHED, RoundStatus.FINISHED],
        )
        .values_list("table_id", "table__round__number", "entry_id", "position")
        .order_by("table_id", "position")
    )
    tables: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for table_id, number, entry_id, position in seats:
        tables[table_id].append((number, entry_id))
        positions[entry_id][position] += 1
    for rows in tables.values():
        for i, (number, a) in enumerate(rows):
            for _n, b in rows[i + 1 :]:
                met[(min(a, b), max(a, b))].append(number)
    return seating.History(
        met={k: tuple(v) for k, v in met.items()},
        positions={k: dict(v) for k, v in positions.items()},
    )


def draw_inputs_dump(
    method: str, entrants: list[seating.Entrant], history: seating.History, **options: Any
) -> dict[str, Any]:
    return {
        "method": method,
        "entrants": [
            {"id": e.id, "name": e.name, "club": e.club, "rank": e.rank} for e in entrants
        ],
        "history": {
            "met": [[a, b, list(r)] for (a, b), r in sorted(history.met.items())],
            "positions": {str(k): v for k, v in sorted(history.positions.items())},
        },
        **options,
    }


def draw_replay(inputs: dict[str, Any], seed: int) -> seating.Draw:
    """Recompute a stored draw from its inputs and seed (audits and tests)."""
    entrants = [seating.Entrant(**e) for e in inputs["entrants"]]
    history = seating.History(
        met={(a, b): tuple(r) for a, b, r in inputs["history"]["met"]},
        positions={int(k): v for k, v in inputs["history"]["positions"].items()},
    )
    return seating.draw(
        inputs["method"], entrants, history, seed=seed,
        prefer=inputs.get("prefer", 4), final_size=inputs.get("final_size", 6),
    )  # fmt: skip


def _refuse(exc: seating.DrawError) -> ValidationError:
    return ValidationError({exc.field: [draw_error_message(exc)]}, code=exc.code)


def _assert_drawable(round: Round) -> None:
    if round.tournament.status != TournamentStatus.RUNNING:
        raise ValidationError(
            {"round": [_("Start the tournament (status running) before drawing a round.")]},
            code="not_running",
        )
    if round.status not in (RoundStatus.PLANNED, RoundStatus.DRAFT):
        raise ValidationError(
            {
                "round": [
                    _("This round is %(status)s; it cannot be drawn again.")
                    % {"status": round.get_status_display()}
                ]
            },
            code="drawn",
        )
    previous = round_previous(round)
    if previous is not None and not round_is_finished(previous):
        raise ValidationError(
            {"round": [_("Round %(n)d is not finished yet.") % {"n": previous.number}]},
            code="previous_unfinished",
        )
    word_assert_usable(round.word)


def _lock(round: Round) -> Round:
    return (
        Round.objects.select_for_update()
        .select_related("tournament", "word", "planned_word")
        .get(pk=round.pk)
    )


@transaction.atomic
def round_draw_start(
    *, by: AnyUser | None, round: Round, seed: int | None = None, method: str = ""
) -> Round:
    """Check the round can be drawn, apply the longer-word rule, and start the draw job."""
    from tournaments.tasks import round_draw_task

    round = _lock(round)
    require_director(by, round.tournament)
    _assert_drawable(round)
    method = method or round.draw_method
    if method not in DrawMethod.values or method == DrawMethod.MANUAL:
        raise ValidationError(
            {"method": [_("Choose random, standings or seeded final; a manual draw is entered.")]},
            code="method",
        )
    entrants = _entrants(round)
    try:
        if method == DrawMethod.SEEDED_FINAL:
            if len(entrants) < round.tournament.final_size:
                raise seating.DrawError("field_too_small", field="entries", n=len(entrants))
        else:
            seating.table_sizes(len(entrants), round.tournament.prefer_tables_of)
    except seating.DrawError as exc:
        raise _refuse(exc) from exc
    if method in (DrawMethod.STANDINGS, DrawMethod.SEEDED_FINAL) and all(
        e.rank is None for e in entrants
    ):
        raise ValidationError(
            {"method": [_("There is no qualification ranking yet for a draw by standings.")]},
            code="no_ranking",
        )
    longer = round_word_for_field(round, len(entrants))
    if longer is not None:
        round.planned_word = round.word
        round.word = longer
    round.draw_seed = seed if seed is not None else secrets.randbelow(2**31)
    round.draw_method = method
    round.status = RoundStatus.DRAWING
    round.draw_error = ""
    round.save()
    round_id, draw_seed = round.pk, round.draw_seed
    transaction.on_commit(lambda: round_draw_task.delay(round_id, draw_seed))
    return round


def _write(round: Round, result: seating.Draw, inputs: dict[str, Any], seed: int) -> None:
    round.tables.all().delete()
    for drawn in result.tables:
        table = Table.objects.create(
            round=round, number=drawn.number, flags=[f.as_dict() for f in drawn.flags]
        )
        Seat.objects.bulk_create(
            Seat(table=table, position=position, entry_id=entry_id)
            for position, entry_id in drawn.seats
        )
    round.draw_seed = seed
    round.draw_inputs = inputs
    round.draw_report = result.report
    round.drawn_at = timezone.now()
    round.draw_error = ""
    round.status = RoundStatus.DRAFT
    round.save()


def round_draw_run(*, round_id: int, seed: int) -> Round:
    """The draw job's body: compute and store a draft draw; a refusal is stored, not raised."""
    try:
        with transaction.atomic():
            round = _lock(Round(pk=round_id))
            if round.status != RoundStatus.DRAWING:
                return round
            entrants, history = _entrants(round), _history(round)
            options = {
                "prefer": round.tournament.prefer_tables_of,
                "final_size": round.tournament.final_size,
            }
            inputs = draw_inputs_dump(round.draw_method, entrants, history, **options)
            result = draw_replay(inputs, seed)
            _write(round, result, inputs, seed)
            return round
    except seating.DrawError as exc:
        Round.objects.filter(pk=round_id).update(
            status=RoundStatus.PLANNED, draw_error=draw_error_message(exc)
        )
    return Round.objects.get(pk=round_id)


def _assert_seatable(entry: Entry, field: str) -> None:
    if entry.status == EntryStatus.WITHDRAWN:
        raise ValidationError(
            {field: [_("%(player)s has withdrawn.") % {"player": entry.player}]}, code="withdrawn"
        )
    player_assert_not_banned(entry.player, field=field)
    if entry.status != EntryStatus.CHECKED_IN:
        raise ValidationError(
            {field: [_("%(player)s is not checked in.") % {"player": entry.player}]},
            code="not_checked_in",
        )


@transaction.atomic
def round_draw_manual(*, by: AnyUser | None, round: Round, tables: list[list[int]]) -> Round:
    """A draw the director writes: entry ids per table, positions A, B, C... in that order."""
    round = _lock(round)
    require_director(by, round.tournament)
    _assert_drawable(round)
    entries = {
        e.pk: e
        for e in Entry.objects.select_related("player").filter(
            tournament=round.tournament, pk__in=[i for t in tables for i in t]
        )
    }
    for table in tables:
        for entry_id in table:
            if entry_id not in entries:
                raise ValidationError(
                    {"tables": [_("Entry %(id)s is not in this tournament.") % {"id": entry_id}]},
                    code="not_entrant",
                )
            _assert_seatable(entries[entry_id], "tables")
    plan = [list(zip(seating.POSITIONS, t, strict=False)) for t in tables]
    entrants, history = _entrants(round), _history(round)
    try:
        result = seating.draw_manual(plan, entrants, history)
    except seating.DrawError as exc:
        raise _refuse(exc) from exc
    inputs = draw_inputs_dump("manual", entrants, history, tables=tables)
    round.draw_method = DrawMethod.MANUAL
    _write(round, result, inputs, 0)
    return round


@transaction.atomic
def seat_swap(*, by: AnyUser | None, seat: Seat, entry: Entry) -> Round:
    """Put ``entry`` on ``seat`` of a draft draw; if seated elsewhere, the two swap. The draw is
    rechecked at once and its report and flags updated."""
    round = _lock(seat.table.round)
    require_director(by, round.tournament)
    if round.status != RoundStatus.DRAFT:
        raise ValidationError(
            {"seat": [_("Seats can be swapped only in a draft draw.")]}, code="not_draft"
        )
    seat = Seat.objects.select_related("entry__player").get(pk=seat.pk)
    if entry.tournament_id != round.tournament_id:
        raise ValidationError(
            {"entry": [_("This player is not entered in this tournament.")]}, code="not_entrant"
        )
    _assert_seatable(entry, "entry")
    other = Seat.objects.filter(table__round=round, entry=entry).first()
    plan: dict[int, dict[str, int]] = defaultdict(dict)
    for s in Seat.objects.filter(table__round=round).select_related("table"):
        plan[s.table.number][s.position] = s.entry_id
    table_number = seat.table.number
    if other is not None:
        plan[other.table.number][other.position] = seat.entry_id
    plan[table_number][seat.position] = entry.pk
    seating_plan = [sorted(plan[n].items()) for n in sorted(plan)]
    entrants, history = _entrants(round), _history(round)
    try:
        result = seating.draw_manual(seating_plan, entrants, history, seed=round.draw_seed or 0)
    except seating.DrawError as exc:
        raise _refuse(exc) from exc
    result.report["method"] = round.draw_method
    result.report["swaps"] = round.draw_report.get("swaps", 0) + 1
    inputs = dict(round.draw_inputs)
    inputs["swaps"] = [*inputs.get("swaps", []), [seat.pk, entry.pk]]
    _write(round, result, inputs, round.draw_seed or 0)
    return round


@transaction.atomic
def round_draw_publish(*, by: AnyUser | None, round: Round) -> Round:
    """Publish a draft draw: it becomes public, printable and shown on the projector."""
    round = _lock(round)
    require_director(by, round.tournament)
    if round.status != RoundStatus.DRAFT:
        raise ValidationError(
            {"round": [_("Only a draft draw can be published.")]}, code="not_draft"
        )
    for seat in Seat.objects.filter(table__round=round).select_related("entry__player"):
        _assert_seatable(seat.entry, "round")
    round.status = RoundStatus.PUBLISHED
    round.published_at = timezone.now()
    round.save(update_fields=["status", "published_at"])
    return round
