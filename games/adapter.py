"""Rows to ledger events and back: the one place that knows both the models and
:mod:`engine.ledger`. Thin on purpose; the ledger stays the single source of truth.

Who dealt and who sat out are stored with every deal and misdeal as they were played
(:func:`dealer_for_record`, :func:`sat_out_for_record`); deals recorded before the
dealer was stored (blank) follow the rules. Every rule (who deals, who sits out under
the tournament's sit-out rule) is the engine's, applied by the ledger; this module only
translates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from django.core.exceptions import ValidationError

from engine.ledger import (
    DealCorrected,
    DealHeld,
    DealRecorded,
    DealUndone,
    Event,
    LedgerError,
    LedgerSettings,
    LedgerState,
    Misdeal,
    Penalty,
    PlackaMode,
    RenoncKind,
    RulingMade,
    RulingWithdrawn,
    SitOutRule,
    replay,
)
from games.models import Correction, DealEntry, MisdealEntry, Ruling, TableGame

#: Which input field a ledger error code belongs to.
_FIELD_BY_CODE = {
    "no_loser": "losers",
    "duplicate_loser": "losers",
    "unknown_seat": "losers",
    "too_many_losers": "losers",
    "seat_sat_out": "losers",
    "seat_left_table": "losers",
    "dealer_left_table": "deal",
    "invalid_points": "points",
    "invalid_sit_out": "sat_out",
    "game_finished": "game",
    "unknown_deal": "deal",
    "deal_not_counted": "deal",
    "offender_sat_out": "offender",
    "offender_left_table": "offender",
    "unknown_ruling": "ruling",
    "nothing_to_undo": "game",
    "undo_deal_has_rulings": "game",
    "invalidates_later_events": "deal",
    "empty_correction": "losers",
}


def ledger_settings(game: TableGame) -> LedgerSettings:
    return LedgerSettings.for_word(
        game.word_letters,
        seats=game.seats,
        placka_mode=PlackaMode(game.placka_mode),
        sit_out_rule=SitOutRule(game.sit_out_rule),
    )


@dataclass
class GameEvents:
    """A game's event rows, loaded once per request (or kept: ``games.kept_ledger``)."""

    game: TableGame
    settings: LedgerSettings
    events: list[Event]
    deals: list[DealEntry]
    rulings: list[Ruling]
    misdeals: list[MisdealEntry]
    #: The game's version these are exactly (read under its lock, or kept), else ``None``.
    version: str | None = None

    @property
    def live_deals(self) -> list[DealEntry]:
        return [deal for deal in self.deals if deal.is_live]

    def replay(self) -> LedgerState:
        return replay(self.settings, self.events)

    def plus(self, event: Event, *, deal: DealEntry | None = None) -> GameEvents:
        """These events and one more just written (saves reloading every row)."""
        deals = [*self.deals, deal] if deal is not None else list(self.deals)
        return GameEvents(
            self.game, self.settings, [*self.events, event], deals, self.rulings, self.misdeals
        )

    @cached_property
    def _numbers(self) -> dict[str, int]:
        return {deal.event_id: deal.number for deal in self.deals}

    def deal_number(self, event_id: str | None) -> int | None:
        """The number of the deal recorded as event ``event_id`` (``None``: not a deal)."""
        return self._numbers.get(event_id) if event_id is not None else None


def game_events(game: TableGame) -> GameEvents:
    deals = list(DealEntry.objects.filter(game=game).order_by("seq"))
    misdeals: list[MisdealEntry] = []
    corrections: list[Correction] = []
    rulings: list[Ruling] = []
    # Every event row takes its own number from ``next_seq`` (services.common.take_seq):
    # when the deals and their undos account for every number taken, the game has no
    # misdeal, correction or ruling, and the three queries are spared (most games, most
    # writes). A row written after ``game`` was read is either seen among the deals (the
    # counts differ: everything is read) or left out, as if all were read a moment earlier.
    taken = len(deals) + sum(1 for deal in deals if deal.undone_seq is not None)
    if taken != game.next_seq - 1:
        misdeals = list(MisdealEntry.objects.filter(game=game).order_by("seq"))
        corrections = list(Correction.objects.filter(game=game).order_by("seq"))
        rulings = list(Ruling.objects.filter(game=game).order_by("seq"))
    stamped: list[tuple[int, Event]] = []
    for deal in deals:
        stamped.append((deal.seq, deal_event(deal)))
        if deal.undone_seq is not None:
            stamped.append((deal.undone_seq, DealUndone(f"u{deal.pk}")))
    for misdeal in misdeals:
        if not misdeal.is_live:
            continue  # undone within its deal: as if it had not happened
        deal_id = f"d{misdeal.deal_id}" if misdeal.deal_id else None
        stamped.append(
            (
                misdeal.seq,
                Misdeal(misdeal.event_id, deal_id, misdeal.waived, misdeal.dealer or None),
            )
        )
    for correction in corrections:
        losers = tuple(correction.losers) if correction.losers is not None else None
        event = DealCorrected(
            correction.event_id, f"d{correction.deal_id}", losers, correction.points
        )
        stamped.append((correction.seq, event))
    for ruling in rulings:
        stamped.append((ruling.seq, ruling_event(ruling, f"r{ruling.pk}")))
        if ruling.withdrawn_seq is not None:
            stamped.append(
                (ruling.withdrawn_seq, RulingWithdrawn(ruling.withdrawal_id, ruling.event_id))
            )
    stamped.sort(key=lambda pair: pair[0])
    return GameEvents(
        game, ledger_settings(game), [event for _, event in stamped], deals, rulings, misdeals
    )


def deal_event(deal: DealEntry) -> DealRecorded | DealHeld:
    """The ledger event of a stored deal: recorded, or held as a game record said."""
    if deal.held:
        return DealHeld(deal.event_id, deal.dealer or None)
    sat_out = tuple(deal.sat_out) if deal.sat_out is not None else None
    return DealRecorded(
        deal.event_id, tuple(deal.losers), deal.points, sat_out, deal.dealer or None
    )


def ruling_event(ruling: Ruling, event_id: str) -> RulingMade:
    return RulingMade(
        id=event_id,
        deal_id=f"d{ruling.deal_id}",
        kind=RenoncKind(ruling.kind),
        offender=ruling.offender,
        penalty=Penalty(ruling.penalty),
        intentional=ruling.intentional,
        ruled_by=str(ruling.referee_id or ""),
        reason=ruling.reason,
    )


def next_players(state: LedgerState) -> tuple[str, ...]:
    """Who plays the next deal (none once the game is over)."""
    return state.next_deal.players if state.next_deal is not None else ()


def sat_out_for_record(state: LedgerState, sat_out: Sequence[str] | None) -> tuple[str, ...] | None:
    """The ``sat_out`` to store, a fact of play: as given, else who the rules seat out of
    the next deal now. Stored with every deal, so a later ruling on an earlier deal never
    changes who sat out this one."""
    if sat_out is not None:
        return tuple(sat_out)
    if state.next_deal is None:
        return None
    return state.next_deal.sitting_out


def dealer_for_record(state: LedgerState) -> str:
    """Who deals the next deal: stored with the deal (or misdeal) as a fact of play."""
    return state.next_deal.dealer if state.next_deal is not None else ""


def validation_error(error: LedgerError, field: str | None = None) -> ValidationError:
    name = field or _FIELD_BY_CODE.get(error.code, "game")
    return ValidationError({name: [error.message]}, code=error.code)


def seat_map(players: Sequence[str]) -> dict[str, str]:
    """Engine seats A-D to the table seats that played, clockwise in seat order."""
    return dict(zip("ABCD", players, strict=True))
