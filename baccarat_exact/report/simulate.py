"""The report of ``baccarat-exact simulate``: its tables, notes and JSON document."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from baccarat_exact.analysis.counting import CountFit
from baccarat_exact.analysis.dealing import BurnRule, SimulationSettings
from baccarat_exact.report.describe import describe_rules, describe_shoe
from baccarat_exact.report.documents import envelope
from baccarat_exact.report.model import Cell, Column, Report, Table
from baccarat_exact.report.render import tables_document

if TYPE_CHECKING:
    from baccarat_exact.analysis.estimates import Estimate, SimulationResult

__all__ = ["simulation_report"]


def _est(estimate: Estimate | None) -> tuple[float | None, float | None]:
    if estimate is None:
        return None, None
    return estimate.value, estimate.se


def _pct(name: str, key: str, digits: int = 4) -> Column:
    return Column(name, "percent", digits, key=f"{key}_float")


def _dec(name: str, key: str, digits: int = 4) -> Column:
    return Column(name, "decimal", digits, key=f"{key}_float")


def _bets_when(threshold: float | None, fit: CountFit) -> str:
    """The counting player's rule: a fixed threshold, or the break-even of the linear model."""
    if threshold is not None:
        return f"TC ≥ {threshold:g}"
    if fit.break_even is None:
        return "EV > 0" if fit.ev > 0 else "never"
    sign = "≥" if fit.ev_per_true_count_exact > 0 else "≤"
    return f"TC {sign} {fit.break_even:.1f}"


def simulation_report(result: SimulationResult) -> Report:
    """Exact references and the simulation estimates, in clearly separate tables."""
    s = result.settings
    ref = result.reference
    names = [bet.name for bet in ref.bets]
    settings = Table(
        "Settings",
        (Column("setting"), Column("value")),
        (
            ("shoe", describe_shoe(s.shoe)),
            ("rules", describe_rules(s.rules)),
            ("shoes dealt", f"{s.shoes:,}"),
            ("seed", str(s.seed)),
            (
                "burn",
                "first card turned up, that many burned face down (10-values: 10)"
                if s.burn is BurnRule.standard
                else "none",
            ),
            (
                "cut card",
                f"{s.cut_card} cards from the back (penetration {1 - s.cut_card / s.shoe.cards:.1%})",
            ),
            ("hands dealt", f"{result.hands:,}"),
            (
                "hands per shoe",
                f"{result.hands_per_shoe.value:.2f} ± {result.hands_per_shoe.se or 0:.2f}",
            ),
        ),
    )
    rows: list[tuple[Cell, ...]] = []
    for b, est in enumerate(result.bets):
        rows.append(
            (
                est.bet,
                ref.evs[b],
                *_est(est.mean_ev),
                *_est(est.positive_share),
                *_est(est.positive_mean_ev),
                *_est(est.surebet_share),
            )
        )
    per_hand = Table(
        "Exact EV before every hand, averaged over the hands dealt (simulation estimate ± 1 SE)",
        (
            Column("bet"),
            Column("full-shoe EV", "percent", 4, key="full_shoe_ev"),
            _pct("mean EV", "mean_ev"),
            _pct("± SE", "mean_ev_se"),
            _pct("EV > 0", "positive_share", 3),
            _pct("± SE", "positive_share_se", 3),
            _pct("mean EV when > 0", "positive_mean_ev"),
            _pct("± SE", "positive_mean_ev_se"),
            _pct("surebet", "surebet_share", 3),
            _pct("± SE", "surebet_share_se", 3),
        ),
        tuple(rows),
    )
    gain_rows: list[tuple[Cell, ...]] = []
    for est, fit in zip(result.bets, result.fits):
        gain_rows.append(
            (
                est.bet,
                *_est(est.perfect_gain),
                est.perfect_hands.value,
                fit.count.label(),
                _bets_when(s.threshold, fit),
                *_est(est.count_gain),
                est.count_hands.value,
            )
        )
    gains = Table(
        "Betting 1 unit only when favourable: expected units won per shoe (simulation estimate ± 1 SE)",
        (
            Column("bet"),
            _dec("perfect info", "perfect_gain", 5),
            _dec("± SE", "perfect_gain_se", 5),
            _dec("hands", "perfect_hands", 3),
            Column("count tags", key="count", wrap=15),
            Column("bets when", key="count_bets_when"),
            _dec("count gain", "count_gain", 5),
            _dec("± SE", "count_gain_se", 5),
            _dec("hands", "count_hands", 3),
        ),
        tuple(gain_rows),
    )
    depth_rows = tuple(
        (
            f"{row.first}–{row.last}",
            row.hands,
            *(n / row.hands if row.hands else None for n in row.positive),
            *(n / row.hands if row.hands else None for n in row.surebets),
        )
        for row in result.depth
    )
    depth = Table(
        "By depth: share of hands with EV > 0 and surebets (simulation estimate)",
        (
            Column("cards dealt", key="cards_dealt"),
            Column("hands", "int"),
            *(_pct(f"{n} EV>0", f"{n}_positive", 3) for n in names),
            *(_pct(f"{n} sure", f"{n}_surebet", 3) for n in names),
        ),
        depth_rows,
    )
    report = Report(
        title=f"Shoe simulation: {describe_shoe(s.shoe)}; {describe_rules(s.rules)}",
        blocks=(settings, per_hand, gains, depth),
        notes=(
            "Every hand's EV is exact, for the cards the table has not seen (burned cards stay unseen);",
            "averages, shares and gains over shoes are simulation estimates, ± one standard error over shoes.",
            "bets when: the count player's rule on the true count TC (running count per 52 unseen cards); by",
            "default each bet's derived count and its break-even TC. surebet: wins with probability over 90 %.",
        ),
    )
    body = {"settings": settings_document(s), **tables_document(report)}
    body.pop("report")
    return replace(report, data=envelope("simulate", body, s.chosen_bets))


def settings_document(settings: SimulationSettings) -> dict[str, Any]:
    """Everything that determines a simulation's figures (with its seed), as JSON."""
    count = settings.count
    return {
        "shoe": settings.shoe.to_dict(),
        "rules": settings.rules.to_dict(),
        "bets": [bet.name for bet in settings.chosen_bets],
        "shoes": settings.shoes,
        "seed": settings.seed,
        "burn": settings.burn.value,
        "cut_card": settings.cut_card,
        "count": None if count is None else {"name": count.name, "tags": list(count.tags)},
        "level": settings.level,
        "threshold": settings.threshold,
    }
