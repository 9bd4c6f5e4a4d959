"""``breakeven``: the pays and commission that make each bet fair, and the EV as a linear
function of the pays."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, View
from baccarat_exact.commands.inputs import PricingRequest
from baccarat_exact.errors import ShoeError

if TYPE_CHECKING:
    from baccarat_exact.analysis.breakeven import BreakEven
    from baccarat_exact.report.model import Report

__all__ = ["BreakevenRequest"]


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakevenRequest(PricingRequest["BreakEven"]):
    """Break-even pays on one shoe, or (``symbolic``) as functions of the number of decks
    d for "d decks less ``shoe.remove``".

    >>> from baccarat_exact.commands.inputs import BetsInput, ShoeInput
    >>> tie = BetsInput(names=("tie",), only_named=True)
    >>> BreakevenRequest(bets=tie).run().document()["bets"]["tie"]["lines"][0]["fair_pay"]
    '5889024543008/619306544887'
    >>> BreakevenRequest(shoe=ShoeInput(infinite=True), symbolic=True)
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.ShoeError: --decks d and --infinite conflict: d means whole decks
    """

    KIND: ClassVar[str] = "breakeven"

    symbolic: bool = False
    """Every value a function of the number of decks d (``--decks d``): the shoe is
    "d decks less the cards removed", and names no decks, composition or infinite shoe."""

    def __post_init__(self) -> None:
        if not self.symbolic:
            return
        for option, given in (
            ("--counts", self.shoe.counts is not None),
            ("--infinite", self.shoe.infinite),
            ("a number of --decks", self.shoe.decks is not None),
        ):
            if given:
                raise ShoeError(f"--decks d and {option} conflict: d means whole decks")

    def compute(self, context: Context) -> BreakEven:
        """The break-even pays of the bets."""
        from baccarat_exact.analysis.breakeven import breakeven

        rules, bets = self.chosen_bets()
        if not self.symbolic:
            return breakeven(self.shoe.shoe(), rules, bets)
        with context.progress(1, "solving in d") as advance:
            result = breakeven(None, rules, bets, self.shoe.remove)
            if advance is not None:
                advance(1)
        return result

    def report(self, result: BreakEven, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.breakeven import breakeven_report

        return breakeven_report(result)
