"""``baccarat-exact games``: the rule variants ``--game`` accepts, with their house edges."""

from __future__ import annotations

from baccarat_exact.cli.common import FormatOption, TableOption, emit
from baccarat_exact.cli.options import SHOE, command
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.report.games import games_report
from baccarat_exact.report.model import Format

__all__ = ["games_command"]


@command(shoe=SHOE)
def games_command(shoe: Shoe, fmt: FormatOption = Format.table, table: TableOption = None) -> None:
    """List the rule variants --game accepts: their rules, side bets, sources and the
    exact house edges of Banker, Player and Tie (default: 8 decks)."""
    emit(games_report(shoe), fmt, table)
