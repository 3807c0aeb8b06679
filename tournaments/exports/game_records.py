"""A tournament's games as game records (``engine/RULES.md``, "Game records").

One JSON document per tournament: the tournament's rules, its entries, and for every
round its word and tables, each table with the seated players and the game record of
its game. Each record is built from the game's ledger (what the site counts) and checked
by the engine's replay before it is written, so an exported record always replays to
the result the site shows. :mod:`.game_records_import` reads the document back.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from engine import Ruleset
from engine.gamerecord import FORMAT, replay_game
from games.adapter import game_events
from games.ledger.state import DealState, LedgerState
from games.models import Deal, DealMode, Game
from games.scoring import ruleset_of
from tournaments.models import Entry, Seat, Table, Tournament

DOCUMENT_FORMAT = "scwu-tournament/1"

#: The tournament's fields a document carries, and the importer sets again.
TOURNAMENT_FIELDS = (
    "name",
    "slug",
    "edition",
    "start_date",
    "end_date",
    "venue",
    "theme",
    "status",
    "basic_rounds",
    "prefer_tables_of",
    "sit_out_rule",
    "rank_order",
    "early_end",
    "tie_without_hejma",
    "tiebreaks",
)


def _deal_entry(deal: DealState, row: Deal | None) -> dict[str, Any]:
    entry: dict[str, Any] = {"dealer": deal.dealer, "sat_out": list(deal.sitting_out)}
    if deal.misdeals:
        entry["misdeals"] = [
            {"dealer": m.dealer, "waived": m.waived, "letter": m.letter is not None}
            for m in deal.misdeals
        ]
    if deal.deal_id is None:
        return entry  # misdeals that ended the game before the deal was played
    entry["losers"] = list(deal.recorded_losers)
    if row is not None and row.mode == DealMode.RECORD and row.record:
        entry["record"] = row.record
    elif deal.points:
        entry["points"] = deal.points_by_seat
    if deal.rulings:
        entry["rulings"] = [
            {
                "kind": str(r.kind),
                "offender": r.offender,
                "penalty": str(r.penalty),
                "intentional": r.intentional,
                "reason": "",
                "letters": len(r.letters),
            }
            for r in deal.rulings
        ]
    return entry


def _result(state: LedgerState) -> dict[str, Any]:
    return {
        "letters": {s.seat: s.letters for s in state.seats},
        "completed": [s.seat for s in state.seats if s.has_placka],
        "disqualified": [s.seat for s in state.seats if s.is_disqualified],
        "finished": state.finished,
        "placings": (
            {s.seat: s.place for s in state.seats if s.place is not None}
            if state.finished
            else None
        ),
    }


def game_record(game: Game, ruleset: Ruleset, players: Mapping[str, str]) -> dict[str, Any]:
    """The game record of one scorekept game, checked by the engine's replay."""
    loaded = game_events(game)
    state = loaded.replay()
    rows = {deal.event_id: deal for deal in loaded.live_deals}
    reasons = {ruling.event_id: ruling.reason for ruling in loaded.rulings}
    deals = []
    for deal in state.deals:
        if deal.deal_id is not None and not deal.counted:
            continue  # held for the referee: it gave no letters and moved nothing
        entry = _deal_entry(deal, rows.get(deal.deal_id or ""))
        for ruling, effect in zip(entry.get("rulings", ()), deal.rulings, strict=True):
            ruling["reason"] = reasons.get(effect.ruling_id, "")
        deals.append(entry)
    pending = state.next_deal
    if pending is not None and pending.misdeals:
        deals.append(
            {
                "dealer": pending.dealer,
                "misdeals": [
                    {"dealer": m.dealer, "waived": m.waived, "letter": m.letter is not None}
                    for m in pending.misdeals
                ],
            }
        )
    record: dict[str, Any] = {
        "format": FORMAT,
        "ruleset": ruleset.to_json(),
        "word": game.word_letters,
        "seats": [
            {"seat": seat, "player": players.get(seat, "")} for seat in state.settings.seat_names
        ],
        "sit_out_rule": game.sit_out_rule,
        "placka_mode": game.placka_mode,
        "first_dealer": state.settings.seat_names[0],
        "deals": deals,
        "result": _result(state),
    }
    replay_game(record)  # an export the engine would refuse is a bug: fail loudly here
    return record


def _table(table: Table, ruleset: Ruleset, players: Mapping[str, str]) -> dict[str, Any]:
    game = Game.objects.filter(table=table).first()
    return {
        "number": table.number,
        "kind": table.kind,
        "seats": dict(players),
        "game": None if game is None else game_record(game, ruleset, players),
    }


def tournament_document(tournament: Tournament, *, rounds: Collection[int]) -> dict[str, Any]:
    """The document of ``rounds`` (the caller passes only those the viewer may see). It is
    public, so players are named by nickname only, as in the standings."""
    ruleset = ruleset_of(tournament)
    seated: dict[int, dict[str, str]] = {}
    for table_id, position, nickname in Seat.objects.filter(
        table__round__tournament=tournament, table__round__number__in=rounds
    ).values_list("table_id", "position", "entry__player__nickname"):
        seated.setdefault(table_id, {})[position] = nickname
    entries = Entry.objects.filter(tournament=tournament).select_related("player")
    return {
        "format": DOCUMENT_FORMAT,
        "tournament": {
            **{name: _plain(getattr(tournament, name)) for name in TOURNAMENT_FIELDS},
            "season": tournament.season.year,
            "series": {"slug": tournament.series.slug, "name": tournament.series.name},
        },
        "entries": [
            {
                "player": entry.player.nickname,
                "status": entry.status,
                "classified": entry.withdrawal_classified,
            }
            for entry in entries.order_by("pk")
        ],
        "rounds": [
            {
                "number": round_.number,
                "stage": round_.stage,
                "word": {"label": round_.word.label, "letters": round_.word.letters},
                "placka_mode": round_.placka_mode,
                "first_place": round_.first_place,
                "tables": [
                    _table(table, ruleset, seated.get(table.pk, {}))
                    for table in round_.tables.order_by("number")
                ],
            }
            for round_ in tournament.rounds.filter(number__in=rounds)
            .select_related("word")
            .order_by("number")
        ],
    }


def _plain(value: object) -> object:
    """A model value as JSON: dates as ISO text."""
    isoformat = getattr(value, "isoformat", None)
    return isoformat() if callable(isoformat) else value
