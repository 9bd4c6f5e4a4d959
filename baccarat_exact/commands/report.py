"""``report``: the math report of a shoe's bets (a PAR sheet) and the hold of a bet mix.

Every page of the report carries a :func:`fingerprint` of the request and the tool's
version, so that a printed or shared copy can be tied to the inputs that made it and run
again: the JSON document records both, and :func:`fingerprint` of it gives the same text.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, View, tool_version
from baccarat_exact.commands.inputs import PricingRequest

if TYPE_CHECKING:
    from baccarat_exact.analysis.par import ParSettings, ParSheet
    from baccarat_exact.report.model import Report

__all__ = ["ReportRequest", "fingerprint", "paged"]


def _as_first_written(request: Any) -> Any:
    """The request without the inputs that came later and were not given (``check``'s
    :func:`~baccarat_exact.commands.check.later_defaults`): a request recorded before
    they existed and one recorded since without them are one request, one fingerprint.

    >>> _as_first_written({"rules": {"das": None, "post_split": None}})
    {'rules': {'das': None}}
    """
    from baccarat_exact.commands.check import later_defaults

    if isinstance(request, Mapping):
        later = later_defaults()
        return {
            key: _as_first_written(value)
            for key, value in request.items()
            if not (key in later and value is None)
        }
    return request


def fingerprint(document: Mapping[str, Any]) -> str:
    """16 hexadecimal digits of the SHA-256 of a document's kind, request and tool version
    (the Python version aside: it changes no value), in canonical JSON.

    >>> document = {"kind": "report", "request": {}, "version": {"baccarat_exact": "0.2.0"}}
    >>> canonical = '{"kind":"report","request":{},"version":"0.2.0"}'
    >>> fingerprint(document) == hashlib.sha256(canonical.encode()).hexdigest()[:16]
    True
    """
    version = document.get("version")
    canonical = json.dumps(
        {
            "kind": document.get("kind"),
            "request": _as_first_written(document.get("request")),
            "version": version.get("baccarat_exact") if isinstance(version, Mapping) else None,
        },
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=True,
    )
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()[:16]


def paged(
    report: Report, view: View, *, html: Callable[[], str], markdown: Callable[[], str]
) -> Report:
    """``report`` as ``view`` shows a math report: its ``html`` page written beside it (to
    ``view.html``), and in Markdown (every table) its ``markdown`` pages instead of its
    tables."""
    from baccarat_exact.report.model import Format

    files = report.files
    target = view.html
    if target is not None:

        def write() -> None:
            from baccarat_exact.errors import ReportError, WriteError

            if not target.parent.is_dir():  # a name that cannot be: bad input, as --plot's
                raise ReportError(f"cannot write {target}: no folder {target.parent}")
            try:
                target.write_text(html(), "utf-8")
            except OSError as error:
                raise WriteError(f"cannot write {target}: {error.strerror or error}") from None

        files = (*files, write)
    if view.fmt is not Format.markdown or view.table is not None:
        return dataclasses.replace(report, files=files)

    def pages() -> Iterator[str]:
        yield markdown()

    return dataclasses.replace(report, files=files, text=pages)


@dataclass(frozen=True, slots=True, kw_only=True)
class ReportRequest(PricingRequest["ParSheet"]):
    """The PAR sheet of every bet on one shoe, after each number of rounds.

    >>> from baccarat_exact.commands.inputs import ShoeInput
    >>> report = ReportRequest(shoe=ShoeInput(decks=8), rounds="100").run()
    >>> report.document()["bets"]["banker"]["house_edge"]
    '114753351728/10847218479825'
    >>> ReportRequest(mix="banker=-1")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: --mix: stake on banker must be more than 0, got -1
    """

    KIND: ClassVar[str] = "report"

    rounds: str = "100,1000,10000,100000"
    """Numbers of rounds, comma-separated."""
    confidence: str = "90,95,99"
    """Confidence levels in per cent, comma-separated."""
    loss: str = "10%"
    """Loss thresholds: units, or a share of the units staked (``10%``), comma-separated."""
    mix: str | None = None
    """Shares of the handle by bet: ``"banker=45,player=40,tie=5,dragon-7=10"``."""
    actual: str | None = None
    """An actual hold, a share of handle (``"8.5%"``), to test against the mix's."""

    def __post_init__(self) -> None:
        self.settings()
        self._mix()
        if self.actual is not None and self.mix is None:
            from baccarat_exact.errors import RequestError

            raise RequestError("--actual is the hold of a bet mix: give --mix too")

    def settings(self) -> ParSettings:
        """The numbers of rounds, confidences and loss thresholds, read and checked."""
        from baccarat_exact.analysis.par import (
            ParSettings,
            parse_confidences,
            parse_losses,
            parse_rounds,
        )

        return ParSettings(
            parse_rounds(self.rounds), parse_confidences(self.confidence), parse_losses(self.loss)
        )

    def _mix(self) -> tuple[dict[str, Fraction] | None, Fraction | None]:
        """The mix's shares and the actual hold, read and checked."""
        from baccarat_exact.analysis.par import parse_hold, parse_mix

        mix = None if self.mix is None else parse_mix(self.mix)
        return mix, None if self.actual is None else parse_hold(self.actual)

    def compute(self, context: Context) -> ParSheet:
        """Price the bets (and those of the mix) and build the sheet."""
        from baccarat_exact.analysis.par import par_sheet
        from baccarat_exact.model.bets import unique_bets
        from baccarat_exact.model.catalogue import find_bet
        from baccarat_exact.pricing import odds

        shoe, rules, bets = self.chosen()
        mix, actual = self._mix()
        if mix is not None:
            named = {bet.name for bet in bets}
            bets = unique_bets(
                (*bets, *(find_bet(name, rules) for name in mix if name not in named))
            )
        return par_sheet(odds(shoe, rules, bets), self.settings(), mix, actual)

    def fingerprint(self) -> str:
        """:func:`fingerprint` of this request's document."""
        return fingerprint(
            {"kind": self.KIND, "request": self.to_dict(), "version": tool_version()}
        )

    def report(self, result: ParSheet, view: View = EVERY_FORMAT) -> Report:
        """The sheet's tables; as pages in Markdown, and as an HTML page beside where
        ``view.html`` says (every page with the request's fingerprint)."""
        from baccarat_exact.report.par import par_report
        from baccarat_exact.report.par_pages import par_html, par_markdown

        mark = self.fingerprint()
        report = par_report(result, mark)

        def document() -> dict[str, Any]:
            return self.document(report.document() or {})

        return paged(
            report,
            view,
            html=lambda: par_html(result, document(), mark),
            markdown=lambda: par_markdown(result, document(), mark),
        )
