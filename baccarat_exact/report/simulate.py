"""The report of ``baccarat-exact simulate``: its tables, notes and JSON document.

The exact references (each bet's full-shoe EV) and the simulation estimates (floats,
each with its standard error over shoes) sit in separate columns, the estimates under
keys ending ``_float``. The JSON document keys its tables by the names ``--table``
takes (``per_hand``, ``perfect``, ``count``, ``depth``, ``depth_surebets``), each row as
the CSV of that table writes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from baccarat_exact.analysis.dealing import burn_text
from baccarat_exact.model.exact import exact_text, int_text, to_float
from baccarat_exact.report.describe import describe_rules, describe_shoe
from baccarat_exact.report.model import Cell, Column, Report, Table, identifier

if TYPE_CHECKING:
    from baccarat_exact.analysis.counting import CountFit
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


def _settings(result: SimulationResult) -> Table:
    s = result.settings
    return Table(
        "Settings",
        (Column("setting"), Column("value", wrap=60)),
        (
            ("shoe", describe_shoe(s.shoe)),
            ("rules", describe_rules(s.rules)),
            ("shoes dealt", int_text(s.shoes, grouped=True)),
            ("seed", str(s.seed)),
            ("burn", burn_text(s.burn)),
            (
                "cut card",
                f"{s.cut_card} cards from the back "
                f"(penetration {1 - s.cut_card / s.shoe.cards:.1%})",
            ),
            ("hands dealt", int_text(result.hands, grouped=True)),
            (
                "hands per shoe",
                f"{result.hands_per_shoe.value:.2f} ± {result.hands_per_shoe.se or 0:.2f}",
            ),
        ),
        name="settings",
    )


def _per_hand(result: SimulationResult) -> Table:
    rows: tuple[tuple[Cell, ...], ...] = tuple(
        (est.bet, result.reference.evs[b], *_est(est.mean_ev), *_est(est.surebet_share))
        for b, est in enumerate(result.bets)
    )
    return Table(
        "Exact EV before every hand, averaged over the hands dealt (estimate ± 1 SE)",
        (
            Column("bet"),
            Column("full-shoe EV", "percent", 4, key="full_shoe_ev"),
            _pct("mean EV", "mean_ev"),
            _pct("± SE", "mean_ev_se"),
            _pct("surebet", "surebet_share", 3),
            _pct("± SE", "surebet_share_se", 3),
        ),
        rows,
        name="per-hand",
    )


def _perfect(result: SimulationResult) -> Table:
    rows: tuple[tuple[Cell, ...], ...] = tuple(
        (
            est.bet,
            *_est(est.positive_share),
            *_est(est.positive_mean_ev),
            *_est(est.perfect_gain),
            est.perfect_hands.value,
        )
        for est in result.bets
    )
    return Table(
        "Perfect information: 1 unit on every hand whose exact EV is positive (± 1 SE)",
        (
            Column("bet"),
            _pct("EV > 0", "positive_share", 3),
            _pct("± SE", "positive_share_se", 3),
            _pct("mean EV", "positive_mean_ev", 3),
            _pct("± SE", "positive_mean_ev_se", 3),
            _dec("won/shoe", "perfect_gain", 5),
            _dec("± SE", "perfect_gain_se", 5),
            _dec("bets/shoe", "perfect_hands", 3),
        ),
        rows,
        name="perfect",
    )


def _count(result: SimulationResult) -> Table:
    threshold = result.settings.threshold
    rows: tuple[tuple[Cell, ...], ...] = tuple(
        (
            est.bet,
            fit.count.label(),
            _bets_when(threshold, fit),
            *_est(est.count_gain),
            est.count_hands.value,
        )
        for est, fit in zip(result.bets, result.fits)
    )
    return Table(
        "Counting: 1 unit on every hand the count favours (± 1 SE)",
        (
            Column("bet"),
            Column("count tags", key="count_tags", wrap=24),
            Column("bets when", key="bets_when"),
            _dec("won/shoe", "count_gain", 5),
            _dec("± SE", "count_gain_se", 5),
            _dec("bets/shoe", "count_hands", 3),
        ),
        rows,
        name="count",
    )


def _depth(result: SimulationResult, surebets: bool) -> Table:
    names = [est.bet for est in result.bets]
    what = "surebet" if surebets else "positive"
    rows = tuple(
        (
            f"{row.first}–{row.last}",
            row.hands,
            *(
                n / row.hands if row.hands else None
                for n in (row.surebets if surebets else row.positive)
            ),
        )
        for row in result.depth
    )
    title = "that are a surebet" if surebets else "with EV > 0"
    return Table(
        f"By depth: share of hands {title} (estimate)",
        (
            Column("cards dealt", key="cards_dealt"),
            Column("hands", "int"),
            *(_pct(n, f"{identifier(n)}_{what}", 3) for n in names),
        ),
        rows,
        name="depth-surebets" if surebets else "depth",
    )


def _records(table: Table) -> list[dict[str, Any]]:
    """The rows as the table's CSV writes them: exact values as text, each exact number
    with its decimal under ``<key>_float`` beside it, estimates as floats."""
    rows = []
    for row in table.rows:
        record: dict[str, Any] = {}
        for value, column in zip(row, table.columns):
            key = column.data_name
            if key.endswith("_float"):
                record[key] = None if value is None else to_float(value)  # type: ignore[arg-type]
            elif column.style in ("fraction", "decimal", "percent") and value is not None:
                record[key] = exact_text(value)  # type: ignore[arg-type]
                record[f"{key}_float"] = to_float(value)  # type: ignore[arg-type]
            else:
                record[key] = value
        rows.append(record)
    return rows


def simulation_report(result: SimulationResult) -> Report:
    """Exact references and the simulation estimates, in clearly separate tables.

    The JSON body holds the shoe, rules, bets and cut card as dealt, the hands dealt and
    every table but the settings (the request records them as given).
    """
    s = result.settings
    tables = (
        _per_hand(result),
        _perfect(result),
        _count(result),
        _depth(result, surebets=False),
        _depth(result, surebets=True),
    )
    body: dict[str, Any] = {
        "shoe": s.shoe.to_dict(),
        "rules": s.rules.to_dict(),
        "bets": [bet.name for bet in s.chosen_bets],
        "cut_card": s.cut_card,
        "hands": result.hands,
        "hands_per_shoe_float": result.hands_per_shoe.value,
        "hands_per_shoe_se_float": result.hands_per_shoe.se,
        "tables": {identifier(table.key): _records(table) for table in tables},
    }
    return Report(
        title=f"Shoe simulation: {describe_shoe(s.shoe)}; {describe_rules(s.rules)}",
        blocks=(_settings(result), *tables),
        notes=(
            "Every hand's EV is exact for the cards the table has not seen (burns unseen);",
            "averages, shares and gains over shoes are estimates ± 1 standard error.",
            "bets when: the count's rule on the true count TC (running count per 52 unseen",
            "cards): each bet's derived count at its break-even TC, unless --threshold.",
            "surebet: the bet wins with probability over 90 %.",
        ),
        data=body,
        main="per-hand",
    )
