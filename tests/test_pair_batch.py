"""The batch pair path: the vectorised closed form equals the per-state one integer for
integer, and price_batch gives the same arrays through either path."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat_exact.engine.pair_batch import (
    batch_fits,
    batch_joint_counts,
    batch_pair_state_counts,
    joint_column_counts,
    joint_fits,
)
from baccarat_exact.engine.pairs import (
    exact_suit_terms,
    joint_counts,
    pair_state_counts,
    suit_blind_terms,
    suited_terms,
)
from baccarat_exact.model.bets import Bet, main_bets
from baccarat_exact.model.catalogue import SIDE_BETS, find_bet
from baccarat_exact.model.custom_bets import parse_bets
from baccarat_exact.model.events import N_EVENTS
from baccarat_exact.model.rules import STANDARD_TABLEAU, Rules, Tableau
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import price_batch


def _bet(name: str, pays: int, when: str) -> Bet:
    text = f'[[bet]]\nname = "{name}"\n[[bet.line]]\npays = {pays}\nwhen = {{ {when} }}\n'
    return parse_bets(text)[0].bet


suit_grids = st.lists(
    st.lists(st.lists(st.integers(0, 9), min_size=4, max_size=4), min_size=13, max_size=13),
    min_size=1,
    max_size=5,
).filter(lambda grids: all(sum(map(sum, grid)) >= 6 for grid in grids))


@settings(max_examples=60, deadline=None)
@given(suit_grids)
def test_batch_counts_equal_the_closed_form_state_by_state(grids: list[list[list[int]]]) -> None:
    suits = np.array(grids, dtype=np.int64)
    ranks = suits.sum(axis=2)
    counts, totals = batch_pair_state_counts(ranks, suits)
    blind, blind_totals = batch_pair_state_counts(ranks, None)
    for i, grid in enumerate(grids):
        expected, total = pair_state_counts(exact_suit_terms(grid))
        assert tuple(counts[i].tolist()) == expected and int(totals[i]) == total
        expected, total = pair_state_counts(suit_blind_terms(ranks[i].tolist()))
        assert tuple(blind[i].tolist()) == expected and int(blind_totals[i]) == total


_NEVER_DRAW = Tableau(player=(False,) * 10, banker=tuple((False,) * 11 for _ in range(10)))


@settings(max_examples=40, deadline=None)
@given(
    suit_grids,
    st.lists(st.frozensets(st.integers(0, N_EVENTS - 1), min_size=1), min_size=1, max_size=3),
    st.sampled_from(["standard", "no third cards"]),
)
def test_batch_joint_counts_equal_the_joint_table_state_by_state(
    grids: list[list[list[int]]], columns: list[frozenset[int]], tableau: str
) -> None:
    """The batch (pair state × column) counts are the per-state joint table summed into
    the columns, with exact suits and blind to them, under two tableaus."""
    rules = Rules() if tableau == "standard" else Rules(tableau=_NEVER_DRAW)
    suits = np.array(grids, dtype=np.int64)
    ranks = suits.sum(axis=2)
    for known in (suits, None):
        counts, totals = batch_joint_counts(ranks, known, rules.tableau, tuple(columns))
        for i, grid in enumerate(grids):
            terms = (
                exact_suit_terms(grid) if known is not None else suit_blind_terms(ranks[i].tolist())
            )
            table, total = joint_counts(terms, rules.tableau)
            want = [[sum(row[e] for e in column) for column in columns] for row in table]
            assert counts[i].tolist() == want and int(totals[i]) == total


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 3),
    st.lists(st.sampled_from("A2345678TJQK"), max_size=12),
    st.lists(st.sampled_from(["As", "Ah", "Kd", "Kc", "5s", "5h", "Ts"]), max_size=4, unique=True),
    st.lists(st.frozensets(st.integers(0, N_EVENTS - 1), min_size=1), min_size=1, max_size=3),
)
def test_joint_column_counts_average_over_unknown_suits(
    decks: int, unknown: list[str], known: list[str], columns: list[frozenset[int]]
) -> None:
    """One shoe's columns from its pair terms, cards of unknown suit gone (terms over a
    scale above 1): the per-state joint table summed into the columns."""
    shoe = Shoe.from_decks(decks).remove(" ".join(known)).remove(" ".join(unknown))
    terms = suited_terms(shoe)
    found = joint_column_counts(terms, STANDARD_TABLEAU, tuple(columns))
    assert found is not None
    table, total = joint_counts(terms)
    want = [[sum(row[e] for e in column) for column in columns] for row in table]
    assert found == (want, total)


def test_joint_column_counts_beyond_the_float_bound_take_python_integers() -> None:
    """Sixty cards of unknown suit out of 8 decks (a common scale of the expected suit
    terms too large for float64) and a 2,600-card shoe: the same sums in Python
    integers, equal to the per-state table; an infinite shoe is left to the table."""
    columns = (frozenset(range(180)), frozenset(range(36)), frozenset(range(40, 400)))
    dealt = "A 2x5 3x4 4x6 5x3 6x5 7x4 8x6 9x5 Tx4 Jx5 Qx4 Kx5"
    for terms in (
        suited_terms(Shoe.from_decks(8).remove(dealt)),
        suit_blind_terms([200] * 13),
    ):
        assert not joint_fits(sum(rank.cards for rank in terms.ranks), terms.scale)
        table, total = joint_counts(terms)
        want = [[sum(row[e] for e in column) for column in columns] for row in table]
        assert joint_column_counts(terms, STANDARD_TABLEAU, columns) == (want, total)
    infinite = suited_terms(Shoe.infinite_shoe())
    assert joint_column_counts(infinite, STANDARD_TABLEAU, columns) is None


def test_joint_fits_bounds_the_largest_intermediate() -> None:
    """Eight and twenty decks fit int64 (2 N**4 (N + 5)**2 < 2**63); thirty do not."""
    assert joint_fits(416) and joint_fits(1040)
    assert not joint_fits(1560)


def test_price_batch_joint_bets_beyond_int64_take_python_integers() -> None:
    """Thirty decks: the joint batch bound fails and the state-by-state path answers."""
    rules = Rules()
    bet = _bet("pair-and-player", 20, 'player_pair = true, winner = "player"')
    ranks = np.full((1, 13), 120, dtype=np.int64)
    prices = price_batch(ranks, rules, (bet,))
    slow = price_batch([Shoe.from_decks(30)], rules, (bet,))
    assert prices.numerators.tolist() == slow.numerators.tolist()
    assert prices.denominators.tolist() == slow.denominators.tolist()


def test_batch_fits_bounds_the_largest_intermediate() -> None:
    assert batch_fits(416, 250)
    assert not batch_fits(2000, 1)
    assert not batch_fits(416, 10**6)


def _random_suits(seed: int, states: int, decks: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    full = np.full((13, 4), decks, dtype=np.int64)
    taken = [rng.integers(0, decks + 1, size=(13, 4)) for _ in range(states)]
    return np.array([full - t for t in taken])


def test_price_batch_pair_bets_equal_the_shoe_by_shoe_path() -> None:
    """Every built-in pair bet, joint bets and the main bets: arrays of suits (the
    vectorised path) against the same states as Shoes (the per-state path), value for
    value and dtype for dtype."""
    rules = Rules()
    pairs = [find_bet(name, rules) for name, bet in SIDE_BETS.items() if bet.bet.needs_pairs]
    joint = _bet("pair-and-player", 20, 'player_pair = true, winner = "player"')
    suited = _bet("perfect-and-natural", 50, "banker_suited_pair = true, natural = true")
    bets = (*main_bets(rules), *pairs, joint, suited, find_bet("dragon-7", rules))
    suits = _random_suits(3, 6, 2)
    ranks = suits.sum(axis=2)
    fast = price_batch(ranks, rules, bets, suits=suits)
    slow = price_batch([Shoe.from_suits(grid.tolist()) for grid in suits], rules, bets)
    for name in ("numerators", "wins", "denominators"):
        a, b = getattr(fast, name), getattr(slow, name)
        assert a.dtype == b.dtype and a.tolist() == b.tolist(), name


def test_price_batch_suit_blind_pair_bets_need_no_suits() -> None:
    rules = Rules()
    bets = (find_bet("player-pair", rules), find_bet("either-pair", rules))
    ranks = _random_suits(4, 5, 1).sum(axis=2)
    fast = price_batch(ranks, rules, bets)
    slow = price_batch([Shoe.from_counts(row.tolist()) for row in ranks], rules, bets)
    assert fast.numerators.tolist() == slow.numerators.tolist()
    assert fast.denominators.tolist() == slow.denominators.tolist()


def test_price_batch_beyond_int64_takes_python_integers() -> None:
    """A vast pay: the batch bound fails and the state-by-state path answers exactly."""
    rules = Rules()
    bet = _bet("huge-pair", 10**30, "player_pair = true")
    ranks = np.full((2, 13), 32, dtype=np.int64)
    prices = price_batch(ranks, rules, (bet,))
    assert prices.numerators.dtype == object
    slow = price_batch([Shoe.from_decks(8)] * 2, rules, (bet,))
    assert prices.numerators.tolist() == slow.numerators.tolist()
