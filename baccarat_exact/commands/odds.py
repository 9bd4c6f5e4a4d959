"""``baccarat-exact odds``: exact probabilities and EVs of the next round."""

from __future__ import annotations

from baccarat_exact.cliutil import FormatOption, emit, handle_errors
from baccarat_exact.commands.options import (
    CommissionOption,
    CountsOption,
    DecksOption,
    InfiniteOption,
    RemoveOption,
    TiePaysOption,
    rules_from_options,
    shoe_from_options,
)
from baccarat_exact.describe import describe_rules, describe_shoe
from baccarat_exact.events import Outcome
from baccarat_exact.odds import Odds, odds
from baccarat_exact.report import Column, Format, Report, Table

__all__ = ["odds_command", "odds_report"]


def odds_report(result: Odds) -> Report:
    """The outcome and bet tables of ``result``; JSON is ``result.to_dict()``."""
    denominator = (
        "weights out of (Σ weights)^6" if result.total is None else f"out of {result.total:,}"
    )
    outcome_rows = tuple(
        (outcome.value, result.counts[outcome] if result.total is not None else None, p, p)
        for outcome in Outcome
        for p in (result.probability(outcome),)
    )
    outcomes = Table(
        f"Outcomes (six-card sequences {denominator})",
        (
            Column("outcome"),
            Column("count", "int"),
            Column("probability", "fraction"),
            Column("≈ probability", "decimal", key="probability_float"),
        ),
        outcome_rows,
    )
    bet_rows = tuple(
        (bet.name, pays, bet.win, bet.push, bet.lose, bet.ev, -bet.ev, bet.surebet)
        for bet in result.bets
        for pays in (next((line.pays for line in bet.bet.lines if line.pays > 0), None),)
    )
    bets = Table(
        "Bets (per unit staked)",
        (
            Column("bet"),
            Column("pays", "fraction"),
            Column("≈ win", "decimal", 6, key="win"),
            Column("≈ push", "decimal", 6, key="push"),
            Column("≈ lose", "decimal", 6, key="lose"),
            Column("EV", "fraction", key="ev"),
            Column("≈ house edge", "percent", 4, key="house_edge_float"),
            Column("surebet", "bool"),
        ),
        bet_rows,
    )
    return Report(
        title=f"Exact odds: {describe_shoe(result.shoe)}; {describe_rules(result.rules)}",
        tables=(outcomes, bets),
        notes=(
            "≈ columns are rounded; --format json or csv gives every value exactly.",
            "surebet: probability of winning over 90 % (the house's bonus-money rule).",
        ),
        data=result.to_dict(),
    )


@handle_errors
def odds_command(
    decks: DecksOption = None,
    remove: RemoveOption = "",
    counts: CountsOption = None,
    infinite: InfiniteOption = False,
    commission: CommissionOption = None,
    tie_pays: TiePaysOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Exact odds of the next round: outcome probabilities and the EV of Banker, Player and Tie.

    Every probability is counted exactly over all six-card sequences the shoe can deal.
    """
    shoe = shoe_from_options(decks, remove, counts, infinite)
    rules = rules_from_options(commission, tie_pays)
    emit(odds_report(odds(shoe, rules)), fmt)
