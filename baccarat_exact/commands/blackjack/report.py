"""``blackjack report``: the math report (PAR sheet) of a blackjack rule set — the
round's law under each strategy, its house edge, spread and volatility, and where the
average result falls after N rounds.

Like the baccarat ``report``, every page carries a
:func:`~baccarat_exact.commands.report.fingerprint` of the request and the tool's version.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, View, tool_version
from baccarat_exact.commands.blackjack.inputs import BlackjackRequest

if TYPE_CHECKING:
    from baccarat_exact.analysis.blackjack.par import BlackjackSheet
    from baccarat_exact.analysis.par import ParSettings
    from baccarat_exact.report.model import Report

__all__ = ["BlackjackReportRequest"]


@dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackReportRequest(BlackjackRequest["BlackjackSheet"]):
    """The PAR sheet of the round under each strategy, after each number of rounds.

    >>> BlackjackReportRequest(rounds="0")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RequestError: --rounds takes whole numbers of rounds from 1, got '0'
    """

    KIND: ClassVar[str] = "blackjack report"

    strategy: str = "both"
    """``optimal`` (composition-dependent), ``basic`` (the derived chart) or ``both``."""
    rounds: str = "100,1000,10000,100000"
    """Numbers of rounds, comma-separated."""
    confidence: str = "90,95,99"
    """Confidence levels in per cent, comma-separated."""
    loss: str = "10%"
    """Loss thresholds: units, or a share of the units staked (``10%``), comma-separated."""
    exact: bool = True
    """Exact fractions (false: float arithmetic, ``--float``)."""

    def check(self) -> None:
        from baccarat_exact.blackjack.round_stats import strategy_names

        strategy_names(self.strategy)
        self.settings()

    def settings(self) -> ParSettings:
        """The numbers of rounds, confidences and loss thresholds, read and checked."""
        from baccarat_exact.analysis.par import par_settings

        return par_settings(self.rounds, self.confidence, self.loss)

    def compute(self, context: Context) -> BlackjackSheet:
        """The round's law under each strategy, then the sheet."""
        from baccarat_exact.analysis.blackjack.par import blackjack_sheet
        from baccarat_exact.blackjack.hands import SLOTS
        from baccarat_exact.blackjack.round_stats import round_stats, strategy_names

        rules, shoe = self.game()
        from baccarat_exact.commands.blackjack.solve import BlackjackRoundRequest

        # the round's law, refused as `blackjack round` refuses it (past a day, the memory)
        BlackjackRoundRequest(
            shoe=self.shoe, rules=self.rules, strategy=self.strategy, exact=self.exact
        ).within_a_day(context.jobs)
        with context.progress(SLOTS, "solving up cards") as advance:
            stats = round_stats(
                shoe,
                rules,
                strategies=strategy_names(self.strategy),
                exact=self.exact,
                progress=advance,
                jobs=context.jobs,
            )
        return blackjack_sheet(stats, self.settings())

    def fingerprint(self) -> str:
        """:func:`~baccarat_exact.commands.report.fingerprint` of this request's document."""
        from baccarat_exact.commands.report import fingerprint

        return fingerprint(
            {"kind": self.KIND, "request": self.to_dict(), "version": tool_version()}
        )

    def report(self, result: BlackjackSheet, view: View = EVERY_FORMAT) -> Report:
        """The sheet's tables; as pages in Markdown, and as an HTML page beside where
        ``view.html`` says (every page with the request's fingerprint)."""
        from baccarat_exact.commands.report import paged
        from baccarat_exact.report.blackjack.par import (
            blackjack_html,
            blackjack_markdown,
            blackjack_par_report,
        )

        mark = self.fingerprint()
        report = blackjack_par_report(result, mark)

        def document() -> dict[str, Any]:
            return self.document(report.document() or {})

        return paged(
            report,
            view,
            html=lambda: blackjack_html(result, document(), mark),
            markdown=lambda: blackjack_markdown(result, document(), mark),
        )
