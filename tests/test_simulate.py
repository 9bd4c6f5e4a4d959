"""Shoe simulation: dealing rules, reproducibility, agreement with exact values, and a
small shoe checked against every ordering of its cards."""

from __future__ import annotations

import math
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from sympy.utilities.iterables import multiset_permutations

from baccarat_exact.analysis.dealing import BurnRule, SimulationSettings, deal_shoe, parse_burn
from baccarat_exact.analysis.estimates import ShoeSums
from baccarat_exact.analysis.simulate import SECONDS_PER_CARD, estimated_seconds, simulate
from baccarat_exact.analysis.simulate_results import SimulationResult
from baccarat_exact.commands.base import Context
from baccarat_exact.commands.inputs import ShoeInput
from baccarat_exact.commands.simulate import SimulateRequest
from baccarat_exact.errors import BaccaratError, SimulationError
from baccarat_exact.model.bets import main_bets
from baccarat_exact.model.cards import POINT_VALUE, RANKS, Rank
from baccarat_exact.model.events import EVENTS, Event, event_index
from baccarat_exact.model.rules import STANDARD_TABLEAU, Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds, price_batch
from baccarat_exact.report.render import dumps_json, render
from baccarat_exact.report.simulate import simulation_report
from tests.reference import reference_event_probabilities


def ranks(text: str) -> list[int]:
    return [RANKS.index(Rank(c)) for c in text.split()]


# -- dealing -------------------------------------------------------------------------


def test_burn_turns_one_card_and_burns_its_value() -> None:
    order = ranks("3 K K K 9 9 K K K K 4 4 4 4 4 4")  # 3 up, three burned, then a natural
    dealt = deal_shoe(order, STANDARD_TABLEAU, BurnRule.standard, cut_card=0)
    assert dealt.hidden == frozenset({1, 2, 3})
    assert dealt.hands[0][:2] == (4, 8)


def test_a_ten_burns_ten_cards() -> None:
    order = ranks("K " + "A " * 10 + "9 9 K K A A A")
    dealt = deal_shoe(order, STANDARD_TABLEAU, BurnRule.standard, cut_card=0)
    assert dealt.hidden == frozenset(range(1, 11)) and dealt.hands[0][0] == 11


def test_cut_card_mid_hand_allows_one_more_hand() -> None:
    # Naturals use 4 cards each: 9 9 K K. Cut card 10 from the back of 24: cut at 14.
    order = ranks("9 9 K K " * 6)
    dealt = deal_shoe(order, STANDARD_TABLEAU, BurnRule.none, cut_card=10)
    assert [h[0] for h in dealt.hands] == [0, 4, 8, 12, 16]  # 12..15 holds the cut: one more at 16


def test_cut_card_as_first_card_of_a_hand_ends_after_it() -> None:
    order = ranks("9 9 K K " * 6)
    dealt = deal_shoe(order, STANDARD_TABLEAU, BurnRule.none, cut_card=8)  # cut at 16
    assert [h[0] for h in dealt.hands] == [0, 4, 8, 12, 16]
    dealt = deal_shoe(order, STANDARD_TABLEAU, BurnRule.none, cut_card=12)  # cut at 12
    assert [h[0] for h in dealt.hands] == [0, 4, 8, 12]


def test_no_hand_with_fewer_than_six_cards_left() -> None:
    order = ranks("9 9 K K " * 2 + "K")
    dealt = deal_shoe(order, STANDARD_TABLEAU, BurnRule.none, cut_card=0)
    assert [h[0] for h in dealt.hands] == [0]


# -- an independent dealer, for the enumeration ---------------------------------------


def own_deal(
    order: list[int], burn: bool, cut_card: int
) -> tuple[list[tuple[int, Event]], set[int]]:
    """Deal as the rules say, card by card: (position, final event) per hand, burned positions."""
    values = [POINT_VALUE[r] for r in order]
    pos, hidden = 0, set()
    if burn:
        n = values[0] if values[0] else 10
        hidden = set(range(1, 1 + n)) & set(range(len(values)))
        pos = min(1 + n, len(values))
    hands = []
    cut_at = len(values) - cut_card
    while len(values) - pos >= 6:
        start = pos
        p = [values[pos], values[pos + 2]]
        b = [values[pos + 1], values[pos + 3]]
        pos += 4
        pt, bt = sum(p) % 10, sum(b) % 10
        if pt < 8 and bt < 8:
            third = None
            if STANDARD_TABLEAU.player_draws(pt):
                third = values[pos]
                p.append(third)
                pos += 1
            if STANDARD_TABLEAU.banker_draws(bt, third):
                b.append(values[pos])
                pos += 1
        hands.append((start, Event(sum(p) % 10, sum(b) % 10, len(p), len(b))))
        if start >= cut_at:
            break
    return hands, hidden


SMALL = Shoe.from_counts({"A": 3, "4": 2, "6": 2, "K": 3})


@pytest.mark.parametrize(("burn", "cut_card"), [(BurnRule.none, 0), (BurnRule.standard, 2)])
def test_small_shoe_against_every_ordering(burn: BurnRule, cut_card: int) -> None:
    rules = Rules()
    bets = main_bets(rules)
    deck = [i for i, n in enumerate(SMALL.counts) for _ in range(n)]
    reference: dict[tuple[int, ...], dict[Event, Fraction]] = {}
    expected: dict[str, Fraction] = {
        k: Fraction(0) for k in ("hands", "gain", "positive", "ev", "paid")
    }
    orderings = 0
    banker = bets[0]
    ev_of: dict[tuple[int, ...], Fraction] = {}
    pays = {e: line.pays for line in banker.lines for e in line.events}
    for order in multiset_permutations(deck):
        orderings += 1
        hands, hidden = own_deal(order, burn is BurnRule.standard, cut_card)
        dealt = deal_shoe(order, rules.tableau, burn, cut_card)
        assert [(s, EVENTS[e]) for s, _, e in dealt.hands] == hands and dealt.hidden == hidden
        for start, event in hands:
            unseen = Counter(order[start:]) + Counter(order[i] for i in hidden)
            state = tuple(unseen[r] for r in range(13))
            if state not in ev_of:
                reference[state] = probs = reference_event_probabilities(Shoe(counts=state), rules)
                ev_of[state] = sum(
                    (pays[EVENTS.index(e)] * p for e, p in probs.items()), Fraction(0)
                )
            ev = ev_of[state]
            expected["hands"] += 1
            expected["ev"] += ev
            expected["paid"] += pays[event_index(*event)]
            if ev > 0:
                expected["positive"] += 1
                expected["gain"] += ev
    # The exact per-hand EV is the expectation of what the hand pays, hand by hand:
    # over all orderings the two sums agree exactly (the dealing stops on cards seen).
    assert expected["ev"] == expected["paid"]
    # The library's batch prices equal the reference implementation on every state met.
    states = sorted(reference)
    prices = price_batch(states, rules, bets)
    for i, state in enumerate(states):
        probs = reference[state]
        win = sum((p for e, p in probs.items() if e.outcome.value == "banker"), Fraction(0))
        assert prices.win(i, 0) == win
    # The simulation's estimates agree with the exact expectations over all orderings.
    result = simulate(
        SimulationSettings(
            shoe=SMALL, rules=rules, shoes=3000, seed=11, burn=burn, cut_card=cut_card
        )
    )
    exact_hands = expected["hands"] / orderings
    assert abs(result.hands_per_shoe.value - float(exact_hands)) <= 4 * (
        result.hands_per_shoe.se or 0
    )
    estimates = result.bets[0]
    for estimate, exact in (
        (estimates.perfect_gain, expected["gain"] / orderings),
        (estimates.perfect_hands, expected["positive"] / orderings),
    ):
        assert estimate.se is not None and estimate.se > 0
        assert abs(estimate.value - float(exact)) <= 4 * estimate.se
    if expected["hands"]:
        mean_ev = expected["ev"] / expected["hands"]
        assert estimates.mean_ev.se is not None
        assert abs(estimates.mean_ev.value - float(mean_ev)) <= 4 * estimates.mean_ev.se


# -- the real shoe ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def eight_decks() -> SimulationResult:
    return simulate(SimulationSettings(shoes=400, seed=2024))


def test_mean_pre_deal_ev_agrees_with_the_full_shoe(eight_decks: SimulationResult) -> None:
    result = eight_decks
    full = odds(Shoe.from_decks(8))
    for estimate, exact in zip(result.bets, full.bets):
        se = estimate.mean_ev.se
        assert se is not None and 0 < se < 1e-3
        assert abs(estimate.mean_ev.value - float(exact.ev)) <= 3 * se


def test_hands_per_shoe_and_depth_table(eight_decks: SimulationResult) -> None:
    result = eight_decks
    assert 75 < result.hands_per_shoe.value < 85
    assert sum(row.hands for row in result.depth) == result.hands
    assert result.depth[0].first == 0 and result.depth[-1].last == 415
    for est in result.bets:
        assert 0 <= est.positive_share.value < 0.01
        assert est.perfect_gain.value >= 0


def test_same_seed_same_bytes_and_other_seed_other_bytes() -> None:
    settings = SimulationSettings(shoes=60, seed=5)
    first = render(simulation_report(simulate(settings)), "json")
    assert render(simulation_report(simulate(settings)), "json") == first
    other = SimulationSettings(shoes=60, seed=6)
    assert render(simulation_report(simulate(other)), "json") != first


def test_result_does_not_depend_on_jobs() -> None:
    settings = SimulationSettings(shoes=60, seed=5)
    one = render(simulation_report(simulate(settings, jobs=1)), "csv")
    assert render(simulation_report(simulate(settings, jobs=2)), "csv") == one


def test_progress_is_called_per_chunk() -> None:
    done: list[int] = []
    simulate(SimulationSettings(shoes=60, seed=1), progress=done.append)
    assert sum(done) == 60 and len(done) == 3


def test_kept_hands_for_plots() -> None:
    result = simulate(SimulationSettings(shoes=30, seed=3), keep_hands=True)
    assert result.sample_ev is not None and result.sample_depth is not None
    assert len(result.sample_ev) == result.hands == len(result.sample_depth)


def test_surebets_counted_where_the_exact_odds_say_so() -> None:
    """A shoe of 10-value cards and one 9: Tie wins unless the 9 comes out, a surebet."""
    shoe = Shoe.from_counts({"9": 1, "K": 80})
    assert odds(shoe).bet("tie").surebet and not odds(shoe).bet("banker").surebet
    result = simulate(
        SimulationSettings(shoe=shoe, shoes=50, seed=9, burn=BurnRule.none, cut_card=0)
    )
    tie = result.bets[2]
    assert tie.surebet_share.value > 0.5 and result.bets[0].surebet_share.value == 0
    assert result.depth[0].surebets[2] == result.depth[0].hands  # first hands: every one a surebet


def test_user_count_and_threshold() -> None:
    from baccarat_exact.analysis.counting import parse_count

    count = parse_count("A:1,2:1,3:1,4:2,5:-1,6:-2,7:-1,8:-1")
    never = simulate(SimulationSettings(shoes=25, seed=4, count=count, threshold=1e9))
    always = simulate(SimulationSettings(shoes=25, seed=4, count=count, threshold=-1e9))
    assert all(b.count_hands.value == 0 for b in never.bets)
    for est in always.bets:
        assert est.count_hands.value == pytest.approx(always.hands_per_shoe.value)
        assert est.count_gain.value == pytest.approx(
            est.mean_ev.value * always.hands_per_shoe.value
        )
    assert never.fits[0].count == count


# -- estimates -------------------------------------------------------------------------


def _summed(x: np.ndarray, d: np.ndarray, parts: int) -> tuple[ShoeSums, ShoeSums]:  # type: ignore[type-arg]
    """Running sums of per-shoe totals ``x`` over denominators ``d``, added in chunks."""
    sums, hands = ShoeSums.zeros(x.shape[1:]), ShoeSums.zeros(())
    for part in np.array_split(np.arange(len(x)), parts):
        sums.add(x[part], d[part][:, None])
        hands.add(d[part], d[part])
    return sums, hands


def test_running_sums_equal_the_two_pass_formulas() -> None:
    """Means, ratios and their standard errors from running sums, chunk by chunk, equal
    numpy's two-pass formulas over the per-shoe values."""
    rng = np.random.default_rng(1)
    x = rng.normal(3.0, 1.0, size=(40, 2))
    d = rng.integers(60, 90, size=40).astype(np.float64)
    sums, hands = _summed(x, d, parts=7)
    mean = sums.mean(0)
    assert mean.value == pytest.approx(x[:, 0].mean())
    assert mean.se == pytest.approx(x[:, 0].std(ddof=1) / np.sqrt(40))
    ratio = sums.ratio(hands, 1)
    r = x[:, 1].sum() / d.sum()
    se = np.sqrt(((x[:, 1] - r * d) ** 2).sum() / (40 * 39)) / (d.sum() / 40)
    assert ratio is not None and ratio.value == pytest.approx(r) and ratio.se == pytest.approx(se)


def test_ratio_with_equal_denominators_is_the_mean() -> None:
    values = np.array([[0.5], [1.5], [2.0], [4.0]])
    sums, hands = _summed(values * 3, np.full(4, 3.0), parts=2)
    ratio, mean = sums.ratio(hands, 0), _summed(values, np.ones(4), parts=1)[0].mean(0)
    assert ratio is not None and ratio.value == pytest.approx(mean.value)
    assert ratio.se == pytest.approx(mean.se)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"shoes": 0}, "--shoes must be 1 or more"),
        ({"cut_card": 500}, "--cut-card must be between 0 and 416"),
        ({"shoe": Shoe.infinite_shoe()}, "finite shoe"),
        ({"seed": -1}, "--seed must be between"),
        ({"threshold": float("nan")}, "--threshold must be a finite number"),
        ({"threshold": float("inf")}, "--threshold must be a finite number"),
        ({"shoe": Shoe.from_decks(20_000)}, "at most 1,000,000 cards a shoe"),
    ],
)
def test_settings_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(SimulationError, match=message):
        SimulationSettings(**kwargs)  # type: ignore[arg-type]


def test_jobs_must_be_positive() -> None:
    with pytest.raises(SimulationError, match="--jobs must be 1 or more"):
        simulate(SimulationSettings(shoes=1), jobs=0)


def test_pair_bets_in_a_batch_equal_the_side_bet_pricing() -> None:
    """price_batch's pair path (with the suits left) equals odds() shoe by shoe."""
    from baccarat_exact.model.catalogue import find_bet
    from baccarat_exact.pricing import odds

    rules = Rules()
    bets = (*main_bets(rules), find_bet("perfect-pair", rules), find_bet("player-pair", rules))
    rng = np.random.default_rng(5)
    full = np.full((13, 4), 2)  # two decks by rank and suit
    suits = np.array(
        [
            full - rng.multinomial(n, np.full(52, 1 / 52)).reshape(13, 4).clip(0, 2)
            for n in (0, 9, 40)
        ]
    )
    suits = np.maximum(suits, 0)
    ranks = suits.sum(axis=2)
    prices = price_batch(ranks, rules, bets, suits=suits)
    for i in range(len(ranks)):
        expected = odds(Shoe.from_suits(suits[i].tolist()), rules, bets).bets
        assert [prices.ev(i, b) for b in range(len(bets))] == [e.ev for e in expected]
        assert [prices.win(i, b) for b in range(len(bets))] == [e.win for e in expected]


# -- the burn, and the request ----------------------------------------------------------


def test_a_number_burns_that_many_cards_face_down() -> None:
    order = ranks("3 K K K 9 9 K K K K 4 4 4 4 4 4")
    dealt = deal_shoe(order, STANDARD_TABLEAU, 2, cut_card=0)
    assert dealt.hidden == frozenset({0, 1}) and dealt.hands[0][0] == 2
    assert (
        deal_shoe(order, STANDARD_TABLEAU, 0, cut_card=0).hands
        == deal_shoe(order, STANDARD_TABLEAU, BurnRule.none, cut_card=0).hands
    )


@pytest.mark.parametrize(
    ("text", "burn"),
    [("standard", BurnRule.standard), (" NONE ", BurnRule.none), ("0", 0), ("12", 12)],
)
def test_burn_is_a_rule_or_a_number(text: str, burn: BurnRule | int) -> None:
    assert parse_burn(text) == burn


@pytest.mark.parametrize("text", ["half", "-1", "1.5", "", "١٢"])
def test_burn_refuses_anything_else(text: str) -> None:
    with pytest.raises(SimulationError, match="--burn must be standard, none or a number"):
        parse_burn(text)


def test_a_burn_of_the_whole_shoe_is_refused() -> None:
    with pytest.raises(SimulationError, match=r"--burn must be fewer cards than the shoe holds"):
        SimulationSettings(shoe=Shoe.from_decks(1), burn=52)


@pytest.mark.parametrize(
    ("request_part", "message"),
    [
        ({"shoes": 0}, "--shoes must be 1 or more"),
        ({"burn": "half"}, "--burn must be standard, none or a number"),
        ({"threshold": "nan"}, "--threshold must be a number"),
        ({"threshold": "2e308"}, "--threshold must be a finite number"),
        ({"counting": {"level": 12}}, "--level must be between 1 and 9"),
    ],
)
def test_a_stored_request_is_refused_as_the_options_are(
    request_part: dict[str, object], message: str
) -> None:
    with pytest.raises(BaccaratError, match=message):
        SimulateRequest.from_dict(request_part)


def test_a_stored_runaway_request_is_refused_by_check(tmp_path: Path) -> None:
    """A document asking for more shoes than a day deals is one error, never a run."""
    document = SimulateRequest(shoe=ShoeInput(decks=1), shoes=2).run().document()
    document["request"]["shoes"] = 99999999999999999999
    path = tmp_path / "runaway.json"
    path.write_text(dumps_json(document), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "baccarat_exact", "check", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    errors = [line for line in done.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and "would take roughly" in errors[0]
    assert "give fewer shoes" in errors[0] and "deals its" not in done.stderr


def test_the_estimate_of_any_size() -> None:
    assert estimated_seconds(1000, 416) == pytest.approx(1000 * 416 * SECONDS_PER_CARD)
    assert estimated_seconds(1000, 416, workers=4) == pytest.approx(estimated_seconds(250, 416))
    assert estimated_seconds(10**400, 416) == math.inf


def test_the_request_gives_the_library_s_figures() -> None:
    """The command's request deals what the library deals with the same settings."""
    request = SimulateRequest(shoe=ShoeInput(decks=1), shoes=30, seed=4, burn="3", cut_card=10)
    settings = SimulationSettings(
        shoe=Shoe.from_decks(1), shoes=30, seed=4, burn=3, cut_card=10, bets=main_bets(Rules())
    )
    fresh = request.report(request.compute(Context()))
    assert render(fresh, "csv") == render(simulation_report(simulate(settings)), "csv")
