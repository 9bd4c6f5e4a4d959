"""``baccarat-exact bets``: the side-bet catalogue (and your own bets) with pay tables."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from baccarat_exact.cli.common import FormatOption, TableOption, emit
from baccarat_exact.cli.options import RULES, SHOE, BetsFileOption, command
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.report.bets import bets_report, catalogue_entries, chosen_entries
from baccarat_exact.report.model import Format

__all__ = ["bets_command"]

NamesArgument = Annotated[
    list[str] | None,
    typer.Argument(
        metavar="[NAME]...",
        help="Show only these bets, with their rules, pay tables and sources.",
        show_default=False,
    ),
]
LongOption = Annotated[
    bool, typer.Option("--long", "-l", help="Also each bet's rule, pay table and source.")
]


@command(shoe=SHOE, rules=RULES)
def bets_command(
    shoe: Shoe,
    rules: Rules,
    names: NamesArgument = None,
    bets_file: BetsFileOption = None,
    long: LongOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """List every bet --bet accepts (and those of --bets-file files) with its exact house
    edge (default: 8 decks); --long or NAME adds its rule, pay table and source."""
    files: list[Path] = bets_file or []
    entries = chosen_entries(catalogue_entries(rules, files), names or [])
    emit(bets_report(shoe, rules, entries, long=long or bool(names)), fmt, table)
