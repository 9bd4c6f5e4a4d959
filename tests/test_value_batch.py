"""The value bets' batch products: float64 products of the counts' parts equal the
integer products wherever the bound allows them, past 2**52 too (eight decks' first
hands), and the engine columns of a plan with joint bets span their event sets."""

from __future__ import annotations

import numpy as np
import pytest

from baccarat_exact.engine.counting import compile_columns, count_array
from baccarat_exact.model.bets import main_bets
from baccarat_exact.model.catalogue import SIDE_BET_NAMES, find_bet
from baccarat_exact.model.custom_bets import parse_bets
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing.batch import _engine, _exact_products
from baccarat_exact.pricing.plan import plan


@pytest.mark.parametrize("largest", [2**40, 2**52 - 1, 2**52 + 12345, 6 * 10**15, 2**58])
def test_split_products_equal_the_integer_products(largest: int) -> None:
    rng = np.random.default_rng(largest % 1000)
    columns = rng.integers(0, largest, size=(300, 31), dtype=np.int64, endpoint=True)
    columns[0, :] = largest
    matrix = rng.integers(-30, 31, size=(31, 54), dtype=np.int64)
    spread = int(np.abs(matrix).sum(axis=0).max())
    if not largest * spread < 2**63:
        matrix //= 64  # keep every partial sum within int64, as the callers check
        spread = int(np.abs(matrix).sum(axis=0).max())
    want = columns.astype(object) @ matrix.astype(object)
    got = _exact_products(columns, matrix, largest, spread)
    assert got.dtype == np.int64 and got.tolist() == want.tolist()


def test_the_engine_columns_give_every_value_bet_and_joint_set() -> None:
    """Every built-in value bet and three joint bets' event sets: the engine counts a
    basis, and the matrices map it back to each column exactly."""
    rules = Rules()
    text = (
        '[[bet]]\nname = "j"\n[[bet.line]]\npays = 20\n'
        'when = { player_pair = true, winner = "player" }\n'
        "[[bet.line]]\npays = 150\nwhen = { banker_suited_pair = true, natural = true }\n"
    )
    joint = parse_bets(text)[0].bet
    bets = (*main_bets(rules), *(find_bet(n, rules) for n in SIDE_BET_NAMES), joint)
    planned = plan(rules.tableau, bets)
    engine = _engine(planned)
    assert len(engine.compiled.columns) < len(planned.compiled.columns)
    values = np.array([Shoe.from_decks(8).values, Shoe.from_decks(1).values], dtype=np.int64)
    basis = count_array(values, engine.compiled)
    totals = np.array([[416 * 415 * 414 * 413 * 412 * 411], [52 * 51 * 50 * 49 * 48 * 47]])
    joint_sets = tuple(tuple(sorted(c)) for c in planned.joint_columns)
    direct = count_array(values, compile_columns(rules.tableau, joint_sets))
    assert (np.concatenate([basis, totals], axis=1) @ engine.joint).tolist() == direct.tolist()
