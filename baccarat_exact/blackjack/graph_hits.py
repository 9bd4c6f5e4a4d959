"""Hit values over the state graph: Σ next card's weight × the value of the state it makes.

A sweep (:mod:`.graph`) asks for the hit values of a whole level or total class at once. The
(state, card) pairs that go on to a state are listed once per links, row-major, and each
group of rows keeps its *plan* (their weights, next states and where each state's run
starts), so a hit is one product and one ``np.add.reduceat`` over the pairs that exist:
no dense (states × 10) product, no 2-D fancy index a call.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from baccarat_exact.blackjack.graph_links import Links
from baccarat_exact.blackjack.hands import SLOTS
from baccarat_exact.blackjack.shape import BoolArray, ClassKey, GraphShape, IntArray, NumArray

__all__ = ["HitSums", "Plan"]

Plan = tuple[NumArray, IntArray, IntArray, BoolArray]
"""(weights, next states, each nonempty state's first pair, which states have pairs)."""


class HitSums:
    """The hit values of a graph's states given every state's value, by plans kept in the
    links (shared by the graphs on them) added to this graph's bust parts."""

    def __init__(
        self,
        shape: GraphShape,
        links: Links,
        bust_part: NumArray,
        dtype: Any,
        class_arrays: dict[ClassKey, IntArray],
    ) -> None:
        self.shape = shape
        self.links = links
        self.bust_part = bust_part
        self.dtype = dtype
        self.class_arrays = class_arrays

    def hits(self, rows: IntArray | slice, values: NumArray, key: Any = None) -> NumArray:
        """Hit values of the states ``rows`` given every state's value (an array). With a
        ``key`` naming ``rows`` (kept for the links' life) only the cards that go on are
        multiplied: the pairs are listed once and reused."""
        links = self.links
        if key is None:
            dense: NumArray = self.bust_part[rows] + (
                links.next_weight[rows] * values[links.next_index[rows]]
            ).sum(axis=1)
            return dense
        memo = links.memo
        plan = memo.get(key)
        if plan is None:
            if key[0] == "level":  # this level's alone (a compiled sweep leaves few)
                plan = memo[key] = self._level_plan(key[1])
            elif key[0] == "class":
                self._plans(key[0])
                plan = memo.get(key)
            if plan is None:  # other rows: their plan made here and kept
                plan = memo[key] = self._plan_of(np.arange(len(links.goes_on))[rows])
        return self._hit_sums(plan, rows, values)

    def hits_of(self, rows: IntArray, values: NumArray) -> NumArray:
        """Hit values of the states ``rows`` alone (a chart's hitting states, which change
        from chart to chart: no plan kept), the same sums as :meth:`hits`."""
        return self._hit_sums(self._plan_of(rows), rows, values)

    def _hit_sums(self, plan: Plan, rows: Any, values: NumArray) -> NumArray:
        """Hit values of the states ``rows`` by a plan of :meth:`hits` for them: each state's
        bust part plus its next cards' weighted values, summed in the plan's order."""
        weights, targets, starts, nonempty = plan
        result: NumArray = self.bust_part[rows].copy()
        if len(weights):
            result[nonempty] += np.add.reduceat(weights * values[targets], starts)
        return result

    def _plans(self, kind: str) -> None:
        """The plans of :meth:`hits` for every level (keys ``("level", start)``) or every
        total class (``("class", key)``) at once, from one row-major list of every state's
        pairs (state, next card) that go on, taken from the flat arrays once per links: a
        level's pairs are a run of it, a class's the runs of its states. The same pairs in
        the same order as a plan made alone, without a 2-D fancy index each."""
        memo = self.links.memo
        if kind == "level":
            for start, _ in self.shape.levels:
                memo[("level", start)] = self._level_plan(start)
            return
        for key, members in self.class_arrays.items():
            memo[("class", key)] = self._plan_of(members)

    def _level_plan(self, start: int) -> Plan:
        """The plan of :meth:`hits` for the level starting at state ``start``: a run of the
        row-major pairs (no 2-D fancy index)."""
        stop = dict(self.shape.levels)[start]
        weights, targets, per_row, offsets = self._pairs()
        counts = per_row[start:stop]
        first = int(offsets[start])
        last = first + int(counts.sum())
        nonempty = counts > 0
        starts = (offsets[start:stop] - first)[nonempty]
        return weights[first:last], targets[first:last], starts, nonempty

    def _pairs(self) -> tuple[NumArray, IntArray, IntArray, IntArray]:
        """Every state's pairs (state, next card) that go on, row-major, once per links: the
        weights (``next_weight``'s), the next states, and each state's count and offset."""
        links = self.links
        memo = links.memo
        every = memo.get("pairs")
        if every is None:
            pairs, targets, per_row, offsets = self._pair_index()
            every = memo["pairs"] = (
                links.weight.ravel().take(pairs).astype(self.dtype, copy=False),
                targets,
                per_row,
                offsets,
            )
        return every

    def flat_pairs(self) -> tuple[NumArray, IntArray, IntArray, IntArray]:
        """Every state's pairs that go on, row-major, as a compiled sweep reads them: the
        weights, the next states (int64), and each state's count and offset (kept)."""
        memo = self.links.memo
        flat = memo.get("flat pairs")
        if flat is None:
            weights, targets, per_row, offsets = self._pairs()
            flat = memo["flat pairs"] = (
                np.ascontiguousarray(weights),
                targets.astype(np.int64, copy=False),
                per_row.astype(np.int64, copy=False),
                offsets.astype(np.int64, copy=False),
            )
        found: tuple[NumArray, IntArray, IntArray, IntArray] = flat
        return found

    def _pair_index(self) -> tuple[IntArray, IntArray, IntArray, IntArray]:
        """The pairs that go on (as state * 10 + card), their next states, and each state's
        count and offset: what follows from ``goes_on`` alone, kept in the shape's memo
        where the links share the shape's arrays (every up card and shoe of it)."""
        links = self.links
        key = ("pair index", id(links.goes_on))
        if links.shared:
            kept = self.shape.memo.get(key)
            if kept is not None and kept[0] is links.goes_on:
                found: tuple[IntArray, IntArray, IntArray, IntArray] = kept[1]
                return found
        pairs = np.flatnonzero(links.goes_on)  # (state, card) as state * 10 + card
        per_row = np.bincount(pairs // SLOTS, minlength=len(links.goes_on))
        found = (pairs, links.next_index.ravel().take(pairs), per_row, np.cumsum(per_row) - per_row)
        if links.shared:
            self.shape.memo[key] = (links.goes_on, found)
        return found

    def _plan_of(self, rows: IntArray) -> Plan:
        """A plan of :meth:`hits` for the states ``rows``: their pairs, in their order."""
        weights, targets, per_row, offsets = self._pairs()
        counts = per_row[rows]
        local = np.cumsum(counts) - counts
        at = np.repeat(offsets[rows] - local, counts) + np.arange(int(counts.sum()))
        nonempty = counts > 0
        return weights[at], targets[at], local[nonempty], nonempty
