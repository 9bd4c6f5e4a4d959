"""``baccarat-exact submission``: the math a game submission carries for one bet."""

from __future__ import annotations

from typing import Annotated

import typer

from baccarat_exact.cli.report import HtmlOption
from baccarat_exact.cli.shared import (
    BETS,
    RULES,
    SHOE,
    FormatOption,
    HandsPerHourOption,
    LevelOption,
    SeedOption,
    ShoesOption,
    TableOption,
    View,
    answer,
    command,
    only_these,
)
from baccarat_exact.commands.submission import SubmissionRequest
from baccarat_exact.report.model import Format

__all__ = ["submission_command"]

BetArgument = Annotated[
    str | None,
    typer.Argument(
        metavar="BET",
        help="The bet submitted: a catalogue name (`baccarat-exact bets`) or a bet of --bets-file.",
        show_default=False,
    ),
]
PaysOption = Annotated[
    list[str] | None,
    typer.Option(
        "--pays",
        metavar="TABLE",
        help="A candidate pay table, repeatable: a catalogue bet that is a pay table of BET "
        '(lucky-6-macau) or "LINE=PAY; LINE=PAY" (default: its published variants).',
        show_default=False,
    ),
]
AverageBetOption = Annotated[
    str, typer.Option("--average-bet", metavar="UNITS", help="The average bet, for the hold.")
]
BuyInOption = Annotated[
    str,
    typer.Option(
        "--buy-in",
        metavar="BETS",
        help="Cash bought in (the drop) an hour of play, in average bets.",
    ),
]


@command(SHOE, RULES, BETS)
def submission_command(
    ctx: typer.Context,
    named: BetArgument = None,
    pays: PaysOption = None,
    average_bet: AverageBetOption = "25",
    buy_in: BuyInOption = "10",
    hands_per_hour: HandsPerHourOption = 70,
    level: LevelOption = 2,
    shoes: ShoesOption = 20_000,
    seed: SeedOption = 0,
    html: HtmlOption = None,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """The math a game submission carries for one bet: the house edge by decks (1-8,
    infinite) and by candidate pay table, true odds beside payout odds for every line,
    the top award's "1 in N" against 1 in 100,000,000 (GLI-11), hold against drop, and
    the advantage-play section (effects of removal, best count, trigger, a seeded run).

    The exact parts come first; the counted run deals --shoes shoes from --seed with the
    fast counting mode (`simulate --fast`), one unit bet at the count's trigger, each
    figure ± its standard error. --format markdown writes the pages; --html FILE writes
    them as one HTML page. Every page carries a fingerprint of the request.
    """
    request = SubmissionRequest(
        shoe=SHOE.value(ctx),
        rules=RULES.value(ctx),
        bets=only_these(BETS.value(ctx), [named] if named else None),
        pays=tuple(pays or ()),
        average_bet=average_bet,
        buy_in=buy_in,
        hands_per_hour=hands_per_hour,
        level=level,
        shoes=shoes,
        seed=seed,
    )
    answer(request, View(fmt, table, html=html))
