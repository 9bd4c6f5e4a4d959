"""Issue 4: the engine's batch path — exact 8-deck shoe states priced per second.

States are the real ones a simulation meets: the cards not yet seen before every
hand of shuffled 8-deck shoes (standard burn, cut card 16 from the back). Timed:
the engine alone (``count_array`` on the compiled columns of ``plan(tableau, bets)``,
as ``price_batch`` calls it) and ``price_batch`` (engine + each bet's exact EV
numerator and win count) for Banker, Player and Tie, one OpenBLAS thread (as the
simulation runs it) and OpenBLAS's default threads, best of 5 runs.

The library no longer tunes the process by itself; this benchmark tunes it as the
command line does (``baccarat_exact.tuning``): glibc is told once, at start, to keep
freed temporaries (``keep_freed_memory``), and the "1 OpenBLAS thread" figures run
inside ``one_blas_thread()``.

Run: ``.venv/bin/python benchmarks/bench_batch.py``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from contextlib import nullcontext
from functools import partial
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baccarat_exact.analysis.dealing import BurnRule, deal_shoe
from baccarat_exact.engine.counting import count_array, value_counts
from baccarat_exact.model.bets import main_bets
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import plan, price_batch
from baccarat_exact.tuning import keep_freed_memory, one_blas_thread
from benchmarks._machine import machine

TARGET = 200_000


def simulation_states(shoes: int, seed: int = 1) -> np.ndarray:
    """(B, 13) unseen cards before every hand of ``shoes`` shuffled 8-deck shoes."""
    full = np.array(Shoe.from_decks(8).counts)
    deck = np.repeat(np.arange(13), full)
    rules = Rules()
    per_shoe = []
    for i in range(shoes):
        order = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(i,))).permutation(
            deck
        )
        dealt = deal_shoe(order.tolist(), rules.tableau, BurnRule.standard, 16)
        visible = np.zeros((len(order) + 1, 13), dtype=np.int64)
        visible[np.arange(1, len(order) + 1), order] = 1
        visible[[h + 1 for h in dealt.hidden]] = 0
        seen = np.cumsum(visible, axis=0)[[start for start, _, _ in dealt.hands]]
        per_shoe.append(full - seen)
    return np.concatenate(per_shoe)


def best_rate(run: Callable[[], object], count: int, repeats: int = 5) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return count / min(times)


def main() -> None:
    print(machine())
    keep_freed_memory()  # as the command line does (the old batch path did it by itself)
    rules = Rules()
    bets = main_bets(rules)
    compiled = plan(rules.tableau, bets).compiled  # the columns price_batch counts
    price_batch([Shoe.from_decks(8).counts] * 2, rules, bets)  # warm up, as a simulation does first
    states = simulation_states(250)
    values = value_counts(states)
    print(
        f"{len(states):,} shoe states (every hand of 250 shuffled 8-deck shoes), Banker/Player/Tie"
    )
    count_array(values[:10], compiled)
    for label, threads in (
        ("1 OpenBLAS thread", one_blas_thread),
        ("OpenBLAS default", nullcontext),
    ):
        with threads():
            engine = best_rate(lambda: count_array(values, compiled), len(values))
            full = best_rate(lambda: price_batch(states, rules, bets), len(states))
            sizes = []
            for size in (64, 512, 4096):
                chunk = values[:size]
                rate = best_rate(partial(count_array, chunk, compiled), size)
                sizes.append(f"{size}: {rate:,.0f}/s")
        print(
            f"{label:>18}: count_array {engine:,.0f} states/s; price_batch (exact EV numerators) "
            f"{full:,.0f} states/s; by batch size {', '.join(sizes)}"
        )
    print(f"target: at least {TARGET:,} states/s (one process)")


if __name__ == "__main__":
    main()
