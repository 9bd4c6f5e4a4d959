"""The dealer's final hand as the ``dealer`` command shows it: the distribution after one up
card, and the chart of every up card for a shoe.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from baccarat_exact.blackjack.dealer.batch import dealer_batch
from baccarat_exact.blackjack.dealer.tables import dealer_table, falling
from baccarat_exact.blackjack.hands import SLOT_LABELS, SLOTS, TEN, Counts, points, shoe_counts
from baccarat_exact.blackjack.round.dealer import BLACKJACK, BUST, OUTCOMES
from baccarat_exact.errors import ShoeError
from baccarat_exact.model.exact import to_float
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "DealerChart",
    "DealerDistribution",
    "dealer_chart",
    "dealer_distribution",
    "require_dealer_depth",
]


def require_dealer_depth(counts: Counts, up: int) -> None:
    """Refuse a shoe the dealer could run out of (its hard points plus the up card below 17)."""
    if points(counts) + up + 1 < 17:
        raise ShoeError(
            f"the shoe is too small: after the up card {SLOT_LABELS[up]} it holds {points(counts)} points "
            f"(aces 1), and the dealer may need {16 - up} to finish"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerDistribution:
    """Exact probabilities of the dealer's final hands after one up card.

    >>> d = dealer_distribution((4, 4, 4, 4, 4, 4, 4, 4, 4, 15), TEN)
    >>> d.blackjack, sum(d.probabilities)
    (Fraction(4, 51), Fraction(1, 1))
    """

    up: int
    """The up card's slot (0 = ace … 9 = ten)."""
    hits_soft_17: bool
    probabilities: tuple[Fraction, ...]
    """One probability per entry of ``OUTCOMES``."""

    @property
    def bust(self) -> Fraction:
        """Probability that the dealer busts."""
        return self.probabilities[BUST]

    @property
    def blackjack(self) -> Fraction:
        """Probability of a dealer blackjack (up card and first drawn card make 21)."""
        return self.probabilities[BLACKJACK]

    def as_dict(self) -> dict[str, Fraction]:
        """Outcome name → probability."""
        return dict(zip(OUTCOMES, self.probabilities))


@lru_cache(maxsize=4096)
def dealer_distribution(
    counts: Counts, up: int, *, hits_soft_17: bool = False, infinite: bool = False
) -> DealerDistribution:
    """The dealer's exact final-hand distribution; ``counts`` excludes the up card.

    The bust is the complement of the others (the shoe is deep enough for the dealer to
    finish). Cached by (shoe composition, up card, rule).
    """
    if len(counts) != SLOTS:
        raise ShoeError(f"expected {SLOTS} value counts (A 2 … 9 T), got {len(counts)}")
    if not infinite:
        require_dealer_depth(counts, up)
    table = dealer_table(up, hits_soft_17)
    budget = table.longest
    if not infinite:
        budget = min(budget, sum(counts))
    (numerators,) = dealer_batch(
        table, counts, [(0,) * SLOTS], budget=budget, exact=True, infinite=infinite
    ).tolist()
    n_cards = sum(counts)
    whole = n_cards**budget if infinite else falling(n_cards, budget)
    return DealerDistribution(
        up=up,
        hits_soft_17=hits_soft_17,
        probabilities=tuple(Fraction(n, whole) for n in numerators),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerChart:
    """The dealer's final-hand distribution for each up card a shoe can show."""

    shoe: Shoe
    hits_soft_17: bool
    rows: tuple[tuple[Fraction, DealerDistribution], ...]
    """(chance of the up card, distribution after it) per up card, A first."""
    up: int | None = None
    """The one up card asked for, or ``None`` for every up card the shoe can show."""

    def to_dict(self) -> dict[str, Any]:
        """The chart as JSON data: exact ``"p/q"`` and ``*_float`` values (a command's
        document wraps it)."""
        return {
            "dealer": "hits soft 17" if self.hits_soft_17 else "stands on soft 17",
            "hits_soft_17": self.hits_soft_17,
            "up": None if self.up is None else SLOT_LABELS[self.up],
            "shoe": self.shoe.to_dict(),
            "up_cards": [
                {
                    "up": SLOT_LABELS[dist.up],
                    "probability": str(p_up),
                    "probability_float": to_float(p_up),
                    "outcomes": {name: str(p) for name, p in dist.as_dict().items()},
                    "outcomes_float": {name: to_float(p) for name, p in dist.as_dict().items()},
                }
                for p_up, dist in self.rows
            ],
        }


def dealer_chart(shoe: Shoe, *, hits_soft_17: bool = False, up: int | None = None) -> DealerChart:
    """The dealer's distribution after each up card (or only ``up``) for ``shoe``; the up card
    comes out of the shoe first.

    >>> chart = dealer_chart(Shoe.from_decks(1), up=TEN)
    >>> chart.rows[0][0], chart.rows[0][1].blackjack
    (Fraction(4, 13), Fraction(4, 51))
    """
    counts = shoe_counts(shoe)
    n_cards = sum(counts)
    slots = range(SLOTS) if up is None else (up,)
    rows = []
    for slot in slots:
        if not counts[slot]:
            if up is not None:
                raise ShoeError(f"the shoe holds no {SLOT_LABELS[slot]} for the dealer's up card")
            continue
        after = counts if shoe.infinite else tuple(c - (i == slot) for i, c in enumerate(counts))
        distribution = dealer_distribution(
            after, slot, hits_soft_17=hits_soft_17, infinite=shoe.infinite
        )
        rows.append((Fraction(counts[slot], n_cards), distribution))
    return DealerChart(shoe=shoe, hits_soft_17=hits_soft_17, rows=tuple(rows), up=up)


assert TEN == SLOTS - 1
