"""The dealer's final-hand distribution: against a card-by-card reference, identities, published tables."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat_exact.blackjack.dealer import (
    BUST,
    OUTCOMES,
    dealer_batch,
    dealer_chart,
    dealer_distribution,
    dealer_table,
    falling,
)
from baccarat_exact.blackjack.hands import ACE, TEN, Counts, points
from baccarat_exact.errors import ShoeError
from baccarat_exact.model.shoe import Shoe
from tests import blackjack_reference as reference


def _as_reference(counts: Counts, up: int, hits_soft_17: bool) -> tuple[Fraction, ...]:
    found = reference.dealer_final(counts, (up,), hits_soft_17)
    return tuple(found.get(name, Fraction(0)) for name in OUTCOMES)


@st.composite
def small_shoes(draw: st.DrawFn) -> tuple[Counts, int]:
    """A shoe of a few cards (0-4 of each value, the up card out) deep enough for the dealer."""
    up = draw(st.integers(0, 9))
    counts = tuple(draw(st.lists(st.integers(0, 4), min_size=10, max_size=10)))
    if points(counts) + up + 1 < 17:
        counts = (*counts[:9], counts[9] + 2)
    return counts, up


@st.composite
def large_shoes(draw: st.DrawFn) -> tuple[Counts, int]:
    """A 2-8 deck shoe with up to 40 random cards dealt, and an up card."""
    decks = draw(st.integers(2, 8))
    counts = [4 * decks] * 9 + [16 * decks]
    for slot in draw(st.lists(st.integers(0, 9), max_size=40)):
        counts[slot] -= 1
    return tuple(counts), draw(st.integers(0, 9))


@settings(max_examples=25, deadline=None)
@given(small_shoes(), st.booleans())
def test_small_shoes_match_the_card_by_card_dealer(shoe: tuple[Counts, int], h17: bool) -> None:
    counts, up = shoe
    distribution = dealer_distribution(counts, up, hits_soft_17=h17)
    assert distribution.probabilities == _as_reference(counts, up, h17)
    assert sum(distribution.probabilities) == 1


@settings(max_examples=6, deadline=None)
@given(large_shoes(), st.booleans())
def test_large_shoes_match_the_card_by_card_dealer(shoe: tuple[Counts, int], h17: bool) -> None:
    counts, up = shoe
    distribution = dealer_distribution(counts, up, hits_soft_17=h17)
    assert distribution.probabilities == _as_reference(counts, up, h17)
    assert sum(distribution.probabilities) == 1


@settings(max_examples=10, deadline=None)
@given(small_shoes(), st.booleans(), st.lists(st.integers(0, 9), min_size=1, max_size=4))
def test_a_batch_of_removals_matches_the_card_by_card_dealer_for_each(
    shoe: tuple[Counts, int], h17: bool, taken: list[int]
) -> None:
    """One batch over many removals gives each removal's distribution (over its own
    ``ff(N - r, budget - r)``), in exact and in float arithmetic."""
    counts, up = shoe
    counts = (*counts[:9], counts[9] + 4)  # deep enough after the removals
    removals = [(0,) * 10]
    for slot in taken:
        removal = list(removals[-1])
        removal[slot] += counts[slot] > removal[slot]
        removals.append(tuple(removal))
    table = dealer_table(up, h17)
    budget = min(table.longest + 4, sum(counts))  # at least longest + r, or every card
    exact = dealer_batch(table, counts, removals, budget=budget, exact=True)
    floats = dealer_batch(table, counts, removals, budget=budget, exact=False)
    n_cards = sum(counts)
    for removal, numerators, probabilities in zip(removals, exact.tolist(), floats.tolist()):
        r = sum(removal)
        left = tuple(n - k for n, k in zip(counts, removal))
        expected = _as_reference(left, up, h17)
        assert tuple(Fraction(n, falling(n_cards - r, budget - r)) for n in numerators) == expected
        assert probabilities == pytest.approx([float(p) for p in expected], abs=1e-12)


def test_falling_factorials() -> None:
    assert [falling(6, k) for k in range(8)] == [1, 6, 30, 120, 360, 720, 720, 0]
    assert falling(-2, 3) == 0 and falling(0, 0) == 1


def test_infinite_shoe_matches_drawing_with_replacement() -> None:
    def with_replacement(hard: int, ace: bool, cards: int) -> dict[int, Fraction]:
        total = hard + 10 if ace and hard + 10 <= 21 else hard
        if cards == 2 and total == 21 and up in (ACE, TEN):
            return {6: Fraction(1)}
        if total >= 17:
            return {BUST if total > 21 else total - 17: Fraction(1)}
        out: dict[int, Fraction] = {}
        for slot in range(10):
            p = Fraction(4 if slot == TEN else 1, 13)
            for k, q in with_replacement(hard + slot + 1, ace or slot == ACE, cards + 1).items():
                out[k] = out.get(k, Fraction(0)) + p * q
        return out

    for up in (ACE, 5, TEN):
        expected = with_replacement(up + 1, up == ACE, 1)
        got = dealer_distribution((1,) * 9 + (4,), up, infinite=True).probabilities
        assert got == tuple(expected.get(i, Fraction(0)) for i in range(7))


# Wizard of Odds, "Blackjack Appendix 2B: dealer probabilities before peeking", 1 deck, dealer
# stands on soft 17 (https://wizardofodds.com/games/blackjack/appendix/2b/), published to six
# significant digits: 17, 18, 19, 20, 21, blackjack, bust.
WIZARD_2B_1D_S17 = {
    "A": (0.126128, 0.131003, 0.129486, 0.131553, 0.0515646, 0.313726, 0.11654),
    "2": (0.138976, 0.131762, 0.131815, 0.123948, 0.120526, 0.0, 0.352973),
    "3": (0.130313, 0.130946, 0.123761, 0.123345, 0.116047, 0.0, 0.375588),
    "4": (0.130973, 0.114163, 0.120679, 0.116286, 0.115096, 0.0, 0.402803),
    "5": (0.119687, 0.123483, 0.116909, 0.104694, 0.106321, 0.0, 0.428905),
    "6": (0.166948, 0.106454, 0.107192, 0.100705, 0.0978785, 0.0, 0.420823),
    "7": (0.372345, 0.138583, 0.0773344, 0.0788967, 0.072987, 0.0, 0.259854),
    "8": (0.130857, 0.362989, 0.129445, 0.0682898, 0.0697914, 0.0, 0.238627),
}


def test_wizard_of_odds_one_deck_before_peek() -> None:
    chart = {dist.up: dist for _, dist in dealer_chart(Shoe.from_decks(1)).rows}
    for label, published in WIZARD_2B_1D_S17.items():
        dist = chart["A23456789T".index(label)]
        ours = dist.probabilities
        # published order: 17..21, blackjack, bust
        for mine, theirs in zip((*ours[:5], ours[6], ours[5]), published):
            assert abs(float(mine) - theirs) < 1e-6, (label, mine, theirs)


# Wizard of Odds, "Blackjack Appendix 2: dealer probabilities after peeking" (given no dealer
# blackjack), 2 decks, dealer stands on soft 17 (https://wizardofodds.com/games/blackjack/appendix/2/):
# 17, 18, 19, 20, 21, bust.
WIZARD_2_2D_S17 = {
    "A": (0.186367, 0.189883, 0.188851, 0.190272, 0.076531, 0.168096),
    "2": (0.139367, 0.133348, 0.130744, 0.123997, 0.119254, 0.353291),
    "3": (0.132764, 0.130676, 0.124575, 0.121811, 0.11538, 0.374794),
    "6": (0.166224, 0.10617, 0.106749, 0.101217, 0.097508, 0.422132),
    "T": (0.122412, 0.1216, 0.122524, 0.36387, 0.038449, 0.231144),
}


def test_wizard_of_odds_two_decks_after_peek() -> None:
    for label, published in WIZARD_2_2D_S17.items():
        ((_, dist),) = dealer_chart(Shoe.from_decks(2), up="A23456789T".index(label)).rows
        no_bj = 1 - dist.blackjack
        for mine, theirs in zip(dist.probabilities[:6], published):
            assert abs(float(mine / no_bj) - theirs) < 1e-6, (label, mine, theirs)


# blackjackinfo.com, "Blackjack Dealer Outcome Probabilities", single deck, dealer hits soft 17,
# given no dealer blackjack, in percent to two decimals
# (https://www.blackjackinfo.com/dealer-outcome-probabilities/). Up cards 2..9, Ten, Ace.
BLACKJACKINFO_1D_H17_BUST = (35.63, 37.81, 40.58, 43.00, 43.78, 25.99, 23.86, 23.34, 23.25, 20.46)
BLACKJACKINFO_1D_H17_17 = (12.98, 12.35, 12.28, 11.67, 11.61, 37.23, 13.09, 12.19, 12.42, 8.18)


def test_blackjackinfo_one_deck_hits_soft_17() -> None:
    chart = {dist.up: dist for _, dist in dealer_chart(Shoe.from_decks(1), hits_soft_17=True).rows}
    for i, up in enumerate((*range(1, 10), ACE)):
        dist = chart[up]
        no_bj = 1 - dist.blackjack
        assert abs(float(dist.bust / no_bj) * 100 - BLACKJACKINFO_1D_H17_BUST[i]) <= 0.005 + 1e-9
        assert (
            abs(float(dist.probabilities[0] / no_bj) * 100 - BLACKJACKINFO_1D_H17_17[i])
            <= 0.005 + 1e-9
        )


def test_chart_up_cards_and_their_chances() -> None:
    chart = dealer_chart(Shoe.from_decks(1).remove("A A A A"))
    assert [dist.up for _, dist in chart.rows] == list(range(1, 10))
    assert sum(p for p, _ in chart.rows) == 1
    with pytest.raises(ShoeError, match="holds no A"):
        dealer_chart(Shoe.from_decks(1).remove("Ax4"), up=ACE)


def test_a_shoe_the_dealer_could_run_out_of_is_refused() -> None:
    with pytest.raises(ShoeError, match="too small"):
        dealer_distribution((0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 5)
    # 17 points exactly is enough: the dealer can always finish
    assert sum(dealer_distribution((3, 1, 1, 0, 0, 0, 0, 0, 0, 0), 9).probabilities) == 1


def test_json_document_is_exact() -> None:
    doc = dealer_chart(Shoe.from_decks(1), up=TEN).to_dict()
    assert "schema" not in doc  # the data only: a command's request wraps it
    row = doc["up_cards"][0]
    assert row["probability"] == "4/13"
    assert row["outcomes"]["blackjack"] == "4/51"
    assert Fraction(row["outcomes"]["bust"]) == dealer_distribution((4,) * 9 + (15,), TEN).bust
