"""The dealer distribution for many shoes (one shoe less many removals) at once with numpy.

:func:`dealer_batch` is what the solvers use, in both modes: the multiset sum of
:mod:`baccarat_exact.blackjack.dealer` contracted one slot at a time, over exact
integers (numpy ``object`` arrays: the same numerators as ``dealer_numerators``)
or float64. :func:`dealer_probabilities` is the older float-only form (a shoes ×
multisets matrix of products of falling factorials), kept for comparison.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from baccarat_exact.blackjack.dealer import BUST, OUTCOMES, DealerTable
from baccarat_exact.blackjack.hands import SLOTS, Counts

__all__ = ["dealer_batch", "dealer_probabilities"]

_MAX_DRAW = 12
_BATCH = 1024
_IMPOSSIBLE = -1.0e4
"""Log weight of an impossible multiset: exp() of it is exactly 0."""

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


def _table_arrays(table: DealerTable) -> tuple[IntArray, IntArray, FloatArray, IntArray]:
    """Multiset counts (K × 10), lengths, orderings and outcome index of every multiset."""
    rows: list[list[int]] = []
    lengths: list[int] = []
    orderings: list[float] = []
    outcomes: list[int] = []
    for outcome, length, entries in table.groups:
        for factors, count in entries:
            multiset = [0] * SLOTS
            for index in factors:
                multiset[index // _MAX_DRAW] = index % _MAX_DRAW
            rows.append(multiset)
            lengths.append(length)
            orderings.append(float(count))
            outcomes.append(outcome)
    return (
        np.array(rows, dtype=np.int64),
        np.array(lengths, dtype=np.int64),
        np.array(orderings, dtype=np.float64),
        np.array(outcomes, dtype=np.int64),
    )


def _falling_table(top: int, width: int, infinite: bool) -> FloatArray:
    """``ff(n, k)`` (``n ** k`` if infinite) for n in 0..top, k in 0..width-1, as floats."""
    n = np.arange(top + 1, dtype=np.float64)[:, None]
    k = np.arange(width, dtype=np.float64)[None, :]
    if infinite:
        return np.asarray(n**k, dtype=np.float64)
    table = np.ones((top + 1, width), dtype=np.float64)
    for j in range(1, width):
        table[:, j] = table[:, j - 1] * np.maximum(n[:, 0] - (j - 1), 0.0)
    return table


def dealer_probabilities(
    table: DealerTable, counts: Counts, removals: Sequence[Counts], infinite: bool
) -> list[tuple[float, ...]]:
    """Dealer outcome probabilities (float) for the shoe ``counts`` minus each of ``removals``.

    A removal changes few slots, so each row starts from the full shoe's multiset
    probabilities and is corrected only in the slots the removal touches:
    ``ff(n - k, m) / ff(n, m)`` per slot and ``ff(N, l) / ff(N - r, l)`` for the length.
    """
    multisets, lengths, orderings, outcomes = _table_arrays(table)
    base = np.array(counts, dtype=np.int64)
    n_cards = int(base.sum())
    slot_ff = _falling_table(int(base.max()), _MAX_DRAW, infinite)
    total_ff = _falling_table(n_cards, table.longest + 1, infinite)
    start_weights = orderings / total_ff[n_cards, lengths]
    for slot in range(SLOTS):
        start_weights = start_weights * slot_ff[base[slot], multisets[:, slot]]
    onehot = np.zeros((len(outcomes), len(OUTCOMES)), dtype=np.float64)
    onehot[np.arange(len(outcomes)), outcomes] = 1.0
    removed_all = np.array(removals, dtype=np.int64).reshape(len(removals), SLOTS)
    if infinite:
        row = tuple(float(p) for p in start_weights @ onehot)
        return [row] * len(removals)
    # log W[s, m] = log W0[m] + Σ_slot log(ff(n - k, m_slot) / ff(n, m_slot)) + log(ff(N, l) / ff(N - r, l)),
    # k = removal's cards of the slot: one matrix product of one-hot removals with a log-ratio table.
    widths = removed_all.max(axis=0, initial=0) + 1
    offsets = np.concatenate(([0], np.cumsum(widths)[:-1]))
    blocks = []
    for slot in range(SLOTS):
        top = int(base[slot])
        ks = np.minimum(np.arange(int(widths[slot])), top)
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = (
                slot_ff[top - ks][:, multisets[:, slot]] / slot_ff[top, multisets[:, slot]][None, :]
            )
        blocks.append(_safe_log(ratio))
    log_table = np.concatenate(blocks, axis=0)
    longest_r = int(removed_all.sum(axis=1).max(initial=0)) + 1
    with np.errstate(divide="ignore", invalid="ignore"):
        length_ratio = (
            total_ff[n_cards][None, lengths] / total_ff[n_cards - np.arange(longest_r)][:, lengths]
        )
    log_length = _safe_log(length_ratio)
    log_start = _safe_log(start_weights)
    results: list[tuple[float, ...]] = []
    for start in range(0, len(removals), _BATCH):
        removed = removed_all[start : start + _BATCH]
        onehot_removed = np.zeros((len(removed), int(widths.sum())), dtype=np.float64)
        rows = np.arange(len(removed))
        for slot in range(SLOTS):
            onehot_removed[rows, offsets[slot] + removed[:, slot]] = 1.0
        logs = onehot_removed @ log_table + log_length[removed.sum(axis=1)] + log_start[None, :]
        probabilities = np.exp(logs) @ onehot
        probabilities[:, BUST] = 1.0 - (probabilities.sum(axis=1) - probabilities[:, BUST])
        results.extend(tuple(float(p) for p in row) for row in probabilities)
    return results


def _safe_log(values: FloatArray) -> FloatArray:
    """Natural log with zeros (impossible draws) mapped to a large negative number, not -inf."""
    cleaned = np.where(np.isfinite(values) & (values > 0), values, 1.0)
    return np.where(np.isfinite(values) & (values > 0), np.log(cleaned), _IMPOSSIBLE)


# -- many removals at once, float or exact: the multiset sum contracted one slot at a time ----

_ORDER = (9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
"""Slots in contraction order: tens first (their removal counts vary least)."""

NumArray = npt.NDArray[Any]
"""float64 in float mode, ``object`` (Python ints) in exact mode."""


@dataclass(frozen=True, eq=False)
class _TablePlan:
    """A dealer table as a tensor over (outcome and length group, multiset), bust left out, with
    the suffix nodes of each contraction step (see :func:`dealer_batch`)."""

    groups: tuple[tuple[int, int], ...]
    """(outcome, length) of each group."""
    orderings: tuple[int, ...]
    """Orderings of each multiset, in the order of ``first_nodes``."""
    first_nodes: IntArray
    """Node of each multiset at step 0."""
    digits: tuple[IntArray, ...]
    """Per step: the multiset count of the step's slot for each node."""
    starts: tuple[IntArray, ...]
    """Per step: where each next-step node's children start (nodes sorted by parent)."""


@lru_cache(maxsize=64)
def _table_plan(table: DealerTable) -> _TablePlan:
    rows: list[list[int]] = []
    group_of: list[int] = []
    orderings: list[int] = []
    groups: list[tuple[int, int]] = []
    for outcome, length, entries in table.groups:
        if outcome == BUST:
            continue
        groups.append((outcome, length))
        for factors, count in entries:
            multiset = [0] * SLOTS
            for index in factors:
                multiset[index // _MAX_DRAW] = index % _MAX_DRAW
            rows.append(multiset)
            group_of.append(len(groups) - 1)
            orderings.append(count)
    multisets = np.array(rows, dtype=np.int64).reshape(len(rows), SLOTS)
    ids = np.array(group_of, dtype=np.int64)
    digits: list[IntArray] = []
    starts: list[IntArray] = []
    for slot in reversed(_ORDER):  # from the last step back: node = (suffix node, digit)
        key = ids * _MAX_DRAW + multisets[:, slot]
        _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
        parent = ids[first]
        digits.append(multisets[first, slot])
        starts.append(np.flatnonzero(np.r_[True, parent[1:] != parent[:-1]]))
        ids = inverse.reshape(-1)
    return _TablePlan(
        groups=tuple(groups),
        orderings=tuple(orderings),
        first_nodes=ids,
        digits=tuple(reversed(digits)),
        starts=tuple(reversed(starts)),
    )


def _falling_rows(n: int, rows: int, exact: bool) -> NumArray:
    """``ff(n - b, a)`` for b < rows, a < 12 (exact ints or floats)."""
    table = [[1] * _MAX_DRAW for _ in range(rows)]
    for b in range(rows):
        acc = 1
        for a in range(1, _MAX_DRAW):
            acc *= max(n - b - a + 1, 0)
            table[b][a] = acc
    return np.array(table, dtype=object if exact else np.float64)


def dealer_batch(
    table: DealerTable,
    counts: Counts,
    removals: Sequence[Counts],
    *,
    budget: int,
    exact: bool,
    depth: int | None = None,
) -> NumArray:
    """Dealer outcomes (rows of 7, ``OUTCOMES`` order) for the finite shoe ``counts`` minus each
    of ``removals``: exact numerators over ``ff(N - r, budget - r)`` (``r`` cards removed), the
    same integers as :func:`~baccarat_exact.blackjack.dealer.dealer_numerators` with the bust
    by complement; or float probabilities.

    The sum Σ_m orderings · Π_v ff(n_v - R_v, m_v) over multisets ``m`` is contracted one
    slot at a time: after the slots done so far, a table holds one entry per distinct
    prefix of the removals (their counts of those slots) and per distinct rest of the
    multisets (their counts of the slots to come, and their outcome and length). Removals
    share prefixes and multisets share rests, so the tables stay small — a few million
    entries for all 7,439 removals of a 6-deck graph, where the plain sum takes 50 million
    products.

    With ``depth`` each row is over its own ``ff(N - r, depth)`` instead (the dealer draws at
    most ``depth`` cards): smaller integers, for callers that bring rows to a common
    denominator themselves.
    """
    plan = _table_plan(table)
    removed = np.array(removals, dtype=np.int64).reshape(len(removals), SLOTS)
    base = np.array(counts, dtype=np.int64)
    n_removals = len(removals)
    # exact sums in int64 when they provably fit: every partial sum of the contraction is
    # at most Σ_m orderings · Π_v ff(n_v, m_v) over multisets of one length l (the factors
    # not yet multiplied are >= 1: the table holds no more of a value than the shoe), which
    # counts dealer draws of l cards and so is at most ff(N, l) <= ff(N, longest)
    n_cards = int(base.sum())
    longest = max((length for _, length in plan.groups), default=0)
    small = exact and falling_int(n_cards, longest) < 2**63
    dtype: Any = np.int64 if small else object if exact else np.float64
    current = np.zeros((1, len(plan.digits[0])), dtype=dtype)
    current[0, plan.first_nodes] = np.array(plan.orderings, dtype=dtype)
    prefix = np.zeros(n_removals, dtype=np.int64)
    width = int(removed.max(initial=0)) + 1
    for step, slot in enumerate(_ORDER if plan.orderings else ()):
        key = prefix * width + removed[:, slot]
        _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
        factors = _falling_rows(int(base[slot]), int(removed[:, slot].max(initial=0)) + 1, exact)
        if small:  # only digits up to the longest draw are read: ff(n, a) <= ff(N, longest)
            factors = factors[:, : longest + 1].astype(np.int64)
        products = current[prefix[first]] * factors[removed[first, slot]][:, plan.digits[step]]
        current = np.add.reduceat(products, plan.starts[step], axis=1)
        prefix = inverse.reshape(-1)
    sums = current[prefix] if plan.orderings else current  # removals × groups
    if small:
        sums = sums.astype(object)  # the tails below are beyond int64
    r = removed.sum(axis=1)
    out = np.zeros((n_removals, len(OUTCOMES)), dtype=object if exact else np.float64)
    distinct_r = sorted(set(r.tolist()))
    r_index = np.searchsorted(np.array(distinct_r), r)
    for g, (outcome, length) in enumerate(plan.groups):
        if exact:
            # tails: ff(N - r - l, budget - r - l), the common denominator's unused part
            tails = [
                falling_int(n_cards - k - length, depth - length)
                if depth is not None
                else falling_int(n_cards - k - length, budget - k - length)
                if budget - k >= length
                else 0
                for k in distinct_r
            ]
            factor = np.array(tails, dtype=object)[r_index]
        else:
            factor = (
                1.0
                / np.array([float(falling_int(n_cards - k, length)) or np.inf for k in distinct_r])[
                    r_index
                ]
            )
        out[:, outcome] += sums[:, g] * factor
    if exact:
        whole = np.array(
            [
                falling_int(n_cards - k, depth if depth is not None else budget - k)
                for k in distinct_r
            ],
            dtype=object,
        )
        out[:, BUST] = whole[r_index] - out.sum(axis=1)
    else:
        out[:, BUST] = 1.0 - (out.sum(axis=1) - out[:, BUST])
    return out


def falling_int(n: int, k: int) -> int:
    """Falling factorial ``n (n-1) … (n-k+1)`` (1 for ``k <= 0``)."""
    result = 1
    for i in range(k):
        result *= n - i
    return result
