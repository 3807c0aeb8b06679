"""The house rules of a Smoke game, fixed before play starts (the seeds' SM-0).

Defaults follow ``rules-analysis.md`` section 3.

>>> rules = SmokeRules()
>>> rules.start, rules.box, rules.max_sits, rules.penalty
(10, 2, 2, 5)
>>> rules.check_participants(8)
Traceback (most recent call last):
...
engine.smoke.errors.RulesError: Smoke takes 3 to 7 participants, not 8
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.smoke.errors import RulesError


@dataclass(frozen=True)
class SmokeRules:
    """Settings a table agrees on before play.

    ``start``: everyone's tally at the start (10). ``box``: at this tally or less a
    participant is in the box and must play (2). ``max_sits``: sits allowed in a row
    before one is a mustie (2). ``penalty``: the pickup per infraction (5).
    ``blank``: the pickup of a stayer who takes no trick (5). ``hand_size``: 5.
    """

    start: int = 10
    box: int = 2
    max_sits: int = 2
    penalty: int = 5
    blank: int = 5
    hand_size: int = 5
    min_participants: int = 3
    max_participants: int = 7

    def check_participants(self, count: int) -> None:
        """Raise :class:`RulesError` unless ``count`` participants may play."""
        if not self.min_participants <= count <= self.max_participants:
            raise RulesError(
                f"Smoke takes {self.min_participants} to {self.max_participants}"
                f" participants, not {count}",
                code="participant",
            )

    def is_in_box(self, tally: int) -> bool:
        """In the box: two or less."""
        return tally <= self.box

    def is_mustie(self, sits: int) -> bool:
        """A mustie has sat ``max_sits`` times in a row and must play."""
        return sits >= self.max_sits

    def can_sit(self, tally: int, sits: int) -> bool:
        """Neither in the box nor a mustie."""
        return not self.is_in_box(tally) and not self.is_mustie(sits)


DEFAULT_RULES = SmokeRules()
