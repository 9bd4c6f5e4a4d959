"""The state graph's links: which state follows which by each card, with what weight.

What the graph takes from its shape, the shoe and the few rules that end a hand early (a
blackjack, a paid Triple Seven, split aces that take one card): each state's kind, which
states play on, and per (state, card) the next state, the cards left and their weight.
Built once per solver's shoe and shape (:func:`links_of`, kept in the solver's derived
cache), shared by the rule flips that keep them; the values sweep over them (:mod:`.graph`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

import numpy as np

from baccarat_exact.blackjack.graph_solver import GraphSolver
from baccarat_exact.blackjack.hands import SEVEN, SLOTS
from baccarat_exact.blackjack.round.moves import forced_stand, pays_triple_seven
from baccarat_exact.blackjack.shape import (
    BLACKJACK,
    BUSTS,
    SEVEN_KIND,
    SPLIT_TWO,
    BoolArray,
    ClassKey,
    GraphShape,
    IntArray,
    NumArray,
)

__all__ = ["Links", "links_of", "rounded_links", "state_classes"]


@dataclass(frozen=True, eq=False)
class Links:
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
    shared: bool = False
    """``goes_on``, ``busts`` and ``next_index`` are the shape's own (every card is left
    after every state: a full shoe's case), so what follows from them alone is kept in the
    shape's memo for every up card and shoe of it (:mod:`.graph_hits`)."""

    @cached_property
    def next_weight(self) -> NumArray:
        """``weight`` where the card goes on to a state, else 0 (exact: Python integers):
        made when first asked (a chart's dense sweep, the per-state view), not for the
        optimal sweep, whose plans take the weights of the pairs that go on alone."""
        dense: NumArray = np.where(self.goes_on, self.weight, 0)
        return dense.astype(object) if self.weight.dtype.kind in "iu" else dense


_Kinds = tuple[IntArray, BoolArray, BoolArray, BoolArray, BoolArray, BoolArray]
"""(kind, forced, terminal_mask, plays, may go on, may bust): see :func:`_kinds`."""


def _kinds(shape: GraphShape, solver: GraphSolver) -> _Kinds:
    """Each state's kind (Triple Seven now told, by the solver), which split aces must stand,
    which states end the hand, which play, and which (state, card) goes on to a state or busts
    if the card is left: what the links take from the shape and the rules alone (cached in the
    shape, for every up card)."""
    rules = solver.rules
    paid = tuple(pays_triple_seven(rules, split=s, doubled=False) for s in (False, True))
    stands = tuple(forced_stand(rules, extra) for extra in range(-1, SLOTS))
    key = ("kinds", paid, stands)
    found: _Kinds | None = shape.memo.get(key)
    if found is None:
        kind = shape.kind.copy()
        # hands just completed by a third card, of three sevens (no other three cards make
        # a Triple Seven: moves.is_triple_seven); the solver tells which are paid
        third = np.flatnonzero((shape.cards == 3) & (shape.hands[:, SEVEN] == 3))
        for i, hand, extra in zip(
            third.tolist(), shape.hands[third].tolist(), shape.extra[third].tolist()
        ):
            if solver.is_triple_seven(tuple(hand), extra, doubled=False):
                kind[i] = SEVEN_KIND
        forced = (kind == SPLIT_TWO) & np.array(stands)[shape.extra + 1]
        terminal_mask = (kind == BLACKJACK) | (kind == SEVEN_KIND)
        plays = ~terminal_mask & ~forced
        goes_on = plays[:, None] & (shape.succ >= 0)
        busts = plays[:, None] & (shape.succ == BUSTS)
        found = shape.memo[key] = (kind, forced, terminal_mask, plays, goes_on, busts)
    return found


def links_of(solver: GraphSolver, shape: GraphShape) -> Links:
    """The links of ``shape`` on the solver's shoe (cached in the solver's derived cache)."""
    rules = solver.rules
    key = ("links", shape, rules.triple_seven, rules.triple_seven_on_split)
    cached = solver.derived.get(key)
    if cached is not None:
        found: Links = cached
        return found
    kind, forced, terminal_mask, plays, may_go_on, may_bust = _kinds(shape, solver)
    out = solver.out_cards()
    # int32 where the counts allow (half the memory of int64; each solver keeps its links)
    small = max(solver.counts, default=0) < 2**31 and len(shape.found) < 2**31
    shared = _every_card_left(solver, shape, out)
    if solver.infinite:
        left = np.broadcast_to(np.array(solver.counts, dtype=np.int64), shape.removed.shape)
    else:
        shoe = np.array([n - k for n, k in zip(solver.counts, out)])
        left = shoe.astype(np.int32 if small else np.int64)[None, :] - shape.removed
        if not shared:  # else every count is above what any state removes: none below 0
            np.maximum(left, 0, out=left)
    if shared:  # the shape's arrays as they are, not copies ANDed with all-true
        goes_on, busts = may_go_on, may_bust
        next_key = ("next index", id(may_go_on), small)
        next_index = shape.memo.get(next_key)
        if next_index is None or next_index[0] is not may_go_on:
            next_index = shape.memo[next_key] = (may_go_on, _next_index(shape, may_go_on, small))
        next_index = next_index[1]
    else:
        available = left > 0
        goes_on = may_go_on & available
        busts = may_bust & available
        next_index = _next_index(shape, goes_on, small)
    if solver.exact:  # the counts: Python integers only where they go on (next_weight)
        weight: NumArray = left
    else:
        weight = left / _spare(solver, shape.r + sum(out))
    links = Links(
        kind=kind,
        forced=forced,
        terminal_mask=terminal_mask,
        plays=plays,
        left=left,
        weight=weight,
        next_index=next_index,
        goes_on=goes_on,
        busts=busts,
        memo={},
        shared=shared,
    )
    solver.derived[key] = links
    return links


def _next_index(shape: GraphShape, goes_on: BoolArray, small: bool) -> IntArray:
    """Per (state, card) the state the card makes where it goes on, else 0."""
    found: IntArray = np.where(goes_on, shape.succ, 0).astype(
        np.int32 if small else np.int64, copy=False
    )
    return found


def _every_card_left(solver: GraphSolver, shape: GraphShape, out: tuple[int, ...]) -> bool:
    """Whether every card value is left in the shoe after every state's cards (and the
    solver's ``out``): then no (state, card) is cut for want of the card."""
    if solver.infinite:
        return all(n > 0 for n in solver.counts)
    most = shape.memo.get("most removed")
    if most is None:
        most = shape.memo["most removed"] = shape.removed.max(axis=0, initial=0).tolist()
    return all(n - k > m for n, k, m in zip(solver.counts, out, most))


def _spare(solver: GraphSolver, r_out: IntArray) -> NumArray:
    """(states × 1) cards in the shoe after each state's cards out, as float64."""
    spare = solver.n_cards if solver.infinite else solver.n_cards - r_out
    column: NumArray = np.asarray(spare, dtype=np.float64).reshape(-1, 1)
    return column


def rounded_links(solver: GraphSolver, links: Links, r_out: IntArray) -> Links:
    """Exact ``links`` with float chances for weights, for a rounded graph
    (:meth:`.graph.Graph.rounded`): kept in the exact solver's derived cache."""
    key = ("rounded links", links)
    found: Links | None = solver.derived.get(key)
    if found is None:
        found = replace(links, weight=links.left / _spare(solver, r_out), memo={})
        solver.derived[key] = found
    return found


def state_classes(shape: GraphShape, in_class: BoolArray) -> dict[ClassKey, IntArray]:
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
