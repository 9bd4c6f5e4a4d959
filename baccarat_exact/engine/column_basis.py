"""Fewer engine columns for a batch: count a basis, add up the rest exactly.

Each engine column is a vector over the 5005 six-value multisets (orderings that end
in its events), and the batch path's cost grows with the number of columns. Many
bets together have columns that are integer combinations of others and of the
all-events column (whose count is N(N-1)…(N-5), known without counting): Super 6 is
Lucky 6's two lines together, Small is every sequence less Big, and so on.
:func:`column_basis` finds such relations once per set of columns and *proves* each
on the integer table, so the counts added up from the basis are the same integers
the engine would count (only a relation that holds exactly is used).

Where a batch reads only some linear forms of the columns (each bet's EV numerator and
win count), :func:`ternary_columns` counts fewer columns still: each form's digits,
columns that count events +1 or −1, checked exactly to give every form.
"""

from __future__ import annotations

import functools
import itertools
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from baccarat_exact.engine.counting import Compiled, compile_columns, event_groups
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
        signed=compiled.signed,
    )


_DIGITS = 12
"""A form weighing some event 3**12 or more from its commonest weight is not split into
digits (:func:`ternary_columns`)."""
_LARGEST_WEIGHT = 2**40
"""Nor a form with a coefficient this large (every product then fits int64)."""


class Digits(NamedTuple):
    """Columns of events counted +1 or −1 that give some linear forms of line columns
    (:func:`ternary_columns`)."""

    columns: tuple[tuple[int, ...], ...]
    """Each column's events, ``~e`` for event e counted −1."""
    forms: npt.NDArray[np.int64]
    """(columns + 1, forms): each form on [the columns' counts, the six-card total]."""
    lines: int
    """How many of the line columns are independent over events, with the total: the
    fewest an event-level basis of them keeps."""


def ternary_columns(columns: tuple[tuple[int, ...], ...], needs: npt.NDArray[Any]) -> Digits | None:
    """Columns of events counted +1 or −1 (``~e`` in a column: event e counted −1) whose
    counts and the six-card total give every linear form of ``needs`` ((columns + 1, k)
    integers on the counts of ``columns`` and the total), and the integer matrix that
    gives them; None where a form weighs some event 3**12 or more away from its
    commonest weight.

    A form weighs each event by an integer: its commonest weight times the total, plus
    its balanced-ternary digits, each a column counting events +1, −1 or not. A pay
    table of many lines (30, 10, 6, 4, 2, 1…) is then a few digit columns, not one column
    a line; digits shared by forms, or integer combinations of others, are counted once
    (:func:`_integer_basis`). Such columns obey the bound of any column of events
    (:func:`~baccarat_exact.engine.counting.number_kind`). The matrix is checked exactly
    on every group of events the columns tell apart before it is returned.
    """
    forms = np.asarray(needs)
    if forms.dtype == object or int(np.abs(forms).max(initial=0)) >= _LARGEST_WEIGHT:
        return None
    member = np.zeros((N_EVENTS, len(columns)), dtype=np.int64)
    for j, events in enumerate(columns):
        member[list(events), j] = 1
    # events in the same columns are weighed alike by every form: one row per such group
    patterns, group = event_groups(member)
    rows = np.concatenate([patterns, np.ones((len(patterns), 1), dtype=np.int64)], axis=1)
    wanted = rows @ forms.astype(np.int64)  # (groups, k)
    bases = []
    for form in wanted.T.tolist():
        bases.append(max(set(form), key=lambda x: (form.count(x), -abs(x), x)))
    left = wanted - np.array(bases, dtype=np.int64)
    if int(np.abs(left).max(initial=0)) >= 3**_DIGITS:
        return None
    digits: dict[tuple[int, ...], int] = {}
    binary: list[tuple[int, npt.NDArray[np.bool_]]] = []  # digits of 0 and 1: (groups, bits)
    terms: list[list[tuple[int, int]]] = [[] for _ in bases]  # (weight, digit) of each form
    split: dict[tuple[int, ...], Split] = {}  # of each distinct form
    # forms of fewer weights first (win counts before pay tables): their digits are then
    # there for a pay table to lean on (:func:`_form_digits`)
    for j in sorted(range(len(bases)), key=lambda j: len(set(left[:, j].tolist()))):
        form = tuple(left[:, j].tolist())
        if form not in split:
            split[form] = _form_digits(left[:, j], digits, binary)
        for weight, key in split[form]:
            if key not in digits:
                digits[key] = len(digits)
                if not set(key) - {0, 1}:
                    bits = np.array(key, dtype=bool)
                    binary.append((_groups_of(bits), bits))
            terms[j].append((weight, digits[key]))
    kept, expressed = _integer_basis(list(digits))
    matrix = np.zeros((len(kept) + 1, len(bases)), dtype=np.int64)
    matrix[-1] = bases
    for j, found in enumerate(terms):
        for term_weight, d in found:
            matrix[:, j] += term_weight * expressed[d]
    by_group = np.ones((len(patterns), len(kept) + 1), dtype=np.int64)
    by_group[:, :-1] = np.array(kept, dtype=np.int64).reshape(len(kept), -1).T
    if not np.array_equal(by_group @ matrix, wanted):  # pragma: no cover - each part checked
        return None
    signed = tuple(
        tuple(np.flatnonzero(np.take(digit, group) == 1).tolist())
        + tuple(~e for e in np.flatnonzero(np.take(digit, group) == -1).tolist())
        for digit in kept
    )
    lines = int(np.linalg.matrix_rank(rows.astype(np.float64))) - 1
    return Digits(signed, matrix, lines)


Split = list[tuple[int, tuple[int, ...]]]
"""A form as (weight, vector of −1, 0 or 1 by group of events) terms, each vector's first
weight not 0 a 1."""


def _groups_of(chosen: npt.NDArray[np.bool_]) -> int:
    """The groups chosen, as the bits of one integer (a subset test is then one and)."""
    return sum(1 << int(g) for g in np.flatnonzero(chosen))


def _form_digits(
    form: npt.NDArray[np.int64],
    known: dict[tuple[int, ...], int],
    binary: list[tuple[int, npt.NDArray[np.bool_]]],
) -> Split:
    """``form`` (a weight per group of events, 0 the commonest) as weighted vectors of −1,
    0 and 1: its balanced-ternary digits, or, where that needs more vectors not in
    ``known``, a known vector s of 0 and 1 (``binary``, within the form's groups) times
    some α plus the digits of the rest in mixed radices 3 and 4 (digit weights 1, 3,
    12…), which fit pay tables whose weights are not evenly spread: Dragon Bonus's 31,
    11, 7, 5, 3, 2 (less 15 on its wins) are three digits of weights 1, 3 and 12,
    against four balanced-ternary ones."""
    best = _digits_of(form, _written(sorted(set(form.tolist())), None), None)
    fewest = sum(1 for _, vector in best if vector not in known)
    choice: tuple[int, npt.NDArray[np.bool_], dict[int, list[int]], tuple[int, ...]] | None
    choice = None
    inside = _groups_of(form != 0)
    for groups, s in binary:
        if fewest <= 1:
            break
        if groups & ~inside:
            continue
        on, off = set(form[s].tolist()), set(form[~s].tolist())
        middle = (min(on) + max(on)) // 2
        for alpha in range(middle - 3, middle + 4):
            values = sorted({x - alpha for x in on} | off)
            for levels in range(1, fewest):
                found = next(
                    (
                        (written, radices)
                        for radices in itertools.product((3, 4), repeat=levels - 1)
                        if (written := _written(values, radices)) is not None
                    ),
                    None,
                )
                if found is not None:
                    choice, fewest = (alpha, s, *found), levels
                    break
    if choice is None:
        return best
    alpha, s, written, radices = choice
    rest = form - alpha * s
    return [(alpha, tuple(s.astype(np.int64).tolist())), *_digits_of(rest, written, radices)]


def _written(values: list[int], radices: tuple[int, ...] | None) -> dict[int, list[int]] | None:
    """Each value's digits (−1, 0 or 1) at weights 1, r₁, r₁r₂… of ``radices``, one level
    more than radices (None where some value has no such digits), or in balanced ternary
    (``radices=None``, as many levels as it takes)."""
    written: dict[int, list[int]] = {}
    for x in values:
        digits: list[int] = []
        rest, level = x, 0
        while rest if radices is None else level <= len(radices):
            if radices is not None and level == len(radices):  # the top digit: what is left
                if rest not in (-1, 0, 1):
                    return None
                digits.append(rest)
                break
            radix = 3 if radices is None else radices[level]
            remainder = rest % radix
            digit = remainder if remainder < 2 else -1 if remainder == radix - 1 else None
            if digit is None:
                return None
            digits.append(digit)
            rest, level = (rest - digit) // radix, level + 1
        written[x] = digits
    return written


def _digits_of(
    form: npt.NDArray[np.int64],
    written: dict[int, list[int]] | None,
    radices: tuple[int, ...] | None,
) -> Split:
    """``form``'s digit vectors, each weight's digits as ``written`` (:func:`_written` of
    ``radices``)."""
    assert written is not None  # balanced ternary writes every integer
    values = sorted(written)
    levels = max((len(d) for d in written.values()), default=0)
    table = np.zeros((len(values), levels), dtype=np.int64)
    for i, x in enumerate(values):
        table[i, : len(written[x])] = written[x]
    by_group = table[np.searchsorted(values, form)]
    split = []
    weight = 1
    for level in range(levels):
        digit = by_group[:, level]
        nonzero = np.flatnonzero(digit)
        if len(nonzero):
            sign = int(digit[nonzero[0]])
            split.append((weight * sign, tuple((digit * sign).tolist())))
        weight *= 3 if radices is None else radices[level] if level < len(radices) else 0
    return split


def _integer_basis(
    vectors: list[tuple[int, ...]],
) -> tuple[list[tuple[int, ...]], list[npt.NDArray[np.int64]]]:
    """The ``vectors`` kept, in order, and each vector's integer coefficients on [the kept
    ones, the all-ones vector]: a vector is left out where coefficients found in floats
    and rounded give it exactly (checked in integers); one far from the span of those
    before it (its residual on their orthonormal basis) is kept without a look."""
    kept: list[tuple[int, ...]] = []
    solutions: list[npt.NDArray[np.int64] | None] = []
    size = len(vectors[0]) if vectors else 0
    orthonormal = np.ones((size, 1)) / np.sqrt(max(size, 1))
    for vector in vectors:
        target = np.array(vector, dtype=np.int64)
        residual = target - orthonormal @ (orthonormal.T @ target)
        exact = False
        if np.abs(residual).max(initial=0) < 1e-6:
            basis = np.ones((size, len(kept) + 1), dtype=np.int64)
            if kept:
                basis[:, :-1] = np.array(kept, dtype=np.int64).T
            found = np.linalg.lstsq(basis.astype(np.float64), target.astype(np.float64))
            whole = np.rint(found[0])
            solution = whole.astype(np.int64)
            exact = bool(np.abs(whole).max(initial=0) < 2**20) and np.array_equal(
                basis @ solution, target
            )
        solutions.append(solution if exact else None)
        if not exact:
            kept.append(vector)
            norm = float(np.sqrt(residual @ residual))
            if norm > 1e-6:
                orthonormal = np.concatenate([orthonormal, (residual / norm)[:, None]], axis=1)
    expressed = []
    place = 0
    for given in solutions:
        column = np.zeros(len(kept) + 1, dtype=np.int64)
        if given is None:
            column[place] = 1
            place += 1
        else:
            column[: len(given) - 1] = given[:-1]
            column[-1] = given[-1]
        expressed.append(column)
    return kept, expressed
