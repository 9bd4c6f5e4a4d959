"""Ctrl-C pressed 20 times during every ``--jobs`` command (and ``check``, which recomputes
a simulation on workers): how many presses stopped it cleanly, and the slowest stop.

``tests/test_hardening.py`` presses once per command in every ``make test`` (each press
lands at another point of the work, and the property holds per press); this script
repeats it as issue 39 asks, which takes minutes: ``python benchmarks/interrupt_jobs.py
[--presses N]``. Clean means: exit 130 (or killed by the SIGINT once ``Interrupted.`` is
out), ``Interrupted.`` last on stderr, no traceback, no worker left, stopped within 5 s.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._machine import machine
from tests.test_hardening import _interrupted, interruptible_commands, unclean_stop


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--presses", type=int, default=20, help="presses per command")
    presses = parser.parse_args().presses
    print(machine())
    with tempfile.TemporaryDirectory() as scratch:
        commands = interruptible_commands(Path(scratch))
        clean = {command: 0 for command in commands}
        slowest = {command: 0.0 for command in commands}
        for _ in range(presses):
            for command, outcome in zip(commands, _interrupted(commands), strict=True):
                clean[command] += not unclean_stop(*outcome)
                slowest[command] = max(slowest[command], outcome[1])
    print(f"{'command':<28} {'clean':>7} {'slowest stop':>13}")
    for command in commands:
        name = " ".join(command[:2]) if command[0] == "blackjack" else command[0]
        print(f"{name:<28} {clean[command]:>4}/{presses} {slowest[command]:>11.2f} s")


if __name__ == "__main__":
    main()
