"""Float mode only: the dealer distribution for many shoes at once with numpy.

The same multiset sum as :mod:`baccarat_exact.blackjack.dealer`, evaluated in
float64 for a whole batch of removals: a (shoes × multisets) matrix of products
of falling factorials, divided by ``ff(N, length)``, summed per outcome. Labelled
float wherever it is used; the exact engine never calls it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from baccarat_exact.blackjack.dealer import BUST, OUTCOMES, DealerTable
from baccarat_exact.blackjack.hands import SLOTS, Counts

__all__ = ["dealer_probabilities"]

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
