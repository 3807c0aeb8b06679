"""The tally sheet: pure scorekeeping for a physical Smoke table.

The site records each hand as who dealt, who stayed (the rest sat), the tricks
each stayer took, the infractions (who and what) and who took the first trick;
the sheet checks it against the rules and keeps everyone's tally, trend, sits in
a row, mustie and in-the-box status, and the winner.

Decisions where the seeds are silent (``rules-analysis.md`` section 3): a tally
never goes below 0; the first to reach 0 wins and the session ends; when two
reach 0 in the same hand, the one who got there first in trick order wins, which
the sheet cannot know, so it asks for ``first_out``; a hand nobody stays in is
void, sits still count and the same distributor deals again.

>>> sheet = TallySheet(["Jim", "Bud", "Whiz"], first_dealer="Jim")
>>> result = sheet.record_hand(stayed=["Bud", "Whiz"], tricks={"Bud": 4, "Whiz": 1},
...                            first_trick="Whiz")
>>> sheet.tallies()
{'Jim': 10, 'Bud': 6, 'Whiz': 9}
>>> print(sheet.readout().text)
Attention to tally.
Jim - 10 steady, had one sit
Bud - 6 coming down
Whiz - 9 coming down
>>> sheet.dealer
'Whiz'
>>> sheet.record_hand(stayed=["Bud"], tricks={"Bud": 4})
Traceback (most recent call last):
...
engine.smoke.errors.TallyError: tricks add up to 4, not 5
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from engine.smoke.errors import TallyError
from engine.smoke.readout import Readout, TallyLine, trend_of
from engine.smoke.rules import DEFAULT_RULES, SmokeRules


@dataclass(frozen=True)
class Infraction:
    """Five up for ``who``: a renege, a play out of turn, a card word, ..."""

    who: str
    what: str = "infraction"


@dataclass(frozen=True)
class HandEntry:
    """One hand as written on the sheet (already checked)."""

    dealer: str
    stayed: tuple[str, ...]
    tricks: tuple[tuple[str, int], ...]
    infractions: tuple[Infraction, ...] = ()
    first_trick: str | None = None
    first_out: str | None = None

    def tricks_of(self, name: str) -> int:
        """Tricks ``name`` took (0 for a sitter)."""
        return dict(self.tricks).get(name, 0)


@dataclass(frozen=True)
class Standing:
    """A participant's position after a hand."""

    name: str
    tally: int
    change: int
    sits: int
    mustie: bool
    in_box: bool
    winner: bool

    @property
    def trend(self) -> str:
        """``coming down``, ``going up`` or ``steady``."""
        return trend_of(self.change)


@dataclass(frozen=True)
class HandResult:
    """A recorded hand: the entry, everyone's standing after it, who reads the tally."""

    number: int
    entry: HandEntry
    standings: tuple[Standing, ...]
    reader: str
    winner: str | None

    @property
    def is_void(self) -> bool:
        """Nobody stayed."""
        return not self.entry.stayed


@dataclass
class TallySheet:
    """Participants in seating order (clockwise) and the hands recorded so far."""

    participants: Sequence[str]
    first_dealer: str | None = None
    rules: SmokeRules = DEFAULT_RULES
    results: list[HandResult] = field(default_factory=list)
    opening: tuple[Standing, ...] | None = None
    """Standings before the first hand when a sheet starts mid-session."""

    def __post_init__(self) -> None:
        self.participants = tuple(self.participants)
        self.rules.check_participants(len(self.participants))
        if not all(isinstance(name, str) and name.strip() for name in self.participants) or len(
            set(self.participants)
        ) != len(self.participants):
            raise TallyError("participants need distinct, non-empty names", code="participant")
        if self.first_dealer is not None:
            self._known(self.first_dealer, "first distributor")

    # ----------------------------------------------------------------- queries
    def _known(self, name: str, role: str) -> str:
        if name not in self.participants:
            raise TallyError(f"{role} {name!r} is not at this table", code="participant")
        return name

    def standings(self) -> tuple[Standing, ...]:
        """Everyone's current standing, in seating order."""
        if self.results:
            return self.results[-1].standings
        if self.opening is not None:
            return self.opening
        start = self.rules.start
        return tuple(
            Standing(n, start, 0, 0, False, self.rules.is_in_box(start), False)
            for n in self.participants
        )

    def tallies(self) -> dict[str, int]:
        """Current tally by name."""
        return {s.name: s.tally for s in self.standings()}

    def sits(self) -> dict[str, int]:
        """Sits in a row by name."""
        return {s.name: s.sits for s in self.standings()}

    def can_sit(self, name: str) -> bool:
        """True unless ``name`` is in the box or a mustie."""
        standing = {s.name: s for s in self.standings()}[self._known(name, "participant")]
        return self.rules.can_sit(standing.tally, standing.sits)

    def must_play(self) -> list[str]:
        """Who must play the next hand (musties and those in the box), seating order."""
        return [n for n in self.participants if not self.can_sit(n)]

    @property
    def winner(self) -> str | None:
        """The first to reach 0, once the session is over."""
        return self.results[-1].winner if self.results else None

    def is_over(self) -> bool:
        """True once someone has won."""
        return self.winner is not None

    @property
    def dealer(self) -> str | None:
        """Who deals the next hand: the last first-trick taker (or the same dealer
        after a void hand); ``first_dealer`` before any hand."""
        if not self.results:
            return self.first_dealer
        last = self.results[-1]
        return last.entry.first_trick or last.entry.dealer

    def readout(self, hand: int = -1) -> Readout:
        """The readout after a hand (default the last), from the reader's left."""
        if not self.results:
            raise TallyError("no hand has been recorded yet", code="over")
        result = self.results[hand]
        seats = len(self.participants)
        start = self.participants.index(result.reader)
        order = [self.participants[(start + 1 + i) % seats] for i in range(seats)]
        by_name = {s.name: s for s in result.standings}
        return Readout(result.reader, tuple(self.line(by_name[name]) for name in order))

    def line(self, standing: Standing) -> TallyLine:
        """A standing as a readout line."""
        return TallyLine(
            name=standing.name,
            tally=standing.tally,
            trend=standing.trend,
            sits=standing.sits,
            mustie=standing.mustie,
            in_box=standing.in_box and not standing.winner,
            never_land=standing.tally > self.rules.start,
            winner=standing.winner,
            change=standing.change,
        )

    # ----------------------------------------------------------------- recording
    def check_hand(
        self,
        *,
        stayed: Iterable[str],
        tricks: Mapping[str, int],
        infractions: Iterable[Infraction | tuple[str, str]] = (),
        first_trick: str | None = None,
        dealer: str | None = None,
        first_out: str | None = None,
    ) -> HandEntry:
        """Check a hand against the sheet and the rules; raise :class:`TallyError`."""
        if self.is_over():
            raise TallyError(f"the session is over: {self.winner} has won", code="over")
        expected = self.dealer
        if dealer is None:
            if expected is None:
                raise TallyError("name the distributor of the first hand", code="dealer")
            dealer = expected
        self._known(dealer, "distributor")
        if expected is not None and dealer != expected:
            raise TallyError(
                f"{expected} deals this hand (took the first trick), not {dealer}", code="dealer"
            )
        stayers = [self._known(name, "stayer") for name in stayed]
        if len(set(stayers)) != len(stayers):
            raise TallyError("a participant is listed as staying twice", code="stayed")
        standing = {s.name: s for s in self.standings()}
        for name in self.participants:
            if name in stayers:
                continue
            if self.rules.is_in_box(standing[name].tally):
                raise TallyError(
                    f"{name} is in the box ({standing[name].tally}) and cannot sit",
                    code="in_the_box",
                )
            if self.rules.is_mustie(standing[name].sits):
                raise TallyError(
                    f"{name} has sat {number(standing[name].sits)} in a row and must play:"
                    " no third sit",
                    code="mustie",
                )
        taken = self._check_tricks(stayers, tricks)
        crimes = tuple(i if isinstance(i, Infraction) else Infraction(*i) for i in infractions)
        for crime in crimes:
            self._known(crime.who, "infraction by")
        if stayers:
            takers = [n for n in stayers if taken.get(n, 0)]
            if first_trick is None and len(takers) == 1:
                first_trick = takers[0]
            if first_trick is None:
                raise TallyError("say who took the first trick (he deals next)", code="first_trick")
            if first_trick not in takers:
                raise TallyError(
                    f"{first_trick} took no trick, so cannot have taken the first",
                    code="first_trick",
                )
        elif first_trick is not None:
            raise TallyError("nobody stayed, so nobody took a trick", code="first_trick")
        ordered = tuple(n for n in self.participants if n in stayers)
        return HandEntry(
            dealer=dealer,
            stayed=ordered,
            tricks=tuple((n, taken.get(n, 0)) for n in ordered),
            infractions=crimes,
            first_trick=first_trick,
            first_out=first_out,
        )

    def _check_tricks(self, stayers: list[str], tricks: Mapping[str, int]) -> dict[str, int]:
        taken: dict[str, int] = {}
        for name, count in tricks.items():
            self._known(name, "trick taker")
            if name not in stayers and count:
                raise TallyError(f"{name} sat out and cannot take tricks", code="tricks")
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                raise TallyError(f"{name}: tricks must be a whole number >= 0", code="tricks")
            taken[name] = count
        total = sum(taken.values())
        if stayers and total != self.rules.hand_size:
            raise TallyError(f"tricks add up to {total}, not {self.rules.hand_size}", code="tricks")
        return taken

    def record_hand(
        self,
        *,
        stayed: Iterable[str],
        tricks: Mapping[str, int],
        infractions: Iterable[Infraction | tuple[str, str]] = (),
        first_trick: str | None = None,
        dealer: str | None = None,
        first_out: str | None = None,
    ) -> HandResult:
        """Check and record a hand; return everyone's standing after it."""
        entry = self.check_hand(
            stayed=stayed,
            tricks=tricks,
            infractions=infractions,
            first_trick=first_trick,
            dealer=dealer,
            first_out=first_out,
        )
        return self.record_entry(entry)

    def record_entry(self, entry: HandEntry) -> HandResult:
        """Record an entry made by :meth:`check_hand` (or read from a record)."""
        rules = self.rules
        before = {s.name: s for s in self.standings()}
        standings = []
        for name in self.participants:
            old = before[name]
            if name in entry.stayed:
                took = entry.tricks_of(name)
                delta, sits = (-took if took else rules.blank), 0
            else:
                delta, sits = 0, old.sits + 1
            delta += rules.penalty * sum(1 for i in entry.infractions if i.who == name)
            tally = max(0, old.tally + delta)
            standings.append(
                Standing(
                    name,
                    tally,
                    tally - old.tally,
                    sits,
                    rules.is_mustie(sits),
                    rules.is_in_box(tally),
                    False,
                )
            )
        at_zero = [s.name for s in standings if s.tally == 0]
        winner = self._winner(at_zero, entry.first_out)
        standings = [
            Standing(s.name, s.tally, s.change, s.sits, s.mustie, s.in_box, s.name == winner)
            for s in standings
        ]
        result = HandResult(
            number=len(self.results) + 1,
            entry=entry,
            standings=tuple(standings),
            reader=entry.first_trick or entry.dealer,
            winner=winner,
        )
        self.results.append(result)
        return result

    @staticmethod
    def _winner(at_zero: list[str], first_out: str | None) -> str | None:
        if first_out is not None and first_out not in at_zero:
            raise TallyError(f"{first_out} did not reach zero", code="tie")
        if len(at_zero) > 1 and first_out is None:
            raise TallyError(
                f"{' and '.join(at_zero)} all reached zero: say who got there first (first_out)",
                code="tie",
            )
        return first_out or (at_zero[0] if at_zero else None)

    def undo(self) -> HandEntry:
        """Remove the last hand (a correction) and return its entry."""
        if not self.results:
            raise TallyError("no hand to undo", code="over")
        return self.results.pop().entry


def number(times: int) -> str:
    """``once``, ``twice``, ``3 times``."""
    return {1: "once", 2: "twice"}.get(times, f"{times} times")
