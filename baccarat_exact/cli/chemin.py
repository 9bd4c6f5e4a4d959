"""``baccarat-exact chemin``: chemin de fer solved exactly, as a matrix game."""

from __future__ import annotations

from typing import Annotated

import typer

from baccarat_exact.cli.shared import SHOE, FormatOption, TableOption, answer, command
from baccarat_exact.commands.base import View
from baccarat_exact.commands.chemin import CheminDeFerRequest
from baccarat_exact.report.model import Format

__all__ = ["ModelOption", "chemin_command"]

ModelOption = Annotated[
    str,
    typer.Option(
        "--model",
        "-m",
        metavar="MODEL",
        help="What each side knows. chemin: 1 its total (Kemeny-Snell), 2 the Banker his two "
        "cards (Downton-Lockwood), 3 each his two cards (Ethier-Gamez); or a paper's label A1, "
        "B2, B3 (A: --infinite, dealt with replacement; B: a finite shoe). lucky-draw: hand "
        "(the player sees his two cards, as published) or total.",
    ),
]
CommissionOption = Annotated[
    str,
    typer.Option(
        "--commission",
        metavar="RATE",
        help="The casino's commission on the Banker's wins (5%, 0.05, 1/20): the game is then "
        "no longer zero-sum and a Nash equilibrium is given.",
    ),
]


@command(SHOE)
def chemin_command(
    ctx: typer.Context,
    model: ModelOption = "3",
    commission: CommissionOption = "0",
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Chemin de fer solved exactly: the value of the game, the Player's optimal play on 5
    and the Banker's optimal strategy in every cell, mixed where it must be.

    The Player draws on 0-4, stands on 6-7 and chooses on 5; the Banker chooses in every
    cell, seeing the Player's third card. The game is solved as the papers model what each
    side knows, on any shoe, in exact arithmetic, and the solution is checked: neither
    side gains by a best reply (docs/games-with-choices.md).
    """
    request = CheminDeFerRequest(shoe=SHOE.value(ctx), model=model, commission=commission)
    answer(request, View(fmt, table))
