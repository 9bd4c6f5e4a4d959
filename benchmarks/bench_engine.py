"""Figures of the foundation issue: one exact evaluation, the reference, the table, the CLI.

Run: ``.venv/bin/python benchmarks/bench_engine.py`` (``make bench`` runs every benchmark;
``--startup`` prints only the whole-process start-up figure).

``odds(shoe)`` is the engine's single-state path, which the library never tuned: nothing
in ``baccarat_exact.tuning`` applies, and this benchmark tunes nothing.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baccarat_exact import Rules, Shoe, odds
from baccarat_exact.engine.tables import build_event_table, event_table
from baccarat_exact.model.cards import RANKS
from benchmarks._machine import machine
from tests.reference import reference_event_probabilities

BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parent.parent


def random_states(count: int, seed: int = 1) -> list[Shoe]:
    """8-deck shoes with 0–350 random cards dealt."""
    rng = random.Random(seed)
    full = [rank for rank in RANKS for _ in range(32)]
    states = []
    for _ in range(count):
        rng.shuffle(full)
        states.append(Shoe.from_decks(8).remove(full[: rng.randint(0, 350)]))
    return states


def single_evaluation() -> float:
    """Median µs of odds(shoe) over random 8-deck states, warm."""
    states = random_states(3000)
    rules = Rules()
    odds(states[0], rules)  # warm: table loaded, columns compiled
    times = []
    for shoe in states:
        start = time.perf_counter()
        odds(shoe, rules)
        times.append(time.perf_counter() - start)
    median = statistics.median(times) * 1e6
    with_json = []
    for shoe in states[:1000]:
        start = time.perf_counter()
        odds(shoe, rules).to_dict()
        with_json.append(time.perf_counter() - start)
    print(
        f"odds(shoe), warm, 3000 random 8-deck states: median {median:.1f} µs, p90 "
        f"{statistics.quantiles(times, n=10)[-1] * 1e6:.1f} µs"
    )
    print(
        f"odds(shoe).to_dict() (every exact fraction built): median {statistics.median(with_json) * 1e6:.1f} µs"
    )
    return median


def reference(engine_median_us: float) -> None:
    """The simple recursive implementation on the same kind of state, once."""
    shoe = random_states(1, seed=2)[0]
    start = time.perf_counter()
    reference_event_probabilities(shoe)
    seconds = time.perf_counter() - start
    print(
        f"reference (recursive, card by card, Fractions), one 8-deck state of {shoe.cards} cards: {seconds:.2f} s"
    )
    print(f"engine speed-up over the reference: {seconds * 1e6 / engine_median_us:,.0f}x")


def table() -> None:
    """Cold build of the event table, and loading the shipped copy."""
    start = time.perf_counter()
    build_event_table()
    built = time.perf_counter() - start
    event_table.cache_clear()
    start = time.perf_counter()
    event_table()
    loaded = time.perf_counter() - start
    print(
        f"event table: built from scratch in {built:.2f} s; shipped copy loaded in {loaded * 1000:.1f} ms"
    )


def process(runs: int = 21) -> None:
    """Whole-process time of `baccarat-exact odds` against importing numpy, typer and
    tabulate (the budget: within 1.3× of that)."""

    def median_of(command: list[str]) -> float:
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - start)
        return statistics.median(times)

    # bytecode compiled, as any installed package has it (this sandbox sets PYTHONDONTWRITEBYTECODE)
    subprocess.run(
        [str(BIN / "python"), "-m", "compileall", "-q", str(ROOT / "baccarat_exact")], check=True
    )
    base = median_of([str(BIN / "python"), "-c", "import numpy, typer, tabulate"])
    tool = median_of([str(BIN / "baccarat-exact"), "odds"])
    print(
        f"process: `baccarat-exact odds` {tool * 1000:.0f} ms, "
        f"`python -c 'import numpy, typer, tabulate'` {base * 1000:.0f} ms: "
        f"ratio {tool / base:.2f} (median of {runs}; budget 1.30)"
    )


def main() -> None:
    if "--startup" in sys.argv:  # the start-up figure alone (issue 12's budget)
        process()
        return
    print(f"machine: {machine()}")
    median = single_evaluation()
    reference(median)
    table()
    process()


if __name__ == "__main__":
    main()
