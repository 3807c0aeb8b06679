"""Reads: a table's game state as JSON (for the page, the API and the dashboard)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from games.adapter import GameEvents, game_events, ledger_settings, next_sitting_out
from games.ledger import LedgerState, replay
from games.models import Appeal, AuditEntry, Game, Ruling
from tournaments.models import Round, Table


def table_get(table_id: int) -> Table:
    return Table.objects.select_related("round__tournament", "round__word", "line_judge").get(
        pk=table_id
    )


def _players(table: Table) -> dict[str, str]:
    return {
        position: nickname
        for position, nickname in table.seats.values_list("position", "entry__player__nickname")
    }


def _unsaved_game(table: Table) -> Game:
    """A game not started yet: same settings as :func:`games.services.game_start` would use."""
    positions = list(table.seats.values_list("position", flat=True))
    word = table.round.word
    return Game(
        table=table,
        word_label=word.label,
        word_letters="".join(ch for ch in word.letters if not ch.isspace()).upper(),
        seats=min(max(len(positions), 4), 6),
        placka_mode=table.round.placka_mode,
        sit_out_rule=table.round.tournament.sit_out_rule,
    )


def _ruling_json(
    ruling: Ruling, number: int | None, referees: dict[int, str], appeals: list[Appeal]
) -> dict[str, Any]:
    return {
        "id": ruling.pk,
        "deal": ruling.deal_id,
        "deal_number": number,
        "kind": ruling.kind,
        "offender": ruling.offender,
        "intentional": ruling.intentional,
        "penalty": ruling.penalty,
        "penalty_label": str(ruling.get_penalty_display()),
        "reason": ruling.reason,
        "referee": referees.get(ruling.referee_id),
        "ruled_at": ruling.ruled_at.isoformat(),
        "in_force": ruling.in_force,
        "appeals": [
            {
                "id": appeal.pk,
                "status": appeal.status,
                "grounds": appeal.grounds,
                "decision_reason": appeal.decision_reason,
            }
            for appeal in appeals
            if appeal.ruling_id == ruling.pk
        ],
    }


def state_json(game: Game, loaded: GameEvents | None, state: LedgerState) -> dict[str, Any]:
    table = game.table
    players = _players(table)
    deal_by_event = {deal.event_id: deal for deal in (loaded.deals if loaded else [])}
    rulings = list(loaded.rulings) if loaded else []
    appeals = list(Appeal.objects.filter(ruling__in=rulings)) if rulings else []
    referees = (
        dict(
            get_user_model()
            .objects.filter(pk__in={r.referee_id for r in rulings})
            .values_list("pk", "username")
        )
        if rulings
        else {}
    )
    next_deal = state.next_deal
    sitting_out = next_sitting_out(game, state)
    deals = []
    for deal_state in state.deals:
        row = deal_by_event.get(deal_state.deal_id or "")
        deals.append(
            {
                "id": row.pk if row else None,
                "number": row.number if row else None,
                "counted": deal_state.counted,
                "issue": deal_state.issue,
                "dealer": deal_state.dealer,
                "sitting_out": list(deal_state.sitting_out),
                "losers": list(deal_state.losers),
                "recorded_losers": list(deal_state.recorded_losers),
                "points": deal_state.points_by_seat,
                "misdeals": len(deal_state.misdeals),
                "letters": [
                    {"seat": a.seat, "letter": a.letter, "source": a.source}
                    for a in deal_state.letters
                ],
                "placka": list(deal_state.placka),
                "flags": [f for f in deal_state.flags if f != "sit_out_overridden"],
                "renonc": (row.result or {}).get("renonc", []) if row else [],
            }
        )
    return {
        "table": {
            "id": table.pk,
            "number": table.number,
            "name": str(table),
            "round": table.round_id,
        },
        "game": game.pk,
        "word": game.word_label,
        "letters": list(state.settings.word),
        "status": "finished" if state.finished else "running",
        "finished": state.finished,
        "finish_reason": state.finish_reason,
        "placka_mode": game.placka_mode,
        "referee_called": game.referee_called_at is not None,
        "seats": [
            {
                "seat": seat.seat,
                "player": players.get(seat.seat, ""),
                "letters": seat.letters,
                "word_so_far": seat.word_so_far,
                "is_mecbol": seat.is_mecbol and seat.is_active and not state.finished,
                "has_placka": seat.has_placka,
                "is_active": seat.is_active,
                "is_disqualified": seat.is_disqualified,
                "place": seat.place,
                "place_shared": seat.place_shared,
                "deals_played": seat.deals_played,
                "deals_lost": seat.deals_lost,
            }
            for seat in state.seats
        ],
        "next_deal": None
        if next_deal is None
        else {
            "number": len(loaded.live_deals) + 1 if loaded else 1,
            "dealer": next_deal.dealer,
            "sitting_out": list(sitting_out),
            "players": [s for s in state.active_seats if s not in sitting_out],
            "misdeals": len(next_deal.misdeals),
        },
        "deals": deals,
        "remaining": list(state.remaining),
        "rulings": [
            _ruling_json(r, _deal_number(loaded, r.deal_id), referees, appeals) for r in rulings
        ],
    }


def _deal_number(loaded: GameEvents | None, deal_pk: int) -> int | None:
    return loaded.deal_number(f"d{deal_pk}") if loaded else None


def table_state(table: Table) -> dict[str, Any]:
    """The state of the table's game (an empty one when no deal was entered yet)."""
    game = Game.objects.filter(table=table).first()
    if game is None:
        game = _unsaved_game(table)
        return state_json(game, None, replay(ledger_settings(game), []))
    game.table = table
    loaded = game_events(game)
    return state_json(game, loaded, loaded.replay())


def game_state(game: Game) -> dict[str, Any]:
    """The state of a game a service just wrote (its replay is still on the instance)."""
    ledger = getattr(game, "ledger", None)
    if ledger is None:
        return table_state(game.table)
    return state_json(game, ledger[0], ledger[1])


def round_dashboard(round_: Round) -> dict[str, Any]:
    """Every table of a round: deals played, letters, mečbol, finished, referee called."""
    tables = []
    for table in round_.tables.select_related("round__tournament", "round__word").all():
        state = table_state(table)
        tables.append(
            {
                "table": state["table"],
                "status": state["status"],
                "referee_called": state["referee_called"],
                "deals_played": sum(1 for d in state["deals"] if d["counted"]),
                "seats": state["seats"],
                "mecbol": [s["seat"] for s in state["seats"] if s["is_mecbol"]],
                "placka": [s["seat"] for s in state["seats"] if s["has_placka"]],
                "rulings": state["rulings"],
            }
        )
    left = [t["table"]["number"] for t in tables if t["status"] != "finished"]
    return {
        "round": {"id": round_.pk, "number": round_.number, "status": round_.status},
        "tables": tables,
        "tables_left": left,
        "finished": not left and bool(tables),
    }


def audit_list(game: Game) -> QuerySet[AuditEntry]:
    return AuditEntry.objects.filter(game=game).select_related("by").order_by("at", "pk")
