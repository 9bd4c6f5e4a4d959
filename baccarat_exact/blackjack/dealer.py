"""The dealer's final hand, counted exactly by multisets of drawn cards.

The dealer's draws after his up card form a sequence that stops as soon as his
total reaches 17 (or 18 when he hits soft 17) or busts. Every ordering of the
same cards is equally likely, and the final total depends only on which cards
were drawn, so the sequences are grouped by their *multiset*: a multiset ``m``
of length ``l`` that ``k`` valid orderings reach has probability

    k · Π_v ff(n_v, m_v) / ff(N, l)

for a shoe of ``n_v`` cards of value ``v`` and ``N`` in all (``ff`` the falling
factorial) — the same counting the baccarat engine uses. The table of multisets
is built once per up card. :func:`dealer_batch` is the one computation of the sums, for
one shoe less many removals at once (one removal: one shoe), exact or in float; the
distribution, the chart, the state graph and the split round all call it. It takes the
compiled step in ``_dealer.c`` when the package was built with it (float, and exact behind
the 128-bit bound that step proves), else numpy; both give the same numbers
(tests/test_dealer_native.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from baccarat_exact.blackjack.hands import ACE, SLOT_LABELS, SLOTS, TEN, Counts, points, shoe_counts
from baccarat_exact.blackjack.round.dealer import (
    BLACKJACK,
    BUST,
    OUTCOMES,
    stop_table,
)
from baccarat_exact.errors import ShoeError
from baccarat_exact.model.exact import to_float
from baccarat_exact.model.shoe import Shoe

try:  # the compiled dealer step (setup.py builds it where a C compiler is found)
    import baccarat_exact.blackjack._dealer as _dealer
except ImportError:  # pragma: no cover - a build without a C compiler
    _dealer = None  # type: ignore[assignment]

NATIVE = _dealer is not None
"""Whether :func:`dealer_batch` takes the compiled step (tests set it False to compare)."""

_NATIVE_LIMIT = 2**128
"""The compiled exact step's bound: every number it holds is at most ff(N', longest) below
this (``_dealer.c``; N' the shoe's counts each raised to at least the longest draw)."""

__all__ = [
    "BLACKJACK",
    "BUST",
    "OUTCOMES",
    "DealerChart",
    "DealerDistribution",
    "DealerTable",
    "dealer_batch",
    "dealer_chart",
    "dealer_distribution",
    "dealer_sums",
    "dealer_table",
    "falling",
    "hits_soft_17_matters",
    "require_dealer_depth",
    "restricted_table",
]

_MAX_DRAW = 12
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


_UP_PLACE = _MAX_DRAW**SLOTS
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
    powers = _MAX_DRAW ** np.arange(SLOTS - 1, -1, -1, dtype=np.int64)
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
    powers = _MAX_DRAW ** np.arange(SLOTS - 1, -1, -1, dtype=np.int64)
    rows = (keys[:, None] // 8) // powers[None, :] % _MAX_DRAW
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
    if min(caps) >= _MAX_DRAW - 1:
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


# -- the one computation: a shoe less many removals, the multiset sum contracted slot by slot --

_ORDER = (9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
"""Slots in contraction order: tens first (their removal counts vary least)."""

NumArray = npt.NDArray[Any]
"""float64 in float mode, ``object`` (Python ints) in exact mode."""
IntArray = npt.NDArray[np.int64]


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


def _summed_groups(table: DealerTable) -> tuple[tuple[tuple[int, int], ...], bool]:
    """(outcome, length) of each group the sums take (the busts left out, as in
    :func:`_table_plan`), and whether any holds a multiset: what a compiled call needs of
    the plan, without making (or keeping) it."""
    summed = [(outcome, length, size) for outcome, length, size in table.groups if outcome != BUST]
    return tuple((outcome, length) for outcome, length, _ in summed), any(s for *_, s in summed)


@lru_cache(maxsize=64)
def _table_plan(table: DealerTable) -> _TablePlan:
    """The numpy path's plan of ``table`` (:func:`_make_table_plan`), kept per table."""
    return _make_table_plan(table)


def _make_table_plan(table: DealerTable) -> _TablePlan:
    groups: list[tuple[int, int]] = []
    group_of: list[int] = []
    picked: list[int] = []
    start = 0
    for outcome, length, size in table.groups:
        if outcome != BUST:
            group_of += [len(groups)] * size
            groups.append((outcome, length))
            picked += range(start, start + size)
        start += size
    multisets = table.rows[picked].reshape(len(picked), SLOTS).astype(np.int64)
    orderings = [table.orderings[i] for i in picked]
    if not picked:  # no multiset but busts (a shoe capped very low): no node, no sum
        none = np.zeros(0, dtype=np.int64)
        first = np.zeros(1, dtype=np.int64)
        return _TablePlan(
            groups=(),
            orderings=(),
            first_nodes=none,
            digits=(none,) * SLOTS,
            starts=(first,) * SLOTS,
        )
    # a node of step s is a distinct (group, counts of the slots of steps s … 9): with the
    # multisets sorted by (group, the last step's count, …, the first's), each step's nodes
    # are where those change, in order, and a node's parent is the next step's node holding it
    by_step = multisets[:, list(_ORDER)]
    order = np.lexsort((*by_step.T, np.array(group_of, dtype=np.int64)))
    sorted_steps = by_step[order]
    grouping = np.array(group_of, dtype=np.int64)[order]
    changes = np.r_[True, grouping[1:] != grouping[:-1]]
    new_node: list[IntArray] = [changes]  # per step from the last back: a new node here
    for step in range(SLOTS - 1, -1, -1):
        column = sorted_steps[:, step]
        changes = changes | np.r_[True, column[1:] != column[:-1]]
        new_node.append(changes)
    new_node.reverse()  # new_node[s]: steps 0 … 9, then the groups
    digits = [sorted_steps[new_node[step], step] for step in range(SLOTS)]
    starts = [np.flatnonzero(new_node[step + 1][new_node[step]]) for step in range(SLOTS)]
    first_nodes = np.empty(len(order), dtype=np.int64)
    first_nodes[order] = np.cumsum(new_node[0]) - 1
    return _TablePlan(
        groups=tuple(groups),
        orderings=tuple(orderings),
        first_nodes=first_nodes,
        digits=tuple(digits),
        starts=tuple(starts),
    )


@lru_cache(maxsize=64)
def _native_plan(table: DealerTable) -> _dealer.Plan:
    """The table's plan as the compiled step takes it (checked there): the nodes of each step
    flat, and the orderings on the first step's nodes. The numpy plan it is made from is let
    go (the compiled plan keeps its own copy)."""
    plan = _make_table_plan(table)
    orderings = np.zeros(len(plan.digits[0]), dtype=np.int64)
    orderings[plan.first_nodes] = plan.orderings
    return _dealer.Plan(
        np.array(_ORDER, dtype=np.int64),
        np.array([*map(len, plan.digits), len(plan.groups)], dtype=np.int64),
        np.concatenate(plan.digits).astype(np.int64),
        np.concatenate(plan.starts).astype(np.int64),
        orderings,
        np.array([outcome for outcome, _ in plan.groups], dtype=np.int64),
        np.array([length for _, length in plan.groups], dtype=np.int64),
    )


def _raised_cards(counts: Counts, longest: int) -> int:
    """N' = Σ max(n_v, longest): with every count at least the longest draw, the factors a
    contraction has not multiplied yet are at least 1, so its partial sums are at most
    ff(N', longest) (see :func:`dealer_batch`)."""
    return sum(max(n, longest) for n in counts)


@dataclass(frozen=True)
class _NativeCall:
    """One batch as the compiled step takes it: the removals sorted (those sharing their
    first slots together) and, in exact mode, each removal's tail."""

    shoe: Counts
    visited: IntArray
    order: IntArray
    tails: NumArray | None
    """ff(N - r - longest, top - longest) per removal (the numerators are over
    ff(N - r, longest), the rows over ff(N - r, top)); ``None`` when all are 1."""


def _native_call(
    table: DealerTable,
    counts: Counts,
    removed: IntArray,
    *,
    budget: int,
    exact: bool,
    depth: int | None,
) -> _NativeCall | None:
    """The compiled step's inputs, or ``None`` where it does not apply: an exact sum beyond
    its 128-bit bound, or a removal whose denominator is shorter than the longest draw."""
    groups, _ = _summed_groups(table)
    shoe = tuple(int(n) for n in counts)
    slots = removed[:, _ORDER]
    width = int(slots.max(initial=0)) + 1
    if width**SLOTS < 2**62:  # one int64 key a removal: cheaper than a 10-key lexsort
        keys = slots @ (width ** np.arange(SLOTS - 1, -1, -1))
        if bool(np.all(keys[1:] >= keys[:-1])):  # sorted already (a shape's removals are)
            order = np.arange(len(keys))
            visited = np.ascontiguousarray(removed)
        else:
            order = np.argsort(keys, kind="stable")
            visited = np.ascontiguousarray(removed[order])
    else:  # pragma: no cover - removals of more than 79 cards of a value
        order = np.lexsort(slots.T[::-1])
        visited = np.ascontiguousarray(removed[order])
    if not exact:
        return _NativeCall(shoe=shoe, visited=visited, order=order, tails=None)
    longest = max(length for _, length in groups)
    r = removed.sum(axis=1)
    distinct_r = sorted(set(r.tolist()))
    tops = [depth if depth is not None else budget - k for k in distinct_r]
    if (
        not _dealer.EXACT
        or min(tops) < longest
        or falling(_raised_cards(shoe, longest), longest) >= _NATIVE_LIMIT
    ):
        return None
    n_cards = sum(shoe)
    tails = [falling(n_cards - k - longest, top - longest) for k, top in zip(distinct_r, tops)]
    if all(tail == 1 for tail in tails):
        return _NativeCall(shoe=shoe, visited=visited, order=order, tails=None)
    per_removal = np.array(tails, dtype=object)[np.searchsorted(np.array(distinct_r), r)]
    return _NativeCall(shoe=shoe, visited=visited, order=order, tails=per_removal)


def _native_batch(
    table: DealerTable,
    counts: Counts,
    removed: IntArray,
    *,
    budget: int,
    exact: bool,
    depth: int | None,
) -> NumArray | None:
    """:func:`dealer_batch` by the compiled step, or ``None`` where it does not apply."""
    call = _native_call(table, counts, removed, budget=budget, exact=exact, depth=depth)
    if call is None:
        return None
    plan = _native_plan(table)
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
    if not (NATIVE and _summed_groups(table)[1] and len(removals) and len(picks)):
        return None
    removed = np.asarray(removals, dtype=np.int64)
    call = _native_call(table, counts, removed, budget=budget, exact=True, depth=None)
    if call is None:
        return None
    picked = np.ascontiguousarray(picks, dtype=np.int64)
    try:
        flat = _native_plan(table).numerators(
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
    table = [[1] * _MAX_DRAW for _ in range(rows)]
    for b in range(rows):
        for a in range(1, _MAX_DRAW):
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
    if NATIVE and not infinite and _summed_groups(table)[1] and n_removals:
        found = _native_batch(table, counts, removed, budget=budget, exact=exact, depth=depth)
        if found is not None:
            return found
    plan = _table_plan(table)
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
        else falling(_raised_cards(counts, longest), longest)
    )
    small = exact and biggest < 2**63
    dtype: Any = np.int64 if small else object if exact else np.float64
    current = np.zeros((1, len(plan.digits[0])), dtype=dtype)
    current[0, plan.first_nodes] = np.array(plan.orderings, dtype=dtype)
    prefix = np.zeros(n_removals, dtype=np.int64)
    width = int(drawn_from.max(initial=0)) + 1
    for step, slot in enumerate(_ORDER if plan.orderings else ()):
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


def require_dealer_depth(counts: Counts, up: int) -> None:
    """Refuse a shoe the dealer could run out of (its hard points plus the up card below 17)."""
    if points(counts) + up + 1 < 17:
        raise ShoeError(
            f"the shoe is too small: after the up card {SLOT_LABELS[up]} it holds {points(counts)} points "
            f"(aces 1), and the dealer may need {16 - up} to finish"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerDistribution:
    """Exact probabilities of the dealer's final hands after one up card.

    >>> d = dealer_distribution((4, 4, 4, 4, 4, 4, 4, 4, 4, 15), TEN)
    >>> d.blackjack, sum(d.probabilities)
    (Fraction(4, 51), Fraction(1, 1))
    """

    up: int
    """The up card's slot (0 = ace … 9 = ten)."""
    hits_soft_17: bool
    probabilities: tuple[Fraction, ...]
    """One probability per entry of ``OUTCOMES``."""

    @property
    def bust(self) -> Fraction:
        """Probability that the dealer busts."""
        return self.probabilities[BUST]

    @property
    def blackjack(self) -> Fraction:
        """Probability of a dealer blackjack (up card and first drawn card make 21)."""
        return self.probabilities[BLACKJACK]

    def as_dict(self) -> dict[str, Fraction]:
        """Outcome name → probability."""
        return dict(zip(OUTCOMES, self.probabilities))


@lru_cache(maxsize=4096)
def dealer_distribution(
    counts: Counts, up: int, *, hits_soft_17: bool = False, infinite: bool = False
) -> DealerDistribution:
    """The dealer's exact final-hand distribution; ``counts`` excludes the up card.

    The bust is the complement of the others (the shoe is deep enough for the dealer to
    finish). Cached by (shoe composition, up card, rule).
    """
    if len(counts) != SLOTS:
        raise ShoeError(f"expected {SLOTS} value counts (A 2 … 9 T), got {len(counts)}")
    if not infinite:
        require_dealer_depth(counts, up)
    table = dealer_table(up, hits_soft_17)
    budget = table.longest
    if not infinite:
        budget = min(budget, sum(counts))
    (numerators,) = dealer_batch(
        table, counts, [(0,) * SLOTS], budget=budget, exact=True, infinite=infinite
    ).tolist()
    n_cards = sum(counts)
    whole = n_cards**budget if infinite else falling(n_cards, budget)
    return DealerDistribution(
        up=up,
        hits_soft_17=hits_soft_17,
        probabilities=tuple(Fraction(n, whole) for n in numerators),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerChart:
    """The dealer's final-hand distribution for each up card a shoe can show."""

    shoe: Shoe
    hits_soft_17: bool
    rows: tuple[tuple[Fraction, DealerDistribution], ...]
    """(chance of the up card, distribution after it) per up card, A first."""
    up: int | None = None
    """The one up card asked for, or ``None`` for every up card the shoe can show."""

    def to_dict(self) -> dict[str, Any]:
        """The chart as JSON data: exact ``"p/q"`` and ``*_float`` values (a command's
        document wraps it)."""
        return {
            "dealer": "hits soft 17" if self.hits_soft_17 else "stands on soft 17",
            "hits_soft_17": self.hits_soft_17,
            "up": None if self.up is None else SLOT_LABELS[self.up],
            "shoe": self.shoe.to_dict(),
            "up_cards": [
                {
                    "up": SLOT_LABELS[dist.up],
                    "probability": str(p_up),
                    "probability_float": to_float(p_up),
                    "outcomes": {name: str(p) for name, p in dist.as_dict().items()},
                    "outcomes_float": {name: to_float(p) for name, p in dist.as_dict().items()},
                }
                for p_up, dist in self.rows
            ],
        }


def dealer_chart(shoe: Shoe, *, hits_soft_17: bool = False, up: int | None = None) -> DealerChart:
    """The dealer's distribution after each up card (or only ``up``) for ``shoe``; the up card
    comes out of the shoe first.

    >>> chart = dealer_chart(Shoe.from_decks(1), up=TEN)
    >>> chart.rows[0][0], chart.rows[0][1].blackjack
    (Fraction(4, 13), Fraction(4, 51))
    """
    counts = shoe_counts(shoe)
    n_cards = sum(counts)
    slots = range(SLOTS) if up is None else (up,)
    rows = []
    for slot in slots:
        if not counts[slot]:
            if up is not None:
                raise ShoeError(f"the shoe holds no {SLOT_LABELS[slot]} for the dealer's up card")
            continue
        after = counts if shoe.infinite else tuple(c - (i == slot) for i, c in enumerate(counts))
        distribution = dealer_distribution(
            after, slot, hits_soft_17=hits_soft_17, infinite=shoe.infinite
        )
        rows.append((Fraction(counts[slot], n_cards), distribution))
    return DealerChart(shoe=shoe, hits_soft_17=hits_soft_17, rows=tuple(rows), up=up)


assert TEN == SLOTS - 1
