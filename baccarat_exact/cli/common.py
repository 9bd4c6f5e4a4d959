"""Shared pieces of the typer layer: the ``--format`` option and error handling.

Every command body runs under :func:`handle_errors`, which turns the package's
input errors into one line on stderr and exit code 2 (DESIGN.md contracts).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Annotated, ParamSpec, TypeVar

import typer

from baccarat_exact.cli.output import echo
from baccarat_exact.errors import BaccaratError
from baccarat_exact.report.model import Format, Report
from baccarat_exact.report.render import render

__all__ = ["FormatOption", "TableOption", "emit", "fail", "handle_errors"]

P = ParamSpec("P")
R = TypeVar("R")

FormatOption = Annotated[
    Format,
    typer.Option(
        "--format", "-f", help="Output format: table (rounded decimals shown), json or csv (exact)."
    ),
]

TableOption = Annotated[
    str | None,
    typer.Option(
        "--table",
        "-t",
        metavar="NAME",
        help="With --format csv: which table to write (default: the main one; a wrong name "
        "lists them).",
        show_default=False,
    ),
]


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``Error: message`` on stderr and return the Exit to raise."""
    echo(f"Error: {message}", err=True)
    return typer.Exit(code)


def handle_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Run a command body; an input error becomes one stderr line and exit code 2."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except BaccaratError as error:
            raise fail(str(error)) from None

    return wrapper


def emit(report: Report, fmt: Format, table: str | None = None) -> None:
    """Write a report to stdout in the chosen format (``table``: the table CSV writes)."""
    echo(render(report, fmt, table), nl=False)
