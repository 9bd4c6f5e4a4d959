"""``eor``: the exact effect of removing one card of each rank on each bet, and the
card counts derived from it (and your own, fitted to each bet)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from baccarat_exact.commands.base import Context, Request
from baccarat_exact.commands.counting import DERIVED_COUNTS, CountingInput
from baccarat_exact.commands.inputs import (
    BETS_OF_THE_GAME,
    EIGHT_DECKS,
    PUNTO_BANCO,
    BetsInput,
    RulesInput,
    ShoeInput,
)

if TYPE_CHECKING:
    from baccarat_exact.analysis.counting import CountFit
    from baccarat_exact.analysis.eor import EffectOfRemoval
    from baccarat_exact.report.model import Report

__all__ = ["EorRequest", "EorResult"]

EorResult = tuple["EffectOfRemoval", "list[CountFit]", "list[CountFit]"]
"""The effects of removal, each bet's derived count fitted to it, and your count fitted
to each bet (empty without one)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EorRequest(Request):
    """The effects of removal of one shoe, and the counts fitted to them.

    >>> report = EorRequest(shoe=ShoeInput(decks=1)).run()
    >>> report.document()["bets"]["banker"]["weighted_sum"]
    '0'
    """

    KIND: ClassVar[str] = "eor"

    shoe: ShoeInput = EIGHT_DECKS
    rules: RulesInput = PUNTO_BANCO
    bets: BetsInput = BETS_OF_THE_GAME
    counting: CountingInput = DERIVED_COUNTS

    def compute(self, context: Context) -> EorResult:
        """The effects, the derived counts and your count, each fitted to every bet."""
        from baccarat_exact.analysis.counting import bet_fits
        from baccarat_exact.analysis.eor import effect_of_removal

        rules = self.rules.rules()
        eor = effect_of_removal(self.shoe.shoe(), rules, self.bets.bets(rules, self.rules.game))
        derived, mine = bet_fits(eor, self.counting.level, self.counting.own())
        return eor, derived, mine

    def report(self, result: EorResult) -> Report:
        from baccarat_exact.report.eor import eor_report

        return eor_report(*result, self.counting.level)
