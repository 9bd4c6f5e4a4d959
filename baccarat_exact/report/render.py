"""The renderers: a :class:`~baccarat_exact.report.model.Report` as a table, CSV, JSON or LaTeX.

The table renderer shows rounded decimals and says so; CSV and JSON keep fractions
exact as ``"p/q"`` strings and write decimals only under keys ending ``_float``.
"""

from __future__ import annotations

import csv
import io
import re
from fractions import Fraction
from typing import Any

from baccarat_exact.model.exact import decimal_text, exact_text, int_text, to_float
from baccarat_exact.report.model import Cell, Column, Format, Report, Table, Text, identifier

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
    "render_markdown",
    "render_table",
    "tables_document",
    "terminal_width",
]


def exact(value: Cell) -> Any:
    """A cell as JSON/CSV keeps it: fractions as ``"p/q"``, everything else as is."""
    if isinstance(value, Fraction):
        return exact_text(value)
    return value


def _display(value: Cell, column: Column) -> str:
    if value is None:
        return "-"
    if isinstance(value, str):  # a word where a number would be ("no bets"): as it is
        return one_line(value)
    if isinstance(value, bool) or column.style == "bool":
        return "yes" if value else "no"
    if column.style == "decimal":
        return decimal_text(value, column.digits)
    if column.style == "percent":
        return decimal_text(value, column.digits, 100) + "%"
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
    """Data keys ending in ``_float`` hold floats; every other value stays exact. A word in
    a column of numbers ("no bets") is for the reader: the data holds no number."""
    if isinstance(value, str) and column.style in ("decimal", "percent"):
        return None
    if column.data_name.endswith("_float") and value is not None and not isinstance(value, str):
        return to_float(value)
    return exact(value)


def _grid(headers: list[str], body: list[list[str]], columns: tuple[Column, ...]) -> str:
    """The cells as tabulate's ``simple`` table: headers underlined with dashes, numbers
    right-aligned, text wrapped where a column says so; no trailing blanks.

    tabulate is imported here, on first use, so that a command writing JSON or CSV
    never loads it (start-up time, docs/performance.md). Its extra padding of headers is
    turned off for the call (and restored), so a column is as wide as its widest cell.
    """
    import tabulate

    padding = tabulate.MIN_PADDING
    tabulate.MIN_PADDING = 0  # columns as wide as their widest cell or header, no wider
    try:
        text = tabulate.tabulate(
            [[_wrap_cell(cell, col.wrap) for cell, col in zip(row, columns)] for row in body],
            headers=headers,
            tablefmt="simple",
            colalign=["left" if col.style == "text" else "right" for col in columns],
            disable_numparse=True,
        )
    finally:
        tabulate.MIN_PADDING = padding
    return "\n".join(line.rstrip() for line in text.split("\n"))


def terminal_width() -> int:
    """The width the table view fits: the terminal's, or ``COLUMNS`` where set, else 80."""
    import shutil

    return max(20, shutil.get_terminal_size((80, 24)).columns)


def render_table(report: Report, width: int | None = None) -> str:
    """Human-readable text: aligned tables, decimals rounded and said to be, fitted to
    ``width`` columns (default: :func:`terminal_width`). Titles and notes are wrapped
    between words; a table too wide loses columns — those that do not carry its answer
    first, the widest first, never the first column — and a line right under it says
    which (``--format csv`` or a wider terminal shows them)."""
    width = terminal_width() if width is None else width
    parts: list[str] = []
    notes = list(report.notes)
    if report.title:
        title = _wrapped(report.title, width)
        parts.extend([*title, "=" * max(len(line) for line in title)])
    for block in report.blocks:
        if parts:
            parts.append("")
        if isinstance(block, Text):  # a line too long for the terminal is wrapped again
            parts.extend(
                wrapped
                for line in block.lines
                for wrapped in (_wrapped(line, width) if len(line) > width else [line])
            )
            continue
        if block.title:
            parts.extend(_wrapped(block.title, width))
        text, gone = _fitted(block, width)
        parts.append(text)
        dropped = [block.columns[i].name.removeprefix("≈ ") for i in gone]
        if dropped:
            parts.extend(
                _wrapped(
                    f"({', '.join(dropped)} not shown for width: --format csv or a wider "
                    "terminal shows "
                    f"{'it' if len(dropped) == 1 else 'them'}.)",
                    width,
                )
            )
    if notes:
        parts.append("")
        parts.extend(line for note in notes for line in _wrapped(note, width))
    return "\n".join(parts) + "\n"


def _fitted(table: Table, width: int) -> tuple[str, list[int]]:
    """The table as text at most ``width`` wide where dropping columns can make it so,
    and the indices of the columns dropped: those that do not carry the table's answer
    (:attr:`Column.carries_answer`) before those that do, the widest first within each
    (the most room for one column less; a long exact fraction goes before the decimal
    beside it), never the first."""
    columns = list(table.columns)
    body = [[_display(cell, col) for cell, col in zip(row, columns)] for row in table.rows]
    widths = [
        max(
            len(line) for text in (col.name, *(row[i] for row in body)) for line in text.split("\n")
        )
        for i, col in enumerate(columns)
    ]
    kept = list(range(len(columns)))

    def least_width() -> int:
        """The kept columns' width before rendering, a lower bound on the text's: each
        column not wrapped as wide as its widest line, two spaces between columns (the
        dashes under the headers are exactly that wide)."""
        return sum(0 if columns[i].wrap else widths[i] for i in kept) + 2 * (len(kept) - 1)

    while True:
        # a column the bound already rules out goes without a render: a wide table is
        # rendered once or twice instead of once per column dropped
        if len(kept) == 1 or least_width() <= width:
            shown = tuple(columns[i] for i in kept)
            text = _grid(
                [col.name for col in shown], [[row[i] for i in kept] for row in body], shown
            )
            if len(kept) == 1 or max(map(len, text.split("\n")), default=0) <= width:
                break
        kept.remove(max(kept[1:], key=lambda i: (not columns[i].carries_answer, widths[i], i)))
    return text, [i for i in range(len(columns)) if i not in kept]


def _wrap_cell(text: str, width: int | None) -> str:
    """``text`` in lines of at most ``width`` characters, broken between words; a word
    longer than a line (a long web address) starts a line of its own and is cut only
    where it must be.

    >>> print(_wrap_cell("see https://example.com/a/b", 12))
    see
    https://exam
    ple.com/a/b
    """
    import textwrap

    if width is None or len(text) <= width:
        return text
    lines = textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False)
    return "\n".join(
        line[i : i + width] for line in lines for i in range(0, max(len(line), 1), width)
    )


def _wrapped(text: str, width: int) -> list[str]:
    """A title or note in lines of at most ``width`` characters, words kept whole."""
    import textwrap

    if len(text) <= width:
        return [text]
    return textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False) or [text]


def render_csv(report: Report, table: str | None = None) -> str:
    """CSV (RFC 4180, lines ending in LF): one rectangular table with a header row, the
    main one or the one called ``table``; beside every exact number, its decimal under
    ``<name>_float``.

    :raises ReportError: when ``table`` names no table of the report.
    """
    if not report.tables:
        return ""
    chosen = report.table(table)
    columns = _csv_columns(chosen.columns)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([name for name, _, _ in columns])
    for row in chosen.rows:
        writer.writerow(
            [
                "" if row[i] is None else _csv_cell(row[i], chosen.columns[i], as_float)
                for _, i, as_float in columns
            ]
        )
    return out.getvalue()


def _csv_columns(columns: tuple[Column, ...]) -> list[tuple[str, int, bool]]:
    """(header, column index, written as a float) for each CSV column: every column as
    its data name, and after each exact numeric one a ``<name>_float`` decimal unless the
    table has that column already."""
    names = {col.data_name for col in columns}
    out: list[tuple[str, int, bool]] = []
    for i, col in enumerate(columns):
        out.append((col.data_name, i, False))
        exact_number = col.style in ("fraction", "decimal", "percent")
        decimal_name = f"{col.data_name}_float"
        if exact_number and not col.data_name.endswith("_float") and decimal_name not in names:
            out.append((decimal_name, i, True))
    return out


def _csv_cell(value: Cell, column: Column, as_float: bool = False) -> Any:
    """A cell as CSV keeps it (``as_float``: its decimal); ints written in full here, as
    the csv module's ``str()`` refuses ints past Python's digit limit."""
    if as_float and not isinstance(value, str | bool):
        return to_float(value)  # type: ignore[arg-type]
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
    """The report's tables as JSON keeps them: by identifier, each a list of row objects
    (titles and notes are words of the text view, not data)."""
    return {"tables": {identifier(table.key): _table_json(table) for table in report.tables}}


def _tabulated(table: Table, tablefmt: str) -> str:
    """One table in a tabulate format, cells as the table view shows them."""
    from tabulate import tabulate

    body = [[_display(c, col) for c, col in zip(row, table.columns)] for row in table.rows]
    return str(
        tabulate(
            body,
            headers=[col.name for col in table.columns],
            tablefmt=tablefmt,
            colalign=["left" if col.style == "text" else "right" for col in table.columns],
            disable_numparse=True,
        )
    )


def render_markdown(report: Report) -> str:
    """Markdown: the title as a heading, each table as a pipe table, the notes.

    >>> from baccarat_exact.report.model import Column
    >>> print(render_markdown(Report("T", (Table("", (Column("bet"),), (("tie",),)),))), end="")
    ## T
    <BLANKLINE>
    | bet   |
    |:------|
    | tie   |
    """
    parts = [f"## {report.title}"] if report.title else []
    for table in report.tables:
        parts.extend(["", _tabulated(table, "pipe")])
    if report.notes:
        parts.extend(["", *report.notes])
    return "\n".join(parts) + "\n"


def render_latex(report: Report) -> str:
    """LaTeX: each table as a ``booktabs`` tabular (rounded cells, as the table view) and
    each text block in its LaTeX form (a formula typeset), in the report's order."""
    parts: list[str] = []
    for block in report.blocks:
        if isinstance(block, Text):
            lines = block.latex() if callable(block.latex) else block.latex
            parts.extend(lines or [f"% {line}" for line in block.lines])
            continue
        parts.append(_tabulated(block, "latex_booktabs"))
    return "\n".join(parts) + "\n" if parts else ""


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

    import json  # here: a table or CSV never loads it (start-up time)

    text = json.dumps(mark(document), indent=2, ensure_ascii=False)
    return _INLINE.sub(lambda m: inline[int(m.group(1))], text) + "\n"


def _json_number(value: int | float | None) -> str:
    """One number (or null) as JSON writes it, ints at any size."""
    if isinstance(value, int) and not isinstance(value, bool):
        return int_text(value)
    import json

    return json.dumps(value)


_INLINE = re.compile(r'"\\u0000(\d+)\\u0000"')


def render(
    report: Report, fmt: Format | str, table: str | None = None, width: int | None = None
) -> str:
    """Render ``report`` in ``fmt`` (table, csv, json, markdown or latex); ``table``
    picks one table (CSV writes the main one unless told; the other views show every
    table unless told; JSON is always the whole document); ``width``: the table view's
    (default: the terminal's).

    :raises ReportError: for ``table`` with JSON, or a ``table`` the report lacks.
    """
    name = fmt.value if isinstance(fmt, Format) else fmt
    if name == "csv":
        return render_csv(report, table)
    if name == "json":
        if table is not None:
            from baccarat_exact.errors import ReportError

            raise ReportError(
                "--table picks one table of the table, csv, markdown and latex formats; "
                "--format json writes the whole document"
            )
        return render_json(report)
    shown = report.only(table) if table is not None else report
    if name == "table":
        return render_table(shown, width)
    if name == "markdown":
        return render_markdown(shown)
    if name == "latex":
        return render_latex(shown)
    raise ValueError(f"unknown format {fmt!r}: use table, csv, json, markdown or latex")
