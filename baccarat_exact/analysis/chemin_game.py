"""Chemin de fer as a game: what each side knows (the models), the six-card counts, and
each of the Banker's cells as linear forms in the Player's play at 5.

The Player draws on 0–4, stands on 6–7 and may draw or stand on 5; the Banker, seeing the
Player's third card (or that he stood), may draw or stand in every cell. Every count is
an integer: six-card value sequences out of N(N−1)…(N−5) (an infinite shoe: weighted by
its proportions), summed by the two hands' compositions. :mod:`.chemin` solves the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np

from baccarat_exact.errors import RequestError
from baccarat_exact.model.rules import PLAYER_STOOD, STANDARD_TABLEAU
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "COMPOSITIONS",
    "MODELS",
    "STOOD",
    "Cell",
    "ChoiceGame",
    "choice_game",
    "find_model",
    "hand_text",
    "weigh",
    "weighted_forms",
]

STOOD = PLAYER_STOOD
"""The Banker's column when the Player stood (10); columns 0–9 are the Player's third card."""

MODELS: dict[int, str] = {
    1: "each sees his own two-card total (Kemeny and Snell 1957)",
    2: "the Banker sees his two cards, the Player his total (Downton and Lockwood 1975)",
    3: "each sees his own two cards (Ethier and Gámez 2013)",
}
"""What each side knows, by model number (Ethier and Gámez's classification)."""

_MODEL_NAMES = {
    "1": 1,
    "2": 2,
    "3": 3,
    "a1": 1,
    "a2": 2,
    "a3": 3,
    "b1": 1,
    "b2": 2,
    "b3": 3,
    "kemeny-snell": 1,
    "downton-lockwood": 2,
    "ethier-gamez": 3,
}

COMPOSITIONS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(10) for b in range(a, 10))
"""The 55 two-card hands by values (0 stands for 10, J, Q, K), lower value first."""

_NATURAL = tuple((a + b) % 10 >= 8 for a, b in COMPOSITIONS)
_LIMIT = 2**62
"""Sequence counts stay in int64 while the whole count is below this (else Python ints)."""


def find_model(name: str, infinite: bool) -> int:
    """The model number of ``name``: 1, 2, 3, a paper's label (``A1``, ``B2``, ``B3``) or
    its authors (``kemeny-snell``). An ``A`` label asks for an infinite shoe, ``B`` for a
    finite one.

    >>> find_model("B2", False), find_model("kemeny-snell", True)
    (2, 1)
    >>> find_model("A1", False)
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RequestError: model A1 deals with replacement: give --infinite (or the model's number, 1)
    """
    key = name.strip().lower()
    if key not in _MODEL_NAMES:
        known = "1, 2, 3, A1, B2, B3, kemeny-snell, downton-lockwood, ethier-gamez"
        raise RequestError(f"unknown model {name!r}: the models are {known}")
    if key.startswith("a") and len(key) == 2 and not infinite:
        raise RequestError(
            f"model {name.upper()} deals with replacement: give --infinite "
            f"(or the model's number, {key[1]})"
        )
    if key.startswith("b") and len(key) == 2 and infinite:
        raise RequestError(
            f"model {name.upper()} deals without replacement: give a finite shoe "
            f"(or the model's number, {key[1]})"
        )
    return _MODEL_NAMES[key]


def hand_text(hand: tuple[int, int]) -> str:
    """A two-card hand by values: ``0+5`` (0 is a ten or a face card)."""
    return f"{hand[0]}+{hand[1]}"


# -- the counts ---------------------------------------------------------------------------------


def _weights(values: Sequence[int], infinite: bool) -> tuple[np.ndarray, int]:
    """The count of every six-card value sequence (axes: Player's first, Banker's first,
    Player's second, Banker's second, fifth and sixth card) and the whole count."""
    n = sum(values)
    whole = n**6 if infinite else int(np.prod([n - k for k in range(6)], dtype=object))
    dtype: Any = np.int64 if whole < _LIMIT else object
    counts = np.array(values, dtype=dtype)
    grids = np.ogrid[tuple(slice(0, 10) for _ in range(6))]
    weight: np.ndarray = np.ones((1,) * 6, dtype=dtype)
    for k, card in enumerate(grids):
        left = counts[card]
        if not infinite:
            for earlier in grids[:k]:
                left = left - (earlier == card).astype(dtype)
        weight = weight * left
    return weight, whole


@dataclass(frozen=True, slots=True)
class _Counts:
    """Player wins and Banker wins by (Player's hand, Banker's hand, column, Banker's
    action: 0 stands, 1 draws), the hands as :data:`COMPOSITIONS` indices; the naturals'."""

    win: np.ndarray
    loss: np.ndarray
    natural_win: int
    natural_loss: int
    whole: int


@cache
def _membership() -> np.ndarray:
    """55 × 100: which ordered pair of values (first·10 + second) makes each hand."""
    member = np.zeros((55, 100), dtype=np.int64)
    for i, (a, b) in enumerate(COMPOSITIONS):
        member[i, a * 10 + b] = 1
        member[i, b * 10 + a] = 1
    return member


def _by_hands(array: np.ndarray) -> np.ndarray:
    """Sum an array over (P1, B1, P2, B2, rest…) into (Player's hand, Banker's hand, rest…)."""
    rest = array.shape[4:]
    ordered = array.transpose(0, 2, 1, 3, *range(4, array.ndim)).reshape(100, 100, *rest)
    member = _membership().astype(array.dtype)
    by_player = np.tensordot(member, ordered, axes=(1, 0))
    summed: np.ndarray = np.tensordot(member, by_player, axes=(1, 1)).swapaxes(0, 1)
    return summed


def _counts(values: tuple[int, ...], infinite: bool) -> _Counts:
    """Every count the games need, from the shoe's value counts."""
    weight, whole = _weights(values, infinite)
    p1, b1, p2, b2, fifth, sixth = np.ogrid[tuple(slice(0, 10) for _ in range(6))]
    player = (p1 + p2) % 10
    banker = (b1 + b2) % 10
    five = weight.sum(axis=5, keepdims=True)  # the sixth card unseen
    drawn = (player + fifth) % 10  # the Player's total after his third card
    banker_drawn = (banker + sixth) % 10
    # The Player drew (his third card is the column); the Banker stands or draws the sixth.
    stand_win = (five * (drawn > banker))[..., 0]
    stand_loss = (five * (drawn < banker))[..., 0]
    draw_win = (weight * (drawn > banker_drawn)).sum(axis=5)
    draw_loss = (weight * (drawn < banker_drawn)).sum(axis=5)
    # The Player stood; the Banker stands, or draws the fifth card.
    four = five.sum(axis=4)[..., 0]
    banker_fifth = ((banker + fifth) % 10)[..., 0]
    stood_stand_win = four * (player > banker)[..., 0, 0]
    stood_stand_loss = four * (player < banker)[..., 0, 0]
    stood_draw_win = (five[..., 0] * (player[..., 0] > banker_fifth)).sum(axis=4)
    stood_draw_loss = (five[..., 0] * (player[..., 0] < banker_fifth)).sum(axis=4)
    win = np.zeros((55, 55, 11, 2), dtype=weight.dtype)
    loss = np.zeros_like(win)
    win[:, :, :10, 0] = _by_hands(stand_win)
    loss[:, :, :10, 0] = _by_hands(stand_loss)
    win[:, :, :10, 1] = _by_hands(draw_win)
    loss[:, :, :10, 1] = _by_hands(draw_loss)
    win[:, :, STOOD, 0] = _by_hands(stood_stand_win)
    loss[:, :, STOOD, 0] = _by_hands(stood_stand_loss)
    win[:, :, STOOD, 1] = _by_hands(stood_draw_win)
    loss[:, :, STOOD, 1] = _by_hands(stood_draw_loss)
    natural = np.array(_NATURAL)
    either = natural[:, None] | natural[None, :]
    natural_win = int(_by_hands(stood_stand_win)[either].sum())
    natural_loss = int(_by_hands(stood_stand_loss)[either].sum())
    win[either] = 0
    loss[either] = 0
    return _Counts(win, loss, natural_win, natural_loss, whole)


# -- the game --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cell:
    """One of the Banker's choices: what he knows (his total, or his two cards) and the
    column (the Player's third card 0–9, or :data:`STOOD`)."""

    total: int
    hand: tuple[int, int] | None
    """The Banker's two cards (models 2 and 3); ``None`` when he sees his total only."""
    column: int

    @property
    def label(self) -> str:
        """``5`` or ``2+3`` (the Banker's hand), then the column: ``5 v 4``, ``2+3 v stood``."""
        known = str(self.total) if self.hand is None else hand_text(self.hand)
        column = "stood" if self.column == STOOD else str(self.column)
        return f"{known} v {column}"

    @property
    def tableau_draws(self) -> bool:
        """What punto banco's tableau does in this cell (the default where nothing is at
        stake)."""
        third = None if self.column == STOOD else self.column
        return STANDARD_TABLEAU.banker_draws(self.total, third)


@dataclass(frozen=True, slots=True)
class ChoiceGame:
    """Chemin de fer on one shoe under one model, as linear forms: for each of the
    Banker's cells, the Player's wins and losses when the Banker stands and when he draws,
    each ``const + Σ_k coef_k x_k`` in the Player's probabilities ``x`` of drawing at 5.
    Counts are integers over :attr:`whole` (six-card sequences)."""

    shoe: Shoe
    model: int
    fives: tuple[tuple[int, int] | None, ...]
    """The Player's hands of 5 he tells apart (model 3: five; else one, ``None``: any 5)."""
    cells: tuple[Cell, ...]
    forms: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]
    """``forms[cell][action][0 wins, 1 losses]``: (const, coef per five), action 0 stands."""
    natural_win: int
    natural_loss: int
    whole: int

    def payoff(
        self, player: Sequence[Fraction], banker: Sequence[Fraction], alpha: Fraction = Fraction(0)
    ) -> tuple[Fraction, Fraction]:
        """The Player's and the Banker's expected gains per unit when the Player draws at
        each 5 with probability ``player[k]`` and the Banker draws in each cell with
        probability ``banker[i]`` (the Banker pays ``alpha`` of his wins in commission)."""
        win_form, loss_form = weighted_forms(self, banker)
        win = self.natural_win + _value(win_form, player)
        loss = self.natural_loss + _value(loss_form, player)
        return (win - loss) / self.whole, ((1 - alpha) * loss - win) / self.whole


def weighted_forms(
    game: ChoiceGame, banker: Sequence[Fraction]
) -> tuple[list[Fraction], list[Fraction]]:
    """The Player's wins and losses over the cells as forms (const, coef per five) when the
    Banker draws in each cell with probability ``banker[i]``: the pure cells summed in
    integers, the mixed ones weighted."""
    return weigh(game.forms, banker, len(game.fives) + 1)


def weigh(
    cell_forms: Sequence[tuple[tuple[tuple[int, ...], ...], ...]],
    banker: Sequence[Fraction],
    size: int,
) -> tuple[list[Fraction], list[Fraction]]:
    """:func:`weighted_forms` over any cells' forms of ``size`` entries (const, coefs)."""
    pure = [[0] * size, [0] * size]
    mixed = [[Fraction(0)] * size, [Fraction(0)] * size]
    for forms, q in zip(cell_forms, banker, strict=True):
        if q == 0 or q == 1:
            for w in (0, 1):
                row, form = pure[w], forms[int(q)][w]
                for i in range(size):
                    row[i] += form[i]
        else:
            for w in (0, 1):
                for i in range(size):
                    mixed[w][i] += (1 - q) * forms[0][w][i] + q * forms[1][w][i]
    win = [pure[0][i] + mixed[0][i] for i in range(size)]
    loss = [pure[1][i] + mixed[1][i] for i in range(size)]
    return win, loss


def _value(form: Sequence[int | Fraction], x: Sequence[Fraction]) -> Fraction:
    return form[0] + sum((c * xk for c, xk in zip(form[1:], x, strict=True)), Fraction(0))


def choice_game(shoe: Shoe, model: int) -> ChoiceGame:
    """The game on ``shoe`` under ``model`` (1, 2 or 3), as linear forms.

    :raises RequestError: for a shoe too small to deal six cards.
    """
    if model not in MODELS:
        raise RequestError(f"the models are 1, 2 and 3, got {model!r}")
    values = shoe.values
    if not shoe.infinite and sum(values) < 6:
        raise RequestError(f"a round may take six cards; this shoe has {sum(values)}")
    counts = _counts(tuple(values), shoe.infinite)
    return _game(shoe, model, counts)


def _game(shoe: Shoe, model: int, counts: _Counts) -> ChoiceGame:
    totals = [(a + b) % 10 for a, b in COMPOSITIONS]
    fives: tuple[tuple[int, int] | None, ...] = (
        tuple(h for h, t in zip(COMPOSITIONS, totals) if t == 5) if model == 3 else (None,)
    )
    k = len(fives)
    # Player's hands → rows of the forms, when he drew (columns 0–9) and when he stood.
    drew = np.zeros((k + 1, 55), dtype=np.int64)
    stood = np.zeros((k + 1, 55), dtype=np.int64)
    for i, (hand, total) in enumerate(zip(COMPOSITIONS, totals)):
        if total <= 4:
            drew[0, i] = 1
        elif total in (6, 7):
            stood[0, i] = 1
        elif total == 5:
            row = 1 + (fives.index(hand) if model == 3 else 0)
            drew[row, i] = 1
            stood[0, i] = 1
            stood[row, i] = -1
    Key = tuple[int, tuple[int, int] | None]
    seen: list[Key | None] = [
        None if t > 7 else (t, None if model == 1 else h) for h, t in zip(COMPOSITIONS, totals)
    ]
    keys: list[Key] = list(dict.fromkeys(key for key in seen if key is not None))
    banker_of = seen
    classes = np.zeros((len(keys), 55), dtype=np.int64)
    for j, key in enumerate(banker_of):
        if key is not None:
            classes[keys.index(key), j] = 1
    dtype = counts.win.dtype
    cells: list[Cell] = []
    forms: list[Any] = []
    for column in range(11):
        rows = (stood if column == STOOD else drew).astype(dtype)
        # (banker class, action, wins/losses, form entry)
        both = np.stack([counts.win[:, :, column, :], counts.loss[:, :, column, :]], axis=-1)
        by_player = np.tensordot(rows, both, axes=(1, 0))  # (form entry, banker's hand, a, w)
        summed = np.tensordot(classes.astype(dtype), by_player, axes=(1, 1)).transpose(0, 2, 3, 1)
        for j, (total, known) in enumerate(keys):
            cells.append(Cell(total, known, column))
            forms.append(
                tuple(
                    tuple(tuple(int(v) for v in summed[j, a, w]) for w in range(2))
                    for a in range(2)
                )
            )
    order = sorted(range(len(cells)), key=lambda i: _cell_order(cells[i]))
    return ChoiceGame(
        shoe=shoe,
        model=model,
        fives=fives,
        cells=tuple(cells[i] for i in order),
        forms=tuple(forms[i] for i in order),
        natural_win=counts.natural_win,
        natural_loss=counts.natural_loss,
        whole=counts.whole,
    )


def _cell_order(cell: Cell) -> tuple[int, tuple[int, int], int]:
    return (cell.total, cell.hand or (-1, -1), cell.column)
