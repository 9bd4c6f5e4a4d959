"""The six-card-universe engine against the simple reference, and its identities."""

from __future__ import annotations

import platform
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat_exact.engine import counting
from baccarat_exact.engine.counting import (
    Compiled,
    compile_columns,
    count_array,
    count_columns,
    count_one,
    event_counts,
    number_kind,
    six_card_total,
)
from baccarat_exact.engine.tables import build_event_table, event_table
from baccarat_exact.model.events import EVENTS, N_EVENTS, Event, event_index
from baccarat_exact.model.rules import STANDARD_TABLEAU, Tableau
from baccarat_exact.model.shoe import Shoe
from tests.reference import reference_event_probabilities
from tests.strategies import small_shoes


def engine_probabilities(shoe: Shoe) -> dict[Event, Fraction]:
    counts = event_counts(shoe.values)
    total = six_card_total(shoe.cards)
    return {EVENTS[i]: Fraction(n, total) for i, n in enumerate(counts) if n}


@settings(max_examples=200)
@given(small_shoes(max_ranks=5, max_each=5))
def test_engine_equals_reference_on_small_shoes(shoe: Shoe) -> None:
    assert engine_probabilities(shoe) == reference_event_probabilities(shoe)


@settings(max_examples=60)
@given(
    st.lists(st.integers(0, 12), min_size=1, max_size=6, unique=True).flatmap(
        # at most 6 ranks keep the reference's branching small
        lambda ranks: st.lists(st.sampled_from(ranks), min_size=6, max_size=20)
    )
)
def test_engine_equals_reference_on_6_to_20_card_shoes(cards: list[int]) -> None:
    counts = [0] * 13
    for r in cards:
        counts[r] += 1
    shoe = Shoe(counts=tuple(counts))
    assert engine_probabilities(shoe) == reference_event_probabilities(shoe)


def test_engine_equals_reference_on_a_depleted_deck() -> None:
    shoe = Shoe.from_decks(1).remove("Ax3 2x4 3x4 4x3 6x4 7x2 8x3 9x4 Tx4 Jx4 Q")
    assert engine_probabilities(shoe) == reference_event_probabilities(shoe)


@settings(max_examples=40)
@given(small_shoes(max_ranks=4, max_each=3))
def test_infinite_shoe_equals_reference(finite: Shoe) -> None:
    shoe = Shoe.infinite_shoe(finite.counts)
    values = [0] * 10
    for rank_count, point in zip(shoe.counts, (1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0)):
        values[point] += rank_count
    counts = count_columns(values, tuple((e,) for e in range(N_EVENTS)), infinite=True)[0]
    total = shoe.cards**6
    engine = {EVENTS[i]: Fraction(n, total) for i, n in enumerate(counts) if n}
    assert engine == reference_event_probabilities(shoe)


@settings(max_examples=30)
@given(st.lists(st.integers(0, 40), min_size=10, max_size=10).filter(lambda v: sum(v) >= 6))
def test_counts_sum_to_six_card_sequences(values: list[int]) -> None:
    assert sum(event_counts(values)) == six_card_total(sum(values))


@pytest.mark.parametrize("decks", [1, 8, 27, 60])
def test_all_number_kinds_agree(decks: int) -> None:
    values = Shoe.from_decks(decks).remove("5x3 K 9").values
    columns = tuple((e,) for e in range(N_EVENTS))
    exact = count_columns(values, columns, kind="object")[0]
    assert sum(exact) == six_card_total(sum(values))
    if number_kind(sum(values)) != "object":
        assert count_columns(values, columns, kind="int64")[0] == exact
    if number_kind(sum(values)) == "float64":
        assert count_columns(values, columns, kind="float64")[0] == exact
    assert count_columns(values, columns)[0] == exact


def test_number_kind_bounds() -> None:
    # float64 exact while N**6 < 2**53, int64 while N**6 < 2**63.
    assert number_kind(456) == "float64" and 456**6 < 2**53 <= 457**6
    assert number_kind(457) == "int64"
    assert number_kind(1448) == "int64" and 1448**6 < 2**63 <= 1449**6
    assert number_kind(1449) == "object"


_ONE_SHOE_COLUMNS = ((0, 1, 2), tuple(range(3, 200)), tuple(range(200, 400)), (7, 300))


@settings(max_examples=80)
@given(
    st.lists(st.integers(0, 60), min_size=10, max_size=10).filter(lambda v: sum(v) >= 6),
    st.booleans(),
)
def test_one_shoe_paths_equal_python_integers(values: list[int], infinite: bool) -> None:
    """Both single-evaluation paths, the compiled one (unsigned 64-bit) and numpy's
    (float64 behind the N**6 < 2**53 bound), give the same integers as the batch path in
    Python integers, finite shoes and weights alike."""
    compiled = compile_columns(STANDARD_TABLEAU, _ONE_SHOE_COLUMNS)
    exact = count_array(values, compiled, infinite=infinite, kind="object")[0].tolist()
    assert count_one(tuple(values), compiled, infinite=infinite) == exact
    assert counting._count_one(tuple(values), compiled, infinite) == exact


@pytest.fixture(params=[True, False], ids=["compiled", "numpy"])
def native(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Run a test with the compiled single-shoe step, then without it."""
    monkeypatch.setattr(counting, "NATIVE", request.param)
    return bool(request.param)


def test_the_compiled_step_is_built() -> None:
    """`make test` installs the package with its C step; losing it (a packaging slip)
    would leave every answer right and the single evaluation 3x slower."""
    assert counting.NATIVE, "baccarat_exact.engine._sixcard was not built (setup.py)"
    from baccarat_exact.engine import _sixcard

    assert _sixcard.MAX_CARDS == counting._NATIVE_CARDS == 1448  # 1448**6 < 2**63 <= 1449**6


@settings(max_examples=60, deadline=None)
@given(
    counts=st.lists(st.integers(0, 150), min_size=10, max_size=10).filter(lambda c: sum(c) <= 1000),
    infinite=st.booleans(),
)
def test_derived_columns_are_each_terms_and_the_denominator(
    counts: list[int], infinite: bool
) -> None:
    """``count_one``'s derived columns (compiled up to 1448 cards, in Python past it or
    where the module is not built) are their terms on the counted row plus their
    coefficient times the denominator — ff(N, 6), or N**6 for weights: with negative
    coefficients and results, and one of the denominator alone, the integers read off the
    plain row, in doubles (up to 456 cards) and 64-bit integers (beyond)."""
    columns = ((0,), (1, 2), tuple(range(3, 40)), (41,))
    compiled = compile_columns(STANDARD_TABLEAU, columns)
    derived = (
        (((0, -1), (1, -1)), 1),
        (((2, 3), (3, -5)), 0),
        ((), -2),
        (((0, 1), (1, 1), (2, 1), (3, 1)), 0),
    )
    values = tuple(counts)
    cards = sum(values)
    denominator = cards**6 if infinite else six_card_total(cards)
    row = count_one(values, compiled, infinite=infinite)
    expected = [
        *row,
        denominator - row[0] - row[1],
        3 * row[2] - 5 * row[3],
        -2 * denominator,
        sum(row),
    ]
    assert count_one(values, compiled, infinite=infinite, derived=derived) == expected
    assert counting._derive(list(row), cards, infinite, derived) == expected


@pytest.mark.skipif(not counting.NATIVE, reason="the compiled step is not built")
@pytest.mark.parametrize(
    ("derived", "message"),
    [
        (5, "derived: expected a sequence"),
        (((1, 2, 3),), r"derived: each column is \(terms, of_denominator\)"),
        (((((0, 1, 2),), 1),), r"derived: each term is \(position, coefficient\)"),
        (((((4, 1),), 0),), "derived: a term's position past the columns"),
        (((((0, "1"),), 0),), "integer|int"),
    ],
)
def test_the_compiled_counter_refuses_malformed_derived_columns(
    derived: object, message: str
) -> None:
    """A derived column the counter cannot read is refused when it is made, naming what
    is wrong (the package always passes well-formed ones)."""
    from baccarat_exact.engine import _sixcard

    compiled = compile_columns(STANDARD_TABLEAU, ((0,), (1,), (2,), (3,)))
    table = compiled.flat.astype(np.uint16).tobytes()
    with pytest.raises((TypeError, ValueError), match=message):
        _sixcard.Counter(counting._HALF_TABLE, counting._HALF_STARTS, table, 4, derived)


@pytest.mark.parametrize("cards", [455, 456, 457, 600, 1448, 1449])
@pytest.mark.parametrize("infinite", [False, True])
def test_one_shoe_path_at_its_bounds(cards: int, infinite: bool, native: bool) -> None:
    """The compiled step takes shoes up to 1448 cards (N**6 < 2**63), numpy's float path
    up to 456 (N**6 < 2**53); beyond them the integer batch path: all the same counts."""
    values = (cards - 9 * 30, *([30] * 9))
    compiled = compile_columns(STANDARD_TABLEAU, _ONE_SHOE_COLUMNS)
    exact = count_array(values, compiled, infinite=infinite, kind="object")[0].tolist()
    assert count_one(values, compiled, infinite=infinite) == exact
    if not infinite:
        assert sum(count_one(values, compile_columns(STANDARD_TABLEAU, _ALL))) == (
            six_card_total(cards)
        )


@pytest.mark.parametrize(
    ("values", "error"),
    [
        ((1,) * 9, TypeError),
        ([1] * 10, TypeError),
        ((-1, *[5] * 9), ValueError),
        ((1449, *[0] * 9), ValueError),
        ((1000, 449, *[0] * 8), ValueError),
        ((2**70, *[0] * 9), OverflowError),
    ],
)
def test_the_compiled_step_refuses_what_it_cannot_count(
    values: tuple[int, ...], error: type[Exception]
) -> None:
    """The C step checks its input itself: a shoe it cannot count exactly raises."""
    counter = compile_columns(STANDARD_TABLEAU, _ONE_SHOE_COLUMNS).counter()
    with pytest.raises(error):
        counter(values)


def test_the_compiled_step_refuses_bad_tables() -> None:
    """Tables of the wrong size or layout are refused when the counter is made."""
    from baccarat_exact.engine import _sixcard

    half, starts = counting._HALF_TABLE, counting._HALF_STARTS
    zeros = np.zeros((5005, 2), dtype=np.uint16)
    table = zeros.tobytes()
    assert _sixcard.Counter(half, starts, table, 2)(Shoe.from_decks(1).values) == [0, 0]
    with pytest.raises(ValueError, match="table"):
        _sixcard.Counter(half, starts, table[:-2], 2)
    with pytest.raises(ValueError, match="720"):  # a coefficient counts orderings of 6 cards
        _sixcard.Counter(half, starts, (zeros + 721).tobytes(), 2)
    with pytest.raises(ValueError, match="half"):
        _sixcard.Counter(half[:-1], starts, table, 2)
    with pytest.raises(ValueError, match="half"):  # two half-multisets swapped
        _sixcard.Counter(half[5:10] + half[:5] + half[10:], starts, table, 2)
    with pytest.raises(ValueError, match="offsets"):
        _sixcard.Counter(half, starts[::-1], table, 2)
    with pytest.raises(ValueError, match="columns"):
        _sixcard.Counter(half, starts, table, 0)


def test_one_shoe_path_in_other_threads() -> None:
    """The single-shoe buffers belong to the thread that made them first; other threads,
    side by side, get their own and the same counts."""
    compiled = compile_columns(STANDARD_TABLEAU, _ONE_SHOE_COLUMNS)
    shoes = [Shoe.from_decks(8).remove(f"A 2x{i + 1} 9x{2 * i + 1}").values for i in range(16)]
    expected = [count_one(values, compiled) for values in shoes]
    with ThreadPoolExecutor(max_workers=4) as pool:
        for _ in range(5):
            assert list(pool.map(lambda values: count_one(values, compiled), shoes)) == expected


_ALL = tuple((e,) for e in range(N_EVENTS))


def test_big_shoe_beyond_int64_is_exact() -> None:
    values = Shoe.from_decks(40).values  # 2080 cards: Python integers
    assert number_kind(2080) == "object"
    assert sum(event_counts(values)) == six_card_total(2080)


def test_batch_equals_one_by_one() -> None:
    rng = np.random.default_rng(7)
    batch = np.array([32 * 4] + [32] * 9) - rng.integers(0, 12, (1100, 10))
    columns = ((0, 1, 2), tuple(range(3, 200)), tuple(range(200, 400)))
    many = count_columns(batch, columns)
    for i in (0, 1, 511, 512, 513, 1099):
        assert many[i] == count_columns(batch[i], columns)[0]
    assert count_array(batch, compile_columns(STANDARD_TABLEAU, columns)).shape == (1100, 3)


def test_shipped_table_equals_a_fresh_build() -> None:
    shipped = event_table(STANDARD_TABLEAU)
    fresh = build_event_table(STANDARD_TABLEAU)
    assert shipped == fresh
    matrix = fresh.matrix()
    assert matrix.shape == (400, 5005) and matrix.max() <= 720
    # every ordering of every six-value multiset is counted once: 10**6 sequences
    assert int(matrix.sum()) == 10**6


def test_a_different_tableau_is_a_different_table() -> None:
    never = Tableau(player=(False,) * 10, banker=tuple((False,) * 11 for _ in range(10)))
    counts = count_columns(Shoe.from_decks(1).values, tuple((e,) for e in range(N_EVENTS)), never)[
        0
    ]
    # Nobody ever draws: every round is a four-card round.
    assert all(n == 0 for e, n in zip(EVENTS, counts) if e.cards > 4)
    assert sum(counts) == six_card_total(52)


def test_event_index_orders_events() -> None:
    assert [event_index(*e) for e in EVENTS] == list(range(400))


def test_overlapping_columns_are_the_sums_of_their_events() -> None:
    """Columns that share events (compiled through the event incidence) equal the sum of
    one-event columns, integer for integer, for every game's tableau."""
    from baccarat_exact.engine.counting import compile_columns
    from baccarat_exact.model.games import RULESETS

    columns = (tuple(range(0, 400, 3)), tuple(range(0, 200)), (5, 6, 7), tuple(range(150, 400)))
    for rules in RULESETS.values():
        single = compile_columns(rules.tableau, tuple((e,) for e in range(400))).flat
        compiled = compile_columns(rules.tableau, columns)
        expected = np.stack([single[:, list(c)].sum(axis=1) for c in columns], axis=1)
        assert compiled.flat.dtype == np.int64 and np.array_equal(compiled.flat, expected)


def _many_columns() -> tuple[tuple[int, ...], ...]:
    """40 columns of events (more than the paired path's 8, not a multiple of 8)."""
    return tuple(tuple(range(c, N_EVENTS, 40)) for c in range(40))


def _counts_in_every_kernel(
    values: tuple[int, ...], compiled: Compiled, infinite: bool
) -> list[int]:
    """numpy's integer counts of ``values``, checked equal to each compiled kernel's the
    processor has (the kernel in use put back after)."""
    from baccarat_exact.engine import _sixcard

    exact: list[int] = count_array(values, compiled, infinite=infinite, kind="object")[0].tolist()
    in_use, available = _sixcard.kernels()
    try:
        for kernel in available.split(", "):
            _sixcard.use_kernel(kernel)
            assert compiled.counter()(values, infinite) == exact, (kernel, infinite)
    finally:
        _sixcard.use_kernel(in_use)
    return exact


@pytest.mark.skipif(not counting.NATIVE, reason="the compiled step is not built")
@settings(max_examples=40, deadline=None)
@given(
    counts=st.lists(st.integers(0, 160), min_size=10, max_size=10).filter(
        lambda c: 6 <= sum(c) <= 1448
    ),
    infinite=st.booleans(),
)
def test_every_compiled_kernel_counts_alike(counts: list[int], infinite: bool) -> None:
    """The compiled step's kernels (the generic one; the AVX2 and AVX-512 ones where the
    processor has them) give numpy's integer counts, in both arithmetics (doubles up to
    456 cards, 64-bit integers beyond) and for few and many columns."""
    for columns in (_ONE_SHOE_COLUMNS, _many_columns()):
        compiled = compile_columns(STANDARD_TABLEAU, columns)
        assert len(_counts_in_every_kernel(tuple(counts), compiled, infinite)) == len(columns)


@pytest.mark.skipif(not counting.NATIVE, reason="the compiled step is not built")
@pytest.mark.parametrize(
    "width", [9, 12, 15, 16, 17, 24, 25, 28, 30, 31, 32, 34, 47, 48, 50, 63, 64, 65, 80]
)
@pytest.mark.parametrize("cards", [416, 456, 457, 1448])
def test_every_kernel_counts_alike_with_its_table_padded(width: int, cards: int) -> None:
    """A table of more than 8 columns is stored padded with zero columns to whole blocks
    of 16 (on x86-64; elsewhere where it is more than half a block past them), summed by
    the integer pair sums on x86-64 (each AVX-512 width up to 64 its own): the padded and
    unpadded widths alike give numpy's integer counts in every kernel and both
    arithmetics, the last column too."""
    columns = tuple(tuple(range(c, N_EVENTS, width)) for c in range(width))
    compiled = compile_columns(STANDARD_TABLEAU, columns)
    values = (cards - 9 * 40, 40, 39, 41, 40, 38, 42, 40, 40, 40)
    for infinite in (False, True):
        exact = _counts_in_every_kernel(values, compiled, infinite)
        assert exact[-1], "the last column counts something"


@pytest.mark.skipif(not counting.NATIVE, reason="the compiled step is not built")
@pytest.mark.parametrize(
    "values",
    [
        (2,) * 10,  # every weight below 2**15: one limb
        (8,) * 10,  # two limbs
        (40,) * 10,  # three limbs
        (420,) + (4,) * 9,  # six 0-valued cards: ff(420, 6) > 2**52, four limbs
        (0, 30, 0, 30, 0, 30, 0, 30, 0, 30),  # halves the shoe cannot deal (weight 0)
        (6, 0, 0, 0, 0, 0, 0, 0, 0, 0),  # one value alone
    ],
)
@pytest.mark.parametrize("width", [16, 30, 48, 64, 72])
def test_the_integer_pair_sums_count_alike(values: tuple[int, ...], width: int) -> None:
    """The kernels that sum in 32-bit integers cut each weight into as many 15-bit limbs
    as the largest needs (one to four) and skip the halves the shoe cannot deal: every
    such shoe, at every width they take (and 72, past the AVX-512 ones), gives numpy's
    integer counts in every kernel, finite and infinite."""
    columns = tuple(tuple(range(c, N_EVENTS, width)) for c in range(width))
    compiled = compile_columns(STANDARD_TABLEAU, columns)
    for infinite in (False, True):
        assert any(_counts_in_every_kernel(values, compiled, infinite))


@pytest.mark.skipif(not counting.NATIVE, reason="the compiled step is not built")
def test_the_wide_kernel_is_taken_where_the_processor_has_it() -> None:
    """On x86-64 the module chooses the best kernel the processor has itself: AVX-512
    (with its byte/word, doubleword/quadword and vector-length parts), else AVX2 and FMA;
    an unknown kernel is refused with the ones there are."""
    from baccarat_exact.engine import _sixcard

    in_use, available = _sixcard.kernels()
    assert in_use == available.split(", ")[-1]
    cpuinfo = Path("/proc/cpuinfo")
    flags = cpuinfo.read_text().split() if cpuinfo.exists() else []
    if platform.machine() == "x86_64" and "avx2" in flags and "fma" in flags:
        avx512 = all(f"avx512{part}" in flags for part in ("f", "bw", "dq", "vl"))
        assert available == ("generic, wide, avx512" if avx512 else "generic, wide")
    with pytest.raises(ValueError, match="available: generic"):
        _sixcard.use_kernel("fastest")
