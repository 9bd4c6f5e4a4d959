"""``baccarat-exact formula``: P(outcome) and EV as exact rational functions of the decks d."""

from __future__ import annotations

from typing import Annotated

import typer

from baccarat_exact.cli.shared import (
    BETS,
    RULES,
    BetsArgument,
    FormatOption,
    RemoveOption,
    TableOption,
    View,
    answer,
    command,
    only_these,
)
from baccarat_exact.commands.formula import MAX_TERMS, FormulaRequest
from baccarat_exact.report.model import Format

__all__ = ["formula_command"]

TermsOption = Annotated[
    int,
    typer.Option("--terms", min=1, max=MAX_TERMS, help="Terms of the expansion in 1/d to show."),
]


@command(RULES, BETS)
def formula_command(
    ctx: typer.Context,
    bets: BetsArgument = None,
    remove: RemoveOption = "",
    terms: TermsOption = 4,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """P(outcome) and EV of each bet as an exact rational function of the number of decks d.

    With --remove, the shoe is "d decks less these cards", exact for every d large
    enough to hold them. Also shows the limit as d grows beside the engine's infinite
    shoe, and the first terms of the expansion in 1/d. --format latex typesets the
    formulas; csv and markdown give them as a table (json: integer coefficients).
    """
    request = FormulaRequest(
        rules=RULES.value(ctx),
        bets=only_these(BETS.value(ctx), bets),
        remove=remove,
        terms=terms,
    )
    answer(request, View(fmt, table))
