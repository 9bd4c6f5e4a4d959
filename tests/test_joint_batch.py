"""The batch joint counts, factor by factor: exact in float64, int64 or Python integers
whichever the shoe's size allows, the same with the engine's column counts given, and
price_batch sharing one engine batch between the value bets and the joint bets."""

from __future__ import annotations

import numpy as np
import pytest

from baccarat_exact.engine.pair_batch import (
    _bounds,
    _exact_kind,
    _joint_plan,
    batch_joint_counts,
    joint_column_counts,
)
from baccarat_exact.engine.pairs import joint_counts, suit_blind_terms
from baccarat_exact.model.bets import Bet, main_bets
from baccarat_exact.model.catalogue import find_bet
from baccarat_exact.model.custom_bets import parse_bets
from baccarat_exact.model.rules import STANDARD_TABLEAU, Rules, Tableau
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import price_batch

_COLUMNS = (frozenset(range(180)), frozenset(range(36, 400, 3)), frozenset({0, 17, 399}))
_NEVER_DRAW = Tableau(player=(False,) * 10, banker=tuple((False,) * 11 for _ in range(10)))


def _bet(name: str, pays: int, when: str) -> Bet:
    text = f'[[bet]]\nname = "{name}"\n[[bet.line]]\npays = {pays}\nwhen = {{ {when} }}\n'
    return parse_bets(text)[0].bet


@pytest.mark.parametrize("tableau", [STANDARD_TABLEAU, _NEVER_DRAW])
def test_the_monomial_matrix_stays_within_its_bound(tableau: Tableau) -> None:
    """_bounds takes every row of the matrices (what one output sums) to sum to less than
    2**16 in absolute value (whatever the columns): checked on every event as a column of
    its own and on every event together."""
    for columns in (tuple(frozenset({e}) for e in range(400)), (frozenset(range(400)),)):
        plan = _joint_plan(tableau, columns)
        for matrix in (plan.cubic, plan.by_total, plan.linear, plan.squares):
            assert np.abs(matrix).sum(axis=1).max() < 2**16


@pytest.mark.parametrize(
    ("per_rank", "kinds"),
    [
        (30, ("float64", "float64")),
        (500, ("int64", "float64")),
        (3_000, ("int64", "int64")),
        (4_000, ("int64", "object")),
        (4_000_000, ("object", "object")),
    ],
)
def test_large_shoes_take_wider_integers_and_stay_exact(
    per_rank: int, kinds: tuple[str, str]
) -> None:
    """The quadratics and quartics of the shoe's values leave float64 where their bounds
    pass 2**53 (int64, then Python integers): the counts still equal the per-state table."""
    cards = 13 * per_rank
    products, quartic, _ = _bounds(cards)
    assert tuple(np.dtype(_exact_kind(b)).name for b in (products, quartic)) == kinds
    terms = suit_blind_terms([per_rank] * 13)
    table, total = joint_counts(terms)
    want = [[sum(row[e] for e in column) for column in _COLUMNS] for row in table]
    assert joint_column_counts(terms, STANDARD_TABLEAU, _COLUMNS) == (want, total)


def test_given_column_counts_give_the_same_table() -> None:
    """The no-pair row from the engine counts the caller passes equals the row counted
    inside."""
    from baccarat_exact.engine.counting import _RANK_TO_VALUE, compile_columns, count_array

    rng = np.random.default_rng(11)
    suits = 8 - rng.integers(0, 5, size=(40, 13, 4))
    ranks = suits.sum(axis=2)
    columns = tuple(tuple(sorted(c)) for c in _COLUMNS)
    totals = count_array(ranks @ _RANK_TO_VALUE, compile_columns(STANDARD_TABLEAU, columns))
    inside, _ = batch_joint_counts(ranks, suits, STANDARD_TABLEAU, _COLUMNS)
    given, _ = batch_joint_counts(ranks, suits, STANDARD_TABLEAU, _COLUMNS, totals=totals)
    assert np.array_equal(inside, given)
    assert np.array_equal(inside.sum(axis=1), totals)  # the nine pair states partition


@pytest.mark.parametrize("with_values", [True, False])
def test_price_batch_joint_bets_share_the_engine_batch(with_values: bool) -> None:
    """Joint bets with and without value bets beside them (the engine batch then counts
    the joint event sets alone): the batch arrays equal the per-shoe path's."""
    rules = Rules()
    joints = (
        _bet("pair-and-player", 20, 'player_pair = true, winner = "player"'),
        _bet("suited-natural", 150, "banker_suited_pair = true, natural = true"),
        _bet("pair-tie", 60, 'banker_pair = true, winner = "tie"'),
    )
    values = (*main_bets(rules), find_bet("dragon-7", rules)) if with_values else ()
    bets = (*values, *joints)
    rng = np.random.default_rng(7)
    suits = 6 - rng.integers(0, 4, size=(9, 13, 4))
    fast = price_batch(suits.sum(axis=2), rules, bets, suits=suits)
    slow = price_batch([Shoe.from_suits(grid.tolist()) for grid in suits], rules, bets)
    for name in ("numerators", "wins", "denominators"):
        a, b = getattr(fast, name), getattr(slow, name)
        assert a.dtype == b.dtype and a.tolist() == b.tolist(), name
