"""The six-card universe as tables: the event table ``A[e, m]`` and the deal grid.

Every round is decided by at most six cards dealt in a fixed order, and only
point values matter, so a round is one of 10**6 six-value sequences. Grouped by
the multiset m of their values (5,005 of them), ``A[e, m]`` counts the orderings
of m that end in event e; the engine sums it against falling factorials
(:mod:`.counting`). Every entry comes from playing the deal
(:func:`~baccarat_exact.model.deal.deal`).

Multisets are indexed by halves: values 0–4 (low) and 5–9 (high), 462
half-multisets of 0–6 values each, grouped by size; :data:`BLOCK_START` starts the
block of multisets whose low half has k values.
"""

from __future__ import annotations

import functools
import itertools
import os
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from baccarat_exact.model.deal import ROUND_CARDS, deal
from baccarat_exact.model.events import N_EVENTS, event_index
from baccarat_exact.model.rules import STANDARD_TABLEAU, Tableau

__all__ = [
    "BLOCK_START",
    "CARDS",
    "HALF_DIM",
    "HALF_LOOKUP",
    "HALF_MULTISETS",
    "HALF_OFFSETS",
    "N_MULTISETS",
    "EventTable",
    "build_event_table",
    "deal_grid",
    "event_table",
    "save_event_table",
]

CARDS = ROUND_CARDS
"""Cards in the six-card universe."""


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

HALF_DIM = tuple(HALF_OFFSETS[s + 1] - HALF_OFFSETS[s] for s in range(CARDS + 1))
# Index of a half-multiset from its multiplicities, read in base 7.
_HALF_CODE = (HALF_MULTISETS * (7 ** np.arange(5))).sum(axis=1)
HALF_LOOKUP = np.full(7**5, -1, dtype=np.int64)
for _size in range(CARDS + 1):
    _lo, _hi = HALF_OFFSETS[_size], HALF_OFFSETS[_size + 1]
    HALF_LOOKUP[_HALF_CODE[_lo:_hi]] = np.arange(_hi - _lo)

N_MULTISETS = sum(HALF_DIM[k] * HALF_DIM[CARDS - k] for k in range(CARDS + 1))
"""5005 = C(15, 6) multisets of six values."""
BLOCK_START = np.cumsum([0] + [HALF_DIM[k] * HALF_DIM[CARDS - k] for k in range(CARDS + 1)])


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


@functools.cache
def deal_grid(tableau: Tableau = STANDARD_TABLEAU) -> npt.NDArray[np.intp]:
    """(10, 10, 10, 10) event index of every round, by the Player's and the Banker's
    two-card totals and the 5th and 6th cards of the sequence: the deal
    (:func:`~baccarat_exact.model.deal.deal`) played once for each, as a table."""
    grid = np.zeros((10, 10, 10, 10), dtype=np.intp)
    for player, banker, fifth, sixth in itertools.product(range(10), repeat=4):
        event = deal((player, banker, 0, 0, fifth, sixth), tableau).event
        grid[player, banker, fifth, sixth] = event_index(*event)
    return grid


def _all_sequences() -> npt.NDArray[np.int64]:
    """All 10**6 six-value sequences in deal order P1 B1 P2 B2 C5 C6, as (10**6, 6)."""
    grid: npt.NDArray[np.int64] = np.indices((10,) * CARDS).reshape(CARDS, -1).T.astype(np.int64)
    return grid


def build_event_table(tableau: Tableau = STANDARD_TABLEAU) -> EventTable:
    """Deal every six-value sequence through ``tableau`` and count orderings per event.

    Each sequence's event is read from :func:`deal_grid`; takes well under a second.
    The standard table is also shipped as data (a test checks they are equal).
    """
    seq = _all_sequences()
    p1, b1, p2, b2, c5, c6 = (seq[:, i] for i in range(CARDS))
    event = deal_grid(tableau)[(p1 + p2) % 10, (b1 + b2) % 10, c5, c6]
    mult = np.zeros((len(seq), 10), dtype=np.int64)
    for i in range(CARDS):
        np.add.at(mult, (np.arange(len(seq)), seq[:, i]), 1)
    powers = 7 ** np.arange(5)
    lo = HALF_LOOKUP[(mult[:, :5] * powers).sum(axis=1)]
    hi = HALF_LOOKUP[(mult[:, 5:] * powers).sum(axis=1)]
    k = mult[:, :5].sum(axis=1)
    dim_lo = np.array(HALF_DIM)[k]
    column_index = BLOCK_START[k] + hi * dim_lo + lo
    flat = np.bincount(column_index * N_EVENTS + event, minlength=N_MULTISETS * N_EVENTS)
    nonzero = np.flatnonzero(flat)
    return EventTable(
        multisets=(nonzero // N_EVENTS).astype(np.int32),
        events=(nonzero % N_EVENTS).astype(np.int16),
        counts=flat[nonzero].astype(np.int16),
    )


_DATA_FILE = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "event_table.npz")


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
