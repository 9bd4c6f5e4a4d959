"""Per-bet statistics: line probabilities, house edge, hit frequency, exact variance,
standard deviation and element of risk.

For a bet whose net result per unit staked is X (each pay line's pay, with its
probability): EV = E[X], house edge = −EV, hit frequency = P(X > 0),
variance = E[X²] − EV² (exact), standard deviation = √variance (a float: the
square root of a rational is rarely rational), element of risk = house edge /
P(the bet is resolved) = −EV / (1 − P(push)), given for bets that can push.

>>> from baccarat_exact.pricing import odds
>>> from baccarat_exact.model.shoe import Shoe
>>> tie = bet_stats(odds(Shoe.from_decks(8)).bet("tie"))
>>> tie.variance == 63 * tie.hit_frequency + 1 - tie.ev**2  # X² is 64 (win) or 1
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from baccarat_exact.model.exact import sqrt_float
from baccarat_exact.pricing import BetOdds

__all__ = ["BetStats", "LineStats", "all_stats", "bet_stats"]


@dataclass(frozen=True, slots=True, kw_only=True)
class LineStats:
    """One pay line: what it pays and how likely it is."""

    name: str
    pays: Fraction
    """Net units per unit staked."""
    count: int | Fraction
    """Six-card sequences (infinite shoe: weights) ending on it: an exact expectation
    (a fraction) where it averages over cards of unknown suit."""
    probability: Fraction


@dataclass(frozen=True, slots=True, kw_only=True)
class BetStats:
    """Exact statistics of one bet for one shoe, per unit staked."""

    name: str
    lines: tuple[LineStats, ...]
    """Pay lines; lines of the same name and pay are merged."""
    ev: Fraction
    house_edge: Fraction
    """−EV."""
    hit_frequency: Fraction
    """Probability that the bet wins something."""
    push: Fraction
    """Probability that the stake comes back."""
    variance: Fraction
    """E[X²] − EV², exact."""
    element_of_risk: Fraction | None
    """House edge per unit of resolved action; None for a bet that cannot push."""

    @property
    def std_dev(self) -> float | None:
        """Standard deviation per unit staked (rounded: a square root; ``None`` beyond the
        range of a float)."""
        return sqrt_float(self.variance)


def _merged_lines(result: BetOdds) -> tuple[LineStats, ...]:
    counts: dict[tuple[str, Fraction], int] = {}
    for line, count in zip(result.bet.lines, result.line_counts):
        key = (line.name, line.pays)
        counts[key] = counts.get(key, 0) + count
    return tuple(
        LineStats(
            name=name,
            pays=pays,
            count=count if result.weight == 1 else Fraction(count, result.weight),
            probability=Fraction(count, result.denominator),
        )
        for (name, pays), count in counts.items()
    )


def bet_stats(result: BetOdds) -> BetStats:
    """The statistics of one priced bet.

    >>> from baccarat_exact.pricing import odds
    >>> from baccarat_exact.model.shoe import Shoe
    >>> banker = bet_stats(odds(Shoe.from_decks(8)).bet("banker"))
    >>> banker.element_of_risk == banker.house_edge / (1 - banker.push)
    True
    """
    lines = _merged_lines(result)
    ev = sum((line.pays * line.probability for line in lines), Fraction(0))
    second = sum((line.pays**2 * line.probability for line in lines), Fraction(0))
    push = sum((line.probability for line in lines if line.pays == 0), Fraction(0))
    hit = sum((line.probability for line in lines if line.pays > 0), Fraction(0))
    can_push = any(line.pays == 0 for line in lines) and push < 1
    return BetStats(
        name=result.name,
        lines=lines,
        ev=ev,
        house_edge=-ev,
        hit_frequency=hit,
        push=push,
        variance=second - ev**2,
        element_of_risk=-ev / (1 - push) if can_push else None,
    )


def all_stats(results: Sequence[BetOdds]) -> tuple[BetStats, ...]:
    """:func:`bet_stats` of each result."""
    return tuple(bet_stats(result) for result in results)
