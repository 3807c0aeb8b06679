"""The engine at a scorekept table: points and SCN records to the deal's loser(s).

The engine knows the four seats A-D of one deal; at a table of five or six the four
seats that played are mapped onto them clockwise in seat order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from engine import (
    InvalidRecordError,
    InvalidScoreError,
    Ruleset,
    RulesetError,
    deal_loser,
    score_record,
)
from engine.table_rules import leader, record_dealer
from games.adapter import seat_map
from tournaments.models import Tournament

ENDS = ("played", "early", "packed")
_RANK_ORDER = {"standard": "natural"}


def ruleset_of(tournament: Tournament) -> Ruleset:
    try:
        return Ruleset(
            # The tournament calls the engine's "natural" order "standard".
            rank_order=_RANK_ORDER.get(tournament.rank_order, tournament.rank_order),  # type: ignore[arg-type]
            early_end=tournament.early_end,
            tie_without_hejma=tournament.tie_without_hejma,  # type: ignore[arg-type]
        )
    except RulesetError as exc:  # pragma: no cover - the tournament's choices are the engine's
        raise ValidationError({"game": [str(exc)]}, code="ruleset") from exc


@dataclass(frozen=True)
class Scored:
    losers: tuple[str, ...]
    points: dict[str, int]
    result: dict[str, Any] | None = None


def _engine_seat(mapping: Mapping[str, str], seat: str | None, field: str) -> str | None:
    if seat is None:
        return None
    back = {table: engine for engine, table in mapping.items()}
    if seat not in back:
        raise ValidationError(
            {field: [_("Seat %(seat)s did not play this deal.") % {"seat": seat}]},
            code="seat_sat_out",
        )
    return back[seat]


def score_points(
    *,
    players: Sequence[str],
    points: Mapping[str, int],
    end: str = "played",
    hejma: str | None = None,
    last_trick: str | None = None,
    packer: str | None = None,
    ruleset: Ruleset,
) -> Scored:
    """Check hand-entered points and derive the loser(s) by the engine's tie rules."""
    if set(points) != set(players):
        raise ValidationError(
            {
                "points": [
                    _("Give the points of exactly the seats that played: %(seats)s.")
                    % {"seats": ", ".join(players)}
                ]
            },
            code="points_seats",
        )
    if end not in ENDS:
        raise ValidationError({"end": [_("Unknown end of deal.")]}, code="invalid")
    mapping = seat_map(players)
    engine_points = {engine: points[table] for engine, table in mapping.items()}
    try:
        losers = deal_loser(
            engine_points,
            hejma=_engine_seat(mapping, hejma, "hejma"),
            last_trick=_engine_seat(mapping, last_trick, "last_trick"),
            end=end,  # type: ignore[arg-type]
            packer=_engine_seat(mapping, packer, "packer"),
            ruleset=ruleset,
        )
    except InvalidScoreError as exc:
        raise ValidationError({"points": [str(exc)]}, code="invalid_points") from exc
    return Scored(tuple(mapping[seat.code] for seat in losers), dict(points))


def score_scn(
    *, players: Sequence[str], dealer: str | None, record: dict[str, Any], ruleset: Ruleset
) -> Scored:
    """Check and score a full SCN record; a renonc B in it makes its offender(s) the loser.

    The record's dealer must make the table's leader lead: the engine's
    :func:`~engine.table_rules.record_dealer`, whether ``dealer`` plays or sits out."""
    mapping = seat_map(players)
    if dealer is not None:
        expected = record_dealer(dealer, players)
        if record.get("dealer") != expected:
            raise ValidationError(
                {
                    "record": [
                        _(
                            "Seat %(seat)s deals this deal and seat %(leader)s leads: the "
                            "record (its seats A-D are the players in seat order) must name "
                            "%(expected)s as its dealer, not %(other)s."
                        )
                        % {
                            "seat": dealer,
                            "leader": leader(dealer, players),
                            "expected": expected,
                            "other": record.get("dealer"),
                        }
                    ]
                },
                code="dealer",
            )
    try:
        result = score_record(record, ruleset)
    except InvalidRecordError as exc:
        raise ValidationError({"record": [f"{exc.code}: {exc.detail}"]}, code=exc.code) from exc
    data = result.to_json()
    points = {mapping[seat]: value for seat, value in data["points"].items()}  # type: ignore[attr-defined]
    renonc = [
        {"seat": mapping[item["seat"]], "play": item["play"]}
        for item in data["renonc"]  # type: ignore[attr-defined]
    ]
    table_result = {
        "end": data["end"],
        "points": points,
        "hejma": mapping.get(str(data["hejma"])) if data["hejma"] else None,
        "last_trick": mapping.get(str(data["last_trick"])) if data["last_trick"] else None,
        "renonc": renonc,
    }
    losers = tuple(mapping[seat.code] for seat in result.loser)
    if sum(points.values()) > 33:  # pragma: no cover - the engine never scores more
        points = {}
    return Scored(losers, points, table_result)
