"""One shoe's values for ``blackjack indices`` (step 3 of its method): for each decision,
the chance it arises and the chance-weighted difference between the index play and the
move it replaces, valued exactly with the composition-dependent best play after each card
(:class:`~baccarat_exact.blackjack.graph.StateGraph`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from baccarat_exact.analysis.blackjack.decisions import Decision
from baccarat_exact.blackjack.hands import ACE, SLOTS, TEN, Counts
from baccarat_exact.blackjack.round import peeks, split_share, tens_split_by_rank
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.model.shoe import Shoe

if TYPE_CHECKING:
    from baccarat_exact.blackjack.graph import StateGraph
    from baccarat_exact.blackjack.shape import GraphShape, NumArray, ShapeKey
    from baccarat_exact.blackjack.solver import Number

__all__ = ["Value", "situation_terms", "split_tens_chance"]

Value = Fraction | float


def situation_terms(
    counts: Counts,
    rules: BlackjackRules,
    decisions: Sequence[Decision],
    *,
    exact: bool = True,
    same_rank_tens: Fraction = Fraction(1),
    shapes: Callable[[ShapeKey], GraphShape] | None = None,
) -> list[tuple[Value, Value]]:
    """For the shoe ``counts`` (before the round), each decision's ``(x, y)``: the chance it
    arises and the chance-weighted difference EV(index play) − EV(other move), over its
    two-card hands (module docstring). Exact fractions, or floats with ``exact``
    false.

    A pair of tens split by rank is a decision only when both tens are of one rank, which
    ``counts`` (cards per value) does not tell: ``same_rank_tens`` is the chance of it,
    the full shoe's (:func:`split_tens_chance`), by which the T,T hands are weighted; 1
    where pairs are by value. ``shapes`` gives the graphs' shapes (a
    :class:`~baccarat_exact.blackjack.shoes.ShoeValuer`'s, kept from shoe to shoe; else
    the package's cache); one graph a hand and up card serves every decision on it.
    """
    from baccarat_exact.blackjack.graph import StateGraph
    from baccarat_exact.blackjack.hand import moves_shape
    from baccarat_exact.blackjack.solver import UpCardSolver

    n = sum(counts)
    terms: list[tuple[Value, Value]] = []
    solvers: dict[int, UpCardSolver] = {}
    graphs: dict[tuple[int, Counts, bool], tuple[StateGraph, NumArray]] = {}
    zero: Value = Fraction(0) if exact else 0.0
    for decision in decisions:
        up = decision.up
        if not counts[up]:
            terms.append((zero, zero))
            continue
        after = tuple(c - (s == up) for s, c in enumerate(counts))
        p_up = Fraction(counts[up], n)
        if decision.kind == "insurance":
            p_ten = Fraction(after[TEN], n - 1)
            terms.append(_cast((p_up, p_up * (3 * p_ten - 1)), exact))
            continue
        solver = solvers.get(up)
        if solver is None:
            solver = solvers[up] = UpCardSolver(after, up, rules, exact=exact)
        x: Value = zero
        y: Value = zero
        for hand in decision.hands():
            if any(after[s] < hand[s] for s in range(SLOTS)):
                continue
            splittable = decision.kind == "pair"
            made = graphs.get((up, hand, splittable))
            if made is None:
                shape = moves_shape(solver, hand, splittable=splittable, shapes=shapes)
                graph = StateGraph(solver, shape)
                made = graphs[(up, hand, splittable)] = (graph, graph.optimal_array())
            graph, values = made
            play, other = _move_values(graph, graph.index[(hand, -1)], decision, values)
            no_bj = solver.no_blackjack(hand, 2)  # numerator over D_2 (a chance in float mode)
            if exact:
                diff: Value = solver.value_of(play - other, 2)
                no_blackjack: Value = Fraction(int(no_bj), int(solver.unit(2)))
            else:
                diff, no_blackjack = float(play - other), float(no_bj)
            weight = p_up * _deal_chance(after, hand)
            if decision.kind == "pair" and decision.total == TEN:
                weight *= same_rank_tens
            x += weight * no_blackjack if peeks(rules) else weight
            y += weight * diff
        terms.append((x, y) if exact else (float(x), float(y)))
    return terms


def _cast(pair: tuple[Fraction, Fraction], exact: bool) -> tuple[Value, Value]:
    return pair if exact else (float(pair[0]), float(pair[1]))


def _deal_chance(after: Counts, hand: Counts) -> Fraction:
    """Chance that the two cards after the up card make ``hand`` (either order)."""
    n = sum(after)
    slots = [s for s in range(SLOTS) for _ in range(hand[s])]
    a, b = slots
    ways = after[a] * (after[a] - 1) if a == b else 2 * after[a] * after[b]
    return Fraction(ways, n * (n - 1))


def _move_values(
    graph: StateGraph, i: int, decision: Decision, values: NumArray
) -> tuple[Number, Number]:
    """Numerators of the index play and of the move it replaces, for state ``i`` (the play
    after each card the composition-dependent best: every state's optimal ``values``)."""
    stand: Number = graph.stand_values[i]
    hit = graph.hit(i, values)
    if decision.play == "stand":
        return stand, hit
    if decision.play == "double":
        return graph.double_values[i], hit
    if decision.play == "split":
        split = graph.split(decision.total, values)
        if decision.other == "stand":
            return split, stand
        best = max(stand, hit)
        if graph.double_mask[i]:
            best = max(best, graph.double_values[i])
        return split, best
    return graph.surrender_values[i], max(stand, hit)


def split_tens_chance(rules: BlackjackRules, shoe: Shoe) -> Fraction:
    """The chance that two ten-valued cards the player holds are of one rank, where the
    rules split tens only by rank (else 1).

    The shoes at a count are drawn by value, so the ranks of the tens left are not known;
    but the tens gone are a uniform subset of the shoe's tens (and so is an up card that
    is a ten), so two tens dealt to the player are a uniform pair of the full shoe's tens:
    the chance is the full shoe's, for every shoe drawn.

    >>> split_tens_chance(BlackjackRules(split_by="rank"), Shoe.from_decks(6))
    Fraction(23, 95)
    """
    if not tens_split_by_rank(rules):
        return Fraction(1)
    from baccarat_exact.blackjack.edge import same_rank_tens

    return split_share(rules, TEN, same_rank_tens(shoe, ACE))
