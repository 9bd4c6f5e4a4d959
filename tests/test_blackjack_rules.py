"""Blackjack rules as data: the casino's defaults, validation, named sets and option flips."""

from __future__ import annotations

from dataclasses import fields
from fractions import Fraction

import pytest

from baccarat_exact.blackjack.rules import (
    ATLANTIC_CITY_RULES,
    CASINO_RULES,
    RULESET_ALIASES,
    RULESET_TITLES,
    RULESETS,
    SINGLE_DECK_6_5_RULES,
    STRIP_RULES,
    US_RULES,
    BlackjackRules,
    DealerBlackjackTakes,
    DoubleRule,
    SplitBy,
    Surrender,
    find_rules,
    option_flips,
)
from baccarat_exact.errors import RulesError


def test_defaults_are_the_readings_of_rules_md() -> None:
    # RULES.md, Blackjack: 6 decks, no hole card, stands on soft 17, dealer BJ takes all stakes,
    # no double after split, split aces may be hit, Triple Seven 3:2 on the original hand
    # (hit or double, not split hands), blackjack 3:2.
    rules = BlackjackRules()
    assert rules == CASINO_RULES
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
        ({"surrender": "sometimes"}, "surrender must be 'none' or 'late' or 'early'"),
        ({"double": "8-11"}, "double must be 'any' or '9-11' or '10-11'"),
        ({"split_by": "suit"}, "split_by must be 'value' or 'rank'"),
        ({"split_hands": 5}, "split_hands must be 2, 3 or 4, got 5"),
        ({"split_hands": True}, "split_hands must be 2, 3 or 4"),
        ({"resplit_aces": True}, "resplit aces needs split hands of 3 or 4"),
        ({"double_split_aces": True}, "double split aces needs double after split"),
        (
            {"double_split_aces": True, "double_after_split": True, "hit_split_aces": False},
            "split aces that may be played on",
        ),
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
        CASINO_RULES,
        BlackjackRules(blackjack_pays=Fraction(6, 5)),
        BlackjackRules(triple_seven_pays=Fraction(7, 3)),
    ):
        scale = rules.pay_scale
        assert scale % 2 == 0
        assert (rules.blackjack_pays * scale).denominator == 1
        assert (rules.triple_seven_pays * scale).denominator == 1


def test_the_options_of_issue_15_read_from_text() -> None:
    rules = BlackjackRules(surrender="late", double="9-11", split_by="rank")  # type: ignore[arg-type]
    assert (rules.surrender, rules.double, rules.split_by) == (
        Surrender.LATE,
        DoubleRule.NINE_TO_ELEVEN,
        SplitBy.RANK,
    )
    # hard two-card totals only (the Wizard of Odds calculator's and the analyzers' reading)
    assert [t for t in range(4, 21) if rules.may_double(t, False)] == [9, 10, 11]
    assert not rules.may_double(10, True)
    ten = BlackjackRules(double=DoubleRule.TEN_TO_ELEVEN)
    assert [t for t in range(4, 21) if ten.may_double(t, False)] == [10, 11]


def test_an_option_left_out_keeps_its_default() -> None:
    """``double_split_aces`` left out is the default (no), with double after split too: the
    reading of documents written before the option (kept one release) is gone."""
    partial = {k: v for k, v in CASINO_RULES.to_dict().items() if k != "double_split_aces"}
    assert not BlackjackRules.from_dict({**partial, "double_after_split": True}).double_split_aces
    assert BlackjackRules.from_dict({"decks": 2}) == BlackjackRules(decks=2)


def test_named_rule_sets() -> None:
    assert BlackjackRules() == CASINO_RULES
    assert next(iter(RULESETS)) == "european-777" and set(RULESETS) == set(RULESET_TITLES)
    for alias in ("casino", "European", "enhc"):
        assert find_rules(alias) is CASINO_RULES
    assert find_rules("strip") is STRIP_RULES and find_rules("AC") is ATLANTIC_CITY_RULES
    assert find_rules("6:5") is SINGLE_DECK_6_5_RULES
    assert STRIP_RULES.dealer_hits_soft_17 and STRIP_RULES.surrender is Surrender.LATE
    assert ATLANTIC_CITY_RULES.decks == 8 and not ATLANTIC_CITY_RULES.dealer_hits_soft_17
    assert SINGLE_DECK_6_5_RULES.blackjack_pays == Fraction(6, 5)
    assert find_rules("european-777") is CASINO_RULES
    assert find_rules(" US ") is US_RULES
    assert US_RULES.hole_card and US_RULES.double_after_split and not US_RULES.hit_split_aces
    with pytest.raises(RulesError, match="unknown blackjack rule set 'x'"):
        find_rules("x")


def test_each_flip_changes_exactly_its_option() -> None:
    names = {f.name for f in fields(BlackjackRules)}
    for flip in option_flips(CASINO_RULES):
        changed = {
            name for name in names if getattr(flip.rules, name) != getattr(CASINO_RULES, name)
        }
        # DAS where split aces are played on: split aces double too (as before the option)
        companion = {"double_split_aces"} if flip.option == "double_after_split" else set()
        assert changed == {flip.option} | companion, flip


def test_flips_without_effect_are_left_out() -> None:
    peek = {
        flip.option for flip in option_flips(BlackjackRules(hole_card=True, triple_seven=False))
    }
    assert "dealer_blackjack_takes" not in peek
    assert "triple_seven_on_double" not in peek and "triple_seven_on_split" not in peek
    assert "triple_seven" in peek


def test_describe_and_to_dict_cover_every_option() -> None:
    names = {f.name for f in fields(BlackjackRules)}
    assert {row[0] for row in CASINO_RULES.describe()} == names
    assert set(CASINO_RULES.to_dict()) == names
    assert CASINO_RULES.to_dict()["dealer_blackjack_takes"] == "all"


def test_an_alias_names_its_own_casinos_game_and_no_other() -> None:
    """'vegas' gave the us set (no Las Vegas casino's game) and 'peek' a rule: both are
    refused with what to write; every alias listed finds its own set."""
    assert set(RULESET_ALIASES) == set(RULESETS)
    listed = [alias for aliases in RULESET_ALIASES.values() for alias in aliases]
    assert len(listed) == len(set(listed)) and not set(listed) & set(RULESETS)
    for name, aliases in RULESET_ALIASES.items():
        for alias in aliases:
            assert find_rules(alias) is RULESETS[name]
    for retired, hint in (("vegas", "las-vegas-strip"), ("Peek", "us"), ("seed", "european-777")):
        with pytest.raises(RulesError, match=f"no longer names a blackjack rule set: use {hint}"):
            find_rules(retired)


def test_resplits_are_refused_for_pairs_by_rank() -> None:
    """A ten pair split by rank would resplit only on its own rank, which the engine does not
    compute: the combination is refused in one line rather than valued as by value."""
    with pytest.raises(RulesError, match="pairs by value only"):
        BlackjackRules(split_hands=3, split_by=SplitBy.RANK)
    assert BlackjackRules(split_by=SplitBy.RANK).split_hands == 2
