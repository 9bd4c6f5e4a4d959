"""``baccarat-exact odds``: exact probabilities and EVs of the next round (or of the round
in progress, given the cards seen), and of a combined stake."""

from __future__ import annotations

from typing import Annotated

import typer

from baccarat_exact.cli.shared import (
    BETS,
    RULES,
    SHOE,
    BankerOption,
    FormatOption,
    PlayerOption,
    TableOption,
    View,
    answer,
    command,
)
from baccarat_exact.commands.odds import OddsRequest
from baccarat_exact.report.model import Format

__all__ = ["odds_command"]

StakeOption = Annotated[
    str | None,
    typer.Option(
        "--stake",
        help='Stakes on several bets at once, e.g. "banker=10,player-pair=1,tie=1": the exact '
        "EV, variance, distribution and chance of a net loss of the whole stake.",
    ),
]
BriefOption = Annotated[
    bool,
    typer.Option("--brief", help="One line per bet: probability of winning, exact EV, house edge."),
]


@command(SHOE, RULES, BETS)
def odds_command(
    ctx: typer.Context,
    player: PlayerOption = None,
    banker: BankerOption = None,
    stake: StakeOption = None,
    brief: BriefOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Exact odds of the next round: outcome probabilities and the EV of Banker, Player and Tie,
    plus any side bets (--bet, --bets-file, the game's own), with each bet's pay lines,
    house edge, hit frequency, variance and element of risk.

    Every probability is counted exactly over all six-card sequences the shoe can deal;
    with --player/--banker, over those that agree with the cards already seen.
    A surebet wins with probability over 90 %, the rule by which some casinos exclude such
    bets from bonus wagering.
    """
    request = OddsRequest(
        shoe=SHOE.value(ctx),
        rules=RULES.value(ctx),
        bets=BETS.value(ctx),
        player=player,
        banker=banker,
        stake=stake,
    )
    answer(request, View(fmt, table, brief=brief))
