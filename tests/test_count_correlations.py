"""The built-in blackjack counts, tags as cited in docs/card-counting.md, against the
exact effects of removal: their betting correlations are the published ones.

The betting correlation (BC) of a count is the correlation, over the cards of the shoe,
of its tags with the effects of removing each card (P. Griffin, *The Theory of
Blackjack*, ch. 4). The figures the counts are known by — Hi-Lo .97, KO .98, Red 7 .98,
Hi-Opt II .91, Omega II .92, Zen .96, Wong Halves .99 — are Griffin's single-deck ones,
printed to two decimals in the usual comparison table: blackjackapprenticeship.com,
"Card Counting Systems" (www.blackjackapprenticeship.com/resources/card-counting-systems/,
columns BC); the same values at legalonlineblackjack.com, "Other Card Counting Systems"
(table "System Comparison Overview"). Here the effects are this tool's own exact ones for
one deck, S17, double on any two cards, no double after splitting, no surrender (the
game Griffin's effects are for), optimal play: each correlation comes within 0.015 of the
published one (half a unit of the printed rounding, and Griffin's effects were computed
with resplits allowed, one more difference of rules).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from baccarat_exact.analysis.blackjack.counts import SEVEN, find_count, kind_counts, kind_tags
from baccarat_exact.analysis.blackjack.eor import BlackjackEor, blackjack_eor
from baccarat_exact.analysis.counting import betting_correlation
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.model.shoe import Shoe

PUBLISHED_BC = {
    "hi-lo": 0.97,
    "ko": 0.98,
    "red-7": 0.98,
    "hi-opt-ii": 0.91,
    "omega-ii": 0.92,
    "zen": 0.96,
    "wong-halves": 0.99,
}


@pytest.fixture(scope="module")
def one_deck() -> BlackjackEor:
    rules = BlackjackRules(
        decks=1, hole_card=True, double_after_split=False, hit_split_aces=False,
        triple_seven=False,
    )  # fmt: skip
    return blackjack_eor(Shoe.from_decks(1), rules, exact=False)


@pytest.mark.parametrize("name", list(PUBLISHED_BC))
def test_each_counts_betting_correlation_is_the_published_one(
    one_deck: BlackjackEor, name: str
) -> None:
    count = find_count(name)
    effects = [Fraction(e) for e in one_deck.effects_optimal if e is not None]
    reds = 2 if count.red_seven is not None else 0  # a deck's red sevens, tagged apart
    cards = kind_counts(count, one_deck.cards, reds)
    if reds:
        effects.append(effects[SEVEN])  # a red seven leaving moves the game as a black one
    correlation = betting_correlation(cards, kind_tags(count), effects)
    assert correlation == pytest.approx(PUBLISHED_BC[name], abs=0.015)


def test_the_counts_rank_as_published(one_deck: BlackjackEor) -> None:
    """Wong Halves, the level-3 count, correlates best; Hi-Opt II and Omega II, which
    leave the ace out, worst — as in the published table."""
    effects = [Fraction(e) for e in one_deck.effects_optimal if e is not None]
    found = {}
    for name in PUBLISHED_BC:
        count = find_count(name)
        reds = 2 if count.red_seven is not None else 0
        extra = [effects[SEVEN]] if reds else []
        cards = kind_counts(count, one_deck.cards, reds)
        found[name] = betting_correlation(cards, kind_tags(count), effects + extra)
    assert max(found, key=lambda n: found[n] or 0.0) == "wong-halves"
    assert sorted(found, key=lambda n: found[n] or 0.0)[:2] == ["hi-opt-ii", "omega-ii"]
