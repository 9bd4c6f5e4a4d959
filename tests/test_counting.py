"""Linear counts: parsing, Thorp's derivation (checked by exhaustive search), betting
correlation by identities, and a published balanced count."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat_exact.analysis.counting import (
    CountError,
    CountSystem,
    derive_count,
    derive_tags,
    fit_count,
    parse_count,
    parse_named_count,
)
from baccarat_exact.analysis.eor import EffectOfRemoval, RemovalRow, effect_of_removal
from baccarat_exact.model.bets import main_bets
from baccarat_exact.model.cards import RANKS
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe


@pytest.fixture(scope="module")
def eight() -> EffectOfRemoval:
    return effect_of_removal(Shoe.from_decks(8))


def test_parse_count_reads_tags_per_value() -> None:
    count = parse_count("A:1, 2:+1 3=1 4:2 5:-1 6:-2 7:-1 8:-1 10:0")
    assert count.in_order() == (1, 1, 1, 2, -1, -2, -1, -1, 0, 0)
    assert count.tag_of_value(0) == 0 and count.rank_tags()[RANKS.index(RANKS[12])] == 0
    assert parse_count("K:-2").tags[0] == -2  # any 10-value rank names the 10-value tag
    assert parse_count(count.label()) == CountSystem(name="your count", tags=count.tags)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "needs tags"),
        ("A1", "expected CARD:TAG"),
        ("A:x", "whole number, got 'x'"),
        ("Z:1", "unknown card 'Z'"),
        ("T:1,K:2", "the tag of T is given twice"),
    ],
)
def test_parse_count_errors_quote_the_input(text: str, message: str) -> None:
    with pytest.raises(CountError, match=message):
        parse_count(text)


def _exhaustive_best(eor: EffectOfRemoval, bet: int) -> tuple[int, ...]:
    """Best balanced count with tags in {-1, 0, 1}, by trying all 3**10 of them."""
    cards, effects = zip(*((n, float(e or 0)) for n, e in eor.value_effects(bet)))
    best, best_tags = -2.0, tuple([0] * 10)
    for tags in itertools.product((-1, 0, 1), repeat=10):
        if sum(n * t for n, t in zip(cards, tags)) != 0 or not any(tags):
            continue
        spread = sum(n * t * t for n, t in zip(cards, tags))
        score = sum(n * t * e for n, t, e in zip(cards, tags, effects)) / math.sqrt(spread)
        if score > best + 1e-12:
            best, best_tags = score, tags
    return best_tags


@pytest.mark.parametrize("bet", [0, 1, 2])
def test_level_one_count_is_the_best_balanced_one(eight: EffectOfRemoval, bet: int) -> None:
    assert derive_count(eight, bet, level=1).tags == _exhaustive_best(eight, bet)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_derived_counts_are_balanced_small_and_well_correlated(
    eight: EffectOfRemoval, level: int
) -> None:
    for bet in range(3):
        count = derive_count(eight, bet, level)
        fit = fit_count(eight, bet, count)
        assert fit.imbalance == 0 and fit.mean_tag == 0
        assert max(abs(t) for t in count.tags) <= level
        assert fit.correlation is not None and fit.correlation > 0.85


def test_correlation_grows_with_the_level(eight: EffectOfRemoval) -> None:
    for bet in range(3):
        one, three = (
            fit_count(eight, bet, derive_count(eight, bet, lv)).correlation for lv in (1, 3)
        )
        assert one is not None and three is not None and three >= one


def _artificial(effects_by_value: list[Fraction]) -> EffectOfRemoval:
    """An EffectOfRemoval of a full 1-deck shoe with chosen effects per value (1..9, then 0)."""
    rows = []
    for value, effect in zip([1, 2, 3, 4, 5, 6, 7, 8, 9, 0], effects_by_value):
        ranks = tuple(r for r in RANKS if r.point == value)
        rows.append(
            RemovalRow(
                ranks=ranks,
                value=value,
                cards=4 * len(ranks),
                effects=(effect,),
                win_effects=(effect,),
            )
        )
    bet = main_bets(Rules())[0]
    return EffectOfRemoval(
        shoe=Shoe.from_decks(1),
        rules=Rules(),
        bets=(bet,),
        evs=(Fraction(-1, 100),),
        wins=(Fraction(1, 2),),
        rows=tuple(rows),
    )


def test_a_count_proportional_to_the_effects_correlates_perfectly() -> None:
    tags = parse_count("A:0,2:1,3:1,4:1,5:1,6:1,7:1,8:1,9:1,T:-2")  # balanced for full decks
    k = Fraction(3, 1000)
    eor = _artificial([k * t for t in tags.in_order()])
    fit = fit_count(eor, 0, tags)
    assert fit.correlation == pytest.approx(1.0, abs=1e-12)
    assert fit.slope == k  # exact least squares
    assert fit.ev_per_true_count == pytest.approx(float(k) * 51 / 52)
    assert fit.break_even == pytest.approx(0.01 / (float(k) * 51 / 52))
    assert derive_count(eor, 0, 2).tags == tags.tags  # reachable at level 2, so found


def test_correlation_is_invariant_to_scale_and_flips_with_sign(eight: EffectOfRemoval) -> None:
    count = derive_count(eight, 0, 2)
    doubled = CountSystem(name="x", tags=tuple(2 * t for t in count.tags))
    negated = CountSystem(name="y", tags=tuple(-t for t in count.tags))
    base = fit_count(eight, 0, count).correlation
    assert base is not None
    assert fit_count(eight, 0, doubled).correlation == pytest.approx(base)
    assert fit_count(eight, 0, negated).correlation == pytest.approx(-base)


def test_correlation_matches_numpy(eight: EffectOfRemoval) -> None:
    """Betting correlation = Pearson correlation over the 416 cards of the shoe."""
    count = parse_count("A:1,2:1,3:1,4:2,5:-1,6:-2,7:-1,8:-1")
    fit = fit_count(eight, 1, count)
    tags, effects = [], []
    for row in eight.rows:
        assert row.effects is not None
        tags += [count.tag_of_value(row.value)] * row.cards
        effects += [float(row.effects[1])] * row.cards
    assert fit.correlation == pytest.approx(float(np.corrcoef(tags, effects)[0, 1]), abs=1e-12)


def test_published_ten_count_is_balanced(eight: EffectOfRemoval) -> None:
    """JSTAT's balanced Ten count for baccarat, tags (0,1,1,1,1,1,1,1,1,-2) for A..9 and
    tens, as quoted by E. Jacobson, "Baccarat Tie Bet Flimflam" (888casino.com blog)."""
    ten_count = parse_count("A:0,2:1,3:1,4:1,5:1,6:1,7:1,8:1,9:1,T:-2")
    for bet in range(3):
        assert fit_count(eight, bet, ten_count).imbalance == 0


def test_an_unbalanced_count_is_centred() -> None:
    eor = effect_of_removal(Shoe.from_decks(1))
    fit = fit_count(eor, 0, parse_count("4:1"))
    assert fit.imbalance == 4 and fit.mean_tag == Fraction(4, 52)


def test_level_must_be_positive(eight: EffectOfRemoval) -> None:
    with pytest.raises(CountError, match="level must be 1 or more"):
        derive_count(eight, 0, 0)


def test_dragon_7_count_is_the_published_one() -> None:
    """Thorp's method at level 2 finds Eliot Jacobson's Dragon 7 count: 4-7 count -1,
    8 and 9 count +2, the rest 0 (tracking sheet at discountgambling.net/2011/10/04/
    baccarat-dragon-7-tracking-sheet/, after Jacobson's "Card Counting the Dragon Side Bet
    in EZ Baccarat", Wizard of Odds, 2011)."""
    from baccarat_exact.model.catalogue import find_bet

    rules = Rules()
    bets = (*main_bets(rules), find_bet("dragon-7", rules))
    eor = effect_of_removal(Shoe.from_decks(8), rules, bets)
    dragon = derive_count(eor, 3, level=2)
    assert dragon.in_order() == (0, 0, 0, -1, -1, -1, -1, 2, 2, 0)
    fit = fit_count(eor, 3, dragon)
    assert fit.correlation is not None and fit.correlation > 0.95


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"level": 0}, "--level must be between 1 and 9, got 0"),
        ({"level": 10}, "--level must be between 1 and 9, got 10"),
        ({"tags": "A:1,4:x"}, "the tag of 4 must be a whole number"),
        ({"tags": ""}, "a count needs tags"),
    ],
)
def test_the_counting_input_refuses_what_the_options_refuse(
    given: dict[str, object], message: str
) -> None:
    """A stored request's counts are read by the code that reads --count-system and --level."""
    from baccarat_exact.commands.counting import CountingInput

    with pytest.raises(CountError, match=message):
        CountingInput.from_dict(given)


def test_the_counting_input_reads_its_tags() -> None:
    from baccarat_exact.commands.counting import DERIVED_COUNTS, CountingInput

    assert DERIVED_COUNTS.own() is None and DERIVED_COUNTS.level == 2
    own = CountingInput(tags="4:2, T:-1").own()
    assert own is not None and own.tags == parse_count("4:2,T:-1").tags


def _grid_count(eor: EffectOfRemoval, bet: int, level: int) -> tuple[int, ...]:
    """The derived count by brute force over the whole grid: least imbalance, then the
    highest correlation, then the first vector in grid order (a stable sort)."""
    cards, effects = [], []
    for n, effect in eor.value_effects(bet):
        cards.append(n)
        effects.append(float(effect) if effect is not None else 0.0)
    largest = max(abs(e) for e in effects)
    if largest == 0:
        return (0,) * 10
    options = []
    for n, e in zip(cards, effects):
        t = e / largest * level
        low, high = max(-level, math.floor(t) - 1), min(level, math.ceil(t) + 1)
        options.append(range(low, high + 1) if n else range(0, 1))
    best: tuple[int, float, int] | None = None
    chosen: tuple[int, ...] = ()
    for i, tags in enumerate(itertools.product(*options)):
        imbalance = abs(sum(n * p for n, p in zip(cards, tags)))
        total = sum(n * p for n, p in zip(cards, tags))
        square = sum(n * p * p for n, p in zip(cards, tags))
        cross = sum(n * e / largest * p for n, e, p in zip(cards, effects, tags))
        spread = square - total**2 / sum(cards)
        correlation = cross / math.sqrt(spread) if spread > 1e-9 else -math.inf
        key = (imbalance, -correlation, i)
        if best is None or key < best:
            best, chosen = key, tags
    return chosen


@pytest.mark.parametrize("bet", [0, 1, 2])
def test_derived_count_is_the_best_of_the_whole_grid(eight: EffectOfRemoval, bet: int) -> None:
    """The derivation scores only the least unbalanced vectors; brute force scores all."""
    assert derive_count(eight, bet, 1).tags == _grid_count(eight, bet, 1)


# Published counts, tags typed from their sources (A 2 3 4 5 6 7 8 9 T):
#  - E. Jacobson, "Co-Card Counting the Dragon and Panda Side Bets in EZ Baccarat"
#    (888casino.com blog): Dragon {0,0,0,-1,-1,-1,-1,2,2,0}, Panda {1,1,-2,-2,-2,-1,-1,-2,4,1};
#  - S. How, "Unbalanced Dragon 7 Count" (discountgambling.net, 2012-10-24): A +1, 4-7 -1,
#    8-9 +2, "start the count at -32 for a new shoe" of 8 decks;
#  - S. How, "Panda-8 Co-Count with Dragon-7" (discountgambling.net, 2012-12-09):
#    A +1, 4 and 5 -1, 9 +2.
PUBLISHED = {
    "dragon-7": (0, 0, 0, -1, -1, -1, -1, 2, 2, 0),
    "panda-8": (1, 1, -2, -2, -2, -1, -1, -2, 4, 1),
    "dragon-7-how": (1, 0, 0, -1, -1, -1, -1, 2, 2, 0),
    "panda-8-how": (1, 0, 0, -1, -1, 0, 0, 0, 2, 0),
}


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_published_counts_by_name(name: str) -> None:
    count = parse_named_count(name)
    assert count.in_order() == PUBLISHED[name] and count.name == name


def test_published_balance_as_their_authors_state(eight: EffectOfRemoval) -> None:
    """Jacobson's counts are balanced; How's unbalanced Dragon 7 count starts at -32 on 8
    decks so that a full shoe counts back to 0: its imbalance is +32."""
    bets = {bet.name: b for b, bet in enumerate(eight.bets)}
    banker = bets["banker"]
    assert fit_count(eight, banker, parse_named_count("dragon-7")).imbalance == 0
    assert fit_count(eight, banker, parse_named_count("panda-8")).imbalance == 0
    assert fit_count(eight, banker, parse_named_count("dragon-7-how")).imbalance == 32


@pytest.mark.parametrize(
    "text, message",
    [("nonesuch", "no published count"), ("=A:1", "name must be"), ("a b=A:1", "name must be")],
)
def test_named_count_errors(text: str, message: str) -> None:
    with pytest.raises(CountError, match=message):
        parse_named_count(text)


def test_a_named_count_of_your_own() -> None:
    count = parse_named_count("ten-count=2:1,3:1,4:1,5:1,6:1,7:1,8:1,9:1,T:-2")
    assert count.name == "ten-count" and count.in_order()[-1] == -2


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 400),
            st.integers(-3, 3),
            st.fractions(max_denominator=10**12).filter(lambda f: abs(f) < 10),
        ),
        min_size=1,
        max_size=10,
    ).filter(lambda rows: sum(n for n, _, _ in rows) > 0)
)
def test_the_moments_are_the_sums_of_their_fractions(
    rows: list[tuple[int, int, Fraction]],
) -> None:
    """The fit's sums, made over integers with one division each, equal the same sums
    added as fractions term by term (their definitions)."""
    from baccarat_exact.analysis.counting import _moments

    cards, tags, effects = zip(*rows)
    total = sum(cards)
    mean = Fraction(sum(n * t for n, t in zip(cards, tags)), total)
    mean_effect = sum((n * e for n, e in zip(cards, effects)), Fraction(0)) / total
    found = _moments(cards, tags, effects)
    assert found.mean_tag == mean
    assert found.sxy == sum(
        (n * (t - mean) * e for n, t, e in zip(cards, tags, effects)), Fraction(0)
    )
    assert found.sxx == sum((n * (t - mean) ** 2 for n, t in zip(cards, tags)), Fraction(0))
    assert found.syy == sum(
        (n * (e - mean_effect) ** 2 for n, e in zip(cards, effects)), Fraction(0)
    )


def _scored_whole(
    monkeypatch: pytest.MonkeyPatch, cards: list[int], effects: list[Fraction], level: int
) -> tuple[int, ...]:
    """The derivation with every least-unbalanced vector scored value by value (no
    contenders picked first)."""
    from baccarat_exact.analysis import counting

    with monkeypatch.context() as patch:
        patch.setattr(counting, "_contenders", lambda tied, *_: tied)
        return counting.derive_tags(cards, effects, level)


@settings(max_examples=200, deadline=None)
@given(
    cards=st.lists(st.sampled_from([0, 1, 4, 32, 128, 200]), min_size=10, max_size=10).filter(any),
    numerators=st.lists(st.integers(-6, 6), min_size=5, max_size=10),
    denominator=st.sampled_from([1, 7, 9, 10**9 + 7]),
    mirrored=st.booleans(),
    level=st.integers(1, 4),
)
def test_contenders_keep_the_derived_tags(
    cards: list[int],
    numerators: list[int],
    denominator: int,
    mirrored: bool,
    level: int,
) -> None:
    """Scoring only the contenders (each vector's halves added, the rest left out by the
    rounding bound) picks the tags scoring every tied vector value by value picks, ties
    between equal correlations (mirrored effects) included."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        values = numerators[:5] + numerators[:5][::-1] if mirrored else numerators
        effects = [Fraction(k, denominator) for k in (values + [1] * 10)[:10]]
        derived = derive_tags(cards, effects, level)
        assert derived == _scored_whole(monkeypatch, cards, effects, level)


@pytest.mark.parametrize("offset", [-1, 0])
def test_contenders_only_below_the_whole_float_bound(offset: int) -> None:
    """At and just below Σ cards · level² = 2**53 (where Σ n·p² stops being exact in any
    order) the tags are those of scoring every tied vector value by value: below it the
    contenders are picked, at it every vector is scored."""
    from baccarat_exact.analysis import counting

    level = 2
    total = 2**53 // (level * level) + offset
    cards = [total - 9 * (total // 10)] + [total // 10] * 9
    effects = [Fraction(k, 7) for k in (3, -1, 2, -2, 1, 0, -3, 2, -1, 1)]
    picked: list[bool] = []
    original = counting._contenders

    def watched(*args: object) -> object:
        picked.append(True)
        return original(*args)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(counting, "_contenders", watched)
        derived = counting.derive_tags(cards, effects, level)
        assert picked == ([True] if sum(cards) * level * level < 2**53 else [])
        assert derived == _scored_whole(monkeypatch, cards, effects, level)


def test_the_side_bets_counts_are_those_of_every_tied_vector(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every built-in bet's derived count, levels 1 to 3, on eight decks."""
    from baccarat_exact.analysis.counting import _weights
    from baccarat_exact.model.catalogue import SIDE_BET_NAMES, find_bet

    rules = Rules()
    bets = (*main_bets(rules), *(find_bet(name, rules) for name in SIDE_BET_NAMES))
    eor = effect_of_removal(Shoe.from_decks(8), rules, bets)
    for bet in range(len(bets)):
        cards, effects = _weights(eor, bet)
        for level in (1, 2, 3):
            assert derive_tags(cards, effects, level) == _scored_whole(
                monkeypatch, cards, effects, level
            )
