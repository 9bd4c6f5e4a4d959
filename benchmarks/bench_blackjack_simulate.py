"""Speed of ``blackjack simulate`` (issue 15, item 5): rounds priced per second.

Every round's exact EV is one ``edge`` solve of the cards not yet seen, which is
nearly all the time a simulation takes; playing the round and shuffling are
negligible. Figures:

* the library call ``simulate()`` on 1 deck of the casino's game, 2 shoes, seed 0, cut
  card a quarter of the shoe, float arithmetic (the command's defaults before issue 23,
  kept so the figures compare), ``jobs`` 1 and 2: wall time, rounds, rounds per second
  (the chart the rounds are played by is derived once, exactly, and included in the time);
* the default command as a user runs it (``baccarat-exact blackjack simulate -q``: one
  six-deck shoe, exact), a fresh process, start-up included.

Run from the repository root::

    .venv/bin/python benchmarks/bench_blackjack_simulate.py          # about 3 minutes
    .venv/bin/python benchmarks/bench_blackjack_simulate.py --quick  # the library call only
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout first

from baccarat_exact.analysis.blackjack.simulation import SimulationSettings, simulate
from baccarat_exact.blackjack.rules import BlackjackRules
from benchmarks._machine import machine

ROOT = Path(__file__).resolve().parent.parent
"""The checkout whose code the command runs (``python -m`` from its root)."""


def library(jobs: int, shoes: int) -> None:
    settings = SimulationSettings(rules=BlackjackRules(decks=1), shoes=shoes, exact=False)
    start = time.perf_counter()
    result = simulate(settings, jobs=jobs)
    seconds = time.perf_counter() - start
    rounds = len(result.rounds)
    print(
        f"simulate(): 1 deck, {shoes} shoes, jobs {jobs}: {seconds:.1f} s, {rounds} rounds, "
        f"{rounds / seconds:.2f} rounds/s"
    )


def command() -> None:
    args = [sys.executable, "-m", "baccarat_exact", "blackjack", "simulate", "-q"]
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True, text=True, cwd=ROOT)
    print(f"blackjack simulate (default, whole process): {time.perf_counter() - start:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the library call only, jobs 1")
    options = parser.parse_args()
    print(machine())
    library(1, 2)
    if options.quick:
        return
    library(2, 4)
    command()


if __name__ == "__main__":
    main()
