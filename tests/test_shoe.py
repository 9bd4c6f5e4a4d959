"""The shoe: constructors, values, removal, errors."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat_exact.errors import BaccaratError, CardError, ShoeError
from baccarat_exact.model.cards import (
    RANKS,
    SUITS,
    Card,
    Rank,
    Suit,
    format_cards,
    parse_cards,
    tally_cards,
)
from baccarat_exact.model.shoe import Shoe, SuitRow


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


# -- shoes by rank and suit -------------------------------------------------------------

FULL_ROW: SuitRow = (1, 1, 1, 1)
ZERO_ROW: SuitRow = (0, 0, 0, 0)
RANK_SYMBOLS = "A23456789TJQK"


def _rows(**changes: SuitRow | None) -> tuple[SuitRow | None, ...]:
    """13 suit rows, one deck's by default, with some ranks (``A=...``, ``K=...``) changed."""
    return tuple(changes.get(rank, FULL_ROW) for rank in RANK_SYMBOLS)


def _message(error: pytest.ExceptionInfo[BaccaratError]) -> str:
    text = str(error.value)
    assert "\n" not in text, f"an error message must be one line: {text!r}"
    return text


@pytest.mark.parametrize("decks", [1, 2, 8])
def test_from_decks_holds_d_cards_of_each_rank_and_suit(decks: int) -> None:
    shoe = Shoe.from_decks(decks)
    assert shoe.suits == ((decks,) * 4,) * 13
    assert shoe.suit_rows() == shoe.suits
    assert shoe.counts == (4 * decks,) * 13
    assert shoe.suits_exact and shoe.count_only_ranks() == ()
    assert all(shoe.unknown_out(rank) == 0 for rank in RANKS)
    assert shoe.deck_form() == (decks, ())


@pytest.mark.parametrize("decks", [1, 3])
def test_rank_counts_of_whole_decks_are_read_as_decks(decks: int) -> None:
    by_counts = Shoe(counts=(4 * decks,) * 13)
    by_mapping = Shoe.from_counts({rank: 4 * decks for rank in RANK_SYMBOLS})
    by_text = Shoe.parse(",".join(f"{rank}={4 * decks}" for rank in RANK_SYMBOLS))
    assert by_counts == by_mapping == by_text == Shoe.from_decks(decks)
    assert by_counts.suits == ((decks,) * 4,) * 13


@pytest.mark.parametrize(
    "counts",
    [
        (2,) * 13,  # equal, but not a multiple of 4: no whole number of decks
        (4,) * 12 + (5,),  # one rank off a deck
        (8,) * 12 + (4,),  # multiples of 4, unequal
        (4,) * 9 + (16,) + (0,) * 3,  # a deck's values, not its ranks
    ],
)
def test_other_rank_counts_have_suits_unknown(counts: tuple[int, ...]) -> None:
    """Ranks with cards are known by count only; a rank without a card has nothing unknown."""
    shoe = Shoe.from_counts(counts)
    expected = tuple(None if n else ZERO_ROW for n in counts)
    assert shoe.suits == expected and shoe.suit_rows() == expected
    assert shoe.count_only_ranks() == tuple(r for r, n in zip(RANKS, counts) if n > 1)
    assert not shoe.suits_exact
    assert all(shoe.unknown_out(rank) == 0 for rank in RANKS)
    assert shoe.deck_form() is None
    assert Shoe.from_counts(dict(zip(RANK_SYMBOLS, counts))) == shoe


def test_count_only_ranks_leave_out_ranks_of_fewer_than_two_cards() -> None:
    shoe = Shoe.parse("A=5,K=1,9=2")
    assert shoe.count_only_ranks() == (Rank.ACE, Rank.NINE)
    assert shoe.suits is not None and shoe.suits[12] is None and shoe.suits[1] == ZERO_ROW


def test_from_counts_by_suit_and_by_rank_together() -> None:
    shoe = Shoe.from_counts({"As": 2, "Ah": 1, "K": 5, "9♦": 3})
    assert shoe.counts == (3, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 5)
    assert shoe.suits == ((2, 1, 0, 0),) + (ZERO_ROW,) * 7 + ((0, 0, 3, 0),) + (ZERO_ROW,) * 3 + (
        None,
    )
    assert shoe.count_only_ranks() == (Rank.KING,)
    assert not shoe.suits_exact
    assert Shoe.parse("As=2,Ah=1,K=5,9d=3") == shoe
    assert (
        Shoe.from_counts({Card(Rank.ACE, Suit.SPADES): 2, "AH": 1, Rank.KING: 5, "9D": 3}) == shoe
    )


def test_from_suits_knows_every_card() -> None:
    rows = [[r % 3, (r + 1) % 2, 0, r // 4] for r in range(13)]
    shoe = Shoe.from_suits(rows)
    assert shoe.suits == tuple(tuple(row) for row in rows)
    assert shoe.counts == tuple(sum(row) for row in rows)
    assert shoe.suits_exact and shoe.count_only_ranks() == ()


def test_parse_decks_less_suited_and_unsuited_cards() -> None:
    shoe = Shoe.parse("8 decks less 5x3 As")
    assert shoe.cards == 416 - 4
    assert shoe.count("5") == 29 and shoe.count("A") == 31
    assert shoe.suit_rows()[4] == (8, 8, 8, 8) and shoe.unknown_out("5") == 3
    assert shoe.suit_rows()[0] == (7, 8, 8, 8) and shoe.unknown_out("A") == 0
    assert shoe == Shoe.from_decks(8).remove("5 5 5 As") == Shoe.from_decks(8).remove("As 5x3")


def test_parse_composition_less_a_card_of_unknown_suit() -> None:
    shoe = Shoe.parse("As=2,Ah=1,K=5 less A")
    assert shoe.count("A") == 2 and shoe.count("K") == 5 and shoe.cards == 7
    assert shoe.suit_rows()[0] == (2, 1, 0, 0) and shoe.unknown_out("A") == 1
    assert shoe.suit_rows()[12] is None and shoe.unknown_out("K") == 0
    assert shoe == Shoe.from_counts({"As": 2, "Ah": 1, "K": 5}).remove("A")


def test_suit_symbols_and_case_are_one_notation() -> None:
    two = Shoe.from_decks(2)
    cards = [
        Card(Rank.ACE, Suit.SPADES),
        Card(Rank.KING, Suit.HEARTS),
        Card(Rank.TEN, Suit.DIAMONDS),
        Card(Rank.TEN, Suit.CLUBS),
        Card(Rank.FIVE, Suit.SPADES),
    ]
    assert two.remove("A♠ K♥ T♦ 10♣ 5♤") == two.remove("as KH td Tc 5s") == two.remove(cards)


def test_a_suited_card_is_taken_from_its_suit() -> None:
    shoe = Shoe.from_decks(2).remove("As Qsx2 Qh")
    assert shoe.suit_rows() == _rows(A=(1, 2, 2, 2), Q=(0, 1, 2, 2), **_others(2))
    assert shoe.count("A") == 7 and shoe.count("Q") == 5
    assert shoe.unknown_out("A") == shoe.unknown_out("Q") == 0
    assert shoe.suits_exact


def _others(decks: int) -> dict[str, SuitRow]:
    """Rows of ``decks`` decks for every rank but A and Q (for :func:`_rows`)."""
    return {rank: (decks,) * 4 for rank in RANK_SYMBOLS if rank not in "AQ"}


def test_a_card_of_unknown_suit_leaves_the_suit_row_and_takes_from_the_count() -> None:
    shoe = Shoe.from_decks(1).remove("A Qx3")
    assert shoe.suit_rows() == _rows()  # rows are what each rank started from
    assert shoe.count("A") == 3 and shoe.count("Q") == 1
    assert shoe.unknown_out("A") == 1 and shoe.unknown_out(Rank.QUEEN) == 3
    assert shoe.unknown_out("K") == 0
    assert not shoe.suits_exact
    assert shoe.count_only_ranks() == ()  # the suits are averaged over, not unknown


def test_unknown_then_suited_equals_suited_then_unknown() -> None:
    deck = Shoe.from_decks(1)
    first_unknown = deck.remove("A").remove("As")
    first_suited = deck.remove("As").remove("A")
    assert first_unknown == first_suited == deck.remove("A As") == deck.remove("As A")
    # by hand: the spade is out for sure, one of the three other aces (unknown) with it
    assert first_unknown.suit_rows()[0] == (0, 1, 1, 1)
    assert first_unknown.count("A") == 2 and first_unknown.unknown_out("A") == 1


def test_the_last_aces_of_unknown_suit_can_still_be_named() -> None:
    shoe = Shoe.from_decks(1).remove("Ax3")
    assert shoe.count("A") == 1 and shoe.unknown_out("A") == 3
    last = shoe.remove("Ad")  # the one ace left was the diamond
    assert last.count("A") == 0 and last.suit_rows()[0] == (1, 1, 0, 1)
    assert last.unknown_out("A") == 3 and last.suits_exact


def test_a_suited_card_of_a_rank_known_by_count_only_takes_from_its_count() -> None:
    shoe = Shoe.parse("K=5,As=1").remove("Ks")
    assert shoe.count("K") == 4 and shoe.suit_rows()[12] is None
    assert shoe.unknown_out("K") == 0 and shoe.count_only_ranks() == (Rank.KING,)


@pytest.mark.parametrize(
    "cards", ["As", "A", "A As Kh", "Asx2 Kx3", "5♥x2 5 5", "Qs Qh Qd Qc Q Q Q Q"]
)
def test_add_is_the_inverse_of_remove(cards: str) -> None:
    for shoe in (Shoe.from_decks(2), Shoe.from_decks(2).remove("A Kh 9x4 5d 5x2")):
        assert shoe.remove(cards).add(cards) == shoe


@pytest.mark.parametrize("cards", ["As", "Asx2 Kh", "5♥x2 5s", "Qs Qh Qd Qc"])
def test_remove_undoes_add_of_suited_cards(cards: str) -> None:
    for shoe in (Shoe.from_decks(2), Shoe.from_decks(2).remove("A Kh 9x4 5d 5x2")):
        assert shoe.add(cards).remove(cards) == shoe


def test_remove_undoes_add_of_unknown_cards_where_as_many_were_taken_out() -> None:
    shoe = Shoe.from_decks(2).remove("Qx4 5x2")
    assert shoe.add("Qx3 5x2").remove("Qx3 5x2") == shoe
    # one more five of unknown suit than were taken out: fives are now known by count only
    beyond = shoe.add("5x3").remove("5x3")
    assert beyond.counts == shoe.counts and beyond.suit_rows()[4] is None


def test_adding_a_card_of_unknown_suit_none_was_taken_makes_the_rank_count_only() -> None:
    shoe = Shoe.from_decks(1).add("A")
    assert shoe.count("A") == 5 and shoe.suit_rows()[0] is None
    assert shoe.count_only_ranks() == (Rank.ACE,) and shoe.unknown_out("A") == 0
    assert shoe.suit_rows()[1:] == _rows()[1:]
    assert shoe.deck_form() is None
    # once one was taken out, putting one back restores the rank's suits
    assert Shoe.from_decks(1).remove("A").add("A") == Shoe.from_decks(1)
    # a suited card put back goes to its suit
    assert Shoe.from_decks(1).add("Ah").suit_rows()[0] == (1, 2, 1, 1)


def test_deck_form_names_the_missing_cards() -> None:
    shoe = Shoe.from_decks(2).remove("Ax3 As Khx2 9")
    form = shoe.deck_form()
    assert form is not None
    decks, out = form
    expected = [Card(Rank.ACE)] * 3 + [Card(Rank.ACE, Suit.SPADES), Card(Rank.NINE)]
    expected += [Card(Rank.KING, Suit.HEARTS)] * 2
    assert decks == 2 and Counter(out) == Counter(expected)
    assert Shoe.from_decks(2).remove(out) == shoe
    assert Shoe.infinite_shoe().deck_form() is None
    assert Shoe.parse("As=1,K=2").deck_form() is None


def test_infinite_shoes_deal_every_suit_alike() -> None:
    shoe = Shoe.infinite_shoe({"9": 2, "K": 4})
    assert shoe.suits is None and shoe.suits_exact and shoe.count_only_ranks() == ()
    # the proportions reduced by their gcd, 2, in every suit
    assert shoe.suit_rows()[8] == (1, 1, 1, 1) and shoe.suit_rows()[12] == (2, 2, 2, 2)
    assert shoe.suit_rows()[0] == ZERO_ROW
    assert "suits" not in shoe.to_dict()


def test_to_dict_writes_the_suit_rows() -> None:
    document = Shoe.parse("As=2,Ah=1,K=5 less A").to_dict()
    assert document["cards"] == 7 and document["infinite"] is False
    assert document["counts"]["A"] == 2 and document["counts"]["K"] == 5
    assert document["suits"]["A"] == [2, 1, 0, 0]
    assert document["suits"]["K"] is None
    assert document["suits"]["5"] == [0, 0, 0, 0]
    assert list(document["suits"]) == list(RANK_SYMBOLS)


def test_from_dict_without_suits_reads_ranks_by_count() -> None:
    whole = {"counts": {rank: 8 for rank in RANK_SYMBOLS}}
    assert Shoe.from_dict(whole) == Shoe.from_decks(2)
    partial = {"counts": {"A": 3, "K": 4}}
    assert Shoe.from_dict(partial).suits == (None,) + (ZERO_ROW,) * 11 + (None,)


ROUND_TRIP_SHOES: list[Shoe] = [
    Shoe.from_decks(8),
    Shoe.from_decks(1).remove("5x3 K 9"),
    Shoe.from_decks(2).remove("Ax3 As Khx2"),
    Shoe.from_decks(1).remove("Ax4"),
    Shoe.from_decks(1).remove(" ".join(f"{r}{s}" for r in "A23456789TJQ" for s in "shdc")),
    Shoe.from_decks(1).add("A"),
    Shoe.from_decks(1).add("Kd"),
    Shoe.from_counts([3, 0, 1, 7, 0, 0, 0, 0, 0, 2, 0, 0, 9]),
    Shoe.from_counts([0] * 13),
    Shoe.from_counts({"As": 2, "Ah": 1}),
    Shoe.parse("As=2,Ah=1,K=5 less A"),
    Shoe.parse("Ks=3,Kh=1,5d=4,9=2 less K 5"),
    Shoe.from_suits([[1, 0, 0, 0]] * 13),
    Shoe.infinite_shoe(),
    Shoe.infinite_shoe({"9": 1, "8": 2}),
    Shoe.infinite_shoe([4] * 13),
]


@pytest.mark.parametrize("shoe", ROUND_TRIP_SHOES, ids=repr)
def test_repr_parse_and_dict_round_trip(shoe: Shoe) -> None:
    _assert_round_trips(shoe)


def _assert_round_trips(shoe: Shoe) -> None:
    assert eval(repr(shoe), {"Shoe": Shoe}) == shoe
    assert Shoe.parse(shoe.composition()) == shoe
    back = Shoe.from_dict(json.loads(json.dumps(shoe.to_dict())))
    assert back == shoe and hash(back) == hash(shoe)


@pytest.mark.parametrize(
    "shoe",
    [
        Shoe.parse("As=2,Ah=1,K=1").remove("K"),
        Shoe.from_decks(1).add("A").remove("Ax5"),
    ],
    ids=repr,
)
def test_repr_round_trips_when_a_count_only_rank_runs_out(shoe: Shoe) -> None:
    """A rank known by count only that has run out holds no card of unknown suit."""
    assert eval(repr(shoe), {"Shoe": Shoe}) == shoe
    assert shoe.suit_rows()[12 if shoe.count("K") == 0 else 0] == (0, 0, 0, 0)


@st.composite
def removals_from_decks(draw: st.DrawFn) -> tuple[int, list[Card]]:
    """1–2 decks and up to 30 cards taken out one at a time, each either a card of a suit
    the model still holds or a card of unknown suit of a rank with cards left."""
    decks = draw(st.integers(1, 2))
    rows = [[decks] * 4 for _ in range(13)]
    counts = [4 * decks] * 13
    cards: list[Card] = []
    for _ in range(draw(st.integers(0, 30))):
        rank = draw(st.sampled_from([r for r in range(13) if counts[r] > 0]))
        suits = [s for s in range(4) if rows[rank][s] > 0]
        suit = draw(st.sampled_from([None, *suits]))
        counts[rank] -= 1
        if suit is not None:
            rows[rank][suit] -= 1
        cards.append(Card(RANKS[rank], None if suit is None else SUITS[suit]))
    return decks, cards


@settings(max_examples=150, deadline=None)
@given(removals_from_decks(), st.randoms(use_true_random=False))
def test_removals_round_trip_and_commute(case: tuple[int, list[Card]], rng: Random) -> None:
    decks, cards = case
    full = Shoe.from_decks(decks)
    shoe = full
    for card in cards:
        shoe = shoe.remove(card)
    # the model by hand: rows lose suited cards only, counts lose every card
    rows = [[decks] * 4 for _ in range(13)]
    counts = [4 * decks] * 13
    for card in cards:
        counts[card.rank.ordinal] -= 1
        if card.suit is not None:
            rows[card.rank.ordinal][card.suit.ordinal] -= 1
    assert shoe.counts == tuple(counts)
    assert shoe.suit_rows() == tuple(tuple(row) for row in rows)
    unknown = Counter(card.rank for card in cards if card.suit is None)
    assert [shoe.unknown_out(rank) for rank in RANKS] == [unknown[rank] for rank in RANKS]
    assert shoe.suits_exact == all(
        unknown[rank] == 0 or counts[rank.ordinal] == 0 for rank in RANKS
    )
    _assert_round_trips(shoe)
    shuffled = list(cards)
    rng.shuffle(shuffled)
    assert full.remove(shuffled) == shoe == full.remove(format_cards(cards))
    assert shoe.add(shuffled) == full


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (
            lambda: Shoe.from_decks(1).remove("As As"),
            ShoeError,
            "cannot remove 2 aces of spades: the shoe holds at most 1",
        ),
        (
            lambda: Shoe.from_decks(1).remove("As").remove("As"),
            ShoeError,
            "cannot remove 1 ace of spades: the shoe holds at most 0",
        ),
        (
            lambda: Shoe.from_decks(2).remove("Khx3"),
            ShoeError,
            "cannot remove 3 kings of hearts: the shoe holds at most 2",
        ),
        (
            lambda: Shoe.from_decks(1).remove("Ax3").remove("As Ah"),
            ShoeError,
            "cannot remove 2 aces: the shoe holds only 1 ace",
        ),
        (
            lambda: Shoe.from_counts({"As": 2, "A": 3}),
            ShoeError,
            "rank A is given both by count",
        ),
        (
            lambda: Shoe.from_counts({"K": 1, "Kd": 1}),
            ShoeError,
            "rank K is given both by count",
        ),
        (lambda: Shoe.parse("As=2,A=3"), ShoeError, "rank A is given both by count"),
        (lambda: Shoe.parse("9=1,9c=2 less 9"), ShoeError, "rank 9 is given both by count"),
        (lambda: Shoe.parse("As=1,As=2"), ShoeError, "card As is given twice"),
        (lambda: Shoe.parse("As=1,a♠=2"), ShoeError, "card As is given twice"),
        (
            lambda: Shoe.from_counts({"Qh": 1, Card(Rank.QUEEN, Suit.HEARTS): 2}),
            ShoeError,
            "card Qh is given twice",
        ),
        (lambda: Shoe.from_counts({"A": 1, "a": 2}), ShoeError, "rank A is given twice"),
        (lambda: Shoe.parse("Kz=1"), CardError, "unknown card 'Kz'"),
        (lambda: Shoe.from_decks(1).remove("Kz"), CardError, "unknown card 'Kz'"),
        (lambda: Shoe.from_decks(1).remove("Asx0"), CardError, "bad multiplicity in 'Asx0'"),
        (lambda: Shoe.from_suits([[1, 0, 0]] * 13), ShoeError, "suits must be 13 rows"),
        (
            lambda: Shoe(counts=(4,) * 13, suits=((1, 1, 1, 0),) * 13),
            ShoeError,
            "A holds 4 cards but its suits add up to only 3",
        ),
        (
            lambda: Shoe(counts=(1,) * 13, suits=(None,) * 13, infinite=True),
            ShoeError,
            "an infinite shoe deals every suit of a rank alike",
        ),
        (lambda: Shoe.infinite_shoe().add("As"), ShoeError, "cannot add cards to an infinite"),
        (
            lambda: Shoe.from_dict({"counts": {"A": 1}, "suits": {"A": [1, 0]}}),
            ShoeError,
            "suits of A must be [s, h, d, c] counts",
        ),
    ],
)
def test_suit_errors_are_one_line(
    make: Callable[[], Shoe], error: type[BaccaratError], message: str
) -> None:
    with pytest.raises(error) as caught:
        make()
    assert _message(caught).startswith(message)


# -- shoes made without a second check are the shoes the checked constructor makes --------

SUIT_SYMBOLS = "shdc"


def _as_checked(shoe: Shoe) -> Shoe:
    """``shoe`` made again by the public constructor, which checks every count and row."""
    return Shoe(counts=shoe.counts, suits=shoe.suits)


def _assert_same_as_checked(shoe: Shoe) -> None:
    checked = _as_checked(shoe)
    assert shoe == checked and hash(shoe) == hash(checked)
    assert type(shoe.counts) is tuple and type(shoe.suits) is tuple
    assert all(row is None or type(row) is tuple for row in shoe.suits)


@st.composite
def shoes_to_change(draw: st.DrawFn) -> tuple[Shoe, list[int], list[list[int] | None]]:
    """A finite shoe (whole decks, or ranks by count, by suit or absent) and, by hand, its
    counts and suit rows (None: a rank known by count only)."""
    if draw(st.booleans()):
        decks = draw(st.integers(1, 3))
        return Shoe.from_decks(decks), [4 * decks] * 13, [[decks] * 4 for _ in range(13)]
    mapping: dict[Rank | Card | str, int] = {}
    counts: list[int] = []
    rows: list[list[int] | None] = []
    for symbol in RANK_SYMBOLS:
        how = draw(st.sampled_from(["absent", "count", "suits"]))
        if how == "suits":
            cells = [draw(st.integers(0, 3)) for _ in SUIT_SYMBOLS]
            mapping.update({symbol + suit: m for suit, m in zip(SUIT_SYMBOLS, cells)})
            counts.append(sum(cells))
            rows.append(cells)
        elif how == "count":
            n = draw(st.integers(0, 6))
            mapping[symbol] = n
            counts.append(n)
            rows.append(None if n else [0, 0, 0, 0])
        else:
            counts.append(0)
            rows.append([0, 0, 0, 0])
    return Shoe.from_counts(mapping), counts, rows


def _rows_made(rows: list[list[int] | None], counts: list[int]) -> tuple[SuitRow | None, ...]:
    """The rows a shoe keeps: as tuples, and a row of zeros for a rank of no card known by
    count only (nothing of it is unknown)."""
    return tuple(
        ZERO_ROW
        if row is None and n == 0
        else None
        if row is None
        else (row[0], row[1], row[2], row[3])
        for row, n in zip(rows, counts)
    )


ANY_CARD = st.builds(Card, st.sampled_from(RANKS), st.one_of(st.none(), st.sampled_from(SUITS)))


@settings(max_examples=300, deadline=None)
@given(shoes_to_change(), st.lists(ANY_CARD, max_size=40))
def test_removals_give_the_shoe_the_checked_constructor_gives(
    start: tuple[Shoe, list[int], list[list[int] | None]], cards: list[Card]
) -> None:
    """The removal checks only what it changes and builds the shoe unchecked: the shoe is
    the one the checked constructor makes from the counts and rows worked out by hand, in
    every form the cards can be given; a removal the shoe cannot give is refused, naming
    the first rank short (then the first card short, in rank and suit order)."""
    shoe, counts, rows = start
    _assert_same_as_checked(shoe)
    want = Counter(card.rank.ordinal for card in cards)
    suited = Counter((card.rank.ordinal, card.suit.ordinal) for card in cards if card.suit)
    short_rank = [r for r in range(13) if want[r] > counts[r]]
    short_suit = sorted(
        (r, s) for (r, s), n in suited.items() if (row := rows[r]) is not None and n > row[s]
    )
    forms: list[str | list[Card] | tuple[Card | Rank, ...]] = [
        cards,
        tuple(card.rank if card.suit is None else card for card in cards),
        format_cards(cards),
        " ".join(map(str, cards)),
        ", ".join(str(card).lower() for card in cards),
    ]
    if short_rank or short_suit:
        for form in forms:
            with pytest.raises(ShoeError) as caught:
                shoe.remove(form)
            if short_rank:
                r = short_rank[0]
                held = f"holds only {counts[r]} "
                assert _message(caught).startswith(
                    f"cannot remove {want[r]} "
                ) and held in _message(caught)
            else:
                r, s = short_suit[0]
                named = f"cannot remove {suited[r, s]} "
                assert _message(caught).startswith(named)
                assert _message(caught).endswith(f"holds at most {rows[r][s]}")  # type: ignore[index]
        return
    for card in cards:
        r = card.rank.ordinal
        counts[r] -= 1
        row = rows[r]
        if card.suit is not None and row is not None:
            row[card.suit.ordinal] -= 1
    expected = Shoe(counts=tuple(counts), suits=_rows_made(rows, counts))
    for form in forms:
        left = shoe.remove(form)
        assert left == expected and hash(left) == hash(expected)
        _assert_same_as_checked(left)
    back = shoe.remove(cards).add(cards)
    _assert_same_as_checked(back)
    assert back == shoe.remove(cards).add(" ".join(map(str, cards)))
    assert back.counts == shoe.counts


def _assert_tallied_as_read(text: str) -> None:
    """The tally of ``text`` is its cards read one by one, or the error their reading gives."""
    try:
        expected = Counter(parse_cards(text))
    except CardError as error:
        with pytest.raises(CardError, match=re.escape(str(error))):
            tally_cards(text)
        return
    assert tally_cards(text) == dict(expected)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from([*RANK_SYMBOLS, *RANK_SYMBOLS.lower(), "10", "As", "kH", "5x3", "Z"]),
        max_size=60,
    )
)
def test_a_long_list_of_cards_is_tallied_as_each_card_read_in_turn(tokens: list[str]) -> None:
    """However a list is counted (by each symbol's search, or token by token), the tally
    is the cards read one by one; a token that is no card gets the error the reader gives."""
    text = " ".join(tokens)
    _assert_tallied_as_read(text)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 160).flatmap(  # lengths drawn evenly: short lists and long ones
        lambda n: st.lists(
            st.sampled_from([*RANK_SYMBOLS, *RANK_SYMBOLS.lower()]), min_size=n, max_size=n
        )
    ),
    st.sampled_from([" ", ", ", "  ", "\t", " \n"]),
    st.one_of(
        st.none(), st.tuples(st.integers(0, 160), st.sampled_from(["Z", "As", "♠", "10", "\udcff"]))
    ),
)
def test_a_list_of_one_character_cards_is_tallied_however_it_is_separated(
    symbols: list[str], separator: str, other: tuple[int, str] | None
) -> None:
    """A long list of one-character cards is counted without reading each token (every
    second character, then one pass by numpy from 64 cards on); with any separator, and
    with one other token among them (a card or not), the tally is the cards read one by
    one, or the error their reading gives."""
    if other is not None:
        symbols.insert(other[0], other[1])
    text = separator.join(symbols)
    _assert_tallied_as_read(text)


@settings(max_examples=100, deadline=None)
@given(
    st.integers(0, 200).flatmap(lambda n: st.lists(st.sampled_from(RANKS), min_size=n, max_size=n))
)
def test_a_list_of_ranks_removes_what_its_text_removes(ranks: list[Rank]) -> None:
    """A list of ranks alone is counted as the text of their symbols: the same shoe (or
    refusal) as the ranks written out, and as the cards of unknown suit they stand for."""
    shoe = Shoe.from_decks(4)
    forms = [tuple(ranks), ranks, [Card(rank) for rank in ranks]]
    try:
        expected = shoe.remove(" ".join(rank.value for rank in ranks))
    except ShoeError as error:  # more of a rank than four decks hold: the same refusal
        for form in forms:
            with pytest.raises(ShoeError, match=re.escape(str(error))):
                shoe.remove(form)
        return
    assert all(shoe.remove(form) == expected for form in forms)


@pytest.mark.parametrize("where", [0, 40, 99])
def test_a_string_among_ranks_is_refused_not_counted_as_its_rank(where: int) -> None:
    """``"A"`` equals ``Rank.ACE`` (a rank is a string of its symbol), but a list of
    cards takes cards and ranks only: the string is named, wherever it stands."""
    ranks: list[object] = [Rank.ACE] * 100
    ranks[where] = "A"
    with pytest.raises(CardError, match="expected a Card or a Rank, got 'A'"):
        Shoe.from_decks(8).remove(ranks)  # type: ignore[arg-type]


@st.composite
def rows_maybe_spoiled(draw: st.DrawFn) -> tuple[list[object], list[int]]:
    """13 suit rows (None, or 4 counts) and 13 counts a shoe could hold, then perhaps one
    fault: a cell that is no whole number of 0 or more, a row of 3 or 5 cells, or a count
    above its row's sum."""
    rows: list[Any] = [
        draw(st.one_of(st.none(), st.lists(st.integers(0, 3), min_size=4, max_size=4)))
        for _ in range(13)
    ]
    counts = [draw(st.integers(0, 6 if row is None else sum(row))) for row in rows]
    r = draw(st.integers(0, 12))
    fault = draw(st.sampled_from(["none", "cell", "length", "count"]))
    row = rows[r]
    if fault == "cell" and row is not None:
        row[draw(st.integers(0, 3))] = draw(st.sampled_from([True, False, 1.0, -1, "1", None]))
    elif fault == "length" and row is not None:
        rows[r] = row[:3] if draw(st.booleans()) else [*row, 0]
    elif fault == "count" and row is not None:
        counts[r] = sum(row) + 1
    return [
        None if row is None else draw(st.sampled_from([tuple, list]))(row) for row in rows
    ], counts


@settings(max_examples=300, deadline=None)
@given(rows_maybe_spoiled())
def test_the_constructor_takes_exactly_the_rows_it_should(
    case: tuple[list[object], list[int]],
) -> None:
    """Rows of 4 whole numbers (not True, not 1.0) of 0 or more adding up to at least the
    count, or None, are taken (as tuples; a rank of no card known by count only becomes a
    row of zeros); anything else is refused in one line."""
    suits, counts = case
    valid = all(
        row is None
        or (
            len(row) == 4  # type: ignore[arg-type]
            and all(type(m) is int and m >= 0 for m in row)  # type: ignore[attr-defined]
            and sum(row) >= n  # type: ignore[call-overload]
        )
        for row, n in zip(suits, counts)
    )
    if not valid:
        with pytest.raises(ShoeError) as caught:
            Shoe(counts=tuple(counts), suits=tuple(suits))  # type: ignore[arg-type]
        _message(caught)
        return
    shoe = Shoe(counts=tuple(counts), suits=tuple(suits))  # type: ignore[arg-type]
    assert shoe.suits == _rows_made(suits, counts)  # type: ignore[arg-type]
    _assert_same_as_checked(shoe)


@pytest.mark.parametrize("suit", range(4))
@pytest.mark.parametrize("bad", [True, False, 1.0, -1, "1", None])
def test_a_row_cell_that_is_no_whole_number_is_refused(suit: int, bad: object) -> None:
    row: list[object] = [1, 1, 1, 1]
    row[suit] = bad
    suits = ((1, 1, 1, 1),) * 12 + (tuple(row),)
    with pytest.raises(ShoeError) as caught:
        Shoe(counts=(1,) * 13, suits=suits)  # type: ignore[arg-type]
    assert _message(caught).startswith(f"count of K{SUIT_SYMBOLS[suit]} must ")
