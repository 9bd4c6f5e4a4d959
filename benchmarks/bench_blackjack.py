"""Speed of the blackjack engine: the figures of issue 6's Speed section and issue 14's.

Run from the repository root::

    .venv/bin/python benchmarks/bench_blackjack.py            # everything (about 4 minutes)
    .venv/bin/python benchmarks/bench_blackjack.py --quick    # skip the tables and round
    .venv/bin/python benchmarks/bench_blackjack.py --commands --against DIR   # before/after
    .venv/bin/python benchmarks/bench_blackjack.py --round    # blackjack round (about 2 minutes)

``--commands`` times only whole commands (``COMMANDS``), each in a fresh interpreter, as the
median of ``--runs`` runs; with ``--against DIR`` (another checkout, e.g.
``git archive OLD baccarat_exact | tar -x -C DIR``) the two trees' runs alternate, so
both medians come from the same minutes of the same machine.

Every timing starts from cold caches (the dealer tables are rebuilt); the command
timings also run the CLI in a fresh interpreter, as a user would.

The blackjack solvers never used the baccarat engine's batch path, which the library
once tuned by itself: nothing in ``baccarat_exact.tuning`` applies, and this benchmark
tunes nothing (nor does the command line for these commands).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import TypeVar

from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baccarat_exact.blackjack import dealer, hands, shape
from baccarat_exact.blackjack.edge import edge
from baccarat_exact.blackjack.hand import analyze_hand
from baccarat_exact.blackjack.round_stats import round_stats
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.cli.blackjack import app
from baccarat_exact.model.shoe import Shoe
from benchmarks._machine import machine

T = TypeVar("T")

HANDS = (("T 6", "T"), ("7 7", "6"), ("2 3", "2"), ("A A", "2"))
"""Hands for ``blackjack hand``; A A vs 2 is the largest (every hand with two aces, and a split)."""


def cold() -> None:
    """Forget every cached table, so a timing includes building them."""
    for cached in (
        dealer.dealer_table,
        dealer._stops,
        dealer._dealer_tables,
        dealer.dealer_distribution,
        dealer.restricted_table,
        shape.hands_within,
        shape.graph_shape,
        shape._all_hands,
        dealer._table_plan,
        dealer._native_plan,
        hands.hard_total,
        hands.hand_total,
        hands.successors,
    ):
        cached.cache_clear()


def timed(work: Callable[[], T]) -> tuple[T, float]:
    cold()
    start = time.perf_counter()
    result = work()
    return result, time.perf_counter() - start


def command_seconds(*args: str, tree: Path | None = None) -> float:
    """Wall time of ``baccarat-exact blackjack ARGS`` in a fresh interpreter (startup included),
    importing the package from ``tree`` (default: this checkout)."""
    code = "import sys; from baccarat_exact.cli.blackjack import app; app(sys.argv[1:])"
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", code, *args], check=True, capture_output=True, cwd=tree or ROOT
    )
    return time.perf_counter() - start


ROOT = Path(__file__).resolve().parent.parent

COMMANDS: tuple[tuple[str, ...], ...] = (
    ("edge", "--float"),
    ("edge",),
    ("edge", "--float", "--option-values"),
    ("edge", "--option-values"),
    ("edge", "--float", "--split-hands", "4", "--resplit-aces"),
    ("hand", "A A", "--up", "2"),
    ("round", "--decks", "1"),
    ("round", "--float"),
    ("round",),
    ("report",),
    ("indices", "--samples", "10"),
    ("indices", "--float", "--samples", "10"),
    ("simulate", "--float", "--decks", "2", "--seed", "1"),
)
"""Issue 14's targets (6 decks, the casino's rules), then resplits, one hand, the round's law
(and the math report made from it), one dealt shoe and the index plays (ten shoes a true
count): every engine path the one-engine rework touched."""


def commands(runs: int, against: Path | None) -> None:
    """Median wall time of each command; with ``against``, alternating with that tree."""
    trees = [ROOT] if against is None else [against, ROOT]
    for tree in trees:  # bytecode compiled, as an installed package has it
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(tree / "baccarat_exact")], check=True
        )
    print(f"median of {runs} runs, fresh interpreter each (startup included)")
    for args in COMMANDS:
        times: dict[Path, list[float]] = {tree: [] for tree in trees}
        for _ in range(runs):
            for tree in trees:
                times[tree].append(command_seconds(*args, tree=tree))
        medians = [statistics.median(times[tree]) for tree in trees]
        shown = "   ".join(f"{m:6.2f} s" for m in medians)
        label = "before → after" if against is not None else ""
        print(f"blackjack {' '.join(args):<32} {shown}   {label}")


def round_times() -> None:
    """``round_stats`` (both strategies, the casino's rules) exact and float, 1 and 6 decks: wall
    and CPU seconds of one cold run each (a split round's exact joint law is most of it)."""
    for decks in (1, 6):
        rules = BlackjackRules(decks=decks)
        for exact in (True, False):
            cpu = time.process_time()
            _, seconds = timed(partial(round_stats, Shoe.from_decks(decks), rules, exact=exact))
            cpu = time.process_time() - cpu
            mode = "exact" if exact else "--float"
            print(
                f"blackjack round, {decks} deck(s), {mode:<7}: {seconds:6.1f} s wall, {cpu:6.1f} s CPU"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the scaling with decks")
    parser.add_argument("--commands", action="store_true", help="time whole commands only")
    parser.add_argument("--round", action="store_true", help="time blackjack round only")
    parser.add_argument("--runs", type=int, default=5, help="runs per command (median)")
    parser.add_argument("--against", type=Path, help="another checkout to time alongside")
    args = parser.parse_args()
    print(f"machine: {machine()}")
    if args.commands:
        commands(args.runs, args.against)
        return
    if args.round:
        round_times()
        return
    rules = BlackjackRules()
    six = Shoe.from_decks(6)
    print(f"rules: {rules.summary()}")
    print()

    _, seconds = timed(lambda: dealer.dealer_chart(six))
    print(f"dealer, 6 decks, all 10 up cards, exact (library):  {seconds:6.3f} s")
    runner = CliRunner()
    _, seconds = timed(lambda: runner.invoke(app, ["dealer", "--decks", "6"]))
    print(f"dealer, 6 decks, exact (command, in process):        {seconds:6.3f} s")
    print(
        f"dealer, 6 decks, exact (command, fresh interpreter): {command_seconds('dealer'):6.3f} s"
    )
    for cards, up in HANDS:
        analysis, seconds = timed(partial(analyze_hand, cards, up, six, rules))
        print(f"hand {cards} vs {up}, 6 decks, exact: {seconds:6.3f} s   best {analysis.best}")
    print(
        f"hand A A vs 2, exact (command, fresh interpreter):   {command_seconds('hand', 'A A', '--up', '2'):6.3f} s"
    )
    print()

    exact, exact_seconds = timed(lambda: edge(six, rules))
    rounded, float_seconds = timed(lambda: edge(six, rules, exact=False))
    assert isinstance(exact.optimal, Fraction) and isinstance(exact.basic, Fraction)
    print(f"edge, 6 decks, exact, optimal + basic strategy: {exact_seconds:6.2f} s")
    print(f"   player EV optimal {float(exact.optimal):+.10%}   basic {float(exact.basic):+.10%}")
    print(f"edge, 6 decks, --float:                         {float_seconds:6.2f} s")
    print(
        f"   |float - exact|: optimal {abs(float(exact.optimal) - float(rounded.optimal)):.1e}, "
        f"basic {abs(float(exact.basic) - float(rounded.basic)):.1e}"
    )
    print(f"edge, 6 decks, exact (command, fresh interpreter): {command_seconds('edge'):6.2f} s")
    print(
        f"edge, 6 decks, --float (command, fresh interpreter): {command_seconds('edge', '--float'):6.2f} s"
    )
    if args.quick:
        return
    result, seconds = timed(partial(edge, six, rules, options=True))
    print(f"edge --option-values, 6 decks, exact ({len(result.options)} flips): {seconds:6.2f} s")
    result, seconds = timed(partial(edge, six, rules, exact=False, options=True))
    print(f"edge --option-values, 6 decks, --float:           {seconds:6.2f} s")
    print()
    print("scaling with decks (seed rules, optimal + basic strategy):")
    print("decks   exact s   float s   player EV optimal")
    for decks in (1, 2, 4, 6, 8):
        shoe = Shoe.from_decks(decks)
        result, exact_seconds = timed(partial(edge, shoe, rules))
        _, float_seconds = timed(partial(edge, shoe, rules, exact=False))
        print(
            f"{decks:5d} {exact_seconds:9.2f} {float_seconds:9.2f}   {float(result.optimal):+.8%}"
        )
    print()
    round_times()


if __name__ == "__main__":
    main()
