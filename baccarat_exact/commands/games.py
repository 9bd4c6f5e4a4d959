"""``games``: the rule variants ``--game`` accepts, with the main bets' house edges."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, Request, View
from baccarat_exact.commands.inputs import EIGHT_DECKS, ShoeInput

if TYPE_CHECKING:
    from baccarat_exact.model.games import Game
    from baccarat_exact.model.shoe import Shoe
    from baccarat_exact.pricing import Odds
    from baccarat_exact.report.model import Report

__all__ = ["GamesRequest"]


@dataclass(frozen=True, slots=True, kw_only=True)
class GamesRequest(Request["tuple[Shoe, tuple[tuple[Game, Odds], ...]]"]):
    """Every game the tool knows, each priced on one shoe.

    >>> games = GamesRequest(shoe=ShoeInput(decks=8)).run().document()["games"]
    >>> games[0]["name"], games[0]["house_edge"]["tie"]
    ('punto-banco', '103841353768/723147898655')
    """

    KIND: ClassVar[str] = "games"

    shoe: ShoeInput = EIGHT_DECKS

    def compute(self, context: Context) -> tuple[Shoe, tuple[tuple[Game, Odds], ...]]:
        """The shoe and, for every game, the odds of its main bets on it."""
        from baccarat_exact.model.games import GAMES
        from baccarat_exact.pricing import odds

        shoe = self.shoe.shoe()
        return shoe, tuple((game, odds(shoe, game.rules)) for game in GAMES.values())

    def report(
        self, result: tuple[Shoe, tuple[tuple[Game, Odds], ...]], view: View = EVERY_FORMAT
    ) -> Report:
        from baccarat_exact.report.games import games_report

        return games_report(*result)
