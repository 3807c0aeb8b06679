"""A tournament's deals as one SCN text file.

Every line that is not blank and does not start with ``#`` is one deal record (the
compact JSON of :func:`engine.scn.format_record`), so the file is read back with
:func:`engine.scn.parse_record` line by line. Deals entered without a full record
(loser only, points, paper scoresheet) are kept as ``#`` comments in the paper
scoresheet's notation: the losing seat(s), then the points if any were recorded
(``# deal 3: C: A=7 B=0 C=26 D=0``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Iterable, Mapping

from engine.ledger.state import DealState
from engine.scn import DealRecord, format_record, parse_record
from games.adapter import game_events
from games.models import DealEntry, DealMode, TableGame
from tournaments.models import TableSeat, Tournament

HEADER = (
    "SCN game records: {name} ({slug})",
    "Each line that is not a comment is one deal record (RULES.md, Deal records).",
    "Deals recorded without a full record are comments: the losing seat(s), then points.",
    "Whole games (sit-outs, misdeals, rulings, results): games.json (RULES.md, Game records).",
)


#: Everything ``str.splitlines`` breaks a line at, and other control characters.
_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


def comment(text: str) -> str:
    """One ``#`` comment line whatever ``text`` holds: a name with a line break (or any
    control character) cannot start a line of its own, so it cannot forge a record."""
    safe = "".join(
        " " if ch in _BREAKS or unicodedata.category(ch) in ("Cc", "Zl", "Zp") else ch
        for ch in text
    )
    return "# " + safe


def loser_notation(losers: Iterable[str], points: Mapping[str, int]) -> str:
    """The paper scoresheet's line of a deal: ``C``, ``A+B`` or ``C: A=7 B=0 C=26 D=0``.

    >>> loser_notation(["C"], {"A": 7, "B": 0, "C": 26, "D": 0})
    'C: A=7 B=0 C=26 D=0'
    >>> loser_notation(["A", "B"], {})
    'A+B'
    """
    text = "+".join(losers) or "-"
    if points:
        text += ": " + " ".join(f"{seat}={points[seat]}" for seat in sorted(points))
    return text


def _deal_lines(deal_state: DealState, row: DealEntry | None) -> list[str]:
    number = row.number if row is not None else deal_state.index + 1
    if not deal_state.counted:
        return [comment(f"deal {number}: not counted ({deal_state.issue or 'misdeal'})")]
    losers = loser_notation(deal_state.losers, {})
    if row is not None and row.mode == DealMode.RECORD and row.record:
        seats = ", ".join(deal_state.players)
        note = comment(
            f"deal {number}: record, its seats A-D are table seats {seats}; lost: {losers}"
        )
        record = format_record(DealRecord.from_json(row.record))  # JSON: escapes every break
        return [note, record]
    return [
        comment(f"deal {number}: {loser_notation(deal_state.losers, deal_state.points_by_seat)}")
    ]


def _game_lines(game: TableGame, names: Mapping[str, str]) -> list[str]:
    table = game.table
    round_ = table.round
    lines = [
        "#",
        comment(f"round {round_.number} · {table} · word {game.word_label}"),
        comment("seats: " + " ".join(f"{seat}={names[seat]}" for seat in sorted(names))),
    ]
    loaded = game_events(game)
    rows = {deal.event_id: deal for deal in loaded.live_deals}
    for deal_state in loaded.replay().deals:
        lines += _deal_lines(deal_state, rows.get(deal_state.deal_id or ""))
    return lines


def deals_scn(tournament: Tournament, *, rounds: Collection[int]) -> str:
    """The deals of ``rounds`` (the caller passes only those the viewer may see)."""
    games = (
        TableGame.objects.filter(
            table__round__tournament=tournament, table__round__number__in=rounds
        )
        .select_related("table__round")
        .order_by("table__round__number", "table__number")
    )
    names: dict[int, dict[str, str]] = {}
    seats = TableSeat.objects.filter(
        table__round__tournament=tournament, table__round__number__in=rounds
    ).values_list("table_id", "position", "entry__player__nickname")
    for table_id, position, nickname in seats:
        names.setdefault(table_id, {})[position] = nickname
    lines = [comment(line.format(name=tournament.name, slug=tournament.slug)) for line in HEADER]
    for game in games:
        lines += _game_lines(game, names.get(game.table_id, {}))
    return "\n".join(lines) + "\n"


def scn_records(text: str) -> list[DealRecord]:
    """Read the records of an exported file back (comments skipped)."""
    return [
        parse_record(line)
        for line in text.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
