"""``formula``: P(outcome) and each bet's EV as exact rational functions of the decks d."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, Request, View
from baccarat_exact.commands.inputs import BETS_OF_THE_GAME, PUNTO_BANCO, BetsInput, RulesInput
from baccarat_exact.errors import FormulaError

if TYPE_CHECKING:
    from baccarat_exact.analysis.formulas import DeckFormulas
    from baccarat_exact.report.model import Report

__all__ = ["MAX_TERMS", "FormulaRequest"]

MAX_TERMS = 12
"""Most terms of the expansion in 1/d a formula shows."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FormulaRequest(Request["DeckFormulas"]):
    """The formulas of "d decks less ``remove``": exact for every d that holds the cards.

    >>> document = FormulaRequest(bets=BetsInput(names=("tie",), only_named=True)).run().document()
    >>> document["bets"]["tie"]["ev"]["limit"]
    '-681400/4826809'
    >>> FormulaRequest(terms=0)
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.FormulaError: --terms must be 1 to 12, got 0
    """

    KIND: ClassVar[str] = "formula"

    rules: RulesInput = PUNTO_BANCO
    bets: BetsInput = BETS_OF_THE_GAME
    remove: str = ""
    """Cards taken out of every shoe of d decks: ``"5x3 K"``."""
    terms: int = 4
    """Terms of each EV's expansion in 1/d to show."""

    def __post_init__(self) -> None:
        if not 1 <= self.terms <= MAX_TERMS:
            raise FormulaError(f"--terms must be 1 to {MAX_TERMS}, got {self.terms}")

    def compute(self, context: Context) -> DeckFormulas:
        """Every outcome's and bet's formulas in d."""
        from baccarat_exact.analysis.formulas import deck_formulas

        rules = self.rules.rules()
        bets = self.bets.bets(rules, self.rules.game)
        with context.progress(1, "solving formulas in d") as advance:
            formulas = deck_formulas(rules, bets, self.remove)
            if advance is not None:
                advance(1)
        return formulas

    def report(self, result: DeckFormulas, view: View = EVERY_FORMAT) -> Report:
        """The formulas, typeset for LaTeX; in CSV and Markdown, as a table of plain
        text."""
        from baccarat_exact.report.formula import formula_report
        from baccarat_exact.report.model import Format

        plain = view.fmt in (Format.csv, Format.markdown)
        return formula_report(result, self.terms, typeset=not plain, width=view.width)
