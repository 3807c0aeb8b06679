"""A small exact minimum-cost flow (successive shortest paths), for seating problems.

The graphs here have a few hundred edges at most (a field's team members and tables), so
Bellman-Ford shortest paths over the residual graph (which may hold negative costs) are
fast enough and need no potentials.

>>> net = FlowNetwork(4)
>>> cheap, dear = net.add(0, 1, 1, 1), net.add(0, 2, 1, 5)
>>> _ = net.add(1, 3, 1, 0), net.add(2, 3, 1, 0)
>>> net.run(0, 3, 1), net.flow(cheap), net.flow(dear)
((1, 1), 1, 0)
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass


@dataclass
class _Edge:
    head: int
    capacity: int
    cost: int
    twin: int


class FlowNetwork:
    """Nodes ``0..size-1``; :meth:`add` edges, then :meth:`run` once."""

    def __init__(self, size: int) -> None:
        self.out: list[list[int]] = [[] for _ in range(size)]
        self.edges: list[_Edge] = []
        self.capacity: list[int] = []

    def add(self, tail: int, head: int, capacity: int, cost: int) -> int:
        """Add an edge; returns its handle for :meth:`flow`."""
        handle = len(self.edges)
        self.edges.append(_Edge(head, capacity, cost, handle + 1))
        self.edges.append(_Edge(tail, 0, -cost, handle))
        self.out[tail].append(handle)
        self.out[head].append(handle + 1)
        self.capacity += [capacity, 0]
        return handle

    def flow(self, handle: int) -> int:
        """Units the last :meth:`run` sent along an edge."""
        return self.capacity[handle] - self.edges[handle].capacity

    def run(self, source: int, sink: int, limit: int) -> tuple[int, int]:
        """Send up to ``limit`` units at least cost; returns ``(units sent, total cost)``."""
        sent = total = 0
        while sent < limit:
            path = self._cheapest_path(source, sink)
            if path is None:
                break
            push = min([limit - sent] + [self.edges[e].capacity for e in path])
            for e in path:
                self.edges[e].capacity -= push
                self.edges[self.edges[e].twin].capacity += push
                total += push * self.edges[e].cost
            sent += push
        return sent, total

    def _cheapest_path(self, source: int, sink: int) -> list[int] | None:
        """Edge handles of a cheapest residual path (Bellman-Ford in queue order)."""
        size = len(self.out)
        distance: list[int | None] = [None] * size
        via: list[int] = [-1] * size
        distance[source] = 0
        queue, queued = deque([source]), [False] * size
        queued[source] = True
        while queue:
            node = queue.popleft()
            queued[node] = False
            here = distance[node]
            assert here is not None
            for handle in self.out[node]:
                edge = self.edges[handle]
                if edge.capacity <= 0:
                    continue
                there = distance[edge.head]
                if there is None or here + edge.cost < there:
                    distance[edge.head] = here + edge.cost
                    via[edge.head] = handle
                    if not queued[edge.head]:
                        queued[edge.head] = True
                        queue.append(edge.head)
        if distance[sink] is None:
            return None
        path, node = [], sink
        while node != source:
            handle = via[node]
            path.append(handle)
            node = self.edges[self.edges[handle].twin].head
        return path[::-1]
