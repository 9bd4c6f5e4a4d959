"""Speed of the questions beyond the next full round: bets on card ranks, seen cards, grid.

Library calls on an 8-deck shoe, each timed cold (first call in a fresh process, caches
empty: what a command pays) and warm (repeats, median), interleaved with the yardstick
``odds(shoe)`` for the main bets, so a loaded machine shows in both:

- a bet on card ranks: Lucky Match and a three-card-poker bet on the Player's cards
  (``docs/examples/lucky-match.toml``) — ``odds(shoe, rules, bets)``; the rounds by rank
  are cached per shoe, so the cold figure is the one the issue's "well under a second" is
  about;
- the rounds by rank alone (``ranked_rounds``), and the lines they pay on;
- a round in progress (``odds(shoe, seen=Seen.parse("? K", "9"))``);
- a conditional table (``grid(shoe, "banker-first", "player-total")``).

    .venv/bin/python benchmarks/bench_cards.py [--repeats 7]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baccarat_exact.analysis.grid import grid
from baccarat_exact.engine.ranked import line_of_rounds, ranked_rounds
from baccarat_exact.model.custom_bets import load_bets
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.seen import Seen
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds
from baccarat_exact.pricing.cards import ranked as _ranked
from benchmarks._machine import machine

BETS_FILE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "lucky-match.toml"


def _time(func: Callable[[], object]) -> float:
    start = time.perf_counter()
    func()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()

    rules = Rules()
    shoe = Shoe.from_decks(8)
    bets = load_bets([BETS_FILE], rules.tableau)
    seen = Seen.parse("? K", "9")
    rounds = ranked_rounds(shoe)

    cases: dict[str, Callable[[], object]] = {
        "odds(shoe), main bets (yardstick)": lambda: odds(shoe),
        "ranked_rounds(8 decks)": lambda: ranked_rounds(shoe),
        "line_of_rounds(2 card bets)": lambda: line_of_rounds(bets, rounds),
        "odds, 2 card-rank bets, cold": lambda: (_ranked.cache_clear(), odds(shoe, rules, bets)),
        "odds, 2 card-rank bets, warm": lambda: odds(shoe, rules, bets),
        'odds(seen "? K" / "9")': lambda: odds(shoe, rules, seen=seen),
        "grid(banker-first x player-total)": lambda: grid(
            shoe, "banker-first", "player-total", rules
        ),
    }
    times: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(args.repeats):
        for name, func in cases.items():
            times[name].append(_time(func))

    print(f"machine: {machine()}")
    print(f"rounds by rank, 8 decks: {len(rounds.event):,}")
    print(f"{'case':40} {'median':>10} {'best':>10}")
    for name, found in times.items():
        print(f"{name:40} {statistics.median(found) * 1e3:8.1f} ms {min(found) * 1e3:8.1f} ms")


if __name__ == "__main__":
    main()
