"""Lucky Draw Baccarat's optional draw, played best, exactly on any shoe.

The game (TCS John Huxley; rules as Stephen How, discountgambling.net, 2 October 2013, and
the Wizard of Odds give them): the player makes an Enter bet and gets two cards face up;
the dealer gets two, one face up. The player may stand, or make a Draw bet equal to the
Enter bet and take one more card. The dealer then shows his hole card and draws a third
card on 0–4, stands on 5–9. Baccarat totals; the higher total wins; a tie pushes both
bets. A win pays the Enter bet even money and the Draw bet by the player's final total
(:data:`PAY_TABLES`); a loss takes both.

The player's one choice, seeing his two-card total and the dealer's up card, is solved by
comparing the two exact expectations in each of the 100 cells (his total × the up card),
as the published analysis does. Every count is an integer: six-card value sequences out
of N(N−1)…(N−5) (an infinite shoe: weighted by its proportions).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import prod

import numpy as np

from baccarat_exact.errors import RequestError
from baccarat_exact.model.shoe import Shoe

__all__ = ["KNOWS", "OUTCOMES", "PAY_TABLES", "LuckyDraw", "find_pays", "lucky_draw"]

PAY_TABLES: dict[str, tuple[Fraction, Fraction, Fraction, Fraction]] = {
    "1": (Fraction(3), Fraction(2), Fraction(2), Fraction(1)),
    "2": (Fraction(3), Fraction(2), Fraction(3, 2), Fraction(1)),
}
"""The Draw bet's pay tables by name: what a win pays on a final 9, 8, 7, and 6 or less.
Pay table 1 pays a Lucky 7 2 to 1, pay table 2 pays it 3 to 2 (Stephen How, 2013; the
Wizard of Odds shows pay table 2)."""

OUTCOMES: tuple[str, ...] = (
    "win_drawn_9",
    "win_drawn_8",
    "win_drawn_7",
    "win_drawn_6_or_less",
    "loss_drawn",
    "tie_drawn",
    "win_stood",
    "loss_stood",
    "tie_stood",
)
"""The round's outcomes as the published return table lists them."""


def find_pays(name: str) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """The Draw bet's pay table called ``name`` (``1`` or ``2``).

    >>> find_pays("2")[2]
    Fraction(3, 2)
    >>> find_pays("3")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RequestError: unknown pay table '3': the pay tables are 1, 2
    """
    key = name.strip()
    if key not in PAY_TABLES:
        raise RequestError(f"unknown pay table {name!r}: the pay tables are 1, 2")
    return PAY_TABLES[key]


@dataclass(frozen=True, slots=True)
class LuckyDraw:
    """Lucky Draw played best on one shoe: the player's choice per cell, the law of the
    outcomes and his return per Enter bet."""

    shoe: Shoe
    pays: str
    """The Draw bet's pay table's name."""
    knows: str
    """What the player's choice depends on: ``hand`` (his two cards) or ``total``."""
    draws: Mapping[str, tuple[bool | None, ...]]
    """``draws[row][up]``: the best play (True: draw) on a two-card total or hand (the row,
    ``5`` or ``2+3``) against the up card's value (0 a ten or a face card); where both are
    worth the same the player stands; ``None`` where the shoe cannot deal the cell."""
    margins: Mapping[str, tuple[Fraction | None, ...]]
    """``margins[row][up]``: what drawing rather than standing gains the player in that
    cell, per Enter bet of the whole game."""
    counts: Mapping[str, int]
    """Six-card sequences of each of :data:`OUTCOMES` (out of :attr:`whole`)."""
    whole: int
    net: Mapping[str, Fraction]
    """What each outcome nets the player per Enter bet."""

    @property
    def probabilities(self) -> dict[str, Fraction]:
        """Each outcome's probability."""
        return {name: Fraction(count, self.whole) for name, count in self.counts.items()}

    @property
    def player_return(self) -> Fraction:
        """The player's expected gain per Enter bet (the house edge is its opposite)."""
        return sum((self.net[name] * p for name, p in self.probabilities.items()), Fraction(0))

    @property
    def draw_probability(self) -> Fraction:
        """How often the player draws (makes the Draw bet)."""
        drawn = ("win_drawn_9", "win_drawn_8", "win_drawn_7", "win_drawn_6_or_less")
        return sum(
            (self.probabilities[n] for n in (*drawn, "loss_drawn", "tie_drawn")), Fraction(0)
        )

    @property
    def element_of_risk(self) -> Fraction:
        """The house edge per unit staked (the Enter bet and the Draw bets made)."""
        return -self.player_return / (1 + self.draw_probability)


def _rest(values: list[int], taken: tuple[int, ...], infinite: bool) -> list[int]:
    """The shoe's value counts once ``taken`` are dealt (an infinite shoe is unchanged)."""
    if infinite:
        return values
    rest = list(values)
    for v in taken:
        rest[v] -= 1
    return rest


_V = np.arange(10)
_HOLE, _DRAWN, _THIRD = np.ix_(_V, _V, _V)


def _tails(rest: list[int], infinite: bool) -> np.ndarray:
    """Ordered ways (hole card, player's draw, dealer's third) from what is left, 10³."""
    r = np.array(rest, dtype=np.int64)
    if infinite:
        return np.asarray(r[_HOLE] * r[_DRAWN] * r[_THIRD])
    second = r[_DRAWN] - (_DRAWN == _HOLE)
    third = r[_THIRD] - (_THIRD == _HOLE) - (_THIRD == _DRAWN)
    return np.asarray(r[_HOLE] * np.maximum(second, 0) * np.maximum(third, 0))


def _cell(total: int, up: int, tails: np.ndarray) -> tuple[list[int], list[int]]:
    """Counts of the stood outcomes (win, loss, tie) and the drawn ones (win on 9, 8, 7,
    6 or less, loss, tie) for a two-card total against an up card, from the tails."""
    two = (up + _HOLE) % 10
    dealer = np.broadcast_to(np.where(two >= 5, two, (two + _THIRD) % 10), tails.shape)
    stood = [int(tails[total > dealer].sum()), int(tails[total < dealer].sum())]
    stood.append(int(tails[total == dealer].sum()))
    final = np.broadcast_to((total + _DRAWN) % 10, tails.shape)
    wins = final > dealer
    drawn = [int(tails[wins & (final == f)].sum()) for f in (9, 8, 7)]
    drawn.append(int(tails[wins & (final <= 6)].sum()))
    drawn.append(int(tails[final < dealer].sum()))
    drawn.append(int(tails[final == dealer].sum()))
    return stood, drawn


KNOWS: dict[str, str] = {
    "hand": "the player sees his two cards (the published analysis)",
    "total": "the player plays on his two-card total only",
}
"""What the player's choice may depend on, beside the dealer's up card."""


def _row_key(first: int, second: int, knows: str) -> str:
    """A strategy row: the two-card total (``5``) or the hand by values, lower first
    (``2+3``; 0 is a ten or a face card)."""
    if knows == "total":
        return str((first + second) % 10)
    low, high = sorted((first, second))
    return f"{low}+{high}"


def lucky_draw(shoe: Shoe, pays: str = "1", knows: str = "hand") -> LuckyDraw:
    """Lucky Draw on ``shoe`` with the Draw bet's pay table ``pays``, played best by a
    player who sees his two cards (``knows="hand"``) or his total only (``"total"``).

    :raises RequestError: for an unknown pay table or model, or a shoe too small to deal
        six cards.
    """
    table = find_pays(pays)
    if knows not in KNOWS:
        raise RequestError(f"unknown model {knows!r}: the models are hand, total")
    values = list(shoe.values)
    infinite = shoe.infinite
    n = sum(values)
    if not infinite and n < 6:
        raise RequestError(f"a round may take six cards; this shoe has {n}")
    whole = n**6 if infinite else prod(n - k for k in range(6))
    # Counts by (strategy row, up card): stood [win, loss, tie], drawn [9, 8, 7, ≤6, loss, tie].
    stood: dict[tuple[str, int], list[int]] = {}
    drawn: dict[tuple[str, int], list[int]] = {}
    for first in range(10):
        for second in range(first, 10):  # either order of the two cards: the same ways
            for up in range(10):
                ways = values[first] * (1 if first == second else 2)
                ways *= values[second] - (0 if infinite else int(second == first))
                ways *= values[up] - (0 if infinite else int(up == first) + int(up == second))
                if ways <= 0:
                    continue
                tails = _tails(_rest(values, (first, second, up), infinite), infinite)
                s, d = _cell((first + second) % 10, up, tails)
                key = (_row_key(first, second, knows), up)
                into_s = stood.setdefault(key, [0] * 3)
                into_d = drawn.setdefault(key, [0] * 6)
                for i, c in enumerate(s):
                    into_s[i] += ways * c
                for i, c in enumerate(d):
                    into_d[i] += ways * c
    draws: dict[str, list[bool | None]] = {}
    margins: dict[str, list[Fraction | None]] = {}
    counts = dict.fromkeys(OUTCOMES, 0)
    for key in sorted(stood, key=_order):
        row, up = key
        win, loss, _ = stood[key]
        d = drawn[key]
        stand_value = win - loss
        draw_value = sum((1 + table[i]) * d[i] for i in range(4)) - 2 * d[4]
        margin = Fraction(draw_value - stand_value) / whole
        draws.setdefault(row, [None] * 10)[up] = margin > 0
        margins.setdefault(row, [None] * 10)[up] = margin
        chosen = zip(OUTCOMES[:6], d) if margin > 0 else zip(OUTCOMES[6:], stood[key])
        for name, c in chosen:
            counts[name] += c
    net = {
        **{name: 1 + table[i] for i, name in enumerate(OUTCOMES[:4])},
        "loss_drawn": Fraction(-2),
        "tie_drawn": Fraction(0),
        "win_stood": Fraction(1),
        "loss_stood": Fraction(-1),
        "tie_stood": Fraction(0),
    }
    return LuckyDraw(
        shoe=shoe,
        pays=pays.strip(),
        knows=knows,
        draws={row: tuple(marks) for row, marks in draws.items()},
        margins={row: tuple(m) for row, m in margins.items()},
        counts=counts,
        whole=whole,
        net=net,
    )


def _order(key: tuple[str, int]) -> tuple[int, str, int]:
    """Rows by total, then by hand; columns by up card."""
    row, up = key
    total = int(row) if "+" not in row else sum(int(v) for v in row.split("+")) % 10
    return (total, row, up)
