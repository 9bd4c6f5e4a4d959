"""The report of ``baccarat-exact chemin``: the value of the game, the Player's play
at 5, the Banker's strategy cell by cell and the cells where his choice matters.

The Banker's strategy reads like a casino card: D draws, S stands, M mixes (its
probability in the choices table). Tables show rounded decimals; the JSON document keeps
every figure exact with its ``*_float`` twin.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

from baccarat_exact.model.exact import exact_fields, exact_text
from baccarat_exact.report.describe import describe_shoe
from baccarat_exact.report.model import Cell, Column, Report, Table

if TYPE_CHECKING:
    from collections.abc import Sequence

    from baccarat_exact.analysis.chemin import Equilibrium

__all__ = [
    "ChoiceRow",
    "chemin_document",
    "chemin_report",
    "choices_table",
    "model_label",
    "solution_table",
]

_COLUMNS = (*(str(c) for c in range(10)), "stood")


def model_label(solution: Equilibrium) -> str:
    """The papers' label: ``A`` dealt with replacement (an infinite shoe), ``B`` from a
    finite shoe, then the model's number: ``A1``, ``B3``."""
    game = solution.game
    return f"{'A' if game.shoe.infinite else 'B'}{game.model}"


def _mark(draws: Fraction) -> str:
    return "D" if draws == 1 else "S" if draws == 0 else "M"


def _five(hand: tuple[int, int] | None) -> str:
    from baccarat_exact.analysis.chemin import hand_text

    return "any 5" if hand is None else hand_text(hand)


def _rows(solution: Equilibrium) -> dict[str, str]:
    """The Banker's strategy as marks by what he knows (total or hand): eleven marks,
    columns 0–9 then stood."""
    from baccarat_exact.analysis.chemin import hand_text

    rows: dict[str, list[str]] = {}
    for cell, draws in zip(solution.game.cells, solution.banker, strict=True):
        key = str(cell.total) if cell.hand is None else hand_text(cell.hand)
        rows.setdefault(key, ["S"] * 11)[cell.column] = _mark(draws)
    return {key: "".join(marks) for key, marks in rows.items()}


def _summary(solution: Equilibrium) -> Table:
    rows: list[tuple[Cell, ...]] = []
    if solution.alpha == 0:
        rows.append(("value of the game to the Player", solution.value, solution.value))
    else:
        rows.append(("Player's expectation", solution.player_gain, solution.player_gain))
        rows.append(("Banker's expectation", solution.banker_gain, solution.banker_gain))
    return solution_table(rows)


def solution_table(rows: Sequence[tuple[Cell, ...]]) -> Table:
    """Each figure of a solution per unit staked, exact and as a percentage (chemin de
    fer's and baccara banque's alike)."""
    return Table(
        "Solution (per unit staked)",
        (Column("figure"), Column("exact", "fraction"), Column("≈", "percent", 4)),
        tuple(rows),
        name="solution",
    )


def _player(solution: Equilibrium) -> Table:
    return Table(
        "Player on a two-card 5: P(draw)",
        (
            Column("hand"),
            Column("P(draw)", "fraction"),
            Column("≈ P(draw)", "decimal", 4),
            Column("draw − stand", "decimal", 8),
        ),
        tuple(
            (_five(hand), x, x, margin)
            for hand, x, margin in zip(
                solution.game.fives, solution.player, solution.player_margins, strict=True
            )
        ),
        name="player",
    )


def _banker(solution: Equilibrium) -> Table:
    knows = "total" if solution.game.model == 1 else "hand"
    return Table(
        "Banker: draws (D), stands (S) or mixes (M), by his "
        + knows
        + " down and the Player's third card across",
        (Column(knows), *(Column(name) for name in _COLUMNS)),
        tuple((key, *marks) for key, marks in _rows(solution).items()),
        name="banker",
    )


def _choices(solution: Equilibrium) -> Table:
    return choices_table(solution.choices, "the Player's play")


class _Cell(Protocol):
    @property
    def label(self) -> str: ...
    @property
    def tableau_draws(self) -> bool: ...


class ChoiceRow(Protocol):
    """A cell where the Banker's choice depends on the other side's play at 5 (chemin de
    fer's :class:`~baccarat_exact.analysis.chemin.Choice`, baccara banque's)."""

    @property
    def cell(self) -> _Cell: ...
    @property
    def draws(self) -> Fraction: ...
    @property
    def gain(self) -> Fraction: ...
    @property
    def gain_low(self) -> Fraction: ...
    @property
    def gain_high(self) -> Fraction: ...


def choices_table(choices: Sequence[ChoiceRow], whose: str) -> Table:
    """The cells where the Banker's choice depends on ``whose`` play at 5: the card's
    move, his probability of drawing, and what drawing gains there (chemin de fer's and
    baccara banque's solutions alike)."""
    return Table(
        f"Cells where the Banker's choice depends on {whose} at 5",
        (
            Column("cell"),
            Column("punto banco"),
            Column("P(draw)", "fraction"),
            Column("≈ P(draw)", "decimal", 4),
            Column("gain", "decimal", 8),
            Column("least", "decimal", 8),
            Column("most", "decimal", 8),
        ),
        tuple(
            (
                choice.cell.label,
                "D" if choice.cell.tableau_draws else "S",
                choice.draws,
                choice.draws,
                choice.gain,
                choice.gain_low,
                choice.gain_high,
            )
            for choice in choices
        ),
        name="choices",
    )


def _notes(solution: Equilibrium) -> tuple[str, ...]:
    from baccarat_exact.analysis.chemin import MODELS, best_responses

    player_best, banker_best = best_responses(solution)
    game = solution.game
    notes = [
        f"Model {model_label(solution)}: {MODELS[game.model]}; "
        + ("cards dealt with replacement." if game.shoe.infinite else "dealt without replacement."),
        "The Player draws on 0-4 and stands on 6-7; 8 and 9 are naturals. Gains: +1 a win, "
        "-1 a loss, 0 a tie"
        + (
            f", less a commission of {solution.alpha} on the Banker's wins."
            if solution.alpha
            else "."
        ),
        "gain: what drawing rather than standing gains the Banker in that cell, per unit of "
        "the whole game, at the solution (0 where he mixes); least and most: over every play "
        "of the Player at 5.",
    ]
    if game.shoe.infinite and game.model > 1:
        notes.append(
            "Dealt with replacement, a side's two cards tell no more than his total: the "
            "value is model 1's, and any play with the same average over a total's hands "
            "is as good as the one shown."
        )
    if solution.alpha == 0:
        notes.append(
            f"Checked: the Player's best reply to the Banker's strategy gains "
            f"{exact_text(player_best)}, the Banker's best reply to the Player's gains him "
            f"{exact_text(banker_best)}: neither side gains by leaving the solution."
        )
    else:
        notes.append(
            f"Checked: best replies gain the Player {exact_text(player_best)} and the Banker "
            f"{exact_text(banker_best)}, no more than the equilibrium gives each."
        )
    notes.append("Decimals are rounded; --format json gives every exact value.")
    return tuple(notes)


def chemin_report(solution: Equilibrium) -> Report:
    """The solution as tables (rounded) and as an exact JSON document."""
    game = solution.game
    title = f"Chemin de fer, model {model_label(solution)}: {describe_shoe(game.shoe)}"
    if solution.alpha:
        title += f", commission {solution.alpha}"
    return Report(
        title=title,
        blocks=(_summary(solution), _player(solution), _banker(solution), _choices(solution)),
        notes=_notes(solution),
        data=lambda: chemin_document(solution),
        main="banker",
    )


def chemin_document(solution: Equilibrium) -> dict[str, Any]:
    """The JSON body: the shoe, the model, the value, both strategies, the open cells and
    the best replies that check them."""
    from baccarat_exact.analysis.chemin import MODELS, best_responses

    game = solution.game
    player_best, banker_best = best_responses(solution)
    mixed = [
        {"cell": cell.label, **exact_fields("draws", draws)}
        for cell, draws in zip(game.cells, solution.banker, strict=True)
        if 0 < draws < 1
    ]
    return {
        "shoe": game.shoe.to_dict(),
        "model": {
            "number": game.model,
            "label": model_label(solution),
            "knows": MODELS[game.model],
        },
        "commission": exact_text(solution.alpha),
        **(exact_fields("value", solution.value) if solution.alpha == 0 else {}),
        **exact_fields("player_gain", solution.player_gain),
        **exact_fields("banker_gain", solution.banker_gain),
        "player": [
            {
                "hand": _five(hand),
                **exact_fields("draws", x),
                **exact_fields("margin", margin),
            }
            for hand, x, margin in zip(
                game.fives, solution.player, solution.player_margins, strict=True
            )
        ],
        "banker": _rows(solution),
        "mixed": mixed,
        "choices": [
            {
                "cell": choice.cell.label,
                "punto_banco": "D" if choice.cell.tableau_draws else "S",
                **exact_fields("draws", choice.draws),
                **exact_fields("gain", choice.gain),
                **exact_fields("least", choice.gain_low),
                **exact_fields("most", choice.gain_high),
            }
            for choice in solution.choices
        ],
        "best_replies": {
            **exact_fields("player", player_best),
            **exact_fields("banker", banker_best),
        },
    }
