"""Engine columns counting events +1 or −1: compiled as the signed sums of their events,
exact in every number kind (float64 up to its bound, int64, Python integers), and the
balanced-ternary digit columns of a plan price every bet as its line columns do."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from baccarat_exact.engine import column_basis
from baccarat_exact.engine.column_basis import ternary_columns
from baccarat_exact.engine.counting import compile_columns, count_array, count_one, number_kind
from baccarat_exact.model.bets import Bet, main_bets
from baccarat_exact.model.catalogue import SIDE_BET_NAMES, find_bet
from baccarat_exact.model.custom_bets import parse_bets
from baccarat_exact.model.games import RULESETS
from baccarat_exact.model.rules import STANDARD_TABLEAU, Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import batch as pricing_batch
from baccarat_exact.pricing import odds, price_batch
from baccarat_exact.pricing.plan import plan
from tests.test_column_basis import assert_batch_prices_are_single_shoe_odds

_SIGNED = (
    (1, 2, ~3, ~40, 200),
    tuple(range(0, 400, 7)) + tuple(~e for e in range(3, 400, 7)),
    (~5,),
    tuple(range(100, 300)),
)
"""Columns with events counted −1 (``~e``), one of them overlapping the others."""

_MARGINS = (
    '[[bet]]\nname = "margins"\n'
    '[[bet.line]]\npays = 30\nwhen = { winner = "player", margin = 9, natural = false }\n'
    '[[bet.line]]\npays = 10\nwhen = { winner = "player", margin = 8, natural = false }\n'
    '[[bet.line]]\npays = 6\nwhen = { winner = "player", margin = 7, natural = false }\n'
    '[[bet.line]]\npays = 4\nwhen = { winner = "player", margin = 6, natural = false }\n'
    '[[bet.line]]\npays = 2\nwhen = { winner = "player", margin = 5 }\n'
)
"""A value bet of many pay lines, like Dragon Bonus: a few digit columns."""

_JOINT = (
    '[[bet]]\nname = "pair-and-win"\n'
    '[[bet.line]]\npays = 20\nwhen = { player_pair = true, winner = "player" }\n'
    "[[bet.line]]\npays = 150\nwhen = { banker_suited_pair = true, natural = true }\n"
)
"""A bet on a pair and the round together: its event sets' counts come from the digit
columns too."""


def _every_bet(rules: Rules) -> tuple[Bet, ...]:
    return (*main_bets(rules), *(find_bet(name, rules) for name in SIDE_BET_NAMES))


def test_signed_columns_are_signed_sums_of_their_events() -> None:
    for rules in RULESETS.values():
        single = compile_columns(rules.tableau, tuple((e,) for e in range(400))).flat
        compiled = compile_columns(rules.tableau, _SIGNED)
        expected = np.stack(
            [
                single[:, [e for e in c if e >= 0]].sum(axis=1)
                - single[:, [~e for e in c if e < 0]].sum(axis=1)
                for c in _SIGNED
            ],
            axis=1,
        )
        assert compiled.signed and np.array_equal(compiled.flat, expected)
        assert not compile_columns(rules.tableau, ((1, 2), (3,))).signed


@pytest.mark.parametrize("cards", [6, 52, 416, 456, 457, 1448, 1449, 5000])
def test_signed_columns_count_exactly_in_every_number_kind(cards: int) -> None:
    """Shoes at and past each kind's bound (456 cards the last of float64, 1448 of
    int64), with lopsided compositions: the counts equal Python integers' and the
    single-shoe path's (which leaves the compiled step to unsigned columns)."""
    compiled = compile_columns(STANDARD_TABLEAU, _SIGNED)
    rng = np.random.default_rng(cards)
    shoes = [[cards] + [0] * 9, [0] * 9 + [cards]]
    for _ in range(6):
        split = np.sort(rng.integers(0, cards + 1, size=9))
        shoes.append(np.diff(np.concatenate([[0], split, [cards]])).tolist())
    found = count_array(np.array(shoes), compiled)
    exact = count_array(np.array(shoes), compiled, kind="object")
    assert found.tolist() == exact.tolist()
    for shoe, row in zip(shoes, exact.tolist()):
        assert count_one(tuple(shoe), compiled) == [int(x) for x in row]
    assert number_kind(cards) == (
        "float64" if cards <= 456 else "int64" if cards <= 1448 else "object"
    )


def _lines_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the pricer count line columns only (its engines made again)."""
    monkeypatch.setattr(pricing_batch, "ternary_columns", lambda *_: None)
    pricing_batch._engine.cache_clear()


def _prices(ranks: Any, rules: Rules, bets: tuple[Bet, ...], suits: Any = None) -> list[Any]:
    prices = price_batch(ranks, rules, bets, suits=suits)
    return [a.tolist() for a in (prices.numerators, prices.wins, prices.denominators)]


@pytest.mark.parametrize("decks", [1, 8, 20, 30])
def test_digit_columns_price_every_bet_as_the_lines_do(
    monkeypatch: pytest.MonkeyPatch, decks: int
) -> None:
    """Every built-in bet, a bet of many pay lines and one on a pair and the round
    together, on depleted shoes of 1 to 30 decks (float64, int64 and Python-integer
    counts): the same numerators, wins and denominators as through the line columns."""
    rules = Rules()
    bets = (*_every_bet(rules), parse_bets(_MARGINS)[0].bet, parse_bets(_JOINT)[0].bet)
    planned = plan(rules.tableau, bets)
    engine = pricing_batch._engine(planned)
    kept, _ = column_basis.column_basis(rules.tableau, planned.compiled.columns)
    assert engine.compiled.signed and len(engine.compiled.columns) < len(kept)
    rng = np.random.default_rng(decks)
    full = np.full((1, 13, 4), decks)
    suits = np.maximum(full - rng.integers(0, decks + 1, size=(12, 13, 4)), 0)
    suits = np.concatenate([full, suits])
    ranks = suits.sum(axis=2)
    found = _prices(ranks, rules, bets, suits)
    _lines_only(monkeypatch)
    assert found == _prices(ranks, rules, bets, suits)
    pricing_batch._engine.cache_clear()


def test_digit_columns_price_as_the_single_shoe_pricer() -> None:
    assert_batch_prices_are_single_shoe_odds(shoes=3, seed=14)


def test_the_side_bets_take_fewer_digit_columns_than_lines() -> None:
    """Dragon Bonus's seven pay lines a side are its wins and three digit columns (of
    weights 1, 3 and 12, its pays less 15 on a win): 24 columns in all, against 30 lines
    once the lines' own relations are used; each form exact (checked within)."""
    rules = Rules()
    planned = plan(rules.tableau, _every_bet(rules))
    digits = ternary_columns(planned.compiled.columns, pricing_batch._needs(planned, 0))
    assert digits is not None and digits.lines >= 30 and len(digits.columns) == 24
    assert len(pricing_batch._engine(planned).compiled.columns) == 24


def test_mixed_radix_digits() -> None:
    """Weights 1, 3, 12 write 16, -4, -8, -10, -12, -13 (Dragon Bonus's pays less 15) but
    not 5 or 7; balanced ternary writes every integer."""
    written = column_basis._written([16, -4, -8, -10, -12, -13, 0, 1], (3, 4))
    assert written is not None
    assert {x: sum(d * w for d, w in zip(ds, (1, 3, 12))) for x, ds in written.items()} == {
        x: x for x in written
    }
    assert column_basis._written([5], (3, 4)) is None
    assert column_basis._written([7], (3, 4)) is None
    ternary = column_basis._written(list(range(-50, 51)), None)
    assert ternary is not None and all(
        sum(d * 3**i for i, d in enumerate(ds)) == x for x, ds in ternary.items()
    )


@pytest.mark.parametrize("pays", [3**12 - 1, 3**12, 2**40])
def test_vast_pays_are_counted_through_their_lines(pays: int) -> None:
    """A form weighing an event 3**12 or more past its commonest weight (or with a
    coefficient of 2**40) is not split into digits: the line columns price it, and the
    prices are the single-shoe pricer's."""
    text = _MARGINS.replace("pays = 30\n", f"pays = {pays}\n")
    rules = Rules()
    bets = (*main_bets(rules), parse_bets(text)[0].bet)
    planned = plan(rules.tableau, bets)
    digits = ternary_columns(planned.compiled.columns, pricing_batch._needs(planned, 0))
    assert (digits is None) == (pays + 1 >= 3**12)
    ranks = np.full((2, 13), 8)
    ranks[1, :5] = 3
    prices = price_batch(ranks, rules, bets)
    for i, row in enumerate(ranks.tolist()):
        for b, result in enumerate(odds(Shoe.from_counts(row), rules, bets).bets):
            assert prices.ev(i, b) == result.ev and prices.win(i, b) == result.win


def test_a_vector_outside_the_integer_span_is_kept() -> None:
    """(1, 1, 0) and (0, 1, 1) give (1, 2, 1) and (1, 0, -1) with integers, so those are
    left out; (1, 0, 0) is half of (1, 1, -1) + (1, -1, 1) and no integer combination
    with the all-ones vector, so it is kept."""
    kept, expressed = column_basis._integer_basis([(1, 1, 0), (0, 1, 1), (1, 2, 1), (1, 0, -1)])
    assert kept == [(1, 1, 0), (0, 1, 1)]
    assert [e.tolist() for e in expressed] == [[1, 0, 0], [0, 1, 0], [1, 1, 0], [1, -1, 0]]
    kept, _ = column_basis._integer_basis([(1, 1, -1), (1, -1, 1), (1, 0, 0)])
    assert kept == [(1, 1, -1), (1, -1, 1), (1, 0, 0)]
