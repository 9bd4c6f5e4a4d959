"""Conditional tables: the round split by what is known part-way through it.

Live baccarat is dealt card by card, and the published mid-round tables give, for
example, the chance the Player wins given the Banker's first card and the Player's
two-card total. :func:`grid` splits every path of the round (:mod:`~baccarat_exact.
engine.paths`) by one or two keys and prices each cell through the pricer's one-shoe
path, as the odds of a round in progress are priced (:func:`~baccarat_exact.pricing.shoe.
odds_by`): its exact probability, the exact probability of each outcome given it, and any
bet's exact EV given it.

A *two-card total* is the total of a hand's first two cards, naturals included.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from baccarat_exact.engine.paths import Paths
from baccarat_exact.errors import RulesError
from baccarat_exact.model.bets import Bet, refuse_card_bets
from baccarat_exact.model.events import EVENTS, Outcome
from baccarat_exact.model.rules import Rules, Tableau
from baccarat_exact.model.seen import Seen
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing.shoe import odds_by

__all__ = ["KEYS", "Grid", "GridCell", "grid"]


@dataclass(frozen=True, slots=True)
class _Key:
    """A way to split the round: what it means, its labels, and each path's label index."""

    meaning: str
    labels: tuple[str, ...]
    of: Callable[[Paths, Tableau], npt.NDArray[np.int64]]


def _natural(paths: Paths, tableau: Tableau) -> npt.NDArray[np.int64]:
    naturals = np.array([t in tableau.naturals for t in range(10)])
    player = (paths.first[:, 0] + paths.first[:, 2]) % 10
    banker = (paths.first[:, 1] + paths.first[:, 3]) % 10
    return np.asarray(naturals[player] | naturals[banker], dtype=np.int64)


_PLAYER_CARDS = np.array([e.player_cards for e in EVENTS], dtype=np.int64)
_BANKER_CARDS = np.array([e.banker_cards for e in EVENTS], dtype=np.int64)
_DIGITS = tuple(str(v) for v in range(10))

KEYS: dict[str, _Key] = {
    "player-total": _Key(
        "the Player's two-card total",
        _DIGITS,
        lambda p, t: (p.first[:, 0] + p.first[:, 2]) % 10,
    ),
    "banker-total": _Key(
        "the Banker's two-card total",
        _DIGITS,
        lambda p, t: (p.first[:, 1] + p.first[:, 3]) % 10,
    ),
    "player-first": _Key(
        "the value of the Player's first card", _DIGITS, lambda p, t: p.first[:, 0]
    ),
    "banker-first": _Key(
        "the value of the Banker's first card", _DIGITS, lambda p, t: p.first[:, 1]
    ),
    "player-second": _Key(
        "the value of the Player's second card", _DIGITS, lambda p, t: p.first[:, 2]
    ),
    "banker-second": _Key(
        "the value of the Banker's second card", _DIGITS, lambda p, t: p.first[:, 3]
    ),
    "player-cards": _Key(
        "cards in the Player's hand", ("2", "3"), lambda p, t: _PLAYER_CARDS[p.event] - 2
    ),
    "banker-cards": _Key(
        "cards in the Banker's hand", ("2", "3"), lambda p, t: _BANKER_CARDS[p.event] - 2
    ),
    "cards": _Key(
        "cards dealt in the round",
        ("4", "5", "6"),
        lambda p, t: _PLAYER_CARDS[p.event] + _BANKER_CARDS[p.event] - 4,
    ),
    "natural": _Key("whether a hand holds a natural", ("no", "yes"), _natural),
}
"""Every key a grid can split the round by."""


@dataclass(frozen=True, slots=True)
class GridCell:
    """One cell: its probability and, given it, each outcome's and each bet's."""

    row: str
    col: str | None
    probability: Fraction
    outcomes: dict[Outcome, Fraction | None]
    """P(outcome | cell); None where the cell cannot happen."""
    evs: dict[str, Fraction | None]
    """EV of each bet given the cell, per unit staked; None where it cannot happen."""


@dataclass(frozen=True, slots=True)
class Grid:
    """The round split by ``rows`` (and ``cols``): every cell, exact."""

    shoe: Shoe
    rules: Rules
    rows: str
    cols: str | None
    bets: tuple[Bet, ...]
    seen: Seen | None
    cells: tuple[GridCell, ...]
    """Row by row, each row's columns in order."""

    @property
    def row_labels(self) -> tuple[str, ...]:
        """The labels of the row key."""
        return KEYS[self.rows].labels

    @property
    def col_labels(self) -> tuple[str, ...]:
        """The labels of the column key (none without one)."""
        return KEYS[self.cols].labels if self.cols else ()

    def cell(self, row: str, col: str | None = None) -> GridCell:
        """The cell at ``row`` (and ``col``)."""
        for cell in self.cells:
            if cell.row == row and cell.col == col:
                return cell
        raise KeyError((row, col))


def _key(name: str) -> _Key:
    if name not in KEYS:
        raise RulesError(f"unknown grid key {name!r}: use {', '.join(KEYS)}")
    return KEYS[name]


def grid(
    shoe: Shoe,
    rows: str,
    cols: str | None = None,
    rules: Rules | None = None,
    bets: Sequence[Bet] = (),
    *,
    seen: Seen | None = None,
) -> Grid:
    """Split the next round (or the round in progress, given ``seen``) by the keys
    ``rows`` and ``cols`` (:data:`KEYS`): each cell's exact probability, each outcome's
    given it, and the EV of each of ``bets`` given it.

    >>> table = grid(Shoe.from_decks(8), "player-total")
    >>> f"{float(table.cell('0').outcomes[Outcome.PLAYER]):.6f}"
    '0.278792'
    """
    rules = rules if rules is not None else Rules()
    row_key = _key(rows)
    col_key = _key(cols) if cols is not None else None
    if cols == rows:
        raise RulesError(f"rows and columns are both {rows}: choose two different keys")
    refuse_card_bets(bets, "grid")
    if any(bet.needs_suits for bet in bets):
        suited = ", ".join(bet.name for bet in bets if bet.needs_suits)
        raise RulesError(
            f"{suited} tell suited pairs apart: a grid prices bets on ranks and totals"
        )
    width = len(col_key.labels) if col_key else 1

    def cell_of(paths: Paths) -> npt.NDArray[np.int64]:
        index = row_key.of(paths, rules.tableau) * width
        return index if col_key is None else index + col_key.of(paths, rules.tableau)

    priced = odds_by(shoe, cell_of, len(row_key.labels) * width, rules, bets, seen=seen)
    total = sum(result.denominator for result in priced if result is not None)
    cells: list[GridCell] = []
    for position, result in enumerate(priced):
        r, c = divmod(position, width)
        cells.append(
            GridCell(
                row=row_key.labels[r],
                col=col_key.labels[c] if col_key else None,
                probability=Fraction(result.denominator if result else 0, total),
                outcomes={o: result.probability(o) if result else None for o in Outcome},
                evs={bet.name: result.bet(bet.name).ev if result else None for bet in bets},
            )
        )
    return Grid(shoe, rules, rows, cols, tuple(bets), seen, tuple(cells))
