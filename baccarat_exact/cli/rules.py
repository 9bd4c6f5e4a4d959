"""``baccarat-exact rules``: print the drawing tableau and pays as the engine uses them."""

from __future__ import annotations

from baccarat_exact.cli.common import FormatOption, TableOption, emit
from baccarat_exact.cli.options import RULES, command
from baccarat_exact.model.rules import Rules
from baccarat_exact.report.model import Format
from baccarat_exact.report.rules import rules_report

__all__ = ["rules_command"]


@command(rules=RULES)
def rules_command(
    rules: Rules, fmt: FormatOption = Format.table, table: TableOption = None
) -> None:
    """Print the drawing tableau (the casino card, D = draws, S = stands) and the pays."""
    emit(rules_report(rules), fmt, table)
