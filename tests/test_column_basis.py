"""Engine columns counted from a basis: every relation is exact, and prices through the
basis equal the single-shoe pricer's."""

from __future__ import annotations

import numpy as np
import pytest

from baccarat_exact.engine.column_basis import column_basis, select_columns
from baccarat_exact.engine.counting import compile_columns, count_array, value_counts
from baccarat_exact.model.bets import Bet, main_bets
from baccarat_exact.model.catalogue import SIDE_BET_NAMES, find_bet
from baccarat_exact.model.games import RULESETS
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import batch as pricing_batch
from baccarat_exact.pricing import odds, plan, price_batch


def every_bet(rules: Rules) -> tuple[Bet, ...]:
    """The main bets and every built-in side bet, built for ``rules``."""
    return (*main_bets(rules), *(find_bet(name, rules) for name in SIDE_BET_NAMES))


def assert_batch_prices_are_single_shoe_odds(shoes: int, seed: int) -> None:
    """For every named rule set, the batch pricer's EV and win of every bet but the pair
    bets, on ``shoes`` random shoes, equal the single-shoe pricer's."""
    for rules in RULESETS.values():
        bets = tuple(bet for bet in every_bet(rules) if not bet.needs_pairs)
        rng = np.random.default_rng(seed)
        ranks = np.full((shoes, 13), 8) - rng.integers(0, 8, size=(shoes, 13))
        prices = price_batch(ranks, rules, bets)
        for i, row in enumerate(ranks.tolist()):
            expected = odds(Shoe.from_counts(row), rules, bets).bets
            for b, result in enumerate(expected):
                assert prices.ev(i, b) == result.ev and prices.win(i, b) == result.win


def test_every_built_in_bet_needs_fewer_columns_and_they_add_up_exactly() -> None:
    rules = Rules()
    how = plan(rules.tableau, every_bet(rules))
    kept, expand = column_basis(rules.tableau, how.compiled.columns)
    assert len(kept) < len(how.compiled.columns)
    rng = np.random.default_rng(11)
    ranks = rng.integers(0, 33, size=(40, 13))
    ranks[:, 0] = 32  # at least 6 cards
    values = value_counts(ranks)
    every = count_array(values, how.compiled)
    basis = count_array(
        values, compile_columns(rules.tableau, tuple(how.compiled.columns[j] for j in kept))
    )
    cards = ranks.sum(axis=1)
    totals = cards * (cards - 1) * (cards - 2) * (cards - 3) * (cards - 4) * (cards - 5)
    rebuilt = np.concatenate([basis, totals[:, None]], axis=1) @ expand
    assert np.array_equal(rebuilt, every)


def test_prices_through_the_basis_equal_odds_shoe_by_shoe(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The batch path on the line columns' basis (its digit columns turned off)."""
    monkeypatch.setattr(pricing_batch, "ternary_columns", lambda *_: None)
    pricing_batch._engine.cache_clear()
    try:
        assert_batch_prices_are_single_shoe_odds(shoes=4, seed=12)
    finally:
        pricing_batch._engine.cache_clear()


def test_columns_taken_from_a_compiled_table_equal_a_fresh_build() -> None:
    rules = Rules()
    how = plan(rules.tableau, every_bet(rules))
    kept = (0, 3, 7, 8)
    taken = select_columns(how.compiled, kept)
    fresh = compile_columns(rules.tableau, tuple(how.compiled.columns[j] for j in kept))
    assert taken.columns == fresh.columns and np.array_equal(taken.flat, fresh.flat)
    assert all(np.array_equal(a, b) for a, b in zip(taken.blocks, fresh.blocks))


def test_split_float_products_are_the_integer_products() -> None:
    """Counts up to 2**52 times small signed pays, through two float products of the
    halves of the counts: the same integers as Python's."""
    from baccarat_exact.pricing.batch import _exact_products

    rng = np.random.default_rng(13)
    columns = rng.integers(0, 2**52, size=(300, 31), dtype=np.int64)
    columns[0] = 2**52 - 1
    matrix = rng.integers(-60, 61, size=(31, 22), dtype=np.int64)  # every sum fits int64
    spread = int(np.abs(matrix).sum(axis=0).max())
    got = _exact_products(columns, matrix, 2**52 - 1, spread)
    expected = columns.astype(object) @ matrix.astype(object)
    assert got.dtype == np.int64 and got.tolist() == expected.tolist()
