"""Shoe after shoe: value this shoe, then this one, under one rule set.

``counting --exact-ev`` values every round's shoe (the chart's value, the cards not yet seen),
``indices`` every shoe it draws at a count (each decision's two moves, one small graph a
hand). A :class:`ShoeValuer` does either shoe after shoe and keeps what one shoe leaves for
the next:

- the graph shapes: a shape follows from what a hand may hold of each value, so a depleted
  shoe has the full shoe's shape until a value falls below what a hand of 21 may hold, and
  the one-hand shapes of ``indices`` are capped by the hand's room (shared by nearly every
  shoe); kept here for the valuer's life (up to a bound in states), whatever the package's
  own cache lets go. Everything that follows from a shape alone hangs on it and is kept
  with it: the states' kinds and total classes, each state's next states and the pairs a
  hit sums (where every card is left), the opening hands;
- the dealer's multiset tables restricted to the shoe's counts and their compiled plans,
  which change only when a value's count falls below eleven (kept by the dealer's caches);
- within a shoe, ``indices`` values one graph a hand and up card for every decision on it
  (``16 v T`` and its surrender; :func:`~baccarat_exact.analysis.blackjack.valuation.
  situation_terms`, given :meth:`ShoeValuer.shape`).

What changes with every card is computed again: the dealer's outcome probabilities after
each hand (every count enters them) and the stand, bust and double values over them.
``docs/performance.md`` ("Blackjack per-shoe cost") has what each command pays a shoe.
"""

from __future__ import annotations

from collections import OrderedDict
from fractions import Fraction
from typing import TYPE_CHECKING

from baccarat_exact.blackjack.hands import ACE
from baccarat_exact.blackjack.round import forced_stand
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.blackjack.shape import (
    SHAPE_CACHE_STATES,
    GraphShape,
    ShapeKey,
    graph_shape,
    shape_of,
)
from baccarat_exact.model.shoe import Shoe

if TYPE_CHECKING:
    from baccarat_exact.blackjack.graph import StateGraph
    from baccarat_exact.blackjack.solver import UpCardSolver
    from baccarat_exact.blackjack.strategy import BasicStrategy

__all__ = ["ShoeValuer", "Value"]

Value = Fraction | float


class ShoeValuer:
    """Values shoes one after another under ``rules`` (exact Fractions, or floats with
    ``exact`` false), keeping between shoes what does not change (module docstring).

    >>> valuer = ShoeValuer(BlackjackRules(decks=1), exact=False)
    >>> round(valuer.optimal(Shoe.from_decks(1)), 6)  # a full deck
    0.000552
    >>> round(valuer.optimal(Shoe.from_counts([3] + [4] * 12)), 6)  # an ace gone
    -0.006109
    """

    def __init__(self, rules: BlackjackRules, *, exact: bool = True) -> None:
        self.rules = rules
        self.exact = exact
        self._shapes: OrderedDict[ShapeKey, GraphShape] = OrderedDict()
        self._states = 0

    def shape(self, key: ShapeKey) -> GraphShape:
        """The shape of ``key``, kept for the shoes to come (the most recently used, up to
        :data:`~.shape.SHAPE_CACHE_STATES` states in all)."""
        found = self._shapes.get(key)
        if found is not None:
            self._shapes.move_to_end(key)
            return found
        found = self._shapes[key] = graph_shape(key)
        self._states += len(found.r)
        while self._states > SHAPE_CACHE_STATES and len(self._shapes) > 1:
            _, dropped = self._shapes.popitem(last=False)
            self._states -= len(dropped.r)
        return found

    def graph(self, solver: UpCardSolver) -> StateGraph:
        """Every state against the solver's up card, on a kept shape."""
        from baccarat_exact.blackjack.graph import StateGraph

        key = shape_of(
            solver.counts,
            infinite=solver.infinite,
            one_card_aces=forced_stand(solver.rules, ACE),
        )
        return StateGraph(solver, self.shape(key))

    def chart(self, shoe: Shoe, strategy: BasicStrategy) -> Value:
        """The value per round of the chart ``strategy`` from ``shoe``: what
        :func:`~.edge.strategy_value` gives (the rules are the chart's)."""
        from baccarat_exact.blackjack.edge import _as_value, solvers
        from baccarat_exact.blackjack.strategy import evaluate_play

        total: Value = Fraction(0)
        for probability, solver in solvers(shoe, strategy.rules, exact=self.exact):
            numerator = evaluate_play(self.graph(solver), strategy.plays[solver.up])
            total = total + probability * _as_value(solver, numerator)
        return total

    def optimal(self, shoe: Shoe) -> Value:
        """The value per round of composition-dependent optimal play from ``shoe`` (the
        house edge's opposite, as ``blackjack edge`` gives it)."""
        from baccarat_exact.blackjack.edge import _as_value, solvers

        total: Value = Fraction(0)
        for probability, solver in solvers(shoe, self.rules, exact=self.exact):
            graph = self.graph(solver)
            numerator = graph.optimal_total()
            total = total + probability * _as_value(solver, numerator)
        return total
