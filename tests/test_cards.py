"""Card notation: ranks, values, xN multiplicities, errors."""

from __future__ import annotations

import pytest

from baccarat_exact.errors import CardError
from baccarat_exact.model.cards import (
    POINT_VALUE,
    RANKS,
    Card,
    Rank,
    Suit,
    format_cards,
    parse_card_counts,
    parse_cards,
    parse_rank,
    parse_ranks,
)


def test_thirteen_ranks_in_order() -> None:
    assert "".join(r.value for r in RANKS) == "A23456789TJQK"


def test_point_values_follow_the_seeds() -> None:
    # RULES.md: Ace = 1, 2-9 face value, 10/J/Q/K = 0.
    assert dict(zip("A23456789TJQK", POINT_VALUE)) == {
        "A": 1,
        "2": 2,
        "3": 3,
        "4": 4,
        "5": 5,
        "6": 6,
        "7": 7,
        "8": 8,
        "9": 9,
        "T": 0,
        "J": 0,
        "Q": 0,
        "K": 0,
    }
    assert Rank.KING.point == 0 and Rank.ACE.point == 1


@pytest.mark.parametrize("text", ["10", "t", "T"])
def test_ten_is_written_three_ways(text: str) -> None:
    assert parse_rank(text) is Rank.TEN


def test_multiplicities_and_separators() -> None:
    assert parse_ranks("5x3 K, 9 a") == (Rank.FIVE,) * 3 + (Rank.KING, Rank.NINE, Rank.ACE)
    assert parse_ranks("10X2") == (Rank.TEN, Rank.TEN)
    assert parse_cards("") == ()


def test_a_card_without_a_suit_is_one_of_unknown_suit() -> None:
    assert parse_cards("K") == (Card(Rank.KING),) and Card(Rank.KING).suit is None


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("As", Card(Rank.ACE, Suit.SPADES)),
        ("kH", Card(Rank.KING, Suit.HEARTS)),
        ("Td", Card(Rank.TEN, Suit.DIAMONDS)),
        ("10c", Card(Rank.TEN, Suit.CLUBS)),
        ("Q♠", Card(Rank.QUEEN, Suit.SPADES)),
        ("9♥", Card(Rank.NINE, Suit.HEARTS)),
        ("2♦", Card(Rank.TWO, Suit.DIAMONDS)),
        ("J♣", Card(Rank.JACK, Suit.CLUBS)),
    ],
)
def test_suits_in_every_notation(text: str, card: Card) -> None:
    assert parse_cards(text) == (card,)


def test_suited_multiplicities_expand_without_losing_the_suit() -> None:
    assert parse_cards("Qsx2 5x2") == (Card(Rank.QUEEN, Suit.SPADES),) * 2 + (Card(Rank.FIVE),) * 2
    assert parse_card_counts("Qsx2 5x2") == (
        (Card(Rank.QUEEN, Suit.SPADES), 2),
        (Card(Rank.FIVE), 2),
    )


def test_format_round_trips() -> None:
    cards = parse_cards("5x3 K 9 9 A As Kh Kh")
    assert parse_cards(format_cards(cards)) == cards
    assert format_cards(cards) == "5x3 K 9x2 A As Khx2"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Z", "unknown card 'Z'"),
        ("11", "unknown card '11'"),
        ("5x0", "N in xN must be 1 or more"),
        ("5x-2", "N in xN must be 1 or more"),
        ("5xx", "bad multiplicity"),
        ("Zx3", "unknown card 'Z'"),
        ("Kz", "unknown card 'Kz'"),
        ("Ksx0", "N in xN must be 1 or more"),
        ("Asx", "bad multiplicity"),
    ],
)
def test_bad_cards_name_the_input(text: str, message: str) -> None:
    with pytest.raises(CardError, match=message):
        parse_cards(text)
