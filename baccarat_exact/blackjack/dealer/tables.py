"""The dealer's multiset tables: every multiset of cards he can draw after one up card, with
its final hand and the number of its orderings he can draw (made once per up card and
dealer rule, restricted to what a shoe holds).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np
import numpy.typing as npt

from baccarat_exact.blackjack.hands import ACE, SLOTS, Counts
from baccarat_exact.blackjack.round.dealer import BLACKJACK, stop_table

IntArray = npt.NDArray[np.int64]
"""An array of 64-bit integers."""

__all__ = ["DealerTable", "dealer_table", "falling", "hits_soft_17_matters", "restricted_table"]

MAX_DRAW = 12
"""Width of a slot's row in the flat falling-factorial table (no multiset draws 12 of a value)."""

Group = tuple[int, int, int]
"""(outcome, length, how many multisets) for the multisets of one outcome and length."""


def falling(n: int, k: int) -> int:
    """Falling factorial ``n (n-1) … (n-k+1)``: 1 when ``k == 0``, 0 when ``k > n`` (a draw
    of more cards than the shoe holds; a negative ``n`` counts as none).

    >>> falling(6, 3), falling(2, 3), falling(5, 0), falling(-1, 2)
    (120, 0, 1, 0)
    """
    return math.perm(max(n, 0), k)


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class DealerTable:
    """Every multiset the dealer can draw after one up card, with its outcome and orderings.

    ``rows`` holds the multisets (count vectors), grouped by (outcome, length) in the order of
    ``groups``, each group's in ascending order; ``orderings`` how many orderings of each the
    dealer can actually draw. ``longest`` is the most cards drawn (11 for up card 2, under
    S17). Tables are made once and compared by identity (they hold arrays).
    """

    up: int
    hits_soft_17: bool
    longest: int
    groups: tuple[Group, ...]
    rows: npt.NDArray[np.int8]
    """(multisets × 10) counts, at most 11 each (int8)."""
    orderings: tuple[int, ...]
    multisets: int


@cache
def dealer_table(up: int, hits_soft_17: bool) -> DealerTable:
    """The multiset table of one up card (0 = ace … 9 = ten): built with the nine others
    (:func:`_dealer_tables`), which a round needs too.

    >>> table = dealer_table(9, False)
    >>> table.multisets, table.longest
    (184, 6)
    """
    return _dealer_tables(hits_soft_17)[up]


_UP_PLACE = MAX_DRAW**SLOTS
"""A drawn multiset's code is below this: the up card is the digit above."""


@cache
def _dealer_tables(hits_soft_17: bool) -> tuple[DealerTable, ...]:
    """Every up card's multiset table, draw by draw for the ten at once: the multisets still
    drawing, each with the orderings that reach it without stopping earlier (a multiset
    fixes the dealer's total, so whether he stops), as arrays. A multiset is an integer, its
    counts as digits in base 12 with slot A the highest (so that integers sort as count
    tuples do), the up card above them; what a total does is read from a table. Every
    count of orderings is an exact int64 (at most 11! for 11 cards)."""
    ends = np.array(stop_table(hits_soft_17), dtype=np.int64)
    powers = MAX_DRAW ** np.arange(SLOTS - 1, -1, -1, dtype=np.int64)
    values = np.arange(1, SLOTS + 1, dtype=np.int64)
    drawing = np.arange(SLOTS, dtype=np.int64) * _UP_PLACE  # up card and multiset, one code
    hard = np.arange(1, SLOTS + 1, dtype=np.int64)
    ace = np.arange(SLOTS) == ACE
    ways = np.ones(SLOTS, dtype=np.int64)
    ended: list[tuple[IntArray, IntArray, IntArray]] = []
    first = True
    while len(drawing):
        codes = (drawing[:, None] + powers[None, :]).ravel()
        totals = (hard[:, None] + values[None, :]).ravel()
        aces = (ace[:, None] | (np.arange(SLOTS) == ACE)[None, :]).ravel()
        outcomes = ends[aces * 1, totals]
        if first:  # an ace and a ten as the first two cards: a blackjack
            outcomes = np.where(aces & (totals == 11), BLACKJACK, outcomes)
        reaching = np.repeat(ways, SLOTS)
        stops = outcomes >= 0
        ended.append((codes[stops], outcomes[stops], reaching[stops]))
        going = ~stops
        drawing, at, ways = _merged(codes[going], reaching[going])
        hard, ace = totals[going][at], aces[going][at]
        first = False
    codes = np.concatenate([c for c, _, _ in ended])
    outcomes = np.concatenate([o for _, o, _ in ended])
    keys, _, orderings = _merged(codes * 8 + outcomes, np.concatenate([w for _, _, w in ended]))
    ups = keys // (8 * _UP_PLACE)
    return tuple(
        _table(up, hits_soft_17, keys[ups == up] % (8 * _UP_PLACE), orderings[ups == up])
        for up in range(SLOTS)
    )


def _merged(keys: IntArray, ways: IntArray) -> tuple[IntArray, IntArray, IntArray]:
    """The distinct ``keys`` ascending, where each first occurs, and the sum of ``ways`` of
    each."""
    if not len(keys):
        return keys, keys, ways
    order = np.argsort(keys, kind="stable")
    ordered = keys[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    return ordered[starts], order[starts], np.add.reduceat(ways[order], starts)


def _table(up: int, hits_soft_17: bool, keys: IntArray, orderings: IntArray) -> DealerTable:
    """One up card's table from its multisets' ``keys`` (code × 8 + outcome, ascending) and
    orderings: grouped by (outcome, length), each group's multisets as count tuples sort."""
    powers = MAX_DRAW ** np.arange(SLOTS - 1, -1, -1, dtype=np.int64)
    rows = (keys[:, None] // 8) // powers[None, :] % MAX_DRAW
    outcomes = keys % 8
    lengths = rows.sum(axis=1)
    order = np.lexsort((lengths, outcomes))  # stable: a group keeps its multisets' order
    pairs = outcomes[order] * 64 + lengths[order]
    starts = np.flatnonzero(np.r_[True, pairs[1:] != pairs[:-1], True])
    groups = tuple(
        (int(pair) // 64, int(pair) % 64, int(stop - start))
        for pair, start, stop in zip(pairs[starts[:-1]], starts[:-1], starts[1:])
    )
    return DealerTable(
        up=up,
        hits_soft_17=hits_soft_17,
        longest=max(length for _, length, _ in groups),
        groups=groups,
        rows=rows[order].astype(np.int8),
        orderings=tuple(orderings[order].tolist()),
        multisets=len(keys),
    )


@cache
def hits_soft_17_matters(up: int) -> bool:
    """Whether hitting soft 17 changes the dealer's draws after this up card (a 7 or more
    up never makes soft 17): if not, both rules give the same distributions.

    >>> hits_soft_17_matters(0), hits_soft_17_matters(6)
    (True, False)
    """
    hits, stands = dealer_table(up, True), dealer_table(up, False)
    return (hits.groups, hits.orderings) != (stands.groups, stands.orderings) or not np.array_equal(
        hits.rows, stands.rows
    )


@lru_cache(maxsize=256)
def restricted_table(table: DealerTable, caps: Counts) -> DealerTable:
    """``table`` without the multisets that need more cards of a value than ``caps`` allows
    (their probability is 0 for any shoe within ``caps``): less work for small shoes; the
    table itself when every cap allows the most any multiset draws of a value."""
    if min(caps) >= MAX_DRAW - 1:
        return table
    fits: npt.NDArray[np.bool_] = np.all(table.rows <= np.array(caps, dtype=np.int64), axis=1)
    groups = []
    start = 0
    for outcome, length, size in table.groups:
        kept = int(fits[start : start + size].sum())
        if kept:
            groups.append((outcome, length, kept))
        start += size
    return DealerTable(
        up=table.up,
        hits_soft_17=table.hits_soft_17,
        longest=table.longest,
        groups=tuple(groups),
        rows=table.rows[fits],
        orderings=tuple(n for n, fit in zip(table.orderings, fits.tolist()) if fit),
        multisets=int(fits.sum()),
    )
