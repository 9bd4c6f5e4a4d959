"""The optimal split (``--post-split optimal``): equal to a deliberately simple expectimax
over card sequences written here, and never below the fixed post-split plays.

The reference deals the round card by card from an explicit shoe: each split hand takes
its second card when its turn comes, a pair card may be split again while hands remain,
every decision maximises the expected net of the whole round given the cards dealt so
far (Farmer's optimal split, ``pdf/blackjack_split.cpp``), and the dealer then draws from
what is left. Its own dealer and its own settlement: nothing of the package but the
answer it is compared with.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat_exact.blackjack.graph import StateGraph
from baccarat_exact.blackjack.hand import analyze_hand
from baccarat_exact.blackjack.optimal_split import (
    optimal_split_value,
    require_affordable,
    split_cost,
)
from baccarat_exact.blackjack.rules import BlackjackRules, PostSplit
from baccarat_exact.blackjack.solver import UpCardSolver, round_points
from baccarat_exact.errors import RulesError
from baccarat_exact.model.shoe import Shoe

Shoe10 = tuple[int, ...]


def _soft_total(cards: tuple[int, ...]) -> int:
    """Best total of cards given by value 1 (ace) … 10."""
    hard = sum(cards)
    return hard + 10 if 1 in cards and hard <= 11 else hard


def _take(shoe: Shoe10, value: int) -> Shoe10:
    return tuple(n - (v == value) for v, n in zip(range(1, 11), shoe))


def _draws(shoe: Shoe10) -> list[tuple[Fraction, int, Shoe10]]:
    left = sum(shoe)
    return [(Fraction(n, left), v, _take(shoe, v)) for v, n in zip(range(1, 11), shoe) if n]


@cache
def _dealer(shoe: Shoe10, cards: tuple[int, ...]) -> tuple[tuple[object, Fraction], ...]:
    """The dealer's final hands (``"bj"``, ``"bust"`` or a total) and their chances, standing
    on every 17."""
    total = _soft_total(cards)
    if len(cards) == 2 and total == 21:
        return (("bj", Fraction(1)),)
    if total >= 17:
        return (("bust" if total > 21 else total, Fraction(1)),)
    found: dict[object, Fraction] = {}
    for p, v, rest in _draws(shoe):
        for outcome, q in _dealer(rest, tuple(sorted((*cards, v)))):
            found[outcome] = found.get(outcome, Fraction(0)) + p * q
    return tuple(found.items())


@cache
def _settle(shoe: Shoe10, up: int, peek: bool, done: tuple[tuple[int, int], ...]) -> Fraction:
    """Every hand (total 0: busted; stake) against the dealer's hand from ``shoe``; with a
    peek, nothing where he holds a blackjack (the round is valued joint with none)."""
    value = Fraction(0)
    for outcome, p in _dealer(shoe, (up,)):
        for total, stake in done:
            if outcome == "bj":
                net = 0 if peek else -stake
            elif total == 0:
                net = -stake
            elif outcome == "bust" or total > outcome:  # type: ignore[operator]
                net = stake
            else:
                net = 0 if total == outcome else -stake
            value += p * net
    return value


class _Reference:
    """The optimal split by expectimax over the cards dealt (up card ``up``, S17, DAS on any
    two cards, no surrender on split hands, no Triple Seven)."""

    def __init__(self, up: int, pair: int, hands: int, one_card_aces: bool, peek: bool) -> None:
        self.up, self.pair, self.hands = up, pair, hands
        self.one_card = one_card_aces and pair == 1
        self.peek = peek

    def settle(self, shoe: Shoe10, done: tuple[tuple[int, int], ...]) -> Fraction:
        """Every hand (total 0: busted; stake) against the dealer's hand."""
        return _settle(shoe, self.up, self.peek, done)

    @cache  # noqa: B019 - one reference per test, dropped with it
    def hand(
        self, shoe: Shoe10, done: tuple[tuple[int, int], ...], cards: tuple[int, ...], waiting: int
    ) -> Fraction:
        """The round's best value with ``cards`` the hand being played."""
        made = len(done) + 1 + waiting
        if len(cards) == 1:
            value = Fraction(0)
            for p, v, rest in _draws(shoe):
                two = (*cards, v)
                options = []
                if v == self.pair and made < self.hands and (self.pair != 1 or self.hands > 2):
                    options.append(self.hand(rest, done, (self.pair,), waiting + 1))
                if self.one_card:
                    options.append(self.finish(rest, done, _soft_total(two), 1, waiting))
                else:
                    options.append(self.hand(rest, done, two, waiting))
                value += p * max(options)
            return value
        options = [self.finish(shoe, done, _soft_total(cards), 1, waiting)]
        for stake in (1, 2) if len(cards) == 2 else (1,):
            value = Fraction(0)
            for p, v, rest in _draws(shoe):
                more = (*cards, v)
                total = _soft_total(more)
                if total > 21:
                    value += p * self.finish(rest, done, 0, stake, waiting)
                elif stake == 2:
                    value += p * self.finish(rest, done, total, 2, waiting)
                else:
                    value += p * self.hand(rest, done, more, waiting)
            options.append(value)
        return max(options)

    def finish(
        self, shoe: Shoe10, done: tuple[tuple[int, int], ...], total: int, stake: int, waiting: int
    ) -> Fraction:
        """The hand ends: the next one plays, or the dealer settles them all."""
        done = tuple(sorted((*done, (total, stake))))
        if waiting:
            return self.hand(shoe, done, (self.pair,), waiting - 1)
        return self.settle(shoe, done)


def _reference(counts: Shoe10, up: int, pair: int, rules: BlackjackRules) -> Fraction:
    """The reference's split value from the shoe after the up card (counts by slot A … T)."""
    shoe = tuple(n - 2 * (v == pair) for v, n in zip(range(1, 11), counts))
    ref = _Reference(up, pair, rules.split_hands, not rules.hit_split_aces, rules.hole_card)
    return ref.hand(shoe, (), (pair,), 1)


def _rules(**kw: object) -> BlackjackRules:
    base: dict[str, object] = {
        "post_split": "optimal",
        "double_after_split": True,
        "triple_seven": False,
        "decks": 1,
    }
    return BlackjackRules(**{**base, **kw})  # type: ignore[arg-type]


# a shoe of 17 cards, 120 points or more after the up card: two hands cannot run it out
_SMALL = (2, 1, 0, 0, 0, 0, 1, 3, 1, 9)


@pytest.mark.parametrize(
    ("up", "pair", "rules"),
    [
        (7, 8, _rules()),  # no blackjack possible: casino and US alike
        (10, 8, _rules(hole_card=True)),  # with a peek: joint with no dealer blackjack
        (10, 1, _rules(hit_split_aces=False)),  # no hole card: a blackjack takes all; aces
        # that take one card each
    ],
)
def test_optimal_split_equals_the_card_by_card_expectimax(
    up: int, pair: int, rules: BlackjackRules
) -> None:
    counts = tuple(n - (v == up) for v, n in zip(range(1, 11), _SMALL))
    solver = UpCardSolver(counts, up - 1, rules)
    assert optimal_split_value(solver, pair - 1) == _reference(counts, up, pair, rules)


def test_optimal_resplit_equals_the_expectimax() -> None:
    """Resplit to three hands (each pair card dealt: split again or play, the better)."""
    counts = (2, 1, 0, 0, 0, 0, 0, 4, 0, 11)  # 146 points after a 7 up: three hands fit
    rules = _rules(split_hands=3)
    assert optimal_split_value(UpCardSolver(counts, 6, rules), 7) == _reference(counts, 7, 8, rules)


def _fixed(counts: Shoe10, up: int, pair: int, rules: BlackjackRules, play: PostSplit) -> Fraction:
    """The split played by a fixed post-split play, from the engine."""
    from dataclasses import replace

    solver = UpCardSolver(counts, up, replace(rules, post_split=play))
    graph = StateGraph(solver)
    return solver.value_of(graph.split(pair, graph.optimal_array()), 2)


@settings(max_examples=4, deadline=None)
@given(
    st.lists(st.integers(0, 1), min_size=9, max_size=9),
    st.integers(8, 10),
    st.integers(0, 9),
    st.integers(0, 8),
    st.booleans(),
)
def test_optimal_is_never_below_the_fixed_plays(
    low: list[int], tens: int, up: int, pair: int, hole: bool
) -> None:
    """optimal ≥ CDP = CDP1 ≥ CDZ- for a pair split once (CDP1 plays each hand best from
    its own cards and both pair cards: a strategy the optimal player may follow)."""
    counts = [*low, tens]
    counts[up] = max(counts[up], 1)
    counts[pair] = max(counts[pair], 2 + (pair == up))
    counts[up] -= 1
    while sum((slot + 1) * n for slot, n in enumerate(counts)) < round_points(2):
        counts[9] += 1
    shoe = tuple(counts)
    rules = _rules(hole_card=hole)
    solver = UpCardSolver(shoe, up, rules)
    optimal = optimal_split_value(solver, pair)
    cdp1 = _fixed(shoe, up, pair, rules, PostSplit.CDP1)
    assert _fixed(shoe, up, pair, rules, PostSplit.CDP) == cdp1
    assert optimal >= cdp1 >= _fixed(shoe, up, pair, rules, PostSplit.CDZ)


def test_hand_shows_the_gain_over_cdp() -> None:
    shoe = Shoe.from_counts(dict(zip("A23456789T", _SMALL)))  # type: ignore[arg-type]
    found = analyze_hand("8 8", "7", shoe, _rules())
    assert found.split_cdp is not None and found.split_gain is not None
    assert found.split_gain == found.values["split"] - found.split_cdp >= 0
    assert found.to_dict()["split_gain"] == str(found.split_gain)


def test_a_split_beyond_a_day_is_refused_with_its_estimate() -> None:
    rules = BlackjackRules(post_split="optimal", split_hands=4, decks=8)
    solver = UpCardSolver((32,) * 9 + (127,), 9, rules)
    assert split_cost(solver, 7).seconds > 86_400
    with pytest.raises(RulesError, match=r"8 8 into up to 4 hands .* about \d+ (days|years)"):
        require_affordable(solver, 7)


def test_commands_of_many_shoes_refuse_the_optimal_split() -> None:
    from typer.testing import CliRunner

    from baccarat_exact.cli import app

    result = CliRunner().invoke(app, ["blackjack", "round", "--float", "--post-split", "optimal"])
    assert result.exit_code == 2
    assert "blackjack round does not take --post-split optimal" in result.output
