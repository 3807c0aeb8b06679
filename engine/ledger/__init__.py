"""The ledger of one scorekept game: the one authority for a whole game's rules.

Pure Python (the standard library and the rest of the engine): the site stores the
game's events (deals, misdeals, rulings, corrections) and asks :func:`replay` for
everything derived from them; a game record (:mod:`engine.gamerecord`) is translated
into the same events and replayed the same way, and the engine's live game
(:class:`engine.game.Game`) records each deal it finishes here. Every replay recomputes from the
first event, so a ruling or a correction on an old deal moves every letter after it,
and withdrawing it restores exactly the state before; the next deal alone is played on
from the state before it (:func:`advance`), which equals that replay. Who dealt and who
sat out a deal are facts of play when the deal records them (the site always does): they
never move; a deal a ruling makes impossible is held for the referee (``held_deals``).

>>> from engine.ledger import DealRecorded, LedgerSettings, replay
>>> settings = LedgerSettings.for_word("TONDA")
>>> state = replay(settings, [DealRecorded("d1", ("C",))])
>>> state.seat("C").word_so_far, state.next_deal.dealer
('T', 'C')

Who deals next and who sits out are the engine's rules (:mod:`engine.table_rules`,
``engine/RULES.md``); the ledger applies them and keeps the letters. Decisions where the
rules are silent are listed in :mod:`engine.ledger.replay`
and :mod:`engine.ledger.record` (undo is refused while rulings on the last deal
are in force; an undone deal's misdeals go back to the deal being dealt).
"""

from engine.ledger.diff import DealChange, FieldChange, SeatChange, StateDiff, diff_states
from engine.ledger.errors import (
    CascadeError,
    DuplicateEventError,
    GameFinishedError,
    InvalidEventError,
    InvalidSettingsError,
    LedgerError,
    NothingToUndoError,
    SeatNotPlayingError,
    UnknownDealError,
    UnknownRulingError,
    UnknownSeatError,
    error_for,
)
from engine.ledger.events import (
    DealCorrected,
    DealHeld,
    DealRecorded,
    DealUndone,
    Event,
    Misdeal,
    Penalty,
    RenoncKind,
    RulingMade,
    RulingWithdrawn,
    penalty_fits,
)
from engine.ledger.replay import advance, replay
from engine.ledger.settings import LedgerSettings, PlackaMode, SitOutRule
from engine.ledger.state import (
    DealState,
    EventIssue,
    FinishReason,
    LedgerState,
    LetterAward,
    LetterSource,
    MisdealState,
    NextDeal,
    RulingEffect,
    SeatState,
)
from engine.ledger.validate import validate_deal, validate_event

__all__ = [
    "CascadeError",
    "DealChange",
    "DealCorrected",
    "DealHeld",
    "DealRecorded",
    "DealState",
    "DealUndone",
    "DuplicateEventError",
    "Event",
    "EventIssue",
    "FieldChange",
    "FinishReason",
    "GameFinishedError",
    "InvalidEventError",
    "InvalidSettingsError",
    "LedgerError",
    "LedgerSettings",
    "LedgerState",
    "LetterAward",
    "LetterSource",
    "Misdeal",
    "MisdealState",
    "NextDeal",
    "NothingToUndoError",
    "Penalty",
    "PlackaMode",
    "RenoncKind",
    "RulingEffect",
    "RulingMade",
    "RulingWithdrawn",
    "SeatChange",
    "SeatNotPlayingError",
    "SeatState",
    "SitOutRule",
    "StateDiff",
    "UnknownDealError",
    "UnknownRulingError",
    "UnknownSeatError",
    "advance",
    "diff_states",
    "error_for",
    "penalty_fits",
    "replay",
    "validate_deal",
    "validate_event",
]
