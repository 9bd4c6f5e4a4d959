"""Plain second ways to the figures of a PAR sheet, sharing nothing with the package's
convolution (baccarat_exact.analysis.sums) or its pricing.

- :func:`settle`: what Banker, Player, Tie and Dragon 7 pay on a final event, written
  from the casino's rules (Banker pays 19 to 20, Tie 8 to 1, Dragon 7 40 to 1 on a
  Banker win with a three-card 7), applied to tests/reference.py's card-by-card events;
- :func:`convolve_exact`: the law of n rounds by convolving one round at a time, exact
  integers over a common denominator (the package sums multinomial terms instead);
- :func:`convolve_float`: the same in floating point, squaring and multiplying by linear
  convolutions (``numpy.convolve``, or zero-padded FFTs for long arrays); the package
  raises one cyclic transform to the n-th power instead;
- :func:`central_interval`, :func:`normal_interval`: the interval definitions, read off a law;
- :func:`deal_round`: one round dealt at random, card by card, from a fresh shoe — the
  simulation the intervals are checked against.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from statistics import NormalDist

import numpy as np

from baccarat_exact.model.cards import POINT_VALUE
from baccarat_exact.model.events import Event
from baccarat_exact.model.rules import Rules

__all__ = [
    "central_interval",
    "convolve_exact",
    "convolve_float",
    "deal_round",
    "normal_interval",
    "settle",
    "shoe_values",
]

PAYS = {
    "banker": Fraction(19, 20),
    "player": Fraction(1),
    "tie": Fraction(8),
    "dragon-7": Fraction(40),
}
"""What each bet pays to 1 when it wins (punto banco, 5 % commission; EZ's Dragon 7)."""


def settle(bet: str, event: Event) -> Fraction:
    """The net result of one unit on ``bet`` when the round ends in ``event``."""
    banker_wins, player_wins = event.banker > event.player, event.player > event.banker
    if bet == "banker":
        return PAYS[bet] if banker_wins else Fraction(-1) if player_wins else Fraction(0)
    if bet == "player":
        return PAYS[bet] if player_wins else Fraction(-1) if banker_wins else Fraction(0)
    if bet == "tie":
        return PAYS[bet] if not (banker_wins or player_wins) else Fraction(-1)
    if bet == "dragon-7":
        three_card_seven = event.banker_cards == 3 and event.banker == 7
        return PAYS[bet] if banker_wins and three_card_seven else Fraction(-1)
    raise ValueError(bet)


def convolve_exact(law: Mapping[Fraction, Fraction], rounds: int) -> dict[Fraction, Fraction]:
    """The law of the total of ``rounds`` independent rounds, one round at a time."""
    scale = math.lcm(*(p.denominator for p in law.values()))
    weights = {x: int(p * scale) for x, p in law.items() if p}
    total: dict[Fraction, int] = {Fraction(0): 1}
    for _ in range(rounds):
        step: dict[Fraction, int] = {}
        for s, m in total.items():
            for x, w in weights.items():
                step[s + x] = step.get(s + x, 0) + m * w
        total = step
    denominator = scale**rounds
    return {s: Fraction(m, denominator) for s, m in sorted(total.items())}


def convolve_float(
    law: Mapping[Fraction, Fraction], rounds: int
) -> tuple[Fraction, Fraction, np.ndarray]:
    """(lowest total, step, masses) of ``rounds`` rounds, by repeated ``numpy.convolve``
    on the lattice of the round's values (square and multiply)."""
    values = sorted(x for x, p in law.items() if p)
    low = values[0]
    scale = math.lcm(*((x - low).denominator for x in values))
    steps = [int((x - low) * scale) for x in values]
    divisor = math.gcd(*steps) or 1
    one = np.zeros(max(steps) // divisor + 1)
    for x, j in zip(values, steps):
        one[j // divisor] += float(law[x])
    result, power, n = np.array([1.0]), one, rounds
    while n:
        if n & 1:
            result = _linear(result, power)
        n >>= 1
        if n:
            power = _linear(power, power)
    return low * rounds, Fraction(divisor, scale), result


def _linear(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The linear convolution of two arrays: directly while small, else by the FFT of
    both, zero-padded past their joint length (no wrap-around)."""
    if len(a) * len(b) <= 10**7:
        return np.convolve(a, b)
    size = len(a) + len(b) - 1
    padded = 1 << (size - 1).bit_length()
    product = np.fft.irfft(np.fft.rfft(a, padded) * np.fft.rfft(b, padded), padded)
    return np.asarray(product[:size])


def central_interval(
    totals: Sequence[Fraction], masses: Sequence[Fraction | float], confidence: Fraction
) -> tuple[Fraction, Fraction]:
    """[a, b]: a the highest total with P(total < a) ≤ (1 − c)/2, b the lowest with
    P(total > b) ≤ (1 − c)/2, by walking the law from each end."""
    tail = (1 - confidence) / 2
    limit = tail if isinstance(masses[0], Fraction) else float(tail)
    below, low = 0, totals[0]
    for total, mass in zip(totals, masses):
        if below > limit:
            break
        low = total
        below += mass
    above, high = 0, totals[-1]
    for total, mass in zip(reversed(totals), reversed(masses)):
        if above > limit:
            break
        high = total
        above += mass
    return low, high


def normal_interval(
    mean: Fraction, variance: Fraction, rounds: int, confidence: Fraction
) -> tuple[float, float]:
    """EV ± z·σ/√N."""
    z = NormalDist().inv_cdf(float((1 + confidence) / 2))
    half = z * math.sqrt(float(variance) / rounds)
    return float(mean) - half, float(mean) + half


def shoe_values(counts: Mapping[str, int]) -> list[int]:
    """The baccarat values of a shoe's cards, one per card."""
    from baccarat_exact.model.cards import RANKS

    return [POINT_VALUE[rank.ordinal] for rank in RANKS for _ in range(counts.get(rank.value, 0))]


def deal_round(rng: random.Random, values: Sequence[int], rules: Rules | None = None) -> Event:
    """One round dealt from a freshly shuffled shoe of ``values``, card by card: Player,
    Banker, Player, Banker, then the third cards as the tableau says."""
    tableau = (rules or Rules()).tableau
    cards = iter(rng.sample(values, 6))
    p1, b1, p2, b2 = next(cards), next(cards), next(cards), next(cards)
    player, banker = (p1 + p2) % 10, (b1 + b2) % 10
    if player in tableau.naturals or banker in tableau.naturals:
        return Event(player, banker, 2, 2)
    player_cards, banker_cards, third = 2, 2, None
    if tableau.player_draws(player):
        third = next(cards)
        player, player_cards = (player + third) % 10, 3
    if tableau.banker_draws(banker, third):
        banker, banker_cards = (banker + next(cards)) % 10, 3
    return Event(player, banker, player_cards, banker_cards)
