"""Effect of removal for blackjack: the change in the exact house edge when one card leaves the shoe.

For each value A, 2 … 9, T the round is solved again on the shoe less one card of
that value; the effect is the change in the player's expected value (optimal play
and the basic strategy derived for each shoe). Unlike baccarat's, the card-weighted
effects need not sum to zero: the player plays each shoe by its own best strategy,
and knowing the removed card is worth something. The balanced count suggested is
Thorp's: tags proportional to the effects on optimal play, small integers, balanced
over the shoe, with the best betting correlation.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from baccarat_exact.blackjack.edge import Advance, Value, edge, value_fields
from baccarat_exact.blackjack.hands import SLOT_LABELS, SLOTS, TEN, shoe_counts
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.errors import CountError, ShoeError
from baccarat_exact.model.shoe import Shoe

__all__ = ["BlackjackEor", "SuggestedCount", "blackjack_eor", "eor_steps", "suggest_count"]

_TEN_RANKS = "TJQK"


@dataclass(frozen=True, slots=True, kw_only=True)
class SuggestedCount:
    """A balanced linear count fitted to the effects (tags per value A … T)."""

    tags: tuple[int, ...]
    """Tag of each value slot A, 2 … 9, T."""
    imbalance: int
    """Σ cards × tag over the shoe (0: balanced)."""
    correlation: float | None
    """Betting correlation: card-weighted correlation of the tags with the effects."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackEor:
    """Effects of removing one card of each value on the round's value."""

    rules: BlackjackRules
    shoe: Shoe
    exact: bool
    optimal: Value
    """Player's EV per round for the shoe itself, optimal play."""
    basic: Value
    cards: tuple[int, ...]
    """Cards of each value slot in the shoe."""
    effects_optimal: tuple[Value | None, ...]
    """EV(shoe − one card) − EV(shoe) per value slot, optimal play (``None``: none to remove)."""
    effects_basic: tuple[Value | None, ...]
    """The same for the basic strategy derived for each shoe."""
    count: SuggestedCount

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON data (a command's document wraps it)."""

        return {
            "arithmetic": "exact" if self.exact else "float",
            "rules": self.rules.to_dict(),
            "shoe": self.shoe.to_dict(),
            **value_fields("player_ev_optimal", self.optimal, self.exact),
            **value_fields("player_ev_basic", self.basic, self.exact),
            "effects": [
                {
                    "card": SLOT_LABELS[slot],
                    "cards": self.cards[slot],
                    **value_fields("effect_optimal", self.effects_optimal[slot], self.exact),
                    **value_fields("effect_basic", self.effects_basic[slot], self.exact),
                }
                for slot in range(SLOTS)
            ],
            "count": {
                "tags": dict(zip(SLOT_LABELS, self.count.tags)),
                "imbalance": self.count.imbalance,
                "betting_correlation_float": self.count.correlation,
            },
        }


def _without(shoe: Shoe, slot: int) -> Shoe:
    """The shoe less one card of value ``slot`` (a ten: of the ten rank it holds most of)."""
    if slot != TEN:
        return shoe.remove(SLOT_LABELS[slot])
    counts = shoe.counts[9:]
    rank = _TEN_RANKS[max(range(4), key=lambda i: (counts[i], -i))]
    return shoe.remove(rank)


def eor_steps(shoe: Shoe) -> int:
    """How many up-card solves :func:`blackjack_eor` makes (its progress bar's length)."""
    return SLOTS * (1 + sum(1 for n in shoe_counts(shoe) if n))


def blackjack_eor(
    shoe: Shoe | None = None,
    rules: BlackjackRules | None = None,
    *,
    exact: bool = True,
    level: int = 2,
    progress: Advance = None,
) -> BlackjackEor:
    """Effects of removal for ``shoe`` (default: a fresh shoe of ``rules.decks``) and the
    balanced count of tags up to ``±level`` they suggest.

    ``progress`` is advanced once per up card solved, ``SLOTS`` steps a shoe: the shoe
    and each value it holds (:func:`eor_steps`).

    :raises ShoeError: for an infinite shoe (removing a card changes nothing).
    """
    rules = rules or BlackjackRules()
    shoe = shoe or Shoe.from_decks(rules.decks)
    if shoe.infinite:
        raise ShoeError("an infinite shoe: removing a card changes nothing, no effect of removal")
    base = edge(shoe, rules, exact=exact, progress=progress)
    cards = shoe_counts(shoe)
    optimal: list[Value | None] = []
    basic: list[Value | None] = []
    for slot in range(SLOTS):
        if not cards[slot]:
            optimal.append(None)
            basic.append(None)
            continue
        less = edge(_without(shoe, slot), rules, exact=exact, progress=progress)
        optimal.append(less.optimal - base.optimal)
        basic.append(less.basic - base.basic)
    return BlackjackEor(
        rules=rules,
        shoe=shoe,
        exact=exact,
        optimal=base.optimal,
        basic=base.basic,
        cards=cards,
        effects_optimal=tuple(optimal),
        effects_basic=tuple(basic),
        count=suggest_count(cards, tuple(optimal), level),
    )


def suggest_count(
    cards: tuple[int, ...], effects: tuple[Value | None, ...], level: int = 2
) -> SuggestedCount:
    """Thorp's count: tags near ``level × effect / max|effect|`` (rounded down or up), the
    balanced choice with the highest betting correlation (the least unbalanced if none is).

    >>> suggest_count((4,) * 9 + (16,), (-6, 4, 4, 5, 7, 5, 3, 0, -2, -5)).tags
    (-2, 2, 2, 2, 2, 2, 1, 0, -1, -2)
    """
    if level < 1:
        raise CountError(f"a count level must be 1 or more, got {level}")
    values = [Fraction(0) if e is None else Fraction(e) for e in effects]
    largest = max(abs(e) for e in values)
    if largest == 0:
        return SuggestedCount(tags=(0,) * SLOTS, imbalance=0, correlation=None)
    targets = [e / largest * level for e in values]
    options = [sorted({math.floor(t), math.ceil(t)}) if n else [0] for t, n in zip(targets, cards)]
    best: tuple[tuple[int, float], tuple[int, ...]] | None = None
    for tags in itertools.product(*options):
        imbalance = sum(n * t for n, t in zip(cards, tags))
        correlation = _correlation(cards, tags, values)
        key = (abs(imbalance), -(correlation if correlation is not None else -2.0))
        if best is None or key < best[0]:
            best = (key, tags)
    assert best is not None
    tags = best[1]
    return SuggestedCount(
        tags=tags,
        imbalance=sum(n * t for n, t in zip(cards, tags)),
        correlation=_correlation(cards, tags, values),
    )


def _correlation(
    cards: tuple[int, ...], tags: tuple[int, ...], effects: list[Fraction]
) -> float | None:
    """Card-weighted correlation of tags with effects (``None`` when either is constant)."""
    total = sum(cards)
    mean_t = Fraction(sum(n * t for n, t in zip(cards, tags)), total)
    mean_e = sum((n * e for n, e in zip(cards, effects)), Fraction(0)) / total
    sxy = sum(
        ((t - mean_t) * (e - mean_e) * n for n, t, e in zip(cards, tags, effects)), Fraction(0)
    )
    sxx = sum(((t - mean_t) ** 2 * n for n, t in zip(cards, tags)), Fraction(0))
    syy = sum(((e - mean_e) ** 2 * n for n, e in zip(cards, effects)), Fraction(0))
    if sxx == 0 or syy == 0:
        return None
    return float(sxy) / math.sqrt(float(sxx) * float(syy))
