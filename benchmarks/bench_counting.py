"""Speed of ``blackjack counting`` (issue 27, item 5; issue 41, item 1): rounds dealt, played
and settled per second on one core, with the compiled kernel and without it, in one run.

Each round is dealt card by card from a shuffled shoe (the shared shuffle of
``model/shuffle.py``), played by the basic strategy of the full shoe (and its index plays)
and settled exactly; every bet ramp is priced on the same rounds. The figure is CPU time in
this process, one process, for 6 decks, cut card a quarter of the shoe (75 %
penetration); the chart's derivation is excluded, and so is a first short run of each case
(the kernel's tables, made once per process and player, and the start-up):

* the US game (peek, DAS, S17), Hi-Lo, basic strategy and a 1-12 ramp (issue 41's first
  target: 10 million rounds a second with the kernel);
* the same with the Illustrious 18 read by a second count (Hi-Opt I) beside the Hi-Lo the
  bets follow (issue 41's second target: 5 million);
* the US game, flat, no index plays; with the Illustrious 18; with a ramp and a Kelly ramp
  (dealt twice: once to measure, once to bet); the casino's game (no hole card, Triple
  Seven), the Illustrious 18 and a ramp;
* the table as it is (issue 41, item 2): the first case with five players, the counter
  last, the true count to the half deck, floored, the decks misjudged by up to half a deck;
  and three players, the counter wonging in at +1 and playing two hands from +4.

Both paths deal the same shoes and give the same bytes (tests/test_counting_kernel.py); the
Python path is the one used without a compiler, and for ``--exact-ev``. Run from the
repository root::

    .venv/bin/python benchmarks/bench_counting.py                  # about a minute
    .venv/bin/python benchmarks/bench_counting.py --shoes 500000 --python-shoes 4000
"""

from __future__ import annotations

import argparse
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout first

from baccarat_exact.analysis.blackjack.counting import CountingSettings, count_shoes
from baccarat_exact.analysis.ramps import parse_ramp
from baccarat_exact.blackjack.counting_kernel import compiled
from baccarat_exact.blackjack.edge import basic_strategy
from baccarat_exact.blackjack.index_play import illustrious_18
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.blackjack.strategy import BasicStrategy
from baccarat_exact.blackjack.true_count import ALONE, EXACT, Reckoning, Seating
from baccarat_exact.model.shoe import Shoe
from benchmarks._machine import machine

HI_LO = (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1, -1, -1, -1)
HI_OPT_I = (0, 0, 1, 1, 1, 1, 0, 0, 0, -1, -1, -1, -1)
"""Hi-Opt I (3-6 +1, tens -1, aces 0), the second count of the two-count case."""
US = BlackjackRules(
    hole_card=True, double_after_split=True, hit_split_aces=False, triple_seven=False
)
CASINO = BlackjackRules()
RAMP = "1:2,2:4,3:8,4:12"
PYTHON_BUDGET = 50_000
"""Issue 27's budget for the Python path."""

_charts: dict[BlackjackRules, BasicStrategy] = {}


def _chart(rules: BlackjackRules) -> BasicStrategy:
    if rules not in _charts:
        _charts[rules] = basic_strategy(Shoe.from_decks(6), rules, exact=False)[0]
    return _charts[rules]


def rate(
    rules: BlackjackRules,
    shoes: int,
    *,
    indices: bool,
    ramp: bool,
    kelly: bool,
    two_counts: bool = False,
    use_compiled: bool,
    seating: Seating = ALONE,
    reckoning: Reckoning = EXACT,
) -> float:
    """Rounds a second (CPU) of one counting run; every pass over the shoes counts."""

    def settings(n: int) -> CountingSettings:
        return CountingSettings(
            rules=rules,
            shoe=Shoe.from_decks(6),
            strategy=_chart(rules),
            plays=illustrious_18(rules) if indices else (),
            tags=HI_LO,
            play_tags=HI_OPT_I if two_counts else None,
            shoes=n,
            seed=1,
            ramps=(parse_ramp(RAMP),) if ramp else (),
            kelly=10_000 if kelly else None,
            seating=seating,
            reckoning=reckoning,
        )

    count_shoes(settings(20), use_compiled=use_compiled)  # the tables, once per process
    start = time.process_time()
    result = count_shoes(settings(shoes), use_compiled=use_compiled)
    seconds = time.process_time() - start
    return result.rounds * (2 if kelly else 1) / seconds


CASES = (
    ("US, basic strategy, Hi-Lo, ramp " + RAMP, US, False, True, False, False, 10_000_000),
    (
        "US, Illustrious 18 by a 2nd count (Hi-Opt I), Hi-Lo ramp",
        US,
        True,
        True,
        False,
        True,
        5_000_000,
    ),
    ("US, flat, no index plays", US, False, False, False, False, None),
    ("US, Illustrious 18", US, True, False, False, False, None),
    ("US, Illustrious 18, ramp and Kelly (two passes)", US, True, True, True, False, None),
    ("casino's game, Illustrious 18, ramp", CASINO, True, True, False, False, None),
)
"""(label, rules, index plays, ramp, Kelly, two counts, the kernel's target)."""

TABLE_CASES = (
    (
        "US, Hi-Lo ramp, 5 players, TC half deck floored, ±1/2 deck",
        Seating(seats=5, seat=5),
        Reckoning(resolution="half", rounding="floor", error=Fraction(1, 2)),
    ),
    (
        "US, Hi-Lo ramp, 3 players, wong-in +1, two hands from +4",
        Seating(seats=3, seat=2, wong_in=1.0, two_hands_at=4.0),
        EXACT,
    ),
)
"""(label, table, true count) of the table cases: basic strategy, the ramp."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--shoes", type=int, default=200_000, help="shoes per compiled run (default 200,000)"
    )
    parser.add_argument(
        "--python-shoes", type=int, default=2000, help="shoes per Python run (default 2000)"
    )
    args = parser.parse_args()
    print(f"machine: {machine()}")
    kernel = compiled() is not None
    if not kernel:
        print("the compiled kernel is not built: Python path only")
    print(f"{'case':60} {'compiled':>14} {'Python':>10} {'ratio':>6}")
    for label, rules, indices, ramp, kelly, two, target in CASES:
        options = {"indices": indices, "ramp": ramp, "kelly": kelly, "two_counts": two}
        python = rate(rules, args.python_shoes, use_compiled=False, **options)
        fast = rate(rules, args.shoes, use_compiled=True, **options) if kernel else None
        verdict = (
            ""
            if fast is None or target is None
            else f"  ({'meets' if fast >= target else 'BELOW'} {target / 1e6:g} M)"
        )
        if python < PYTHON_BUDGET:
            verdict += f"  (Python BELOW its {PYTHON_BUDGET:,} budget)"
        shown = "—" if fast is None else f"{fast:,.0f}"
        ratio = "" if fast is None else f"{fast / python:.0f}×"
        print(f"{label:60} {shown:>14} {python:>10,.0f} {ratio:>6}{verdict}")
    for label, seating, reckoning in TABLE_CASES:
        table = {"indices": False, "ramp": True, "kelly": False}
        table_python = rate(
            US, args.python_shoes, use_compiled=False, seating=seating, reckoning=reckoning, **table
        )
        table_fast = (
            rate(US, args.shoes, use_compiled=True, seating=seating, reckoning=reckoning, **table)
            if kernel
            else None
        )
        shown = "—" if table_fast is None else f"{table_fast:,.0f}"
        ratio = "" if table_fast is None else f"{table_fast / table_python:.0f}×"
        print(f"{label:60} {shown:>14} {table_python:>10,.0f} {ratio:>6}")
    print("rounds a second, CPU time, one process; 6 decks, 75 % penetration")


if __name__ == "__main__":
    main()
