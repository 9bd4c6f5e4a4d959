"""Speed of baccarat's fast counting mode (``simulate --fast``, issue 41, item 1): rounds
dealt, counted, bet and settled per second on one core, with and without the compiled step
(``engine/_baccount.c``), in one run.

The figure is CPU time of the deal in this process (the counts' fits and the tables, made
once per run, excluded; start-up excluded), one process, 8 decks, standard burn, cut card
16 cards from the back, for:

* Dragon 7 alone with the Dragon 7 count and a ramp (the derived count is played beside it:
  4 ways of betting, 2 counts);
* the EZ table: Banker, Player, Tie, Dragon 7 and Panda 8, each with its derived count and
  the Dragon 7 count, a ramp on Dragon 7, wong in at +2 and out below 0 (12 ways, 6 counts);
* the pair bets (Player Pair, Perfect Pair) with their derived counts (4 ways, 2 counts).

The issue's target is 20 million rounds a second on one core. Run from the repository root::

    .venv/bin/python benchmarks/bench_baccount.py               # about half a minute
    .venv/bin/python benchmarks/bench_baccount.py --shoes 50000 --python-shoes 20
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout first

from baccarat_exact.analysis import fast_counting
from baccarat_exact.analysis.eor import effect_of_removal
from baccarat_exact.analysis.simulate import count_fits, count_systems
from baccarat_exact.commands.counting import CountingInput
from baccarat_exact.commands.inputs import BetsInput, RulesInput, ShoeInput
from baccarat_exact.commands.simulate import SimulateRequest
from benchmarks._machine import machine

DRAGON_7_COUNT = "4:-1,5:-1,6:-1,7:-1,8:2,9:2"
TARGET = 20_000_000
CASES: dict[str, dict[str, Any]] = {
    "Dragon 7, its count and a ramp": {
        "rules": RulesInput(game="ez"),
        "bets": BetsInput(names=("dragon-7",), only_named=True),
        "counting": CountingInput(tags=DRAGON_7_COUNT),
        "ramp": "dragon-7=4:1,6:2,8:4",
    },
    "EZ table (5 bets), ramp, wong in/out": {
        "rules": RulesInput(game="ez"),
        "bets": BetsInput(names=("dragon-7", "panda-8")),
        "counting": CountingInput(tags=DRAGON_7_COUNT),
        "ramp": "dragon-7=4:1,6:2,8:4",
        "wong_in": "2",
        "wong_out": "0",
    },
    "pair bets, derived counts": {
        "bets": BetsInput(names=("player-pair", "perfect-pair"), only_named=True),
    },
}


def tables(case: dict[str, Any], shoes: int) -> tuple[fast_counting.FastTables, int]:
    """The tables of a case on 8 decks, and its seed."""
    request = SimulateRequest(fast=True, shoe=ShoeInput(decks=8), shoes=shoes, seed=1, **case)
    fast = request.fast_settings()
    s = fast.settings
    eor = effect_of_removal(s.shoe, s.rules, s.chosen_bets)
    return fast_counting.fast_tables(fast, count_systems(s, eor, count_fits(s, eor))), s.seed


def rate(made: fast_counting.FastTables, seed: int, shoes: int, native: bool) -> float:
    """Rounds a second (CPU) of dealing ``shoes`` shoes."""
    start = time.process_time()
    sums = fast_counting.deal_shoes(made, seed, 0, shoes, native=native)
    return float(sums.hands.sum()) / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=200_000, help="shoes, compiled step")
    parser.add_argument("--python-shoes", type=int, default=40, help="shoes, Python path")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    args = parser.parse_args()
    print(machine())
    print(f"8 decks, one core, CPU time; best of {args.repeat}; target {TARGET:,} rounds/s")
    if not fast_counting.NATIVE:
        print("the compiled step is not built here: Python path only")
    print(f"{'case':40} {'players':>7} {'compiled':>14} {'Python':>10} {'ratio':>7}")
    for name, case in CASES.items():
        made, seed = tables(case, args.shoes)
        python = max(rate(made, seed, args.python_shoes, False) for _ in range(args.repeat))
        compiled = (
            max(rate(made, seed, args.shoes, True) for _ in range(args.repeat))
            if fast_counting.NATIVE
            else None
        )
        shown = "-" if compiled is None else f"{compiled:,.0f}"
        ratio = "-" if compiled is None else f"{compiled / python:,.0f}x"
        print(f"{name:40} {len(made.players):>7} {shown:>14} {python:>10,.0f} {ratio:>7}")


if __name__ == "__main__":
    main()
