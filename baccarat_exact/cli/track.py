"""``baccarat-exact track``: read dealt rounds line by line and price the next round."""

from __future__ import annotations

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
from baccarat_exact.commands.track import TrackRequest
from baccarat_exact.report.model import Format

__all__ = ["track_command"]

RoundsArgument = Annotated[
    typer.FileBinaryRead,
    typer.Argument(
        help="File of dealt rounds, one per line, UTF-8 (- or nothing: standard input).",
        show_default=False,
    ),
]


@command(SHOE.without("infinite"), RULES, BETS)
def track_command(
    ctx: typer.Context,
    rounds: RoundsArgument = "-",  # type: ignore[assignment]
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Remove dealt rounds from the shoe as they come and print each bet's exact EV for the next round.

    Each line is one round in deal order (Player, Banker, Player, Banker, then third
    cards), e.g. "5 K 9 2 7 3" (suits where seen: "5h Ks 9c 2d 7s 3h"); "burn 7 K K"
    removes cards unplayed; # starts a comment. A bad line is reported with its number
    and skipped (the shoe is kept); exit code 2 at the end. The table and CSV are
    written row by row as the rounds come.
    """
    from baccarat_exact.errors import BaccaratError
    from baccarat_exact.model.textfiles import read_lines

    live = (None if isinstance(text, BaccaratError) else text for _, text in read_lines(rounds))
    request = TrackRequest(
        shoe=SHOE.value(ctx), rules=RULES.value(ctx), bets=BETS.value(ctx), live=live
    )
    answer(request, View(fmt, table))
