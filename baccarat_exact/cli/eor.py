"""``baccarat-exact eor``: exact effect of removal per card, and the counts derived from it."""

from __future__ import annotations

import typer

from baccarat_exact.cli.counting import COUNTING
from baccarat_exact.cli.shared import (
    BETS,
    RULES,
    SHOE,
    FormatOption,
    PlotOption,
    TableOption,
    View,
    answer,
    command,
)
from baccarat_exact.commands.eor import EorRequest
from baccarat_exact.report.model import Format

__all__ = ["eor_command"]


@command(SHOE.without("infinite"), RULES, BETS, COUNTING)
def eor_command(
    ctx: typer.Context,
    plot: PlotOption = None,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Exact effect of removing one card of each rank on each bet's EV, and card counts from it.

    Also checks the identity Σ cards × effect = 0, derives a balanced count per bet
    (tags proportional to the effects) and reports its betting correlation; with
    --count-system, fits your own count to every bet too.
    """
    request = EorRequest(
        shoe=SHOE.value(ctx),
        rules=RULES.value(ctx),
        bets=BETS.value(ctx),
        counting=COUNTING.value(ctx),
    )
    answer(request, View(fmt, table, plot=plot))
