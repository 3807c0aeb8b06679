"""Reading the history of earlier rounds: who met whom, and who sat where."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .model import PastRound, RepeatPair
from .seats import SeatLedger

Pair = tuple[int, int]


def pair(a: int, b: int) -> Pair:
    return (a, b) if a < b else (b, a)


def meetings(history: Iterable[PastRound]) -> dict[Pair, list[int]]:
    """For every pair that shared a table: the round numbers, in order."""
    met: dict[Pair, list[int]] = {}
    for past in sorted(history, key=lambda r: r.number):
        for table in past.tables:
            for i, p in enumerate(table):
                for q in table[i + 1 :]:
                    met.setdefault(pair(p, q), []).append(past.number)
    return met


def ledger(history: Iterable[PastRound]) -> SeatLedger:
    """Seat counts from the earlier rounds."""
    led = SeatLedger()
    for past in history:
        led.record(past.tables)
    return led


def repeats_in(tables: Sequence[Sequence[int]], met: dict[Pair, list[int]]) -> list[RepeatPair]:
    """Pairs seated together in ``tables`` who met before (tables count from 1)."""
    out: list[RepeatPair] = []
    for number, table in enumerate(tables, start=1):
        for i, p in enumerate(table):
            for q in table[i + 1 :]:
                rounds = met.get(pair(p, q))
                if rounds:
                    a, b = pair(p, q)
                    out.append(RepeatPair(a, b, tuple(rounds), number))
    return out
