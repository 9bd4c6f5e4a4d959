"""Baccara banque (à deux tableaux) as a game: one Banker against two Players, dealt with
replacement, each side seeing his own two-card total; each of the Banker's cells as linear
forms in the Players' plays at 5.

The rules (Ethier and Lee, "On the three-person game baccara banque", *Games* 2015,
6(2):57–78, §1): two cards each to Player 1, Player 2 and the Banker. If the Banker or both
Players have a natural (8 or 9), play ends. If one Player alone has a natural, he wins
his stake at once and play goes on between the Banker and the other. Each Player still in
play draws on 0–4, stands on 6–7 and chooses on 5; the Banker, seeing each Player's third
card (or that he stood, or had a natural), draws or stands once, and his final hand is
compared with each Player's.

Dealt with replacement every card is independent of the others, so the counts factor by
hand; each Player chooses on his own total, not on the other's third card (this
tool's reading of the simplifying assumption on one player's information under which
Ethier and Lee solve the game; their full text was not at hand). Every count is an integer over S^9 (S: the sum of the shoe's proportions, nine
cards at most). :mod:`.banque` solves the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from baccarat_exact.analysis.chemin_game import STOOD, Cell
from baccarat_exact.errors import RequestError
from baccarat_exact.model.rules import STANDARD_TABLEAU
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "NATURAL",
    "PLAYS",
    "BanqueCell",
    "BanqueGame",
    "banque_game",
    "column_text",
]

NATURAL = 11
"""A Player's column when he had a natural (settled at once); 0–9 his third card, 10 he
stood (:data:`STOOD`)."""

PLAYS: tuple[str, ...] = ("DD", "DS", "SD", "SS")
"""The Players' four joint pure plays at 5: Player 1's then Player 2's, D draws, S stands."""

Form = tuple[int, int, int, int]
"""A count as ``const + a·x1 + b·x2 + c·x12``: x_i Player i's probability of drawing at 5,
x12 that both draw (x1·x2 when they choose apart; any joint law's own when together)."""


def column_text(column: int) -> str:
    """``4`` (a third card), ``stood`` or ``natural``."""
    return "stood" if column == STOOD else "natural" if column == NATURAL else str(column)


@dataclass(frozen=True, slots=True)
class BanqueCell(Cell):
    """One of the Banker's choices: his total and the two Players' columns
    (:attr:`column` Player 1's, :attr:`second` Player 2's)."""

    second: int

    @property
    def label(self) -> str:
        """``6 v stood, 4``: the Banker's total, then Player 1's and Player 2's columns."""
        return f"{self.total} v {column_text(self.column)}, {column_text(self.second)}"

    @property
    def tableau_draws(self) -> bool:
        """Punto banco's tableau against the first Player still in play (the default where
        nothing is at stake)."""
        column = self.column if self.column != NATURAL else self.second
        return STANDARD_TABLEAU.banker_draws(self.total, None if column == STOOD else column)


@dataclass(frozen=True, slots=True)
class BanqueGame:
    """Baccara banque on one shoe, with replacement: for each of the Banker's cells and
    actions (0 stands, 1 draws), Player 1's and Player 2's net counts (wins − losses) as
    :data:`Form` s; counts are integers over :attr:`whole`."""

    shoe: Shoe
    cells: tuple[BanqueCell, ...]
    forms: tuple[tuple[tuple[Form, Form], tuple[Form, Form]], ...]
    """``forms[cell][action] = (Player 1's net, Player 2's net)``."""
    settled: tuple[int, int]
    """Each Player's net count in the rounds settled before any choice (naturals)."""
    whole: int

    def gains(
        self, z: tuple[Fraction, Fraction, Fraction], banker: tuple[Fraction, ...]
    ) -> tuple[Fraction, Fraction]:
        """Each Player's expectation per unit of his own stake when the Players' plays at 5
        are ``z = (x1, x2, x12)`` and the Banker draws in each cell with probability
        ``banker[i]``."""
        pure: list[list[int]] = [[0] * 4, [0] * 4]
        mixed: list[list[Fraction]] = [[Fraction(0)] * 4, [Fraction(0)] * 4]
        for forms, q in zip(self.forms, banker, strict=True):
            if q == 0 or q == 1:
                for k in (0, 1):
                    row, form = pure[k], forms[int(q)][k]
                    for j in range(4):
                        row[j] += form[j]
            else:
                for k in (0, 1):
                    for j in range(4):
                        mixed[k][j] += (1 - q) * forms[0][k][j] + q * forms[1][k][j]
        totals = [self.settled[k] + at(_four(pure[k]), z) + at(_four(mixed[k]), z) for k in (0, 1)]
        return totals[0] / self.whole, totals[1] / self.whole


def at(
    form: Form | tuple[Fraction, Fraction, Fraction, Fraction],
    z: tuple[Fraction, Fraction, Fraction],
) -> Fraction:
    """The form's value at ``z = (x1, x2, x12)``."""
    return form[0] + form[1] * z[0] + form[2] * z[1] + form[3] * z[2]


def _four(row: list[Any]) -> tuple[Any, Any, Any, Any]:
    return row[0], row[1], row[2], row[3]


def _two_cards(values: tuple[int, ...]) -> list[int]:
    """Weight of each two-card total (over S²)."""
    out = [0] * 10
    for a in range(10):
        for b in range(10):
            out[(a + b) % 10] += values[a] * values[b]
    return out


Affine = list[list[int]]
"""Per final total, ``[const, coef of x]`` for one Player in one column (over S³)."""


def _columns(values: tuple[int, ...]) -> list[Affine]:
    """One Player's weight by column and final total, affine in his probability x of
    drawing at 5 (over S³)."""
    size = sum(values)
    two = _two_cards(values)
    mass: list[Affine] = [[[0, 0] for _ in range(10)] for _ in range(NATURAL + 1)]
    for total in range(10):
        if total >= 8:
            mass[NATURAL][total][0] += two[total] * size
        elif total in (6, 7):
            mass[STOOD][total][0] += two[total] * size
        else:
            slot = 0 if total <= 4 else 1  # a 5 draws with probability x
            for card in range(10):
                mass[card][(total + card) % 10][slot] += two[total] * values[card]
            if total == 5:
                mass[STOOD][5][0] += two[5] * size
                mass[STOOD][5][1] -= two[5] * size
    return mass


def _sign(a: int, b: int) -> int:
    return (a > b) - (a < b)


def _net(mass: Affine, banker: int) -> tuple[int, int]:
    """A Player's net count (affine in his x) in one column against the Banker's final total."""
    return (
        sum(m[0] * _sign(f, banker) for f, m in enumerate(mass)),
        sum(m[1] * _sign(f, banker) for f, m in enumerate(mass)),
    )


def _product(first: tuple[int, int], second: tuple[int, int], scale: int) -> Form:
    """``scale · (a + b·x1)(c + d·x2)`` as a :data:`Form`."""
    a, b = first
    c, d = second
    return (scale * a * c, scale * b * c, scale * a * d, scale * b * d)


def _add(forms: list[Form]) -> Form:
    return (
        sum(f[0] for f in forms),
        sum(f[1] for f in forms),
        sum(f[2] for f in forms),
        sum(f[3] for f in forms),
    )


def banque_game(shoe: Shoe) -> BanqueGame:
    """The game on ``shoe`` dealt with replacement (an infinite shoe, in its proportions).

    :raises RequestError: for a finite shoe.
    """
    if not shoe.infinite:
        raise RequestError(
            "baccara banque is solved dealt with replacement, as Ethier and Lee (2015) "
            "model it: leave out the shoe, or give other proportions as "
            '--counts "infinite: ..." (a finite shoe deals nine cards: not solved here)'
        )
    values = tuple(shoe.values)
    size = sum(values)
    two = _two_cards(values)
    mass = _columns(values)
    totals = [(sum(m[0] for m in column), sum(m[1] for m in column)) for column in mass]
    settled = 0
    for banker in (8, 9):  # the Banker's natural ends play: each hand as dealt
        player = sum(two[t] * size * _sign(t, banker) for t in range(10))
        settled += two[banker] * size * size**3 * player
    cells: list[BanqueCell] = []
    forms = []
    for banker in range(8):
        weight = two[banker]
        finals = (
            {banker: size},
            {(banker + card) % 10: 0 for card in range(10)},
        )
        for card in range(10):
            finals[1][(banker + card) % 10] += values[card]
        # both Players' naturals beat the Banker's two cards and end play
        both = weight * size * totals[NATURAL][0] ** 2
        settled += both
        for first in range(NATURAL + 1):
            for second in range(NATURAL + 1):
                if first == second == NATURAL:
                    continue
                cells.append(BanqueCell(banker, None, first, second))
                by_action = []
                for final in finals:
                    one, two_ = [], []
                    for total, w in final.items():
                        against = (
                            banker if first == NATURAL else total,
                            banker if second == NATURAL else total,
                        )
                        one.append(
                            _product(_net(mass[first], against[0]), totals[second], weight * w)
                        )
                        two_.append(
                            _product(totals[first], _net(mass[second], against[1]), weight * w)
                        )
                    by_action.append((_add(one), _add(two_)))
                forms.append((by_action[0], by_action[1]))
    return BanqueGame(
        shoe=shoe,
        cells=tuple(cells),
        forms=tuple(forms),
        settled=(settled, settled),
        whole=size**9,
    )
