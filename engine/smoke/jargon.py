"""The jargon rule: card words are forbidden at a Smoke table (five up each).

The seeds' TERMS list gives each forbidden word and its substitutes. Following
``rules-analysis.md`` (default 14) the banned list is the list's left column plus
``suit`` (its substitute is the seeds' own gloss, ``brand``); other card words
(trick, deal, lead...) are left to a thumbs vote and are not flagged.

A word is found whole (not inside another word), in any case, singular or plural
(and ``-ed``/``-ing`` for the verbs ``trump`` and ``score``). The number words two
to ten are also everyday counts ("draw two"), so their findings are marked
``ambiguous``: the table decides whether a card was meant.

>>> [f.word for f in check_line("Who has the Queen of Hearts?")]
['Queen', 'Hearts']
>>> check_line("the dealer's card table")[1].substitutes
('mesa', 'felt', 'slab', 'board')
>>> check_line("heartless kingdom, often")
[]
>>> suggest("Trump the kings!")
'Smoke the kacks!'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

TERMS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("hearts", ("bleeders", "thumpers")),
    ("spades", ("diggers",)),
    ("clubs", ("puppyfeet",)),
    ("diamonds", ("sparklers",)),
    ("ace", ("pin", "boss", "big one")),
    ("two", ("wee one",)),
    ("three", ("trey", "one above the wee one")),
    ("four", ("little joe",)),
    ("five", ("nickel", "fever", "one above little joe")),
    ("six", ("bottom loop", "lower bubble")),
    ("seven", ("buggy top", "whip")),
    ("eight", ("double bubble", "double nuts", "double asshole")),
    ("nine", ("upper loop", "upper bubble")),
    ("ten", ("tracks",)),
    ("jack", ("hook",)),
    ("queen", ("tits", "old lady", "whore")),
    ("king", ("kack", "big boy")),
    ("cards", ("tickets", "papes", "paper")),
    ("card table", ("mesa", "felt", "slab", "board")),
    ("score", ("tally",)),
    ("dealer", ("distributor",)),
    ("players", ("participants",)),
    ("hand", ("mitt", "glove")),
    ("trump", ("smoke",)),
    ("suit", ("brand",)),
)
"""Each forbidden term (as in the seeds, lower case) and its substitutes."""

NUMBER_TERMS = frozenset({"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"})

_PLURAL_SUBSTITUTE = {
    "kack": "kacks",
    "pin": "pins",
    "hook": "hooks",
    "mitt": "mitts",
    "distributor": "distributors",
    "brand": "brands",
    "tally": "tallies",
}


def _forms(term: str) -> list[str]:
    """The written forms of a term: singular, plural and a few verb forms."""
    stems = {
        "hearts": "heart",
        "spades": "spade",
        "clubs": "club",
        "diamonds": "diamond",
        "cards": "card",
        "players": "player",
    }
    base = stems.get(term, term)
    plural = base + ("es" if base.endswith(("x", "s")) else "s")
    forms = [base, plural]
    if term == "trump":
        forms += ["trumped", "trumping"]
    if term == "score":
        forms += ["scored", "scoring", "scorer"]
    return forms


def _build() -> tuple[re.Pattern[str], dict[str, str]]:
    by_form: dict[str, str] = {}
    for term, _ in TERMS:
        for form in _forms(term):
            by_form[form] = term
    alternatives = sorted(by_form, key=len, reverse=True)
    body = "|".join(re.escape(f).replace(r"\ ", r"\s+") for f in alternatives)
    return re.compile(rf"(?<![\w-])(?:{body})(?![\w-])", re.IGNORECASE), by_form


_PATTERN, _BY_FORM = _build()
_SUBSTITUTES = dict(TERMS)


@dataclass(frozen=True)
class Finding:
    """A forbidden word in a line: as written, where, the term and its substitutes."""

    word: str
    start: int
    end: int
    term: str
    substitutes: tuple[str, ...]
    ambiguous: bool = False

    @property
    def suggestion(self) -> str:
        """The first substitute, in the plural when the word was plural."""
        first = self.substitutes[0]
        plural = self.word.lower().endswith("s") and not self.term.endswith("s")
        return _PLURAL_SUBSTITUTE.get(first, first) if plural else first

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "word": self.word,
            "position": self.start,
            "end": self.end,
            "term": self.term,
            "substitutes": list(self.substitutes),
            "suggestion": self.suggestion,
            "ambiguous": self.ambiguous,
        }


def check_line(line: str) -> list[Finding]:
    """Every forbidden word in ``line``, left to right."""
    findings = []
    for match in _PATTERN.finditer(line):
        form = re.sub(r"\s+", " ", match.group(0).lower())
        term = _BY_FORM[form]
        findings.append(
            Finding(
                match.group(0),
                match.start(),
                match.end(),
                term,
                _SUBSTITUTES[term],
                term in NUMBER_TERMS,
            )
        )
    return findings


def is_clean(line: str) -> bool:
    """True when the line has no forbidden word."""
    return not check_line(line)


def suggest(line: str) -> str:
    """The line with each forbidden word replaced by its first substitute
    (keeping a leading capital)."""
    out, last = [], 0
    for finding in check_line(line):
        word = finding.suggestion
        if finding.word[:1].isupper():
            word = word[:1].upper() + word[1:]
        out += [line[last : finding.start], word]
        last = finding.end
    return "".join([*out, line[last:]])
