"""Blackjack rules as data: the seed's defaults, validation, named sets and option flips."""

from __future__ import annotations

from dataclasses import fields
from fractions import Fraction

import pytest

from baccarat_exact.blackjack.rules import (
    SEED_RULES,
    US_RULES,
    BlackjackRules,
    DealerBlackjackTakes,
    find_rules,
    option_flips,
)
from baccarat_exact.errors import RulesError


def test_defaults_are_the_readings_of_rules_md() -> None:
    # RULES.md, Blackjack: 6 decks, no hole card, stands on soft 17, dealer BJ takes all stakes,
    # no double after split, split aces may be hit, Triple Seven 3:2 on the original hand
    # (hit or double, not split hands), blackjack 3:2.
    rules = BlackjackRules()
    assert rules == SEED_RULES
    assert rules.decks == 6
    assert not rules.dealer_hits_soft_17
    assert not rules.hole_card
    assert rules.dealer_blackjack_takes is DealerBlackjackTakes.ALL
    assert not rules.double_after_split
    assert rules.hit_split_aces
    assert rules.triple_seven and rules.triple_seven_on_double and not rules.triple_seven_on_split
    assert rules.blackjack_pays == rules.triple_seven_pays == Fraction(3, 2)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"decks": 0}, "decks must be a whole number of 1 or more, got 0"),
        ({"decks": True}, "decks must be a whole number"),
        ({"blackjack_pays": Fraction(-1)}, "blackjack_pays must not be negative"),
        ({"triple_seven_pays": 1.5}, "triple_seven_pays must be an exact number"),
        ({"dealer_blackjack_takes": "some"}, "'all' or 'original'"),
    ],
)
def test_bad_rules_are_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        BlackjackRules(**changes)  # type: ignore[arg-type]


def test_a_string_names_the_dealer_blackjack_rule() -> None:
    rules = BlackjackRules(dealer_blackjack_takes="original")  # type: ignore[arg-type]
    assert rules.dealer_blackjack_takes is DealerBlackjackTakes.ORIGINAL


def test_pay_scale_makes_every_pay_whole() -> None:
    for rules in (
        SEED_RULES,
        BlackjackRules(blackjack_pays=Fraction(6, 5)),
        BlackjackRules(triple_seven_pays=Fraction(7, 3)),
    ):
        scale = rules.pay_scale
        assert scale % 2 == 0
        assert (rules.blackjack_pays * scale).denominator == 1
        assert (rules.triple_seven_pays * scale).denominator == 1


def test_named_rule_sets() -> None:
    assert find_rules("seed") is SEED_RULES
    assert find_rules(" Vegas ") is US_RULES
    assert US_RULES.hole_card and US_RULES.double_after_split and not US_RULES.hit_split_aces
    with pytest.raises(RulesError, match="unknown blackjack rule set 'x'"):
        find_rules("x")


def test_each_flip_changes_exactly_its_option() -> None:
    names = {f.name for f in fields(BlackjackRules)}
    for flip in option_flips(SEED_RULES):
        changed = {name for name in names if getattr(flip.rules, name) != getattr(SEED_RULES, name)}
        assert changed == {flip.option}, flip


def test_flips_without_effect_are_left_out() -> None:
    peek = {
        flip.option for flip in option_flips(BlackjackRules(hole_card=True, triple_seven=False))
    }
    assert "dealer_blackjack_takes" not in peek
    assert "triple_seven_on_double" not in peek and "triple_seven_on_split" not in peek
    assert "triple_seven" in peek


def test_describe_and_to_dict_cover_every_option() -> None:
    names = {f.name for f in fields(BlackjackRules)}
    assert {row[0] for row in SEED_RULES.describe()} == names
    assert set(SEED_RULES.to_dict()) == names
    assert SEED_RULES.to_dict()["dealer_blackjack_takes"] == "all"
