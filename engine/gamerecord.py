"""Game records: a whole game at a table of four to six, replayed, checked and scored.

The format is ``engine/RULES.md``, "Game records": a JSON object with ``"format":
"scwu-game/1"``, the ruleset, the playing word, the seats, the table rules, every deal
(a full SCN record or the loser(s) and optionally points, as a physical table enters
it) with its dealer, sit-outs, misdeals and referee rulings, and the result.

A record is the game's ledger written down: :func:`replay_game` checks the document's
shape, scores each full SCN deal with the engine's deal scorer, translates every deal
into the ledger's events (:mod:`engine.ledger.events`) and replays them with
:func:`engine.ledger.replay`, which alone applies the game's rules (misdeal letters,
rulings, plackas, who deals next and who sits out). What the record declares (dealer,
sit-outs, misdeal and ruling letters, the result) is compared with what the ledger
computes; a difference, or an event the ledger refuses, raises
:class:`~engine.errors.InvalidRecordError` whose detail names the deal and the field
(``deal 3: sat_out: ...``).

>>> record = {"format": FORMAT, "word": "KOS", "seats": [{"seat": s} for s in "ABCD"],
...           "deals": [{"losers": ["B"]}, {"misdeals": [{}, {}], "losers": ["C"]},
...                     {"losers": ["B"]}]}
>>> outcome = replay_game(record)
>>> outcome.letters, outcome.completed, outcome.deals[1].dealer, outcome.placings
({'A': 0, 'B': 3, 'C': 1, 'D': 0}, ('B',), 'B', {'A': 1, 'B': 4, 'C': 3, 'D': 1})
>>> replay_game({**record, "deals": [{"losers": ["B"], "dealer": "C"}]})
Traceback (most recent call last):
...
engine.errors.InvalidRecordError: dealer: deal 1: dealer: C dealt, but A deals
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.cards import SEATS
from engine.errors import EngineError, InvalidRecordError, ParseError
from engine.gameoutcome import FORMAT, DealOutcome, GameOutcome, MisdealOutcome, RulingOutcome
from engine.ledger import (
    DealHeld,
    DealRecorded,
    DealState,
    Event,
    LedgerError,
    LedgerSettings,
    LedgerState,
    Misdeal,
    Penalty,
    PlackaMode,
    RenoncKind,
    RulingMade,
    SitOutRule,
    penalty_fits,
    replay,
)
from engine.ledger.checks import check_deal_at_table
from engine.result import DealResult
from engine.rules import Ruleset
from engine.scn import check_record
from engine.table_rules import PLAYERS_PER_DEAL, SEAT_LETTERS, leader, record_dealer, sit_out
from engine.word import word_letters

__all__ = [
    "FORMAT",
    "PENALTIES",
    "PLACKA_MODES",
    "RENONC_KINDS",
    "SIT_OUT_RULES",
    "DealOutcome",
    "GameOutcome",
    "is_game_record",
    "replay_game",
]

PLACKA_MODES = tuple(mode.value for mode in PlackaMode)
RENONC_KINDS = tuple(kind.value for kind in RenoncKind)
PENALTIES = tuple(penalty.value for penalty in Penalty)
#: The sit-out rules a record may name: every rule the engine (and so the site) offers.
SIT_OUT_RULES = tuple(rule.value for rule in SitOutRule)


def is_game_record(data: object) -> bool:
    """True for an object that declares a game record format (``"format"`` key)."""
    return isinstance(data, dict) and "format" in data


def _fail(code: str, where: str, detail: str) -> InvalidRecordError:
    return InvalidRecordError(code, f"{where}: {detail}"[:300])


def _seat_list(value: object, where: str, seats: Sequence[str]) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(s, str) for s in value):
        raise _fail("format", where, "a list of seat letters")
    unknown = [s for s in value if s not in seats]
    if unknown:
        raise _fail("format", where, f"{', '.join(unknown)} is not a seat at this table")
    if len(set(value)) != len(value):
        raise _fail("format", where, "a seat is named twice")
    return tuple(value)


def _bool(data: Mapping[str, object], key: str, where: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise _fail("format", f"{where}.{key}", f"true or false, not {value!r}")
    return value


def _choice(value: object, choices: Sequence[str], where: str) -> str:
    if value not in choices:
        raise _fail("format", where, f"one of {', '.join(choices)}, not {value!r}")
    return str(value)


def _objects(entry: Mapping[str, object], key: str, where: str) -> list[dict[str, object]]:
    raw = entry.get(key, [])
    if not isinstance(raw, list) or not all(isinstance(item, dict) for item in raw):
        raise _fail("format", f"{where}: {key}", "a list of objects")
    return raw


def _listed(seats: Sequence[str]) -> str:
    return ", ".join(seats) or "nobody"


@dataclass(frozen=True)
class _Header:
    settings: LedgerSettings
    ruleset: Ruleset
    word: str
    deals: list[object]
    result: Mapping[str, object] | None


def _header(data: object) -> _Header:
    if not isinstance(data, dict):
        raise InvalidRecordError("format", "a game record is a JSON object")
    if data.get("format") != FORMAT:
        raise _fail("format", "format", f"must be {FORMAT!r}, not {data.get('format')!r}")
    try:
        word = word_letters(data.get("word"))  # type: ignore[arg-type]
    except ParseError as err:
        raise _fail("format", "word", str(err)) from None
    try:
        ruleset = Ruleset.from_json(data.get("ruleset", {}))
    except (EngineError, TypeError) as err:
        raise _fail("format", "ruleset", str(err)) from None
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise _fail("format", "seats", "a list of objects with a seat letter")
    letters = [s.get("seat") for s in seats]
    if not PLAYERS_PER_DEAL <= len(letters) <= len(SEAT_LETTERS) or letters != list(
        SEAT_LETTERS[: len(letters)]
    ):
        raise _fail("format", "seats", f"seats A-D, A-E or A-F in order, not {letters!r}")
    rule = _choice(data.get("sit_out_rule", "dealer"), SIT_OUT_RULES, "sit_out_rule")
    mode = _choice(data.get("placka_mode", "until_first_placka"), PLACKA_MODES, "placka_mode")
    first = data.get("first_dealer", "A")
    if not isinstance(first, str) or first not in letters:
        raise _fail("format", "first_dealer", f"a seat of this table, not {first!r}")
    deals = data.get("deals")
    if not isinstance(deals, list):
        raise _fail("format", "deals", "a list of deals")
    result = data.get("result")
    if result is not None and not isinstance(result, dict):
        raise _fail("format", "result", "an object")
    settings = LedgerSettings(
        word=tuple(word),
        seats=len(letters),
        placka_mode=PlackaMode(mode),
        sit_out_rule=SitOutRule(rule),
        first_dealer=first,
    )
    return _Header(settings, ruleset, str(data["word"]), deals, result)


def _engine_losers(
    ruleset: Ruleset, record: object, dealer: str, players: tuple[str, ...], where: str
) -> tuple[tuple[str, ...], dict[str, int], DealResult]:
    """Score a full SCN record; its seats A-D are the players clockwise in seat order, and
    its dealer must make the table's leader lead (:func:`engine.table_rules.record_dealer`),
    whether the table's dealer plays or sits out."""
    if not isinstance(record, dict):
        raise _fail("format", f"{where}: record", "an SCN deal record object")
    said = record.get("dealer")
    # A dealer that is no seat A-D at all is the SCN record's own format error (below).
    if said in SEAT_LETTERS[:PLAYERS_PER_DEAL]:
        want = record_dealer(dealer, players)
        if said != want:
            lead = leader(dealer, players)
            detail = f"{dealer} deals and {lead} leads, so the record's dealer is {want}"
            raise _fail("dealer", f"{where}: record.dealer", f"{detail}, not {said}")
    try:
        _deal, result = check_record(record, ruleset)
    except InvalidRecordError as err:
        raise _fail(err.code, f"{where}: record", err.detail) from None
    losers = tuple(players[s] for s in result.loser)
    points = {players[s]: result.points[s] for s in SEATS}
    return losers, points, result


def _short_points(
    entry: Mapping[str, object], players: tuple[str, ...], where: str
) -> dict[str, int]:
    points = entry.get("points")
    if points is None:
        return {}
    if not isinstance(points, dict) or sorted(points) != list(players):
        raise _fail("format", f"{where}: points", f"the points of {', '.join(players)}")
    for seat, value in points.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise _fail("format", f"{where}: points.{seat}", f"0..33, not {value!r}")
    return dict(points)


def _ruling_event(
    ruling: Mapping[str, object], event_id: str, deal_id: str, seats: Sequence[str], at: str
) -> RulingMade:
    kind = _choice(ruling.get("kind"), RENONC_KINDS, f"{at}.kind")
    penalty = _choice(ruling.get("penalty"), PENALTIES, f"{at}.penalty")
    intentional = _bool(ruling, "intentional", at, False)
    reason = ruling.get("reason", "")
    if not isinstance(reason, str):
        raise _fail("format", f"{at}.reason", "text")
    if not penalty_fits(kind, penalty, intentional):
        raise _fail("ruling", f"{at}.penalty", "a ban is for intentional renonc B only")
    offender = ruling.get("offender")
    if not isinstance(offender, str) or offender not in seats:
        raise _fail("ruling", f"{at}.offender", f"not a seat at this table: {offender!r}")
    return RulingMade(
        event_id, deal_id, RenoncKind(kind), offender, Penalty(penalty), intentional, reason=reason
    )


#: How a ledger issue on a deal reads in a record: (error code, field). The dealer,
#: the sit-outs and the end of the game are checked before the deal reaches the ledger.
_DEAL_ISSUES = {
    "seat_sat_out": ("loser", "losers"),
    "seat_left_table": ("loser", "losers"),
    "invalid_points": ("loser", "points"),
}
#: How a ledger issue on a ruling reads in a record.
_RULING_ISSUES = {
    "offender_sat_out": "{offender} sat out and cannot lose it",
    "offender_left_table": "{offender} has left the table",
}


class _Replay:
    """The record read so far as ledger events, and the ledger's state after them."""

    def __init__(self, header: _Header) -> None:
        self.settings = header.settings
        self.ruleset = header.ruleset
        self.events: list[Event] = []
        self.state = replay(self.settings, self.events)

    def add(self, *events: Event) -> LedgerState:
        self.events += events
        self.state = replay(self.settings, self.events)
        return self.state

    def issue(self, event_id: str) -> LedgerError | None:
        issues = self.state.issues_for(event_id)
        return issues[0].error() if issues else None

    def rules_dealer(self) -> str:
        assert self.state.next_deal is not None  # the game is not finished here
        return self.state.next_deal.dealer

    def fact_dealer(self, said: object, as_played: bool, at: str, verb: str) -> str | None:
        """The dealer a record names where it names one: the rules' dealer, or
        (``as_played``) any seat still at the table."""
        if said is None:
            return None
        rules = self.rules_dealer()
        if said != rules and not (as_played and said in self.state.active_seats):
            raise _fail("dealer", at, f"{said} {verb}, but {rules} deals")
        return str(said)

    # -- one deal ------------------------------------------------------------

    def deal(self, entry: object, number: int, last: bool) -> DealOutcome:
        where = f"deal {number}"
        if not isinstance(entry, dict):
            raise _fail("format", where, "a deal is a JSON object")
        if self.state.finished:
            raise _fail("game", where, "the game ended before this deal")
        before = self.state
        as_played = _bool(entry, "as_played", where, False)
        held = _bool(entry, "held", where, False)
        played = "losers" in entry or "record" in entry
        if held and played:
            raise _fail("format", f"{where}: held", "a held deal has no losers and no record")
        misdeals = self.misdeals(entry, where, as_played)
        if played and self.state.finished:
            raise _fail("game", where, "a misdeal letter ended the game before this deal")
        if not played:
            if not (last or held):
                raise _fail("format", f"{where}: losers", "only the last deal may be unplayed")
            if held and not self.state.finished:
                dealer = self.fact_dealer(
                    entry.get("dealer"), as_played, f"{where}: dealer", "dealt"
                )
                self.add(DealHeld(str(number), dealer))
            return self.unplayed(number, before, misdeals)
        return self.played(entry, number, where, as_played, before, misdeals)

    def misdeals(
        self, entry: Mapping[str, object], where: str, as_played: bool
    ) -> list[MisdealOutcome]:
        out: list[MisdealOutcome] = []
        for i, misdeal in enumerate(_objects(entry, "misdeals", where)):
            at = f"{where}: misdeals[{i}]"
            if self.state.finished:
                raise _fail("game", at, "the game ended with the previous misdeal letter")
            dealer = self.fact_dealer(misdeal.get("dealer"), as_played, f"{at}.dealer", "misdealt")
            waived = _bool(misdeal, "waived", at, False)
            state = self.add(Misdeal(f"{where}.m{i}", waived=waived, dealer=dealer))
            # A misdeal letter that ended the game leaves its deal unplayed among the deals.
            pending = state.next_deal.misdeals if state.next_deal else state.deals[-1].misdeals
            replayed = pending[-1]
            letter = replayed.letter is not None
            if "letter" in misdeal and _bool(misdeal, "letter", at, False) != letter:
                said, rules = ("a letter", "none") if misdeal["letter"] else ("no letter", "one")
                raise _fail(
                    "misdeal", f"{at}.letter", f"the record says {said}, the rules give {rules}"
                )
            out.append(MisdealOutcome(replayed.dealer, replayed.number, replayed.waived, letter))
        return out

    def seats(
        self, entry: Mapping[str, object], dealer: str, as_played: bool, where: str
    ) -> tuple[tuple[str, ...] | None, tuple[str, ...]]:
        """Who sat out as the record gives it (``None``: not given) and who played, checked
        by the ledger's own check of a deal against the table."""
        state = self.state
        assert state.next_deal is not None
        rules = state.next_deal.sitting_out
        if dealer != state.next_deal.dealer:  # a dealer as played sits out by the rule
            rules = sit_out(
                self.settings.sit_out_rule,
                dealer,
                state.active_seats,
                self.settings.seat_names,
                state.next_deal.sit_out_anchor,
            )
        said = None
        if "sat_out" in entry:
            said = _seat_list(entry["sat_out"], f"{where}: sat_out", self.settings.seat_names)
            if set(said) != set(rules) and not as_played:
                raise _fail(
                    "sit_out",
                    f"{where}: sat_out",
                    f"{_listed(rules)} sits out, not {_listed(said)}",
                )
        problem, _out, players, _flags = check_deal_at_table(
            active=state.active_seats, derived_sit_out=rules, losers=(), points={}, sat_out=said
        )
        if problem is not None:
            detail = f"exactly {len(rules)} still at the table, not {_listed(said or ())}"
            raise _fail("sit_out", f"{where}: sat_out", detail)
        return said, players

    def played(
        self,
        entry: Mapping[str, object],
        number: int,
        where: str,
        as_played: bool,
        before: LedgerState,
        misdeals: list[MisdealOutcome],
    ) -> DealOutcome:
        said_dealer = self.fact_dealer(entry.get("dealer"), as_played, f"{where}: dealer", "dealt")
        dealer = said_dealer or self.rules_dealer()
        said_out, players = self.seats(entry, dealer, as_played, where)
        result = None
        if "record" in entry:
            losers, points, result = _engine_losers(
                self.ruleset, entry["record"], dealer, players, where
            )
            if "losers" in entry:
                said = _seat_list(entry["losers"], f"{where}: losers", self.settings.seat_names)
                if set(said) != set(losers):
                    raise _fail("loser", f"{where}: losers", f"the record says {losers}")
        else:
            losers = _seat_list(entry["losers"], f"{where}: losers", self.settings.seat_names)
            if not losers:
                raise _fail("format", f"{where}: losers", "a deal needs at least one loser")
            if len(losers) > 1 and self.ruleset.tie_without_hejma != "both":
                raise _fail("loser", f"{where}: losers", "under this ruleset a deal has one loser")
            points = _short_points(entry, players, where)
        deal_id = str(number)
        raw = _objects(entry, "rulings", where)
        rulings = [
            _ruling_event(
                r, f"{where}.r{i}", deal_id, self.settings.seat_names, f"{where}: rulings[{i}]"
            )
            for i, r in enumerate(raw)
        ]
        recorded = DealRecorded(deal_id, losers, points or None, said_out, said_dealer)
        state = self.add(recorded, *rulings)
        self.refused_deal(deal_id, losers, players, where)
        for i, event in enumerate(rulings):
            self.refused_ruling(event, f"{where}: rulings[{i}]")
        deal = state.deal(deal_id)
        if result is None and "loser_not_top_points" in deal.flags:
            top = max(points.values())
            beaten = next(seat for seat in losers if points[seat] != top)
            raise _fail("loser", f"{where}: losers", f"{beaten} does not have the most points")
        for i, (given, effect) in enumerate(zip(raw, deal.rulings, strict=True)):
            if "letters" in given and given["letters"] != len(effect.letter_awards):
                detail = f"the ruling gives {len(effect.letter_awards)} letters"
                raise _fail("ruling", f"{where}: rulings[{i}].letters", detail)
        return self.outcome(number, before, deal, misdeals, result, raw)

    def refused_deal(
        self, deal_id: str, losers: Sequence[str], players: Sequence[str], where: str
    ) -> None:
        error = self.issue(deal_id)
        if error is None:
            return
        code, field = _DEAL_ISSUES.get(error.code, ("loser", "losers"))
        detail = error.message
        if error.code in ("seat_sat_out", "seat_left_table"):
            detail = f"{next(s for s in losers if s not in players)} did not play this deal"
        raise _fail(code, f"{where}: {field}", detail)

    def refused_ruling(self, ruling: RulingMade, at: str) -> None:
        error = self.issue(ruling.id)
        if error is None:
            return
        template = _RULING_ISSUES.get(error.code)
        if template is None:
            raise _fail("ruling", at, error.message)
        raise _fail("ruling", f"{at}.offender", template.format(offender=ruling.offender))

    # -- outcomes ------------------------------------------------------------

    def changes(self, before: LedgerState) -> tuple[dict[str, int], tuple[str, ...]]:
        """Letters given and words completed since ``before``."""
        after = self.state
        letters = {
            seat.seat: seat.letter_count - old.letter_count
            for seat, old in zip(after.seats, before.seats, strict=True)
            if seat.letter_count > old.letter_count
        }
        completed = tuple(
            seat.seat
            for seat, old in zip(after.seats, before.seats, strict=True)
            if seat.has_placka and not old.has_placka
        )
        return letters, completed

    def unplayed(
        self, number: int, before: LedgerState, misdeals: list[MisdealOutcome]
    ) -> DealOutcome:
        letters, completed = self.changes(before)
        # Who deals it next, or (a misdeal letter ended the game) who misdealt last.
        upcoming = self.state.next_deal
        dealer = upcoming.dealer if upcoming is not None else misdeals[-1].dealer
        return DealOutcome(
            number=number,
            dealer=dealer,
            sat_out=(),
            players=(),
            misdeals=tuple(misdeals),
            played=False,
            recorded_losers=(),
            losers=(),
            points={},
            result=None,
            rulings=(),
            letters=letters,
            completed=completed,
            next_dealer=None,
        )

    def outcome(
        self,
        number: int,
        before: LedgerState,
        deal: DealState,
        misdeals: list[MisdealOutcome],
        result: DealResult | None,
        raw: list[dict[str, object]],
    ) -> DealOutcome:
        letters, completed = self.changes(before)
        rulings = tuple(
            RulingOutcome(
                str(effect.kind),
                effect.offender,
                str(effect.penalty),
                effect.intentional,
                str(ruling.get("reason", "")),
                len(effect.letter_awards),
                effect.removed,
            )
            for ruling, effect in zip(raw, deal.rulings, strict=True)
        )
        return DealOutcome(
            number=number,
            dealer=deal.dealer or "",
            sat_out=deal.sitting_out,
            players=deal.players,
            misdeals=tuple(misdeals),
            played=True,
            recorded_losers=deal.recorded_losers,
            losers=deal.losers,
            points=deal.points_by_seat,
            result=result,
            rulings=rulings,
            letters=letters,
            completed=completed,
            next_dealer=deal.next_dealer,
        )


def _check_result(outcome: GameOutcome, said: Mapping[str, object]) -> None:
    computed = outcome.result_json()
    for key, value in said.items():
        if key not in computed:
            raise _fail("format", f"result.{key}", "not a member of a game result")
        want = computed[key]
        if isinstance(value, list) and isinstance(want, list):
            value = sorted(value)
            want = sorted(want)
        if value != want:
            raise _fail("result", f"result.{key}", f"the deals give {want!r}, not {value!r}")


def replay_game(data: object, ruleset: Ruleset | None = None) -> GameOutcome:
    """Replay and check a game record; return its result. ``ruleset``, when given,
    replaces a record without one (the command line's options)."""
    if ruleset is not None and isinstance(data, dict) and "ruleset" not in data:
        data = {**data, "ruleset": ruleset.to_json()}
    header = _header(data)
    game = _Replay(header)
    deals = tuple(
        game.deal(entry, k + 1, k == len(header.deals) - 1) for k, entry in enumerate(header.deals)
    )
    outcome = GameOutcome.of(header.word, game.state, deals)
    if header.result is not None:
        _check_result(outcome, header.result)
    return outcome
