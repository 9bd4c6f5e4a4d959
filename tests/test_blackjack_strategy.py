"""The derived basic strategy: a published chart, the chart's own rules, the rounded search.

That no single cell change improves the chart: ``test_blackjack_best_chart.py``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat_exact.blackjack import strategy as strategy_module
from baccarat_exact.blackjack.edge import basic_strategy, edge, solvers, strategy_value
from baccarat_exact.blackjack.graph import StateGraph
from baccarat_exact.blackjack.hands import ACE, SEVEN, TEN, hand_counts, parse_hand
from baccarat_exact.blackjack.rules import BlackjackRules, DoubleRule, SplitBy, Surrender
from baccarat_exact.blackjack.strategy import (
    BasicStrategy,
    Move,
    UpCardPlay,
    derive_play,
)
from baccarat_exact.model.shoe import Shoe


@pytest.fixture(scope="module")
def seed_chart() -> BasicStrategy:
    strategy, _ = basic_strategy(Shoe.from_decks(6), BlackjackRules(), exact=False)
    return strategy


# blackjack-player.org, "Multi Hand Blackjack Rules" (http://blackjack-player.org/multi-hand-blackjack.htm):
# a no-hole-card game (5 decks, S17, doubles and splits lost to a dealer blackjack, no double
# after split, no resplitting, split aces may draw). Its hard totals and pairs, columns 2-9, T, A.
# Its doubling is limited to 9-11, so its soft rows are not comparable; the rows below are.
PUBLISHED_HARD = {
    **{total: "S S S S S S S S S S" for total in range(17, 22)},
    **{total: "S S S S S H H H H H" for total in range(13, 17)},
    12: "H H S S S H H H H H",
    11: "Dh Dh Dh Dh Dh Dh Dh Dh H H",
    10: "Dh Dh Dh Dh Dh Dh Dh Dh H H",
    9: "H Dh Dh Dh Dh H H H H H",
    **{total: "H H H H H H H H H H" for total in range(5, 9)},
}
PUBLISHED_PAIRS = {
    "A": "P P P P P P P P P P",
    "T": "S S S S S S S S S S",
    "9": "P P P P P S P P S S",
    "8": "P P P P P P P P H H",
    "7": "P P P P P P H H H H",
    "6": "H P P P P H H H H H",
    "5": "D D D D D D D D H H",
    "4": "H H H H H H H H H H",
    "3": "H H P P P P H H H H",
    "2": "H H P P P P H H H H",
}


def test_seed_chart_matches_a_published_no_hole_card_chart(seed_chart: BasicStrategy) -> None:
    rows = dict(seed_chart.chart())
    for total, cells in PUBLISHED_HARD.items():
        assert " ".join(rows[f"hard {total}"]) == cells, total
    for pair, cells in PUBLISHED_PAIRS.items():
        assert " ".join(rows[f"pair {pair},{pair}"]) == cells, pair


def test_chart_shape(seed_chart: BasicStrategy) -> None:
    chart = seed_chart.chart()
    assert len(chart) == 18 + 10 + 10
    assert all(len(cells) == 10 for _, cells in chart)
    assert {cell for _, cells in chart for cell in cells} <= {"H", "S", "Dh", "Ds", "D", "P"}


def test_moves_follow_the_chart_and_the_rules(seed_chart: BasicStrategy) -> None:
    rules = seed_chart.rules
    eleven = hand_counts(parse_hand("5 6"))
    assert seed_chart.move(5, eleven) is Move.DOUBLE
    three_card_eleven = hand_counts(parse_hand("2 3 6"))
    assert seed_chart.move(5, three_card_eleven) is Move.HIT  # three cards cannot double
    assert seed_chart.move(5, eleven, extra=4) is Move.HIT  # no double after split: the total's hit
    das = BasicStrategy(rules=replace(rules, double_after_split=True), plays=seed_chart.plays)
    assert das.move(5, eleven, extra=4) is Move.DOUBLE
    one_card = BasicStrategy(rules=replace(rules, hit_split_aces=False), plays=seed_chart.plays)
    assert one_card.move(5, hand_counts(parse_hand("A 5")), extra=ACE) is Move.STAND
    assert seed_chart.move(TEN, hand_counts(parse_hand("8 8"))) is Move.HIT
    assert seed_chart.move(5, hand_counts(parse_hand("8 8"))) is Move.SPLIT
    assert seed_chart.plays[5].pairs[SEVEN] is Move.SPLIT


def test_a_chart_can_be_valued_on_another_shoe() -> None:
    shoe = Shoe.parse("A=3,5=3,6=4,7=4,9=2,T=8")
    result = edge(shoe, BlackjackRules())
    assert strategy_value(shoe, result.strategy) == result.basic
    # the same chart on a shoe it was not derived for is worth no more than that shoe's own chart
    other = Shoe.parse("A=3,5=4,6=3,7=4,9=3,T=8")
    assert strategy_value(other, result.strategy) <= edge(other, BlackjackRules()).basic


def test_starting_chart_is_a_plain_stiff_strategy() -> None:
    play = UpCardPlay.starting(TEN)
    assert play.hit_stand((False, 16)) is Move.HIT and play.hit_stand((False, 17)) is Move.STAND
    assert play.cell((True, 18)) == "S" and not play.doubles


def _two_cards(row: str) -> str:
    """A two-card hand of a chart row (not a pair): "hard 9" → "2 7", "soft 12 (A,A)" → "A A"."""
    kind, total = row.split()[0], int(row.split()[1])
    if kind == "soft":
        return f"A {'A' if total == 12 else total - 11}"
    first = 2 if total - 2 != 2 else 3
    return f"{first} {total - first}"


@pytest.fixture(scope="module")
def das_chart() -> BasicStrategy:
    strategy, _ = basic_strategy(
        Shoe.from_decks(6),
        BlackjackRules(double_after_split=True, double_split_aces=True),
        exact=False,
    )
    return strategy


def test_every_double_cells_fallback_is_its_better_of_hit_and_stand(
    das_chart: BasicStrategy,
) -> None:
    """A 'Dh'/'Ds' cell says what a hand that may not double does: the better of hit and
    stand for that hand (with double after split, soft 12 v 6: hit ≈ +0.19, stand ≈ −0.15)."""
    from baccarat_exact.blackjack.hand import analyze_hand

    ups = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")
    rules = BlackjackRules(double_after_split=True, double_split_aces=True)
    checked = 0
    for row, cells in das_chart.chart():
        if row.startswith("pair") or not row.startswith(("soft", "hard 9", "hard 1")):
            continue
        for up, cell in zip(ups, cells):
            if not cell.startswith("D"):
                continue
            values = analyze_hand(_two_cards(row), up, Shoe.from_decks(6), rules, exact=False)
            hit, stand = values.values["hit"], values.values["stand"]
            if abs(hit - stand) > 0.005:  # a clear call, whatever hands the class holds
                assert cell == ("Dh" if hit > stand else "Ds"), (row, up, hit, stand)
                checked += 1
    assert checked > 10
    assert dict(das_chart.chart())["soft 12 (A,A)"][4] == "Dh"


def test_the_rounded_search_gives_the_exact_chart_and_value(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``derive_play`` decides on rounded values (checked against a bound) and values the
    chart exactly: the same chart and value as the search in exact arithmetic; a bound too
    wide to decide anything falls back to that search."""
    rules = BlackjackRules(decks=1, double_after_split=True, surrender=Surrender.LATE)
    graphs = [StateGraph(solver) for _, solver in solvers(Shoe.from_decks(1), rules)]
    for graph in graphs:
        assert derive_play(graph) == strategy_module._search(graph)
    monkeypatch.setattr(strategy_module, "_bound", lambda largest, mass, terms: largest and 1e300)
    for graph in graphs[:2]:
        view = graph.rounded()
        assert view is not None
        with pytest.raises(strategy_module._TooClose):
            strategy_module._search(view, 1.0)
        assert derive_play(graph) == strategy_module._search(graph)


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(
        [
            BlackjackRules(),
            BlackjackRules(hole_card=True, surrender=Surrender.LATE, hit_split_aces=False),
            BlackjackRules(double_after_split=True, double_split_aces=True),
            BlackjackRules(double=DoubleRule.TEN_TO_ELEVEN, split_by=SplitBy.RANK),
        ]
    ),
    st.sets(st.tuples(st.booleans(), st.integers(4, 21))),
    st.sets(st.tuples(st.booleans(), st.integers(4, 21))),
    st.sets(st.tuples(st.booleans(), st.integers(4, 21))),
    st.lists(st.sampled_from(list(Move)), min_size=10, max_size=10),
    st.integers(0, 9),
)
def test_the_searchs_moves_are_the_charts_moves_state_by_state(
    rules: BlackjackRules,
    hits: set[tuple[bool, int]],
    doubles: set[tuple[bool, int]],
    surrenders: set[tuple[bool, int]],
    pairs: list[Move],
    up: int,
) -> None:
    """The search reads a chart's moves from per-signature data kept once per shape and
    rules; they must be :meth:`UpCardPlay.move`'s for every state, whatever the cells."""
    play = UpCardPlay(
        up=up,
        hits=frozenset(hits),
        doubles=frozenset(doubles),
        pairs=tuple(pairs),
        surrenders=frozenset(surrenders),
    )
    (graph,) = [
        StateGraph(solver)
        for _, solver in solvers(Shoe.from_counts([2] * 13), rules, exact=False)
        if solver.up == up
    ]
    moves = strategy_module._moves(graph, play).tolist()
    codes = list(Move)
    for i, (hand, extra) in enumerate(graph.shape.found):
        if not graph.terminal_mask[i]:
            assert codes[moves[i]] is play.move(hand, extra, rules), (hand, extra)
