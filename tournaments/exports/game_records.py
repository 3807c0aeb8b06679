"""A tournament's games as game records (``engine/RULES.md``, "Game records").

One JSON document per tournament: the tournament's rules, its entries, and for every
round its word and tables, each table with the seated players and the game record of
its game. Each record is built from the game's ledger (what the site counts) and checked
by the engine's replay before it is written, so an exported record always replays to
the result the site shows. :mod:`tournaments.services.game_records_import` reads the document back.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import Ruleset
from engine.gamerecord import FORMAT, GameOutcome, replay_game
from engine.ledger.state import DealState, LedgerState, MisdealState
from games.adapter import game_events
from games.models import DealMode, TableGame
from games.scoring import ruleset_of
from tournaments.models import Entry, Table, TableSeat, Tournament

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


#: Ledger flags of a deal whose dealer or sit-outs were facts of play the rules no longer
#: name (a later correction or ruling on an earlier deal changed who lost it).
_AS_PLAYED = {"dealer_as_played", "sit_out_overridden"}


def _misdeals(misdeals: Sequence[MisdealState]) -> list[dict[str, Any]]:
    return [
        {"dealer": m.dealer, "waived": m.waived, "letter": m.letter is not None} for m in misdeals
    ]


def _deal_entry(
    deal: DealState,
    record: dict[str, Any] | None,
    reasons: Mapping[str, str],
    correction: str | None = None,
) -> dict[str, Any]:
    entry: dict[str, Any] = {"dealer": deal.dealer, "sat_out": list(deal.sitting_out)}
    if _AS_PLAYED & set(deal.flags):
        entry["as_played"] = True
    if correction:
        entry["correction"] = correction
    if deal.misdeals:
        entry["misdeals"] = _misdeals(deal.misdeals)
    if deal.deal_id is None:
        return entry  # misdeals that ended the game before the deal was played
    entry["losers"] = list(deal.recorded_losers)
    if record:
        entry["record"] = record
    elif deal.points:
        entry["points"] = deal.points_by_seat
    if deal.rulings:
        entry["rulings"] = [
            {
                "kind": str(r.kind),
                "offender": r.offender,
                "penalty": str(r.penalty),
                "intentional": r.intentional,
                "reason": reasons.get(r.ruling_id, ""),
                "letters": len(r.letter_awards),
            }
            for r in deal.rulings
        ]
    return entry


def _held_entry(deal: DealState) -> dict[str, Any] | None:
    """A deal held for the referee gives no letters and does not move the deal, but its
    misdeals count and who dealt it stays a fact of play; ``None`` when it left no trace."""
    entry: dict[str, Any] = {"held": True, "as_played": True}
    if deal.dealer is not None and deal.issue not in ("dealer_left_table", "game_finished"):
        entry["dealer"] = deal.dealer
    if deal.misdeals:
        entry["misdeals"] = _misdeals(deal.misdeals)
    return entry if len(entry) > 2 else None


@dataclass(frozen=True)
class TableRules:
    """What a game record says about the table besides its deals."""

    ruleset: Ruleset
    sit_out_rule: str
    placka_mode: str
    players: Mapping[str, str] = field(default_factory=dict)


def record_of_state(
    state: LedgerState,
    rules: TableRules,
    *,
    records: Mapping[str, dict[str, Any]] | None = None,
    reasons: Mapping[str, str] | None = None,
    corrections: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The game record of a ledger state: the deals as the ledger counts them, with the full
    SCN ``records``, the rulings' ``reasons`` and the reasons of deals a referee recorded
    against the sit-out rule (``corrections``) by event id, and the ledger's result (which
    the engine's replay then checks). Deals held for the referee are ``held`` entries."""
    records, reasons, corrections = records or {}, reasons or {}, corrections or {}
    deals = []
    for deal in state.deals:
        if deal.deal_id is None or deal.counted:
            event = deal.deal_id or ""
            deals.append(_deal_entry(deal, records.get(event), reasons, corrections.get(event)))
        elif (held := _held_entry(deal)) is not None:
            deals.append(held)
    pending = state.next_deal
    if pending is not None and pending.misdeals:
        deals.append({"dealer": pending.dealer, "misdeals": _misdeals(pending.misdeals)})
    seats = state.settings.seat_names
    word = "".join(state.settings.word)
    return {
        "format": FORMAT,
        "ruleset": rules.ruleset.to_json(),
        "word": word,
        "seats": [{"seat": seat, "player": rules.players.get(seat, "")} for seat in seats],
        "sit_out_rule": rules.sit_out_rule,
        "placka_mode": rules.placka_mode,
        "first_dealer": state.settings.first_dealer,
        "deals": deals,
        "result": GameOutcome.of(word, state, ()).result_json(),
    }


def game_record(game: TableGame, ruleset: Ruleset, players: Mapping[str, str]) -> dict[str, Any]:
    """The game record of one scorekept game, checked by the engine's replay."""
    loaded = game_events(game)
    records = {
        deal.event_id: deal.record
        for deal in loaded.live_deals
        if deal.mode == DealMode.RECORD and deal.record
    }
    record = record_of_state(
        loaded.replay(),
        TableRules(ruleset, game.sit_out_rule, game.placka_mode, players),
        records=records,
        reasons={ruling.event_id: ruling.reason for ruling in loaded.rulings},
        corrections={
            deal.event_id: deal.correction_reason
            for deal in loaded.live_deals
            if deal.is_correction
        },
    )
    replay_game(record)  # an export the engine would refuse is a bug: fail loudly here
    return record


def _table(table: Table, ruleset: Ruleset, players: Mapping[str, str]) -> dict[str, Any]:
    game = TableGame.objects.of_table(table)
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
    for table_id, position, nickname in TableSeat.objects.filter(
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
                "status": round_.status,
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
