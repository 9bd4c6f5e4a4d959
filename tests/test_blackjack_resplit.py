"""Resplits (a pair split into up to 3 or 4 hands): the engine against hands dealt for real."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from baccarat_exact.blackjack.hand import analyze_hand
from baccarat_exact.blackjack.hands import ACE, SLOT_LABELS, TEN, Counts, points
from baccarat_exact.blackjack.resplit import pattern_terms
from baccarat_exact.blackjack.rules import BlackjackRules, DealerBlackjackTakes
from baccarat_exact.blackjack.solver import round_points
from baccarat_exact.errors import ShoeError
from baccarat_exact.model.shoe import Shoe
from tests import blackjack_reference as reference

RULES = [
    BlackjackRules(split_hands=3, triple_seven=False),
    BlackjackRules(split_hands=4, hole_card=True, double_after_split=True),
    BlackjackRules(split_hands=4, dealer_blackjack_takes=DealerBlackjackTakes.ORIGINAL),
    BlackjackRules(split_hands=4, resplit_aces=True, triple_seven_on_split=True),
    BlackjackRules(
        split_hands=3,
        resplit_aces=True,
        hit_split_aces=False,
        dealer_blackjack_takes=DealerBlackjackTakes.ORIGINAL,
        double_after_split=True,
    ),
]


def _shoe(counts: Counts) -> Shoe:
    return Shoe.from_counts([*counts[:9], counts[9], 0, 0, 0])


@st.composite
def pair_games(draw: st.DrawFn) -> tuple[Counts, int, int]:
    """A shoe of a pair's value, two more values and tens, deep enough for four hands; the
    pair and an up card from it."""
    pair = draw(st.sampled_from([ACE, 5, 6, 7, 8]))
    others = draw(st.lists(st.sampled_from([6, 7, 8]), min_size=2, max_size=2, unique=True))
    counts = [0] * 10
    counts[pair] = draw(st.integers(3, 6))
    for slot in others:
        counts[slot] += draw(st.integers(3, 5))
    counts[TEN] = draw(st.integers(8, 10))
    up = draw(st.sampled_from([s for s in range(10) if counts[s]]))
    left = list(counts)
    for slot in (pair, pair, up):
        left[slot] -= 1
    assume(min(left) >= 0 and points(tuple(left)) + 2 * (pair + 1) >= round_points(4))
    return tuple(counts), pair, up


@settings(max_examples=12, deadline=None)
@given(pair_games(), st.sampled_from(RULES))
def test_resplit_value_is_the_hands_dealt_for_real(
    game: tuple[Counts, int, int], rules: BlackjackRules
) -> None:
    """The split value with resplits equals the reference that deals every split hand its
    second card in turn, splits again on a pair card and plays each hand from the shoe
    less both first pair cards and its own cards."""
    counts, pair, up = game
    hand = f"{SLOT_LABELS[pair]} {SLOT_LABELS[pair]}"
    ours = analyze_hand(hand, SLOT_LABELS[up], _shoe(counts), rules).values["split"]
    assert ours == reference.hand_values((pair, pair), up, counts, rules)["split"]


@pytest.mark.parametrize(
    ("counts", "pair", "up", "rules"),
    [
        ((0, 0, 0, 0, 0, 0, 5, 4, 4, 8), 6, 8, RULES[1]),
        ((5, 0, 0, 0, 0, 0, 0, 4, 4, 9), ACE, 8, RULES[3]),
        ((5, 0, 0, 0, 0, 0, 0, 4, 4, 9), ACE, TEN, RULES[4]),
        ((0, 0, 0, 0, 0, 0, 5, 4, 4, 8), 7, 6, RULES[2]),
    ],
    ids=["7s-peek-das", "aces-resplit", "aces-one-card-obo", "8s-obo"],
)
def test_resplits_of_named_pairs(counts: Counts, pair: int, up: int, rules: BlackjackRules) -> None:
    hand = f"{SLOT_LABELS[pair]} {SLOT_LABELS[pair]}"
    ours = analyze_hand(hand, SLOT_LABELS[up], _shoe(counts), rules)
    assert ours.values["split"] == reference.hand_values((pair, pair), up, counts, rules)["split"]
    float_split = analyze_hand(hand, SLOT_LABELS[up], _shoe(counts), rules, exact=False)
    assert abs(float_split.values["split"] - ours.values["split"]) < Fraction(1, 10**12)


def test_two_hands_are_the_split_once_value() -> None:
    """With two hands the pattern sum is the familiar twice the first hand: both hands
    from the shoe as it is, whatever their second card."""
    assert pattern_terms(2) == ((0, "C", 2, 2), (0, "N", 2, 2))
    once = BlackjackRules(split_hands=2)
    aces_alone = BlackjackRules(split_hands=4)  # aces split once without resplit aces
    shoe = Shoe.from_decks(1)
    a = analyze_hand("A A", "6", shoe, once).values["split"]
    assert analyze_hand("A A", "6", shoe, aces_alone).values["split"] == a


def test_resplitting_is_worth_something_on_a_good_pair() -> None:
    """Eights against a 6 from one deck: each extra hand allowed adds value (an identity of
    the rules: splitting again is a choice the player would take)."""
    shoe = Shoe.from_decks(2)
    values = [
        analyze_hand("8 8", "6", shoe, BlackjackRules(split_hands=h, triple_seven=False)).values[
            "split"
        ]
        for h in (2, 3, 4)
    ]
    assert values[0] < values[1] < values[2]


def test_a_shoe_too_small_for_four_hands_is_refused() -> None:
    """After T T and the up card 9 the shoe holds 109 points: a round with two hands fits
    (88), one with four may not (150)."""
    shoe = Shoe.from_counts({"T": 12, "9": 2})
    assert analyze_hand("T T", "9", shoe, BlackjackRules(split_hands=2)).values["split"]
    with pytest.raises(ShoeError, match="a round can take 150"):
        analyze_hand("T T", "9", shoe, BlackjackRules(split_hands=4))
