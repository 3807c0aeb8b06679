"""Scorekeeping writes. Every service checks the caller's rights, locks the game row,
validates through :mod:`engine.ledger`, writes in one transaction and appends an audit entry."""

from games.services.common import game_start, round_update_status
from games.services.deals import deal_correct, deal_held_record, deal_record, deal_undo
from games.services.rulings import appeal_decide, appeal_file, ruling_make
from games.services.table import (
    PaperRow,
    game_referee_acknowledge,
    game_referee_call,
    misdeal_record,
    misdeal_undo,
    misdeal_waive,
    paper_enter,
)

__all__ = [
    "PaperRow",
    "appeal_decide",
    "appeal_file",
    "deal_correct",
    "deal_held_record",
    "deal_record",
    "deal_undo",
    "game_referee_acknowledge",
    "game_referee_call",
    "game_start",
    "misdeal_record",
    "misdeal_undo",
    "misdeal_waive",
    "paper_enter",
    "round_update_status",
    "ruling_make",
]
