"""Egalité: a tie at one named total."""

from __future__ import annotations

from fractions import Fraction

from baccarat_exact.model.catalogue.entry import Line, SideBet

__all__ = ["BETS"]

_PAYS = {0: 150, 1: 215, 2: 225, 3: 200, 4: 120, 5: 110, 6: 45, 7: 45, 8: 80, 9: 80}

BETS: tuple[SideBet, ...] = tuple(
    SideBet(
        name=f"egalite-{t}",
        title=f"Egalité {t}",
        rule=f"A tie at {t} point{'' if t == 1 else 's'}.",
        lines=(
            Line(
                name=f"tie at {t}",
                pays=Fraction(_PAYS[t]),
                events=lambda e, t=t: e.player == e.banker == t,  # type: ignore[misc]
            ),
        ),
        source="Wizard of Odds, Egalite Bets: https://wizardofodds.com/games/baccarat/side-bets/egalite/",
        family="egalite",
        aliases=(f"egalité-{t}", f"tie-{t}"),
    )
    for t in range(10)
)
