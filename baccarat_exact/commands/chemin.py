"""``chemin``: baccara chemin de fer solved exactly, the Player's option at 5 and
the Banker's options, as the papers model what each side knows."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, Request, View
from baccarat_exact.commands.inputs import EIGHT_DECKS, ShoeInput
from baccarat_exact.errors import RequestError

if TYPE_CHECKING:
    from baccarat_exact.analysis.chemin import Equilibrium
    from baccarat_exact.report.model import Report

__all__ = ["CheminDeFerRequest"]


@dataclass(frozen=True, slots=True, kw_only=True)
class CheminDeFerRequest(Request["Equilibrium"]):
    """Chemin de fer on one shoe under one model: the value of the game and each side's
    optimal strategy (with a commission, the Nash equilibrium).

    >>> document = CheminDeFerRequest(shoe=ShoeInput(infinite=True), model="A1").run().document()
    >>> document["player"][0]["draws"], document["value"]
    ('9/11', '-679568/53094899')
    >>> CheminDeFerRequest(model="B4")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RequestError: unknown model 'B4': the models are 1, 2, 3, A1, B2, B3, kemeny-snell, downton-lockwood, ethier-gamez
    """

    KIND: ClassVar[str] = "chemin"

    shoe: ShoeInput = EIGHT_DECKS
    model: str = "3"
    """What each side knows: 1 (totals), 2 (the Banker his cards), 3 (each his cards), or
    a paper's label (``A1``, ``B2``, ``B3``) or authors (``kemeny-snell``)."""
    commission: str = "0"
    """The casino's commission on the Banker's wins (``5%``): 0 is the parlor game."""

    def __post_init__(self) -> None:
        self.number()
        self.alpha()

    def number(self) -> int:
        """The model's number, 1–3."""
        from baccarat_exact.analysis.chemin import find_model

        return find_model(self.model, self.shoe.infinite)

    def alpha(self) -> Fraction:
        """The commission, read and checked."""
        from baccarat_exact.model.exact import exact_number

        alpha = exact_number(self.commission, "--commission", RequestError, "5%, 0.05 or 1/20")
        if not 0 <= alpha < 1:
            raise RequestError(
                f"--commission must be at least 0 and below 1, got {self.commission!r}"
            )
        return alpha

    def compute(self, context: Context) -> Equilibrium:
        """The game's forms on the shoe, then its solution."""
        from baccarat_exact.analysis.chemin import choice_game, solve

        with context.progress(2, "solving chemin de fer") as advance:
            game = choice_game(self.shoe.shoe(), self.number())
            if advance is not None:
                advance(1)
            found = solve(game, self.alpha())
            if advance is not None:
                advance(1)
        return found

    def report(self, result: Equilibrium, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.chemin import chemin_report

        return chemin_report(result)
