"""``baccarat-exact breakeven``: the pays and commission that make each bet fair."""

from __future__ import annotations

import dataclasses
from typing import Annotated

import typer

from baccarat_exact.cli.shared import (
    BETS,
    RULES,
    SHOE,
    BetsArgument,
    FormatOption,
    TableOption,
    View,
    answer,
    command,
    only_these,
)
from baccarat_exact.commands.breakeven import BreakevenRequest
from baccarat_exact.report.model import Format

__all__ = ["breakeven_command"]


def _decks_or_d(text: str | None) -> str | None:
    """``--decks`` as given: a whole number of decks, or ``d``."""
    body = "" if text is None else text.strip().lower()
    if text is None or body == "d" or (body.isdigit() and int(body) >= 1):
        return text
    raise typer.BadParameter(f"a whole number of decks, or d for pays as functions of d: {text!r}")


DecksOrDOption = Annotated[
    str | None,
    typer.Option(
        "--decks",
        "-d",
        metavar="N|d",
        callback=_decks_or_d,
        help="Number of 52-card decks in the shoe (default 8), or, unlike other commands' "
        "--decks, d: every value a function of the number of decks d.",
        show_default=False,
    ),
]

_SHOE = SHOE.without("decks")
"""The shoe options but --decks, which here also takes d."""


@command(_SHOE, RULES, BETS)
def breakeven_command(
    ctx: typer.Context,
    bets: BetsArgument = None,
    decks: DecksOrDOption = None,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """The pay or commission that makes each bet's EV exactly zero, and the EV as a
    linear function of the pay table.

    With --decks d, every value is a function of the number of decks d (exact for every
    d large enough to hold the removed cards).
    """
    shoe = _SHOE.value(ctx)
    symbolic = decks is not None and decks.strip().lower() == "d"
    if decks is not None:  # a number replaces the default 8 decks; d, every number
        shoe = dataclasses.replace(shoe, decks=None if symbolic else int(decks))
    request = BreakevenRequest(
        shoe=shoe,
        rules=RULES.value(ctx),
        bets=only_these(BETS.value(ctx), bets),
        symbolic=symbolic,
    )
    answer(request, View(fmt, table))
