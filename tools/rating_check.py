"""Does the rating predict the tables?  ``python -m tools.rating_check``.

Measured as *pairwise accuracy*: over every pair of players at a table who
finished in different places, the share for which the predictor ranked the
better finisher higher before the game (a tie in the prediction counts
half).  Two predictors, both using only games played before:

* the rating (OpenSkill Plackett-Luce ``mu``, :mod:`tournaments.rating.skill`);
* the success rate alone (share of deals not lost so far).

``--simulate`` plays seasons with the engine's bots of known strength (each
player follows the heuristic bot with a fixed probability, the random bot
otherwise); ``--archive`` replays the site's rated games (from the
database, e.g. after ``manage.py seed_demo``) in the order they finished.
Games before ``--warmup`` per player are used for learning only.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.bots import HeuristicBot, RandomBot, bot_action
from engine.deal import Deal
from engine.knowledge import Knowledge
from tournaments.rating.skill import SeatFigures, Skill, finish_ranks, pairwise_accuracy, update

#: strengths of the simulated players: chance of playing the heuristic bot's move
STRENGTHS = (0.0, 0.25, 0.5, 0.75, 1.0)


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
    """Running predictors and the accuracy counts."""

    skills: dict[int, Skill] = field(default_factory=dict)
    played: dict[int, int] = field(default_factory=dict)
    lost: dict[int, int] = field(default_factory=dict)
    games: dict[int, int] = field(default_factory=dict)
    counts: dict[str, list[float]] = field(default_factory=dict)

    def rate(self, player: int) -> float:
        played = self.played.get(player, 0)
        return 1 - self.lost.get(player, 0) / played if played else 0.5

    def score(self, name: str, predicted: Sequence[float], ranks: Sequence[int]) -> None:
        correct, pairs = pairwise_accuracy(predicted, ranks)
        tally = self.counts.setdefault(name, [0.0, 0.0])
        tally[0] += correct
        tally[1] += pairs

    def game(
        self,
        seats: Sequence[SeatFigures],
        warmup: int,
        truth: Sequence[float] | None = None,
    ) -> None:
        players = [s.player_id for s in seats]
        ranks = finish_ranks(seats)
        if all(self.games.get(p, 0) >= warmup for p in players):
            self.score("rating", [self.skills.get(p, Skill()).mu for p in players], ranks)
            self.score("success rate", [self.rate(p) for p in players], ranks)
            if truth is not None:
                self.score("true strength", truth, ranks)
        new = update([self.skills.get(p, Skill()) for p in players], ranks)
        for s, skill in zip(seats, new, strict=True):
            self.skills[s.player_id] = skill
            self.played[s.player_id] = self.played.get(s.player_id, 0) + s.deals_played
            self.lost[s.player_id] = self.lost.get(s.player_id, 0) + s.deals_lost
            self.games[s.player_id] = self.games.get(s.player_id, 0) + 1

    def report(self) -> str:
        lines = []
        for name, (correct, pairs) in self.counts.items():
            share = correct / pairs if pairs else 0.0
            lines.append(f"  {name:<14} {share:6.1%}  ({correct:.0f} of {pairs:.0f} pairs)")
        return "\n".join(lines)


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


def simulate(seasons: int, players: int, rounds: int, word: int, warmup: int, seed: int) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    for season in range(seasons):
        strengths = [STRENGTHS[i % len(STRENGTHS)] for i in range(players)]
        offset = season * players
        for _ in range(rounds):
            order = list(range(players))
            rng.shuffle(order)
            for t in range(0, players - players % 4, 4):
                table = order[t : t + 4]
                seats = play_game(strengths, table, rng, word)
                seats = [SeatFigures(s.player_id + offset, *_rest(s)) for s in seats]
                tally.game(seats, warmup, truth=[strengths[p] for p in table])
    return tally


def _rest(s: SeatFigures) -> tuple[int, int, bool, int | None, bool]:
    return (s.deals_played, s.deals_lost, s.placka, s.table_place, s.is_disqualified)


def archive(warmup: int) -> Tally:
    """Replay the database's finished, released games in the order they finished."""
    import django

    django.setup()
    from games.models import Game, GameStatus, SeatResult

    tally = Tally()
    games = Game.objects.filter(status=GameStatus.FINISHED, table__round__released=True)
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
    parser.add_argument("--seasons", type=int, default=2)
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--word", type=int, default=5, help="deals lost that end a game")
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not (args.simulate or args.archive):
        args.simulate = True
    if args.simulate:
        tally = simulate(args.seasons, args.players, args.rounds, args.word, args.warmup, args.seed)
        print(
            f"simulated: {args.seasons} seasons x {args.players} bots x {args.rounds} rounds, "
            f"strengths {STRENGTHS}"
        )
        print(tally.report())
    if args.archive:
        import os

        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scwu.config.settings")
        tally = archive(args.warmup)
        print("archive (finished, released games of this database):")
        print(tally.report() or "  no rated games")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
