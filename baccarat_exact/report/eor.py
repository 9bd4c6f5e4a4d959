"""The report of ``baccarat-exact eor``: its tables, notes and JSON document."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from baccarat_exact.analysis.counting import CountFit, CountSystem
from baccarat_exact.analysis.eor import EffectOfRemoval
from baccarat_exact.model.exact import exact_fields, exact_text
from baccarat_exact.report.describe import describe_rules, describe_shoe
from baccarat_exact.report.model import Cell, Column, Report, Table, identifier

__all__ = ["break_even_exact", "count_rows", "eor_report"]


_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T"]


def _tags_json(count: CountSystem) -> dict[str, int]:
    """A count's tags by card A 2 … 9 T, as documents write them."""
    return dict(zip(_ORDER, count.in_order()))


def break_even_exact(fit: CountFit) -> Fraction | None:
    """The true count at which the linear model's EV reaches 0, exactly (``None`` for a
    count with no slope)."""
    if fit.ev_per_true_count_exact == 0:
        return None
    return -fit.ev / fit.ev_per_true_count_exact


def _fits_json(fit: CountFit) -> dict[str, Any]:
    break_even = break_even_exact(fit)
    return {
        "count": fit.count.name,
        "tags": _tags_json(fit.count),
        "imbalance": fit.imbalance,
        "betting_correlation_float": fit.correlation,
        **exact_fields("slope", fit.slope),
        "ev_per_true_count": exact_text(fit.ev_per_true_count_exact),
        "ev_per_true_count_float": fit.ev_per_true_count,
        **exact_fields("break_even_true_count", break_even),
    }


def count_rows(fits: list[CountFit]) -> tuple[tuple[Cell, ...], ...]:
    """One row per count fit: bet, tags A..T, balance, correlation, break-even true count."""
    return tuple(
        (fit.bet, *fit.count.in_order(), fit.imbalance, fit.correlation, break_even_exact(fit))
        for fit in fits
    )


def _count_table(title: str, name: str, fits: list[CountFit]) -> Table:
    columns = (
        Column("bet"),
        *(Column(card, "int", key=f"tag_{card.lower()}") for card in _ORDER),
        Column("balance", "int", key="imbalance"),
        Column("≈ BC", "decimal", 4, key="betting_correlation_float"),
        Column("≈ BE TC", "decimal", 1, key="break_even_true_count"),
    )
    return Table(title, columns, count_rows(fits), name=name)


def eor_report(
    eor: EffectOfRemoval, derived: list[CountFit], own: list[CountFit], level: int
) -> Report:
    """Effects (percent for display, exact in CSV/JSON), the zero-sum check and the counts.

    The JSON body holds the shoe and rules as priced, each bet's effects and each count's
    fit; the request (with the level and your count's tags as given) is the envelope's.
    """
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
            *(Column(name, "percent", 6, key=f"{identifier(name)}_effect") for name in names),
        ),
        rows,
        name="effects",
    )
    check = Table(
        "Identity: Σ (cards in shoe × effect) = 0 exactly",
        (
            Column("bet"),
            Column("≈ EV of this shoe", "percent", 4, key="ev"),
            Column("Σ cards × effect", "fraction", key="weighted_sum"),
        ),
        tuple((name, eor.evs[b], eor.weighted_sum(b)) for b, name in enumerate(names)),
        name="identity",
    )
    tables = [
        effects,
        check,
        _count_table(f"Balanced counts (Thorp's method, tags up to ±{level})", "counts", derived),
    ]
    if own:
        tables.append(_count_table(f"Your count: {own[0].count.label()}", "your-count", own))
    data = eor.to_dict()
    data["counts"] = {fit.bet: _fits_json(fit) for fit in derived}
    if own:
        data["your_count"] = {fit.bet: _fits_json(fit) for fit in own}
    return Report(
        title=f"Effect of removal: {describe_shoe(eor.shoe)}; {describe_rules(eor.rules)}",
        blocks=tuple(tables),
        notes=(
            "Effect: EV after removing one card of that rank − EV of the shoe (exact in csv).",
            "Tags count per card seen; TC, the true count: running count per 52 unseen cards.",
            "balance: Σ cards × tag over the shoe (0: balanced); BC: betting correlation.",
            "BE TC: the TC at which EV + β·(N−1)/52·TC is 0 (β: slope). ≈: rounded.",
        ),
        data=data,
    )
