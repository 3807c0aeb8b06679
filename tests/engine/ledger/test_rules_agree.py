"""The engine, the ledger and the game-record scorer agree on every table rule.

Random games: engine-dealt deals played by the engine's bots (revokes by one or several
seats, packs, ties scored ``both``), misdeals with and without letters, referee rulings
(loss of the deal, an extra letter, disqualification) at tables of four, five and six
under each sit-out rule. A table kept here with the engine's rules
(:mod:`engine.table_rules`) and plain letter counting says who deals, who sits out, the
letters and when the game ends; the ledger, given only the losers, misdeals and
rulings, must derive the same. Games of four with no irregularity are also scored from
their deal records by :func:`engine.score_game_record`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import InvalidRecordError, Ruleset, Seat, score_game_record
from engine.ledger import (
    DealRecorded,
    Event,
    LedgerSettings,
    Misdeal,
    Penalty,
    PlackaMode,
    RenoncKind,
    RulingMade,
    replay,
)
from engine.table_rules import (
    SEAT_LETTERS,
    SitOutRule,
    dealer_after_misdeal,
    last_clockwise,
    losers_after_rulings,
    next_dealer,
    record_dealer,
    sit_out,
)
from tests.engine.random_games import bot_deal

WORD = "TONDA"


@dataclass
class Expected:
    """One counted deal as the engine's rules play it."""

    dealer: str
    sitting_out: tuple[str, ...]
    losers: tuple[str, ...]
    next_dealer: str | None


@dataclass
class EngineTable:
    """A table kept with the engine's rules; events are what the site would record."""

    order: tuple[str, ...]
    length: int
    rule: SitOutRule
    mode: PlackaMode
    ruleset: Ruleset
    rng: random.Random
    irregular: bool
    active: list[str] = field(init=False)
    letters: dict[str, int] = field(init=False)
    dealer: str = field(init=False)
    anchor: str | None = None
    over: bool = False
    events: list[Event] = field(default_factory=list)
    deals: list[Expected] = field(default_factory=list)
    records: list[dict[str, object]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.active = list(self.order)
        self.letters = dict.fromkeys(self.order, 0)
        self.dealer = self.order[0]

    def give(self, seat: str) -> None:
        self.letters[seat] = min(self.letters[seat] + 1, self.length)

    def completed(self, before: dict[str, int]) -> list[str]:
        return [s for s in self.active if self.letters[s] == self.length > before[s]]

    def leave(self, completers: list[str], removed: list[str]) -> None:
        """Plackas and disqualifications after one step of play."""
        for seat in removed:
            self.active.remove(seat)
        if completers and self.mode is PlackaMode.UNTIL_FIRST_PLACKA:
            self.over = True
            return
        for seat in completers:
            if seat in self.active:
                self.active.remove(seat)
        if len(self.active) < 4:
            self.over = True

    def misdeals(self, number: int) -> None:
        count = 0
        for k in range(self.rng.choice((0, 0, 1, 2, 3)) if self.irregular else 0):
            waived = self.rng.random() < 0.3
            self.events.append(Misdeal(f"m{number}.{k}", None, waived))
            count += 1
            if count == 1 or waived:
                continue
            before = dict(self.letters)
            self.give(self.dealer)
            completers = self.completed(before)
            if completers:
                self.leave(completers, [])
                if self.over:
                    return
                self.dealer = dealer_after_misdeal(self.dealer, self.active, self.order)
                count = 0

    def rulings(self, number: int, players: list[str]) -> tuple[list[str], list[str], list[str]]:
        """Rulings on the deal just recorded: offenders who lose it, extra letters, removals."""
        roll = self.rng.random() if self.irregular else 1.0
        loses: list[str] = []
        extra: list[str] = []
        removed: list[str] = []
        if roll < 0.15:
            loses = self.rng.sample(players, self.rng.choice((1, 1, 2)))
        elif roll < 0.25:
            extra = [self.rng.choice(self.active)]
        elif roll < 0.3:
            removed = [self.rng.choice(self.active)]
        for k, (offenders, penalty) in enumerate(
            (
                (loses, Penalty.LOSES_DEAL),
                (extra, Penalty.EXTRA_LETTER),
                (removed, Penalty.DISQUALIFICATION),
            )
        ):
            for j, seat in enumerate(offenders):
                self.events.append(
                    RulingMade(f"r{number}.{k}.{j}", f"d{number}", RenoncKind.REVOKE, seat, penalty)
                )
        return loses, extra, removed

    def play(self, number: int) -> None:
        self.misdeals(number)
        if self.over:
            return
        dealer = self.dealer
        sitting_out = sit_out(self.rule, dealer, self.active, self.order, self.anchor)
        players = [s for s in self.active if s not in sitting_out]
        # The dealer deals to the four players; the first of them left of the dealer leads.
        engine_dealer = Seat.parse(record_dealer(dealer, players, self.order))
        revoke = 0.1 if self.irregular or self.rng.random() < 0.5 else 0.0
        record, result = bot_deal(
            self.rng, engine_dealer, self.ruleset, revoke_rate=revoke, pack_rate=0.02
        )
        self.records.append(record)
        recorded = tuple(players[s] for s in result.loser)
        self.events.append(DealRecorded(f"d{number}", recorded))
        loses, extra, removed = self.rulings(number, players)
        losers = losers_after_rulings(recorded, loses)
        before = dict(self.letters)
        for seat in (*losers, *extra):
            self.give(seat)
        self.leave(self.completed(before), removed)
        following = None
        if not self.over:
            following = next_dealer(dealer, losers, self.order, self.active)
            self.dealer = following
        if sitting_out:
            self.anchor = last_clockwise(sitting_out, self.active, self.order)
        self.deals.append(Expected(dealer, sitting_out, losers, following))


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    seats=st.integers(4, 6),
    rule=st.sampled_from(SitOutRule),
    mode=st.sampled_from(PlackaMode),
    tie=st.sampled_from(["last_trick", "both"]),
    length=st.integers(2, 5),
    irregular=st.booleans(),
)
def test_engine_ledger_and_records_agree_on_random_games(
    seed: int,
    seats: int,
    rule: SitOutRule,
    mode: PlackaMode,
    tie: str,
    length: int,
    irregular: bool,
) -> None:
    table = EngineTable(
        order=SEAT_LETTERS[:seats],
        length=length,
        rule=rule,
        mode=mode,
        ruleset=Ruleset(tie_without_hejma=tie),  # type: ignore[arg-type]
        rng=random.Random(seed),
        irregular=irregular,
    )
    number = 0
    while not table.over:
        table.play(number)
        number += 1
    settings_ = LedgerSettings(
        word=tuple(WORD[:length]), seats=seats, placka_mode=mode, sit_out_rule=rule
    )
    state = replay(settings_, table.events)

    assert not state.issues
    counted = [d for d in state.deals if d.counted]
    assert [
        Expected(d.dealer or "", d.sitting_out, d.losers, d.next_dealer) for d in counted
    ] == table.deals
    assert {s.seat: s.letter_count for s in state.seats} == table.letters
    assert state.finished and state.next_deal is None

    if seats == 4 and not irregular:
        game = {"word": WORD[:length], "first_dealer": "A", "deals": table.records}
        scored = score_game_record(game, table.ruleset)
        assert dict(zip("ABCD", scored.letters, strict=True)) == table.letters
        assert [s.code for s in scored.loser] == [s for s in "ABCD" if table.letters[s] == length]


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**32), rule=st.sampled_from(SitOutRule), seats=st.integers(4, 6))
def test_the_ledger_names_the_dealer_and_sit_outs_the_engine_names_deal_by_deal(
    seed: int, rule: SitOutRule, seats: int
) -> None:
    """Before each deal (not only at the end) the ledger's next deal is the engine's."""
    table = EngineTable(
        order=SEAT_LETTERS[:seats],
        length=3,
        rule=rule,
        mode=PlackaMode.ELIMINATION,
        ruleset=Ruleset(tie_without_hejma="both"),
        rng=random.Random(seed),
        irregular=True,
    )
    ledger = LedgerSettings(
        word=tuple("TON"), seats=seats, placka_mode=PlackaMode.ELIMINATION, sit_out_rule=rule
    )
    number = 0
    while not table.over:
        state = replay(ledger, table.events)
        assert state.next_deal is not None
        assert state.next_deal.dealer == table.dealer
        expected = sit_out(rule, table.dealer, table.active, table.order, table.anchor)
        assert state.next_deal.sitting_out == expected
        table.play(number)
        number += 1


def test_a_game_record_with_the_other_loser_dealing_is_refused() -> None:
    """Two revokes, dealer D: C at play 2, B at play 5. B deals next; C may not."""
    rng = random.Random(7)
    while True:
        record, result = bot_deal(rng, Seat.D, Ruleset(), revoke_rate=0.3)
        if {s.code for s in result.loser} == {"B", "C"}:
            break
    for seat, accepted in (("B", True), ("C", False)):
        follow, _ = bot_deal(rng, Seat.parse(seat), Ruleset())
        game = {"word": WORD, "first_dealer": "D", "deals": [record, follow]}
        try:
            score_game_record(game)
        except InvalidRecordError as err:
            assert not accepted and err.code == "dealer"
        else:
            assert accepted
    ledger = replay(LedgerSettings.for_word(WORD), [DealRecorded("1", ("C", "B"), dealer="D")])
    assert ledger.next_deal is not None and ledger.next_deal.dealer == "B"
