"""Blackjack value slots and hand totals."""

from __future__ import annotations

import pytest

from baccarat_exact.blackjack.hands import (
    ACE,
    TEN,
    add_card,
    hand_counts,
    hand_total,
    hard_total,
    is_blackjack,
    parse_hand,
    parse_up,
    shoe_counts,
    slot_of,
    subtract,
    successors,
)
from baccarat_exact.errors import CardError, ShoeError
from baccarat_exact.model.cards import RANKS, Rank
from baccarat_exact.model.shoe import Shoe


def test_every_ten_valued_rank_shares_the_ten_slot() -> None:
    assert [slot_of(rank) for rank in RANKS] == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 9]


def test_shoe_counts_merge_tens() -> None:
    assert shoe_counts(Shoe.from_decks(6)) == (24,) * 9 + (96,)
    assert shoe_counts(Shoe.from_decks(1).remove("K Q 5")) == (4, 4, 4, 4, 3, 4, 4, 4, 4, 14)


@pytest.mark.parametrize(
    ("cards", "total", "soft"),
    [
        ("A 6", 17, True),
        ("A 6 T", 17, False),
        ("A A", 12, True),
        ("A A T", 12, False),
        ("A 5 5", 21, True),
        ("T 6", 16, False),
        ("A K", 21, True),
        ("9 8 5", 22, False),
    ],
)
def test_hand_totals(cards: str, total: int, soft: bool) -> None:
    assert hand_total(hand_counts(parse_hand(cards))) == (total, soft)


def test_blackjack_is_two_cards_ace_and_ten() -> None:
    assert is_blackjack(hand_counts(parse_hand("A J")))
    assert not is_blackjack(hand_counts(parse_hand("A 5 5")))
    assert not is_blackjack(hand_counts(parse_hand("T T")))


def test_successors_add_one_card() -> None:
    hand = hand_counts(parse_hand("7 7"))
    for slot, after in enumerate(successors(hand)):
        assert after == add_card(hand, slot)
        assert hard_total(after) == hard_total(hand) + slot + 1


def test_parse_errors_quote_the_input() -> None:
    with pytest.raises(CardError, match="at least two cards"):
        parse_hand("9")
    with pytest.raises(CardError, match="unknown card 'Z'"):
        parse_hand("9 Z")
    with pytest.raises(CardError, match="one card"):
        parse_up("5 6")
    assert parse_up("10") is Rank.TEN


def test_subtract_refuses_missing_cards() -> None:
    assert subtract((4,) * 10, (1,) + (0,) * 9)[ACE] == 3
    with pytest.raises(ShoeError, match="value T"):
        subtract((0,) * 10, (0,) * 9 + (1,))
    assert TEN == 9
