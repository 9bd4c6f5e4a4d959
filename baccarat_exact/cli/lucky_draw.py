"""``baccarat-exact lucky-draw``: Lucky Draw Baccarat's optional draw played best."""

from __future__ import annotations

from typing import Annotated

import typer

from baccarat_exact.cli.chemin import ModelOption
from baccarat_exact.cli.shared import SHOE, FormatOption, TableOption, answer, command
from baccarat_exact.commands.base import View
from baccarat_exact.commands.lucky_draw import LuckyDrawRequest
from baccarat_exact.report.model import Format

__all__ = ["lucky_draw_command"]

PayTableOption = Annotated[
    str,
    typer.Option(
        "--pay-table",
        metavar="TABLE",
        help="The Draw bet's pay table: 1 (9 pays 3 to 1, 8 2 to 1, 7 2 to 1, 6 or less 1 to "
        "1) or 2 (the same with 7 at 3 to 2).",
    ),
]


@command(SHOE)
def lucky_draw_command(
    ctx: typer.Context,
    pay_table: PayTableOption = "1",
    model: ModelOption = "hand",
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Lucky Draw Baccarat's optional draw played best: the player's return per Enter bet,
    whether to draw in every cell, and the law of the outcomes, exactly on any shoe.

    The player sees his two cards and the dealer's up card, then stands or makes a Draw bet
    equal to his Enter bet for one more card; the dealer draws on 0-4. A win pays the Enter
    bet even money and the Draw bet by the pay table (docs/games-with-choices.md).
    """
    request = LuckyDrawRequest(shoe=SHOE.value(ctx), pay_table=pay_table, model=model)
    answer(request, View(fmt, table))
