"""The settings of one game's ledger: the word, the table and the stage rules."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from engine.ledger.errors import InvalidSettingsError
from engine.rules import TOTAL_POINTS
from engine.table_rules import PLAYERS_PER_DEAL, SEAT_LETTERS, SitOutRule

# The sit-out rules and seat geometry are the engine's (engine/table_rules.py).
__all__ = [
    "MAX_DEAL_POINTS",
    "PLAYERS_PER_DEAL",
    "SEAT_NAMES",
    "LedgerSettings",
    "PlackaMode",
    "SitOutRule",
]

SEAT_NAMES = SEAT_LETTERS
MAX_DEAL_POINTS = TOTAL_POINTS


class PlackaMode(StrEnum):
    """What a placka does to the game (a per-stage setting)."""

    #: Basic rounds: the game ends at the first placka.
    UNTIL_FIRST_PLACKA = "until_first_placka"
    #: Final: the seat leaves and takes the lowest open place; the others play
    #: on while four or more remain.
    ELIMINATION = "elimination"


@dataclass(frozen=True)
class LedgerSettings:
    """Everything the ledger needs to know about the game besides its events.

    >>> s = LedgerSettings(word=tuple("TONDA"), seats=5)
    >>> s.seat_names
    ('A', 'B', 'C', 'D', 'E')
    """

    word: tuple[str, ...]
    seats: int = 4
    placka_mode: PlackaMode = PlackaMode.UNTIL_FIRST_PLACKA
    sit_out_rule: SitOutRule = SitOutRule.DEALER
    #: Misdeals a dealer may make in one deal without a letter (RULES: one).
    free_misdeals: int = 1
    #: Who deals the first deal (the site always starts at ``A``; a game record may not).
    first_dealer: str = SEAT_NAMES[0]

    def __post_init__(self) -> None:
        if not self.word or any(not letter or letter.isspace() for letter in self.word):
            raise InvalidSettingsError(
                f"The playing word needs at least one letter and no blank ones, got {self.word!r}."
            )
        if not PLAYERS_PER_DEAL <= self.seats <= len(SEAT_NAMES):
            raise InvalidSettingsError(
                f"A table has 4, 5 or 6 seats, not {self.seats}.", code="invalid_settings"
            )
        if self.free_misdeals < 0:
            raise InvalidSettingsError("free_misdeals cannot be negative.")
        if self.first_dealer not in self.seat_names:
            raise InvalidSettingsError(
                f"The first dealer must be a seat of this table, not {self.first_dealer!r}."
            )

    @classmethod
    def for_word(cls, word: str, **kwargs: object) -> LedgerSettings:
        """Settings for a word given as text; spaces are not letters (``Herr FLICK``)."""
        letters = tuple(ch for ch in word if not ch.isspace())
        return cls(word=letters, **kwargs)  # type: ignore[arg-type]

    @property
    def seat_names(self) -> tuple[str, ...]:
        return SEAT_NAMES[: self.seats]

    @property
    def word_length(self) -> int:
        return len(self.word)

    @cached_property
    def prefixes(self) -> tuple[str, ...]:
        """The letters a seat holds for each count, ``""`` to the whole word: every state of
        a game spells them."""
        return tuple("".join(self.word[:count]) for count in range(len(self.word) + 1))
