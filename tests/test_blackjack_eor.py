"""Blackjack effects of removal: the identities they obey and the published figures they
reproduce, each under the definition its source uses (docs/blackjack.md, `eor`)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from baccarat_exact.analysis.blackjack.eor import BlackjackEor, ChartPlay, blackjack_eor, eor_steps
from baccarat_exact.blackjack.rules import CASINO_RULES, US_RULES, BlackjackRules, Surrender
from baccarat_exact.model.shoe import Shoe

SMALL = Shoe.from_counts({"A": 2, "5": 3, "7": 4, "9": 2, "T": 8})
"""The 19-card shoe of the documentation's example (every value it holds is removable)."""


def _weighted(eor: BlackjackEor, effects: tuple[Fraction | float | None, ...]) -> Fraction:
    """Σ cards × effect over the values the shoe holds."""
    return sum((n * Fraction(e) for n, e in zip(eor.cards, effects) if e is not None), Fraction(0))


@pytest.mark.parametrize(
    ("shoe", "rules"),
    [
        (SMALL, CASINO_RULES),
        (SMALL, replace(US_RULES, surrender=Surrender.LATE)),
        pytest.param(Shoe.from_decks(1), replace(US_RULES, decks=1), marks=pytest.mark.slow),
    ],
    ids=["casino", "us-late-surrender", "us-1-deck"],
)
def test_a_fixed_chart_neither_gains_nor_loses_from_a_burnt_card(
    shoe: Shoe, rules: BlackjackRules
) -> None:
    """Burning an unseen card changes no fixed strategy's value: with the whole shoe's chart
    held fixed, Σ cards × effect is exactly 0. Playing each shoe optimally uses the card,
    so that sum is at least 0 for optimal play."""
    eor = blackjack_eor(shoe, rules, chart=ChartPlay.FIXED)
    assert eor.chart is ChartPlay.FIXED
    assert _weighted(eor, eor.effects_basic) == 0
    assert _weighted(eor, eor.effects_optimal) >= 0


def test_the_fixed_chart_prices_the_same_optimal_effects() -> None:
    """The chart play changes the basic column only; optimal play always adjusts."""
    own = blackjack_eor(SMALL, CASINO_RULES)
    fixed = blackjack_eor(SMALL, CASINO_RULES, chart=ChartPlay.FIXED)
    assert own.chart is ChartPlay.OWN
    assert fixed.effects_optimal == own.effects_optimal
    assert (fixed.optimal, fixed.basic, fixed.count) == (own.optimal, own.basic, own.count)
    assert fixed.effects_basic != own.effects_basic


def test_progress_counts_the_fixed_charts_solves() -> None:
    steps: list[int] = []
    blackjack_eor(SMALL, CASINO_RULES, exact=False, chart=ChartPlay.FIXED, progress=steps.append)
    assert sum(steps) == eor_steps(SMALL, ChartPlay.FIXED) == 10 * (1 + 2 * 5)


@pytest.mark.slow
def test_one_random_card_removed_reproduces_the_analyzers_single_deck_figures() -> None:
    """k_c's composition-dependent combinatorial analyzer (the CDCA, bjstrat.net, the
    analyzer the Wizard of Odds' table below comes from), page "ccDynamics", section
    "Computing overall EV for a given number of cards remaining": composition-dependent
    EVs for a single deck, best strategy for each subset — full shoe +0.000247914, one
    card removed +0.000499114 (nine decimals). The second is the full shoe's value plus
    the card-weighted mean of the optimal effects of removal. The page names its rules
    "specific rules"; S17, double on any two cards, no double after split, split once,
    one card to split aces, peek and no surrender give both figures to all nine decimals.
    Tolerance: half a unit in the ninth decimal."""
    rules = replace(US_RULES, decks=1, double_after_split=False)
    eor = blackjack_eor(Shoe.from_decks(1), rules)
    full_shoe = Fraction(eor.optimal)
    after_one_card = full_shoe + _weighted(eor, eor.effects_optimal) / 52
    assert abs(full_shoe - Fraction("0.000247914")) <= Fraction(5, 10**10)
    assert abs(after_one_card - Fraction("0.000499114")) <= Fraction(5, 10**10)


LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
WIZARD = {
    # card: (Stand Soft 17, Hit Soft 17), percent
    "2": (0.069, 0.071),
    "3": (0.082, 0.086),
    "4": (0.110, 0.117),
    "5": (0.141, 0.143),
    "6": (0.079, 0.084),
    "7": (0.041, 0.038),
    "8": (-0.008, -0.010),
    "9": (-0.040, -0.045),
    "T": (-0.091, -0.097),
    "A": (-0.094, -0.084),
}
"""Wizard of Odds, "Effect of Card Removal in Blackjack" (wizardofodds.com/games/blackjack/
appendix/7/, also /effect-of-removal/), table "Effect of Removal — Six-Deck Shoe",
columns "Stand Soft 17" and "Hit Soft 17": the change in the player's expected value, in
percent, when one card of the value leaves a six-deck shoe; double on any two cards,
double after split, split once, strategy adjusted to the changed composition; from the
CDCA (bjstrat.net). Printed to three decimals of a percent."""


def _optimal_effects(rules: BlackjackRules) -> dict[str, float]:
    """The optimal effects of a fresh shoe in percent, by card (float arithmetic)."""
    effects = blackjack_eor(rules=rules, exact=False).effects_optimal
    return {label: 100 * float(e) for label, e in zip(LABELS, effects) if e is not None}


@pytest.mark.slow
@pytest.mark.parametrize(("column", "h17"), [(0, False), (1, True)], ids=["S17", "H17"])
def test_the_six_deck_table_is_reproduced_with_late_surrender(column: int, h17: bool) -> None:
    """The table's rules, read as our optimal effects (the strategy adjusts to each shoe),
    on the US game (peek, one card to split aces) — and with late surrender, which the
    page does not name: without it the small cards come out 8-17 % below the table (the
    five +0.125 against +0.141), with it every value lands within 0.0025 of a point.
    The table's rounding allows 0.0005; the rest (0.0021-0.0024 on the four and the five)
    is not explained by any rule option (docs/blackjack.md, `eor`), so the test asks for
    0.0025 and says so, and asks that surrender is what closes the gap: without it the
    five misses by more than six times that."""
    game = replace(US_RULES, dealer_hits_soft_17=h17)
    ours = _optimal_effects(replace(game, surrender=Surrender.LATE))
    assert set(ours) == set(WIZARD)
    for label, published in WIZARD.items():
        assert abs(ours[label] - published[column]) <= 0.0025, label
    without = _optimal_effects(game)
    assert WIZARD["5"][column] - without["5"] > 0.015
