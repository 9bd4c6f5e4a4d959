"""Shared pieces of the typer layer: writing a report, and an input error as one line.

An input error (a ``BaccaratError``) becomes one ``Error:`` line on stderr and exit
code 2, as the README's contract says: a grouped command's class does it for its body
(:func:`baccarat_exact.cli.shared.grouped`), and :func:`fail` is the one way to say it.
"""

from __future__ import annotations

import typer

from baccarat_exact.cli.output import echo
from baccarat_exact.report.model import Format, Report
from baccarat_exact.report.render import render

__all__ = ["emit", "fail"]


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``Error: message`` on stderr and return the Exit to raise."""
    echo(f"Error: {message}", err=True)
    return typer.Exit(code)


def emit(report: Report, fmt: Format, table: str | None = None) -> None:
    """Write a report to stdout in the chosen format (``table``: just that table)."""
    echo(render(report, fmt, table), nl=False)
