"""The optimal split (``--post-split optimal``) against Eric Farmer's ``blackjack_split``.

Farmer's program (src/pdf/blackjack_split.cpp of github.com/possibly-wrong/blackjack, GPL)
values a pair split with every move the best for the round given every card seen — the
definition :mod:`baccarat_exact.blackjack.optimal_split` follows. Its source never enters
this repository: build it yourself, outside the tree, and give the program's path::

    git clone https://github.com/possibly-wrong/blackjack /tmp/farmer-blackjack
    g++ -O2 -o /tmp/blackjack_split /tmp/farmer-blackjack/src/pdf/blackjack_split.cpp
    .venv/bin/python -m benchmarks.farmer_split /tmp/blackjack_split [--decks 1 2] [--exact]

Without the path (or with a path that is not a program) it says so and exits 0.

His rules are fixed where ours are options: split aces take one card and never double,
no surrender, no Triple Seven; a hole card with a blackjack taking the original stake only
("ENHC" off: his value subtracts the chance of a dealer blackjack, ours is joint with none
and the peek's loss is added here), or no hole card with a blackjack taking every stake
("ENHC" on). He prints 17 significant digits in double precision; the two agree when
they differ by less than 1e-14.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from baccarat_exact.blackjack.optimal_split import optimal_split_value
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.blackjack.solver import UpCardSolver

TOLERANCE = 1e-14
"""Largest difference taken as agreement (his doubles against our exact value)."""


@dataclass(frozen=True, slots=True)
class Case:
    """One split Farmer's program values: the shoe, the pair, the up card, the rules."""

    decks: int
    pair: int
    """Card value 1 (ace) … 10."""
    up: int
    enhc: bool
    """No hole card (a dealer blackjack takes every stake), else a peek."""
    h17: bool = False
    das: bool = True
    splits: int = 1
    """Farmer's SPL: the most splits (1: two hands)."""

    def rules(self) -> BlackjackRules:
        """The same game as our rules."""
        return BlackjackRules(
            decks=self.decks,
            hole_card=not self.enhc,
            dealer_blackjack_takes="all",
            dealer_hits_soft_17=self.h17,
            double_after_split=self.das,
            split_hands=self.splits + 1,
            hit_split_aces=False,
            triple_seven=False,
            post_split="optimal",
        )

    def farmer_input(self) -> str:
        """His program's standard input for this case (then ``-1``: exit)."""
        shoe = " ".join(str(4 * self.decks * (4 if v == 10 else 1)) for v in range(1, 11))
        rsa = "0\n0\n" if self.splits > 1 else ""
        das = f"{int(self.das)}\n1\n" if self.das else "0\n"
        return (
            f"25\n{int(self.enhc)}\n{int(self.h17)}\n{das}{self.splits}\n{rsa}"
            f"{shoe}\n{self.pair}\n{self.up}\n0\n0\n-1\n"
        )


CASES = tuple(
    Case(decks, pair, up, enhc)
    for decks in (1, 2)
    for pair, up, enhc in ((8, 6, False), (8, 10, False), (8, 10, True), (1, 6, False))
)
"""The splits compared: 8 8 and A A against a 6 and a ten, peek and no hole card."""


def ours(case: Case, exact: bool) -> float:
    """Our optimal split of ``case`` as Farmer counts it: with a peek, less the original
    stake lost to a dealer blackjack (his value includes that chance)."""
    counts = [4 * case.decks * (4 if v == 10 else 1) for v in range(1, 11)]
    counts[case.up - 1] -= 1
    solver = UpCardSolver(tuple(counts), case.up - 1, case.rules(), exact=exact)
    value = optimal_split_value(solver, case.pair - 1)
    if not case.enhc and case.up in (1, 10):
        counts[case.pair - 1] -= 2
        blackjacks = counts[9 if case.up == 1 else 0]
        value = value - Fraction(blackjacks, sum(counts))
    return float(value)


def farmer(program: Path, case: Case) -> float:
    """Farmer's value of ``case`` (his program's standard output)."""
    done = subprocess.run(
        [str(program)], input=case.farmer_input(), capture_output=True, text=True, check=True
    )
    return float(done.stdout.split()[0])


def main(argv: list[str] | None = None) -> int:
    """Compare every case (``--decks`` keeps some), one line each; exit 1 on a difference."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("program", nargs="?", type=Path, help="Farmer's blackjack_split build")
    parser.add_argument("--decks", type=int, nargs="*", default=[1, 2])
    parser.add_argument("--exact", action="store_true", help="ours in exact arithmetic")
    args = parser.parse_args(argv)
    if args.program is None or not args.program.is_file():
        print("farmer_split: no blackjack_split program given (see the docstring): skipped")
        return 0
    failed = 0
    for case in CASES:
        if case.decks not in args.decks:
            continue
        start = time.process_time()
        mine = ours(case, args.exact)
        took = time.process_time() - start
        start = time.perf_counter()
        his = farmer(args.program, case)
        his_took = time.perf_counter() - start
        same = abs(mine - his) < TOLERANCE
        failed += not same
        print(
            f"{case.decks} deck{'s' * (case.decks > 1)}, {case.pair} {case.pair} v {case.up}, "
            f"{'ENHC' if case.enhc else 'peek'}: Farmer {his:.17g} ({his_took:.2f} s), "
            f"ours {mine:.17g} ({took:.1f} s CPU) {'agree' if same else 'DIFFER'}",
            flush=True,
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
