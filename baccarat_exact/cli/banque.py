"""``baccarat-exact banque``: baccara banque solved exactly, the Banker against two
Players."""

from __future__ import annotations

from typing import Annotated

import typer

from baccarat_exact.cli.shared import (
    CountsOption,
    FormatOption,
    InfiniteOption,
    OptionGroup,
    TableOption,
    answer,
    command,
)
from baccarat_exact.commands.banque import BanqueRequest
from baccarat_exact.commands.base import View
from baccarat_exact.commands.inputs import ShoeInput
from baccarat_exact.report.model import Format

__all__ = ["banque_command"]

StakesOption = Annotated[
    str,
    typer.Option(
        "--stakes",
        metavar="THETA",
        help="Player 1's share of the stakes (1/2, 0.25, 40%); Player 2 stakes the rest. "
        "1 (or 0) is chemin de fer against one Player.",
    ),
]
PlayersOption = Annotated[
    str,
    typer.Option(
        "--players",
        metavar="P1,P2",
        help="Each Player's play at 5, on his own (draw, stand or a probability of drawing: "
        "draw,9/11): the Banker's best reply to them, instead of a --solution.",
    ),
]

SolutionOption = Annotated[
    str,
    typer.Option(
        "--solution",
        metavar="KIND",
        help="correlated: the two Players as one team choosing jointly against the Banker "
        "(the correlated cooperative equilibrium, always a saddle point); nash: a Nash "
        "equilibrium, each Player on his own (where one with rational plays exists).",
    ),
]


def _shoe(counts: CountsOption = None, infinite: InfiniteOption = False) -> ShoeInput:
    return ShoeInput(counts=counts, infinite=infinite or counts is None)


BANQUE_SHOE = OptionGroup("shoe", _shoe)
"""``--counts --infinite``: baccara banque is solved dealt with replacement, so the shoe
is infinite unless ``--counts "infinite: ..."`` gives other proportions (no --decks or
--remove: a finite shoe is not solved)."""


@command(BANQUE_SHOE)
def banque_command(
    ctx: typer.Context,
    stakes: StakesOption = "1/2",
    solution: SolutionOption = "correlated",
    players: PlayersOption = "",
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Baccara banque solved exactly: the Banker against two Players, each with his
    option at 5, the Banker drawing or standing seeing both third cards.

    Solved as Ethier and Lee (Games 2015) model it: dealt with replacement (an infinite shoe,
    any proportions with --counts "infinite: ..."), each side seeing his own total: the
    two Players as a team choosing jointly against the Banker (the correlated cooperative
    equilibrium, a saddle point), a Nash equilibrium, or the Banker's best reply to two
    given plays; each checked by best replies (docs/games-with-choices.md).
    """
    request = BanqueRequest(
        shoe=BANQUE_SHOE.value(ctx), stakes=stakes, solution=solution, players=players
    )
    answer(request, View(fmt, table))
