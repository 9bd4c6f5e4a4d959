"""Exact counting over the six-card universe (docs/method.md).

Every round is decided by at most six cards, dealt in a fixed order, so every
round is the prefix of a six-card sequence. Only point values 0–9 matter, and
the number of ordered ways to draw a multiset of values {k_v} from a shoe {n_v}
is Π_v ff(n_v, k_v) (falling factorials). With ``A[e, m]`` = how many orderings
of the six-value multiset m end in event e (built once, ``EVENT_TABLE``)::

    count[e] = Σ_m A[e, m] · Π_v ff(n_v, m_v)        (exact integers)

Evaluation splits each multiset into a low half (values 0–4) and a high half
(values 5–9): the weight of m is W_lo(m_lo) · W_hi(m_hi), and for each size k of
the low half the sum is one dense matrix product, so many shoes at once are a
handful of BLAS calls. Arithmetic is float64 only while every intermediate is
an integer below 2**53 (proved by :func:`number_kind`), int64 below 2**63,
and Python integers beyond.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

import numpy as np
import numpy.typing as npt

from baccarat_exact.events import N_EVENTS
from baccarat_exact.rules import PLAYER_STOOD, STANDARD_TABLEAU, Tableau

__all__ = [
    "HALF_MULTISETS",
    "Compiled",
    "CountKind",
    "EventTable",
    "ValueCounts",
    "compile_columns",
    "count_array",
    "count_columns",
    "event_counts",
    "event_table",
    "number_kind",
    "six_card_total",
]

ValueCounts: TypeAlias = Sequence[int]
"""Cards (or infinite-shoe weights) of each point value 0–9."""

CountKind: TypeAlias = Literal["float64", "int64", "object"]

CARDS = 6
_FLOAT_LIMIT = 2**53
_INT_LIMIT = 2**63


def _half_multisets() -> tuple[npt.NDArray[np.int64], tuple[int, ...]]:
    """All multisets of 0–6 values drawn from 5 values, grouped by size.

    Returns the (462, 5) multiplicity array and the start offset of each size 0..7.
    """
    rows: list[tuple[int, ...]] = []
    offsets = [0]
    for size in range(CARDS + 1):
        for a in range(size, -1, -1):
            for b in range(size - a, -1, -1):
                for c in range(size - a - b, -1, -1):
                    for d in range(size - a - b - c, -1, -1):
                        rows.append((a, b, c, d, size - a - b - c - d))
        offsets.append(len(rows))
    return np.array(rows, dtype=np.int64), tuple(offsets)


HALF_MULTISETS, HALF_OFFSETS = _half_multisets()
"""(462, 5) int64: multiplicities of each half-multiset; ``HALF_OFFSETS[s]`` starts size s."""

_HALF_DIM = tuple(HALF_OFFSETS[s + 1] - HALF_OFFSETS[s] for s in range(CARDS + 1))
# Index of a half-multiset from its multiplicities, read in base 7.
_HALF_CODE = (HALF_MULTISETS * (7 ** np.arange(5))).sum(axis=1)
_HALF_LOOKUP = np.full(7**5, -1, dtype=np.int64)
for _size in range(CARDS + 1):
    _lo, _hi = HALF_OFFSETS[_size], HALF_OFFSETS[_size + 1]
    _HALF_LOOKUP[_HALF_CODE[_lo:_hi]] = np.arange(_hi - _lo)
# Gather index into a flattened (5 values × 7 multiplicities) factor table.
_HALF_GATHER = (np.arange(5) * 7 + HALF_MULTISETS).astype(np.intp)

N_MULTISETS = sum(_HALF_DIM[k] * _HALF_DIM[CARDS - k] for k in range(CARDS + 1))
"""5005 = C(15, 6) multisets of six values."""
_BLOCK_START = np.cumsum([0] + [_HALF_DIM[k] * _HALF_DIM[CARDS - k] for k in range(CARDS + 1)])


@dataclass(frozen=True, slots=True)
class EventTable:
    """``A[e, m]`` for one tableau, stored sparse: the (multiset, event, count) entries
    that are not zero (139,988 of 400 × 5005 for the standard tableau).

    Multisets are numbered in block order (low-half size k, then high half, then low
    half); counts are orderings of a six-value multiset, at most 6! = 720.
    """

    multisets: npt.NDArray[np.int32]
    events: npt.NDArray[np.int16]
    counts: npt.NDArray[np.int16]

    def matrix(self) -> npt.NDArray[np.int64]:
        """The whole table as a dense (400, 5005) int64 matrix."""
        dense = np.zeros((N_EVENTS, N_MULTISETS), dtype=np.int64)
        dense[self.events, self.multisets] = self.counts
        return dense

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EventTable):
            return NotImplemented
        return (
            np.array_equal(self.multisets, other.multisets)
            and np.array_equal(self.events, other.events)
            and np.array_equal(self.counts, other.counts)
        )

    __hash__ = None  # type: ignore[assignment]


def _all_sequences() -> npt.NDArray[np.int64]:
    """All 10**6 six-value sequences in deal order P1 B1 P2 B2 C5 C6, as (10**6, 6)."""
    grid: npt.NDArray[np.int64] = np.indices((10,) * CARDS).reshape(CARDS, -1).T.astype(np.int64)
    return grid


def build_event_table(tableau: Tableau = STANDARD_TABLEAU) -> EventTable:
    """Deal every six-value sequence through ``tableau`` and count orderings per event.

    Takes well under a second; the standard table is also shipped as data.
    """
    seq = _all_sequences()
    p1, b1, p2, b2, c5, c6 = (seq[:, i] for i in range(CARDS))
    player_rule = np.array(tableau.player, dtype=bool)
    banker_rule = np.array(tableau.banker, dtype=bool)
    is_natural = np.zeros(10, dtype=bool)
    is_natural[list(tableau.naturals)] = True

    pt2 = (p1 + p2) % 10
    bt2 = (b1 + b2) % 10
    natural = is_natural[pt2] | is_natural[bt2]
    player_draws = ~natural & player_rule[pt2]
    column = np.where(player_draws, c5, PLAYER_STOOD)
    banker_draws = ~natural & banker_rule[bt2, column]
    banker_card = np.where(player_draws, c6, c5)
    pt = np.where(player_draws, (pt2 + c5) % 10, pt2)
    bt = np.where(banker_draws, (bt2 + banker_card) % 10, bt2)
    event = ((pt * 10 + bt) * 2 + player_draws) * 2 + banker_draws

    mult = np.zeros((len(seq), 10), dtype=np.int64)
    for i in range(CARDS):
        np.add.at(mult, (np.arange(len(seq)), seq[:, i]), 1)
    powers = 7 ** np.arange(5)
    lo = _HALF_LOOKUP[(mult[:, :5] * powers).sum(axis=1)]
    hi = _HALF_LOOKUP[(mult[:, 5:] * powers).sum(axis=1)]
    k = mult[:, :5].sum(axis=1)
    dim_lo = np.array(_HALF_DIM)[k]
    column_index = _BLOCK_START[k] + hi * dim_lo + lo
    flat = np.bincount(column_index * N_EVENTS + event, minlength=N_MULTISETS * N_EVENTS)
    nonzero = np.flatnonzero(flat)
    return EventTable(
        multisets=(nonzero // N_EVENTS).astype(np.int32),
        events=(nonzero % N_EVENTS).astype(np.int16),
        counts=flat[nonzero].astype(np.int16),
    )


_DATA_FILE = os.path.join(os.path.dirname(__file__), "data", "event_table.npz")


def _load_shipped() -> EventTable | None:
    try:
        with np.load(_DATA_FILE) as data:
            return EventTable(
                multisets=data["multisets"].astype(np.int32),
                events=data["events"].astype(np.int16),
                counts=data["counts"].astype(np.int16),
            )
    except OSError:
        return None


def save_event_table(table: EventTable, path: str = _DATA_FILE) -> None:
    """Write the table as the shipped data file (``make data``)."""
    # uncompressed: 1.1 MB, loads in about a millisecond (start-up time)
    np.savez(path, multisets=table.multisets, events=table.events, counts=table.counts)


@functools.cache
def event_table(tableau: Tableau = STANDARD_TABLEAU) -> EventTable:
    """The event table of a tableau: shipped data for the standard one, else built once."""
    if tableau == STANDARD_TABLEAU:
        shipped = _load_shipped()
        if shipped is not None:
            return shipped
    return build_event_table(tableau)


def six_card_total(cards: int) -> int:
    """N(N-1)…(N-5): ordered six-card sequences from a shoe of N cards.

    >>> six_card_total(416)
    4998398275503360
    """
    total = 1
    for i in range(CARDS):
        total *= cards - i
    return total


def number_kind(cards: int) -> CountKind:
    """The cheapest exact arithmetic for a shoe of ``cards`` cards (or total weight).

    Every weight, product and partial sum in :func:`count_columns` is a non-negative
    integer of at most N**6 (the low-half partial sums are at most
    6!/(6-k)! · N**(6-k) ≤ N**6 for N ≥ 6), so float64 is exact while N**6 < 2**53
    (N ≤ 456: eight decks and a few cards more), int64 while N**6 < 2**63 (N ≤ 1448).

    >>> number_kind(416), number_kind(468), number_kind(1500)
    ('float64', 'int64', 'object')
    """
    bound = max(cards, CARDS) ** CARDS
    if bound < _FLOAT_LIMIT:
        return "float64"
    if bound < _INT_LIMIT:
        return "int64"
    return "object"


# Tree over half-multisets: each one of size s ≥ 1 is its parent (one copy of its
# highest value fewer) times the factor n_v - (m_v - 1) (finite) or n_v (weights).
_PARENT = np.zeros(len(HALF_MULTISETS), dtype=np.intp)
_FACTOR = np.zeros(len(HALF_MULTISETS), dtype=np.intp)
for _i, _m in enumerate(HALF_MULTISETS.tolist()):
    if sum(_m):
        _v = max(v for v in range(5) if _m[v])
        _p = list(_m)
        _p[_v] -= 1
        _PARENT[_i] = HALF_OFFSETS[sum(_p)] + _HALF_LOOKUP[sum(c * 7**j for j, c in enumerate(_p))]
        _FACTOR[_i] = _v * CARDS + _m[_v] - 1
_STEP_OFFSETS = np.tile(np.arange(CARDS), 5)[:, None]
_LEVELS = tuple(
    (_PARENT[HALF_OFFSETS[s] : HALF_OFFSETS[s + 1]], _FACTOR[HALF_OFFSETS[s] : HALF_OFFSETS[s + 1]])
    for s in range(1, CARDS + 1)
)
# For one shoe: column c of the six-value universe is low half _COL_LO[c] × high half _COL_HI[c].
_COL_LO = np.concatenate(
    [
        np.tile(np.arange(HALF_OFFSETS[k], HALF_OFFSETS[k + 1]), _HALF_DIM[CARDS - k])
        for k in range(CARDS + 1)
    ]
)
_COL_HI = np.concatenate(
    [
        np.repeat(np.arange(HALF_OFFSETS[CARDS - k], HALF_OFFSETS[CARDS - k + 1]), _HALF_DIM[k])
        for k in range(CARDS + 1)
    ]
)


@dataclass(frozen=True, slots=True, eq=False)
class Compiled:
    """The event table of one tableau summed into columns (sets of events), in the
    layouts the single-shoe and batch paths use. Made by :func:`compile_columns`."""

    columns: tuple[tuple[int, ...], ...]
    """Event indices of each column."""
    flat: npt.NDArray[np.int64]
    """(5005, n_columns): one matrix product for a single shoe."""
    blocks: tuple[npt.NDArray[np.int64], ...]
    """Per low-half size k, the block contracted over its larger half: shape
    (dim_small · n_columns, dim_large), for batches."""
    _as_kind: dict[tuple[str, str], Any] = field(default_factory=dict, repr=False)

    def flat_as(self, kind: CountKind) -> npt.NDArray[Any]:
        """``flat`` in the dtype of a number kind (converted once, on first use)."""
        key = ("flat", kind)
        if key not in self._as_kind:
            self._as_kind[key] = self.flat.astype(_DTYPES[kind])
        result: npt.NDArray[Any] = self._as_kind[key]
        return result

    def blocks_as(self, kind: CountKind) -> tuple[npt.NDArray[Any], ...]:
        """``blocks`` in the dtype of a number kind (converted once, on first use)."""
        key = ("blocks", kind)
        if key not in self._as_kind:
            self._as_kind[key] = tuple(b.astype(_DTYPES[kind]) for b in self.blocks)
        result: tuple[npt.NDArray[Any], ...] = self._as_kind[key]
        return result


def _contract_high(k: int) -> bool:
    """Whether block k is contracted over the high half (the larger one)."""
    return _HALF_DIM[CARDS - k] >= _HALF_DIM[k]


@functools.cache
def compile_columns(tableau: Tableau, columns: tuple[tuple[int, ...], ...]) -> Compiled:
    """Sum the event table of ``tableau`` into ``columns`` (tuples of event indices).

    Cached: keep the result and pass it to :func:`count_array` for repeated use.
    """
    table = event_table(tableau)
    n_cols = len(columns)
    member = np.full(N_EVENTS, -1, dtype=np.int64)
    disjoint = True
    for j, events in enumerate(columns):
        if (member[list(events)] >= 0).any():
            disjoint = False
        member[list(events)] = j
    if disjoint:  # one pass: each table entry lands in at most one column
        keep = member[table.events] >= 0
        slot = table.multisets[keep].astype(np.int64) * n_cols + member[table.events[keep]]
        flat: npt.NDArray[Any] = np.bincount(
            slot, weights=table.counts[keep], minlength=N_MULTISETS * n_cols
        )
    else:
        flat = np.zeros(N_MULTISETS * n_cols)
        for j, events in enumerate(columns):
            inside = np.zeros(N_EVENTS, dtype=bool)
            inside[list(events)] = True
            keep = inside[table.events]
            flat[j::n_cols] = np.bincount(
                table.multisets[keep], weights=table.counts[keep], minlength=N_MULTISETS
            )
    # the float sums are exact: each is at most 6! · 400, far below 2**53
    sums = flat.astype(np.int64).reshape(N_MULTISETS, n_cols)
    summed = [sums[_BLOCK_START[k] : _BLOCK_START[k + 1]] for k in range(CARDS + 1)]
    blocks = []
    for k, part in enumerate(summed):
        cube = part.reshape(_HALF_DIM[CARDS - k], _HALF_DIM[k], len(columns))  # (hi, lo, col)
        if not _contract_high(k):
            cube = cube.transpose(1, 0, 2)  # (lo, hi, col)
        large, small = cube.shape[0], cube.shape[1]
        blocks.append(np.ascontiguousarray(cube.reshape(large, small * len(columns)).T))
    return Compiled(columns=columns, flat=sums, blocks=tuple(blocks))


@functools.cache
def _tune_once() -> None:
    """Keep freed temporaries on the heap, once per process, before the first batch
    (glibc trimming otherwise costs about half of a batch's time in page faults)."""
    from baccarat_exact.tuning import keep_freed_memory

    keep_freed_memory()


_CHUNK = 512
"""Shoes per batch step: keeps the working set in cache (measured in benchmarks/)."""

_DTYPES: dict[str, type] = {"float64": np.float64, "int64": np.int64, "object": object}


def _half_weights(values: npt.NDArray[np.int64], infinite: bool, dtype: type) -> npt.NDArray[Any]:
    """(462, B) weights of every half-multiset of the values in ``values`` (5, B)."""
    batch = values.shape[1]
    steps = np.repeat(values, CARDS, axis=0)
    if not infinite:
        steps = np.maximum(steps - _STEP_OFFSETS, 0)
    steps = steps.astype(dtype)
    weights: npt.NDArray[Any] = np.empty((len(HALF_MULTISETS), batch), dtype=dtype)
    weights[0] = 1
    for size, (parent, factor) in enumerate(_LEVELS, start=1):
        np.multiply(
            weights.take(parent, axis=0),
            steps.take(factor, axis=0),
            out=weights[HALF_OFFSETS[size] : HALF_OFFSETS[size + 1]],
        )
    return weights


def count_array(
    values: npt.ArrayLike,
    compiled: Compiled,
    *,
    infinite: bool = False,
    kind: CountKind | None = None,
) -> npt.NDArray[Any]:
    """Exact counts of six-value sequences ending in each column's events, for a batch.

    ``values`` is (B, 10) cards per point value (or infinite-shoe weights). Returns a
    (B, len(columns)) array of exact integers: int64 while they fit (float64 and int64
    kinds), else Python ints (dtype object). For a finite shoe of N cards, the counts
    of a partition of the events sum to N(N-1)…(N-5); for weights w, to (Σw)**6.
    """
    counts = np.asarray(values, dtype=np.int64)
    if counts.ndim == 1:
        counts = counts[None, :]
    if counts.ndim != 2 or counts.shape[1] != 10:
        raise ValueError(f"expected 10 value counts per shoe, got shape {counts.shape}")
    if kind is None:
        kind = number_kind(int(counts.sum(axis=1).max(initial=0)))
    batch = counts.shape[0]
    if batch > 1:
        _tune_once()
    if batch > _CHUNK:
        parts = [
            count_array(counts[i : i + _CHUNK], compiled, infinite=infinite, kind=kind)
            for i in range(0, batch, _CHUNK)
        ]
        return np.concatenate(parts, axis=0)
    dtype = _DTYPES[kind]
    # Both halves in one pass: low halves in columns 0..B-1, high halves in B..2B-1.
    halves = _half_weights(
        np.concatenate([counts[:, :5].T, counts[:, 5:].T], axis=1), infinite, dtype
    )
    lo, hi = halves[:, :batch], halves[:, batch:]
    if batch == 1:
        weights = lo[:, 0].take(_COL_LO) * hi[:, 0].take(_COL_HI)
        total = (weights @ compiled.flat_as(kind))[None, :]
    else:
        n_cols = len(compiled.columns)
        total = np.zeros((n_cols, batch), dtype=dtype)
        for k, block in enumerate(compiled.blocks_as(kind)):
            hi_k = hi[HALF_OFFSETS[CARDS - k] : HALF_OFFSETS[CARDS - k + 1]]
            lo_k = lo[HALF_OFFSETS[k] : HALF_OFFSETS[k + 1]]
            large, small = (hi_k, lo_k) if _contract_high(k) else (lo_k, hi_k)
            partial = (block @ large).reshape(small.shape[0], n_cols, batch)
            total += (partial * small[:, None, :]).sum(axis=0)
        total = total.T
    result: npt.NDArray[Any] = total.astype(np.int64 if kind != "object" else object)
    return result


def count_columns(
    values: npt.ArrayLike,
    columns: tuple[tuple[int, ...], ...],
    tableau: Tableau = STANDARD_TABLEAU,
    *,
    infinite: bool = False,
    kind: CountKind | None = None,
) -> list[list[int]]:
    """:func:`count_array` for ``columns`` of events, as lists of Python ints."""
    array = count_array(values, compile_columns(tableau, columns), infinite=infinite, kind=kind)
    return [[int(x) for x in row] for row in array.tolist()]


_ALL_EVENTS = tuple((e,) for e in range(N_EVENTS))


def event_counts(
    values: ValueCounts, tableau: Tableau = STANDARD_TABLEAU, *, infinite: bool = False
) -> list[int]:
    """Exact count of six-value sequences for each of the 400 events, for one shoe.

    >>> from baccarat_exact.shoe import Shoe
    >>> counts = event_counts(Shoe.from_decks(1).values)
    >>> sum(counts) == six_card_total(52)
    True
    """
    return count_columns(np.asarray(values)[None, :], _ALL_EVENTS, tableau, infinite=infinite)[0]
