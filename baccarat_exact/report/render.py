"""The renderers: a :class:`~baccarat_exact.report.model.Report` as a table, CSV, JSON or LaTeX.

The table renderer shows rounded decimals and says so; CSV and JSON keep fractions
exact as ``"p/q"`` strings and write decimals only under keys ending ``_float``.
"""

from __future__ import annotations

import csv
import io
import json
import re
from fractions import Fraction
from typing import Any

from baccarat_exact.model.exact import decimal_text, exact_text, int_text, to_float
from baccarat_exact.report.model import Cell, Column, Format, Report, Table, Text

__all__ = [
    "Format",
    "Report",
    "dumps_json",
    "exact",
    "one_line",
    "render",
    "render_csv",
    "render_json",
    "render_latex",
    "render_table",
    "tables_document",
]


def exact(value: Cell) -> Any:
    """A cell as JSON/CSV keeps it: fractions as ``"p/q"``, everything else as is."""
    if isinstance(value, Fraction):
        return exact_text(value)
    return value


def _display(value: Cell, column: Column) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool) or column.style == "bool":
        return "yes" if value else "no"
    if column.style == "decimal":
        return decimal_text(value, column.digits)  # type: ignore[arg-type]
    if column.style == "percent":
        return decimal_text(value, column.digits, 100) + "%"  # type: ignore[arg-type]
    if isinstance(value, Fraction):
        return exact_text(value)
    if isinstance(value, int):
        return int_text(value, grouped=column.style == "int")
    return one_line(str(value))


def one_line(text: str) -> str:
    r"""``text`` for a table cell: characters that cannot be printed (a line break in a
    custom line's name) written as escapes, so that a row stays one line.

    >>> print(one_line("x\ny"), one_line("déjà vu"))
    x\ny déjà vu
    """
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


def _float_or_exact(value: Cell, column: Column) -> Any:
    """Data keys ending in ``_float`` hold floats; every other value stays exact."""
    if column.data_name.endswith("_float") and value is not None and not isinstance(value, str):
        return to_float(value)
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
    for block in report.blocks:
        parts.append("")
        if isinstance(block, Text):
            parts.extend(block.lines)
            continue
        if block.title:
            parts.append(block.title)
        body = [
            [_display(cell, col) for cell, col in zip(row, block.columns)] for row in block.rows
        ]
        right = [col.style != "text" for col in block.columns]
        parts.append(_grid([col.name for col in block.columns], body, right))
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
                ["" if c is None else _csv_cell(c, col) for c, col in zip(row, table.columns)]
            )
    return out.getvalue()


def _csv_cell(value: Cell, column: Column) -> Any:
    """A cell as CSV keeps it; ints written in full here, as the csv module's ``str()``
    refuses ints past Python's digit limit."""
    cell = _float_or_exact(value, column)
    return int_text(cell) if isinstance(cell, int) and not isinstance(cell, bool) else cell


def _table_json(table: Table) -> list[dict[str, Any]]:
    return [
        {col.data_name: _float_or_exact(cell, col) for cell, col in zip(row, table.columns)}
        for row in table.rows
    ]


def render_json(report: Report) -> str:
    """JSON: the command's own contract when it has one, else the tables as row objects."""
    own = report.document()
    return dumps_json(own if own is not None else tables_document(report))


def tables_document(report: Report) -> dict[str, Any]:
    """The report's title, tables (as lists of row objects) and notes, as JSON keeps them."""
    document: dict[str, Any] = {"schema": 1, "report": report.title}
    document["tables"] = {
        table.title or f"table{i}": _table_json(table) for i, table in enumerate(report.tables)
    }
    if report.notes:
        document["notes"] = list(report.notes)
    return document


def render_latex(report: Report) -> str:
    """The LaTeX forms of the report's text blocks, one after another."""
    lines = [
        line
        for block in report.blocks
        if isinstance(block, Text)
        for line in (block.latex() if callable(block.latex) else block.latex)
    ]
    return "\n".join(lines) + "\n" if lines else ""


def dumps_json(document: Any) -> str:
    """Stable JSON text: fixed key order as built, two-space indent, lists of numbers on
    one line (``[8, 8, 8, 8]``), final newline.

    >>> print(dumps_json({"suits": [1, 0, 2, 1], "cards": ["5", "K"]}), end="")
    {
      "suits": [1, 0, 2, 1],
      "cards": [
        "5",
        "K"
      ]
    }
    """
    inline: list[str] = []

    def keep(text: str) -> str:
        inline.append(text)
        return f"\0{len(inline) - 1}\0"

    def mark(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: mark(item) for key, item in value.items()}
        if isinstance(value, list):
            if value and all(isinstance(x, int | float) or x is None for x in value):
                return keep("[" + ", ".join(_json_number(x) for x in value) + "]")
            return [mark(item) for item in value]
        if isinstance(value, int) and not isinstance(value, bool):
            return keep(int_text(value))  # json's own str() refuses ints past 4300 digits
        return value

    text = json.dumps(mark(document), indent=2, ensure_ascii=False)
    return _INLINE.sub(lambda m: inline[int(m.group(1))], text) + "\n"


def _json_number(value: int | float | None) -> str:
    """One number (or null) as JSON writes it, ints at any size."""
    if isinstance(value, int) and not isinstance(value, bool):
        return int_text(value)
    return json.dumps(value)


_INLINE = re.compile(r'"\\u0000(\d+)\\u0000"')


def render(report: Report, fmt: Format | str) -> str:
    """Render ``report`` in ``fmt`` (``table``, ``json`` or ``csv``)."""
    name = fmt.value if isinstance(fmt, Format) else fmt
    if name == "table":
        return render_table(report)
    if name == "json":
        return render_json(report)
    if name == "csv":
        return render_csv(report)
    if name == "latex":
        return render_latex(report)
    raise ValueError(f"unknown format {fmt!r}: use table, json, csv or latex")
