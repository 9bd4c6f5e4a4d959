"""Dragon Bonus: a natural win pays even money, other wins pay by their margin."""

from __future__ import annotations

from fractions import Fraction

from baccarat_exact.model.bets import TableauTest
from baccarat_exact.model.catalogue.entry import WOO_SIDE, Line, SideBet
from baccarat_exact.model.events import Outcome

__all__ = ["BETS"]


def _lines(side: Outcome) -> tuple[Line, ...]:
    """Dragon Bonus on ``side``: natural win 1 to 1, natural tie push, other wins by margin."""
    hand, other = side.value, ("player" if side is Outcome.BANKER else "banker")
    margins = ((9, 30), (8, 10), (7, 6), (6, 4), (5, 2), (4, 1))
    return (
        *(
            Line(
                name=f"win by {m}",
                pays=Fraction(pays),
                events=TableauTest(
                    lambda e, t, m=m: e.outcome is side and not t.natural(e, hand) and e.margin == m  # type: ignore[misc]
                ),
            )
            for m, pays in margins
        ),
        Line(
            name="natural win",
            pays=Fraction(1),
            events=TableauTest(lambda e, t: e.outcome is side and t.natural(e, hand)),
        ),
        Line(
            name="natural tie",
            pays=Fraction(0),
            events=TableauTest(
                lambda e, t: e.outcome is Outcome.TIE and t.natural(e, hand) and t.natural(e, other)
            ),
        ),
    )


BETS: tuple[SideBet, ...] = tuple(
    SideBet(
        name=f"dragon-bonus-{side.value}",
        title=f"Dragon Bonus ({side.value.title()})",
        rule=f"{side.value.title()} natural win 1 to 1, natural tie push; other "
        f"{side.value.title()} wins by 4 to 9 points pay 1 to 30.",
        lines=_lines(side),
        source=WOO_SIDE,
        family="dragon-bonus",
        aliases=(f"dragon-{side.value}",),
    )
    for side in (Outcome.PLAYER, Outcome.BANKER)
)
