"""Reads: a table's game state as JSON (for the page, the API and the dashboard)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Max, QuerySet
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from engine.ledger import LedgerState, PlackaMode, replay
from engine.ledger.ahead import AheadNode, Placer, ahead, next_view
from games.adapter import GameEvents, ledger_settings
from games.analysis import deal_is_analysable
from games.contracts import (
    DashboardEntry,
    DealJson,
    DealRulingJson,
    NextDealJson,
    RefereeCallJson,
    RoundDashboard,
    RulingJson,
    SeatJson,
    TableRef,
    TableState,
    TableSummaryData,
    WaivableMisdeal,
)
from games.kept_ledger import ledger_read
from games.models import Appeal, AppealStatus, AuditEntry, DealEntry, Ruling, TableGame
from games.places import placer, remainder_rule
from games.results import seat_names_read
from games.services.common import game_unsaved
from games.summaries import (
    held_deals,
    letter_history,
    seat_summaries,
    summaries_of,
    summary_of,
    waivable,
)
from scwu.cache import kept_many
from scwu.compiled_sql import CompiledQuery
from tournaments.models import Round, Table, TableSeat, Tournament

#: Where the round dashboard puts each table's players by seat (:func:`_dashboard_tables`).
_PLAYERS = "_scwu_players"
#: Set on a table whose game (or its absence) was read with it (:func:`page_table`).
_GAME_READ = "_scwu_game_read"


def _players(table: Table) -> dict[str, str]:
    known: dict[str, str] | None = getattr(table, _PLAYERS, None)
    if known is not None:
        return known
    return {
        position: nickname
        for position, nickname in table.seats.order_by().values_list(
            "position", "entry__player__nickname"
        )
    }


def _deal_ruling(ruling: Ruling) -> DealRulingJson:
    """A ruling as the deal log shows it."""
    return {
        "id": ruling.pk,
        "kind": ruling.kind,
        "kind_label": str(ruling.get_kind_display()),
        "offender": ruling.offender,
        "penalty": ruling.penalty,
        "penalty_label": str(ruling.get_penalty_display()),
        "reason": ruling.reason,
        "in_force": ruling.in_force,
    }


def _ruling_json(
    ruling: Ruling, number: int | None, referees: dict[int, str], appeals: list[Appeal]
) -> RulingJson:
    return {
        **_deal_ruling(ruling),
        "deal": ruling.deal_id,
        "deal_number": number,
        "intentional": ruling.intentional,
        "referee": referees.get(ruling.referee_id),
        "ruled_at": ruling.ruled_at.isoformat(),
        "appeals": [
            {
                "id": appeal.pk,
                "status": appeal.status,
                "status_label": appeal.status_label,
                "grounds": appeal.grounds,
                "decision_reason": appeal.decision_reason,
            }
            for appeal in appeals
            if appeal.ruling_id == ruling.pk
        ],
    }


def deal_by_number(table: Table, number: int) -> DealEntry:
    """The live deal ``number`` of the table's game (what referees and the API name)."""
    deal = (
        DealEntry.objects.select_related("game")
        .filter(game__table=table, number=number, undone_seq__isnull=True)
        .order_by()
        .first()
    )
    if deal is None:
        raise ValidationError(
            {"deal_number": [_("There is no deal %(number)d at this table.") % {"number": number}]},
            code="unknown_deal",
        )
    return deal


def _referee_call(game: TableGame, names: dict[int, str]) -> RefereeCallJson | None:
    if game.referee_called_at is None:
        return None
    acknowledged = game.referee_acknowledged_at
    return {
        "called_at": game.referee_called_at.isoformat(),
        "called_by": names.get(game.referee_called_by_id or 0),
        "acknowledged": acknowledged is not None,
        "acknowledged_at": acknowledged.isoformat() if acknowledged else None,
        "acknowledged_by": names.get(game.referee_acknowledged_by_id or 0),
    }


def _table_ref(table: Table) -> TableRef:
    return {"id": table.pk, "number": table.number, "name": str(table), "round": table.round_id}


#: How many deals ahead the table page gets the states for (4 losers a deal: 84 states).
AHEAD_DEALS = 3


def state_json(
    game: TableGame, loaded: GameEvents | None, state: LedgerState, *, ahead_deals: int = 0
) -> TableState:
    """The game's state as JSON; with ``ahead_deals``, also ``ahead``: the states after every
    possible loser of that many next deals (:mod:`engine.ledger.ahead`), for the table page to
    follow while its deals wait offline."""
    table = game.table
    # A write's answer names the players its seat results just read.
    players = seat_names_read(game) or _players(table)
    rulings = list(loaded.rulings) if loaded else []
    appeals = list(Appeal.objects.filter(ruling__in=rulings)) if rulings else []
    user_ids = {r.referee_id for r in rulings} | {
        pk for pk in (game.referee_called_by_id, game.referee_acknowledged_by_id) if pk
    }
    referees = (
        dict(get_user_model().objects.filter(pk__in=user_ids).values_list("pk", "username"))
        if user_ids
        else {}
    )
    place = placer(game)
    deal_by_event = {deal.event_id: deal for deal in (loaded.deals if loaded else [])}
    messages = {issue.event_id: issue.message for issue in state.issues}
    deals: list[DealJson] = []
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
                "letter_awards": [
                    {"seat": a.seat, "letter": a.letter, "source": a.source}
                    for a in deal_state.letter_awards
                ],
                "placka": list(deal_state.placka),
                "flags": [f for f in deal_state.flags if f != "sit_out_overridden"],
                "renonc": (row.result or {}).get("renonc", []) if row else [],
                "held": row is not None and not deal_state.counted,
                "issue_message": messages.get(deal_state.deal_id or "") if row else None,
                "rulings": [_deal_ruling(r) for r in rulings if row and r.deal_id == row.pk],
                "analysable": row is not None and deal_is_analysable(row),
                "correction": row.correction_reason or None if row else None,
            }
        )
    held = held_deals(state, loaded)
    seats = seat_summaries(game, state, letter_history(state, loaded))
    result: TableState = {
        "table": _table_ref(table),
        "game": game.pk,
        "word": game.word_label,
        "word_letters": list(state.settings.word),
        "status": "finished" if state.finished else "running",
        "finished": state.finished,
        "finish_reason": state.finish_reason,
        "placka_mode": game.placka_mode,
        "referee_called": game.referee_called_at is not None,
        "referee_call": _referee_call(game, referees),
        "needs_referee": bool(held),
        "held_deals": held,
        "seats": [{**seat, "player": players.get(seat["seat"], "")} for seat in seats],
        "next_deal": _next_deal_json(state, loaded),
        "deals": deals,
        "remaining": list(state.remaining),
        "rulings": [
            _ruling_json(r, _deal_number(loaded, r.deal_id), referees, appeals) for r in rulings
        ],
    }
    if ahead_deals:
        result["ahead"] = _ahead(game, loaded, state, ahead_deals, place)
    return result


#: Seconds a game's states ahead stay cached (their key changes with every write anyway).
AHEAD_CACHE_SECONDS = 600


def _ahead(
    game: TableGame, loaded: GameEvents | None, state: LedgerState, deals: int, place: Placer
) -> AheadNode:
    """The states ahead of ``state``, built once per version of the game: its answers to a
    deal, to the page's reloads and to the next phone at the table are the same tree."""
    events = loaded.events if loaded else []
    version = loaded.version if loaded else None
    if version is None:  # not known to be a version's state: built for this answer alone
        return ahead(state.settings, events, deals, state=state, placer=place)
    # The places an elimination's end leaves open follow the tournament's rule, which can
    # change without a new event.
    rule = remainder_rule(game) if game.placka_mode == PlackaMode.ELIMINATION else ""
    key = f"ahead:{version}:{deals}:{rule}"
    tree: AheadNode | None = cache.get(key)
    if tree is None:
        tree = ahead(state.settings, events, deals, state=state, placer=place)
        transaction.on_commit(lambda: cache.set(key, tree, AHEAD_CACHE_SECONDS))
    return tree


def _next_deal_json(state: LedgerState, loaded: GameEvents | None) -> NextDealJson | None:
    view = next_view(state)
    if view is None or state.next_deal is None:
        return None
    return {
        **view,
        "number": len(loaded.live_deals) + 1 if loaded else 1,
        "misdeals": len(state.next_deal.misdeals),
    }


def _deal_number(loaded: GameEvents | None, deal_pk: int) -> int | None:
    return loaded.deal_number(f"d{deal_pk}") if loaded else None


@dataclass(frozen=True)
class TableView:
    """A table's state and what its referee tools offer, from one replay."""

    state: TableState
    #: Misdeals whose letter a referee may still waive (the waiver form's choices).
    waivable: list[tuple[int, str]]


def table_view(table: Table, *, ahead_deals: int = 0) -> TableView:
    """The state of the table's game (an empty one when no deal was entered yet), with the
    misdeals a referee may waive. A table read with its game (:func:`page_table`) reads no
    more."""
    if getattr(table, _GAME_READ, False):
        game: TableGame | None = getattr(table, "game", None)
    else:  # a relation cached by a write (one maybe rolled back) is not read: the row is
        game = TableGame.objects.of_table(table)
    return _view_of(table, game, ahead_deals=ahead_deals)


def page_table(table_id: int) -> Table | None:
    """The table of the table page in one query (its round, tournament, word, line judge,
    game and what its rulings' appeals are at), then its players by seat: all that
    :func:`table_view` and :func:`state_key` read of it."""
    found = cast(list[Table], _PAGE_TABLE.instances(table_id))
    if not found:
        return None
    table = found[0]
    setattr(table, _PLAYERS, {position: name for position, name in _PAGE_SEATS.rows(table_id)})
    setattr(table, _GAME_READ, True)
    return table


def state_key(table: Table, ahead_deals: int) -> str | None:
    """Where the table's state as the page embeds it is kept: it changes with everything the
    dashboard entry's key follows (every write to the game, its players, the referee call,
    its rulings' appeals, the language), with the deals ahead it holds and the rule that
    places them. ``None`` for a table not read by :func:`page_table` (its key is unknown)."""
    if not hasattr(table, "appeals"):
        return None
    game = getattr(table, "game", None)
    by_success = table.round.tournament.final_last_places_by_success
    shown = repr((str(table), game.placka_mode if game else table.round.placka_mode, by_success))
    digest = hashlib.blake2b(shown.encode(), digest_size=8).hexdigest()
    return f"table-state:{_dashboard_key(table)}:{digest}:{ahead_deals}"


def _view_of(table: Table, game: TableGame | None, *, ahead_deals: int = 0) -> TableView:
    if game is None:
        # A game not started yet, as game_start will start it.
        game = game_unsaved(table, seats=min(max(len(_players(table)), 4), 6))
        empty = replay(ledger_settings(game), [])
        return TableView(state_json(game, None, empty, ahead_deals=ahead_deals), [])
    game.table = table
    loaded, state = ledger_read(game)
    return TableView(
        state_json(game, loaded, state, ahead_deals=ahead_deals), waivable_misdeals(loaded, state)
    )


def table_state(table: Table, *, ahead_deals: int = 0) -> TableState:
    """The state of the table's game (an empty one when no deal was entered yet)."""
    return table_view(table, ahead_deals=ahead_deals).state


def game_state(game: TableGame, *, ahead_deals: int = 0) -> TableState:
    """The state of a game a service just wrote (its replay is still on the instance)."""
    ledger = getattr(game, "ledger", None)
    if ledger is None:
        return table_state(game.table, ahead_deals=ahead_deals)
    return state_json(game, ledger[0], ledger[1], ahead_deals=ahead_deals)


#: Seconds a table's dashboard entry stays cached (its key changes with every write anyway).
DASHBOARD_CACHE_SECONDS = 600


def _dashboard_key(table: Table) -> str:
    """What a table's dashboard entry depends on: its players (a name replaced by erasure
    too), the round's word and rules before the first deal, then the game's events
    (``next_seq``), the referee call, its rulings' appeals (filed or decided without a new
    event), and the reader's language (the entry holds the table's name and the rulings'
    labels as text)."""
    game = getattr(table, "game", None)
    if game is None:
        round = table.round
        rules = (round.word.label, round.word.letters, round.placka_mode)
        shape = repr((rules, round.tournament.sit_out_rule, sorted(_players(table).items())))
        digest = hashlib.blake2b(shape.encode(), digest_size=8).hexdigest()
        return f"dashboard-table:new:{table.pk}:{digest}:{get_language()}"
    names = repr(sorted(_players(table).items()))
    digest = hashlib.blake2b(names.encode(), digest_size=8).hexdigest()
    called = game.referee_called_at.timestamp() if game.referee_called_at else 0
    acknowledged = game.referee_acknowledged_at.timestamp() if game.referee_acknowledged_at else 0
    appealed = table.appeal_at.timestamp() if table.appeal_at else 0  # type: ignore[attr-defined]
    return (
        f"dashboard-table:{game.pk}:{game.started_at.timestamp()}:{game.next_seq}:{game.status}:"
        f"{called}:{acknowledged}:{table.appeals}:{appealed}:{digest}:"  # type: ignore[attr-defined]
        f"{get_language()}"
    )


def _keyed(tables: QuerySet[Table]) -> QuerySet[Table]:
    """``tables`` with what their dashboard keys read of them: their games and their
    rulings' appeals."""
    return tables.select_related("game").annotate(
        appeals=Count("game__rulings__appeals"),
        appeal_at=Max("game__rulings__appeals__decided_at"),
    )


def _page_table_query(table_id: int) -> QuerySet[Table]:
    # Unordered: the model's ordering joins and groups by three more tables for one row.
    return _keyed(
        Table.objects.filter(pk=table_id)
        .select_related("round__tournament", "round__word", "line_judge")
        .order_by()
    )


#: The table page's table (:func:`page_table`): its SQL is written once, not per request.
_PAGE_TABLE = CompiledQuery(_page_table_query, int)


def _page_seats_query(table_id: int) -> QuerySet[TableSeat, tuple[str, str]]:
    seats = TableSeat.objects.filter(table_id=table_id).order_by()
    return seats.values_list("position", "entry__player__nickname")


#: The table page's players by seat (:func:`page_table`), as :func:`_players` reads them.
_PAGE_SEATS = CompiledQuery(_page_seats_query, int)


def _dashboard_tables(tables: QuerySet[Table]) -> list[Table]:
    """``tables`` with what their dashboard keys read: their games, their rulings' appeals
    and (one query for all) their players by seat."""
    return _with_players(list(_keyed(tables)))


def _with_players(found: list[Table]) -> list[Table]:
    """``found`` with their players by seat (one query for all)."""
    players: dict[int, dict[str, str]] = {table.pk: {} for table in found}
    seats = TableSeat.objects.filter(table_id__in=players).order_by()
    for table_id, position, nickname in seats.values_list(
        "table_id", "position", "entry__player__nickname"
    ):
        players[table_id][position] = nickname
    for table in found:
        setattr(table, _PLAYERS, players[table.pk])
    return found


def _dashboard_entry(state: TableState) -> DashboardEntry:
    """A table's dashboard entry from its full state (what the entries read from the tables'
    summaries must equal: ``tests/games/test_table_summaries.py``)."""
    return {
        "table": state["table"],
        "status": state["status"],
        "referee_called": state["referee_called"],
        "referee_call": state["referee_call"],
        "needs_referee": state["needs_referee"],
        "held_deals": state["held_deals"],
        "deals_played": sum(1 for d in state["deals"] if d["counted"]),
        "seats": state["seats"],
        "mecbol": [s["seat"] for s in state["seats"] if s["is_mecbol"]],
        "placka": [s["seat"] for s in state["seats"] if s["has_placka"]],
        "rulings": state["rulings"],
    }


def _summary_entry(
    table: Table,
    game: TableGame,
    summary: TableSummaryData,
    rulings: list[Ruling],
    appeals: list[Appeal],
    names: dict[int, str],
) -> DashboardEntry:
    """A table's dashboard entry from its summary and what is read beside it: its name and
    players, the referee call, its rulings' rows and their appeals (``rulings`` and
    ``appeals`` of this game, ``names`` of every user they and the call name)."""
    players = _players(table)
    seats: list[SeatJson] = [
        {**seat, "player": players.get(seat["seat"], "")} for seat in summary["seats"]
    ]
    numbers = summary["ruling_deals"]
    return {
        "table": _table_ref(table),
        "status": summary["status"],
        "referee_called": game.referee_called_at is not None,
        "referee_call": _referee_call(game, names),
        "needs_referee": bool(summary["held_deals"]),
        "held_deals": summary["held_deals"],
        "deals_played": summary["deals_played"],
        "seats": seats,
        "mecbol": [s["seat"] for s in seats if s["is_mecbol"]],
        "placka": [s["seat"] for s in seats if s["has_placka"]],
        "rulings": [
            _ruling_json(ruling, numbers.get(str(ruling.pk)), names, appeals) for ruling in rulings
        ],
    }


def _entries_of(tables: list[Table]) -> list[tuple[DashboardEntry, list[tuple[int, str]]]]:
    """The dashboard entries and waivable misdeals of ``tables`` (with their games selected)
    from their games' summaries (``games.summaries``): no replay for a game whose summary is
    up to date, and a number of queries that does not depend on the number of tables."""
    games: dict[int, TableGame] = {}
    for table in tables:
        game = getattr(table, "game", None)
        if game is None:
            # A game not started yet, as game_start will start it.
            game = game_unsaved(table, seats=min(max(len(_players(table)), 4), 6))
        game.table = table
        games[table.pk] = game
    started = [game for game in games.values() if game.pk is not None]
    summaries = summaries_of(started)
    rulings: dict[int, list[Ruling]] = {game.pk: [] for game in started}
    if any(summaries[game.pk]["ruling_deals"] for game in started):
        ruled = Ruling.objects.filter(game_id__in=[game.pk for game in started])
        for ruling in ruled.order_by("seq"):
            rulings[ruling.game_id].append(ruling)
    found = [ruling for rows in rulings.values() for ruling in rows]
    appeals = list(Appeal.objects.filter(ruling_id__in=[r.pk for r in found])) if found else []
    user_ids = {ruling.referee_id for ruling in found} | {
        pk
        for game in started
        for pk in (game.referee_called_by_id, game.referee_acknowledged_by_id)
        if pk
    }
    names = (
        dict(get_user_model().objects.filter(pk__in=user_ids).values_list("pk", "username"))
        if user_ids
        else {}
    )
    entries = []
    for table in tables:
        game = games[table.pk]
        if game.pk is None:
            summary = summary_of(game, None, replay(ledger_settings(game), []))
        else:
            summary = summaries[game.pk]
        entry = _summary_entry(table, game, summary, rulings.get(game.pk, []), appeals, names)
        entries.append((entry, waivable_labels(summary["waivable"])))
    return entries


@dataclass(frozen=True)
class DashboardTable:
    """A table of the round dashboard: its row (with its round and tournament, for the
    permission checks), its entry, the misdeals its referee tools may waive, and the key
    that changes whenever the entry does."""

    table: Table
    entry: DashboardEntry
    waivable: list[tuple[int, str]]
    key: str


def round_table_keys(round: Round) -> list[tuple[Table, str]]:
    """Every table of a round with the key of its dashboard entry (which changes whenever
    the entry does), in two queries whatever the number of tables."""
    tables = _dashboard_tables(round.tables.order_by("number"))
    for table in tables:
        table.round = round  # one round for all: its tournament and word are read once
    return [(table, _dashboard_key(table)) for table in tables]


def dashboard_entries(tables: list[Table]) -> list[DashboardEntry]:
    """The dashboard entries of ``tables`` (:func:`round_table_keys`' rows) from their
    summaries, without the dashboard's cache: for a page that keeps what it renders from
    them (the live page's table blocks), where keeping the entries too only cost time."""
    return [entry for entry, _waivable in _entries_of(tables)]


def dashboard_tables_of(keyed: list[tuple[Table, str]]) -> list[DashboardTable]:
    """The dashboard entries of ``keyed`` tables (:func:`round_table_keys`) from the cache;
    only a table written since (a new key) replays its ledger."""

    def build(missing: list[int]) -> list[tuple[DashboardEntry, list[tuple[int, str]]]]:
        return _entries_of([keyed[index][0] for index in missing])

    kept = kept_many([key for _table, key in keyed], build, DASHBOARD_CACHE_SECONDS)
    return [
        DashboardTable(table, entry, waivable, key)
        for (table, key), (entry, waivable) in zip(keyed, kept, strict=True)
    ]


def round_dashboard_tables(round: Round) -> list[DashboardTable]:
    """Every table of a round with its dashboard entry, in a number of queries that does not
    depend on the number of tables: two for the tables, their players and what their
    entries depend on, then the entries from the cache; only a table written since replays
    its ledger. The entry holds everything the referee tools show (letters' history, held
    deals, rulings), so a referee's or director's dashboard costs no more than a
    spectator's."""
    return dashboard_tables_of(round_table_keys(round))


def dashboard_of(round: Round, entries: list[DashboardEntry]) -> RoundDashboard:
    """The round dashboard of ``round`` from its tables' entries."""
    left = [t["table"]["number"] for t in entries if t["status"] != "finished"]
    return {
        "round": {"id": round.pk, "number": round.number, "status": round.status},
        "tables": entries,
        "calls": [t["table"]["number"] for t in entries if t["referee_called"]],
        "tables_left": left,
        "finished": not left and bool(entries),
    }


def round_dashboard(round: Round) -> RoundDashboard:
    """Every table of a round: deals played, letters, mečbol, finished, referee called."""
    return dashboard_of(round, [item.entry for item in round_dashboard_tables(round)])


def audit_list(game: TableGame) -> QuerySet[AuditEntry]:
    return AuditEntry.objects.filter(game=game).select_related("by").order_by("at", "pk")


def _appeals_of(tournament: Tournament | None) -> QuerySet[Appeal]:
    appeals = Appeal.objects.all()
    if tournament is not None:
        appeals = appeals.filter(ruling__game__table__round__tournament=tournament)
    return appeals


def appeals_pending(tournament: Tournament | None = None) -> QuerySet[Appeal]:
    """Appeals waiting for the commission (of ``tournament`` when given), oldest first, with
    what the page shows."""
    return (
        _appeals_of(tournament)
        .filter(status=AppealStatus.PENDING)
        .select_related(
            "ruling__deal", "ruling__game__table__round__tournament", "ruling__referee", "filed_by"
        )
        .order_by("filed_at", "pk")
    )


def appeals_decided(tournament: Tournament | None = None, limit: int = 50) -> QuerySet[Appeal]:
    return (
        _appeals_of(tournament)
        .exclude(status=AppealStatus.PENDING)
        .select_related(
            "ruling__deal", "ruling__game__table__round__tournament", "decided_by", "filed_by"
        )
        .order_by("-decided_at", "-pk")[:limit]
    )


def appeal_tournaments() -> QuerySet[Tournament]:
    """The tournaments with an appeal waiting, for the commission's overview."""
    return Tournament.objects.filter(
        rounds__tables__game__rulings__appeals__status=AppealStatus.PENDING
    ).distinct()


def misdeal_choices(table: Table) -> list[tuple[int, str]]:
    """Misdeals of the table whose letter a referee may still waive, by deal number."""
    game = TableGame.objects.of_table(table)
    if game is None:
        return []
    return waivable_misdeals(*ledger_read(game))


def waivable_misdeals(loaded: GameEvents, state: LedgerState) -> list[tuple[int, str]]:
    """The misdeals of ``state`` whose letter a referee may still waive, by deal number."""
    return waivable_labels(waivable(loaded, state))


def waivable_labels(misdeals: Sequence[WaivableMisdeal]) -> list[tuple[int, str]]:
    """The waiver form's choices: each misdeal's id and where it was, in the reader's
    language."""
    choices = []
    for misdeal in misdeals:
        number = misdeal["deal_number"]
        where = _("deal %(number)d") % {"number": number} if number is not None else _("next deal")
        label = _("%(where)s: misdeal %(n)d by %(seat)s (letter %(letter)s)") % {
            "where": where,
            "n": misdeal["number"],
            "seat": misdeal["dealer"],
            "letter": misdeal["letter"],
        }
        choices.append((misdeal["id"], label))
    return choices


def appealable_rulings(table: Table) -> list[tuple[int, str]]:
    """Rulings in force at the table without a pending appeal, labelled by deal number."""
    return appealable_choices(table_state(table)["rulings"])


def appealable_choices(rulings: Sequence[RulingJson]) -> list[tuple[int, str]]:
    """The rulings of a table's state that may be appealed: in force, without a pending
    appeal; labelled by deal number (the appeal form's choices)."""
    return [
        (
            ruling["id"],
            _("Deal %(number)d: renonc %(kind)s by %(seat)s, %(penalty)s")
            % {
                "number": ruling["deal_number"],
                "kind": ruling["kind"],
                "seat": ruling["offender"],
                "penalty": ruling["penalty_label"],
            },
        )
        for ruling in rulings
        if ruling["in_force"]
        and not any(appeal["status"] == AppealStatus.PENDING for appeal in ruling["appeals"])
    ]
