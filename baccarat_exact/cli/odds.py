"""``baccarat-exact odds``: exact probabilities and EVs of the next round (or of the round
in progress, given the cards seen), and of a combined stake."""

from __future__ import annotations

from typing import Annotated

import typer

from baccarat_exact.cli.common import FormatOption, TableOption, emit
from baccarat_exact.cli.options import BETS, RULES, SHOE, command
from baccarat_exact.model.bets import Bet, unique_bets
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.seen import Seen
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds
from baccarat_exact.report.model import Format
from baccarat_exact.report.odds import brief_report, odds_report

__all__ = ["odds_command"]

PlayerOption = Annotated[
    str | None,
    typer.Option(
        "--player",
        help="The Player's cards of the round seen so far, in order; ? for one dealt face "
        'down (e.g. "? K"). The shoe option gives the shoe before the round.',
    ),
]
BankerOption = Annotated[
    str | None,
    typer.Option(
        "--banker",
        help="The Banker's cards seen so far, in order; ? for one face down (a ? third card "
        "means the Banker drew).",
    ),
]
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


@command(shoe=SHOE, rules=RULES, bets=BETS)
def odds_command(
    shoe: Shoe,
    rules: Rules,
    bets: tuple[Bet, ...],
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
    seen = Seen.parse(player or "", banker or "") if player or banker else None
    stakes = None
    if stake is not None:
        from baccarat_exact.combination import parse_stakes
        from baccarat_exact.model.catalogue import find_bet

        stakes = parse_stakes(stake)
        named = {bet.name for bet in bets}
        bets = unique_bets(
            (*bets, *(find_bet(name, rules) for name in stakes if name not in named))
        )
    result = odds(shoe, rules, bets, seen=seen)
    combination = result.combination(stakes) if stakes is not None else None
    report = brief_report(result) if brief else odds_report(result, combination)
    emit(report, fmt, table)
