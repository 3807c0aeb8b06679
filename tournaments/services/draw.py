"""The draw manager: reads rows, calls the pure ``tournaments.pairing``, writes the result.

Flow: ``round_draw_start`` checks, without computing the draw, everything the director can
fix (``draw_check``), marks the round ``drawing`` and queues ``round_draw_task``; the task calls
``round_draw_run``, which computes the draw, once, and stores the tables, seats and flags, and
on the round the seed, the full request (``draw_inputs``, enough to recompute the draw with
``draw_replay``) and the quality report, leaving a ``draft``. A draw the job refuses or fails
leaves the round as it was before (``planned``, or its earlier draft) with ``draw_error``, to
draw again. The director may swap seats (``seat_swap``: rechecked at once) or enter a manual
draw (``round_draw_manual``), then ``round_draw_publish``.
"""

from __future__ import annotations

import logging
import secrets
import uuid
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _

from scwu.broker import task_send, task_send_or_refuse
from scwu.models import Ban
from scwu.roles import AnyUser
from scwu.services.bans import player_assert_not_banned
from scwu.services.words import word_assert_usable
from tournaments.lifecycle import Action, Context, require
from tournaments.lifecycle.cuts import CUT_STAGES, playoff_refusal, stage_field, stage_refusal
from tournaments.models import (
    Entry,
    EntryStatus,
    Round,
    RoundStage,
    RoundStatus,
    Table,
    TableSeat,
    TeamMode,
)
from tournaments.models.rounds import DrawMethod, drawn_method_choices, drawn_method_refusal
from tournaments.pairing.draws import draw_check, draw_make
from tournaments.pairing.errors import PairingError
from tournaments.pairing.manual import check_manual_draw
from tournaments.pairing.model import (
    SEAT_LETTERS,
    Draw,
    DrawRequest,
    Eligibility,
    Entrant,
    Method,
    PastRound,
    TablePolicy,
    Tables,
)
from tournaments.permissions import require_director
from tournaments.rating.selectors import ratings_for
from tournaments.results.playoff import playoff_seating
from tournaments.results.selectors import tournament_results
from tournaments.results.services import results_changed, results_recompute_if_stale
from tournaments.results.teams import teams_load
from tournaments.services.draw_errors import flag_labelled, flag_text_of, pairing_error_message
from tournaments.services.notifications import DRAW_PUBLISHED_TASK
from tournaments.services.rounds import round_word_for_field, word_switch

#: The draw job (defined in ``tournaments.tasks``, which calls ``round_draw_run``).
ROUND_DRAW_TASK = "tournaments.round_draw"

logger = logging.getLogger(__name__)


class _Field:
    """The round's field as the pairing package sees it, with the nicknames for the flags.

    The field depends on the round's stage: a play-off seats the players tied at the cut
    (and the fillers just below it, who may be left out), a small final the players not
    seated in the final, and a final or small final may seat any part of its field by hand.
    """

    def __init__(self, round: Round) -> None:
        banned = Ban.objects.filter(player=OuterRef("player"), lifted_on__isnull=True)
        entries = (
            Entry.objects.filter(
                tournament_id=round.tournament_id,
                status__in=[EntryStatus.CHECKED_IN, EntryStatus.WITHDRAWN],
            )
            .select_related("player")
            .annotate(banned=Exists(banned))
            .order_by("pk")
        )
        only, ranking, optional = _stage_field(round)
        self.names: dict[int, str] = {}
        entrants = []
        ratings = ratings_for(e.player_id for e in entries)
        for e in entries:
            if only is not None and e.pk not in only:
                continue
            self.names[e.pk] = e.player.nickname
            eligibility = Eligibility.ELIGIBLE
            if e.status == EntryStatus.WITHDRAWN:
                eligibility = Eligibility.WITHDRAWN
            elif e.banned:  # type: ignore[attr-defined]
                eligibility = Eligibility.BANNED
            rank = ranking.get(e.pk, e.rank)
            rated = ratings.get(e.player_id)
            rating = rated.mu if rated is not None else None
            entrants.append(Entrant(id=e.pk, ranking=rank, eligibility=eligibility, rating=rating))
        self.entrants = tuple(entrants)
        self.eligible = [e for e in entrants if e.is_eligible]
        self.optional = tuple(sorted(optional))
        self.history = _history(round)
        self.teams, self.team_names = _teams(round, set(self.names))
        self.policy = TablePolicy(preferred=round.tournament.prefer_tables_of, max_size=6)
        self.final_size = (
            round.tournament.small_final_size
            if round.stage == RoundStage.SMALL_FINAL
            else round.tournament.final_size
        )
        if round.stage == RoundStage.PLAYOFF:
            self.final_size = len(self.eligible)

    def request(
        self, round: Round, *, seed: int, method: Method, manual: Tables = ()
    ) -> DrawRequest:
        return DrawRequest(
            round_number=round.number,
            entrants=self.entrants,
            history=self.history,
            seed=seed,
            method=method,
            policy=self.policy,
            final_size=self.final_size,
            manual_tables=manual,
            optional=self.optional,
            teams=self.teams,
        )

    def labelled(self, flag: dict[str, Any]) -> dict[str, Any]:
        """A pairing flag with the nicknames and team names it names."""
        return flag_labelled(flag, self.names, self.team_names)

    def refuse(self, exc: PairingError, field: str = "round") -> ValidationError:
        return ValidationError({field: [pairing_error_message(exc, self.names)]}, code=exc.code)


def playoff_field(round: Round) -> tuple[list[int], list[int]]:
    """Entry ids of a play-off: the players tied at the first tied cut, and the fillers to
    four (none for a tie larger than a table, which the director seats by hand)."""
    refused = playoff_refusal(round.tournament)
    if refused is not None:
        raise refused.error()
    results = tournament_results(round.tournament, include_unreleased=True)
    seating = playoff_seating(results.standings)
    entry = {player: info.entry_id for player, info in results.entries.items()}
    return [entry[p] for p in seating.tied], [entry[p] for p in seating.fillers]


def _stage_field(round: Round) -> tuple[set[int] | None, dict[int, int], set[int]]:
    """Who the round's stage may seat (``None``: the whole field), an order for the seeded
    draws, and who may be left without a seat."""
    if round.stage == RoundStage.PLAYOFF:
        tied, fillers = playoff_field(round)
        order = tied + fillers
        return set(order), {pk: i for i, pk in enumerate(order, start=1)}, set(fillers)
    if round.stage in CUT_STAGES:
        # Exactly the players through the stage's cut, best first; asked again in the job,
        # as the cut may have moved since the draw started.
        refused = stage_refusal(round.tournament, round.stage)
        if refused is not None:
            raise refused.error()
        order = stage_field(round.tournament, round.stage)
        return set(order), {pk: i for i, pk in enumerate(order, start=1)}, set()
    return None, {}, set()


def _history(round: Round) -> tuple[PastRound, ...]:
    seats = (
        TableSeat.objects.filter(
            table__round__tournament_id=round.tournament_id,
            table__round__number__lt=round.number,
            table__round__status__in=[RoundStatus.PUBLISHED, RoundStatus.FINISHED],
        )
        # A play-off settles a tie; its tablemates are no "meeting" for later draws.
        .exclude(table__round__stage=RoundStage.PLAYOFF)
        .values_list("table__round__number", "table__number", "entry_id")
        .order_by("table__round__number", "table__number", "position")
    )
    rounds: dict[int, dict[int, list[int]]] = {}
    for number, table, entry_id in seats:
        rounds.setdefault(number, {}).setdefault(table, []).append(entry_id)
    return tuple(
        PastRound(number, tuple(tuple(t) for _, t in sorted(tables.items())))
        for number, tables in sorted(rounds.items())
    )


def _teams(round: Round, field: set[int]) -> tuple[dict[int, int], dict[int, str]]:
    """Entry id -> team id for the field's team members (a substitute is one of the team:
    teammates are kept at different tables), and the names of those teams; none when the
    tournament has no teams."""
    if round.tournament.team_mode == TeamMode.OFF:
        return {}, {}
    teams = teams_load(round.tournament)
    members = {m.entry_id: t.team_id for t in teams for m in t.members if m.entry_id in field}
    return members, {t.team_id: t.name for t in teams if t.team_id in members.values()}


def draw_replay(inputs: dict[str, Any]) -> Draw:
    """Recompute a stored draw from its inputs (they include the seed): audits and tests."""
    return draw_make(DrawRequest.from_dict(inputs))


def _assert_drawable(
    round: Round, action: Action, by: AnyUser | None, extra: dict[str, Any] | None = None
) -> None:
    require(action, round, Context(by=by, extra=extra or {}))
    word_assert_usable(round.word)


def _lock(round: Round) -> Round:
    return (
        Round.objects.select_for_update(of=("self",), no_key=True)
        .select_related("tournament", "word", "planned_word")
        .get(pk=round.pk)
    )


@transaction.atomic
def round_draw_start(
    *, by: AnyUser | None, round: Round, seed: int | None = None, method: str = ""
) -> Round:
    """Check the round can be drawn, apply the longer-word rule, and start the draw job."""
    if (method or round.draw_method) in (DrawMethod.STANDINGS, DrawMethod.SEEDED_FINAL):
        # These draws read Entry.rank, which the worker fills a moment after each change:
        # bring it up to date first so a draw never seats by an old order.
        results_recompute_if_stale(round.tournament_id)
    round = _lock(round)
    require_director(by, round.tournament)
    _assert_drawable(round, Action.DRAW, by)
    method = method or round.draw_method
    if method not in {value for value, _label in drawn_method_choices()}:
        raise ValidationError({"method": [str(drawn_method_refusal())]}, code="method")
    field = _Field(round)
    if method in (DrawMethod.STANDINGS, DrawMethod.SEEDED_FINAL) and any(
        e.ranking is None for e in field.eligible
    ):
        raise ValidationError(
            {"method": [_("Every player needs a qualification rank for this draw.")]},
            code="no_ranking",
        )
    try:
        draw_check(field.request(round, seed=0, method=Method(method)))
    except PairingError as exc:
        raise field.refuse(exc, "entries" if exc.code == "field_size" else "round") from exc
    longer = round_word_for_field(round, len(field.eligible))
    if longer is not None:
        word_switch(round, longer)
    round.draw_seed = seed if seed is not None else secrets.randbelow(2**31)
    round.draw_method = method
    round.status = RoundStatus.DRAWING
    round.draw_error = ""
    round.draw_task_id = uuid.uuid4().hex
    round.save()
    # Queued before this transaction commits, not on commit: a broker that cannot be reached
    # then refuses the request and rolls everything back (the round stays as it was, and the
    # director may simply try again), where a send after the commit would leave the round
    # ``drawing`` with no job. The job cannot run early: it waits for this transaction's lock
    # on the round, and a job whose round is not (or no longer) drawing for it does nothing.
    task_send_or_refuse(
        ROUND_DRAW_TASK, round.pk, round.draw_seed, round.draw_task_id, field="round"
    )
    return round


def _write(round: Round, draw: Draw, field: _Field) -> None:
    manual = draw.request.method is Method.MANUAL
    flags = []
    for flag in draw.flags:
        data = field.labelled(flag.to_dict())
        if manual and data["code"] == "repeat_unavoidable":
            data["code"] = "repeat"
        flags.append(data)
    round.tables.all().delete()
    for number, seated in enumerate(draw.tables, start=1):
        table = Table.objects.create(
            round=round, number=number, flags=[f for f in flags if f["table"] == number]
        )
        TableSeat.objects.bulk_create(
            TableSeat(table=table, position=SEAT_LETTERS[i], entry_id=entry_id)
            for i, entry_id in enumerate(seated)
        )
    round.draw_seed = draw.request.seed
    round.draw_inputs = draw.request.to_dict()
    round.draw_report = {
        **draw.report.to_dict(),
        "method": round.draw_method,
        "seed": draw.request.seed,
        "sizes": [len(t) for t in draw.tables],
        "warnings": len(flags),
        "flags": [f for f in flags if f["table"] is None],
    }
    round.drawn_at = timezone.now()
    round.draw_error = ""
    round.status = RoundStatus.DRAFT
    round.save()
    results_changed(round.tournament_id)  # a final's seats are in its directors' results


def _draw_refused(round_id: int, message: str) -> None:
    """The job could not draw: the round goes back to what it was before the draw started
    (its earlier draft is still stored, else ``planned``), saying why."""
    tables = Table.objects.filter(round_id=round_id).exists()
    Round.objects.filter(pk=round_id, status=RoundStatus.DRAWING).update(
        status=RoundStatus.DRAFT if tables else RoundStatus.PLANNED, draw_error=message
    )


@transaction.atomic
def round_draw_reset(*, by: AnyUser | None, round: Round) -> Round:
    """A director's way back from ``drawing`` when the job failed or never ran: the round
    goes back to what it was before (as a refused job leaves it); a job that still arrives
    finds it not drawing and does nothing."""
    round = _lock(round)
    require_director(by, round.tournament)
    require(Action.RESET_DRAW, round, Context(by=by))
    _draw_refused(round.pk, "")
    round.refresh_from_db()
    return round


def round_draw_run(*, round_id: int, seed: int, job: str = "") -> Round:
    """The draw job's body: compute the draw (the one computation of it) and store a draft.
    A refusal, or any failure, is stored on the round, which can then be drawn again.
    ``job`` names the start it is for: a job that a later start replaced does nothing."""
    try:
        with transaction.atomic():
            round = _lock(Round(pk=round_id))
            if round.status != RoundStatus.DRAWING or (job and job != round.draw_task_id):
                return round
            field = _Field(round)
            method = Method(round.draw_method)
            _write(round, draw_make(field.request(round, seed=seed, method=method)), field)
            return round
    except PairingError as exc:
        try:
            names = _Field(Round.objects.get(pk=round_id)).names
        except ValidationError:  # the stage's field itself is refused now: no nicknames
            names = {}
        _draw_refused(round_id, pairing_error_message(exc, names))
    except ValidationError as exc:  # e.g. the tie a play-off was for is gone
        _draw_refused(round_id, " ".join(exc.messages))
    except Exception:
        logger.exception("the draw of round %s failed", round_id)
        _draw_refused(round_id, _("The draw failed because of an error on the server: draw again."))
        raise
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


def _confirm(round: Round, tables: Tables, field: _Field, name: str, seed: int) -> Draw:
    """Run the manual-draw checker; refuse with every blocking problem, translated."""
    problems = check_manual_draw(
        tables, field.entrants, field.history, field.policy, optional=field.optional
    )
    errors = [flag_text_of(field.labelled(p.to_dict())) for p in problems if p.is_error]
    if errors:
        raise ValidationError({name: errors}, code="draw_problems")
    try:
        return draw_make(field.request(round, seed=seed, method=Method.MANUAL, manual=tables))
    except PairingError as exc:
        raise field.refuse(exc, name) from exc


@transaction.atomic
def round_draw_manual(*, by: AnyUser | None, round: Round, tables: list[list[int]]) -> Round:
    """A draw the director writes: entry ids per table, positions A, B, C... in that order."""
    round = _lock(round)
    require_director(by, round.tournament)
    _assert_drawable(round, Action.DRAW_MANUAL, by, {"tables": tables})
    ids = [i for t in tables for i in t]
    entries = Entry.objects.select_related("player").filter(tournament=round.tournament)
    known = {e.pk: e for e in entries.filter(pk__in=ids)}
    for entry_id in ids:
        if entry_id not in known:
            raise ValidationError(
                {"tables": [_("Entry %(id)s is not in this tournament.") % {"id": entry_id}]},
                code="not_entrant",
            )
        _assert_seatable(known[entry_id], "tables")
    field = _Field(round)
    draw = _confirm(round, tuple(tuple(t) for t in tables), field, "tables", 0)
    round.draw_method = DrawMethod.MANUAL
    _write(round, draw, field)
    return round


@transaction.atomic
def seat_swap(*, by: AnyUser | None, seat: TableSeat, entry: Entry) -> Round:
    """Put ``entry`` on ``seat`` of a draft draw; if seated elsewhere, the two swap places.
    The draw is rechecked at once and its flags and report updated."""
    round = _lock(seat.table.round)
    require_director(by, round.tournament)
    if round.status != RoundStatus.DRAFT:
        raise ValidationError(
            {"seat": [_("Seats can be swapped only in a draft draw.")]}, code="not_draft"
        )
    if entry.tournament_id != round.tournament_id:
        raise ValidationError(
            {"entry": [_("This player is not entered in this tournament.")]}, code="not_entrant"
        )
    _assert_seatable(entry, "entry")
    plan: list[list[int]] = []
    where: dict[int, tuple[int, int]] = {}
    for table in round.tables.prefetch_related("seats").order_by("number"):
        row = [s.entry_id for s in sorted(table.seats.all(), key=lambda s: s.position)]
        for i, s in enumerate(sorted(table.seats.all(), key=lambda s: s.position)):
            where[s.pk] = (len(plan), i)
        plan.append(row)
    if seat.pk not in where:
        raise ValidationError({"seat": [_("This seat is not in this round.")]}, code="not_seat")
    t, i = where[seat.pk]
    current = plan[t][i]
    for row in plan:
        for j, occupant in enumerate(row):
            if occupant == entry.pk:
                row[j] = current
    plan[t][i] = entry.pk
    field = _Field(round)
    draw = _confirm(round, tuple(tuple(r) for r in plan), field, "entry", round.draw_seed or 0)
    swaps = int(round.draw_report.get("swaps", 0)) + 1
    method, seed = round.draw_method, round.draw_seed or 0
    _write(round, draw, field)
    round.draw_method = method
    round.draw_seed = seed
    round.draw_report["swaps"] = swaps
    round.draw_report["method"] = method
    round.save(update_fields=["draw_method", "draw_seed", "draw_report"])
    return round


@transaction.atomic
def round_draw_publish(*, by: AnyUser | None, round: Round) -> Round:
    """Publish a draft draw: it becomes public, printable and shown on the projector."""
    round = _lock(round)
    require_director(by, round.tournament)
    require(Action.PUBLISH, round, Context(by=by))
    for seat in TableSeat.objects.filter(table__round=round).select_related("entry__player"):
        _assert_seatable(seat.entry, "round")
    round.status = RoundStatus.PUBLISHED
    round.published_at = timezone.now()
    round.save(update_fields=["status", "published_at"])
    # A published round is a night a league table counts, and a final's seats are public.
    results_changed(round.tournament_id)
    round_id = round.pk
    transaction.on_commit(lambda: task_send(DRAW_PUBLISHED_TASK, round_id))
    return round
