"""Effect of removal for blackjack: the change in the exact house edge when one card leaves the shoe.

For each value A, 2 … 9, T the round is solved again on the shoe less one card of
that value; the effect is the change in the player's expected value per round, in
units of the original stake (a fraction: ×100 for the percentage points published
tables quote), for that shoe — no scaling to another number of decks. Two players
are priced:

* **optimal**: each shoe played by its own composition-dependent optimal strategy.
  The strategy adjusts to the removed card, as in the Wizard of Odds' six-deck table
  (from a composition-dependent analyzer, "strategy adjustments for the changed deck
  composition"). Knowing the removed card is worth something, so the card-weighted
  effects sum to a little above zero.
* **basic**: the total-dependent chart, either derived again for each shoe
  (:attr:`ChartPlay.OWN`, the default) or the chart of the whole shoe held fixed
  (:attr:`ChartPlay.FIXED`, the effects the linear theory of card counting is built
  on). A fixed strategy neither gains nor loses on average when an unseen card is
  burnt, so with it the card-weighted effects sum to exactly zero.

The balanced count suggested is Thorp's, fitted to the optimal effects by the card
counting of :mod:`baccarat_exact.analysis.counting` (tags proportional to the effects,
small integers, balanced over the shoe, with the best betting correlation).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any

from baccarat_exact.analysis.counting import betting_correlation, derive_tags
from baccarat_exact.blackjack.edge import Advance, Value, edge, strategy_value
from baccarat_exact.blackjack.hands import SLOT_LABELS, SLOTS, TEN, shoe_counts
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.errors import RulesError, ShoeError
from baccarat_exact.model.exact import exact_fields
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "BlackjackEor",
    "ChartPlay",
    "SuggestedCount",
    "blackjack_eor",
    "chart_play",
    "eor_steps",
    "suggest_count",
]

_TEN_RANKS = "TJQK"


class ChartPlay(str, Enum):
    """How the basic-strategy player plays the shoe less a card."""

    OWN = "own"
    """By the chart derived for that shoe: the chart adjusts to the removed card."""
    FIXED = "fixed"
    """By the chart derived for the whole shoe, held fixed (the linear theory's effects of
    removal): the card-weighted effects then sum to exactly zero."""

    @property
    def played_by(self) -> str:
        """What plays each shoe less a card, in words (a report's note).

        >>> ChartPlay.FIXED.played_by
        "the whole shoe's chart, held fixed"
        """
        if self is ChartPlay.FIXED:
            return "the whole shoe's chart, held fixed"
        return "its own derived chart"


def chart_play(name: str) -> ChartPlay:
    """The :class:`ChartPlay` called ``name`` (``own`` or ``fixed``).

    >>> chart_play("held")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: unknown chart play 'held': use own or fixed
    """
    try:
        return ChartPlay(name)
    except ValueError:
        names = " or ".join(play.value for play in ChartPlay)
        raise RulesError(f"unknown chart play {name!r}: use {names}") from None


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
    chart: ChartPlay
    """How the basic strategy plays each shoe less a card (its own chart, or the shoe's)."""
    optimal: Value
    """Player's EV per round for the shoe itself, optimal play."""
    basic: Value
    cards: tuple[int, ...]
    """Cards of each value slot in the shoe."""
    effects_optimal: tuple[Value | None, ...]
    """EV(shoe − one card) − EV(shoe) per value slot, optimal play (``None``: none to remove)."""
    effects_basic: tuple[Value | None, ...]
    """The same for the basic strategy, played as ``chart`` says."""
    count: SuggestedCount

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON data (a command's document wraps it)."""

        return {
            "arithmetic": "exact" if self.exact else "float",
            "rules": self.rules.to_dict(),
            "shoe": self.shoe.to_dict(),
            "chart": self.chart.value,
            **exact_fields("player_ev_optimal", self.optimal, exact=self.exact),
            **exact_fields("player_ev_basic", self.basic, exact=self.exact),
            "effects": [
                {
                    "card": SLOT_LABELS[slot],
                    "cards": self.cards[slot],
                    **exact_fields("effect_optimal", self.effects_optimal[slot], exact=self.exact),
                    **exact_fields("effect_basic", self.effects_basic[slot], exact=self.exact),
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


def eor_steps(shoe: Shoe, chart: ChartPlay = ChartPlay.OWN) -> int:
    """How many up-card solves :func:`blackjack_eor` makes (its progress bar's length):
    ``SLOTS`` for the shoe and for each value it holds, twice that with the chart held
    fixed (the fixed chart is priced on each shoe beside its own solve)."""
    solves = 2 if chart is ChartPlay.FIXED else 1
    return SLOTS * (1 + solves * sum(1 for n in shoe_counts(shoe) if n))


def blackjack_eor(
    shoe: Shoe | None = None,
    rules: BlackjackRules | None = None,
    *,
    exact: bool = True,
    level: int = 2,
    chart: ChartPlay = ChartPlay.OWN,
    progress: Advance = None,
) -> BlackjackEor:
    """Effects of removal for ``shoe`` (default: a fresh shoe of ``rules.decks``) and the
    balanced count of tags up to ``±level`` they suggest; ``chart`` says how the basic
    strategy plays each shoe less a card.

    ``progress`` is advanced once per up card solved (:func:`eor_steps` steps).

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
        less = _without(shoe, slot)
        solved = edge(less, rules, exact=exact, progress=progress)
        optimal.append(solved.optimal - base.optimal)
        if chart is ChartPlay.FIXED:
            basic.append(strategy_value(less, base.strategy, exact=exact) - base.basic)
            if progress is not None:
                progress(SLOTS)
        else:
            basic.append(solved.basic - base.basic)
    return BlackjackEor(
        rules=rules,
        shoe=shoe,
        exact=exact,
        chart=chart,
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
    """Thorp's count for the effects (:func:`~baccarat_exact.analysis.counting.derive_tags`:
    tags near ``level × effect / max|effect|``, the balanced choice with the highest
    betting correlation, the least unbalanced if none is), with its betting correlation.

    >>> suggest_count((4,) * 9 + (16,), (-6, 4, 4, 5, 7, 5, 3, 0, -2, -5)).tags
    (-2, 2, 2, 2, 2, 2, 1, 0, -1, -2)
    """
    values = [Fraction(0) if e is None else Fraction(e) for e in effects]
    tags = derive_tags(cards, values, level)
    return SuggestedCount(
        tags=tags,
        imbalance=sum(n * t for n, t in zip(cards, tags)),
        correlation=betting_correlation(cards, tags, values),
    )
