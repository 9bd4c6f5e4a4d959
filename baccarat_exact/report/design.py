"""The report of ``baccarat-exact design``: the pay tables found, the bet's lines, and the
JSON document (every figure exact as ``"p/q"`` text beside its ``*_float``)."""

from __future__ import annotations

import textwrap
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from baccarat_exact.model.exact import exact_fields, exact_text, int_text, number_text
from baccarat_exact.report.describe import describe_rules, describe_shoe
from baccarat_exact.report.model import Column, Report, Table, Text

if TYPE_CHECKING:  # the analysis is imported when the command runs: start-up stays cheap
    from baccarat_exact.analysis.design import Design, Grid, PayTable

__all__ = ["design_document", "design_report", "grid_words"]

WIDTH = 80
"""The text view's words are wrapped to this width."""


def grid_words(grid: Grid) -> str:
    """``whole-number pays from 1 to 1000 to 1``, ``pays in steps of 1/2 from …``, with
    ``, each open line paying at most what the one above it pays`` when ordered."""
    low, high = exact_text(grid.step * grid.low), exact_text(grid.step * grid.high)
    kind = "whole-number pays" if grid.step == 1 else f"pays in steps of {exact_text(grid.step)}"
    ordered = ", each open line paying at most what an earlier one pays" if grid.ordered else ""
    return f"{kind} from {low} to {high} to 1{ordered}"


def _summary(result: Design) -> str:
    """The answer in words: how many tables meet the target, and which are shown."""
    from baccarat_exact.analysis.design import range_text

    target = f"a house edge in {range_text(*result.edge)}"
    if result.hit_frequency is not None:
        target += f" and a hit frequency in {range_text(*result.hit_frequency)}"
    if result.found == 0:
        words = f"No pay table on this grid gives {target}."
        if result.nearest:
            nearest = ", ".join(_table_words(result, table) for table in result.nearest)
            words += f" Nearest: {nearest}."
        if result.finer is not None:
            step, table = result.finer
            words += f" --step {exact_text(step)} finds one: {_table_words(result, table)}."
        return words
    tables = "pay table" if result.found == 1 else "pay tables"
    head = f"{int_text(result.found, grouped=True)} {tables} on this grid give{'s' if result.found == 1 else ''} {target}"
    if result.found <= len(result.tables):
        return head + ("." if result.found == 1 else ", nearest the middle first.")
    middle = range_text(result.middle, result.middle).split("..")[0]
    return f"{head}; the {len(result.tables)} nearest the middle ({middle}) first."


def _table_words(result: Design, table: PayTable) -> str:
    """``40 → 7.6064 %``: a table's pays (``win 40, lose 5`` for several open lines) and
    its house edge, rounded."""
    opened = result.open_lines
    if len(opened) == 1:
        pays = exact_text(table.pays[0])
    else:
        pays = ", ".join(f"{line.name} {exact_text(x)}" for line, x in zip(opened, table.pays))
    return f"{pays} → {number_text(float(table.house_edge) * 100, '.4f')}%"


def design_report(result: Design) -> Report:
    """The pay tables found (the answer first), then the bet's lines and probabilities."""
    opened = result.open_lines
    shown = result.tables or result.nearest
    tables = Table(
        "Pay tables (the open lines' pays to 1), nearest the target first"
        if result.found
        else "None meets the target: the nearest pay tables below and above it",
        (
            Column("#", "int", key="rank"),
            *(Column(line.name, "fraction", key=f"pays {line.name}") for line in opened),
            Column("≈ edge", "percent", 4, key="house_edge"),
            Column("≈ SD", "decimal", 4, key="std_dev_float"),
            Column("≈ hit freq", "percent", 4, key="hit_frequency"),
        ),
        tuple(
            (rank, *table.pays, table.house_edge, table.std_dev, table.hit_frequency)
            for rank, table in enumerate(shown, start=1)
        ),
        name="pay-tables",
    )
    lines = Table(
        "The bet's lines (? marks an open pay)",
        (
            Column("line"),
            Column("pays", "fraction"),
            Column("≈ P(line)", "decimal", 8, key="probability"),
            Column("≈ 1 in", "decimal", 2, key="one_in"),
        ),
        tuple(
            (
                line.name,
                "?" if line.pays is None else line.pays,
                line.probability,
                1 / line.probability if line.probability else None,
            )
            for line in result.lines
        ),
        name="lines",
    )
    meeting = (
        f"{int_text(result.found, grouped=True)} meet{'s' if result.found == 1 else ''} the target"
    )
    notes = [
        f"Searched {grid_words(result.grid)} ({meeting}); exhaustive within the grid, "
        "exact arithmetic."
    ]
    fixed = result.fixed_hit_frequency
    if result.hit_frequency is not None and fixed is not None:
        notes.append(
            "Every open line pays more than 0 on this grid, so every table hits as often: "
            f"{exact_text(fixed)} ≈ {number_text(float(fixed) * 100, '.4f')}%."
        )
    notes.append("≈ columns are rounded; --format json gives every value exactly.")
    return Report(
        title=f"Design {result.bet.name}: {describe_shoe(result.shoe)}; "
        f"{describe_rules(result.rules)}",
        blocks=(Text(tuple(textwrap.wrap(_summary(result), WIDTH))), tables, lines),
        notes=tuple(notes),
        data=lambda: design_document(result),
    )


def _range(bounds: tuple[Fraction, Fraction] | None) -> dict[str, Any] | None:
    if bounds is None:
        return None
    return {**exact_fields("low", bounds[0]), **exact_fields("high", bounds[1])}


def design_document(result: Design) -> dict[str, Any]:
    """The JSON body: the bet's lines, the target and grid, how many tables meet it, and
    the tables reported, each with its pays (in the order of ``open_lines``); when none
    meets the target, the nearest tables and a finer step that finds one."""
    document: dict[str, Any] = {
        "bet": result.bet.name,
        "shoe": result.shoe.to_dict(),
        "rules": result.rules.to_dict(),
        "open_lines": [line.name for line in result.open_lines],
        "lines": [
            {
                "name": line.name,
                "pays": None if line.pays is None else exact_text(line.pays),
                **exact_fields("probability", line.probability),
            }
            for line in result.lines
        ],
        "edge": {**(_range(result.edge) or {}), **exact_fields("middle", result.middle)},
        "hit_frequency": _range(result.hit_frequency),
        "grid": {
            "step": exact_text(result.grid.step),
            "min_pay": exact_text(result.grid.step * result.grid.low),
            "max_pay": exact_text(result.grid.step * result.grid.high),
            "ordered": result.grid.ordered,
        },
        "top": result.top,
        "found": result.found,
        "tables": [
            {"rank": rank, **_table_fields(table)}
            for rank, table in enumerate(result.tables, start=1)
        ],
    }
    if result.found == 0:  # what would meet the target: keys only a search that failed has
        document["nearest"] = [_table_fields(table) for table in result.nearest]
        document["finer"] = (
            None
            if result.finer is None
            else {"step": exact_text(result.finer[0]), **_table_fields(result.finer[1])}
        )
    return document


def _table_fields(table: PayTable) -> dict[str, Any]:
    """A pay table's JSON entry: its pays (in the order of the open lines) and figures."""
    return {
        "pays": [exact_text(pays) for pays in table.pays],
        **exact_fields("house_edge", table.house_edge),
        **exact_fields("distance", table.distance),
        **exact_fields("variance", table.variance),
        "std_dev_float": table.std_dev,
        **exact_fields("hit_frequency", table.hit_frequency),
    }
