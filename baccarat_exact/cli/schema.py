"""``baccarat-exact schema``: the JSON Schema of each kind of document ``--format json`` writes."""

from __future__ import annotations

from typing import Annotated

import typer

from baccarat_exact.cli.common import fail
from baccarat_exact.cli.shared import TableOption, View, answer, command
from baccarat_exact.commands.schemas import SchemaRequest
from baccarat_exact.report.model import Format

__all__ = ["schema_command"]

KindArgument = Annotated[
    list[str] | None,
    typer.Argument(
        metavar="[KIND]",
        help="A kind of document: the command that writes it, e.g. odds, grid or "
        'blackjack edge (written "blackjack edge", blackjack-edge or blackjack edge). '
        "Without it: the list.",
        show_default=False,
    ),
]


SchemaFormatOption = Annotated[
    Format | None,
    typer.Option(
        "--format",
        "-f",
        help="The list's format: table (default), csv, json, markdown or latex; a schema's: "
        "json alone.",
        show_default=False,
    ),
]


@command()
def schema_command(
    kind: KindArgument = None, fmt: SchemaFormatOption = None, table: TableOption = None
) -> None:
    """Print the JSON Schema (draft 2020-12) of a kind of document that --format json
    writes, or, without KIND, list the kinds.

    A schema is self-contained: validate documents with any JSON Schema validator, offline.

    --format and --table apply to the list; a schema is JSON (-f json, the default) and
    one document (no tables).
    """
    if kind and fmt not in (None, Format.json):
        raise fail(f"a schema is JSON: give -f json or no -f (-f {fmt.value} is for the list)")
    if kind and table is not None:
        raise fail("a schema is one JSON document, with no tables: -t is for the list")
    answer(SchemaRequest(kind=" ".join(kind) if kind else None), View(fmt or Format.table, table))
