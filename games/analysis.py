"""Post-deal analysis on the site: where a finished deal was decided, seen from one seat.

The engine does the work (:func:`engine.analysis.analyse_record`: every decision of the seat,
each legal choice's estimated chance of losing the deal); this module finds the deal's full
record (a recorded deal with an SCN record; an online game's deal: :mod:`games.online.analysis`),
checks who may see it, and caches the report (it takes a second or two and never changes).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.core.cache import cache
from django.http import Http404
from django.utils.translation import gettext as _

from engine import InvalidRecordError, Ruleset
from engine.analysis import NotAnalysableError, analyse_record
from games.models import DealEntry
from games.permissions import can_referee
from games.scoring import ruleset_of
from scwu.roles import AnyUser

__all__ = [
    "AnalysisUnavailable",
    "deal_analysis_get",
    "deal_is_analysable",
    "record_analyse",
]

_CACHE_SECONDS = 7 * 24 * 3600


class AnalysisUnavailable(Exception):
    """This deal cannot be analysed (no full record, a renonc, a bad seat): the field at
    fault and a user-facing reason."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def deal_is_analysable(deal: DealEntry) -> bool:
    """True for a counted deal entered with a full record that did not end in a renonc."""
    if not deal.record or deal.undone_seq is not None:
        return False
    return not (deal.result or {}).get("renonc")


def _seat_index(seat: str | None) -> int | None:
    if seat in (None, ""):
        return None
    if not isinstance(seat, str) or seat not in ("A", "B", "C", "D"):
        raise AnalysisUnavailable("seat", _("Choose a seat A to D."))
    return "ABCD".index(seat)


def record_analyse(record: dict[str, Any], ruleset: Ruleset, seat: str | None) -> dict[str, Any]:
    index = _seat_index(seat)
    key = (
        "deal-analysis:1:"
        + hashlib.sha256(
            json.dumps([record, ruleset.to_json(), seat], sort_keys=True).encode()
        ).hexdigest()
    )
    cached = cache.get(key)
    if cached is not None:
        return dict(cached)
    try:
        report = analyse_record(record, ruleset, seat=index)
    except NotAnalysableError as exc:
        raise AnalysisUnavailable("deal", _("A deal ended by a renonc is not analysed.")) from exc
    except InvalidRecordError as exc:
        raise AnalysisUnavailable(
            "deal", _("The deal's record cannot be replayed: %(detail)s") % {"detail": exc.detail}
        ) from exc
    cache.set(key, report, _CACHE_SECONDS)
    return report


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
    if not table.round.released and not can_referee(user, table):
        raise Http404(_("No such deal."))
    if not deal_is_analysable(deal):
        raise AnalysisUnavailable(
            "deal", _("Only deals entered with a full record can be analysed.")
        )
    assert deal.record is not None
    return {
        **record_analyse(deal.record, ruleset_of(table.round.tournament), seat),
        "deal": {"number": deal.number, "table": table.pk},
    }
