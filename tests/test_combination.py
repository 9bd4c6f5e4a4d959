"""Combined stakes: exact distribution, EV, variance and covariances, against dealing every
card of small shoes in every order, and identities."""

from __future__ import annotations

import functools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat_exact.combination import parse_stakes
from baccarat_exact.errors import RulesError
from baccarat_exact.model.catalogue import find_bet
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.seen import Seen
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds
from baccarat_exact.stats import bet_stats
from tests.reference_rounds import matches_seen
from tests.test_seen import _cell, _rounds, shoes_and_seen

NAMES = ("banker", "player", "tie", "player-pair", "either-pair", "dragon-7", "big")
BETS = tuple(find_bet(name) for name in NAMES)


@functools.cache
def _pays(name: str) -> dict[int, Fraction]:
    """What the bet pays in each cell (pair state * 400 + event), from its lines."""
    bet = find_bet(name)
    return {
        state * 400 + event: line.pays
        for line in bet.lines
        for state in (line.pairs if bet.needs_pairs else range(9))
        for event in line.events
    }


def _pay(name: str, cell: int) -> Fraction:
    return _pays(name)[cell]


def _brute_force(shoe: Shoe, seen: Seen, stakes: dict[str, Fraction]) -> dict[Fraction, Fraction]:
    """The law of the stake's net result, from every dealt round (grouped by cell first)."""
    by_cell: dict[int, Fraction] = {}
    for r in _rounds(shoe):
        if matches_seen(r.player, seen.player) and matches_seen(r.banker, seen.banker):
            cell = _cell(r)
            by_cell[cell] = by_cell.get(cell, Fraction(0)) + r.probability
    total = sum(by_cell.values(), Fraction(0))
    found: dict[Fraction, Fraction] = {}
    for cell, p in by_cell.items():
        net = sum((stake * _pay(name, cell) for name, stake in stakes.items()), Fraction(0))
        found[net] = found.get(net, Fraction(0)) + p / total
    return found


@settings(max_examples=15, deadline=None)
@given(
    shoes_and_seen(),
    st.dictionaries(st.sampled_from(NAMES), st.integers(1, 10), min_size=1, max_size=4),
    st.booleans(),
)
def test_combination_agrees_with_dealing_every_card(
    case: tuple[Shoe, Seen], stakes: dict[str, int], use_seen: bool
) -> None:
    shoe, seen = case
    seen = seen if use_seen else Seen()
    exact = {name: Fraction(n) for name, n in stakes.items()}
    combination = odds(shoe, Rules(), BETS, seen=seen).combination(exact)
    expected = _brute_force(shoe, seen, exact)
    assert dict(combination.distribution) == {a: p for a, p in expected.items() if p}
    ev = sum(a * p for a, p in expected.items())
    assert combination.ev == ev
    assert combination.variance == sum(a * a * p for a, p in expected.items()) - ev * ev


def test_one_bet_alone_is_that_bet() -> None:
    result = odds(Shoe.from_decks(8), bets=[find_bet("banker"), find_bet("perfect-pair")])
    for bet in result.bets:
        alone = result.combination({bet.name: 1})
        stats = bet_stats(bet)
        assert (alone.ev, alone.variance) == (stats.ev, stats.variance)
        assert alone.element_of_risk == stats.element_of_risk or stats.element_of_risk is None


def test_variance_is_the_sum_of_covariances() -> None:
    result = odds(Shoe.from_decks(6), bets=BETS)
    stakes = {"banker": Fraction(10), "player-pair": Fraction(1), "tie": Fraction(1)}
    combination = result.combination(stakes)
    amounts = list(stakes.values())
    assert combination.variance == sum(
        a * b * c for a, row in zip(amounts, combination.covariances) for b, c in zip(amounts, row)
    )
    # Banker and Player are opposed: their covariance is negative
    both = result.combination({"banker": 1, "player": 1})
    assert both.covariances[0][1] < 0


def test_net_zero_is_not_a_loss() -> None:
    # Banker and Player together: a tie pushes both and a Player win nets 0 (net 0, not a
    # loss); a Banker win nets -1/20, the commission.
    result = odds(Shoe.from_decks(8))
    both = result.combination({"banker": 1, "player": 1})
    assert both.even == result.probability("tie") + result.probability("player")
    assert both.loss == result.probability("banker")
    assert both.distribution[0][0] == Fraction(-1, 20)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("banker", "write bet=units"),
        ("banker=0", "more than 0"),
        ("banker=1,banker=2", "given twice"),
        ("banker=x", "stake on banker"),
        ("", "no stakes"),
    ],
)
def test_bad_stakes(text: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        parse_stakes(text)


def test_a_stake_on_a_bet_not_priced_is_refused() -> None:
    with pytest.raises(RulesError, match="no bet 'dragon-7' was priced"):
        odds(Shoe.from_decks(8)).combination({"dragon-7": 1})
