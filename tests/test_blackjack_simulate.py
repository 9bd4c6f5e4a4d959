"""Seeded Monte Carlo of the derived basic strategy against its exact value."""

from __future__ import annotations

import pytest

from baccarat_exact.blackjack.edge import basic_strategy
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.errors import ShoeError
from baccarat_exact.model.shoe import Shoe
from tests.blackjack_simulate import SimulationEstimate, simulate


@pytest.mark.slow
def test_simulated_rounds_agree_with_the_exact_basic_strategy_value() -> None:
    """The seed's game, 6 decks: 250,000 rounds by the derived chart, dealt card by card from a
    fresh shoe each round, land within 3 standard errors of the chart's exact value."""
    strategy, exact = basic_strategy(Shoe.from_decks(6), BlackjackRules())
    estimate = simulate(strategy, rounds=250_000, seed=2024)
    low, high = estimate.interval(3)
    assert low <= float(exact) <= high, (float(exact), estimate)
    assert estimate.standard_error < 0.0024


def test_simulation_is_seeded() -> None:
    strategy, _ = basic_strategy(Shoe.parse("A=3,5=3,6=4,7=4,9=2,T=8"), BlackjackRules())
    shoe = Shoe.parse("A=3,5=3,6=4,7=4,9=2,T=8")
    first = simulate(strategy, shoe, rounds=2_000, seed=5)
    assert first == simulate(strategy, shoe, rounds=2_000, seed=5)
    assert first != simulate(strategy, shoe, rounds=2_000, seed=6)
    assert isinstance(first, SimulationEstimate) and first.rounds == 2_000


def test_simulation_needs_a_finite_shoe() -> None:
    strategy, _ = basic_strategy(Shoe.parse("A=3,5=3,6=4,7=4,9=2,T=8"), BlackjackRules())
    with pytest.raises(ShoeError, match="finite"):
        simulate(strategy, Shoe.infinite_shoe(), rounds=10)
