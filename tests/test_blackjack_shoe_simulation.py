"""``blackjack simulate``: rounds played card by card, every round priced exactly, seeded,
the same bytes on any number of processes, and bad input refused in one line."""

from __future__ import annotations

import json
import math
import statistics
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from typer.testing import CliRunner

from baccarat_exact.analysis.blackjack.simulation import SimulationSettings, simulate
from baccarat_exact.analysis.cluster import ClusterAddress
from baccarat_exact.blackjack.dealt import PlayedRound, play_round
from baccarat_exact.blackjack.edge import edge
from baccarat_exact.blackjack.hands import ACE, SEVEN, SLOTS, TEN, points, shoe_counts
from baccarat_exact.blackjack.rules import BlackjackRules, SplitBy, Surrender
from baccarat_exact.blackjack.solver import ROUND_POINTS
from baccarat_exact.blackjack.strategy import BasicStrategy, Move, UpCardPlay
from baccarat_exact.cli.blackjack import app
from baccarat_exact.errors import SimulationError
from baccarat_exact.model.shoe import Shoe
from tests.cli_runner import run_main

runner = CliRunner()

SMALL = "A=1,5=4,6=4,7=3,8=2,T=8"
"""A 22-card shoe whose rounds are priced in milliseconds; under the rules of ``LEAN`` the
player has the edge in some rounds and not in others."""
LEAN = ["--no-triple-seven", "--blackjack-pays", "6/5", "--h17"]
LEAN_RULES = BlackjackRules(
    triple_seven=False, blackjack_pays=Fraction(6, 5), dealer_hits_soft_17=True
)

# Rank indices of the shuffled order: A 2 … 9 T J Q K.
A, TWO, THREE, FIVE, SIX, SEVEN_, EIGHT, T, J, Q, K = 0, 1, 2, 4, 5, 6, 7, 9, 10, 11, 12


def chart(rules: BlackjackRules, **changes: object) -> BasicStrategy:
    """The plain starting chart (hit below hard 17 and soft 18, stand above, never double or
    split) against every up card, with ``changes`` to every up card's play."""
    plays = tuple(replace(UpCardPlay.starting(up), **changes) for up in range(SLOTS))  # type: ignore[arg-type]
    return BasicStrategy(rules=rules, plays=plays)


SPLIT_ALL = tuple(Move.SPLIT for _ in range(SLOTS))


# -- one round, card by card: the cards each case takes are counted by hand -------------


@pytest.mark.parametrize(
    ("order", "rules", "changes", "end"),
    [
        # T, up 6, 7: the player stands on 17; the dealer 6 T 9 busts: 5 cards
        ([T, SIX, SEVEN_, T, 8], BlackjackRules(), {}, 5),
        # a blackjack against a 6 without a hole card: paid at once, the dealer draws nothing
        ([A, SIX, K, T, T], BlackjackRules(), {}, 3),
        # a blackjack against a ten without a hole card: the dealer draws one card to see
        ([A, T, K, FIVE, T], BlackjackRules(), {}, 4),
        # a peeked dealer blackjack ends the round after four cards
        ([FIVE, A, SIX, Q, T, T], BlackjackRules(hole_card=True), {}, 4),
        # T 6 against a ten: hits, busts with a ten; the dealer draws nothing (hole card dealt)
        ([T, T, SIX, FIVE, K, T], BlackjackRules(hole_card=True), {}, 5),
        # 7 7 against a 6 hits into Triple Seven: paid at once, the dealer draws nothing
        ([SEVEN_, SIX, SEVEN_, SEVEN_, T, T], BlackjackRules(), {}, 4),
        # the same cards without Triple Seven: 21 stands; the dealer 6 T T busts
        ([SEVEN_, SIX, SEVEN_, SEVEN_, T, T], BlackjackRules(triple_seven=False), {}, 6),
        # 8 8 split against a 6: 8 2 hits to 20, 8 T stands; the dealer 6 T T
        ([EIGHT, SIX, EIGHT, TWO, T, T, T, T], BlackjackRules(), {"pairs": SPLIT_ALL}, 8),
        # A A split with one card each: A 2 and A 2 stand; the dealer 6 T T
        (
            [A, SIX, A, TWO, TWO, T, T],
            BlackjackRules(hit_split_aces=False),
            {"pairs": SPLIT_ALL},
            7,
        ),
        # K Q split by value: K 5 hits (15), takes a T and busts; Q 9 stands; dealer 6 T T
        ([K, SIX, Q, FIVE, T, 8, T, T], BlackjackRules(), {"pairs": SPLIT_ALL}, 8),
        # K Q by rank is no pair: 20 stands; the dealer 6 T T
        (
            [K, SIX, Q, T, T, T],
            BlackjackRules(split_by=SplitBy.RANK),
            {"pairs": SPLIT_ALL},
            5,
        ),
        # T 6 surrenders against a ten after the peek: the round is over
        (
            [T, T, SIX, FIVE, K],
            BlackjackRules(hole_card=True, surrender=Surrender.LATE),
            {"surrenders": frozenset({(False, 16)})},
            4,
        ),
        # 5 6 doubles against a 6: one card (T, 21), then the dealer 6 T T
        ([FIVE, SIX, SIX, T, T, T], BlackjackRules(), {"doubles": frozenset({(False, 11)})}, 6),
        # T 2 doubles on 12 against a 6 and busts with a K: the dealer draws nothing
        ([T, SIX, TWO, K, T, T], BlackjackRules(), {"doubles": frozenset({(False, 12)})}, 4),
        # resplits to 3 hands: 8 8 against a 6; the first hand's 8 splits again, then it
        # takes a T (18); the new hand 8 8 may not split (3 hands): hits a T, busts; the
        # last 8 takes a T (18); the dealer 6 T T
        (
            [EIGHT, SIX, EIGHT, EIGHT, T, EIGHT, T, T, T, T],
            BlackjackRules(split_hands=3),
            {"pairs": SPLIT_ALL},
            10,
        ),
        # resplits to 4 hands with double after split: 8 8 against a 6; the first hand's 8
        # splits twice, then it takes a 3 and doubles (11, one card: T); the second hand takes
        # a T (18); the third an 8, may not split (4 hands), hits 16 and busts with a T; the
        # last takes a T (18); the dealer 6 T T
        (
            [EIGHT, SIX, EIGHT, EIGHT, EIGHT, THREE, T, T, EIGHT, T, T, T, T, T],
            BlackjackRules(split_hands=4, double_after_split=True),
            {"pairs": SPLIT_ALL, "doubles": frozenset({(False, 11)})},
            13,
        ),
        # split aces, one card each, up to 4 hands but no resplit of aces: A A, A 2; dealer 6 T T
        (
            [A, SIX, A, A, TWO, T, T],
            BlackjackRules(split_hands=4, hit_split_aces=False),
            {"pairs": SPLIT_ALL},
            7,
        ),
        # the same with resplit aces: A (A splits) 2, A 3, A 4; the dealer 6 T T
        (
            [A, SIX, A, A, TWO, FIVE, FIVE, T, T],
            BlackjackRules(split_hands=4, hit_split_aces=False, resplit_aces=True),
            {"pairs": SPLIT_ALL},
            9,
        ),
        # by rank, K K split (once: resplits are by value only); K J stands, K T stands;
        # dealer 6 T T
        (
            [K, SIX, K, J, T, T, T],
            BlackjackRules(split_by=SplitBy.RANK),
            {"pairs": SPLIT_ALL},
            7,
        ),
    ],
)
def test_a_round_takes_the_cards_its_play_needs(
    order: list[int], rules: BlackjackRules, changes: dict[str, object], end: int
) -> None:
    assert play_round(order, 0, chart(rules, **changes)) == PlayedRound(end, True)


def test_a_round_starts_where_it_is_told() -> None:
    order = [T, T, T, SIX, SEVEN_, T, 8]  # two cards before: the round of the first case
    assert play_round(order, 2, chart(BlackjackRules())) == PlayedRound(7, True)


def test_a_shoe_that_runs_out_ends_the_round_there() -> None:
    assert play_round([T, SIX, T, T], 0, chart(BlackjackRules())) == PlayedRound(4, False)
    assert play_round([T, SIX], 0, chart(BlackjackRules())) == PlayedRound(2, False)


def test_slots_are_as_the_cases_above_read_them() -> None:
    assert (ACE, SEVEN, TEN) == (A, SEVEN_, T)


# -- the simulation --------------------------------------------------------------------


def small_settings(**changes: object) -> SimulationSettings:
    fields: dict[str, object] = {
        "rules": LEAN_RULES,
        "shoe": Shoe.parse(SMALL),
        "shoes": 6,
        "seed": 11,
        "exact": False,
    }
    fields.update(changes)
    return SimulationSettings(**fields)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def small() -> tuple[SimulationSettings, object]:
    settings = small_settings()
    return settings, simulate(settings)


def test_every_round_is_priced_on_the_cards_not_yet_seen(small: tuple) -> None:
    """Deal each shoe again from its random stream and play it with the same chart: every
    recorded EV is ``edge`` of the full shoe less the cards dealt before the round (the
    burned card stays unseen), and every round starts before the cut card."""
    settings, result = small
    shoe = settings.full_shoe
    for number in range(settings.shoes):
        rng = np.random.default_rng(np.random.SeedSequence(settings.seed, spawn_key=(number,)))
        order = rng.permutation(np.repeat(np.arange(13), shoe.counts)).tolist()
        rounds = [r for r in result.rounds if r.shoe == number]
        assert rounds and rounds[0].depth == settings.burn
        for this, after in zip(rounds, [*rounds[1:], None]):
            seen = order[settings.burn : this.depth]
            unseen = [n - seen.count(rank) for rank, n in enumerate(shoe.counts)]
            assert this.ev == edge(Shoe.from_counts(unseen), settings.rules, exact=False).optimal
            assert this.depth < shoe.cards - settings.cut
            played = play_round(order, this.depth, result.strategy)
            if after is not None:
                assert after.depth == played.end


def test_a_shoe_ends_where_a_round_can_no_longer_be_priced(small: tuple) -> None:
    settings, result = small
    shoe = settings.full_shoe
    for number in range(settings.shoes):
        rng = np.random.default_rng(np.random.SeedSequence(settings.seed, spawn_key=(number,)))
        order = rng.permutation(np.repeat(np.arange(13), shoe.counts)).tolist()
        last = [r for r in result.rounds if r.shoe == number][-1]
        end = play_round(order, last.depth, result.strategy).end
        left = list(shoe.counts)
        for rank in order[settings.burn : end]:
            left[rank] -= 1
        counts = shoe_counts(Shoe.from_counts(left))
        largest = max(slot for slot in range(SLOTS) if counts[slot]) + 1
        cut_out = end >= shoe.cards - settings.cut
        assert cut_out or points(counts) - largest < ROUND_POINTS


def test_first_round_of_every_shoe_is_the_full_shoe(small: tuple) -> None:
    settings, result = small
    full = edge(settings.full_shoe, settings.rules, exact=True).optimal
    firsts = [r.ev for r in result.rounds if r.depth == settings.burn]
    assert len(firsts) == settings.shoes
    assert all(ev == pytest.approx(float(full), abs=1e-12) for ev in firsts)
    assert result.full_shoe_ev == firsts[0]


def test_the_player_has_the_edge_in_some_rounds_and_the_tables_add_up(small: tuple) -> None:
    _, result = small
    evs = [r.ev for r in result.rounds]
    positive = sum(ev > 0 for ev in evs)
    assert 0 < positive < len(evs)
    assert result.positive_share.value == pytest.approx(positive / len(evs))
    assert sum(b.rounds for b in result.depth) == len(evs)
    assert sum(b.positive for b in result.depth) == positive
    assert sum(b.rounds for b in result.bins) == len(evs)
    above = sum(b.rounds for b in result.bins if b.low is not None and b.low >= 0)
    assert above == positive
    assert result.mean_ev.value == pytest.approx(sum(evs) / len(evs))
    assert result.quantiles[0][1] == min(evs) and result.quantiles[-1][1] == max(evs)


def test_standard_errors_are_those_of_the_estimators_over_shoes() -> None:
    """From 10 shoes on every estimate has its standard error, computed from the per-shoe
    totals as the estimators define them (written out here, not read from the package):
    the mean's s/√n, and the ratio Σx/Σd's √(Σ(x − r·d)² / (n(n − 1))) / (Σd/n)."""
    settings = small_settings(shoes=12)
    result = simulate(settings)
    shoes = [[r for r in result.rounds if r.shoe == k] for k in range(settings.shoes)]
    n = len(shoes)
    rounds = [float(len(shoe)) for shoe in shoes]
    sums = [sum(float(r.ev) for r in shoe) for shoe in shoes]
    gains = [sum(float(r.ev) for r in shoe if r.ev > 0) for shoe in shoes]

    def ratio_se(x: list[float], d: list[float]) -> float:
        r = sum(x) / sum(d)
        residual = sum((xi - r * di) ** 2 for xi, di in zip(x, d))
        return math.sqrt(residual / (n * (n - 1))) / (sum(d) / n)

    assert result.mean_ev.value == pytest.approx(sum(sums) / sum(rounds), rel=1e-12)
    assert result.mean_ev.se == pytest.approx(ratio_se(sums, rounds), rel=1e-9)
    assert result.rounds_per_shoe.value == pytest.approx(statistics.mean(rounds), rel=1e-12)
    assert result.rounds_per_shoe.se == pytest.approx(
        statistics.stdev(rounds) / math.sqrt(n), rel=1e-9
    )
    assert result.positive_gain.se == pytest.approx(
        statistics.stdev(gains) / math.sqrt(n), rel=1e-9
    )
    fewer = simulate(replace(settings, shoes=9))
    assert fewer.mean_ev.se is None and fewer.rounds_per_shoe.se is None


def test_exact_arithmetic_deals_the_same_rounds_with_fractions(small: tuple) -> None:
    settings, result = small
    exact = simulate(replace(settings, shoes=2, exact=True))
    floats = [r for r in result.rounds if r.shoe < 2]
    assert [(r.shoe, r.depth) for r in exact.rounds] == [(r.shoe, r.depth) for r in floats]
    for fraction, decimal in zip(exact.rounds, floats):
        assert isinstance(fraction.ev, Fraction)
        assert float(fraction.ev) == pytest.approx(decimal.ev, abs=1e-12)


def test_a_seed_gives_the_same_rounds_and_another_seed_others(small: tuple) -> None:
    settings, result = small
    again = simulate(settings)
    assert again.rounds == result.rounds
    other = simulate(replace(settings, seed=12))
    assert other.rounds != result.rounds


def test_progress_counts_the_cards_dealt_on_any_number_of_processes() -> None:
    """After each round on one process (a long shoe shows its progress), after each shoe on
    several; the cards from the burn to the cut card of every shoe in all."""
    settings = small_settings(shoes=3)
    assert settings.dealt == 22 - 5 - 1
    one: list[int] = []
    simulate(settings, progress=one.append)
    assert sum(one) == 3 * settings.dealt and len(one) > 3 and all(step > 0 for step in one)
    two: list[int] = []
    simulate(settings, jobs=2, progress=two.append)
    assert two == [settings.dealt] * 3


def test_resplit_rounds_are_dealt_and_priced_on_the_cards_not_yet_seen() -> None:
    """With resplits to 3 hands every round is still ``edge`` of the cards not yet seen, and
    a shoe ends where a round with resplits can no longer be priced."""
    rules = BlackjackRules(split_hands=3)
    settings = SimulationSettings(
        rules=rules, shoe=Shoe.parse("A=2,5=3,6=3,7=3,8=3,9=2,T=8"), shoes=3, seed=2, exact=False
    )
    result = simulate(settings)
    shoe = settings.full_shoe
    for number in range(settings.shoes):
        rng = np.random.default_rng(np.random.SeedSequence(settings.seed, spawn_key=(number,)))
        order = rng.permutation(np.repeat(np.arange(13), shoe.counts)).tolist()
        rounds = [r for r in result.rounds if r.shoe == number]
        for this in rounds:
            seen = order[settings.burn : this.depth]
            unseen = [n - seen.count(rank) for rank, n in enumerate(shoe.counts)]
            assert this.ev == edge(Shoe.from_counts(unseen), rules, exact=False).optimal
        end = play_round(order, rounds[-1].depth, result.strategy).end
        left = list(shoe.counts)
        for rank in order[settings.burn : end]:
            left[rank] -= 1
        counts = shoe_counts(Shoe.from_counts(left))
        largest = max(slot for slot in range(SLOTS) if counts[slot]) + 1
        assert end >= shoe.cards - settings.cut or points(counts) - largest < ROUND_POINTS + 31


def test_settings_that_cannot_be_dealt_are_refused() -> None:
    with pytest.raises(SimulationError, match="finite"):
        small_settings(shoe=Shoe.infinite_shoe())
    with pytest.raises(SimulationError, match="--shoes must be between 1 and 100,000, got 0"):
        small_settings(shoes=0)
    with pytest.raises(SimulationError, match="every round is an exact solve"):
        small_settings(shoes=10**20)
    with pytest.raises(SimulationError, match="--jobs"):
        simulate(small_settings(), jobs=0)


# -- the command -------------------------------------------------------------------------


def invoke(*args: str) -> str:
    result = runner.invoke(app, ["simulate", "--counts", SMALL, *LEAN, "-q", *args])
    assert result.exit_code == 0, (args, result.output, result.exception)
    return result.stdout


def test_jobs_give_the_same_bytes_as_one_process() -> None:
    one = invoke("--shoes", "5", "--seed", "4", "--float", "-f", "json")
    assert invoke("--shoes", "5", "--seed", "4", "--float", "-f", "json", "--jobs", "2") == one
    assert invoke("--shoes", "5", "--seed", "4", "--jobs", "3") == invoke(
        "--shoes", "5", "--seed", "4"
    )
    document = json.loads(one)
    assert document["kind"] == "blackjack simulate" and document["arithmetic"] == "float"
    assert document["request"]["shoes"] == 5 and document["cut_card"] == 5
    assert document["request"]["burn"] == "standard" and document["burn"] == 1


def test_the_table_says_float_or_exact_and_csv_is_the_depth_table() -> None:
    out = invoke("--shoes", "2", "--float")
    assert "Float arithmetic" in out and "By depth: how often the player has the edge" in out
    exact = json.loads(invoke("--shoes", "2", "-f", "json"))
    assert exact["arithmetic"] == "exact" and "/" in exact["full_shoe_ev"]
    full = edge(Shoe.parse(SMALL), LEAN_RULES, exact=True).optimal
    assert Fraction(exact["full_shoe_ev"]) == full
    header = invoke("--shoes", "2", "-f", "csv").splitlines()[0]
    assert header.startswith("cards_dealt,rounds,positive,positive_share_float")


def test_a_two_worker_local_cluster_gives_the_bytes_of_one_process() -> None:
    """Each shoe its own seed stream and its own task, results combined in shoe order: the
    cluster's document is --jobs 1's, and progress comes a shoe at a time."""
    pytest.importorskip("distributed")
    args = ("--shoes", "4", "--seed", "9", "--float", "-f", "json")
    assert invoke(*args, "--cluster", "local:2") == invoke(*args)
    settings = small_settings(shoes=3)
    done: list[int] = []
    clustered = simulate(settings, cluster=ClusterAddress(None, 2), progress=done.append)
    one = simulate(settings)
    assert clustered.rounds == one.rounds and clustered.depth == one.depth
    assert done == [settings.dealt] * 3


def test_jobs_and_cluster_together_are_refused() -> None:
    with pytest.raises(SimulationError, match="not both"):
        simulate(small_settings(), jobs=2, cluster=ClusterAddress(None, 2))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--shoes", "0"], "0 is not in the range x>=1"),
        (["--cut-card", "30"], "--cut-card must be between 0 and 20"),
        (["--cut-card", "-1"], "-1 is not in the range x>=0"),
        (["--burn", "20"], "(a quarter of the shoe by default)"),
        (["--burn", "-2"], "--burn must be between 0 and 21"),
        (["--burn", "none", "--cut-card", "22"], "--cut-card must be between 0 and 21"),
        (["--burn", "most"], "--burn must be standard, none or a number of cards"),
        (["--seed", "-1"], "-1 is not in the range x>=0"),
        (["--jobs", "0"], "0 is not in the range x>=1"),
        (["--jobs", "2", "--cluster", "local:2"], "give --jobs or --cluster, not both"),
        (["--cluster", "local:x"], "--cluster"),
        (["--remove", "A"], "No such option: --remove"),
        (["--infinite"], "No such option: --infinite"),
        (["--counts", "T=5,9=3"], "the shoe is too small to price a round exactly"),
        (["--split-hands", "3", "--counts", "T=9,9=4"], "a round after any up card can take 119"),
        (["--decks", "1"], "--decks and --counts conflict"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run_main(capsys, "blackjack", "simulate", "--counts", SMALL, *args)
    assert code == 2 and out == "", err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0], err
    assert "Traceback" not in err
