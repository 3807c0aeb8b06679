"""Second pass of a replay: play the record through at the table.

Decisions where the rules are silent (see also the package docstring):

* Within a deal, letters are given in this order: misdeal letters (before the
  deal is played), the losers' letters, then ruling letters. The deal is one
  step: every seat that completes the word in it takes a placka.
* Who deals next and who sits out are the engine's rules
  (:mod:`engine.table_rules`, written down in ``engine/RULES.md``): the loser
  deals; with several losers the first of them clockwise from the dealer's
  left; a seat that left the table is passed over clockwise. A ruling that the
  offender loses the deal replaces the losers by points.
* A misdeal letter does not move the deal: the same dealer deals again. If the
  letter completes the word, in elimination mode the dealer leaves and the
  next seat clockwise deals the same deal; otherwise the game ends.
* A disqualified (or banned) seat leaves the table without a place; the game
  goes on while four seats remain, else it ends (``fewer_than_four``).
* In elimination mode, a seat that completes the word takes the lowest open
  place (the number of seats still at the table); seats completing together
  share the best of their places.
* Who dealt and who sat out a deal are facts of play when the deal records
  them (``DealRecorded.dealer`` / ``sat_out``, ``Misdeal.dealer``): a ruling or
  correction on an earlier deal that changes its loser changes letters, not
  who dealt or sat out later deals; the deal is flagged ``dealer_as_played``
  where the rules would now name another dealer.
* A deal entered as held (:class:`~engine.ledger.events.DealHeld`, from a game
  record) counts like one that no longer fits the table, without an issue.
* A deal that no longer fits the table (its loser now sits out after an
  earlier correction, its dealer has left, or it came after the end) does not
  count: no letters, the deal does not move, and an issue names it. It is
  held for the referee (:attr:`LedgerState.held_deals`), never recounted as
  if it had been played otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.ledger.checks import check_deal_at_table
from engine.ledger.events import DealHeld, DealRecorded, Event, Misdeal, Penalty, RulingMade
from engine.ledger.record import DealRecord, build_record, deal_of, deal_problem
from engine.ledger.settings import PLAYERS_PER_DEAL, LedgerSettings, PlackaMode
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
    built,
)
from engine.table_rules import (
    dealer_after_misdeal,
    last_clockwise,
    losers_after_rulings,
    next_dealer,
    places_by_letters,
    sit_out,
)


def replay(settings: LedgerSettings, events: Sequence[Event]) -> LedgerState:
    """The state of the game after ``events``, recomputed from the start.

    >>> from engine.ledger.events import DealRecorded
    >>> s = LedgerSettings(word=tuple("TONDA"))
    >>> state = replay(s, [DealRecorded("1", ("B",)), DealRecorded("2", ("B",))])
    >>> state.seat("B").word_so_far, state.next_deal.dealer
    ('TO', 'B')
    """
    record = build_record(settings, events)
    game = _Game(settings)
    for deal in record.deals:
        game.play(deal)
    next_deal = game.pending(record.pending)
    issues = sorted(
        record.issues + game.issues, key=lambda issue: record.positions.get(issue.event_id, -1)
    )
    return game.state(next_deal, tuple(issues))


def advance(state: LedgerState, event: Event) -> LedgerState | None:
    """The state after one more event, from ``state`` alone: what :func:`replay` of the
    events ``state`` came from plus ``event`` returns, field for field
    (``tests/engine/ledger/test_ledger_advance.py``), at the cost of one deal whatever the
    game's length. ``event``'s id must be new to the game (:func:`validate_event` checks it).

    Only the next deal (recorded or held) of a game that goes on, with no misdeal waiting in
    it, is played on this way: ``None`` for any other event, which changes what came before
    (a correction, a ruling, an undo) or what the deal starts from (a misdeal). The caller
    then replays.

    >>> from engine.ledger.events import DealRecorded
    >>> s = LedgerSettings(word=tuple("TONDA"))
    >>> one = replay(s, [DealRecorded("1", ("B",))])
    >>> advance(one, DealRecorded("2", ("B",))) == replay(
    ...     s, [DealRecorded("1", ("B",)), DealRecorded("2", ("B",))]
    ... )
    True
    """
    nxt = state.next_deal
    if not isinstance(event, DealRecorded | DealHeld) or nxt is None or nxt.misdeals:
        return None
    if state.finished:
        return None
    problem = deal_problem(state.settings, event)
    if problem is not None:  # left out of the record, as a replay leaves it
        return replace(state, issues=(*state.issues, EventIssue(event.id, *problem)))
    game = _Game.resume(state)
    game.play(deal_of(event, []))
    return game.state(game.pending(()), (*state.issues, *game.issues))


class _Game:
    """Mutable table state for one replay; never leaves this module."""

    def __init__(self, settings: LedgerSettings) -> None:
        self.settings = settings
        self.order = settings.seat_names
        self.length = settings.word_length
        self.letters = dict.fromkeys(self.order, 0)
        self.penalty = dict.fromkeys(self.order, 0)
        self.played = dict.fromkeys(self.order, 0)
        self.lost = dict.fromkeys(self.order, 0)
        self.active: list[str] = list(self.order)
        self.plackas: set[str] = set()
        self.disqualified: set[str] = set()
        self.banned: set[str] = set()
        self.left_order: dict[str, int] = {}
        self.places: dict[str, int] = {}
        self.shared: set[str] = set()
        self.dealer = settings.first_dealer
        self.anchor: str | None = None
        self.finished = False
        self.reason: FinishReason | None = None
        self.remaining: tuple[str, ...] = ()
        self.deals: list[DealState] = []
        self.issues: list[EventIssue] = []

    @classmethod
    def resume(cls, state: LedgerState) -> _Game:
        """The table as a replay leaves it at ``state``, to play on from there: everything
        the next deal reads is in the state of a game that goes on with no misdeal waiting
        (:func:`advance` asks for no more)."""
        assert state.next_deal is not None and not state.finished
        game = cls(state.settings)
        for seat in state.seats:
            name = seat.seat
            game.letters[name] = seat.letter_count
            game.penalty[name] = seat.penalty_letters
            game.played[name] = seat.deals_played
            game.lost[name] = seat.deals_lost
            if seat.has_placka:
                game.plackas.add(name)
            if seat.is_disqualified:
                game.disqualified.add(name)
            if seat.is_banned:
                game.banned.add(name)
            if seat.left_order is not None:
                game.left_order[name] = seat.left_order
            if seat.place is not None:
                game.places[name] = seat.place
            if seat.place_shared:
                game.shared.add(name)
        game.active = [seat.seat for seat in state.seats if seat.is_active]
        game.dealer = state.next_deal.dealer
        game.anchor = state.next_deal.sit_out_anchor
        game.deals = list(state.deals)
        return game

    # -- letters and leaving -------------------------------------------------

    def award(self, seat: str, source: LetterSource, event_id: str | None) -> LetterAward | None:
        if self.letters[seat] >= self.length:
            return None
        self.letters[seat] += 1
        if source is not LetterSource.DEAL:
            self.penalty[seat] += 1
        number = self.letters[seat]
        return built(
            LetterAward,
            seat=seat,
            number=number,
            letter=self.settings.word[number - 1],
            source=source,
            event_id=event_id,
        )

    def completers(self) -> list[str]:
        return [s for s in self.active if self.letters[s] == self.length and s not in self.plackas]

    def settle(self, completers: list[str], removed: list[str]) -> tuple[str, ...]:
        """Plackas and removals after a step; returns the seats that left the table."""
        self.plackas.update(completers)
        batch = len(set(self.left_order.values())) + 1
        left: list[str] = []
        for seat in removed:
            if seat in self.active:
                self.active.remove(seat)
                self.left_order[seat] = batch
                left.append(seat)
        if completers and self.settings.placka_mode is PlackaMode.UNTIL_FIRST_PLACKA:
            self.finish(FinishReason.PLACKA)
            return tuple(left)
        leaving = [seat for seat in completers if seat in self.active]
        if leaving:
            place = len(self.active) - len(leaving) + 1
            for seat in leaving:
                self.active.remove(seat)
                self.left_order[seat] = batch
                self.places[seat] = place
                if len(leaving) > 1:
                    self.shared.add(seat)
                left.append(seat)
        if len(self.active) < PLAYERS_PER_DEAL:
            self.finish(FinishReason.FEWER_THAN_FOUR)
        return tuple(left)

    def finish(self, reason: FinishReason) -> None:
        self.finished = True
        self.reason = reason
        if self.settings.placka_mode is PlackaMode.ELIMINATION:
            self.remaining = tuple(self.active)
            return
        ranked = {s: self.letters[s] for s in self.order if s not in self.disqualified}
        self.places.update(places_by_letters(ranked))
        held = list(ranked.values())
        self.shared.update(seat for seat, count in ranked.items() if held.count(count) > 1)

    # -- deals ---------------------------------------------------------------

    def misdeals(
        self, misdeals: Sequence[Misdeal]
    ) -> tuple[list[MisdealState], list[LetterAward], list[str], list[str]]:
        states: list[MisdealState] = []
        letters: list[LetterAward] = []
        placka: list[str] = []
        left: list[str] = []
        count = 0
        for misdeal in misdeals:
            if self.finished:
                self.issue(misdeal.id, "game_finished", "This misdeal comes after the game ended.")
                continue
            if misdeal.dealer is not None and misdeal.dealer in self.active:
                if misdeal.dealer != self.dealer:
                    count = 0
                self.dealer = misdeal.dealer  # a fact of play: who really misdealt
            count += 1
            letter = None
            if count > self.settings.free_misdeals and not misdeal.waived:
                letter = self.award(self.dealer, LetterSource.MISDEAL, misdeal.id)
            states.append(MisdealState(misdeal.id, self.dealer, count, misdeal.waived, letter))
            if letter is None:
                continue
            letters.append(letter)
            completers = self.completers()
            if completers:
                placka += completers
                misdealer = self.dealer
                left += self.settle(completers, [])
                if not self.finished:
                    self.dealer = dealer_after_misdeal(misdealer, self.active, self.order)
                    count = 0
        return states, letters, placka, left

    def sit_out(self) -> tuple[str, ...]:
        rule = self.settings.sit_out_rule
        return sit_out(rule, self.dealer, self.active, self.order, self.anchor)

    def play(self, deal: DealRecord) -> None:
        if self.finished:
            self.refuse(deal, "game_finished", "This deal was recorded after the game ended.")
            self.append_uncounted(deal, "game_finished", None, (), ([], [], [], []))
            return
        rules_dealer = self.dealer
        facts = [m.dealer for m in deal.misdeals if m.dealer is not None] + [deal.dealer]
        first_fact = next((seat for seat in facts if seat is not None), None)
        misdealt = self.misdeals(deal.misdeals)
        if self.finished:
            self.refuse(deal, "game_finished", "A misdeal letter ended the game before this deal.")
            self.append_uncounted(deal, "game_finished", self.dealer, (), misdealt)
            return
        if deal.dealer is not None and deal.dealer != self.dealer:
            if deal.dealer not in self.active:
                message = f"{deal.dealer} dealt this deal but has left the table since."
                self.refuse(deal, "dealer_left_table", message)
                self.append_uncounted(deal, "dealer_left_table", deal.dealer, (), misdealt)
                return
            self.dealer = deal.dealer  # a fact of play: who really dealt
        if deal.held:
            self.refuse_rulings(deal)
            self.append_uncounted(deal, "held", self.dealer, (), misdealt)
            return
        dealer = self.dealer
        problem, sitting_out, players, flags = check_deal_at_table(
            active=self.active,
            derived_sit_out=self.sit_out(),
            losers=deal.losers,
            points=deal.points,
            sat_out=deal.sat_out,
        )
        if problem is not None:
            self.refuse(deal, *problem)
            self.append_uncounted(deal, problem[0], dealer, sitting_out, misdealt)
            return
        if first_fact is not None and first_fact != rules_dealer:
            flags += ("dealer_as_played",)
        rulings: list[RulingMade] = []
        for ruling in deal.rulings:
            if ruling.offender not in self.active:
                message = f"Offender {ruling.offender} has left the table."
                self.issue(ruling.id, "offender_left_table", message)
            elif ruling.penalty is Penalty.LOSES_DEAL and ruling.offender in sitting_out:
                message = f"Offender {ruling.offender} sat out this deal and cannot lose it."
                self.issue(ruling.id, "offender_sat_out", message)
            else:
                rulings.append(ruling)
        offenders = [r.offender for r in rulings if r.penalty is Penalty.LOSES_DEAL]
        losers = losers_after_rulings(deal.losers, offenders)
        if offenders:
            flags += ("points_disregarded",)
        letters = list(misdealt[1])
        for seat in players:
            self.played[seat] += 1
        for seat in losers:
            self.lost[seat] += 1
            award = self.award(seat, LetterSource.DEAL, None)
            letters += [award] if award else []
        effects: list[RulingEffect] = []
        removed: list[str] = []
        for ruling in rulings:
            given: list[LetterAward] = []
            if ruling.penalty is Penalty.EXTRA_LETTER:
                award = self.award(ruling.offender, LetterSource.RULING, ruling.id)
                given += [award] if award else []
            elif ruling.penalty is Penalty.LOSES_GAME:
                while award := self.award(ruling.offender, LetterSource.RULING, ruling.id):
                    given.append(award)
            elif ruling.penalty.removes_offender:
                removed.append(ruling.offender)
                self.disqualified.add(ruling.offender)
                if ruling.penalty is Penalty.BAN:
                    self.banned.add(ruling.offender)
            replaced = deal.losers if ruling.penalty is Penalty.LOSES_DEAL else ()
            effects.append(
                RulingEffect(
                    ruling.id,
                    ruling.kind,
                    ruling.offender,
                    ruling.intentional,
                    ruling.penalty,
                    tuple(given),
                    replaced,
                    ruling.penalty.removes_offender,
                )
            )
            letters += given
        completers = self.completers()
        left = tuple(misdealt[3]) + self.settle(completers, removed)
        following = None
        if not self.finished:
            following = next_dealer(dealer, losers, self.order, self.active)
            self.dealer = following
        if sitting_out:
            self.anchor = last_clockwise(sitting_out, self.active, self.order)
        self.deals.append(
            built(
                DealState,
                deal_id=deal.deal_id,
                index=len(self.deals),
                counted=True,
                issue=None,
                dealer=dealer,
                sitting_out=sitting_out,
                players=players,
                recorded_losers=deal.losers,
                losers=losers,
                points=_points(deal),
                misdeals=tuple(misdealt[0]),
                rulings=tuple(effects),
                letter_awards=tuple(letters),
                placka=tuple(misdealt[2]) + tuple(completers),
                left_table=left,
                next_dealer=following,
                flags=flags,
            )
        )

    def refuse(self, deal: DealRecord, code: str, message: str) -> None:
        self.issue(deal.deal_id, code, message)
        self.refuse_rulings(deal)

    def refuse_rulings(self, deal: DealRecord) -> None:
        for ruling in deal.rulings:
            message = f"Deal {deal.deal_id} does not count, so its ruling has no effect."
            self.issue(ruling.id, "deal_not_counted", message)

    def append_uncounted(
        self,
        deal: DealRecord | None,
        issue: str | None,
        dealer: str | None,
        sitting_out: tuple[str, ...],
        misdealt: tuple[list[MisdealState], list[LetterAward], list[str], list[str]],
    ) -> None:
        self.deals.append(
            DealState(
                deal_id=deal.deal_id if deal else None,
                index=len(self.deals),
                counted=False,
                issue=issue,
                dealer=dealer,
                sitting_out=sitting_out,
                players=tuple(s for s in self.active if s not in sitting_out) if dealer else (),
                recorded_losers=deal.losers if deal else (),
                losers=(),
                points=_points(deal) if deal else (),
                misdeals=tuple(misdealt[0]),
                rulings=(),
                letter_awards=tuple(misdealt[1]),
                placka=tuple(misdealt[2]),
                left_table=tuple(misdealt[3]),
                next_dealer=None if self.finished else self.dealer,
            )
        )

    def pending(self, misdeals: Sequence[Misdeal]) -> NextDeal | None:
        """Apply the misdeals of the deal being dealt; the deal to record next."""
        misdealt = self.misdeals(misdeals)
        if self.finished:
            if misdealt[0]:
                self.append_uncounted(None, None, misdealt[0][-1].dealer, (), misdealt)
            return None
        sitting_out = self.sit_out()
        players = tuple(seat for seat in self.active if seat not in sitting_out)
        return built(
            NextDeal,
            index=len(self.deals),
            dealer=self.dealer,
            sitting_out=sitting_out,
            players=players,
            misdeals=tuple(misdealt[0]),
            sit_out_anchor=self.anchor,
        )

    def issue(self, event_id: str, code: str, message: str) -> None:
        self.issues.append(EventIssue(event_id, code, message))

    def state(self, next_deal: NextDeal | None, issues: tuple[EventIssue, ...]) -> LedgerState:
        prefixes = self.settings.prefixes
        seats = tuple(
            built(
                SeatState,
                seat=seat,
                letter_count=self.letters[seat],
                word_so_far=prefixes[self.letters[seat]],
                is_mecbol=self.letters[seat] == self.length - 1,
                has_placka=seat in self.plackas,
                is_active=seat in self.active,
                is_disqualified=seat in self.disqualified,
                is_banned=seat in self.banned,
                left_order=self.left_order.get(seat),
                place=self.places.get(seat),
                place_shared=seat in self.shared,
                deals_played=self.played[seat],
                deals_lost=self.lost[seat],
                penalty_letters=self.penalty[seat],
            )
            for seat in self.order
        )
        return built(
            LedgerState,
            settings=self.settings,
            deals=tuple(self.deals),
            seats=seats,
            next_deal=next_deal,
            finished=self.finished,
            finish_reason=self.reason,
            remaining=self.remaining,
            issues=issues,
        )


def _points(deal: DealRecord) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(deal.points.items()))
