"""The round's net result: the mean is the solver's value, the law is the card-by-card reference's."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from baccarat_exact.blackjack.edge import basic_strategy, edge, strategy_value
from baccarat_exact.blackjack.hands import Counts, shoe_counts
from baccarat_exact.blackjack.round_stats import RoundStats, round_stats, strategy_names
from baccarat_exact.blackjack.rules import (
    US_RULES,
    BlackjackRules,
    DealerBlackjackTakes,
    DoubleRule,
    SplitBy,
    Surrender,
)
from baccarat_exact.blackjack.split_round import hand_patterns
from baccarat_exact.cli import app
from baccarat_exact.errors import RulesError
from baccarat_exact.model.shoe import Shoe
from tests import blackjack_reference as reference
from tests.blackjack_resplit_reference import resplit_round_law
from tests.cli_runner import run_main
from tests.test_blackjack_edge import tiny_shoes

runner = CliRunner()

SMALL = "A=2,2=2,3=2,4=2,5=2,6=2,7=2,8=2,9=2,T=8"


def _shoe(counts: Counts) -> Shoe:
    return Shoe.from_counts([*counts[:9], counts[9], 0, 0, 0])


RULE_SETS = [
    BlackjackRules(),
    BlackjackRules(
        hole_card=True, double_after_split=True, double_split_aces=True, dealer_hits_soft_17=True
    ),
    BlackjackRules(
        dealer_blackjack_takes=DealerBlackjackTakes.ORIGINAL,
        hit_split_aces=False,
        triple_seven_on_split=True,
        double_after_split=True,
    ),
    BlackjackRules(surrender=Surrender.LATE, double=DoubleRule.NINE_TO_ELEVEN),
    BlackjackRules(hole_card=True, surrender=Surrender.EARLY, double_after_split=True),
    BlackjackRules(surrender=Surrender.EARLY, blackjack_pays=Fraction(6, 5)),
]
"""The casino's game, a peek game with DAS and H17, a dealer blackjack taking the original
stake only with Triple Seven on split hands, late and early surrender (with and without a
hole card), 6:5 blackjack."""


def _law(stats: RoundStats, strategy: str) -> dict[Fraction, Fraction | float]:
    return dict(stats.play(strategy).probabilities)


@settings(max_examples=8, deadline=None)
@given(tiny_shoes(), st.sampled_from(RULE_SETS))
def test_the_whole_law_matches_the_card_by_card_reference(
    counts: Counts, rules: BlackjackRules
) -> None:
    """Every net amount's probability, both strategies: the reference plays every card, a
    split's second hand from what the first left — so the variance of split rounds is exact."""
    stats = round_stats(_shoe(counts), rules)
    assert stats.basic is not None
    assert _law(stats, "optimal") == reference.round_law(counts, rules)
    assert _law(stats, "basic") == reference.round_law(counts, rules, stats.basic)


THREE_QUARTERS = "A=3,2=3,3=3,4=3,5=3,6=3,7=3,8=3,9=3,T=12"
"""Three quarters of a deck: every rank, deep enough for any round, at a third of a deck's
cost."""


@pytest.fixture(scope="module")
def three_quarters() -> RoundStats:
    return round_stats(Shoe.parse(THREE_QUARTERS), BlackjackRules(decks=1), jobs=2)


@pytest.fixture(scope="module")
def small() -> RoundStats:
    """The casino's rules on the 26-card shoe ``SMALL``, both strategies."""
    return round_stats(Shoe.parse(SMALL), BlackjackRules())


def test_the_mean_is_the_solvers_value_for_both_strategies(three_quarters: RoundStats) -> None:
    solved = edge(Shoe.parse(THREE_QUARTERS), BlackjackRules(decks=1))
    assert three_quarters.play("optimal").ev == solved.optimal
    assert three_quarters.play("basic").ev == solved.basic
    assert three_quarters.basic == solved.strategy


@pytest.mark.parametrize(
    "rules",
    [
        replace(US_RULES, decks=1, surrender=Surrender.LATE),
        BlackjackRules(decks=1, split_by=SplitBy.RANK, double_after_split=True),
        BlackjackRules(decks=1, dealer_blackjack_takes=DealerBlackjackTakes.ORIGINAL),
    ],
    ids=["peek-late-surrender", "pairs-by-rank", "original-stake"],
)
def test_the_mean_is_the_solvers_value_under_other_rules(rules: BlackjackRules) -> None:
    shoe = Shoe.parse(SMALL)
    stats = round_stats(shoe, rules)
    solved = edge(shoe, rules)
    assert (stats.play("optimal").ev, stats.play("basic").ev) == (solved.optimal, solved.basic)


def test_probabilities_sum_to_one_and_split_into_win_push_lose(three_quarters: RoundStats) -> None:
    for play in three_quarters.plays:
        assert play.total == 1
        assert play.win + play.push + play.lose == 1
        assert all(p > 0 for _, p in play.probabilities)
        mean = play.ev
        assert play.variance == sum(p * (net - mean) ** 2 for net, p in play.probabilities)


def test_the_casino_game_pays_whole_and_half_units_from_minus_2_to_2(
    three_quarters: RoundStats,
) -> None:
    """No double after split: at most two stakes at risk; 3:2 for a blackjack or Triple Seven."""
    nets = {net for play in three_quarters.plays for net, _ in play.probabilities}
    assert nets == {Fraction(n) for n in (-2, -1, 0, 1, 2)} | {Fraction(3, 2)}


def test_surrender_and_double_after_split_widen_the_range() -> None:
    rules = BlackjackRules(surrender=Surrender.LATE, double_after_split=True)
    nets = {net for net, _ in round_stats(Shoe.parse(SMALL), rules).play("optimal").probabilities}
    assert Fraction(-1, 2) in nets and Fraction(-4) in nets and Fraction(4) in nets


def test_float_mode_agrees_with_exact(three_quarters: RoundStats) -> None:
    rough = round_stats(Shoe.parse(THREE_QUARTERS), BlackjackRules(decks=1), exact=False, jobs=2)
    for exact, floating in zip(three_quarters.plays, rough.plays):
        assert dict(floating.probabilities).keys() == dict(exact.probabilities).keys()
        assert float(exact.variance) == pytest.approx(floating.variance, abs=1e-12)
        for (net, p), (_, q) in zip(exact.probabilities, floating.probabilities):
            assert float(p) == pytest.approx(q, abs=1e-12), net


def test_a_given_chart_plays_as_the_derived_one(small: RoundStats) -> None:
    shoe = Shoe.parse(SMALL)
    rules = BlackjackRules()
    chart, value = basic_strategy(shoe, rules)
    given_chart = round_stats(shoe, rules, strategies=[chart]).play("given")
    assert given_chart.ev == value
    assert given_chart.probabilities == small.play("basic").probabilities


def test_a_chart_for_other_rules_or_an_unknown_strategy_is_refused() -> None:
    shoe = Shoe.parse(SMALL)
    chart, _ = basic_strategy(shoe, BlackjackRules())
    with pytest.raises(RulesError, match="other rules"):
        round_stats(shoe, US_RULES, strategies=[chart])
    with pytest.raises(RulesError, match="unknown strategy"):
        round_stats(shoe, strategies=["perfect"])
    with pytest.raises(RulesError, match="at least one"):
        round_stats(shoe, strategies=[])
    assert strategy_names(" BOTH ") == ("optimal", "basic")


# -- the command ---------------------------------------------------------------------


def test_the_command_writes_each_strategy_exactly(small: RoundStats) -> None:
    result = runner.invoke(
        app, ["blackjack", "round", "--counts", SMALL, "--format", "json", "--jobs", "2"]
    )
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["kind"] == "blackjack round"
    for entry, play in zip(document["strategies"], small.plays, strict=True):
        assert entry["strategy"] == play.strategy
        assert Fraction(entry["player_ev"]) == play.ev
        assert Fraction(entry["variance"]) == play.variance
        assert sum(Fraction(row["probability"]) for row in entry["distribution"]) == 1


def test_worker_processes_give_the_same_law(small: RoundStats) -> None:
    """--jobs shares the up cards between processes; the exact law is the same."""
    assert round_stats(Shoe.parse(SMALL), BlackjackRules(), jobs=2) == small


def test_the_command_plays_one_strategy_and_writes_csv() -> None:
    result = runner.invoke(
        app,
        [
            *("blackjack", "round", "--counts", SMALL, "--strategy", "basic"),
            *("--format", "csv", "--table", "distribution"),
        ],
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "net,net_float,p_basic,p_basic_float"
    assert "3/2" in {line.split(",")[0] for line in lines[1:]}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--strategy", "perfect"], "unknown strategy 'perfect'"),
        (["--counts", "T=4,9=4"], "too small"),
        (["--jobs", "0"], "0 is not in the range x>=1"),
    ],
)
def test_bad_input_is_one_error_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run_main(capsys, "blackjack", "round", "--counts", SMALL, *args)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error:") and message in lines[0], err


# -- resplits -------------------------------------------------------------------------

RESPLIT_SHOE = "A=3,7=2,8=4,9=2,T=12"
"""23 cards deep enough for four hands after any up card (150 points besides it), with pairs
of aces, sevens, eights, nines and tens; few enough for the card-by-card reference."""

PAIRS_SHOE = "A=2,2=3,3=3,6=3,8=3,T=12"
"""26 cards deep enough for four hands, with small pairs whose split hands hit often."""

RESPLIT_RULES = [
    BlackjackRules(split_hands=3, hole_card=True, surrender=Surrender.LATE),
    BlackjackRules(
        split_hands=4,
        resplit_aces=True,
        triple_seven_on_split=True,
        dealer_blackjack_takes=DealerBlackjackTakes.ORIGINAL,
    ),
    BlackjackRules(split_hands=4, double_after_split=True),
    BlackjackRules(
        split_hands=3,
        resplit_aces=True,
        hit_split_aces=False,
        double_after_split=True,
        hole_card=True,
    ),
]
"""Three and four hands, with and without resplit aces: a peek game with late surrender; a
dealer blackjack taking the original stake only (shared by the hands) with Triple Seven on
split hands; double after split; split aces that take one card and may split again."""


def _resplit_id(rules: BlackjackRules) -> str:
    return f"{rules.split_hands}-hands" + ("-resplit-aces" if rules.resplit_aces else "")


@pytest.mark.parametrize(
    ("rules", "optimal_too"),
    [(rules, k < 2) for k, rules in enumerate(RESPLIT_RULES)],
    ids=[_resplit_id(rules) for rules in RESPLIT_RULES],
)
def test_a_resplit_round_is_the_hands_dealt_for_real(
    rules: BlackjackRules, optimal_too: bool
) -> None:
    """Every net amount's probability with resplits, against a reference that deals every
    hand a pair becomes card by card (the optimal play's reference is slow: two rule sets)."""
    shoe = Shoe.parse(RESPLIT_SHOE)
    stats = round_stats(shoe, rules)
    counts = shoe_counts(shoe)
    assert _law(stats, "basic") == resplit_round_law(counts, rules, stats.basic)
    if optimal_too:
        assert _law(stats, "optimal") == resplit_round_law(counts, rules)


@pytest.mark.parametrize("shoe_text", [RESPLIT_SHOE, PAIRS_SHOE])
@pytest.mark.parametrize("rules", RESPLIT_RULES, ids=[_resplit_id(r) for r in RESPLIT_RULES])
def test_the_resplit_mean_is_edges_value(shoe_text: str, rules: BlackjackRules) -> None:
    """The law's mean is ``edge``'s value for the same play, exactly: optimal play, and the
    derived chart played on every hand, split hands too (as ``strategy_value`` plays it)."""
    shoe = Shoe.parse(shoe_text)
    stats = round_stats(shoe, rules)
    solved = edge(shoe, rules)
    assert stats.basic == solved.strategy
    assert stats.play("optimal").ev == solved.optimal
    assert stats.play("basic").ev == solved.basic == strategy_value(shoe, solved.strategy)
    assert all(play.total == 1 for play in stats.plays)


def test_resplits_in_an_infinite_shoe_are_independent_hands() -> None:
    rules = RESPLIT_RULES[3]  # resplit aces, double after split: half the cost of four hands
    stats = round_stats(Shoe.infinite_shoe(), rules, strategies=["optimal"])
    assert stats.play("optimal").ev == edge(Shoe.infinite_shoe(), rules).optimal
    assert stats.play("optimal").total == 1


def test_resplits_in_float_agree_with_exact() -> None:
    shoe = Shoe.parse(PAIRS_SHOE)
    rules = RESPLIT_RULES[2]
    exact = round_stats(shoe, rules, strategies=["optimal"]).play("optimal")
    rough = round_stats(shoe, rules, strategies=["optimal"], exact=False).play("optimal")
    assert dict(rough.probabilities).keys() == dict(exact.probabilities).keys()
    for (net, p), (_, q) in zip(exact.probabilities, rough.probabilities):
        assert float(p) == pytest.approx(q, abs=1e-12), net


@pytest.mark.parametrize("hands", [2, 3, 4])
def test_the_ways_second_cards_fall_cover_every_deal(hands: int) -> None:
    """With a pair card's chance ``q`` every time (an infinite shoe), the terms of
    :func:`hand_patterns` — ``a`` hands not given a pair card, ``a + e − 2`` pair cards that
    made hands — are the whole law: their chances add up to 1 for any ``q``."""
    for q in (Fraction(0), Fraction(1, 13), Fraction(4, 13), Fraction(1, 2), Fraction(1)):
        total = sum(count * q ** (a + e - 2) * (1 - q) ** a for a, e, count in hand_patterns(hands))
        assert total == 1, (hands, q)


def test_four_hands_fall_in_eight_orders() -> None:
    """By hand, for four hands: P P (then four hands of any second card); P N P and N P P;
    P N N P and N P N P; P N N N and N P N N (three hands, none paired); N N (two)."""
    assert hand_patterns(4) == ((0, 4, 1), (1, 3, 2), (2, 0, 1), (2, 2, 2), (3, 0, 2))


def test_the_command_computes_a_round_with_resplits() -> None:
    rules = BlackjackRules(split_hands=4, resplit_aces=True)
    result = runner.invoke(
        app,
        [
            *("blackjack", "round", "--counts", RESPLIT_SHOE, "--strategy", "optimal"),
            *("--split-hands", "4", "--resplit-aces", "--format", "json"),
        ],
    )
    assert result.exit_code == 0, result.output
    (entry,) = json.loads(result.stdout)["strategies"]
    assert Fraction(entry["player_ev"]) == edge(Shoe.parse(RESPLIT_SHOE), rules).optimal
