"""The post-split plays against Farmer's analyzer over a grid of rule sets (issue 38).

``bench_farmer.py SOURCE --grid`` builds Farmer's ``strategy`` program (his source stays
outside this repository; :func:`bench_farmer.build`), drives it on its standard input for
every rule set of :data:`GRID` and each of his three post-split strategies (CDZ-, CDP1,
CDP), reads the expected value per up card and in total from the table it saves (percent,
nine decimals), and compares each with this package's optimal value for the same rules and
``--post-split``, computed in float by the library in this process: they agree when ours,
rounded to the digits he prints, is his (within half a unit of his last digit).
``--grid full`` runs every combination of :data:`FACTORS` (864 rule sets × strategies).

Farmer's rules map onto ours as: a hole card (he peeks), one card to split aces (his split
aces stand), no Triple Seven, blackjack 3:2, pairs by value; DOA is ``--double any`` (soft
hands too), D10 and D9 are ``--double 10-11`` and ``--double 9-11`` (hard totals only: he
is asked "double soft" no); he resplits to four hands (``--split-hands 4``) or splits once.
"""

from __future__ import annotations

import itertools
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from baccarat_exact.blackjack.edge import solvers
from baccarat_exact.blackjack.graph import StateGraph
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.model.shoe import Shoe

STRATEGIES = ("cdz-", "cdp1", "cdp")
"""The post-split plays, as ``--post-split`` names them (Farmer's CDZ-, CDP1, CDP)."""


@dataclass(frozen=True)
class RuleSet:
    """One rule set of the grid, in Farmer's terms."""

    decks: int
    h17: bool
    double: str
    """"DOA", "D10" or "D9"."""
    das: bool
    hands: int
    """2 (split once) or 4 (resplits)."""
    rsa: bool
    surrender: bool

    def name(self) -> str:
        """As Farmer heads his table: ``6 decks, S17, DOA, DAS, SPL3, NRSA, surrender``."""
        parts = [f"{self.decks} deck{'s' if self.decks > 1 else ''}"]
        parts += ["H17" if self.h17 else "S17", self.double, "DAS" if self.das else "NDAS"]
        parts.append("SPL3" if self.hands == 4 else "SPL1")
        if self.hands == 4:
            parts.append("RSA" if self.rsa else "NRSA")
        if self.surrender:
            parts.append("surrender")
        return ", ".join(parts)

    def answers(self, strategy: str, report: Path) -> str:
        """``strategy``'s standard input: its prompts answered in order, then no hand."""
        yes = {True: "y", False: "n"}
        lines = [str(self.decks), yes[self.h17], yes[self.double == "DOA"]]
        if self.double != "DOA":
            lines.append(yes[self.double == "D9"])
        lines += [yes[self.double == "DOA"], "n", yes[self.das], yes[self.hands == 4]]
        if self.hands == 4:
            lines.append(yes[self.rsa])
        lines.append(yes[strategy == "cdz-"])
        if strategy != "cdz-":
            lines.append(yes[strategy == "cdp1"])
        lines += [yes[self.surrender], "1.5", str(report), "0 0", ""]
        return "\n".join(lines)

    def rules(self, strategy: str) -> BlackjackRules:
        """The same game in this package's rules, played ``strategy`` after a split."""
        return BlackjackRules(
            decks=self.decks,
            dealer_hits_soft_17=self.h17,
            hole_card=True,
            double_after_split=self.das,
            hit_split_aces=False,
            triple_seven=False,
            surrender="late" if self.surrender else "none",
            double={"DOA": "any", "D10": "10-11", "D9": "9-11"}[self.double],
            split_hands=self.hands,
            resplit_aces=self.rsa,
            post_split=strategy,
        )


FACTORS = {
    "decks": (1, 2, 6, 8),
    "h17": (False, True),
    "double": ("DOA", "D10", "D9"),
    "das": (True, False),
    "split": ((2, False), (4, False), (4, True)),
    "surrender": (False, True),
}
"""The full grid's factors (``--grid full``): every combination."""


def _covering() -> tuple[RuleSet, ...]:
    """The default grid: per deck count, six rule sets that between them take every value
    of every factor and every pair of S17/H17 × split rule (Farmer's published rules
    first)."""
    rows = (
        (False, "DOA", True, 4, False, True),
        (True, "D10", False, 2, False, False),
        (True, "D9", True, 4, True, True),
        (False, "DOA", False, 4, True, False),
        (False, "D10", True, 2, False, True),
        (True, "DOA", True, 4, False, False),
    )
    return tuple(
        RuleSet(decks, h17, double, das, hands, rsa, surrender)
        for decks in FACTORS["decks"]
        for h17, double, das, hands, rsa, surrender in rows
    )


GRID = _covering()
"""The grid run by default: 4 deck counts × 6 rule sets (× 3 strategies)."""


def full_grid() -> tuple[RuleSet, ...]:
    """Every combination of :data:`FACTORS`."""
    return tuple(
        RuleSet(decks, h17, double, das, hands, rsa, surrender)
        for decks, h17, double, das, (hands, rsa), surrender in itertools.product(*FACTORS.values())
    )


UP_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A")
"""The up cards as Farmer's table lists them."""


def farmer_values(report: Path) -> dict[str, str]:
    """Each up card's EV and the total (percent, as printed) from Farmer's saved table."""
    found: dict[str, str] = {}
    lines = report.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if "Overall expected value" in line)
    for line in lines[start + 2 :]:
        if "|" not in line:
            continue
        head, value = (part.strip() for part in line.split("|", 1))
        if head in UP_ORDER or head == "Total":
            found[head] = value.split()[0]
        if head == "Total":
            break
    return found


def our_values(rule_set: RuleSet, strategy: str) -> dict[str, float]:
    """Each up card's optimal EV (given the up card) and the total, in float."""
    rules = rule_set.rules(strategy)
    found: dict[str, float] = {}
    total = 0.0
    for probability, solver in solvers(Shoe.from_decks(rule_set.decks), rules, exact=False):
        graph = StateGraph(solver)
        value = float(graph.opening_total(graph.optimal_values()))
        found[UP_ORDER[(solver.up - 1) % 10]] = value
        total += float(probability) * value
    found["Total"] = total
    return found


def agrees(ours: float, printed: str) -> bool:
    """Whether ``ours`` (a fraction of the stake) is ``printed`` (percent) to its digits."""
    decimals = len(printed.split(".")[1]) if "." in printed else 0
    return abs(ours * 100 - float(printed)) <= 0.5 * 10.0**-decimals + 1e-13


def run_grid(strategy_program: Path, grid: tuple[RuleSet, ...]) -> int:
    """Run the grid, print a line per rule set and strategy; the number that disagree."""
    failures = 0
    farmer_seconds = ours_seconds = 0.0
    print(f"{'rule set':48} {'play':5} {'Farmer total %':>15} {'ours total %':>15}  agree")
    with tempfile.TemporaryDirectory() as scratch:
        report = Path(scratch) / "table.txt"
        for rule_set in grid:
            for strategy in STRATEGIES:
                begin = time.perf_counter()
                subprocess.run(
                    [str(strategy_program)],
                    input=rule_set.answers(strategy, report),
                    text=True,
                    stdout=subprocess.DEVNULL,
                    check=True,
                )
                farmer_seconds += time.perf_counter() - begin
                his = farmer_values(report)
                begin = time.perf_counter()
                ours = our_values(rule_set, strategy)
                ours_seconds += time.perf_counter() - begin
                wrong = [key for key, printed in his.items() if not agrees(ours[key], printed)]
                failures += bool(wrong)
                verdict = "yes (11 values)" if not wrong else f"NO: {', '.join(wrong)}"
                print(
                    f"{rule_set.name():48} {strategy:5} {his['Total']:>15} "
                    f"{ours['Total'] * 100:15.9f}  {verdict}",
                    flush=True,
                )
    runs = len(grid) * len(STRATEGIES)
    print()
    print(
        f"{runs} runs, {runs - failures} agree on every up card and the total to the digits "
        f"Farmer prints; wall time: Farmer's program {farmer_seconds:.1f} s, ours (float, "
        f"in one process) {ours_seconds:.1f} s"
    )
    return failures
