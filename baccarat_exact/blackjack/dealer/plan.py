"""A dealer table as the contraction of :func:`~baccarat_exact.blackjack.dealer.batch.
dealer_batch` walks it: the multisets as nodes of one step per value slot (numpy path and
compiled step alike), and the bound its partial sums keep below.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from baccarat_exact.blackjack.dealer.tables import MAX_DRAW, DealerTable, IntArray
from baccarat_exact.blackjack.hands import SLOTS, Counts
from baccarat_exact.blackjack.round.dealer import BUST

ORDER = (9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
"""Slots in contraction order: tens first (their removal counts vary least)."""

NumArray = npt.NDArray[Any]
"""float64 in float mode, ``object`` (Python ints) in exact mode."""


@dataclass(frozen=True, eq=False)
class TablePlan:
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


@lru_cache(maxsize=256)  # as many as restricted_table keeps: asked once a batch
def summed_groups(table: DealerTable) -> tuple[tuple[tuple[int, int], ...], bool]:
    """(outcome, length) of each group the sums take (the busts left out, as in
    :func:`table_plan`), and whether any holds a multiset: what a compiled call needs of
    the plan, without making (or keeping) it."""
    summed = [(outcome, length, size) for outcome, length, size in table.groups if outcome != BUST]
    return tuple((outcome, length) for outcome, length, _ in summed), any(s for *_, s in summed)


@lru_cache(maxsize=64)
def table_plan(table: DealerTable) -> TablePlan:
    """The numpy path's plan of ``table`` (:func:`make_table_plan`), kept per table."""
    return make_table_plan(table)


def make_table_plan(table: DealerTable) -> TablePlan:
    """The plan of ``table``: its multisets but the busts as a trie of one step per slot in
    :data:`ORDER` (a node of step s: a group and the counts of the slots of steps s … 9)."""
    groups = tuple((outcome, length) for outcome, length, _ in table.groups if outcome != BUST)
    sizes = np.array([size for *_, size in table.groups], dtype=np.int64)
    summed = np.array([outcome != BUST for outcome, _, _ in table.groups], dtype=np.bool_)
    picked = np.flatnonzero(np.repeat(summed, sizes))
    group_of = np.repeat(np.arange(len(groups), dtype=np.int64), sizes[summed])
    multisets = table.rows[picked].reshape(len(picked), SLOTS).astype(np.int64)
    orderings = [table.orderings[i] for i in picked.tolist()]
    if not len(picked):  # no multiset but busts (a shoe capped very low): no node, no sum
        none = np.zeros(0, dtype=np.int64)
        first = np.zeros(1, dtype=np.int64)
        return TablePlan(
            groups=(),
            orderings=(),
            first_nodes=none,
            digits=(none,) * SLOTS,
            starts=(first,) * SLOTS,
        )
    # a node of step s is a distinct (group, counts of the slots of steps s … 9): with the
    # multisets sorted by (group, the last step's count, …, the first's), each step's nodes
    # are where those change, in order, and a node's parent is the next step's node holding it
    by_step = multisets[:, list(ORDER)]
    # one int64 key a multiset (its group, then its counts from the last step to the first,
    # each below MAX_DRAW): the order of a lexsort of those columns, the keys all distinct
    places = MAX_DRAW ** np.arange(SLOTS + 1, dtype=np.int64)
    order = np.argsort(by_step @ places[:SLOTS] + group_of * places[SLOTS], kind="stable")
    steps = np.ascontiguousarray(by_step[order].T)  # a row a step, the multisets sorted
    # row s: where a step s count or any later one (or the group: row 10) changes, a new
    # node of step s (the first multiset: a new node of every step)
    changed = np.empty((SLOTS + 1, len(order)), dtype=np.bool_)
    changed[:, 0] = True
    np.not_equal(steps[:, 1:], steps[:, :-1], out=changed[:SLOTS, 1:])
    grouping = group_of[order]
    np.not_equal(grouping[1:], grouping[:-1], out=changed[SLOTS, 1:])
    new_node = np.logical_or.accumulate(changed[::-1], axis=0)[::-1]
    digits = [steps[step][new_node[step]] for step in range(SLOTS)]
    starts = [np.flatnonzero(new_node[step + 1][new_node[step]]) for step in range(SLOTS)]
    first_nodes = np.empty(len(order), dtype=np.int64)
    first_nodes[order] = np.cumsum(new_node[0]) - 1
    return TablePlan(
        groups=tuple(groups),
        orderings=tuple(orderings),
        first_nodes=first_nodes,
        digits=tuple(digits),
        starts=tuple(starts),
    )


def raised_cards(counts: Counts, longest: int) -> int:
    """N' = Σ max(n_v, longest): with every count at least the longest draw, the factors a
    contraction has not multiplied yet are at least 1, so its partial sums are at most
    ff(N', longest) (see :func:`dealer_batch`)."""
    return sum(max(n, longest) for n in counts)
