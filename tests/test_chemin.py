"""Chemin de fer solved exactly (``chemin``), checked three ways.

1. The game's linear forms against a card-by-card dealer written here (it shares nothing
   with the six-card counts but the shoe): random pure strategies of both sides, small shoes.
2. The solution against an exact linear program over the whole matrix game of pure
   strategies (the Player's 2^K plays at 5 × the Banker's 2^m plays of the open cells, the
   others at their dominant action), solved by sympy's rational simplex.
3. Best replies for 1–8 decks under every model: the Player's every pure play at 5
   against the Banker's strategy, and the Banker's best action cell by cell against the
   Player's, reach the value and no more (a saddle point), computed here from the forms.

Published: Kemeny and Snell (1957), with replacement, each seeing his total (model A1):
the Player draws at 5 with probability 9/11 (Ethier and Gámez, "A game-theoretic analysis
of baccara chemin de fer", Games 2013, 4(4):711–737, https://www.mdpi.com/2073-4336/4/4/711,
§1 and the model A1 solution they restate).
"""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from baccarat_exact.analysis.chemin import (
    COMPOSITIONS,
    STOOD,
    ChoiceGame,
    Equilibrium,
    _banker_gain_forms,
    _equilibrium,
    choice_game,
    find_model,
    solve,
)
from baccarat_exact.analysis.chemin_game import _counts, _game
from baccarat_exact.errors import RequestError
from baccarat_exact.model.shoe import Shoe
from tests.cli_runner import run_main

GOLDEN = Path(__file__).resolve().parent / "golden"
SMALL = Shoe.from_counts({"A": 2, "2": 1, "3": 2, "4": 1, "5": 2, "6": 1, "8": 1, "9": 1, "T": 2})
"""13 cards, every value but 7 present: a small matrix game."""
TINY = Shoe.from_counts({"A": 1, "2": 1, "3": 1, "4": 2, "5": 1, "6": 1, "9": 1, "T": 1})
"""9 cards, small enough to deal card by card quickly, with a 5 made three ways."""


def _hand(a: int, b: int) -> tuple[int, int]:
    return (min(a, b), max(a, b))


def _dealt_gain(game: ChoiceGame, player: dict[int, bool], banker: dict[int, bool]) -> Fraction:
    """The Player's expected gain, dealing card by card from the shoe: Player, Banker,
    Player, Banker, then the third cards. ``player``: five index → draws; ``banker``:
    cell index → draws (pure strategies)."""
    counts = list(game.shoe.values)
    cell_of = {
        (cell.hand if cell.hand is not None else cell.total, cell.column): i
        for i, cell in enumerate(game.cells)
    }

    def draw(then: object) -> Fraction:
        total = sum(counts)
        out = Fraction(0)
        for value in range(10):
            if counts[value]:
                p = Fraction(counts[value], total)
                counts[value] -= 1
                out += p * then(value)  # type: ignore[operator]
                counts[value] += 1
        return out

    def settle(p: int, b: int) -> Fraction:
        return Fraction((p > b) - (p < b))

    def after_four(p1: int, b1: int, p2: int, b2: int) -> Fraction:
        pt, bt = (p1 + p2) % 10, (b1 + b2) % 10
        if pt >= 8 or bt >= 8:
            return settle(pt, bt)
        known = _hand(b1, b2) if game.model > 1 else bt
        if pt <= 4:
            drawn = True
        elif pt == 5:
            five = game.fives.index(_hand(p1, p2) if game.model == 3 else None)
            drawn = player[five]
        else:
            drawn = False
        if not drawn:
            if banker[cell_of[(known, STOOD)]]:
                return draw(lambda c: settle(pt, (bt + c) % 10))
            return settle(pt, bt)

        def third(c: int) -> Fraction:
            final = (pt + c) % 10
            if banker[cell_of[(known, c)]]:
                return draw(lambda d: settle(final, (bt + d) % 10))
            return settle(final, bt)

        return draw(third)

    return draw(
        lambda p1: draw(lambda b1: draw(lambda p2: draw(lambda b2: after_four(p1, b1, p2, b2))))
    )


@pytest.mark.parametrize("model", [1, 3])
def test_the_forms_are_the_card_by_card_deal(model: int) -> None:
    game = choice_game(TINY, model)
    rng = random.Random(40 + model)
    for _ in range(2):
        player = {k: rng.random() < 0.5 for k in range(len(game.fives))}
        banker = {i: rng.random() < 0.5 for i in range(len(game.cells))}
        x = [Fraction(int(player[k])) for k in range(len(game.fives))]
        q = [Fraction(int(banker[i])) for i in range(len(game.cells))]
        assert game.payoff(x, q)[0] == _dealt_gain(game, player, banker)


def _net(forms: tuple[tuple[tuple[int, ...], ...], ...], action: int) -> list[int]:
    """The Player's net count (wins − losses) of one action as (const, coef per five)."""
    win, loss = forms[action]
    return [won - lost for won, lost in zip(win, loss, strict=True)]


def _player_form(game: ChoiceGame, banker: list[Fraction]) -> list[Fraction]:
    """The Player's net count against ``banker`` as (const, coef per five), over the cells."""
    total = [Fraction(0)] * (len(game.fives) + 1)
    total[0] = Fraction(game.natural_win - game.natural_loss)
    for forms, q in zip(game.forms, banker, strict=True):
        for action, weight in ((0, 1 - q), (1, q)):
            for j, c in enumerate(_net(forms, action)):
                total[j] += weight * c
    return total


def _at(form: list[Fraction], x: tuple[int, ...] | tuple[Fraction, ...]) -> Fraction:
    return form[0] + sum((c * xk for c, xk in zip(form[1:], x, strict=True)), Fraction(0))


def _matrix_value(game: ChoiceGame, solution: Equilibrium) -> Fraction:
    """The value of the matrix game of pure strategies by sympy's exact simplex: rows the
    Player's plays at 5, columns the Banker's plays of the open cells."""
    from sympy import Eq, Rational, symbols
    from sympy.solvers.simplex import lpmax

    k = len(game.fives)
    open_cells = [choice.index for choice in solution.choices]
    base = [q if i not in open_cells else Fraction(0) for i, q in enumerate(solution.banker)]
    stand = _player_form(game, base)
    deltas = {
        i: [Fraction(d - s) for d, s in zip(_net(game.forms[i], 1), _net(game.forms[i], 0))]
        for i in open_cells
    }
    rows = list(itertools.product((0, 1), repeat=k))
    weights = symbols(f"w0:{len(rows)}")
    v = symbols("v")
    # payoffs shifted by 1 (each lies in [-1, 1]) so that the value is at least 0
    constraints = [Eq(sum(weights), 1), v >= 0, *(w >= 0 for w in weights)]
    for column in itertools.product((0, 1), repeat=len(open_cells)):
        form = list(stand)
        for i, action in zip(open_cells, column, strict=True):
            if action:
                form = [a + b for a, b in zip(form, deltas[i], strict=True)]
        payoff = [_at(form, row) / game.whole + 1 for row in rows]
        constraints.append(
            sum(Rational(p.numerator, p.denominator) * w for p, w in zip(payoff, weights)) >= v
        )
    best, _ = lpmax(v, constraints)
    return Fraction(int(best.p), int(best.q)) - 1


@pytest.mark.parametrize(
    ("shoe", "model"),
    [
        (Shoe.infinite_shoe(), 1),
        (Shoe.from_decks(1), 1),
        (Shoe.parse("A=2,4=2,5=2,6=2,7=1,T=1"), 2),
        (Shoe.parse("A=1,2=2,3=2,5=2,6=1,T=1"), 3),
    ],
    ids=["A1", "B1-1-deck", "B2-10-cards", "B3-9-cards"],
)
def test_the_solution_is_the_matrix_games_linear_program(shoe: Shoe, model: int) -> None:
    game = choice_game(shoe, model)
    solution = solve(game)
    assert 0 < len(solution.choices) <= 4  # the matrix stays small
    assert any(0 < c.draws < 1 for c in solution.choices)  # and the Banker mixes
    assert _matrix_value(game, solution) == solution.value


def _best_replies(
    game: ChoiceGame, player: tuple[Fraction, ...], banker: list[Fraction]
) -> tuple[Fraction, Fraction]:
    """The Player's best pure play at 5 against the Banker's strategy, and the least the
    Banker can hold the Player to against the Player's, cell by cell from the forms."""
    form = _player_form(game, banker)
    player_best = max(_at(form, row) for row in itertools.product((0, 1), repeat=len(game.fives)))
    net = Fraction(game.natural_win - game.natural_loss)
    for forms in game.forms:
        net += min(_at([Fraction(c) for c in _net(forms, a)], player) for a in (0, 1))
    return player_best / game.whole, net / game.whole


@pytest.mark.parametrize("decks", range(1, 9))
def test_neither_side_gains_by_a_best_reply(decks: int) -> None:
    shoe = Shoe.from_decks(decks)
    counts = _counts(tuple(shoe.values), False)
    for model in (1, 2, 3):
        game = _game(shoe, model, counts)
        solution = solve(game)
        assert all(0 <= p <= 1 for p in (*solution.player, *solution.banker))
        replies = _best_replies(game, solution.player, list(solution.banker))
        assert replies == (solution.value, solution.value)
        assert solution.banker_gain == -solution.value


def test_kemeny_snell_player_draws_at_5_with_probability_9_11() -> None:
    solution = solve(choice_game(Shoe.infinite_shoe(), find_model("A1", True)))
    assert solution.player == (Fraction(9, 11),)
    # the Banker mixes in one cell only, and the game favours him by about 1.28 %
    assert [c.cell.label for c in solution.choices if 0 < c.draws < 1] == ["6 v stood"]
    assert round(float(solution.value), 4) == -0.0128


def test_foster_walk_agrees_with_the_linear_program() -> None:
    """Models 1 and 2: the walk along x (the commission's method) at α = 0 finds the LP's
    saddle point."""
    for model in (1, 2):
        game = choice_game(Shoe.from_decks(6), model)
        solution = solve(game)
        x, q = _equilibrium(game, _banker_gain_forms(game, Fraction(0)))
        assert (x, q) == (solution.player, solution.banker)


@pytest.mark.parametrize("model", [2, 3])
def test_with_a_commission_each_side_best_replies(model: int) -> None:
    alpha = Fraction(1, 20)
    game = choice_game(Shoe.from_decks(6), model)
    solution = solve(game, alpha)
    # the Player: no pure play at 5 does better against the Banker's strategy
    form = _player_form(game, list(solution.banker))
    plays = itertools.product((0, 1), repeat=len(game.fives))
    assert max(_at(form, play) for play in plays) / game.whole == solution.player_gain
    # the Banker: in each cell his action is a best one against the Player's play
    for forms, q in zip(game.forms, solution.banker, strict=True):
        kept = [
            (1 - alpha) * loss - win
            for win, loss in (
                (
                    _at([Fraction(c) for c in forms[a][0]], solution.player),
                    _at([Fraction(c) for c in forms[a][1]], solution.player),
                )
                for a in (0, 1)
            )
        ]
        gain = kept[1] - kept[0]
        assert (gain >= 0) if q == 1 else (gain <= 0) if q == 0 else gain == 0
    assert any(0 < x < 1 for x in solution.player)


def _stored_strategies(
    game: ChoiceGame, document: dict[str, Any]
) -> tuple[tuple[Fraction, ...], list[Fraction]]:
    """Both strategies as a document stores them: the Player's by five, the Banker's card
    of marks with its mixed cells."""
    player = tuple(Fraction(five["draws"]) for five in document["player"])
    mixed = {cell["cell"]: Fraction(cell["draws"]) for cell in document["mixed"]}
    banker = []
    for cell in game.cells:
        known = str(cell.total) if cell.hand is None else f"{cell.hand[0]}+{cell.hand[1]}"
        mark = document["banker"][known][cell.column]
        banker.append(mixed[cell.label] if mark == "M" else Fraction(int(mark == "D")))
    return player, banker


@pytest.mark.parametrize("name", ["chemin-a1-infinite.json", "chemin-b3-6-decks.json"])
def test_the_golden_solutions_are_saddle_points(name: str) -> None:
    """The stored strategies, read back, hold each side to the stored value (best replies
    computed here); the A1 file holds Kemeny and Snell's 9/11."""
    document = json.loads((GOLDEN / name).read_text(encoding="utf-8"))
    game = choice_game(Shoe.from_dict(document["shoe"]), document["model"]["number"])
    player, banker = _stored_strategies(game, document)
    value = Fraction(document["value"])
    assert _best_replies(game, player, banker) == (value, value)
    if document["model"]["label"] == "A1":
        assert player == (Fraction(9, 11),)


def test_the_golden_equilibrium_with_commission_is_one() -> None:
    document = json.loads(
        (GOLDEN / "chemin-b2-6-decks-commission-5.json").read_text(encoding="utf-8")
    )
    alpha = Fraction(document["commission"])
    game = choice_game(Shoe.from_dict(document["shoe"]), document["model"]["number"])
    player, banker = _stored_strategies(game, document)
    form = _player_form(game, banker)
    assert _at(form, (0,)) == _at(form, (1,))  # the Player is indifferent: he may mix
    assert _at(form, player) / game.whole == Fraction(document["player_gain"])
    for forms, q in zip(game.forms, banker, strict=True):
        kept = [
            (1 - alpha) * _at([Fraction(c) for c in forms[a][1]], player)
            - _at([Fraction(c) for c in forms[a][0]], player)
            for a in (0, 1)
        ]
        assert (kept[1] >= kept[0]) if q == 1 else (kept[1] <= kept[0]) if q == 0 else True
        assert 0 < q < 1 or q in (0, 1)


def test_compositions_and_models_are_read_once() -> None:
    assert len(COMPOSITIONS) == 55
    assert len(choice_game(SMALL, 2).cells) == 44 * 11
    with pytest.raises(RequestError, match="deals without replacement"):
        find_model("B3", True)
    with pytest.raises(RequestError, match="six cards"):
        choice_game(Shoe.from_counts({"9": 5}), 1)


def test_the_command_answers_and_refuses_bad_input_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run_main(capsys, "chemin", "--infinite", "-m", "A1", "-f", "csv", "-t", "player")
    assert code == 0 and out.splitlines()[1].startswith("any 5,9/11")
    code, out, err = run_main(capsys, "chemin", "-m", "B3", "--commission", "5%", "--infinite")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    code, _, err = run_main(capsys, "chemin", "--commission", "abc", "-m", "2")
    assert code == 2 and err.startswith("Error: --commission must be a number")
