"""``grid``: conditional tables of the round, split by what is known part-way through it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, View
from baccarat_exact.commands.inputs import PricingRequest, seen_cards
from baccarat_exact.errors import RulesError

if TYPE_CHECKING:
    from baccarat_exact.analysis.grid import Grid
    from baccarat_exact.report.model import Report

__all__ = ["GridRequest"]


@dataclass(frozen=True, slots=True, kw_only=True)
class GridRequest(PricingRequest["Grid"]):
    """The round split by one key (``rows``) or two (``cols`` too): each cell's exact
    probability, each outcome's given it, and each bet's EV given it.

    >>> cells = GridRequest(rows="banker-first").run().document()["cells"]
    >>> cells[9]["row"], cells[9]["outcomes"]["banker"]["probability"]
    ('9', '95049025696/166880284305')
    >>> GridRequest(rows="banker-first", cols="banker-first")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: --rows and --cols are both banker-first: choose two different keys
    """

    KIND: ClassVar[str] = "grid"

    rows: str = "player-total"
    """The key that splits the round into rows (``player-total``, ``banker-first``…)."""
    cols: str | None = None
    """The key of the columns, if any."""
    show: tuple[str, ...] = ()
    """The figures to show (``cell``, ``banker-wins``…, or a bet for its EV); none: all."""
    player: str | None = None
    """The Player's cards of the round seen so far (``?`` face down)."""
    banker: str | None = None
    """The Banker's cards seen so far."""

    def __post_init__(self) -> None:
        from baccarat_exact.analysis.grid import KEYS

        for option, key in (("--rows", self.rows), ("--cols", self.cols)):
            if key is not None and key not in KEYS:
                raise RulesError(f"{option}: unknown key {key!r}; use {', '.join(KEYS)}")
        if self.cols == self.rows:
            raise RulesError(f"--rows and --cols are both {self.rows}: choose two different keys")

    def compute(self, context: Context) -> Grid:
        """The grid of the bets on the shoe, given the cards seen (the figures checked)."""
        from baccarat_exact.analysis.grid import grid
        from baccarat_exact.report.grid import grid_figures

        shoe, rules, bets = self.chosen()
        seen = seen_cards(self.player, self.banker)
        table = grid(shoe, self.rows, self.cols, rules, bets, seen=seen)
        grid_figures(table, self.show)
        return table

    def report(self, result: Grid, view: View = EVERY_FORMAT) -> Report:
        """The grid's matrices, one per figure; in CSV, every cell in one table."""
        from baccarat_exact.report.grid import grid_report
        from baccarat_exact.report.model import Format

        return grid_report(result, self.show, matrices=view.fmt is not Format.csv, width=view.width)
