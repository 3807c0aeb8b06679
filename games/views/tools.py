"""The referee tools under the table page and on the round dashboard: which forms a user
sees, built (or re-shown with their errors) for one table."""

from __future__ import annotations

from typing import Any, TypedDict

from django import forms
from django.http import HttpRequest

from games import selectors
from games.contracts import HeldDealJson, RulingJson, SeatJson
from games.forms import AppealForm, CorrectionForm, RulingForm, WaiverForm
from games.permissions import can_referee, is_party
from tournaments.models import Table


class ToolsState(TypedDict):
    """What the tools read of a table's state: its whole state on the table page, its
    dashboard entry (with the game's id) on the round dashboard."""

    game: int | None
    held_deals: list[HeldDealJson]
    seats: list[SeatJson]
    rulings: list[RulingJson]


def dashboard_tools_state(item: selectors.DashboardTable) -> ToolsState:
    """The tools' view of a dashboard table: its cached entry, no replay."""
    entry = item.entry
    game: Any = getattr(item.table, "game", None)
    return {
        "game": game.pk if game is not None else None,
        "held_deals": entry["held_deals"],
        "seats": entry["seats"],
        "rulings": entry["rulings"],
    }


def referee_tools(
    request: HttpRequest,
    table: Table,
    state: ToolsState,
    waivable: list[tuple[int, str]],
    *,
    bound: dict[str, forms.Form] | None = None,
    on_dashboard: bool = False,
) -> dict[str, Any]:
    """The forms for ``table``: ruling, correction and misdeal waiver (of ``waivable``) for
    its referees, an appeal for a party (the director, a seated player). ``bound`` re-shows a
    form that failed, with the input kept. On the dashboard ids carry the table, so they
    stay unique."""
    bound = bound or {}
    referee = can_referee(request.user, table)
    party = is_party(request.user, table)
    suffix = f"-{table.pk}" if on_dashboard else ""
    auto_id = f"id_t{table.pk}_%s" if on_dashboard else "id_%s"
    seats = [seat["seat"] for seat in state["seats"]]
    tools: dict[str, Any] = {
        "table": table,
        "referee": referee,
        "party": party,
        "suffix": suffix,
        "next": request.get_full_path(),
        "state": state,
    }
    if referee:
        tools["ruling"] = bound.get("ruling") or RulingForm(
            prefix="ruling", seats=seats, auto_id=auto_id
        )
        tools["correction"] = bound.get("correction") or CorrectionForm(
            prefix="correction", seats=seats, auto_id=auto_id
        )
        if waivable or "waiver" in bound:
            tools["waiver"] = bound.get("waiver") or WaiverForm(
                prefix="waiver", misdeals=waivable, auto_id=auto_id
            )
    if party:
        rulings = selectors.appealable_choices(state["rulings"])
        if rulings or "appeal" in bound:
            tools["appeal"] = bound.get("appeal") or AppealForm(
                prefix="appeal", rulings=rulings, auto_id=auto_id
            )
    return tools
