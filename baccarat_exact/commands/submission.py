"""``submission``: the math a game submission carries for one bet, in one document.

A command of its own rather than ``report --submission``: ``report`` is the PAR sheet of
every bet priced (the law of N rounds, a bet mix's hold); a submission is about one
wager and asks other things (candidate pay tables, a buy-in ratio, a seeded counting
run), so it has its own request, its own kind of document for ``check`` and its own
schema. It shares the report's pages (Markdown, the HTML file) and its fingerprint.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from baccarat_exact.analysis.counting import DEFAULT_LEVEL
from baccarat_exact.commands.base import EVERY_FORMAT, Context, View, tool_version
from baccarat_exact.commands.inputs import PricingRequest
from baccarat_exact.errors import RequestError

if TYPE_CHECKING:
    from baccarat_exact.analysis.submission import Submission, SubmissionSettings
    from baccarat_exact.model.bets import Bet
    from baccarat_exact.model.rules import Rules
    from baccarat_exact.report.model import Report

__all__ = ["SubmissionRequest"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SubmissionRequest(PricingRequest["Submission"]):
    """One bet's submission: house edge by decks and pay table, true and payout odds,
    the top award against 1 in 10⁸, hold against drop, and the advantage-play section.

    >>> from baccarat_exact.commands.inputs import BetsInput, ShoeInput
    >>> request = SubmissionRequest(bets=BetsInput(names=("dragon-7",)), shoes=100)
    >>> request.run().document()["top_award"]["passes"]
    True
    >>> SubmissionRequest(bets=BetsInput(names=("dragon-7", "panda-8")))
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RequestError: a submission is of one bet: name one, got 2 (dragon-7, panda-8)
    """

    KIND: ClassVar[str] = "submission"

    pays: tuple[str, ...] = ()
    """Candidate pay tables: catalogue bets that are pay tables of the bet, or tables
    ``"LINE=PAY; LINE=PAY"``; none: the bet's published variants."""
    average_bet: str = "25"
    """The average bet, in units (any exact number)."""
    buy_in: str = "10"
    """Cash bought in (the drop) an hour of play, in average bets."""
    hands_per_hour: int = 70
    """Decisions an hour."""
    level: int = DEFAULT_LEVEL
    """Largest tag of the derived count."""
    shoes: int = 20_000
    """Shoes of the seeded counting run."""
    seed: int = 0
    """The counting run's seed: one number gives one result."""

    def __post_init__(self) -> None:
        named = self._named()
        if len(named) != 1:
            shown = f" ({', '.join(named)})" if named else ""
            raise RequestError(f"a submission is of one bet: name one, got {len(named)}{shown}")
        self.settings()
        self._within_a_day()
        rules, bet = self.bet()
        from baccarat_exact.analysis.pay_tables import candidate_tables

        candidate_tables(bet, rules, self.pays)

    def _within_a_day(self) -> None:
        """Refuse a counting run estimated past a day, as ``simulate --fast`` does."""
        from baccarat_exact.analysis.fast_counting import estimated_fast_seconds
        from baccarat_exact.commands.simulate import refuse_beyond_a_day

        shoe = self.shoe.shoe()
        if not shoe.infinite:  # refused with the effects of removal, which need cards
            seconds = estimated_fast_seconds(self.shoes, shoe.cards)
            refuse_beyond_a_day(seconds, f"--shoes {self.shoes:,}", 1, "give fewer shoes")

    def _named(self) -> tuple[str, ...]:
        """The bets named, once each; none named: the bets defined (a bets file of one)."""
        names = tuple(dict.fromkeys(name.strip() for name in self.bets.names))
        return names or tuple(self.bets.definitions)

    def bet(self) -> tuple[Rules, Bet]:
        """The rules and the one bet the request names."""
        from baccarat_exact.model.catalogue import find_bet

        rules = self.rules.rules()
        name = self._named()[0]
        if name in self.bets.definitions:
            from baccarat_exact.model.custom_bets import bets_from_definitions

            own = bets_from_definitions(self.bets.definitions, "the bets defined", rules.tableau)
            return rules, own[name]
        return rules, find_bet(name, rules)

    def settings(self) -> SubmissionSettings:
        """The figures beyond the shoe, rules and bet, read and checked."""
        from baccarat_exact.analysis.counting import MAX_LEVEL
        from baccarat_exact.analysis.hold import positive_number
        from baccarat_exact.analysis.submission import SubmissionSettings

        if not 1 <= self.level <= MAX_LEVEL:
            raise RequestError(f"--level must be between 1 and {MAX_LEVEL}, got {self.level}")
        for name, value in (("--shoes", self.shoes), ("--hands-per-hour", self.hands_per_hour)):
            if value < 1:
                raise RequestError(f"{name} must be 1 or more, got {value}")
        if self.seed < 0:
            raise RequestError(f"--seed must be 0 or more, got {self.seed}")
        return SubmissionSettings(
            average_bet=positive_number(self.average_bet, "--average-bet"),
            buy_in=positive_number(self.buy_in, "--buy-in"),
            hands_per_hour=self.hands_per_hour,
            level=self.level,
            shoes=self.shoes,
            seed=self.seed,
        )

    def compute(self, context: Context) -> Submission:
        """Price the bet and its candidate tables, and build the submission."""
        from baccarat_exact.analysis.pay_tables import candidate_tables
        from baccarat_exact.analysis.submission import submission

        rules, bet = self.bet()
        return submission(
            self.shoe.shoe(), rules, bet, candidate_tables(bet, rules, self.pays), self.settings()
        )

    def fingerprint(self) -> str:
        """The report's :func:`~baccarat_exact.commands.report.fingerprint` of this
        request's document."""
        from baccarat_exact.commands.report import fingerprint

        return fingerprint(
            {"kind": self.KIND, "request": self.to_dict(), "version": tool_version()}
        )

    def report(self, result: Submission, view: View = EVERY_FORMAT) -> Report:
        """The submission's tables; as pages in Markdown, and as an HTML page beside where
        ``view.html`` says (every page with the request's fingerprint)."""
        from baccarat_exact.commands.report import paged
        from baccarat_exact.report.submission import submission_report
        from baccarat_exact.report.submission_pages import submission_html, submission_markdown

        mark = self.fingerprint()
        report = submission_report(result, mark)

        def document() -> dict[str, Any]:
            return self.document(report.document() or {})

        return paged(
            report,
            view,
            html=lambda: submission_html(result, document(), mark),
            markdown=lambda: submission_markdown(result, document(), mark),
        )
