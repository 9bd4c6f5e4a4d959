"""The economics of a counted bet: the formulas on their identities, the running moments
against numpy, bet ramps, and one seeded run whose figures must agree with each other
(N0, SCORE and the risk of ruin from its own EV and SD; paired SE below unpaired)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from baccarat_exact.analysis.counting import parse_named_count
from baccarat_exact.analysis.dealing import SimulationSettings
from baccarat_exact.analysis.economics import (
    SCORE_BANKROLL,
    KellyBin,
    ShoeMoments,
    delta_se,
    kelly_ramp,
    kelly_units,
    n0,
    risk_of_ruin,
    ruin_within,
    score,
)
from baccarat_exact.analysis.estimates import Estimate, ratio_of
from baccarat_exact.analysis.ramps import Ramp, parse_ramp
from baccarat_exact.analysis.simulate import _second_moments, bet_moments, pay_table, simulate
from baccarat_exact.analysis.simulate_results import SimulationResult
from baccarat_exact.errors import BaccaratError, SimulationError
from baccarat_exact.model.bets import main_bets
from baccarat_exact.model.catalogue import find_bet
from baccarat_exact.model.events import EVENTS, Outcome
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds, price_batch

# -- the formulas ----------------------------------------------------------------------


@pytest.mark.parametrize("ev, sd", [(0.01, 1.0), (0.003, 6.1), (2.5, 40.0)])
def test_n0_and_score_are_one_identity(ev: float, sd: float) -> None:
    hands = n0(ev, sd)
    assert hands is not None
    assert hands == pytest.approx((sd / ev) ** 2)
    assert score(ev, sd) == pytest.approx(1e6 / hands)
    # SCORE: the win per 100 hands of a 10,000-unit bankroll at the Kelly scale k = B·EV/Var
    ev_100, var_100 = 100 * ev, 100 * sd * sd
    kelly = SCORE_BANKROLL * ev_100 / var_100
    assert score(ev, sd) == pytest.approx(kelly * ev_100)


def test_no_edge_no_n0_no_score_certain_ruin() -> None:
    assert n0(-0.01, 1.0) is None and n0(0.0, 1.0) is None
    assert score(-0.01, 1.0) == 0.0
    assert risk_of_ruin(-0.01, 1.0, 100) == 1.0


def test_full_kelly_risks_e_to_the_minus_two() -> None:
    """Betting the Kelly scale k = B·EV/Var, the ruin exp(−2·kEV·B/(k²Var)) is e⁻² (13.5 %,
    the risk SCORE is quoted at)."""
    ev, var, bankroll = 0.02, 1.3, 500.0
    k = bankroll * ev / var
    assert risk_of_ruin(k * ev, k * k * var, bankroll) == pytest.approx(math.exp(-2))


def test_ruin_within_a_horizon_grows_to_the_formula() -> None:
    ev, var, bankroll = 0.5, 400.0, 100.0
    values = [ruin_within(ev, var, bankroll, t) for t in (10, 100, 1000, 10_000, 10**7)]
    assert values == sorted(values)
    assert values[-1] == pytest.approx(risk_of_ruin(ev, var, bankroll))


def test_ruin_within_agrees_with_a_simulated_random_walk() -> None:
    """The first-passage formula against Gaussian steps (a coarse check: 20,000 walks)."""
    rng = np.random.default_rng(7)
    ev, sd, bankroll, steps = 0.1, 1.0, 5.0, 200
    paths = np.cumsum(rng.normal(ev, sd, size=(20_000, steps)), axis=1)
    share = float((paths.min(axis=1) <= -bankroll).mean())
    # discrete steps cross the barrier less often than a continuous path: the formula is
    # an upper bound, and with Siegmund's correction (the barrier moved 0.5826·SD further
    # away) it matches the walk
    assert share <= ruin_within(ev, sd * sd, bankroll, steps)
    corrected = ruin_within(ev, sd * sd, bankroll + 0.5826 * sd, steps)
    assert share == pytest.approx(corrected, abs=0.015)


def test_kelly_units() -> None:
    assert kelly_units(1000, 0.05, 40.0, 10) == 1  # 1.25 rounded down
    assert kelly_units(1000, 0.5, 40.0, 10) == 10  # capped
    assert kelly_units(1000, -0.5, 40.0, 10) == 0


def test_kelly_ramp_pools_thin_ends() -> None:
    bins = [
        KellyBin(-1, 500, -5.0, 500.0),
        KellyBin(0, 500, 0.0, 500.0),
        KellyBin(1, 500, 5.0, 500.0),  # advantage 1 %: 1000·0.01/~1 = 10 units
        KellyBin(2, 3, 3.0, 30.0),  # thin: pooled with TC 1
    ]
    assert kelly_ramp(bins, 1000, 50, least=100) == ((1, 15),)
    assert kelly_ramp(bins, 1000, 50, least=1) == ((1, 10), (2, 50))


def test_delta_method_against_the_exact_variance_of_a_mean() -> None:
    rng = np.random.default_rng(1)
    x = rng.normal(3.0, 2.0, 400)
    moments = ShoeMoments.zeros((), 1)
    moments.add(x[:, None])
    se = delta_se(lambda m: float(m[0]), moments.means(), moments.covariance(), moments.n)
    assert se == pytest.approx(x.std(ddof=1) / math.sqrt(400))


def test_the_delta_method_sums_its_quadratic_form_exactly_rounded() -> None:
    """∇fᵀ·C·∇f is the exactly rounded sum of its products, in no processor's order: a
    form that cancels to about 0 then gives the same standard error on every machine (a
    matrix product's rounding depends on the BLAS kernel the processor gets)."""
    rng = np.random.default_rng(4)
    first = rng.normal(size=50) * 1e3
    values = np.stack([first, first + rng.normal(size=50) * 1e-5, rng.normal(size=50)], axis=1)
    moments = ShoeMoments.zeros((), 3)
    moments.add(values)
    means, covariance, n = moments.means(), moments.covariance(), moments.n

    def figure(m: np.ndarray) -> float:  # nearly 0 in every shoe: the form cancels
        return float(m[0] - m[1] + m[2] * 1e-9)

    se = delta_se(figure, means, covariance, n)
    gradient = [  # as delta_se takes it, by central differences
        (figure(up) - figure(down)) / (2 * step)
        for i in range(3)
        for step in [1e-6 * max(abs(float(means[i])), math.sqrt(float(covariance[i, i])), 1e-12)]
        for up, down in [(means + step * np.eye(3)[i], means - step * np.eye(3)[i])]
    ]
    products = [
        Fraction(g * float(covariance[i, j]) * h)
        for i, g in enumerate(gradient)
        for j, h in enumerate(gradient)
    ]
    assert se == math.sqrt(max(float(sum(products)), 0.0) / n)


def test_a_ratio_of_quantities_equal_in_every_shoe_has_no_standard_error() -> None:
    """A flat bet's units bet and hands bet are equal in every shoe: their ratio is 1 with
    a standard error of exactly 0 (not rounding noise, which differed by machine); a
    ratio of unequal ones gets the delta method's standard error."""
    rng = np.random.default_rng(5)
    hands = rng.integers(0, 9, size=80).astype(np.float64)
    units = hands * rng.integers(1, 4, size=80)
    moments = ShoeMoments.zeros((), 3)
    moments.add(np.stack([hands, hands, units], axis=1))
    means, covariance, n = moments.means(), moments.covariance(), moments.n
    assert ratio_of(means, covariance, n, 0, 1) == Estimate(1.0, 0.0)
    ratio = ratio_of(means, covariance, n, 2, 1)
    numerical = delta_se(lambda m: float(m[2] / m[1]), means, covariance, n)
    assert ratio.value == units.sum() / hands.sum()
    assert ratio.se == pytest.approx(numerical, rel=1e-6) and ratio.se > 0


def test_running_moments_equal_numpy() -> None:
    rng = np.random.default_rng(2)
    values = rng.normal(size=(60, 2, 3, 4))
    moments = ShoeMoments.zeros((2, 3), 4)
    for start in range(0, 60, 25):
        moments.add(values[start : start + 25])
    assert np.allclose(moments.means((1, 2)), values[:, 1, 2].mean(axis=0))
    assert np.allclose(moments.covariance((1, 2)), np.cov(values[:, 1, 2].T))


# -- ramps -----------------------------------------------------------------------------


def test_ramp_minimum_and_wong_out() -> None:
    ramp = parse_ramp("2:1,4:2,6:4", minimum=1, wong_out=-1)
    counts = np.array([-3.0, -1.0, 1.99, 4.0, 6.5])
    assert ramp.units(counts).tolist() == [0.0, 1.0, 1.0, 2.0, 4.0]
    assert ramp.largest == 4


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "needs steps"),
        ("2", "TC:UNITS"),
        ("x:1", "must be a number"),
        ("2:1.5", "whole number"),
        ("4:1,2:2", "must increase"),
        ("nan:1", "finite"),
    ],
)
def test_bad_ramps_are_refused(text: str, message: str) -> None:
    with pytest.raises(SimulationError, match=message):
        parse_ramp(text)


# -- a run -----------------------------------------------------------------------------


def test_pay_table_of_the_main_bets_follows_the_events() -> None:
    rules = Rules()
    table = pay_table(main_bets(rules))
    for e, event in enumerate(EVENTS):
        banker, player, tie = table[:, e]
        if event.outcome is Outcome.BANKER:
            assert (banker, player, tie) == (0.95, -1.0, -1.0)
        elif event.outcome is Outcome.PLAYER:
            assert (banker, player, tie) == (-1.0, 1.0, -1.0)
        else:
            assert (banker, player, tie) == (0.0, 0.0, 8.0)
    assert np.array_equal(table[:, : len(EVENTS)], table[:, -len(EVENTS) :])  # pairs ignored


@pytest.fixture(scope="module")
def counted() -> SimulationResult:
    """Dragon 7 on 2 decks, the derived count and two published ones, a ramp and Kelly."""
    rules = Rules()
    settings = SimulationSettings(
        shoe=Shoe.from_decks(2),
        bets=(find_bet("dragon-7", rules),),
        shoes=600,
        seed=5,
        cut_card=14,
        compared=(parse_named_count("dragon-7-how"), parse_named_count("panda-8")),
        ramp=parse_ramp("2:1,4:2,6:4"),
        kelly=2000.0,
        max_bet=8,
        bankroll=50.0,
    )
    return simulate(settings)


def test_economics_agree_with_each_other(counted: SimulationResult) -> None:
    hands = counted.hands_per_shoe.value
    for row in counted.economics:
        ev_shoe, sd_shoe = row.won_per_shoe.value, row.sd_per_shoe.value
        assert row.won_per_100.value == pytest.approx(100 * ev_shoe / hands)
        assert row.sd_per_100.value == pytest.approx(sd_shoe * math.sqrt(100 / hands))
        assert row.won_per_hour.value == pytest.approx(70 * ev_shoe / hands)
        if ev_shoe > 0 and sd_shoe > 0:
            assert row.n0 is not None
            ev_hand, sd_hand = ev_shoe / hands, sd_shoe / math.sqrt(hands)
            assert row.n0.value == pytest.approx((sd_hand / ev_hand) ** 2)
            assert row.n0.value == pytest.approx(
                100 * (row.sd_per_100.value / row.won_per_100.value) ** 2
            )
            assert row.score.value == pytest.approx(1e6 / row.n0.value)
            assert row.score.value == pytest.approx(
                SCORE_BANKROLL * (row.won_per_100.value / row.sd_per_100.value) ** 2
            )
            assert row.risk_of_ruin.value == pytest.approx(
                math.exp(-2 * ev_shoe * 50.0 / sd_shoe**2)
            )
            assert row.n0.se is not None and row.score.se is not None
        else:
            assert row.n0 is None and row.score.value == 0.0


def test_flat_count_figures_are_the_count_table_s(counted: SimulationResult) -> None:
    flat = [r for r in counted.economics if r.strategy.kind == "flat" and r.count == "derived"]
    assert flat[0].won_per_shoe.value == pytest.approx(counted.bets[0].count_gain.value)
    assert flat[0].hands_bet_per_shoe.value == pytest.approx(counted.bets[0].count_hands.value)


def test_win_as_dealt_agrees_with_the_exact_ev(counted: SimulationResult) -> None:
    """The SD comes from the wins as dealt; their mean estimates what the exact EVs of the
    hands bet do (E[win] = E[Σ bet·EV], each bet set before its hand): within 4 SE."""
    for row in counted.economics:
        dealt, expected = row.won_as_dealt, row.won_per_shoe
        if dealt.se:
            assert abs(dealt.value - expected.value) < 4 * dealt.se
    perfect = next(r for r in counted.economics if r.strategy.kind == "perfect")
    assert perfect.sd_per_shoe.value > 0
    assert perfect.bet_per_hand_bet is not None and perfect.bet_per_hand_bet.value == 1.0


def test_paired_se_is_smaller_than_unpaired(counted: SimulationResult) -> None:
    how = next(c for c in counted.comparisons if c.count == "dragon-7-how")
    assert how.difference is not None and how.difference.se is not None
    assert how.unpaired_se is not None
    assert how.difference.se < how.unpaired_se / 2
    derived = next(c for c in counted.comparisons if c.count == "derived")
    assert how.difference.value == pytest.approx(
        how.won_per_shoe.value - derived.won_per_shoe.value
    )


def test_kelly_ramp_is_reported_and_capped(counted: SimulationResult) -> None:
    kelly = [r for r in counted.economics if r.strategy.kind == "kelly"]
    assert [r.count for r in kelly] == ["derived", "dragon-7-how", "panda-8"]
    ramps = [r.strategy.ramps[0] for r in kelly if r.strategy.ramps is not None]
    assert ramps[0].steps and all(0 <= u <= 8 for ramp in ramps for _, u in ramp.steps)
    assert kelly[0].won_per_shoe.value > 0


def test_ruin_paths_are_shown_when_long_enough() -> None:
    """With 1-unit flat bets on the derived count and a bankroll of 3 units, each player's
    6 shoes hold most of the ruin: the paths are shown, and agree with the formula within
    the horizon to 4 SE (the random walk's discrete steps make it a little lower)."""
    rules = Rules()
    settings = SimulationSettings(
        shoe=Shoe.from_decks(2),
        bets=(find_bet("dragon-7", rules),),
        shoes=600,
        seed=9,
        cut_card=14,
        bankroll=3.0,
    )
    result = simulate(settings)
    flat = next(r for r in result.economics if r.strategy.kind == "flat")
    assert flat.ruined is not None and flat.ruined.se is not None
    assert abs(flat.ruined.value - flat.ruin_within) < 4 * flat.ruined.se + 0.05


# -- the command -----------------------------------------------------------------------


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "baccarat_exact", "simulate", *args],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize(
    "args, message",
    [
        (["--ramp", "4:1,2:2"], "must increase"),
        (["--ramp-min", "1"], "give --ramp"),
        (["--wong-out", "1"], "give --ramp or --kelly"),
        (["--kelly", "100"], "needs --max-bet"),
        (["--kelly", "-5", "--max-bet", "3"], "positive bankroll"),
        (["--bankroll", "0"], "--bankroll must be a positive"),
        (["--compare-count", "nonesuch"], "no published count"),
        (["--compare-count", "a=A:1", "--compare-count", "a=A:2"], "given twice"),
        (["--compare-count", "derived=A:1"], "names a count of the run"),
    ],
)
def test_bad_betting_options_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    done = _cli("--shoes", "2", "--decks", "1", *args)
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_document_with_a_ramp_and_counts_checks(tmp_path: Path) -> None:
    done = _cli(
        "--shoes", "30", "--decks", "1", "--seed", "2", "--bet", "dragon-7", "--quiet",
        "--ramp", "1:1,3:2", "--ramp-min", "0", "--wong-out", "-2", "--kelly", "100",
        "--max-bet", "4", "--compare-count", "panda-8", "--format", "json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert document["request"]["ramp"] == "1:1,3:2"
    assert {row["betting"] for row in document["economics"]} == {"perfect", "flat", "ramp", "kelly"}
    assert all(
        row["ramp"] is not None for row in document["economics"] if row["betting"] == "kelly"
    )
    path = tmp_path / "counted.json"
    path.write_text(done.stdout)
    checked = subprocess.run(
        [sys.executable, "-m", "baccarat_exact", "check", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_default_output_fits_80_columns() -> None:
    done = _cli(
        "--shoes", "20", "--decks", "1", "--seed", "1", "--quiet", "--compare-count", "panda-8"
    )
    assert done.returncode == 0, done.stderr
    assert max(len(line) for line in done.stdout.splitlines()) <= 80
    assert "not shown for width" not in done.stdout


def test_errors_are_baccarat_errors() -> None:
    with pytest.raises(BaccaratError):
        Ramp(steps=((1.0, -1),))


def test_dragon_7_sd_is_the_published_one() -> None:
    """E. Jacobson (apheat.net, 2014, "Card Counting the Dragon/Fortune 7 Baccarat Side
    Bet"), 8 decks: house edge 7.6113 %, standard deviation 6.0849."""
    rules = Rules()
    settings = SimulationSettings(bets=(find_bet("dragon-7", rules),))
    ((pay, second),) = bet_moments(settings)
    assert pay == 40.0
    edge = 0.076113
    assert math.sqrt(second - edge**2) == pytest.approx(6.0849, abs=5e-5)


def test_second_moment_per_hand_is_the_exact_one() -> None:
    """a²·P(win) + P(lose) from a state's EV and P(win) equals Σ p·pay² of its odds."""
    rules = Rules()
    bets = (find_bet("dragon-7", rules), find_bet("panda-8", rules), *main_bets(rules))
    state = Shoe.from_decks(1).remove("8 8 9 9 9 K 4")
    prices = price_batch([state.counts], rules, bets)
    settings = SimulationSettings(bets=bets)
    second = _second_moments(bet_moments(settings), prices, prices.ev_float())
    exact = odds(state, rules, bets)
    for b, bet in enumerate(bets):
        lines = exact.bet(bet.name).lines
        assert second[0, b] == pytest.approx(float(sum(p * pay * pay for _, pay, p in lines)))


def test_the_counted_golden_document_is_consistent() -> None:
    """The golden document of a counted run (ramp, Kelly, a compared count): its figures
    agree with each other as the formulas say, and its Kelly ramps respect --max-bet."""
    path = Path(__file__).parent / "golden" / "simulate-counted-2-decks.json"
    document = json.loads(path.read_text())
    assert document["request"]["max_bet"] == 8 and document["request"]["ramp"] == "2:1,4:2"
    bankroll = document["bankroll_float"]
    for row in document["economics"]:
        ev, sd = row["won_per_100_float"], row["sd_per_100_float"]
        if row["n0_float"] is not None:
            assert row["n0_float"] == pytest.approx(100 * (sd / ev) ** 2)
            assert row["score_float"] == pytest.approx(1e6 / row["n0_float"])
            shoe_ev, shoe_sd = row["won_per_shoe_float"], row["sd_per_shoe_float"]
            assert row["risk_of_ruin_float"] == pytest.approx(
                math.exp(-2 * shoe_ev * bankroll / shoe_sd**2)
            )
        if row["betting"] == "kelly" and row["ramp"] != "none":
            assert all(0 <= int(step.split(":")[1]) <= 8 for step in row["ramp"].split(","))
        if row["betting"] in ("ramp", "kelly"):  # the ramps play the side bet alone
            assert row["bet"] == "dragon-7"
        if row["never_bets"]:  # no risk, rather than a certain ruin
            assert row["bet_per_hand_bet_float"] is None and row["risk_of_ruin_float"] is None
        elif row["di_float"] > 0:  # the planning figures: DI² = SCORE
            assert row["di_float"] ** 2 == pytest.approx(row["score_float"])
    for row in document["comparisons"]:
        if row["difference_float"] is not None:  # equal where one count never bets
            assert row["difference_paired_se_float"] <= row["difference_unpaired_se_float"]
    dragon = [r for r in document["comparisons"] if r["bet"] == "dragon-7"][1]
    assert dragon["difference_paired_se_float"] < dragon["difference_unpaired_se_float"] / 5
