"""Figures of the foundation issue: one exact evaluation, the reference, the table, the CLI.

Run: ``.venv/bin/python benchmarks/bench_engine.py`` (``make bench`` runs every benchmark;
``--startup`` prints only the whole-process start-up figure; ``--floor`` only the single
evaluation as a user calls it and its compiled lower bound; ``--shoes`` only the cost of
building shoes against one evaluation; ``--before DIR`` also times the package in DIR, an
older checkout, in the same run; ``--rounds N`` times every tree N times, alternating, and
prints the best median of each).

``odds(shoe)`` is the engine's single-state path, which the library never tuned: nothing
in ``baccarat_exact.tuning`` applies, and this benchmark tunes nothing.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

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


_USER_CALL = """
import random, statistics, sys, time
from baccarat_exact import Shoe, odds
if sys.argv[1] == "numpy":
    from baccarat_exact.engine import counting
    counting.NATIVE = False
from baccarat_exact.model.cards import RANKS
rng = random.Random(1)
full = [rank for rank in RANKS for _ in range(32)]
removed = []
for _ in range(2000):
    rng.shuffle(full)
    removed.append(tuple(full[: rng.randint(0, 350)]))
states = [Shoe.from_decks(8).remove(cards) for cards in removed]
odds(states[0])
def median(call, items):
    times = []
    for item in items:
        start = time.perf_counter()
        call(item)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6
full_shoe = median(lambda decks: odds(Shoe.from_decks(decks)), [8] * 20000)
states_us = median(odds, states * 5)
print(f"{full_shoe:.2f} {states_us:.2f}")
"""


def user_call(root: Path, path: str = "as built") -> tuple[float, float]:
    """Median µs of ``odds(Shoe.from_decks(8))`` (shoe built in the call) and of ``odds(state)``
    over 2,000 random 8-deck states, default rules, nothing prebuilt: the package at ``root``,
    in a fresh process (so a checkout of older code is timed the same way). ``path``
    "numpy" turns the compiled engine step off (the install without a C compiler)."""
    env = {"PYTHONPATH": str(root), "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}
    done = subprocess.run(
        [sys.executable, "-c", _USER_CALL, path],
        env=env,
        cwd=root,  # `python -c` puts the working directory first on the path
        check=True,
        capture_output=True,
        text=True,
    )
    full_shoe, states = (float(x) for x in done.stdout.split())
    return full_shoe, states


_SHOES = """
import gc, json, random, statistics, sys, time
from baccarat_exact import Shoe, odds
from baccarat_exact.model.cards import RANKS, SUITS, Card
rng = random.Random(5)
ranks = [rank.value for rank in RANKS for _ in range(32)]
cards = [Card(rank, suit) for rank in RANKS for suit in SUITS for _ in range(8)]
def text(n):  # n cards of unknown suit, listed one by one
    rng.shuffle(ranks)
    return " ".join(ranks[:n])
twenty = [text(20) for _ in range(200)]
many = [text(350) for _ in range(200)]
pile = [rank for rank in RANKS for _ in range(32)]
many_ranks = [tuple(rng.sample(pile, 350)) for _ in range(200)]
states = [Shoe.from_decks(8).remove(text(rng.randint(0, 350))) for _ in range(200)]
dealt = []  # a shoe 100-200 cards in, with the next cards dealt, suits seen
for _ in range(200):
    rng.shuffle(cards)
    at = rng.randint(100, 200)
    dealt.append((Shoe.from_decks(8).remove(cards[:at]), tuple(cards[at : at + 100])))
counts = [[32 - rng.randint(0, 10) for _ in range(13)] for _ in range(200)]
named = [dict(zip("A23456789TJQK", row)) for row in counts]
suited = [{f"{r}{s}": n // 4 for r, n in zip("A23456789TJQK", row) for s in "shdc"}
    for row in counts]
build = lambda text: Shoe.from_decks(8).remove(text)
cases = [
    ("odds(shoe)", odds, states),
    ("Shoe.from_decks(8)", Shoe.from_decks, [8] * 200),
    ('Shoe.from_decks(8).remove("5x20 Tx15")', build, ["5x20 Tx15"] * 200),
    ("Shoe.from_decks(8).remove(20 cards listed)", build, twenty),
    ("Shoe.from_decks(8).remove(350 cards listed)", build, many),
    ("Shoe.from_decks(8).remove(350 ranks, a tuple)", build, many_ranks),
    ("Shoe.from_counts([13 counts])", Shoe.from_counts, counts),
    ('Shoe.from_counts({"A": n, ...})', Shoe.from_counts, named),
    ('Shoe.from_counts({"As": n, ...}) (52 cards by suit)', Shoe.from_counts, suited),
]
for n in (1, 6, 20, 100):
    pairs = [(shoe, next_cards[:n]) for shoe, next_cards in dealt]
    cases.append((f"shoe.remove({n} dealt cards)", lambda pair: pair[0].remove(pair[1]), pairs))
for shoe in states[:20]:
    odds(shoe)
runs = {name: [] for name, _, _ in cases}
gc.disable()  # as timeit does: a collection's pause belongs to no one call
for _ in range(15):  # the cases take turns, so a burst of load hits each alike
    for name, call, items in cases:
        start = time.perf_counter()
        for item in items:
            call(item)
        runs[name].append((time.perf_counter() - start) / len(items))
cases = {name: statistics.median(times) * 1e6 for name, times in runs.items()}
print(json.dumps(cases))
"""


def shoe_costs(root: Path) -> dict[str, float]:
    """Median µs per call of building shoes (from decks, counts and removal strings, and
    removals of N dealt cards from a shoe in play) and of one ``odds(shoe)`` over random
    8-deck states, the yardstick: the package at ``root``, in a fresh process, each call
    timed in passes over 200 different inputs, the cases in turn (median of 15 passes),
    the garbage collector paused as :mod:`timeit` does."""
    env = {"PYTHONPATH": str(root), "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}
    done = subprocess.run(
        [sys.executable, "-c", _SHOES],
        env=env,
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    )
    costs: dict[str, float] = json.loads(done.stdout)
    return costs


def shoes(roots: list[tuple[str, Path]], rounds: int) -> None:
    """Building a shoe against one evaluation, each tree in turn ``rounds`` times; the
    best median of each figure, and its ratio to the best median of ``odds(shoe)``."""
    best: dict[str, dict[str, float]] = {}
    for _ in range(rounds):  # the trees alternate, so a burst of load hits each alike
        for name, root in roots:
            for case, micros in shoe_costs(root).items():
                kept = best.setdefault(name, {})
                kept[case] = min(kept.get(case, micros), micros)
    for name, costs in best.items():
        yardstick = costs["odds(shoe)"]
        print(
            f"building a shoe ({name}), best median of {rounds} round{'s' * (rounds > 1)}, "
            f"against one odds(shoe) over random 8-deck states, {yardstick:.2f} µs:"
        )
        for case, micros in costs.items():
            if case != "odds(shoe)":
                print(f"  {case}: {micros:.2f} µs, {micros / yardstick:.2f}x odds(shoe)")


def floor() -> None:
    """The engine's sum compiled (benchmarks/floor.c, built with ``cc -O3 -march=native``: the
    5,005 multiset weights times the table, as the engine did before its paired blocks) and
    the cost of one numpy call, against the tool's single evaluation, in one run."""
    import tempfile

    import numpy as np

    from baccarat_exact.engine import counting
    from baccarat_exact.model.bets import main_bets
    from baccarat_exact.model.rules import Rules
    from baccarat_exact.pricing import plan

    how = plan(Rules().tableau, main_bets(Rules()))
    compiled = how.compiled
    states = random_states(500, seed=3)
    values = np.array([shoe.values for shoe in states], dtype=np.int64)
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work)
        binary = folder / "floor"
        try:
            subprocess.run(
                [
                    "cc",
                    "-O3",
                    "-march=native",
                    "-o",
                    str(binary),
                    str(ROOT / "benchmarks" / "floor.c"),
                ],
                check=True,
            )
        except (OSError, subprocess.CalledProcessError):
            print("floor: no C compiler here (cc); compiled lower bound skipped")
            return
        counting._FALLING.astype("<f8").tofile(folder / "falling.bin")
        # the C program's layout: the 462 low halves, then the 462 high halves
        multisets = counting.HALF_MULTISETS
        half_index = np.concatenate(
            [(multisets + 7 * np.arange(5)).T, (multisets + 7 * np.arange(5, 10)).T], axis=1
        )
        half_index.astype("<i4").tofile(folder / "half_index.bin")
        counting._COL_LO.astype("<i4").tofile(folder / "col_lo.bin")
        counting._COL_HI.astype("<i4").tofile(folder / "col_hi.bin")
        assert compiled.flat.shape[1] == 3, "the C program is written for the 3 main-bet columns"
        compiled.flat_as("float64").T.astype("<f8").tofile(folder / "flat.bin")
        values.astype("<i4").tofile(folder / "values.bin")
        done = subprocess.run(
            [str(binary), work, str(len(states)), "200"],
            check=True,
            capture_output=True,
            text=True,
        )
    lines = done.stdout.split()
    compiled_us = float(lines[0])
    got = [int(x) for x in lines[1:]]
    want = [n for shoe in states for n in counting.count_one(shoe.values, compiled)]
    assert got == want, "the C program does not compute the engine's counts"

    def step(count: Any) -> float:  # the engine step as odds takes it (Tie is the rest)
        times = []
        for shoe in states * 10:
            start = time.perf_counter()
            count(shoe.values)
            times.append(time.perf_counter() - start)
        return statistics.median(times) * 1e6

    numpy_step = step(lambda values: counting._count_one(values, how.one_shoe, False))
    steps = f"numpy step {numpy_step:.2f} µs"
    if counting.NATIVE:
        compiled_step = step(lambda values: counting.count_one(values, how.one_shoe))
        steps = f"compiled step (_sixcard.c) {compiled_step:.2f} µs, {steps}"
    empty = np.empty(1)
    call = []
    for _ in range(20000):
        start = time.perf_counter()
        empty.take(0)
        call.append(time.perf_counter() - start)
    print(
        "floor: the 5,005-weight arithmetic compiled (cc -O3 -march=native, 3 columns) "
        f"{compiled_us:.2f} µs per shoe (counts identical); the tool's engine step, "
        f"medians: {steps}; one trivial numpy call median "
        f"{statistics.median(call) * 1e6:.2f} µs"
    )


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
    """Whole-process time of `baccarat-exact odds` (and of a command that prices nothing,
    `blackjack edge --help`) against importing numpy, typer and tabulate (the budget:
    within 1.3× of that), also imported with one OpenBLAS thread as the command now runs
    (like for like). The commands run interleaved, and each is timed in CPU time
    (user + system, from the child's resource usage) beside the wall clock: CPU time
    hardly moves when other work shares the machine. Beside them, `odds` with OpenBLAS's
    thread pool (``OPENBLAS_NUM_THREADS`` set to the number of CPUs, OpenBLAS's own
    choice): the command as it was before it asked for no pool."""

    def timed(command: list[str]) -> tuple[float, float]:
        env = dict(os.environ)
        if command[0] in ("pool", "one thread"):  # OpenBLAS's own choice, or the command's
            threads = str(os.cpu_count() or 1) if command[0] == "pool" else "1"
            command = command[1:]
            env["OPENBLAS_NUM_THREADS"] = threads
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, env=env)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode:
            raise subprocess.CalledProcessError(child.returncode, command)
        return wall, usage.ru_utime + usage.ru_stime

    # bytecode compiled, as any installed package has it (this sandbox sets PYTHONDONTWRITEBYTECODE)
    subprocess.run(
        [str(BIN / "python"), "-m", "compileall", "-q", str(ROOT / "baccarat_exact")], check=True
    )
    commands = {
        "stack": [str(BIN / "python"), "-c", "import numpy, typer, tabulate"],
        "stack, one thread": [
            "one thread",
            str(BIN / "python"),
            "-c",
            "import numpy, typer, tabulate",
        ],
        "odds": [str(BIN / "baccarat-exact"), "odds"],
        "odds, pool": ["pool", str(BIN / "baccarat-exact"), "odds"],
        "help": [str(BIN / "baccarat-exact"), "blackjack", "edge", "--help"],
    }
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            times[name].append(timed(command))
    wall = {name: statistics.median(t[0] for t in found) for name, found in times.items()}
    cpu = {name: statistics.median(t[1] for t in found) for name, found in times.items()}
    print(
        f"process: `baccarat-exact odds` {wall['odds'] * 1000:.0f} ms wall, "
        f"{cpu['odds'] * 1000:.0f} ms CPU; `python -c 'import numpy, typer, tabulate'` "
        f"{wall['stack'] * 1000:.0f} ms wall, {cpu['stack'] * 1000:.0f} ms CPU: ratio "
        f"{wall['odds'] / wall['stack']:.2f} wall, {cpu['odds'] / cpu['stack']:.2f} CPU "
        f"(medians of {runs}, interleaved; budget 1.30)"
    )
    print(
        f"process: `baccarat-exact odds` with OpenBLAS's thread pool {wall['odds, pool'] * 1000:.0f}"
        f" ms wall, {cpu['odds, pool'] * 1000:.0f} ms CPU: ratio "
        f"{cpu['odds, pool'] / cpu['stack']:.2f} CPU"
    )
    print(
        f"process: the stack's imports with one OpenBLAS thread, as the command runs, "
        f"{wall['stack, one thread'] * 1000:.0f} ms wall, "
        f"{cpu['stack, one thread'] * 1000:.0f} ms CPU: `odds` is "
        f"{wall['odds'] / wall['stack, one thread']:.2f} wall, "
        f"{cpu['odds'] / cpu['stack, one thread']:.2f} CPU of it"
    )
    print(
        f"process: `baccarat-exact blackjack edge --help` {wall['help'] * 1000:.0f} ms wall, "
        f"{cpu['help'] * 1000:.0f} ms CPU"
    )


def main() -> None:
    if "--startup" in sys.argv:  # the start-up figure alone (issue 12's budget)
        process()
        return
    print(f"machine: {machine()}")
    from baccarat_exact.engine import counting

    roots = [("this tree", ROOT, "as built")]
    if counting.NATIVE:
        roots.append(("this tree, numpy step", ROOT, "numpy"))
    if "--before" in sys.argv:  # an older checkout, e.g. `git archive REV | tar -x -C DIR`
        roots.insert(0, ("before", Path(sys.argv[sys.argv.index("--before") + 1]), "as built"))
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 1
    built = [(name, root) for name, root, path in roots if path == "as built"]
    if "--shoes" in sys.argv:  # building shoes against one evaluation, alone
        shoes(built, rounds)
        return
    best: dict[str, tuple[float, float]] = {}
    for _ in range(rounds):  # the trees alternate, so a burst of load hits each alike
        for name, root, path in roots:
            full_shoe, states = user_call(root, path)
            print(
                f"odds as a user calls it ({name}): odds(Shoe.from_decks(8)) median "
                f"{full_shoe:.1f} µs; odds(state), 2,000 random 8-deck states, median "
                f"{states:.1f} µs"
            )
            old = best.get(name, (full_shoe, states))
            best[name] = (min(old[0], full_shoe), min(old[1], states))
    if rounds > 1:
        for name, (full_shoe, states) in best.items():
            print(
                f"best of {rounds} rounds ({name}): odds(Shoe.from_decks(8)) "
                f"{full_shoe:.1f} µs; odds(state) {states:.1f} µs"
            )
    floor()
    if "--floor" in sys.argv:
        return
    median = single_evaluation()
    reference(median)
    table()
    process()
    shoes(built, rounds)


if __name__ == "__main__":
    main()
