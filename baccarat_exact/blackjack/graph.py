"""Every player state against one up card, as an indexed graph: the one blackjack engine.

A :class:`StateGraph` lays the values of one up card's arithmetic (:class:`UpCardSolver`:
the shoe, the dealer, the pays) over a :class:`~baccarat_exact.blackjack.shape.GraphShape`,
whole levels at a time, and sweeps them. Every value the package reports is a sweep over
it, from the most cards down: the composition-dependent optimum (:meth:`Graph.optimal_array`),
a fixed play (:meth:`Graph.evaluate`: a chart, or the resplit strategy) and a split with
resplits (:meth:`Graph.split`). In exact mode the value arrays hold Python integers (numpy
``object`` arrays: integer numerators over one denominator per level, never a Fraction); in
float mode they are float64.

The engine is split by idea: the links (which state follows which: :mod:`.graph_links`), what
a state is worth when its hand ends there (:mod:`.graph_ends`), the hit sums over the links
(:mod:`.graph_hits`), and here the sweeps and the splits. It reads the solver through
:class:`~.graph_solver.GraphSolver` alone: :class:`Graph` is typed against that protocol,
:class:`StateGraph` is it on the package's :class:`UpCardSolver`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import numpy as np

from baccarat_exact.blackjack.graph_ends import EndValues, end_values
from baccarat_exact.blackjack.graph_hits import HitSums
from baccarat_exact.blackjack.graph_links import Links, links_of, rounded_links, state_classes
from baccarat_exact.blackjack.graph_solver import GraphSolver
from baccarat_exact.blackjack.hands import ACE, SLOTS, Counts, add_card
from baccarat_exact.blackjack.optimal_split import optimal_split
from baccarat_exact.blackjack.resplit import CAPPED, pair_chance, pattern_terms
from baccarat_exact.blackjack.round.moves import forced_stand, hands_possible
from baccarat_exact.blackjack.rules import PostSplit
from baccarat_exact.blackjack.shape import (
    BLACKJACK,
    KIND_NAMES,
    MULTI,
    PAIR,
    SPLIT_TWO,
    TWO,
    ClassKey,
    GraphShape,
    IntArray,
    NumArray,
    ShapeKey,
    graph_shape,
    shape_of,
)
from baccarat_exact.blackjack.solver import Number, UpCardSolver
from baccarat_exact.errors import RulesError

_native_sweep: Callable[..., None] | None
try:  # the compiled float sweep (optional, in the dealer step's module; None: numpy's)
    from baccarat_exact.blackjack._dealer import sweep_float as _native_sweep
except ImportError:  # pragma: no cover - a build without a C compiler
    _native_sweep = None

if TYPE_CHECKING:  # typing.Self is Python 3.11's; only the type checker reads it here
    from typing_extensions import Self

__all__ = [
    "DOUBLE",
    "HIT",
    "STAND",
    "ClassKey",
    "Decide",
    "Graph",
    "GraphSolver",
    "IntArray",
    "NumArray",
    "PlayerState",
    "StateGraph",
]

STAND, HIT, DOUBLE = 0, 1, 2
"""A fixed play's move per state (:meth:`Graph.evaluate`)."""

Decide = Callable[[Counts, int, bool], str]
"""A split hand's move as a function: (hand, other pair card's slot, first two cards?) →
"stand", "hit" or "double"."""

_MOVE_CODES = {"stand": STAND, "hit": HIT, "double": DOUBLE}

SolverT = TypeVar("SolverT", bound=GraphSolver)
"""The solver a graph reads (through :class:`GraphSolver` only)."""


@dataclass(slots=True)
class PlayerState:
    """One player state of the graph."""

    hand: Counts
    extra: int
    """Slot of the other split hand's pair card, or -1 for an unsplit hand."""
    r: int
    """Player cards out of the shoe (the other pair card included)."""
    key: ClassKey
    kind: str
    """"two" (unsplit two cards), "pair", "blackjack", "split_two", "multi" or "seven" (Triple Seven)."""
    next: list[tuple[Number, int]]
    """(weight, index of the state after that card) for every card that does not bust."""
    bust_part: Number
    """Σ weight × value over the cards that bust the hand (fixed, whatever the strategy)."""


def _shape_key(solver: GraphSolver, pair: int | None = None) -> ShapeKey:
    """Every hand the solver's shoe can deal (or the split hands of ``pair`` alone)."""
    return shape_of(
        solver.counts,
        infinite=solver.infinite,
        one_card_aces=forced_stand(solver.rules, ACE),
        pair=pair,
    )


class GraphArrays:
    """Every state's links and end values as arrays (what a sweep reads), with their view
    state by state for callers that walk the states one by one."""

    def _attach(self, shape: GraphShape, links: Links, ends: EndValues, dtype: Any) -> None:
        """Take the arrays of ``links`` and ``ends`` (exact: ``object``, else float64)."""
        self.shape = shape
        self.index = shape.index
        self.dtype = dtype
        self._exact = dtype is object
        self._links = links
        self.kind = links.kind
        self.forced = links.forced
        self.terminal_mask = links.terminal_mask
        self.plays = links.plays
        self.weight = links.weight
        """(states × 10) chance (float) or count (exact) of each next card."""
        self.next_index: IntArray = links.next_index
        self.goes_on = links.goes_on
        self._ends = ends
        self.bust_part: NumArray = ends.bust_part
        self.terminal_values = ends.terminal_values
        self.stand_values: NumArray = ends.stand_values
        self.double_mask = ends.double_mask
        self.double_values: NumArray = ends.double_values
        self.surrender_mask = ends.surrender_mask
        self.surrender_values: NumArray = ends.surrender_values

    @property
    def next_weight(self) -> NumArray:
        """(states × 10) ``weight`` where the card goes on to a state, else 0 (exact: Python
        integers), the links' (made when first asked)."""
        return self._links.next_weight

    @cached_property
    def stand(self) -> list[Number]:
        """Standing, per state (0 for a blackjack or a Triple Seven)."""
        values: list[Number] = self.stand_values.tolist()
        return values

    @cached_property
    def terminal(self) -> list[Number]:
        """A blackjack's or a Triple Seven's value, per state (0 for the others)."""
        values: list[Number] = self.terminal_values.tolist()
        return values

    @cached_property
    def double(self) -> list[Number | None]:
        """Doubling, per state (``None`` where not allowed)."""
        return [
            v if d else None for v, d in zip(self.double_values.tolist(), self.double_mask.tolist())
        ]

    @cached_property
    def surrender(self) -> list[Number | None]:
        """Surrendering an opening hand (``None`` where not offered)."""
        return [
            v if d else None
            for v, d in zip(self.surrender_values.tolist(), self.surrender_mask.tolist())
        ]

    @cached_property
    def states(self) -> list[PlayerState]:
        """Every state as a :class:`PlayerState` (built on first use)."""
        shape = self.shape
        weights = self.next_weight.tolist()
        indexes = self.next_index.tolist()
        on = self.goes_on.tolist()
        bust = self.bust_part.tolist()
        out = []
        for i, (hand, extra) in enumerate(shape.found):
            nxt = [(w, j) for w, j, g in zip(weights[i], indexes[i], on[i]) if g]
            out.append(
                PlayerState(
                    hand=hand,
                    extra=extra,
                    r=int(shape.r[i]),
                    key=(bool(shape.soft[i]), int(shape.total[i])),
                    kind=KIND_NAMES[int(self.kind[i])],
                    next=nxt,
                    bust_part=bust[i],
                )
            )
        return out

    def hit(self, i: int, values: list[Number] | NumArray) -> Number:
        """Hit value of state ``i`` given the values of the states after it."""
        total = self.bust_part[i]
        # ``weight`` is ``next_weight`` where a card goes on (as Python numbers: no dense
        # next_weight made for one row)
        weights = self.weight[i].tolist()
        for w, j, g in zip(weights, self.next_index[i].tolist(), self.goes_on[i].tolist()):
            if g:
                total = total + w * values[j]
        return total if self._exact else float(total)

    def zeros(self) -> NumArray:
        """A value array (one entry per state) of zeros."""
        return np.zeros(len(self.shape.found), dtype=self.dtype)


class Graph(GraphArrays, Generic[SolverT]):
    """All states against the solver's up card, valued by sweeps: the engine, reading the
    solver through :class:`GraphSolver` alone.

    ``shape`` defaults to every hand the solver's shoe can deal; a resplit passes the split
    hands of one pair alone.
    """

    def __init__(self, solver: SolverT, shape: GraphShape | None = None) -> None:
        self.solver = solver
        if shape is None:
            shape = graph_shape(_shape_key(solver))
        out = solver.out_cards()
        self.r_out: IntArray = shape.r + sum(out)
        """Cards out of the shoe per state: the player's and the solver's ``out``."""
        bj = solver.bj_slot
        self.bj_out: IntArray = (
            shape.removed[:, bj] + np.int64(out[bj])
            if bj >= 0
            else np.zeros(len(shape.r), dtype=np.int64)
        )
        """Cards of the dealer-blackjack value out per state (zeros without one)."""
        links = links_of(solver, shape)
        dtype: Any = object if solver.exact else np.float64
        self._attach(shape, links, end_values(solver, shape, links, self.r_out, self.bj_out), dtype)
        kind, forced = links.kind, links.forced
        in_class = (kind == TWO) | (kind == MULTI) | ((kind == SPLIT_TWO) & ~forced)
        rules = solver.rules
        arrays_key = ("class_arrays", rules.triple_seven, rules.triple_seven_on_split)
        class_arrays = shape.memo.get(arrays_key)
        if class_arrays is None:
            class_arrays = shape.memo[arrays_key] = state_classes(shape, in_class)
        self.class_arrays: dict[ClassKey, IntArray] = class_arrays
        """Indexes of the states of each total class that a chart's hit/stand cell plays
        (shared by graphs of one shape: do not change)."""
        self.openings = np.nonzero((kind == TWO) | (kind == PAIR) | (kind == BLACKJACK))[0].tolist()
        self.pairs = {int(shape.pair_slot[i]): int(i) for i in np.nonzero(kind == PAIR)[0].tolist()}
        self._start_sweeps()

    def _start_sweeps(self) -> None:
        """What the sweeps keep (made again for a rounded view): the hit sums, the splits'
        first hands and pair graphs, the values a sweep leaves."""
        self._hits = HitSums(self.shape, self._links, self.bust_part, self.dtype, self.class_arrays)
        self.unsplit: dict[int, Number] = {}
        """Each pair's value played without splitting (a ten pair of two ranks split by rank),
        set by the last sweep."""
        self.split_starts = self.starts_of_splits()
        self._pair_graphs: dict[tuple[int, int, int], Self] = {}
        self._zero_memory_values: NumArray | None = None
        """Every split hand's value played CDZ- (pairs split once), once a sweep asks."""
        self.chart_memo: dict[Any, Any] = {}
        """What the chart search keeps between its passes over this graph (values that no
        pass changes)."""

    @cached_property
    def opening_weights(self) -> list[tuple[int, Number, Number, Number, Number]]:
        """(state, deal weight, its part that may split, the part that may not, loss to a
        peeked dealer blackjack) of every opening hand."""
        solver = self.solver
        out = []
        key = ("opening hands", tuple(self.openings))
        hands = self.shape.memo.get(key)
        if hands is None:  # the same hands for every up card and shoe of the shape
            hands = self.shape.memo[key] = [self.shape.found[i][0] for i in self.openings]
        for i, hand in zip(self.openings, hands):
            may, may_not = solver.pair_shares(hand)
            out.append((i, solver.deal_weight(hand), may, may_not, solver.peek_loss(hand)))
        return out

    def rounded(self) -> Self | None:
        """This exact graph's values rounded to float64 (each weight correctly rounded, each
        value within 3 units in the last place), for a float search whose every
        decision is then checked against a proven error bound (:mod:`.strategy`): a view
        on the same shape, links and masks, valued like a float graph. ``None`` where the
        view cannot stand in: float mode already, resplits (valued by the pairs' own graphs,
        outside the bound) or values beyond float range."""
        solver = self.solver
        if not solver.exact or any(hands_possible(solver.rules, s) > 2 for s in range(SLOTS)):
            return None
        try:
            twin = solver.twin(exact=False)
            units = np.array(
                [solver.unit(r) * solver.scale for r in range(solver.budget + 1)], dtype=object
            )
            ends = self._ends.rounded(units.astype(np.float64)[self.r_out])
        except (OverflowError, RulesError):  # pays or values beyond float range
            return None
        view = copy.copy(self)
        for name in ("stand", "terminal", "double", "surrender", "states", "opening_weights"):
            view.__dict__.pop(name, None)  # cached properties of the exact values
        view._attach(self.shape, rounded_links(solver, self._links, self.r_out), ends, np.float64)
        view.solver = twin
        view._start_sweeps()
        return view

    # -- values -----------------------------------------------------------------------

    def hits(self, rows: IntArray | slice, values: NumArray, key: Any = None) -> NumArray:
        """Hit values of the states ``rows`` given every state's value (an array); ``key``
        names ``rows`` for a plan kept (:meth:`.graph_hits.HitSums.hits`)."""
        return self._hits.hits(rows, values, key)

    def hits_of(self, rows: IntArray, values: NumArray) -> NumArray:
        """Hit values of the states ``rows`` alone (a chart's hitting states, which change
        from chart to chart: no plan kept), the same sums as :meth:`hits`."""
        return self._hits.hits_of(rows, values)

    def evaluate(self, moves: IntArray) -> NumArray:
        """Every state's value when each plays its move of ``moves`` (:data:`STAND`, :data:`HIT`
        or :data:`DOUBLE`; a double where not allowed stands), pairs not split: one sweep,
        most cards first."""
        values = self.zeros()
        hit_values = self._hits.hits
        for start, stop in reversed(self.shape.levels):
            rows = slice(start, stop)
            move = moves[rows]
            value = self.stand_values[rows]
            hits = move == HIT
            if hits.any():
                value = np.where(hits, hit_values(rows, values, ("level", start)), value)
            doubles = (move == DOUBLE) & self.double_mask[rows]
            if doubles.any():
                value = np.where(doubles, self.double_values[rows], value)
            value = np.where(self.plays[rows], value, self.stand_values[rows])
            values[rows] = np.where(self.terminal_mask[rows], self.terminal_values[rows], value)
        return values

    def best_moves(self, values: NumArray) -> IntArray:
        """Each state's best move given every state's value (ties: stand, hit, double), as
        :meth:`evaluate` takes them; surrender and split left out."""
        stand = self.stand_values
        hit = self.hits(slice(None), values)
        moves = np.where(np.greater(hit, stand).astype(bool), HIT, STAND)
        best = np.where(moves == HIT, hit, stand)
        doubles = self.double_mask & np.greater(self.double_values, best).astype(bool)
        found: IntArray = np.where(doubles, DOUBLE, moves).astype(np.int64)
        return found

    def moves_of(self, decide: Decide) -> IntArray:
        """``decide`` asked for every state that plays, as :meth:`evaluate` takes moves."""
        moves = np.full(len(self.shape.found), STAND, dtype=np.int64)
        cards = self.shape.cards.tolist()
        for i in np.nonzero(self.plays)[0].tolist():
            hand, extra = self.shape.found[i]
            moves[i] = _MOVE_CODES[decide(hand, extra, cards[i] == 2)]
        return moves

    def optimal_array(self) -> NumArray:
        """:meth:`optimal_values` as an array."""
        values = self.zeros()
        maximum = np.maximum
        plays = self.plays
        hits = self._hits.hits
        if not self._exact:
            # floats: a move not offered is worth -inf (maximum then keeps the other, NaN
            # and signed zeros included), a state that does not play its fixed value: the
            # same values as the masks below, in fewer calls a level
            doubling = np.where(self.double_mask, self.double_values, -np.inf)
            surrendering = np.where(self.surrender_mask, self.surrender_values, -np.inf)
            fixed = np.where(self.terminal_mask, self.terminal_values, self.stand_values)
        # the levels above every pair's swept in one compiled call where built (the same
        # bits as the loop below), the pairs' levels (a split's value) by the loop
        swept = len(values)
        if not self._exact and _native_sweep is not None:
            swept = max((self._level_stop(i) for i in self.pairs.values()), default=0)
            _native_sweep(
                swept,
                len(values),
                *self._hits.flat_pairs(),
                np.ascontiguousarray(self.bust_part, dtype=np.float64),
                np.ascontiguousarray(self.stand_values, dtype=np.float64),
                doubling,
                surrendering,
                np.ascontiguousarray(plays, dtype=np.bool_),
                fixed,
                values,
            )
        for start, stop in reversed(self.shape.levels):
            if start >= swept:
                continue
            rows = slice(start, stop)
            best = maximum(self.stand_values[rows], hits(rows, values, ("level", start)))
            if not self._exact:
                best = maximum(maximum(best, doubling[rows]), surrendering[rows])
                values[rows] = np.where(plays[rows], best, fixed[rows])
            else:
                doubles = self.double_mask[rows]
                if doubles.any():
                    best = np.where(doubles, maximum(best, self.double_values[rows]), best)
                surrenders = self.surrender_mask[rows]
                if surrenders.any():
                    best = np.where(surrenders, maximum(best, self.surrender_values[rows]), best)
                best = np.where(plays[rows], best, self.stand_values[rows])
                values[rows] = np.where(self.terminal_mask[rows], self.terminal_values[rows], best)
            for slot, i in self.pairs.items():
                if start <= i < stop:
                    self.unsplit[slot] = values[i]
                    values[i] = max(values[i], self.split(slot, values))
        return values

    def _level_stop(self, i: int) -> int:
        """Where the level of state ``i`` stops."""
        for start, stop in self.shape.levels:
            if start <= i < stop:
                return stop
        raise IndexError(i)

    def optimal_values(self) -> list[Number]:
        """Every state's value under composition-dependent optimal play (one sweep, most cards first);
        an opening two-card hand's value is that of its best move."""
        values: list[Number] = self.optimal_array().tolist()
        if not self._exact:
            self.unsplit = {slot: float(v) for slot, v in self.unsplit.items()}
        return values

    def optimal_total(self) -> Number:
        """:meth:`opening_total` of :meth:`optimal_values`, from the array (no list of every
        state's value: the same numbers, a tenth of a millisecond less a graph)."""
        values = self.optimal_array()
        if not self._exact:
            self.unsplit = {slot: float(v) for slot, v in self.unsplit.items()}
        return self.opening_total(values)

    def opening_total(self, values: list[Number] | NumArray) -> Number:
        """Σ deal weight × (opening value + loss to a peeked dealer blackjack): the up card's
        value numerator over the deal weights' total × ``D_2 · S``."""
        total: Number = 0
        found = self.shape.found
        for i, _, may, may_not, peek in self.opening_weights:
            total += may * (values[i] + peek)
            if may_not:
                total += may_not * (self.unsplit[found[i][0].index(2)] + peek)
        return total if self._exact else float(total)

    # -- splits -----------------------------------------------------------------------

    def starts_of_splits(self) -> dict[int, list[tuple[Number, int]]]:
        """(weight, state) of each first split hand, per pair slot (the states looked up
        once per shape)."""
        starts: dict[int, list[tuple[Number, int]]] = {}
        memo = self.shape.memo
        for slot in self.pairs:
            pair = add_card(add_card((0,) * SLOTS, slot), slot)
            first = add_card((0,) * SLOTS, slot)
            found = []
            for card in range(SLOTS):
                if w := self.solver.weight(pair, 2, card):
                    j = memo.get(("split start", slot, card))
                    if j is None:
                        j = memo[("split start", slot, card)] = self.index[
                            (add_card(first, card), slot)
                        ]
                    found.append((w, j))
            starts[slot] = found
        return starts

    def split(
        self, slot: int, values: list[Number] | NumArray, decide: Decide | None = None
    ) -> Number:
        """Split value of the pair ``slot``, over ``D_2 · S``, with ``values`` the states'
        optimal values: the split hands played by ``decide``, else by the rules' post-split
        play (:class:`~.rules.PostSplit`). Split once and played by the optimum (CDP1 and
        CDP alike) it is twice the first hand; else a sum over the pair's own graphs
        (:mod:`.resplit`); the optimal split is the round's own sweep (:mod:`.optimal_split`)."""
        rules = self.solver.rules
        if decide is None and rules.post_split is PostSplit.OPTIMAL:
            return optimal_split(self.solver, slot)
        resplits = hands_possible(rules, slot) > 2
        if decide is None and rules.post_split is PostSplit.CDZ:
            return (
                self._resplit(slot, values, None) if resplits else self._zero_memory(slot, values)
            )
        if resplits:
            return self._resplit(slot, values, decide)
        return self.split_once(slot, values)

    def split_once(self, slot: int, values: list[Number] | NumArray) -> Number:
        """Twice the first split hand of the pair ``slot``, the split hands worth ``values``
        (a pair split once: by the symmetry of the deal both hands are worth the same)."""
        total: Number = 0
        for w, j in self.split_starts[slot]:
            total += w * values[j]
        return 2 * total

    def _resplit(self, slot: int, values: list[Number] | NumArray, decide: Decide | None) -> Number:
        """A split as Σ over :meth:`resplit_starts` of weight × the first hand's value from
        its term's shoe, each a sweep of a fixed play over the pair's own graph: ``decide``,
        else the post-split play (CDZ-: the unsplit hands' best moves, from ``values``;
        CDP1: the best moves of the term without more pair cards; CDP: each term's own)."""
        base = self.pair_graph(slot, 0, 2)
        post = self.solver.rules.post_split
        moves: IntArray | None = None
        if decide is not None:
            moves = base.moves_of(decide)
        elif post is PostSplit.CDZ:
            moves = self.zero_memory_moves(base, values, slot)
        elif post is PostSplit.CDP1:
            moves = base.best_moves(base.optimal_array())
        swept: dict[int, NumArray] = {}
        total: Number = 0
        for graph, j, weight in self.resplit_starts(slot):
            found = swept.get(id(graph))
            if found is None:
                played = moves if moves is not None else graph.best_moves(graph.optimal_array())
                found = swept[id(graph)] = graph.evaluate(played)
            total += weight * found[j]
        return total

    def _zero_memory(self, slot: int, values: list[Number] | NumArray) -> Number:
        """A pair split once, its hands played CDZ- (:meth:`zero_memory_moves`): the split
        hands of every pair valued by one sweep of this graph (kept for the other pairs)."""
        if self._zero_memory_values is None:
            self._zero_memory_values = self.evaluate(self.zero_memory_moves(self, values))
        return self.split_once(slot, self._zero_memory_values)

    def zero_memory_moves(
        self, pair: Graph[Any], values: list[Number] | NumArray, slot: int = -1
    ) -> IntArray:
        """CDZ-: each split hand of ``pair`` (this graph, or the own graph of the pair
        ``slot``, :meth:`pair_graph`) takes the
        move (stand, hit, or a double where it may double) that is best for the same cards
        unsplit in this graph, whose states are worth ``values`` (only the unsplit hands'
        values are read, and those never depend on a split). Ties: stand, hit, double. A
        hand whose unsplit twin ends there (a blackjack, a paid Triple Seven) stands; an
        unsplit hand stands (its move is not this play's)."""
        rows, twins = self._twins(pair, slot)
        moves = np.full(len(pair.shape.found), STAND, dtype=np.int64)
        if not len(rows):
            return moves
        known = np.asarray(values, dtype=self.dtype)
        stand = self.stand_values[twins]
        hit = self.hits_of(twins, known)
        chosen = np.where(np.greater(hit, stand).astype(bool), HIT, STAND)
        best = np.where(chosen == HIT, hit, stand)
        doubles = pair.double_mask[rows] & self.double_mask[twins]
        if doubles.any():
            better = np.greater(np.where(doubles, self.double_values[twins], best), best)
            chosen = np.where(doubles & better.astype(bool), DOUBLE, chosen)
        ends = self.terminal_mask[twins] | ~self.plays[twins]
        moves[rows] = np.where(ends, STAND, chosen)
        return moves

    def _twins(self, pair: Graph[Any], slot: int) -> tuple[IntArray, IntArray]:
        """The split hands of ``pair`` (this graph, or the pair ``slot``'s own) that play, and
        the index here of the same cards unsplit (kept in the shape's memo: the pair's shape
        follows from this one's and the slot).

        :raises RulesError: where this graph lacks the unsplit hands (a graph of the hands
            that follow one hand)."""
        key = ("twins", slot)
        found = self.shape.memo.get(key)
        if found is None:
            split = pair.plays & (pair.shape.extra >= 0)
            rows = np.nonzero(split)[0]
            hands = pair.shape.found
            index = self.index
            try:
                twins = np.array([index[(hands[i][0], -1)] for i in rows.tolist()], dtype=np.int64)
            except KeyError:
                raise RulesError(
                    "CDZ- play needs the unsplit hands of the whole shoe (a graph of one "
                    "hand's followers lacks them)"
                ) from None
            found = self.shape.memo[key] = (rows, twins)
        return found

    def resplit_starts(self, slot: int) -> list[tuple[Self, int, Number]]:
        """The first split hands of the resplit formula for the pair ``slot``
        (:func:`~.resplit.pattern_terms`): (the pair graph of a term's shoe, the hand's state
        in it, coefficient × chance × the card's weight), so that the split value is the sum
        of weight × the hand's value."""
        solver = self.solver
        first = add_card((0,) * SLOTS, slot)
        found = []
        for m, kind, made, coefficient in pattern_terms(hands_possible(solver.rules, slot)):
            chance = pair_chance(solver, slot, m)
            if not chance:
                continue
            graph = self.pair_graph(slot, m, solver.split_sharing(made))
            removed = graph.solver.removed(first, slot)
            r = sum(removed)
            for card in range(SLOTS):
                if (card == slot) != (kind == CAPPED):
                    continue
                w = graph.solver.weight(removed, r, card)
                if w:
                    j = graph.index[(add_card(first, card), slot)]
                    found.append((graph, j, coefficient * chance * w))
        return found

    def pair_graph(self, slot: int, m: int, sharing: int) -> Self:
        """The split hands of ``slot`` alone, from the shoe less ``m`` more pair cards, with
        ``sharing`` hands sharing what a dealer blackjack takes of the original stake (kept)."""
        key = (slot, m, sharing)
        found = self._pair_graphs.get(key)
        if found is None:
            solver = self.solver
            shape = graph_shape(_shape_key(solver, slot))
            found = type(self)(solver.with_out(slot, m, sharing), shape)
            self._pair_graphs[key] = found
        return found


class StateGraph(Graph[UpCardSolver]):
    """The engine (:class:`Graph`) on the package's :class:`UpCardSolver`: what callers build,
    whose ``solver`` they read back as the solver they gave."""
