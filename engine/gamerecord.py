"""Game records: a whole game at a table of four to six, replayed, checked and scored.

The format is ``engine/RULES.md``, "Game records": a JSON object with ``"format":
"scwu-game/1"``, the ruleset, the playing word, the seats, the table rules, every deal
(a full SCN record or the loser(s) and optionally points, as a physical table enters
it) with its dealer, sit-outs, misdeals and referee rulings, and the result.
:func:`replay_game` checks every fact against the rules and computes the result; an
inconsistency raises :class:`~engine.errors.InvalidRecordError` whose detail names
the deal and the field (``deal 3: sat_out: ...``).

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
from dataclasses import dataclass, field
from typing import Literal

from engine.cards import SEATS
from engine.errors import EngineError, InvalidRecordError, ParseError
from engine.game import word_letters
from engine.gameoutcome import FORMAT, DealOutcome, GameOutcome, MisdealOutcome, RulingOutcome
from engine.result import DealResult
from engine.rules import TOTAL_POINTS, Ruleset
from engine.scn import check_record

# merge: use the engine's table rules (who deals next, who sits out) instead of table_seats.
from engine.table_seats import (
    PLAYERS_PER_DEAL,
    SIT_OUT_RULES,
    SitOutRule,
    next_dealer,
    sitting_out,
)

__all__ = [
    "FORMAT",
    "PENALTIES",
    "PLACKA_MODES",
    "RENONC_KINDS",
    "DealOutcome",
    "GameOutcome",
    "is_game_record",
    "replay_game",
]

TABLE_SEATS = "ABCDEF"
PlackaMode = Literal["until_first_placka", "elimination"]
PLACKA_MODES: tuple[PlackaMode, ...] = ("until_first_placka", "elimination")
RENONC_KINDS = ("A", "B", "C", "other")
PENALTIES = ("loses_deal", "extra_letter", "loses_game", "disqualification", "ban")
_REMOVING = ("disqualification", "ban")
#: Misdeals a dealer may make in one deal without a letter (RULES.md: one).
FREE_MISDEALS = 1


def is_game_record(data: object) -> bool:
    """True for an object that declares a game record format (``"format"`` key)."""
    return isinstance(data, dict) and "format" in data


def _fail(code: str, where: str, detail: str) -> InvalidRecordError:
    return InvalidRecordError(code, f"{where}: {detail}"[:300])


def _seat_list(value: object, where: str, seats: str) -> tuple[str, ...]:
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


@dataclass
class _Table:
    """Mutable state of one replay; never leaves this module."""

    word: str
    order: str
    ruleset: Ruleset
    sit_out_rule: SitOutRule
    placka_mode: str
    dealer: str
    letters: dict[str, int] = field(default_factory=dict)
    active: list[str] = field(default_factory=list)
    completed: list[str] = field(default_factory=list)
    disqualified: list[str] = field(default_factory=list)
    places: dict[str, int] = field(default_factory=dict)
    finished: bool = False
    reason: str | None = None

    def award(self, seat: str, given: dict[str, int]) -> bool:
        if self.letters[seat] >= len(self.word):
            return False
        self.letters[seat] += 1
        given[seat] = given.get(seat, 0) + 1
        return True

    def settle(self, removed: Sequence[str]) -> tuple[str, ...]:
        """Completions and removals after a step; returns the seats that completed."""
        done = [s for s in self.active if self.letters[s] >= len(self.word)]
        done = [s for s in done if s not in self.completed]
        self.completed += done
        for seat in removed:
            if seat in self.active:
                self.active.remove(seat)
                self.disqualified.append(seat)
        if done and self.placka_mode == "until_first_placka":
            self.finish("placka")
            return tuple(done)
        leaving = [s for s in done if s in self.active]
        place = len(self.active) - len(leaving) + 1
        for seat in leaving:
            self.active.remove(seat)
            self.places[seat] = place
        if len(self.active) < PLAYERS_PER_DEAL:
            self.finish("fewer_than_four")
        return tuple(done)

    def finish(self, reason: str) -> None:
        self.finished = True
        self.reason = reason
        if self.placka_mode == "elimination":
            return  # the seats still at the table are placed by the standings, not here
        ranked = [s for s in self.order if s not in self.disqualified]
        for seat in ranked:
            self.places[seat] = 1 + sum(
                1 for other in ranked if self.letters[other] < self.letters[seat]
            )


def _header(data: object) -> tuple[_Table, list[object], Mapping[str, object] | None]:
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
    if not PLAYERS_PER_DEAL <= len(letters) <= len(TABLE_SEATS) or letters != list(
        TABLE_SEATS[: len(letters)]
    ):
        raise _fail("format", "seats", f"seats A-D, A-E or A-F in order, not {letters!r}")
    order = TABLE_SEATS[: len(letters)]
    rule = _choice(data.get("sit_out_rule", "dealer"), SIT_OUT_RULES, "sit_out_rule")
    mode = _choice(data.get("placka_mode", "until_first_placka"), PLACKA_MODES, "placka_mode")
    first = data.get("first_dealer", "A")
    if not isinstance(first, str) or first not in order or len(first) != 1:
        raise _fail("format", "first_dealer", f"a seat of this table, not {first!r}")
    deals = data.get("deals")
    if not isinstance(deals, list):
        raise _fail("format", "deals", "a list of deals")
    result = data.get("result")
    if result is not None and not isinstance(result, dict):
        raise _fail("format", "result", "an object")
    table = _Table(word, order, ruleset, rule, mode, first)  # type: ignore[arg-type]
    table.letters = dict.fromkeys(order, 0)
    table.active = list(order)
    return table, deals, result


def _misdeals(
    table: _Table, entry: Mapping[str, object], where: str, as_played: bool
) -> list[MisdealOutcome]:
    raw = entry.get("misdeals", [])
    if not isinstance(raw, list) or not all(isinstance(m, dict) for m in raw):
        raise _fail("format", f"{where}: misdeals", "a list of objects")
    out: list[MisdealOutcome] = []
    count = 0
    for i, misdeal in enumerate(raw):
        at = f"{where}: misdeals[{i}]"
        if table.finished:
            raise _fail("game", at, "the game ended with the previous misdeal letter")
        dealer = misdeal.get("dealer", table.dealer)
        if dealer != table.dealer:
            if not (as_played and dealer in table.active):
                raise _fail(
                    "dealer", f"{at}.dealer", f"{dealer} misdealt, but {table.dealer} deals"
                )
            table.dealer, count = str(dealer), 0
        waived = _bool(misdeal, "waived", at, False)
        count += 1
        given: dict[str, int] = {}
        letter = count > FREE_MISDEALS and not waived and table.award(table.dealer, given)
        if "letter" in misdeal and _bool(misdeal, "letter", at, False) != letter:
            said, rules = ("a letter", "none") if misdeal["letter"] else ("no letter", "one")
            raise _fail(
                "misdeal", f"{at}.letter", f"the record says {said}, the rules give {rules}"
            )
        out.append(MisdealOutcome(table.dealer, count, waived, letter))
        if letter and table.settle(()) and not table.finished:
            # The misdealer completed the word and left: the next seat deals this deal.
            table.dealer = next_dealer(table.dealer, (table.dealer,), table.active, table.order)
            count = 0
    return out


def _engine_losers(
    table: _Table, record: object, dealer: str, players: tuple[str, ...], where: str
) -> tuple[tuple[str, ...], dict[str, int], DealResult]:
    """Score a full SCN record; its seats A-D are the players clockwise in seat order."""
    if not isinstance(record, dict):
        raise _fail("format", f"{where}: record", "an SCN deal record object")
    if dealer in players and record.get("dealer") != "ABCD"[players.index(dealer)]:
        want = "ABCD"[players.index(dealer)]
        raise _fail("dealer", f"{where}: record.dealer", f"table seat {dealer} is {want}")
    try:
        _deal, result = check_record(record, table.ruleset)
    except InvalidRecordError as err:
        raise _fail(err.code, f"{where}: record", err.detail) from None
    losers = tuple(players[s] for s in result.loser)
    points = {players[s]: result.points[s] for s in SEATS}
    return losers, points, result


def _short_losers(
    table: _Table, entry: Mapping[str, object], players: tuple[str, ...], where: str
) -> tuple[tuple[str, ...], dict[str, int]]:
    if "losers" not in entry:
        raise _fail("format", f"{where}: losers", "a deal needs its losers or its record")
    losers = _seat_list(entry["losers"], f"{where}: losers", table.order)
    if not losers:
        raise _fail("format", f"{where}: losers", "a deal needs at least one loser")
    for seat in losers:
        if seat not in players:
            raise _fail("loser", f"{where}: losers", f"{seat} did not play this deal")
    if len(losers) > 1 and table.ruleset.tie_without_hejma != "both":
        raise _fail("loser", f"{where}: losers", "under this ruleset a deal has one loser")
    points = entry.get("points")
    if points is None:
        return losers, {}
    if not isinstance(points, dict) or sorted(points) != list(players):
        raise _fail("format", f"{where}: points", f"the points of {', '.join(players)}")
    for seat, value in points.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise _fail("format", f"{where}: points.{seat}", f"0..33, not {value!r}")
    if sum(points.values()) > TOTAL_POINTS:
        raise _fail("loser", f"{where}: points", "a deal has 33 points, these add up to more")
    top = max(points.values())
    beaten = [s for s in losers if points[s] != top]
    if beaten:
        raise _fail("loser", f"{where}: losers", f"{beaten[0]} does not have the most points")
    return losers, dict(points)


def _rulings(
    table: _Table, entry: Mapping[str, object], sat_out: tuple[str, ...], where: str
) -> list[dict[str, object]]:
    raw = entry.get("rulings", [])
    if not isinstance(raw, list) or not all(isinstance(r, dict) for r in raw):
        raise _fail("format", f"{where}: rulings", "a list of objects")
    for i, ruling in enumerate(raw):
        at = f"{where}: rulings[{i}]"
        _choice(ruling.get("kind"), RENONC_KINDS, f"{at}.kind")
        penalty = _choice(ruling.get("penalty"), PENALTIES, f"{at}.penalty")
        intentional = _bool(ruling, "intentional", at, False)
        if not isinstance(ruling.get("reason", ""), str):
            raise _fail("format", f"{at}.reason", "text")
        if penalty == "ban" and not (ruling.get("kind") == "B" and intentional):
            raise _fail("ruling", f"{at}.penalty", "a ban is for intentional renonc B only")
        offender = ruling.get("offender")
        if offender not in table.order:
            raise _fail("ruling", f"{at}.offender", f"not a seat at this table: {offender!r}")
        if offender not in table.active:
            raise _fail("ruling", f"{at}.offender", f"{offender} has left the table")
        if penalty == "loses_deal" and offender in sat_out:
            raise _fail("ruling", f"{at}.offender", f"{offender} sat out and cannot lose it")
    return raw


def _apply_rulings(
    table: _Table, raw: list[dict[str, object]], given: dict[str, int], where: str
) -> tuple[list[RulingOutcome], list[str]]:
    out: list[RulingOutcome] = []
    removed: list[str] = []
    for i, ruling in enumerate(raw):
        offender, penalty = str(ruling["offender"]), str(ruling["penalty"])
        mine: dict[str, int] = {}
        if penalty == "extra_letter":
            table.award(offender, mine)
        elif penalty == "loses_game":
            while table.award(offender, mine):
                pass
        elif penalty in _REMOVING:
            removed.append(offender)
        letters = mine.get(offender, 0)
        if "letters" in ruling and ruling["letters"] != letters:
            raise _fail(
                "ruling", f"{where}: rulings[{i}].letters", f"the ruling gives {letters} letters"
            )
        for seat, n in mine.items():
            given[seat] = given.get(seat, 0) + n
        out.append(
            RulingOutcome(
                str(ruling["kind"]),
                offender,
                penalty,
                bool(ruling.get("intentional", False)),
                str(ruling.get("reason", "")),
                letters,
                penalty in _REMOVING,
            )
        )
    return out, removed


def _fact_dealer(table: _Table, entry: Mapping[str, object], as_played: bool, where: str) -> str:
    """Who dealt: the rules' dealer, or (``as_played``) the seat at the table the entry names."""
    said = entry.get("dealer", table.dealer)
    if said != table.dealer and not (as_played and said in table.active):
        raise _fail("dealer", f"{where}: dealer", f"{said} dealt, but {table.dealer} deals")
    return str(said)


def _sat_out(
    table: _Table, value: object, rules: tuple[str, ...], as_played: bool, where: str
) -> tuple[str, ...]:
    """Who sat out: what the rules say, or (``as_played``) any right-sized block at the table."""
    said = _seat_list(value, f"{where}: sat_out", table.order)
    if set(said) == set(rules):
        return rules
    if not as_played:
        want = ", ".join(rules) or "nobody"
        raise _fail("sit_out", f"{where}: sat_out", f"{want} sits out, not {', '.join(said)}")
    if len(said) != len(rules) or any(seat not in table.active for seat in said):
        raise _fail(
            "sit_out",
            f"{where}: sat_out",
            f"exactly {len(rules)} still at the table, not {', '.join(said)}",
        )
    return tuple(seat for seat in table.order if seat in said)


def _deal(table: _Table, entry: object, number: int, last: bool) -> DealOutcome:
    where = f"deal {number}"
    if not isinstance(entry, dict):
        raise _fail("format", where, "a deal is a JSON object")
    if table.finished:
        raise _fail("game", where, "the game ended before this deal")
    before = dict(table.letters)
    done_before = len(table.completed)
    as_played = _bool(entry, "as_played", where, False)
    misdeals = _misdeals(table, entry, where, as_played)
    given = {s: table.letters[s] - before[s] for s in table.order if table.letters[s] > before[s]}
    dealer = table.dealer
    played = "losers" in entry or "record" in entry
    held = _bool(entry, "held", where, False)
    if held and played:
        raise _fail("format", f"{where}: held", "a held deal has no losers and no record")
    if not played or table.finished:
        if played:
            raise _fail("game", where, "a misdeal letter ended the game before this deal")
        if not (last or held):
            raise _fail("format", f"{where}: losers", "only the last deal may be unplayed")
        if held and not table.finished:
            dealer = table.dealer = _fact_dealer(table, entry, as_played, where)
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
            letters=given,
            completed=tuple(table.completed[done_before:]),
            next_dealer=None,
        )
    dealer = table.dealer = _fact_dealer(table, entry, as_played, where)
    out = sitting_out(table.sit_out_rule, dealer, table.active, table.order)
    if "sat_out" in entry:
        out = _sat_out(table, entry["sat_out"], out, as_played, where)
    players = tuple(s for s in table.active if s not in out)
    result = None
    if "record" in entry:
        recorded, points, result = _engine_losers(table, entry["record"], dealer, players, where)
        if "losers" in entry:
            said = _seat_list(entry["losers"], f"{where}: losers", table.order)
            if set(said) != set(recorded):
                raise _fail("loser", f"{where}: losers", f"the record says {recorded}")
    else:
        recorded, points = _short_losers(table, entry, players, where)
    raw = _rulings(table, entry, out, where)
    offenders = [str(r["offender"]) for r in raw if r["penalty"] == "loses_deal"]
    losers = tuple(dict.fromkeys(offenders)) if offenders else recorded
    for seat in losers:
        table.award(seat, given)
    rulings, removed = _apply_rulings(table, raw, given, where)
    table.settle(removed)
    completed = tuple(table.completed[done_before:])
    following = None if table.finished else next_dealer(dealer, losers, table.active, table.order)
    if following is not None:
        table.dealer = following
    return DealOutcome(
        number=number,
        dealer=dealer,
        sat_out=out,
        players=players,
        misdeals=tuple(misdeals),
        played=True,
        recorded_losers=recorded,
        losers=losers,
        points=points,
        result=result,
        rulings=tuple(rulings),
        letters=given,
        completed=completed,
        next_dealer=following,
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
    table, deals, said = _header(data)
    outcomes = tuple(
        _deal(table, entry, k + 1, k == len(deals) - 1) for k, entry in enumerate(deals)
    )
    outcome = GameOutcome(
        word=str(data["word"]),  # type: ignore[index]
        seats=tuple(table.order),
        letters=dict(table.letters),
        completed=tuple(table.completed),
        disqualified=tuple(table.disqualified),
        finished=table.finished,
        finish_reason=table.reason,
        placings=dict(table.places) if table.finished else None,
        deals=outcomes,
    )
    if said is not None:
        _check_result(outcome, said)
    return outcome
