"""``baccarat-exact breakeven``: the pays and commission that make each bet fair."""

from __future__ import annotations

from typing import Annotated

import typer

from baccarat_exact.cli.common import FormatOption, TableOption, emit
from baccarat_exact.cli.options import (
    NAMED_BETS,
    RULES,
    CountsOption,
    InfiniteOption,
    RemoveOption,
    command,
    shoe_from_options,
)
from baccarat_exact.cli.progress import shown, working
from baccarat_exact.errors import ShoeError
from baccarat_exact.model.bets import Bet
from baccarat_exact.model.rules import Rules
from baccarat_exact.report.model import Format

__all__ = ["breakeven_command", "parse_decks"]

SymbolicDecksOption = Annotated[
    str | None,
    typer.Option(
        "--decks",
        "-d",
        help="Number of decks (default 8), or d for pays as functions of the number of decks.",
        show_default=False,
    ),
]


def parse_decks(text: str | None) -> int | None:
    """``None`` for a symbolic ``d``, else the number of decks (8 when not given).

    >>> parse_decks("d"), parse_decks("6"), parse_decks(None)
    (None, 6, 8)
    """
    if text is None:
        return 8
    body = text.strip()
    if body.lower() == "d":
        return None
    if not body.isdigit() or int(body) < 1:
        raise ShoeError(
            f"--decks must be a whole number of 1 or more, or d for a formula in d, got {text!r}"
        )
    return int(body)


@command(rules=RULES, chosen=NAMED_BETS)
def breakeven_command(
    rules: Rules,
    chosen: tuple[Bet, ...],
    decks: SymbolicDecksOption = None,
    remove: RemoveOption = "",
    counts: CountsOption = None,
    infinite: InfiniteOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """The pay or commission that makes each bet's EV exactly zero, and the EV as a
    linear function of the pay table.

    With --decks d, every value is a function of the number of decks d (exact for every
    d large enough to hold the removed cards).
    """
    from baccarat_exact.analysis.breakeven import breakeven
    from baccarat_exact.report.breakeven import breakeven_report

    number = parse_decks(decks)
    if number is None:
        for name, conflicts in (("--counts", counts is not None), ("--infinite", infinite)):
            if conflicts:
                raise ShoeError(f"--decks d and {name} conflict: d means whole decks")
        with working("solving in d", shown()):
            result = breakeven(None, rules, chosen, remove)
    else:
        whole = None if decks is None and (counts is not None or infinite) else number
        result = breakeven(shoe_from_options(whole, remove, counts, infinite), rules, chosen)
    emit(breakeven_report(result), fmt, table)
