"""The report of ``baccarat-exact odds``: its tables, notes and JSON document."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from baccarat_exact.model.events import Outcome
from baccarat_exact.model.exact import exact_fields, exact_text, int_text
from baccarat_exact.pricing import BetOdds, Odds
from baccarat_exact.report.describe import describe_rules, describe_shoe
from baccarat_exact.report.model import Column, Report, Table
from baccarat_exact.stats import all_stats, bet_stats

if TYPE_CHECKING:
    from baccarat_exact.combination import Combination

__all__ = ["SUREBET_NOTE", "brief_report", "odds_document", "odds_report", "stats_dict"]

SUREBET_NOTE = "surebet: wins with probability over 90 % (some casinos bar it from bonus play)."
"""What the surebet column means, said wherever it is shown."""


def _stats_tables(result: Odds) -> tuple[Table, Table]:
    """Every bet's pay lines, and its hit frequency, variance, element of risk."""
    stats = all_stats(result.bets)
    finite = result.total is not None
    lines = Table(
        "Pay lines (per unit staked)",
        (
            Column("bet"),
            Column("line", wrap=16),
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
            Column("≈ hit frequency", "decimal", 6, key="hit_frequency"),
            Column("≈ variance", "decimal", 4, key="variance"),
            Column("≈ std dev", "decimal", 4, key="std_dev_float"),
            Column("≈ element of risk", "percent", 4, key="element_of_risk"),
            Column("surebet", "bool"),
        ),
        tuple(
            (s.name, s.hit_frequency, s.variance, s.std_dev, s.element_of_risk, bet.surebet)
            for s, bet in zip(stats, result.bets)
        ),
    )
    return lines, summary


def _outcomes_title(result: Odds) -> str:
    """What the outcome counts count, and out of what."""
    if result.total is None:
        return (
            "Outcomes (weights of the unseen cards' values)"
            if result.seen
            else "Outcomes (infinite shoe: weights out of (Σ weights)^6)"
        )
    total = int_text(result.total, grouped=True)
    if result.seen:
        return f"Outcomes (ways to deal the cards not seen, out of {total})"
    return f"Outcomes (six-card sequences out of {total})"


def odds_report(result: Odds, combination: Combination | None = None) -> Report:
    """The answer first — each bet's pays, chances, house edge and EV, rounded — then the
    exact part: outcome counts and probabilities, exact EVs, pay lines, statistics, and
    the tables of a combined stake; JSON is :func:`odds_document`."""
    bets = Table(
        "",
        (
            Column("bet"),
            Column("pays", "fraction"),
            Column("≈ P(win)", "decimal", 6, key="win"),
            Column("≈ P(push)", "decimal", 6, key="push"),
            Column("≈ house edge", "percent", 4, key="house_edge"),
            Column("≈ EV", "decimal", 6, key="ev"),
        ),
        tuple((bet.name, _pays(bet), bet.win, bet.push, -bet.ev, bet.ev) for bet in result.bets),
        name="bets",
    )
    outcomes = Table(
        _outcomes_title(result),
        (
            Column("outcome"),
            Column("count", "int"),
            Column("probability", "fraction"),
            Column("≈ probability", "decimal", key="probability_float"),
        ),
        tuple(
            (outcome.value, result.counts[outcome] if result.total is not None else None, p, p)
            for outcome in Outcome
            for p in (result.probability(outcome),)
        ),
    )
    exact_ev = Table(
        "Exact EV (per unit staked)",
        (Column("bet"), Column("EV", "fraction", key="ev")),
        tuple((bet.name, bet.ev) for bet in result.bets),
        name="exact-ev",
    )
    notes = ["≈ columns are rounded; --format json or csv gives every value exactly.", SUREBET_NOTE]
    for win in result.rules.special_wins:
        notes.append(f"{result.rules.game}: a {win.bet} {win.name} pays {win.pays} to 1.")
    if any(bet.bet.needs_suits for bet in result.bets) and not result.shoe.suits_exact:
        notes.append("suited bets: averaged exactly over every way the unknown suits can fall.")
    title = f"Exact odds: {describe_shoe(result.shoe)}; {describe_rules(result.rules)}"
    if result.seen:
        title = (
            f"Exact odds of the round in progress ({result.seen}): shoe before the round "
            f"{describe_shoe(result.shoe)}; {describe_rules(result.rules)}"
        )
        notes.append("given the cards seen (? = face down); nothing assumed of cards not listed.")
    extra: tuple[Table, ...] = ()
    if combination is not None:
        from baccarat_exact.report.combination import combination_tables

        extra = combination_tables(combination)
        notes.append("stake: element of risk = expected net loss / expected stake not pushed.")
    return Report(
        title=title,
        blocks=(bets, *extra, outcomes, exact_ev, *_stats_tables(result)),
        notes=tuple(notes),
        data=odds_document(result, combination),
        main="bets",
    )


def _pays(bet: BetOdds) -> Fraction | None:
    """What a bet pays when it wins (its first paying line), for the table."""
    return next((line.pays for line in bet.bet.lines if line.pays > 0), None)


def brief_report(result: Odds, combination: Combination | None = None) -> Report:
    """One line per bet: its probability of winning, exact EV and house edge
    (``odds --brief``), and the combined stake's figures if one is staked; JSON is
    :func:`odds_document`, as for the full report."""
    table = Table(
        "",
        (
            Column("bet"),
            Column("≈ P(win)", "decimal", 6, key="win"),
            Column("EV", "fraction", key="ev"),
            Column("≈ house edge", "percent", 4, key="house_edge"),
        ),
        tuple((bet.name, bet.win, bet.ev, -bet.ev) for bet in result.bets),
        name="bets",
    )
    extra: tuple[Table, ...] = ()
    if combination is not None:
        from baccarat_exact.report.combination import combination_tables

        extra = combination_tables(combination)[:1]
    return Report(
        title="",
        blocks=(table, *extra),
        data=odds_document(result, combination),
    )


def _count_json(count: int | Fraction) -> int | str:
    """A count as JSON keeps it: an integer, or an expected count as ``"p/q"``."""
    if isinstance(count, Fraction):
        return count.numerator if count.denominator == 1 else exact_text(count)
    return count


def stats_dict(result: BetOdds, *, counts: bool = True) -> dict[str, Any]:
    """A bet's JSON entry: schema 1's keys, then lines, variance, hit frequency and the rest.

    ``counts=False`` (an infinite shoe) writes each line's count as null.
    """
    stats = bet_stats(result)
    document = result.to_dict()
    document.update(exact_fields("house_edge", stats.house_edge))
    document.update(exact_fields("hit_frequency", stats.hit_frequency))
    document.update(exact_fields("variance", stats.variance))
    document["std_dev_float"] = stats.std_dev
    document.update(exact_fields("element_of_risk", stats.element_of_risk))
    document["lines"] = [
        {
            "name": line.name,
            "pays": exact_text(line.pays),
            "count": _count_json(line.count) if counts else None,
            **exact_fields("probability", line.probability),
        }
        for line in stats.lines
    ]
    return document


def odds_document(result: Odds, combination: Combination | None = None) -> dict[str, Any]:
    """The JSON document of ``odds --format json``: schema 1 (``Odds.to_dict``) with
    every bet's entry extended by :func:`stats_dict`, and the combined stake if any."""
    document = result.to_dict()
    finite = result.total is not None
    document["bets"] = {bet.name: stats_dict(bet, counts=finite) for bet in result.bets}
    if combination is not None:
        document["combination"] = combination.to_dict()
    return document
