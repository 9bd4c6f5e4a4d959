"""The shoe: constructors, values, removal, errors."""

from __future__ import annotations

import pytest

from baccarat_exact.errors import CardError, ShoeError
from baccarat_exact.model.cards import Rank
from baccarat_exact.model.shoe import Shoe


def test_decks() -> None:
    shoe = Shoe.from_decks(8)
    assert shoe.cards == 416
    assert shoe.values == (128, 32, 32, 32, 32, 32, 32, 32, 32, 32)


def test_remove_returns_a_new_shoe() -> None:
    full = Shoe.from_decks(1)
    less = full.remove("5x3 K 9")
    assert full.cards == 52 and less.cards == 47
    assert less.count(Rank.FIVE) == 1 and less.count("K") == 3 and less.count("9") == 3
    assert less.remove("") is less
    assert less.add("5x3 K 9") == full


def test_remove_ranks_and_iterables() -> None:
    shoe = Shoe.from_decks(1)
    assert shoe.remove(Rank.ACE) == shoe.remove("A") == shoe.remove([Rank.ACE])


def test_counts_mapping_and_parse_agree() -> None:
    built = Shoe.from_counts({"A": 3, "10": 2, Rank.KING: 1})
    assert built == Shoe.parse("A=3,T=2,K=1") == Shoe.parse("a=3 10=2 k=1")
    assert built.values[0] == 3 and built.values[1] == 3


def test_repr_round_trips() -> None:
    shoe = Shoe.from_decks(2).remove("7x5")
    assert eval(repr(shoe), {"Shoe": Shoe}) == shoe
    inf = Shoe.infinite_shoe({"9": 1, "8": 2})
    assert eval(repr(inf), {"Shoe": Shoe}) == inf


def test_removing_too_many_says_which_rank_and_how_many_left() -> None:
    with pytest.raises(ShoeError, match="cannot remove 5 fives: the shoe holds only 4 fives"):
        Shoe.from_decks(1).remove("5x5")
    with pytest.raises(ShoeError, match="holds only 0 kings"):
        Shoe.from_counts({"A": 8}).remove("K")


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: Shoe.from_decks(0), ShoeError, "1 or more"),
        (lambda: Shoe.from_counts([1] * 12), ShoeError, "expected 13 counts"),
        (lambda: Shoe.from_counts({"A": -1}), ShoeError, "must not be negative"),
        (lambda: Shoe.parse("A=x"), ShoeError, "whole number"),
        (lambda: Shoe.parse("A=1,A=2"), ShoeError, "given twice"),
        (lambda: Shoe.parse("A"), ShoeError, "RANK=COUNT"),
        (lambda: Shoe.parse("Z=1"), CardError, "unknown card"),
        (lambda: Shoe.infinite_shoe().remove("A"), ShoeError, "infinite"),
        (lambda: Shoe.infinite_shoe([0] * 13), ShoeError, "positive proportion"),
    ],
)
def test_impossible_shoes(make, error, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error, match=message):
        make()
