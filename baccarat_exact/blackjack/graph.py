"""Every player state against one up card, as an indexed graph: the one blackjack engine.

A :class:`StateGraph` adds the values of one up card's arithmetic (:class:`UpCardSolver`:
the shoe, the dealer, the pays) to a :class:`~baccarat_exact.blackjack.shape.GraphShape`:
each state's stand, double, surrender and terminal values and its successors with their
weights, whole levels at a time. Every value the package reports is a sweep over it, from
the most cards down: the composition-dependent optimum (:meth:`StateGraph.optimal_array`),
a fixed play (:meth:`StateGraph.evaluate`: a chart, or the resplit strategy) and a split with
resplits (:meth:`StateGraph.split`). In exact mode the value arrays hold Python integers
(numpy ``object`` arrays: integer numerators over one denominator per level, never a
Fraction); in float mode they are float64.

The module is longer than most because the building of the value arrays (stand, bust,
double: vectorised over all states, with their caches) and the sweeps that read them are
one idea: splitting them would expose the arrays' layout to a second module.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import Any

import numpy as np

from baccarat_exact.blackjack.dealer import dealer_sums
from baccarat_exact.blackjack.hands import SEVEN, SLOTS, Counts, add_card
from baccarat_exact.blackjack.resplit import CAPPED, pair_chance, pattern_terms
from baccarat_exact.blackjack.round.moves import (
    forced_stand,
    hands_possible,
    may_double,
    pays_triple_seven,
)
from baccarat_exact.blackjack.rules import BlackjackRules, DealerBlackjackTakes
from baccarat_exact.blackjack.shape import (
    BLACKJACK,
    BUSTS,
    KIND_NAMES,
    MULTI,
    PAIR,
    SEVEN_KIND,
    SPLIT_TWO,
    TWO,
    BoolArray,
    ClassKey,
    GraphShape,
    IntArray,
    NumArray,
    graph_shape,
    shape_of,
)
from baccarat_exact.blackjack.solver import Number, UpCardSolver
from baccarat_exact.errors import RulesError

__all__ = [
    "DOUBLE",
    "HIT",
    "STAND",
    "ClassKey",
    "Decide",
    "IntArray",
    "NumArray",
    "PlayerState",
    "StateGraph",
]

STAND, HIT, DOUBLE = 0, 1, 2
"""A fixed play's move per state (:meth:`StateGraph.evaluate`)."""

Decide = Callable[[Counts, int, bool], str]
"""A split hand's move as a function: (hand, other pair card's slot, first two cards?) →
"stand", "hit" or "double"."""

_MOVE_CODES = {"stand": STAND, "hit": HIT, "double": DOUBLE}


@lru_cache(maxsize=64)
def _double_table(rules: BlackjackRules) -> BoolArray:
    """:func:`~.moves.may_double` for every (other pair card's slot + 1, soft, total): read
    once per rule set, not once per graph (an option flip builds ten graphs)."""
    table: BoolArray = np.array(
        [
            [
                [may_double(rules, total, soft, extra=extra) for total in range(22)]
                for soft in (False, True)
            ]
            for extra in range(-1, SLOTS)
        ]
    )
    return table


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


# dealer outcome weights of a stand by player total: (17, 18, 19, 20, 21, bust, blackjack)
_MARGIN = np.zeros((22, 7), dtype=np.int64)
for _total in range(22):
    if _total < 17:
        _MARGIN[_total, :5] = -1
    else:
        _MARGIN[_total, : _total - 17] = 1
        _MARGIN[_total, _total - 16 : 5] = -1
    _MARGIN[_total, 5] = 1


def _dealer_margins(
    solver: UpCardSolver, shape: GraphShape, blackjack: bool = True
) -> tuple[NumArray, NumArray | None]:
    """Per state: Σ outcome numerator × (win +1 / push 0 / loss -1) of standing (the dealer's
    blackjack left out), and the dealer-blackjack numerator (with ``blackjack``; else it may
    be ``None``: exact stands where a dealer blackjack takes nothing never read it). Shared
    by every rule flip of the same shoe, up card and dealer rule (cached in the solver's
    derived cache)."""
    key, blackjack_key = ("margins", shape), ("dealer blackjack", shape)
    margin = solver.derived.get(key)
    dealer_blackjack = solver.derived.get(blackjack_key)
    if margin is not None and (dealer_blackjack is not None or not blackjack):
        return margin, dealer_blackjack
    removals = shape.removals
    weights = _MARGIN[shape.total]
    if solver.exact and solver.out is None and not solver.infinite:
        # the sums wanted per state by the compiled step: a big integer each, not seven
        n = len(weights)
        both = shape.memo.get("margin picks")
        if both is None:
            outcome_weights = np.concatenate([weights, np.zeros_like(weights)])
            outcome_weights[:n, 6] = 0  # the margin leaves the dealer's blackjack out
            outcome_weights[n:, 6] = 1
            both = (  # weights -1, 0 or 1: int8, as the compiled step reads them
                np.concatenate([shape.removal_of, shape.removal_of]),
                outcome_weights.astype(np.int8),
            )
            shape.memo["margin picks"] = both
        picks, outcome_weights = both
        wanted = slice(0 if margin is None else n, 2 * n if blackjack else n)
        found = dealer_sums(
            solver.table,
            solver.counts,
            removals,
            picks[wanted],
            outcome_weights[wanted],
            budget=solver.budget,
        )
        if found is not None:
            if margin is None:
                margin = solver.derived[key] = found[:n]
            if blackjack:
                dealer_blackjack = solver.derived[blackjack_key] = found[len(found) - n :]
            return margin, dealer_blackjack
    # exact rows of part of the hands are shared by the solver's graphs (a resplit's overlap
    # there); float rows cost less to compute again in one batch than to look up one by one
    dealer = solver.dealer_rows(removals, shared=solver.exact and not shape.whole)
    if solver.exact:
        per_state = dealer[shape.removal_of]
        margin = (per_state[:, :6] * weights[:, :6].astype(object)).sum(axis=1)
        dealer_blackjack = per_state[:, 6]
    else:
        # the weights in float64 once per shape: the same sums as from int64 (einsum casts
        # them), without the cast a call
        signs = shape.memo.get("margin signs")
        if signs is None:
            signs = shape.memo["margin signs"] = np.ascontiguousarray(weights[:, :6], np.float64)
        margin = np.einsum("ij,ij->i", dealer[shape.removal_of, :6], signs)
        dealer_blackjack = dealer[shape.removal_of, 6]
    solver.derived[key], solver.derived[blackjack_key] = margin, dealer_blackjack
    return margin, dealer_blackjack


@dataclass(frozen=True, eq=False)
class _Links:
    """Which state follows which by each card and with what weight, for one solver's shoe and
    the rules that make states terminal (shared by rule flips that keep those)."""

    kind: IntArray
    forced: BoolArray
    """Split aces that take one card only (their two-card hand stands)."""
    terminal_mask: BoolArray
    plays: BoolArray
    left: IntArray
    weight: NumArray
    """Chance (float) or count (exact: ``left`` itself) of each next card."""
    next_index: IntArray
    goes_on: BoolArray
    busts: BoolArray
    memo: dict[Any, Any]
    """Sparse lists of the pairs (state, next state) of groups of rows, by a key."""

    @cached_property
    def next_weight(self) -> NumArray:
        """``weight`` where the card goes on to a state, else 0 (exact: Python integers):
        made when first asked (a chart's dense sweep, the per-state view), not for the
        optimal sweep, whose plans take the weights of the pairs that go on alone."""
        dense: NumArray = np.where(self.goes_on, self.weight, 0)
        return dense.astype(object) if self.weight.dtype.kind in "iu" else dense


_Kinds = tuple[IntArray, BoolArray, BoolArray, BoolArray, BoolArray, BoolArray]
"""(kind, forced, terminal_mask, plays, may go on, may bust): see :func:`_kinds`."""


def _kinds(shape: GraphShape, rules: BlackjackRules) -> _Kinds:
    """Each state's kind (Triple Seven now told), which split aces must stand, which states
    end the hand, which play, and which (state, card) goes on to a state or busts if the
    card is left: what the links take from the shape and the rules alone (cached in the
    shape, for every up card)."""
    paid = tuple(pays_triple_seven(rules, split=s, doubled=False) for s in (False, True))
    stands = tuple(forced_stand(rules, extra) for extra in range(-1, SLOTS))
    key = ("kinds", paid, stands)
    found: _Kinds | None = shape.memo.get(key)
    if found is None:
        kind = shape.kind.copy()
        split = shape.extra >= 0
        seven = (shape.cards == 3) & (shape.hands[:, SEVEN] == 3) & np.array(paid)[split * 1]
        kind[seven] = SEVEN_KIND
        forced = (kind == SPLIT_TWO) & np.array(stands)[shape.extra + 1]
        terminal_mask = (kind == BLACKJACK) | (kind == SEVEN_KIND)
        plays = ~terminal_mask & ~forced
        goes_on = plays[:, None] & (shape.succ >= 0)
        busts = plays[:, None] & (shape.succ == BUSTS)
        found = shape.memo[key] = (kind, forced, terminal_mask, plays, goes_on, busts)
    return found


def _links(solver: UpCardSolver, shape: GraphShape) -> _Links:
    rules = solver.rules
    key = ("links", shape, rules.triple_seven, rules.triple_seven_on_split)
    cached = solver.derived.get(key)
    if cached is not None:
        found: _Links = cached
        return found
    kind, forced, terminal_mask, plays, may_go_on, may_bust = _kinds(shape, rules)
    out = solver.out_cards()
    # int32 where the counts allow (half the memory of int64; each solver keeps its links)
    small = max(solver.counts, default=0) < 2**31 and len(shape.found) < 2**31
    if solver.infinite:
        left = np.broadcast_to(np.array(solver.counts, dtype=np.int64), shape.removed.shape)
    else:
        shoe = np.array([n - k for n, k in zip(solver.counts, out)])
        left = np.maximum(shoe.astype(np.int32 if small else np.int64)[None, :] - shape.removed, 0)
    available = left > 0
    goes_on = may_go_on & available
    busts = may_bust & available
    if solver.exact:  # the counts: Python integers only where they go on (next_weight)
        weight: NumArray = left
    else:
        r = shape.r + sum(out)
        spare = solver.n_cards if solver.infinite else solver.n_cards - r
        weight = left / np.asarray(spare, dtype=np.float64).reshape(-1, 1)
    links = _Links(
        kind=kind,
        forced=forced,
        terminal_mask=terminal_mask,
        plays=plays,
        left=left,
        weight=weight,
        next_index=np.where(goes_on, shape.succ, 0).astype(
            np.int32 if small else np.int64, copy=False
        ),
        goes_on=goes_on,
        busts=busts,
        memo={},
    )
    solver.derived[key] = links
    return links


def _classes(shape: GraphShape, in_class: BoolArray) -> dict[ClassKey, IntArray]:
    """The states of ``in_class`` by total class (soft, total), each ascending, the classes in
    the order of their first state: numpy arrays alone, not a Python integer a state."""
    members = np.flatnonzero(in_class).astype(np.int64)
    codes = shape.soft[members].astype(np.int64) * 32 + shape.total[members]
    order = np.argsort(codes, kind="stable")
    groups = [
        group
        for group in np.split(members[order], np.flatnonzero(np.diff(codes[order])) + 1)
        if len(group)
    ]
    groups.sort(key=lambda group: int(group[0]))
    return {(bool(shape.soft[group[0]]), int(shape.total[group[0]])): group for group in groups}


class StateGraph:
    """All states against the solver's up card, with stand, double and terminal values.

    ``shape`` defaults to every hand the solver's shoe can deal; a resplit passes the split
    hands of one pair alone.
    """

    def __init__(self, solver: UpCardSolver, shape: GraphShape | None = None) -> None:
        self.solver = solver
        rules = solver.rules
        exact = solver.exact
        if shape is None:
            key = shape_of(
                solver.counts, infinite=solver.infinite, one_card_aces=not rules.hit_split_aces
            )
            shape = graph_shape(key)
        self.shape = shape
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
        self.index = shape.index
        n = len(shape.found)
        dtype: Any = object if exact else np.float64
        self.dtype = dtype
        links = _links(solver, shape)
        self._links = links
        kind = links.kind
        self.kind = kind
        forced = links.forced
        self.forced = forced
        self.terminal_mask = links.terminal_mask
        plays = links.plays
        self.plays = plays
        left = links.left
        weight = links.weight
        self.weight = weight
        """(states × 10) chance (float) or count (exact) of each next card."""
        self.next_index: IntArray = links.next_index
        self.goes_on = links.goes_on
        bust_key = ("bust_part", links, rules.hole_card, rules.dealer_blackjack_takes, solver.k_one)
        bust_part = solver.derived.get(bust_key)
        if bust_part is None:
            bust_part = self._bust_part(shape, links)
            solver.derived[bust_key] = bust_part
        self.bust_part: NumArray = bust_part
        # terminal values (few states: plain loops)
        terminal = np.zeros(n, dtype=dtype)
        for i in np.nonzero(self.terminal_mask)[0].tolist():
            hand, extra = shape.found[i]
            if kind[i] == SEVEN_KIND:
                terminal[i] = solver.triple_seven(hand, extra, 1)
            else:
                terminal[i] = solver.k_bj * solver.no_blackjack(hand, 2)
        self.terminal_values = terminal
        # stand: k_one × margin − (what a dealer blackjack takes) × its numerator
        # a dealer blackjack's numerators only where it takes something from a stand
        taken = not exact or any(solver.bj_loss(1, extra) for extra in (0, -1))
        margin, dealer_bj = _dealer_margins(solver, shape, taken)
        split = shape.extra >= 0
        self._margin, self._dealer_bj = margin, dealer_bj
        stand_any = self._stand(1, split)
        self.stand_values: NumArray = np.where(self.terminal_mask, 0, stand_any)
        # double: two-card hands the rules let double
        doubles = (
            (kind == TWO) | (kind == PAIR) | ((kind == SPLIT_TWO) & ~forced)
        ) & self._may_double(shape)
        self.double_mask = doubles
        self.double_values: NumArray = np.zeros(n, dtype=dtype)
        rows = np.nonzero(doubles)[0]
        if len(rows):
            self.double_values[rows] = self._double(shape, rows, left, weight)
        self.surrender_mask = np.zeros(n, dtype=np.bool_)
        self.surrender_values: NumArray = np.zeros(n, dtype=dtype)
        for i in np.nonzero((kind == TWO) | (kind == PAIR))[0].tolist():
            value = solver.surrender(shape.found[i][0])
            if value is not None:
                self.surrender_mask[i] = True
                self.surrender_values[i] = value
        in_class = (kind == TWO) | (kind == MULTI) | ((kind == SPLIT_TWO) & ~forced)
        self.class_mask = in_class
        arrays_key = ("class_arrays", rules.triple_seven, rules.triple_seven_on_split)
        class_arrays = shape.memo.get(arrays_key)
        if class_arrays is None:
            class_arrays = shape.memo[arrays_key] = _classes(shape, in_class)
        self.class_arrays: dict[ClassKey, IntArray] = class_arrays
        """Indexes of the states of each total class that a chart's hit/stand cell plays
        (shared by graphs of one shape: do not change)."""
        self.unsplit: dict[int, Number] = {}
        """Each pair's value played without splitting (a ten pair of two ranks split by rank),
        set by the last sweep."""
        self.openings = np.nonzero((kind == TWO) | (kind == PAIR) | (kind == BLACKJACK))[0].tolist()
        self.pairs = {int(shape.pair_slot[i]): int(i) for i in np.nonzero(kind == PAIR)[0].tolist()}
        self.split_starts = self.starts_of_splits()
        self._pair_graphs: dict[tuple[int, int, int], StateGraph] = {}
        self.chart_memo: dict[Any, Any] = {}
        """What the chart search keeps between its passes over this graph (values that no
        pass changes)."""

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
    def opening_weights(self) -> list[tuple[int, Number, Number, Number, Number]]:
        """(state, deal weight, its part that may split, the part that may not, loss to a
        peeked dealer blackjack) of every opening hand."""
        solver = self.solver
        out = []
        for i in self.openings:
            hand = self.shape.found[i][0]
            may, may_not = solver.pair_shares(hand)
            out.append((i, solver.deal_weight(hand), may, may_not, solver.peek_loss(hand)))
        return out

    def rounded(self) -> StateGraph | None:
        """This exact graph's values rounded to float64 (each weight correctly rounded, each
        value within 3 units in the last place), for a float search whose every
        decision is then checked against a proven error bound (:mod:`.strategy`): a view
        on the same shape, links and masks, valued like a float graph. ``None`` where the
        view cannot stand in: float mode already, resplits (valued by the pairs' own graphs,
        outside the bound) or values beyond float range."""
        solver = self.solver
        if not solver.exact or solver.rules.split_hands > 2:
            return None
        try:
            twin = solver.twin(exact=False)
            units = np.array(
                [solver.unit(r) * solver.scale for r in range(solver.budget + 1)], dtype=object
            )
            per_state = units.astype(np.float64)[self.r_out]
            view = copy.copy(self)
            for name in ("stand", "terminal", "double", "surrender", "opening_weights", "states"):
                view.__dict__.pop(name, None)  # cached properties of the exact values
            for name in ("stand_values", "terminal_values", "double_values", "surrender_values"):
                setattr(view, name, getattr(self, name).astype(np.float64) / per_state)
            view.bust_part = self.bust_part.astype(np.float64) / per_state
        except (OverflowError, RulesError):  # pays or values beyond float range
            return None
        key = ("rounded links", self._links)
        links = solver.derived.get(key)
        if links is None:
            spare = solver.n_cards if solver.infinite else solver.n_cards - self.r_out
            weight = self._links.left / np.asarray(spare, dtype=np.float64).reshape(-1, 1)
            links = replace(self._links, weight=weight, memo={})
            solver.derived[key] = links
        view._links = links
        view.weight = links.weight
        view.solver, view.dtype, view.unsplit = twin, np.float64, {}
        view.split_starts = view.starts_of_splits()
        view._pair_graphs = {}
        view.chart_memo = {}
        return view

    # -- building ---------------------------------------------------------------------

    def _bust_part(self, shape: GraphShape, links: _Links) -> NumArray:
        """Per state: Σ weight × value of busting (one unit staked) over the cards that bust it.
        Exact: the value depends on the card only through whether it is the dealer-blackjack
        card, so the other busting cards' counts are summed first (two big-integer products a
        state, not ten); float: card by card, as ever."""
        if not self.solver.exact:
            values = self._bust_values(shape, links.busts, 1)
            part: NumArray = (np.where(links.busts, links.weight, 0) * values).sum(axis=1)
            return part
        table = self._bust_table(1)
        bj = self.solver.bj_slot
        busting = np.where(links.busts, links.left, 0)
        r1 = self.r_out + 1
        split = (shape.extra >= 0).astype(np.int64)
        tens = self.bj_out
        others = busting.sum(axis=1) - (busting[:, bj] if bj >= 0 else 0)
        part = others.astype(object) * table[r1, tens, split]
        if bj >= 0:
            part += busting[:, bj].astype(object) * table[r1, tens + 1, split]
        return part

    def _bust_table(self, stake: int) -> NumArray:
        """Value of busting with ``stake`` units by (cards out after the card, dealer-blackjack
        cards out after it, split or not), cached per shoe, up card and the rules it needs:
        one table for every graph of the solver, made again only when a graph reaches
        further (``indices`` builds thousands of small graphs on one solver)."""
        solver = self.solver
        rules = solver.rules
        bj = solver.bj_slot
        key = ("bust", stake, rules.hole_card, rules.dealer_blackjack_takes, solver.k_one)
        table = solver.derived.get(key)
        top = int(self.r_out.max(initial=0)) + 2
        tens_top = int(self.bj_out.max(initial=0)) + 2 if bj >= 0 else 1
        if table is None or table.shape[0] < top or table.shape[1] < tens_top:
            if table is not None:  # the larger of the two in each direction
                top, tens_top = max(top, table.shape[0]), max(tens_top, table.shape[1])
            table = np.zeros((top, tens_top, 2), dtype=self.dtype)
            # every count of cards out the table may be asked for (whatever ``busts`` holds
            # now: the table is shared), within the solver's denominators
            dealt = [
                tuple(ten if slot == bj else 0 for slot in range(SLOTS)) for ten in range(tens_top)
            ]
            for r1 in range(1, min(top, solver.budget)):
                for ten, removed in enumerate(dealt):
                    for split in (0, 1):
                        table[r1, ten, split] = solver.bust(removed, r1, stake, split - 1)
            solver.derived[key] = table
        found: NumArray = table
        return found

    def _bust_values(
        self, shape: GraphShape, busts: BoolArray, stake: int, rows: IntArray | None = None
    ) -> NumArray:
        """(states × 10, or ``rows`` × 10) value of busting by each card (0 where the card does
        not bust): it depends only on the cards out, the dealer-blackjack cards out and
        whether the hand is split."""
        bj = self.solver.bj_slot
        table = self._bust_table(stake)
        at: IntArray | slice = slice(None) if rows is None else rows
        # one table entry a state for every card but the dealer-blackjack card, one for it:
        # two lookups a state, not ten
        r1 = self.r_out[at] + 1
        split_of = (shape.extra[at] >= 0).astype(np.int64)
        tens = self.bj_out[at]
        busting = busts[at]
        out: NumArray = np.where(busting, table[r1, tens, split_of][:, None], 0)
        if bj >= 0:
            out[:, bj] = np.where(busting[:, bj], table[r1, tens + 1, split_of], 0)
        return out

    def _stand(self, stake: int, split: BoolArray, rows: NumArray | None = None) -> NumArray:
        """Standing with ``stake`` units, every state (or those of ``rows``; blackjacks and
        Triple Sevens included). Exact: nothing taken by a dealer blackjack (a hole card)
        is no product at all."""
        solver = self.solver
        margin, dealer_bj = self._margin, self._dealer_bj
        if rows is not None:
            margin, split = margin[rows], split[rows]
        scale = stake * solver.k_one
        taken = solver.bj_loss(stake, 0), solver.bj_loss(stake, -1)
        if solver.exact and not any(taken):
            plain: NumArray = scale * margin
            return plain
        assert dealer_bj is not None  # asked for wherever a dealer blackjack takes a stake
        if rows is not None:
            dealer_bj = dealer_bj[rows]
        loss = np.where(split, *taken)
        if solver.exact:
            loss = loss.astype(object)
        result: NumArray = scale * margin - loss * dealer_bj
        return result

    def _may_double(self, shape: GraphShape) -> BoolArray:
        """Which two-card states the double rule (and double after split) allows to double."""
        allowed = _double_table(self.solver.rules)
        ok: BoolArray = allowed[shape.extra + 1, shape.soft.astype(np.int64), shape.total]
        return ok

    def _double(
        self, shape: GraphShape, rows: IntArray, left: IntArray, weight: NumArray
    ) -> NumArray:
        """Doubling each state of ``rows``: twice the stake, exactly one more card."""
        rules = self.solver.rules
        succ = shape.succ[rows]
        available = left[rows] > 0
        outcome = np.zeros(succ.shape, dtype=self.dtype)
        on = available & (succ >= 0)
        targets = succ[on]
        values = self._stand(2, shape.extra >= 0, targets)
        paid = np.array([pays_triple_seven(rules, split=s, doubled=True) for s in (False, True)])
        sevens = (self.kind[targets] == SEVEN_KIND) & paid[(shape.extra[targets] >= 0).astype(int)]
        if sevens.any():
            values = np.where(sevens, 2 * self.terminal_values[targets], values)
        outcome[on] = values
        busts = np.zeros(shape.succ.shape, dtype=np.bool_)
        busts[rows] = available & (succ == BUSTS)
        outcome += self._bust_values(shape, busts, 2, rows)
        result: NumArray = (np.where(available, weight[rows], 0) * outcome).sum(axis=1)
        return result

    # -- the per-state view (for callers that walk states one by one) ---------------------

    @property
    def next_weight(self) -> NumArray:
        """(states × 10) ``weight`` where the card goes on to a state, else 0 (exact: Python
        integers), the links' (made when first asked)."""
        return self._links.next_weight

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

    # -- values -----------------------------------------------------------------------

    def hits(self, rows: IntArray | slice, values: NumArray, key: Any = None) -> NumArray:
        """Hit values of the states ``rows`` given every state's value (an array). With a
        ``key`` naming ``rows`` (kept for the links' life) only the cards that go on are
        multiplied: the pairs are listed once and reused."""
        if key is None:
            dense: NumArray = self.bust_part[rows] + (
                self.next_weight[rows] * values[self.next_index[rows]]
            ).sum(axis=1)
            return dense
        memo = self._links.memo
        plan = memo.get(key)
        if plan is None:
            if key[0] in ("level", "class"):
                self._plans(key[0])
                plan = memo.get(key)
            if plan is None:  # other rows: their plan made here and kept
                plan = memo[key] = self._plan_of(np.arange(len(self.goes_on))[rows])
        return self._hit_sums(plan, rows, values)

    def _hit_sums(
        self, plan: tuple[NumArray, IntArray, IntArray, BoolArray], rows: Any, values: NumArray
    ) -> NumArray:
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
        memo = self._links.memo
        weights, targets, per_row, offsets = self._pairs()
        if kind == "level":
            for start, stop in self.shape.levels:
                counts = per_row[start:stop]
                first = int(offsets[start])
                last = first + int(counts.sum())
                nonempty = counts > 0
                starts = (offsets[start:stop] - first)[nonempty]
                memo[("level", start)] = (
                    weights[first:last],
                    targets[first:last],
                    starts,
                    nonempty,
                )
            return
        for key, members in self.class_arrays.items():
            memo[("class", key)] = self._plan_of(members)

    def _pairs(self) -> tuple[NumArray, IntArray, IntArray, IntArray]:
        """Every state's pairs (state, next card) that go on, row-major, once per links: the
        weights (``next_weight``'s), the next states, and each state's count and offset."""
        memo = self._links.memo
        every = memo.get("pairs")
        if every is None:
            pairs = np.flatnonzero(self.goes_on)  # (state, card) as state * 10 + card
            per_row = np.bincount(pairs // SLOTS, minlength=len(self.goes_on))
            every = memo["pairs"] = (
                self.weight.ravel().take(pairs).astype(self.dtype, copy=False),
                self.next_index.ravel().take(pairs),
                per_row,
                np.cumsum(per_row) - per_row,
            )
        return every

    def _plan_of(self, rows: IntArray) -> tuple[NumArray, IntArray, IntArray, BoolArray]:
        """A plan of :meth:`hits` for the states ``rows``: their pairs, in their order."""
        weights, targets, per_row, offsets = self._pairs()
        counts = per_row[rows]
        local = np.cumsum(counts) - counts
        at = np.repeat(offsets[rows] - local, counts) + np.arange(int(counts.sum()))
        nonempty = counts > 0
        return weights[at], targets[at], local[nonempty], nonempty

    def hits_of(self, rows: IntArray, values: NumArray) -> NumArray:
        """Hit values of the states ``rows`` alone (a chart's hitting states, which change
        from chart to chart: no plan kept), the same sums as :meth:`hits`."""
        return self._hit_sums(self._plan_of(rows), rows, values)

    def hit(self, i: int, values: list[Number] | NumArray) -> Number:
        """Hit value of state ``i`` given the values of the states after it."""
        total = self.bust_part[i]
        # ``weight`` is ``next_weight`` where a card goes on (as Python numbers: no dense
        # next_weight made for one row)
        weights = self.weight[i].tolist()
        for w, j, g in zip(weights, self.next_index[i].tolist(), self.goes_on[i].tolist()):
            if g:
                total = total + w * values[j]
        return total if self.solver.exact else float(total)

    def split(
        self, slot: int, values: list[Number] | NumArray, decide: Decide | None = None
    ) -> Number:
        """Split value of the pair ``slot``, over ``D_2 · S``: twice the first hand, given the
        split hands' values; with resplits (:mod:`.resplit`), the split hands played by
        ``decide`` (default: the composition-dependent best moves, :meth:`best_moves`)."""
        if hands_possible(self.solver.rules, slot) > 2:
            return self._resplit(slot, decide)
        total: Number = 0
        for w, j in self.split_starts[slot]:
            total += w * values[j]
        return 2 * total

    def _resplit(self, slot: int, decide: Decide | None) -> Number:
        """A split with resplits: Σ over :meth:`resplit_starts` of weight × the first hand's
        value from its term's shoe, each a sweep of the fixed play over the pair's own graph
        (``decide``, else the composition-dependent best moves of the pair's hands)."""
        base = self.pair_graph(slot, 0, 2)
        moves = base.best_moves(base.optimal_array()) if decide is None else base.moves_of(decide)
        values: dict[int, NumArray] = {}
        total: Number = 0
        for graph, j, weight in self.resplit_starts(slot):
            found = values.get(id(graph))
            if found is None:
                found = values[id(graph)] = graph.evaluate(moves)
            total += weight * found[j]
        return total

    def resplit_starts(self, slot: int) -> list[tuple[StateGraph, int, Number]]:
        """The first split hands of the resplit formula for the pair ``slot``
        (:func:`~.resplit.pattern_terms`): (the pair graph of a term's shoe, the hand's state
        in it, coefficient × chance × the card's weight), so that the split value is the sum
        of weight × the hand's value."""
        solver = self.solver
        rules = solver.rules
        shares = (
            not rules.hole_card and rules.dealer_blackjack_takes is DealerBlackjackTakes.ORIGINAL
        )
        first = add_card((0,) * SLOTS, slot)
        found = []
        for m, kind, made, coefficient in pattern_terms(hands_possible(rules, slot)):
            chance = pair_chance(solver, slot, m)
            if not chance:
                continue
            graph = self.pair_graph(slot, m, made if shares else 2)
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

    def pair_graph(self, slot: int, m: int, sharing: int) -> StateGraph:
        """The split hands of ``slot`` alone, from the shoe less ``m`` more pair cards, with
        ``sharing`` hands sharing what a dealer blackjack takes of the original stake (kept)."""
        key = (slot, m, sharing)
        found = self._pair_graphs.get(key)
        if found is None:
            solver = self.solver
            shape = graph_shape(
                shape_of(
                    solver.counts,
                    infinite=solver.infinite,
                    one_card_aces=not solver.rules.hit_split_aces,
                    pair=slot,
                )
            )
            found = StateGraph(solver.with_out(slot, m, sharing), shape)
            self._pair_graphs[key] = found
        return found

    def evaluate(self, moves: IntArray) -> NumArray:
        """Every state's value when each plays its move of ``moves`` (:data:`STAND`, :data:`HIT`
        or :data:`DOUBLE`; a double where not allowed stands), pairs not split: one sweep,
        most cards first."""
        values = self.zeros()
        for start, stop in reversed(self.shape.levels):
            rows = slice(start, stop)
            move = moves[rows]
            value = self.stand_values[rows]
            hits = move == HIT
            if hits.any():
                value = np.where(hits, self.hits(rows, values, ("level", start)), value)
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

    def zeros(self) -> NumArray:
        """A value array (one entry per state) of zeros."""
        return np.zeros(len(self.shape.found), dtype=self.dtype)

    def optimal_array(self) -> NumArray:
        """:meth:`optimal_values` as an array."""
        values = self.zeros()
        maximum = np.maximum
        plays = self.plays
        if not self.solver.exact:
            # floats: a move not offered is worth -inf (maximum then keeps the other, NaN
            # and signed zeros included), a state that does not play its fixed value: the
            # same values as the masks below, in fewer calls a level
            doubling = np.where(self.double_mask, self.double_values, -np.inf)
            surrendering = np.where(self.surrender_mask, self.surrender_values, -np.inf)
            fixed = np.where(self.terminal_mask, self.terminal_values, self.stand_values)
        for start, stop in reversed(self.shape.levels):
            rows = slice(start, stop)
            best = maximum(self.stand_values[rows], self.hits(rows, values, ("level", start)))
            if not self.solver.exact:
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

    def optimal_values(self) -> list[Number]:
        """Every state's value under composition-dependent optimal play (one sweep, most cards first);
        an opening two-card hand's value is that of its best move."""
        values: list[Number] = self.optimal_array().tolist()
        if not self.solver.exact:
            self.unsplit = {slot: float(v) for slot, v in self.unsplit.items()}
        return values

    def opening_total(self, values: list[Number] | NumArray) -> Number:
        """Σ deal weight × (opening value + loss to a peeked dealer blackjack): the up card's
        value numerator over the deal weights' total × ``D_2 · S``."""
        total: Number = 0
        found = self.shape.found
        for i, _, may, may_not, peek in self.opening_weights:
            total += may * (values[i] + peek)
            if may_not:
                total += may_not * (self.unsplit[found[i][0].index(2)] + peek)
        return total if self.solver.exact else float(total)
