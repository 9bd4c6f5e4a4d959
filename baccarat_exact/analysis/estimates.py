"""Simulation estimators: means and ratios over shoes with their standard errors, and the
spread of a betting strategy — what ``simulate`` and blackjack's dealt shoes estimate alike.

Everything here is a *simulation estimate* — a float with its standard error
over shoes (shoes are independent; hands within a shoe are not, so every error
is computed from per-shoe totals). The exact inputs (each hand's EV) and the
exact references (the full-shoe EV, the effects of removal) live elsewhere; the
totals and result types of baccarat's ``simulate`` are in :mod:`.simulate_totals` and
:mod:`.simulate_results`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from baccarat_exact.analysis.economics import delta_se, n0, risk_of_ruin, ruin_within, score

__all__ = [
    "DEPTH_BANDS",
    "LONG_ENOUGH",
    "PATH_PLAYERS",
    "Estimate",
    "ShoeSums",
    "Spread",
    "band_width",
    "estimate_cells",
    "mean_estimate",
    "mean_of",
    "ratio_estimate",
    "ratio_of",
    "strategy_spread",
]

DEPTH_BANDS = 8
"""The shoe is split into this many bands of cards dealt for the by-depth table."""

PATH_PLAYERS = 100
"""The simulated risk of ruin splits the shoes, in order, between this many players (or
one a shoe, for fewer shoes), each starting with the bankroll."""
LONG_ENOUGH = 0.9
"""The players' paths are long enough to show a simulated risk of ruin when, by the
diffusion formula, at least this share of all ruin happens within a player's shoes."""

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class Estimate:
    """A simulation estimate and its standard error (None from too few shoes: one, or fewer
    than a simulation asks for)."""

    value: float
    se: float | None


def estimate_cells(estimate: Estimate | None) -> tuple[float | None, float | None]:
    """An estimate as two table cells, its value and its standard error (both empty for
    none)."""
    if estimate is None:
        return None, None
    return estimate.value, estimate.se


def band_width(cards: int) -> int:
    """Cards dealt per depth band."""
    return max(1, -(-cards // DEPTH_BANDS))


@dataclass(slots=True)
class ShoeSums:
    """Running sums over shoes of per-shoe totals x (one per bet, or one in all), of x², and
    of x·d against a denominator d: enough for means, ratios and their standard errors
    without keeping one number per shoe (memory stays that of one chunk)."""

    n: int
    x: FloatArray
    xx: FloatArray
    xd: FloatArray

    @classmethod
    def zeros(cls, shape: tuple[int, ...]) -> ShoeSums:
        return cls(0, np.zeros(shape), np.zeros(shape), np.zeros(shape))

    def add(self, x: FloatArray, d: FloatArray) -> None:
        """Add a chunk's per-shoe totals ``x`` (shoes, ...) with denominators ``d``."""
        self.n += len(x)
        self.x += x.sum(axis=0)
        self.xx += (x * x).sum(axis=0)
        self.xd += (x * d).sum(axis=0)

    def mean(self, i: int | None = None, *, least: int = 2) -> Estimate:
        """Mean per shoe, with the standard error of the mean (from ``least`` shoes on)."""
        x, xx = (self.x, self.xx) if i is None else (self.x[i], self.xx[i])
        n = self.n
        mean = float(x) / n
        if n < max(least, 2):
            return Estimate(mean, None)
        variance = max(float(xx) - float(x) * mean, 0.0) / (n - 1)
        return Estimate(mean, math.sqrt(variance / n))

    def ratio(self, over: ShoeSums, i: int, *, least: int = 2) -> Estimate | None:
        """Σx/Σd over shoes (d the totals of ``over``), with the delta-method standard error
        of a ratio estimator: √(Σ(x − r·d)² / (n(n−1))) / (Σd/n) (from ``least`` shoes on)."""
        total = float(over.x if over.x.ndim == 0 else over.x[i])
        if total == 0:
            return None
        ratio = float(self.x[i]) / total
        n = self.n
        if n < max(least, 2):
            return Estimate(ratio, None)
        dd = float(over.xx if over.xx.ndim == 0 else over.xx[i])
        residual = float(self.xx[i]) - 2 * ratio * float(self.xd[i]) + ratio * ratio * dd
        return Estimate(ratio, math.sqrt(max(residual, 0.0) / (n * (n - 1))) / (total / n))


def mean_estimate(totals: Sequence[float], *, least: int = 2) -> Estimate:
    """The mean of per-shoe ``totals``, with its standard error from ``least`` shoes on.

    >>> mean_estimate([1.0, 2.0, 3.0])
    Estimate(value=2.0, se=0.5773502691896257)
    """
    values = np.asarray(totals, dtype=np.float64)
    sums = ShoeSums.zeros(())
    sums.add(values, values)
    return sums.mean(least=least)


def ratio_estimate(
    totals: Sequence[float], over: Sequence[float], *, least: int = 2
) -> Estimate | None:
    """Σ totals / Σ over for per-shoe totals and denominators (rounds dealt, …), with the
    ratio estimator's standard error from ``least`` shoes on; None when Σ over is 0.

    >>> ratio_estimate([1.0, 3.0], [2.0, 2.0], least=10)
    Estimate(value=1.0, se=None)
    """
    x = np.asarray(totals, dtype=np.float64)
    d = np.asarray(over, dtype=np.float64)
    sums, denominators = ShoeSums.zeros((1,)), ShoeSums.zeros(())
    sums.add(x[:, None], d[:, None])
    denominators.add(d, d)
    return sums.ratio(denominators, 0, least=least)


def mean_of(means: FloatArray, covariance: FloatArray, n: int, i: int) -> Estimate:
    """The mean of per-shoe quantity ``i``, with its standard error."""
    if n < 2:
        return Estimate(float(means[i]), None)
    return Estimate(float(means[i]), math.sqrt(max(float(covariance[i, i]), 0.0) / n))


def ratio_of(means: FloatArray, covariance: FloatArray, n: int, top: int, bottom: int) -> Estimate:
    """E[quantity ``top``]/E[quantity ``bottom``] per shoe, with the delta-method standard
    error of a ratio in closed form, √((C_tt − 2r·C_tb + r²·C_bb)/n)/E[bottom]: exactly 0
    where the two quantities are equal in every shoe (a flat bet's units bet and hands
    bet), where a numerical gradient leaves rounding noise."""
    ratio = float(means[top]) / float(means[bottom])
    if n < 2:
        return Estimate(ratio, None)
    tt, tb, bb = (float(covariance[i, j]) for i, j in ((top, top), (top, bottom), (bottom, bottom)))
    variance = max(tt - 2 * ratio * tb + ratio * ratio * bb, 0.0) / n
    return Estimate(ratio, math.sqrt(variance) / abs(float(means[bottom])))


@dataclass(frozen=True, slots=True)
class Spread:
    """The figures of a betting strategy that follow from its per-shoe win, the win's
    square and the hands dealt, each with its delta-method standard error: what
    ``simulate`` and ``blackjack counting`` report alike."""

    sd_per_shoe: Estimate
    won_per_100: Estimate
    sd_per_100: Estimate
    won_per_hour: Estimate
    sd_per_hour: Estimate
    n0: Estimate | None
    """None where the strategy does not win."""
    score: Estimate
    risk_of_ruin: Estimate
    """The diffusion formula's, with its SE where the strategy wins."""
    wins: bool
    """Whether the strategy wins on average, with a spread (the figures of ruin apply)."""
    ror: float
    """The diffusion formula's risk of ruin at the means."""
    ruin_within: float
    """The formula's chance of ruin within ``periods`` shoes."""


def strategy_spread(
    means: FloatArray,
    covariance: FloatArray,
    n: int,
    *,
    won: int,
    dealt: int,
    square: int,
    hands: int,
    per_hour: float,
    bankroll: float,
    periods: float,
) -> Spread:
    """:class:`Spread` from the means and covariance over ``n`` shoes of per-shoe
    quantities, at positions ``won`` (the win estimated), ``dealt`` and ``square`` (the
    win as dealt and its square: the spread) and ``hands`` (hands dealt); ruin for
    ``bankroll`` units, within ``periods`` shoes."""
    bias = n / (n - 1) if n > 1 else 1.0

    def variance(m: FloatArray) -> float:
        return max(bias * (float(m[square]) - float(m[dealt]) ** 2), 0.0)

    def estimate(function: Callable[[FloatArray], float]) -> Estimate:
        value = function(means)
        if not math.isfinite(value) or variance(means) == 0:
            return Estimate(value, None)
        return Estimate(value, delta_se(function, means, covariance, n))

    def per_hand(m: FloatArray) -> tuple[float, float]:
        return float(m[won]) / float(m[hands]), math.sqrt(variance(m) / float(m[hands]))

    def spread(m: FloatArray, count: float) -> float:
        return math.sqrt(variance(m) * count / float(m[hands]))

    wins = float(means[won]) > 0 and variance(means) > 0
    ror = risk_of_ruin(float(means[won]), variance(means), bankroll)
    return Spread(
        sd_per_shoe=estimate(lambda m: math.sqrt(variance(m))),
        won_per_100=estimate(lambda m: 100 * float(m[won]) / float(m[hands])),
        sd_per_100=estimate(lambda m: spread(m, 100)),
        won_per_hour=estimate(lambda m: per_hour * float(m[won]) / float(m[hands])),
        sd_per_hour=estimate(lambda m: spread(m, per_hour)),
        n0=estimate(lambda m: n0(*per_hand(m)) or math.inf) if wins else None,
        score=estimate(lambda m: score(*per_hand(m))),
        risk_of_ruin=estimate(lambda m: risk_of_ruin(float(m[won]), variance(m), bankroll))
        if wins
        else Estimate(ror, None),
        wins=wins,
        ror=ror,
        ruin_within=ruin_within(float(means[won]), variance(means), bankroll, periods),
    )
