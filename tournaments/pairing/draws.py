"""Draw generators: plain classes over a :class:`DrawRequest`, no database.

What every generated draw weighs, strongest first (the order is set out in
:mod:`.teammates`): the table sizes, teammates at different tables, no repeated
tablemates, the method's own aim, seat A balance. A final's table is fixed by the ranking
and a manual draw by the director: their teammates at one table are flagged, not moved.

>>> from tournaments.pairing import DrawRequest, Entrant, draw_make
>>> request = DrawRequest(round_number=1, entrants=tuple(Entrant(i) for i in range(1, 15)), seed=7)
>>> [len(t) for t in draw_make(request).tables]
[5, 5, 4]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .errors import DrawProblemsError, FieldSizeError, InputError, ParamValue, TieAtCutError
from .flags import Flag, joined
from .history import ledger, meetings, pair, repeats_in
from .manual import check_manual_draw
from .model import Draw, DrawRequest, Entrant, Method, QualityReport, TablePolicy, Tables
from .schedule import schedule_make
from .search import anneal, split
from .seats import SeatLedger, seat_a_again, seat_round
from .sizes import table_sizes
from .teammates import apart, teammate_flags, teammate_pairs, teams_of_two

#: cost of seating a pair together once more; far above any rank-distance cost
REPEAT_COST = 1000.0
#: a little extra for meeting again right after the last round
RECENT_COST = 10.0
#: random draws follow a whole-event plan for at most this many rounds
PLAN_ROUNDS = 20


class DrawGenerator:
    """Base class: seats, flags and the quality report shared by every method."""

    method = Method.RANDOM

    def __init__(self, request: DrawRequest) -> None:
        self.request = request
        self.rng = random.Random(f"{request.seed}:{request.round_number}:{request.method}")
        self.met = meetings(request.history)
        self.ledger: SeatLedger = ledger(request.history)
        self.seated = [e for e in request.entrants if e.is_eligible]
        self.teams = teams_of_two(request.teams, [e.id for e in self.seated])

    def check(self) -> None:
        """Raise the :class:`PairingError` the draw would, without searching: what a
        director can fix, found before a draw job is started (:func:`draw_check`)."""
        table_sizes(len(self.seated), self.request.policy)

    def generate(self) -> Draw:
        groups = self.group()
        tables = seat_round(groups, self.ledger, self.rng)
        return self.finish(tables)

    def group(self) -> list[list[int]]:
        raise NotImplementedError

    # -- shared pieces ----------------------------------------------------
    def pair_costs(self, order: Sequence[Entrant]) -> list[list[float]]:
        """Pairwise costs over indices of ``order``: repeats, then recency."""
        last = max((r.number for r in self.request.history), default=None)
        n = len(order)
        cost = [[0.0] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                rounds = self.met.get(pair(order[i].id, order[j].id))
                if rounds:
                    c = REPEAT_COST * len(rounds) + (RECENT_COST if rounds[-1] == last else 0.0)
                    cost[i][j] = cost[j][i] = c
        return cost

    def team_of(self, order: Sequence[Entrant]) -> list[int | None] | None:
        """The team of each index of ``order`` for the search; ``None`` when no two seated
        players are teammates (the search then runs exactly as without teams)."""
        if not self.teams:
            return None
        return [self.teams.get(e.id) for e in order]

    def start(self, tables: list[list[int]], teams: list[int | None] | None) -> list[list[int]]:
        """A search's first grouping (indices), moved to the fewest teammate pairs."""
        if teams is None:
            return tables
        return apart(tables, {i: t for i, t in enumerate(teams) if t is not None})

    def finish(self, tables: Tables) -> Draw:
        request = self.request
        flags: list[Flag] = []
        for e in request.entrants:
            if not e.is_eligible:
                flags.append(Flag("left_out", {"player": e.id, "status": e.eligibility.value}))
        preferred = request.policy.preferred
        for number, table in enumerate(tables, start=1):
            if len(table) != preferred and self.method is not Method.SEEDED_FINAL:
                params: dict[str, ParamValue] = {
                    "size": len(table),
                    "players": len(self.seated),
                    "preferred": preferred,
                }
                flags.append(Flag("table_size", dict(params), table=number))
        repeats = repeats_in(tables, self.met)
        for rep in repeats:
            rparams: dict[str, ParamValue] = {
                "a": rep.a,
                "b": rep.b,
                "rounds": joined(rep.rounds),
            }
            flags.append(Flag("repeat_unavoidable", rparams, table=rep.table))
        flags += teammate_flags(tables, self.teams)
        field_ids = [e.id for e in self.seated]
        again = seat_a_again(tables, self.ledger, field_ids)
        for number, table in enumerate(tables, start=1):
            if table[0] in again:
                flags.append(Flag("seat_a_again", {"player": table[0]}, table=number))
        after = SeatLedger({p: list(c) for p, c in self.ledger.counts.items()})
        after.record(tables)
        seated_ids = [p for t in tables for p in t]
        a_counts = [after.a_count(p) for p in seated_ids] or [0]
        report = QualityReport(tuple(repeats), tuple(again), min(a_counts), max(a_counts))
        return Draw(request, tables, tuple(flags), report)


class RandomDraw(DrawGenerator):
    """A draw by lot that avoids repeated tablemates (the default for basic rounds)."""

    method = Method.RANDOM
    restarts = 8

    def planned(self) -> list[list[int]] | None:
        """This round of a whole-event plan, if every earlier round followed the plan.

        The plan is :func:`schedule_make` for the field, relabelled by a
        permutation drawn from the seed alone, so a series of random draws
        with one seed follows an exact design while the history matches it.
        """
        ids = sorted(e.id for e in self.seated)
        past = sorted(self.request.history, key=lambda r: r.number)
        if self.request.policy != TablePolicy() or len(past) >= PLAN_ROUNDS:
            return None
        plan = schedule_make(len(ids), len(past) + 1, seed=self.request.seed)
        labels = list(ids)
        random.Random(f"plan:{self.request.seed}:{len(ids)}").shuffle(labels)
        rounds = [[[labels[p - 1] for p in t] for t in r] for r in plan.rounds]
        for earlier, planned in zip(past, rounds, strict=False):
            if {frozenset(t) for t in earlier.tables} != {frozenset(t) for t in planned}:
                return None
        return rounds[-1]

    def group(self) -> list[list[int]]:
        sizes = table_sizes(len(self.seated), self.request.policy)
        order = list(self.seated)
        cost = self.pair_costs(order)
        planned = self.planned()
        if (
            planned is not None
            and not any(
                self.met.get(pair(p, q))
                for t in planned
                for i, p in enumerate(t)
                for q in t[i + 1 :]
            )
            # a plan that seats teammates together is left when a draw can seat fewer
            and teammate_pairs(planned, self.teams)
            == teammate_pairs(apart(planned, self.teams), self.teams)
        ):
            return planned
        teams = self.team_of(order)
        best: tuple[float, list[list[int]]] | None = None
        for _ in range(self.restarts):
            idx = list(range(len(order)))
            self.rng.shuffle(idx)
            tables, total = anneal(
                self.start(split(idx, sizes), teams),
                cost,
                self.rng,
                steps=300 * len(order),
                temperature=REPEAT_COST,
                teams=teams,
            )
            if best is None or total < best[0]:
                best = (total, tables)
            if total == 0:
                break
        assert best is not None
        return [[order[i].id for i in t] for t in best[1]]


#: weight of table balance against repeats (a repeat costs REPEAT_COST, far more)
BALANCE_WEIGHT = 10.0


class RatingDraw(RandomDraw):
    """Tables of even strength: like the random draw, plus the spread of table ratings.

    For tables of one size, the sum over tables of (sum of centred ratings)^2
    is a sum over pairs at a table of ``c_i * c_j`` (plus a constant), so the
    balance is one more pairwise cost for the same search: ratings are
    centred and scaled to unit spread, a never-rated player counts as the
    field's mean, and a repeat still costs far more than any imbalance.
    """

    method = Method.RATING

    def pair_costs(self, order: Sequence[Entrant]) -> list[list[float]]:
        cost = super().pair_costs(order)
        known = [e.rating for e in order if e.rating is not None]
        if len(known) < 2:
            return cost
        mean = sum(known) / len(known)
        spread = (sum((r - mean) ** 2 for r in known) / len(known)) ** 0.5 or 1.0
        c = [((e.rating if e.rating is not None else mean) - mean) / spread for e in order]
        offset = max(x * x for x in c)
        for i in range(len(order)):
            for j in range(len(order)):
                if i != j:
                    cost[i][j] += BALANCE_WEIGHT * (c[i] * c[j] + offset)
        return cost

    def planned(self) -> list[list[int]] | None:
        return None


def _assert_orderable(entrants: Sequence[Entrant]) -> None:
    if not (
        all(e.ranking is not None for e in entrants)
        or all(e.success_rate is not None for e in entrants)
    ):
        raise InputError(
            "Every entrant needs a ranking position or a success rate for this draw.",
        )


def standing_order(entrants: Sequence[Entrant], rng: random.Random) -> list[Entrant]:
    """Best first: by ranking position, else by success rate; ties by lot."""
    _assert_orderable(entrants)
    keyed: list[tuple[float, float, Entrant]]
    if all(e.ranking is not None for e in entrants):
        keyed = [(e.ranking or 0, rng.random(), e) for e in entrants]
    else:
        keyed = [(-(e.success_rate or 0.0), rng.random(), e) for e in entrants]
    return [e for *_, e in sorted(keyed, key=lambda k: (k[0], k[1]))]


class StandingsDraw(DrawGenerator):
    """Players of similar success together (top table first), still avoiding repeats."""

    method = Method.STANDINGS
    restarts = 3

    def check(self) -> None:
        super().check()
        _assert_orderable(self.seated)

    def group(self) -> list[list[int]]:
        sizes = table_sizes(len(self.seated), self.request.policy)
        order = standing_order(self.seated, self.rng)
        cost = self.pair_costs(order)
        for i in range(len(order)):
            for j in range(len(order)):
                cost[i][j] += float((i - j) ** 2)
        teams = self.team_of(order)
        start = self.start(split(list(range(len(order))), sizes), teams)
        best: tuple[float, list[list[int]]] | None = None
        for _ in range(self.restarts):
            tables, total = anneal(
                start,
                cost,
                self.rng,
                steps=600 * len(order),
                temperature=float(len(order) ** 2),
                teams=teams,
            )
            if best is None or total < best[0]:
                best = (total, tables)
        assert best is not None
        tables = best[1]
        # keep the best players at the first table
        tables.sort(key=lambda t: sum(t) / len(t))
        return [sorted((order[i].id for i in t), key=lambda p: p) for t in tables]


class FinalDraw(DrawGenerator):
    """The final table: the top of the qualification ranking, seats by lot."""

    method = Method.SEEDED_FINAL

    def check(self) -> None:
        self.ranked()

    def group(self) -> list[list[int]]:
        return [[e.id for e in self.ranked()[: self.request.final_size]]]

    def ranked(self) -> list[Entrant]:
        """The field best first; refused when the final table cannot be seated from it."""
        size = self.request.final_size
        if not self.request.policy.min_size <= size <= self.request.policy.max_size:
            raise FieldSizeError(
                f"A final table of {size} is not allowed.",
                params={"size": size},
            )
        if any(e.ranking is None for e in self.seated):
            raise InputError("Every entrant needs a ranking position for the final draw.")
        ranked = sorted(self.seated, key=lambda e: e.ranking or 0)
        if len(ranked) < self.request.policy.min_size:
            raise FieldSizeError(
                f"{len(ranked)} players are too few for a final table.",
                params={"players": len(ranked), "min": self.request.policy.min_size},
            )
        if len(ranked) > size and ranked[size - 1].ranking == ranked[size].ranking:
            tied = [e.id for e in ranked if e.ranking == ranked[size].ranking]
            raise TieAtCutError(
                f"Players {', '.join(map(str, tied))} tie at place {ranked[size].ranking}, "
                "across the cut: a play-off game is needed.",
                params={"players": tied, "place": ranked[size].ranking or 0},
            )
        return ranked


class ManualDraw(DrawGenerator):
    """The director's own tables (seat order as given), checked before confirming."""

    method = Method.MANUAL

    def problems(self) -> tuple[Flag, ...]:
        r = self.request
        return check_manual_draw(
            r.manual_tables, r.entrants, r.history, r.policy, optional=r.optional, teams=r.teams
        )

    def check(self) -> None:
        errors = [p for p in self.problems() if p.is_error]
        if errors:
            text = " ".join(p.message for p in errors)
            raise DrawProblemsError(f"The draw cannot be confirmed: {text}")

    def generate(self) -> Draw:
        self.check()
        return self.finish(tuple(tuple(t) for t in self.request.manual_tables))


GENERATORS: dict[Method, type[DrawGenerator]] = {
    Method.RANDOM: RandomDraw,
    Method.STANDINGS: StandingsDraw,
    Method.SEEDED_FINAL: FinalDraw,
    Method.MANUAL: ManualDraw,
    Method.RATING: RatingDraw,
}


def draw_make(request: DrawRequest) -> Draw:
    """Make the draw the request asks for; same request, same draw."""
    return GENERATORS[request.method](request).generate()


def draw_check(request: DrawRequest) -> None:
    """Raise what :func:`draw_make` would raise before its search (field size, rankings, a
    tie at the final's cut): cheap, so a request can refuse at once and leave the one
    computation of the draw to its job."""
    GENERATORS[request.method](request).check()
