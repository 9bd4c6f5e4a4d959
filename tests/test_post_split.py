"""Post-split play (``--post-split cdz-|cdp1|cdp``): Farmer's three strategies, exact.

CDZ- is checked against a card-by-card reference written here from its definition (a
split hand takes the move best for its own cards unsplit), with resplits; against
Farmer's published six-deck fraction (a slow test); and by his zero-average-EOR
identity: under a fixed strategy the full shoe's value is the chance-weighted average of
the values after one random card is burned. CDP1 is today's play (the default, named in
the documents, which still check without the name); CDP differs from it only with
resplits.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from baccarat_exact.blackjack.edge import _as_value, edge, solvers, strategy_value
from baccarat_exact.blackjack.graph import DOUBLE, HIT, STAND, StateGraph
from baccarat_exact.blackjack.hand import analyze_hand
from baccarat_exact.blackjack.hands import ACE, SLOT_LABELS, TEN, Counts, points
from baccarat_exact.blackjack.round_stats import round_stats
from baccarat_exact.blackjack.rules import (
    BlackjackRules,
    DealerBlackjackTakes,
    DoubleRule,
    PostSplit,
    Surrender,
    find_rules,
)
from baccarat_exact.blackjack.solver import round_points
from baccarat_exact.cli import app
from baccarat_exact.commands.check import check_document, later_defaults
from baccarat_exact.errors import RulesError
from baccarat_exact.model.shoe import Shoe
from tests import blackjack_reference as reference

runner = CliRunner()

CDZ = PostSplit.CDZ


def _shoe(counts: Counts) -> Shoe:
    return Shoe.from_counts([*counts[:9], counts[9], 0, 0, 0])


# -- a card-by-card CDZ- reference ------------------------------------------------------


def _zero_memory_move(hand: tuple[int, ...], own: Counts, up: int, rules: BlackjackRules) -> str:
    """CDZ- from its definition: the move best for ``hand`` unsplit, seen from ``own`` (the
    shoe less the up card and the hand's own cards), among those the split hand may make."""
    if hand[0] == ACE and not rules.hit_split_aces and len(hand) == 2:
        return "stand"
    if sorted(hand) == [ACE, TEN] or reference._is_seven(hand, False, False, rules):
        return "stand"  # its unsplit twin ends there
    choices = {
        "stand": reference._stand(hand, own, up, False, 1, rules),
        "hit": reference._hit(hand, own, up, False, rules),
    }
    if reference._may_double(hand, True, rules) and reference._may_double(hand, False, rules):
        choices["double"] = reference._double(hand, own, up, False, rules)
    return max(choices, key=lambda move: choices[move])


def _play(
    hand: tuple[int, ...], own: Counts, actual: Counts, up: int, rules: BlackjackRules
) -> list[tuple[Fraction, reference.Result, Counts]]:
    """A split hand played out for real, CDZ-: (probability, result, shoe left)."""
    move = _zero_memory_move(hand, own, up, rules)
    if move == "stand":
        return [(Fraction(1), ("stand", reference._cards_total(hand)[0], 1), actual)]
    n = sum(actual)
    out = []
    for slot in range(10):
        if not actual[slot]:
            continue
        p = Fraction(actual[slot], n)
        after, left = (*hand, slot), reference._take(actual, slot)
        done = reference._finish(after, True, move == "double", rules)
        if move == "double":
            out.append((p, done or ("stand", reference._cards_total(after)[0], 2), left))
        elif done is not None:
            out.append((p, done, left))
        else:
            for q, result, rest in _play(after, reference._take(own, slot), left, up, rules):
                out.append((p * q, result, rest))
    return out


def _hands_in_turn(
    index: int,
    hands: int,
    pair: int,
    after_up: Counts,
    actual: Counts,
    up: int,
    rules: BlackjackRules,
) -> list[tuple[Fraction, tuple[reference.Result, ...], Counts]]:
    """Split hands ``index`` … in turn, each taking its second card when its turn comes
    (a pair card makes one more hand while the rules allow), each played CDZ-."""
    if index == hands:
        return [(Fraction(1), (), actual)]
    out = []
    for p, second, left, formed in reference._second_cards(pair, hands, actual, rules):
        own = reference._take(reference._take(after_up, pair), second)
        for q, result, rest in _play((pair, second), own, left, up, rules):
            for r, results, final in _hands_in_turn(
                index + 1, formed, pair, after_up, rest, up, rules
            ):
                out.append((p * q * r, (result, *results), final))
    return out


def reference_split(pair: int, up: int, counts: Counts, rules: BlackjackRules) -> Fraction:
    """The CDZ- split value of ``pair`` against ``up`` (given no dealer blackjack with a
    hole card), every hand dealt for real."""
    after_up = reference._take(counts, up)
    unseen = reference._take(reference._take(after_up, pair), pair)
    worlds = [(Fraction(1), unseen, (up,))]
    if rules.hole_card:
        worlds = [
            (p, reference._take(unseen, hole), (up, hole))
            for hole, p in reference._holes(unseen, up)
        ]
    value = Fraction(0)
    for p_world, actual, dealer_cards in worlds:
        for p_hands, results, left in _hands_in_turn(0, 2, pair, after_up, actual, up, rules):
            share = Fraction(1, len(results))
            dealer = reference.dealer_final(left, dealer_cards, rules.dealer_hits_soft_17)
            for outcome, p_dealer in dealer.items():
                net = sum(
                    (reference._settle(r, outcome, share, rules) for r in results), Fraction(0)
                )
                value += p_world * p_hands * p_dealer * net
    return value


RULES = [
    BlackjackRules(post_split=CDZ, triple_seven=False, double_after_split=True),
    BlackjackRules(post_split=CDZ, split_hands=3, hole_card=True, double_after_split=True),
    BlackjackRules(
        post_split=CDZ,
        split_hands=4,
        dealer_blackjack_takes=DealerBlackjackTakes.ORIGINAL,
        triple_seven_on_split=True,
    ),
    BlackjackRules(
        post_split=CDZ,
        split_hands=3,
        resplit_aces=True,
        hit_split_aces=False,
        hole_card=True,
        double=DoubleRule.NINE_TO_ELEVEN,
        double_after_split=True,
    ),
]
"""Split once with DAS; three hands with a peek; four hands where a dealer blackjack takes
the original stake only (shared), Triple Seven on split hands; resplit one-card aces, 9-11."""


@st.composite
def pair_games(draw: st.DrawFn) -> tuple[Counts, int, int]:
    """A small shoe of a pair's value, two or three more values and tens, deep enough for
    four hands; the pair and an up card from it."""
    pair = draw(st.sampled_from([ACE, 1, 2, 5, 7]))
    others = draw(st.lists(st.sampled_from([3, 4, 6, 8]), min_size=2, max_size=3, unique=True))
    counts = [0] * 10
    counts[pair] = draw(st.integers(3, 5))
    for slot in others:
        counts[slot] += draw(st.integers(2, 4))
    counts[TEN] = draw(st.integers(9, 11))
    up = draw(st.sampled_from([s for s in range(10) if counts[s] and s != pair]))
    left = list(counts)
    for slot in (pair, pair, up):
        left[slot] -= 1
    if points(tuple(left)) + 2 * (pair + 1) < round_points(4):
        counts[TEN] += 4
    return tuple(counts), pair, up


@settings(max_examples=4, deadline=None)
@given(pair_games(), st.sampled_from(RULES))
def test_cdz_split_is_the_hands_dealt_for_real(
    game: tuple[Counts, int, int], rules: BlackjackRules
) -> None:
    """The engine's CDZ- split value, with resplits, equals the reference that deals every
    split hand in turn and plays it by the best move for its own cards unsplit."""
    counts, pair, up = game
    hand = f"{SLOT_LABELS[pair]} {SLOT_LABELS[pair]}"
    ours = analyze_hand(hand, SLOT_LABELS[up], _shoe(counts), rules).values["split"]
    assert ours == reference_split(pair, up, counts, rules)


# -- the three plays against each other --------------------------------------------------

SMALL = "A=2,2=2,3=2,4=2,5=2,6=2,7=2,8=2,9=2,T=8"

FIXED = tuple(play for play in PostSplit if play is not PostSplit.OPTIMAL)
"""The fixed post-split plays (the optimal split: tests/test_optimal_split.py)."""

TINY = "A=2,5=2,6=2,8=2,9=1,T=7"
"""16 cards with four pairs, deep enough for a round split once after any up card."""


@pytest.mark.parametrize("hole_card", [False, True])
def test_split_once_cdp1_is_cdp_and_at_least_cdz(hole_card: bool) -> None:
    """A pair split once: CDP1 and CDP are one play (no resplit term), the best among plays
    that see the hand's own cards and both pair cards, so no worse than CDZ-, which sees
    fewer; every pair's split value alike, and the round."""
    shoe = Shoe.parse(SMALL)
    base = BlackjackRules(hole_card=hole_card, double_after_split=True, triple_seven=False)
    splits = {}
    for play in FIXED:
        rules = replace(base, post_split=play)
        splits[play] = [
            analyze_hand(f"{c} {c}", "7", shoe, rules).values["split"] for c in "A2689T"
        ]
    assert splits[PostSplit.CDP1] == splits[PostSplit.CDP]
    assert all(z <= p for z, p in zip(splits[CDZ], splits[PostSplit.CDP1], strict=True))
    assert splits[CDZ] != splits[PostSplit.CDP1]


def test_the_basic_strategy_plays_its_own_cells_whatever_the_post_split_play() -> None:
    """A chart plays split hands by its cells: its derivation and value do not read the
    post-split play (only the optimal figures do)."""
    shoe = Shoe.parse(TINY)
    base = BlackjackRules(double_after_split=True)
    found = {play: edge(shoe, replace(base, post_split=play), exact=False) for play in FIXED}
    charts = {play: result.strategy.plays for play, result in found.items()}
    assert charts[CDZ] == charts[PostSplit.CDP1] == charts[PostSplit.CDP]
    assert len({result.basic for result in found.values()}) == 1
    assert found[CDZ].optimal < found[PostSplit.CDP1].optimal


PAIRS_SHOE = "A=2,2=3,3=3,6=3,8=3,T=12"
"""26 cards deep enough for four hands, with small pairs whose split hands hit often."""


@pytest.mark.parametrize("play", FIXED)
def test_resplits_in_float_agree_with_exact(play: PostSplit) -> None:
    """Each play's resplit value in float is its exact value to 1e-12; CDP (each term's own
    best moves) is a third value with resplits."""
    shoe = Shoe.parse(PAIRS_SHOE)
    rules = BlackjackRules(split_hands=4, double_after_split=True, post_split=play)
    exact = analyze_hand("3 3", "8", shoe, rules).values["split"]
    rough = analyze_hand("3 3", "8", shoe, rules, exact=False).values["split"]
    assert abs(rough - exact) < Fraction(1, 10**12)
    others = {
        analyze_hand("3 3", "8", shoe, replace(rules, post_split=other)).values["split"]
        for other in FIXED
        if other is not play
    }
    assert exact not in others


def test_the_default_is_cdp1_and_named() -> None:
    rules = BlackjackRules()
    assert rules.post_split is PostSplit.CDP1
    assert rules.to_dict()["post_split"] == "cdp1"
    assert rules.summary(decks=False, play=True).endswith("; post-split CDP1")
    assert rules.summary() == replace(rules, post_split=CDZ).summary()  # stored text kept


def test_round_law_mean_is_the_cdz_value() -> None:
    """The round's law under CDZ- (every split hand dealt and played as CDZ- plays it) has
    the engine's CDZ- value as its mean; CDP with resplits is refused (its play follows
    the terms of the split's value, not the cards a player sees)."""
    shoe = Shoe.parse(TINY)
    rules = BlackjackRules(post_split=CDZ, hole_card=True, double_after_split=True)
    stats = round_stats(shoe, rules, strategies=["optimal"])
    assert stats.play("optimal").ev == edge(shoe, rules).optimal
    with pytest.raises(RulesError, match="use --post-split cdp1 or cdz-"):
        round_stats(
            Shoe.parse(SMALL),
            BlackjackRules(split_hands=3, post_split="cdp"),
            strategies=["optimal"],
        )


# -- Farmer's zero-average-EOR identity ---------------------------------------------------


def _fixed_cdz_play(counts: Counts, rules: BlackjackRules) -> dict[int, dict]:
    """Per up card, the CDZ- play of the shoe ``counts`` as a fixed table: (hand, extra) →
    move of every state, the openings' moves (surrender and split included)."""
    plays: dict[int, dict] = {}
    for _, solver in solvers(_shoe(counts), rules):
        graph = StateGraph(solver)
        values = graph.optimal_array()
        moves = graph.best_moves(values)
        cdz = graph.zero_memory_moves(graph, values)
        split_hand = graph.shape.extra >= 0
        moves = np.where(split_hand, cdz, moves)
        table = dict(zip(graph.shape.found, moves.tolist()))
        for i in graph.openings:
            if graph.terminal_mask[i]:
                continue
            options = [("stand", graph.stand_values[i]), ("hit", graph.hit(i, values))]
            if graph.double_mask[i]:
                options.append(("double", graph.double_values[i]))
            if graph.surrender_mask[i]:
                options.append(("surrender", graph.surrender_values[i]))
            if i in graph.pairs.values():
                options.append(("split", graph.split(int(graph.shape.pair_slot[i]), values)))
            best = options[0]
            for option in options[1:]:
                if option[1] > best[1]:
                    best = option
            table[("opening", graph.shape.found[i])] = best[0]
        plays[solver.up] = table
    return plays


_NAMES = {STAND: "stand", HIT: "hit", DOUBLE: "double"}


def _fixed_value(counts: Counts, rules: BlackjackRules, plays: dict[int, dict]) -> Fraction:
    """The round's value from the shoe ``counts`` when played by the fixed table ``plays``."""
    total = Fraction(0)
    for probability, solver in solvers(_shoe(counts), rules):
        table = plays[solver.up]
        graph = StateGraph(solver)
        moves = np.array([table[state] for state in graph.shape.found], dtype=np.int64)
        values = graph.evaluate(moves)

        def decide(hand: Counts, extra: int, two: bool, table: dict = table) -> str:
            return _NAMES[table[(hand, extra)]]

        for i in graph.openings:
            if graph.terminal_mask[i]:
                continue
            move = table[("opening", graph.shape.found[i])]
            if i in graph.pairs.values():
                graph.unsplit[int(graph.shape.pair_slot[i])] = values[i]
            if move == "stand":
                values[i] = graph.stand_values[i]
            elif move == "hit":
                values[i] = graph.hit(i, values)
            elif move == "double":
                values[i] = graph.double_values[i]
            elif move == "surrender":
                values[i] = graph.surrender_values[i]
            elif move == "split":
                values[i] = graph.split(int(graph.shape.pair_slot[i]), values, decide)
        total += probability * _as_value(solver, graph.opening_total(values))
    return total


@st.composite
def burn_shoes(draw: st.DrawFn) -> Counts:
    """A small shoe of five to seven values and tens, deep enough for a round after a burn."""
    values = draw(st.lists(st.integers(0, 8), min_size=4, max_size=6, unique=True))
    counts = [0] * 10
    for slot in values:
        counts[slot] = draw(st.integers(1, 3))
    counts[TEN] = draw(st.integers(7, 9))
    while points(tuple(counts)) < round_points(2) + 22:
        counts[TEN] += 1
    return tuple(counts)


@settings(max_examples=3, deadline=None)
@given(burn_shoes(), st.sampled_from([Surrender.NONE, Surrender.LATE]))
def test_a_burned_card_leaves_the_cdz_value_unchanged(counts: Counts, surrender: Surrender) -> None:
    """Farmer's exactness test: the CDZ- play of the full shoe, held fixed, is worth on the
    full shoe exactly the chance-weighted average of its values after one unseen card is
    burned (the average effect of removal is zero)."""
    rules = BlackjackRules(
        post_split=CDZ, hole_card=True, double_after_split=True, surrender=surrender
    )
    plays = _fixed_cdz_play(counts, rules)
    full = _fixed_value(counts, rules, plays)
    assert full == edge(_shoe(counts), rules).optimal  # the table is the engine's CDZ- play
    n = sum(counts)
    burned = sum(
        (
            Fraction(counts[c], n) * _fixed_value(reference._take(counts, c), rules, plays)
            for c in range(10)
            if counts[c]
        ),
        Fraction(0),
    )
    assert burned == full


def test_a_burned_card_leaves_the_basic_strategy_value_unchanged() -> None:
    """The same identity for the derived basic strategy (a chart is a fixed play)."""
    shoe = Shoe.parse(TINY)
    rules = BlackjackRules(post_split=CDZ)
    chart = edge(shoe, rules).strategy
    counts = (2, 0, 0, 0, 2, 2, 0, 2, 1, 7)
    n = sum(counts)
    burned = sum(
        (
            Fraction(counts[c], n) * strategy_value(_shoe(reference._take(counts, c)), chart)
            for c in range(10)
            if counts[c]
        ),
        Fraction(0),
    )
    assert burned == strategy_value(shoe, chart)


# -- Farmer's published CDZ- fraction ----------------------------------------------------

FARMER_CDZ = Fraction(
    -636491186124390779995774550739146028101753,
    192719583540554771243108474049609438884038125,
)
"""Eric Farmer, "Proving CA algorithms incorrect (or at least inexact)", blackjacktheforum.com
thread 46272: the exact CDZ- value of 6 decks, S17, DOA, DAS, split to 4 hands, no resplit
of aces, late surrender, 3:2 (his ``strategy`` prints -0.330268037 %)."""


def _optimal(shoe: Shoe, rules: BlackjackRules, exact: bool = True) -> Fraction | float:
    total: Fraction | float = Fraction(0) if exact else 0.0
    for probability, solver in solvers(shoe, rules, exact=exact, caches={}):
        graph = StateGraph(solver)
        value = _as_value(solver, graph.opening_total(graph.optimal_values()))
        total += probability * value if exact else float(probability) * value
    return total


US_4 = replace(find_rules("us"), split_hands=4, surrender=Surrender.LATE)


@pytest.mark.slow
def test_farmers_published_cdz_fraction() -> None:
    """To the last digit (about 5 s: every pair's split hands valued from the shoe less up
    to four more pair cards, exact, for ten up cards)."""
    assert _optimal(Shoe.from_decks(6), replace(US_4, post_split=CDZ)) == FARMER_CDZ


# -- the option and the documents --------------------------------------------------------


def _hand_document(*options: str) -> dict:
    result = runner.invoke(
        app,
        ["blackjack", "hand", "2 2", "--up", "7", "--counts", SMALL, "--format", "json", *options],
    )
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_option_is_recorded_and_an_older_document_still_checks() -> None:
    """``--post-split`` goes into the request and the rules; a document written before it
    (no ``post_split`` anywhere) checks as CDP1; one that claims CDZ- with CDP1's values
    does not."""
    assert later_defaults()["post_split"] == (None, "cdp1")
    chosen = _hand_document("--post-split", "CDZ-")
    assert chosen["request"]["rules"]["post_split"] == "CDZ-"
    assert chosen["rules"]["post_split"] == "cdz-"
    assert not check_document("cdz", chosen).differences
    older = _hand_document()
    assert older["rules"]["post_split"] == "cdp1"
    del older["request"]["rules"]["post_split"], older["rules"]["post_split"]
    assert not check_document("older", older).differences
    claimed = _hand_document()
    claimed["request"]["rules"]["post_split"] = "cdz-"
    split = [m["ev"] for m in claimed["moves"] if m["move"] == "split"]
    assert split != [m["ev"] for m in chosen["moves"] if m["move"] == "split"]
    assert check_document("claimed", claimed).differences


def test_a_wrong_play_is_one_error_line() -> None:
    result = runner.invoke(app, ["blackjack", "edge", "--float", "--post-split", "cdq"])
    assert result.exit_code == 2
    assert "--post-split must be one of cdz-, cdp1, cdp, optimal, got 'cdq'" in result.output
