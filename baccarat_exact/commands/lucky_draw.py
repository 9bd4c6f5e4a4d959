"""``lucky-draw``: Lucky Draw Baccarat's optional draw played best, exactly on any shoe."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, Request, View
from baccarat_exact.commands.inputs import EIGHT_DECKS, ShoeInput

if TYPE_CHECKING:
    from baccarat_exact.analysis.lucky_draw import LuckyDraw
    from baccarat_exact.report.model import Report

__all__ = ["LuckyDrawRequest"]


@dataclass(frozen=True, slots=True, kw_only=True)
class LuckyDrawRequest(Request["LuckyDraw"]):
    """Lucky Draw on one shoe: the player's best play (draw or stand) in every cell, the
    law of the outcomes and his return per Enter bet.

    >>> document = LuckyDrawRequest(shoe=ShoeInput(decks=8)).run().document()
    >>> document["outcomes"][0]["count"], document["house_edge"]
    (268258336385024, '116701920736/6508331087895')
    >>> LuckyDrawRequest(pay_table="3")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RequestError: unknown pay table '3': the pay tables are 1, 2
    """

    KIND: ClassVar[str] = "lucky-draw"

    shoe: ShoeInput = EIGHT_DECKS
    pay_table: str = "1"
    """The Draw bet's pay table: 1 (a Lucky 7 pays 2 to 1) or 2 (3 to 2)."""
    model: str = "hand"
    """What the player's choice depends on: ``hand`` (his two cards) or ``total``."""

    def __post_init__(self) -> None:
        from baccarat_exact.analysis.lucky_draw import KNOWS, find_pays
        from baccarat_exact.errors import RequestError

        find_pays(self.pay_table)
        if self.model not in KNOWS:
            raise RequestError(f"unknown model {self.model!r}: the models are hand, total")

    def compute(self, context: Context) -> LuckyDraw:
        """Every cell's two expectations on the shoe, and the better play in each."""
        from baccarat_exact.analysis.lucky_draw import lucky_draw

        with context.progress(1, "solving Lucky Draw") as advance:
            found = lucky_draw(self.shoe.shoe(), self.pay_table, self.model)
            if advance is not None:
                advance(1)
        return found

    def report(self, result: LuckyDraw, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.lucky_draw import lucky_draw_report

        return lucky_draw_report(result)
