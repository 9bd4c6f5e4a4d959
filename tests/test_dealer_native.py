"""The compiled dealer step (``baccarat_exact/blackjack/_dealer.c``) against the numpy path:
the same exact numerators, the same probabilities, the same values of a round; its bound,
its fallbacks, and the input it refuses."""

from __future__ import annotations

import math
import shutil
import sysconfig
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat_exact.blackjack.dealer import (
    BUST,
    OUTCOMES,
    DealerTable,
    dealer_batch,
    dealer_sums,
    dealer_table,
    falling,
    restricted_table,
)
from baccarat_exact.blackjack.dealer import native as native_step
from baccarat_exact.blackjack.dealer import plan as plans
from baccarat_exact.blackjack.edge import edge
from baccarat_exact.blackjack.hands import SLOTS, Counts
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.model.shoe import Shoe

_dealer: Any = native_step._dealer

compiled = pytest.mark.skipif(
    not native_step.NATIVE, reason="the compiled dealer step is not built"
)
"""Tests of the compiled step itself (the comparisons run either way)."""


def _c_compiler() -> str | None:
    """The C compiler Python's build would call, if it is on the PATH."""
    command = (sysconfig.get_config_var("CC") or "cc").split()
    return shutil.which(command[0]) if command else None


@pytest.mark.skipif(_c_compiler() is None, reason="no C compiler: the numpy path is used")
def test_the_compiled_step_is_built() -> None:
    """`make test` installs the package with its C steps; losing this one where a compiler
    exists (a packaging slip) would leave every answer right and a blackjack edge several
    times slower."""
    assert native_step.NATIVE, "baccarat_exact.blackjack._dealer was not built (setup.py)"
    assert _dealer.EXACT, "the compiled dealer step was built without 128-bit integers"


def _both(table: DealerTable, counts: Counts, removals: Any, **kw: Any) -> tuple[Any, Any]:
    """dealer_batch by the compiled step, then by numpy."""
    native = dealer_batch(table, counts, removals, **kw)
    saved = native_step.NATIVE
    native_step.NATIVE = False
    try:
        numpy_rows = dealer_batch(table, counts, removals, **kw)
    finally:
        native_step.NATIVE = saved
    return native, numpy_rows


@st.composite
def batches(draw: st.DrawFn) -> tuple[Counts, int, bool, bool, list[Counts]]:
    """A shoe (a few cards to eight decks, some dealt), an up card, the dealer rule, whether
    the table is restricted to the shoe, and removals a player's hands could make (some
    sharing their first values, some emptying a value, some taking more of a value than the
    shoe holds: terms of no chance that callers may still ask for)."""
    decks = draw(st.sampled_from([0, 1, 2, 6, 8]))
    if decks:
        counts = [4 * decks] * 9 + [16 * decks]
        for slot in draw(st.lists(st.integers(0, 9), max_size=30)):
            counts[slot] -= counts[slot] > 0
    else:
        counts = draw(st.lists(st.integers(0, 5), min_size=10, max_size=10))
        counts[9] += 12
    up = draw(st.integers(0, 9))
    removals: list[Counts] = [(0,) * SLOTS]
    for _ in range(draw(st.integers(0, 40))):
        base = list(draw(st.sampled_from(removals)))
        slot = draw(st.integers(0, 9))
        base[slot] += 1 if base[slot] < counts[slot] or draw(st.booleans()) else 0
        if sum(base) <= 12:
            removals.append(tuple(base))
    return tuple(counts), up, draw(st.booleans()), draw(st.booleans()), removals


@settings(max_examples=40, deadline=None)
@given(batches(), st.integers(0, 12))
def test_the_compiled_step_gives_numpys_numbers(
    batch: tuple[Counts, int, bool, bool, list[Counts]], more: int
) -> None:
    """Exact numerators equal (over ``ff(N - r, budget - r)`` and over ``ff(N - r, depth)``),
    probabilities within rounding, for restricted and whole tables."""
    counts, up, h17, restricted, removals = batch
    table = dealer_table(up, h17)
    if restricted:
        table = restricted_table(table, tuple(min(n, 11) for n in counts))
    budget = min(table.longest + 12 + more, sum(counts))
    exact_native, exact_numpy = _both(table, counts, removals, budget=budget, exact=True)
    assert exact_native.tolist() == exact_numpy.tolist()
    floats_native, floats_numpy = _both(table, counts, removals, budget=budget, exact=False)
    assert floats_native == pytest.approx(floats_numpy, rel=1e-12, abs=1e-15)
    depth = table.longest + more
    by_depth = _both(table, counts, removals, budget=budget, exact=True, depth=depth)
    assert by_depth[0].tolist() == by_depth[1].tolist()
    # signed sums of outcomes per pick: the numpy path's rows, summed in Python integers
    rng = np.random.default_rng(len(removals) + more)
    picks = rng.integers(0, len(removals), size=12)
    weights = rng.integers(-1, 2, size=(12, len(OUTCOMES)))
    array = np.array(removals, dtype=np.int64)
    sums = dealer_sums(table, counts, array, picks, weights, budget=budget)
    expected = [
        sum(int(w) * n for w, n in zip(weights[k], exact_numpy[picks[k]])) for k in range(12)
    ]
    assert sums is None or sums.tolist() == expected
    if (
        native_step.NATIVE
        and budget == table.longest + 12 + more
        and plans.table_plan(table).orderings
    ):
        assert sums is not None  # every denominator as long as the longest draw: compiled


@compiled
@settings(max_examples=25, deadline=None)
@given(batches())
def test_removals_taken_together_give_each_ones_own_bits(
    batch: tuple[Counts, int, bool, bool, list[Counts]],
) -> None:
    """The float step takes removals that differ only in their last step together (a lane
    each) and the others alone; either way a removal's probabilities are the same bits as
    when it is asked for alone."""
    counts, up, h17, restricted, removals = batch
    table = dealer_table(up, h17)
    if restricted:
        table = restricted_table(table, tuple(min(n, 11) for n in counts))
    budget = min(table.longest + 12, sum(counts))
    together = dealer_batch(table, counts, removals, budget=budget, exact=False)
    alone = [dealer_batch(table, counts, [r], budget=budget, exact=False)[0] for r in removals]
    assert together.tobytes() == np.array(alone).tobytes()


@compiled
@pytest.mark.parametrize("aces", [24, 150, 200])
def test_64_and_128_bit_factors_give_the_same_numerators(aces: int) -> None:
    """The exact step multiplies by 64-bit factors where every factor a step reads fits
    (up 2: at most 9 aces drawn, and ff(24, 9) fits), else by 128-bit ones (ff(150, 9) and
    ff(200, 9) do not): both give numpy's numerators, in rows and in signed sums."""
    table = dealer_table(1, False)
    most_aces = int(plans.table_plan(table).digits[plans.ORDER.index(0)].max())
    assert most_aces == 9 and (falling(aces, most_aces) < 2**64) == (aces == 24)
    counts = (aces, 11, 11, 11, 11, 11, 11, 11, 11, 40)
    removals = [(0,) * SLOTS, (1,) + (0,) * 9, (2, 1, 0, 0, 0, 0, 0, 0, 0, 3), (0,) * 9 + (5,)]
    budget = table.longest + 12
    native, numpy_rows = _both(table, counts, removals, budget=budget, exact=True)
    assert native.tolist() == numpy_rows.tolist()
    picks = np.array([0, 1, 2, 3, 3], dtype=np.int64)
    weights = np.array([[1, -1, 0, 1, -1, 1, 0]] * 5, dtype=np.int64)
    array = np.array(removals, dtype=np.int64)
    sums = dealer_sums(table, counts, array, picks, weights, budget=budget)
    assert sums is not None
    assert sums.tolist() == [
        sum(int(w) * n for w, n in zip(weights[k], numpy_rows[picks[k]])) for k in range(5)
    ]


def test_rows_sum_to_their_denominators() -> None:
    """An identity the numpy path does not share: each exact row adds up to its own
    denominator, each float row to 1."""
    counts = (24,) * 9 + (96,)
    table = restricted_table(dealer_table(0, False), (11,) * 10)
    removals = [(0,) * 10, (1, 0, 0, 0, 0, 0, 0, 0, 0, 1), (2,) + (0,) * 8 + (3,)]
    rows = dealer_batch(table, counts, removals, budget=33, exact=True)
    for removal, row in zip(removals, rows.tolist()):
        r = sum(removal)
        assert sum(row) == falling(sum(counts) - r, 33 - r)
    floats = dealer_batch(table, counts, removals, budget=33, exact=False)
    assert floats.sum(axis=1) == pytest.approx([1.0] * 3, abs=1e-15)


@compiled
def test_a_removal_beyond_the_shoe_gives_numpys_numbers() -> None:
    """Three aces out of a shoe holding none (a term of no chance a caller may still ask for):
    the other outcomes pass the whole and the bust is negative, in both paths alike, and a
    pick weighing the bust takes its sign."""
    counts = (0, 3, 3, 0, 2, 1, 2, 3, 0, 12)
    removals = [(0,) * 10, (3, 2, 0, 0, 1, 0, 0, 0, 0, 3)]
    table = dealer_table(0, False)
    budget = sum(removals[1]) + 12
    native, numpy_rows = _both(table, counts, removals, budget=budget, exact=True)
    assert native.tolist() == numpy_rows.tolist()
    assert native[1, BUST] < 0
    weights = np.array([[1, -1, 0, 1, 0, -1, 1], [0, 0, 0, 0, 0, 1, 0]], dtype=np.int64)
    array = np.array(removals, dtype=np.int64)
    picks = np.array([1, 1])
    sums = dealer_sums(table, counts, array, picks, weights, budget=budget)
    assert sums is not None
    assert sums.tolist() == [sum(int(w) * n for w, n in zip(row, numpy_rows[1])) for row in weights]
    floats = _both(table, counts, removals, budget=budget, exact=False)
    assert floats[0] == pytest.approx(floats[1], rel=1e-12, abs=1e-15)


def _bound_shoe(cards: int) -> Counts:
    return (cards - 9 * 40, *([40] * 9))


@compiled
def test_the_exact_step_stops_at_its_bound() -> None:
    """ff(N', longest) < 2**128 is checked on every call: just below, the compiled step
    counts (and agrees with numpy); just above, it refuses and dealer_batch takes numpy's
    Python integers — the same numbers either way."""
    table = dealer_table(1, False)  # up 2: up to 10 cards drawn to a total
    longest = max(length for _, length in plans.table_plan(table).groups)
    top = int(2 ** (128 / longest))
    while falling(top, longest) >= 2**128:
        top -= 1
    while falling(top + 1, longest) < 2**128:
        top += 1
    assert falling(top, longest) < 2**128 <= falling(top + 1, longest)
    removals = [(0,) * 10, (1,) * 10]
    plan = native_step.native_plan(table)
    for cards, fits in ((top, True), (top + 1, False)):
        counts = _bound_shoe(cards)
        assert plans.raised_cards(counts, longest) == cards
        removed = np.array(removals, dtype=np.int64)
        order = np.arange(2, dtype=np.int64)
        if fits:
            assert len(plan.numerators(counts, removed, order)) == 2 * len(OUTCOMES)
        else:
            with pytest.raises(ValueError, match="2\\*\\*128"):
                plan.numerators(counts, removed, order)
        found = native_step.native_batch(
            table, counts, removed, budget=longest + 12, exact=True, depth=None
        )
        assert (found is not None) == fits
        native, numpy_rows = _both(table, counts, removals, budget=longest + 12, exact=True)
        assert native.tolist() == numpy_rows.tolist()


@compiled
def test_a_denominator_shorter_than_the_draw_takes_numpy() -> None:
    """Rows over ff(N - r, budget - r) with budget - r below the longest draw are not the
    compiled step's (numerators over ff(N - r, longest)): numpy's path, the same numbers."""
    counts = (3, 3, 3, 3, 3, 3, 3, 3, 3, 12)
    table = dealer_table(1, False)
    removals = [(0,) * 10, (2, 0, 0, 0, 0, 0, 0, 0, 0, 1)]
    removed = np.array(removals, dtype=np.int64)
    budget = table.longest + 1
    assert (
        native_step.native_batch(table, counts, removed, budget=budget, exact=True, depth=None)
        is None
    )
    native, numpy_rows = _both(table, counts, removals, budget=budget, exact=True)
    assert native.tolist() == numpy_rows.tolist()


@pytest.mark.parametrize("rules", [BlackjackRules(), BlackjackRules(hole_card=True, decks=1)])
def test_a_round_is_worth_the_same_with_and_without_it(rules: BlackjackRules) -> None:
    """The whole engine on a small shoe: the same exact values of the optimum and the basic
    strategy, and floats within rounding."""
    shoe = Shoe.from_counts({"A": 2, "5": 3, "7": 4, "9": 2, "T": 8})
    found = []
    for native in (native_step.NATIVE, False):  # compiled where built, then numpy
        saved = native_step.NATIVE
        native_step.NATIVE = native
        try:
            found.append((edge(shoe, rules), edge(shoe, rules, exact=False)))
        finally:
            native_step.NATIVE = saved
    (exact_c, float_c), (exact_n, float_n) = found
    assert isinstance(exact_c.optimal, Fraction)
    assert (exact_c.optimal, exact_c.basic) == (exact_n.optimal, exact_n.basic)
    assert float_c.optimal == pytest.approx(float(exact_n.optimal), abs=1e-14)
    assert float_n.optimal == pytest.approx(float(exact_n.optimal), abs=1e-14)


def _plan_arrays(table: DealerTable) -> dict[str, Any]:
    """The arrays the dealer package hands the compiled Plan (to spoil one at a time)."""
    plan = plans.table_plan(table)
    orderings = np.zeros(len(plan.digits[0]), dtype=np.int64)
    orderings[plan.first_nodes] = plan.orderings
    return {
        "order": np.array(plans.ORDER, dtype=np.int64),
        "sizes": np.array([*map(len, plan.digits), len(plan.groups)], dtype=np.int64),
        "digits": np.concatenate(plan.digits).astype(np.int64),
        "starts": np.concatenate(plan.starts).astype(np.int64),
        "orderings": orderings,
        "outcomes": np.array([o for o, _ in plan.groups], dtype=np.int64),
        "lengths": np.array([n for _, n in plan.groups], dtype=np.int64),
    }


@compiled
def test_a_plan_is_checked_when_made() -> None:
    """The bound's premises are checked, not trusted: distinct siblings, orderings at most
    the multinomial, lengths the multisets' sizes; and the arrays' shapes."""
    good = _plan_arrays(dealer_table(9, False))
    made = _dealer.Plan(**good)
    with pytest.raises(TypeError, match="already"):  # calls read it without the GIL
        made.__init__(**good)

    def spoiled(name: str, change: Any) -> dict[str, Any]:
        arrays = {key: value.copy() for key, value in good.items()}
        arrays[name] = change(arrays[name])
        return arrays

    def more_orderings(a: Any) -> Any:
        a[0] = math.factorial(11)
        return a

    def longer(a: Any) -> Any:
        a[0] += 1
        return a

    def repeated(a: Any) -> Any:
        a[1] = a[0]
        return a

    def twins(a: Any) -> Any:  # two children of one node with one count
        sizes = good["sizes"].tolist()
        digits_at = starts_at = 0
        for step in range(10):
            first = good["starts"][starts_at : starts_at + sizes[step + 1]].tolist()
            end = [*first[1:], sizes[step]]
            pairs = [j for j in range(len(first)) if end[j] - first[j] >= 2]
            if pairs:
                a[digits_at + first[pairs[0]] + 1] = a[digits_at + first[pairs[0]]]
                return a
            digits_at += sizes[step]
            starts_at += sizes[step + 1]
        raise AssertionError("no node with two children")

    def swapped(a: Any) -> Any:
        a[[0, 1]] = a[[1, 0]]
        return a

    cases = [
        ("orderings", more_orderings, "multinomial"),
        ("lengths", longer, "lengths"),
        ("digits", twins, "one count"),
        ("order", repeated, "order"),
        ("starts", swapped, "starts"),
        ("digits", lambda a: a[:-1], "digits"),
        ("sizes", lambda a: a * 0, "sizes"),
        ("outcomes", lambda a: a * 0 + 5, "outcomes"),
        ("orderings", lambda a: a.astype(np.float64), "orderings"),
    ]
    for name, change, message in cases:
        with pytest.raises(ValueError, match=message):
            _dealer.Plan(**spoiled(name, change))


@compiled
def test_a_call_is_checked() -> None:
    """Counts, removals, their order and the output array are checked on every call."""
    plan = native_step.native_plan(dealer_table(9, False))
    counts = (4,) * 9 + (16,)
    removed = np.zeros((2, 10), dtype=np.int64)
    order = np.arange(2, dtype=np.int64)
    out = np.empty((2, 7))
    plan.probabilities(counts, removed, order, out)
    assert out.sum(axis=1) == pytest.approx([1.0, 1.0])
    with pytest.raises(TypeError):
        plan.numerators(counts[:9], removed, order)
    with pytest.raises(ValueError, match="counts"):
        plan.numerators((-1, *counts[1:]), removed, order)
    with pytest.raises(ValueError, match="removed"):
        plan.numerators(counts, -removed - 1, order)
    with pytest.raises(ValueError, match="index"):
        plan.numerators(counts, removed, np.zeros(2, dtype=np.int64))
    with pytest.raises(ValueError, match="index"):
        plan.numerators(counts, removed, order + 1)
    with pytest.raises(ValueError, match="removed"):
        plan.numerators(counts, removed[:, :9].copy(), order)
    for picks, weights in (
        ([0], [[2, 0, 0, 0, 0, 0, 0]]),
        ([2], [[1, 0, 0, 0, 0, 0, 0]]),
        ([0], [[1, 0, 0]]),
        ([0, 1], [[1, 0, 0, 0, 0, 0, 0]]),
    ):
        with pytest.raises(ValueError, match="picks"):
            plan.numerators(
                counts,
                removed,
                order,
                np.array(picks, dtype=np.int64),
                np.array(weights, dtype=np.int8),
            )
    with pytest.raises(ValueError, match="weights"):
        plan.numerators(counts, removed, order, order, np.zeros((2, 7), dtype=np.int64))
    with pytest.raises(TypeError, match="both"):
        plan.numerators(counts, removed, order, order)
    with pytest.raises(ValueError, match="out"):
        plan.probabilities(counts, removed, order, np.empty((2, 6)))
    with pytest.raises(ValueError, match="out"):
        plan.probabilities(counts, removed, order, np.empty((2, 7), dtype=np.float32))


def test_dealer_sums_refuses_weights_beyond_one() -> None:
    """Weights given wider than int8 are checked before they are narrowed (a 257 must not
    pass as 1)."""
    table = dealer_table(9, False)
    removals = np.zeros((1, 10), dtype=np.int64)
    picks = np.zeros(1, dtype=np.int64)
    weights = np.zeros((1, len(OUTCOMES)), dtype=np.int64)
    weights[0, 0] = 257
    with pytest.raises(ValueError, match="weights"):
        dealer_sums(table, (24,) * 9 + (96,), removals, picks, weights, budget=30)
