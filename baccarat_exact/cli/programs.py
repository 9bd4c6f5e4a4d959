"""``baccarat-exact programs``: commission programs and rebates on a shoe's bets, exact."""

from __future__ import annotations

from typing import Annotated

import typer

from baccarat_exact.cli.shared import (
    BETS,
    RULES,
    SHOE,
    BetsArgument,
    FormatOption,
    MixOption,
    TableOption,
    answer,
    command,
    only_these,
)
from baccarat_exact.commands.base import View
from baccarat_exact.commands.programs import ProgramsRequest
from baccarat_exact.report.model import Format

__all__ = ["programs_command"]

RollingOption = Annotated[
    str,
    typer.Option(
        "--rolling",
        metavar="RATES",
        help="Rolling commissions paid on the non-negotiable chips bought (Macau caps them "
        'at 1.25%), comma-separated; "" for none.',
    ),
]
TurnoverOption = Annotated[
    str,
    typer.Option(
        "--turnover",
        metavar="RATES",
        help='Commissions on the turnover of cash chips, comma-separated; "" for none.',
    ),
]
TheoOption = Annotated[
    str,
    typer.Option(
        "--theo",
        metavar="SHARES",
        help='Shares of the theoretical loss paid back, comma-separated; "" for none.',
    ),
]
RebateOption = Annotated[
    str,
    typer.Option(
        "--rebate",
        metavar="RATES",
        help="Shares of a session's net loss paid back (at most 100%), comma-separated; "
        '"" for none.',
    ),
]
SessionOption = Annotated[
    str,
    typer.Option(
        "--session",
        metavar="ROUNDS",
        help="Rounds of one unit in a session, comma-separated: the rebate is paid on its "
        "net loss (exact law while affordable, else a floating-point convolution).",
    ),
]
CapOption = Annotated[
    str | None,
    typer.Option(
        "--cap", metavar="UNITS", help="The most rebate a session pays.", show_default=False
    ),
]
MinLossOption = Annotated[
    str | None,
    typer.Option(
        "--min-loss",
        metavar="UNITS",
        help="The least net loss that earns a rebate.",
        show_default=False,
    ),
]


@command(SHOE, RULES, BETS)
def programs_command(
    ctx: typer.Context,
    bets: BetsArgument = None,
    mix: MixOption = None,
    rolling: RollingOption = "1%,1.25%",
    turnover: TurnoverOption = "0.5%",
    theo: TheoOption = "50%",
    rebate: RebateOption = "10%",
    session: SessionOption = "100",
    cap: CapOption = None,
    min_loss: MinLossOption = None,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Commission programs and rebates priced exactly: non-negotiable chips with a rolling
    commission, cash-chip commissions on turnover or on theoretical loss, and rebates on a
    session's net loss, side by side with the break-even rate of each.

    A non-negotiable chip is lost on a loss, kept on a push, and its wins are paid in cash
    chips: its life in bets is geometric, 1/P(loss) bets on average. The rebate on loss
    is priced from the exact law of the session's net result (the law `report` uses),
    with the normal approximation beside it. Every round is dealt from the shoe as given,
    independently of the others (docs/programs.md).
    """
    request = ProgramsRequest(
        shoe=SHOE.value(ctx),
        rules=RULES.value(ctx),
        bets=only_these(BETS.value(ctx), bets),
        mix=mix,
        rolling=rolling,
        turnover=turnover,
        theo=theo,
        rebate=rebate,
        session=session,
        cap=cap,
        min_loss=min_loss,
    )
    answer(request, View(fmt, table))
