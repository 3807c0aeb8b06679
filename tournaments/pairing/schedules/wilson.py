"""Wilson's construction of transversal designs (one truncated group).

A transversal design TD(k, n) is here a list of blocks, block ``b`` having
point ``b[i]`` (``0 .. n - 1``) in group ``i``; every two points of different
groups lie in exactly one block.  Wilson (1974): from a TD(k + 1, t) with its
last group cut down to ``u`` points, a TD(k, m) for the blocks that lost that
point and a TD(k, m + 1) for those that kept it, and a TD(k, u) on the kept
points, comes a TD(k, m t + u).  Three MOLS are a TD(5, n), so this gives the
orders that neither a field nor a product of two reaches: 21 = 4 * 5 + 1
and 24 = 4 * 5 + 4 from TD(6, 5) (four MOLS of order 5).

Point ``(g, x)`` (``g`` a point of the big design's group, ``x`` in ``Z_m``)
is ``g m + x``; a kept point ``h`` of the cut group is ``t m + h`` in every
group, so every group is ``0 .. m t + u - 1``.
"""

from __future__ import annotations

from collections.abc import Sequence

Block = tuple[int, ...]


def wilson(
    big: Sequence[Block],
    small: Sequence[Block],
    bigger: Sequence[Block],
    kept: Sequence[Block],
    m: int,
    u: int,
) -> list[Block]:
    """TD(k, m t + u) from TD(k + 1, t), TD(k, m), TD(k, m + 1) and TD(k, u)."""
    k = len(small[0])
    t = max(b[0] for b in big) + 1
    # the block of TD(k, m + 1) that becomes the kept point h in every group:
    # it is left out, since TD(k, u) on the kept points seats those pairs
    diagonal = next(b for b in bigger if b[0] == m)
    out: list[Block] = []
    for block in big:
        g, h = block[:k], block[k]
        if h >= u:  # the block lost its last point: TD(k, m) on g x Z_m
            out += [tuple(g[i] * m + c[i] for i in range(k)) for c in small]
            continue

        out += [
            tuple(_point(g[i], diagonal[i], t * m + h, m, c[i]) for i in range(k))
            for c in bigger
            if c != diagonal
        ]
    out += [tuple(t * m + c[i] for i in range(k)) for c in kept]
    return out


def _point(g: int, diagonal: int, kept: int, m: int, x: int) -> int:
    """Point ``x`` of a TD(k, m + 1) group placed on ``g x Z_m`` plus a kept point.

    The diagonal block's point becomes the kept point and ``m`` takes its place.
    """
    if x == diagonal:
        return kept
    return g * m + (diagonal if x == m else x)


def check(k: int, n: int, blocks: Sequence[Block]) -> bool:
    """True if ``blocks`` is a TD(k, n): every pair across groups exactly once."""
    if len(blocks) != n * n or any(len(b) != k or not all(0 <= p < n for p in b) for b in blocks):
        return False
    seen: set[tuple[int, int, int, int]] = set()
    for b in blocks:
        for i in range(k):
            for j in range(i + 1, k):
                seen.add((i, b[i], j, b[j]))
    return len(seen) == len(blocks) * k * (k - 1) // 2
