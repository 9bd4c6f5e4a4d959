"""``baccarat-exact odds``: exact probabilities and EVs of the next round."""

from __future__ import annotations

from baccarat_exact.cli.common import FormatOption, emit, handle_errors
from baccarat_exact.cli.options import (
    BetOption,
    BetsFileOption,
    CommissionOption,
    CountsOption,
    DecksOption,
    GameOption,
    InfiniteOption,
    RemoveOption,
    TiePaysOption,
    bets_from_options,
    game_rules_from_options,
    shoe_from_options,
)
from baccarat_exact.model.events import Outcome
from baccarat_exact.pricing import Odds, odds
from baccarat_exact.report.describe import describe_rules, describe_shoe
from baccarat_exact.report.render import Column, Format, Report, Table
from baccarat_exact.stats import all_stats, odds_document

__all__ = ["odds_command", "odds_report"]


def _stats_tables(result: Odds) -> tuple[Table, Table]:
    """Every bet's pay lines, and its house edge, hit frequency, variance and element of risk."""
    stats = all_stats(result.bets)
    finite = result.total is not None
    lines = Table(
        "Pay lines (per unit staked)",
        (
            Column("bet"),
            Column("line"),
            Column("pays", "fraction"),
            Column("count", "int"),
            Column("≈ probability", "decimal", 6, key="probability"),
            Column("≈ return", "decimal", 6, key="return"),
        ),
        tuple(
            (
                s.name,
                line.name,
                line.pays,
                line.count if finite else None,
                line.probability,
                line.pays * line.probability,
            )
            for s in stats
            for line in s.lines
        ),
    )
    summary = Table(
        "Bet statistics (per unit staked)",
        (
            Column("bet"),
            Column("≈ house edge", "percent", 4, key="house_edge"),
            Column("≈ hit frequency", "decimal", 6, key="hit_frequency"),
            Column("≈ variance", "decimal", 4, key="variance"),
            Column("≈ std dev", "decimal", 4, key="std_dev_float"),
            Column("≈ element of risk", "percent", 4, key="element_of_risk"),
        ),
        tuple(
            (s.name, s.house_edge, s.hit_frequency, s.variance, s.std_dev, s.element_of_risk)
            for s in stats
        ),
    )
    return lines, summary


def odds_report(result: Odds) -> Report:
    """The outcome and bet tables of ``result``, then every bet's pay lines and
    statistics; JSON is :func:`~baccarat_exact.betstats.odds_document`."""
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
    notes = [
        "≈ columns are rounded; --format json or csv gives every value exactly.",
        "surebet: probability of winning over 90 % (the house's bonus-money rule).",
    ]
    for win in result.rules.special_wins:
        notes.append(f"{result.rules.game}: a {win.bet} {win.name} pays {win.pays} to 1.")
    if any(bet.bet.needs_suits for bet in result.bets) and not result.shoe.suits_exact:
        notes.append(
            "Suited bets: exact averages over every way the cards of unknown suit taken out "
            "can have fallen (docs/bets.md)."
        )
    return Report(
        title=f"Exact odds: {describe_shoe(result.shoe)}; {describe_rules(result.rules)}",
        tables=(outcomes, bets, *_stats_tables(result)),
        notes=tuple(notes),
        data=odds_document(result),
    )


@handle_errors
def odds_command(
    decks: DecksOption = None,
    remove: RemoveOption = "",
    counts: CountsOption = None,
    infinite: InfiniteOption = False,
    game: GameOption = "punto-banco",
    commission: CommissionOption = None,
    tie_pays: TiePaysOption = None,
    bet: BetOption = None,
    bets_file: BetsFileOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Exact odds of the next round: outcome probabilities and the EV of Banker, Player and Tie,
    plus any side bets (--bet, --bets-file, the game's own), with each bet's pay lines,
    house edge, hit frequency, variance and element of risk.

    Every probability is counted exactly over all six-card sequences the shoe can deal.
    """
    shoe = shoe_from_options(decks, remove, counts, infinite)
    rules = game_rules_from_options(game, commission, tie_pays)
    bets = bets_from_options(rules, bet, bets_file, game)
    emit(odds_report(odds(shoe, rules, bets)), fmt)
