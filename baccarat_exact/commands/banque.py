"""``banque``: baccara banque solved exactly, the Banker against two Players, as the
published analysis models it (dealt with replacement)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, Request, View
from baccarat_exact.commands.inputs import ShoeInput
from baccarat_exact.errors import RequestError

if TYPE_CHECKING:
    from baccarat_exact.analysis.banque import BanqueSolution
    from baccarat_exact.report.model import Report

__all__ = ["BanqueRequest"]

INFINITE = ShoeInput(infinite=True)
"""Baccara banque's shoe by default: dealt with replacement, as the analysis models it."""

_PLAYS = {"draw": Fraction(1), "d": Fraction(1), "stand": Fraction(0), "s": Fraction(0)}


@dataclass(frozen=True, slots=True, kw_only=True)
class BanqueRequest(Request["BanqueSolution"]):
    """Baccara banque on one shoe dealt with replacement: the correlated cooperative
    equilibrium (the Players as a team), a Nash equilibrium, or the Banker's best reply to
    two given plays.

    >>> document = BanqueRequest(shoe=ShoeInput(infinite=True), stakes="1").run().document()
    >>> document["value"], document["players"][1]["probability"]
    ('-679568/53094899', '9/11')
    >>> BanqueRequest(shoe=ShoeInput(infinite=True), players="draw")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RequestError: --players takes two plays, Player 1's then Player 2's (draw, stand or a probability of drawing: draw,9/11), got 'draw'
    """

    KIND: ClassVar[str] = "banque"

    shoe: ShoeInput = INFINITE
    stakes: str = "1/2"
    """Player 1's share θ of the stakes (Player 2 stakes 1 − θ): ``1/2``, ``0.25``, ``40%``."""
    solution: str = "correlated"
    """``correlated``: the Players as a team (the correlated cooperative equilibrium);
    ``nash``: a Nash equilibrium, each Player on his own."""
    players: str = ""
    """Empty: the solution asked for; else the two Players' plays at 5 (``draw,9/11``),
    to which the Banker best replies."""

    def __post_init__(self) -> None:
        self.theta()
        self.plays()
        if self.solution not in ("correlated", "nash"):
            raise RequestError(f"--solution is correlated or nash, got {self.solution!r}")
        if self.solution == "nash" and self.players.strip():
            raise RequestError(
                "--solution nash and --players conflict: --players asks for the Banker's "
                "best reply to given plays"
            )

    def theta(self) -> Fraction:
        """Player 1's share of the stakes, read and checked."""
        from baccarat_exact.model.exact import exact_number

        theta = exact_number(self.stakes, "--stakes", RequestError, "1/2, 0.25 or 40%")
        if not 0 <= theta <= 1:
            raise RequestError(f"--stakes must be between 0 and 1, got {self.stakes!r}")
        return theta

    def plays(self) -> tuple[Fraction, Fraction] | None:
        """The two Players' probabilities of drawing at 5, or None (the team's solution)."""
        from baccarat_exact.model.exact import exact_number

        if not self.players.strip():
            return None
        parts = [p.strip().lower() for p in self.players.split(",")]
        if len(parts) != 2:
            raise RequestError(
                "--players takes two plays, Player 1's then Player 2's (draw, stand or a "
                f"probability of drawing: draw,9/11), got {self.players!r}"
            )
        out = []
        for part in parts:
            x = _PLAYS.get(part)
            if x is None:
                x = exact_number(part, "--players", RequestError, "draw, stand or 9/11")
            if not 0 <= x <= 1:
                raise RequestError(
                    f"--players: a probability of drawing is in [0, 1], got {part!r}"
                )
            out.append(x)
        return out[0], out[1]

    def compute(self, context: Context) -> BanqueSolution:
        """The game's forms on the shoe, then the solution asked for."""
        from baccarat_exact.analysis.banque import banker_reply, banque_game, correlated, nash

        with context.progress(2, "solving baccara banque") as advance:
            game = banque_game(self.shoe.shoe())
            if advance is not None:
                advance(1)
            plays = self.plays()
            if plays is None:
                solve = nash if self.solution == "nash" else correlated
                found = solve(game, self.theta())
            else:
                found = banker_reply(game, self.theta(), *plays)
            if advance is not None:
                advance(1)
        return found

    def report(self, result: BanqueSolution, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.banque import banque_report

        return banque_report(result)
