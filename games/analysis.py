"""Post-deal analysis on the site: where a finished deal was decided, seen from one seat.

The engine does the work (:func:`engine.analysis.analyse_record`: every decision of the seat,
each legal choice's estimated chance of losing the deal). It takes a second or more per seat,
so it is never done in a request: when a deal ends, its writer queues the analysis job
(:func:`deal_analysis_enqueue`, through :func:`scwu.broker.task_send`), which analyses the
deal from all four seats once and stores the reports (:class:`games.models.DealAnalysis`);
a request only reads them (:func:`analysis_stored`), and says the deal is being analysed
until they are there.

Who may read one: whoever may see the deal's table (:func:`games.permissions.may_see_table`,
the one visibility rule; an online table adds its seated players), and while the game still
runs only the seat's own player, since a seat's analysis shows its hand, its pass and, for a
deal that ended early, the cards it never played (:func:`analysis_seat`).
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Iterable, Iterator
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404
from django.utils.translation import gettext as _

from engine import InvalidRecordError, Ruleset
from engine.analysis import NotAnalysableError, analyse_record
from engine.scn import DealRecord
from games.models import AnalysisError, DealAnalysis, DealEntry, GameStatus
from games.permissions import may_see_table
from games.scoring import ruleset_of
from scwu.broker import task_send
from scwu.roles import AnyUser

__all__ = [
    "DEAL_ANALYSE_TASK",
    "AnalysisPending",
    "AnalysisUnavailable",
    "analyses_queue_missing",
    "analysis_seat",
    "analysis_stored",
    "deal_analyse",
    "deal_analysis_enqueue",
    "deal_analysis_get",
    "deal_is_analysable",
    "record_digest",
    "table_deal_records",
]

log = logging.getLogger(__name__)

#: The analysis job (defined in ``games.tasks``, which calls :func:`deal_analyse`).
DEAL_ANALYSE_TASK = "games.deal_analyse"
SEATS = "ABCD"


class AnalysisUnavailable(Exception):
    """This deal cannot be analysed (no full record, a renonc, a bad seat): the field at
    fault and a user-facing reason."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class AnalysisPending(Exception):
    """The analysis job has not stored this deal's analysis yet."""


def deal_is_analysable(deal: DealEntry) -> bool:
    """True for a counted deal entered with a full record that did not end in a renonc."""
    if not deal.record or deal.undone_seq is not None:
        return False
    return not (deal.result or {}).get("renonc")


def record_digest(record: dict[str, Any], ruleset: Ruleset) -> str:
    """The key of a deal's analysis: its record as the engine reads it (keys SCN readers
    ignore, such as an online table's origin, left out) and the ruleset it was played by."""
    try:
        canonical: object = DealRecord.from_json(record).to_json()
    except (InvalidRecordError, ValueError, TypeError, KeyError):
        canonical = record  # the job stores why it cannot be analysed
    text = json.dumps([canonical, ruleset.to_json()], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def deal_analysis_enqueue(record: dict[str, Any], ruleset: Ruleset) -> None:
    """Queue the analysis of a deal that just ended, once the caller's write commits.

    The job takes the record itself: a practice deal has no scorekeeping row to name."""
    payload, rules = dict(record), ruleset.to_json()
    transaction.on_commit(lambda: task_send(DEAL_ANALYSE_TASK, payload, rules))


def analyses_queue_missing(records: Iterable[tuple[dict[str, Any], Ruleset]]) -> tuple[int, int]:
    """Queue the analysis job for each finished deal of ``records`` that has not every seat
    stored: deals recorded before analyses were stored, or whose job the broker lost.
    Returns (deals queued, deals the broker refused)."""
    queued = refused = 0
    for record, ruleset in records:
        stored = DealAnalysis.objects.filter(digest=record_digest(record, ruleset)).count()
        if stored >= len(SEATS):
            continue
        if task_send(DEAL_ANALYSE_TASK, dict(record), ruleset.to_json()):
            queued += 1
        else:
            refused += 1
    return queued, refused


def table_deal_records() -> Iterator[tuple[dict[str, Any], Ruleset]]:
    """Every analysable deal recorded at a table, with the ruleset it was played by."""
    deals = (
        DealEntry.objects.filter(undone_seq__isnull=True)
        .exclude(record__isnull=True)
        .select_related("game__table__round__tournament")
        .order_by("pk")
    )
    for deal in deals.iterator(chunk_size=500):
        if deal_is_analysable(deal):
            assert deal.record is not None
            yield deal.record, ruleset_of(deal.game.table.round.tournament)


def deal_analyse(record: dict[str, Any], ruleset_json: dict[str, Any]) -> int:
    """The analysis job: analyse a finished deal from every seat not stored yet and store
    the reports; returns how many seats were analysed now (0 for a repeated job)."""
    ruleset = Ruleset.from_json(ruleset_json)
    digest = record_digest(record, ruleset)
    done = set(DealAnalysis.objects.filter(digest=digest).values_list("seat", flat=True))
    rows = []
    for seat in SEATS:
        if seat in done:
            continue
        row = DealAnalysis(digest=digest, seat=seat)
        try:
            row.report = analyse_record(
                record,
                ruleset,
                seat=SEATS.index(seat),
                pass_samples=settings.SCWU_ANALYSIS_PASS_SAMPLES,
                play_samples=settings.SCWU_ANALYSIS_PLAY_SAMPLES,
            )
        except NotAnalysableError:
            row.error = AnalysisError.RENONC
        except InvalidRecordError as exc:
            row.error, row.detail = AnalysisError.INVALID, str(exc.detail)[:300]
        rows.append(row)
    # A job delivered twice (late acknowledgement) may race its twin: the first rows stay.
    DealAnalysis.objects.bulk_create(rows, ignore_conflicts=True)
    return len(rows)


def _seat_code(seat: str | None) -> str | None:
    if seat in (None, ""):
        return None
    if not isinstance(seat, str) or seat not in SEATS:
        raise AnalysisUnavailable("seat", _("Choose a seat A to D."))
    return seat


def analysis_seat(*, seat: str | None, loser: str, running: bool, own_seat: str | None) -> str:
    """The seat to show (asked for, else the viewer's own while the game runs, else the
    deal's loser), refused while the game runs unless it is the viewer's own seat: it shows
    that seat's hand and pass, and the cards of a deal that ended early nobody saw played."""
    chosen = _seat_code(seat) or (own_seat if running and own_seat else loser)
    if running and chosen != own_seat:
        raise PermissionDenied(
            _("While the game is played, a seat's analysis is shown to that seat's player only.")
        )
    return chosen


def analysis_stored(record: dict[str, Any], ruleset: Ruleset, seat: str) -> dict[str, Any]:
    """The stored report of ``seat``; :class:`AnalysisPending` until the job stored it."""
    row = DealAnalysis.objects.filter(digest=record_digest(record, ruleset), seat=seat).first()
    if row is None:
        raise AnalysisPending
    if row.error == AnalysisError.RENONC:
        raise AnalysisUnavailable("deal", _("A deal ended by a renonc is not analysed."))
    if row.error == AnalysisError.INVALID:
        raise AnalysisUnavailable(
            "deal", _("The deal's record cannot be replayed: %(detail)s") % {"detail": row.detail}
        )
    return dict(row.report or {})


def _own_seat(user: AnyUser, deal: DealEntry) -> str | None:
    """The record's seat of ``user`` at a table of four (seats A-D are the record's)."""
    if user is None or not user.is_authenticated:
        return None
    seats = list(deal.game.table.seats.values_list("position", "entry__player__user_id"))
    if len(seats) != len(SEATS):
        return None
    return next((position for position, owner in seats if owner == user.pk), None)


def deal_analysis_get(*, deal_id: int, seat: str | None, user: AnyUser) -> dict[str, Any]:
    """The analysis of a recorded deal (404 if missing, or hidden in a silent round)."""
    deal = (
        DealEntry.objects.select_related("game__table__round__tournament")
        .filter(pk=deal_id)
        .first()
    )
    if deal is None:
        raise Http404(_("No such deal."))
    table = deal.game.table
    if not may_see_table(user, table):
        raise Http404(_("No such deal."))
    if not deal_is_analysable(deal):
        raise AnalysisUnavailable(
            "deal", _("Only deals entered with a full record can be analysed.")
        )
    assert deal.record is not None
    shown = analysis_seat(
        seat=seat,
        loser=str(deal.losers[0]),
        running=deal.game.status != GameStatus.FINISHED,
        own_seat=_own_seat(user, deal),
    )
    return {
        **analysis_stored(deal.record, ruleset_of(table.round.tournament), shown),
        "deal": {"number": deal.number, "table": table.pk},
    }
