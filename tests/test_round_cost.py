"""The law of a round with resplits, counted before any of it: what ``blackjack round``
estimates and refuses beyond a day by, against the work the law does."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from baccarat_exact.blackjack import split_round
from baccarat_exact.blackjack.edge import solvers
from baccarat_exact.blackjack.graph import StateGraph
from baccarat_exact.blackjack.round.moves import hands_possible
from baccarat_exact.blackjack.round_stats import RoundCost, _Round, optimal_chooser, round_cost
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.model.shoe import Shoe
from tests.cli_runner import run_main
from tests.test_cli_removal import assert_one_error_line

PRODUCTS_FACTOR = 1.5
"""The estimate of the products a split round's law forms is within this factor of the
count on every pair of the small shoes below (and on 32 pairs from 33 to 311 cards:
docs/performance.md, "The law of a round with resplits"), where most of the time goes."""

GROUPS_FACTOR = 2.5
"""The estimate of the groups it weighs against the dealer, within this factor here (within
1.4 on those 32 pairs: below 33 cards it overestimates, on laws of hundredths of a second)."""


SHOE = "A=2,2=3,3=3,6=3,7=2,8=3,T=12"
"""28 cards deep enough for four hands after a 7, with small pairs whose hands draw often."""


class _Tally:
    """The products and groups :func:`split_round.split_round_law` forms, counted as it goes."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.products = 0
        self.groups = 0
        combiner = split_round._Combiner
        times, square, merged = combiner.times, combiner.square, split_round._merged

        def counted_times(
            this: split_round._Combiner, group: split_round._Group, hand: split_round._Hand
        ) -> split_round._Group:
            self.products += len(group.codes) * len(hand.codes)
            return times(this, group, hand)

        def counted_square(
            this: split_round._Combiner, hand: split_round._Hand
        ) -> split_round._Group:
            self.products += len(hand.codes) * (len(hand.codes) + 1) // 2
            return square(this, hand)

        def counted_merged(
            parts: list[split_round._Group], n_sets: int, total: int
        ) -> split_round._Group:
            found = merged(parts, n_sets, total)
            self.groups = len(found.codes)  # the last merge is the whole law's
            return found

        monkeypatch.setattr(combiner, "times", counted_times)
        monkeypatch.setattr(combiner, "square", counted_square)
        monkeypatch.setattr(split_round, "_merged", counted_merged)


def _pairs(
    shoe: Shoe, rules: BlackjackRules, ups: tuple[int, ...]
) -> Iterator[tuple[_Round, int, int]]:
    """(the walk under optimal play of one of the up cards ``ups``, a pair of it that may
    become more than two hands, the most hands)."""
    for _, solver in solvers(shoe, rules):
        if solver.up not in ups:
            continue
        graph = StateGraph(solver)
        walk = _Round(graph, optimal_chooser(graph))
        for i in graph.openings:
            s = graph.states[i]
            if s.kind == "pair" and hands_possible(rules, slot := s.hand.index(2)) > 2:
                yield walk, slot, hands_possible(rules, slot)


@pytest.mark.parametrize(
    ("shoe_text", "hands", "ups"),
    [
        (SHOE, 4, (6,)),
        ("A=2,2=3,3=3,4=2,6=3,8=3,9=2,T=8", 3, (8,)),
    ],
)
def test_the_work_counted_before_is_the_work_done(
    monkeypatch: pytest.MonkeyPatch, shoe_text: str, hands: int, ups: tuple[int, ...]
) -> None:
    """Each pair's products and groups, estimated from one split hand's ends alone, within
    :data:`PRODUCTS_FACTOR` and :data:`GROUPS_FACTOR` of those the law forms (small shoes against a 7, a 9 or a ten, the
    up cards whose split hands draw most)."""
    tally = _Tally(monkeypatch)
    shoe = Shoe.parse(shoe_text)
    rules = BlackjackRules(split_hands=hands)
    checked = 0
    for walk, slot, most in _pairs(shoe, rules, ups):
        ends = walk.split_ends(slot, None), walk.split_ends(slot, paired=False)
        estimate = split_round.split_round_work(walk.solver.counts, slot, *ends, most)
        tally.products = tally.groups = 0
        walk.split_law(slot)
        for counted, estimated, factor in (
            (tally.products, estimate.products, PRODUCTS_FACTOR),
            (tally.groups, estimate.groups, GROUPS_FACTOR),
        ):
            assert counted / factor <= estimated <= counted * factor, (
                slot,
                counted,
                estimated,
            )
        checked += 1
    assert checked >= 3


def test_split_once_and_an_infinite_shoe_are_not_counted() -> None:
    """Seconds on any shoe: no estimate, nothing solved first."""
    assert round_cost(Shoe.from_decks(8), BlackjackRules()).seconds == 0
    assert round_cost(Shoe.infinite_shoe(), BlackjackRules(split_hands=4)).seconds == 0


def test_more_workers_share_the_up_cards_not_one_up_card() -> None:
    cost = RoundCost(seconds=100.0, longest=40.0, products=1e9)
    assert (cost.on(1), cost.on(2), cost.on(8)) == (100.0, 50.0, 40.0)


def test_a_round_past_the_memory_is_refused_at_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A law that would hold more groups of hands than the line (four hands on two decks:
    hundreds of millions, docs/blackjack.md) is refused in one line before any law is
    computed; here the line is brought down to a small shoe's."""
    from baccarat_exact.commands.blackjack import solve

    monkeypatch.setattr(solve, "MOST_HELD", 100)
    code, out, err = run_main(
        capsys,
        *("blackjack", "round", "--counts", SHOE, "--split-hands", "4", "--float"),
        *("--strategy", "optimal"),
    )
    assert_one_error_line(code, err, "--split-hands 4 would hold about", "past the memory")
    assert out == ""


def test_a_round_beyond_a_day_is_refused_at_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Refused in one line with its estimate, as ``simulate`` refuses a run; more workers
    share the up cards, not one up card's law."""
    from baccarat_exact.commands.blackjack import solve

    def slow(*args: object) -> RoundCost:
        return RoundCost(seconds=4e5, longest=1e5, products=1e13)

    monkeypatch.setattr(solve, "_round_cost", slow)
    code, out, err = run_main(capsys, "blackjack", "round", "--split-hands", "3", "--float")
    assert_one_error_line(code, err, "--split-hands 3 would take roughly 5 days on one core")
    assert "past the day a run may take" in err and out == ""
    if (os.cpu_count() or 1) >= 2:  # no more processes than cores, as simulate counts them
        code, _, err = run_main(
            capsys, "blackjack", "round", "--split-hands", "3", "--float", "--jobs", "2"
        )
        assert_one_error_line(code, err, "roughly 2 days on 2 processes")


def test_a_long_round_says_so_first(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past a minute the estimate is said on stderr before the run starts."""
    from baccarat_exact.commands.blackjack import solve
    from baccarat_exact.errors import SimulationError

    def long(*args: object) -> RoundCost:
        return RoundCost(seconds=600.0, longest=200.0, products=1e10)

    def stop(*args: object, **kwargs: object) -> None:
        raise SimulationError("stopped here")

    monkeypatch.setattr(solve, "_round_cost", long)
    monkeypatch.setattr(solve.BlackjackRoundRequest, "compute", stop)
    code, _, err = run_main(capsys, "blackjack", "round", "--split-hands", "3", "--float")
    note, error = err.splitlines()
    assert code == 2 and error == "Error: stopped here"
    assert (
        note
        == "note: the round's law takes roughly 10 min on one core (--jobs N shares the up cards)"
    )
    if (os.cpu_count() or 1) >= 2:
        code, _, err = run_main(
            capsys, "blackjack", "round", "--split-hands", "3", "--float", "--jobs", "2"
        )
        assert err.splitlines()[0] == "note: the round's law takes roughly 5 min on 2 processes"


def test_the_math_report_refuses_the_same_round(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``blackjack report`` computes the same law: refused past a day alike."""
    from baccarat_exact.commands.blackjack import solve

    def slow(*args: object) -> RoundCost:
        return RoundCost(seconds=4e5, longest=1e5, products=1e13)

    monkeypatch.setattr(solve, "_round_cost", slow)
    code, out, err = run_main(capsys, "blackjack", "report", "--split-hands", "4", "--float")
    assert_one_error_line(code, err, "--split-hands 4 would take roughly 5 days on one core")
    assert out == ""
