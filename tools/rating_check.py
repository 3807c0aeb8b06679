"""Does the rating predict the tables?  ``python -m tools.rating_check``.

Measured as *pairwise accuracy*: over every pair of players at a table who
finished in different places, the share for which the predictor ranked the
better finisher higher before the game (a tie in the prediction counts
half).  Two predictors, both using only games played before:

* the rating (``mu`` of :mod:`tournaments.rating.skill`, updated by the same
  :func:`~tournaments.rating.skill.update` the site's task uses);
* the success rate alone (share of deals not lost so far).

Each figure comes with a 95 % bootstrap interval (games resampled with
replacement, the same resample for every predictor), and so does the
difference rating minus success rate: "better" means that interval lies
above zero.

``--simulate`` plays seasons with the engine's bots of known strength (each
player follows the heuristic bot with a fixed probability, the random bot
otherwise), in one of two fields:

* ``--field random``: one pool of players, fresh random tables of four each
  round (every player meets the same mix of opponents on average);
* ``--field clubs``: four clubs of different strength play their own nights,
  every third night is an open tournament drawn across all clubs; the report
  also gives the open tables alone, where a success rate earned against a
  weak or a strong club misleads.

``--archive`` replays the site's rated games (from the database, e.g. after
``manage.py seed_demo``) in the order they finished.  Games before
``--warmup`` per player are used for learning only.

The model's choices (per-deal matches, Plackett-Luce, ``beta``) were tuned
on other seasons (seeds 101-120, two random and one clubs season each); the
seeds reported (``--seed 1``, the default, and others) were held out.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.bots import HeuristicBot, RandomBot, bot_action
from engine.deal import Deal
from engine.knowledge import Knowledge
from tournaments.rating.skill import SeatFigures, Skill, finish_ranks, pairwise_accuracy, update

#: strengths of the simulated players: chance of playing the heuristic bot's move
STRENGTHS = (0.0, 0.25, 0.5, 0.75, 1.0)
#: the strengths within each club of the ``clubs`` field, weakest club first
CLUBS = ((0.0, 0.25), (0.25, 0.5), (0.5, 0.75), (0.75, 1.0))
#: bootstrap resamples behind each interval
RESAMPLES = 1000
RATING = "rating"
SUCCESS = "success rate"


class MixedBot:
    """The heuristic bot with probability ``strength``, the random bot otherwise."""

    def __init__(self, strength: float, rng: random.Random) -> None:
        self.strength = strength
        self.rng = rng
        self.good = HeuristicBot()
        self.bad = RandomBot(rng=rng)

    def choose(self, k: Knowledge) -> int:
        bot = self.good if self.rng.random() < self.strength else self.bad
        return bot.choose(k)


@dataclass
class Tally:
    """Running predictors, and per scored game each predictor's (correct, pairs)."""

    skills: dict[int, Skill] = field(default_factory=dict)
    played: dict[int, int] = field(default_factory=dict)
    lost: dict[int, int] = field(default_factory=dict)
    games: dict[int, int] = field(default_factory=dict)
    scored: list[tuple[str, dict[str, tuple[float, int]]]] = field(default_factory=list)
    update_ms: list[float] = field(default_factory=list)

    def rate(self, player: int) -> float:
        played = self.played.get(player, 0)
        return 1 - self.lost.get(player, 0) / played if played else 0.5

    def game(
        self,
        seats: Sequence[SeatFigures],
        warmup: int,
        truth: Sequence[float] | None = None,
        label: str = "",
    ) -> None:
        players = [s.player_id for s in seats]
        ranks = finish_ranks(seats)
        if all(self.games.get(p, 0) >= warmup for p in players):
            counts = {
                RATING: pairwise_accuracy([self.skills.get(p, Skill()).mu for p in players], ranks),
                SUCCESS: pairwise_accuracy([self.rate(p) for p in players], ranks),
            }
            if truth is not None:
                counts["true strength"] = pairwise_accuracy(truth, ranks)
            self.scored.append((label, counts))
        start = time.perf_counter()
        new = update([self.skills.get(p, Skill()) for p in players], seats)
        self.update_ms.append((time.perf_counter() - start) * 1000)
        for s, skill in zip(seats, new, strict=True):
            self.skills[s.player_id] = skill
            self.played[s.player_id] = self.played.get(s.player_id, 0) + s.deals_played
            self.lost[s.player_id] = self.lost.get(s.player_id, 0) + s.deals_lost
            self.games[s.player_id] = self.games.get(s.player_id, 0) + 1

    def report(self, label: str | None = None) -> str:
        """Accuracy per predictor and rating minus success rate, each with its interval.

        ``label``: only the games with that label (``None``: every scored game).
        """
        games = [counts for name, counts in self.scored if label is None or name == label]
        if not games:
            return ""
        names = list(games[0])
        rng = random.Random(0)
        samples: dict[str, list[float]] = {name: [] for name in [*names, "diff"]}
        for _ in range(RESAMPLES):
            picked = rng.choices(games, k=len(games))
            shares = {name: _share(picked, name) for name in names}
            for name in names:
                samples[name].append(shares[name])
            samples["diff"].append(shares[RATING] - shares[SUCCESS])
        lines = []
        for name in names:
            correct = sum(g[name][0] for g in games)
            pairs = sum(g[name][1] for g in games)
            low, high = _interval(samples[name])
            lines.append(
                f"  {name:<14} {_share(games, name):6.1%}  [{low:.1%}, {high:.1%}]"
                f"  ({correct:.0f} of {pairs} pairs)"
            )
        diff = _share(games, RATING) - _share(games, SUCCESS)
        low, high = _interval(samples["diff"])
        verdict = "better" if low > 0 else "worse" if high < 0 else "no significant difference"
        lines.append(
            f"  rating - success rate {diff:+.1%}  [{low:+.1%}, {high:+.1%}]: {verdict}"
            f"  ({len(games)} games)"
        )
        return "\n".join(lines)

    def speed(self) -> str:
        times = sorted(self.update_ms)
        if not times:
            return ""
        p99 = times[math.ceil(len(times) * 0.99) - 1]
        return (
            f"  update per game: mean {sum(times) / len(times):.2f} ms, "
            f"99th percentile {p99:.2f} ms ({len(times)} games)"
        )


def _share(games: Sequence[dict[str, tuple[float, int]]], name: str) -> float:
    pairs = sum(g[name][1] for g in games)
    return sum(g[name][0] for g in games) / pairs if pairs else 0.0


def _interval(values: list[float]) -> tuple[float, float]:
    """The central 95 % of bootstrap values."""
    ordered = sorted(values)
    return ordered[int(0.025 * len(ordered))], ordered[int(0.975 * len(ordered)) - 1]


def play_game(
    strengths: Sequence[float], players: Sequence[int], rng: random.Random, word: int
) -> list[SeatFigures]:
    """One table until a seat has lost ``word`` deals (it takes the placka)."""
    bots = [MixedBot(strengths[p], rng) for p in players]
    lost = [0, 0, 0, 0]
    deals = 0
    while max(lost) < word and deals < 60:
        deal = Deal.new(rng=rng, dealer=deals & 3)
        while not deal.is_over():
            seat = deal.turn
            assert seat is not None
            deal.apply(bot_action(bots[seat], deal, seat))
        for loser in deal.result().loser:
            lost[loser] += 1
        deals += 1
    return [
        SeatFigures(p, deals, lost[i], lost[i] >= word, None, False) for i, p in enumerate(players)
    ]


@dataclass(frozen=True)
class Season:
    """A season's players (their strengths) and its nights (groups drawn at random)."""

    strengths: list[float]
    #: per night, the groups of players whose tables are drawn among themselves
    nights: list[list[list[int]]]
    #: label of the tables of each night (``""``: none)
    labels: list[str]


def random_season(players: int, rounds: int) -> Season:
    strengths = [STRENGTHS[i % len(STRENGTHS)] for i in range(players)]
    everyone = list(range(players))
    return Season(strengths, [[everyone] for _ in range(rounds)], [""] * rounds)


def clubs_season(per_club: int, rounds: int) -> Season:
    """Clubs of :data:`CLUBS` strengths; every third night an open tournament of all."""
    strengths = [club[i % len(club)] for club in CLUBS for i in range(per_club)]
    clubs = [list(range(c * per_club, (c + 1) * per_club)) for c in range(len(CLUBS))]
    everyone = list(range(len(strengths)))
    nights = [[everyone] if n % 3 == 0 else clubs for n in range(1, rounds + 1)]
    labels = ["open tables" if n % 3 == 0 else "" for n in range(1, rounds + 1)]
    return Season(strengths, nights, labels)


def simulate(
    seasons: int, players: int, rounds: int, word: int, warmup: int, seed: int, kind: str
) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    offset = 0
    for _ in range(seasons):
        season = (
            clubs_season(players // len(CLUBS), rounds)
            if kind == "clubs"
            else random_season(players, rounds)
        )
        for groups, label in zip(season.nights, season.labels, strict=True):
            for group in groups:
                order = group[:]
                rng.shuffle(order)
                for t in range(0, len(order) - len(order) % 4, 4):
                    table = order[t : t + 4]
                    seats = play_game(season.strengths, table, rng, word)
                    seats = [SeatFigures(s.player_id + offset, *_rest(s)) for s in seats]
                    truth = [season.strengths[p] for p in table]
                    tally.game(seats, warmup, truth=truth, label=label)
        offset += len(season.strengths)
    return tally


def _rest(s: SeatFigures) -> tuple[int, int, bool, int | None, bool]:
    return (s.deals_played, s.deals_lost, s.placka, s.table_place, s.is_disqualified)


def archive(warmup: int) -> Tally:
    """Replay the database's finished games of public rounds in the order they finished
    (the rating's rule, :mod:`tournaments.visibility`)."""
    import django

    django.setup()
    from games.models import GameStatus, SeatResult, TableGame
    from tournaments.visibility import public_results_q

    tally = Tally()
    games = TableGame.objects.filter(public_results_q("table__round__"), status=GameStatus.FINISHED)
    for game_id in games.order_by("finished_at", "pk").values_list("pk", flat=True):
        results = SeatResult.objects.filter(game_id=game_id).select_related("entry")
        seats = [
            SeatFigures(
                r.entry.player_id,
                r.deals_played,
                r.deals_lost,
                r.placka,
                r.table_place,
                r.is_disqualified,
            )
            for r in results.order_by("seat_id")
        ]
        if len(seats) >= 2:
            tally.game(seats, warmup)
    return tally


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.rating_check", description=__doc__)
    parser.add_argument("--simulate", action="store_true")
    parser.add_argument("--archive", action="store_true")
    parser.add_argument("--field", choices=("random", "clubs"), default="random")
    parser.add_argument("--seasons", type=int, default=40)
    parser.add_argument(
        "--players", type=int, default=None, help="per season (default 20, clubs 32)"
    )
    parser.add_argument("--rounds", type=int, default=None, help="default 12, clubs 9 nights")
    parser.add_argument("--word", type=int, default=5, help="deals lost that end a game")
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not (args.simulate or args.archive):
        args.simulate = True
    clubs = args.field == "clubs"
    players = args.players or (32 if clubs else 20)
    rounds = args.rounds or (9 if clubs else 12)
    if args.seasons < 1 or players < 4 or rounds < 1 or (clubs and players % len(CLUBS)):
        parser.error("need seasons >= 1, rounds >= 1, players >= 4 (clubs: a multiple of 4)")
    if args.simulate:
        tally = simulate(
            args.seasons, players, rounds, args.word, args.warmup, args.seed, args.field
        )
        print(
            f"simulated ({args.field}): {args.seasons} seasons x {players} bots x {rounds} rounds,"
            f" seed {args.seed}, strengths {CLUBS if clubs else STRENGTHS}"
        )
        print(tally.report())
        if clubs:
            print(" open tables only:")
            print(tally.report("open tables"))
        print(tally.speed())
    if args.archive:
        import os

        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scwu.config.settings")
        tally = archive(args.warmup)
        print("archive (finished, released games of this database):")
        print(tally.report() or "  no rated games")
        print(tally.speed())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
