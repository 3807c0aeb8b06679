"""The tally readout, "attention to tally", as text, data and plain speech.

One line per participant, in the seeds' form: name, tally, trend, sits, mustie,
in the box. Every part is optional, so the seeds' own example lines parse and
format back unchanged; the tally sheet always gives tally and trend.

Grammar of a line: ``NAME - [TALLY][ PART[, PART]...][, never, never land]``
where a part is a trend (``coming down``, ``going up``, ``steady``), the sits
(``had two sits``; without a tally ``One sit``), ``is a mustie``, ``in the box``
or ``wins``. ``never, never land`` marks a tally above the start (10).

>>> TallyLine.parse("Whiz - 9 had two sets, is a mustie").text
'Whiz - 9 had two sits, is a mustie'
>>> TallyLine.parse("Bud - One sit").sits
1
>>> TallyLine("Jim", 6, "coming down").spoken
'Jim, six, coming down.'
>>> number_words(14), number_words(105)
('fourteen', 'one hundred and five')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.smoke.errors import TallyError

TRENDS = ("coming down", "going up", "steady")
NEVER_LAND = "never, never land"
_ONES = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS = ["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def number_words(n: int) -> str:
    """A whole number in English words, easy to say aloud (to 999,999)."""
    if n < 0:
        return "minus " + number_words(-n)
    if n < 20:
        return _ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{_ONES[hundreds]} hundred" + (f" and {number_words(rest)}" if rest else "")
    if n < 1_000_000:
        thousands, rest = divmod(n, 1000)
        tail = "" if not rest else (" and " if rest < 100 else " ") + number_words(rest)
        return f"{number_words(thousands)} thousand{tail}"
    return str(n)


def parse_number_words(text: str) -> int:
    """The inverse of :func:`number_words` for 0..99, or digits."""
    word = text.strip().lower()
    if word.isdigit():
        return int(word)
    for n in range(100):
        if number_words(n) == word:
            return n
    raise TallyError(f"not a number: {text!r}", code="readout")


def trend_of(change: int) -> str:
    """``coming down`` when the tally fell, ``going up`` when it rose, else ``steady``."""
    return "coming down" if change < 0 else "going up" if change > 0 else "steady"


@dataclass(frozen=True)
class TallyLine:
    """One participant's line of the readout."""

    name: str
    tally: int | None = None
    trend: str | None = None
    sits: int = 0
    mustie: bool = False
    in_box: bool = False
    never_land: bool = False
    winner: bool = False
    change: int | None = None

    def _parts(self, spoken: bool) -> list[str]:
        parts = [self.trend] if self.trend else []
        if self.sits:
            plural = "sit" if self.sits == 1 else "sits"
            lead = "had " if self.tally is not None and not spoken else ""
            parts.append(f"{lead}{number_words(self.sits)} {plural}")
        if self.mustie:
            parts.append("is a mustie")
        if self.in_box:
            parts.append("in the box")
        if self.winner:
            parts.append("wins")
        return parts

    @property
    def text(self) -> str:
        """The line as the reader says it, in the seeds' form."""
        parts = self._parts(spoken=False)
        if self.tally is None:
            body = ", ".join(parts)
            body = body[:1].upper() + body[1:]
        else:
            body = str(self.tally) + (" " + ", ".join(parts) if parts else "")
        if self.never_land:
            body = f"{body}, {NEVER_LAND}" if body else NEVER_LAND
        return f"{self.name} - {body}"

    @property
    def spoken(self) -> str:
        """A plain sentence for speech: commas for pauses, every number in words."""
        words = [self.name]
        if self.tally is not None:
            words.append(number_words(self.tally))
        words += self._parts(spoken=True)
        if self.never_land:
            words.append("never never land")
        return ", ".join(words) + "."

    def as_dict(self) -> dict[str, Any]:
        """The structured form (JSON-ready)."""
        return {
            "name": self.name,
            "tally": self.tally,
            "change": self.change,
            "trend": self.trend,
            "sits": self.sits,
            "mustie": self.mustie,
            "in_the_box": self.in_box,
            "never_never_land": self.never_land,
            "winner": self.winner,
            "text": self.text,
            "spoken": self.spoken,
        }

    @classmethod
    def parse(cls, text: str) -> TallyLine:
        """Read a line back. ``sets`` is accepted for ``sits`` (the seeds' typo).

        >>> TallyLine.parse("Tom 2")
        Traceback (most recent call last):
        ...
        engine.smoke.errors.TallyError: not a tally line: 'Tom 2' (NAME - TALLY ...)
        """
        match = re.fullmatch(r"(.+?) - (.*)", text.strip())
        if not match:
            raise TallyError(f"not a tally line: {text!r} (NAME - TALLY ...)", code="readout")
        name, body = match.group(1), match.group(2)
        never_land = body.endswith(NEVER_LAND)
        if never_land:
            body = body[: -len(NEVER_LAND)].rstrip(", ")
        fields: dict[str, Any] = {"name": name, "never_land": never_land}
        number = re.fullmatch(r"(\d+)(?: (.*))?", body)
        if number:
            fields["tally"] = int(number.group(1))
            body = number.group(2) or ""
        for part in [p.strip() for p in body.split(",") if p.strip()]:
            low = part.lower()
            sits = re.fullmatch(r"(?:had )?([\w-]+) s[ie]ts?", low)
            if low in TRENDS:
                fields["trend"] = low
            elif sits:
                fields["sits"] = parse_number_words(sits.group(1))
            elif low == "is a mustie":
                fields["mustie"] = True
            elif low == "in the box":
                fields["in_box"] = True
            elif low == "wins":
                fields["winner"] = True
            else:
                raise TallyError(f"unknown part {part!r} in tally line {text!r}", code="readout")
        return cls(**fields)


@dataclass(frozen=True)
class Readout:
    """The whole readout after a hand: the reader, then his left round to himself."""

    reader: str
    lines: tuple[TallyLine, ...]
    opening: str = "Attention to tally."

    @property
    def text(self) -> str:
        """The opening words, then one line per participant."""
        return "\n".join([self.opening, *(line.text for line in self.lines)])

    @property
    def spoken(self) -> str:
        """One plain paragraph to be read aloud (or by a speech synthesiser)."""
        return " ".join([self.opening, *(line.spoken for line in self.lines)])

    def as_dict(self) -> dict[str, Any]:
        """The structured form (JSON-ready)."""
        return {
            "reader": self.reader,
            "opening": self.opening,
            "lines": [line.as_dict() for line in self.lines],
            "text": self.text,
            "spoken": self.spoken,
        }
