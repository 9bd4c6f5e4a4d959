"""One hand's move values: the reference, published tables, the hit identity, exact vs float."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from baccarat_exact.blackjack.graph import StateGraph
from baccarat_exact.blackjack.hand import analyze_hand
from baccarat_exact.blackjack.hands import (
    ACE,
    SLOT_LABELS,
    TEN,
    Counts,
    hand_counts,
    parse_hand,
    points,
)
from baccarat_exact.blackjack.rules import (
    BlackjackRules,
    DealerBlackjackTakes,
    DoubleRule,
    Surrender,
)
from baccarat_exact.blackjack.solver import UpCardSolver
from baccarat_exact.errors import CardError, ShoeError
from baccarat_exact.model.shoe import Shoe
from tests import blackjack_reference as reference


def _shoe(counts: Counts) -> Shoe:
    return Shoe.from_counts([*counts[:9], counts[9], 0, 0, 0])


def _cards(slots: tuple[int, ...]) -> str:
    return " ".join(SLOT_LABELS[s] for s in slots)


RULE_SETS = [
    BlackjackRules(),
    BlackjackRules(hole_card=True, double_after_split=True),
    BlackjackRules(
        dealer_blackjack_takes=DealerBlackjackTakes.ORIGINAL, triple_seven_on_split=True
    ),
    BlackjackRules(
        dealer_hits_soft_17=True,
        hit_split_aces=False,
        double_after_split=True,
        triple_seven_on_double=False,
    ),
]


@st.composite
def small_games(draw: st.DrawFn) -> tuple[Counts, tuple[int, int], int]:
    """A small shoe of four values (tens included), a two-card hand and an up card from it.

    The hand is never a blackjack (an ace and a ten): a blackjack has no moves to compare
    with the reference, so the second card is never the first one's blackjack partner.
    """
    values = draw(st.lists(st.integers(0, 8), min_size=3, max_size=3, unique=True))
    counts = [0] * 10
    for slot in values:
        counts[slot] = draw(st.integers(2, 4))
    counts[TEN] = draw(st.integers(5, 7))
    present = [*values, TEN]
    first = draw(st.sampled_from(present))
    partner = {ACE: TEN, TEN: ACE}.get(first)
    second = draw(st.sampled_from([slot for slot in present if slot != partner]))
    up = draw(st.sampled_from(present))
    left = list(counts)
    for slot in (first, second, up):
        left[slot] -= 1
    assume(min(left) >= 0 and points(tuple(left)) + first + second + 2 >= 88)
    return tuple(counts), (first, second), up


@settings(max_examples=20, deadline=None)
@given(small_games(), st.sampled_from(RULE_SETS))
def test_hand_values_match_the_card_by_card_reference(
    game: tuple[Counts, tuple[int, int], int], rules: BlackjackRules
) -> None:
    counts, hand, up = game
    ours = analyze_hand(_cards(hand), SLOT_LABELS[up], _shoe(counts), rules)
    theirs = reference.hand_values(hand, up, counts, rules)
    assert ours.values == theirs


SURRENDER_AND_DOUBLE_RULES = [
    BlackjackRules(surrender=Surrender.LATE, double=DoubleRule.TEN_TO_ELEVEN),
    BlackjackRules(
        surrender=Surrender.EARLY, double=DoubleRule.NINE_TO_ELEVEN, double_after_split=True
    ),
    BlackjackRules(hole_card=True, surrender=Surrender.LATE, double=DoubleRule.NINE_TO_ELEVEN),
]


@settings(max_examples=15, deadline=None)
@given(small_games(), st.sampled_from(SURRENDER_AND_DOUBLE_RULES))
def test_surrender_and_double_rules_match_the_reference(
    game: tuple[Counts, tuple[int, int], int], rules: BlackjackRules
) -> None:
    counts, hand, up = game
    ours = analyze_hand(_cards(hand), SLOT_LABELS[up], _shoe(counts), rules)
    assert ours.values == reference.hand_values(hand, up, counts, rules)


@pytest.mark.parametrize(
    ("hand", "up", "rules"),
    [
        ((TEN, 5), TEN, SURRENDER_AND_DOUBLE_RULES[0]),  # T-6: hard 16, no double under 10-11
        ((TEN, 1), 8, SURRENDER_AND_DOUBLE_RULES[0]),  # T-2: hard 12
        ((ACE, 8), 5, SURRENDER_AND_DOUBLE_RULES[1]),  # soft 20: no double under 9-11
        ((8, 6), ACE, SURRENDER_AND_DOUBLE_RULES[1]),  # 9-7 against an ace: early surrender
    ],
)
def test_half_deck_hands_with_surrender_and_restricted_doubling_are_the_brute_force(
    hand: tuple[int, int], up: int, rules: BlackjackRules
) -> None:
    """Half a deck: every move's value equals the card-by-card brute force.

    Half a deck (two of each rank) holds every draw these hands can make, at a twentieth of a
    full deck's brute-force cost.
    """
    deck = (2,) * 9 + (8,)
    ours = analyze_hand(_cards(hand), SLOT_LABELS[up], _shoe(deck), rules)
    theirs = reference.hand_values(hand, up, deck, rules)
    assert ours.values == theirs
    assert "surrender" in ours.values
    assert "double" not in ours.values


def test_pairs_including_sevens_match_the_reference() -> None:
    counts = (2, 0, 0, 0, 3, 0, 4, 3, 0, 7)
    for rules in RULE_SETS:
        for hand, up in (((6, 6), TEN), ((0, 0), 4), ((7, 7), 6)):
            ours = analyze_hand(_cards(hand), SLOT_LABELS[up], _shoe(counts), rules)
            assert ours.values == reference.hand_values(hand, up, counts, rules), (hand, up, rules)


# Wizard of Odds, Blackjack Appendix 9, "Six deck, dealer hits on soft 17, no hole card. Player
# loses everything, including doubles and splits, if dealer gets a blackjack"
# (https://wizardofodds.com/games/blackjack/appendix/9/euro-6dh17r4/): dealer ace, two-card hands,
# expected values of stand, hit and double from "a recursive combinatorial program that considered
# the exact hand composition at every step" — six decimals.
WIZARD_6D_H17_ENHC_VS_ACE = {
    "2 A": (-0.722356, -0.379910, -1.024099),
    "3 A": (-0.722119, -0.403855, -1.023717),
    "3 2": (-0.721887, -0.529734, -1.443774),
    "4 A": (-0.721866, -0.429265, -1.025989),
    "4 2": (-0.721646, -0.548031, -1.434834),
    "4 3": (-0.721415, -0.554273, -1.369282),
    "5 A": (-0.721965, -0.454867, -1.030051),
    "5 2": (-0.721740, -0.553211, -1.369970),
    "5 3": (-0.721499, -0.493960, -1.193807),
    "5 4": (-0.721243, -0.396287, -0.932671),
    "6 A": (-0.665166, -0.463296, -0.999484),
    "6 2": (-0.721308, -0.493965, -1.194523),
    "6 3": (-0.721068, -0.396571, -0.933570),
    "6 4": (-0.720814, -0.286818, -0.639108),
    "6 5": (-0.720879, -0.235772, -0.535879),
    "7 A": (-0.466029, -0.421285, -0.909374),
}
# The same appendix, eight decks (https://wizardofodds.com/games/blackjack/appendix/9/euro-8dh17r4/).
WIZARD_8D_H17_ENHC_VS_ACE = {
    "2 A": (-0.722307, -0.378980, -1.024082),
    "3 2": (-0.721955, -0.528987, -1.443909),
    "5 4": (-0.721465, -0.395636, -0.932679),
    "6 5": (-0.721201, -0.235977, -0.537869),
    "7 A": (-0.465508, -0.420237, -0.908247),
}


@pytest.mark.parametrize(
    ("decks", "table"), [(6, WIZARD_6D_H17_ENHC_VS_ACE), (8, WIZARD_8D_H17_ENHC_VS_ACE)]
)
def test_wizard_of_odds_no_hole_card_values(
    decks: int, table: dict[str, tuple[float, float, float]]
) -> None:
    rules = BlackjackRules(decks=decks, dealer_hits_soft_17=True, triple_seven=False)
    counts = (4 * decks - 1,) + (4 * decks,) * 8 + (16 * decks,)
    graph = StateGraph(UpCardSolver(counts, ACE, rules))  # one graph: every hand's values
    values = graph.optimal_array()
    for cards, published in table.items():
        i = graph.index[(hand_counts(parse_hand(cards)), -1)]
        moves = (graph.stand_values[i], graph.hit(i, values), graph.double_values[i])
        ours = [float(graph.solver.value_of(move, 2)) for move in moves]
        for mine, theirs in zip(ours, published):
            assert abs(mine - theirs) <= 5e-7 + 1e-12, (cards, ours, published)


# Wizard of Odds, Blackjack Appendix 9, 1 deck, dealer stands on soft 17, hole card, values given no
# dealer blackjack (https://wizardofodds.com/games/blackjack/appendix/9/1ds17r4/), dealer ace.
WIZARD_1D_S17_PEEK_VS_ACE = {
    "2 A": (-0.661732, -0.067808, -0.593281),
    "3 2": (-0.659375, -0.291565, -1.318751),
    "5 4": (-0.654533, -0.070215, -0.395771),
    "6 A": (-0.482815, -0.199899, -0.527213),
    "6 4": (-0.636118, 0.081506, 0.048615),
    "6 5": (-0.634013, 0.172946, 0.240259),
    "7 A": (-0.101015, -0.108386, -0.357778),
}
# The same appendix, 2 decks, dealer hits soft 17 (https://wizardofodds.com/games/blackjack/appendix/9/2dh17r4/).
WIZARD_2D_H17_PEEK_VS_ACE = {
    "2 A": (-0.594150, -0.103429, -0.571816),
    "3 2": (-0.592126, -0.320313, -1.184253),
    "6 5": (-0.587564, 0.121079, 0.166650),
    "7 A": (-0.224703, -0.165428, -0.416886),
}


@pytest.mark.parametrize(
    ("decks", "h17", "table"),
    [(1, False, WIZARD_1D_S17_PEEK_VS_ACE), (2, True, WIZARD_2D_H17_PEEK_VS_ACE)],
)
def test_wizard_of_odds_hole_card_values(
    decks: int, h17: bool, table: dict[str, tuple[float, float, float]]
) -> None:
    rules = BlackjackRules(decks=decks, dealer_hits_soft_17=h17, hole_card=True, triple_seven=False)
    for cards, published in table.items():
        analysis = analyze_hand(cards, "A", rules=rules)
        assert analysis.given_no_dealer_blackjack
        ours = [float(analysis.values[m]) for m in ("stand", "hit", "double")]
        for mine, theirs in zip(ours, published):
            assert abs(mine - theirs) <= 5e-7 + 1e-12, (cards, ours, published)


@pytest.mark.parametrize("takes", list(DealerBlackjackTakes))
@pytest.mark.parametrize(("cards", "up"), [("7 7", "9"), ("2 A", "T"), ("9 3", "A")])
def test_hit_is_the_weighted_best_of_the_hands_one_card_larger(
    cards: str, up: str, takes: DealerBlackjackTakes
) -> None:
    rules = BlackjackRules(decks=2, dealer_blackjack_takes=takes)
    shoe = Shoe.from_decks(2)
    hit = analyze_hand(cards, up, shoe, rules).values["hit"]
    left = shoe.remove(f"{up} {cards}")
    counts = [*left.counts[:9], sum(left.counts[9:])]
    expected = Fraction(0)
    for slot, n in enumerate(counts):
        if not n:
            continue
        bigger = f"{cards} {SLOT_LABELS[slot]}"
        try:
            values = analyze_hand(bigger, up, shoe, rules).values
            best = max(values.values())
        except CardError as error:
            if "busted" in str(error):
                best = Fraction(-1)
            else:
                assert "Triple Seven" in str(error)
                best = rules.triple_seven_pays
        expected += Fraction(n, left.cards) * best
    assert hit == expected


def test_float_mode_agrees_with_exact() -> None:
    rules = BlackjackRules()
    for cards, up in (("A A", "2"), ("T 6", "T"), ("5 6", "A"), ("7 7", "7")):
        exact = analyze_hand(cards, up, rules=rules)
        rounded = analyze_hand(cards, up, rules=rules, exact=False)
        assert exact.best == rounded.best
        for move, value in exact.values.items():
            assert isinstance(value, Fraction)
            assert abs(float(value) - rounded.values[move]) < 1e-12


def test_blackjack_and_refused_hands() -> None:
    bj = analyze_hand("A K", "T", rules=BlackjackRules(decks=1))
    # paid 3:2 unless the dealer's next card is an ace: 3 aces among the 49 cards left
    assert bj.values == {"blackjack": Fraction(3, 2) * Fraction(46, 49)}
    with pytest.raises(CardError, match="busted"):
        analyze_hand("K Q 5", "5")
    with pytest.raises(CardError, match="Triple Seven"):
        analyze_hand("7 7 7", "5")
    with pytest.raises(ShoeError, match="cannot remove 4 sevens: the shoe holds only 3 sevens"):
        analyze_hand("7 7 7", "7", Shoe.from_decks(1).remove("7"))
    with pytest.raises(CardError, match="at least two cards"):
        analyze_hand("9", "5")
    with pytest.raises(ShoeError, match="too small"):
        analyze_hand("9 5", "5", Shoe.parse("5=4,9=3,T=4"))
