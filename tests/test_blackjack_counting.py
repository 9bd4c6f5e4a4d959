"""blackjack counting: shoes dealt fast, played by the chart and its index plays, every way
of betting priced on the same rounds."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from baccarat_exact.analysis.blackjack.counting import (
    CountingSettings,
    StrategyResult,
    count_shoes,
)
from baccarat_exact.analysis.ramps import parse_ramp
from baccarat_exact.blackjack.dealt import RoundDealer
from baccarat_exact.blackjack.edge import basic_strategy, strategy_value
from baccarat_exact.blackjack.index_play import IndexPolicy, illustrious_18
from baccarat_exact.blackjack.rules import BlackjackRules, Surrender
from baccarat_exact.errors import SimulationError
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.model.shuffle import shuffled_cards
from tests.cli_runner import run_main

HI_LO = (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1, -1, -1, -1)
US = BlackjackRules(hole_card=True, double_after_split=True, hit_split_aces=False)
"""The US six-deck game's rules, without the casino's Triple Seven."""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``baccarat-exact blackjack counting -q ARGS``: (exit code, stdout, stderr)."""
    return run_main(capsys, "blackjack", "counting", "-q", *args)


@pytest.fixture(scope="module")
def two_decks() -> tuple[CountingSettings, object]:
    shoe = Shoe.from_decks(2)
    strategy, _ = basic_strategy(shoe, US, exact=False)
    settings = CountingSettings(
        rules=US,
        shoe=shoe,
        strategy=strategy,
        plays=illustrious_18(US),
        tags=HI_LO,
        shoes=3000,
        seed=4,
        ramps=(parse_ramp("1:2,2:4,3:8"),),
        kelly=5000,
        bankroll=200,
    )
    return settings, count_shoes(settings)


def test_the_flat_bet_wins_what_the_chart_is_worth() -> None:
    """Without index plays the flat bettor plays the chart: over many shoes his win per
    round is the chart's exact value, within the estimate's standard error (the seed is
    fixed: the check is deterministic; four SEs)."""
    shoe = Shoe.from_decks(1)
    rules = BlackjackRules()
    strategy, value = basic_strategy(shoe, rules, exact=True)
    settings = CountingSettings(
        rules=rules, shoe=shoe, strategy=strategy, tags=HI_LO, shoes=4000, seed=1, cut_card=26
    )
    flat = count_shoes(settings).strategies[0]
    assert flat.name == "flat" and flat.won_per_100.se is not None
    assert abs(flat.won_per_100.value / 100 - float(value)) < 4 * flat.won_per_100.se / 100
    assert strategy_value(shoe, strategy, exact=False) == pytest.approx(float(value))


def test_the_figures_agree_with_their_definitions(two_decks: tuple) -> None:
    """N0 = (SD/EV)² per round, SCORE = 10⁶·(EV/SD)² = 10⁶/N0, risk of ruin the diffusion
    formula of the per-shoe win and variance; per hour and per 100 rounds scale together."""
    settings, result = two_decks
    for st in result.strategies:
        assert isinstance(st, StrategyResult)
        ev, sd = st.won_per_100.value / 100, st.sd_per_100.value / 10
        assert st.score.value == pytest.approx(1e6 * (ev / sd) ** 2 if ev > 0 else 0.0)
        if st.n0 is not None:
            assert st.n0.value == pytest.approx((sd / ev) ** 2)
            assert st.score.value == pytest.approx(1e6 / st.n0.value)
            won, var = st.won_per_shoe.value, st.sd_per_shoe.value**2
            assert st.risk_of_ruin.value == pytest.approx(math.exp(-2 * won * 200 / var))
        per_hour = settings.per_hour / 100
        assert st.won_per_hour.value == pytest.approx(st.won_per_100.value * per_hour)
        assert st.sd_per_hour.value == pytest.approx(st.sd_per_100.value * math.sqrt(per_hour))


def test_a_ramp_bets_by_the_true_count_and_wins_more_than_flat(two_decks: tuple) -> None:
    _, result = two_decks
    flat, ramp, kelly = result.strategies
    assert (flat.name, ramp.name) == ("flat", "ramp")
    assert flat.bet_per_round.value == 1 and flat.rounds_bet.value == 1
    assert 0 < ramp.rounds_bet.value < 1 and ramp.bet_per_round.value > 0
    assert ramp.won_per_100.value > flat.won_per_100.value
    assert kelly.name == "Kelly 5,000" and result.kelly_ramp is not None
    assert kelly.ramp == result.kelly_ramp and max(u for _, u in kelly.ramp.steps) <= 8


def test_jobs_and_a_cluster_give_the_bytes_of_one_process(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("--decks", "1", "--shoes", "450", "--ramp", "1:2,3:4", "--format", "json")
    code, one, _ = run(capsys, *args)
    assert code == 0 and one.startswith("{")
    assert run(capsys, *args, "--jobs", "2")[1] == one
    pytest.importorskip("distributed")
    assert run(capsys, *args, "--cluster", "local:2")[1] == one
    document = json.loads(one)
    assert document["kind"] == "blackjack counting" and document["rounds"] > 450 * 5
    assert [row["betting"] for row in document["tables"]["betting"]] == ["flat", "ramp"]


def test_a_dealer_blackjack_taking_the_original_stake_shares_it_between_split_hands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Resplit to three hands, a dealer blackjack found later takes a third of the stake
    from each: results stay whole numbers of the player's unit fraction."""
    args = ("--split-hands", "3", "--dealer-bj-takes", "original", "--shoes", "3000")
    code, out, err = run(capsys, *args, "--table", "betting")
    assert code == 0 and err == "" and "flat" in out


def test_the_fab_4_come_with_late_surrender_and_surrender_comes_first() -> None:
    """15 v T: surrender from 0 (Fab 4), stand from +4 (Illustrious 18): at +5 a two-card
    15 surrenders, a three-card one stands; at −1 it hits."""
    rules = BlackjackRules(hole_card=True, surrender=Surrender.LATE)
    chart, _ = basic_strategy(Shoe.from_decks(6), rules, exact=False)
    policy = IndexPolicy(chart, illustrious_18(rules))
    table = RoundDealer(policy, HI_LO)
    table._size, table._seen = 312, 0  # the true count is running · 52 / 312
    moves = {}
    for running in (30, -6):
        table._play_running = running  # the count the plays read
        two = policy.decide(table, 9, [9, 4], 15, 0, -1, -1)  # T 5
        three = policy.decide(table, 9, [9, 2, 1], 15, 0, -1, -1)  # T 3 2
        moves[running] = (two, three)
    assert moves[30] == (4, 0)  # surrender, stand
    assert moves[-6] == (1, 1)  # hit, hit


def test_every_round_valued_exactly_estimates_the_same_win_with_less_noise() -> None:
    """With --exact-ev each round's value is the chart's exact value for the cards not yet
    seen (the burned card among them): the win from those values is their sum, and its
    standard error is smaller than the win as dealt's."""
    rules = BlackjackRules(decks=2, hole_card=True, double_after_split=True, triple_seven=False)
    shoe = Shoe.from_decks(2)
    strategy, _ = basic_strategy(shoe, rules, exact=False)
    settings = CountingSettings(
        rules=rules,
        shoe=shoe,
        strategy=strategy,
        tags=HI_LO,
        shoes=3,
        seed=2,
        cut_card=78,
        exact_ev=True,
    )
    flat = count_shoes(settings).strategies[0]
    assert flat.won_per_100_from_ev is not None and flat.won_per_100_from_ev.se is not None
    assert flat.won_per_100.se is not None and flat.won_per_100_from_ev.se < flat.won_per_100.se
    total, rounds = 0.0, 0
    player = RoundDealer(IndexPolicy(strategy, ()), HI_LO)
    for number in range(3):
        order = shuffled_cards(np.repeat(np.arange(13), shoe.counts).tolist(), 2, number)
        played = player.play_shoe(order, 1, shoe.cards - 78)
        for start in played.start:
            unseen = list(shoe.counts)
            for rank in order[1:start]:
                unseen[rank] -= 1
            total += float(strategy_value(Shoe.from_counts(unseen), strategy, exact=False))
            rounds += 1
    assert flat.won_per_100_from_ev.value == pytest.approx(100 * total / rounds)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--indices", "all"], "--indices all: cannot read it"),
        (["--exact-ev"], "--exact-ev values the chart's own play: give --indices none"),
        (["--count-system", "nonesuch"], "unknown count 'nonesuch'"),
        (["--play-count-system", "nonesuch"], "unknown count 'nonesuch'"),
        (["--ramp-min", "1"], "--ramp-min is the bet below a ramp's first step"),
        (["--max-bet", "4"], "--kelly BANKROLL needs --max-bet N (and --max-bet needs --kelly)"),
        (["--wong-out", "-1"], "--wong-out applies to a ramp"),
        (["--kelly", "0", "--max-bet", "4"], "--kelly must be a positive bankroll in units"),
        (["--bankroll", "x"], "--bankroll"),
        (["--ramp", "4:2,2:1"], "--ramp: true counts must increase"),
        (["--shoes", "0"], "0 is not in the range x>=1"),
        (["--remove", "A"], "No such option: --remove"),
        (["--jobs", "2", "--cluster", "local:2"], "give --jobs or --cluster, not both"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, "--decks", "1", "--shoes", "3", *args)
    lines = err.strip().splitlines()
    assert code == 2 and out == "" and len(lines) == 1 and message in lines[0], err


def test_settings_that_cannot_be_dealt_are_refused() -> None:
    shoe = Shoe.from_decks(1)
    strategy, _ = basic_strategy(shoe, BlackjackRules(), exact=False)
    with pytest.raises(SimulationError, match="--cut-card must be between 0 and 50"):
        CountingSettings(strategy=strategy, shoe=shoe, tags=HI_LO, cut_card=60)
    with pytest.raises(SimulationError, match="--shoes must be between 1"):
        CountingSettings(strategy=strategy, shoe=shoe, tags=HI_LO, shoes=0)


def test_a_second_count_for_the_plays_changes_only_the_plays(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--play-count-system: the index plays follow a second count. Given the bets' own count it
    changes no figure; given another, the play changes, and so do the figures; the document
    keeps its tags and the settings name both counts."""
    args = ("--decks", "1", "--shoes", "300", "--seed", "4", "--ramp", "1:2", "-f", "json")
    documents = []
    for more in ((), ("--play-count-system", "hi-lo"), ("--play-count-system", "ace=A:-1,5:1")):
        code, out, _ = run(capsys, *args, *more)
        assert code == 0
        documents.append(json.loads(out))
    one, same, other = documents
    assert same["tables"]["betting"] == one["tables"]["betting"]
    assert other["tables"]["betting"] != one["tables"]["betting"]
    assert "play_tags" not in one and other["play_tags"][0] == -1
    count = {row["setting"]: row["value"] for row in other["tables"]["settings"]}["count"]
    assert count == "hi-lo for the bets, ace for the index plays"


def test_the_time_estimate_is_the_rate_of_what_deals_the_shoes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run is refused past a day at the rate of what will deal it: 10¹¹ rounds take some
    three hours of the compiled kernel (accepted) and three weeks of the Python path."""
    from baccarat_exact.blackjack import counting_kernel
    from baccarat_exact.commands.blackjack.counting import (
        COMPILED_ROUNDS,
        PYTHON_ROUNDS,
        BlackjackCountingRequest,
    )

    request = BlackjackCountingRequest.from_dict(
        {"rules": {"ruleset": "us"}, "shoes": 2_500_000_000}
    )
    rounds = 2_500_000_000 * (312 - 78) / 5.5  # six decks, a quarter behind the cut card
    if counting_kernel.compiled() is not None:
        assert request.seconds() == pytest.approx(rounds / COMPILED_ROUNDS)
    monkeypatch.setattr(counting_kernel, "compiled", lambda: None)
    assert request.seconds() == pytest.approx(rounds / PYTHON_ROUNDS)
    code, _, err = run(capsys, "--rules", "us", "--shoes", "2500000000")
    assert code == 2 and "past the day a run may take" in err
