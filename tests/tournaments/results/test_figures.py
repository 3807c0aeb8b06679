"""The tournament figure (``tournament_figures``) equals the plain sum of every counted line
of every visible round, a play-off's fillers left out, whatever the mix of rounds, held-back
rounds and recorded penalty points."""

from __future__ import annotations

import random

import pytest

from tournaments.models import RoundStage
from tournaments.results.compute import ResultsSettings, results_compute
from tournaments.results.loading import EntryInfo, EntryRow, LineRow, ResultsData, RoundInfo
from tournaments.standings import DEFAULT_PRECEDENCE, EntrantStatus, RemainderRule, Tally

STAGES = [RoundStage.BASIC] * 4 + [RoundStage.PLAYOFF, RoundStage.SMALL_FINAL, RoundStage.FINAL]


def _data(rng: random.Random) -> ResultsData:
    entries = tuple(
        EntryRow(
            info=EntryInfo(
                entry_id=100 + n, player_id=n, nickname=f"P{n}", club=None, country=None
            ),
            status=EntrantStatus.SCORING,
            club_id=None,
            is_no_show=False,
        )
        for n in range(12)
    )
    rounds, lines = [], []
    for number, stage in enumerate(rng.sample(STAGES, rng.randint(1, len(STAGES))), start=1):
        players = rng.sample([e.info.entry_id for e in entries], 8)
        fillers = tuple(players[:2]) if stage == RoundStage.PLAYOFF else ()
        info = RoundInfo(
            number=number,
            stage=stage,
            released=rng.random() < 0.8,
            finished=True,
            word_label="TONDA",
            fillers=fillers,
        )
        rounds.append((1000 + number, info))
        penalties = rng.random() < 0.5
        for entry_id in players:
            played = rng.randint(0, 12)
            lines.append(
                LineRow(
                    entry_id=entry_id,
                    round_id=1000 + number,
                    deals_played=played,
                    deals_lost=rng.randint(0, played),
                    placka=rng.random() < 0.3,
                    penalty_points=rng.randint(0, 90) if penalties else None,
                    points_complete=penalties or played == 0,
                    left_order=None,
                    game_finished=True,
                )
            )
    return ResultsData(rounds=tuple(rounds), lines=tuple(lines), entries=entries, final_seats=())


def _plain_sum(data: ResultsData, visible: set[int]) -> dict[int, Tally]:
    player_of = {e.info.entry_id: e.info.player_id for e in data.entries}
    rounds = dict(data.rounds)
    figures: dict[int, Tally] = {}
    for line in data.lines:
        info = rounds[line.round_id]
        if info.number not in visible or line.entry_id in info.fillers:
            continue
        player = player_of[line.entry_id]
        tally = Tally(
            line.deals_played,
            line.deals_lost,
            int(line.placka),
            line.penalty_points,
            line.points_complete,
        )
        figures[player] = figures[player] + tally if player in figures else tally
    return figures


@pytest.mark.parametrize("seed", range(40))
def test_the_figure_is_every_visible_counted_line_summed(seed: int) -> None:
    rng = random.Random(seed)
    data = _data(rng)
    visible = {info.number for _pk, info in data.rounds if info.released}
    settings = ResultsSettings(
        precedence=DEFAULT_PRECEDENCE, cut_size=4, remainder=RemainderRule.SHARED
    )
    computed = results_compute(data, settings=settings, visible=visible, classify=False)
    assert dict(computed.figures) == _plain_sum(data, visible)
