"""The pricer's parts: the planner gives every bet one typed item saying what it reads (a
value bet's columns count exactly its lines' events, against the simple reference dealer;
a joint bet's columns rebuild its lines' events), and a result combines stakes through the
pricer that made it."""

from __future__ import annotations

import pickle
from fractions import Fraction

import numpy as np
import pytest

from baccarat_exact.engine.counting import count_array, six_card_total
from baccarat_exact.model.bets import ALL_EVENTS, Bet, main_bets
from baccarat_exact.model.catalogue import SIDE_BET_NAMES, find_bet
from baccarat_exact.model.custom_bets import parse_bets
from baccarat_exact.model.events import EVENTS
from baccarat_exact.model.rules import RULESETS, Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds, plan
from baccarat_exact.pricing.plan import JointItem, PairItem, ValueItem
from tests.reference import reference_event_probabilities

GAMES = sorted(RULESETS)


def _custom(name: str, pays: int, when: str) -> Bet:
    text = f'[[bet]]\nname = "{name}"\n[[bet.line]]\npays = {pays}\nwhen = {{ {when} }}\n'
    return parse_bets(text)[0].bet


def _bets(rules: Rules) -> tuple[Bet, ...]:
    """Every built-in bet, and two on pairs and the round together."""
    return (
        *main_bets(rules),
        *(find_bet(name, rules) for name in SIDE_BET_NAMES),
        _custom("pair-and-player", 20, 'player_pair = true, winner = "player"'),
        _custom("perfect-and-natural", 50, "banker_suited_pair = true, natural = true"),
    )


@pytest.mark.parametrize("game", GAMES)
def test_every_bet_has_one_item_of_its_kind_in_order(game: str) -> None:
    rules = RULESETS[game]
    bets = _bets(rules)
    planned = plan(rules.tableau, bets)
    for items, kind in (
        (planned.values, ValueItem),
        (planned.pairs, PairItem),
        (planned.joints, JointItem),
    ):
        assert all(isinstance(item, kind) for item in items)
        positions = [item.position for item in items]
        assert positions == sorted(positions)
    every = planned.value_bets + planned.pair_bets + planned.joint_bets
    assert sorted(every) == list(range(len(bets)))
    assert all(not bets[b].needs_pairs for b in planned.value_bets)
    assert all(bets[b].needs_pairs and not bets[b].needs_events for b in planned.pair_bets)
    assert all(bets[b].needs_pairs and bets[b].needs_events for b in planned.joint_bets)
    assert planned.joints, "the custom bets on pairs and the round are joint"


@pytest.mark.parametrize("game", GAMES)
def test_a_value_bets_columns_count_its_lines_events(game: str) -> None:
    rules = RULESETS[game]
    bets = tuple(bet for bet in _bets(rules) if not bet.needs_pairs)
    planned = plan(rules.tableau, bets)
    shoe = Shoe.from_counts({"A": 2, "3": 1, "5": 2, "6": 1, "8": 2, "9": 1, "K": 3})
    total = six_card_total(shoe.cards)
    row = count_array(np.array([shoe.values]), planned.compiled)[0].tolist()
    reference = reference_event_probabilities(shoe, rules)
    chance = [reference.get(event, Fraction(0)) for event in EVENTS]
    for item in planned.values:
        lines = planned.bets[item.position].lines
        assert len(item.columns) == len(lines) - 1  # the last line is the rest
        for line, column in zip(lines, item.columns):
            expected = sum((chance[e] for e in line.events), Fraction(0))
            assert Fraction(row[column], total) == expected, (item, line.name)


def test_a_joint_bets_columns_rebuild_its_lines() -> None:
    rules = Rules()
    bets = _bets(rules)
    planned = plan(rules.tableau, bets)
    for item in planned.joints:
        for line, read in zip(bets[item.position].lines, item.lines):
            assert read.states == tuple(sorted(line.pairs))
            events = frozenset() if read.column is None else planned.joint_columns[read.column]
            assert (ALL_EVENTS - events if read.complement else events) == line.events
    for item in planned.pairs:
        lines = bets[item.position].lines
        assert item.states == tuple(tuple(sorted(line.pairs)) for line in lines)


def test_a_result_combines_stakes_through_the_pricer_that_made_it() -> None:
    rules = Rules()
    bets = (*main_bets(rules), find_bet("player-pair", rules), find_bet("dragon-7", rules))
    result = odds(Shoe.from_decks(1), rules, bets)
    both = result.combination({"banker": 1, "player-pair": 2})
    assert both.ev == result.bet("banker").ev + 2 * result.bet("player-pair").ev  # EVs add
    travelled = pickle.loads(pickle.dumps(result))  # as to another process
    assert travelled == result
    assert travelled.combination({"banker": 1, "player-pair": 2}) == both
