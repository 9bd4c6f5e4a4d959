"""Suited bets on shoes whose suits are partly unknown, against a brute force over every
way the cards of unknown suit can have left.

A shoe starts from cards of known suits; cards of unknown suit are then taken out
(``Shoe.remove("A")``). Every set of physical cards they can have been is equally
likely, so the exact probability of a suited outcome is its average over those sets.
The brute force enumerates the sets and, for each, the first four (or six) cards.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import perm

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from baccarat_exact.engine.pairs import joint_counts, pair_state_counts, pair_terms
from baccarat_exact.model.cards import RANKS, SUITS, Card
from baccarat_exact.model.catalogue import find_bet
from baccarat_exact.model.rules import STANDARD_TABLEAU
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds
from tests.test_pairs import _event, _state

Physical = tuple[int, int]  # (rank index, suit index)


@st.composite
def partly_known_shoes(
    draw: st.DrawFn, max_left: int = 9
) -> tuple[Shoe, list[Physical], dict[int, int]]:
    """A shoe of known suits over 1–3 ranks, then maybe a card of known suit and 1–3 cards
    of unknown suit taken out: the shoe, the cards it could still hold, and the unknown
    removals by rank."""
    ranks = draw(st.lists(st.integers(0, 12), min_size=1, max_size=3, unique=True))
    size = draw(st.integers(7, max_left + 3))
    start: list[Physical] = draw(
        st.lists(st.tuples(st.sampled_from(ranks), st.integers(0, 3)), min_size=size, max_size=size)
    )
    rows = [[0, 0, 0, 0] for _ in range(13)]
    for rank, suit in start:
        rows[rank][suit] += 1
    shoe = Shoe.from_suits(rows)
    if draw(st.booleans()):
        rank, suit = start.pop(draw(st.integers(0, len(start) - 1)))
        shoe = shoe.remove([Card(RANKS[rank], SUITS[suit])])
    low, high = max(1, len(start) - max_left), min(3, len(start) - 6)
    assume(low <= high)
    unknown: dict[int, int] = {}
    for _ in range(draw(st.integers(low, high))):
        held = sorted(
            {r for r, _ in start if sum(1 for c, _ in start if c == r) > unknown.get(r, 0)}
        )
        rank = draw(st.sampled_from(held))
        unknown[rank] = unknown.get(rank, 0) + 1
    shoe = shoe.remove([RANKS[rank] for rank, n in unknown.items() for _ in range(n)])
    return shoe, start, unknown


def _possible_shoes(start: list[Physical], unknown: dict[int, int]) -> list[list[Physical]]:
    """Every equally likely set of cards left: for each rank, any ``unknown[rank]`` of its
    physical cards gone (cards are distinct even when rank and suit repeat)."""
    indexed = list(enumerate(start))
    choices = []
    for rank, n in unknown.items():
        own = [i for i, (r, _) in indexed if r == rank]
        choices.append(list(itertools.combinations(own, n)))
    shoes = []
    for picked in itertools.product(*choices):
        gone = {i for group in picked for i in group}
        shoes.append([card for i, card in indexed if i not in gone])
    return shoes


@settings(max_examples=40, deadline=None)
@given(partly_known_shoes())
def test_pair_states_are_the_average_over_unknown_suits(
    case: tuple[Shoe, list[Physical], dict[int, int]],
) -> None:
    shoe, start, unknown = case
    possible = _possible_shoes(start, unknown)
    expected = [Fraction(0)] * 9
    for cards in possible:
        tally = [0] * 9  # the first four cards in every order, counted
        for p1, b1, p2, b2 in itertools.permutations(cards, 4):
            tally[3 * _state(p1, p2) + _state(b1, b2)] += 1
        first_four = perm(len(cards), 4)
        expected = [e + Fraction(n, first_four) for e, n in zip(expected, tally)]
    counts, denominator = pair_state_counts(pair_terms(shoe))
    assert [Fraction(n, denominator) for n in counts] == [e / len(possible) for e in expected]


@settings(max_examples=6, deadline=None)
@given(partly_known_shoes(max_left=7))
def test_joint_table_is_the_average_over_unknown_suits(
    case: tuple[Shoe, list[Physical], dict[int, int]],
) -> None:
    shoe, start, unknown = case
    possible = _possible_shoes(start, unknown)
    expected: dict[tuple[int, int], Fraction] = {}
    for cards in possible:
        share = Fraction(1, perm(len(cards), 6) * len(possible))
        for six in itertools.permutations(cards, 6):
            key = (3 * _state(six[0], six[2]) + _state(six[1], six[3]), _event(six))
            expected[key] = expected.get(key, Fraction(0)) + share
    table, denominator = joint_counts(pair_terms(shoe), STANDARD_TABLEAU)
    found = {
        (s, e): Fraction(n, denominator)
        for s, row in enumerate(table)
        for e, n in enumerate(row)
        if n
    }
    assert found == expected


@settings(max_examples=25, deadline=None)
@given(partly_known_shoes())
def test_perfect_pair_bets_are_priced_on_the_average(
    case: tuple[Shoe, list[Physical], dict[int, int]],
) -> None:
    shoe, start, unknown = case
    possible = _possible_shoes(start, unknown)
    either = both = Fraction(0)
    for cards in possible:
        first_four = perm(len(cards), 4) * len(possible)
        some = every = 0  # orders of the first four cards with a suited pair, two of them
        for p1, b1, p2, b2 in itertools.permutations(cards, 4):
            player, banker = _state(p1, p2), _state(b1, b2)
            some += 2 in (player, banker)
            every += player == banker == 2
        either += Fraction(some, first_four)
        both += Fraction(every, first_four)
    perfect, two_way = odds(
        shoe, None, [find_bet("perfect-pair"), find_bet("perfect-pair-both")]
    ).bets
    assert perfect.win == either
    assert perfect.ev == 25 * either - (1 - either)
    assert two_way.ev == 250 * both + 25 * (either - both) - (1 - either)


def test_three_aces_of_unknown_suit_are_not_an_even_spread() -> None:
    """Two decks less three aces of unknown suit: the chance that the Player's first two
    cards are a suited pair of aces is the average over the C(8, 3) = 56 sets of aces
    that can have gone, not the figure of an even spread (2, 1, 1, 1)."""
    shoe = Shoe.from_decks(2).remove("Ax3")
    start = [(0, suit) for suit in range(4) for _ in range(2)]
    other_ranks = 12 * 4 * 2  # ordered suited pairs of the 12 full ranks: 2·1 per suit
    average = Fraction(0)
    for cards in _possible_shoes(start, {0: 3}):
        aces = sum(1 for a, b in itertools.permutations(cards, 2) if a[1] == b[1])
        average += Fraction(other_ranks + aces, perm(101, 2) * 56)
    # suited pairs of aces: 8 · (5·4)/(8·7) on average; the even spread (2,1,1,1) has 2
    assert average == Fraction(other_ranks + Fraction(8 * 20, 56), perm(101, 2))
    assert average != Fraction(other_ranks + 2, perm(101, 2))
    counts, denominator = pair_state_counts(pair_terms(shoe))
    player_suited = sum(counts[6 + b] for b in range(3))
    assert Fraction(player_suited, denominator) == average
    (perfect,) = odds(shoe, None, [find_bet("perfect-pair")]).bets
    assert perfect.denominator % perm(101, 6) == 0  # six-card sequences, times any weight


def test_a_known_suit_removed_is_taken_from_that_suit() -> None:
    shoe = Shoe.from_decks(1).remove("As Ah")
    assert shoe.suit_rows()[0] == (0, 0, 1, 1) and shoe.suits_exact
    (perfect,) = odds(shoe, None, [find_bet("perfect-pair")]).bets
    assert perfect.weight == 1
