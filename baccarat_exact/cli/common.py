"""Shared pieces of the typer layer: writing a report, and an input error as one line.

An input error (a ``BaccaratError``) becomes one ``Error:`` line on stderr and exit
code 2, as the README's contract says: a grouped command's class does it for its body
(:func:`baccarat_exact.cli.shared.grouped`), and :func:`fail` is the one way to say it.
"""

from __future__ import annotations

import typer

from baccarat_exact.cli.output import echo
from baccarat_exact.commands.base import View
from baccarat_exact.report.model import Format, Report
from baccarat_exact.report.render import render

__all__ = ["emit", "fail"]


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``Error: message`` on stderr and return the Exit to raise."""
    echo(f"Error: {message}", err=True)
    return typer.Exit(code)


def emit(report: Report, view: View) -> None:
    """Write a report as ``view`` shows it: the files beside it first (a chart, an HTML
    page), then its own text where it has one, else its blocks rendered in the view's
    format (by default a table)."""
    for write in report.files:
        write()
    if report.text is not None:
        for piece in report.text():
            echo(piece, nl=False)
        return
    echo(render(report, view.fmt or Format.table, view.table, view.width), nl=False)
