"""Speed of ``blackjack counting`` (issue 27, item 5): rounds dealt, played and settled per
second on one core.

Each round is dealt card by card from a shuffled shoe, played by the basic strategy of the
full shoe (and its index plays) and settled exactly; every bet ramp is priced on the same
rounds. The figure is CPU time in this process (the chart's derivation, done once per run,
excluded; start-up excluded), one process, for 6 decks, cut card a quarter of the shoe:

* the US game (peek, DAS, S17), flat betting, no index plays;
* the same with the Illustrious 18;
* the same with a ramp and a Kelly ramp (dealt twice: once to measure, once to bet);
* the casino's game (no hole card, Triple Seven), the Illustrious 18 and a ramp.

The issue's budget is 50,000 rounds a second on one core. Run from the repository root::

    .venv/bin/python benchmarks/bench_counting.py            # about a minute
    .venv/bin/python benchmarks/bench_counting.py --shoes 500
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout first

from baccarat_exact.analysis.blackjack.counting import CountingSettings, count_shoes
from baccarat_exact.analysis.ramps import parse_ramp
from baccarat_exact.blackjack.edge import basic_strategy
from baccarat_exact.blackjack.index_play import illustrious_18
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.model.shoe import Shoe
from benchmarks._machine import machine

HI_LO = (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1, -1, -1, -1)
US = BlackjackRules(
    hole_card=True, double_after_split=True, hit_split_aces=False, triple_seven=False
)
CASINO = BlackjackRules()
BUDGET = 50_000


def rate(rules: BlackjackRules, shoes: int, *, indices: bool, ramp: bool, kelly: bool) -> float:
    """Rounds a second (CPU) of one counting run; every pass over the shoes counts."""
    shoe = Shoe.from_decks(6)
    strategy, _ = basic_strategy(shoe, rules, exact=False)
    settings = CountingSettings(
        rules=rules,
        shoe=shoe,
        strategy=strategy,
        plays=illustrious_18(rules) if indices else (),
        tags=HI_LO,
        shoes=shoes,
        seed=1,
        ramps=(parse_ramp("1:2,2:4,3:8,4:12"),) if ramp else (),
        kelly=10_000 if kelly else None,
    )
    start = time.process_time()
    result = count_shoes(settings)
    seconds = time.process_time() - start
    return result.rounds * (2 if kelly else 1) / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=2000, help="shoes per run (default 2000)")
    args = parser.parse_args()
    print(f"machine: {machine()}")
    runs = [
        ("US 6 decks, flat, no index plays", US, False, False, False),
        ("US 6 decks, Illustrious 18", US, True, False, False),
        ("US 6 decks, Illustrious 18, ramp and Kelly (two passes)", US, True, True, True),
        ("casino's game, Illustrious 18, ramp", CASINO, True, True, False),
    ]
    for label, rules, indices, ramp, kelly in runs:
        found = rate(rules, args.shoes, indices=indices, ramp=ramp, kelly=kelly)
        verdict = "within" if found >= BUDGET else "OVER"
        print(f"{label}: {found:,.0f} rounds/s CPU ({verdict} the {BUDGET:,} budget)")


if __name__ == "__main__":
    main()
