"""The planning table every counting report shows the same way (``simulate``, ``simulate
--fast``, ``blackjack counting``): DI, certainty equivalent, N0 in hours, trip ruin and
goal before ruin (:func:`baccarat_exact.analysis.economics.planning`), and the word a
scheme that never bets shows where a risk of ruin would be."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from baccarat_exact.analysis.economics import Planning, planning
from baccarat_exact.report.model import Cell, Column, Table

__all__ = ["NEVER_BETS", "PLANNING_NOTES", "Trip", "planning_record", "planning_table"]

NEVER_BETS = "no bets"
"""Shown where a scheme that bets no hand would have a risk of ruin: it risks nothing."""

PLANNING_NOTES = (
    "Planning (Blackjack Attack, 3rd ed.): DI = 1000·EV/SD per hand (p. 186),",
    "so SCORE = DI²; CE = EV − Var/(2B) an hour, what a full-Kelly bettor of B",
    "units takes the hour to be worth for sure (ch. 10); trip ruin (p. 132) and",
    "the goal won before the bankroll is lost (double barrier, pp. 136–139): the",
    "diffusion formulas from the estimated EV and SD per hand dealt.",
)


@dataclass(frozen=True, slots=True)
class Trip:
    """What a counter plans for: the bankroll, the hands an hour, and optionally a trip's
    hours and a goal (units won)."""

    bankroll: float
    hands_per_hour: float
    hours: float | None = None
    goal: float | None = None

    def plan(self, won_per_100: float, sd_per_100: float) -> Planning:
        """The planning figures of a scheme from its win and SD per 100 hands dealt."""
        return planning(
            won_per_100 / 100,
            sd_per_100 * sd_per_100 / 100,
            bankroll=self.bankroll,
            hands_per_hour=self.hands_per_hour,
            hours=self.hours,
            goal=self.goal,
        )


def _columns(trip: Trip) -> tuple[Column, ...]:
    columns = [
        Column("DI", "decimal", 1, key="di_float"),
        Column("CE/hour", "decimal", 3, key="ce_per_hour_float"),
        Column("N0 hours", "decimal", 0, key="n0_hours_float"),
    ]
    if trip.hours is not None:
        columns.append(Column(f"ruin in {trip.hours:g} h", "percent", 2, key="trip_ruin_float"))
    if trip.goal is not None:
        columns.append(Column(f"+{trip.goal:g} first", "percent", 2, key="goal_float"))
        columns.append(Column("ruin first", "percent", 2, key="goal_ruin_float"))
    return tuple(columns)


def _cells(trip: Trip, plan: Planning, never: bool) -> tuple[Cell, ...]:
    if never:
        return (NEVER_BETS, *(None for _ in _columns(trip)[1:]))
    cells: list[Cell] = [plan.di, plan.ce_per_hour, plan.n0_hours]
    if trip.hours is not None:
        cells.append(plan.trip_ruin)
    if trip.goal is not None:
        cells.extend((plan.goal, plan.goal_ruin))
    return tuple(cells)


def planning_table(
    trip: Trip,
    labels: tuple[Column, ...],
    rows: Sequence[tuple[tuple[Cell, ...], Planning, bool]],
) -> Table:
    """The planning table: each row's label cells (under ``labels``), then its figures
    (``never``: the scheme bets no hand, and says so)."""
    within = "" if trip.hours is None else f", within {trip.hours:g} hours"
    goal = "" if trip.goal is None else f"; {trip.goal:g} units won before the bankroll is lost"
    return Table(
        f"Planning for {trip.bankroll:g} units at {trip.hands_per_hour:g} hands an hour: "
        f"DI, certainty equivalent an hour, N0 in hours{within}{goal}",
        (*labels, *_columns(trip)),
        tuple((*label, *_cells(trip, plan, never)) for label, plan, never in rows),
        name="planning",
    )


def planning_record(trip: Trip, plan: Planning, never: bool) -> dict[str, Any]:
    """The planning figures of one scheme as its JSON record holds them."""
    if never:
        return {"never_bets": True}
    record: dict[str, Any] = {
        "never_bets": False,
        "di_float": plan.di,
        "ce_per_hour_float": plan.ce_per_hour,
        "n0_hours_float": plan.n0_hours,
    }
    if trip.hours is not None:
        record["trip_ruin_float"] = plan.trip_ruin
    if trip.goal is not None:
        record["goal_float"] = plan.goal
        record["goal_ruin_float"] = plan.goal_ruin
    return record
