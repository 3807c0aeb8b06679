"""Writes of the results: the version bump after a change, the recomputation of the
placings, team placings and qualification ranks, and the release control of rounds.

Debounce: ``results_changed`` bumps the version in the caller's transaction and, on
commit, enqueues the recompute task with a short countdown only when no run is already
pending for the tournament (an atomic ``cache.add`` marks it pending; the task clears
the mark as it starts). A burst of deals therefore gives one run, and a change made
while a run is computing gives exactly one more.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from scwu.broker import task_send
from scwu.roles import AnyUser
from tournaments.models import (
    Entry,
    Placing,
    PlacingStage,
    ResultsState,
    Round,
    TeamMode,
    TeamPlacing,
    Tournament,
)
from tournaments.permissions import require_director
from tournaments.rating.services import rating_enqueue
from tournaments.standings import Standings

from .compute import Computed, ResultsSettings, points_table, results_compute
from .loading import ResultsData, points_table_load, results_load, visible_round_numbers
from .teams import team_table, teams_load

audit = logging.getLogger("scwu.audit")
logger = logging.getLogger(__name__)

#: Seconds the recompute waits so that a burst of changes is computed once.
RECOMPUTE_DELAY = getattr(settings, "RESULTS_RECOMPUTE_DELAY", 2)
#: The jobs these services queue (defined in ``tournaments.tasks``, which calls back here).
RESULTS_RECOMPUTE_TASK = "tournaments.results_recompute"
SEASON_RANKINGS_TASK = "tournaments.season_rankings_recompute"
#: How long a pending mark lives: a lost task must not block recomputation for ever.
PENDING_SECONDS = 60


def pending_key(tournament_id: int) -> str:
    return f"results-recompute-pending:{tournament_id}"


def _enqueue(tournament_id: int) -> None:
    if not cache.add(pending_key(tournament_id), 1, PENDING_SECONDS):
        return
    if not task_send(RESULTS_RECOMPUTE_TASK, tournament_id, countdown=RECOMPUTE_DELAY):
        # The broker is down: compute here so the standings stay current (see scwu.broker).
        cache.delete(pending_key(tournament_id))
        results_recompute_here(tournament_id)


def results_recompute_here(tournament_id: int) -> None:
    """Recompute in this process, after a commit: a failure is logged, never raised into
    the request, and leaves ``requested > computed`` for the catch-up (``catchup.py``)."""
    try:
        results_recompute(tournament_id)
    except Exception:
        logger.exception(
            "results of tournament %s not recomputed; left for the catch-up", tournament_id
        )


def results_changed(tournament_id: int) -> None:
    """Something that affects the results changed: bump the version now (in the caller's
    transaction, so readers see the new version with the change) and recompute on commit."""
    # Without a savepoint of its own (two statements less per deal): a failure here fails
    # the caller's write as a whole.
    with transaction.atomic(savepoint=False):
        updated = ResultsState.objects.filter(tournament_id=tournament_id).update(
            requested=F("requested") + 1
        )
        if not updated:
            ResultsState.objects.get_or_create(tournament_id=tournament_id)
            ResultsState.objects.filter(tournament_id=tournament_id).update(
                requested=F("requested") + 1
            )
    transaction.on_commit(lambda: _enqueue(tournament_id))


def _decimal(points: Fraction | None) -> Decimal | None:
    if points is None:
        return None
    exact = Decimal(points.numerator) / Decimal(points.denominator)
    return exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def _ranks(standings: Standings) -> dict[int, int]:
    """Qualification rank by player id: the place, then unplaced entrants after everyone."""
    ranks: dict[int, int] = {}
    placed = [row for row in standings.rows if row.place is not None]
    for row in placed:
        ranks[row.player_id] = row.place or 0
    after = len(placed)
    for row in standings.rows:
        if row.place is None:
            after += 1
            ranks[row.player_id] = after
    return ranks


def _placings(
    tournament: Tournament, data: ResultsData, computed: Computed, version: int
) -> list[Placing]:
    """One placing per classified row, with the tournament figure beside it (every counted
    deal, the final included: see ``tournament_figures``)."""
    totals = {
        row.player_id: computed.figures.get(row.player_id, row.total)
        for row in computed.standings.rows
    }
    entry_of = {e.info.player_id: e for e in data.entries}
    assert computed.classification is not None, "computed with classify=True"
    placings = []
    for row in computed.classification.rows:
        total = totals[row.player_id]
        entry = entry_of[row.player_id]
        placings.append(
            Placing(
                tournament=tournament,
                entry_id=entry.info.entry_id,
                player_id=row.player_id,
                club_id=entry.club_id,
                place=row.place,
                is_shared=row.is_shared,
                stage=PlacingStage(row.stage.value),
                points=_decimal(row.points),
                deals_played=total.deals_played,
                deals_lost=total.deals_lost,
                placky=total.placky,
                penalty_points=total.penalty_points,
                version=version,
            )
        )
    return placings


#: What a change of a placing is, for the season's rankings: its subject, place and points.
_RANKED_FIELDS = ("place", "is_shared", "points")


def _write_set(
    model: type[Placing] | type[TeamPlacing],
    tournament: Tournament,
    rows: Sequence[Placing] | Sequence[TeamPlacing],
    subject: str,
) -> bool:
    """Replace the tournament's rows of ``model`` as a set; returns whether a subject's
    place or points moved."""
    fields = (subject, *_RANKED_FIELDS)
    current = model.objects.filter(tournament=tournament)
    before = set(current.values_list(*fields))
    current.delete()
    model.objects.bulk_create(rows)  # type: ignore[arg-type]
    after = {tuple(getattr(row, name) for name in fields) for row in rows}
    return before != after


def _team_placings(tournament: Tournament, computed: Computed, version: int) -> list[TeamPlacing]:
    """The team classification's lines, computed as the live read computes them (the same
    :func:`team_table`), so the pages and the stored rows agree."""
    if tournament.team_mode == TeamMode.OFF:
        return []
    classified = computed.classified_by is not None
    table = team_table(
        tournament,
        teams_load(tournament),
        standings=computed.standings,
        classification=computed.classification if classified else None,
        figures=computed.figures,
    )
    return [
        TeamPlacing(
            tournament=tournament,
            team_id=line.team_id,
            place=line.place,
            is_shared=line.is_shared,
            deals_played=line.deals_played,
            deals_lost=line.deals_lost,
            member_points=_decimal(line.member_points) or Decimal(0),
            places_sum=line.places_sum,
            best_place=line.best_place,
            placky=line.placky,
            points=_decimal(line.points),
            version=version,
        )
        for line in table.standings
    ]


def _write_ranks(tournament: Tournament, data: ResultsData, standings: Standings) -> None:
    ranks = _ranks(standings)
    entry_of = {e.info.player_id: e.info.entry_id for e in data.entries}
    wanted = {entry_of[player]: rank for player, rank in ranks.items()}
    changed = [
        Entry(pk=pk, rank=wanted.get(pk))
        for pk, rank in Entry.objects.filter(tournament=tournament).values_list("pk", "rank")
        if wanted.get(pk) != rank
    ]
    Entry.objects.bulk_update(changed, ["rank"])


def results_recompute(tournament_id: int) -> int:
    """Recompute the placings and qualification ranks; returns the version now computed.

    Idempotent and safe to run twice at once: runs are serialised on the tournament row
    (a no-key lock, which the foreign-key checks of deal writes do not wait for), so a
    second run waits, then finds the version computed and does nothing. The version row
    itself is only touched at the end, because every results write bumps it: holding it
    through the computation would queue every deal of the tournament behind this run.
    Placings, team placings and ranks are rewritten together or not at all.
    """
    with transaction.atomic():
        list(
            Tournament.objects.select_for_update(no_key=True)
            .filter(pk=tournament_id)
            .values_list("pk")
        )
        state, _created = ResultsState.objects.get_or_create(tournament_id=tournament_id)
        if state.computed >= state.requested and not _created:
            return state.computed
        version = state.requested
        tournament = Tournament.objects.select_related("category", "series").get(pk=tournament_id)
        data = results_load(tournament)
        settings_ = ResultsSettings.of(tournament)
        every_round = visible_round_numbers(data, include_unreleased=True)
        public = visible_round_numbers(data, include_unreleased=False)
        table = points_table(points_table_load(tournament), str(tournament.category or ""))
        # Draws use everything played; placings (public records) only what the public sees.
        full = results_compute(data, settings=settings_, visible=every_round)
        shown = results_compute(data, settings=settings_, visible=public, points=table)
        _write_ranks(tournament, data, full.standings)
        changed = _write_set(
            Placing, tournament, _placings(tournament, data, shown, version), "entry_id"
        )
        # The teams' placings change with their members' (the club ranking counts them).
        teams_changed = _write_set(
            TeamPlacing, tournament, _team_placings(tournament, shown, version), "team_id"
        )
        all_finished = bool(data.rounds) and all(info.finished for _, info in data.rounds)
        ResultsState.objects.filter(pk=state.pk).update(
            computed=version,
            computed_at=timezone.now(),
            is_complete=bool(
                shown.classified_by is not None
                and shown.classification is not None
                and shown.classification.is_complete
                and all_finished
            ),
        )
        if changed or teams_changed:
            season_id = tournament.season_id
            transaction.on_commit(lambda: season_rankings_enqueue(season_id))
        # Rated after the debounced recompute, not per deal: a burst of deals queues one
        # rating job, not one each (a rating only moves when a game finishes anyway).
        transaction.on_commit(lambda: rating_enqueue(tournament_id))
    return version


def results_recompute_if_stale(tournament_id: int) -> bool:
    """Recompute now when a change has not been computed yet; returns whether it ran."""
    stale = ResultsState.objects.filter(
        tournament_id=tournament_id, computed__lt=F("requested")
    ).exists()
    if stale:
        results_recompute(tournament_id)
    return stale


def season_rankings_enqueue(season_id: int) -> None:
    """Queue the season rankings (they count finished tournaments' placings)."""
    task_send(SEASON_RANKINGS_TASK, season_id)


def _release_set(*, by: AnyUser | None, round_: Round, released: bool) -> Round:
    with transaction.atomic():
        locked = (
            Round.objects.select_for_update(of=("self",), no_key=True)
            .select_related("tournament")
            .get(pk=round_.pk)
        )
        require_director(by, locked.tournament)
        if locked.released == released:
            state = _("released") if released else _("held back")
            raise ValidationError(
                {
                    "round": [
                        _("The results of this round are already %(state)s.") % {"state": state}
                    ]
                },
                code="unchanged",
            )
        locked.released = released
        locked.save(update_fields=["released"])
        results_changed(locked.tournament_id)
        audit.info(
            "round %s results %s by %s",
            locked.pk,
            "released" if released else "held",
            getattr(by, "pk", None),
        )
    return locked


def round_release(*, by: AnyUser | None, round_: Round) -> Round:
    """Publish a held-back (silent) round's results to the public; directors only."""
    return _release_set(by=by, round_=round_, released=True)


def round_hold(*, by: AnyUser | None, round_: Round) -> Round:
    """Hold a round's results back from the public (a silent round); directors only."""
    return _release_set(by=by, round_=round_, released=False)
