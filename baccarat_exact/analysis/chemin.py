"""Baccara chemin de fer solved exactly: the Player's option at 5 and the Banker's options.

In chemin de fer the Player draws on 0–4 and stands on 6–7 but may draw or stand on 5;
the Banker, seeing the Player's third card (or that he stood), may draw or stand in every
cell. Each plays to win: the Player's gain is +1 on a win, −1 on a loss, 0 on a tie. The
papers model what each side knows (Ethier and Gámez, *Games* 2013, 4(4):711–737):

- model 1: each sees his own two-card total (Kemeny and Snell 1957; model A1 when dealt
  with replacement, an infinite shoe here);
- model 2: the Banker sees the composition of his two cards, the Player his total
  (Downton and Lockwood 1975; model B2 dealt from d decks);
- model 3: each sees his composition (Ethier and Gámez 2013; model B3).

The payoff is additive in the Banker's choices cell by cell, and linear in the Player's
probabilities of drawing at 5 (one per composition of 5 he can tell apart), so the value
is ``max over x in [0,1]^K of Σ_cells min(stand, draw)``: an exact linear program over the
cells whose choice depends on ``x`` (the others are dominated), whose dual is the
Banker's optimal mixed strategy. Every count is an integer: six-card sequences out of
N(N−1)…(N−5) (an infinite shoe: weighted by its proportions).

With the casino's commission α on the Banker's wins the game is no longer zero-sum
(Ethier and Lee, *Games* 2023, 14(5):63): for models 1 and 2 (one choice of the Player)
an equilibrium is found exactly by the best responses of each side along x in [0, 1];
for model 3 one with one 5 and one cell mixed, from the zero-sum solution.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np

from baccarat_exact.analysis.exact_lp import maximize
from baccarat_exact.errors import RequestError
from baccarat_exact.model.rules import PLAYER_STOOD, STANDARD_TABLEAU
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "COMPOSITIONS",
    "MODELS",
    "STOOD",
    "Choice",
    "ChoiceGame",
    "Equilibrium",
    "best_responses",
    "choice_game",
    "find_model",
    "hand_text",
    "solve",
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
        win_form, loss_form = _weighted(self, banker)
        win = self.natural_win + _value(win_form, player)
        loss = self.natural_loss + _value(loss_form, player)
        return (win - loss) / self.whole, ((1 - alpha) * loss - win) / self.whole


def _weighted(
    game: ChoiceGame, banker: Sequence[Fraction]
) -> tuple[list[Fraction], list[Fraction]]:
    """The Player's wins and losses over the cells as forms (const, coef per five) when the
    Banker draws in each cell with probability ``banker[i]``: the pure cells summed in
    integers, the mixed ones weighted."""
    size = len(game.fives) + 1
    pure = [[0] * size, [0] * size]
    mixed = [[Fraction(0)] * size, [Fraction(0)] * size]
    for forms, q in zip(game.forms, banker, strict=True):
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


# -- the solution -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Choice:
    """A cell where the Banker's choice depends on the Player's play at 5 (neither action
    dominates): what drawing rather than standing gains the Banker per unit of the whole
    game, at the Player's two extremes and at the equilibrium."""

    cell: Cell
    index: int
    """The cell's place in :attr:`ChoiceGame.cells`."""
    gain_low: Fraction
    """The Banker's gain from drawing (over standing) when the Player's x minimises it."""
    gain_high: Fraction
    """… and when the Player's x maximises it."""
    gain: Fraction
    """… at the Player's equilibrium strategy (0 where the Banker mixes)."""
    draws: Fraction
    """The Banker's probability of drawing here at the equilibrium."""


@dataclass(frozen=True, slots=True)
class Equilibrium:
    """A solution: each side's strategy and what each expects per unit.

    Zero-sum (no commission) it is a saddle point: :attr:`player_gain` is the value of
    the game, neither side can do better against the other's optimal strategy.
    """

    game: ChoiceGame
    alpha: Fraction
    """The commission on the Banker's wins (0: the zero-sum parlor game)."""
    player: tuple[Fraction, ...]
    """The Player's probability of drawing at each 5 of :attr:`ChoiceGame.fives`."""
    banker: tuple[Fraction, ...]
    """The Banker's probability of drawing in each cell of :attr:`ChoiceGame.cells`."""
    player_gain: Fraction
    banker_gain: Fraction
    choices: tuple[Choice, ...]
    player_margins: tuple[Fraction, ...]
    """Per five: what drawing rather than standing gains the Player against the Banker's
    strategy (0 where the Player mixes)."""

    @property
    def value(self) -> Fraction:
        """The Player's expectation: the value of the game when there is no commission."""
        return self.player_gain


Gains = list[tuple[int, tuple[int, ...]]]
"""Per cell, the Banker's gain from drawing over standing as ``(const, coefs)``, in
integers: counts times :func:`_gain_scale`."""


def _gain_scale(alpha: Fraction) -> int:
    """What the Banker's gains are multiplied by to be integers: the denominator of 1 − α."""
    return (1 - alpha).denominator


def _banker_gain_forms(game: ChoiceGame, alpha: Fraction) -> Gains:
    """Per cell, the Banker's gain from drawing over standing, scaled to integers."""
    kept, scale = (1 - alpha).numerator, _gain_scale(alpha)
    out = []
    for forms in game.forms:
        delta = [
            kept * (forms[1][1][i] - forms[0][1][i]) - scale * (forms[1][0][i] - forms[0][0][i])
            for i in range(len(game.fives) + 1)
        ]
        out.append((delta[0], tuple(delta[1:])))
    return out


def _player_forms(game: ChoiceGame, banker: Sequence[Fraction]) -> list[Fraction]:
    """The Player's expected net count (wins − losses) as ``const + Σ coef_k x_k`` against
    the Banker's strategy ``banker``: [const, coef…]."""
    win, loss = _weighted(game, banker)
    total = [Fraction(w - v) for w, v in zip(win, loss, strict=True)]
    total[0] += game.natural_win - game.natural_loss
    return total


def _range(const: int, coefs: Sequence[int]) -> tuple[int, int]:
    """The least and the most of ``const + Σ coef_k x_k`` over x in [0, 1]^K."""
    low = const + sum(min(c, 0) for c in coefs)
    high = const + sum(max(c, 0) for c in coefs)
    return low, high


def solve(game: ChoiceGame, alpha: Fraction = Fraction(0)) -> Equilibrium:
    """The game's solution: the value and both optimal strategies (zero-sum), or, with a
    commission ``alpha`` on the Banker's wins, a Nash equilibrium (models 1 and 2: the
    first found along x when there are several; model 3: one found from the zero-sum
    solution, with at most one 5 and one cell mixed, as Ethier and Lee obtain theirs).

    :raises RequestError: for a commission outside [0, 1), or a model 3 game where no
        such equilibrium is found.
    """
    if not 0 <= alpha < 1:
        raise RequestError(f"the commission must be at least 0 and below 1, got {alpha}")
    gains = _banker_gain_forms(game, alpha)
    if alpha == 0:
        player, banker = _saddle_point(game, gains)
    elif len(game.fives) == 1:
        player, banker = _equilibrium(game, gains)
    else:
        start = _saddle_point(game, _banker_gain_forms(game, Fraction(0)))
        player, banker = _equilibrium_near(game, gains, start[0])
    return _equilibrium_of(game, alpha, player, banker, gains)


def _saddle_point(
    game: ChoiceGame, gains: Gains
) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
    """The zero-sum solution by one exact linear program over the cells that matter.

    The Player maximises Σ_cells min(stand, draw) (his payoff); in a cell whose Banker's
    gain ``h`` keeps one sign over the box the minimum is that action's; in the others
    ``min = base − max(0, base − other)``, with ``base`` the action ``h`` favours at x = 0,
    written with a slack ``s ≥ (base − other)(x)``. The dual of the slack's row is the
    Banker's probability of the other action.
    """
    k = len(game.fives)
    banker: list[Fraction] = []
    objective = [Fraction(0)] * k
    constant = Fraction(game.natural_win - game.natural_loss)
    open_cells: list[tuple[int, int, tuple[int, ...], int]] = []
    for i, (forms, (h0, hk)) in enumerate(zip(game.forms, gains, strict=True)):
        low, high = _range(h0, hk)
        if low >= 0 and high >= 0 and (low > 0 or high > 0):
            base = 1  # drawing never gains the Banker less than standing
        elif low <= 0 and high <= 0 and (low < 0 or high < 0):
            base = 0
        elif low == high == 0:
            base = int(game.cells[i].tableau_draws)
        else:
            base = 0 if h0 <= 0 else 1
        banker.append(Fraction(base))
        net = [Fraction(forms[base][0][j] - forms[base][1][j]) for j in range(k + 1)]
        constant += net[0]
        for j in range(k):
            objective[j] += net[j + 1]
        if low < 0 < high:
            # the Player's (base − other) is the Banker's gain by drawing (h) when base
            # stands, −h when it draws; at x = 0 it is at most 0
            sign = 1 if base == 0 else -1
            open_cells.append((i, base, tuple(sign * c for c in hk), sign * h0))
    m = len(open_cells)
    rows: list[list[Fraction]] = []
    bounds: list[Fraction] = []
    for j in range(k):
        rows.append([Fraction(int(j == c)) for c in range(k)] + [Fraction(0)] * m)
        bounds.append(Fraction(1))
    for r, (_, _, coefs, const) in enumerate(open_cells):
        # the Player's loss when the Banker leaves base, (base − other)(x) ≤ s
        rows.append([*map(Fraction, coefs), *(Fraction(-int(r == c)) for c in range(m))])
        bounds.append(Fraction(-const))
    lp = maximize([*objective, *([Fraction(-1)] * m)], rows, bounds)
    player = lp.primal[:k]
    for r, (i, base, _, _) in enumerate(open_cells):
        other = lp.dual[k + r]
        banker[i] = other if base == 0 else 1 - other
    return tuple(player), tuple(banker)


def _banker_best(gains: Gains, x: Sequence[Fraction], cells: Sequence[Cell]) -> list[Fraction]:
    """The Banker's pure best response to ``x``, cell by cell (the tableau's action where
    both are worth the same)."""
    best = []
    for (h0, hk), cell in zip(gains, cells, strict=True):
        h = h0 + sum((c * xk for c, xk in zip(hk, x, strict=True)), Fraction(0))
        best.append(Fraction(int(h > 0 if h else cell.tableau_draws)))
    return best


def _equilibrium(
    game: ChoiceGame, gains: Gains
) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
    """A Nash equilibrium of the bimatrix game with one Player's choice (Ethier and Lee's
    generalisation of Foster's algorithm): at x = 0, at x = 1, or at the x where one
    cell's Banker's gain changes sign, the Banker mixing there so that the Player is
    indifferent."""
    candidates = {Fraction(0), Fraction(1)}
    for h0, (h1,) in gains:
        if h1 and 0 < Fraction(-h0, h1) < 1:
            candidates.add(Fraction(-h0, h1))
    for x in sorted(candidates):
        best = _banker_best(gains, (x,), game.cells)
        slope = _player_forms(game, best)[1]
        if (x == 0 and slope <= 0) or (x == 1 and slope >= 0):
            return (x,), tuple(best)
        if x in (0, 1):
            continue
        kinks = [i for i, (h0, (h1,)) in enumerate(gains) if h1 and h0 + h1 * x == 0]
        for i in kinks:
            stand = _player_forms(game, [*best[:i], Fraction(0), *best[i + 1 :]])[1]
            draw = _player_forms(game, [*best[:i], Fraction(1), *best[i + 1 :]])[1]
            if stand == draw:
                if stand == 0:
                    return (x,), tuple(best)
                continue
            q = stand / (stand - draw)
            if 0 <= q <= 1:
                best[i] = q
                return (x,), tuple(best)
    raise RequestError("no equilibrium found with one cell mixed")  # pragma: no cover


def _equilibrium_near(
    game: ChoiceGame, gains: Gains, start: Sequence[Fraction]
) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
    """A Nash equilibrium with one of the Player's fives k and one open cell i mixed (or
    none): x_k makes the Banker indifferent in cell i, q_i makes the Player indifferent at
    k, every other choice a best reply. The other fives start from ``start`` (the zero-sum
    solution, rounded) and follow their best replies until nothing moves; the pairs
    (k, i) are tried in turn, and each candidate is checked whole before it is returned."""
    fives = len(game.fives)
    opened = [i for i, (h0, hk) in enumerate(gains) if _range(h0, hk)[0] < 0 < _range(h0, hk)[1]]
    rounded = [Fraction(int(x >= Fraction(1, 2))) for x in start]
    mixed_first = sorted(range(fives), key=lambda k: 0 < start[k] < 1, reverse=True)
    for k in mixed_first:
        for i in opened:
            found = _pair_equilibrium(game, gains, k, i, list(rounded))
            if found is not None:
                return found
    raise RequestError(  # pragma: no cover - none met in the shoes tried
        "no equilibrium with one 5 and one cell mixed was found for this shoe"
    )


def _pair_equilibrium(
    game: ChoiceGame, gains: Gains, k: int, i: int, x: list[Fraction]
) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]] | None:
    """The equilibrium mixing five ``k`` and cell ``i`` from the pure plays ``x``, or None."""
    h0, hk = gains[i]
    if not hk[k]:
        return None
    for _ in range(8):
        rest = h0 + sum((c * xj for j, (c, xj) in enumerate(zip(hk, x)) if j != k), Fraction(0))
        xk = -rest / hk[k]
        if not 0 <= xk <= 1:
            return None
        x[k] = xk
        q = _banker_best(gains, x, game.cells)
        stand = _player_forms(game, [*q[:i], Fraction(0), *q[i + 1 :]])[1 + k]
        draw = _player_forms(game, [*q[:i], Fraction(1), *q[i + 1 :]])[1 + k]
        if stand == draw:
            return None
        q[i] = stand / (stand - draw)
        if not 0 <= q[i] <= 1:
            return None
        margins = _player_forms(game, q)[1:]
        moved = False
        for j, margin in enumerate(margins):
            if j != k and margin and x[j] != int(margin > 0):
                x[j], moved = Fraction(int(margin > 0)), True
        if not moved:
            return (tuple(x), tuple(q)) if _is_equilibrium(game, gains, x, q) else None
    return None


def _is_equilibrium(
    game: ChoiceGame, gains: Gains, x: Sequence[Fraction], q: Sequence[Fraction]
) -> bool:
    """Whether each side's every choice is a best reply to the other's strategy."""
    for (h0, hk), qi in zip(gains, q, strict=True):
        h = h0 + sum((c * xk for c, xk in zip(hk, x, strict=True)), Fraction(0))
        if (h > 0 and qi != 1) or (h < 0 and qi != 0):
            return False
    margins = _player_forms(game, q)[1:]
    return all(
        not ((m > 0 and xk != 1) or (m < 0 and xk != 0)) for m, xk in zip(margins, x, strict=True)
    )


def _equilibrium_of(
    game: ChoiceGame,
    alpha: Fraction,
    player: tuple[Fraction, ...],
    banker: tuple[Fraction, ...],
    gains: Gains,
) -> Equilibrium:
    """The solution with its figures: each side's expectation, the open cells, the
    Player's margins."""
    player_gain, banker_gain = game.payoff(player, banker, alpha)
    scale = _gain_scale(alpha)
    choices = []
    for i, (h0, hk) in enumerate(gains):
        low, high = _range(h0, hk)
        if low < 0 < high:
            at = h0 + sum((c * x for c, x in zip(hk, player, strict=True)), Fraction(0))
            choices.append(
                Choice(
                    cell=game.cells[i],
                    index=i,
                    gain_low=Fraction(low, game.whole * scale),
                    gain_high=Fraction(high, game.whole * scale),
                    gain=at / (game.whole * scale),
                    draws=banker[i],
                )
            )
    margins = _player_forms(game, banker)[1:]
    return Equilibrium(
        game=game,
        alpha=alpha,
        player=player,
        banker=banker,
        player_gain=player_gain,
        banker_gain=banker_gain,
        choices=tuple(choices),
        player_margins=tuple(m / game.whole for m in margins),
    )


def best_responses(solution: Equilibrium) -> tuple[Fraction, Fraction]:
    """What each side gets by its best pure reply to the other's strategy: the Player's
    gain against the Banker's strategy, and the Banker's against the Player's. At a
    saddle point both equal the value (the Banker's as the Player's gain it leaves);
    at an equilibrium neither exceeds what the solution gives."""
    game = solution.game
    forms = _player_forms(game, solution.banker)
    player_best = forms[0] + sum((max(c, Fraction(0)) for c in forms[1:]), Fraction(0))
    gains = _banker_gain_forms(game, solution.alpha)
    reply = _banker_best(gains, solution.player, game.cells)
    _, banker_best = game.payoff(solution.player, reply, solution.alpha)
    return player_best / game.whole, banker_best
