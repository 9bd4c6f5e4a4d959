"""``baccarat-exact bets``: the side-bet catalogue (and your own bets) with pay tables."""

from __future__ import annotations

import dataclasses
from typing import Annotated

import typer

from baccarat_exact.cli.shared import (
    BETS,
    RULES,
    SHOE,
    FormatOption,
    TableOption,
    View,
    answer,
    command,
)
from baccarat_exact.commands.bets import BetsRequest
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

_FILES = BETS.without("bet")
"""Only ``--bets-file``: every catalogue bet is listed already."""


@command(SHOE, RULES, _FILES)
def bets_command(
    ctx: typer.Context,
    names: NamesArgument = None,
    long: LongOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """List every bet --bet accepts (and those of --bets-file files) with its exact house
    edge (default: 8 decks); --long or NAME adds its rule, pay table and source."""
    bets = dataclasses.replace(_FILES.value(ctx), names=tuple(names or ()), only_named=bool(names))
    request = BetsRequest(shoe=SHOE.value(ctx), rules=RULES.value(ctx), bets=bets, long=long)
    answer(request, View(fmt, table))
