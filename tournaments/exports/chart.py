"""The standings over the rounds as an inline SVG line chart (server-side, no script, no CDN).

One polyline per player through their place after each basic round; place 1 is at the top.
Once there is a final classification, the lines end in one more column, the classification's
place (the final decides the winner, not the basic rounds), and the names at the end are in
its order; the page says which standings the chart shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tournaments.standings import Classification, Standings

ROW = 18
"""Vertical pixels per place."""
LABEL_ROW = 13
"""Vertical pixels between two names at the end of the lines."""
COLUMN = 90
"""Horizontal pixels per round."""
LEFT, TOP, RIGHT, BOTTOM = 36, 24, 150, 28


@dataclass(frozen=True, slots=True)
class ChartLine:
    player_id: int
    name: str
    points: str
    color: str
    label_x: int
    label_y: int
    last_place: int


@dataclass(frozen=True, slots=True)
class Chart:
    width: int
    height: int
    rounds: tuple[tuple[int, int], ...]
    """(round number, x) of each column."""
    places: tuple[tuple[int, int], ...]
    """(place, y) of each tick on the axis."""
    lines: tuple[ChartLine, ...]
    #: The last basic round drawn.
    last_round: int
    #: The x of the final classification's column, ``None`` without one.
    final_x: int | None = None


def _color(index: int) -> str:
    # Golden-angle hues keep neighbouring players' lines apart.
    return f"hsl({index * 137.508 % 360:.0f}, 65%, 38%)"


def _y(place: int) -> int:
    return TOP + (place - 1) * ROW


def standings_chart(
    by_round: Sequence[tuple[int, Standings]],
    names: Mapping[int, str],
    classification: Classification | None = None,
) -> Chart | None:
    """The chart of ``standings_by_round``, ending in the ``classification``'s places when
    there is one; ``None`` before any round has results."""
    if not by_round:
        return None
    columns = tuple((number, LEFT + i * COLUMN) for i, (number, _) in enumerate(by_round))
    final_x = None if classification is None else LEFT + len(columns) * COLUMN
    path: dict[int, list[tuple[int, int]]] = {}
    label: dict[int, str] = {}
    worst = 1
    for (_, standings), (_, x) in zip(by_round, columns, strict=True):
        for row in standings.rows:
            if row.place is None:
                continue
            worst = max(worst, row.place)
            path.setdefault(row.player_id, []).append((x, row.place))
            label[row.player_id] = names.get(row.player_id, row.name)
    if classification is not None and final_x is not None:
        for classified in classification.rows:
            if classified.place is None or classified.player_id not in path:
                continue
            worst = max(worst, classified.place)
            path[classified.player_id].append((final_x, classified.place))
    final = {pid: points[-1][1] for pid, points in path.items()}
    # The classified first, in the classification's order; then anyone it leaves unplaced.
    order = sorted(path, key=lambda pid: (path[pid][-1][0] != final_x, final[pid], label[pid]))
    # Players sharing a place end on the same point: their names go one under the other.
    label_y: dict[int, int] = {}
    previous = TOP - ROW
    for pid in order:
        previous = label_y[pid] = max(_y(final[pid]), previous + LABEL_ROW)
    lines = tuple(
        ChartLine(
            player_id=pid,
            name=label[pid],
            points=" ".join(f"{x},{_y(place)}" for x, place in path[pid]),
            color=_color(i),
            label_x=path[pid][-1][0] + 8,
            label_y=label_y[pid] + 4,
            last_place=final[pid],
        )
        for i, pid in enumerate(order)
    )
    step = 1 if worst <= 20 else 5
    ticks = tuple((p, _y(p)) for p in range(1, worst + 1) if p == 1 or p % step == 0)
    width = LEFT + (len(columns) - (0 if final_x is not None else 1)) * COLUMN + RIGHT
    height = max(TOP + (worst - 1) * ROW, previous) + BOTTOM
    return Chart(
        width=width,
        height=height,
        rounds=columns,
        places=ticks,
        lines=lines,
        last_round=by_round[-1][0],
        final_x=final_x,
    )
