"""``design``: the pay tables, on a grid, that put a bet's house edge in a target range."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, Request, View
from baccarat_exact.commands.inputs import EIGHT_DECKS, PUNTO_BANCO, RulesInput, ShoeInput
from baccarat_exact.errors import RequestError, RulesError

if TYPE_CHECKING:
    from baccarat_exact.analysis.design import Design, Grid
    from baccarat_exact.model.bets import Bet
    from baccarat_exact.model.rules import Rules
    from baccarat_exact.report.model import Report

__all__ = ["MAX_TOP", "DesignRequest"]

MAX_TOP = 10_000
"""Most pay tables ``--top`` lists: a designer's shortlist, not every table in range
(there may be millions: the report counts them all)."""

_SOURCE = "the bets defined"
"""How errors name the bets of a request's ``definitions``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DesignRequest(Request["Design"]):
    """Find the pays of a bet's open lines — ``pays = "?"`` in a bets file, or ``lines``
    of any bet — that give a house edge in ``edge``, on a grid of pays.

    >>> found = DesignRequest(bet="panda-8", lines=("win",), edge="9%..11%").run()
    >>> [table["pays"] for table in found.document()["tables"]]
    [['25']]
    >>> DesignRequest(bet="panda-8", lines=("win",), edge="11%..9%")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RequestError: --edge 11%..9%: the low end is above the high end
    """

    KIND: ClassVar[str] = "design"

    shoe: ShoeInput = EIGHT_DECKS
    rules: RulesInput = PUNTO_BANCO
    bet: str | None = None
    """The bet to design: a catalogue bet or one of ``definitions`` (None: the one bet of
    ``definitions`` that leaves a pay open)."""
    lines: tuple[str, ...] = ()
    """More lines to leave open, by name (``--line``), besides those written ``pays = "?"``."""
    definitions: Mapping[str, Any] = field(
        default_factory=dict,
        metadata={
            "json_schema": {
                "type": "object",
                "additionalProperties": {
                    "description": 'A [[bet]] table of a bets file as JSON; a line\'s pays may be "?" (open).',
                    "type": "object",
                },
            }
        },
    )
    """Bets from ``--bets-file``, name → its ``[[bet]]`` table, open pays kept as ``"?"``."""
    edge: str = ""
    """The house edge's range: ``"7%..8%"`` or ``"0.07..0.08"``."""
    step: str = "1"
    """The grid's step: pays are multiples of it."""
    min_pay: str | None = None
    """The least pay of an open line (None: the step)."""
    max_pay: str = "1000"
    """The largest pay of an open line."""
    ordered: bool = False
    """A line earlier in the pay table pays at least as much as a later open line."""
    hit_frequency: str | None = None
    """The hit frequency's range, like ``edge`` (None: any)."""
    top: int = 20
    """How many pay tables to report, nearest the middle of the edge range first."""

    def __post_init__(self) -> None:
        self.target()
        self.grid()
        if self.top < 1:
            raise RequestError(f"--top must be at least 1, got {self.top}")
        if self.top > MAX_TOP:
            raise RequestError(f"--top must be at most {MAX_TOP:,}, got {self.top:,}")
        if self.bet is None and not self.definitions:
            raise RequestError(
                "name the bet to design, e.g. `design dragon-7 --line win`, or give a "
                '--bets-file whose bet leaves a pay open (pays = "?")'
            )

    def target(self) -> tuple[Fraction, Fraction]:
        """The edge range, read and checked."""
        from baccarat_exact.analysis.design import parse_range

        if not self.edge.strip():
            raise RequestError("give the target house edge, e.g. --edge 7%..8%")
        return parse_range(self.edge, "--edge")

    def hits(self) -> tuple[Fraction, Fraction] | None:
        """The hit frequency's range, read and checked (None: any)."""
        from baccarat_exact.analysis.design import parse_range

        if self.hit_frequency is None:
            return None
        return parse_range(self.hit_frequency, "--hit-frequency", share=True)

    def grid(self) -> Grid:
        """The grid of pays, read and checked."""
        from baccarat_exact.analysis.design import Grid, parse_pay, parse_step

        step = parse_step(self.step)
        minimum = step if self.min_pay is None else parse_pay(self.min_pay, "--min-pay")
        self.hits()
        return Grid(
            step=step,
            min_pay=minimum,
            max_pay=parse_pay(self.max_pay, "--max-pay"),
            ordered=self.ordered,
        )

    def chosen(self, rules: Rules) -> tuple[Bet, tuple[str, ...]]:
        """The bet to design and its open lines (those of the file, then ``lines``)."""
        from baccarat_exact.model.catalogue import find_bet
        from baccarat_exact.model.custom_bets import custom_bets_from_definitions

        own = custom_bets_from_definitions(self.definitions, _SOURCE, rules.tableau, open_pays=True)
        name = self.bet.strip() if self.bet is not None else None
        if name is None:
            candidates = [custom for custom in own.values() if custom.open_lines]
            if len(candidates) != 1:
                which = ", ".join(custom.name for custom in candidates)
                raise RulesError(
                    f"several bets leave a pay open ({which}): name the one to design"
                    if candidates
                    else 'no bet of the bets file leaves a pay open: write pays = "?" on a '
                    "line, or name the bet and its lines with --line"
                )
            name = candidates[0].name
        if name in own:
            bet, written = own[name].bet, own[name].open_lines
            _refuse_fixed_namesakes(self.definitions[name], written)
        else:
            bet, written = find_bet(name, rules), ()
        opened = tuple(dict.fromkeys((*written, *(line.strip() for line in self.lines))))
        if not opened:
            lines = ", ".join(dict.fromkeys(line.name for line in bet.lines))
            raise RulesError(
                f"bet {bet.name!r} has no open line: name the lines whose pays to find with "
                f"--line (its lines: {lines})"
            )
        order = list(dict.fromkeys(line.name for line in bet.lines))
        return bet, tuple(sorted(opened, key=lambda n: order.index(n) if n in order else -1))

    def compute(self, context: Context) -> Design:
        """Price the bet's lines and search the grid."""
        from baccarat_exact.analysis.design import design

        rules = self.rules.rules()
        bet, opened = self.chosen(rules)
        return design(
            self.shoe.shoe(), rules, bet, opened, self.target(), self.grid(), self.hits(), self.top
        )

    def report(self, result: Design, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.design import design_report

        return design_report(result)


def _refuse_fixed_namesakes(definition: Mapping[str, Any], opened: tuple[str, ...]) -> None:
    """Refuse a bet whose open line shares its name with a line whose pay is fixed: one
    name, one pay to find."""
    for index, line in enumerate(definition.get("line", ()), start=1):
        if not isinstance(line, Mapping):
            continue
        name = str(line.get("name", f"line {index}")).strip()
        pays = line.get("pays")
        if name in opened and not (isinstance(pays, str) and pays.strip() == "?"):
            raise RulesError(
                f"bet {definition.get('name')!r}: two lines are named {name!r}, one of them "
                "with an open pay: name them apart"
            )
