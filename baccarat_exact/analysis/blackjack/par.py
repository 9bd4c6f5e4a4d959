"""The math report of a blackjack rule set (a PAR sheet): one round's net result under
each strategy, and what it comes to after N rounds.

A round's net result, in units of the initial bet (doubles, splits, 3:2, surrender), has
the exact law :func:`~baccarat_exact.blackjack.round_stats.round_stats` finds under
composition-dependent optimal play and the derived basic strategy. Per strategy, from
that law: the expected net result (EV) and the house edge, −EV; each net result's
probability and "1 in N"; the hit frequency P(net > 0), the push P(net = 0); the variance
and standard deviation; the largest net win; the volatility index z·σ at each
confidence; and after each number of rounds the intervals and chances the baccarat
report gives (:func:`baccarat_exact.analysis.par.horizons`: the law of N independent
rounds, each from a freshly shuffled shoe, by convolution).

In floating point (``exact=False``, ``--float``) the law is the floats the solver found,
read as the binary fractions they are and scaled to sum to 1; every figure is then a
float (:func:`~baccarat_exact.analysis.par.float_horizon`), never written as exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from baccarat_exact.analysis.par import (
    Confidence,
    Horizon,
    ParSettings,
    float_horizon,
    horizons,
)
from baccarat_exact.analysis.sums import RoundLaw
from baccarat_exact.model.exact import sqrt_float

if TYPE_CHECKING:
    from baccarat_exact.blackjack.round_stats import NetDistribution, RoundStats

__all__ = ["BlackjackSheet", "StrategySheet", "blackjack_sheet", "round_law", "strategy_sheet"]


@dataclass(frozen=True, slots=True)
class StrategySheet:
    """The PAR sheet of one strategy's round: its law, volatility index and horizons."""

    strategy: str
    """``optimal`` or ``basic``."""
    law: RoundLaw
    exact: bool
    """Whether :attr:`law` is the exact law (else: floats read as binary fractions)."""
    volatility: tuple[tuple[Confidence, float | None], ...]
    """z·σ at each confidence."""
    horizons: tuple[Horizon, ...]

    @property
    def ev(self) -> Fraction:
        """The expected net result of a round (the player's EV), units of the initial bet."""
        return self.law.mean

    @property
    def house_edge(self) -> Fraction:
        """−EV: the house's expected win per unit of initial bet."""
        return -self.law.mean

    @property
    def variance(self) -> Fraction:
        """The variance of a round's net result."""
        return self.law.variance

    @property
    def std_dev(self) -> float | None:
        """The standard deviation of a round's net result."""
        return sqrt_float(self.variance)

    def _chance(self, keep: bool | None) -> Fraction:
        """P(net > 0) (``True``), P(net = 0) (``None``) or P(net < 0) (``False``)."""
        return sum(
            (
                p
                for x, p in self.law.outcomes
                if (x > 0 if keep else x == 0 if keep is None else x < 0)
            ),
            Fraction(0),
        )

    @property
    def hit_frequency(self) -> Fraction:
        """P(net > 0): the chance the round wins something."""
        return self._chance(True)

    @property
    def push(self) -> Fraction:
        """P(net = 0)."""
        return self._chance(None)

    @property
    def lose(self) -> Fraction:
        """P(net < 0)."""
        return self._chance(False)

    @property
    def largest_win(self) -> Fraction:
        """The largest net result the round can have, units of the initial bet."""
        return self.law.outcomes[-1][0]


@dataclass(frozen=True, slots=True)
class BlackjackSheet:
    """The math report of a blackjack rule set on one shoe, strategy by strategy."""

    stats: RoundStats
    """The round's law under each strategy (rules, shoe, arithmetic)."""
    settings: ParSettings
    strategies: tuple[StrategySheet, ...]

    @property
    def exact(self) -> bool:
        """Whether the round's laws are exact (else found in floating point)."""
        return self.stats.exact


def round_law(play: NetDistribution) -> RoundLaw:
    """A strategy's law as a :class:`RoundLaw`: its exact probabilities, or (float) the
    binary fractions of its floats, scaled to sum to exactly 1.

    >>> from baccarat_exact.blackjack.round_stats import NetDistribution
    >>> play = NetDistribution(strategy="basic", exact=False,
    ...     probabilities=((Fraction(-1), 0.5), (Fraction(1), 0.25), (Fraction(3, 2), 0.25)))
    >>> round_law(play).mean
    Fraction(1, 8)
    """
    if play.exact:
        return RoundLaw.of((net, Fraction(p)) for net, p in play.probabilities)
    read = [(net, Fraction(max(float(p), 0.0))) for net, p in play.probabilities]
    total = sum((p for _, p in read), Fraction(0))
    return RoundLaw.of((net, p / total) for net, p in read)


def strategy_sheet(play: NetDistribution, settings: ParSettings) -> StrategySheet:
    """The PAR sheet of one strategy's round after each of ``settings``' rounds."""
    law = round_law(play)
    found = horizons(law, settings)
    if not play.exact:
        found = tuple(float_horizon(h) for h in found)
    sd = sqrt_float(law.variance)
    return StrategySheet(
        strategy=play.strategy,
        law=law,
        exact=play.exact,
        volatility=tuple((c, None if sd is None else c.z * sd) for c in settings.confidences),
        horizons=found,
    )


def blackjack_sheet(stats: RoundStats, settings: ParSettings) -> BlackjackSheet:
    """The math report of every strategy ``stats`` played.

    >>> from baccarat_exact.analysis.par import par_settings
    >>> from baccarat_exact.blackjack.round_stats import round_stats
    >>> from baccarat_exact.model.shoe import Shoe
    >>> stats = round_stats(Shoe.parse("A=2,5=3,7=4,9=2,T=8"), strategies=("optimal",))
    >>> sheet = blackjack_sheet(stats, par_settings("10", "90", "10%"))
    >>> sheet.strategies[0].ev == stats.play("optimal").ev
    True
    """
    return BlackjackSheet(
        stats=stats,
        settings=settings,
        strategies=tuple(strategy_sheet(play, settings) for play in stats.plays),
    )
