"""One report model, three renderers (table, CSV, JSON).

A :class:`Report` holds exact values (``Fraction``, ``int``, ``str``, ``bool``);
each :class:`Column` says how the table renderer shows its cells. Decimals are
made only here, for display, and are labelled as rounded; CSV and JSON keep
fractions exact as ``"p/q"`` strings and write decimals only in ``*_float``
columns.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any, Literal, TypeAlias

__all__ = [
    "Cell",
    "Column",
    "Format",
    "Report",
    "Table",
    "dumps_json",
    "exact",
    "render",
    "render_csv",
    "render_json",
    "render_table",
]

Cell: TypeAlias = "Fraction | int | str | bool | float | None"
Style: TypeAlias = Literal["text", "int", "fraction", "decimal", "percent", "bool"]


class Format(str, Enum):
    """Output formats every report command offers."""

    table = "table"
    json = "json"
    csv = "csv"


@dataclass(frozen=True, slots=True)
class Column:
    """A column: its name and how the table renderer shows a cell.

    ``fraction`` shows ``p/q``; ``decimal`` a rounded decimal; ``percent`` a rounded
    percentage. In CSV and JSON a value is a float only under a key ending ``_float``
    (decimal and percent columns get that suffix unless given another ``key``, in which
    case they hold the exact value). In CSV and JSON, ``decimal`` and ``percent`` columns become
    ``<name>_float`` (unless the name already ends so) and every other value stays exact.
    """

    name: str
    style: Style = "text"
    digits: int = 10
    key: str | None = None
    """Name in CSV headers and JSON (default: ``name``, with ``_float`` added to decimals)."""

    @property
    def data_name(self) -> str:
        """The key used in CSV headers and JSON objects."""
        if self.key is not None:
            return self.key
        if self.style in ("decimal", "percent") and not self.name.endswith("_float"):
            return f"{self.name}_float"
        return self.name


@dataclass(frozen=True, slots=True)
class Table:
    """A titled table of exact cells."""

    title: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row) != len(self.columns):
                raise ValueError(f"row {row!r} does not match columns of {self.title!r}")


@dataclass(frozen=True, slots=True)
class Report:
    """What an analysis returns for display: a title, tables and notes."""

    title: str
    tables: tuple[Table, ...]
    notes: tuple[str, ...] = field(default=())
    data: dict[str, Any] | None = None
    """The JSON document, when the command has a fixed JSON contract of its own."""


def exact(value: Cell) -> Any:
    """A cell as JSON/CSV keeps it: fractions as ``"p/q"``, everything else as is."""
    if isinstance(value, Fraction):
        return str(value)
    return value


def _display(value: Cell, column: Column) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool) or column.style == "bool":
        return "yes" if value else "no"
    if column.style == "decimal":
        return f"{float(value):.{column.digits}f}"
    if column.style == "percent":
        return f"{float(value) * 100:.{column.digits}f}%"
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, int):
        return f"{value:,}" if column.style == "int" else str(value)
    return str(value)


def _float_or_exact(value: Cell, column: Column) -> Any:
    """Data keys ending in ``_float`` hold floats; every other value stays exact."""
    if column.data_name.endswith("_float") and value is not None and not isinstance(value, str):
        return float(value)
    return exact(value)


def _grid(headers: list[str], body: list[list[str]], right: list[bool]) -> str:
    """Columns padded to width, headers underlined with dashes, two spaces apart.

    The layout of tabulate's ``simple`` format, written out here because importing
    tabulate costs a fifth of the CLI's start-up budget (docs/performance.md).
    """
    widths = [max(len(cell) for cell in column) for column in zip(headers, *body)]

    def line(cells: list[str]) -> str:
        padded = [c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right)]
        return "  ".join(padded).rstrip()

    rows = [line(headers), "  ".join("-" * w for w in widths)]
    rows.extend(line(cells) for cells in body)
    return "\n".join(rows)


def render_table(report: Report) -> str:
    """Human-readable text: aligned tables, decimals rounded and said to be."""
    parts = [report.title, "=" * len(report.title)]
    for table in report.tables:
        parts.append("")
        if table.title:
            parts.append(table.title)
        body = [
            [_display(cell, col) for cell, col in zip(row, table.columns)] for row in table.rows
        ]
        right = [col.style != "text" for col in table.columns]
        parts.append(_grid([col.name for col in table.columns], body, right))
    if report.notes:
        parts.append("")
        parts.extend(report.notes)
    return "\n".join(parts) + "\n"


def render_csv(report: Report) -> str:
    """CSV: one block per table (header row first), blocks separated by a blank line."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for i, table in enumerate(report.tables):
        if i:
            out.write("\n")
        writer.writerow([col.data_name for col in table.columns])
        for row in table.rows:
            writer.writerow(
                ["" if c is None else _float_or_exact(c, col) for c, col in zip(row, table.columns)]
            )
    return out.getvalue()


def _table_json(table: Table) -> list[dict[str, Any]]:
    return [
        {col.data_name: _float_or_exact(cell, col) for cell, col in zip(row, table.columns)}
        for row in table.rows
    ]


def render_json(report: Report) -> str:
    """JSON: the command's own contract when it has one, else the tables as row objects."""
    if report.data is not None:
        return dumps_json(report.data)
    document: dict[str, Any] = {"schema": 1, "report": report.title}
    document["tables"] = {
        table.title or f"table{i}": _table_json(table) for i, table in enumerate(report.tables)
    }
    if report.notes:
        document["notes"] = list(report.notes)
    return dumps_json(document)


def dumps_json(document: Any) -> str:
    """Stable JSON text (fixed key order as built, two-space indent, final newline)."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def render(report: Report, fmt: Format | str) -> str:
    """Render ``report`` in ``fmt`` (``table``, ``json`` or ``csv``)."""
    name = fmt.value if isinstance(fmt, Format) else fmt
    if name == "table":
        return render_table(report)
    if name == "json":
        return render_json(report)
    if name == "csv":
        return render_csv(report)
    raise ValueError(f"unknown format {fmt!r}: use table, json or csv")
