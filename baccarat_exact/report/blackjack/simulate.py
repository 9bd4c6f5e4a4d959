"""The report of ``baccarat-exact blackjack simulate``: its tables, notes and JSON document."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from baccarat_exact.analysis.blackjack.simulation import MIN_SHOES, BlackjackSimulation
from baccarat_exact.analysis.estimates import estimate_cells
from baccarat_exact.model.exact import exact_fields, number_text
from baccarat_exact.report.describe import describe_shoe
from baccarat_exact.report.model import Cell, Column, Report, Table
from baccarat_exact.report.render import tables_document

__all__ = ["blackjack_simulation_report"]


def _pct(name: str, key: str, digits: int = 3) -> Column:
    return Column(name, "percent", digits, key=f"{key}_float")


def _bin_label(low: Fraction | None, high: Fraction | None) -> str:
    def pct(x: Fraction) -> str:
        return f"{float(x) * 100:g} %".replace("-", "−")

    if low is None and high is not None:
        return f"≤ {pct(high)}"
    if high is None and low is not None:
        return f"> {pct(low)}"
    assert low is not None and high is not None
    return f"> {pct(low)} to {pct(high)}"


def _share(rounds: int, total: int) -> float | None:
    return rounds / total if total else None


def blackjack_simulation_report(result: BlackjackSimulation) -> Report:
    """The settings, the estimates over the rounds dealt, the EV's distribution and the
    share of rounds the player has the edge by depth, in separate tables."""
    s = result.settings
    shoe = s.full_shoe
    rounds = len(result.rounds)
    arithmetic = "exact" if s.exact else "float"
    settings = Table(
        "Settings",
        (Column("setting"), Column("value", wrap=60)),
        (
            ("shoe", describe_shoe(shoe)),
            ("rules", s.rules.summary(decks=False)),
            ("shoes dealt", f"{s.shoes:,}"),
            ("seed", str(s.seed)),
            ("burn", f"{s.burn} card{'s' if s.burn != 1 else ''} face down at the start"),
            (
                "cut card",
                f"{s.cut} cards from the back (penetration {1 - s.cut / shoe.cards:.1%})",
            ),
            (
                "play",
                "basic strategy of the full shoe "
                f"(player EV {number_text(float(result.strategy_value), '.4%')} there)",
            ),
            ("arithmetic", arithmetic),
            ("rounds dealt", f"{rounds:,}"),
            (
                "rounds per shoe",
                f"{result.rounds_per_shoe.value:.2f}"
                + (f" ± {se:.2f}" if (se := result.rounds_per_shoe.se) is not None else ""),
            ),
        ),
    )
    summary = Table(
        "Exact EV before every round, optimal play (simulation estimates; ± 1 SE over shoes, "
        f"from {MIN_SHOES} shoes)",
        (
            _pct("full-shoe EV", "full_shoe_ev", 4),
            _pct("mean EV", "mean_ev", 4),
            _pct("± SE", "mean_ev_se", 4),
            _pct("mean EV when > 0", "positive_mean_ev", 4),
            _pct("± SE", "positive_mean_ev_se", 4),
        ),
        (
            (
                float(result.full_shoe_ev),
                *estimate_cells(result.mean_ev),
                *estimate_cells(result.positive_mean_ev),
            ),
        ),
        name="summary",
    )
    edge = Table(
        "How often the player has the edge (EV > 0), and what playing only then gains",
        (
            _pct("EV > 0", "positive_share"),
            _pct("± SE", "positive_share_se"),
            Column("gain per shoe", "decimal", 4, key="positive_gain_float"),
            Column("± SE", "decimal", 4, key="positive_gain_se_float"),
        ),
        ((*estimate_cells(result.positive_share), *estimate_cells(result.positive_gain)),),
        name="edge",
    )
    quantiles = Table(
        "Distribution of the EV over the rounds dealt (simulation estimate)",
        (
            Column("EV", key="ev"),
            Column("rounds", "int"),
            _pct("share", "share", 2),
        ),
        tuple((_bin_label(b.low, b.high), b.rounds, _share(b.rounds, rounds)) for b in result.bins),
        name="distribution",
    )
    percentiles = Table(
        "Percentiles of the EV (simulation estimate)",
        (Column("percentile"), _pct("EV", "ev", 4)),
        tuple((name, value) for name, value in result.quantiles),
    )
    depth_rows: tuple[tuple[Cell, ...], ...] = tuple(
        (
            f"{band.first}–{band.last}",
            band.rounds,
            band.positive,
            _share(band.positive, band.rounds),
            band.mean_ev,
            band.best_ev,
        )
        for band in result.depth
    )
    depth = Table(
        "By depth: how often the player has the edge (EV > 0), by cards dealt (simulation estimate)",
        (
            Column("cards dealt", key="cards_dealt"),
            Column("rounds", "int"),
            Column("EV > 0", "int", key="positive"),
            _pct("share EV > 0", "positive_share"),
            _pct("mean EV", "mean_ev", 4),
            _pct("largest EV", "largest_ev", 4),
        ),
        depth_rows,
        name="depth",
    )
    notes = [
        "Every round's EV is exact for the cards not yet seen (the burned cards stay unseen), "
        "the player playing it best for that composition; averages and shares over rounds "
        "are simulation estimates, ± one standard error over shoes.",
        "The rounds are played by the full shoe's basic strategy, card by card, which decides "
        "how far each round moves the shoe. A round starts while the cut card has not come "
        "out and the cards not yet seen can be priced exactly.",
        "gain per shoe: units won per shoe by playing 1 unit only the rounds with EV > 0 (the "
        "others sat out).",
    ]
    if s.shoes < MIN_SHOES:
        notes.append(
            f"From {s.shoes} shoe{'s' if s.shoes != 1 else ''} these figures describe the shoes "
            f"dealt, not the game: no ± is given below {MIN_SHOES} shoes. For estimates deal "
            "more (--shoes 100; --jobs shares them out; a six-deck shoe takes seconds of CPU "
            "exact, about half with --float)."
        )
    if not s.exact:
        notes.append("Float arithmetic (--float): EVs agree with the exact ones to about 1e-12.")
    report = Report(
        title=f"Blackjack shoe simulation: {describe_shoe(shoe)}; {s.rules.summary(decks=False, play=True)}",
        blocks=(summary, edge, quantiles, percentiles, depth, settings),
        notes=tuple(notes),
        main="depth",
    )
    body: dict[str, Any] = {
        "shoe": s.full_shoe.to_dict(),
        "rules": s.rules.to_dict(),
        "burn": s.burn,
        "cut_card": s.cut,
        "arithmetic": arithmetic,
        **exact_fields("full_shoe_ev", result.full_shoe_ev, exact=s.exact),
        **exact_fields("strategy_ev", result.strategy_value, exact=False),
        "rounds": rounds,
        **tables_document(report),
    }
    return replace(report, data=body)
