"""``baccarat-exact compare``: one matrix of figures across decks, games and pays."""

from __future__ import annotations

from typing import Annotated

import typer

from baccarat_exact.cli.shared import (
    BETS,
    FormatOption,
    QuietOption,
    RemoveOption,
    TableOption,
    View,
    answer,
    command,
)
from baccarat_exact.commands.compare import CompareRequest
from baccarat_exact.report.model import Format

__all__ = ["compare_command"]

DecksList = Annotated[
    str,
    typer.Option(
        "--decks",
        "-d",
        help="Numbers of 52-card decks to compare, comma-separated (inf: an infinite shoe); "
        "unlike other commands' --decks, a list: one case per number.",
    ),
]
GamesList = Annotated[
    str,
    typer.Option(
        "--game",
        "-g",
        help="Games to compare, comma-separated (list: `baccarat-exact games`); unlike other "
        "commands' --game, a list.",
    ),
]
CommissionsList = Annotated[
    str | None,
    typer.Option(
        "--commission",
        help="Commissions on Banker wins to compare, comma-separated, e.g. 5%,4%,0 "
        "(default: each game's).",
        show_default=False,
    ),
]
TiePaysList = Annotated[
    str | None,
    typer.Option(
        "--tie-pays",
        help="What Tie pays to 1, comma-separated, e.g. 8,9 (default: each game's).",
        show_default=False,
    ),
]
FiguresList = Annotated[
    str,
    typer.Option(
        "--figure",
        help="Figures, comma-separated: house-edge, variance, hit-frequency, element-of-risk.",
    ),
]


@command(BETS)
def compare_command(
    ctx: typer.Context,
    decks: DecksList = "1,2,4,6,8,inf",
    game: GamesList = "punto-banco",
    commission: CommissionsList = None,
    tie_pays: TiePaysList = None,
    figure: FiguresList = "house-edge",
    remove: RemoveOption = "",
    quiet: QuietOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """One matrix of exact figures (house edge by default) across numbers of decks,
    games, commissions and tie pays: every combination, each cell what odds gives.

    Banker, Player and Tie are compared in every case, and each --bet and --bets-file
    bet besides (the games' own side bets are not added: every case prices the same
    bets)."""
    request = CompareRequest(
        decks=decks,
        games=game,
        commissions=commission,
        tie_pays=tie_pays,
        bets=BETS.value(ctx),
        figures=figure,
        remove=remove,
    )
    answer(request, View(fmt, table), quiet=quiet)
