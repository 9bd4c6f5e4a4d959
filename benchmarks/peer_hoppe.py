"""Hugues Hoppe's numba blackjack simulator beside ``blackjack counting``'s kernel, one core,
one run (issue 41, item 1).

Hoppe's simulator (github.com/hhoppe/blackjack, ``blackjack.py``, the notebook as a script;
MIT) is the fastest public one: his notebook reports 11-12 million hands a second on one
core of a Ryzen 9 5900X ("numba: 11,013,970 hands/s", cell ``test_simulation_timings``).
Its source never enters this repository: fetch it yourself and give its path::

    git clone https://github.com/hhoppe/blackjack /tmp/hoppe-blackjack
    python -m venv /tmp/hoppe-venv
    /tmp/hoppe-venv/bin/pip install numba hhoppe-tools matplotlib more-itertools tqdm
    .venv/bin/python benchmarks/peer_hoppe.py /tmp/hoppe-blackjack --python /tmp/hoppe-venv/bin/python

His simulator needs numba and the notebook's imports (hhoppe-tools, matplotlib,
more-itertools, tqdm): it runs in a child process of ``--python`` (default: this
interpreter), so they never enter the project's environment. Without the path or without
them it says so and skips.

The notebook runs its experiments at import, so this loads only its definitions: the
top-level imports, classes, functions and assignments (and ``if`` blocks of nothing else) up
to ``monte_carlo_house_edge_cpu``
(``EFFORT=0``: his quickest tables). Then, on the same rules — 6 decks, S17, peek (a dealer
blackjack takes the original stake), double any two and after split, split once, one card to
split aces, no surrender, 3:2, cut card 78 cards from the end (75 % penetration) — it times
his ``monte_carlo_house_edge_cpu(..., parallel=False)`` (one process; his shuffles included,
after a first run that compiles and makes his tables) and this package's ``count_shoes``
with the compiled kernel, flat with basic strategy and with Hi-Lo and a 1-12 ramp (the
shuffle and the per-shoe sums included, after a first short run). CPU time of this process
(numba's threads off: ``NUMBA_NUM_THREADS=1``). His strategy is his basic strategy (by
total), ours the chart derived for the full shoe; both deal rounds to the cut card.
"""

from __future__ import annotations

import argparse
import ast
import os
import sys
import time
import types
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout first

LAST = "monte_carlo_house_edge_cpu"
"""The last top-level definition of Hoppe's file that is loaded."""


def load_hoppe(checkout: Path) -> types.ModuleType:
    """Hoppe's definitions from ``checkout/blackjack.py``, without running his experiments."""
    path = checkout / "blackjack.py"
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, str(path))
    kinds = (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.ClassDef, ast.Assign, ast.AnnAssign)

    def defines(node: ast.stmt) -> bool:
        """A definition, or an ``if`` choosing between definitions (no experiment)."""
        if isinstance(node, ast.If):
            return all(defines(inner) for inner in (*node.body, *node.orelse))
        return isinstance(node, kinds)

    kept: list[ast.stmt] = []
    for node in tree.body:
        if defines(node):
            kept.append(node)
        if isinstance(node, ast.FunctionDef) and node.name == LAST:
            break
    else:
        raise ImportError(f"{path} defines no {LAST}")
    module = types.ModuleType("hoppe_blackjack")
    module.__file__ = str(path)
    sys.modules[module.__name__] = module  # numba and dataclasses look modules up
    sys.path.insert(0, str(checkout))  # his random32.py
    code = compile(ast.Module(body=kept, type_ignores=[]), str(path), "exec")
    exec(code, module.__dict__)  # the user's own checkout, given on purpose
    return module


def hoppe_rate(hoppe: Any, hands: int) -> tuple[float, float]:
    """(hands a second, house edge) of Hoppe's one-process simulation on the rules above."""
    rules = hoppe.Rules(
        num_decks=6,
        hit_soft17=False,
        obo=True,
        late_surrender=False,
        double_after_split=True,
        split_to_num_hands=2,
        hit_split_aces=False,
    )
    strategy = hoppe.Strategy()
    run = hoppe.monte_carlo_house_edge_cpu
    run(rules, strategy, hands // 20, parallel=False, quiet=True)  # compile, make his tables
    start = time.process_time()
    edge, played, _ = run(rules, strategy, hands, parallel=False, quiet=True)
    return played / (time.process_time() - start), float(edge)


def our_rates(shoes: int) -> list[tuple[str, float, float]]:
    """(case, rounds a second, win per round) of count_shoes with the kernel on the rules."""
    from baccarat_exact.analysis.blackjack.counting import CountingSettings, count_shoes
    from baccarat_exact.analysis.ramps import parse_ramp
    from baccarat_exact.blackjack.edge import basic_strategy
    from baccarat_exact.blackjack.rules import BlackjackRules
    from baccarat_exact.model.shoe import Shoe

    rules = BlackjackRules(
        hole_card=True, double_after_split=True, hit_split_aces=False, triple_seven=False
    )
    shoe = Shoe.from_decks(6)
    strategy, _ = basic_strategy(shoe, rules, exact=False)
    hi_lo = (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1, -1, -1, -1)
    found = []
    for label, ramps in (
        ("flat, basic strategy", ()),
        ("Hi-Lo, ramp 1:2,2:4,3:8,4:12", (parse_ramp("1:2,2:4,3:8,4:12"),)),
    ):

        def settings(n: int, ramps: tuple[Any, ...] = ramps) -> CountingSettings:
            return CountingSettings(
                rules=rules, shoe=shoe, strategy=strategy, tags=hi_lo, shoes=n, seed=1, ramps=ramps
            )

        count_shoes(settings(20))
        start = time.process_time()
        result = count_shoes(settings(shoes))
        seconds = time.process_time() - start
        flat = result.strategies[0].won_per_100.value / 100
        found.append((label, result.rounds / seconds, flat))
    return found


def hoppe_child(checkout: Path, hands: int) -> None:
    """In the child process: load and time Hoppe's simulator, print one line."""
    try:
        import numba  # noqa: F401

        hoppe = load_hoppe(checkout)
    except ImportError as error:
        print(f"skipped Hoppe: {error} (give --python an interpreter with numba and his imports)")
        return
    rate, edge = hoppe_rate(hoppe, hands)
    print(f"Hoppe's numba simulator, one process: {rate:,.0f} hands/s CPU (house edge {edge:.4%})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkout", nargs="?", type=Path, help="a clone of hhoppe/blackjack")
    parser.add_argument("--python", default=sys.executable, help="an interpreter with numba")
    parser.add_argument("--hands", type=int, default=20_000_000, help="Hoppe's hands")
    parser.add_argument("--shoes", type=int, default=400_000, help="our shoes")
    parser.add_argument("--hoppe-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.hoppe_child:
        hoppe_child(args.checkout, args.hands)
        return
    from benchmarks._machine import machine

    print(f"machine: {machine()}")
    from baccarat_exact.blackjack.counting_kernel import compiled

    if compiled() is None:
        print("skipped: the compiled counting kernel is not built")
        return
    for label, rate, won in our_rates(args.shoes):
        print(f"baccarat-exact kernel, {label}: {rate:,.0f} rounds/s CPU (flat win {won:+.4%})")
    if args.checkout is None or not (args.checkout / "blackjack.py").is_file():
        print("skipped Hoppe: give the path of a clone of github.com/hhoppe/blackjack")
        return
    import subprocess

    environment = {**os.environ, "NUMBA_NUM_THREADS": "1", "EFFORT": "0", "MPLBACKEND": "Agg"}
    command = [args.python, __file__, str(args.checkout), "--hoppe-child"]
    child = subprocess.run(
        [*command, "--hands", str(args.hands)],
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    lines = child.stdout.strip().splitlines()
    print(lines[-1] if lines else f"skipped Hoppe: his run failed ({child.stderr.strip()[-300:]})")


if __name__ == "__main__":
    main()
