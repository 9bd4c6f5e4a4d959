"""The math report (``report``): a published anchor, every figure from an independent
source (tests/par_reference.py, tests/reference.py's dealer), a bet mix's hold against
the ``--stake`` combination and a simulation, and the law of N rounds itself."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from statistics import NormalDist
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat_exact.analysis.sums import RoundLaw, SumLaw, _float_masses, exact_affordable, sum_law
from baccarat_exact.commands.inputs import BetsInput, ShoeInput
from baccarat_exact.commands.odds import OddsRequest
from baccarat_exact.commands.report import ReportRequest
from baccarat_exact.model.shoe import Shoe
from tests.par_reference import (
    central_interval,
    convolve_exact,
    convolve_float,
    deal_round,
    normal_interval,
    settle,
    shoe_values,
)
from tests.reference import reference_event_probabilities

GOLDEN = Path(__file__).resolve().parent / "golden"
JACOBSON = (
    "https://888casino.com/blog/news/side-bets/card-counting-the-dragonfortune-7-baccarat-side-bet"
)
MIX = "banker=45,player=40,tie=5,dragon-7=10"


def _load(name: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((GOLDEN / name).read_text(encoding="utf-8"))
    return document


def _q(text: str) -> Fraction:
    return Fraction(text)


def _z(confidence: Fraction) -> float:
    return NormalDist().inv_cdf(float((1 + confidence) / 2))


# -- the published anchor ---------------------------------------------------------------------


def test_dragon_7_on_eight_decks_is_jacobsons_published_figures() -> None:
    # Eliot Jacobson, "Card counting the Dragon/Fortune 7 baccarat side bet" (888casino
    # blog), eight decks, 40 to 1: "The house edge is 7.6113%. The standard deviation is
    # 6.0849. The hit frequency is 2.2534%." — JACOBSON
    bet = _load("report-dragon-7-8-decks.json")["bets"]["dragon-7"]
    assert f"{float(_q(bet['house_edge'])) * 100:.4f}" == "7.6113"
    assert f"{math.sqrt(_q(bet['variance'])):.4f}" == "6.0849"
    assert f"{bet['std_dev_float']:.4f}" == "6.0849"
    assert f"{float(_q(bet['hit_frequency'])) * 100:.4f}" == "2.2534"
    assert _q(bet["rtp"]) == 1 - _q(bet["house_edge"])  # RTP = 1 + EV


def test_dragon_7_pay_lines_are_those_odds_reports() -> None:
    report = _load("report-dragon-7-8-decks.json")["bets"]["dragon-7"]["lines"]
    odds = OddsRequest(shoe=ShoeInput(decks=8), bets=BetsInput(names=("dragon-7",))).run()
    lines = odds.document()["bets"]["dragon-7"]["lines"]  # type: ignore[index]
    assert [(x["name"], x["pays"], x["count"], x["probability"]) for x in report] == [
        (x["name"], x["pays"], x["count"], x["probability"]) for x in lines
    ]
    for line in report:
        p = _q(line["probability"])
        assert _q(line["one_in"]) == 1 / p
        assert _q(line["rtp_contribution"]) == (_q(line["pays"]) + 1) * p


# -- every figure from the exact variance and an independent convolution ------------------------


def _check_horizon(horizon: dict[str, Any], law: dict[Fraction, Fraction]) -> None:
    """Every figure of one horizon: the exact ones from convolve_exact, the float ones
    from convolve_float, the normal ones from the exact mean and variance."""
    n = horizon["rounds"]
    mean = sum((x * p for x, p in law.items()), Fraction(0))
    variance = sum(((x - mean) ** 2 * p for x, p in law.items()), Fraction(0))
    assert _q(horizon["mean"]) == mean
    assert horizon["std_dev_float"] == pytest.approx(math.sqrt(variance / n), rel=1e-12)
    if horizon["method"] == "exact":
        exact = convolve_exact(law, n)
        totals, masses = list(exact), list(exact.values())
    else:
        low, step, floats = convolve_float(law, n)
        totals = [low + step * i for i in range(len(floats))]
        masses = list(floats)
    for interval in horizon["intervals"]:
        confidence = _q(interval["confidence"])
        a, b = central_interval(totals, masses, confidence)
        assert interval["low_float"] == pytest.approx(float(a / n), abs=1e-12)
        assert interval["high_float"] == pytest.approx(float(b / n), abs=1e-12)
        if horizon["method"] == "exact":
            assert (_q(interval["low"]), _q(interval["high"])) == (a / n, b / n)
        normal = normal_interval(mean, variance, n, confidence)
        assert interval["normal_low_float"] == pytest.approx(normal[0], rel=1e-12, abs=1e-15)
        assert interval["normal_high_float"] == pytest.approx(normal[1], rel=1e-12, abs=1e-15)
    sd = math.sqrt(float(variance) * n)
    events = [(horizon["ahead"], lambda t: t > 0, 1 - NormalDist(float(mean) * n, sd).cdf(0))]
    for loss in horizon["losses"]:
        k = _q(loss["units"])
        text = loss["loss"]
        assert k == (_q(text[:-1]) / 100 * n if text.endswith("%") else _q(text))
        events.append((loss, lambda t, k=k: t < -k, NormalDist(float(mean) * n, sd).cdf(-k)))
    for chance, holds, normal in events:
        found = sum((m for t, m in zip(totals, masses) if holds(t)), type(masses[0])(0))
        if horizon["method"] == "exact":
            assert _q(chance["probability"]) == found
        else:
            assert "probability" not in chance
        assert chance["probability_float"] == pytest.approx(float(found), abs=1e-10)
        assert chance["normal_float"] == pytest.approx(normal, abs=1e-12)
        assert chance["normal_error_float"] == pytest.approx(normal - float(found), abs=1e-10)


def _line_law(bet: dict[str, Any]) -> dict[Fraction, Fraction]:
    law: dict[Fraction, Fraction] = {}
    for line in bet["lines"]:
        pays = _q(line["pays"])
        law[pays] = law.get(pays, Fraction(0)) + _q(line["probability"])
    return law


def test_dragon_7_volatility_and_intervals_follow_from_the_variance_and_a_convolution() -> None:
    bet = _load("report-dragon-7-8-decks.json")["bets"]["dragon-7"]
    variance = _q(bet["variance"])
    assert [v["confidence"] for v in bet["volatility"]] == ["9/10", "19/20", "99/100"]
    for entry in bet["volatility"]:
        z = _z(_q(entry["confidence"]))
        assert entry["z_float"] == pytest.approx(z, rel=1e-12)
        assert entry["index_float"] == pytest.approx(z * math.sqrt(variance), rel=1e-12)
    assert [h["rounds"] for h in bet["rounds"]] == [100, 1000]
    assert [h["method"] for h in bet["rounds"]] == ["exact", "float"]
    law = _line_law(bet)
    for horizon in bet["rounds"]:
        _check_horizon(horizon, law)


def test_dragon_7_ahead_after_100_rounds_is_the_binomial_sum() -> None:
    """Ahead after n rounds: k wins with 41k − n > 0, k binomial(n, p)."""
    bet = _load("report-dragon-7-8-decks.json")["bets"]["dragon-7"]
    p = _q(bet["lines"][0]["probability"])
    n = 100
    ahead = sum(
        (math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1) if 41 * k > n),
        Fraction(0),
    )
    assert _q(bet["rounds"][0]["ahead"]["probability"]) == ahead


def _reference_laws(document: dict[str, Any]) -> dict[str, dict[Fraction, Fraction]]:
    """Each bet's law of one round from tests/reference.py's card-by-card dealer."""
    shoe = Shoe.from_counts(document["shoe"]["counts"])
    events = reference_event_probabilities(shoe)
    laws: dict[str, dict[Fraction, Fraction]] = {}
    for bet in document["bets"]:
        law: dict[Fraction, Fraction] = {}
        for event, p in events.items():
            x = settle(bet, event)
            law[x] = law.get(x, Fraction(0)) + p
        laws[bet] = law
    return laws


@pytest.fixture(scope="module")
def small_mix() -> dict[str, Any]:
    return _load("report-mix-19-cards.json")


def test_small_shoe_bets_are_the_reference_dealer(small_mix: dict[str, Any]) -> None:
    laws = _reference_laws(small_mix)
    assert list(small_mix["bets"]) == ["banker", "player", "tie", "dragon-7"]
    for name, bet in small_mix["bets"].items():
        law = {x: p for x, p in laws[name].items() if p}
        assert _line_law(bet) == law, name
        mean = sum((x * p for x, p in law.items()), Fraction(0))
        assert _q(bet["house_edge"]) == -mean
        assert _q(bet["variance"]) == sum(
            ((x - mean) ** 2 * p for x, p in law.items()), Fraction(0)
        )
        for horizon in bet["rounds"]:
            _check_horizon(horizon, law)


def test_small_shoe_mix_is_the_reference_dealer(small_mix: dict[str, Any]) -> None:
    shoe = Shoe.from_counts(small_mix["shoe"]["counts"])
    events = reference_event_probabilities(shoe)
    mix = small_mix["mix"]
    shares = {name: _q(share) for name, share in mix["shares"].items()}
    handle = sum(shares.values(), Fraction(0))
    assert _q(mix["handle"]) == handle
    law: dict[Fraction, Fraction] = {}
    for event, p in events.items():
        net = sum((s * settle(b, event) for b, s in shares.items()), Fraction(0)) / handle
        law[net] = law.get(net, Fraction(0)) + p
    mean = sum((x * p for x, p in law.items()), Fraction(0))
    variance = sum(((x - mean) ** 2 * p for x, p in law.items()), Fraction(0))
    assert _q(mix["hold"]) == -mean
    assert _q(mix["variance"]) == variance
    names = list(shares)
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            ea = sum((settle(a, e) * p for e, p in events.items()), Fraction(0))
            eb = sum((settle(b, e) * p for e, p in events.items()), Fraction(0))
            both = sum((settle(a, e) * settle(b, e) * p for e, p in events.items()), Fraction(0))
            assert _q(mix["covariances"][i][j]) == both - ea * eb
    actual = _q(mix["actual"]["hold"])
    assert [h["method"] for h in mix["rounds"]] == ["exact", "float"]
    for horizon, p_value in zip(mix["rounds"], mix["actual"]["p_values"]):
        n = horizon["rounds"]
        if horizon["method"] == "exact":
            exact = convolve_exact(law, n)
            totals, masses = list(exact), list(exact.values())
        else:
            low, step, floats = convolve_float(law, n)
            totals, masses = [low + step * i for i in range(len(floats))], list(floats)
        zero = type(masses[0])(0)
        for interval in horizon["intervals"]:
            a, b = central_interval(totals, masses, _q(interval["confidence"]))
            assert interval["low_float"] == pytest.approx(float(-b / n), abs=1e-12)
            assert interval["high_float"] == pytest.approx(float(-a / n), abs=1e-12)
            if horizon["method"] == "exact":
                assert (_q(interval["low"]), _q(interval["high"])) == (-b / n, -a / n)
        loses = sum((m for t, m in zip(totals, masses) if t > 0), zero)
        assert horizon["table_loses"]["probability_float"] == pytest.approx(float(loses), abs=1e-10)
        at_most = sum((m for t, m in zip(totals, masses) if -t / n <= actual), zero)
        at_least = sum((m for t, m in zip(totals, masses) if -t / n >= actual), zero)
        two_sided = min(2 * min(at_most, at_least), 1)
        assert p_value["p_value_float"] == pytest.approx(float(two_sided), abs=1e-10)
        if horizon["method"] == "exact":
            assert _q(horizon["table_loses"]["probability"]) == loses
            assert _q(p_value["p_value"]) == two_sided
        z = abs(float(actual + mean)) / math.sqrt(float(variance) / n)
        assert p_value["normal_float"] == pytest.approx(2 * NormalDist().cdf(-z), abs=1e-12)


# -- the bet mix is the --stake combination, and a simulation agrees ------------------------------


@pytest.fixture(scope="module")
def eight_deck_mix() -> dict[str, Any]:
    request = ReportRequest(mix=MIX, rounds="100", actual="5%")
    return request.run().document() or {}


def test_mix_hold_and_variance_are_the_stake_combinations(eight_deck_mix: dict[str, Any]) -> None:
    combination = OddsRequest(stake=MIX).run().document()["combination"]  # type: ignore[index]
    mix = eight_deck_mix["mix"]
    staked = _q(combination["staked"])
    assert _q(mix["handle"]) == staked == 100
    assert _q(mix["hold"]) == _q(combination["house_edge"]) == -_q(combination["ev"]) / staked
    assert _q(mix["variance"]) * staked**2 == _q(combination["variance"])
    assert mix["covariances"] == combination["covariances"]


def _sessions(rounds: int, sessions: int, seed: int) -> Iterator[Fraction]:
    """The hold of each simulated session of ``rounds`` rounds, each dealt from a fresh
    8-deck shoe by the reference dealer and settled by the reference pays."""
    rng = random.Random(seed)
    values = shoe_values({rank: 32 for rank in "A23456789TJQK"})
    shares = {"banker": 45, "player": 40, "tie": 5, "dragon-7": 10}
    nets: dict[Any, Fraction] = {}
    for _ in range(sessions):
        total = Fraction(0)
        for _ in range(rounds):
            event = deal_round(rng, values)
            if event not in nets:
                nets[event] = sum((s * settle(b, event) for b, s in shares.items()), Fraction(0))
            total += nets[event]
        yield -total / (100 * rounds)


def test_mix_hold_interval_holds_as_often_as_a_simulation_says(
    eight_deck_mix: dict[str, Any],
) -> None:
    """2,000 sessions of 100 rounds dealt card by card from fresh 8-deck shoes: the hold
    falls below, inside and above the report's 95 % interval as often as the law of 100
    rounds says (each within four standard errors), and its mean and spread are the
    theoretical hold and SD/√N."""
    horizon = eight_deck_mix["mix"]["rounds"][0]
    interval = next(i for i in horizon["intervals"] if i["confidence"] == "19/20")
    low, high = interval["low_float"], interval["high_float"]
    holds = [float(h) for h in _sessions(100, 2000, seed=26)]
    # the law of one round's net, as odds --stake prices the same stakes (its pricing is
    # checked against tests/reference.py's dealer in test_combination.py), convolved here
    combination = OddsRequest(stake=MIX).run().document()["combination"]  # type: ignore[index]
    law = {_q(x["net"]) / 100: _q(x["probability"]) for x in combination["distribution"]}
    start, step, masses = convolve_float(law, 100)
    hold_of = [-float(start + step * i) / 100 for i in range(len(masses))]
    below = float(sum(m for h, m in zip(hold_of, masses) if h < low - 1e-12))
    above = float(sum(m for h, m in zip(hold_of, masses) if h > high + 1e-12))
    assert below <= 0.025 and above <= 0.025
    count = len(holds)
    for share, found in (
        (below, sum(h < low - 1e-12 for h in holds) / count),
        (above, sum(h > high + 1e-12 for h in holds) / count),
        (1 - below - above, sum(low - 1e-12 <= h <= high + 1e-12 for h in holds) / count),
    ):
        assert abs(found - share) <= 4 * math.sqrt(share * (1 - share) / count)
    mean = sum(holds) / count
    sd = math.sqrt(eight_deck_mix["mix"]["variance_float"] / 100)
    assert abs(mean - eight_deck_mix["mix"]["hold_float"]) <= 4 * sd / math.sqrt(count)
    spread = math.sqrt(sum((h - mean) ** 2 for h in holds) / (count - 1))
    assert spread == pytest.approx(sd, rel=0.1)


# -- the law of N rounds ----------------------------------------------------------------------


def _laws(denominators: int) -> st.SearchStrategy[RoundLaw]:
    """Laws of up to four values between -5 and 40, with weights up to 30."""
    return st.lists(
        st.tuples(st.fractions(-5, 40, max_denominator=denominators), st.integers(1, 30)),
        min_size=1,
        max_size=4,
    ).map(lambda pairs: RoundLaw.of((x, Fraction(w, sum(w for _, w in pairs))) for x, w in pairs))


@settings(max_examples=40, deadline=None)
@given(
    _laws(20),
    st.integers(1, 12),
    st.sampled_from([Fraction(1, 2), Fraction(9, 10), Fraction(99, 100)]),
)
def test_the_exact_law_is_the_one_round_at_a_time_convolution(
    law: RoundLaw, rounds: int, confidence: Fraction
) -> None:
    total = sum_law(law, rounds)
    assert total.exact
    reference = convolve_exact(dict(law.outcomes), rounds)
    found = {
        total.total(i): Fraction(m, total.denominator) for i, m in enumerate(total.masses) if m
    }
    assert found == reference
    assert total.interval(confidence) == central_interval(
        list(reference), list(reference.values()), confidence
    )
    for x in (Fraction(0), *list(reference)[:3]):
        assert total.below(x) == sum((p for t, p in reference.items() if t < x), Fraction(0))
        assert total.above(x) == sum((p for t, p in reference.items() if t > x), Fraction(0))
        assert total.at_most(x) + total.above(x) == 1
        assert total.at_least(x) + total.below(x) == 1


@settings(max_examples=25, deadline=None)
@given(_laws(4), st.integers(1, 60))
def test_the_floating_point_law_is_numpys_direct_convolution(law: RoundLaw, rounds: int) -> None:
    low, step, steps = law.lattice()
    first, masses = _float_masses(steps, [float(p) for _, p in law.outcomes], rounds)
    float_law = SumLaw.floating(rounds, low * rounds + step * first, step, masses)
    start, step_r, reference = convolve_float(dict(law.outcomes), rounds)
    assert step_r == step
    offset = int((float_law.start - start) / step)
    window = reference[offset : offset + len(masses)]
    assert float(sum(reference)) - float(sum(window)) <= 1e-15
    assert np.max(np.abs(np.asarray(masses) - window)) <= 1e-13
    for x in (Fraction(0), start + step * (len(reference) // 2)):
        assert float_law.below(x) == pytest.approx(
            float(sum(m for i, m in enumerate(reference) if start + step * i < x)), abs=1e-12
        )


def test_exact_while_the_fractions_stay_short() -> None:
    eight_decks = 4_998_398_275_503_360
    assert exact_affordable(2, 200, eight_decks) and not exact_affordable(2, 300, eight_decks)
    assert exact_affordable(3, 100, eight_decks) and not exact_affordable(5, 100, eight_decks)
    tie = RoundLaw.of([(Fraction(8), Fraction(1, 10)), (Fraction(-1), Fraction(9, 10))])
    assert sum_law(tie, 1000).exact and not sum_law(tie, 5000).exact
