"""One hand's decision: exact values of stand, hit, double and split against an up card.

The cards already seen — the up card and the hand — come out of the shoe; hitting
is valued with the best composition-dependent play after every card. With a hole
card the values are given that the dealer has no blackjack (he has peeked).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from baccarat_exact.blackjack.graph import StateGraph
from baccarat_exact.blackjack.hands import (
    SEVEN,
    Counts,
    hand_counts,
    hand_total,
    hard_total,
    is_blackjack,
    parse_hand,
    parse_up,
    shoe_counts,
    slot_of,
)
from baccarat_exact.blackjack.round import is_triple_seven, may_split, peeks
from baccarat_exact.blackjack.rules import BlackjackRules, PostSplit
from baccarat_exact.blackjack.shape import GraphShape, ShapeKey, graph_shape, shape_of
from baccarat_exact.blackjack.solver import Number, UpCardSolver
from baccarat_exact.errors import CardError
from baccarat_exact.model.cards import Rank, format_cards
from baccarat_exact.model.exact import to_float
from baccarat_exact.model.shoe import Shoe

__all__ = ["ACTIONS", "TIE_ORDER", "HandAnalysis", "analyze_hand", "moves_shape"]

ACTIONS: tuple[str, ...] = ("stand", "hit", "double", "split", "surrender")
"""The player's moves, in the order reports list them."""

TIE_ORDER: tuple[str, ...] = ("stand", "hit", "double", "surrender", "split")
"""Which of several moves of exactly equal value is best: the first in this order (the
engine's and ``blackjack round``'s, which plays it; the order changes the round's law
when values tie exactly, never its mean)."""

Value = Fraction | float


@dataclass(frozen=True, slots=True, kw_only=True)
class HandAnalysis:
    """Values of each allowed move for one hand against one up card (per original unit)."""

    rules: BlackjackRules
    shoe: Shoe
    """The shoe before the up card and the hand were dealt."""
    hand: tuple[Rank, ...]
    up: Rank
    values: dict[str, Value]
    """Move → expected net win; a blackjack has the single entry ``"blackjack"``."""
    exact: bool
    given_no_dealer_blackjack: bool
    """True with a hole card: the dealer has peeked, so the values assume he has no blackjack."""
    split_cdp: Value | None = None
    """With the optimal post-split play: the split's value played CDP, which the optimal
    split's gain is measured from (``None`` otherwise)."""

    @property
    def split_gain(self) -> Value | None:
        """The optimal split's value less the CDP split's (``None`` without both)."""
        if self.split_cdp is None or "split" not in self.values:
            return None
        return self.values["split"] - self.split_cdp

    @property
    def best(self) -> str:
        """The move with the highest value (on an exact tie, the first in :data:`TIE_ORDER`)."""
        moves = sorted(self.values, key=lambda m: TIE_ORDER.index(m) if m in TIE_ORDER else -1)
        return max(moves, key=lambda move: self.values[move])

    @property
    def total(self) -> tuple[int, bool]:
        """The hand's total and whether it is soft."""
        return hand_total(hand_counts(self.hand))

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON data (a command's document wraps it)."""
        moves = []
        for move, value in self.values.items():
            entry: dict[str, Any] = {"move": move}
            if isinstance(value, Fraction):
                entry["ev"] = str(value)
            entry["ev_float"] = to_float(value)
            entry["best"] = move == self.best
            moves.append(entry)
        total, soft = self.total
        return {
            "arithmetic": "exact" if self.exact else "float",
            "rules": self.rules.to_dict(),
            "shoe": self.shoe.to_dict(),
            "hand": " ".join(rank.value for rank in self.hand),
            "total": total,
            "soft": soft,
            "up": self.up.value,
            "given_no_dealer_blackjack": self.given_no_dealer_blackjack,
            "best": self.best,
            "moves": moves,
            **self._split_cdp_dict(),
        }

    def _split_cdp_dict(self) -> dict[str, Any]:
        """The CDP split and the optimal split's gain over it, where computed."""
        gain = self.split_gain
        if self.split_cdp is None or gain is None:
            return {}
        found: dict[str, Any] = {}
        for key, value in (("split_cdp", self.split_cdp), ("split_gain", gain)):
            if isinstance(value, Fraction):
                found[key] = str(value)
            found[f"{key}_float"] = to_float(value)
        return found


def analyze_hand(
    hand: str | Sequence[Rank],
    up: str | Rank,
    shoe: Shoe | None = None,
    rules: BlackjackRules | None = None,
    *,
    exact: bool = True,
) -> HandAnalysis:
    """Values of stand, hit, double (two cards) and split (a pair) for ``hand`` against ``up``.

    ``shoe`` is the shoe before the up card and the hand came out of it (default: a
    fresh shoe of ``rules.decks``).

    >>> a = analyze_hand("T 6", "T", Shoe.from_decks(6), BlackjackRules(triple_seven=False))
    >>> a.best, float(a.values["stand"]) < float(a.values["hit"])
    ('hit', True)
    """
    rules = rules or BlackjackRules()
    shoe = shoe or Shoe.from_decks(rules.decks)
    ranks = parse_hand(hand) if isinstance(hand, str) else tuple(hand)
    if len(ranks) < 2:
        raise CardError(
            f"a hand needs at least two cards, got {len(ranks)}: {format_cards(ranks)!r}"
        )
    up_rank = parse_up(up) if isinstance(up, str) else up
    counts_hand = hand_counts(ranks)
    text = " ".join(rank.value for rank in ranks)
    if not shoe.infinite:
        shoe.remove((up_rank, *ranks))  # refuses cards the shoe does not hold, naming them
    after_up = shoe if shoe.infinite else shoe.remove((up_rank,))
    if hard_total(counts_hand) > 21:
        raise CardError(
            f"the hand {text!r} is already busted ({hard_total(counts_hand)}): nothing to decide"
        )
    if is_triple_seven(rules, counts_hand[SEVEN], len(ranks), split=False, doubled=False):
        raise CardError(f"the hand {text!r} is a Triple Seven: paid at once, nothing to decide")
    up_slot = slot_of(up_rank)
    solver = UpCardSolver(
        shoe_counts(after_up), up_slot, rules, infinite=shoe.infinite, exact=exact
    )
    r = len(ranks)
    values: dict[str, Value]
    if is_blackjack(counts_hand):
        numerators = {"blackjack": solver.k_bj * solver.no_blackjack(counts_hand, 2)}
    else:
        splittable = r == 2 and may_split(
            rules, slot_of(ranks[0]), slot_of(ranks[1]), same_rank=ranks[0] == ranks[1]
        )
        graph = StateGraph(solver, moves_shape(solver, counts_hand, splittable=splittable))
        numerators = _moves(graph, counts_hand, splittable=splittable)
    given = peeks(rules) and solver.bj_slot >= 0
    values = {}
    for move in (*ACTIONS, "blackjack"):
        if move not in numerators:
            continue
        if exact:
            value: Value = solver.value_of(numerators[move], r)
            if given:
                value /= Fraction(int(solver.no_blackjack(counts_hand, r)), int(solver.unit(r)))
        else:
            value = float(numerators[move])
            if given:
                value /= float(solver.no_blackjack(counts_hand, r))
        values[move] = value
    split_cdp = None
    if rules.post_split is PostSplit.OPTIMAL and "split" in values:
        cdp = replace(rules, post_split=PostSplit.CDP)
        split_cdp = analyze_hand(ranks, up_rank, shoe, cdp, exact=exact).values["split"]
    return HandAnalysis(
        rules=rules,
        shoe=shoe,
        hand=ranks,
        up=up_rank,
        values=values,
        exact=exact,
        given_no_dealer_blackjack=given,
        split_cdp=split_cdp,
    )


def moves_shape(
    solver: UpCardSolver,
    hand: Counts,
    *,
    splittable: bool,
    shapes: Callable[[ShapeKey], GraphShape] | None = None,
) -> GraphShape:
    """The states that value ``hand``'s moves: the hands that follow it (and a pair's split
    hands), or every hand where the pair splits CDZ- (its split hands play as the unsplit
    hands of their cards, which need not follow the pair); from ``shapes`` where given (a
    :class:`~.shoes.ShoeValuer`'s), else the package's cache."""
    zero_memory = splittable and solver.rules.post_split is PostSplit.CDZ
    shape = shape_of(
        solver.counts,
        infinite=solver.infinite,
        one_card_aces=not solver.rules.hit_split_aces,
        hand=None if zero_memory else hand,
    )
    return (graph_shape if shapes is None else shapes)(shape)


def _moves(graph: StateGraph, hand: Counts, *, splittable: bool) -> dict[str, Number]:
    """Numerators (over ``D_r · S``) of every move ``hand`` may make, the play after each card
    the composition-dependent best: stand and hit; on two cards double, split (a pair, unless
    ``splittable`` is false: a ten pair of two ranks split by rank) and surrender where the
    rules allow them."""
    values = graph.optimal_array()
    i = graph.index[(hand, -1)]
    found: dict[str, Number] = {"stand": graph.stand_values[i], "hit": graph.hit(i, values)}
    if graph.double_mask[i]:
        found["double"] = graph.double_values[i]
    if i in graph.pairs.values() and splittable:
        found["split"] = graph.split(int(graph.shape.pair_slot[i]), values)
    if graph.surrender_mask[i]:
        found["surrender"] = graph.surrender_values[i]
    return found


def describe_hand(ranks: Sequence[Rank]) -> str:
    """The cards as dealt and their total.

    >>> describe_hand(parse_hand("A 7"))
    'A 7 (soft 18)'
    """
    total, soft = hand_total(hand_counts(ranks))
    return f"{' '.join(rank.value for rank in ranks)} ({'soft' if soft else 'hard'} {total})"
