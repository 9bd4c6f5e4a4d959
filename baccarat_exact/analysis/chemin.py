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

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from baccarat_exact.analysis.chemin_game import (
    COMPOSITIONS,
    MODELS,
    STOOD,
    Cell,
    ChoiceGame,
    choice_game,
    find_model,
    hand_text,
    weighted_forms,
)
from baccarat_exact.analysis.exact_lp import maximize
from baccarat_exact.errors import RequestError

__all__ = [
    "COMPOSITIONS",
    "MODELS",
    "STOOD",
    "Cell",
    "Choice",
    "ChoiceGame",
    "Equilibrium",
    "Polytope",
    "best_responses",
    "choice_game",
    "find_model",
    "hand_text",
    "saddle_point",
    "solve",
]


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
    win, loss = weighted_forms(game, banker)
    total = [Fraction(w - v) for w, v in zip(win, loss, strict=True)]
    total[0] += game.natural_win - game.natural_loss
    return total


@dataclass(frozen=True, slots=True)
class Polytope:
    """The Player's strategies as a polytope: ``z >= 0`` with ``rows · z <= bounds``
    (every bound at least 0), and its vertices, his pure plays. Chemin de fer's is the box
    [0, 1]^K (one probability per 5); a team of Players choosing jointly
    (:mod:`.banque`) has another."""

    rows: tuple[tuple[int, ...], ...]
    bounds: tuple[int, ...]
    vertices: tuple[tuple[int, ...], ...]

    @classmethod
    def box(cls, k: int) -> Polytope:
        """[0, 1]^k: each of k probabilities on its own.

        >>> Polytope.box(2).vertices
        ((0, 0), (0, 1), (1, 0), (1, 1))
        """
        rows = tuple(tuple(int(i == j) for i in range(k)) for j in range(k))
        return cls(rows, (1,) * k, tuple(itertools.product((0, 1), repeat=k)))

    def range(self, const: int, coefs: Sequence[int]) -> tuple[int, int]:
        """The least and the most of ``const + Σ coef_k z_k`` over the polytope (at its
        vertices)."""
        values = [const + sum(c * v for c, v in zip(coefs, vertex)) for vertex in self.vertices]
        return min(values), max(values)


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
    """The zero-sum solution of chemin de fer: :func:`saddle_point` over the box."""
    return saddle_point(game.forms, game.cells, gains, Polytope.box(len(game.fives)))


Forms = Sequence[tuple[tuple[tuple[int, ...], ...], ...]]
"""Per cell, per action (0 stands, 1 draws): the Player's (wins, losses) as
``(const, coef…)`` in his strategy's coordinates (:attr:`ChoiceGame.forms`)."""


def saddle_point(
    forms: Forms, cells: Sequence[Cell], gains: Gains, polytope: Polytope
) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
    """The zero-sum solution by one exact linear program over the cells that matter.

    The Player, his strategy a point z of ``polytope``, maximises Σ_cells min(stand, draw)
    (his payoff, the naturals aside); in a cell whose Banker's gain ``h`` keeps one sign
    over the polytope the minimum is that action's; in the others
    ``min = base − max(0, base − other)``, with ``base`` the action ``h`` favours at z = 0,
    written with a slack ``s ≥ (base − other)(z)``. The dual of the slack's row is the
    Banker's probability of the other action.
    """
    k = len(polytope.vertices[0])
    banker: list[Fraction] = []
    objective = [Fraction(0)] * k
    open_cells: list[tuple[int, int, tuple[int, ...], int]] = []
    for i, (form, (h0, hk)) in enumerate(zip(forms, gains, strict=True)):
        low, high = polytope.range(h0, hk)
        if low >= 0 and high >= 0 and (low > 0 or high > 0):
            base = 1  # drawing never gains the Banker less than standing
        elif low <= 0 and high <= 0 and (low < 0 or high < 0):
            base = 0
        elif low == high == 0:
            base = int(cells[i].tableau_draws)
        else:
            base = 0 if h0 <= 0 else 1
        banker.append(Fraction(base))
        net = [Fraction(form[base][0][j] - form[base][1][j]) for j in range(k + 1)]
        for j in range(k):
            objective[j] += net[j + 1]
        if low < 0 < high:
            # the Player's (base − other) is the Banker's gain by drawing (h) when base
            # stands, −h when it draws; at z = 0 it is at most 0
            sign = 1 if base == 0 else -1
            open_cells.append((i, base, tuple(sign * c for c in hk), sign * h0))
    m = len(open_cells)
    rows: list[list[Fraction]] = []
    bounds: list[Fraction] = []
    for row, bound in zip(polytope.rows, polytope.bounds, strict=True):
        rows.append([*map(Fraction, row), *([Fraction(0)] * m)])
        bounds.append(Fraction(bound))
    for r, (_, _, coefs, const) in enumerate(open_cells):
        # the Player's loss when the Banker leaves base, (base − other)(x) ≤ s
        rows.append([*map(Fraction, coefs), *(Fraction(-int(r == c)) for c in range(m))])
        bounds.append(Fraction(-const))
    lp = maximize([*objective, *([Fraction(-1)] * m)], rows, bounds)
    player = lp.primal[:k]
    for r, (i, base, _, _) in enumerate(open_cells):
        other = lp.dual[len(polytope.rows) + r]
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
