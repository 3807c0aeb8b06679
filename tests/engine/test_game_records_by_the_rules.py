"""``score-game`` against whole games generated from ``engine/RULES.md`` by a reference model
of its own (:mod:`tests.engine.rules_model`, which imports nothing of the engine): tables of
four, five and six under each sit-out rule, both placka modes and both tie rules, with
misdeals, full SCN records, referee rulings and seats leaving.

Two properties, each over a few thousand games in a bounded run:

* every game the model plays by the rules scores, through the command line's
  ``score-game --lines`` path, to what the model says (each deal's dealer, sit-outs,
  players, misdeals, losers, points, rulings, letters, plackas and next dealer; the
  letters, plackas, disqualifications, end and placings of the game);
* a record with one fact of a valid game changed (dealer, leader, sit-out, loser,
  misdeal, ruling) so that it breaks the rules is refused, and the refusal names the deal
  and the field: no corruption is accepted.
"""

from __future__ import annotations

import copy
import functools
import io
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Ruleset, Seat, score_record
from engine.cli import score_lines
from tests.engine.helpers import EXAMPLES, redealt
from tests.engine.random_games import bot_deal
from tests.engine.rules_model import FOUR, SEATS, Config, PoolDeal, game

TIES = ("last_trick", "both")
CONFIGS = [
    Config(seats, rule, mode, tie)
    for seats in (4, 5, 6)
    for rule in ("dealer", "dealer_and_left", "rotation")
    for mode in ("until_first_placka", "elimination")
    for tie in TIES
]
#: 36 settings x 4 examples x 20 games: 2,880 games scored, and as many corrupted.
GAMES = 20
BOUNDED = settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@functools.cache
def pool() -> tuple[PoolDeal, ...]:
    """Full deals to put on the tables: the golden records (ties without Hejma, revokes,
    packs among them) and bot-played deals with the odd revoke and pack."""
    rng = random.Random(33)
    records = [e["record"] for e in EXAMPLES if "error" not in e["result"]]
    for i in range(40):
        revoke = 0.05 if i % 3 == 0 else 0.0
        record, _result = bot_deal(rng, Seat(i % 4), Ruleset(), revoke_rate=revoke, pack_rate=0.02)
        records.append(record)
    deals = []
    for record in records:
        scored = {tie: score_record(record, Ruleset(tie_without_hejma=tie)) for tie in TIES}  # type: ignore[arg-type]
        losers = {tie: tuple(seat.code for seat in r.loser) for tie, r in scored.items()}
        deals.append(PoolDeal(record, losers, dict(zip(FOUR, scored["both"].points, strict=True))))
    return tuple(deals)


def score_game(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``python -m engine score-game --lines``: one record a line in, one result a line out."""
    out = io.StringIO()
    score_lines([json.dumps(r) for r in records], Ruleset(), out, game=True)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def games(config: Config, seed: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    rng = random.Random(seed)
    return [game(rng, config, pool()) for _ in range(GAMES)]


def _as_model_says(got: dict[str, Any], expected: dict[str, Any]) -> dict[str, Any]:
    """The members of score-game's answer the model predicts (not the SCN deal scores)."""
    seen = {key: got[key] for key in expected if key != "deals"}
    seen["deals"] = [{k: v for k, v in d.items() if k != "result"} for d in got["deals"]]
    return seen


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.seats}-{c.rule}-{c.mode}-{c.tie}")
@BOUNDED
@given(seed=st.integers(0, 2**64))
def test_score_game_scores_whole_games_as_the_rules_play_them(config: Config, seed: int) -> None:
    played = games(config, seed)
    for (record, expected), got in zip(played, score_game([r for r, _ in played]), strict=True):
        assert "error" not in got, (got, json.dumps(record))
        assert _as_model_says(got, expected) == expected, json.dumps(record)


# -- corruptions ----------------------------------------------------------------------------

#: A corruption: (the record changed, the deal it changed, the field, the codes allowed).
Corrupted = tuple[dict[str, Any], int, str, tuple[str, ...]]


class Corrupter:
    """Changes one fact of one deal of a valid game so that the record breaks the rules."""

    def __init__(self, record: dict[str, Any], expected: dict[str, Any], rng: random.Random):
        self.record, self.expected, self.rng = record, expected, rng
        self.order = SEATS[: len(record["seats"])]

    def each(self) -> Iterator[Corrupted]:
        """One corruption of each kind that fits a deal of this game."""
        kinds: list[Callable[[int], Corrupted | None]] = [
            self.dealer,
            self.misdeal_dealer,
            self.leader,
            self.sit_out,
            self.loser,
            self.misdeal_letter,
            self.ruling,
        ]
        for kind in kinds:
            numbers = list(range(1, len(self.record["deals"]) + 1))
            self.rng.shuffle(numbers)
            for number in numbers:
                if (done := kind(number)) is not None:
                    yield done
                    break

    def _copy(self, number: int) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        record = copy.deepcopy(self.record)
        return record, record["deals"][number - 1], self.expected["deals"][number - 1]

    def _other(self, seats: str | list[str], *not_: str) -> str | None:
        choices = [s for s in seats if s not in not_]
        return self.rng.choice(choices) if choices else None

    def dealer(self, number: int) -> Corrupted | None:
        record, entry, deal = self._copy(number)
        if not deal["played"]:
            return None
        entry["dealer"] = self._other(self.order, deal["dealer"])
        return record, number, "dealer", ("dealer",)

    def misdeal_dealer(self, number: int) -> Corrupted | None:
        record, entry, deal = self._copy(number)
        if not deal["misdeals"]:
            return None
        i = self.rng.randrange(len(deal["misdeals"]))
        entry["misdeals"][i]["dealer"] = self._other(self.order, deal["misdeals"][i]["dealer"])
        return record, number, f"misdeals[{i}].dealer", ("dealer",)

    def leader(self, number: int) -> Corrupted | None:
        """The SCN record dealt so that another player leads (consistent in itself), or
        only its dealer changed."""
        record, entry, _deal = self._copy(number)
        if "record" not in entry:
            return None
        scn = entry["record"]
        other = self._other(FOUR, scn["dealer"])
        assert other is not None
        if self.rng.random() < 0.7:
            entry["record"] = redealt(scn, other)
        else:
            scn["dealer"] = other
        return record, number, "record.dealer", ("dealer",)

    def sit_out(self, number: int) -> Corrupted | None:
        record, entry, deal = self._copy(number)
        if not deal["played"]:
            return None
        at_table = sorted(deal["players"] + deal["sat_out"])
        size = len(deal["sat_out"]) or 1
        while True:
            count = self.rng.choice([size, size, max(1, size - 1)])
            said = sorted(self.rng.sample(at_table, count))
            if said != deal["sat_out"]:
                break
        entry["sat_out"] = said
        return record, number, "sat_out", ("sit_out",)

    def loser(self, number: int) -> Corrupted | None:
        record, entry, deal = self._copy(number)
        if not deal["played"]:
            return None
        recorded = entry.get("losers")
        idle = [s for s in self.order if s not in deal["players"]]  # sat out or left
        options: list[list[str]] = []
        if idle:  # a seat that did not play the deal
            base = list(recorded or deal["players"][:1])
            base[self.rng.randrange(len(base))] = self.rng.choice(idle)
            options.append(base)
        scored = recorded_losers(deal)
        if "record" in entry and scored is not None:  # other losers than the SCN record's
            options += [[s] for s in deal["players"] if [s] != scored]
        elif "points" in entry:  # a seat without the most points
            top = max(entry["points"].values())
            options += [[s] for s, n in entry["points"].items() if n < top]
        if recorded and "record" not in entry and record["ruleset"]["tie_without_hejma"] != "both":
            second = self._other(deal["players"], *recorded)
            if second is not None:  # two losers under a one-loser ruleset
                options.append([*recorded, second])
        if not options:
            return None
        entry["losers"] = self.rng.choice(options)
        return record, number, "losers", ("loser",)

    def misdeal_letter(self, number: int) -> Corrupted | None:
        record, entry, deal = self._copy(number)
        if not deal["misdeals"]:
            return None
        i = self.rng.randrange(len(deal["misdeals"]))
        entry["misdeals"][i]["letter"] = not deal["misdeals"][i]["letter"]
        return record, number, f"misdeals[{i}].letter", ("misdeal",)

    def ruling(self, number: int) -> Corrupted | None:
        record, entry, deal = self._copy(number)
        if not deal["rulings"]:
            return None
        i = self.rng.randrange(len(deal["rulings"]))
        ruling, effect = entry["rulings"][i], deal["rulings"][i]
        idle = [s for s in self.order if s not in deal["players"]]
        choice = self.rng.random()
        if effect["penalty"] == "loses_deal" and idle and choice < 0.4:
            ruling["offender"] = self.rng.choice(idle)  # sat out, or has left the table
            return record, number, f"rulings[{i}].offender", ("ruling",)
        if choice < 0.7:
            ruling["letters"] = effect["letters"] + self.rng.choice([1, 2])
            return record, number, f"rulings[{i}].letters", ("ruling",)
        ruling["penalty"] = "ban"
        ruling["kind"], ruling["intentional"] = self.rng.choice(
            [("A", True), ("B", False), ("C", True), ("other", False)]
        )
        return record, number, f"rulings[{i}].penalty", ("ruling",)


def recorded_losers(deal: dict[str, Any]) -> list[str] | None:
    """The losers by the deal's own points or record (``None``: rulings replaced them)."""
    replaced = [r["offender"] for r in deal["rulings"] if r["penalty"] == "loses_deal"]
    return None if replaced else sorted(deal["losers"])


def refused_naming(got: dict[str, Any], number: int, field: str, codes: tuple[str, ...]) -> bool:
    detail = str(got.get("detail", ""))
    return got.get("error") in codes and detail.startswith(f"deal {number}: {field}")


def corruptions(config: Config, seed: int) -> list[Corrupted]:
    rng = random.Random(seed ^ 0x33)
    played = games(config, seed)
    return [c for record, expected in played for c in Corrupter(record, expected, rng).each()]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.seats}-{c.rule}-{c.mode}-{c.tie}")
@BOUNDED
@given(seed=st.integers(0, 2**64))
def test_a_record_with_one_fact_changed_is_refused_naming_the_deal_and_field(
    config: Config, seed: int
) -> None:
    changed = corruptions(config, seed)
    answers = score_game([record for record, *_ in changed])
    wrong = [
        (got, number, field, json.dumps(record))
        for (record, number, field, codes), got in zip(changed, answers, strict=True)
        if not refused_naming(got, number, field, codes)
    ]
    assert not wrong, wrong[0]
