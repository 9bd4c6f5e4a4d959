"""``baccarat-exact eor``: exact effect of removal per card, and the counts derived from it."""

from __future__ import annotations

from baccarat_exact.analysis.counting import bet_fits
from baccarat_exact.analysis.eor import effect_of_removal
from baccarat_exact.cli.common import FormatOption, TableOption, emit
from baccarat_exact.cli.options import BETS, COUNTING, RULES, SHOE, Counting, PlotOption, command
from baccarat_exact.model.bets import Bet
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.report.eor import eor_report
from baccarat_exact.report.model import Format

__all__ = ["eor_command"]


@command(shoe=SHOE.without("infinite"), rules=RULES, bets=BETS, counting=COUNTING)
def eor_command(
    shoe: Shoe,
    rules: Rules,
    bets: tuple[Bet, ...],
    counting: Counting,
    plot: PlotOption = None,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Exact effect of removing one card of each rank on each bet's EV, and card counts from it.

    Also checks the identity Σ cards × effect = 0, derives a balanced count per bet
    (tags proportional to the effects) and reports its betting correlation.
    """
    eor = effect_of_removal(shoe, rules, bets)
    derived, mine = bet_fits(eor, counting.level, counting.own)
    if plot is not None:
        from baccarat_exact.report.plots import plot_effects

        plot_effects(eor, plot)
    emit(eor_report(eor, derived, mine, counting.level), fmt, table)
