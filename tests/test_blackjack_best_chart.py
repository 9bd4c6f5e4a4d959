"""The derived basic strategy is the best chart of its form: no single cell change raises its value.

Every cell of the derived chart — a total's hit/stand, double and surrender cells, a pair's
row — is changed, alone, to every other move the rules allow, and the changed chart is
valued by :func:`evaluate_play` (the chart played as written, a split by the chart's own
cells). The values are **exact** (``Fraction`` numerators), so "no higher" needs no
tolerance: a gain of any size would fail the test. One deck is small enough to value
every change of every up card in a few seconds a rule set, and deep enough for card
removal to tell a two-card 16 from a three-card one, which is where a chart that weighs
its cells on the wrong hands loses (an infinite shoe cannot show it: there every hand of a
total is worth the same).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from baccarat_exact.blackjack import strategy as strategy_module
from baccarat_exact.blackjack.edge import solvers
from baccarat_exact.blackjack.graph import StateGraph
from baccarat_exact.blackjack.hands import TEN
from baccarat_exact.blackjack.rules import (
    BlackjackRules,
    DealerBlackjackTakes,
    DoubleRule,
    SplitBy,
    Surrender,
    find_rules,
)
from baccarat_exact.blackjack.solver import UpCardSolver
from baccarat_exact.blackjack.strategy import Move, UpCardPlay, derive_play, evaluate_play
from baccarat_exact.model.shoe import Shoe

US = BlackjackRules(
    hole_card=True, double_after_split=True, hit_split_aces=False, triple_seven=False
)
"""A US game on the casino's rules: peek, DAS, one card to split aces, no Triple Seven."""

RULE_SETS = {
    "european-777": BlackjackRules(),
    "early surrender": BlackjackRules(surrender=Surrender.EARLY),
    "US, late surrender": replace(US, surrender=Surrender.LATE),
    "US, early surrender": replace(US, surrender=Surrender.EARLY),
    "H17, DAS and split aces double, early surrender": BlackjackRules(
        dealer_hits_soft_17=True,
        double_after_split=True,
        double_split_aces=True,
        surrender=Surrender.EARLY,
    ),
    "pairs by rank, doubles on 9-11, late surrender, original stake": BlackjackRules(
        split_by=SplitBy.RANK,
        double=DoubleRule.NINE_TO_ELEVEN,
        surrender=Surrender.LATE,
        dealer_blackjack_takes=DealerBlackjackTakes.ORIGINAL,
    ),
    "las-vegas-strip": find_rules("las-vegas-strip"),
}


def single_cell_changes(graph: StateGraph, play: UpCardPlay) -> Iterator[tuple[str, UpCardPlay]]:
    """Every chart that differs from ``play`` in one cell, with a name for the change: each
    total's hit/stand cell, its double cell where one of its hands may double, its surrender
    cell where one may surrender, and each pair's row changed to every other allowed move."""
    for key, members in graph.class_arrays.items():
        if not len(members):
            continue
        yield f"hit/stand {key}", replace(play, hits=play.hits ^ {key})
        if graph.double_mask[members].any():
            yield f"double {key}", replace(play, doubles=play.doubles ^ {key})
        if graph.surrender_mask[members].any():
            yield f"surrender {key}", replace(play, surrenders=play.surrenders ^ {key})
    for slot, i in graph.pairs.items():
        allowed = [Move.HIT, Move.STAND, Move.SPLIT]
        if graph.double_mask[i]:
            allowed.append(Move.DOUBLE)
        if graph.surrender_mask[i]:
            allowed.append(Move.SURRENDER)
        for move in allowed:
            if move is not play.pairs[slot]:
                row = tuple(move if s == slot else m for s, m in enumerate(play.pairs))
                yield f"pair {slot} → {move.value}", replace(play, pairs=row)


def improving_changes(graph: StateGraph) -> list[str]:
    """The single cell changes of the derived chart that raise its value."""
    play, value = derive_play(graph)
    assert evaluate_play(graph, play) == value  # the value reported is the chart's own
    found = []
    for change, changed in single_cell_changes(graph, play):
        if evaluate_play(graph, changed) > value:
            found.append(change)
    return found


SLOWER = {
    "H17, DAS and split aces double, early surrender",
    "pairs by rank, doubles on 9-11, late surrender, original stake",
    "las-vegas-strip",
}
"""Rule sets run with the slow marker: the others already cover surrender and the US game."""


@pytest.mark.parametrize(
    "rules",
    [
        pytest.param(rules, id=name, marks=[pytest.mark.slow] if name in SLOWER else [])
        for name, rules in RULE_SETS.items()
    ],
)
def test_no_single_cell_change_raises_the_charts_value(rules: BlackjackRules) -> None:
    """One deck, exact, every up card."""
    for _, solver in solvers(Shoe.from_decks(1), rules, exact=True):
        assert improving_changes(StateGraph(solver)) == [], solver.up


def _ten_up(shoe: Shoe, rules: BlackjackRules) -> UpCardSolver:
    (solver,) = [s for _, s in solvers(shoe, rules, exact=True) if s.up == TEN]
    return solver


def test_six_decks_early_surrender_against_a_ten() -> None:
    """Six decks, early surrender, up card T: hard 16's hit/stand cell plays only the hands
    that do not surrender (three cards or more), so it is decided on those alone; weighing
    in the surrendered two-card 16s made it hit, where standing is worth more."""
    graph = StateGraph(_ten_up(Shoe.from_decks(6), BlackjackRules(surrender=Surrender.EARLY)))
    assert improving_changes(graph) == []


@pytest.mark.parametrize(
    "rules",
    [
        BlackjackRules(surrender=Surrender.EARLY),
        replace(US, surrender=Surrender.LATE),
        BlackjackRules(split_by=SplitBy.RANK, surrender=Surrender.EARLY),
    ],
    ids=["early", "US late", "by rank, early"],
)
def test_the_rounded_search_chooses_the_exact_searchs_chart(rules: BlackjackRules) -> None:
    """With surrender too, the chart found on rounded values (every decision checked against
    its error bound) is the chart the search in exact arithmetic finds, with the same value."""
    for _, solver in solvers(Shoe.from_decks(1), rules, exact=True):
        graph = StateGraph(solver)
        assert graph.rounded() is not None
        assert derive_play(graph) == strategy_module._search(graph), solver.up


RESPLITS = replace(US, split_hands=4, resplit_aces=True, hit_split_aces=True)
"""Four hands, aces resplit (and played on), DAS, peek, late surrender below."""


def test_resplit_charts_on_one_deck() -> None:
    """With resplits the value ``derive_play`` reports is the chart's own (split hands played
    by its cells, as :meth:`StateGraph.split` values them), and no single change raises it."""
    rules = replace(RESPLITS, surrender=Surrender.LATE)
    for _, solver in solvers(Shoe.from_decks(1), rules, exact=True):
        if solver.up in (1, TEN):  # up cards 2 and T
            assert improving_changes(StateGraph(solver)) == [], solver.up


@pytest.mark.slow
def test_resplit_hands_are_weighed_where_the_resplits_play_them() -> None:
    """Two decks, against a 2: weighing the split hands as a single split deals them (from
    the shoe less two pair cards, twice the pair's chance), not as the resplit formula
    plays them (from shoes less more pair cards, in up to four hands), left soft 17's
    double cell worse than its change."""
    rules = replace(RESPLITS, surrender=Surrender.LATE)
    (solver,) = [s for _, s in solvers(Shoe.from_decks(2), rules, exact=True) if s.up == 1]
    assert improving_changes(StateGraph(solver)) == []
