"""``track``: the rounds of a shoe, line by line, each removed as it comes, and the exact
EV of every bet for the next round after each.

The request records the lines themselves (the command line reads them from a file or
standard input), so a document is computed again anywhere. The steps are made as the
lines come (:meth:`TrackRequest.follow`): the command line writes each row as its round
arrives from a live shoe, and records the lines as it reads them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from baccarat_exact.commands.base import Context
from baccarat_exact.commands.inputs import PricingRequest

if TYPE_CHECKING:
    from baccarat_exact.analysis.track import Tracking
    from baccarat_exact.report.model import Report

__all__ = ["TrackRequest"]


@dataclass(frozen=True, slots=True, kw_only=True)
class TrackRequest(PricingRequest):
    """A shoe tracked through the rounds dealt from it.

    >>> from baccarat_exact.commands.inputs import ShoeInput
    >>> report = TrackRequest(shoe=ShoeInput(decks=1), rounds=("9 2 K 3",)).run()
    >>> [step["cards_left"] for step in report.document()["steps"]]
    [52, 48]
    """

    KIND: ClassVar[str] = "track"

    rounds: tuple[str | None, ...] = ()
    """The input's lines, in order: a round in deal order (``"5 K 9 2 7 3"``), ``burn``
    and cards, a comment or a blank line; ``None`` for a line that could not be read as
    text (it is reported, like any bad line)."""

    def compute(self, context: Context) -> Tracking:
        """The steps of :attr:`rounds` (an iterator, made as it is read)."""
        return self.follow(self.rounds)

    def follow(self, lines: Iterable[str | None]) -> Tracking:
        """The steps of ``lines``, made as each line comes (the rounds of a live shoe),
        with this request's shoe, rules and bets: what :meth:`compute` makes of
        :attr:`rounds`.

        :raises BaccaratError: for a shoe, rules or bets that cannot be (an infinite shoe:
            nothing can be taken out of it).
        """
        from baccarat_exact.analysis.track import Tracking, track

        shoe, rules = self.shoe.shoe(), self.rules.rules()
        bets = self.bets.bets(rules, self.rules.game)
        return Tracking(shoe=shoe, rules=rules, bets=bets, steps=track(lines, shoe, rules, bets))

    def report(self, result: Tracking) -> Report:
        from baccarat_exact.report.track import track_report

        return track_report(result)
