"""The value of a round: the reference, exact vs float, optimal vs basic, published figures."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from baccarat_exact.blackjack.edge import EdgeResult, basic_strategy, edge
from baccarat_exact.blackjack.hands import TEN, Counts, points
from baccarat_exact.blackjack.rules import (
    US_RULES,
    BlackjackRules,
    DealerBlackjackTakes,
    DoubleRule,
    SplitBy,
    Surrender,
    find_rules,
)
from baccarat_exact.model.shoe import Shoe
from tests import blackjack_reference as reference


def _shoe(counts: Counts) -> Shoe:
    return Shoe.from_counts([*counts[:9], counts[9], 0, 0, 0])


@pytest.fixture(scope="module")
def one_deck() -> EdgeResult:
    return edge(Shoe.from_decks(1), BlackjackRules(decks=1))


@pytest.fixture(scope="module")
def one_deck_float() -> EdgeResult:
    return edge(Shoe.from_decks(1), BlackjackRules(decks=1), exact=False)


def test_float_mode_agrees_with_exact_to_1e_12(
    one_deck: EdgeResult, one_deck_float: EdgeResult
) -> None:
    assert isinstance(one_deck.optimal, Fraction) and isinstance(one_deck_float.optimal, float)
    assert abs(float(one_deck.optimal) - one_deck_float.optimal) < 1e-12
    assert abs(float(one_deck.basic) - one_deck_float.basic) < 1e-12
    for exact, rounded in zip(one_deck.up_cards, one_deck_float.up_cards):
        assert abs(float(exact.optimal) - rounded.optimal) < 1e-12
        assert abs(float(exact.basic) - rounded.basic) < 1e-12


def test_optimal_play_is_at_least_the_basic_strategy(one_deck: EdgeResult) -> None:
    assert one_deck.optimal >= one_deck.basic
    for up in one_deck.up_cards:
        assert up.optimal >= up.basic


def test_up_card_shares_add_up(one_deck: EdgeResult) -> None:
    assert sum(up.probability for up in one_deck.up_cards) == 1
    assert sum(up.optimal_contribution for up in one_deck.up_cards) == one_deck.optimal
    assert sum(up.basic_contribution for up in one_deck.up_cards) == one_deck.basic
    assert one_deck.house_edge_optimal == -one_deck.optimal


@st.composite
def tiny_shoes(draw: st.DrawFn) -> Counts:
    """About 20 cards of three values and tens: small enough for the card-by-card reference."""
    values = draw(st.lists(st.integers(0, 8), min_size=3, max_size=3, unique=True))
    counts = [0] * 10
    for slot in values:
        counts[slot] = draw(st.integers(1, 4))
    counts[TEN] = draw(st.integers(5, 8))
    shoe = tuple(counts)
    assume(points(shoe) >= 88 + 11)
    return shoe


RULE_SETS = [
    BlackjackRules(),
    BlackjackRules(
        hole_card=True, double_after_split=True, double_split_aces=True, dealer_hits_soft_17=True
    ),
    BlackjackRules(
        dealer_blackjack_takes=DealerBlackjackTakes.ORIGINAL,
        hit_split_aces=False,
        triple_seven_on_split=True,
    ),
    BlackjackRules(
        double_after_split=True,
        double_split_aces=True,
        triple_seven_on_double=False,
        blackjack_pays=Fraction(6, 5),
    ),
]

NEW_RULE_SETS = [
    BlackjackRules(surrender=Surrender.EARLY, double=DoubleRule.TEN_TO_ELEVEN),
    BlackjackRules(surrender=Surrender.LATE, double=DoubleRule.NINE_TO_ELEVEN),
    BlackjackRules(
        hole_card=True,
        surrender=Surrender.LATE,
        double=DoubleRule.NINE_TO_ELEVEN,
        double_after_split=True,
    ),
    BlackjackRules(hole_card=True, surrender=Surrender.EARLY, double_after_split=True),
    BlackjackRules(
        hole_card=True, triple_seven=False, double_after_split=True, dealer_hits_soft_17=True
    ),
]
"""Surrender (late and early, with and without a hole card), the double rules, and double
after split without doubling split aces."""


@settings(max_examples=6, deadline=None)
@given(tiny_shoes(), st.sampled_from(RULE_SETS))
def test_the_round_matches_the_card_by_card_reference(
    counts: Counts, rules: BlackjackRules
) -> None:
    result = edge(_shoe(counts), rules)
    assert result.optimal == reference.round_value(counts, rules)
    assert result.optimal >= result.basic


@settings(max_examples=8, deadline=None)
@given(tiny_shoes(), st.sampled_from(NEW_RULE_SETS))
def test_surrender_and_double_rules_match_the_card_by_card_reference(
    counts: Counts, rules: BlackjackRules
) -> None:
    result = edge(_shoe(counts), rules)
    assert result.optimal == reference.round_value(counts, rules)
    assert result.optimal >= result.basic


@settings(max_examples=4, deadline=None)
@given(tiny_shoes(), st.booleans())
def test_pairs_by_rank_match_the_reference_dealing_rank_by_rank(
    counts: Counts, hole_card: bool
) -> None:
    """The tens spread over T J Q K; split by rank, only two tens of one rank may split (the
    reference deals the 13 ranks one by one)."""
    tens = counts[TEN]
    spread = (tens - tens // 2, tens // 2 - tens // 4, tens // 4, 0)
    shoe = Shoe.from_counts([*counts[:9], *spread])
    rules = BlackjackRules(split_by=SplitBy.RANK, hole_card=hole_card, triple_seven=False)
    result = edge(shoe, rules)
    assert result.optimal == reference.round_value(counts, rules, spread)
    assert result.optimal >= result.basic
    by_value = edge(shoe, replace(rules, split_by=SplitBy.VALUE))
    assert by_value.optimal >= result.optimal


def test_original_stake_only_is_worth_a_peek_without_triple_seven() -> None:
    """A no-hole-card game where a dealer blackjack takes the original stake only is the hole-card
    game in disguise: the player's moves never change what he loses to a blackjack (an identity)."""
    shoe = _shoe((2, 0, 0, 3, 3, 0, 4, 0, 2, 8))
    original = DealerBlackjackTakes.ORIGINAL
    enhc = edge(
        shoe,
        BlackjackRules(
            triple_seven=False, double_after_split=True, dealer_blackjack_takes=original
        ),
    )
    peek = edge(shoe, BlackjackRules(triple_seven=False, double_after_split=True, hole_card=True))
    assert enhc.optimal == peek.optimal
    assert enhc.basic == peek.basic


def test_infinite_shoe_has_nothing_to_gain_from_composition() -> None:
    """With an infinite shoe every hand of a total plays alike: the best play is total-dependent."""
    result = edge(Shoe.infinite_shoe(), BlackjackRules())
    assert result.optimal == result.basic
    assert all(up.optimal == up.basic for up in result.up_cards)


@pytest.fixture(scope="module")
def us_six_decks() -> EdgeResult:
    """6 decks, S17, hole card, no double after split, one card to split aces, split once, no
    Triple Seven: the base game of the published rule effects below (float: agrees with exact to 1e-12)."""
    base = BlackjackRules(hole_card=True, hit_split_aces=False, triple_seven=False)
    return edge(
        Shoe.from_decks(6),
        base,
        exact=False,
        options=("dealer_hits_soft_17", "double_after_split", "hole_card", "surrender", "double"),
    )


def _change(result: EdgeResult, option: str) -> float:
    (value,) = [o for o in result.options if o.flip.option == option]
    return float(value.basic_change)


def test_published_effect_of_hitting_soft_17(us_six_decks: EdgeResult) -> None:
    # blackjackreview.com "Blackjack Rule Variations and Odds" (6-deck base game): H17 −0.20 %;
    # blackjackinfo.com "Rule Variations": "adds about 0.2% to the house advantage".
    assert -0.0024 <= _change(us_six_decks, "dealer_hits_soft_17") <= -0.0018


def test_published_effect_of_double_after_split(us_six_decks: EdgeResult) -> None:
    # blackjackreview.com (6-deck base game): DAS +0.14 %; thecolorofblackjack.com (1-deck base): +0.13 %.
    # With a single split allowed (no resplit) the gain is a little smaller.
    assert 0.0011 <= _change(us_six_decks, "double_after_split") <= 0.0015


def test_published_effect_of_no_hole_card(us_six_decks: EdgeResult) -> None:
    # Wizard of Odds, "Blackjack Rule Variations" (wizardofodds.com/games/blackjack/rule-variations/):
    # European no hole card (doubles and splits lost to a dealer blackjack) −0.11 %, quoted "about 0.1 %".
    assert -0.0014 <= _change(us_six_decks, "hole_card") <= -0.0008


def test_published_house_edge_of_a_us_six_deck_game(us_six_decks: EdgeResult) -> None:
    # blackjackreview.com "Blackjack Rule Variations and Odds": 6 decks, double any two, no DAS,
    # resplit except aces, S17, no surrender: player −0.56 %; DAS +0.14 %; no resplitting −0.04 %.
    # So 6 decks S17 DAS split once (US_RULES) ≈ −0.46 %, an estimate good to a few hundredths.
    (das,) = [o for o in us_six_decks.options if o.flip.option == "double_after_split"]
    assert das.flip.rules == US_RULES
    assert -0.0049 <= float(das.basic) <= -0.0043
    assert float(das.optimal) >= float(das.basic)


# thecolorofblackjack.com "The solution, part one" (http://www.thecolorofblackjack.com/solution_one.html):
# a single deck, double any two, one card to split aces, S17, no surrender, resplits allowed is
# −0.02 % to the player; six decks −0.53 %, eight −0.55 %, H17 −0.20 %, DAS +0.13 %, late
# surrender +0.06 %, 6:5 blackjack −1.39 %, no resplitting −0.03 % (the built-in sets split once).
# An additive estimate, good to a few hundredths: the basic strategy's edge within 0.05 %.
PUBLISHED_RULE_SET_EDGES = {
    "las-vegas-strip": 0.02 + 0.53 + 0.20 - 0.13 - 0.06 + 0.03,
    "atlantic-city": 0.02 + 0.55 - 0.13 - 0.06 + 0.03,
    "single-deck-6-5": 0.02 + 0.20 + 1.39 + 0.03,
}


@pytest.mark.parametrize("name", sorted(PUBLISHED_RULE_SET_EDGES))
def test_built_in_rule_sets_agree_with_a_published_rule_table(name: str) -> None:
    rules = find_rules(name)
    house_edge = -float(edge(Shoe.from_decks(rules.decks), rules, exact=False).basic) * 100
    assert house_edge == pytest.approx(PUBLISHED_RULE_SET_EDGES[name], abs=0.05)


def test_published_effect_of_late_surrender(us_six_decks: EdgeResult) -> None:
    # blackjackreview.com "Blackjack Rule Variations and Odds"
    # (https://www.blackjackreview.com/wp/blackjack-rule-variations/), 6-deck base game:
    # late surrender +0.08 % (two decimals).
    (flip,) = [o for o in us_six_decks.options if o.flip.option == "surrender"]
    assert flip.flip.rules.surrender is Surrender.LATE
    assert 0.0007 <= float(flip.basic_change) <= 0.0009


def test_published_effect_of_doubling_on_10_and_11_only(us_six_decks: EdgeResult) -> None:
    # Stanford Wong's rule table at bj21.com "Estimating your edge"
    # (https://bj21.com/category/blackjack/pages/estimating-your-edge), four or more decks:
    # double ten & eleven only −0.17 %; the Griffin-based table of cliquiz.com
    # (http://www.cliquiz.com/5), multi-deck: −0.18 %.
    (flip,) = [o for o in us_six_decks.options if o.flip.option == "double"]
    assert flip.flip.rules.double is DoubleRule.TEN_TO_ELEVEN
    assert -0.0019 <= float(flip.basic_change) <= -0.0016


def test_published_effects_of_early_surrender_and_doubling_on_9_to_11(
    us_six_decks: EdgeResult,
) -> None:
    # blackjackreview.com (6-deck base game, URL above): early surrender against an ace +0.39 %,
    # against a ten +0.24 %, against a 9 +0.002 % (the others never surrender): +0.632 % in all;
    # double on 9, 10, 11 only −0.09 % (also cliquiz.com's Griffin table, multi-deck; Wong −0.08 %).
    shoe = Shoe.from_decks(6)
    base = us_six_decks.basic
    early = edge(shoe, replace(us_six_decks.rules, surrender=Surrender.EARLY), exact=False)
    assert 0.0058 <= float(early.basic - base) <= 0.0068
    nine = edge(shoe, replace(us_six_decks.rules, double=DoubleRule.NINE_TO_ELEVEN), exact=False)
    assert -0.0010 <= float(nine.basic - base) <= -0.0007


@pytest.mark.parametrize("exact", [False, True])
def test_each_option_value_is_the_edge_of_the_flipped_rules_solved_alone(exact: bool) -> None:
    """Flips share dealer distributions and other arrays with the base rules: a flip priced
    after the base must come out exactly as the flipped rules solved from scratch."""
    shoe = Shoe.from_decks(1) if not exact else Shoe.from_counts([2] * 13)  # 26 cards: quick
    base = edge(shoe, BlackjackRules(), exact=exact, options=True)
    assert len(base.options) >= 10
    for option in base.options:
        alone = edge(shoe, option.flip.rules, exact=exact)
        assert (option.optimal, option.basic) == (alone.optimal, alone.basic), option.flip.option


def test_a_flip_to_no_hole_card_after_a_peeked_base_comes_out_as_solved_alone() -> None:
    """With a peek the exact stands need no dealer-blackjack numerators and the base leaves
    them out; the flip to no hole card, sharing the base's margins, must add them."""
    shoe = Shoe.from_counts([2] * 13)
    base = edge(shoe, BlackjackRules(hole_card=True), exact=True, options=["hole_card"])
    (flip,) = base.options
    alone = edge(shoe, flip.flip.rules, exact=True)
    assert (flip.optimal, flip.basic) == (alone.optimal, alone.basic)


@settings(max_examples=15, deadline=None)
@given(tiny_shoes(), st.sampled_from([*RULE_SETS, *NEW_RULE_SETS]), st.booleans())
def test_what_a_natural_pays_leaves_the_derived_chart_as_it_is(
    counts: Counts, rules: BlackjackRules, exact: bool
) -> None:
    """``edge`` values the blackjack-pays flip on the unflipped chart without deriving it
    again: the derivation, run for the flipped rules, must give that chart back."""
    shoe = _shoe(counts)
    pays = Fraction(6, 5) if rules.blackjack_pays == Fraction(3, 2) else Fraction(3, 2)
    chart, _ = basic_strategy(shoe, rules, exact=exact)
    flipped, _ = basic_strategy(shoe, replace(rules, blackjack_pays=pays), exact=exact)
    assert flipped.plays == chart.plays


@pytest.mark.parametrize("name", ["european-777", "us", "las-vegas-strip", "single-deck-6-5"])
def test_the_blackjack_pays_flip_on_a_full_shoe_is_the_flipped_rules_solved_alone(
    name: str,
) -> None:
    rules = find_rules(name)
    shoe = Shoe.from_decks(rules.decks)
    (flip,) = edge(shoe, rules, exact=False, options=["blackjack_pays"]).options
    alone = edge(shoe, flip.flip.rules, exact=False)
    assert (flip.optimal, flip.basic) == (alone.optimal, alone.basic)
    assert edge(shoe, rules, exact=False).strategy.plays == alone.strategy.plays
