"""Figures of issue 5: formulas in the number of decks d, and the two ways to get them.

Run: ``.venv/bin/python benchmarks/bench_formula.py`` (``make bench`` runs every benchmark).

Method A (used): the engine's exact counts at 8 deck counts (one batch), exact Newton
interpolation through 7 of them (degree ≤ 6), the 8th confirms, sympy cancels.
Method B (measured for comparison): expand Σ_m A[o, m] Π_v ff(n_v(d), m_v) over the
5,005 six-value multisets symbolically — with exact integer coefficient lists, and
with sympy polynomials. Both must give the same polynomials as method A.

The outcomes are read as the pricer plans them (``plan(tableau, ()).compiled``):
column 0 counts Banker wins, column 1 Player wins, and a Tie is the rest
(N(N-1)…(N-5) − Banker − Player; in method B, each multiset's orderings − Banker − Player).

The library no longer tunes the process by itself; this benchmark tunes it as the
command line tunes its batch commands (``baccarat_exact.tuning``): glibc is told once,
at start, to keep freed temporaries (``keep_freed_memory``), as the old batch path did
by itself on its first batch (``deck_formulas`` counts 8 shoes in one batch). The
formula path never ran on one OpenBLAS thread, and does not here. The whole-process
figures time the command as it is, with whatever tuning the command line does.
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
from baccarat_exact.analysis.rational import (
    Polynomial,
    interpolate,
    multiply,
    polynomial_sum,
    scale,
)
from baccarat_exact.engine.counting import count_array
from baccarat_exact.engine.tables import HALF_MULTISETS, HALF_OFFSETS, event_table
from baccarat_exact.pricing import plan
from baccarat_exact.tuning import keep_freed_memory
from benchmarks._machine import machine

BIN = Path(sys.executable).parent
CARDS = 6
REMOVED = "5s 5h 5d Kh 9c"
"""Cards removed for the 17-bet figure: three fives, a king and a nine, given with their
suits (as formulas in d, the suited pair bets need the suit of every removed card)."""


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
    """(3, 5005) orderings of each multiset ending in Banker, Player, Tie wins.

    Banker and Player are the pricer's outcome columns 0 and 1; Tie is the rest.
    """
    rules = Rules()
    dense = event_table(rules.tableau).matrix()
    banker_events, player_events = plan(rules.tableau, ()).compiled.columns[:2]
    banker = dense[list(banker_events)].sum(axis=0)
    player = dense[list(player_events)].sum(axis=0)
    tie = dense.sum(axis=0) - banker - player
    return np.stack([banker, player, tie])


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
    """Method A for the three outcomes (the engine at 7 deck counts, then Newton):
    Banker and Player from the pricer's outcome columns 0 and 1, Tie the rest."""
    how = plan(Rules().tableau, ())
    nodes = list(range(1, 8))
    values = np.array([Shoe.from_decks(d).values for d in nodes], dtype=np.int64)
    counts = count_array(values, how.compiled).tolist()
    banker, player = (interpolate(nodes, [int(row[c]) for row in counts]) for c in (0, 1))
    total = formulas.six_card_total_polynomial()
    tie = polynomial_sum((total, scale(banker, Fraction(-1)), scale(player, Fraction(-1))))
    return [banker, player, tie]


def main() -> None:
    print(f"machine: {machine()}")
    keep_freed_memory()  # as the old batch path did by itself on its first batch
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
    every = best_of(1, lambda: formulas.deck_formulas(bets=bets, removed=REMOVED))
    print(
        f"deck_formulas for {len(bets)} bets incl. pair bets, {len(REMOVED.split())} cards "
        f"removed: {every:.2f} s"
    )

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
    cli_all = process(["formula", *names, "--remove", REMOVED], runs=3)
    print(
        f"process `baccarat-exact formula` (banker/player/tie): {cli:.2f} s "
        f"(target < 5 s); --format json {cli_json:.2f} s; {len(names)} bets {cli_all:.2f} s"
    )
    probe = "import sys, baccarat_exact.cli; print('sympy' in sys.modules)"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    print(f"`import baccarat_exact.cli` loads sympy: {loaded.stdout.strip()}")


if __name__ == "__main__":
    main()
