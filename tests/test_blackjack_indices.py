"""``blackjack indices``: the exact law of the cards gone at a running count, each shoe's
exact values against the card-by-card reference, the flip points against a brute force
over every composition of a small shoe, and the Illustrious 18 on the US six-deck game."""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from baccarat_exact.analysis.blackjack.counts import HI_LO, find_count, slot_tags
from baccarat_exact.analysis.blackjack.decisions import DECISIONS
from baccarat_exact.analysis.blackjack.indices import (
    IndexSettings,
    blackjack_indices,
    decisions_for,
)
from baccarat_exact.analysis.blackjack.removal import RemovalLaw
from baccarat_exact.analysis.blackjack.valuation import situation_terms, split_tens_chance
from baccarat_exact.blackjack.hands import ACE, SLOTS, TEN, Counts
from baccarat_exact.blackjack.rules import CASINO_RULES, US_RULES, SplitBy, Surrender
from baccarat_exact.cli.blackjack import app
from baccarat_exact.errors import CountError
from baccarat_exact.model.shoe import Shoe
from tests import blackjack_reference as reference
from tests.cli_runner import run_main

runner = CliRunner()

SMALL = (1,) * 9 + (8,)
"""A 17-card shoe: one of each of A–9 and eight tens (the card-by-card reference values a
hand from it in milliseconds)."""
SMALL_COUNTS = "A=1,2=1,3=1,4=1,5=1,6=1,7=1,8=1,9=1,T=8"
SMALL_GONE = 2
"""Cards gone before the decision in the brute force: 15 left (15/52 of a deck); the
running counts -2 to +2, true counts about -6.9 to +6.9."""
TAGS = slot_tags(HI_LO)


def removals(full: Counts, m: int) -> list[Counts]:
    """Every composition of ``m`` cards the shoe ``full`` can lose."""
    return [k for k in itertools.product(*(range(min(c, m) + 1) for c in full)) if sum(k) == m]


def ways(full: Counts, gone: Counts) -> int:
    """How many sets of cards of the shoe have this composition."""
    return math.prod(math.comb(c, k) for c, k in zip(full, gone))


def running(gone: Counts) -> int:
    return sum(k * t for k, t in zip(gone, TAGS))


def reference_terms(left: Counts, key: str, rules: object) -> tuple[Fraction, Fraction]:
    """``(x, y)`` of one decision from the card-by-card reference: the chance it arises
    (after the peek) and Σ chance × (EV of the index play − EV of the other move)."""
    decision = next(d for d in DECISIONS if d.key == key)
    n = sum(left)
    if not left[decision.up]:
        return Fraction(0), Fraction(0)
    p_up = Fraction(left[decision.up], n)
    after = tuple(c - (s == decision.up) for s, c in enumerate(left))
    if decision.kind == "insurance":
        p = Fraction(after[TEN], n - 1)
        return p_up, p_up * (2 * p - (1 - p))
    x = y = Fraction(0)
    bj = TEN if decision.up == ACE else ACE if decision.up == TEN else -1
    for hand in decision.hands():
        a, b = (s for s in range(SLOTS) for _ in range(hand[s]))
        if after[a] < hand[a] or after[b] < hand[b]:
            continue
        deal = Fraction(2 * after[a] * after[b], (n - 1) * (n - 2))
        values = reference.hand_values((a, b), decision.up, left, rules)  # type: ignore[arg-type]
        unseen = n - 3
        no_bj = 1 - Fraction(after[bj] - hand[bj], unseen) if bj >= 0 else Fraction(1)
        if decision.other in values:
            other = values[decision.other]
        else:  # stand or hit: the better
            other = max(values["stand"], values["hit"])
        gain = values[decision.play] - other
        x += p_up * deal * no_bj
        y += p_up * deal * no_bj * gain  # the reference's values are given no blackjack
    return x, y


BRUTE_KEYS = ("insurance", "16vT", "15vT", "16v9")
"""Decisions whose hands the reference values quickly: 16 v 9 flips within the small
shoe's running counts (-2 to +2); the others gain at every one (a shoe rich in tens)."""


@pytest.fixture(scope="module")
def reference_shoes() -> dict[Counts, dict[str, tuple[Fraction, Fraction]]]:
    """Every composition of the cards gone from the small shoe → the reference's exact
    ``(x, y)`` of each decision for the shoe left."""
    found = {}
    for gone in removals(SMALL, SMALL_GONE):
        left = tuple(c - k for c, k in zip(SMALL, gone))
        found[gone] = {key: reference_terms(left, key, US_RULES) for key in BRUTE_KEYS}
    return found


@pytest.fixture(scope="module")
def brute_force(
    reference_shoes: dict[Counts, dict[str, tuple[Fraction, Fraction]]],
) -> dict[int, dict[str, Fraction]]:
    """Per running count, the exact average gain of each decision over every composition
    of the cards gone, each weighted by its number of card sets (Σ y / Σ x)."""
    totals: dict[int, dict[str, list[Fraction]]] = {}
    for gone, terms in reference_shoes.items():
        w = ways(SMALL, gone)
        row = totals.setdefault(running(gone), {k: [Fraction(0), Fraction(0)] for k in BRUTE_KEYS})
        for key, (x, y) in terms.items():
            row[key][0] += w * x
            row[key][1] += w * y
    return {rc: {k: y / x for k, (x, y) in row.items()} for rc, row in totals.items()}


def test_each_shoe_is_valued_exactly_as_the_reference_does(
    reference_shoes: dict[Counts, dict[str, tuple[Fraction, Fraction]]],
) -> None:
    decisions = [d for d in DECISIONS if d.key in BRUTE_KEYS]
    for gone, terms in reference_shoes.items():
        left = tuple(c - k for c, k in zip(SMALL, gone))
        found = situation_terms(left, US_RULES, decisions, exact=True)
        for decision, pair in zip(decisions, found):
            assert pair == terms[decision.key], (gone, decision.key)


def test_each_shoe_is_valued_exactly_without_a_hole_card_too() -> None:
    decisions = [d for d in DECISIONS if d.key in ("16vT", "11vA")]
    left = (2, 1, 2, 1, 2, 2, 2, 1, 2, 8)
    found = situation_terms(left, CASINO_RULES, decisions, exact=True)
    for decision, (x, y) in zip(decisions, found):
        values: dict[tuple[int, ...], dict[str, Fraction]] = {}
        want_x = want_y = Fraction(0)
        n = sum(left)
        after = tuple(c - (s == decision.up) for s, c in enumerate(left))
        for hand in decision.hands():
            a, b = (s for s in range(SLOTS) for _ in range(hand[s]))
            if not (after[a] and after[b]):
                continue
            values[hand] = reference.hand_values((a, b), decision.up, left, CASINO_RULES)
            w = Fraction(left[decision.up], n) * Fraction(
                2 * after[a] * after[b], (n - 1) * (n - 2)
            )
            want_x += w
            want_y += w * (values[hand][decision.play] - values[hand]["hit"])
        assert (x, y) == (want_x, want_y), decision.key


def test_the_law_of_the_cards_gone_is_the_exact_conditional_law() -> None:
    """Group weights by binomials, ranks by a uniform subset: the mean of the law equals the
    brute force's, and draws fall on each composition as often as its exact chance says."""
    full = (2,) * 9 + (8,)
    for rc in (-2, 0, 1):
        comps = [g for g in removals(full, 3) if running(g) == rc]
        total = sum(ways(full, g) for g in comps)
        law = RemovalLaw(full, TAGS, 3, rc)
        assert law.total == total
        mean = [Fraction(sum(ways(full, g) * g[s] for g in comps), total) for s in range(SLOTS)]
        assert list(law.mean_gone()) == mean
    law = RemovalLaw(full, TAGS, 3, 1)
    comps = [g for g in removals(full, 3) if running(g) == 1]
    rng = np.random.default_rng(7)
    draws = 4000
    seen = Counter(law.draw(rng) for _ in range(draws))
    assert set(seen) <= set(comps)
    for g in comps:
        p = ways(full, g) / law.total
        assert abs(seen[g] / draws - p) < 5 * math.sqrt(p * (1 - p) / draws) + 1e-9, g


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 3), min_size=SLOTS, max_size=SLOTS),
    st.lists(st.integers(-2, 2), min_size=SLOTS, max_size=SLOTS),
    st.integers(0, 6),
    st.data(),
)
def test_the_mean_of_the_law_is_the_brute_force_mean_for_any_count(
    full: list[int], tags: list[int], m: int, data: st.DataObject
) -> None:
    """Whatever the tags (a multi-level count, values of −2..2), the shoe and the depth,
    the law's exact mean is the mean over every composition gone with that running count
    (the mean is read from the law's full table, a card at a time divided out)."""
    comps = removals(tuple(full), m)
    if not comps:
        return
    counts = [sum(k * t for k, t in zip(g, tags)) for g in comps]
    rc = data.draw(st.sampled_from(counts))
    law = RemovalLaw(tuple(full), tags, m, rc)
    chosen = [g for g, c in zip(comps, counts) if c == rc]
    total = sum(ways(tuple(full), g) for g in chosen)
    assert law.total == total
    mean = [Fraction(sum(ways(tuple(full), g) * g[s] for g in chosen), total) for s in range(SLOTS)]
    assert list(law.mean_gone()) == mean


def test_the_law_refuses_a_running_count_the_depth_cannot_have() -> None:
    law = RemovalLaw((4,) * 9 + (16,), TAGS, 2, 3)
    assert not law.possible


@pytest.fixture(scope="module")
def small_run() -> dict[str, object]:
    args = [
        "indices", "--rules", "us", "--counts", SMALL_COUNTS, "--decks-left", "15/52",
        "--true-counts", "-7..7", "--samples", "60", "--decisions", ",".join(BRUTE_KEYS),
        "--seed", "3", "--format", "json", "--quiet",
    ]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def test_the_averages_at_each_count_match_the_brute_force(
    small_run: dict[str, object], brute_force: dict[int, dict[str, Fraction]]
) -> None:
    rows = small_run["tables"]["gains"]  # type: ignore[index]
    labels = {d.label: d.key for d in DECISIONS}
    assert {row["running_count"] for row in rows} == set(brute_force) == {-2, -1, 0, 1, 2}
    assert len(rows) == len(BRUTE_KEYS) * 5
    for row in rows:
        exact = float(brute_force[row["running_count"]][labels[row["decision"]]])
        assert abs(row["gain_float"] - exact) <= 4 * row["gain_se_float"] + 1e-6, row


def test_the_flip_points_match_the_brute_force(
    small_run: dict[str, object], brute_force: dict[int, dict[str, Fraction]]
) -> None:
    decks_left = Fraction(15, 52)
    flips = 0
    for found in small_run["indices"]:  # type: ignore[attr-defined]
        points = [(rc / decks_left, brute_force[rc][found["key"]]) for rc in sorted(brute_force)]
        signs = [gain > 0 for _, gain in points]
        changes = [k for k in range(len(points) - 1) if signs[k] != signs[k + 1]]
        if not changes:
            assert found["status"] == ("always" if signs[0] else "never"), found
            continue
        flips += 1
        assert len(changes) == 1 and found["status"] == "ok", found
        (t0, g0), (t1, g1) = points[changes[0]], points[changes[0] + 1]
        crossing = float(t0 - g0 * (t1 - t0) / (g1 - g0))
        assert abs(found["crossing_float"] - crossing) <= 4 * found["crossing_se_float"] + 0.05
        assert found["index"] == math.floor(crossing + 0.5), (found, crossing)
    assert flips == 1  # 16 v 9


# -- the Illustrious 18 -------------------------------------------------------------------

ILLUSTRIOUS_18 = {
    "insurance": 3,
    "16vT": 0,
    "15vT": 4,
    "TTv5": 5,
    "TTv6": 4,
    "10vT": 4,
    "12v3": 2,
    "12v2": 3,
    "11vA": 1,
    "9v2": 1,
    "10vA": 4,
    "9v7": 3,
    "16v9": 5,
    "13v2": -1,
    "12v4": 0,
    "12v5": -2,
    "12v6": -1,
    "13v3": -2,
}
"""Schlesinger's Illustrious 18 Hi-Lo indices for the six-deck game, S17, DAS (D.
Schlesinger, *Blackjack Attack*, 3rd ed., 2005, ch. 5 — first as "Attacking the Shoe",
Blackjack Forum, September 1986; the list as tabulated e.g. at
blackjack.yuchunlab.com/en/content/cardcounting/deviations): the play (insure, stand,
double, split) is made at that true count and above."""


@pytest.fixture(scope="module")
def six_decks() -> dict[str, object]:
    """The US six-deck table, in float with few samples (about 30 s)."""
    settings = IndexSettings(
        rules=US_RULES,
        shoe=Shoe.from_decks(6),
        count=HI_LO,
        cards_left=156,
        true_counts=tuple(range(-4, 7)),
        samples=14,
        seed=0,
        exact=False,
        decisions=decisions_for(US_RULES),
    )
    return {found.decision.key: found for found in blackjack_indices(settings).indices}


@pytest.mark.slow
@pytest.mark.parametrize(("key", "published"), sorted(ILLUSTRIOUS_18.items()))
def test_the_us_six_deck_table_lands_on_the_illustrious_18(
    six_decks: dict[str, object], key: str, published: int
) -> None:
    found = six_decks[key]
    assert found.status in ("ok", "noisy") and found.direction == ">=", found  # type: ignore[attr-defined]
    assert abs(found.index - published) <= 1, found  # type: ignore[attr-defined]


FAB_4 = {"14vT-surrender": 3, "15vT-surrender": 0, "15v9-surrender": 2, "15vA-surrender": 2}
"""Schlesinger's "Fab 4" Hi-Lo late-surrender indices, six decks S17 (*Blackjack Attack*,
3rd ed., ch. 5; tabulated at blackjack.yuchunlab.com/en/content/cardcounting/deviations,
which gives 15 v T as basic strategy's surrender — the index 0 — and 15 v A as +2 for
S17, +1 for H17): surrender at that true count and above."""


@pytest.mark.slow
def test_the_surrender_set_lands_on_the_fab_4() -> None:
    rules = replace(US_RULES, surrender=Surrender.LATE)
    settings = IndexSettings(
        rules=rules,
        shoe=Shoe.from_decks(6),
        count=HI_LO,
        cards_left=156,
        true_counts=tuple(range(-3, 6)),
        samples=14,
        seed=0,
        exact=False,
        decisions=decisions_for(rules, list(FAB_4)),
    )
    for found in blackjack_indices(settings).indices:
        published = FAB_4[found.decision.key]
        assert found.status == "ok" and found.direction == ">=", found
        assert found.index is not None and abs(found.index - published) <= 1, found


def test_the_illustrious_18_are_the_decisions_offered_by_the_us_rules() -> None:
    assert [d.key for d in decisions_for(US_RULES)] == list(ILLUSTRIOUS_18)


# -- the command line -----------------------------------------------------------------------


def test_the_same_seed_gives_the_same_document_and_a_count_does_not_depend_on_the_range() -> None:
    base = [
        "indices", "--counts", SMALL_COUNTS, "--decks-left", "15/52", "--samples", "12",
        "--decisions", "insurance", "--float", "-q", "-f", "json",
    ]  # fmt: skip
    one = json.loads(runner.invoke(app, [*base, "--true-counts", "-7..7"]).stdout)
    two = json.loads(runner.invoke(app, [*base, "--true-counts", "-7..7"]).stdout)
    three = json.loads(runner.invoke(app, [*base, "--true-counts", "0..5"]).stdout)
    drop = {"version"}
    assert {k: v for k, v in one.items() if k not in drop} == {
        k: v for k, v in two.items() if k not in drop
    }
    wide = {r["running_count"]: r for r in one["tables"]["gains"]}
    for row in three["tables"]["gains"]:
        assert row == wide[row["running_count"]]


def test_a_users_count_by_name_and_tags() -> None:
    mine = find_count("mine=2:1,3:1,4:1,5:1,6:1,T:-1,A:-1")
    assert mine.tags == HI_LO.tags and mine.name == "mine"
    with pytest.raises(CountError, match="unbalanced"):
        find_count("ko=2:1,3:1,4:1,5:1,6:1,7:1,T:-1,A:-1")


def test_the_european_game_lists_its_own_decisions() -> None:
    keys = [d.key for d in decisions_for(CASINO_RULES, counts=(24,) * 9 + (96,), exact=False)]
    assert keys[:18] == list(ILLUSTRIOUS_18)
    assert "15vT-surrender" not in keys  # no surrender in the casino's game
    late = decisions_for(replace(US_RULES, surrender=Surrender.LATE), ["15vT-surrender"])
    assert [d.play for d in late] == ["surrender"]


HOSTILE = [
    (["--count-system", "nonesuch"], "unknown count 'nonesuch'"),
    (["--count-system", "ko=2:1,7:1"], "unbalanced"),
    (["--decks-left", "7"], "--decks-left must leave between 1 and 312 cards"),
    (["--decks-left", "2.01"], "a whole number of cards"),
    (["--decks-left", "0"], "--decks-left must be more than 0"),
    (["--decks-left", "lots"], "--decks-left"),
    (["--decks-left", "5/52"], "a round with its up card can take"),
    (["--true-counts", "5..1"], "from low to high"),
    (["--true-counts", "one"], "LOW..HIGH"),
    (["--true-counts", "-100..100"], "at most 61 counts"),
    (["--samples", "1"], "'--samples': 1 is not in the range 2<=x<=1000000"),
    (["--decisions", "17vT"], "unknown decision '17vT'"),
    (["--decisions", "15vT-surrender"], "the rules do not offer 15vT-surrender"),
    (["--decisions", ","], "names no decision"),
]


@pytest.mark.parametrize(("args", "message"), HOSTILE)
def test_bad_input_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run_main(capsys, "blackjack", "indices", "--float", "-q", *args)
    assert code == 2, (out, err)
    assert err.startswith("Error: ") and err.count("\n") == 1 and message in err, err
    assert out == ""


# -- tens split by rank --------------------------------------------------------------------

RANK_RULES = replace(US_RULES, split_by=SplitBy.RANK, split_hands=2)


def test_a_ten_pair_split_by_rank_counts_only_its_same_rank_hands() -> None:
    """Split by rank, T,T v 5 arises only for two tens of one rank: on a full two-deck shoe
    its chance is P(5 up) times the same-rank ten pairs among the player's two cards,
    counted rank by rank (8 of each of T J Q K), with the same EV difference per hand as
    split by value; every other decision is as split by value."""
    shoe = Shoe.from_decks(2)
    counts = (8, 8, 8, 8, 8, 8, 8, 8, 8, 32)
    chance = split_tens_chance(RANK_RULES, shoe)
    decisions = [d for d in DECISIONS if d.key in ("TTv5", "TTv6", "16vT", "insurance")]
    by_rank = situation_terms(counts, RANK_RULES, decisions, exact=True, same_rank_tens=chance)
    by_value = situation_terms(counts, US_RULES, decisions, exact=True)
    n = sum(counts)
    for decision, (x, y), (x_value, y_value) in zip(decisions, by_rank, by_value):
        if decision.key.startswith("TT"):
            up = Fraction(counts[decision.up], n)
            same_rank_pairs = 4 * 8 * 7  # ordered pairs of one ten rank, four ranks
            assert x == up * Fraction(same_rank_pairs, (n - 1) * (n - 2))
            assert y / x == y_value / x_value
        else:
            assert (x, y) == (x_value, y_value)


@settings(max_examples=60, deadline=None)
@given(
    ranks=st.lists(st.integers(0, 6), min_size=4, max_size=4).filter(lambda k: sum(k) >= 3),
    data=st.data(),
)
def test_two_tens_left_are_a_uniform_pair_of_the_shoes_tens(
    ranks: list[int], data: st.DataObject
) -> None:
    """Why one chance serves every shoe drawn by value: with the tens gone a uniform subset,
    the chance that two tens left are of one rank, averaged exactly over every subset of
    that size (a multivariate hypergeometric law), is the full shoe's."""
    total = sum(ranks)
    gone = data.draw(st.integers(0, total - 2))
    left = total - gone
    same = Fraction(0)
    for taken in itertools.product(*(range(k + 1) for k in ranks)):
        if sum(taken) != gone:
            continue
        ways = math.prod(math.comb(k, t) for k, t in zip(ranks, taken))
        held = [k - t for k, t in zip(ranks, taken)]
        same += ways * Fraction(sum(h * (h - 1) for h in held), left * (left - 1))
    same /= math.comb(total, gone)
    assert same == Fraction(sum(k * (k - 1) for k in ranks), total * (total - 1))
