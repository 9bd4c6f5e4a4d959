"""``baccarat-exact bets``: the side-bet catalogue (and your own bets) with pay tables."""

from __future__ import annotations

from pathlib import Path

from baccarat_exact.cli.common import FormatOption, emit
from baccarat_exact.cli.options import RULES, SHOE, BetsFileOption, command
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.report.bets import bets_report, catalogue_entries
from baccarat_exact.report.model import Format

__all__ = ["bets_command"]


@command(shoe=SHOE, rules=RULES)
def bets_command(
    shoe: Shoe,
    rules: Rules,
    bets_file: BetsFileOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """List every bet --bet accepts (and those of --bets-file files) with its pay table,
    its source and its exact house edge (default: 8 decks)."""
    files: list[Path] = bets_file or []
    emit(bets_report(shoe, rules, catalogue_entries(rules, files)), fmt)
