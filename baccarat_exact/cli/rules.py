"""``baccarat-exact rules``: print the drawing tableau and pays as the engine uses them."""

from __future__ import annotations

import typer

from baccarat_exact.cli.shared import RULES, FormatOption, TableOption, View, answer, command
from baccarat_exact.commands.rules import RulesRequest
from baccarat_exact.report.model import Format

__all__ = ["rules_command"]


@command(RULES)
def rules_command(
    ctx: typer.Context, fmt: FormatOption = Format.table, table: TableOption = None
) -> None:
    """Print the drawing tableau (the casino card, D = draws, S = stands) and the pays."""
    answer(RulesRequest(rules=RULES.value(ctx)), View(fmt, table))
