"""Lucky Nines and the suit conditions it needs (on the suits of the cards of one rank, two
such conditions in one bet), against dealing every physical card of small shoes."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from baccarat_exact.errors import RulesError
from baccarat_exact.model.bets import CardCondition, card_match_bet
from baccarat_exact.model.cards import Card, Rank, Suit
from baccarat_exact.model.catalogue import find_bet
from baccarat_exact.model.seen import Seen
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds
from tests.reference_rounds import dealt_rounds, matches_seen

_NINE, _DIAMOND = Rank("9").ordinal, Suit("d").ordinal


def _shoe(nines: tuple[int, int, int, int], others: dict[str, tuple[int, int, int, int]]) -> Shoe:
    rows = [[0, 0, 0, 0] for _ in range(13)]
    rows[_NINE] = list(nines)
    for rank, suits in others.items():
        rows[Rank(rank).ordinal] = list(suits)
    return Shoe.from_suits(rows)


SHOES = [
    _shoe((1, 1, 2, 0), {"K": (1, 1, 0, 1), "5": (0, 1, 1, 0)}),  # 10 cards
    _shoe((2, 0, 1, 1), {"A": (1, 0, 0, 1), "7": (1, 1, 0, 0)}),  # 8 cards
]


def _lucky_line(cards: tuple[Card, ...]) -> int:
    """The line of Lucky Nines the first four cards pay on (7: none), read from the
    published rule: four nines, three suited or not, two suited or not, one a diamond or
    not."""
    suits = [c.suit for c in cards if c.rank.ordinal == _NINE]
    one_suit = len(set(suits)) == 1
    return {
        4: 0,
        3: 1 if one_suit else 2,
        2: 3 if one_suit else 4,
        1: 5 if suits[:1] == [Suit("d")] else 6,
        0: 7,
    }[len(suits)]


def _physical(shoe: Shoe) -> list[Card]:
    rows = shoe.suit_rows()
    return [
        Card(rank, suit)
        for rank, row in zip(Rank, rows)
        for suit, n in zip(Suit, row or (0, 0, 0, 0))
        for _ in range(n)
    ]


@pytest.mark.parametrize("shoe", SHOES)
def test_lucky_nines_is_every_four_cards_dealt(shoe: Shoe) -> None:
    """Each line's chance is its share of the ordered first four cards (P1 B1 P2 B2: which
    card goes to which hand does not matter to the bet), each physical card apart."""
    cards = _physical(shoe)
    found = [0] * 8
    for four in itertools.permutations(cards, 4):
        found[_lucky_line(four)] += 1
    total = sum(found)
    for name in ("lucky-nines", "lucky-nines-binions"):
        result = odds(shoe, bets=[find_bet(name)]).bet(name)
        assert [p for _, _, p in result.lines] == [Fraction(n, total) for n in found]


def test_lucky_nines_given_cards_seen_is_every_round_dealt() -> None:
    """With a nine of diamonds and a card of unknown suit seen, the chances are those of
    the rounds that deal them."""
    shoe, seen = SHOES[0], Seen.parse("9d", "? 9")
    found = [Fraction(0)] * 8
    for r in dealt_rounds(shoe):
        if matches_seen(r.player, seen.player) and matches_seen(r.banker, seen.banker):
            found[_lucky_line((*r.player[:2], *r.banker[:2]))] += r.probability
    result = odds(shoe, bets=[find_bet("lucky-nines")], seen=seen).bet("lucky-nines")
    assert [p for _, _, p in result.lines] == [p / sum(found) for p in found]


def test_two_conditions_on_the_suits_of_some_ranks_reading_third_cards() -> None:
    """A bet asking two things of the Player's cards of ranks 9 and K (third card
    included): all of one suit, and all diamonds or hearts; against every round dealt."""
    positions = (0, 1, 2)
    ranks = frozenset({_NINE, Rank("K").ordinal})
    flush = CardCondition(positions, patterns=frozenset({"flush"}), suit_ranks=ranks)
    red = CardCondition(positions, suits=frozenset({_DIAMOND, Suit("h").ordinal}), suit_ranks=ranks)
    bet = card_match_bet(
        "two-asks",
        [
            ("both", Fraction(5), [(None, None, (flush, red))]),
            ("one suit", Fraction(2), [(None, None, (flush,))]),
            ("red", Fraction(1), [(None, None, (red,))]),
        ],
    )
    shoe = SHOES[0]
    found = [Fraction(0)] * 4
    for r in dealt_rounds(shoe):
        suits = {c.suit for c in r.player if c.rank.ordinal in ranks}
        one, red_only = len(suits) == 1, bool(suits) and suits <= {Suit("d"), Suit("h")}
        found[0 if one and red_only else 1 if one else 2 if red_only else 3] += r.probability
    result = odds(shoe, bets=[bet]).bet("two-asks")
    assert [p for _, _, p in result.lines] == found


def test_a_suit_condition_on_some_ranks_must_ask_a_suit() -> None:
    with pytest.raises(RulesError, match="must ask a suit or a flush"):
        CardCondition((0, 1), patterns=frozenset({"pair"}), suit_ranks=frozenset({_NINE}))
