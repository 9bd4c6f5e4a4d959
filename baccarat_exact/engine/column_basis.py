"""Fewer engine columns for a batch: count a basis, add up the rest exactly.

Each engine column is a vector over the 5005 six-value multisets (orderings that end
in its events), and the batch path's cost grows with the number of columns. Many
bets together have columns that are integer combinations of others and of the
all-events column (whose count is N(N-1)…(N-5), known without counting): Super 6 is
Lucky 6's two lines together, Small is every sequence less Big, and so on.
:func:`column_basis` finds such relations once per set of columns and *proves* each
on the integer table, so the counts added up from the basis are the same integers
the engine would count (only a relation that holds exactly is used).
"""

from __future__ import annotations

import functools

import numpy as np
import numpy.typing as npt

from baccarat_exact.engine.counting import Compiled, compile_columns
from baccarat_exact.model.events import N_EVENTS
from baccarat_exact.model.rules import Tableau

__all__ = ["column_basis", "select_columns"]

_ALL = (tuple(range(N_EVENTS)),)


@functools.cache
def column_basis(
    tableau: Tableau, columns: tuple[tuple[int, ...], ...]
) -> tuple[tuple[int, ...], npt.NDArray[np.int64]]:
    """Positions of the columns to count (a basis), and the (basis + 1, columns)
    integer matrix that maps [basis counts, six-card total] to every column's count.

    >>> from baccarat_exact.model.rules import STANDARD_TABLEAU
    >>> big = tuple(range(200))
    >>> small = tuple(range(200, N_EVENTS))
    >>> kept, expand = column_basis(STANDARD_TABLEAU, (big, small))
    >>> kept, expand.tolist()
    ((0,), [[1, -1], [0, 1]])
    """
    flat = compile_columns(tableau, columns).flat
    total = compile_columns(tableau, _ALL).flat[:, 0]
    # Gram-Schmidt in floats finds the candidates (elementwise, no BLAS threads): the
    # span's orthonormal vectors, and R with vector k = Σ_i R[i][k] · orthonormal i.
    first = total.astype(np.float64)
    orthonormal = [first / np.sqrt((first * first).sum())]
    triangle: list[list[float]] = [[float(np.sqrt((first * first).sum()))]]
    kept: list[int] = []
    expand: dict[int, tuple[list[int], int]] = {}
    for j in range(flat.shape[1]):
        column = flat[:, j]
        left = column.astype(np.float64)
        size = float(np.sqrt((left * left).sum()))
        along = []
        for unit in orthonormal:
            along.append(float((unit * left).sum()))
            left = left - along[-1] * unit
        rest = float(np.sqrt((left * left).sum()))
        if rest <= 1e-9 * max(size, 1.0):
            whole = _back_substitute(triangle, along)
            # checked exactly on the integers (entries at most 6! = 720, coefficients small)
            if all(abs(c) < 2**20 for c in whole):
                rebuilt = total * whole[0] + flat[:, kept] @ np.array(whole[1:], dtype=np.int64)
                if np.array_equal(rebuilt, column):
                    expand[j] = (whole[1:], whole[0])
                    continue
        kept.append(j)
        orthonormal.append(left / rest if rest else left)
        triangle.append([*along, rest])
    matrix = np.zeros((len(kept) + 1, flat.shape[1]), dtype=np.int64)
    for position, j in enumerate(kept):
        matrix[position, j] = 1
    for j, (of_kept, of_total) in expand.items():
        matrix[: len(of_kept), j] = of_kept  # the columns kept before j
        matrix[-1, j] = of_total
    return tuple(kept), matrix


def _back_substitute(triangle: list[list[float]], along: list[float]) -> list[int]:
    """Integer coefficients c (rounded) of R · c = ``along``, R upper triangular given by
    its columns (``triangle[k]`` holds R[0..k][k])."""
    size = len(triangle)
    solution = [0.0] * size
    for k in reversed(range(size)):
        value = along[k] - sum(triangle[i][k] * solution[i] for i in range(k + 1, size))
        solution[k] = value / triangle[k][k]
    return [round(x) for x in solution]


def select_columns(compiled: Compiled, kept: tuple[int, ...]) -> Compiled:
    """The columns ``kept`` of ``compiled``, taken from its tables (not built again)."""
    n_cols = len(compiled.columns)
    blocks = tuple(
        np.ascontiguousarray(
            block.reshape(-1, n_cols, block.shape[1])[:, list(kept), :].reshape(-1, block.shape[1])
        )
        for block in compiled.blocks
    )
    return Compiled(
        columns=tuple(compiled.columns[j] for j in kept),
        flat=np.ascontiguousarray(compiled.flat[:, list(kept)]),
        blocks=blocks,
    )
