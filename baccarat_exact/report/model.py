"""The report model: what every command hands to the renderers.

A :class:`Report` holds exact values (``Fraction``, ``int``, ``str``, ``bool``) in
tables, lines of text, notes and the command's JSON document; each
:class:`Column` says how the table renderer shows its cells. Decimals are made only
by the renderers (:mod:`.render`), for display, and are labelled as rounded.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any, Literal, TypeAlias

__all__ = [
    "ANSWER_KEYS",
    "Block",
    "Cell",
    "Column",
    "Format",
    "Report",
    "Style",
    "Table",
    "Text",
    "identifier",
]

Cell: TypeAlias = "Fraction | int | str | bool | float | None"
Style: TypeAlias = Literal["text", "int", "fraction", "decimal", "percent", "bool"]


class Format(str, Enum):
    """Output formats every command offers."""

    table = "table"
    csv = "csv"
    json = "json"
    markdown = "markdown"
    latex = "latex"


_IDENTIFIER = re.compile(r"[a-z][a-z0-9_]*")


def identifier(text: str) -> str:
    """``text`` as a snake_case identifier, the form of every JSON key and CSV header.

    >>> identifier("≈ break-even"), identifier("EV > 0"), identifier("P(win)")
    ('break_even', 'ev_0', 'p_win')
    """
    words = re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")
    return words if words and words[0].isalpha() else f"c_{words}"


ANSWER_KEYS = frozenset({"house_edge", "ev", "count", "probability"})
"""Keys of the columns that carry a table's answer unless a column says otherwise: a bet's
house edge, an EV, an exact count and its probability (a PAR sheet exists for them)."""


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
    """Name in CSV headers and JSON (default: ``name``, with ``_float`` added to decimals),
    made a snake_case identifier where it is not one (a bet's name)."""
    wrap: int | None = None
    """Wrap this column's text to lines of at most this many characters in the table view
    (``None``: one line, however long)."""
    answer: bool | None = None
    """Whether the column carries the table's answer, which a narrow terminal drops last
    (after every other column; the first column is never dropped). ``None``: decided by its
    key (a house edge, an EV, a count or a probability: :data:`ANSWER_KEYS`) or its style
    (a text column names its rows)."""

    @property
    def carries_answer(self) -> bool:
        """Whether a narrow terminal drops this column last (see :attr:`answer`).

        >>> Column("≈ house edge", "percent", 4, key="house_edge").carries_answer
        True
        >>> Column("largest win", "fraction").carries_answer
        False
        """
        if self.answer is not None:
            return self.answer
        key = self.data_name.removesuffix("_float")
        return (
            self.style == "text"
            or key in ANSWER_KEYS
            or key.endswith(("_house_edge", "_ev"))  # banker_house_edge, dragon_7_ev
        )

    @property
    def data_name(self) -> str:
        """The key used in CSV headers and JSON objects: a snake_case identifier.

        >>> Column("≈ P(dealer ten)", "decimal").data_name
        'p_dealer_ten_float'
        >>> Column("house edge", "fraction").data_name
        'house_edge'
        >>> Column("≈ perfect-pair", "decimal", key="perfect-pair").data_name
        'perfect_pair'
        """
        if self.key is not None:
            return self.key if _IDENTIFIER.fullmatch(self.key) else identifier(self.key)
        name = identifier(self.name)
        if self.style in ("decimal", "percent") and not name.endswith("_float"):
            return f"{name}_float"
        return name


@dataclass(frozen=True, slots=True)
class Table:
    """A titled table of exact cells."""

    title: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]
    name: str = ""
    """What ``--table`` calls it (default: the title's first words, before any bracket or
    colon, lower case, with hyphens: ``"Pay lines (per unit staked)"`` → ``pay-lines``)."""

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row) != len(self.columns):
                raise ValueError(f"row {row!r} does not match columns of {self.title!r}")

    @property
    def key(self) -> str:
        """The table's name for ``--table``: a snake_case identifier, by the rule of every
        JSON key (:func:`identifier`), from its ``name`` or else its title's words before
        any ``(`` or ``:`` (apostrophes dropped).

        >>> Table("Pay lines (per unit staked)", (), ()).key
        'pay_lines'
        >>> Table("Dealer's final hand", (), ()).key
        'dealers_final_hand'
        """
        if self.name:
            return identifier(self.name)
        words = re.split(r"[(:]", self.title, maxsplit=1)[0].replace("'", "")
        return identifier(words) if words.strip() else "table"

    def records(self) -> list[dict[str, Cell]]:
        """The rows as records, one dict per row keyed by column data names, values exact
        (``pandas.DataFrame(table.records())`` needs nothing else).

        >>> Table("t", (Column("bet"), Column("pays", "fraction")), (("tie", 8),)).records()
        [{'bet': 'tie', 'pays': 8}]
        """
        names = [col.data_name for col in self.columns]
        return [dict(zip(names, row)) for row in self.rows]


@dataclass(frozen=True, slots=True)
class Text:
    """Lines shown as they are (a formula, a casino card), optionally with a LaTeX form."""

    lines: tuple[str, ...]
    latex: tuple[str, ...] | Callable[[], tuple[str, ...]] = ()
    """The same content typeset for LaTeX (empty: none); a function when costly to make,
    called only by the LaTeX renderer."""


Block: TypeAlias = "Table | Text"


@dataclass(frozen=True, slots=True)
class Report:
    """What a command shows: a title, blocks (tables and text) and notes, and its JSON
    document. Every renderer reads this one object."""

    title: str
    blocks: tuple[Block, ...]
    notes: tuple[str, ...] = field(default=())
    data: dict[str, Any] | Callable[[], dict[str, Any]] | None = None
    """The JSON document, when the command has a fixed JSON contract of its own; a function
    when costly to make, called only by the JSON renderer."""
    main: str = ""
    """The :attr:`Table.key` of the main table, which CSV writes unless asked for another
    (default: the first table)."""
    text: Callable[[], Iterator[str]] | None = None
    """The whole output written the report's own way, in the format it was made for, in
    pieces written as they come (a math report's Markdown pages, a live track's rows, a
    schema): what the command line writes instead of rendering the blocks."""
    files: tuple[Callable[[], None], ...] = ()
    """Files written beside the output, before it (a chart, an HTML page): each writes its
    own, or raises a one-line error."""

    def document(self) -> dict[str, Any] | None:
        """The JSON document, made now if it is made on demand."""
        return self.data() if callable(self.data) else self.data

    @property
    def tables(self) -> tuple[Table, ...]:
        """The tables among the blocks (what CSV writes, one at a time)."""
        return tuple(block for block in self.blocks if isinstance(block, Table))

    def table(self, name: str | None = None) -> Table:
        """The table called ``name`` (see :attr:`Table.key`; written with hyphens too, as
        0.3.0 named tables), or the main one: the first.

        :raises ReportError: when there is no such table, naming those there are.
        """
        from baccarat_exact.errors import ReportError

        tables = self.tables
        if not tables:
            raise ReportError("this output has no table")
        if name is None:
            name = self.main or tables[0].key
        wanted = identifier(name)  # pay-lines (as 0.3.0 named it) is pay_lines
        for table in tables:
            if table.key == wanted:
                return table
        names = ", ".join(table.key for table in tables)
        raise ReportError(f"no table {name!r} in this output: choose one of {names}")

    def only(self, name: str) -> Report:
        """The report with just the table called ``name`` among its blocks (title, notes
        and document kept).

        :raises ReportError: when there is no such table, naming those there are.
        """
        from dataclasses import replace

        return replace(self, blocks=(self.table(name),), main="")

    def records(self, name: str | None = None) -> list[dict[str, Cell]]:
        """The rows of the table called ``name`` (default: the main one) as records."""
        return self.table(name).records()
