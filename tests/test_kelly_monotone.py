"""The Kelly ramp never bets less at a higher true count (both games' ``--kelly`` build
it with :func:`~baccarat_exact.analysis.economics.kelly_ramp`), and the weighted
isotonic regression it rests on is the nearest non-decreasing sequence.

Before, each true count was bet its own ⌊B·a/v⌋, so the noise of a count's estimated
advantage showed as a ramp going ``19:5, 20:4, 21:5`` (``simulate --game ez --bet
dragon-7 --shoes 2000 --seed 7 --ramp 4:1,6:2,8:4 --kelly 1000 --max-bet 10``, Panda 8).
"""

from __future__ import annotations

import itertools
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat_exact.analysis.economics import KellyBin, isotonic, kelly_ramp, kelly_units


@st.composite
def measured_bins(draw: st.DrawFn) -> list[KellyBin]:
    """True-count bins as a first pass measures them: hands, Σ EV and Σ E[outcome²]
    with E[outcome²] at least the advantage squared (a variance is not negative)."""
    first = draw(st.integers(-8, 8))
    count = draw(st.integers(1, 12))
    bins = []
    for tc in range(first, first + count):
        hands = draw(st.integers(1, 400))
        advantage = draw(st.floats(-0.3, 0.3))
        variance = draw(st.floats(0.0, 3.0))
        bins.append(KellyBin(tc, hands, hands * advantage, hands * (variance + advantage**2)))
    return bins


@settings(max_examples=60)
@given(
    bins=measured_bins(),
    bankroll=st.integers(1, 20_000),
    largest=st.integers(1, 40),
    least=st.integers(1, 200),
)
def test_every_kelly_ramp_is_non_decreasing_and_within_the_largest_bet(
    bins: list[KellyBin], bankroll: int, largest: int, least: int
) -> None:
    steps = kelly_ramp(bins, bankroll, largest, least)
    counts = [tc for tc, _ in steps]
    units = [bet for _, bet in steps]
    assert counts == sorted(set(counts))
    assert all(a < b for a, b in itertools.pairwise(units)), steps
    assert all(1 <= bet <= largest for bet in units), steps


@settings(max_examples=40)
@given(
    advantages=st.lists(st.floats(-0.2, 0.2), min_size=1, max_size=10),
    variance=st.floats(0.5, 2.0),
    bankroll=st.integers(1, 5_000),
    largest=st.integers(1, 40),
)
def test_a_ramp_already_rising_is_each_counts_own_kelly_bet(
    advantages: list[float], variance: float, bankroll: int, largest: int
) -> None:
    """Pooling only moves counts whose bets fall: where every count's B·a/v already
    rises, each count is bet its own ⌊B·a/v⌋ as before."""
    bins = [
        KellyBin(tc, 100, 100 * a, 100 * (variance + a * a))
        for tc, a in enumerate(sorted(advantages))
    ]
    own = [
        kelly_units(bankroll, b.sum_ev / 100, b.sum_square / 100 - (b.sum_ev / 100) ** 2, largest)
        for b in bins
    ]
    expected, previous = [], 0
    for b, bet in zip(bins, own, strict=True):
        if bet != previous:
            expected.append((b.tc, bet))
            previous = bet
    assert kelly_ramp(bins, bankroll, largest, 1) == tuple(expected)


@settings(max_examples=60)
@given(
    pairs=st.lists(st.tuples(st.floats(-50, 50), st.floats(0.01, 10)), min_size=1, max_size=12),
    other=st.lists(st.floats(-50, 50), min_size=12, max_size=12),
)
def test_isotonic_is_the_nearest_non_decreasing_sequence(
    pairs: list[tuple[float, float]], other: list[float]
) -> None:
    values = [v for v, _ in pairs]
    weights = [w for _, w in pairs]
    fitted = isotonic(values, weights)

    def distance(xs: list[float]) -> float:
        return sum(w * (x - v) ** 2 for x, v, w in zip(xs, values, weights, strict=True))

    assert all(a <= b + 1e-9 for a, b in itertools.pairwise(fitted))
    total = sum(w * v for v, w in pairs)
    assert math.isclose(
        sum(w * x for x, w in zip(fitted, weights, strict=True)), total, abs_tol=1e-6
    )
    # no other non-decreasing sequence is nearer: a random one, the constant weighted
    # mean, the running maximum and the running minimum from the right
    mean = total / sum(weights)
    running_max = [max(values[: i + 1]) for i in range(len(values))]
    running_min = [min(values[i:]) for i in range(len(values))]
    for candidate in (sorted(other[: len(values)]), [mean] * len(values), running_max, running_min):
        assert distance(fitted) <= distance(candidate) + 1e-6 * (1 + distance(candidate))
