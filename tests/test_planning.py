"""The figures counters plan with (trip ruin, goal before ruin, DI, CE, the optimal ramp,
chip-rounded ramps): each formula on its identities and against a seeded random walk.

The walks are Gaussian random walks of a few thousand paths; a walk crosses a barrier by
a little more than the diffusion does, which the comparisons allow for by Siegmund's
corrected barrier, B + 0.5826·σ (D. Siegmund, "Corrected diffusion approximations in
certain random walk problems", *Adv. Appl. Prob.* 11, 1979). The formulas: D. Schlesinger,
*Blackjack Attack*, 3rd ed. (2005): simple ruin p. 112, trip ruin p. 132, goal and ruin
pp. 136–139, DI p. 186, CE ch. 10 (page numbers as CVCX's calculators cite them,
card-counting.com/blackjack-calculators.htm; the DI definition as quoted by E. Jacobson);
the CE formula as the bjmath FAQ gives it (CE = E − V/2kB, its $200 coin flip: $13.40).
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from baccarat_exact.analysis.economics import (
    KellyBin,
    certainty_equivalent,
    desirability_index,
    goal_before_ruin,
    kelly_units,
    n0,
    optimal_ramp,
    ramp_objective,
    risk_of_ruin,
    ruin_within,
    score,
    trip_ruin,
)
from baccarat_exact.analysis.ramps import (
    chip_amounts,
    chip_ramp,
    parse_chips,
    parse_ramp,
    unmade_bets,
)
from baccarat_exact.errors import SimulationError

OVERSHOOT = 0.5826
"""Siegmund's correction: a Gaussian walk of unit steps crosses a barrier as a Brownian
motion crosses one this much farther."""


def _walks(seed: int, paths: int, hands: int, ev: float) -> np.ndarray:
    """Running sums of ``paths`` Gaussian walks, ``ev`` a hand and SD 1."""
    return np.random.default_rng(seed).normal(ev, 1.0, size=(paths, hands)).cumsum(axis=1)


def _first(hits: np.ndarray) -> np.ndarray:
    """The hand at which each path first hits (a path that never does: past the end)."""
    return np.where(hits.any(axis=1), hits.argmax(axis=1), hits.shape[1] + 1)


def _within(share: float, expected: float, paths: int) -> bool:
    """Whether a simulated share lies within 4 standard errors of the formula's."""
    return abs(share - expected) <= 4 * math.sqrt(expected * (1 - expected) / paths) + 1e-3


# -- against a random walk ----------------------------------------------------------


def test_trip_ruin_and_the_double_barrier_match_a_random_walk() -> None:
    paths, hands, ev, bankroll, goal = 3000, 1000, 0.025, 20.0, 20.0
    walk = _walks(41, paths, hands, ev)
    low, high = _first(walk <= -bankroll), _first(walk >= goal)
    b, g = bankroll + OVERSHOOT, goal + OVERSHOOT
    assert _within(float((low <= hands).mean()), trip_ruin(ev, 1.0, b, hands), paths)
    timed = goal_before_ruin(ev, 1.0, b, g, hands)
    assert _within(float((low < high).mean()), timed.ruin, paths)
    assert _within(float((high < low).mean()), timed.goal, paths)
    # within 1000 hands, the time limit binds: the walks that exit at neither barrier
    assert _within(float(((low > hands) & (high > hands)).mean()), timed.neither, paths)


def test_goal_before_ruin_without_a_time_limit_matches_a_random_walk() -> None:
    paths, hands, ev, bankroll, goal = 3000, 1500, -0.02, 15.0, 10.0
    walk = _walks(43, paths, hands, ev)
    low, high = _first(walk <= -bankroll), _first(walk >= goal)
    assert float(((low > hands) & (high > hands)).mean()) < 0.01  # long enough
    unlimited = goal_before_ruin(ev, 1.0, bankroll + OVERSHOOT, goal + OVERSHOOT)
    assert _within(float((high < low).mean()), unlimited.goal, paths)


def test_ruin_at_full_kelly_is_e_minus_two_on_a_random_walk() -> None:
    """Bet the Kelly scale of a game (EV 0.1, SD 1 per unit: k = B·EV/Var) and the
    bankroll is lost with probability e⁻² ≈ 13.5 %: SCORE's premise."""
    paths, hands, bankroll = 3000, 1000, 10.0
    walk = _walks(47, paths, hands, 0.1)
    ruined = float((walk <= -bankroll).any(axis=1).mean())
    assert risk_of_ruin(0.1, 1.0, bankroll) == pytest.approx(math.exp(-2))
    assert _within(ruined, ruin_within(0.1, 1.0, bankroll + OVERSHOOT, hands), paths)


def test_after_n0_hands_a_player_is_ahead_one_sd_of_the_time() -> None:
    """N0 (and so DI: N0 = 10⁶/DI²) is the hands after which the expected win is one SD:
    ahead with probability Φ(1) ≈ 84.1 %."""
    ev, sd = 0.1, 1.0
    hands = round(n0(ev, sd) or 0)
    assert hands == 100
    ahead = float((_walks(53, 5000, hands, ev)[:, -1] > 0).mean())
    assert _within(ahead, 0.5 * math.erfc(-1 / math.sqrt(2)), 5000)


def test_certainty_equivalent_matches_a_kelly_bettors_utility() -> None:
    """CE = EV − Var/(2kB) approximates the sure sum a bettor of power utility
    x^(1−1/k)/(1−1/k) (log for k = 1) values a session at: checked on simulated sessions
    (400 hands of a ±1 bet winning 52 % of the time, k = 1 and k = 0.5)."""
    rng = np.random.default_rng(59)
    bankroll, hands = 200.0, 400
    wins = 2 * rng.binomial(hands, 0.52, size=20_000) - hands  # units won in a session
    ev, var = hands * 0.04, hands * (1 - 0.04**2)
    for k in (1.0, 0.5):
        final = (bankroll + wins) / bankroll
        if k == 1:
            certain = math.exp(float(np.log(final).mean()))
        else:
            power = 1 - 1 / k
            certain = float((final**power).mean()) ** (1 / power)
        simulated = bankroll * (certain - 1)
        assert simulated == pytest.approx(certainty_equivalent(ev, var, bankroll, k), abs=0.6)


# -- identities ----------------------------------------------------------------------


def test_the_bjmath_coin_flip() -> None:
    assert certainty_equivalent(20.0, 39_600.0, 10_000, 0.3) == pytest.approx(13.40)


@pytest.mark.parametrize("ev, sd", [(0.01, 1.0), (0.003, 6.1), (0.02, 11.0)])
def test_di_squared_is_score_and_n0_is_a_million_over_it(ev: float, sd: float) -> None:
    di = desirability_index(ev, sd)
    assert di is not None
    assert di**2 == pytest.approx(score(ev, sd))
    assert n0(ev, sd) == pytest.approx(1e6 / di**2)
    assert desirability_index(-ev, sd) == pytest.approx(-di)


def test_certainty_equivalent_is_largest_at_the_kelly_scale() -> None:
    """Scaling a game by s gives CE(s) = s·W − s²·V/(2B), largest at s = B·W/V."""
    w, v, b = 0.02, 1.3, 500.0
    best = max(
        (s / 100 for s in range(1, 2000)), key=lambda s: certainty_equivalent(s * w, s * s * v, b)
    )
    assert best == pytest.approx(b * w / v, abs=0.01)
    assert certainty_equivalent(w, v, b, 0.5) < certainty_equivalent(w, v, b)


@pytest.mark.parametrize("ev", [0.03, 0.0, -0.01])
def test_the_double_barrier_reduces_to_the_single_formulas(ev: float) -> None:
    bankroll, goal = 25.0, 40.0
    unlimited = goal_before_ruin(ev, 1.7, bankroll, goal)
    assert unlimited.goal + unlimited.ruin == pytest.approx(1.0)
    assert unlimited.neither == pytest.approx(0.0, abs=1e-12)
    # a goal out of reach: the ruin is the simple risk of ruin; in T hands, trip ruin
    far = goal_before_ruin(ev, 1.7, bankroll, 1e9)
    assert far.ruin == pytest.approx(risk_of_ruin(ev, 1.7, bankroll) if ev > 0 else 1.0)
    timed = goal_before_ruin(ev, 1.7, bankroll, 1e9, 700)
    assert timed.ruin == pytest.approx(ruin_within(ev, 1.7, bankroll, 700), rel=1e-9)
    # a long enough trip is no limit; a longer one never ruins less
    assert goal_before_ruin(ev, 1.7, bankroll, goal, 1e7).ruin == pytest.approx(unlimited.ruin)
    shorter, longer = (goal_before_ruin(ev, 1.7, bankroll, goal, t) for t in (300, 600))
    assert shorter.ruin <= longer.ruin and shorter.goal <= longer.goal


def test_without_an_edge_the_goal_comes_first_in_proportion() -> None:
    assert goal_before_ruin(0.0, 4.0, 30.0, 10.0).goal == pytest.approx(0.75)
    # a mirror image: the player's goal is the house's ruin
    up = goal_before_ruin(0.01, 1.0, 30.0, 10.0, 500)
    down = goal_before_ruin(-0.01, 1.0, 10.0, 30.0, 500)
    assert (up.goal, up.ruin) == pytest.approx((down.ruin, down.goal))


def test_a_scheme_without_spread_is_decided_by_its_drift() -> None:
    assert goal_before_ruin(0.0, 0.0, 10.0, 10.0).ruin == 0.0
    assert goal_before_ruin(1.0, 0.0, 10.0, 10.0, 5).goal == 0.0
    assert goal_before_ruin(1.0, 0.0, 10.0, 10.0, 50).goal == 1.0
    assert desirability_index(0.0, 0.0) is None


# -- the optimal ramp ----------------------------------------------------------------


def _bins(advantages: list[float], hands: list[int], second: float = 1.3) -> list[KellyBin]:
    return [
        KellyBin(tc, h, a * h, second * h)
        for tc, (a, h) in enumerate(zip(advantages, hands, strict=True))
    ]


def _bets(minimum: int, steps: tuple[tuple[int, int], ...], tcs: list[int]) -> list[int]:
    bets, bet = [], minimum
    table = dict(steps)
    for tc in tcs:
        bet = table.get(tc, bet)
        bets.append(bet)
    return bets


@pytest.mark.parametrize(
    "advantages",
    [
        [-0.02, -0.005, 0.004, 0.011, 0.02],
        [-0.01, 0.012, 0.003, 0.02, 0.015],  # noisy: a best ramp by bin would fall back
        [0.03, -0.02, 0.01, -0.01, 0.04],
    ],
)
def test_the_optimal_ramp_is_monotone_and_no_monotone_ramp_beats_it(
    advantages: list[float],
) -> None:
    bins = _bins(advantages, [400, 300, 200, 100, 50])
    amounts = [0, 1, 2, 3, 5, 8]
    bankroll, ror = 150.0, 0.05
    minimum, steps = optimal_ramp(bins, bankroll, ror, amounts)
    bets = _bets(minimum, steps, [b.tc for b in bins])
    assert bets == sorted(bets)
    assert set(bets) <= set(amounts)
    found = ramp_objective(bins, bets, bankroll, ror)
    for other in itertools.combinations_with_replacement(amounts, len(bins)):
        assert ramp_objective(bins, other, bankroll, ror) <= found + 1e-15


def test_the_optimal_ramp_runs_the_risk_asked_and_is_kelly_at_e_minus_two() -> None:
    """On a fine grid the optimal bets are (2/−ln r)·B·a/v, whose risk of ruin
    exp(−2B·W/V) is r; at r = e⁻² they are the Kelly bets."""
    bins = _bins([-0.01, 0.002, 0.006, 0.012, 0.02], [500, 400, 300, 200, 100])
    bankroll = 200.0
    amounts = list(range(0, 2001))  # hundredths of a unit: fine enough to be continuous
    for ror in (math.exp(-2), 0.02):
        minimum, steps = optimal_ramp(bins, bankroll * 100, ror, amounts)
        bets = [b / 100 for b in _bets(minimum, steps, [b.tc for b in bins])]
        hands = sum(b.hands for b in bins)
        win = sum(b.sum_ev * bet for b, bet in zip(bins, bets)) / hands
        second = sum(
            b.hands * (b.sum_square / b.hands - (b.sum_ev / b.hands) ** 2) * bet * bet
            for b, bet in zip(bins, bets)
        )
        exponent = -2 * bankroll * win / (second / hands)  # ln of the ramp's risk of ruin
        assert exponent == pytest.approx(math.log(ror), rel=0.005)
        if ror == math.exp(-2):
            kelly = [
                kelly_units(
                    bankroll * 100, b.sum_ev / b.hands, 1.3 - (b.sum_ev / b.hands) ** 2, 10**6
                )
                / 100
                for b in bins
            ]
            assert bets == pytest.approx(kelly, abs=0.011)


def test_the_optimal_ramp_bets_the_least_amount_where_nothing_pays() -> None:
    bins = _bins([-0.02, -0.01], [100, 100])
    assert optimal_ramp(bins, 1000, 0.1, [5, 10, 25]) == (5, ())


# -- chips -------------------------------------------------------------------------


def test_chip_amounts_are_every_sum_the_chips_make() -> None:
    chips = (3, 7, 25)
    brute = {
        3 * a + 7 * b + 25 * c
        for a in range(30)
        for b in range(15)
        for c in range(5)
        if 3 * a + 7 * b + 25 * c <= 60
    }
    assert chip_amounts(chips, 60) == tuple(sorted(brute))


def test_a_chip_rounded_ramp_bets_only_what_the_chips_make() -> None:
    chips = parse_chips("5,25,100")
    ramp = chip_ramp(parse_ramp("1:2,2:8,3:12,4:37,5:63,6:140", 1), chips)
    assert unmade_bets(ramp, chips) == ()
    # the nearest sum, a tie to the smaller: 2→0, 8→10, 12→10, 37→35, 63→65, 140→140
    assert ramp.minimum == 0
    assert ramp.text() == "2:10,4:35,5:65,6:140"
    assert unmade_bets(parse_ramp("1:5,2:12"), chips) == (12,)


def test_chips_are_read_and_checked() -> None:
    assert parse_chips("100 5 25 5") == (5, 25, 100)
    for bad in ("", "5,x", "-5", "2.5"):
        with pytest.raises(SimulationError, match="--chips"):
            parse_chips(bad)
