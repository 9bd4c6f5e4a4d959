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
it, over the team's polytope of joint laws instead of the box. Also here: a Nash
equilibrium where one with rational plays exists (:func:`nash`), and the Banker's best
reply to any two given plays at 5 (the Players choosing apart).

Model: dealt with replacement as Ethier and Lee solve it, each side seeing his own total,
each Player choosing on his own total only (:mod:`.banque_game`).
"""

from __future__ import annotations

import itertools
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
    "is_nash",
    "nash",
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
    """``correlated``: the correlated cooperative equilibrium; ``nash``: a Nash
    equilibrium; ``reply``: the Banker's best reply to two given plays."""
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
    player_replies: tuple[Fraction, Fraction]
    """Each Player's gain per unit of his stake from his best pure play at 5, the Banker's
    strategy and the other Player's play (independent of his) as they are."""

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
        player_replies=_player_replies(game, z, banker),
    )


def _player_replies(
    game: BanqueGame, z: tuple[Fraction, Fraction, Fraction], banker: tuple[Fraction, ...]
) -> tuple[Fraction, Fraction]:
    """Each Player's best pure play at 5 against the rest as it is (the other's marginal)."""
    x1, x2, _ = z
    one = max(game.gains((Fraction(a), x2, a * x2), banker)[0] for a in (0, 1))
    two = max(game.gains((x1, Fraction(b), b * x1), banker)[1] for b in (0, 1))
    return one, two


def _vertices() -> list[tuple[Fraction, Fraction, Fraction]]:
    return [(Fraction(a), Fraction(b), Fraction(c)) for a, b, c in JOINT.vertices]


def nash(game: BanqueGame, theta: Fraction = Fraction(1, 2)) -> BanqueSolution:
    """A Nash equilibrium of the three-person game: each Player draws at 5 with his own
    probability, on his own; each side's every choice is a best reply to the others'.

    Searched where it can be exact: each Player's probability 0, 1, or a point where one of
    the Banker's cells that reads that Player alone changes action (as 9/11 in Kemeny and
    Snell's game); at each candidate pair the Banker's indifferent cells are mixed, at most
    two, so that a Player who mixes is indifferent. Whatever is found is checked whole.

    :raises RequestError: for a share outside [0, 1], or where no equilibrium is found
        among those candidates (one may then need irrational probabilities).
    """
    _check_theta(theta)
    gains = _gains(*_team(game, theta))
    candidates: list[set[Fraction]] = [{Fraction(0), Fraction(1)}, {Fraction(0), Fraction(1)}]
    for h0, (h1, h2, h3) in gains:
        for k, (own, other) in enumerate(((h1, h2), (h2, h1))):
            if own and not other and not h3 and 0 < Fraction(-h0, own) < 1:
                candidates[k].add(Fraction(-h0, own))
    pairs = sorted(
        ((x1, x2) for x1 in candidates[0] for x2 in candidates[1]),
        key=lambda pair: (sum(0 < x < 1 for x in pair), pair),
    )
    for x1, x2 in pairs:
        found = _nash_at(game, gains, x1, x2)
        if found is not None and is_nash(game, theta, (x1, x2), found):
            z = (x1, x2, x1 * x2)
            plays = (z[2], x1 - z[2], x2 - z[2], 1 - x1 - x2 + z[2])
            return _solution(game, theta, "nash", plays, found, gains)
    raise RequestError(
        "no Nash equilibrium was found with rational plays at 5 for these stakes "
        "(it may need irrational probabilities)"
    )


def _slopes(game: BanqueGame, x1: Fraction, x2: Fraction) -> list[tuple[int, int, int, int]]:
    """Per cell, what drawing at 5 rather than standing gains each Player (net counts)
    when the Banker stands and when he draws there: (P1 stand, P1 draw, P2 stand, P2 draw).
    A Player's net form ``const + a·x1 + b·x2 + c·x12`` has slope a + c·x2 in x1 (Player 1)
    and b + c·x1 in x2 (Player 2), the Players choosing apart; in integers, Player 1's
    times x2's denominator and Player 2's times x1's (signs and ratios are what count)."""
    p1, r1, p2, r2 = x1.numerator, x1.denominator, x2.numerator, x2.denominator
    return [
        (
            s1[1] * r2 + s1[3] * p2,
            d1[1] * r2 + d1[3] * p2,
            s2[2] * r1 + s2[3] * p1,
            d2[2] * r1 + d2[3] * p1,
        )
        for (s1, s2), (d1, d2) in game.forms
    ]


def _signs(gains: list[tuple[int, tuple[int, ...]]], x1: Fraction, x2: Fraction) -> list[int]:
    """The sign of the Banker's gain from drawing in each cell at independent plays
    (x1, x2), in integers."""
    p1, r1, p2, r2 = x1.numerator, x1.denominator, x2.numerator, x2.denominator
    out = []
    for h0, (h1, h2, h3) in gains:
        h = h0 * r1 * r2 + h1 * p1 * r2 + h2 * p2 * r1 + h3 * p1 * p2
        out.append((h > 0) - (h < 0))
    return out


def _nash_at(
    game: BanqueGame,
    gains: list[tuple[int, tuple[int, ...]]],
    x1: Fraction,
    x2: Fraction,
) -> tuple[Fraction, ...] | None:
    """The Banker's strategy making (x1, x2) an equilibrium, or None: his best reply, the
    cells where he is indifferent set (at most two of them mixed) so that each Player's
    play at 5 is a best reply. Cells where the Banker is not indifferent are his best
    reply already, so only the Players' margins (linear in the free cells) are left."""
    signs = _signs(gains, x1, x2)
    q = [
        Fraction(int(sign > 0 if sign else cell.tableau_draws))
        for sign, cell in zip(signs, game.cells, strict=True)
    ]
    free = [
        i
        for i, (sign, (_, hk)) in enumerate(zip(signs, gains, strict=True))
        if not sign and any(hk)
    ]
    if len(free) > 6:
        return None
    slopes = _slopes(game, x1, x2)
    # each Player's margin with every free cell standing, and each free cell's effect
    base = [Fraction(0), Fraction(0)]
    for i, (a, b, c, d) in enumerate(slopes):
        draws = 0 if i in free else int(q[i])
        base[0] += b if draws else a
        base[1] += d if draws else c
    effect = {i: (slopes[i][1] - slopes[i][0], slopes[i][3] - slopes[i][2]) for i in free}
    mixed = [k for k, x in enumerate((x1, x2)) if 0 < x < 1]
    for pure in itertools.product((0, 1), repeat=len(free)):
        for chosen in itertools.combinations(range(len(free)), len(mixed)):
            tried = {i: Fraction(a) for i, a in zip(free, pure, strict=True)}
            cells = [free[c] for c in chosen]
            for i in cells:
                tried[i] = Fraction(0)
            margins = [base[k] + sum(effect[i][k] * t for i, t in tried.items()) for k in (0, 1)]
            solved = _indifferent(margins, [effect[i] for i in cells], mixed)
            if solved is None:
                continue
            for i, t in zip(cells, solved, strict=True):
                tried[i] = t
                for k in (0, 1):
                    margins[k] += effect[i][k] * t
            if all(
                (m == 0) if 0 < x < 1 else (m >= 0) if x == 1 else (m <= 0)
                for m, x in zip(margins, (x1, x2), strict=True)
            ):
                return tuple(tried.get(i, qi) for i, qi in enumerate(q))
    return None


def _indifferent(
    margins: list[Fraction], effects: list[tuple[int, int]], players: list[int]
) -> list[Fraction] | None:
    """The probabilities of drawing in the cells whose effects on the Players' margins are
    ``effects`` that bring each margin of ``players`` to 0 (one cell per Player), or None
    when there are none in [0, 1]."""
    if not players:
        return []
    if len(players) == 1:
        k = players[0]
        a = effects[0][k]
        found = [-margins[k] / a] if a else None
    else:
        (a, c), (b, d) = effects
        det = a * d - b * c
        if not det:
            return None
        r, s = -margins[0], -margins[1]
        found = [(r * d - b * s) / det, (a * s - r * c) / det]
    if found is None or not all(0 <= t <= 1 for t in found):
        return None
    return found


def is_nash(
    game: BanqueGame,
    theta: Fraction,
    plays: tuple[Fraction, Fraction],
    banker: Sequence[Fraction],
) -> bool:
    """Whether every choice of each side is a best reply to the others' strategies: the
    Banker's in every cell, each Player's at 5 (the Players choosing apart)."""
    x1, x2 = plays
    for h, q in zip(_signs(_gains(*_team(game, theta)), x1, x2), banker, strict=True):
        if (h > 0 and q != 1) or (h < 0 and q != 0):
            return False
    margins = [Fraction(0), Fraction(0)]
    for (a, b, c, d), q in zip(_slopes(game, x1, x2), banker, strict=True):
        margins[0] += a + q * (b - a)
        margins[1] += c + q * (d - c)
    return all(
        not ((m > 0 and x != 1) or (m < 0 and x != 0))
        for m, x in zip(margins, (x1, x2), strict=True)
    )
