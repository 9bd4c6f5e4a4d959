"""The report of ``simulate --fast``: the counts played, and each way of betting each bet
with its economics, every figure an estimate ± 1 standard error over shoes.

The fast mode prices no hand, so unlike ``simulate`` there is no exact EV per hand, no
perfect-information strategy, no depth table and no Kelly ramp: the win is the win as
dealt. The JSON document keys its tables by the names ``--table`` takes (``counts``,
``economics``, ``risk``, with ramps ``ramps``), each row as its CSV writes it, and beside
them every figure with its standard error (``economics``) and the counts (``counts``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from baccarat_exact.analysis.dealing import burn_text
from baccarat_exact.analysis.estimates import estimate_cells
from baccarat_exact.model.exact import int_text
from baccarat_exact.report.describe import describe_rules, describe_shoe
from baccarat_exact.report.model import Cell, Column, Report, Table, identifier
from baccarat_exact.report.planning import PLANNING_NOTES
from baccarat_exact.report.simulate import (
    _bets_when,
    _records,
    economics_record,
    planning_rows,
    risk_table,
    trip,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from baccarat_exact.analysis.estimates import Estimate
    from baccarat_exact.analysis.fast_simulate import FastResult
    from baccarat_exact.analysis.simulate_results import StrategyEconomics

__all__ = ["NOTES", "fast_economics_table", "fast_report"]


def _dec(name: str, key: str, digits: int = 4) -> Column:
    return Column(name, "decimal", digits, key=f"{key}_float")


def _value(estimate: Estimate | None) -> float | None:
    return None if estimate is None else estimate.value


def _wong(result: FastResult) -> str:
    fast = result.fast
    enter, leave = fast.wong_in, fast.settings.wong_out
    if enter is None and leave is None:
        return "none"
    if enter is None:
        return f"a ramp sits out any hand below TC {leave:g}"
    if leave is None:
        return f"a ramp sits out until TC ≥ {enter:g}, then plays the shoe out"
    return f"a ramp comes in at TC ≥ {enter:g} and leaves below TC {leave:g}"


def _settings(result: FastResult) -> Table:
    s = result.fast.settings
    return Table(
        "Settings",
        (Column("setting"), Column("value", wrap=60)),
        (
            ("mode", "fast: dealt, counted, bet and settled; no exact EV per hand"),
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
            ("wonging", _wong(result)),
            ("hands dealt", int_text(result.hands, grouped=True)),
            (
                "hands per shoe",
                f"{result.hands_per_shoe.value:.2f} ± {result.hands_per_shoe.se or 0:.2f}",
            ),
        ),
        name="settings",
    )


def _counts(result: FastResult) -> Table:
    s = result.fast.settings
    rows: tuple[tuple[Cell, ...], ...] = tuple(
        (bet.name, system.name, system.fits[b].count.label(), _bets_when(s.threshold, fit))
        for b, bet in enumerate(s.chosen_bets)
        for system in result.systems
        for fit in (system.fits[b],)
    )
    return Table(
        "Counts played: tags, and when a flat bet is made",
        (Column("bet"), Column("count"), Column("tags", wrap=44), Column("bets when")),
        rows,
        name="counts",
    )


def _strategy(row: StrategyEconomics) -> tuple[Cell, ...]:
    return (row.bet, row.count or "", row.strategy.kind)


def fast_economics_table(economics: Sequence[StrategyEconomics]) -> Table:
    """Every way of betting's win as dealt per 100 hands and per shoe, any game's."""
    rows: tuple[tuple[Cell, ...], ...] = tuple(
        (
            *_strategy(row),
            *estimate_cells(row.won_per_100),
            row.sd_per_100.value,
            *estimate_cells(row.won_per_shoe),
            row.hands_bet_per_shoe.value,
            _value(row.bet_per_hand_bet),
        )
        for row in economics
    )
    return Table(
        "Economics: units won as dealt per 100 hands dealt and per shoe (± 1 SE)",
        (
            Column("bet"),
            Column("count"),
            Column("betting"),
            _dec("won/100", "won_per_100", 3),
            _dec("± SE", "won_per_100_se", 3),
            _dec("SD/100", "sd_per_100", 2),
            _dec("won/shoe", "won_per_shoe", 4),
            _dec("± SE", "won_per_shoe_se", 4),
            _dec("bets/shoe", "hands_bet_per_shoe", 2),
            _dec("units/bet", "bet_per_hand_bet", 2),
        ),
        rows,
        name="economics",
    )


def _ramps(result: FastResult) -> Table:
    s = result.fast.settings
    rows = tuple(
        (bet.name, ramp.text().replace(",", ", "), str(ramp.minimum))
        for bet, ramp in zip(s.chosen_bets, result.fast.ramps)
        if ramp is not None
    )
    return Table(
        "Bet ramps: units from each true count on, with each count (below the first: min)",
        (Column("bet"), Column("ramp", wrap=40), Column("min")),
        rows,
        name="ramps",
    )


NOTES = (
    "Fast mode: shoes dealt card by card, each bet settled from its pay table.",
    "No hand is priced: the win is the win as dealt (no exact EV per hand, no",
    "perfect-information strategy, depth table or Kelly ramp: leave out --fast).",
    "bets when: the count's rule on the true count TC (running count per 52 unseen",
    "cards): each bet's derived count at its break-even TC, unless --threshold.",
    "Per 100 hands and per hour count the hands dealt. N0 = (SD/EV)² per hand;",
    "SCORE = 10⁶·(EV/SD)² per hand, the win per 100 hands at full Kelly on 10,000",
    "units; RoR = exp(−2·EV·bankroll/Var) per shoe. SEs: delta method over shoes.",
    *PLANNING_NOTES,
)
"""The notes under a fast run's tables (baccarat's, Dragon Tiger's)."""


def fast_report(result: FastResult) -> Report:
    """The counts played and every way of betting each bet, its figures ± 1 SE."""
    s = result.fast.settings
    tables = (
        _counts(result),
        fast_economics_table(result.economics),
        risk_table(s.hands_per_hour, s.bankroll, result.economics, _strategy, paths=False),
        planning_rows(result.economics, trip(s)),
        *((_ramps(result),) if any(result.fast.ramps) else ()),
    )
    names = [bet.name for bet in s.chosen_bets]
    body: dict[str, Any] = {
        "mode": "fast",
        "shoe": s.shoe.to_dict(),
        "rules": s.rules.to_dict(),
        "bets": names,
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
        "bankroll_float": s.bankroll,
        "hands_per_hour": s.hands_per_hour,
    }
    return Report(
        title=f"Fast counting simulation: {describe_shoe(s.shoe)}; {describe_rules(s.rules)}",
        blocks=(_settings(result), *tables),
        notes=NOTES,
        data=body,
        main="economics",
    )
