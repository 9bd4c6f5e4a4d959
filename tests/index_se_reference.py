"""The exact insurance gain at a Hi-Lo running count, for the index standard-error checks
(``tests/test_index_se.py``, ``benchmarks/bench_index_se.py``): computed here from the
group-size law directly, independently of ``RemovalLaw`` and the sampler."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction


def insurance_gain(decks: int, removed: int, running: int) -> Fraction:
    """E[y] / E[x] of ``blackjack indices``' insurance at a Hi-Lo running count: the gain
    of insuring per ace shown, ``3·E[aces·tens left] / ((N − 1)·E[aces left]) − 1`` for the
    N cards left, averaged over the law of the ``removed`` cards gone given their Hi-Lo sum
    ``running``. The Hi-Lo groups: tag −1 (aces and tens, 20 a deck), 0 (7–9, 12), +1
    (2–6, 20); within the −1 group the aces and tens gone are hypergeometric."""
    low, zero, high = 20 * decks, 12 * decks, 20 * decks
    aces, tens = 4 * decks, 16 * decks
    left = 52 * decks - removed
    product = Fraction(0)
    ace_sum = Fraction(0)
    for k_low in range(low + 1):
        k_high = running + k_low
        k_zero = removed - k_low - k_high
        if not (0 <= k_high <= high and 0 <= k_zero <= zero):
            continue
        ways = math.comb(low, k_low) * math.comb(zero, k_zero) * math.comb(high, k_high)
        gone_aces = Fraction(k_low * aces, low)
        gone_tens = Fraction(k_low * tens, low)
        gone_both = Fraction(k_low * (k_low - 1) * aces * tens, low * (low - 1))
        product += ways * (aces * tens - aces * gone_tens - tens * gone_aces + gone_both)
        ace_sum += ways * (aces - gone_aces)
    return 3 * product / ((left - 1) * ace_sum) - 1


def insurance_crossing(decks: int, removed: int, true_counts: range) -> float:
    """Where the exact insurance gain crosses zero, linear between the two true counts
    around it (the way ``blackjack indices`` interpolates); the true count is the running
    count per deck left, the running counts ``round(t × decks left)``."""
    decks_left = Fraction(52 * decks - removed, 52)
    points = []
    for t in true_counts:
        running = math.floor(t * decks_left + Fraction(1, 2))
        points.append((float(running / decks_left), float(insurance_gain(decks, removed, running))))
    for (t0, g0), (t1, g1) in itertools.pairwise(points):
        if g0 <= 0 < g1:
            return t0 - g0 * (t1 - t0) / (g1 - g0)
    raise ValueError("no crossing in the range")
