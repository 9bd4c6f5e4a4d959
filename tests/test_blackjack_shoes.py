"""Shoe after shoe (``blackjack/shoes.py``): a :class:`ShoeValuer` gives, shoe after shoe, the
very values the one-shoe functions give, while it keeps the shapes from one shoe to the next."""

from __future__ import annotations

import pytest

from baccarat_exact.analysis.blackjack.decisions import DECISIONS
from baccarat_exact.analysis.blackjack.valuation import situation_terms
from baccarat_exact.blackjack.edge import basic_strategy, edge, strategy_value
from baccarat_exact.blackjack.hands import shoe_counts
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.blackjack.shoes import ShoeValuer
from baccarat_exact.blackjack.strategy import BasicStrategy
from baccarat_exact.model.shoe import Shoe

RULES = BlackjackRules(decks=1)

DEALT = [0, 9, 4, 12, 5, 1, 10, 0]
"""Ranks dealt one after another from one deck (ace, ten, five, king, ...): the depleted
shoes, each one card shorter than the one before."""


def _shoes() -> list[Shoe]:
    counts = [4] * 13
    shoes = []
    for rank in DEALT:
        counts[rank] -= 1
        shoes.append(Shoe.from_counts(list(counts)))
    return shoes


@pytest.fixture(scope="module")
def chart() -> BasicStrategy:
    """The full deck's basic strategy (floats: the chart alone is wanted)."""
    return basic_strategy(Shoe.from_decks(1), RULES, exact=False)[0]


def test_a_valuer_gives_the_one_shoe_values_shoe_after_shoe(chart: BasicStrategy) -> None:
    """Each shoe's chart value, shoe after shoe: the very values ``strategy_value`` gives
    the shoe alone (Fractions, then floats: the same sums in the same order), and the
    optimal value ``edge`` gives; the shapes kept are shared by up cards and shoes."""
    shoes = _shoes()
    exact = ShoeValuer(RULES, exact=True)
    assert exact.chart(shoes[0], chart) == strategy_value(shoes[0], chart, exact=True)
    valuer = ShoeValuer(RULES, exact=False)
    for shoe in shoes[1:3]:
        assert valuer.chart(shoe, chart) == strategy_value(shoe, chart, exact=False)
    assert valuer.optimal(shoes[-1]) == edge(shoes[-1], RULES, exact=False).optimal
    assert 0 < len(valuer._shapes) < 3 * 10  # not one a shoe and up card


def test_indices_terms_on_kept_shapes_are_the_terms() -> None:
    """``indices``' terms with a valuer's shapes (and one graph a hand and up card) are the
    terms on the package's shapes, shoe after shoe."""
    decisions = [d for d in DECISIONS if d.up == 9][:3]
    valuer = ShoeValuer(RULES, exact=True)
    for shoe in _shoes()[::3]:
        counts = shoe_counts(shoe)
        assert situation_terms(
            counts, RULES, decisions, exact=True, shapes=valuer.shape
        ) == situation_terms(counts, RULES, decisions, exact=True)
