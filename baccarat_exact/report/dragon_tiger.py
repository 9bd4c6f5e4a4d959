"""The reports of ``dragon-tiger odds``, ``eor`` and ``simulate``: tables rounded for the
eye, JSON documents exact (``"p/q"``) with each figure's ``*_float`` twin."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from baccarat_exact.model.cards import RANKS
from baccarat_exact.model.exact import exact_fields
from baccarat_exact.report.describe import describe_shoe
from baccarat_exact.report.model import Cell, Column, Report, Table

if TYPE_CHECKING:
    from baccarat_exact.analysis.dragon_tiger.betting import Played
    from baccarat_exact.analysis.dragon_tiger.eor import DragonTigerEor, RankCount, RankCountFit
    from baccarat_exact.analysis.dragon_tiger.fast import FastRun
    from baccarat_exact.analysis.dragon_tiger.game import DragonTigerOdds, DragonTigerRules
    from baccarat_exact.analysis.dragon_tiger.simulate import BetRun, DealtShoes
    from baccarat_exact.model.shoe import Shoe

__all__ = ["describe_dragon_tiger", "eor_report", "fast_report", "odds_report", "simulate_report"]

SOURCE = "https://wizardofodds.com/games/dragon-tiger/"
"""The published analysis of the game and its bets."""


def describe_dragon_tiger(rules: DragonTigerRules) -> str:
    """``tie pays 8 to 1, suited tie 50 to 1, a tie loses 1/2 of a main bet``."""
    return (
        f"tie pays {rules.tie_pays} to 1, suited tie {rules.suited_tie_pays} to 1, "
        f"a tie loses {rules.tie_loses} of a Dragon or Tiger bet"
    )


def _title(what: str, shoe: Shoe, rules: DragonTigerRules) -> str:
    return f"Dragon Tiger {what}: {describe_shoe(shoe)}; {describe_dragon_tiger(rules)}"


def _pays(value: Fraction) -> str:
    return f"{value} to 1" if value >= 0 else f"loses {-value}"


# -- odds ------------------------------------------------------------------------------


def odds_report(
    shoe: Shoe,
    rules: DragonTigerRules,
    odds: Sequence[DragonTigerOdds],
    left_out: Sequence[str] = (),
) -> Report:
    """Each bet's EV and house edge, and its pay lines (``left_out``: bets on suits not
    priced, the shoe giving some ranks by count only)."""
    bets = Table(
        "Bets (per unit staked)",
        (
            Column("bet"),
            Column("P(win)", "percent", 4),
            Column("EV", "percent", 4),
            Column("house edge", "percent", 4),
            Column("EV exact", "fraction", key="ev"),
        ),
        tuple((o.bet.name, o.win, o.ev, o.house_edge, o.ev) for o in odds),
        name="bets",
    )
    lines = Table(
        "Pay lines",
        (
            Column("bet"),
            Column("outcome"),
            Column("pays", "fraction"),
            Column("probability", "decimal", 8),
            Column("probability exact", "fraction", key="probability"),
        ),
        tuple(
            (o.bet.name, line.outcome, line.pays, line.probability, line.probability)
            for o in odds
            for line in o.lines
        ),
        name="lines",
    )
    notes = [
        "Ace low, king high; suits never decide the winner. A bet on one card loses on a 7.",
        f"Published analysis (8 decks): {SOURCE}",
    ]
    if left_out:
        notes.append(
            "Left out (they depend on suits, and the shoe gives some ranks by count only): "
            + ", ".join(left_out)
        )
    return Report(
        title=_title("odds", shoe, rules),
        blocks=(bets, lines),
        notes=tuple(notes),
        data=lambda: _odds_document(shoe, rules, odds, left_out),
        main="bets",
    )


def _odds_document(
    shoe: Shoe,
    rules: DragonTigerRules,
    odds: Sequence[DragonTigerOdds],
    left_out: Sequence[str],
) -> dict[str, Any]:
    return {
        "shoe": shoe.to_dict(),
        "rules": rules.to_dict(),
        "bets": {
            o.bet.name: {
                "description": o.bet.description,
                "lines": [
                    {
                        "outcome": line.outcome,
                        "pays": str(line.pays),
                        **exact_fields("probability", line.probability),
                    }
                    for line in o.lines
                ],
                **exact_fields("win", o.win),
                **exact_fields("ev", o.ev),
                **exact_fields("house_edge", o.house_edge),
                **exact_fields("variance", o.variance),
            }
            for o in odds
        },
        "left_out": list(left_out),
    }


# -- eor -------------------------------------------------------------------------------


def _tags(count: RankCount) -> dict[str, int]:
    return {rank.value: tag for rank, tag in zip(RANKS, count.tags)}


def _fit_row(fit: RankCountFit) -> tuple[Cell, ...]:
    return (
        fit.bet,
        fit.count.label(),
        fit.correlation,
        fit.ev_per_true_count,
        fit.break_even,
    )


_FIT_COLUMNS = (
    Column("bet"),
    Column("tags A … K"),
    Column("betting correlation", "decimal", 4),
    Column("EV per true count", "percent", 4),
    Column("break-even true count", "decimal", 2),
)


def _fit_json(fit: RankCountFit) -> dict[str, Any]:
    return {
        "count": fit.count.name,
        "tags": _tags(fit.count),
        "imbalance": fit.imbalance,
        "betting_correlation_float": fit.correlation,
        **exact_fields("ev_per_true_count", fit.ev_per_true_count),
        **exact_fields("break_even", fit.break_even),
    }


def eor_report(
    eor: DragonTigerEor,
    derived: Sequence[RankCountFit],
    mine: Sequence[RankCountFit],
    level: int,
) -> Report:
    """The effects by rank (one column a bet) and each bet's count."""
    effects = Table(
        "Effects of removal (change of EV, one card out)",
        (
            Column("rank"),
            Column("cards", "int"),
            *(Column(bet.name, "percent", 4, key=bet.name) for bet in eor.bets),
        ),
        tuple(
            (rank.value, n, *(row if row is not None else (None,) * len(eor.bets)))
            for rank, n, row in zip(RANKS, eor.shoe.counts, eor.effects)
        ),
        name="effects",
    )
    blocks: list[Table] = [
        effects,
        Table(
            f"Derived counts (tags up to ±{level})",
            _FIT_COLUMNS,
            tuple(map(_fit_row, derived)),
            name="counts",
        ),
    ]
    if mine:
        blocks.append(Table("Your count", _FIT_COLUMNS, tuple(map(_fit_row, mine)), name="yours"))
    notes = [
        "Effect: EV(shoe less one card of the rank, suit unknown) − EV(shoe), exact; "
        "weighted by the cards of each rank they sum to 0 for every bet."
    ]
    if len({n for n in eor.shoe.counts if n}) == 1:
        notes.append(
            "Every rank has as many cards: its effect on the Dragon, Tiger, Tie and Suited "
            "Tie is the same for each rank, so zero; those bets have no linear count here."
        )
    return Report(
        title=_title("effects of removal", eor.shoe, eor.rules),
        blocks=tuple(blocks),
        notes=tuple(notes),
        data=lambda: _eor_document(eor, derived, mine),
        main="effects",
    )


def _eor_document(
    eor: DragonTigerEor, derived: Sequence[RankCountFit], mine: Sequence[RankCountFit]
) -> dict[str, Any]:
    bets: dict[str, Any] = {}
    for b, bet in enumerate(eor.bets):
        bets[bet.name] = {
            **exact_fields("ev", eor.evs[b]),
            "effects": {
                rank.value: {
                    "cards": n,
                    **exact_fields("effect", None if row is None else row[b]),
                }
                for rank, n, row in zip(RANKS, eor.shoe.counts, eor.effects)
            },
            "weighted_sum": str(eor.weighted_sum(b)),
            "derived_count": _fit_json(derived[b]),
            "your_count": _fit_json(mine[b]) if mine else None,
        }
    return {"shoe": eor.shoe.to_dict(), "rules": eor.rules.to_dict(), "bets": bets}


# -- simulate --------------------------------------------------------------------------


def _run_row(run: BetRun) -> tuple[Cell, ...]:
    from baccarat_exact.analysis.dragon_tiger.simulate import per_hundred

    perfect, perfect_se = per_hundred(run.perfect, run.hands)
    counted, counted_se = per_hundred(run.counted, run.hands)
    return (
        run.bet,
        run.full_shoe_ev,
        run.positive / run.hands,
        perfect,
        perfect_se,
        run.threshold,
        run.triggered / run.hands,
        counted,
        counted_se,
    )


def _tenth(d: int) -> str:
    return f"{10 * d}-{10 * d + 10}%"


def _betting_tables(
    played: Played, bets: list[str], trip_hours: float | None, goal: float | None
) -> tuple[Table, ...]:
    """baccarat ``simulate``'s economics, risk, planning, counts and ramps tables, for the
    strategies a betting plan played."""
    from baccarat_exact.report.planning import Trip
    from baccarat_exact.report.simulate import (
        comparison_table,
        economics_table,
        planning_rows,
        ramps_table,
        risk_table,
        strategy_cells,
    )

    plan = played.plan
    trip = Trip(plan.betting.bankroll, plan.hands_per_hour, trip_hours, goal)
    ramps = any(s.kind != "flat" and s.ramps is not None for s in played.strategies)
    return (
        economics_table(played.economics),
        risk_table(
            plan.hands_per_hour,
            plan.betting.bankroll,
            played.economics,
            strategy_cells,
            paths=True,
        ),
        planning_rows(played.economics, trip),
        *((comparison_table(played.comparisons),) if played.comparisons else ()),
        *((ramps_table(played.economics, bets),) if ramps else ()),
    )


def _betting_document(
    played: Played, bets: list[str], trip_hours: float | None, goal: float | None
) -> dict[str, Any]:
    """Every strategy's figures with their standard errors, as ``simulate`` writes them."""
    from baccarat_exact.report.planning import Trip
    from baccarat_exact.report.simulate import comparison_record, economics_record

    plan = played.plan
    trip = Trip(plan.betting.bankroll, plan.hands_per_hour, trip_hours, goal)
    return {
        "economics": [economics_record(row, bets, trip) for row in played.economics],
        "comparisons": [comparison_record(row) for row in played.comparisons],
        "bankroll_float": plan.betting.bankroll,
        "hands_per_hour": plan.hands_per_hour,
    }


def simulate_report(
    shoe: Shoe,
    rules: DragonTigerRules,
    dealt: DealtShoes,
    trip_hours: float | None = None,
    goal: float | None = None,
) -> Report:
    """Per bet: the exact EVs met, and what perfect information and a count are worth;
    with a betting plan, every strategy's economics, risk and planning as baccarat's
    ``simulate`` reports them (``trip_hours``, ``goal``: the planning table's)."""
    table = Table(
        "Per bet (EVs exact before each hand; averages are estimates)",
        (
            Column("bet"),
            Column("full-shoe EV", "percent", 4),
            Column("EV > 0", "percent", 3, key="share_positive_float"),
            Column("perfect /100", "decimal", 3, key="perfect_per_100_float"),
            Column("±", "decimal", 3, key="perfect_per_100_se_float"),
            Column("trigger TC", "decimal", 2),
            Column("triggered", "percent", 3, key="share_triggered_float"),
            Column("count /100", "decimal", 3, key="count_per_100_float"),
            Column("± ", "decimal", 3, key="count_per_100_se_float"),
        ),
        tuple(_run_row(run) for run in dealt.runs),
        name="per-bet",
    )
    depth = Table(
        "Hands with EV > 0, by the share of the shoe dealt",
        (
            Column("dealt"),
            Column("hands", "int"),
            *(Column(run.bet, "percent", 2, key=f"{run.bet}_float") for run in dealt.runs),
        ),
        tuple(
            (
                _tenth(d),
                hands,
                *(run.by_depth[d] / hands if hands else None for run in dealt.runs),
            )
            for d, hands in enumerate(dealt.by_depth)
        ),
        name="by-depth",
    )
    notes: tuple[str, ...] = (
        f"{dealt.shoes} shoes, seed {dealt.seed}, {dealt.burn} cards burned, cut card "
        f"{dealt.cut_card}: {dealt.hands} hands.",
        "perfect /100: units won per 100 hands betting one unit whenever the exact EV is "
        "positive; count /100: betting one unit when the bet's count reaches the trigger "
        "true count (± a standard error, from 10 shoes on).",
    )
    played = dealt.played
    names = [run.bet for run in dealt.runs]
    extra: tuple[Table, ...] = ()
    if played is not None:
        from baccarat_exact.report.planning import PLANNING_NOTES
        from baccarat_exact.report.simulate import ECONOMICS_NOTES

        extra = _betting_tables(played, names, trip_hours, goal)
        notes = (*notes, *ECONOMICS_NOTES, *PLANNING_NOTES)

    def document() -> dict[str, Any]:
        found = _simulate_document(shoe, rules, dealt)
        if played is not None:
            found.update(_betting_document(played, names, trip_hours, goal))
        return found

    return Report(
        title=_title("dealt shoes", shoe, rules),
        blocks=(table, depth, *extra),
        notes=notes,
        data=document,
        main="per-bet",
    )


def _simulate_document(shoe: Shoe, rules: DragonTigerRules, dealt: DealtShoes) -> dict[str, Any]:
    from baccarat_exact.analysis.dragon_tiger.simulate import per_hundred

    bets: dict[str, Any] = {}
    for run in dealt.runs:
        perfect, perfect_se = per_hundred(run.perfect, run.hands)
        counted, counted_se = per_hundred(run.counted, run.hands)
        bets[run.bet] = {
            **exact_fields("full_shoe_ev", run.full_shoe_ev),
            **exact_fields("best_ev", run.best_ev),
            "mean_ev_float": run.ev_sum / run.hands,
            "positive": run.positive,
            "perfect_per_100_float": perfect,
            "perfect_per_100_se_float": perfect_se,
            "count": None if run.count is None else _tags(run.count),
            **exact_fields("threshold", run.threshold),
            "triggered": run.triggered,
            "triggered_positive": run.triggered_positive,
            "count_per_100_float": counted,
            "count_per_100_se_float": counted_se,
        }
    return {
        "shoe": shoe.to_dict(),
        "rules": rules.to_dict(),
        "shoes": dealt.shoes,
        "hands": dealt.hands,
        "bets": bets,
        "by_depth": [
            {
                "dealt": _tenth(d),
                "hands": hands,
                "positive": {run.bet: run.by_depth[d] for run in dealt.runs},
            }
            for d, hands in enumerate(dealt.by_depth)
        ],
    }


# -- simulate --fast -------------------------------------------------------------------


def _bets_when(threshold: Fraction | None) -> str:
    return "never" if threshold is None else f"TC ≥ {float(threshold):g}"


def fast_report(run: FastRun, trip_hours: float | None = None, goal: float | None = None) -> Report:
    """A ``--fast`` run: the counts played and every way of betting each bet, with the
    economics, risk and planning tables of baccarat's ``simulate --fast`` (``trip_hours``,
    ``goal``: the planning table's)."""
    from baccarat_exact.report.planning import Trip
    from baccarat_exact.report.simulate import (
        economics_record,
        planning_rows,
        ramps_table,
        risk_table,
        strategy_cells,
    )
    from baccarat_exact.report.simulate_fast import NOTES, fast_economics_table

    names = sorted({row.bet for row in run.economics}, key=[r.bet for r in run.economics].index)
    counts = Table(
        "Counts played: tags, and when a flat bet is made",
        (Column("bet"), Column("count"), Column("tags", wrap=44), Column("bets when")),
        tuple(
            (bet, name, "none" if count is None else count.label(), _bets_when(threshold))
            for b, bet in enumerate(names)
            for name, play in zip(run.counts, run.plays)
            for count, threshold in (play[b],)
        ),
        name="counts",
    )
    trip = Trip(run.bankroll, run.hands_per_hour, trip_hours, goal)
    tables = (
        counts,
        fast_economics_table(run.economics),
        risk_table(run.hands_per_hour, run.bankroll, run.economics, strategy_cells, paths=False),
        planning_rows(run.economics, trip),
        *((ramps_table(run.economics, names),) if any(run.ramps) else ()),
    )
    wonging = (
        "none"
        if run.wong_in is None and run.wong_out is None
        else f"in at TC ≥ {run.wong_in:g}"
        + ("" if run.wong_out is None else f", out below {run.wong_out:g}")
        if run.wong_in is not None
        else f"no ramp bet below TC {run.wong_out:g}"
    )
    notes = (
        f"{run.shoes} shoes (the exact mode's for seed {run.seed}), {run.burn} cards "
        f"burned, cut card {run.cut_card}: {run.hands} hands; wonging: {wonging}.",
        *NOTES,
    )

    def document() -> dict[str, Any]:
        return {
            "mode": "fast",
            "shoe": run.shoe.to_dict(),
            "rules": run.rules.to_dict(),
            "shoes": run.shoes,
            "hands": run.hands,
            "hands_per_shoe_float": run.hands_per_shoe.value,
            "hands_per_shoe_se_float": run.hands_per_shoe.se,
            "counts": [
                {
                    "count": name,
                    "tags": [None if count is None else _tags(count) for count, _ in play],
                }
                for name, play in zip(run.counts, run.plays)
            ],
            "economics": [economics_record(row, names, trip) for row in run.economics],
            "bankroll_float": run.bankroll,
            "hands_per_hour": run.hands_per_hour,
        }

    return Report(
        title=_title("fast counting", run.shoe, run.rules),
        blocks=tables,
        notes=notes,
        data=document,
        main="economics",
    )
