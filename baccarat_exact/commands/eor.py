"""``eor``: the exact effect of removing one card of each rank on each bet, and the
card counts derived from it (and your own, fitted to each bet)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, View
from baccarat_exact.commands.counting import DERIVED_COUNTS, CountingInput
from baccarat_exact.commands.inputs import PricingRequest

if TYPE_CHECKING:
    from baccarat_exact.analysis.counting import CountFit
    from baccarat_exact.analysis.eor import EffectOfRemoval
    from baccarat_exact.report.model import Report

__all__ = ["EorRequest", "EorResult"]

EorResult = tuple["EffectOfRemoval", "list[CountFit]", "list[CountFit]"]
"""The effects of removal, each bet's derived count fitted to it, and your count fitted
to each bet (empty without one)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EorRequest(PricingRequest[EorResult]):
    """The effects of removal of one shoe, and the counts fitted to them.

    >>> from baccarat_exact.commands.inputs import ShoeInput
    >>> report = EorRequest(shoe=ShoeInput(decks=1)).run()
    >>> report.document()["bets"]["banker"]["weighted_sum"]
    '0'
    """

    KIND: ClassVar[str] = "eor"

    counting: CountingInput = DERIVED_COUNTS

    def compute(self, context: Context) -> EorResult:
        """The effects, the derived counts and your count, each fitted to every bet."""
        from baccarat_exact.analysis.counting import bet_fits
        from baccarat_exact.analysis.eor import effect_of_removal

        rules = self.rules.rules()
        eor = effect_of_removal(self.shoe.shoe(), rules, self.bets.bets(rules, self.rules.game))
        derived, mine = bet_fits(eor, self.counting.level, self.counting.own())
        return eor, derived, mine

    def report(self, result: EorResult, view: View = EVERY_FORMAT) -> Report:
        """The effects and the counts; with ``view.plot``, their bar chart beside."""
        import dataclasses

        from baccarat_exact.report.eor import eor_report

        report = eor_report(*result, self.counting.level)
        plot = view.plot
        if plot is None:
            return report

        def draw() -> None:
            from baccarat_exact.report.plots import plot_effects

            plot_effects(result[0], str(plot))

        return dataclasses.replace(report, files=(draw,))
