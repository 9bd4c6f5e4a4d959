"""``track``: the rounds of a shoe, line by line, each removed as it comes, and the exact
EV of every bet for the next round after each.

The request records the lines themselves (the command line reads them from a file or
standard input), so a document is computed again anywhere. The steps are made as the
lines come (:meth:`TrackRequest.follow`): the command line writes each row as its round
arrives from a live shoe, and records the lines as it reads them.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, UNRECORDED, Context, View
from baccarat_exact.commands.inputs import PricingRequest
from baccarat_exact.report.model import Format, Report

if TYPE_CHECKING:
    from baccarat_exact.analysis.track import Tracking, TrackProblem, TrackStep

__all__ = ["TrackRequest", "Tracked"]


@dataclass(frozen=True, slots=True)
class Tracked:
    """A track, and the lines it has read so far (every line once its steps are read)."""

    tracking: Tracking
    lines: list[str | None]


@dataclass(frozen=True, slots=True, kw_only=True)
class TrackRequest(PricingRequest[Tracked]):
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
    live: Iterable[str | None] | None = field(
        default=None, compare=False, repr=False, metadata=UNRECORDED
    )
    """Lines read as they come instead of :attr:`rounds` (a live shoe on standard input);
    the document records those read as its rounds."""

    def compute(self, context: Context) -> Tracked:
        """The steps of the lines (an iterator, made as they are read); each line that is
        no round is told to ``context.problem`` as it is met."""
        read: list[str | None] = []

        def lines() -> Iterator[str | None]:
            for line in self.rounds if self.live is None else self.live:
                read.append(line)
                yield line

        tracking = self.follow(lines())
        steps = _told(tracking.steps, context.problem)
        return Tracked(dataclasses.replace(tracking, steps=steps), read)

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

    def recorded(self, result: Tracked) -> TrackRequest:
        """The request with the lines read from a live shoe as its rounds."""
        if self.live is None:
            return self
        return dataclasses.replace(self, rounds=tuple(result.lines), live=None)

    def report(self, result: Tracked, view: View = EVERY_FORMAT) -> Report:
        """The whole track once every line is read; in the table view and CSV, its rows
        written as the lines come (:class:`~baccarat_exact.report.track.LiveTrack`)."""
        from baccarat_exact.report.track import track_report

        if view.fmt in (Format.table, Format.csv):
            return _live(result.tracking, view.fmt, view, self.bets.names)
        return track_report(result.tracking)


def _told(
    steps: Iterator[TrackStep | TrackProblem], problem: Callable[[str], None]
) -> Iterator[TrackStep | TrackProblem]:
    """``steps``, each problem told to ``problem`` as it comes."""
    from baccarat_exact.analysis.track import TrackProblem

    for step in steps:
        if isinstance(step, TrackProblem):
            problem(str(step))
        yield step


def _live(tracking: Tracking, fmt: Format, view: View, named: Sequence[str] = ()) -> Report:
    """The track's text as its rows come, in the table view or CSV (the bets ``named``
    kept first where the width runs out); its document (read whenever asked) is
    :func:`~baccarat_exact.report.track.track_report`'s.

    :raises ReportError: for a ``view.table`` the track has not (before any row).
    """
    from baccarat_exact.analysis.track import TrackStep
    from baccarat_exact.report.render import terminal_width
    from baccarat_exact.report.track import LiveTrack, track_report, track_table

    table = track_table(tracking.bets)
    shown = Report("", (table,))
    if view.table is not None:
        shown.table(view.table)  # a wrong name: refused
    live = LiveTrack(tracking, fmt, view.width or terminal_width(), named)
    rows, kept = itertools.tee(tracking.steps)

    def text() -> Iterator[str]:
        yield live.opening()
        for step in rows:
            if isinstance(step, TrackStep):
                yield live.row(step)

    @functools.cache
    def document() -> dict[str, Any]:
        return track_report(dataclasses.replace(tracking, steps=kept)).document() or {}

    return dataclasses.replace(shown, text=text, data=document)
