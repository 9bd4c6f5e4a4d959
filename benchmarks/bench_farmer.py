"""Blackjack against Eric Farmer's combinatorial analyzer, side by side in one run (issue 25).

Farmer's analyzer (C++, GPL, github.com/possibly-wrong/blackjack) is the reference most
blackjack analysts trust. Its source never enters this repository: fetch it yourself and
give its path::

    git clone https://github.com/possibly-wrong/blackjack /tmp/farmer-blackjack
    .venv/bin/python benchmarks/bench_farmer.py /tmp/farmer-blackjack [--runs 5] [--against DIR]
        [--option-values] [--grid [full]]

Without the path (or without a C++ compiler) the benchmark says so and skips. It builds, in
a scratch directory (``--build-dir`` to keep it between runs):

- Farmer's ``strategy`` program (src/strategy.cpp), driven on its standard input with the
  rules below and CDP1 split play (post-split strategy for the hand and both pair cards
  out: this package's split play) — whole process, as a user runs it;
- a ten-line driver (written here, not Farmer's) calling his library (``BJPlayer``) for the
  same value alone and printing it to 17 digits with its computing time: the precise EV to
  compare, and the computation without the program's start and output.

The rules: 6 decks, dealer stands on soft 17 and peeks, double any two cards, no double
after split, split once (no resplit), one card to split aces, blackjack pays 3:2 — here
``blackjack edge --decks 6 --no-triple-seven --hole-card --one-card-split-aces``.

Ours, each in a fresh interpreter: the optimal value alone (the library's state graph for
every up card, float and exact: this file run with ``--optimal float|exact``, the process
tuned as the command line tunes it: no OpenBLAS pool, freed memory kept; and the float one
again with glibc's allocator left as it is, ``float-untuned``), and the whole
``blackjack edge`` command (which also derives and values the basic strategy), float and
exact; and the start-up floor, three processes that compute nothing (the interpreter alone,
with numpy, with every module an ``--optimal`` child imports), to say how much of Farmer's
time is left for our computing once Python and numpy have started. Every case runs
``--runs`` times, interleaved (one run of each in turn), and reports the median CPU time
(user + system), the median wall time and the peak memory of each process (its maximum
resident set: GNU time's, else ``os.wait4``'s), and the ratio of CPU times to Farmer's
whole process; then where the optimal value's computing time goes, by
phase. Both EVs are printed with their difference. ``--option-values`` adds ``blackjack
edge --option-values`` (float and exact) beside the optimal values alone of the nine rule
sets it solves (the rules and each flip, one process, sharing what ``edge`` shares).
``--grid`` compares instead of timing: every EV of a grid of rule sets under each of
Farmer's three post-split strategies (CDZ-, CDP1, CDP) against ``--post-split``'s
(:mod:`benchmarks.farmer_grid`). ``--against DIR`` also runs our cases from another tree
(``git archive OLD baccarat_exact | tar -x -C DIR``, the compiled modules copied in),
interleaved with this one's: before and after in one run. Both trees' modules are byte-compiled first, so that no run pays for
compiling them.

The tools the parent uses (argparse, subprocess, tempfile, ...) are imported where they are
used, not at the top: a ``--optimal`` child then imports what the library imports and no more.
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

EDGE_ARGS = ("--decks", "6", "--no-triple-seven", "--hole-card", "--one-card-split-aces")
"""``blackjack edge`` options for Farmer's rules (S17, double any two and no DAS, split once
and no surrender are the casino's defaults)."""

FARMER_ANSWERS = ["6", "n", "y", "y", "n", "n", "n", "n", "y", "n", "1.5"]
"""strategy's prompts in order: decks; dealer hits soft 17; double any total; double soft;
double after hitting; double after split; resplit; CDZ- (no: CDP1 asked next); CDP1; late
surrender; blackjack pays."""

DRIVER = r"""// Written by bench_farmer.py (baccarat-exact), not part of Farmer's source: his library's
// optimal EV for the benchmark's rules, to 17 digits, and its computing CPU time.
#include "blackjack.h"
#include <cstdio>
#include <ctime>
int main() {
    std::clock_t start = std::clock();
    BJShoe shoe(6);
    BJRules rules(false, true, true, true, false, false, false, false, false, 1.5);
    BJStrategy strategy(false, true);  // CDP1
    BJProgress progress;
    BJPlayer *player = new BJPlayer(shoe, rules, strategy, progress);  // large: on the heap
    double ev = player->getValue();
    std::printf("%.17g %.6f\n", ev, double(std::clock() - start) / CLOCKS_PER_SEC);
    delete player;
    return 0;
}
"""


CHILD_MODES = ("float", "exact", "float-untuned", "exact-untuned")
"""An ``--optimal`` child's arithmetic, and ``-untuned``: glibc's allocator left as it is
(the command line keeps freed memory: :func:`_library`)."""

PHASES = (
    ("dealer tables", "the dealer's multisets per up card (built once)"),
    ("hand shapes", "every player hand and its successors (built once)"),
    ("dealer outcomes", "the dealer after each removal (7,305 for six decks), stand margins"),
    ("links", "each state's next cards and their weights"),
    ("graph, other", "bust, double, surrender and terminal values"),
    ("optimal sweep", "the sweep, most cards first, and the opening hands' total"),
    ("other", "solvers, up cards, the sum"),
)
"""Where the optimal value's computing time goes (``--optimal`` children report them)."""


def _library(tuned: bool = True) -> Any:
    """The modules an ``--optimal`` child uses (an ``--imports`` child stops here: the start-up
    floor). Like the command line, it first asks OpenBLAS for no thread pool (the pool's start
    costs about 60 ms of CPU, and nothing here multiplies matrices) and, ``tuned``, keeps
    freed memory on the heap (``tuning.keep_freed_memory``, which the command line calls
    before every command that computes; a tree without it is left as it is)."""
    import types

    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # tuning.no_blas_thread_pool's, in any tree
    from baccarat_exact import tuning
    from baccarat_exact.blackjack import edge, graph, rules, solver
    from baccarat_exact.model import shoe

    if tuned and hasattr(tuning, "keep_freed_memory"):
        tuning.keep_freed_memory()

    return types.SimpleNamespace(edge=edge, graph=graph, rules=rules, solver=solver, shoe=shoe)


def optimal_alone(exact: bool, flips: bool = False, tuned: bool = True) -> None:
    """Child mode: the composition-dependent optimal EV for the rules, from the library's
    state graph alone (no basic strategy), printed with its computing CPU time, then that
    time by phase (:data:`PHASES`, measured by wrapping the library's functions). With
    ``flips``: the optimal EV of the rules and of each rule set ``--option-values`` flips to,
    the dealer distributions and derived arrays shared as ``edge`` shares them (the EV
    printed is the rules' own). ``tuned``: the allocator tuned as the command line tunes it
    (:func:`_library`), else glibc's defaults."""
    from fractions import Fraction

    library = _library(tuned)
    graph_module, solver_module = library.graph, library.solver
    solvers, StateGraph = library.edge.solvers, library.graph.StateGraph
    BlackjackRules, option_flips = library.rules.BlackjackRules, library.rules.option_flips
    Shoe = library.shoe.Shoe

    spent = dict.fromkeys((name for name, _ in PHASES), 0.0)

    def timed(module: object, attribute: str, phase: str) -> None:
        work = getattr(module, attribute)

        def wrapper(*args: object, **kwargs: object) -> object:
            begin = time.process_time()
            try:
                return work(*args, **kwargs)
            finally:
                spent[phase] += time.process_time() - begin

        setattr(module, attribute, wrapper)

    timed(solver_module, "dealer_table", "dealer tables")
    timed(solver_module, "restricted_table", "dealer tables")
    timed(graph_module, "graph_shape", "hand shapes")
    # the margins and links moved out of graph.py (graph_ends, graph_links); an older tree
    # (--against) has them there
    ends_module = sys.modules.get("baccarat_exact.blackjack.graph_ends", graph_module)
    timed(ends_module, "_dealer_margins", "dealer outcomes")
    timed(graph_module, "links_of" if hasattr(graph_module, "links_of") else "_links", "links")
    start = time.process_time()
    rules = BlackjackRules(decks=6, hole_card=True, hit_split_aces=False, triple_seven=False)
    building = sweeping = 0.0
    every = [rules, *(flip.rules for flip in option_flips(rules))] if flips else [rules]
    caches: dict[Any, Any] = {}
    derived: dict[Any, Any] | None = {} if flips else None
    totals: list[Fraction | float] = []
    for chosen in every:
        total: Fraction | float = Fraction(0) if exact else 0.0
        found = solvers(Shoe.from_decks(6), chosen, exact=exact, caches=caches, derived=derived)
        found.reverse()
        while found:  # each solver let go once valued, as ``edge`` does
            probability, solver = found.pop()
            begin = time.process_time()
            graph = StateGraph(solver)
            middle = time.process_time()
            # the array's total where the tree has it (no list of every state's value)
            numerator = (
                graph.optimal_total()
                if hasattr(graph, "optimal_total")
                else graph.opening_total(graph.optimal_values())
            )
            building += middle - begin
            sweeping += time.process_time() - middle
            if exact:
                whole = solver.deal_total_int() * int(solver.unit(2)) * int(solver.scale)
                total += probability * Fraction(int(numerator), whole)
            else:
                total += float(probability) * float(numerator)
            del graph, solver  # gone before the next up card's graph is built, as in edge
        totals.append(total)
    total = totals[0]
    seconds = time.process_time() - start
    inside = spent["hand shapes"] + spent["dealer outcomes"] + spent["links"]
    spent["graph, other"] = building - inside
    spent["optimal sweep"] = sweeping
    spent["other"] = seconds - building - sweeping - spent["dealer tables"]
    print(f"{float(total)!r} {seconds:.6f} {total}")
    print(" ".join(f"{seconds:.6f}" for seconds in spent.values()))


FLOOR = {
    "python, nothing": "the interpreter's start and exit",
    "python, import numpy": "and numpy (one OpenBLAS thread, as ours asks)",
    "python, the library's imports": "what an --optimal child imports, numpy among them",
}
"""The processes that measure the start-up floor: what ours pays before computing."""


@dataclass
class Case:
    """One process to time: its command, what it reads on stdin, and its runs."""

    name: str
    command: list[str]
    stdin: str = ""
    env: dict[str, str] | None = None
    """The environment (another tree on PYTHONPATH), else this one's."""
    cwd: Path = ROOT
    """Where it runs (another tree's root: ``python -c`` imports from there first)."""
    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    peak_mib: float = 0.0
    phases: list[list[float]] = field(default_factory=list)
    """CPU seconds of each of :data:`PHASES`, per run (``--optimal`` children)."""
    computing: list[float] = field(default_factory=list)
    """CPU seconds of the computation alone, where the process reports it."""
    output: str = ""

    def run(self, gnu_time: str | None) -> None:
        """One run: CPU (user + system) from ``os.wait4``, the peak memory from GNU time's
        ``%M`` where there is one (a process forked from this interpreter starts its count
        at this interpreter's size; time's own child does not), else from ``os.wait4``."""
        import subprocess
        import tempfile

        with tempfile.TemporaryDirectory() as scratch:
            memory = Path(scratch) / "memory"
            command = self.command
            if gnu_time:
                command = [gnu_time, "-f", "%M", "-o", str(memory), *command]
            with (Path(scratch) / "out").open("w+b") as out:
                start = time.perf_counter()
                process = subprocess.Popen(
                    command,
                    stdin=subprocess.PIPE,
                    stdout=out,
                    stderr=subprocess.DEVNULL,
                    cwd=self.cwd,
                    env=self.env,
                )
                assert process.stdin is not None
                process.stdin.write(self.stdin.encode())
                process.stdin.close()
                _, status, usage = os.wait4(process.pid, 0)
                self.wall.append(time.perf_counter() - start)
                process.returncode = os.waitstatus_to_exitcode(status)
                if process.returncode:
                    raise SystemExit(f"{self.name}: exit code {process.returncode}")
                out.seek(0)
                self.output = out.read().decode(errors="replace")
            kib = int(memory.read_text().split()[-1]) if gnu_time else usage.ru_maxrss
        self.cpu.append(usage.ru_utime + usage.ru_stime)  # the command's too: time waits for it
        self.peak_mib = max(self.peak_mib, kib / 1024)  # KiB on Linux


def gnu_time() -> str | None:
    """GNU time (``-f``, ``-o``), if installed."""
    import shutil
    import subprocess

    found = shutil.which("time") or ("/usr/bin/time" if Path("/usr/bin/time").exists() else None)
    if found is None:
        return None
    probe = subprocess.run([found, "-f", "%M", "true"], capture_output=True, text=True, check=False)
    return found if probe.returncode == 0 and probe.stderr.strip().isdigit() else None


def compiler() -> str | None:
    """A C++ compiler on the PATH, if any."""
    import shutil

    for name in ("c++", "g++", "clang++"):
        found = shutil.which(name)
        if found:
            return found
    return None


def build(source: Path, build_dir: Path, cxx: str) -> tuple[Path, Path]:
    """Farmer's strategy program and the driver, built once per source (kept in
    ``build_dir`` by a hash of the sources); the objects compile side by side."""
    import hashlib
    import subprocess

    src = source / "src"
    files = sorted(src.rglob("*.[ch]*"))
    digest = hashlib.sha256(DRIVER.encode())
    for path in files:
        digest.update(path.read_bytes())
    out = build_dir / digest.hexdigest()[:16]
    strategy, driver = out / "strategy", out / "driver"
    if strategy.exists() and driver.exists():
        return strategy, driver
    out.mkdir(parents=True, exist_ok=True)
    (out / "driver.cpp").write_text(DRIVER)
    flags = ["-O2", "-std=c++11", f"-I{src}", f"-I{src / 'pdf'}"]
    units = {
        "blackjack": src / "blackjack.cpp",
        "strategy_main": src / "strategy.cpp",
        "pdf": src / "pdf" / "blackjack_pdf.cpp",
        "indices": src / "indices.cpp",
        "driver_main": out / "driver.cpp",
    }
    print(f"building Farmer's analyzer with {cxx} in {out} (a minute or two) ...", flush=True)
    jobs = [
        (name, subprocess.Popen([cxx, *flags, "-c", str(path), "-o", str(out / f"{name}.o")]))
        for name, path in units.items()
    ]
    for name, job in jobs:
        if job.wait():
            raise SystemExit(f"building {name} failed")
    link = {
        strategy: ["strategy_main", "blackjack", "pdf", "indices"],
        driver: ["driver_main", "blackjack"],
    }
    for binary, objects in link.items():
        subprocess.run(
            [cxx, *[str(out / f"{o}.o") for o in objects], "-o", str(binary)], check=True
        )
    return strategy, driver


def compiled(trees: list[Path]) -> None:
    """Each tree's modules byte-compiled before any run: a tree fresh from ``git archive``
    (or any, under ``PYTHONDONTWRITEBYTECODE``) would otherwise compile every module it
    imports in every run, and its start-up would count that."""
    import compileall

    for tree in trees:
        compileall.compile_dir(str(tree / "baccarat_exact"), quiet=1)


def our_command() -> list[str]:
    """The package's console script next to this interpreter (else ``python -c``)."""
    script = Path(sys.executable).parent / "baccarat-exact"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from baccarat_exact.cli import main; main()"]


def farmer_total(report: Path) -> float:
    """The overall EV in Farmer's saved table ("Total | -0.578793657", in percent)."""
    for line in report.read_text().splitlines():
        if line.strip().startswith("Total |"):
            return float(line.split("|")[1].split()[0]) / 100
    raise SystemExit(f"no Total line in {report}")


def main() -> None:
    import argparse
    import statistics
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", nargs="?", help="Farmer's source (a checkout of his repository)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each case (default 5)")
    parser.add_argument("--build-dir", help="keep the build here (default: a scratch directory)")
    parser.add_argument(
        "--against",
        metavar="DIR",
        help="also time our cases in another tree (e.g. `git archive OLD | tar -x -C DIR`), "
        "interleaved with this one's",
    )
    parser.add_argument(
        "--option-values",
        action="store_true",
        help="also time `blackjack edge --option-values` against the optimal values alone of "
        "the nine rule sets it solves",
    )
    parser.add_argument(
        "--grid",
        nargs="?",
        const="default",
        choices=("default", "full"),
        help="instead of timing: every EV of a grid of rule sets x CDZ-, CDP1, CDP against "
        "Farmer's strategy program (benchmarks/farmer_grid.py; 'full': every combination)",
    )
    parser.add_argument("--optimal", choices=CHILD_MODES, help=argparse.SUPPRESS)
    parser.add_argument("--optimal-flips", choices=("float", "exact"), help=argparse.SUPPRESS)
    parser.add_argument("--imports", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.imports:
        _library()
        return
    if args.optimal or args.optimal_flips:
        mode = args.optimal or args.optimal_flips
        optimal_alone(mode.startswith("exact"), bool(args.optimal_flips), "untuned" not in mode)
        return
    source = Path(args.source) if args.source else None
    if source is None or not (source / "src" / "blackjack.cpp").exists():
        print(
            "bench_farmer: skipped: give the path of Farmer's source (a checkout of "
            "github.com/possibly-wrong/blackjack, with src/blackjack.cpp)"
        )
        return
    cxx = compiler()
    if cxx is None:
        print("bench_farmer: skipped: no C++ compiler (c++, g++ or clang++) on the PATH")
        return
    if not hasattr(os, "wait4"):
        print("bench_farmer: skipped: needs os.wait4 (a Unix) for per-process time and memory")
        return
    sys.path.insert(0, str(ROOT))
    from benchmarks._machine import machine

    if args.grid:
        from benchmarks import farmer_grid

        with tempfile.TemporaryDirectory() as scratch:
            strategy, _ = build(source, Path(args.build_dir or scratch), cxx)
            print(f"machine: {machine()}")
            grid = farmer_grid.GRID if args.grid == "default" else farmer_grid.full_grid()
            if farmer_grid.run_grid(strategy, grid):
                raise SystemExit("some EVs disagree")
        return

    with tempfile.TemporaryDirectory() as scratch:
        build_dir = Path(args.build_dir) if args.build_dir else Path(scratch)
        strategy, driver = build(source, build_dir, cxx)
        report = Path(scratch) / "farmer-strategy.txt"
        ours = our_command()
        me = [sys.executable, str(Path(__file__).resolve())]
        one_thread = {"OPENBLAS_NUM_THREADS": "1", **os.environ}
        cases = [
            Case(
                "Farmer strategy, whole",
                [str(strategy)],
                "\n".join([*FARMER_ANSWERS, str(report), "0 0", ""]),
            ),
            Case("Farmer library, optimal", [str(driver)]),
            Case("python, nothing", [sys.executable, "-c", "pass"]),
            Case("python, import numpy", [sys.executable, "-c", "import numpy"], env=one_thread),
            Case("python, the library's imports", [*me, "--imports"]),
            Case("ours optimal alone, float", [*me, "--optimal", "float"]),
            Case("ours optimal alone, exact", [*me, "--optimal", "exact"]),
            Case("ours optimal, float, glibc defaults", [*me, "--optimal", "float-untuned"]),
            Case(
                "ours blackjack edge --float", [*ours, "blackjack", "edge", *EDGE_ARGS, "--float"]
            ),
            Case("ours blackjack edge (exact)", [*ours, "blackjack", "edge", *EDGE_ARGS]),
        ]
        if args.option_values:
            cases += [
                Case("ours optimal, 9 rule sets, float", [*me, "--optimal-flips", "float"]),
                Case("ours optimal, 9 rule sets, exact", [*me, "--optimal-flips", "exact"]),
                Case(
                    "ours edge --option-values --float",
                    [*ours, "blackjack", "edge", *EDGE_ARGS, "--option-values", "--float"],
                ),
                Case(
                    "ours edge --option-values",
                    [*ours, "blackjack", "edge", *EDGE_ARGS, "--option-values"],
                ),
            ]
        timer = gnu_time()
        compiled([ROOT, *([Path(args.against).resolve()] if args.against else [])])
        if args.against:
            tree = Path(args.against).resolve()
            other = {**os.environ, "PYTHONPATH": str(tree)}
            cli = [sys.executable, "-c", "from baccarat_exact.cli import main; main()"]
            cases += [
                # the old tree's commands left the allocator as it is: so do its children
                Case(
                    "before: optimal alone, float",
                    [*me, "--optimal", "float-untuned"],
                    env=other,
                    cwd=tree,
                ),
                Case(
                    "before: optimal alone, exact",
                    [*me, "--optimal", "exact-untuned"],
                    env=other,
                    cwd=tree,
                ),
                Case(
                    "before: edge --float",
                    [*cli, "blackjack", "edge", *EDGE_ARGS, "--float"],
                    env=other,
                    cwd=tree,
                ),
                Case(
                    "before: edge (exact)",
                    [*cli, "blackjack", "edge", *EDGE_ARGS],
                    env=other,
                    cwd=tree,
                ),
            ]
            if args.option_values:
                cases += [
                    Case(
                        "before: edge --option-values --float",
                        [*cli, "blackjack", "edge", *EDGE_ARGS, "--option-values", "--float"],
                        env=other,
                        cwd=tree,
                    ),
                    Case(
                        "before: edge --option-values",
                        [*cli, "blackjack", "edge", *EDGE_ARGS, "--option-values"],
                        env=other,
                        cwd=tree,
                    ),
                ]
        for _ in range(args.runs):
            for case in cases:
                case.run(timer)
                if (
                    "--optimal" in case.command
                    or "--optimal-flips" in case.command
                    or case.name.startswith("Farmer library")
                ):
                    case.computing.append(float(case.output.split()[1]))
                if "--optimal" in case.command:
                    case.phases.append([float(x) for x in case.output.splitlines()[1].split()])
        farmer_report = farmer_total(report)
    print(f"machine: {machine()}")
    print(f"median of {args.runs} interleaved runs; each a fresh process")
    if timer is None:
        print("no GNU time: peak memory counts from this interpreter's size (too high)")
    print()
    base = statistics.median(cases[0].cpu)
    head = f"{'':36} {'CPU s':>7} {'wall s':>7} {'compute':>8} {'peak MiB':>9} {'CPU x':>6}"
    print(head)
    print("-" * len(head))
    for case in cases:
        cpu = statistics.median(case.cpu)
        computing = f"{statistics.median(case.computing):8.3f}" if case.computing else " " * 8
        print(
            f"{case.name:36} {cpu:7.3f} {statistics.median(case.wall):7.3f} {computing} "
            f"{case.peak_mib:9.1f} {cpu / base:6.2f}"
        )
    print()
    print("CPU x: CPU time over Farmer's whole process; compute: CPU of the computation alone,")
    print("as the process measures it (no start-up, no output)")
    print()
    print("The optimal value alone by phase (CPU s, median; in the process, cold):")
    optimal_cases = [case for case in cases if "--optimal" in case.command]
    print(
        f"{'':16}"
        + "".join(f"{case.name.replace('optimal alone, ', ''):>15}"[-15:] for case in optimal_cases)
    )
    for at, (phase, _) in enumerate(PHASES):
        cells = "".join(
            f"{statistics.median(row[at] for row in case.phases):15.3f}" for case in optimal_cases
        )
        print(f"{phase:16}{cells}")
    for phase, meaning in PHASES:
        print(f"  {phase}: {meaning}")
    if args.option_values:
        named = {case.name: statistics.median(case.cpu) for case in cases}
        print()
        print("--option-values (the rules and 8 flips: nine rule sets), CPU time of the process:")
        for arithmetic, flag in (("float", " --float"), ("exact", "")):
            options = named[f"ours edge --option-values{flag}"]
            nine = named[f"ours optimal, 9 rule sets, {arithmetic}"]
            one = named[f"ours optimal alone, {arithmetic}"]
            print(
                f"  {arithmetic}: {options:.3f} s; {options / nine:.2f}x the nine rule sets' "
                f"optimal values alone ({nine:.3f} s), {options / one:.2f}x one rule set's "
                f"({one:.3f} s)"
            )
    by_name = {case.name: case for case in cases}
    floor = {name: statistics.median(by_name[name].cpu) for name in FLOOR}
    farmer_computing = statistics.median(by_name["Farmer library, optimal"].computing)
    print()
    print("The start-up floor (CPU s of whole processes that compute nothing):")
    for name, meaning in FLOOR.items():
        print(f"  {name:31} {floor[name]:.3f}  {meaning}")
    left = base - floor["python, the library's imports"]
    print(f"  Farmer's whole process ({base:.3f} s) leaves {left:.3f} s for our computing")
    print(f"  after these imports; his own computing takes {farmer_computing:.3f} s")
    print()
    print("Against issue 38's targets, the minimum of the runs (each case's fastest: the")
    print("machine's load only ever adds):")
    least = min(by_name["Farmer library, optimal"].computing)
    whole = min(cases[0].cpu)
    for label, name, use, target in (
        ("float optimal value, computing", "ours optimal alone, float", "computing", 1.0),
        ("exact optimal value, computing", "ours optimal alone, exact", "computing", 3.0),
        ("float optimal value, whole process", "ours optimal alone, float", "cpu", 1.6),
        (
            "float, computing, glibc's defaults",
            "ours optimal, float, glibc defaults",
            "computing",
            1.0,
        ),
    ):
        mine = min(getattr(by_name[name], use))
        base_seconds = least if use == "computing" else whole
        ratio = mine / base_seconds
        verdict = "met" if ratio <= target else "NOT met"
        print(
            f"  {label:35} {mine:.3f} s / Farmer's {base_seconds:.3f} s = {ratio:.2f}x "
            f"(target <= {target:.1f}x: {verdict})"
        )
    numpy_floor = min(by_name["python, import numpy"].cpu)
    mine = min(by_name["ours optimal alone, float"].cpu)
    print(
        f"  the whole float process is {mine - numpy_floor:.3f} s above numpy's import alone "
        f"({numpy_floor:.3f} s: the floor), {mine / numpy_floor:.2f}x it; Farmer's whole "
        f"process is {whole / numpy_floor:.2f}x it"
    )
    farmer_ev = float(by_name["Farmer library, optimal"].output.split()[0])
    float_ev = float(by_name["ours optimal alone, float"].output.split()[0])
    exact_ev = by_name["ours optimal alone, exact"].output.split()[2]
    exact_float = float(by_name["ours optimal alone, exact"].output.split()[0])
    print()
    print(f"Farmer EV (library, 17 digits)   {farmer_ev!r}")
    print(f"Farmer EV (strategy's table)     {farmer_report!r}  (9 decimals of a percent)")
    print(f"ours float                       {float_ev!r}  difference {float_ev - farmer_ev:+.1e}")
    print(
        f"ours exact                       {exact_float!r}  difference {exact_float - farmer_ev:+.1e}"
    )
    print(f"ours exact, as a fraction        {exact_ev[:60]}{'...' if len(exact_ev) > 60 else ''}")
    if abs(exact_float - farmer_ev) > 1e-12 or abs(farmer_report - exact_float) > 1e-11:
        raise SystemExit("the EVs disagree")


if __name__ == "__main__":
    if sys.argv[1:2] in (["--optimal"], ["--optimal-flips"]) and sys.argv[2:] in [
        [mode] for mode in CHILD_MODES
    ]:  # a child: no argparse either
        optimal_alone(
            sys.argv[2].startswith("exact"),
            sys.argv[1] == "--optimal-flips",
            "untuned" not in sys.argv[2],
        )
    elif sys.argv[1:] == ["--imports"]:
        _library()
    else:
        main()
