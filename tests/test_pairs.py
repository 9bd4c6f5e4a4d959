"""Pair bets: the closed form and the joint table against a direct enumeration of the
cards with suits, and the published 8-deck figures."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat_exact.engine.counting import event_counts, six_card_total
from baccarat_exact.engine.pairs import joint_counts, pair_state_counts, pair_terms
from baccarat_exact.errors import ShoeError
from baccarat_exact.model.bets import NO_PAIR, PAIR, SUITED_PAIR
from baccarat_exact.model.cards import POINT_VALUE
from baccarat_exact.model.catalogue import find_bet
from baccarat_exact.model.events import event_index
from baccarat_exact.model.rules import STANDARD_TABLEAU
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds


@st.composite
def suited_shoes(
    draw: st.DrawFn, max_cards: int = 9
) -> tuple[Shoe, list[tuple[int, int, int, int]]]:
    """A small shoe of 6..max_cards cards over a few ranks, with the suit of every card."""
    ranks = draw(st.lists(st.integers(0, 12), min_size=1, max_size=4, unique=True))
    cards = draw(
        st.lists(
            st.tuples(st.sampled_from(ranks), st.integers(0, 3)), min_size=6, max_size=max_cards
        )
    )
    suits = [[0, 0, 0, 0] for _ in range(13)]
    for rank, suit in cards:
        suits[rank][suit] += 1
    rows = [(r[0], r[1], r[2], r[3]) for r in suits]
    return Shoe.from_suits(rows), rows


def _physical(rows: list[tuple[int, int, int, int]]) -> list[tuple[int, int]]:
    return [
        (rank, suit)
        for rank, row in enumerate(rows)
        for suit, m in enumerate(row)
        for _ in range(m)
    ]


def _state(first: tuple[int, int], second: tuple[int, int]) -> int:
    if first[0] != second[0]:
        return NO_PAIR
    return SUITED_PAIR if first[1] == second[1] else PAIR


def _event(cards: tuple[tuple[int, int], ...]) -> int:
    """The final event of six cards dealt P B P B 5 6, by the printed rules (RULES.md)."""
    p1, b1, p2, b2, c5, c6 = (POINT_VALUE[rank] for rank, _ in cards)
    pt, bt = (p1 + p2) % 10, (b1 + b2) % 10
    if pt >= 8 or bt >= 8:
        return event_index(pt, bt, 2, 2)
    if pt <= 5:
        if STANDARD_TABLEAU.banker_draws(bt, c5):
            return event_index((pt + c5) % 10, (bt + c6) % 10, 3, 3)
        return event_index((pt + c5) % 10, bt, 3, 2)
    if bt <= 5:
        return event_index(pt, (bt + c5) % 10, 2, 3)
    return event_index(pt, bt, 2, 2)


@settings(max_examples=30)
@given(suited_shoes(max_cards=14))
def test_pair_states_match_a_direct_enumeration(
    case: tuple[Shoe, list[tuple[int, int, int, int]]],
) -> None:
    shoe, rows = case
    cards = _physical(rows)
    expected = [0] * 9
    for first_four in itertools.permutations(cards, 4):  # dealt P1 B1 P2 B2
        p1, b1, p2, b2 = first_four
        expected[3 * _state(p1, p2) + _state(b1, b2)] += 1
    rest = (len(cards) - 4) * (len(cards) - 5)
    counts, total = pair_state_counts(pair_terms(shoe))
    assert list(counts) == [n * rest for n in expected]
    assert total == six_card_total(len(cards))


@settings(max_examples=8)
@given(suited_shoes(max_cards=8))
def test_joint_table_matches_a_direct_enumeration(
    case: tuple[Shoe, list[tuple[int, int, int, int]]],
) -> None:
    shoe, rows = case
    expected = [[0] * 400 for _ in range(9)]
    for six in itertools.permutations(_physical(rows), 6):
        expected[3 * _state(six[0], six[2]) + _state(six[1], six[3])][_event(six)] += 1
    table, total = joint_counts(pair_terms(shoe), STANDARD_TABLEAU)
    assert table == expected and total == sum(map(sum, expected))


def test_eight_deck_perfect_pairs_match_wizard_of_odds() -> None:
    # https://wizardofodds.com/games/baccarat/side-bets/perfect-pairs-ver2/ (8 decks):
    # two perfect pairs 2,101,008, one 244,747,776, none 7,132,734,336 of 7,379,583,120.
    counts, total = pair_state_counts(pair_terms(Shoe.from_decks(8)))
    both = counts[3 * SUITED_PAIR + SUITED_PAIR]
    one = sum(
        counts[3 * p + b]
        for p in range(3)
        for b in range(3)
        if (p == SUITED_PAIR) != (b == SUITED_PAIR)
    )
    assert Fraction(both, total) == Fraction(2_101_008, 7_379_583_120)
    assert Fraction(one, total) == Fraction(244_747_776, 7_379_583_120)


def test_player_pair_matches_jacobsons_formula() -> None:
    # Eliot Jacobson, "Beating the Lucky Pairs baccarat side bet" (888casino blog): the pair
    # probability is S/T with S = sum over ranks of C(N_k, 2), T = C(N, 2).
    for shoe in (Shoe.from_decks(8), Shoe.from_decks(6).remove("Kx5 7x3 A")):
        (pair,) = odds(shoe, None, [find_bet("player-pair")]).bets
        s = sum(comb(n, 2) for n in shoe.counts)
        assert pair.win == Fraction(s, comb(shoe.cards, 2))
        assert pair.ev == (11 * s - (comb(shoe.cards, 2) - s)) / Fraction(comb(shoe.cards, 2))


def test_joint_rows_and_columns_add_up() -> None:
    shoe = Shoe.from_decks(1).remove("Kx3 5 5 9")
    table, total = joint_counts(pair_terms(shoe))
    states, _ = pair_state_counts(pair_terms(shoe))
    assert [sum(row) for row in table] == list(states)
    columns = [sum(table[s][e] for s in range(9)) for e in range(400)]
    assert columns == event_counts(shoe.values) and sum(columns) == total


def test_infinite_shoe_pairs() -> None:
    # With replacement: P(same rank) = sum of p_r^2 = 1/13; suited given same rank = 1/4.
    counts, total = pair_state_counts(pair_terms(Shoe.infinite_shoe()))
    player_pair = sum(counts[3 * p + b] for p in (PAIR, SUITED_PAIR) for b in range(3))
    player_suited = sum(counts[3 * SUITED_PAIR + b] for b in range(3))
    assert Fraction(player_pair, total) == Fraction(1, 13)
    assert Fraction(player_suited, total) == Fraction(1, 52)
    table, joint_total = joint_counts(pair_terms(Shoe.infinite_shoe()))
    assert joint_total == total and [sum(row) for row in table] == list(counts)


def test_whole_decks_have_every_suit_and_no_expectation() -> None:
    terms = pair_terms(Shoe.from_decks(2))
    assert terms.weight == 1
    assert pair_state_counts(terms) == pair_state_counts(
        pair_terms(Shoe.from_suits([[2] * 4] * 13))
    )


def test_suits_of_a_rank_known_by_count_only_are_refused() -> None:
    shoe = Shoe.from_counts({"A": 3, "K": 5})
    with pytest.raises(ShoeError, match="gives A K by count only"):
        pair_terms(shoe)
    with pytest.raises(ShoeError, match="by count only"):
        odds(shoe, None, [find_bet("perfect-pair")])
    odds(shoe, None, [find_bet("player-pair")])  # no suits needed: priced


def test_suit_blind_terms_ignore_suits() -> None:
    shoe = Shoe.from_decks(2).remove("Ax3 Ks")
    blind, suited = pair_terms(shoe, suits=False), pair_terms(shoe)
    merged = [  # a pair of either kind, per hand
        [sum(counts[3 * p + b] for p in ps for b in bs) for ps, bs in _HANDS]
        for counts in (pair_state_counts(blind)[0], pair_state_counts(suited)[0])
    ]
    assert Fraction(merged[0][0], blind.weight) == Fraction(merged[1][0], suited.weight)
    assert merged[0][1] * suited.weight == merged[1][1] * blind.weight


_HANDS = (((PAIR, SUITED_PAIR), range(3)), ((NO_PAIR,), (PAIR, SUITED_PAIR)))


@pytest.mark.parametrize(
    ("shoe", "suits"),
    [
        (Shoe.from_decks(8).remove("A 2x3 3x5 4x4 5x6 6x2 7x7 8x5 9x9 Tx10 Jx2 Qx3 Kx3"), True),
        (Shoe.from_decks(2).remove("Ax3 Ks"), True),  # scaled ranks and a whole one
        (Shoe.from_decks(1).remove("As Kh 9d"), True),  # every suit known: scale 1
        (Shoe.from_decks(6).remove("5x7"), False),
        (Shoe.infinite_shoe(), True),
        (Shoe.from_counts({"A": 6, "K": 5}), False),  # ranks by count only
    ],
)
def test_one_shoes_pair_states_equal_those_of_its_pair_terms(shoe: Shoe, suits: bool) -> None:
    """The single shoe's pair states, its ranks' terms scaled as they are summed, are the
    pair terms' states and weight exactly."""
    from baccarat_exact.engine.pairs import shoe_pair_states

    terms = pair_terms(shoe, suits)
    assert shoe_pair_states(shoe, suits) == (*pair_state_counts(terms), terms.weight)


def test_one_shoes_pair_states_refuse_ranks_by_count_only_where_suits_matter() -> None:
    from baccarat_exact.engine.pairs import shoe_pair_states

    with pytest.raises(ShoeError, match="by count only"):
        shoe_pair_states(Shoe.from_counts({"A": 6, "K": 5}), True)
