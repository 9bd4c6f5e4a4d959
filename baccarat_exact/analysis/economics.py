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
- **Trip ruin** — the risk of ruin within a trip of T hands (hours × hands an hour),
  the first-passage formula above (*Blackjack Attack*, 3rd ed., p. 132; CVCX's "risk
  given no goal but a time constraint").
- **Goal before ruin** (the double barrier) — play until the bankroll B is lost or the
  win reaches G: G is reached first with probability
  ``(1 − e^(−2μB/σ²)) / (1 − e^(−2μ(B+G)/σ²))`` (``B/(B+G)`` without an edge), ruin
  comes first otherwise (*Blackjack Attack* pp. 138–139); within T hands, the images
  series of a Brownian motion with drift between two barriers (pp. 136–137).
- **DI** (desirability index) — "one thousand times … the ratio of that game's per-hand
  win rate to the per-hand standard deviation": ``DI = 1000·EV/SD`` (*Blackjack Attack*
  p. 186), so ``SCORE = DI²`` and ``N0 = 10⁶/DI²``.
- **CE** (certainty equivalent) — what a risky win is worth as a sure one to a Kelly
  bettor of Kelly fraction k on bankroll B: ``CE = EV − Var/(2·k·B)`` (*Blackjack
  Attack* ch. 10; bjmath FAQ, "What is Certainty Equivalent?").
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = [
    "SCORE_BANKROLL",
    "Barriers",
    "KellyBin",
    "Planning",
    "ShoeMoments",
    "certainty_equivalent",
    "delta_se",
    "desirability_index",
    "goal_before_ruin",
    "isotonic",
    "kelly_ramp",
    "kelly_units",
    "n0",
    "optimal_ramp",
    "planning",
    "ramp_objective",
    "risk_of_ruin",
    "ruin_within",
    "score",
    "trip_ruin",
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
    """Trip ruin: the chance of losing ``bankroll`` within ``periods`` hands (or shoes: EV
    and variance per the same period), in the diffusion approximation (*Blackjack Attack*
    p. 132).

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


trip_ruin = ruin_within
"""The risk of ruin within a trip: :func:`ruin_within` by the name counters use."""


def desirability_index(ev: float, sd: float) -> float | None:
    """DI = 1000·EV/SD from the EV and SD of one hand (*Blackjack Attack* p. 186); negative
    for a losing game, ``None`` without a spread (a scheme that never bets).

    >>> desirability_index(0.01, 1.0), desirability_index(0.0, 0.0)
    (10.0, None)
    """
    if sd <= 0:
        return None
    return 1000 * ev / sd


def certainty_equivalent(
    ev: float, variance: float, bankroll: float, kelly_fraction: float = 1.0
) -> float:
    """CE = EV − Var/(2·k·B): the sure win a Kelly bettor (fraction ``kelly_fraction`` k,
    bankroll B) values the risky one at, EV and Var per the same period (*Blackjack
    Attack* ch. 10; bjmath FAQ: "CE = E − V/2kB").

    >>> certainty_equivalent(20.0, 39600.0, 10_000, 0.3)  # the FAQ's coin flip: $13.40
    13.4
    """
    return ev - variance / (2 * kelly_fraction * bankroll)


@dataclass(frozen=True, slots=True)
class Barriers:
    """A session played until a goal is won or a bankroll lost (or the hands run out):
    the chance that the goal comes first, and that ruin does."""

    goal: float
    ruin: float

    @property
    def neither(self) -> float:
        """The chance that the hands run out first (0 without a time limit)."""
        return max(0.0, 1.0 - self.goal - self.ruin)


def goal_before_ruin(
    ev: float, variance: float, bankroll: float, goal: float, periods: float | None = None
) -> Barriers:
    """The double barrier: the chances of winning ``goal`` before losing ``bankroll``
    and of the reverse, within ``periods`` hands (None: no time limit), EV and variance
    per hand, in the diffusion approximation (*Blackjack Attack* pp. 136–139).

    >>> b = goal_before_ruin(0.0, 1.0, 30.0, 10.0)
    >>> round(b.goal, 6), round(b.ruin, 6)
    (0.75, 0.25)
    """
    if variance <= 0:  # no spread: the sure drift decides, in time or never
        if ev > 0 and (periods is None or ev * periods >= goal):
            return Barriers(1.0, 0.0)
        if ev < 0 and (periods is None or -ev * periods >= bankroll):
            return Barriers(0.0, 1.0)
        return Barriers(0.0, 0.0)
    sd = math.sqrt(variance)
    drift, low, high = ev / sd, bankroll / sd, goal / sd  # one unit of variance a hand
    if periods is None or periods > 40 * (low + high) ** 2:
        # the chance of still being between the barriers after t is below e^(−π²t/2w²):
        # past 40·w² (w their distance) it is nothing, and the time limit does not bind
        up = _exit_first(drift, low, high)
        return Barriers(up, 1.0 - up)
    if periods <= 0:
        return Barriers(0.0, 0.0)
    return Barriers(_exit_by(-drift, high, low, periods), _exit_by(drift, low, high, periods))


def _exit_first(drift: float, low: float, high: float) -> float:
    """P(a unit-variance Brownian motion with ``drift`` from 0 reaches +high before −low)."""
    if abs(drift) * (low + high) < 1e-12:
        return low / (low + high)
    # (1 − e^(−2μa)) / (1 − e^(−2μ(a+b))), written with expm1 for small drifts, and for
    # a negative drift ν = −μ as e^(−2νb)·(1 − e^(−2νa)) / (1 − e^(−2ν(a+b))) (no overflow)
    if drift >= 0:
        return math.expm1(-2 * drift * low) / math.expm1(-2 * drift * (low + high))
    nu = -drift
    return math.exp(-2 * nu * high) * math.expm1(-2 * nu * low) / math.expm1(-2 * nu * (low + high))


def _exp_phi(exponent: float, x: float) -> float:
    """e^exponent · Φ(x), without overflow where Φ(x) is tiny and the exponent large."""
    tail = _phi(x)
    if tail <= 0:
        return 0.0
    return math.exp(min(exponent + math.log(tail), 700.0))


def _exit_by(drift: float, low: float, high: float, t: float) -> float:
    """P(a unit-variance Brownian motion with ``drift`` from 0 leaves (−low, high) through
    −low by time t). By the method of images the exit density there is
    e^(−μ·low − μ²s/2)·Σₖ c/√(2πs³)·e^(−c²/2s) over the levels c = low + 2k(low + high)
    (Borodin & Salminen, *Handbook of Brownian Motion*, 1.3.0.6, with Girsanov's factor
    for the drift); each level's integral to t is a one-barrier first passage in closed
    form. The series is summed until its terms vanish."""
    width, root = low + high, math.sqrt(t)

    def level(c: float) -> float:  # ∫₀ᵗ of level c's term, times e^(−μ·low)
        a, mu = (c, drift) if c > 0 else (-c, -drift)  # a level below 0: its mirror image
        shift = -drift * low
        passage = _exp_phi(shift - mu * a, (mu * t - a) / root) + _exp_phi(
            shift + mu * a, (-mu * t - a) / root
        )
        return math.copysign(passage, c)

    total = level(low)
    for k in range(1, 1_000_000):
        step = level(low + 2 * k * width) + level(low - 2 * k * width)
        total += step
        if abs(step) < 1e-17:
            break
    return min(1.0, max(0.0, total))


@dataclass(frozen=True, slots=True)
class Planning:
    """The figures a counter plans a trip with, from the win and variance per hand dealt
    (simulation estimates: these are functions of them, shown without SEs)."""

    di: float | None
    """1000·EV/SD per hand (None: no spread, the scheme never bets)."""
    ce_per_hour: float
    """Certainty equivalent of an hour at full Kelly (k = 1) for the bankroll."""
    n0_hours: float | None
    """N0 in hours (None unless the scheme wins)."""
    trip_ruin: float | None
    """Ruin within the trip (None: no trip length given)."""
    goal: float | None
    """The goal won before the bankroll is lost, within the trip if one is given (None:
    no goal given)."""
    goal_ruin: float | None
    """The bankroll lost before the goal is won, within the trip if one is given."""


def planning(
    win: float,
    variance: float,
    *,
    bankroll: float,
    hands_per_hour: float,
    hours: float | None = None,
    goal: float | None = None,
) -> Planning:
    """:class:`Planning` for a scheme winning ``win`` units a hand dealt with
    ``variance``, for ``bankroll`` units, a trip of ``hours`` and a ``goal`` (units won).

    >>> p = planning(0.01, 1.0, bankroll=100, hands_per_hour=100, hours=10, goal=100)
    >>> round(p.di, 6), round(p.ce_per_hour, 6), round(p.n0_hours, 6)
    (10.0, 0.5, 100.0)
    """
    sd = math.sqrt(max(variance, 0.0))
    hands = None if hours is None else hours * hands_per_hour
    ends = None if goal is None else goal_before_ruin(win, variance, bankroll, goal, hands)
    hands_n0 = n0(win, sd) if sd > 0 else None
    return Planning(
        di=desirability_index(win, sd),
        ce_per_hour=certainty_equivalent(win * hands_per_hour, variance * hands_per_hour, bankroll),
        n0_hours=None if hands_n0 is None else hands_n0 / hands_per_hour,
        trip_ruin=None if hands is None else ruin_within(win, variance, bankroll, hands),
        goal=None if ends is None else ends.goal,
        goal_ruin=None if ends is None else ends.ruin,
    )


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
    changes; below the first step, no bet. Never less at a higher true count, by
    construction.

    A bin's advantage a is the mean exact EV of its hands and its variance v the mean
    E[outcome²] less a². Each count's own Kelly bet B·a/v maximises the growth rate
    n·(a·b − v·b²/(2B)) of its n hands; summed over the counts that is, up to a constant,
    −Σ (n·v/(2B))·(b − B·a/v)², so the monotone ramp that grows the bankroll fastest is the
    weighted isotonic regression of the counts' Kelly bets B·a/v with weights n·v
    (:func:`isotonic`, pool-adjacent-violators): a run of counts whose bets fall (noise:
    a count's advantage is an estimate) is pooled into one bet, the growth-weighted mean.
    That ramp is then held within 0 … ``largest`` and taken down to whole units — both
    keep it non-decreasing. Bins at either end with fewer than ``least`` hands are pooled
    with the next toward the middle first (their few hands would otherwise set a bet on
    noise).

    >>> kelly_ramp([KellyBin(0, 100, -1.0, 100.0), KellyBin(1, 100, 5.0, 100.0)], 100, 9, 1)
    ((1, 5),)
    >>> kelly_ramp([KellyBin(19, 100, 6.0, 100.0), KellyBin(20, 100, 4.0, 100.0)], 100, 9, 1)
    ((19, 5),)
    """
    ordered = sorted((b for b in bins if b.hands > 0), key=lambda b: b.tc)
    groups = _pooled(ordered, least)
    targets: list[float] = []
    weights: list[float] = []
    for group in groups:
        hands = sum(b.hands for b in group)
        advantage = sum(b.sum_ev for b in group) / hands
        variance = sum(b.sum_square for b in group) / hands - advantage**2
        # a group without spread (every round the same result) has no Kelly bet of its
        # own: weight 0, it takes the bet of the counts beside it
        targets.append(bankroll * advantage / variance if variance > 0 else 0.0)
        weights.append(hands * variance if variance > 0 else 0.0)
    fitted = isotonic(targets, weights)
    units: list[tuple[int, int]] = []
    for group, bet in zip(groups, fitted, strict=True):
        whole = min(largest, math.floor(bet)) if bet > 0 else 0
        units.extend((b.tc, whole) for b in group)
    steps: list[tuple[int, int]] = []
    previous = 0
    for tc, bet in units:
        if bet != previous:
            steps.append((tc, bet))
            previous = bet
    return tuple(steps)


def isotonic(values: Sequence[float], weights: Sequence[float]) -> list[float]:
    """The non-decreasing sequence nearest ``values`` in weighted least squares
    (Σ wᵢ·(xᵢ − valueᵢ)² least): pool-adjacent-violators, each pooled run the weighted
    mean of its values. A value of weight 0 takes the value of the run it falls in (or
    the run before it; the first run's if it comes first); all weights 0 give the values'
    running maximum.

    >>> isotonic([1.0, 3.0, 2.0, 4.0], [1.0, 1.0, 1.0, 1.0])
    [1.0, 2.5, 2.5, 4.0]
    >>> isotonic([5.0, 4.0], [1.0, 3.0])
    [4.25, 4.25]
    """
    if len(values) != len(weights):
        raise ValueError("isotonic needs one weight per value")
    if not any(w > 0 for w in weights):
        out: list[float] = []
        for v in values:
            out.append(v if not out else max(out[-1], v))
        return out
    # runs of [weighted sum, weight, count]; zero-weight values join the run before
    runs: list[list[float]] = []
    pending = 0  # zero-weight values before the first weighted one
    for v, w in zip(values, weights, strict=True):
        if w <= 0:
            if runs:
                runs[-1][2] += 1
            else:
                pending += 1
            continue
        runs.append([v * w, w, 1.0])
        while len(runs) > 1 and runs[-2][0] / runs[-2][1] > runs[-1][0] / runs[-1][1]:
            total, weight, count = runs.pop()
            runs[-1][0] += total
            runs[-1][1] += weight
            runs[-1][2] += count
    runs[0][2] += pending
    fitted: list[float] = []
    for total, weight, count in runs:
        fitted.extend([total / weight] * int(count))
    return fitted


def ramp_objective(
    bins: Sequence[KellyBin], bets: Sequence[float], bankroll: float, ror: float
) -> float:
    """What :func:`optimal_ramp` maximises, per hand dealt: the certainty equivalent
    Σ p·(a·b − μ·v·b²) of betting ``bets`` (one per bin: p its share of the hands, a its
    advantage, v its variance), at the risk aversion μ = −ln(ror)/(4·bankroll) for which
    the unconstrained best bets, b = a/(2μv) = (2/−ln ror)·B·a/v, run exactly the risk
    ``ror`` of ruin (exp(−2B·W/V) with W = Σp·a·b and V = Σp·v·b²): at ror = e⁻² they
    are the Kelly bets B·a/v, and a ramp cannot win more at that risk.

    >>> round(ramp_objective([KellyBin(1, 10, 1.0, 10.0)], [4], 10, math.exp(-2)), 6)
    -0.392
    """
    aversion = -math.log(ror) / (4 * bankroll)
    hands = sum(b.hands for b in bins)
    total = 0.0
    for b, bet in zip(bins, bets, strict=True):
        advantage, variance = _moments(b)
        total += b.hands * (advantage * bet - aversion * variance * bet * bet)
    return total / hands


def _moments(b: KellyBin) -> tuple[float, float]:
    """A bin's (advantage, variance) per unit bet."""
    advantage = b.sum_ev / b.hands
    return advantage, max(b.sum_square / b.hands - advantage**2, 0.0)


def optimal_ramp(
    bins: Sequence[KellyBin],
    bankroll: float,
    ror: float,
    amounts: Sequence[int],
    least: int = 1,
) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The best ramp for ``bankroll`` units at risk of ruin ``ror`` (CVCX's "optimal"
    bets; *Blackjack Attack* ch. 10): the bets, each one of ``amounts`` (the sums the
    chips make, the least one the bet below the ramp), that maximise
    :func:`ramp_objective` among the ramps that never bet less at a higher true count.
    Monotone by construction: a dynamic programme over the true counts in increasing
    order keeps, for each amount, the best ramp up to there ending at most at that amount
    — the exact optimum over monotone ramps, not a rounding of one. Thin bins at the ends
    are pooled as in :func:`kelly_ramp`. Returns (the bet below the first step, the steps).

    >>> bins = [KellyBin(0, 100, -1.0, 100.0), KellyBin(1, 100, 5.0, 100.0)]
    >>> optimal_ramp(bins, 100, math.exp(-2), [0, 1, 2, 4, 5, 8])
    (0, ((1, 5),))
    """
    choices = sorted(set(amounts))
    if not choices:
        raise ValueError("optimal_ramp needs at least one amount to bet")
    ordered = sorted((b for b in bins if b.hands > 0), key=lambda b: b.tc)
    groups = [
        KellyBin(
            g[0].tc,
            sum(b.hands for b in g),
            sum(b.sum_ev for b in g),
            sum(b.sum_square for b in g),
        )
        for g in _pooled(ordered, least)
    ]
    if not groups:
        return choices[0], ()
    aversion = -math.log(ror) / (4 * bankroll)
    # best[j]: the objective of the best monotone bets so far whose last bet is ≤ choices[j]
    # (its last bet's index in last[j]); every step keeps, per amount, the best prefix
    best: list[float] = [0.0] * len(choices)
    paths: list[list[int]] = []
    for group in groups:
        advantage, variance = _moments(group)
        value = [
            best[j] + group.hands * (advantage * c - aversion * variance * c * c)
            for j, c in enumerate(choices)
        ]
        chosen, running, keep = [], -math.inf, 0
        for j, v in enumerate(value):
            if v > running:  # a strictly better ramp: ties keep the smaller bet
                running, keep = v, j
            chosen.append(keep)
            best[j] = running
        paths.append(chosen)
    # walk back from the best final amount: each bin's bet is the best at most the next's
    j = len(choices) - 1
    bets = []
    for chosen in reversed(paths):
        j = chosen[j]
        bets.append(choices[j])
    bets.reverse()
    steps: list[tuple[int, int]] = []
    previous = bets[0]
    for group, bet in zip(groups, bets):
        if bet != previous:
            steps.append((group.tc, bet))
            previous = bet
    return bets[0], tuple(steps)


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
