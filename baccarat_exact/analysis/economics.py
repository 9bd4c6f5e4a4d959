"""What a counted bet is worth and what it risks: the advantage player's figures.

Pure functions of a strategy's expected win and its variance, and a delta-method
standard error for any smooth function of per-shoe means. The definitions are the
standard ones of card counting (D. Schlesinger, *Blackjack Attack*, 3rd ed., 2005,
ch. 10–11; N0 after B. Brown and the bjmath.com "long run index"):

- **N0** — hands to play before the expected win equals one standard deviation:
  ``N0 = (SD/EV)²`` with EV and SD per hand.
- **SCORE** (Standardized Comparison Of Risk and Expectation) — "the win rate per 100
  hands, given a $10,000 bankroll" bet at full Kelly (a 13.5 % risk of ruin: e⁻²);
  scaling a strategy by k gives win k·EV and variance k²·Var, the Kelly k is
  B·EV/Var, so the win rate is B·EV²/Var: with B = 10,000 and EV, Var per 100 hands,
  ``SCORE = 10⁴ · (EV₁₀₀/SD₁₀₀)² = 10⁶ · (EV/SD)²`` per hand ``= 10⁶ / N0``
  (qfit.com, *Modern Blackjack*, "Comparison Methodology — SCORE"; bjrnet.com,
  "SCORE is … $10000/N0 (×100 hands)").
- **Risk of ruin** (the diffusion approximation) — a bankroll B played for ever with
  win μ and variance σ² per hand (or per shoe: the ratio is the same) is lost with
  probability ``exp(−2·μ·B/σ²)``; within T hands, the first-passage probability of a
  Brownian motion with drift: ``Φ((−B−μT)/(σ√T)) + exp(−2μB/σ²)·Φ((−B+μT)/(σ√T))``.
- **Kelly bet** — the bet that maximises the bankroll's growth, in the same
  approximation: ``B·advantage/variance`` per hand.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = [
    "SCORE_BANKROLL",
    "KellyBin",
    "ShoeMoments",
    "delta_se",
    "kelly_ramp",
    "kelly_units",
    "n0",
    "risk_of_ruin",
    "ruin_within",
    "score",
]

SCORE_BANKROLL = 10_000
"""The bankroll (units) SCORE is quoted for."""

FloatArray = npt.NDArray[np.float64]


def n0(ev: float, sd: float) -> float | None:
    """Hands before the expected win reaches one standard deviation: (SD/EV)², from the
    EV and SD of one hand (``None`` unless the EV is positive).

    >>> n0(0.01, 1.0)
    10000.0
    """
    return (sd / ev) ** 2 if ev > 0 else None


def score(ev: float, sd: float) -> float:
    """SCORE from the EV and SD of one hand: 10⁶·(EV/SD)², the win per 100 hands at
    full Kelly with a 10,000-unit bankroll (0 unless the EV is positive: the best bet
    is then none).

    >>> score(0.01, 1.0), score(-0.01, 1.0)
    (100.0, 0.0)
    """
    if ev <= 0 or sd <= 0:
        return 0.0
    return 100 * SCORE_BANKROLL * (ev / sd) ** 2


def risk_of_ruin(ev: float, variance: float, bankroll: float) -> float:
    """exp(−2·EV·B/Var): the chance of ever losing ``bankroll`` units (1 unless EV > 0).

    >>> round(risk_of_ruin(1.0, 1.0, 1.0), 6)  # e⁻²
    0.135335
    """
    if ev <= 0:
        return 1.0
    if variance <= 0:
        return 0.0
    return math.exp(-2 * ev * bankroll / variance)


def _phi(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2))


def ruin_within(ev: float, variance: float, bankroll: float, periods: float) -> float:
    """The chance of losing ``bankroll`` within ``periods`` hands (or shoes: EV and
    variance per the same period), in the diffusion approximation.

    >>> ruin_within(1.0, 1.0, 1.0, 1e9) == risk_of_ruin(1.0, 1.0, 1.0)
    True
    """
    if variance <= 0 or periods <= 0:
        return 0.0
    spread = math.sqrt(variance * periods)
    drift = ev * periods
    first = _phi((-bankroll - drift) / spread)
    exponent = -2 * ev * bankroll / variance
    second = math.exp(exponent) * _phi((-bankroll + drift) / spread) if exponent < 700 else 0.0
    return min(1.0, first + second)


def kelly_units(bankroll: float, advantage: float, variance: float, largest: int) -> int:
    """Kelly-proportional bet in whole units: ⌊B·advantage/variance⌋, at most ``largest``
    (0 when the advantage is not positive).

    >>> kelly_units(1000, 0.05, 40.0, 10), kelly_units(1000, 0.5, 40.0, 10)
    (1, 10)
    """
    if advantage <= 0 or variance <= 0:
        return 0
    return min(largest, math.floor(bankroll * advantage / variance))


@dataclass(frozen=True, slots=True)
class KellyBin:
    """Hands dealt at one true count (the bin ``tc`` ≤ TC < ``tc`` + 1) and what they hold:
    Σ exact EV and Σ E[outcome²] (the outcome: units won per unit bet)."""

    tc: int
    hands: int
    sum_ev: float
    sum_square: float


def kelly_ramp(
    bins: Sequence[KellyBin], bankroll: float, largest: int, least: int
) -> tuple[tuple[int, int], ...]:
    """The Kelly bet at each true count, as ramp steps (TC, units) — a step where the bet
    changes; below the first step, no bet. A bin's advantage is the mean exact EV of its
    hands and its variance the mean E[outcome²] less that squared. Bins at either end with
    fewer than ``least`` hands are pooled with the next toward the middle (their few
    hands would otherwise set a bet on noise).

    >>> kelly_ramp([KellyBin(0, 100, -1.0, 100.0), KellyBin(1, 100, 5.0, 100.0)], 100, 9, 1)
    ((1, 5),)
    """
    ordered = sorted((b for b in bins if b.hands > 0), key=lambda b: b.tc)
    groups = _pooled(ordered, least)
    units: list[tuple[int, int]] = []
    for group in groups:
        hands = sum(b.hands for b in group)
        advantage = sum(b.sum_ev for b in group) / hands
        variance = sum(b.sum_square for b in group) / hands - advantage**2
        bet = kelly_units(bankroll, advantage, variance, largest)
        units.extend((b.tc, bet) for b in group)
    steps: list[tuple[int, int]] = []
    previous = 0
    for tc, bet in units:
        if bet != previous:
            steps.append((tc, bet))
            previous = bet
    return tuple(steps)


def _pooled(ordered: list[KellyBin], least: int) -> list[list[KellyBin]]:
    """The bins in groups: each end's thin bins joined to the first full one inward."""
    if not ordered:
        return []
    full = [i for i, b in enumerate(ordered) if b.hands >= least]
    if not full:
        return [ordered]
    low, high = full[0], full[-1]
    if low == high:
        return [ordered]
    groups = [ordered[: low + 1]]
    groups.extend([b] for b in ordered[low + 1 : high])
    groups.append(ordered[high:])
    return groups


def delta_se(
    function: Callable[[FloatArray], float], means: FloatArray, covariance: FloatArray, n: int
) -> float | None:
    """The delta-method standard error of ``function(means)``, where ``means`` are the
    means over ``n`` independent shoes of per-shoe quantities with ``covariance``:
    √(∇fᵀ·C·∇f / n), the gradient by central differences (``None`` below 2 shoes or
    where the function is not finite nearby).

    >>> means = np.array([2.0]); cov = np.array([[4.0]])
    >>> round(delta_se(lambda m: float(m[0] ** 2), means, cov, 100), 6)  # |2·2|·2/10
    0.8
    """
    if n < 2:
        return None
    gradient = np.zeros(len(means))
    for i in range(len(means)):
        step = 1e-6 * max(abs(float(means[i])), math.sqrt(max(float(covariance[i, i]), 0.0)), 1e-12)
        up, down = means.copy(), means.copy()
        up[i] += step
        down[i] -= step
        high, low = function(up), function(down)
        if not (math.isfinite(high) and math.isfinite(low)):
            return None
        gradient[i] = (high - low) / (2 * step)
    # the quadratic form summed exactly rounded in a fixed order, not by BLAS: BLAS kernels
    # differ between processors, and where the form cancels to about 0 (the bet per hand
    # bet of a flat bet: 1 in every shoe) the result would differ from machine to machine
    g, c = gradient.tolist(), covariance.tolist()
    variance = math.fsum(gi * cij * gj for gi, row in zip(g, c) for cij, gj in zip(row, g)) / n
    return math.sqrt(max(variance, 0.0))


@dataclass(slots=True)
class ShoeMoments:
    """Running sums over shoes of a vector of per-shoe totals y and of y·yᵀ, for any
    number of strategies at once (leading axes), enough for the mean and covariance
    of y and so for the delta method; memory that of one shoe's vector."""

    n: int
    total: FloatArray
    """(..., k) Σ y."""
    products: FloatArray
    """(..., k, k) Σ y·yᵀ."""

    @classmethod
    def zeros(cls, shape: tuple[int, ...], k: int) -> ShoeMoments:
        return cls(0, np.zeros((*shape, k)), np.zeros((*shape, k, k)))

    def add(self, values: FloatArray) -> None:
        """Add per-shoe vectors ``values`` (shoes, ..., k), shoes in order."""
        self.n += values.shape[0]
        self.total += values.sum(axis=0)
        self.products += np.einsum("s...i,s...j->...ij", values, values)

    def means(self, index: tuple[int, ...] = ()) -> FloatArray:
        """Mean vector of strategy ``index``."""
        return np.asarray(self.total[index] / max(self.n, 1), dtype=np.float64)

    def covariance(self, index: tuple[int, ...] = ()) -> FloatArray:
        """Sample covariance (n − 1) of strategy ``index``'s vector over shoes."""
        n = self.n
        if n < 2:
            return np.zeros_like(self.products[index])
        mean = self.total[index] / n
        return np.asarray(
            (self.products[index] - n * np.outer(mean, mean)) / (n - 1), dtype=np.float64
        )
