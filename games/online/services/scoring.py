"""A finished deal of a tournament's online table goes into that table's scorekeeping game
as a full SCN record, through the same service as a physical table's record, so letters,
standings and records flow exactly as for a physical table. Practice games are not scored.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.utils.translation import gettext as _

from games.models import TableGame
from games.online.errors import OnlineError
from games.online.models import OnlineGame
from games.services.common import game_create
from games.services.deals import deal_record
from tournaments.models import Table

log = logging.getLogger(__name__)


def scorekeeping_game_start(table: Table) -> TableGame:
    """The table's scorekeeping game. ``game_start`` refuses online tables (they are not
    scored by hand), so the online table creates it directly, for its four seats: from then
    on ``deal_record`` finds and locks it like any other."""
    return game_create(table, seats=4)


def deal_finished(
    row: OnlineGame, number: int, record: dict[str, Any], *, takeovers: list[str]
) -> None:
    """Record deal ``number`` of the game, finished with ``record`` (inside the caller's
    transaction); no-op in practice."""
    if row.table_id is None:
        return
    table = Table.objects.select_related("round__tournament", "round__word").get(pk=row.table_id)
    record = dict(record)
    # SCN readers ignore unknown keys: the online origin and any bot's seats ride along.
    record["online"] = {"game": row.pk, "bot_takeover": sorted(takeovers)}
    scorekeeping_game_start(table)
    try:
        deal_record(
            by=row.created_by,
            table=table,
            number=number,
            record=record,
            idempotency_key=f"online-{row.pk}-{number}",
            analyse=False,  # the online table queues every deal of its own (apply_action)
        )
    except (ValidationError, PermissionDenied) as exc:
        # The engine refereed the deal, so this is a disagreement between the engine and the
        # ledger (or a hand edit of the scorekeeping game): stop the table for the director.
        log.error("online game %s: deal %s not recorded: %s", row.pk, number, exc)
        raise OnlineError(
            "paused", _("The deal could not be recorded: the director has been told.")
        ) from exc
