"""A reference model of whole games, written from ``engine/RULES.md`` alone.

It generates a game at a table of four to six as the rules describe it, deal by deal:
who deals (the first dealer, the loser, several losers, a loser who has left the table),
who sits out (``dealer``, ``dealer_and_left``, ``rotation``), who leads a full SCN record,
misdeals and their letters, losers by points or by a full record, referee rulings,
plackas in both modes and seats leaving. It writes the game record (RULES.md, "Game
records") and what ``score-game`` must print for it.

It imports nothing of the engine: the seat arithmetic, the sit-outs, the leader, the next
dealer and the letters are counted out here by hand, so comparing it with ``score-game``
compares two readings of RULES.md. The one outside input is the pool of full SCN deals:
their losers and points come from the engine's deal scorer (the deal scorer is checked
against its own golden records elsewhere); the model decides only who deals them, who
leads, and whose seats they are at the table.

Where RULES.md is silent the model follows the choices the ledger documents
(``engine/ledger/replay.py``): a seat that completes the word and is disqualified in the
same deal keeps its placka but takes no place; the seats disqualified in a deal leave
before the placka places are counted; a new dealer after a misdeal letter took the old one
off the table starts with a free misdeal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tests.engine.helpers import redealt

SEATS = "ABCDEF"
FOUR = "ABCD"
PENALTIES = ("loses_deal", "extra_letter", "loses_game", "disqualification", "ban")


@dataclass(frozen=True)
class PoolDeal:
    """A full SCN deal and what the engine's deal scorer made of it (record seats)."""

    record: dict[str, Any]
    #: The record's losers by tie rule (``last_trick``, ``both``), record seats A-D.
    losers: dict[str, tuple[str, ...]]
    points: dict[str, int]


@dataclass(frozen=True)
class Config:
    seats: int
    rule: str
    mode: str
    tie: str


def after(seat: str, among: Sequence[str], order: str) -> str:
    """The first of ``among`` clockwise after ``seat`` (``seat`` itself last)."""
    start = order.index(seat)
    for step in range(1, len(order) + 1):
        candidate = order[(start + step) % len(order)]
        if candidate in among:
            return candidate
    raise AssertionError("nobody to count to")


def before(seat: str, among: Sequence[str], order: str) -> str:
    """The first of ``among`` counter-clockwise before ``seat``: to its right."""
    return after(seat, among, order[::-1])


@dataclass
class Table:
    """The model's table while a game is generated."""

    config: Config
    word: str
    dealer: str
    rng: random.Random
    order: str = ""
    active: list[str] = field(default_factory=list)
    letters: dict[str, int] = field(default_factory=dict)
    completed: set[str] = field(default_factory=set)
    disqualified: set[str] = field(default_factory=set)
    places: dict[str, int] = field(default_factory=dict)
    #: The seat the ``rotation`` rule counts on from (the last seat that sat out).
    last_out: str | None = None
    finished: bool = False
    reason: str | None = None

    def __post_init__(self) -> None:
        self.order = SEATS[: self.config.seats]
        self.active = list(self.order)
        self.letters = dict.fromkeys(self.order, 0)

    # -- the rules ---------------------------------------------------------------

    def sitting_out(self) -> list[str]:
        """Tables of five and six: one sits out at five, two at six, nobody at four."""
        count = len(self.active) - 4
        if count == 0:
            return []
        rule = self.config.rule
        if rule == "rotation" and self.last_out is not None:
            run, seat = [], self.last_out
            for _ in range(count):
                seat = after(seat, self.active, self.order)
                run.append(seat)
            return run  # clockwise: its last seat is the next deal's starting point
        if count == 1:
            return [self.dealer]
        if rule == "dealer_and_left":
            return [self.dealer, after(self.dealer, self.active, self.order)]
        return [before(self.dealer, self.active, self.order), self.dealer]

    def give(self, seat: str) -> int:
        """One letter, unless the seat holds the whole word already."""
        if self.letters[seat] >= len(self.word):
            return 0
        self.letters[seat] += 1
        return 1

    def end(self, reason: str) -> None:
        self.finished, self.reason = True, reason
        if self.config.mode == "elimination":
            return  # the seats still at the table are placed by the standings
        ranked = {s: n for s, n in self.letters.items() if s not in self.disqualified}
        for seat, held in ranked.items():
            self.places[seat] = 1 + sum(1 for n in ranked.values() if n < held)

    def settle(self, completers: list[str], removed: list[str]) -> None:
        """After a deal (or a misdeal letter): plackas, seats leaving, the end."""
        self.completed.update(completers)
        for seat in removed:
            if seat in self.active:
                self.active.remove(seat)
        if completers and self.config.mode == "until_first_placka":
            self.end("placka")
            return
        leaving = [seat for seat in completers if seat in self.active]
        for seat in leaving:  # the lowest open places, shared by those leaving together
            self.places[seat] = len(self.active) - len(leaving) + 1
        for seat in leaving:
            self.active.remove(seat)
        if len(self.active) < 4:
            self.end("fewer_than_four")

    def new_completers(self) -> list[str]:
        full = len(self.word)
        return [s for s in self.active if self.letters[s] == full and s not in self.completed]

    # -- one deal ----------------------------------------------------------------

    def misdeals(self, entry: dict[str, Any], expected: dict[str, Any]) -> None:
        rng = self.rng
        count = rng.choices([0, 1, 2, 3], [70, 15, 10, 5])[0]
        made: dict[str, int] = {}
        for _ in range(count):
            if self.finished:
                return
            dealer = self.dealer
            made[dealer] = made.get(dealer, 0) + 1
            waived = made[dealer] > 1 and rng.random() < 0.3
            letter = made[dealer] > 1 and not waived and self.give(dealer) == 1
            misdeal: dict[str, Any] = {"waived": waived}
            if rng.random() < 0.5:
                misdeal["letter"] = letter
            if rng.random() < 0.3:
                misdeal["dealer"] = dealer
            entry.setdefault("misdeals", []).append(misdeal)
            expected["misdeals"].append({"dealer": dealer, "waived": waived, "letter": letter})
            if letter:
                expected["letters"][dealer] = expected["letters"].get(dealer, 0) + 1
            completers = self.new_completers()
            if completers:
                expected["completed"] += completers
                self.settle(completers, [])
                if not self.finished:  # elimination: the next seat still at the table deals
                    self.dealer = after(dealer, self.active, self.order)

    def losers(
        self, players: list[str], dealer: str, pool: Sequence[PoolDeal]
    ) -> tuple[dict[str, Any], list[str], dict[str, int] | None]:
        """The deal as a table records it: a full SCN record or the loser(s) and maybe points."""
        rng = self.rng
        if rng.random() < 0.3:
            leader = after(dealer, players, self.order)
            scn_dealer = FOUR[(players.index(leader) - 1) % 4]  # the player before the leader
            deal = rng.choice(pool)
            shift = (FOUR.index(scn_dealer) - FOUR.index(deal.record["dealer"])) % 4

            def table_seat(scn: str) -> str:
                return players[(FOUR.index(scn) + shift) % 4]

            losers = sorted(table_seat(s) for s in deal.losers[self.config.tie])
            points = {table_seat(s): n for s, n in deal.points.items()}
            entry: dict[str, Any] = {"record": redealt(deal.record, scn_dealer)}
            if rng.random() < 0.5:
                entry["losers"] = rng.sample(losers, len(losers))
            return entry, losers, points
        many = self.config.tie == "both" and rng.random() < 0.25
        losers = rng.sample(players, rng.choice([2, 3]) if many else 1)
        entry = {"losers": losers}
        if rng.random() < 0.5:
            return entry, losers, None
        top = rng.randint(9, 33 // len(losers))
        left = 33 - top * len(losers)
        points = {}
        for seat in players:
            if seat in losers:
                points[seat] = top
            else:
                points[seat] = rng.randint(0, min(top - 1, left))
                left -= points[seat]
        entry["points"] = points
        return entry, losers, points

    def rulings(self, players: list[str]) -> list[dict[str, Any]]:
        rng = self.rng
        out = []
        for _ in range(rng.choices([0, 1, 2], [75, 20, 5])[0]):
            penalty = rng.choices(PENALTIES, [35, 30, 8, 15, 12])[0]
            ruling: dict[str, Any] = {
                "kind": rng.choice(["A", "B", "C", "other"]),
                "offender": rng.choice(players if penalty == "loses_deal" else self.active),
                "penalty": penalty,
                "intentional": rng.random() < 0.1,
                "reason": rng.choice(["", "revoke", "peeked"]),
            }
            if penalty == "ban":
                ruling["kind"], ruling["intentional"] = "B", True
            out.append(ruling)
        return out

    def deal(self, number: int, pool: Sequence[PoolDeal]) -> tuple[dict[str, Any], dict[str, Any]]:
        """The next deal's record entry and what ``score-game`` must say of it."""
        rng = self.rng
        entry: dict[str, Any] = {}
        expected: dict[str, Any] = {"number": number, "misdeals": [], "letters": {}}
        expected["completed"] = []
        self.misdeals(entry, expected)
        expected["completed"].sort()
        # A misdeal letter ended the game, or the game stopped after misdeals (the record
        # then ends with them).
        if self.finished or (expected["misdeals"] and rng.random() < 0.05):
            expected.update(
                dealer=self.dealer if not self.finished else expected["misdeals"][-1]["dealer"],
                sat_out=[],
                players=[],
                played=False,
                losers=[],
                points=None,
                rulings=[],
                next_dealer=None,
            )
            return entry, expected
        dealer = self.dealer
        out = self.sitting_out()
        players = [s for s in self.active if s not in out]
        if rng.random() < 0.5:
            entry["dealer"] = dealer
        if rng.random() < 0.5:
            entry["sat_out"] = rng.sample(out, len(out))
        scored, recorded, points = self.losers(players, dealer, pool)
        entry.update(scored)
        rulings = self.rulings(players)
        offenders = [r["offender"] for r in rulings if r["penalty"] == "loses_deal"]
        losers = list(dict.fromkeys(offenders)) or recorded
        given = expected["letters"]
        for seat in losers:
            given[seat] = given.get(seat, 0) + self.give(seat)
        effects, removed = [], []
        for ruling in rulings:
            seat, letters = ruling["offender"], 0
            if ruling["penalty"] == "extra_letter":
                letters = self.give(seat)
            elif ruling["penalty"] == "loses_game":
                while self.give(seat):
                    letters += 1
            elif ruling["penalty"] in ("disqualification", "ban"):
                removed.append(seat)
                self.disqualified.add(seat)
            given[seat] = given.get(seat, 0) + letters
            removes = ruling["penalty"] in ("disqualification", "ban")
            effects.append({**ruling, "letters": letters, "removed": removes})
            if rng.random() < 0.5:
                ruling["letters"] = letters
        if rulings:
            entry["rulings"] = rulings
        completers = self.new_completers()
        expected["completed"] = sorted(expected["completed"] + completers)
        self.settle(completers, removed)
        following = None
        if not self.finished:
            first = after(dealer, losers, self.order)  # from the dealer's left, dealer last
            following = first if first in self.active else after(first, self.active, self.order)
            self.dealer = following
        if out:
            self.last_out = out[-1]
        expected.update(
            dealer=dealer,
            sat_out=sorted(out),
            players=players,
            played=True,
            losers=losers,
            points=points or None,
            rulings=effects,
            next_dealer=following,
        )
        expected["letters"] = {s: n for s, n in given.items() if n}
        return entry, expected


def game(
    rng: random.Random, config: Config, pool: Sequence[PoolDeal]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A whole game record as RULES.md plays it, and what ``score-game`` must print."""
    word = rng.choice(["KO", "KOS", "KOS", "TON", "KOCKA"])
    first = rng.choice(SEATS[: config.seats])
    table = Table(config, word, first, rng)
    deals: list[dict[str, Any]] = []
    expected: list[dict[str, Any]] = []
    # Until the game ends; now and then a record stops early (a game not finished).
    while not table.finished and len(deals) < 60 and rng.random() > 0.01:
        entry, outcome = table.deal(len(deals) + 1, pool)
        deals.append(entry)
        expected.append(outcome)
        if not outcome["played"]:
            break
    record: dict[str, Any] = {
        "format": "scwu-game/1",
        "ruleset": {"tie_without_hejma": config.tie},
        "word": word,
        "seats": [{"seat": s, "player": f"P{s}"} for s in table.order],
        "sit_out_rule": config.rule,
        "placka_mode": config.mode,
        "first_dealer": first,
        "deals": deals,
    }
    result = {
        "letters": dict(table.letters),
        "completed": [s for s in table.order if s in table.completed],
        "disqualified": [s for s in table.order if s in table.disqualified],
        "finished": table.finished,
        "placings": dict(sorted(table.places.items())) if table.finished else None,
    }
    if rng.random() < 0.3:
        record["result"] = result
    return record, {**result, "finish_reason": table.reason, "deals": expected}
