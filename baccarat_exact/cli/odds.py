"""``baccarat-exact odds``: exact probabilities and EVs of the next round."""

from __future__ import annotations

from baccarat_exact.cli.common import FormatOption, emit
from baccarat_exact.cli.options import BETS, RULES, SHOE, command
from baccarat_exact.model.bets import Bet
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds
from baccarat_exact.report.model import Format
from baccarat_exact.report.odds import odds_report

__all__ = ["odds_command"]


@command(shoe=SHOE, rules=RULES, bets=BETS)
def odds_command(
    shoe: Shoe, rules: Rules, bets: tuple[Bet, ...], fmt: FormatOption = Format.table
) -> None:
    """Exact odds of the next round: outcome probabilities and the EV of Banker, Player and Tie,
    plus any side bets (--bet, --bets-file, the game's own), with each bet's pay lines,
    house edge, hit frequency, variance and element of risk.

    Every probability is counted exactly over all six-card sequences the shoe can deal.
    """
    emit(odds_report(odds(shoe, rules, bets)), fmt)
