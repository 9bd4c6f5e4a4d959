"""The one computation of the dealer's outcomes: for one shoe less many removals at once,
exact or in float, by the compiled step where it applies, else numpy — the same numbers.
The distribution, the chart, the state graph and the split round all call it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from baccarat_exact.blackjack.dealer import native
from baccarat_exact.blackjack.dealer.plan import (
    ORDER,
    NumArray,
    raised_cards,
    summed_groups,
    table_plan,
)
from baccarat_exact.blackjack.dealer.tables import MAX_DRAW, DealerTable, IntArray, falling
from baccarat_exact.blackjack.hands import SLOTS, Counts
from baccarat_exact.blackjack.round.dealer import BUST, OUTCOMES

__all__ = ["dealer_batch", "dealer_sums"]


def dealer_sums(
    table: DealerTable,
    counts: Counts,
    removals: IntArray,
    picks: IntArray,
    weights: npt.NDArray[np.signedinteger[Any]],
    *,
    budget: int,
) -> NumArray | None:
    """Exact Σ_o ``weights[k, o]`` × (the :func:`dealer_batch` numerator of outcome ``o``
    after the removal ``picks[k]``), each weight -1, 0 or 1, for every ``k``: one Python
    integer a pick, not seven (a stand's margin over the dealer, a dealer blackjack) — by the
    compiled step, or ``None`` where it does not apply (:func:`dealer_batch` then)."""
    small = np.asarray(weights)
    if small.dtype != np.int8:  # the compiled step reads int8 (and checks -1 … 1 there)
        if small.size and (int(small.min()) < -1 or int(small.max()) > 1):
            raise ValueError("dealer_sums: weights of -1, 0 or 1 expected")
        small = small.astype(np.int8)
    if not (native.NATIVE and summed_groups(table)[1] and len(removals) and len(picks)):
        return None
    removed = np.asarray(removals, dtype=np.int64)
    call = native.native_call(table, counts, removed, budget=budget, exact=True, depth=None)
    if call is None:
        return None
    picked = np.ascontiguousarray(picks, dtype=np.int64)
    try:
        flat = native.native_plan(table).numerators(
            call.shoe, call.visited, call.order, picked, np.ascontiguousarray(small)
        )
    except OverflowError:  # a removal beyond the shoe's counts near the bound
        return None
    found: NumArray = np.array(flat, dtype=object)
    del flat  # the array holds the integers now: each product below frees its factor
    if call.tails is not None:
        np.multiply(found, call.tails[picked], out=found)
    return found


def _factor_rows(n: int, rows: int, exact: bool, infinite: bool) -> NumArray:
    """``ff(n - b, a)`` for b < rows, a < 12 (``n ** a`` for an infinite shoe)."""
    table = [[1] * MAX_DRAW for _ in range(rows)]
    for b in range(rows):
        for a in range(1, MAX_DRAW):
            table[b][a] = n**a if infinite else falling(n - b, a)
    return np.array(table, dtype=object if exact else np.float64)


def dealer_batch(
    table: DealerTable,
    counts: Counts,
    removals: Sequence[Counts] | IntArray,
    *,
    budget: int,
    exact: bool,
    infinite: bool = False,
    depth: int | None = None,
) -> NumArray:
    """Dealer outcomes (rows of 7, ``OUTCOMES`` order) for the shoe ``counts`` minus each of
    ``removals``: exact numerators over ``ff(N - r, budget - r)`` (``r`` cards removed; an
    infinite shoe, which removals never change: ``N ** (budget - r)``), the bust by complement
    (the dealer never runs out of cards); or float probabilities.

    The sum Σ_m orderings · Π_v ff(n_v - R_v, m_v) over multisets ``m`` is contracted one
    slot at a time: after the slots done so far, a table holds one entry per distinct
    prefix of the removals (their counts of those slots) and per distinct rest of the
    multisets (their counts of the slots to come, and their outcome and length). Removals
    share prefixes and multisets share rests, so the tables stay small — a few million
    entries for all the removals of a 6-deck graph (7,305 with one card to split aces),
    where the plain sum takes 50 million products.

    With ``depth`` each row is over its own ``ff(N - r, depth)`` instead (the dealer draws at
    most ``depth`` cards): smaller integers, for callers that bring rows to a common
    denominator themselves.
    """
    removed = np.asarray(removals, dtype=np.int64).reshape(len(removals), SLOTS)  # only read
    n_removals = len(removals)
    if native.NATIVE and not infinite and summed_groups(table)[1] and n_removals:
        found = native.native_batch(table, counts, removed, budget=budget, exact=exact, depth=depth)
        if found is not None:
            return found
    plan = table_plan(table)
    drawn_from = np.zeros_like(removed) if infinite else removed  # what changes the shoe
    base = np.array(counts, dtype=np.int64)
    # exact sums in int64 when they provably fit: every partial sum of the contraction is
    # at most Σ_m orderings · Π_v ff(n'_v, m_v) over multisets of one length l, with each
    # count raised to n'_v = max(n_v, longest) (so the factors not yet multiplied are >= 1),
    # which counts draws of l cards from that shoe and so is at most ff(N', l) <=
    # ff(N', longest) (N'' ** l for an infinite shoe, each weight raised to at least 1)
    n_cards = int(base.sum())
    longest = max((length for _, length in plan.groups), default=0)
    biggest = (
        sum(max(int(n), 1) for n in counts) ** longest
        if infinite
        else falling(raised_cards(counts, longest), longest)
    )
    small = exact and biggest < 2**63
    dtype: Any = np.int64 if small else object if exact else np.float64
    current = np.zeros((1, len(plan.digits[0])), dtype=dtype)
    current[0, plan.first_nodes] = np.array(plan.orderings, dtype=dtype)
    prefix = np.zeros(n_removals, dtype=np.int64)
    width = int(drawn_from.max(initial=0)) + 1
    for step, slot in enumerate(ORDER if plan.orderings else ()):
        key = prefix * width + drawn_from[:, slot]
        _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
        rows = int(drawn_from[:, slot].max(initial=0)) + 1
        factors = _factor_rows(int(base[slot]), rows, exact, infinite)
        if small:  # only digits up to the longest draw are read: each is at most ``biggest``
            factors = factors[:, : longest + 1].astype(np.int64)
        products = current[prefix[first]] * factors[drawn_from[first, slot]][:, plan.digits[step]]
        current = np.add.reduceat(products, plan.starts[step], axis=1)
        prefix = inverse.reshape(-1)
    sums = current[prefix] if plan.orderings else current  # removals × groups
    if small:
        sums = sums.astype(object)  # the tails below are beyond int64
    r = removed.sum(axis=1)
    out = np.zeros((n_removals, len(OUTCOMES)), dtype=object if exact else np.float64)
    distinct_r = sorted(set(r.tolist()))
    r_index = np.searchsorted(np.array(distinct_r), r)

    def draws(k: int, cards: int) -> int:
        """Ways to draw ``cards`` more cards after ``k`` are out (0 for a negative number)."""
        if cards < 0:
            return 0
        return n_cards**cards if infinite else falling(n_cards - k, cards)

    for g, (outcome, length) in enumerate(plan.groups):
        if exact:
            # tails: the common denominator's unused part after the dealer's ``length`` cards
            reach = [depth if depth is not None else budget - k for k in distinct_r]
            tails = [draws(k + length, top - length) for k, top in zip(distinct_r, reach)]
            factor = np.array(tails, dtype=object)[r_index]
        else:
            factor = (
                1.0 / np.array([float(draws(k, length)) or np.inf for k in distinct_r])[r_index]
            )
        out[:, outcome] += sums[:, g] * factor
    if exact:
        whole = [draws(k, depth if depth is not None else budget - k) for k in distinct_r]
        out[:, BUST] = np.array(whole, dtype=object)[r_index] - out.sum(axis=1)
    else:
        out[:, BUST] = 1.0 - (out.sum(axis=1) - out[:, BUST])
    return out
