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
from baccarat_exact.model.events import EVENTS, Outcome
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


def _line_counts_from_every_column(shoe: Shoe, rules: Rules, bets: tuple[Bet, ...]) -> list:
    """Each value bet's line counts, and the Banker and Player wins, read from every
    column of the plan counted in Python integers (no basis, no rest column)."""
    planned = plan(rules.tableau, bets)
    values = shoe.reduced().values if shoe.infinite else shoe.values
    total = sum(values) ** 6 if shoe.infinite else six_card_total(shoe.cards)
    row = count_array(values, planned.compiled, infinite=shoe.infinite, kind="object")[0]
    found: list = [int(row[0]), int(row[1])]
    for item in planned.values:
        counts = [int(row[c]) for c in item.columns]
        found.append((item.position, (*counts, total - sum(counts))))
    return found


_SHOES = {
    "twelve cards": Shoe.from_counts({"A": 2, "3": 1, "5": 2, "6": 1, "8": 2, "9": 1, "K": 3}),
    "8 decks less 60": Shoe.from_decks(8).remove(
        "A 2x3 3x5 4x4 5x6 6x2 7x7 8x5 9x9 Tx10 Jx2 Qx3 Kx3"
    ),
    "9 decks (int64)": Shoe.from_decks(9),
    "30 decks (Python integers)": Shoe.from_decks(30),
    "infinite": Shoe.infinite_shoe(),
}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("shoe_name", sorted(_SHOES))
def test_one_shoe_counts_a_basis_and_adds_up_the_other_columns(game: str, shoe_name: str) -> None:
    """One shoe's odds count fewer columns than the plan has (those that are integer
    combinations of others and the denominator are added up from them) and give every
    value bet's line counts exactly as every column counted alone does."""
    rules, shoe = RULESETS[game], _SHOES[shoe_name]
    bets = tuple(bet for bet in _bets(rules) if not bet.needs_pairs)
    planned = plan(rules.tableau, bets)
    reading = planned.one_shoe
    assert len(reading.compiled.columns) + len(reading.derived) == len(planned.columns)
    assert len(reading.compiled.columns) < len(planned.columns)
    assert set(reading.compiled.columns) <= set(planned.columns)
    result = odds(shoe, rules, bets)
    banker, player, *lines = _line_counts_from_every_column(shoe, rules, bets)
    assert (result.counts[Outcome.BANKER], result.counts[Outcome.PLAYER]) == (banker, player)
    for position, counts in lines:
        assert result.bets[position].line_counts == counts, bets[position].name


def test_the_side_bets_count_30_columns_and_the_main_bets_two() -> None:
    """The 24 built-in side bets' 34 columns are 30 counted (Super 6 is Lucky 6's lines
    together, Small the rest of Big…); the main bets count Banker and Player wins, the
    ties being the rest, with no basis looked for."""
    rules = Rules()
    side = plan(rules.tableau, tuple(find_bet(name) for name in SIDE_BET_NAMES))
    assert (len(side.columns), len(side.one_shoe.compiled.columns)) == (34, 30)
    main = plan(rules.tableau, main_bets(rules)).one_shoe
    assert len(main.compiled.columns) == 2
    assert main.derived == ((((0, -1), (1, -1)), 1),)


def test_a_pair_bets_rest_line_is_the_total_less_the_others() -> None:
    """A pair bet whose lines share out the pair states reads its largest line as the
    rest; its counts are each line's states summed all the same, and add up to the total."""
    from baccarat_exact.engine.pairs import pair_state_counts, pair_terms
    from baccarat_exact.pricing.plan import _rest_line

    rules = Rules()
    bets = tuple(find_bet(name) for name in SIDE_BET_NAMES if find_bet(name).needs_pairs)
    planned = plan(rules.tableau, bets)
    assert _rest_line(((0,), (1, 2, 3, 4, 5, 6, 7, 8))) == 1
    assert _rest_line(((8,), (2, 5, 6, 7), (0, 1, 3, 4))) == 1
    for item in planned.pairs:  # Bet refuses lines that do not share out the states
        assert sorted(s for line in item.states for s in line) == list(range(9))
    shoe = _SHOES["8 decks less 60"]
    states, total = pair_state_counts(pair_terms(shoe, planned.suits))
    result = odds(shoe, rules, bets)
    for item in planned.pairs:
        priced = result.bets[item.position]
        whole = [sum(states[s] for s in line) for line in item.states]
        assert sum(whole) == total
        assert [n * total for n in priced.line_counts] == [n * priced.denominator for n in whole], (
            bets[item.position].name
        )


def test_the_last_bets_priced_are_checked_again_when_anything_else_changes() -> None:
    """The last tuple of bets priced is kept with its plan for the next call with the
    same tuple and rules; other rules, a list of the same bets, a round in progress or a
    wrong shoe take the whole path."""
    from baccarat_exact.model.seen import Seen

    bets = tuple(find_bet(name) for name in ("big", "dragon-7", "panda-8", "player-pair"))
    shoe = _SHOES["8 decks less 60"]
    ez = RULESETS["ez"]
    first = odds(shoe, None, bets)
    again = odds(shoe, None, bets)
    assert again.bets == first.bets and again.rules == first.rules == Rules()
    other = odds(shoe, ez, bets)
    assert other.rules == ez != first.rules
    assert odds(shoe, None, list(bets)).bets == first.bets
    with pytest.raises(TypeError, match="takes a Shoe"):
        odds("8 decks", None, bets)  # type: ignore[arg-type]
    seen = odds(shoe, ez, bets[:3], seen=Seen.parse("? K", "9"))
    assert seen.seen is not None and seen.bets != other.bets[:3]
    assert odds(shoe, ez, bets) == other
