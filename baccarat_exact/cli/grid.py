"""``baccarat-exact grid``: conditional tables of the round (the published mid-round tables)."""

from __future__ import annotations

from typing import Annotated

import typer

from baccarat_exact.cli.common import FormatOption, emit
from baccarat_exact.cli.options import BETS, RULES, SHOE, command
from baccarat_exact.model.bets import Bet
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.report.model import Format

__all__ = ["grid_command"]

_KEYS = (
    "player-total, banker-total (two-card totals), player-first, banker-first, player-second, "
    "banker-second (card values), player-cards, banker-cards, cards, natural"
)


@command(shoe=SHOE, rules=RULES, bets=BETS)
def grid_command(
    shoe: Shoe,
    rules: Rules,
    bets: tuple[Bet, ...],
    rows: Annotated[
        str, typer.Option("--rows", help=f"Split the round by this key: {_KEYS}.")
    ] = "player-total",
    cols: Annotated[
        str | None, typer.Option("--cols", help="And by this key, as the columns.")
    ] = None,
    show: Annotated[
        list[str] | None,
        typer.Option(
            "--show",
            help="Show only this figure; repeatable: cell, banker-wins, player-wins, tie-wins, "
            "or a bet's name for its EV (default: all, and the EV of every side bet).",
            show_default=False,
        ),
    ] = None,
    player: Annotated[
        str | None,
        typer.Option("--player", help="The Player's cards seen so far (as for odds; ? face down)."),
    ] = None,
    banker: Annotated[
        str | None, typer.Option("--banker", help="The Banker's cards seen so far.")
    ] = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Conditional tables: the round split by one or two keys known part-way through it
    (e.g. the Banker's first card and the Player's two-card total), each cell's exact
    probability, each outcome's given the cell, and the EV of any side bet given it.
    """
    from baccarat_exact.analysis.grid import grid
    from baccarat_exact.model.seen import Seen
    from baccarat_exact.report.grid import grid_figures, grid_report

    seen = Seen.parse(player or "", banker or "") if player or banker else None
    table = grid(shoe, rows, cols, rules, bets, seen=seen)
    grid_figures(table, show or ())
    emit(grid_report(table, show or (), matrices=fmt is Format.table), fmt)
