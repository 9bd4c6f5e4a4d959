"""``baccarat-exact report``: the math report (PAR sheet) of a shoe's bets, and the hold of
a bet mix; ``--html FILE`` writes it as one self-contained page."""

from __future__ import annotations

from pathlib import Path
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
    View,
    answer,
    command,
    only_these,
)
from baccarat_exact.commands.report import ReportRequest
from baccarat_exact.report.model import Format

__all__ = ["report_command"]

RoundsOption = Annotated[
    str,
    typer.Option(
        "--rounds",
        help="Numbers of rounds, comma-separated: the interval of the average return, "
        "P(ahead) and P(loss) after each.",
    ),
]
ConfidenceOption = Annotated[
    str,
    typer.Option(
        "--confidence",
        help="Confidence levels in per cent, comma-separated: the volatility index z·SD and "
        "the intervals at each.",
    ),
]
LossOption = Annotated[
    str,
    typer.Option(
        "--loss",
        help="Loss thresholds k for P(losing more than k), comma-separated: units (25) or "
        "a share of the units staked over the rounds (10%).",
    ),
]
ActualOption = Annotated[
    str | None,
    typer.Option(
        "--actual",
        metavar="HOLD",
        help="An actual hold of the --mix (8.5% or 0.085 of handle): its two-sided p-value "
        "after each --rounds.",
        show_default=False,
    ),
]
HtmlOption = Annotated[
    Path | None,
    typer.Option(
        "--html",
        metavar="FILE.html",
        help="Also write the report as one self-contained HTML page (charts inline, prints "
        "a section per page).",
        show_default=False,
    ),
]


@command(SHOE, RULES, BETS)
def report_command(
    ctx: typer.Context,
    bets: BetsArgument = None,
    rounds: RoundsOption = "100,1000,10000,100000",
    confidence: ConfidenceOption = "90,95,99",
    loss: LossOption = "10%",
    mix: MixOption = None,
    actual: ActualOption = None,
    html: HtmlOption = None,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """The math report (PAR sheet) a game designer hands over: each bet's pay table with
    exact counts, RTP, hit frequency, SD, volatility index, and where the average return
    falls after N rounds; with --mix, the hold of a mix of bets and how unusual an
    actual hold is (--actual).

    After N rounds, each dealt independently from the shoe, the law of the total is
    convolved from one round's exact law: exactly while its fractions stay short, else in
    floating point (marked "float"), with the normal approximation beside it.
    --format markdown writes the report as pages (a heading per section); --html FILE
    writes the same pages as HTML, with charts. Every page carries a fingerprint of the
    request and the tool's version.
    """
    request = ReportRequest(
        shoe=SHOE.value(ctx),
        rules=RULES.value(ctx),
        bets=only_these(BETS.value(ctx), bets),
        rounds=rounds,
        confidence=confidence,
        loss=loss,
        mix=mix,
        actual=actual,
    )
    answer(request, View(fmt, table, html=html))
