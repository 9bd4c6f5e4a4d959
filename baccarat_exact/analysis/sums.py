"""The net result of many rounds: the law of a sum of independent rounds, from one round's.

One round's net result — a bet's per unit staked, or a mix of bets' per unit of handle —
takes a few values x_1 < … < x_k with exact probabilities p_1 … p_k (:class:`RoundLaw`).
Over n rounds, each dealt independently from the same shoe, the total S_n is the sum of
n independent copies, and its law is the n-fold convolution of the round's. Every x_i
is a point of the lattice x_1 + step·j (``step``: the largest rational dividing each
x_i − x_1, j_i its multiple), so S_n lies on n·x_1 + step·J, J = 0 … n·j_k.

:func:`sum_law` convolves in one of two ways:

* **exact**, by the multinomial theorem: P(S_n = n·x_1 + step·J) is the sum, over the
  numbers (n_1 … n_k) of rounds ending on each value with Σ n_i·j_i = J, of
  n!/(n_1!…n_k!)·Π p_i^{n_i} — integers over the common denominator D^n. Used while
  there are at most :data:`EXACT_TERMS` such tuples and D^n has at most
  :data:`EXACT_DIGITS` digits (100 rounds of an 8-deck shoe, whose D has 16);
* **in floating point** beyond: the lattice law's discrete Fourier transform raised to
  the n-th power and transformed back (numpy's FFT), on a window of the lattice that
  holds all but :data:`LOST_MASS` of the law by Hoeffding's inequality. Its
  probabilities are good to about 10^-12 (:data:`FLOAT_ACCURACY`); they are never
  written as exact values.

Independence is the model of every PAR sheet's interval (a continuous shuffler; the
rounds of one hand-dealt shoe are weakly dependent, which it leaves out).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

__all__ = [
    "EXACT_DIGITS",
    "EXACT_TERMS",
    "FLOAT_ACCURACY",
    "LOST_MASS",
    "MAX_POINTS",
    "RoundLaw",
    "SumLaw",
    "exact_affordable",
    "sum_law",
]

EXACT_TERMS = 20_000
"""Most tuples (n_1 … n_k) the exact convolution sums over (C(n + k − 1, k − 1))."""
EXACT_DIGITS = 4_000
"""Most digits of the exact probabilities' denominator D^n (Python writes integers of up
to 4,300 digits as text by default)."""
LOST_MASS = 1e-18
"""Mass of the law the floating-point window may leave out (it wraps around, bounded)."""
FLOAT_ACCURACY = 1e-12
"""What a floating-point probability is good to, absolutely; it is rounded to this."""
Masses: TypeAlias = "tuple[int, ...] | npt.NDArray[np.float64]"
"""Masses of lattice entries: exact integers (over a denominator), or floats."""

MAX_POINTS = 1 << 23
"""Most lattice points a floating-point convolution holds (about 8 million: 64 MB)."""


@dataclass(frozen=True, slots=True)
class RoundLaw:
    """One round's net result: each distinct value and its exact probability, lowest first.

    >>> law = RoundLaw.of([(Fraction(8), Fraction(1, 10)), (Fraction(-1), Fraction(9, 10))])
    >>> law.mean, law.variance, law.lattice()
    (Fraction(-1, 10), Fraction(729, 100), (Fraction(-1, 1), Fraction(9, 1), (0, 1)))
    """

    outcomes: tuple[tuple[Fraction, Fraction], ...]

    @classmethod
    def of(cls, pairs: Iterable[tuple[Fraction, Fraction]]) -> RoundLaw:
        """The law of (value, probability) pairs: equal values merged, zero probabilities
        dropped; the probabilities must sum to 1."""
        merged: dict[Fraction, Fraction] = {}
        for value, probability in pairs:
            if probability:
                merged[Fraction(value)] = merged.get(Fraction(value), Fraction(0)) + probability
        if sum(merged.values()) != 1 or any(p < 0 for p in merged.values()):
            raise ValueError("a round's probabilities must be non-negative and sum to 1")
        return cls(tuple(sorted(merged.items())))

    @property
    def mean(self) -> Fraction:
        """The expected net result of a round."""
        return sum((x * p for x, p in self.outcomes), Fraction(0))

    @property
    def variance(self) -> Fraction:
        """The variance of a round's net result, exact."""
        mean = self.mean
        return sum(((x - mean) ** 2 * p for x, p in self.outcomes), Fraction(0))

    def lattice(self) -> tuple[Fraction, Fraction, tuple[int, ...]]:
        """(lowest value, step, j_i): every value is lowest + step·j_i, the j_i whole and
        with no common factor."""
        low = self.outcomes[0][0]
        gaps = [x - low for x, _ in self.outcomes]
        scale = math.lcm(*(gap.denominator for gap in gaps))
        whole = [int(gap * scale) for gap in gaps]
        divisor = math.gcd(*whole) or 1
        return low, Fraction(divisor, scale), tuple(n // divisor for n in whole)


def exact_affordable(outcomes: int, rounds: int, denominator: int) -> bool:
    """Whether ``rounds`` rounds of a law of ``outcomes`` values whose probabilities have
    the common ``denominator`` are convolved exactly (:data:`EXACT_TERMS`,
    :data:`EXACT_DIGITS`).

    >>> eight_decks = 4_998_398_275_503_360
    >>> exact_affordable(3, 100, eight_decks), exact_affordable(3, 1000, eight_decks)
    (True, False)
    """
    digits = rounds * math.log10(max(denominator, 2))
    return digits <= EXACT_DIGITS and math.comb(rounds + outcomes - 1, outcomes - 1) <= EXACT_TERMS


@dataclass(frozen=True, slots=True)
class SumLaw:
    """The law of the total net result of :attr:`rounds` rounds, entry by entry, lowest
    first: entry i is the total ``start + step·j_i``. Exact — integer masses over
    :attr:`denominator`, one entry per total that can happen (``j_i`` in
    :attr:`positions`) — or from a floating-point convolution: float masses, one entry
    per lattice point of a window (``j_i = i``)."""

    rounds: int
    start: Fraction
    step: Fraction
    exact: bool
    positions: tuple[int, ...] | None
    """Exact: each entry's lattice point j_i, increasing; ``None``: j_i = i."""
    masses: Masses
    """Exact: integers over :attr:`denominator`; else floats (an array)."""
    denominator: int
    _below: Masses
    """Mass of the entries before i (one more entry than :attr:`masses`)."""
    _from: Masses
    """Mass of entries i and after (one more entry than :attr:`masses`, ending in 0)."""

    @classmethod
    def exactly(
        cls,
        rounds: int,
        start: Fraction,
        step: Fraction,
        masses: Mapping[int, int],
        denominator: int,
    ) -> SumLaw:
        """The exact law: lattice point → integer mass over ``denominator``."""
        positions = tuple(sorted(j for j, mass in masses.items() if mass))
        ordered = tuple(masses[j] for j in positions)
        below = [0]
        for mass in ordered:
            below.append(below[-1] + mass)
        after = tuple(below[-1] - b for b in below)
        return cls(rounds, start, step, True, positions, ordered, denominator, tuple(below), after)

    @classmethod
    def floating(
        cls, rounds: int, start: Fraction, step: Fraction, masses: npt.NDArray[np.float64]
    ) -> SumLaw:
        """The law from a floating-point convolution, entry i at ``start + step·i``, with its
        running sums from both ends (a tail is summed from its own end, not taken as 1
        less the rest)."""
        below = np.concatenate(([0.0], np.cumsum(masses)))
        after = np.concatenate((np.cumsum(masses[::-1])[::-1], [0.0]))
        return cls(rounds, start, step, False, None, masses, 1, below, after)

    def __len__(self) -> int:
        return len(self.masses)

    def total(self, index: int) -> Fraction:
        """The total net result of entry ``index``."""
        return self.start + self.step * (index if self.positions is None else self.positions[index])

    def _before(self, x: Fraction, inclusive: bool) -> int:
        """How many entries hold totals below ``x`` (or, ``inclusive``, not above it)."""
        position = (Fraction(x) - self.start) / self.step
        if inclusive:
            point = math.floor(position)
            if self.positions is not None:
                return bisect.bisect_right(self.positions, point)
            return min(max(point + 1, 0), len(self))
        point = math.ceil(position)
        if self.positions is not None:
            return bisect.bisect_left(self.positions, point)
        return min(max(point, 0), len(self))

    def _probability(self, mass: Any) -> Fraction | float:
        if self.exact:
            return Fraction(int(mass), self.denominator)
        return _rounded(float(mass))

    def below(self, x: Fraction) -> Fraction | float:
        """P(total < x)."""
        return self._probability(self._below[self._before(x, False)])

    def at_most(self, x: Fraction) -> Fraction | float:
        """P(total ≤ x)."""
        return self._probability(self._below[self._before(x, True)])

    def above(self, x: Fraction) -> Fraction | float:
        """P(total > x)."""
        return self._probability(self._from[self._before(x, True)])

    def at_least(self, x: Fraction) -> Fraction | float:
        """P(total ≥ x)."""
        return self._probability(self._from[self._before(x, False)])

    def interval(self, confidence: Fraction) -> tuple[Fraction, Fraction]:
        """The central interval [a, b] of totals that holds the total with probability at
        least ``confidence``: a the highest total with P(total < a) ≤ (1 − confidence)/2,
        b the lowest with P(total > b) ≤ (1 − confidence)/2.

        >>> law = sum_law(RoundLaw.of([(Fraction(1), Fraction(1, 2)), (Fraction(-1), Fraction(1, 2))]), 4)
        >>> law.interval(Fraction(3, 4)), law.interval(Fraction(9, 10))
        ((Fraction(-2, 1), Fraction(2, 1)), (Fraction(-4, 1), Fraction(4, 1)))
        """
        tail = (1 - confidence) / 2
        size = len(self)
        if self.exact:  # integers: m ≤ tail·D  ⇔  m·q ≤ p·D for tail = p/q
            limit = tail.numerator * self.denominator
            below = [m * tail.denominator for m in self._below]
            after = [m * tail.denominator for m in reversed(self._from)]
            low = bisect.bisect_right(below, limit, 0, size) - 1
            high = size - bisect.bisect_right(after, limit)
        else:
            limit_f = float(tail)
            low = int(np.searchsorted(self._below[:size], limit_f, side="right")) - 1
            high = size - int(np.searchsorted(self._from[::-1], limit_f, side="right"))
        return self.total(max(low, 0)), self.total(max(high, 0))

    def shape(self, bins: int = 60, trim: float = 1e-6) -> tuple[tuple[float, float], ...]:
        """The law drawn coarsely for a chart: (average net per round, mass), each total
        where the law's lattice holds at most ``bins`` of them, else bins of ``k`` lattice
        steps each (the fewest that make at most ``bins``), so that every bin holds the
        same number of possible totals (bins of a width that is not a multiple of the step
        would hold one more or one fewer, and their heights would wobble as if noisy);
        tails of mass below ``trim`` left out; nothing where totals are beyond float range.

        >>> coin = RoundLaw.of([(Fraction(40), Fraction(1, 41)), (Fraction(-1), Fraction(40, 41))])
        >>> [x for x, _ in sum_law(coin, 4).shape(trim=0)]  # each total (per round)
        [-1.0, 9.25, 19.5, 29.75, 40.0]
        >>> [x for x, _ in sum_law(coin, 4).shape(bins=2, trim=0)]  # three steps a bin
        [9.25, 40.0]
        """
        if self.exact:
            masses = np.array([float(Fraction(m, self.denominator)) for m in self.masses])
        else:
            masses = np.asarray(self.masses, dtype=np.float64)
        if self.positions is None:
            steps = np.arange(len(masses), dtype=np.int64)
        else:
            steps = np.asarray(self.positions, dtype=np.int64)
        running = np.cumsum(masses)
        first = int(np.searchsorted(running, trim))
        last = int(np.searchsorted(running, running[-1] - trim))
        last = min(max(last, first), len(masses) - 1)
        masses, steps = masses[first : last + 1], steps[first : last + 1]
        origin = int(steps[0])
        span = int(steps[-1]) - origin + 1
        per_bin = -(-span // bins)  # lattice steps in a bin
        which = (steps - origin) // per_bin
        sums = np.bincount(which, weights=masses)
        middles = origin + per_bin * np.arange(len(sums)) + (per_bin - 1) / 2
        if per_bin == 1:
            kept = sums > 0
            sums, middles = sums[kept], middles[kept]
        start, step = _wide_float(self.start), _wide_float(self.step)
        with np.errstate(invalid="ignore", over="ignore"):  # beyond float: found below
            points = (start + step * middles) / self.rounds
        if not np.isfinite(points).all():
            return ()  # totals beyond float range: nothing a chart can draw
        return tuple((float(x), float(m)) for x, m in zip(points, sums))


def _wide_float(value: Fraction) -> float:
    """``value`` as a float, ±inf beyond float range (a chart's point, never a figure)."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def _rounded(value: float) -> float:
    """A floating-point probability rounded to what it is good to (and never below 0)."""
    return max(0.0, round(value, 12))


def sum_law(law: RoundLaw, rounds: int) -> SumLaw:
    """The law of the total of ``rounds`` independent rounds of ``law``: exact where
    :func:`exact_affordable`, else by a floating-point convolution.

    >>> coin = RoundLaw.of([(Fraction(1), Fraction(1, 2)), (Fraction(-1), Fraction(1, 2))])
    >>> three = sum_law(coin, 3)
    >>> three.exact, [three.total(i) for i in range(len(three))], three.above(Fraction(0))
    (True, [Fraction(-3, 1), Fraction(-1, 1), Fraction(1, 1), Fraction(3, 1)], Fraction(1, 2))

    :raises ValueError: for fewer than 1 round.
    :raises OverflowError: when the floating-point window would exceed :data:`MAX_POINTS`.
    """
    if rounds < 1:
        raise ValueError(f"a sum of {rounds} rounds")
    low, step, steps = law.lattice()
    probabilities = [p for _, p in law.outcomes]
    start = low * rounds
    denominator = math.lcm(*(p.denominator for p in probabilities))
    if exact_affordable(len(steps), rounds, denominator):
        masses, denominator = _exact_masses(steps, probabilities, rounds)
        return SumLaw.exactly(rounds, start, step, masses, denominator)
    first, array = _float_masses(steps, [float(p) for p in probabilities], rounds)
    return SumLaw.floating(rounds, start + step * first, step, array)


def _exact_masses(
    steps: Sequence[int], probabilities: Sequence[Fraction], rounds: int
) -> tuple[dict[int, int], int]:
    """Each lattice point's mass over D^rounds, by the multinomial theorem (only the
    points a total can reach: at most as many as the terms)."""
    scale = math.lcm(*(p.denominator for p in probabilities))
    weights = [int(p * scale) for p in probabilities]
    powers = [[1] * (rounds + 1) for _ in weights]
    for row, weight in zip(powers, weights):
        for m in range(1, rounds + 1):
            row[m] = row[m - 1] * weight
    masses: dict[int, int] = {}
    last = len(weights) - 1

    def spread(i: int, left: int, at: int, term: int) -> None:
        """Give values i… the ``left`` rounds not yet placed; ``term`` the product so far."""
        if i == last:
            point = at + left * steps[i]
            masses[point] = masses.get(point, 0) + term * powers[i][left]
            return
        for m in range(left + 1):
            spread(i + 1, left - m, at + m * steps[i], term * math.comb(left, m) * powers[i][m])

    spread(0, rounds, 0, 1)
    return masses, scale**rounds


def _float_masses(
    steps: Sequence[int], probabilities: Sequence[float], rounds: int
) -> tuple[int, npt.NDArray[np.float64]]:
    """(first J, masses from it on) of the total's lattice law, by FFT on a window that
    holds all but :data:`LOST_MASS` of it: J within ``reach`` of its mean, the smaller of
    Hoeffding's bound, P(|J − E J| ≥ t) ≤ 2·exp(−2t²/(n·j_k²)), and Bernstein's,
    P(|J − E J| ≥ t) ≤ 2·exp(−t²/(2(n·σ² + b·t/3))) with b the largest |j_i − E j|."""
    span = steps[-1]
    if span > MAX_POINTS:  # the window holds at least one round's span (and floats fail)
        raise OverflowError(
            f"the total of {rounds:,} rounds spreads over more than {MAX_POINTS:,} points"
        )
    centre_f = sum(j * p for j, p in zip(steps, probabilities))
    mean = centre_f * rounds
    spread = rounds * sum(p * (j - centre_f) ** 2 for j, p in zip(steps, probabilities))
    widest = max(abs(j - centre_f) for j in steps)
    log = math.log(2 / LOST_MASS)
    hoeffding = span * math.sqrt(rounds * log / 2)
    bernstein = widest * log / 3 + math.sqrt((widest * log / 3) ** 2 + 2 * log * spread)
    reach = min(hoeffding, bernstein) + 1
    first = max(0, math.floor(mean - reach))
    last = min(rounds * span, math.ceil(mean + reach))
    size = last - first + 1
    points = 1 << max(1, (size - 1).bit_length())
    if points > MAX_POINTS:
        raise OverflowError(
            f"the total of {rounds:,} rounds spreads over {size:,} points, more than {MAX_POINTS:,}"
        )
    centre = round(centre_f)  # each round centred on its mean: phases stay small
    base = np.zeros(points)
    for j, p in zip(steps, probabilities):
        base[(j - centre) % points] += p
    spectrum = np.fft.rfft(base)
    law = np.fft.irfft(spectrum**rounds, points)
    shift = rounds * centre  # entry r holds J ≡ r + shift (mod points)
    at = (np.arange(size) + first - shift) % points
    return first, np.asarray(law[at], dtype=np.float64)
