"""Speed of pricing every built-in side bet at once against the three main bets alone.

One 8-deck shoe state (seeded): ``odds(shoe, rules, side_bets)`` — all value-based side
bets in one engine pass, the pair bets from the closed-form pair-state counts — against
``odds(shoe, rules, main_bets)``; beside them main + side bets in one call
(``odds(shoe, rules, with_main_bets(rules, side_bets))``) and the default call
``odds(shoe, rules)``; and all side bets again for the same ranks dealt with their suits
seen (Perfect Pair then needs no average over unknown suits). The issue asks for at most 3×. Runs are interleaved and the best of
many repeats is reported (the machine is shared), with the median beside it.

One shoe at a time is the engine's single-state path, which the library never tuned:
nothing in ``baccarat_exact.tuning`` applies, and this benchmark tunes nothing.

    .venv/bin/python benchmarks/bench_sidebets.py [--repeats 60] [--calls 200]
"""

from __future__ import annotations

import argparse
import functools
import platform
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from baccarat_exact.model.bets import Bet, main_bets, with_main_bets
from baccarat_exact.model.cards import RANKS, SUITS, Card
from baccarat_exact.model.catalogue import SIDE_BET_NAMES, find_bet
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds


def _per_call(func: Callable[[], object], calls: int) -> float:
    start = time.perf_counter()
    for _ in range(calls):
        func()
    return (time.perf_counter() - start) / calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=60)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    dealt = [rng.choice(RANKS) for _ in range(60)]
    shoe = Shoe.from_decks(8).remove(dealt)  # cards of unknown suit: suited bets average
    suited = Shoe.from_decks(8)
    for rank in dealt:  # the same ranks, each with a suit the shoe still holds
        row = suited.suit_rows()[rank.ordinal] or (0, 0, 0, 0)
        suited = suited.remove([Card(rank, SUITS[max(range(4), key=row.__getitem__)])])
    rules = Rules()
    main_only = main_bets(rules)
    side = tuple(find_bet(name) for name in SIDE_BET_NAMES)
    pair_bets = sum(bet.needs_pairs for bet in side)

    cases: dict[str, Callable[[], object]] = {
        "main bets (odds)": lambda: odds(shoe, rules, main_only),
        "all side bets (odds)": lambda: odds(shoe, rules, side),
        "main + side bets (odds with_main_bets)": lambda: odds(
            shoe, rules, with_main_bets(rules, side)
        ),
        "main bets (odds, default bets)": lambda: odds(shoe, rules),
        "all side bets, suits of the dealt cards known": lambda: odds(suited, rules, side),
    }
    for func in cases.values():  # warm the plan caches
        func()
    times: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(args.repeats):
        for name, func in cases.items():
            times[name].append(_per_call(func, args.calls))

    print(f"shoe: 8 decks less {len(dealt)} random cards (seed {args.seed}), {shoe.cards} cards")
    print(f"side bets: {len(side)} ({len(side) - pair_bets} value-based, {pair_bets} pair bets)")
    print(
        f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}"
    )
    print(f"{'case':48} {'best µs':>9} {'median µs':>10}")
    for name, samples in times.items():
        print(f"{name:48} {min(samples) * 1e6:9.1f} {statistics.median(samples) * 1e6:10.1f}")
    best = min(times["all side bets (odds)"]) / min(times["main bets (odds)"])
    median = statistics.median(times["all side bets (odds)"]) / statistics.median(
        times["main bets (odds)"]
    )
    print(f"ratio all side bets / main bets: {best:.2f}x best, {median:.2f}x median (limit 3x)")
    kernels(shoe, rules, side, main_only, args.repeats, args.calls)
    compiled_results(shoe, rules, side, main_only, args.repeats, args.calls)
    joint_bets(shoe, rules)


def kernels(
    shoe: Shoe,
    rules: Rules,
    side: tuple[Bet, ...],
    main_only: tuple[Bet, ...],
    repeats: int,
    calls: int,
) -> None:
    """The compiled step's kernels side by side (the generic one, and the AVX2 and AVX-512
    ones where the processor has them), interleaved in this process: the engine's count
    alone for the columns one shoe's odds count for the side bets (a basis of the plan's
    columns), and the whole calls."""
    from baccarat_exact.engine import _sixcard
    from baccarat_exact.engine.counting import count_one
    from baccarat_exact.pricing.plan import plan
    from baccarat_exact.pricing.shoe import engine_input

    in_use, available = _sixcard.kernels()
    values, _ = engine_input(shoe)
    compiled = plan(rules.tableau, side).one_shoe.compiled
    cases: dict[str, Callable[[], object]] = {
        f"engine count, {len(compiled.columns)} columns": lambda: count_one(values, compiled),
        "all side bets (odds)": lambda: odds(shoe, rules, side),
        "main bets (odds)": lambda: odds(shoe, rules, main_only),
    }
    settings = {
        kernel: functools.partial(_sixcard.use_kernel, kernel) for kernel in available.split(", ")
    }
    try:
        times = _interleaved(settings, cases, repeats, calls)
    finally:
        _sixcard.use_kernel(in_use)
    _print_times(f"compiled kernels (available: {available}; chosen: {in_use})", times)


def compiled_results(
    shoe: Shoe,
    rules: Rules,
    side: tuple[Bet, ...],
    main_only: tuple[Bet, ...],
    repeats: int,
    calls: int,
) -> None:
    """The same calls with the pair states and the bets' results made in Python instead
    of the compiled step (``engine.pairs.NATIVE``, ``pricing.results.NATIVE``; the same
    numbers), interleaved in this process: what the compiled pair states and results save."""
    from baccarat_exact.engine import pairs
    from baccarat_exact.pricing import results

    cases: dict[str, Callable[[], object]] = {
        "all side bets (odds)": lambda: odds(shoe, rules, side),
        "main bets (odds)": lambda: odds(shoe, rules, main_only),
        "pair states of the shoe": lambda: pairs.shoe_pair_states(shoe),
    }
    was = pairs.NATIVE, results.NATIVE

    def use(native: bool) -> None:
        pairs.NATIVE = results.NATIVE = native and was[0] and was[1]

    settings = {"compiled": functools.partial(use, True), "Python": functools.partial(use, False)}
    try:
        times = _interleaved(settings, cases, repeats, calls)
    finally:
        pairs.NATIVE, results.NATIVE = was
    _print_times("pair states and results (compiled where built / Python)", times)


def _interleaved(
    settings: dict[str, Callable[[], object]],
    cases: dict[str, Callable[[], object]],
    repeats: int,
    calls: int,
) -> dict[tuple[str, str], list[float]]:
    """Each case's time a call under each setting (a function that puts it in force),
    the settings and cases taking turns ``repeats`` times: (case, setting) → times."""
    times: dict[tuple[str, str], list[float]] = {}
    for _ in range(repeats):
        for setting, put in settings.items():
            put()
            for name, func in cases.items():
                times.setdefault((name, setting), []).append(_per_call(func, calls))
    return times


def _print_times(title: str, times: dict[tuple[str, str], list[float]]) -> None:
    """A title, then each (case, setting)'s best and median time a call, in µs."""
    print(title)
    for (name, setting), samples in times.items():
        label = f"{name}, {setting}"
        print(f"{label:48} {min(samples) * 1e6:9.1f} {statistics.median(samples) * 1e6:10.1f}")


def joint_bets(shoe: Shoe, rules: Rules) -> None:
    """The three bets of ``joint-bets.toml`` (a pair and the round's result together) on
    the same shoe: ``odds`` as it prices them (the closed form of
    ``engine/pair_batch.py``), against the per-state joint table it used before."""
    from baccarat_exact.engine.pairs import joint_counts, suited_terms
    from baccarat_exact.model.custom_bets import parse_bets

    text = (Path(__file__).resolve().parent / "joint-bets.toml").read_text()
    bets = tuple(parsed.bet for parsed in parse_bets(text))
    cases: dict[str, Callable[[], object]] = {
        "3 joint bets (odds)": lambda: odds(shoe, rules, bets),
        "their joint table, state by state (before)": lambda: joint_counts(suited_terms(shoe)),
    }
    times = {name: [_per_call(func, 5) for _ in range(7)] for name, func in cases.items()}
    for name, samples in times.items():
        print(f"{name:48} {min(samples) * 1e6:9.1f} {statistics.median(samples) * 1e6:10.1f}")


if __name__ == "__main__":
    main()
