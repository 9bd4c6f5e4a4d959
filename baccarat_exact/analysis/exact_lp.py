"""An exact linear program: the simplex method in rational arithmetic.

Small programs only (tens of rows): the games with choices (``chemin``) reduce to
one, and an exact optimum needs exact pivots, which floating-point solvers do not give.
Bland's rule (the lowest index enters and leaves) keeps it from cycling.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["LinearProgram", "maximize"]

Number = int | Fraction


@dataclass(frozen=True, slots=True)
class LinearProgram:
    """The optimum of ``max c·z subject to A z <= b, z >= 0`` (``b >= 0``): its value,
    an optimal ``z`` and the optimal dual ``y`` (one per row of ``A``: what a unit more
    of that row's bound is worth)."""

    value: Fraction
    primal: tuple[Fraction, ...]
    dual: tuple[Fraction, ...]


def maximize(
    objective: Sequence[Number], rows: Sequence[Sequence[Number]], bounds: Sequence[Number]
) -> LinearProgram:
    """Solve ``max objective·z`` subject to ``rows z <= bounds`` and ``z >= 0``, exactly.

    The origin must be feasible (every bound at least 0), so no first phase is needed;
    the program must be bounded.

    >>> lp = maximize([3, 2], [[1, 1], [1, 3]], [4, 6])
    >>> lp.value, lp.primal, lp.dual
    (Fraction(12, 1), (Fraction(4, 1), Fraction(0, 1)), (Fraction(3, 1), Fraction(0, 1)))
    >>> maximize([1], [[1]], [-1])
    Traceback (most recent call last):
    ...
    ValueError: the origin must be feasible: every bound at least 0
    """
    m, n = len(rows), len(objective)
    if any(Fraction(b) < 0 for b in bounds):
        raise ValueError("the origin must be feasible: every bound at least 0")
    width = n + m
    table = [
        [Fraction(a) for a in row] + [Fraction(int(i == r)) for i in range(m)] + [Fraction(b)]
        for r, (row, b) in enumerate(zip(rows, bounds, strict=True))
    ]
    cost = [-Fraction(c) for c in objective] + [Fraction(0)] * m + [Fraction(0)]
    basis = list(range(n, width))
    while True:
        entering = next((j for j in range(width) if cost[j] < 0), None)
        if entering is None:
            break
        leaving, best = -1, None
        for r, row in enumerate(table):
            if row[entering] > 0:
                ratio = row[width] / row[entering]
                if best is None or ratio < best or (ratio == best and basis[r] < basis[leaving]):
                    leaving, best = r, ratio
        if leaving < 0:
            raise ValueError("the program is unbounded")
        _pivot(table, cost, leaving, entering)
        basis[leaving] = entering
    primal = [Fraction(0)] * width
    for r, j in enumerate(basis):
        primal[j] = table[r][width]
    return LinearProgram(cost[width], tuple(primal[:n]), tuple(cost[n:width]))


def _pivot(table: list[list[Fraction]], cost: list[Fraction], r: int, j: int) -> None:
    """Make column ``j`` the unit vector of row ``r`` (zeros skipped: most entries are)."""
    pivot_row = table[r]
    scale = pivot_row[j]
    pivot_row[:] = [a / scale for a in pivot_row]
    nonzero = [k for k, a in enumerate(pivot_row) if a]
    for row in (*table, cost):
        if row is pivot_row:
            continue
        factor = row[j]
        if factor:
            for k in nonzero:
                row[k] -= factor * pivot_row[k]
