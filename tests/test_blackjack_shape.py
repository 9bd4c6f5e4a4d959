"""The shape of the hands that follow one hand: capped at what the hand has room for, it is
the shape the shoe's own caps give, state for state and successor for successor, and shoes
of different counts share it."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat_exact.blackjack.hands import SLOTS
from baccarat_exact.blackjack.shape import graph_shape, shape_of


@st.composite
def shoes_and_hands(draw: st.DrawFn) -> tuple[tuple[int, ...], tuple[int, ...], bool]:
    """Counts of a shoe (0–12 a slot), a hand of 2–4 of its cards of hard total at most 21,
    and whether split aces take one card."""
    counts = tuple(draw(st.lists(st.integers(0, 12), min_size=SLOTS, max_size=SLOTS)))
    cards = [slot for slot in range(SLOTS) for _ in range(counts[slot])]
    size = draw(st.integers(2, 4))
    picked = draw(st.permutations(cards))[:size] if len(cards) >= size else []
    hand = tuple(picked.count(slot) for slot in range(SLOTS))
    if len(picked) < 2 or sum((slot + 1) * n for slot, n in enumerate(hand)) > 21:
        hand = (0,) * SLOTS
    return counts, hand, draw(st.booleans())


@settings(max_examples=150, deadline=None)
@given(shoes_and_hands())
def test_the_shape_after_a_hand_is_the_one_the_shoes_caps_give(
    case: tuple[tuple[int, ...], tuple[int, ...], bool],
) -> None:
    counts, hand, one_card_aces = case
    if not any(hand):
        return
    key = shape_of(counts, infinite=False, one_card_aces=one_card_aces, hand=hand)
    caps = tuple(min(n, 21 // (slot + 1)) for slot, n in enumerate(counts))  # the shoe's own
    wide = (caps, *key[1:])
    shape, reference = graph_shape(key), graph_shape(wide)  # type: ignore[arg-type]
    for name in ("hands", "extra", "succ", "removals", "removal_of", "kind", "signature"):
        assert np.array_equal(getattr(shape, name), getattr(reference, name)), name
    assert shape.levels == reference.levels


def test_shoes_that_differ_beyond_the_hands_room_share_its_shape() -> None:
    """16 (a ten and a six) has room for five more points: two shoes that differ in aces,
    twos and tens above that room value the hand on one shape."""
    hand = (0,) * 5 + (1,) + (0,) * 3 + (1,)  # 6 and T
    one = shape_of((24,) * 9 + (96,), infinite=False, one_card_aces=True, hand=hand)
    other = shape_of((7, 9) + (24,) * 7 + (40,), infinite=False, one_card_aces=True, hand=hand)
    assert one == other
