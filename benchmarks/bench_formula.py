"""Figures of issue 5: formulas in the number of decks d, and the two ways to get them.

Run: ``.venv/bin/python benchmarks/bench_formula.py`` (``make bench`` runs every benchmark).

Method A (used): the engine's exact counts at 8 deck counts (one batch), exact Newton
interpolation through 7 of them (degree ≤ 6), the 8th confirms, sympy cancels.
Method B (measured for comparison): expand Σ_m A[o, m] Π_v ff(n_v(d), m_v) over the
5,005 six-value multisets symbolically — with exact integer coefficient lists, and
with sympy polynomials. Both must give the same polynomials as method A.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from baccarat_exact import Rules, Shoe
from baccarat_exact.analysis import formulas
from baccarat_exact.analysis.rational import Polynomial, interpolate, multiply, polynomial_sum
from baccarat_exact.engine.counting import HALF_MULTISETS, HALF_OFFSETS, count_array, event_table
from baccarat_exact.model.events import EVENTS, Outcome
from baccarat_exact.pricing import plan
from benchmarks._machine import machine

BIN = Path(sys.executable).parent
CARDS = 6


def best_of(runs: int, work: Callable[[], object]) -> float:
    """Median seconds of ``work`` over ``runs`` calls."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def process(arguments: list[str], runs: int = 5) -> float:
    """Median wall seconds of a whole ``baccarat-exact`` process."""
    return best_of(
        runs,
        lambda: subprocess.run(
            [str(BIN / "baccarat-exact"), *arguments], check=True, stdout=subprocess.DEVNULL
        ),
    )


def multisets_in_table_order() -> list[tuple[int, ...]]:
    """The 5,005 six-value multisets in the event table's block order."""
    rows = HALF_MULTISETS.tolist()
    order = []
    for k in range(CARDS + 1):
        for hi in range(HALF_OFFSETS[CARDS - k], HALF_OFFSETS[CARDS - k + 1]):
            for lo in range(HALF_OFFSETS[k], HALF_OFFSETS[k + 1]):
                order.append(tuple(rows[lo] + rows[hi]))
    return order


def outcome_table() -> np.ndarray:
    """(3, 5005) orderings of each multiset ending in Banker, Player, Tie wins."""
    dense = event_table().matrix()
    which = [list(Outcome).index(event.outcome) for event in EVENTS]
    table = np.zeros((3, dense.shape[1]), dtype=np.int64)
    for e, o in enumerate(which):
        table[o] += dense[e]
    return table


def expand_integer(table: np.ndarray, order: list[tuple[int, ...]]) -> list[Polynomial]:
    """Method B with exact coefficient lists: weight polynomials of every multiset."""
    per_deck = [16] + [4] * 9
    factor: dict[tuple[int, int], Polynomial] = {}
    for v, a in enumerate(per_deck):
        poly: Polynomial = (Fraction(1),)
        factor[(v, 0)] = poly
        for j in range(1, CARDS + 1):
            poly = multiply(poly, (Fraction(-(j - 1)), Fraction(a)))
            factor[(v, j)] = poly
    weights = []
    for multiset in order:
        poly = (Fraction(1),)
        for v, j in enumerate(multiset):
            if j:
                poly = multiply(poly, factor[(v, j)])
        weights.append(poly)
    result = []
    for row in table.tolist():
        result.append(
            polynomial_sum(tuple(c * n for c in w) for n, w in zip(row, weights, strict=True) if n)
        )
    return result


def expand_sympy(table: np.ndarray, order: list[tuple[int, ...]]) -> list[Polynomial]:
    """Method B with sympy polynomials."""
    import sympy

    d = sympy.Symbol("d")
    per_deck = [16] + [4] * 9
    factor = {}
    for v, a in enumerate(per_deck):
        poly = sympy.Poly(1, d)
        factor[(v, 0)] = poly
        for j in range(1, CARDS + 1):
            poly = poly * sympy.Poly(a * d - (j - 1), d)
            factor[(v, j)] = poly
    weights = []
    for multiset in order:
        poly = sympy.Poly(1, d)
        for v, j in enumerate(multiset):
            if j:
                poly = poly * factor[(v, j)]
        weights.append(poly)
    result = []
    for row in table.tolist():
        total = sympy.Poly(0, d)
        for n, w in zip(row, weights, strict=True):
            if n:
                total = total + n * w
        result.append(tuple(Fraction(int(c)) for c in reversed(total.all_coeffs())))
    return result


def interpolated() -> list[Polynomial]:
    """Method A for the three outcomes (the engine at 7 deck counts, then Newton)."""
    how = plan(Rules(), ())
    nodes = list(range(1, 8))
    values = np.array([Shoe.from_decks(d).values for d in nodes], dtype=np.int64)
    counts = count_array(values, how.compiled).tolist()
    atoms = [interpolate(nodes, [int(c) for c in column]) for column in zip(*counts)]
    return [polynomial_sum(atoms[a] for a in members) for members in how.outcome_atoms]


def main() -> None:
    print(f"machine: {machine()}")
    start = time.perf_counter()
    import sympy  # noqa: F401 - timed: the cost every formula command pays once

    print(f"import sympy: {(time.perf_counter() - start) * 1e3:.0f} ms")

    formulas._deck_formulas.cache_clear()
    first = best_of(1, formulas.deck_formulas)
    warm = []
    for _ in range(5):
        formulas._deck_formulas.cache_clear()
        warm.append(best_of(1, formulas.deck_formulas))
    print(
        f"deck_formulas() for banker/player/tie (counts at 8 deck counts, interpolation, "
        f"sympy cancel): first call {first * 1e3:.0f} ms, then {statistics.median(warm) * 1e3:.0f} ms"
    )
    result = formulas.deck_formulas()
    printing = best_of(3, lambda: [f.text() for b in result.bets for f in (b.ev, b.win)])
    print(f"printing 6 formulas (sympy factor): {printing * 1e3:.0f} ms")

    names = [
        "banker", "player", "tie", "player-pair", "banker-pair", "either-pair", "perfect-pair",
        "perfect-pair-both", "dragon-bonus-player", "dragon-bonus-banker", "dragon-7",
        "panda-8", "big", "small", "super-6", "lucky-6", "big-tiger",
    ]  # fmt: skip
    bets = formulas.find_bets(names, Rules())
    formulas._deck_formulas.cache_clear()
    every = best_of(1, lambda: formulas.deck_formulas(bets=bets, removed="5x3 K 9"))
    print(f"deck_formulas for {len(bets)} bets incl. pair bets, 6 cards removed: {every:.2f} s")

    table, order = outcome_table(), multisets_in_table_order()
    a = interpolated()
    time_a = best_of(5, interpolated)
    time_int = best_of(3, lambda: expand_integer(table, order))
    time_sym = best_of(1, lambda: expand_sympy(table, order))
    same = a == expand_integer(table, order) == expand_sympy(table, order)
    print(
        f"outcome count polynomials: A interpolation {time_a * 1e3:.1f} ms; "
        f"B expansion, integer lists {time_int * 1e3:.0f} ms, sympy {time_sym:.2f} s; "
        f"identical: {same}"
    )

    cli = process(["formula"])
    cli_json = process(["formula", "--format", "json"])
    cli_all = process(["formula", *names, "--remove", "5x3 K 9"], runs=3)
    print(
        f"process `baccarat-exact formula` (banker/player/tie): {cli:.2f} s "
        f"(target < 5 s); --format json {cli_json:.2f} s; {len(names)} bets {cli_all:.2f} s"
    )
    probe = "import sys, baccarat_exact.cli; print('sympy' in sys.modules)"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    print(f"`import baccarat_exact.cli` loads sympy: {loaded.stdout.strip()}")


if __name__ == "__main__":
    main()
