"""The value of a round: composition-dependent optimal play and the derived basic strategy.

For every up card one :class:`UpCardSolver` computes the optimal value and the
basic strategy's value from the same cached dealer distributions; the round's
value is their average weighted by the up card's probability. Flipping each rule
option on its own and solving again prices the option.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from baccarat_exact.blackjack.dealer import hits_soft_17_matters
from baccarat_exact.blackjack.graph import StateGraph
from baccarat_exact.blackjack.hands import SLOT_LABELS, SLOTS, TEN, Counts, shoe_counts
from baccarat_exact.blackjack.rules import (
    RULESET_TITLES,
    RULESETS,
    BlackjackRules,
    OptionFlip,
    find_rules,
    option_flips,
)
from baccarat_exact.blackjack.solver import Number, UpCardSolver, require_round_depth
from baccarat_exact.blackjack.strategy import BasicStrategy, UpCardPlay, derive_play, evaluate_play
from baccarat_exact.errors import ShoeError
from baccarat_exact.model.exact import exact_fields
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "EdgeResult",
    "OptionValue",
    "RulesetEdge",
    "UpCardEdge",
    "basic_strategy",
    "chosen_rulesets",
    "edge",
    "ruleset_edges",
    "same_rank_tens",
    "solve_steps",
    "solvers",
    "strategy_value",
]

Value = Fraction | float
"""An exact Fraction, or a float in float mode."""

Advance = Callable[[int], None] | None
"""Called with 1 after each up card solved (a progress bar's step); ``None``: nothing."""


_DealerCaches = dict[tuple[Counts, int, bool, bool, bool], dict[Counts, tuple[Number, ...]]]
_DerivedCaches = dict[tuple[Counts, int, bool, bool, bool], dict[Any, Any]]


@dataclass(frozen=True, slots=True, kw_only=True)
class UpCardEdge:
    """One up card's share of the round."""

    up: int
    probability: Fraction
    """Chance of this up card."""
    optimal: Value
    """Player's expected net win given this up card, composition-dependent optimal play."""
    basic: Value
    """The same under the derived basic strategy."""

    @property
    def optimal_contribution(self) -> Value:
        """``probability × optimal``: this up card's part of the round's value."""
        return self.probability * self.optimal

    @property
    def basic_contribution(self) -> Value:
        """``probability × basic``."""
        return self.probability * self.basic


@dataclass(frozen=True, slots=True, kw_only=True)
class OptionValue:
    """The change in the player's value when one rule option flips."""

    flip: OptionFlip
    optimal: Value
    """Player's value after the flip, optimal play."""
    basic: Value
    optimal_change: Value
    """``optimal`` minus the unflipped value (positive: the flip helps the player)."""
    basic_change: Value


@dataclass(frozen=True, slots=True, kw_only=True)
class EdgeResult:
    """The round's value for a shoe and rules, per up card, with the basic strategy used."""

    rules: BlackjackRules
    shoe: Shoe
    exact: bool
    up_cards: tuple[UpCardEdge, ...]
    optimal: Value
    """Player's expected net win per round (per original unit staked), optimal play."""
    basic: Value
    """The same under the derived basic strategy."""
    strategy: BasicStrategy
    options: tuple[OptionValue, ...] = ()

    @property
    def house_edge_optimal(self) -> Value:
        """House edge against optimal play: ``-optimal``."""
        return -self.optimal

    @property
    def house_edge_basic(self) -> Value:
        """House edge against the basic strategy: ``-basic``."""
        return -self.basic

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON data: exact values as ``"p/q"``, decimals in ``*_float`` (a
        command's document wraps it)."""

        return {
            "arithmetic": "exact" if self.exact else "float",
            "rules": self.rules.to_dict(),
            "shoe": self.shoe.to_dict(),
            **exact_fields("player_ev_optimal", self.optimal, exact=False),
            **exact_fields("player_ev_basic", self.basic, exact=False),
            **exact_fields("house_edge_optimal", self.house_edge_optimal, exact=False),
            **exact_fields("house_edge_basic", self.house_edge_basic, exact=False),
            "up_cards": [
                {
                    "up": SLOT_LABELS[u.up],
                    "probability": str(u.probability),
                    "probability_float": float(u.probability),
                    **exact_fields("ev_optimal", u.optimal, exact=False),
                    **exact_fields("ev_basic", u.basic, exact=False),
                    **exact_fields("contribution_optimal", u.optimal_contribution, exact=False),
                    **exact_fields("contribution_basic", u.basic_contribution, exact=False),
                }
                for u in self.up_cards
            ],
            "option_values": [
                {
                    "option": o.flip.option,
                    "change": o.flip.change,
                    **exact_fields("player_ev_optimal", o.optimal, exact=False),
                    **exact_fields("player_ev_basic", o.basic, exact=False),
                    **exact_fields("change_optimal", o.optimal_change, exact=False),
                    **exact_fields("change_basic", o.basic_change, exact=False),
                }
                for o in self.options
            ],
        }


def solvers(
    shoe: Shoe,
    rules: BlackjackRules,
    *,
    exact: bool = True,
    caches: _DealerCaches | None = None,
    derived: _DerivedCaches | None = None,
) -> list[tuple[Fraction, UpCardSolver]]:
    """One solver per up card the shoe can show, with the up card's probability.

    ``caches`` shares dealer distributions between solvers of the same shoe and dealer rule
    (they do not depend on the player's options, nor on the soft-17 rule for an up card that
    never makes soft 17); ``derived`` likewise the arrays the state graph derives from them.
    """
    counts = shoe_counts(shoe)
    n_cards = sum(counts)
    if n_cards == 0:
        raise ShoeError("the shoe is empty")
    if not shoe.infinite:
        # the up card of the highest value leaves the fewest points: the one to name
        worst = max(slot for slot in range(SLOTS) if counts[slot])
        after_worst = tuple(c - (slot == worst) for slot, c in enumerate(counts))
        require_round_depth(after_worst, split_hands=rules.split_hands, up=worst)
    found: list[tuple[Fraction, UpCardSolver]] = []
    for up in range(SLOTS):
        if not counts[up]:
            continue
        after = (
            counts if shoe.infinite else tuple(c - (slot == up) for slot, c in enumerate(counts))
        )
        soft_17 = rules.dealer_hits_soft_17 and hits_soft_17_matters(up)
        key = (after, up, soft_17, shoe.infinite, exact)
        cache = None if caches is None else caches.setdefault(key, {})
        shared = None if derived is None else derived.setdefault(key, {})
        solver = UpCardSolver(
            after,
            up,
            rules,
            infinite=shoe.infinite,
            exact=exact,
            dealer_cache=cache,
            same_rank_tens=same_rank_tens(shoe, up),
            derived_cache=shared,
        )
        found.append((Fraction(counts[up], n_cards), solver))
    return found


def same_rank_tens(shoe: Shoe, up: int) -> Fraction:
    """Chance that two ten-valued cards dealt after the up card ``up`` are of one rank
    (T T, J J, Q Q or K K), averaged over the up card's rank when it is a ten.

    >>> same_rank_tens(Shoe.infinite_shoe(), 0), same_rank_tens(Shoe.from_decks(1), 0)
    (Fraction(1, 4), Fraction(1, 5))
    """
    tens = shoe.counts[9:]
    total = sum(tens)
    if shoe.infinite:
        return Fraction(sum(n * n for n in tens), total * total) if total else Fraction(1)
    ups = (
        [(1, [0, 0, 0, 0])]
        if up != TEN
        else [(n, [int(i == j) for j in range(4)]) for i, n in enumerate(tens) if n]
    )
    same = Fraction(0)
    pairs = Fraction(0)
    for weight, out in ups:
        left = [n - k for n, k in zip(tens, out)]
        held = sum(left)
        same += weight * sum(n * (n - 1) for n in left)
        pairs += weight * held * (held - 1)
    return same / pairs if pairs else Fraction(1)


def _as_value(solver: UpCardSolver, numerator: Number) -> Value:
    """A value numerator over the deal weights' total × ``D_2 · S`` as a Fraction (or float)."""
    if solver.exact:
        return Fraction(
            int(numerator), solver.deal_total_int() * int(solver.unit(2)) * int(solver.scale)
        )
    return float(numerator)


def _solve(
    shoe: Shoe,
    rules: BlackjackRules,
    exact: bool,
    caches: _DealerCaches,
    progress: Advance = None,
    derived: _DerivedCaches | None = None,
    chart: BasicStrategy | None = None,
) -> tuple[tuple[UpCardEdge, ...], BasicStrategy]:
    """Every up card's values and the basic strategy: derived, or ``chart``'s plays where
    the caller knows the derivation would give them back (:data:`_SAME_CHART`)."""
    ups: list[UpCardEdge] = []
    plays = [UpCardPlay.starting(up) for up in range(SLOTS)]
    found = solvers(shoe, rules, exact=exact, caches=caches, derived=derived)
    if progress is not None:
        progress(SLOTS - len(found))  # up cards the shoe cannot show: nothing to solve
    found.reverse()
    while found:  # each solver let go once valued: its arrays (unless shared) go with it
        probability, solver = found.pop()
        given = None if chart is None else chart.plays[solver.up]
        up, play = _solve_up(probability, solver, given)
        plays[up.up] = play
        ups.append(up)
        if progress is not None:
            progress(1)
    return tuple(ups), BasicStrategy(rules=rules, plays=tuple(plays))


def _solve_up(
    probability: Fraction, solver: UpCardSolver, play: UpCardPlay | None = None
) -> tuple[UpCardEdge, UpCardPlay]:
    """One up card's values and derived play, or ``play``'s value where it is given (its
    graph gone on return, before the next one's is built)."""
    graph = StateGraph(solver)
    optimal = _as_value(solver, graph.optimal_total())
    if play is None:
        play, basic = derive_play(graph)
    else:
        basic = evaluate_play(graph, play)
    return UpCardEdge(
        up=solver.up, probability=probability, optimal=optimal, basic=_as_value(solver, basic)
    ), play


_SAME_CHART = frozenset({"blackjack_pays"})
"""Options whose flip leaves the derived basic strategy as it is: what a natural pays is
read by no chart cell (a natural ends the hand, and no hit reaches one), so every value the
derivation compares is the same and so is every decision; the flip is valued on the
unflipped chart instead of deriving it again (``tests/test_blackjack_edge.py`` derives both)."""


def solve_steps(rules: BlackjackRules, options: bool | Sequence[str] = False) -> int:
    """How many up-card solves :func:`edge` makes (the length of its progress bar)."""
    flips = len(_chosen_flips(rules, options)) if options else 0
    return SLOTS * (1 + flips)


def _chosen_flips(rules: BlackjackRules, options: bool | Sequence[str]) -> list[OptionFlip]:
    wanted = None if options is True else set(options or ())
    return [f for f in option_flips(rules) if wanted is None or f.option in wanted]


def _total(ups: tuple[UpCardEdge, ...], attribute: str) -> Value:
    total: Value = Fraction(0)
    for u in ups:
        total = total + u.probability * getattr(u, attribute)
    return total


def edge(
    shoe: Shoe | None = None,
    rules: BlackjackRules | None = None,
    *,
    exact: bool = True,
    options: bool | Sequence[str] = False,
    progress: Advance = None,
) -> EdgeResult:
    """The value of a round from ``shoe`` (default: a fresh shoe of ``rules.decks``).

    With ``options`` (True, or the names of some options) each rule option is also flipped
    on its own and priced: both values, the strategy re-derived for the flipped rules.
    """
    rules = rules or BlackjackRules()
    shoe = shoe or Shoe.from_decks(rules.decks)
    caches: _DealerCaches = {}
    # the arrays a graph derives from the dealer, kept for the option flips (else each up
    # card's go with its solver)
    derived: _DerivedCaches | None = {} if options else None
    ups, strategy = _solve(shoe, rules, exact, caches, progress, derived)
    optimal, basic = _total(ups, "optimal"), _total(ups, "basic")
    values: list[OptionValue] = []
    if options:
        for flip in _chosen_flips(rules, options):
            chart = strategy if flip.option in _SAME_CHART else None
            flipped, _ = _solve(shoe, flip.rules, exact, caches, progress, derived, chart)
            opt, bas = _total(flipped, "optimal"), _total(flipped, "basic")
            values.append(
                OptionValue(
                    flip=flip,
                    optimal=opt,
                    basic=bas,
                    optimal_change=opt - optimal,
                    basic_change=bas - basic,
                )
            )
    return EdgeResult(
        rules=rules,
        shoe=shoe,
        exact=exact,
        up_cards=ups,
        optimal=optimal,
        basic=basic,
        strategy=strategy,
        options=tuple(values),
    )


def basic_strategy(
    shoe: Shoe | None = None,
    rules: BlackjackRules | None = None,
    *,
    exact: bool = True,
    progress: Advance = None,
) -> tuple[BasicStrategy, Value]:
    """The derived basic strategy and its value per round (``progress``: as for
    :func:`edge`, ``SLOTS`` steps)."""
    rules = rules or BlackjackRules()
    shoe = shoe or Shoe.from_decks(rules.decks)
    ups, strategy = _solve(shoe, rules, exact, {}, progress)
    return strategy, _total(ups, "basic")


def strategy_value(shoe: Shoe, strategy: BasicStrategy, *, exact: bool = True) -> Value:
    """The value per round of a given chart (e.g. one derived for other rules or shoe)."""
    total: Value = Fraction(0)
    for probability, solver in solvers(shoe, strategy.rules, exact=exact):
        play = strategy.plays[solver.up]
        total = total + probability * _as_value(solver, evaluate_play(StateGraph(solver), play))
    return total


@dataclass(frozen=True, slots=True, kw_only=True)
class RulesetEdge:
    """A built-in rule set and its house edge on a fresh shoe of its decks."""

    name: str
    """The name ``--rules`` takes."""
    title: str
    """What the rule set is, in a line."""
    rules: BlackjackRules
    house_edge_optimal: Value
    """House edge against composition-dependent optimal play."""
    house_edge_basic: Value
    """House edge against the derived basic strategy."""


def chosen_rulesets(names: Sequence[str] | None = None) -> dict[str, BlackjackRules]:
    """The built-in rule sets ``names`` (default: every one, the casino's first) by their
    names; an alias stands for its rule set."""
    chosen: dict[str, BlackjackRules] = {}
    for name in names or list(RULESETS):
        rules = find_rules(name)
        chosen[next(key for key, value in RULESETS.items() if value == rules)] = rules
    return chosen


def ruleset_edges(
    names: Sequence[str] | None = None, *, exact: bool = True, progress: Advance = None
) -> tuple[RulesetEdge, ...]:
    """The built-in rule sets ``names`` (:func:`chosen_rulesets`), each with its house edge
    (``progress``: ``SLOTS`` steps a rule set)."""
    found = []
    for name, rules in chosen_rulesets(names).items():
        result = edge(Shoe.from_decks(rules.decks), rules, exact=exact, progress=progress)
        found.append(
            RulesetEdge(
                name=name,
                title=RULESET_TITLES[name],
                rules=rules,
                house_edge_optimal=result.house_edge_optimal,
                house_edge_basic=result.house_edge_basic,
            )
        )
    return tuple(found)
