"""The report of ``baccarat-exact eor``: its tables, notes and JSON document."""

from __future__ import annotations

from typing import Any

from baccarat_exact.analysis.counting import CountFit, CountSystem
from baccarat_exact.analysis.eor import EffectOfRemoval
from baccarat_exact.model.exact import exact_text
from baccarat_exact.report.describe import describe_rules, describe_shoe
from baccarat_exact.report.documents import envelope
from baccarat_exact.report.model import Cell, Column, Report, Table

__all__ = ["count_rows", "eor_report"]


_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T"]


def _tags_json(count: CountSystem) -> dict[str, int]:
    """A count's tags by card A 2 … 9 T, as documents write them."""
    return dict(zip(_ORDER, count.in_order()))


def _fits_json(fit: CountFit) -> dict[str, Any]:
    return {
        "count": fit.count.name,
        "tags": _tags_json(fit.count),
        "imbalance": fit.imbalance,
        "betting_correlation_float": fit.correlation,
        "slope": exact_text(fit.slope),
        "ev_per_true_count_float": fit.ev_per_true_count,
        "break_even_true_count_float": fit.break_even,
    }


def count_rows(fits: list[CountFit]) -> tuple[tuple[Cell, ...], ...]:
    """One row per count fit: bet, tags A..T, balance, correlation, break-even true count."""
    return tuple(
        (fit.bet, *fit.count.in_order(), fit.imbalance, fit.correlation, fit.break_even)
        for fit in fits
    )


def _count_table(title: str, fits: list[CountFit]) -> Table:
    columns = (
        Column("bet"),
        *(Column(card, "int") for card in _ORDER),
        Column("balance", "int", key="imbalance"),
        Column("≈ correlation", "decimal", 4, key="betting_correlation_float"),
        Column("≈ break-even TC", "decimal", 1, key="break_even_true_count_float"),
    )
    return Table(title, columns, count_rows(fits))


def eor_report(
    eor: EffectOfRemoval, derived: list[CountFit], own: list[CountFit], level: int
) -> Report:
    """Effects (percent for display, exact in CSV/JSON), the zero-sum check and the counts."""
    names = [bet.name for bet in eor.bets]
    rows = tuple(
        (
            row.label,
            row.cards,
            *(None if row.effects is None else row.effects[b] for b in range(len(names))),
        )
        for row in eor.rows
    )
    effects = Table(
        "Effect on each bet's EV of removing one card (≈ % of a unit per card)",
        (
            Column("card"),
            Column("in shoe", "int", key="cards"),
            *(Column(name, "percent", 6, key=f"{name}_effect") for name in names),
        ),
        rows,
    )
    check = Table(
        "Identity: Σ (cards in shoe × effect) = 0 exactly",
        (
            Column("bet"),
            Column("≈ EV of this shoe", "percent", 4, key="ev_float"),
            Column("Σ cards × effect", "fraction", key="weighted_sum"),
        ),
        tuple((name, eor.evs[b], eor.weighted_sum(b)) for b, name in enumerate(names)),
    )
    tables = [
        effects,
        check,
        _count_table(f"Balanced counts (Thorp's method, tags up to ±{level})", derived),
    ]
    if own:
        tables.append(_count_table(f"Your count: {own[0].count.label()}", own))
    data = eor.to_dict()
    data["level"] = level
    data["count"] = (
        None if not own else {"name": own[0].count.name, "tags": _tags_json(own[0].count)}
    )
    data["counts"] = {fit.bet: _fits_json(fit) for fit in derived}
    if own:
        data["your_count"] = {fit.bet: _fits_json(fit) for fit in own}
    return Report(
        title=f"Effect of removal: {describe_shoe(eor.shoe)}; {describe_rules(eor.rules)}",
        blocks=tuple(tables),
        notes=(
            "Effect = EV after removing one card of that rank − EV of the shoe (exact in --format json/csv).",
            "Count tags are per card seen; the true count is the running count per 52 unseen cards.",
            "balance: Σ cards × tag over this shoe (0 = balanced); break-even TC: the true count at which",
            "the linear model EV + β·(N−1)/52·TC reaches 0. ≈ columns are rounded.",
        ),
        data=envelope("eor", data, eor.bets),
    )
