"""Baccara banque (``banque``): the correlated cooperative equilibrium, the Nash
equilibrium and the Banker's best reply, checked three ways (the Nash equilibrium by
best replies recomputed from the forms).

1. The game's forms against a card-by-card deal written here (recursion over the cards,
   with replacement, in fractions; it shares nothing with the factored counts but the
   shoe): random pure strategies of the three sides, small shoes.
2. The solution against an exact linear program over the whole matrix game of pure
   strategies (the team's four joint plays at 5 × the Banker's plays of the open cells,
   the others at their dominant action), solved by sympy's rational simplex.
3. Best replies: the team's every joint pure play against the Banker's strategy, and the
   Banker's best action cell by cell against the team's, reach the value and no more.

Published: with Player 2's stake at 0 (θ = 1) the game is chemin de fer against Player 1
dealt with replacement, each seeing his total: Kemeny and Snell's model A1, whose
solution (the Player draws at 5 with probability 9/11) Ethier and Gámez restate (*Games*
2013, 4(4):711–737, https://www.mdpi.com/2073-4336/4/4/711). The model is Ethier and
Lee's ("On the three-person game baccara banque", *Games* 2015, 6(2):57–78,
https://www.mdpi.com/2073-4336/6/2/57): with replacement, three players, stakes θ and
1 − θ; their tables were not at hand to compare digit by digit.
"""

from __future__ import annotations

import functools
import itertools
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from baccarat_exact.analysis.banque import (
    NATURAL,
    BanqueGame,
    BanqueSolution,
    banker_reply,
    banque_game,
    correlated,
    is_nash,
    nash,
)
from baccarat_exact.analysis.banque_game import at
from baccarat_exact.analysis.chemin import choice_game, solve
from baccarat_exact.errors import RequestError
from baccarat_exact.model.shoe import Shoe
from tests.cli_runner import run_main

GOLDEN = Path(__file__).resolve().parent / "golden"
STOOD = 10
THREE = Shoe.infinite_shoe({"3": 1, "5": 1, "T": 1})
"""Three values in equal proportions: naturals, 5s, stands and draws, quick to deal."""
MIXED = Shoe.infinite_shoe({"2": 3, "5": 3, "T": 2})
"""Three values where the team mixes three joint plays and the Banker two cells."""


@functools.cache
def _standard() -> BanqueGame:
    """The game on an infinite shoe of standard decks, built once for the tests."""
    return banque_game(Shoe.infinite_shoe())


@functools.cache
def _solved(theta: Fraction) -> BanqueSolution:
    """The correlated cooperative equilibrium of :func:`_standard`, solved once per θ."""
    return correlated(_standard(), theta)


def _dealt(
    shoe: Shoe, plays: tuple[int, int], banker: dict[tuple[int, int, int], bool]
) -> tuple[Fraction, Fraction]:
    """Each Player's expected net, dealing card by card with replacement: two cards to
    Player 1, Player 2 and the Banker, then the third cards by the rules."""
    values = shoe.values
    size = sum(values)
    odds = [Fraction(v, size) for v in values]

    def deal(then: object) -> tuple[Fraction, Fraction]:
        one, two = Fraction(0), Fraction(0)
        for value, p in enumerate(odds):
            if p:
                a, b = then(value)  # type: ignore[operator]
                one, two = one + p * a, two + p * b
        return one, two

    def sign(a: int, b: int) -> Fraction:
        return Fraction((a > b) - (a < b))

    def play(totals: tuple[int, int, int]) -> tuple[Fraction, Fraction]:
        first, second, bank = totals
        if bank >= 8 or (first >= 8 and second >= 8):
            return sign(first, bank), sign(second, bank)

        def draws(total: int, k: int) -> bool:
            return total <= 4 or (total == 5 and bool(plays[k]))

        def after(thirds: tuple[int | None, int | None]) -> tuple[Fraction, Fraction]:
            finals = [
                t if c is None else (t + c) % 10
                for t, c in zip((first, second), thirds, strict=True)
            ]
            columns = tuple(
                NATURAL if t >= 8 else STOOD if c is None else c
                for t, c in zip((first, second), thirds, strict=True)
            )

            def settle(final: int) -> tuple[Fraction, Fraction]:
                return tuple(  # type: ignore[return-value]
                    sign(f, bank if t >= 8 else final)
                    for f, t in zip(finals, (first, second), strict=True)
                )

            if banker[(bank, *columns)]:  # type: ignore[index]
                return deal(lambda c: settle((bank + c) % 10))
            return settle(bank)

        def second_third(c1: int | None) -> tuple[Fraction, Fraction]:
            if second < 8 and draws(second, 1):
                return deal(lambda c2: after((c1, c2)))
            return after((c1, None))

        if first < 8 and draws(first, 0):
            return deal(second_third)
        return second_third(None)

    return deal(
        lambda a: deal(
            lambda b: deal(
                lambda c: deal(
                    lambda d: deal(
                        lambda e: deal(lambda f: play(((a + b) % 10, (c + d) % 10, (e + f) % 10)))
                    )
                )
            )
        )
    )


def test_the_forms_are_the_card_by_card_deal() -> None:
    game = banque_game(THREE)
    rng = random.Random(40)
    for plays in ((1, 0), (0, 1)):
        banker = {(c.total, c.column, c.second): rng.random() < 0.5 for c in game.cells}
        q = tuple(Fraction(int(banker[(c.total, c.column, c.second)])) for c in game.cells)
        z = (Fraction(plays[0]), Fraction(plays[1]), Fraction(plays[0] * plays[1]))
        assert game.gains(z, q) == _dealt(THREE, plays, banker)


def _matrix_value(game: BanqueGame, solution: BanqueSolution) -> Fraction:
    """The value of the matrix game of pure strategies by sympy's exact simplex: rows the
    team's four joint plays, columns the Banker's plays of the open cells."""
    from sympy import Eq, Rational, symbols
    from sympy.solvers.simplex import lpmax

    theta = solution.theta
    open_cells = [game.cells.index(choice.cell) for choice in solution.choices]
    base = [q if i not in open_cells else Fraction(0) for i, q in enumerate(solution.banker)]
    rows = [(1, 1, 1), (1, 0, 0), (0, 1, 0), (0, 0, 0)]
    weights = symbols("w0:4")
    v = symbols("v")
    constraints = [Eq(sum(weights), 1), v >= 0, *(w >= 0 for w in weights)]
    for column in itertools.product((0, 1), repeat=len(open_cells)):
        banker = list(base)
        for i, action in zip(open_cells, column, strict=True):
            banker[i] = Fraction(action)
        payoff = []
        for row in rows:
            g1, g2 = game.gains(tuple(map(Fraction, row)), tuple(banker))  # type: ignore[arg-type]
            payoff.append(theta * g1 + (1 - theta) * g2 + 1)
        constraints.append(
            sum(Rational(p.numerator, p.denominator) * w for p, w in zip(payoff, weights)) >= v
        )
    best, _ = lpmax(v, constraints)
    return Fraction(int(best.p), int(best.q)) - 1


def test_the_solution_is_the_matrix_games_linear_program() -> None:
    game = banque_game(MIXED)
    solution = correlated(game, Fraction(1, 2))
    assert 0 < len(solution.choices) <= 4  # the matrix stays small
    assert sum(1 for p in solution.plays if 0 < p < 1) >= 2  # the team mixes
    assert any(0 < c.draws < 1 for c in solution.choices)  # and so does the Banker
    assert _matrix_value(game, solution) == solution.team_gain


@pytest.mark.parametrize("theta", [Fraction(1, 2), Fraction(9, 10)])
def test_neither_side_gains_by_a_best_reply(theta: Fraction) -> None:
    game = _standard()
    solution = _solved(theta)
    assert sum(solution.plays) == 1 and all(p >= 0 for p in solution.plays)
    assert all(0 <= q <= 1 for q in solution.banker)
    assert solution.best_replies == (solution.team_gain, solution.team_gain)
    # recomputed here: every joint pure play against the Banker, every cell against the team
    team = [
        theta * g1 + (1 - theta) * g2
        for g1, g2 in (
            game.gains(tuple(map(Fraction, v)), solution.banker)  # type: ignore[arg-type]
            for v in ((1, 1, 1), (1, 0, 0), (0, 1, 0), (0, 0, 0))
        )
    ]
    assert max(team) == solution.team_gain
    z = solution.z
    a, b = theta.numerator, theta.denominator
    least = Fraction(a * game.settled[0] + (b - a) * game.settled[1])
    for forms in game.forms:
        least += min(a * at(f[0], z) + (b - a) * at(f[1], z) for f in forms)
    assert least / (b * game.whole) == solution.team_gain


def test_one_player_staking_all_is_kemeny_and_snells_chemin_de_fer() -> None:
    """θ = 1 (or 0): the Banker plays chemin de fer against one Player, model A1."""
    game = _standard()
    chemin = solve(choice_game(Shoe.infinite_shoe(), 1))
    first = correlated(game, Fraction(1))
    assert first.team_gain == chemin.value
    assert first.z[0] == Fraction(9, 11)


def test_the_stakes_swap_the_players() -> None:
    one, two = correlated(_standard(), Fraction(1, 10)), _solved(Fraction(9, 10))
    assert one.team_gain == two.team_gain
    assert one.player_gains == two.player_gains[::-1]


def test_the_bankers_reply_is_best_cell_by_cell() -> None:
    game = _standard()
    theta = Fraction(1, 2)
    reply = banker_reply(game, theta, Fraction(1), Fraction(9, 11))
    # no cell changed to the other action gains the Banker more
    z = reply.z
    assert z == (1, Fraction(9, 11), Fraction(9, 11))
    for forms, q in zip(game.forms, reply.banker, strict=True):
        team = [at(f[0], z) + at(f[1], z) for f in forms]
        assert team[int(q)] <= team[1 - int(q)]
    assert reply.best_replies[1] == reply.team_gain
    # what the Players lose against the Banker's best reply is at least the game's value
    assert reply.team_gain <= _solved(theta).team_gain


def test_the_nash_equilibrium_is_one() -> None:
    """Each Player draws at 5 with Kemeny and Snell's 9/11; the Banker's every cell, and
    each Player's play, is a best reply (recomputed here from the forms)."""
    game, theta = _standard(), Fraction(1, 2)
    found = nash(game, theta)
    x1, x2, x12 = found.z
    assert (x1, x2, x12) == (Fraction(9, 11), Fraction(9, 11), Fraction(81, 121))
    assert is_nash(game, theta, (x1, x2), found.banker)
    assert found.player_replies == found.player_gains
    a, b = theta.numerator, theta.denominator
    for forms, q in zip(game.forms, found.banker, strict=True):
        team = [a * at(f[0], found.z) + (b - a) * at(f[1], found.z) for f in forms]
        assert team[1] <= team[0] if q == 1 else team[0] <= team[1] if q == 0 else True
        assert q in (0, 1) or team[0] == team[1]
    for k in (0, 1):
        plays = [(Fraction(p), x2, p * x2) if k == 0 else (x1, Fraction(p), p * x1) for p in (0, 1)]
        stand, draw = (game.gains(z, found.banker)[k] for z in plays)  # type: ignore[arg-type]
        assert stand == draw  # each Player mixes: he is indifferent
    # the team does no better choosing apart than jointly
    assert found.team_gain <= _solved(theta).team_gain
    assert not is_nash(game, theta, (Fraction(1), Fraction(1)), found.banker)


def test_the_golden_solution_is_a_saddle_point() -> None:
    document = json.loads((GOLDEN / "banque-infinite.json").read_text(encoding="utf-8"))
    game = banque_game(Shoe.from_dict(document["shoe"]))
    theta = Fraction(document["stakes"])
    plays = {p["play"]: Fraction(p["probability"]) for p in document["players"]}
    z = (plays["DD"] + plays["DS"], plays["DD"] + plays["SD"], plays["DD"])
    mixed = {cell["cell"]: Fraction(cell["draws"]) for cell in document["mixed"]}
    banker = []
    for cell in game.cells:
        mark = document["banker"][str(cell.total)][cell.column][cell.second]
        banker.append(mixed[cell.label] if mark == "M" else Fraction(int(mark == "D")))
    g1, g2 = game.gains(z, tuple(banker))
    assert theta * g1 + (1 - theta) * g2 == Fraction(document["value"])
    assert _solved(theta).team_gain == Fraction(document["value"])


def test_finite_shoes_and_bad_input_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(RequestError, match="with replacement"):
        banque_game(Shoe.from_decks(6))
    code, out, err = run_main(capsys, "banque", "--decks", "6")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    code, _, err = run_main(capsys, "banque", "--infinite", "--stakes", "3/2")
    assert code == 2 and len(err.strip().splitlines()) == 1
    small = "infinite: 2=3,5=3,T=2"
    code, out, _ = run_main(capsys, "banque", "--counts", small, "-f", "csv", "-t", "players")
    assert code == 0 and out.splitlines()[1].startswith("DD,0,")
    code, out, err = run_main(
        capsys, "banque", "--infinite", "--solution", "nash", "--players", "d,s"
    )
    assert code == 2 and out == "" and "conflict" in err
    with pytest.raises(RequestError, match="no Nash equilibrium"):
        nash(_standard(), Fraction(1))
