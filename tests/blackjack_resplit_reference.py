"""The law of a round with resplits, card by card — used only by tests.

The card-by-card reference (``tests/blackjack_reference.py``) deals a split round's two
hands for real; here a split pair becomes up to ``split_hands`` hands as the reference's
resplit value deals them: hands played in turn, each taking its second card when its turn
comes, a pair card dealt as a second card making one more hand (added at the end) while
the rules allow, every hand's moves chosen from its own cards and both pair cards only.
Everything else is the reference's own round.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from baccarat_exact.blackjack.hands import SLOTS, Counts
from baccarat_exact.blackjack.rules import BlackjackRules
from tests import blackjack_reference as reference

__all__ = ["resplit_round_law"]

Law = dict[Fraction, Fraction]
Hands = list[tuple[Fraction, tuple[reference.Result, ...], Counts]]


def _hands_in_turn(
    index: int,
    hands: int,
    pair: int,
    known: Counts,
    actual: Counts,
    up: int,
    rules: BlackjackRules,
    chart: object,
) -> Hands:
    """Split hands ``index`` … played in turn (moves from ``known`` and each hand's own cards,
    cards from ``actual``): (probability, every hand's result, shoe left)."""
    if index == hands:
        return [(Fraction(1), (), actual)]
    out: Hands = []
    for p, second, left, formed in reference._second_cards(pair, hands, actual, rules):
        hand, seen = (pair, second), reference._take(known, second)
        move = reference._later_move(hand, seen, up, pair, rules, chart)
        for q, result, rest in reference._play_out(hand, move, seen, left, up, pair, rules, chart):
            for r, results, final in _hands_in_turn(
                index + 1, formed, pair, known, rest, up, rules, chart
            ):
                out.append((p * q * r, (result, *results), final))
    return out


def _splits(
    hand: tuple[int, int], up: int, unseen: Counts, rules: BlackjackRules, chart: object
) -> bool:
    """Whether the opening ``hand`` splits: the chart's move, or the reference's first best."""
    if hand[0] != hand[1] or reference._cards_total(hand)[0] == 21:
        return False
    if chart is not None:
        return reference._chart_move(chart, up, hand, -1) == "split"
    bj_card = reference._bj_card(up)
    p_bj = Fraction(unseen[bj_card], sum(unseen)) if bj_card >= 0 else Fraction(0)
    values = {
        "stand": reference._stand(hand, unseen, up, False, 1, rules),
        "hit": reference._hit(hand, unseen, up, False, rules),
    }
    if reference._may_double(hand, False, rules):
        values["double"] = reference._double(hand, unseen, up, False, rules)
    values["split"] = reference._split(hand[0], unseen, up, rules)
    if rules.hole_card:
        values = {move: -p_bj + (1 - p_bj) * v for move, v in values.items()}
    if rules.surrender.value == "early":
        values["surrender"] = Fraction(-1, 2)
    elif rules.surrender.value == "late":
        values["surrender"] = -(1 - p_bj) / 2 - p_bj
    return reference._first_best(values) == "split"


def _split_law(pair: int, up: int, unseen: Counts, rules: BlackjackRules, chart: object) -> Law:
    """The round's law after the up card and a pair that splits (a peeked dealer blackjack
    takes the original stake; a dealer blackjack that takes the original only shares it)."""
    law: Law = defaultdict(Fraction)
    bj_card = reference._bj_card(up)
    p_bj = Fraction(unseen[bj_card], sum(unseen)) if bj_card >= 0 else Fraction(0)
    worlds: list[tuple[Fraction, Counts, tuple[int, ...]]] = [(Fraction(1), unseen, (up,))]
    if rules.hole_card:
        law[Fraction(-1)] += p_bj
        worlds = [
            (p * (1 - p_bj), reference._take(unseen, hole), (up, hole))
            for hole, p in reference._holes(unseen, up)
        ]
    for p_world, actual, dealer_cards in worlds:
        for p_hands, results, left in _hands_in_turn(0, 2, pair, unseen, actual, up, rules, chart):
            share = Fraction(1, len(results))
            dealer = reference.dealer_final(left, dealer_cards, rules.dealer_hits_soft_17)
            for outcome, q in dealer.items():
                net = sum(
                    (reference._settle(r, outcome, share, rules) for r in results), Fraction(0)
                )
                law[net] += p_world * p_hands * q
    return law


def resplit_round_law(shoe: Counts, rules: BlackjackRules, chart: object = None) -> Law:
    """The law of a round's net result from ``shoe`` (values A … T), card by card, by the best
    play (``chart`` None) or a basic strategy chart; a split pair becomes up to
    ``rules.split_hands`` hands (aces only with resplit aces)."""
    assert rules.split_by.value == "value"
    n = sum(shoe)
    law: Law = defaultdict(Fraction)
    for up in range(SLOTS):
        if not shoe[up]:
            continue
        after_up = reference._take(shoe, up)
        for first in range(SLOTS):
            if not after_up[first]:
                continue
            after_first = reference._take(after_up, first)
            for second in range(SLOTS):
                if not after_first[second]:
                    continue
                p = (
                    Fraction(shoe[up], n)
                    * Fraction(after_up[first], n - 1)
                    * Fraction(after_first[second], n - 2)
                )
                unseen = reference._take(after_first, second)
                hand = (first, second)
                if _splits(hand, up, unseen, rules, chart):
                    found = _split_law(first, up, unseen, rules, chart)
                else:
                    found = reference._opening_law(hand, up, unseen, rules, chart)
                for net, q in found.items():
                    law[net] += p * q
    return {net: p for net, p in sorted(law.items()) if p}
