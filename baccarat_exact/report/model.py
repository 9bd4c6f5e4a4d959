"""The report model: what every command hands to the renderers.

A :class:`Report` holds exact values (``Fraction``, ``int``, ``str``, ``bool``) in
tables, lines of text, notes and the command's JSON document; each
:class:`Column` says how the table renderer shows its cells. Decimals are made only
by the renderers (:mod:`.render`), for display, and are labelled as rounded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any, Literal, TypeAlias

__all__ = ["Block", "Cell", "Column", "Format", "Report", "Style", "Table", "Text"]

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

    def document(self) -> dict[str, Any] | None:
        """The JSON document, made now if it is made on demand."""
        return self.data() if callable(self.data) else self.data

    @property
    def tables(self) -> tuple[Table, ...]:
        """The tables among the blocks (what CSV writes)."""
        return tuple(block for block in self.blocks if isinstance(block, Table))
