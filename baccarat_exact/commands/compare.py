"""``compare``: one matrix of figures across numbers of decks, games, commissions and Tie
pays, each cell what ``odds`` gives for that case."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, Request, View
from baccarat_exact.commands.inputs import BETS_OF_THE_GAME, BetsInput

if TYPE_CHECKING:
    from baccarat_exact.analysis.compare import Comparison
    from baccarat_exact.report.model import Report

__all__ = ["CompareRequest"]


@dataclass(frozen=True, slots=True)
class _Lists:
    decks: tuple[int | None, ...]
    games: tuple[str, ...]
    commissions: tuple[Fraction | None, ...]
    tie_pays: tuple[Fraction | None, ...]
    figures: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class CompareRequest(Request["Comparison"]):
    """Every combination of the lists given (each comma-separated, as typed), priced.

    >>> cases = CompareRequest(decks="8", tie_pays="8,9").run().document()["cases"]
    >>> [case["bets"]["tie"]["house_edge"] for case in cases]
    ['103841353768/723147898655', '63053127805/1301666217579']
    >>> CompareRequest(decks="0")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.ShoeError: --decks takes whole numbers of decks from 1, or inf: got '0'
    """

    KIND: ClassVar[str] = "compare"

    decks: str = "1,2,4,6,8,inf"
    """Numbers of decks (``inf``: an infinite shoe)."""
    games: str = "punto-banco"
    commissions: str | None = None
    """Commissions on Banker wins (none: each game's)."""
    tie_pays: str | None = None
    """What Tie pays to 1 (none: each game's)."""
    bets: BetsInput = BETS_OF_THE_GAME
    """The bets besides Banker, Player and Tie (the games' own side bets are not added:
    every case prices the same bets)."""
    figures: str = "house-edge"
    """house-edge, variance, hit-frequency, element-of-risk."""
    remove: str = ""
    """Cards taken out of every finite shoe."""

    def __post_init__(self) -> None:
        self._lists()

    def _lists(self) -> _Lists:
        """The lists, read and checked (a game that is none, a figure unknown…)."""
        from baccarat_exact.analysis.compare import parse_decks, parse_figures, parse_values
        from baccarat_exact.model.games import find_game

        games = tuple(name.strip() for name in self.games.split(","))
        for name in games:
            find_game(name)
        return _Lists(
            decks=parse_decks(self.decks),
            games=games,
            commissions=parse_values(self.commissions, "commission"),
            tie_pays=parse_values(self.tie_pays, "tie pay"),
            figures=parse_figures(self.figures),
        )

    def compute(self, context: Context) -> Comparison:
        """Every case, priced."""
        from baccarat_exact.analysis.compare import compare

        lists = self._lists()
        cases = len(lists.decks) * len(lists.games) * len(lists.commissions) * len(lists.tie_pays)
        with context.progress(cases, "pricing cases") as advance:
            return compare(
                decks=lists.decks,
                games=lists.games,
                commissions=lists.commissions,
                tie_pays=lists.tie_pays,
                bets=self.bets.bets,
                figures=lists.figures,
                remove=self.remove,
                progress=advance,
            )

    def report(self, result: Comparison, view: View = EVERY_FORMAT) -> Report:
        """The matrix, a column left out where every case shares its value; in CSV,
        every column."""
        from baccarat_exact.report.compare import compare_report
        from baccarat_exact.report.model import Format

        return compare_report(result, every_column=view.fmt is Format.csv)
