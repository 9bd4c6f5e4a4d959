"""``baccarat-exact odds``: exact probabilities and EVs of the next round."""

from __future__ import annotations

from typing import Annotated

import typer

from baccarat_exact.cli.common import FormatOption, TableOption, emit
from baccarat_exact.cli.options import BETS, RULES, SHOE, command
from baccarat_exact.model.bets import Bet
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds
from baccarat_exact.report.model import Format
from baccarat_exact.report.odds import brief_report, odds_report

__all__ = ["odds_command"]


BriefOption = Annotated[
    bool,
    typer.Option("--brief", help="One line per bet: probability of winning, exact EV, house edge."),
]


@command(shoe=SHOE, rules=RULES, bets=BETS)
def odds_command(
    shoe: Shoe,
    rules: Rules,
    bets: tuple[Bet, ...],
    brief: BriefOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Exact odds of the next round: outcome probabilities and the EV of Banker, Player and Tie,
    plus any side bets (--bet, --bets-file, the game's own), with each bet's pay lines,
    house edge, hit frequency, variance and element of risk.

    Every probability is counted exactly over all six-card sequences the shoe can deal.
    A surebet wins with probability over 90 %, the rule by which some casinos exclude such
    bets from bonus wagering.
    """
    result = odds(shoe, rules, bets)
    emit(brief_report(result) if brief else odds_report(result), fmt, table)
