"""``baccarat-exact formula``: P(outcome) and EV as exact rational functions of the decks d."""

from __future__ import annotations

from enum import Enum
from typing import Annotated

import typer

from baccarat_exact.cli.options import NAMED_BETS, RULES, RemoveOption, command
from baccarat_exact.cli.output import echo
from baccarat_exact.cli.progress import shown, working
from baccarat_exact.model.bets import Bet
from baccarat_exact.model.rules import Rules

__all__ = ["FormulaFormat", "formula_command"]


class FormulaFormat(str, Enum):
    """How ``formula`` writes its result."""

    text = "text"
    latex = "latex"
    json = "json"


TermsOption = Annotated[
    int,
    typer.Option("--terms", min=1, max=12, help="Terms of the expansion in 1/d to show."),
]
FormulaFormatOption = Annotated[
    FormulaFormat,
    typer.Option("--format", "-f", help="Output: text, latex or json (integer coefficients)."),
]


@command(rules=RULES, chosen=NAMED_BETS)
def formula_command(
    rules: Rules,
    chosen: tuple[Bet, ...],
    remove: RemoveOption = "",
    terms: TermsOption = 4,
    fmt: FormulaFormatOption = FormulaFormat.text,
) -> None:
    """P(outcome) and EV of each bet as an exact rational function of the number of decks d.

    With --remove, the shoe is "d decks less these cards", exact for every d large
    enough to hold them. Also shows the limit as d grows beside the engine's infinite
    shoe, and the first terms of the expansion in 1/d.
    """
    from baccarat_exact.analysis.formulas import deck_formulas
    from baccarat_exact.report.formula import formula_report
    from baccarat_exact.report.render import render

    with working("solving formulas in d", shown()):
        report = formula_report(deck_formulas(rules, chosen, remove), terms)
        text = render(report, "table" if fmt is FormulaFormat.text else fmt.value)
    echo(text, nl=False)
