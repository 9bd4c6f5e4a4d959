"""Commission programs and rebates (``programs``): identities, seeded card-by-card
simulations, a brute force over every sequence of rounds, published figures, bad input.

The simulations deal every round card by card from a freshly shuffled shoe
(:func:`tests.par_reference.deal_round`, settled by :func:`tests.par_reference.settle`),
the model the programs are priced in: rounds independent, each from the shoe as given.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Iterator, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from baccarat_exact.analysis.programs import (
    ChipProgram,
    ProgramRates,
    normal_expected_loss,
    programs,
    session_loss,
)
from baccarat_exact.analysis.sums import RoundLaw
from baccarat_exact.commands.inputs import BetsInput, ShoeInput
from baccarat_exact.commands.programs import ProgramsRequest
from baccarat_exact.model.events import Event
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds
from baccarat_exact.stats import bet_stats
from tests.cli_runner import run_main
from tests.par_reference import deal_round, settle, shoe_values
from tests.reference import reference_event_probabilities

GOLDEN = Path(__file__).parent / "golden" / "programs-19-cards.json"
SMALL = {"A": 3, "3": 4, "5": 3, "8": 2, "9": 3, "K": 4}
"""The 19-card shoe of the golden file (and of report-mix-19-cards.json)."""
SMALL_COUNTS = ",".join(f"{rank}={n}" for rank, n in SMALL.items())


def _laws(shoe: Shoe) -> dict[str, RoundLaw]:
    """Banker, Player and Tie per unit staked, as the package prices them."""
    return {
        bet.name: RoundLaw.of((line.pays, line.probability) for line in bet_stats(bet).lines)
        for bet in odds(shoe).bets
    }


@pytest.fixture(scope="module")
def eight_decks() -> dict[str, RoundLaw]:
    return _laws(Shoe.from_decks(8))


def _reference_law(
    events: Mapping[Event, Fraction], stakes: Mapping[str, Fraction]
) -> dict[Fraction, Fraction]:
    """The net of ``stakes`` per unit staked on one round, from the reference dealer's
    events and the casino's pays written in tests/par_reference.py."""
    staked = sum(stakes.values(), Fraction(0))
    law: dict[Fraction, Fraction] = {}
    for event, p in events.items():
        net = sum((stake * settle(bet, event) for bet, stake in stakes.items()), Fraction(0))
        law[net / staked] = law.get(net / staked, Fraction(0)) + p
    return law


# -- identities ------------------------------------------------------------------------------


def test_a_chip_lives_one_over_the_chance_of_a_loss(eight_decks: dict[str, RoundLaw]) -> None:
    for name, law in eight_decks.items():
        chip = ChipProgram(name, law, (Fraction(1, 80),))
        lose = sum((p for x, p in law.outcomes if x == -1), Fraction(0))
        assert chip.expected_bets == 1 / lose
        # the law of life sums to 1, and its mean is the expected life (geometric series)
        k = 60
        assert sum(chip.life(n) for n in range(1, k + 1)) + chip.outlives(k) == 1
        mean = sum(n * chip.life(n) for n in range(1, k + 1)) + chip.outlives(k) * (
            k + chip.expected_bets
        )
        assert mean == chip.expected_bets
        # per bet, a chip's edge before commission is the bet's EV; per chip bought, EV/q
        assert chip.edge_per_chip == law.mean / lose
        assert chip.edge_per_chip * lose == law.mean
        # the break-even commission makes the chip fair
        assert chip.per_bet(chip.break_even) == 0
        assert chip.per_bet(Fraction(1, 80)) == law.mean + Fraction(1, 80) * lose


def test_cash_programs_break_even_at_the_house_edge_and_all_of_theo(
    eight_decks: dict[str, RoundLaw],
) -> None:
    found = programs(eight_decks, ProgramRates(sessions=(3,)))
    for cash in found.cash:
        assert cash.on_turnover(-cash.ev) == 0
        assert cash.on_theo(Fraction(1)) == 0
        assert cash.on_theo(Fraction(1, 2)) == cash.ev / 2


def test_expected_loss_is_theo_plus_the_expected_win(eight_decks: dict[str, RoundLaw]) -> None:
    """E[max(0, −S)] = −E[S] + E[max(0, S)]: the wins the rebate never takes back."""
    law = eight_decks["banker"]
    session = session_loss(law, 3)
    wins: dict[Fraction, Fraction] = {}
    for outcome in itertools.product(law.outcomes, repeat=3):
        net = sum((x for x, _ in outcome), Fraction(0))
        wins[net] = wins.get(net, Fraction(0)) + math.prod(p for _, p in outcome)
    ahead = sum((x * p for x, p in wins.items() if x > 0), Fraction(0))
    assert session.expected() == -3 * law.mean + ahead


# -- seeded simulations ------------------------------------------------------------------------


def _chips(
    rng: random.Random, values: list[int], bet: str, count: int
) -> Iterator[tuple[int, Fraction]]:
    """(bets, cash won) of each of ``count`` chips, dealt card by card."""
    for _ in range(count):
        bets, cash = 0, Fraction(0)
        while True:
            bets += 1
            net = settle(bet, deal_round(rng, values))
            if net < 0:
                break
            cash += net
        yield bets, cash


@pytest.mark.parametrize("bet", ["banker", "player"])
def test_chip_life_and_edge_net_of_a_rolling_commission_match_a_simulation(
    bet: str, eight_decks: dict[str, RoundLaw]
) -> None:
    """20,000 chips dealt card by card from an 8-deck shoe: the mean life, the player's
    result per chip bought net of a 1.25 % rolling commission, and per bet (their ratio),
    each within 4 standard errors of the exact figure."""
    commission = Fraction(1, 80)
    chip = ChipProgram(bet, eight_decks[bet], (commission,))
    found = list(
        _chips(random.Random(40), shoe_values({r: 32 for r in "A23456789TJQK"}), bet, 20_000)
    )
    n = len(found)
    lives = [float(b) for b, _ in found]
    results = [float(c) - 1 + float(commission) for _, c in found]
    mean_life, mean_result = sum(lives) / n, sum(results) / n
    sd_life = math.sqrt(sum((x - mean_life) ** 2 for x in lives) / (n - 1))
    sd_result = math.sqrt(sum((x - mean_result) ** 2 for x in results) / (n - 1))
    assert abs(mean_life - float(chip.expected_bets)) < 4 * sd_life / math.sqrt(n)
    assert abs(mean_result - float(chip.edge_per_chip + commission)) < 4 * sd_result / math.sqrt(n)
    # per bet: a ratio of means, its error by the delta method
    ratio = mean_result / mean_life
    residual = [r - ratio * b for r, b in zip(results, lives)]
    sd_ratio = math.sqrt(sum(x * x for x in residual) / (n - 1)) / mean_life
    assert abs(ratio - float(chip.per_bet(commission))) < 4 * sd_ratio / math.sqrt(n)


def test_rebate_on_loss_matches_a_simulation_of_sessions() -> None:
    """20,000 sessions of 10 rounds on Banker, dealt card by card from one deck: the mean
    net loss and the mean rebate (25 %, at most 2 units, on a loss of at least 1 unit),
    within 4 standard errors of the exact figures."""
    law = _laws(Shoe.from_decks(1))["banker"]
    session = session_loss(law, 10)
    assert session.exact
    rng, values = random.Random(7), shoe_values({r: 4 for r in "A23456789TJQK"})
    rate, cap, minimum = Fraction(1, 4), Fraction(2), Fraction(1)
    losses, rebates = [], []
    for _ in range(20_000):
        net = sum(float(settle("banker", deal_round(rng, values))) for _ in range(10))
        loss = max(0.0, -net)
        losses.append(loss)
        rebates.append(min(float(rate) * loss, float(cap)) if loss >= float(minimum) else 0.0)
    for sample, exact in (
        (losses, session.expected()),
        (rebates, session.expected(rate, cap, minimum)),
    ):
        n = len(sample)
        mean = sum(sample) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in sample) / (n - 1))
        assert abs(mean - float(exact)) < 4 * sd / math.sqrt(n)


# -- exact, by brute force over every sequence of rounds ----------------------------------------


def _brute_force(
    law: Mapping[Fraction, Fraction],
    rounds: int,
    rate: Fraction,
    cap: Fraction | None,
    minimum: Fraction,
) -> tuple[Fraction, Fraction]:
    """(E[net loss], E[rebate]) summed over every sequence of ``rounds`` round results."""
    loss_sum, rebate_sum = Fraction(0), Fraction(0)
    for outcome in itertools.product(law.items(), repeat=rounds):
        p = math.prod((q for _, q in outcome), start=Fraction(1))
        loss = max(Fraction(0), -sum((x for x, _ in outcome), Fraction(0)))
        paid = rate * loss if cap is None else min(rate * loss, cap)
        loss_sum += p * loss
        rebate_sum += p * (paid if loss >= minimum else 0)
    return loss_sum, rebate_sum


@pytest.mark.parametrize(
    ("stakes", "rounds", "rate", "cap", "minimum"),
    [
        ({"banker": Fraction(1)}, 4, Fraction(1, 10), None, Fraction(0)),
        ({"player": Fraction(1)}, 5, Fraction(1, 4), Fraction(3, 2), Fraction(2)),
        (
            {"banker": Fraction(9), "tie": Fraction(1)},
            3,
            Fraction(1, 5),
            Fraction(1),
            Fraction(1, 2),
        ),
    ],
)
def test_rebate_on_a_small_shoe_is_the_brute_force(
    stakes: dict[str, Fraction],
    rounds: int,
    rate: Fraction,
    cap: Fraction | None,
    minimum: Fraction,
) -> None:
    shoe = Shoe.from_counts(SMALL)
    law = _reference_law(reference_event_probabilities(shoe), stakes)
    session = session_loss(RoundLaw.of(law.items()), rounds)
    assert session.exact
    loss, rebate = _brute_force(law, rounds, rate, cap, minimum)
    assert session.expected() == loss
    assert session.expected(rate, cap, minimum) == rebate
    # the break-even rate returns exactly the theoretical loss (when one exists)
    even = session.break_even(cap, minimum)
    theo = -rounds * sum((x * p for x, p in law.items()), Fraction(0))
    if even is not None:
        assert isinstance(even, Fraction)
        assert _brute_force(law, rounds, even, cap, minimum)[1] == theo


def test_capped_break_even_is_the_smallest_rate_that_pays_theo(
    eight_decks: dict[str, RoundLaw],
) -> None:
    session = session_loss(eight_decks["banker"], 20)
    theo = -20 * eight_decks["banker"].mean
    for cap in (Fraction(1), Fraction(2), Fraction(5)):
        even = session.break_even(cap, Fraction(0))
        assert isinstance(even, Fraction)
        assert session.expected(even, cap) == theo
        assert session.expected(even * Fraction(999, 1000), cap) < theo
    assert session.break_even(Fraction(1, 100), Fraction(0)) is None  # no rate reaches it


def test_the_golden_document_is_the_brute_force() -> None:
    """The stored document's exact rebate figures (4-round sessions, Banker, Player and the
    mix) recomputed by brute force from the reference dealer; its chips' lives from the
    reference law's P(loss)."""
    document = json.loads(GOLDEN.read_text(encoding="utf-8"))
    request = document["request"]
    events = reference_event_probabilities(Shoe.from_counts(SMALL))
    cap = Fraction(request["cap"])
    minimum = Fraction(request["min_loss"])
    mix = {"banker": Fraction(9), "tie": Fraction(1)}
    assert document["mix"] == {"banker": "9", "tie": "1"}
    for bet in ("banker", "player", "mix"):
        law = _reference_law(events, mix if bet == "mix" else {bet: Fraction(1)})
        if bet != "mix":
            lose = law.get(Fraction(-1), Fraction(0))
            assert Fraction(document["chips"][bet]["expected_bets"]) == 1 / lose
        (four,) = [s for s in document["rebates"][bet] if s["rounds"] == 4]
        assert (
            Fraction(four["expected_loss"])
            == _brute_force(law, 4, Fraction(1), None, Fraction(0))[0]
        )
        for row in four["rebates"]:
            rate = Fraction(row["rate"])
            assert Fraction(row["expected_rebate"]) == _brute_force(law, 4, rate, cap, minimum)[1]


# -- published figures -------------------------------------------------------------------------


def test_jacobsons_two_point_two_one_one_plays_per_chip(eight_decks: dict[str, RoundLaw]) -> None:
    """Jacobson: "an NN chip is played on average about 2.211 times before it is lost"
    (http://apheat.net/2014/06/29/risk-analysis-of-baccarat-nn-programs-confidence-intervals/,
    equal numbers of Player and Banker bets, 8 decks): the mean of the two lives."""
    banker = ChipProgram("banker", eight_decks["banker"], ())
    player = ChipProgram("player", eight_decks["player"], ())
    assert round(float(banker.expected_bets + player.expected_bets) / 2, 3) == 2.211


def test_iags_just_under_two_bets_holds_for_player_decisions_only(
    eight_decks: dict[str, RoundLaw],
) -> None:
    """Inside Asian Gaming, Nov 2011 (https://www.asgam.com/mags/201111/38/): "each NN chip
    has an expected life of just under two bets. Thus, the win rate on VIP baccarat is a
    little over twice the house advantage". Exactly: a chip on Player lives 1.973
    decisions (2.181 bets with ties), on Banker 2.028 decisions (2.241 bets); the win per
    chip bought is the house edge times the life in bets."""
    banker = ChipProgram("banker", eight_decks["banker"], ())
    player = ChipProgram("player", eight_decks["player"], ())
    assert player.expected_decisions < 2 < banker.expected_decisions
    assert (
        round(float(player.expected_decisions), 3),
        round(float(banker.expected_decisions), 3),
    ) == (1.973, 2.028)
    for chip in (banker, player):
        assert -chip.edge_per_chip == -chip.law.mean * chip.expected_bets
        assert 2 < chip.expected_bets < 2.25


def test_macdonalds_normal_approximation_of_the_rebate() -> None:
    """MacDonald, "Player Loss" (https://urbino.net/player-loss-unit-normal-linear-loss-integral):
    750 hands at a 1.25 % edge, even money, half of theo returned: 9.375 + 27.386 × UNLLI
    = 16.243 expected loss, a rebate of 28.859 % (his UNLLI read from a table; the integral
    itself gives 16.247 and 28.85 %)."""
    loss = normal_expected_loss(-0.0125, 1.0, 750)
    assert abs(loss - 16.243) < 0.005
    assert abs(9.375 * 0.5 / loss - 0.28859) < 2e-4


def test_the_normal_approximation_fails_on_short_sessions(
    eight_decks: dict[str, RoundLaw],
) -> None:
    """One Tie bet: the net loss is exactly P(loss), 0.905 units; the normal figure says
    1.127 — a quarter too much — and so prices the break-even rebate a fifth too low."""
    tie = eight_decks["tie"]
    session = session_loss(tie, 1)
    lose = sum((p for x, p in tie.outcomes if x < 0), Fraction(0))
    assert session.expected() == lose
    normal = normal_expected_loss(float(tie.mean), float(tie.variance), 1)
    assert round(normal, 3) == 1.127 and normal > 1.2 * float(session.expected())


def test_a_rebate_on_each_round_is_a_rolling_commission(eight_decks: dict[str, RoundLaw]) -> None:
    """A rebate R on the loss of every single round pays R on every chip lost: exactly a
    rolling commission R, so both break even at the same rate."""
    for name, law in eight_decks.items():
        chip = ChipProgram(name, law, ())
        session = session_loss(law, 1)
        assert session.break_even(None, Fraction(0)) == chip.break_even
        assert session.expected(Fraction(1, 80)) == chip.per_bet(Fraction(1, 80)) - law.mean


# -- the command -------------------------------------------------------------------------------


def test_request_round_trips_and_prices_a_mix() -> None:
    request = ProgramsRequest(
        shoe=ShoeInput(counts=SMALL_COUNTS),
        bets=BetsInput(names=("banker",), only_named=True),
        mix="banker=9,tie=1",
        session="3",
        cap="2",
    )
    assert ProgramsRequest.from_dict(request.to_dict()) == request
    document: dict[str, Any] = request.run().document() or {}
    assert set(document["rebates"]) == {"banker", "mix"}
    assert set(document["chips"]) == {"banker"}
    for row in document["chips"]["banker"]["commissions"]:
        assert Fraction(row["house_edge"]) == -Fraction(row["player_edge"])
        assert Fraction(row["house_edge_per_chip"]) == -Fraction(row["player_edge_per_chip"])
        assert Fraction(row["player_edge"]) == Fraction(row["player_edge_per_chip"]) * Fraction(
            document["chips"]["banker"]["p_loss"]
        )
    law = _reference_law(
        reference_event_probabilities(Shoe.from_counts(SMALL)),
        {"banker": Fraction(9), "tie": Fraction(1)},
    )
    (three,) = document["rebates"]["mix"]
    assert (
        Fraction(three["expected_loss"]) == _brute_force(law, 3, Fraction(1), None, Fraction(0))[0]
    )


def test_command_line_prints_the_programs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "programs", "banker", "--decks", "8", "--session", "10")
    assert (code, err) == (0, "")
    assert "Programs side by side" in out and "rolling, NN chips" in out and "2.2409" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--rolling", "-1%"), "--rolling takes rates from 0, got '-1%'"),
        (("--rebate", "120%"), "--rebate takes rates of at most 100%, got '120%'"),
        (("--turnover", "x"), "--turnover must be a number"),
        (("--session", "0"), "--session takes whole numbers of rounds from 1, got '0'"),
        (("--cap", "0"), "--cap takes an amount of units more than 0, got '0'"),
        (("--min-loss", "-1"), "--min-loss takes an amount of units at least 0, got '-1'"),
        (("--counts", "9=12"), "banker cannot lose on this shoe"),
        (("--mix", "banker=0"), "--mix: stake on banker must be more than 0"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    code, out, err = run_main(capsys, "programs", "banker", *args)
    assert code == 2 and out == ""
    assert err.startswith("Error: ") and message in err and err.count("\n") == 1
