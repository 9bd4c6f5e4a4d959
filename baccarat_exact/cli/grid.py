"""``baccarat-exact grid``: conditional tables of the round (the published mid-round tables)."""

from __future__ import annotations

from typing import Annotated

import typer

from baccarat_exact.cli.shared import (
    BETS,
    RULES,
    SHOE,
    BankerOption,
    FormatOption,
    PlayerOption,
    TableOption,
    View,
    answer,
    command,
)
from baccarat_exact.commands.grid import GridRequest
from baccarat_exact.report.model import Format

__all__ = ["grid_command"]

_KEYS = (
    "player-total, banker-total (two-card totals), player-first, banker-first, player-second, "
    "banker-second (card values), player-cards, banker-cards, cards, natural"
)

RowsOption = Annotated[str, typer.Option("--rows", help=f"Split the round by this key: {_KEYS}.")]
ColsOption = Annotated[
    str | None,
    typer.Option("--cols", help="And by this key, as the columns.", show_default=False),
]
ShowOption = Annotated[
    list[str] | None,
    typer.Option(
        "--show",
        help="Show only this figure; repeatable: cell, banker-wins, player-wins, tie-wins, "
        "or a bet's name for its EV (default: all, and the EV of every side bet).",
        show_default=False,
    ),
]


@command(SHOE, RULES, BETS)
def grid_command(
    ctx: typer.Context,
    rows: RowsOption = "player-total",
    cols: ColsOption = None,
    show: ShowOption = None,
    player: PlayerOption = None,
    banker: BankerOption = None,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Conditional tables: the round split by one or two keys known part-way through it
    (e.g. the Banker's first card and the Player's two-card total), each cell's exact
    probability, each outcome's given the cell, and the EV of any side bet given it.

    The table view shows one matrix per figure (with --cols); --format csv writes every
    cell exactly (-t names a figure for its matrix).
    """
    request = GridRequest(
        shoe=SHOE.value(ctx),
        rules=RULES.value(ctx),
        bets=BETS.value(ctx),
        rows=rows,
        cols=cols,
        show=tuple(show or ()),
        player=player,
        banker=banker,
    )
    answer(request, View(fmt, table))
