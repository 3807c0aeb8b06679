"""Checks shared by replay and by validation of new input, so the two never drift.

Each returns ``None`` or a ``(code, message)`` problem.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.ledger.settings import MAX_DEAL_POINTS, PLAYERS_PER_DEAL, LedgerSettings

Problem = tuple[str, str]


def _seat_list(seats: Sequence[str]) -> str:
    return ", ".join(seats)


def check_losers(settings: LedgerSettings, losers: Sequence[str]) -> Problem | None:
    if not losers:
        return ("no_loser", "A deal needs at least one loser.")
    if len(set(losers)) != len(losers):
        names = _seat_list(losers)
        return ("duplicate_loser", f"A seat is named twice among the losers ({names}).")
    unknown = [seat for seat in losers if seat not in settings.seat_names]
    if unknown:
        return (
            "unknown_seat",
            f"Loser {_seat_list(unknown)} is not a seat at this table "
            f"(seats {_seat_list(settings.seat_names)}).",
        )
    if len(losers) > PLAYERS_PER_DEAL:
        return ("too_many_losers", f"At most {PLAYERS_PER_DEAL} seats play a deal.")
    return None


def check_points(settings: LedgerSettings, points: Mapping[str, int]) -> Problem | None:
    unknown = [seat for seat in points if seat not in settings.seat_names]
    if unknown:
        return ("unknown_seat", f"Points for {_seat_list(unknown)}: not a seat at this table.")
    for seat, value in points.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            return ("invalid_points", f"Points of seat {seat} must be a whole number >= 0.")
    if sum(points.values()) > MAX_DEAL_POINTS:
        return ("invalid_points", f"A deal has {MAX_DEAL_POINTS} points, these add up to more.")
    return None


def check_sat_out_names(settings: LedgerSettings, sat_out: Sequence[str]) -> Problem | None:
    unknown = [seat for seat in sat_out if seat not in settings.seat_names]
    if unknown:
        return ("unknown_seat", f"Sit-out {_seat_list(unknown)} is not a seat at this table.")
    if len(set(sat_out)) != len(sat_out):
        return ("invalid_sit_out", "A seat is named twice among the seats that sat out.")
    return None


def check_deal_at_table(
    *,
    active: Sequence[str],
    derived_sit_out: tuple[str, ...],
    losers: Sequence[str],
    points: Mapping[str, int],
    sat_out: Sequence[str] | None,
) -> tuple[Problem | None, tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Check a deal against who is at the table.

    Returns ``(problem, sitting_out, players, flags)``.
    """
    flags: list[str] = []
    sitting_out = derived_sit_out
    if sat_out is not None:
        gone = [seat for seat in sat_out if seat not in active]
        if gone:
            message = f"{_seat_list(gone)} cannot sit out: no longer at the table."
            problem = ("invalid_sit_out", message)
            return problem, derived_sit_out, (), ()
        expected = len(active) - PLAYERS_PER_DEAL
        if len(sat_out) != expected:
            problem = (
                "invalid_sit_out",
                f"With {len(active)} seats at the table exactly {expected} sit out a deal, "
                f"not {len(sat_out)}.",
            )
            return problem, derived_sit_out, (), ()
        sitting_out = tuple(seat for seat in active if seat in sat_out)
        if set(sitting_out) != set(derived_sit_out):
            flags.append("sit_out_overridden")
    players = tuple(seat for seat in active if seat not in sitting_out)
    for seat in losers:
        if seat not in active:
            return (
                ("seat_left_table", f"Seat {seat} has left the table and cannot lose a deal."),
                (sitting_out),
                players,
                (),
            )
        if seat in sitting_out:
            return (
                ("seat_sat_out", f"Seat {seat} sat out this deal and cannot be its loser."),
                (sitting_out),
                players,
                (),
            )
    idle = [seat for seat in points if seat not in players]
    if idle:
        message = f"{_seat_list(idle)} did not play this deal and cannot have points."
        return ("invalid_points", message), sitting_out, players, ()
    if points and max(points.values()) > min(points.get(seat, 0) for seat in losers):
        flags.append("loser_not_top_points")
    return None, sitting_out, players, tuple(flags)
