"""Exact counting over the six-card universe (docs/method.md).

The number of ordered ways to draw a multiset of values {k_v} from a shoe {n_v}
is Π_v ff(n_v, k_v) (falling factorials). With ``A[e, m]`` = how many orderings
of the six-value multiset m end in event e (:mod:`.tables`)::

    count[e] = Σ_m A[e, m] · Π_v ff(n_v, m_v)        (exact integers)

Evaluation splits each multiset into a low half (values 0–4) and a high half
(values 5–9): the weight of m is W_lo(m_lo) · W_hi(m_hi), and for each size k of
the low half the sum is one dense matrix product, so many shoes at once are a
handful of BLAS calls. Arithmetic is float64 only while every intermediate is
an integer below 2**53 (proved by :func:`number_kind`), int64 below 2**63,
and Python integers beyond: the one integer-kind policy of the package.

One shoe at a time (:func:`count_one`) takes the compiled step in ``_sixcard.c`` when
the package was built with it (doubles while N**6 < 2**53, unsigned 64-bit integers
while N**6 < 2**63), else five numpy products in float64; both give the same integers
(tests/test_engine.py).
"""

from __future__ import annotations

import functools
import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, TypeAlias

import numpy as np
import numpy.typing as npt

from baccarat_exact.engine.tables import (
    BLOCK_START,
    CARDS,
    HALF_DIM,
    HALF_LOOKUP,
    HALF_MULTISETS,
    HALF_OFFSETS,
    N_MULTISETS,
    event_table,
)
from baccarat_exact.model.cards import POINT_VALUE
from baccarat_exact.model.events import N_EVENTS
from baccarat_exact.model.rules import STANDARD_TABLEAU, Tableau

try:  # the compiled single-shoe step (setup.py builds it where a C compiler is found)
    from baccarat_exact.engine import _sixcard
except ImportError:  # pragma: no cover - a build without a C compiler
    _sixcard = None  # type: ignore[assignment]

NATIVE = _sixcard is not None
"""Whether :func:`count_one` takes the compiled step (tests set it False to compare)."""

__all__ = [
    "INT64_LIMIT",
    "Compiled",
    "CountKind",
    "ValueCounts",
    "compile_columns",
    "count_array",
    "count_columns",
    "count_one",
    "event_counts",
    "event_groups",
    "fits_int64",
    "number_kind",
    "six_card_total",
    "value_counts",
]

ValueCounts: TypeAlias = Sequence[int]
"""Cards (or infinite-shoe weights) of each point value 0–9."""

CountKind: TypeAlias = Literal["float64", "int64", "object"]

_FLOAT_LIMIT = 2**53
INT64_LIMIT = 2**63
"""Integers below this fit numpy's int64 exactly."""


def fits_int64(*bounds: int) -> bool:
    """Whether integers bounded in absolute value by every one of ``bounds`` fit int64."""
    return all(abs(b) < INT64_LIMIT for b in bounds)


# (13, 10) 0/1 matrix summing rank counts into point-value counts.
_RANK_TO_VALUE = np.zeros((13, 10), dtype=np.int64)
for _rank, _value in enumerate(POINT_VALUE):
    _RANK_TO_VALUE[_rank, _value] = 1


def value_counts(ranks: npt.ArrayLike) -> npt.NDArray[Any]:
    """(B, 10) cards of each point value 0–9 from (B, 13) cards of each rank A..K
    (int64 while the counts fit, else Python integers)."""
    array = np.asarray(ranks)
    if array.dtype == object:
        return np.asarray(array.reshape(-1, 13) @ _RANK_TO_VALUE.astype(object))
    return np.asarray(array.astype(np.int64).reshape(-1, 13) @ _RANK_TO_VALUE)


def six_card_total(cards: int) -> int:
    """N(N-1)…(N-5): ordered six-card sequences from a shoe of N cards.

    >>> six_card_total(416)
    4998398275503360
    """
    return math.perm(cards, CARDS)


def number_kind(cards: int) -> CountKind:
    """The cheapest exact arithmetic for a shoe of ``cards`` cards (or total weight).

    Every weight, product and partial sum in :func:`count_columns` is an integer of
    absolute value at most N**6 (the low-half partial sums are at most
    6!/(6-k)! · N**(6-k) ≤ N**6 for N ≥ 6; a column counting some events −1 sums the
    same terms with signs, so no partial sum is larger than the column of every event's),
    so float64 is exact while N**6 < 2**53
    (N ≤ 456: eight decks and a few cards more), int64 while N**6 < 2**63 (N ≤ 1448).

    >>> number_kind(416), number_kind(468), number_kind(1500)
    ('float64', 'int64', 'object')
    """
    bound = max(cards, CARDS) ** CARDS
    if bound < _FLOAT_LIMIT:
        return "float64"
    if bound < INT64_LIMIT:
        return "int64"
    return "object"


# Tree over half-multisets: each one of size s ≥ 1 is its parent (one copy of its
# highest value fewer) times the factor n_v - (m_v - 1) (finite) or n_v (weights).
def _half_tree() -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """Each half-multiset's parent (index) and factor (row of the step table), built with
    array operations (a loop over the 462 half-multisets cost a millisecond of start-up)."""
    counts = HALF_MULTISETS.astype(np.intp)
    rows = np.arange(len(counts))
    size = counts.sum(axis=1)
    held = counts > 0
    highest = np.where(held.any(axis=1), held.shape[1] - 1 - np.argmax(held[:, ::-1], axis=1), 0)
    parent = counts.copy()
    parent[rows, highest] -= 1
    key = (parent * 7 ** np.arange(parent.shape[1])).sum(axis=1)
    offsets = np.asarray(HALF_OFFSETS, dtype=np.intp)
    found = size > 0
    index = np.where(
        found, offsets[np.maximum(size - 1, 0)] + HALF_LOOKUP[np.where(found, key, 0)], 0
    )
    factor = np.where(found, highest * CARDS + counts[rows, highest] - 1, 0)
    return index.astype(np.intp), factor.astype(np.intp)


_PARENT, _FACTOR = _half_tree()
_STEP_OFFSETS = np.tile(np.arange(CARDS), 5)[:, None]
_LEVELS = tuple(
    (_PARENT[HALF_OFFSETS[s] : HALF_OFFSETS[s + 1]], _FACTOR[HALF_OFFSETS[s] : HALF_OFFSETS[s + 1]])
    for s in range(1, CARDS + 1)
)
# For one shoe: column c of the six-value universe is low half _COL_LO[c] × high half _COL_HI[c].
_COL_LO = np.concatenate(
    [
        np.tile(np.arange(HALF_OFFSETS[k], HALF_OFFSETS[k + 1]), HALF_DIM[CARDS - k])
        for k in range(CARDS + 1)
    ]
)
_COL_HI = np.concatenate(
    [
        np.repeat(np.arange(HALF_OFFSETS[CARDS - k], HALF_OFFSETS[CARDS - k + 1]), HALF_DIM[k])
        for k in range(CARDS + 1)
    ]
)


_HALF_TABLE = np.ascontiguousarray(HALF_MULTISETS, dtype=np.uint8).tobytes()
_HALF_STARTS = np.asarray(HALF_OFFSETS, dtype=np.int64).tobytes()
"""The half-multisets and where each size starts, as ``_sixcard.Counter`` takes them."""


class _OneShoe(NamedTuple):
    """Buffers of the single-shoe path and the views its products read and write."""

    sides: npt.NDArray[np.float64]
    """The shoe's half weights X_0 … X_6 (:func:`_paired_blocks`)."""
    products: tuple[tuple[npt.NDArray[np.float64], npt.NDArray[Any], npt.NDArray[Any]], ...]
    """(matrix, input, output) of each matrix-vector product."""
    small: npt.NDArray[np.float64]
    """X_0, X_1, X_2 and the low halves of size 3."""
    paired: npt.NDArray[np.float64]
    """(len(small), columns): the products' results."""


Derived: TypeAlias = tuple[tuple[tuple[tuple[int, int], ...], int], ...]
"""Columns derived from counted ones, appended to a row: each its (position, coefficient)
terms on the counted columns and the coefficient of the denominator (the count of every
six-card sequence)."""


@dataclass(frozen=True, slots=True, eq=False)
class Compiled:
    """The event table of one tableau summed into columns (sets of events), in the
    layouts the single-shoe and batch paths use. Made by :func:`compile_columns`."""

    columns: tuple[tuple[int, ...], ...]
    """Event indices of each column; ``~e`` (−e − 1): event e counted −1."""
    flat: npt.NDArray[np.int64]
    """(5005, n_columns): one matrix product for a single shoe."""
    blocks: tuple[npt.NDArray[np.int64], ...]
    """Per low-half size k, the block contracted over its larger half: shape
    (dim_small · n_columns, dim_large), for batches."""
    signed: bool = False
    """Whether some column counts an event −1 (the compiled step takes none such)."""
    _made: dict[object, Any] = field(default_factory=dict, repr=False)
    """What is made from the tables on first use, by name (and argument)."""

    def flat_as(self, kind: CountKind) -> npt.NDArray[Any]:
        """``flat`` in the dtype of a number kind (converted once, on first use)."""
        key = f"flat {kind}"
        if key not in self._made:
            self._made[key] = self.flat.astype(_DTYPES[kind])
        result: npt.NDArray[Any] = self._made[key]
        return result

    def blocks_as(self, kind: CountKind) -> tuple[npt.NDArray[Any], ...]:
        """``blocks`` in the dtype of a number kind (converted once, on first use)."""
        key = f"blocks {kind}"
        if key not in self._made:
            self._made[key] = tuple(b.astype(_DTYPES[kind]) for b in self.blocks)
        result: tuple[npt.NDArray[Any], ...] = self._made[key]
        return result

    def counter(self, derived: Derived = ()) -> _sixcard.Counter:
        """The compiled single-shoe counter of these columns and the ``derived`` ones
        (:func:`count_one`), made on first use; the last one asked for is found by the
        identity of ``derived`` (hashing its nested tuples at every call costs a
        microsecond)."""
        last: tuple[Derived, _sixcard.Counter] | None = self._made.get("last counter")
        if last is not None and last[0] is derived:  # the same reading's: no hashing
            return last[1]
        key = ("counter", derived)
        counter: _sixcard.Counter | None = self._made.get(key)
        if counter is None:
            table = self.flat.astype(np.uint16).tobytes()
            counter = self._made[key] = _sixcard.Counter(
                _HALF_TABLE, _HALF_STARTS, table, len(self.columns), derived
            )
        self._made["last counter"] = derived, counter  # one item, replaced whole
        return counter

    def one_shoe(self) -> _OneShoe:
        """The single-shoe path's products and buffers (:func:`_paired_blocks`): made once,
        then reused by the thread that made them (views cost 0.2 µs each to make, a
        dozen per call); another thread gets fresh ones at each call."""
        made: tuple[int, _OneShoe] | None = self._made.get("one shoe")
        thread = threading.get_ident()
        if made is not None and made[0] == thread:
            return made[1]
        if "paired blocks" not in self._made:
            self._made["paired blocks"] = _paired_blocks(self)
        sides = np.empty(_SIDE[-1])
        paired = np.empty((_PAIRED_END, len(self.columns)))
        into = paired.reshape(-1)
        products = tuple(
            (matrix, sides[source], into[target])
            for matrix, source, target in self._made["paired blocks"]
        )
        fresh = _OneShoe(sides, products, sides[:_PAIRED_END], paired)
        if made is None:
            self._made["one shoe"] = (thread, fresh)
        return fresh


def _contract_high(k: int) -> bool:
    """Whether block k is contracted over the high half (the larger one)."""
    return HALF_DIM[CARDS - k] >= HALF_DIM[k]


def event_groups(
    member: npt.NDArray[np.int64],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.intp]]:
    """The distinct rows of ``member`` (events by columns, each −1, 0 or 1) and each
    event's row among them: rows read as base-3 numbers where they fit int64 (a
    sort of 400 numbers), else compared whole."""
    if member.shape[1] <= 39:  # 3**39 < 2**63
        keys = (member + 1) @ (3 ** np.arange(member.shape[1], dtype=np.int64))
        _, first, group = np.unique(keys, return_index=True, return_inverse=True)
        return member[first], group.reshape(-1)
    patterns, group = np.unique(member, axis=0, return_inverse=True)
    return patterns, group.reshape(-1)


@functools.cache
def compile_columns(tableau: Tableau, columns: tuple[tuple[int, ...], ...]) -> Compiled:
    """Sum the event table of ``tableau`` into ``columns`` (tuples of event indices; ``~e``
    counts event e −1: a column's count is then Σ ±count(e)).

    Cached: keep the result and pass it to :func:`count_array` for repeated use.
    """
    table = event_table(tableau)
    n_cols = len(columns)
    member = np.zeros((N_EVENTS, n_cols), dtype=np.int64)
    for j, events in enumerate(columns):
        chosen = np.asarray(events, dtype=np.int64)
        member[chosen[chosen >= 0], j] = 1
        member[~chosen[chosen < 0], j] = -1
    signed = bool(member.min(initial=0) < 0)
    if not signed and (member.sum(axis=1) <= 1).all():
        # one pass: each table entry in at most one column
        column = np.where(member.any(axis=1), member.argmax(axis=1), -1)
        keep = column[table.events] >= 0
        slot = table.multisets[keep].astype(np.int64) * n_cols + column[table.events[keep]]
        flat: npt.NDArray[Any] = np.bincount(
            slot, weights=table.counts[keep], minlength=N_MULTISETS * n_cols
        )
    else:  # overlapping or signed columns: events grouped by their weight in every column
        patterns, atom = event_groups(member)
        slot = table.multisets.astype(np.int64) * len(patterns) + atom[table.events]
        by_atom = np.bincount(slot, weights=table.counts, minlength=N_MULTISETS * len(patterns))
        flat = (by_atom.reshape(N_MULTISETS, -1) @ patterns.astype(np.float64)).reshape(-1)
    # the float sums are exact: each is at most 6! · 400 in absolute value, far below 2**53
    sums = flat.astype(np.int64).reshape(N_MULTISETS, n_cols)
    summed = [sums[BLOCK_START[k] : BLOCK_START[k + 1]] for k in range(CARDS + 1)]
    blocks = []
    for k, part in enumerate(summed):
        cube = part.reshape(HALF_DIM[CARDS - k], HALF_DIM[k], len(columns))  # (hi, lo, col)
        if not _contract_high(k):
            cube = cube.transpose(1, 0, 2)  # (lo, hi, col)
        large, small = cube.shape[0], cube.shape[1]
        blocks.append(np.ascontiguousarray(cube.reshape(large, small * len(columns)).T))
    return Compiled(columns=columns, flat=sums, blocks=tuple(blocks), signed=signed)


# One shoe (the single-evaluation path): falling factorials ff(n, j) and powers n**j,
# j = 0..6, looked up for every n a float64 shoe can hold (N**6 < 2**53 means N ≤ 456),
# so a shoe's half weights are two gathers and a product, no per-call table building.
_FLOAT_CARDS = 456
_STEPS = np.arange(_FLOAT_CARDS + 1, dtype=np.float64)[:, None] - np.arange(CARDS)
_FALLING = np.ones((_FLOAT_CARDS + 1, CARDS + 1))
np.cumprod(np.maximum(_STEPS, 0), axis=1, out=_FALLING[:, 1:])
_POWERS = np.ones((_FLOAT_CARDS + 1, CARDS + 1))
np.cumprod(np.repeat(_STEPS[:, :1], CARDS, axis=1), axis=1, out=_POWERS[:, 1:])
# A shoe's half weights side by side by size: X_s = (low halves of size s, high halves of
# size s) for s = 0..6, X_s starting at _SIDE[s]. _HALF_INDEX: row v·7 + m_v of the
# shoe's (10, 7) table for each value of each half, in that order: (5, 924).
_SIDE = tuple(int(x) for x in np.cumsum([0] + [2 * d for d in HALF_DIM]))
_HALF_INDEX = np.ascontiguousarray(
    np.concatenate(
        [
            (
                HALF_MULTISETS[HALF_OFFSETS[s] : HALF_OFFSETS[s + 1]]
                + 7 * np.arange(first, first + 5)
            ).T
            for s in range(CARDS + 1)
            for first in (0, 5)
        ],
        axis=1,
    )
)
_MIDDLE = CARDS // 2
_PAIRED_END = _SIDE[_MIDDLE] + HALF_DIM[_MIDDLE]
"""The products below fill the small sides X_0, X_1, X_2 and the low halves of size 3."""


def _paired_blocks(
    compiled: Compiled,
) -> tuple[tuple[npt.NDArray[np.float64], slice, slice], ...]:
    """The single-shoe products of ``compiled``: (matrix, input, output slice) for k = 0..3.

    Block k of the sum is lo_k · A_k · hi_(6-k) (A_k: low halves of size k by high halves
    of size 6 - k, per column). Blocks k and 6 - k together are X_k · M · X_(6-k) with
    M = [[0, A_k], [A_(6-k)ᵀ, 0]], so one matrix-vector product y_k = M · X_(6-k) serves
    both (block 3 alone: y = A_3 · hi_3), and the counts are X_0..3 · y: five products in
    all, against the 5,005 weights made by two gathers and a product before. The zeros
    cost less than the numpy call they save. Exact in float64 as in :func:`number_kind`:
    every y is a sum over larger halves, at most 6!/(6-k)! · N**(6-k) ≤ N**6."""
    n = len(compiled.columns)
    flat = compiled.flat_as("float64")

    def block(k: int) -> npt.NDArray[np.float64]:  # (lo_k, column, hi_(6-k))
        cube = flat[BLOCK_START[k] : BLOCK_START[k + 1]].reshape(
            HALF_DIM[CARDS - k], HALF_DIM[k], n
        )
        lo_column_hi: npt.NDArray[np.float64] = cube.transpose(1, 2, 0)
        return lo_column_hi

    products = []
    for k in range(_MIDDLE + 1):
        small, large = HALF_DIM[k], HALF_DIM[CARDS - k]
        if k == _MIDDLE:
            matrix = block(k)
            into, source = _SIDE[k], slice(_SIDE[k] + small, _SIDE[k] + 2 * small)
        else:
            matrix = np.zeros((2 * small, n, 2 * large))
            matrix[:small, :, large:] = block(k)
            matrix[small:, :, :large] = block(CARDS - k).transpose(2, 1, 0)
            into, source = _SIDE[k], slice(_SIDE[CARDS - k], _SIDE[CARDS - k] + 2 * large)
        rows = matrix.reshape(-1, source.stop - source.start)
        products.append((np.ascontiguousarray(rows), source, slice(into * n, into * n + len(rows))))
    return tuple(products)


def _count_one(values: tuple[int, ...], compiled: Compiled, infinite: bool) -> list[int]:
    """Exact counts for one shoe of at most 456 cards (weights) in float64: every weight,
    product and partial sum is a non-negative integer of at most N**6 < 2**53
    (:func:`number_kind`), so each float is the integer itself."""
    sides, products, small, paired = compiled.one_shoe()
    table = (_POWERS if infinite else _FALLING).take(values, axis=0)  # (10, 7)
    np.multiply.reduce(table.take(_HALF_INDEX), axis=0, out=sides)
    for matrix, source, into in products:
        np.matmul(matrix, source, out=into)
    return [int(n) for n in (small @ paired).tolist()]


_NATIVE_CARDS = 1448
"""The compiled step's bound: N**6 < 2**63 (:func:`number_kind`)."""


def count_one(
    values: tuple[int, ...], compiled: Compiled, *, infinite: bool = False, derived: Derived = ()
) -> list[int]:
    """:func:`count_array` for one shoe (``values`` as :attr:`Shoe.values` gives them),
    as a list of Python ints: the fast path of a single evaluation. Each column of
    ``derived`` is appended to the row (in compiled code where it counts)."""
    cards = sum(values)
    if min(values) >= 0:
        if NATIVE and cards <= _NATIVE_CARDS and not compiled.signed:
            return compiled.counter(derived)(tuple(values), infinite)
        if cards <= _FLOAT_CARDS:
            return _derive(_count_one(values, compiled, infinite), cards, infinite, derived)
    row = [int(x) for x in count_array(values, compiled, infinite=infinite)[0].tolist()]
    return _derive(row, cards, infinite, derived)


def _derive(row: list[int], cards: int, infinite: bool, derived: Derived) -> list[int]:
    """``row`` with each ``derived`` column appended: its terms on the row plus its
    coefficient times the denominator (N**6 for an infinite shoe's weights)."""
    denominator = cards**CARDS if infinite else six_card_total(cards)
    for terms, of_denominator in derived:
        count = of_denominator * denominator
        for i, c in terms:
            count += row[i] * c
        row.append(count)
    return row


_SAFE_COUNT = 2**59
"""Below this, ten counts of a shoe add up in int64 without wrapping."""

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


def _count_matrix(values: npt.ArrayLike) -> npt.NDArray[Any]:
    """(B, 10) counts: int64 while a shoe's total cannot pass 2**63, else Python integers."""
    try:
        counts = np.asarray(values, dtype=np.int64)
    except OverflowError:  # a count beyond int64: Python integers throughout
        counts = np.asarray(values, dtype=object)
    if counts.ndim == 1:
        counts = counts[None, :]
    if counts.ndim != 2 or counts.shape[1] != 10:
        raise ValueError(f"expected 10 value counts per shoe, got shape {counts.shape}")
    if counts.dtype != object and counts.size and int(counts.max()) >= _SAFE_COUNT:
        counts = counts.astype(object)
    return counts


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
    if isinstance(values, tuple) and len(values) == 10:  # one shoe, as Shoe.values gives it
        small = max(values) < _SAFE_COUNT
        counts = np.array([values], dtype=np.int64 if small else object)
        if kind is None:
            kind = number_kind(sum(values))
    else:
        counts = _count_matrix(values)
        if kind is None:
            kind = number_kind(max((int(total) for total in counts.sum(axis=1)), default=0))
    batch = counts.shape[0]
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
    elif dtype is object:
        n_cols = len(compiled.columns)
        total = np.zeros((n_cols, batch), dtype=dtype)
        for k, block in enumerate(compiled.blocks_as(kind)):
            large, small = _block_halves(k, lo, hi)
            partial = (block @ large).reshape(small.shape[0], n_cols, batch)
            total += (partial * small[:, None, :]).sum(axis=0)
        total = total.T
    else:
        total = _block_sums(compiled.blocks_as(kind), lo, hi, len(compiled.columns), dtype)
    result: npt.NDArray[Any] = total.astype(np.int64 if kind != "object" else object)
    return result


def _block_halves(
    k: int, lo: npt.NDArray[Any], hi: npt.NDArray[Any]
) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    """Block k's (larger, smaller) half weights: the one its matrix contracts, the other."""
    hi_k = hi[HALF_OFFSETS[CARDS - k] : HALF_OFFSETS[CARDS - k + 1]]
    lo_k = lo[HALF_OFFSETS[k] : HALF_OFFSETS[k + 1]]
    return (hi_k, lo_k) if _contract_high(k) else (lo_k, hi_k)


_SMALL_HALVES = sum(min(HALF_DIM[k], HALF_DIM[CARDS - k]) for k in range(CARDS + 1))
"""The smaller halves of all seven blocks together (77)."""


def _block_sums(
    blocks: tuple[npt.NDArray[Any], ...],
    lo: npt.NDArray[Any],
    hi: npt.NDArray[Any],
    n_cols: int,
    dtype: type,
) -> npt.NDArray[Any]:
    """(B, columns): every block's product written into one buffer, then summed over the
    smaller halves in one pass (not one temporary and one sum a block). Every partial
    sum is a whole number within the kind's exact range, in any order."""
    batch = lo.shape[1]
    partials: npt.NDArray[Any] = np.empty((_SMALL_HALVES * n_cols, batch), dtype=dtype)
    smalls: npt.NDArray[Any] = np.empty((_SMALL_HALVES, batch), dtype=dtype)
    row = 0
    for k, block in enumerate(blocks):
        large, small = _block_halves(k, lo, hi)
        rows = small.shape[0]
        np.matmul(block, large, out=partials[row * n_cols : (row + rows) * n_cols])
        smalls[row : row + rows] = small
        row += rows
    total: npt.NDArray[Any] = np.einsum(
        "scb,sb->bc", partials.reshape(_SMALL_HALVES, n_cols, batch), smalls
    )
    return total


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

    >>> from baccarat_exact.model.shoe import Shoe
    >>> counts = event_counts(Shoe.from_decks(1).values)
    >>> sum(counts) == six_card_total(52)
    True
    """
    return count_columns(np.asarray(values)[None, :], _ALL_EVENTS, tableau, infinite=infinite)[0]
