"""The report of ``baccarat-exact grid``: conditional tables of the round, as matrices for
reading (one per figure) or one long table for spreadsheets, and the JSON document."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from baccarat_exact.analysis.grid import KEYS, Grid, GridCell
from baccarat_exact.model.events import Outcome
from baccarat_exact.model.exact import exact_fields
from baccarat_exact.report.describe import describe_rules, describe_shoe
from baccarat_exact.report.model import Cell, Column, Report, Table, identifier

__all__ = ["FIGURES", "grid_document", "grid_figures", "grid_report"]

FIGURES = ("cell", "banker-wins", "player-wins", "tie-wins")
"""Figures a grid shows besides the bets' EVs (named by the bet): the cell's probability
and each outcome's given the cell."""

_OUTCOMES = dict(zip(FIGURES[1:], Outcome))


def _figure(cell: GridCell, figure: str) -> Fraction | None:
    if figure == "cell":
        return cell.probability
    if figure in _OUTCOMES:
        return cell.outcomes[_OUTCOMES[figure]]
    return cell.evs[figure]


def _meaning(table: Grid, figure: str) -> str:
    given = KEYS[table.rows].meaning
    if table.cols:
        given = f"rows: {given}; columns: {KEYS[table.cols].meaning}"
    if figure == "cell":
        return f"Probability of each cell: {given}"
    if figure in _OUTCOMES:
        return f"P({_OUTCOMES[figure].value} wins | {given})"
    return f"EV of {figure} per unit staked | {given}"


def grid_figures(table: Grid, show: Sequence[str] = ()) -> tuple[str, ...]:
    """The figures to show: ``show`` (each checked: a figure or a bet, for its EV), or the
    cell's probability, each outcome's and the EV of every bet but the main three."""
    known = (*FIGURES, *(bet.name for bet in table.bets))
    for figure in show:
        if figure not in known:
            from baccarat_exact.errors import RulesError

            raise RulesError(f"unknown figure {figure!r}: use {', '.join(known)}")
    if show:
        return tuple(dict.fromkeys(show))
    main = {"banker", "player", "tie"}
    return (*FIGURES, *(bet.name for bet in table.bets if bet.name not in main))


def _matrix(table: Grid, figure: str, width: int) -> Table:
    labels = table.col_labels
    rows: list[tuple[Cell, ...]] = []
    for row in table.row_labels:
        values = [_figure(table.cell(row, col), figure) for col in labels]
        rows.append((row, *values))
    header, digits = _matrix_layout(table, width)
    corner = Column(header, key=identifier(table.rows))
    cells = (Column(c, "decimal", digits, key=identifier(f"{table.cols} {c}")) for c in labels)
    return Table(_meaning(table, figure), (corner, *cells), tuple(rows), name=figure)


def _matrix_layout(table: Grid, width: int) -> tuple[str, int]:
    """The corner header and decimal places of a matrix at most ``width`` wide where it
    can be: ``rows \\ cols`` and 6 places, or shorter (the row key alone, fewer places,
    no corner header: the title says which key is which)."""
    labels = table.col_labels
    layouts = (
        (f"{table.rows} \\ {table.cols}", 6),
        (table.rows, 6),
        (table.rows, 4),
        (table.rows, 3),
        ("", 4),
        ("", 3),
    )
    for header, digits in layouts:
        first = max(len(header), *(len(str(row)) for row in table.row_labels))
        wide = first + sum(2 + max(len(str(c)), digits + 2) for c in labels)
        if wide <= width:
            break
    return header, digits


def _long(table: Grid, figures: Sequence[str], exact: bool) -> Table:
    """One row per cell; each figure exact and as a decimal (``exact``), or rounded only."""
    columns = [Column(table.rows)]
    if table.cols:
        columns.append(Column(table.cols))
    for figure in figures:
        name = (
            "probability" if figure == "cell" else figure if figure in FIGURES else f"ev {figure}"
        )
        key = identifier(name)
        if exact:
            columns.append(Column(name, "fraction", key=key))
        columns.append(Column(f"≈ {name}", "decimal", 6, key=f"{key}_float"))
    rows: list[tuple[Cell, ...]] = []
    for cell in table.cells:
        row: list[Cell] = [cell.row]
        if table.cols:
            row.append(cell.col)
        for figure in figures:
            value = _figure(cell, figure)
            row += [value, value] if exact else [value]
        rows.append(tuple(row))
    title = "Every cell (exact, and ≈ rounded)" if exact else "Every cell (≈ rounded)"
    return Table(title, tuple(columns), tuple(rows), name="cells")


def grid_report(
    table: Grid, show: Sequence[str] = (), *, matrices: bool = True, width: int | None = None
) -> Report:
    """A matrix of each figure (with two keys) or one table of every cell, rounded, for
    reading; with ``matrices=False`` (CSV), the table of every cell exact first, then
    each figure's matrix (``--table`` names one: ``cell``, ``banker-wins``, a bet).
    Matrices fit ``width`` columns where they can (default: the terminal's)."""
    from baccarat_exact.report.render import terminal_width

    figures = grid_figures(table, show)
    width = width or terminal_width()
    title = f"Conditional table: {describe_shoe(table.shoe)}; {describe_rules(table.rules)}"
    if table.seen:
        title += f"; seen {table.seen}"
    each = tuple(_matrix(table, f, width) for f in figures) if table.cols else ()
    if not matrices:
        blocks: tuple[Table, ...] = (_long(table, figures, exact=True), *each)
    else:
        blocks = each or (_long(table, figures, exact=False),)
    notes = [
        "A two-card total is the total of a hand's first two cards, naturals included.",
        "Each figure is exact (--format json or csv); - marks a cell that cannot happen.",
    ]
    return Report(title=title, blocks=blocks, notes=tuple(notes), data=lambda: grid_document(table))


def grid_document(table: Grid) -> dict[str, Any]:
    """The JSON body of ``grid --format json``: the shoe and rules as priced, the bets,
    then every cell, exact, each value beside its ``*_float`` twin. (The keys, the
    figures asked for and the cards seen as given are the request's.)"""
    body: dict[str, Any] = {
        "shoe": table.shoe.to_dict(),
        "rules": table.rules.to_dict(),
    }
    if table.seen:
        body["seen"] = table.seen.to_dict()
    body.update(
        bets=[bet.name for bet in table.bets],
        cells=[
            {
                "row": cell.row,
                "col": cell.col,
                **exact_fields("probability", cell.probability),
                "outcomes": {
                    outcome.value: exact_fields("probability", p)
                    for outcome, p in cell.outcomes.items()
                },
                "bets": {name: exact_fields("ev", ev) for name, ev in cell.evs.items()},
            }
            for cell in table.cells
        ],
    )
    return body
