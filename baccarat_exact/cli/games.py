"""``baccarat-exact games``: the rule variants ``--game`` accepts, with their house edges."""

from __future__ import annotations

import typer

from baccarat_exact.cli.shared import SHOE, FormatOption, TableOption, View, answer, command
from baccarat_exact.commands.games import GamesRequest
from baccarat_exact.report.model import Format

__all__ = ["games_command"]


@command(SHOE)
def games_command(
    ctx: typer.Context, fmt: FormatOption = Format.table, table: TableOption = None
) -> None:
    """List the rule variants --game accepts: their rules, side bets, sources and the
    exact house edges of Banker, Player and Tie (default: 8 decks)."""
    answer(GamesRequest(shoe=SHOE.value(ctx)), View(fmt, table))
