"""A table's summary: what the live results page and the round dashboard show of its game,
kept in the database (``games.models.TableSummary``) by every write.

A page that shows a round's tables used to replay every table's game when its cache was
empty (50 replays and 50 queries for a 50-table round). Every scorekeeping write ends in
``services.common.write_done``, which holds the game's state under its lock: it stores the
summary of that state in the same transaction (:func:`summary_write`), so a rolled-back
write leaves the summary it found. Readers (:func:`summaries_of`) read one row per table.

One authority: :func:`summary_of` computes a summary from a game's state, and the table's
full state (``games.selectors.state_json``) is built from the same pieces (:func:`seat_summaries`,
:func:`held_deals`, :func:`letter_history`), so the two never disagree.

A summary holds the version of the game it was computed for (:func:`summary_version`: the
game's next event number, the tournament's rule for an elimination's last places, and this
module's format). A reader that finds none, or another version (a game scored before the
summaries existed, a tournament whose rule changed, a release with another format), rebuilds
it from the events and stores it: the rows written before the migration are filled in by
their first reader. A reader's row may hold a state a moment newer than its version says
(it read the game's row, then its events); it is then taken for stale and rebuilt by the
next reader, never shown for an older game.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from django.db import DatabaseError, transaction

from engine.ledger import LedgerState, LetterAward, MisdealState, PlackaMode
from engine.ledger.ahead import seat_view
from games.adapter import GameEvents
from games.contracts import (
    HeldDealJson,
    LetterHistoryEntry,
    SeatSummary,
    TableSummaryData,
    WaivableMisdeal,
)
from games.kept_ledger import ledger_read
from games.models import TableGame, TableSummary
from games.places import placer, remainder_rule

logger = logging.getLogger(__name__)

#: Changes whenever the shape or the meaning of :class:`TableSummaryData` does: every row
#: stored before is then rebuilt by its first reader.
FORMAT = 1


def summary_version(game: TableGame) -> str:
    """The version of ``game`` a summary must have been computed for: its events (the next
    event's number) and, for an elimination, the tournament's rule for the places left open
    (it can change without an event)."""
    rule = remainder_rule(game) if game.placka_mode == PlackaMode.ELIMINATION else ""
    return f"{FORMAT}:{game.next_seq}:{rule}"


def letter_history(
    state: LedgerState, loaded: GameEvents | None
) -> dict[str, list[LetterHistoryEntry]]:
    """Every seat's letters in the order it got them: each deal's (misdeals, losers,
    rulings), then the misdeals of the deal being dealt."""
    ruling_by_event = {ruling.event_id: ruling.pk for ruling in (loaded.rulings if loaded else [])}
    history: dict[str, list[LetterHistoryEntry]] = {seat.seat: [] for seat in state.seats}

    def remember(awards: Sequence[LetterAward], number: int | None) -> None:
        for award in awards:
            history[award.seat].append(
                {
                    "letter": award.letter,
                    "number": award.number,
                    "deal_number": number,
                    "source": award.source,
                    "ruling": ruling_by_event.get(award.event_id or ""),
                }
            )

    for deal_state in state.deals:
        remember(
            deal_state.letter_awards, loaded.deal_number(deal_state.deal_id) if loaded else None
        )
    if state.next_deal is not None:
        pending = [m.letter for m in state.next_deal.misdeals if m.letter is not None]
        remember(pending, len(loaded.live_deals) + 1 if loaded else 1)
    return history


def seat_summaries(
    game: TableGame, state: LedgerState, history: dict[str, list[LetterHistoryEntry]]
) -> list[SeatSummary]:
    """The seats of ``state``; once an elimination ends, the seats left at the table are
    placed by the tournament's rule (``games.places``)."""
    places = placer(game)(state) if state.finished else {}
    return [
        {
            **seat_view(seat, state, places.get(seat.seat, (None, False))[0]),
            "is_disqualified": seat.is_disqualified,
            "place_shared": places.get(seat.seat, (None, seat.place_shared))[1],
            "deals_played": seat.deals_played,
            "deals_lost": seat.deals_lost,
            "history": history[seat.seat],
        }
        for seat in state.seats
    ]


def held_deals(state: LedgerState, loaded: GameEvents | None) -> list[HeldDealJson]:
    """The recorded deals the ledger does not count (held for a referee), with why."""
    if loaded is None:
        return []
    messages = {issue.event_id: issue.message for issue in state.issues}
    return [
        {
            "number": loaded.deal_number(deal.deal_id),
            "issue": deal.issue,
            "message": messages.get(deal.deal_id or ""),
        }
        for deal in state.deals
        if not deal.counted and loaded.deal_number(deal.deal_id) is not None
    ]


def waivable(loaded: GameEvents | None, state: LedgerState) -> list[WaivableMisdeal]:
    """The misdeals of ``state`` whose letter a referee may still waive."""
    found: list[tuple[int | None, MisdealState]] = [
        (loaded.deal_number(deal.deal_id) if loaded else None, misdeal)
        for deal in state.deals
        for misdeal in deal.misdeals
    ]
    if state.next_deal is not None:
        found += [(None, misdeal) for misdeal in state.next_deal.misdeals]
    return [
        {
            "id": int(misdeal.event_id.removeprefix("m")),
            "deal_number": number,
            "number": misdeal.number,
            "dealer": misdeal.dealer,
            "letter": misdeal.letter.letter,
        }
        for number, misdeal in found
        if misdeal.letter is not None and not misdeal.waived
    ]


def summary_of(game: TableGame, loaded: GameEvents | None, state: LedgerState) -> TableSummaryData:
    """The summary of ``game`` in ``state``, the replay of ``loaded`` (``None``: a game not
    started yet)."""
    rulings = loaded.rulings if loaded else []
    return {
        "status": "finished" if state.finished else "running",
        "deals_played": sum(1 for deal in state.deals if deal.counted),
        "held_deals": held_deals(state, loaded),
        "seats": seat_summaries(game, state, letter_history(state, loaded)),
        "ruling_deals": {
            str(ruling.pk): loaded.deal_number(f"d{ruling.deal_id}") if loaded else None
            for ruling in rulings
        },
        "waivable": waivable(loaded, state),
    }


def summary_write(game: TableGame, loaded: GameEvents, state: LedgerState) -> None:
    """Store the summary of ``state`` as ``game``'s (in the caller's transaction, under the
    game's lock, after every number the write takes)."""
    _store(
        [
            TableSummary(
                game=game, version=summary_version(game), data=summary_of(game, loaded, state)
            )
        ]
    )


def _store(rows: list[TableSummary]) -> None:
    """Insert or replace ``rows``, in one query."""
    TableSummary.objects.bulk_create(
        rows,
        update_conflicts=True,
        unique_fields=["game"],
        update_fields=["version", "data", "updated_at"],
    )


def summaries_of(games: Sequence[TableGame]) -> dict[int, TableSummaryData]:
    """The summaries of ``games`` by game id, in one query; a game whose summary is missing
    or of another version is replayed and its summary stored (in one more query)."""
    stored = {
        game_id: (version, data)
        for game_id, version, data in TableSummary.objects.filter(
            game__in=[game.pk for game in games]
        )
        .order_by()
        .values_list("game_id", "version", "data")
    }
    found: dict[int, TableSummaryData] = {}
    rebuilt: list[TableSummary] = []
    for game in sorted(games, key=lambda game: game.pk):
        version = summary_version(game)
        kept = stored.get(game.pk)
        if kept is not None and kept[0] == version:
            found[game.pk] = kept[1]
            continue
        loaded, state = ledger_read(game)
        data = summary_of(game, loaded, state)
        found[game.pk] = data
        rebuilt.append(TableSummary(game=game, version=version, data=data))
    if rebuilt:
        try:
            with transaction.atomic():
                _store(rebuilt)
        except DatabaseError as exc:
            # Only a saving: the page has its summaries, and the next reader stores them.
            # (A reader waits on no lock of its own making, but its rows may meet writers'.)
            logger.warning("table summaries not stored: %s", exc)
    return found
