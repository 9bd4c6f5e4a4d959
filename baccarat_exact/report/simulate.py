"""The report of ``baccarat-exact simulate``: its tables, notes and JSON document.

The exact references (each bet's full-shoe EV) and the simulation estimates (floats,
each with its standard error over shoes) sit in separate columns, the estimates under
keys ending ``_float``. The JSON document keys its tables by the names ``--table``
takes (``per_hand``, ``perfect``, ``count``, ``depth``, ``depth_surebets``,
``economics``, ``risk``, and with compared counts ``counts``, with ramps ``ramps``),
each row as the CSV of that table writes it; beside them, every strategy's figures
each with its standard error (``economics``), the counts compared with the paired and
unpaired standard errors of their differences (``comparisons``) and the counts played
(``counts``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from baccarat_exact.analysis.dealing import burn_text
from baccarat_exact.analysis.estimates import LONG_ENOUGH, PATH_PLAYERS, estimate_cells
from baccarat_exact.model.exact import exact_fields, int_text, number_text, to_float
from baccarat_exact.report.describe import describe_rules, describe_shoe
from baccarat_exact.report.model import Cell, Column, Report, Table, identifier
from baccarat_exact.report.planning import (
    NEVER_BETS,
    PLANNING_NOTES,
    Trip,
    planning_record,
    planning_table,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from baccarat_exact.analysis.counting import CountFit
    from baccarat_exact.analysis.dealing import SimulationSettings
    from baccarat_exact.analysis.estimates import Estimate
    from baccarat_exact.analysis.simulate_results import (
        CountComparison,
        SimulationResult,
        StrategyEconomics,
    )

__all__ = [
    "ECONOMICS_NOTES",
    "comparison_record",
    "comparison_table",
    "economics_record",
    "economics_table",
    "ramps_table",
    "risk_table",
    "simulation_report",
    "strategy_cells",
]


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
    return f"TC {sign} {number_text(fit.break_even, '.1f')}"


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
        (
            est.bet,
            result.reference.evs[b],
            *estimate_cells(est.mean_ev),
            *estimate_cells(est.surebet_share),
        )
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
            *estimate_cells(est.positive_share),
            *estimate_cells(est.positive_mean_ev),
            *estimate_cells(est.perfect_gain),
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
            *estimate_cells(est.count_gain),
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


_BETTING = {
    "perfect": "perfect",
    "flat": "flat",
    "ramp": "ramp",
    "kelly": "Kelly",
    "optimal": "optimal",
}
"""How each kind of strategy is named in the tables."""


def strategy_cells(row: StrategyEconomics) -> tuple[Cell, ...]:
    """The bet, the count and the way of betting of a strategy's row."""
    return (row.bet, row.count or "", _BETTING[row.strategy.kind])


def _value(estimate: Estimate | None) -> float | None:
    return None if estimate is None else estimate.value


def never_bets(row: StrategyEconomics) -> bool:
    """Whether a strategy bet no hand of the run: it risks nothing, and says so."""
    return row.bet_per_hand_bet is None


def ruin_cell(row: StrategyEconomics) -> Cell:
    """The risk of ruin, or :data:`NEVER_BETS` for a strategy that never bets."""
    return NEVER_BETS if never_bets(row) else row.risk_of_ruin.value


def trip(s: SimulationSettings) -> Trip:
    """The bankroll, hands an hour, trip and goal a simulation plans for."""
    return Trip(s.bankroll, s.hands_per_hour, s.trip_hours, s.goal)


def planning_rows(economics: tuple[StrategyEconomics, ...], plan: Trip) -> Table:
    """Every strategy's planning figures (:mod:`.planning`)."""
    return planning_table(
        plan,
        (Column("bet"), Column("count"), Column("betting")),
        [
            (
                strategy_cells(row),
                plan.plan(row.won_per_100.value, row.sd_per_100.value),
                never_bets(row),
            )
            for row in economics
        ],
    )


def economics_table(economics: Sequence[StrategyEconomics]) -> Table:
    """Every strategy's win per shoe and per 100 hands dealt, with its SDs."""
    rows: tuple[tuple[Cell, ...], ...] = tuple(
        (
            *strategy_cells(row),
            *estimate_cells(row.won_per_shoe),
            row.sd_per_shoe.value,
            row.won_per_100.value,
            row.sd_per_100.value,
        )
        for row in economics
    )
    return Table(
        "Economics: units won per shoe (± 1 SE) and per 100 hands dealt, with SDs",
        (
            Column("bet"),
            Column("count"),
            Column("betting"),
            _dec("won/shoe", "won_per_shoe", 4),
            _dec("± SE", "won_per_shoe_se", 4),
            _dec("SD/shoe", "sd_per_shoe", 2),
            _dec("won/100", "won_per_100", 3),
            _dec("SD/100", "sd_per_100", 2),
        ),
        rows,
        name="economics",
    )


def risk_table(
    hands_per_hour: int,
    bankroll: float,
    economics: Sequence[StrategyEconomics],
    strategy_cells: Callable[[StrategyEconomics], tuple[Cell, ...]],
    *,
    paths: bool,
) -> Table:
    """Per hour, N0, SCORE and risk of ruin of each way of betting; ``paths`` adds the
    share of simulated bankroll paths ruined (where the run follows them)."""
    rows: tuple[tuple[Cell, ...], ...] = tuple(
        (
            *strategy_cells(row),
            row.won_per_hour.value,
            row.sd_per_hour.value,
            _value(row.n0),
            row.score.value,
            ruin_cell(row),
            *((_value(row.ruined),) if paths else ()),
        )
        for row in economics
    )
    return Table(
        f"Per hour ({hands_per_hour} hands), N0 (hands), SCORE, risk of ruin of {bankroll:g} units",
        (
            Column("bet"),
            Column("count"),
            Column("betting"),
            _dec("won/hour", "won_per_hour", 3),
            _dec("SD/hour", "sd_per_hour", 2),
            Column("N0", "decimal", 0, key="n0_float"),
            _dec("SCORE", "score", 2),
            _pct("RoR", "risk_of_ruin", 2),
            *((_pct("paths", "ruined", 0),) if paths else ()),
        ),
        rows,
        name="risk",
    )


def comparison_table(comparisons: Sequence[CountComparison]) -> Table:
    """The counts played on the same shoes, each against the first."""
    rows: tuple[tuple[Cell, ...], ...] = tuple(
        (
            row.bet,
            row.count,
            row.correlation,
            *estimate_cells(row.won_per_shoe),
            row.sd_per_shoe.value,
            *estimate_cells(row.difference),
        )
        for row in comparisons
    )
    return Table(
        "Counts on the same shoes, 1 unit when each says: won, and less derived's (± SE)",
        (
            Column("bet"),
            Column("count"),
            Column("BC", "decimal", 4, key="betting_correlation_float"),
            _dec("won/shoe", "won_per_shoe", 4),
            _dec("± SE", "won_per_shoe_se", 4),
            _dec("SD/shoe", "sd_per_shoe", 2),
            _dec("− derived", "difference", 4),
            _dec("± SE", "difference_se", 4),
        ),
        rows,
        name="counts",
    )


def ramps_table(economics: Sequence[StrategyEconomics], bets: Sequence[str]) -> Table:
    """The ramp each count bets on each bet (``bets``: the bets of the run, in order)."""
    rows: list[tuple[Cell, ...]] = []
    seen: set[tuple[str, str | None, str]] = set()
    for row in economics:
        strategy = row.strategy
        if strategy.ramps is None:
            continue
        b = list(bets).index(row.bet)
        ramp = strategy.ramps[b]
        if ramp is None:
            continue
        key = (row.bet, row.count, strategy.kind)
        if key in seen:
            continue
        seen.add(key)
        shown = ramp.text().replace(",", ", ")  # wraps between steps
        if strategy.kind == "optimal" and ramp.minimum:
            shown = f"{ramp.minimum} below, {shown}"
        rows.append((row.bet, row.count or "", _BETTING[strategy.kind], shown))
    return Table(
        "Bet ramps: units from each true count on (below the first: --ramp-min or none)",
        (Column("bet"), Column("count"), Column("betting"), Column("ramp", wrap=40)),
        tuple(rows),
        name="ramps",
    )


def _figure(estimate: Estimate | None) -> dict[str, float | None]:
    if estimate is None:
        return {"float": None, "se_float": None}
    return {"float": estimate.value, "se_float": estimate.se}


def economics_record(row: StrategyEconomics, bets: list[str], plan: Trip) -> dict[str, Any]:
    """Every figure of one strategy, each with its standard error."""
    ramps = row.strategy.ramps
    ramp = None if ramps is None else ramps[bets.index(row.bet)]
    record: dict[str, Any] = {
        "bet": row.bet,
        "count": row.count,
        "betting": row.strategy.kind,
        "ramp": None if ramp is None else ramp.text(),
    }
    for name in (
        "won_per_shoe",
        "won_as_dealt",
        "sd_per_shoe",
        "won_per_100",
        "sd_per_100",
        "won_per_hour",
        "sd_per_hour",
        "hands_bet_per_shoe",
        "bet_per_hand_bet",
        "bet_per_hand_dealt",
        "n0",
        "score",
        "risk_of_ruin",
        "ruined",
    ):
        figure = _figure(getattr(row, name))
        record[f"{name}_float"] = figure["float"]
        record[f"{name}_se_float"] = figure["se_float"]
    record["ruin_within_paths_float"] = row.ruin_within
    record["players"] = row.players
    record["shoes_per_player"] = row.shoes_per_player
    if never_bets(row):  # it risks nothing: no risk of ruin, rather than a certain one
        record["risk_of_ruin_float"] = record["risk_of_ruin_se_float"] = None
    record.update(
        planning_record(
            plan, plan.plan(row.won_per_100.value, row.sd_per_100.value), never_bets(row)
        )
    )
    return record


def comparison_record(row: CountComparison) -> dict[str, Any]:
    """One count against the first, with the paired and unpaired SEs of the difference."""
    return {
        "bet": row.bet,
        "count": row.count,
        "betting_correlation_float": row.correlation,
        "won_per_shoe_float": row.won_per_shoe.value,
        "won_per_shoe_se_float": row.won_per_shoe.se,
        "sd_per_shoe_float": row.sd_per_shoe.value,
        "difference_float": _value(row.difference),
        "difference_paired_se_float": None if row.difference is None else row.difference.se,
        "difference_unpaired_se_float": row.unpaired_se,
    }


def _records(table: Table) -> list[dict[str, Any]]:
    """The rows as the table's CSV writes them: exact values as text, each exact number
    with its decimal under ``<key>_float`` beside it, estimates as floats."""
    rows = []
    for row in table.rows:
        record: dict[str, Any] = {}
        for value, column in zip(row, table.columns):
            key = column.data_name
            if isinstance(value, str) and column.style in ("decimal", "percent"):
                record[key] = None  # a word for the reader ("no bets"), no number
            elif key.endswith("_float"):
                record[key] = None if value is None else to_float(value)  # type: ignore[arg-type]
            elif column.style in ("fraction", "decimal", "percent") and value is not None:
                record.update(exact_fields(key, value))  # type: ignore[arg-type]
            else:
                record[key] = value
        rows.append(record)
    return rows


ECONOMICS_NOTES = (
    "Economics: won from the exact EV of the hands bet; SD from the wins as dealt;",
    "per 100 hands and per hour count the hands dealt. N0 = (SD/EV)² per hand;",
    "SCORE = 10⁶·(EV/SD)² per hand, the win per 100 hands at full Kelly on 10,000",
    f"units; RoR = exp(−2·EV·bankroll/Var) per shoe; paths: the share of {PATH_PLAYERS} players",
    "ruined within their shares of the shoes, shown where the formula puts at",
    f"least {LONG_ENOUGH:.0%} of all ruin within them. SEs: delta method over shoes.",
)
"""The notes under the economics of a run that prices every hand exactly (any game)."""


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
        economics_table(result.economics),
        risk_table(
            result.settings.hands_per_hour,
            result.settings.bankroll,
            result.economics,
            strategy_cells,
            paths=True,
        ),
        planning_rows(result.economics, trip(s)),
        *((comparison_table(result.comparisons),) if result.comparisons else ()),
        *(
            (ramps_table(result.economics, [bet.name for bet in s.chosen_bets]),)
            if any(s.bet_ramps) or s.kelly is not None or s.optimal_ror is not None
            else ()
        ),
    )
    names = [bet.name for bet in s.chosen_bets]
    body: dict[str, Any] = {
        "shoe": s.shoe.to_dict(),
        "rules": s.rules.to_dict(),
        "bets": [bet.name for bet in s.chosen_bets],
        "cut_card": s.cut_card,
        "hands": result.hands,
        "hands_per_shoe_float": result.hands_per_shoe.value,
        "hands_per_shoe_se_float": result.hands_per_shoe.se,
        "tables": {identifier(table.key): _records(table) for table in tables},
        "counts": [
            {"count": system.name, "tags": [fit.count.label() for fit in system.fits]}
            for system in result.systems
        ],
        "economics": [economics_record(row, names, trip(s)) for row in result.economics],
        "comparisons": [comparison_record(row) for row in result.comparisons],
        "bankroll_float": s.bankroll,
        "hands_per_hour": s.hands_per_hour,
    }
    return Report(
        title=f"Shoe simulation: {describe_shoe(s.shoe)}; {describe_rules(s.rules)}",
        blocks=(*tables, _settings(result)),
        notes=(
            "Every hand's EV is exact for the cards the table has not seen (burns unseen);",
            "averages, shares and gains over shoes are estimates ± 1 standard error.",
            "bets when: the count's rule on the true count TC (running count per 52 unseen",
            "cards): each bet's derived count at its break-even TC, unless --threshold.",
            "surebet: the bet wins with probability over 90 %.",
            *ECONOMICS_NOTES,
            *PLANNING_NOTES,
        ),
        data=body,
        main="per-hand",
    )
