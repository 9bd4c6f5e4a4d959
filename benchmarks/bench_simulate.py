"""Issue 4: ``simulate --shoes 1000 --decks 8`` with the main bets and a few side bets,
and how its time grows with the number of shoes and of bets.

The command is timed as a whole process (best of 3, start-up included), with
``--jobs 1`` and ``--jobs 2``; the growth figures time the library call
``simulate()`` in this process (seed 1, standard burn, cut card 16).

The library no longer tunes the process by itself; this benchmark tunes it as the
command line does (``baccarat_exact.tuning``): glibc is told once, at start, to keep
freed temporaries (``keep_freed_memory``), and every ``simulate()`` call runs inside
``one_blas_thread()`` (forked ``--jobs`` workers inherit both). The whole-process
figures time the command as it is, with whatever tuning the command line does.

Issues 14 and 25: ``simulate --shoes 300`` with every built-in side bet against the
same run with the main bets only, whole processes timed in turn in the same run (median
of 5), and the ratio (target ≤ 1.7); and with three user-defined bets on a pair and the
round's result together (``joint-bets.toml``, target ≤ 2).

Run: ``.venv/bin/python benchmarks/bench_simulate.py`` (``--side-bets`` for the
side-bet figures alone; ``--before DIR`` times the code of an earlier checkout in DIR the
same way, in the same run, e.g. ``git archive b7b6d74 baccarat_exact | tar -x -C
/tmp/before`` with the compiled modules copied in).
"""

from __future__ import annotations

import compileall
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baccarat_exact.analysis.dealing import SimulationSettings
from baccarat_exact.analysis.simulate import simulate
from baccarat_exact.model.bets import main_bets
from baccarat_exact.model.catalogue import SIDE_BET_NAMES, find_bet
from baccarat_exact.model.rules import Rules
from baccarat_exact.tuning import keep_freed_memory, one_blas_thread
from benchmarks._machine import machine

BIN = Path(sys.executable).parent
SIDE = ("dragon-7", "panda-8", "dragon-bonus-banker", "player-pair")
TARGET = 10.0
JOINT_BETS = Path(__file__).resolve().parent / "joint-bets.toml"


def command(jobs: int) -> tuple[float, str]:
    args = [str(BIN / "baccarat-exact"), "simulate", "--shoes", "1000", "--decks", "8", "-q"]
    args += [f"--bet={name}" for name in SIDE] + ["--jobs", str(jobs)]
    best, out = float("inf"), ""
    for _ in range(3):
        start = time.perf_counter()
        out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
        best = min(best, time.perf_counter() - start)
    return best, out


def _run_timed(args: list[str], cwd: str | None) -> tuple[float, float]:
    """Wall-clock and CPU (user + system) seconds of one whole process."""
    start = time.perf_counter()
    child = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd)
    _, status, usage = os.wait4(child.pid, 0)
    if status:
        raise SystemExit(f"{' '.join(args)} failed: status {status}")
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def side_bet_ratio(
    shoes: int = 300, repeats: int = 5, before: str | None = None, joint_before: bool = True
) -> None:
    """Whole ``simulate`` processes, main bets alone, with every built-in side bet and with
    the joint bets of ``joint-bets.toml``, alternated so all see the same load; medians of
    wall-clock and CPU time and their ratios (CPU time is what a loaded machine disturbs
    least). With ``before`` (a checkout of an earlier commit), its code is timed the same
    way in the same run; its joint bets too unless ``joint_before`` is False (code from
    before the batch joint path took about 45 ms a hand for them)."""
    trees = {"this tree": None} if before is None else {"before": before, "this tree": None}
    for where in trees.values():  # bytecode compiled, as an installed package is
        package = Path(where or Path(__file__).resolve().parent.parent) / "baccarat_exact"
        compileall.compile_dir(package, quiet=1)
    times: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for _ in range(repeats):
        for tree, where in trees.items():
            for name in (
                ("main", "all", "joint") if where is None or joint_before else ("main", "all")
            ):
                args = [sys.executable, "-m", "baccarat_exact", "simulate"]
                args += ["--shoes", str(shoes), "-q", "--seed", "1"]
                if name == "all":
                    args += [f"--bet={bet}" for bet in SIDE_BET_NAMES]
                if name == "joint":
                    args += ["--bets-file", str(JOINT_BETS)]
                times.setdefault((tree, name), []).append(_run_timed(args, where))
    for tree in trees:
        main = [statistics.median(t) for t in zip(*times[tree, "main"])]
        every = [statistics.median(t) for t in zip(*times[tree, "all"])]
        print(
            f"simulate --shoes {shoes} ({tree}; whole process, median of {repeats}), main bets "
            f"vs + all {len(SIDE_BET_NAMES)} built-in side bets: wall {main[0]:.2f} s vs "
            f"{every[0]:.2f} s, ratio {every[0] / main[0]:.2f}; CPU {main[1]:.2f} s vs "
            f"{every[1]:.2f} s, ratio {every[1] / main[1]:.2f} (target <= 1.7)"
        )
        if (tree, "joint") not in times:
            continue
        joint = [statistics.median(t) for t in zip(*times[tree, "joint"])]
        print(
            f"  and + the 3 joint (pair x result) bets of {JOINT_BETS.name}: wall "
            f"{joint[0]:.2f} s, ratio {joint[0] / main[0]:.2f}; CPU {joint[1]:.2f} s, "
            f"ratio {joint[1] / main[1]:.2f} (target <= 2)"
        )
    print(f"load average: {os.getloadavg()[0]:.2f}")


def library(shoes: int, names: tuple[str, ...], jobs: int = 1) -> tuple[float, int]:
    rules = Rules()
    bets = (*main_bets(rules), *(find_bet(name, rules) for name in names))
    settings = SimulationSettings(shoes=shoes, seed=1, bets=bets)
    start = time.perf_counter()
    with one_blas_thread():  # as the command line runs it (the old simulate did it by itself)
        result = simulate(settings, jobs=jobs)
    return time.perf_counter() - start, result.hands


def main() -> None:
    print(machine())
    before = sys.argv[sys.argv.index("--before") + 1] if "--before" in sys.argv else None
    side_bet_ratio(before=before)
    if "--side-bets" in sys.argv:
        return
    keep_freed_memory()  # as the command line does (the old batch path did it by itself)
    for jobs in (1, 2):
        seconds, out = command(jobs)
        dealt = next(line for line in out.splitlines() if line.startswith("hands dealt"))
        print(
            f"simulate --shoes 1000 --decks 8, main bets + {', '.join(SIDE)} (7 bets), --jobs {jobs}: "
            f"{seconds:.2f} s whole process ({dealt.split()[-1]} hands priced exactly); target < {TARGET:.0f} s"
        )
    with one_blas_thread():
        simulate(SimulationSettings(shoes=5, seed=1))  # warm: tables loaded, columns compiled
    print("growth with shoes (7 bets as above, library call, one process):")
    for shoes in (250, 500, 1000, 2000, 4000):
        seconds, hands = library(shoes, SIDE)
        print(f"  {shoes:>5} shoes: {seconds:6.2f} s  ({hands / seconds:,.0f} hands/s)")
    seconds, hands = library(4000, SIDE, jobs=2)
    print(f"   4000 shoes, --jobs 2: {seconds:6.2f} s  ({hands / seconds:,.0f} hands/s)")
    print("growth with bets (1000 shoes, one process):")
    value_bets = (
        "dragon-7",
        "panda-8",
        "dragon-bonus-banker",
        "dragon-bonus-player",
        "big",
        "small",
        "egalite-0",
        "egalite-5",
        "super-6",
    )
    for extra in (0, 1, 3, 5, 9):
        seconds, _ = library(1000, value_bets[:extra])
        print(f"  {3 + extra:>2} value-based bets: {seconds:6.2f} s")
    for pairs in (("player-pair",), ("player-pair", "banker-pair", "perfect-pair")):
        seconds, _ = library(1000, pairs)
        print(f"  3 main + {len(pairs)} pair bet(s) ({', '.join(pairs)}): {seconds:6.2f} s")


if __name__ == "__main__":
    main()
