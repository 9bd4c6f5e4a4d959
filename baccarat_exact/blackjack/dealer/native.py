"""The compiled dealer step's plumbing (``_dealer.c``, optional at install): when it applies,
its inputs (removals sorted, exact tails), and its calls. :data:`NATIVE` says whether it is
built; tests set it False to compare with the numpy path.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from baccarat_exact.blackjack.dealer.plan import (
    ORDER,
    NumArray,
    make_table_plan,
    raised_cards,
    summed_groups,
)
from baccarat_exact.blackjack.dealer.tables import DealerTable, IntArray, falling
from baccarat_exact.blackjack.hands import SLOTS, Counts
from baccarat_exact.blackjack.round.dealer import OUTCOMES

try:  # the compiled dealer step (setup.py builds it where a C compiler is found)
    import baccarat_exact.blackjack._dealer as _dealer
except ImportError:  # pragma: no cover - a build without a C compiler
    _dealer = None  # type: ignore[assignment]

NATIVE = _dealer is not None
"""Whether :func:`~baccarat_exact.blackjack.dealer.batch.dealer_batch` takes the compiled
step (tests set it False to compare)."""

NATIVE_LIMIT = 2**128
"""The compiled exact step's bound: every number it holds is at most ff(N', longest) below
this (``_dealer.c``; N' the shoe's counts each raised to at least the longest draw)."""


@lru_cache(maxsize=256)  # as many as restricted_table keeps: a depleted shoe's tables
def native_plan(table: DealerTable) -> _dealer.Plan:
    """The table's plan as the compiled step takes it (checked there): the nodes of each step
    flat, and the orderings on the first step's nodes. The numpy plan it is made from is let
    go (the compiled plan keeps its own copy)."""
    plan = make_table_plan(table)
    orderings = np.zeros(len(plan.digits[0]), dtype=np.int64)
    orderings[plan.first_nodes] = plan.orderings
    return _dealer.Plan(
        np.array(ORDER, dtype=np.int64),
        np.array([*map(len, plan.digits), len(plan.groups)], dtype=np.int64),
        np.concatenate(plan.digits).astype(np.int64),
        np.concatenate(plan.starts).astype(np.int64),
        orderings,
        np.array([outcome for outcome, _ in plan.groups], dtype=np.int64),
        np.array([length for _, length in plan.groups], dtype=np.int64),
    )


@dataclass(frozen=True)
class NativeCall:
    """One batch as the compiled step takes it: the removals sorted (those sharing their
    first slots together) and, in exact mode, each removal's tail."""

    shoe: Counts
    visited: IntArray
    order: IntArray
    tails: NumArray | None
    """ff(N - r - longest, top - longest) per removal (the numerators are over
    ff(N - r, longest), the rows over ff(N - r, top)); ``None`` when all are 1."""


def native_call(
    table: DealerTable,
    counts: Counts,
    removed: IntArray,
    *,
    budget: int,
    exact: bool,
    depth: int | None,
) -> NativeCall | None:
    """The compiled step's inputs, or ``None`` where it does not apply: an exact sum beyond
    its 128-bit bound, or a removal whose denominator is shorter than the longest draw."""
    groups, _ = summed_groups(table)
    shoe = tuple(int(n) for n in counts)
    width = int(removed.max(initial=0)) + 1
    if width**SLOTS < 2**62:  # one int64 key a removal: cheaper than a 10-key lexsort
        # each slot's place in the key by its step in ORDER (no reordered copy of the rows)
        places = np.empty(SLOTS, dtype=np.int64)
        places[list(ORDER)] = width ** np.arange(SLOTS - 1, -1, -1)
        keys = removed @ places
        if bool((keys[1:] >= keys[:-1]).all()):  # sorted already (a shape's removals are)
            order = np.arange(len(keys))
            visited = np.ascontiguousarray(removed)
        else:
            order = np.argsort(keys, kind="stable")
            visited = np.ascontiguousarray(removed[order])
    else:  # pragma: no cover - removals of more than 79 cards of a value
        order = np.lexsort(removed[:, ORDER].T[::-1])
        visited = np.ascontiguousarray(removed[order])
    if not exact:
        return NativeCall(shoe=shoe, visited=visited, order=order, tails=None)
    longest = max(length for _, length in groups)
    r = removed.sum(axis=1)
    distinct_r = sorted(set(r.tolist()))
    tops = [depth if depth is not None else budget - k for k in distinct_r]
    if (
        not _dealer.EXACT
        or min(tops) < longest
        or falling(raised_cards(shoe, longest), longest) >= NATIVE_LIMIT
    ):
        return None
    n_cards = sum(shoe)
    tails = [falling(n_cards - k - longest, top - longest) for k, top in zip(distinct_r, tops)]
    if all(tail == 1 for tail in tails):
        return NativeCall(shoe=shoe, visited=visited, order=order, tails=None)
    per_removal = np.array(tails, dtype=object)[np.searchsorted(np.array(distinct_r), r)]
    return NativeCall(shoe=shoe, visited=visited, order=order, tails=per_removal)


def native_batch(
    table: DealerTable,
    counts: Counts,
    removed: IntArray,
    *,
    budget: int,
    exact: bool,
    depth: int | None,
) -> NumArray | None:
    """:func:`dealer_batch` by the compiled step, or ``None`` where it does not apply."""
    call = native_call(table, counts, removed, budget=budget, exact=exact, depth=depth)
    if call is None:
        return None
    plan = native_plan(table)
    if not exact:
        out: NumArray = np.empty((len(removed), len(OUTCOMES)), dtype=np.float64)
        plan.probabilities(call.shoe, call.visited, call.order, out)
        return out
    flat = plan.numerators(call.shoe, call.visited, call.order)
    rows: NumArray = np.array(flat, dtype=object).reshape(len(removed), len(OUTCOMES))
    del flat  # the array holds the integers now: each product below frees its factor
    if call.tails is not None:
        np.multiply(rows, call.tails[:, None], out=rows)
    return rows
