"""Baccara banque solved exactly, as the published analysis models it.

Baccara banque is a three-person zero-sum game: the Banker against Player 1 and Player 2,
who stake θ and 1 − θ (Ethier and Lee, "On the three-person game baccara banque",
*Games* 2015, 6(2):57–78). Downton and Lockwood (JRSS A 1976) preferred a cooperative
solution to the Nash equilibrium; Ethier and Lee show that the Players cooperating while
choosing apart (the *independent cooperative equilibrium*) has a solution only for some θ,
and that the *correlated cooperative equilibrium*, the two Players as one team choosing
their plays at 5 jointly against the Banker, always exists. That one is a two-person
zero-sum game whose payoff is additive over the Banker's cells and linear in the team's
joint law, so chemin de fer's exact linear program (:func:`.chemin.saddle_point`) solves
it, over the team's polytope of joint laws instead of the box. Also here: the Banker's
best reply to any two given plays at 5 (the Players choosing apart).

Model: dealt with replacement, each side seeing his own total (Ethier and Lee's
assumptions; :mod:`.banque_game`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from baccarat_exact.analysis.banque_game import (
    NATURAL,
    PLAYS,
    BanqueCell,
    BanqueGame,
    Form,
    banque_game,
    column_text,
)
from baccarat_exact.analysis.chemin import Polytope, _banker_best, saddle_point
from baccarat_exact.errors import RequestError

__all__ = [
    "JOINT",
    "NATURAL",
    "PLAYS",
    "BanqueCell",
    "BanqueGame",
    "BanqueSolution",
    "Choice",
    "banker_reply",
    "banque_game",
    "column_text",
    "correlated",
]

JOINT = Polytope(
    rows=((-1, 0, 1), (0, -1, 1), (1, 1, -1)),
    bounds=(0, 0, 1),
    vertices=((1, 1, 1), (1, 0, 0), (0, 1, 0), (0, 0, 0)),
)
"""The team's joint laws of play at 5 as points z = (x1, x2, x12): P(Player 1 draws),
P(Player 2 draws), P(both draw), with x12 ≤ x1, x12 ≤ x2 and x1 + x2 − x12 ≤ 1; its
vertices are the joint pure plays :data:`PLAYS`."""


@dataclass(frozen=True, slots=True)
class Choice:
    """A cell where the Banker's choice depends on the Players' plays at 5: what drawing
    rather than standing gains him per unit staked, at the team's least and most favourable
    joint plays and at the solution."""

    cell: BanqueCell
    gain_low: Fraction
    gain_high: Fraction
    gain: Fraction
    draws: Fraction


@dataclass(frozen=True, slots=True)
class BanqueSolution:
    """The Players' plays at 5, the Banker's strategy, and each side's expectation."""

    game: BanqueGame
    theta: Fraction
    """Player 1's share of the stakes (Player 2 stakes 1 − θ)."""
    kind: str
    """``correlated``: the correlated cooperative equilibrium; ``reply``: the Banker's
    best reply to two given plays."""
    plays: tuple[Fraction, Fraction, Fraction, Fraction]
    """The law of the Players' joint play at 5, in the order of :data:`PLAYS`."""
    banker: tuple[Fraction, ...]
    """The Banker's probability of drawing in each cell of :attr:`BanqueGame.cells`."""
    player_gains: tuple[Fraction, Fraction]
    """Each Player's expectation per unit of his own stake."""
    choices: tuple[Choice, ...]
    best_replies: tuple[Fraction, Fraction]
    """The team's best joint pure play against the Banker's strategy, and the team's gain
    when the Banker best replies to the Players' plays (both per unit staked)."""

    @property
    def z(self) -> tuple[Fraction, Fraction, Fraction]:
        """``(x1, x2, x12)``: each Player's probability of drawing at 5, and both's."""
        dd, ds, sd, _ = self.plays
        return dd + ds, dd + sd, dd

    @property
    def team_gain(self) -> Fraction:
        """The Players' expectation per unit staked in all, θ·g1 + (1 − θ)·g2 (the value of
        the game to the team, for the correlated solution)."""
        g1, g2 = self.player_gains
        return self.theta * g1 + (1 - self.theta) * g2


def _team(game: BanqueGame, theta: Fraction) -> tuple[list[Form], list[Form]]:
    """The team's net count by cell and action, scaled by θ's denominator to integers."""
    a, b = theta.numerator, theta.denominator
    stand: list[Form] = []
    draw: list[Form] = []
    for forms in game.forms:
        for action, out in ((0, stand), (1, draw)):
            (p1, p2, p3, p4), (q1, q2, q3, q4) = forms[action]
            c = b - a
            out.append((a * p1 + c * q1, a * p2 + c * q2, a * p3 + c * q3, a * p4 + c * q4))
    return stand, draw


def _gains(stand: Sequence[Form], draw: Sequence[Form]) -> list[tuple[int, tuple[int, ...]]]:
    """Per cell, what drawing rather than standing gains the Banker: −(team's draw − stand)."""
    out = []
    for s, d in zip(stand, draw, strict=True):
        delta = [x - y for x, y in zip(s, d, strict=True)]
        out.append((delta[0], tuple(delta[1:])))
    return out


def _check_theta(theta: Fraction) -> None:
    if not 0 <= theta <= 1:
        raise RequestError(f"Player 1's share of the stakes must be in [0, 1], got {theta}")


def correlated(game: BanqueGame, theta: Fraction = Fraction(1, 2)) -> BanqueSolution:
    """The correlated cooperative equilibrium: the Players as one team choosing their
    plays at 5 jointly, against the Banker; a saddle point, solved by one exact linear
    program over the team's joint laws (:data:`JOINT`).

    :raises RequestError: for a share outside [0, 1].
    """
    _check_theta(theta)
    stand, draw = _team(game, theta)
    gains = _gains(stand, draw)
    forms = [((s, (0, 0, 0, 0)), (d, (0, 0, 0, 0))) for s, d in zip(stand, draw, strict=True)]
    z, banker = saddle_point(forms, game.cells, gains, JOINT)
    x1, x2, x12 = z
    plays = (x12, x1 - x12, x2 - x12, 1 - x1 - x2 + x12)
    return _solution(game, theta, "correlated", plays, banker, gains)


def banker_reply(
    game: BanqueGame, theta: Fraction, player1: Fraction, player2: Fraction
) -> BanqueSolution:
    """The Banker's best reply, cell by cell, to Players who draw at 5 with probabilities
    ``player1`` and ``player2``, each on his own (punto banco's tableau where both actions
    are worth the same).

    :raises RequestError: for a share or a probability outside [0, 1].
    """
    _check_theta(theta)
    for x in (player1, player2):
        if not 0 <= x <= 1:
            raise RequestError(f"a probability of drawing at 5 must be in [0, 1], got {x}")
    gains = _gains(*_team(game, theta))
    z = (player1, player2, player1 * player2)
    banker = _banker_best(gains, z, game.cells)
    plays = (z[2], player1 - z[2], player2 - z[2], 1 - player1 - player2 + z[2])
    return _solution(game, theta, "reply", plays, tuple(banker), gains)


def _solution(
    game: BanqueGame,
    theta: Fraction,
    kind: str,
    plays: tuple[Fraction, Fraction, Fraction, Fraction],
    banker: tuple[Fraction, ...],
    gains: list[tuple[int, tuple[int, ...]]],
) -> BanqueSolution:
    """The solution with its figures: the Players' gains, the open cells, the best replies
    that check it."""
    dd, ds, sd, _ = plays
    z = (dd + ds, dd + sd, dd)
    scale = game.whole * theta.denominator
    choices = []
    for cell, (h0, hk), q in zip(game.cells, gains, banker, strict=True):
        low, high = JOINT.range(h0, hk)
        if low < 0 < high:
            gain = h0 + sum((c * v for c, v in zip(hk, z, strict=True)), Fraction(0))
            choices.append(
                Choice(cell, Fraction(low, scale), Fraction(high, scale), gain / scale, q)
            )
    g1, g2 = game.gains(z, banker)
    team = [theta * a + (1 - theta) * b for a, b in (game.gains(v, banker) for v in _vertices())]
    reply = _banker_best(gains, z, game.cells)
    r1, r2 = game.gains(z, tuple(reply))
    return BanqueSolution(
        game=game,
        theta=theta,
        kind=kind,
        plays=plays,
        banker=banker,
        player_gains=(g1, g2),
        choices=tuple(choices),
        best_replies=(max(team), theta * r1 + (1 - theta) * r2),
    )


def _vertices() -> list[tuple[Fraction, Fraction, Fraction]]:
    return [(Fraction(a), Fraction(b), Fraction(c)) for a, b, c in JOINT.vertices]
