"""The report of ``baccarat-exact banque``: the value to the Players, their joint play at
5, the Banker's strategy by his total and both Players' columns, and the cells where his
choice matters.

Marks read like chemin de fer's card: D draws, S stands, M mixes (its probability in the
choices table); ``-`` where both Players had a natural (play ended). Tables show rounded
decimals; the JSON document keeps every figure exact with its ``*_float`` twin.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from baccarat_exact.model.exact import exact_fields, exact_text
from baccarat_exact.report.chemin import choices_table, solution_table
from baccarat_exact.report.describe import describe_shoe
from baccarat_exact.report.model import Cell, Column, Report, Table

if TYPE_CHECKING:
    from baccarat_exact.analysis.banque import BanqueSolution

__all__ = ["banque_document", "banque_report"]

_PLAY_TEXT = {
    "DD": "both draw",
    "DS": "Player 1 draws, Player 2 stands",
    "SD": "Player 1 stands, Player 2 draws",
    "SS": "both stand",
}


def _rows(solution: BanqueSolution) -> dict[str, list[str]]:
    """The Banker's marks by total: twelve strings (Player 1's column) of twelve marks
    (Player 2's column), columns 0–9, stood, natural."""
    from baccarat_exact.analysis.banque import NATURAL

    rows: dict[str, list[list[str]]] = {}
    for cell, draws in zip(solution.game.cells, solution.banker, strict=True):
        grid = rows.setdefault(str(cell.total), [["S"] * 12 for _ in range(12)])
        grid[cell.column][cell.second] = "D" if draws == 1 else "S" if draws == 0 else "M"
    for grid in rows.values():
        grid[NATURAL][NATURAL] = "-"
    return {total: ["".join(marks) for marks in grid] for total, grid in rows.items()}


def _summary(solution: BanqueSolution) -> Table:
    g1, g2 = solution.player_gains
    first = {
        "correlated": "value of the game to the Players (the team)",
        "nash": "the Players' expectation at the equilibrium",
        "reply": "the Players' expectation, the Banker best replying",
    }[solution.kind]
    rows: list[tuple[Cell, ...]] = [
        (first, solution.team_gain, solution.team_gain),
        ("Player 1, per unit of his stake", g1, g1),
        ("Player 2, per unit of his stake", g2, g2),
    ]
    return solution_table(rows)


def _players(solution: BanqueSolution) -> Table:
    from baccarat_exact.analysis.banque import PLAYS

    return Table(
        "The Players' play at 5 (Player 1's, then Player 2's)",
        (
            Column("play"),
            Column("probability", "fraction"),
            Column("≈ probability", "decimal", 4),
            Column("meaning"),
        ),
        tuple(
            (play, p, p, _PLAY_TEXT[play]) for play, p in zip(PLAYS, solution.plays, strict=True)
        ),
        name="players",
    )


def _banker(solution: BanqueSolution) -> Table:
    from baccarat_exact.analysis.banque import column_text

    names = [column_text(c) for c in range(12)]
    rows = []
    for total, grid in _rows(solution).items():
        for column, marks in enumerate(grid):
            rows.append((total, names[column], *marks))
    return Table(
        "Banker: draws (D), stands (S) or mixes (M), by his total and Player 1's column "
        "down, Player 2's column across",
        (Column("total"), Column("Player 1"), *(Column(name[:3]) for name in names)),
        tuple(rows),
        name="banker",
    )


def _choices(solution: BanqueSolution) -> Table:
    return choices_table(solution.choices, "the Players' plays")


_MODEL = (
    "Model: dealt with replacement (as Ethier and Lee, Games 2015, 6(2):57-78, solve it), "
    "each side seeing his own total, each Player choosing on his own total only."
)


def _notes(solution: BanqueSolution) -> tuple[str, ...]:
    team_best, banker_best = solution.best_replies
    one, two = solution.player_replies
    theta = solution.theta
    notes = [
        _MODEL,
        f"Stakes: Player 1 {theta}, Player 2 {1 - theta} of the whole. Each Player still in "
        "play draws on 0-4, stands on 6-7; a Player's natural wins at once, the Banker's "
        "natural (or both Players') ends play. Gains: +1 a win, -1 a loss, 0 a tie.",
        "gain: what drawing rather than standing gains the Banker in that cell, per unit "
        "staked, at the Players' play (0 where he mixes); least and most: over every joint "
        "play of theirs.",
    ]
    if solution.kind == "correlated":
        notes.append(
            "The Players as one team choosing their plays jointly (the correlated "
            f"cooperative equilibrium). Checked: the team's best pure play against the "
            f"Banker's strategy gains {exact_text(team_best)}, the Banker's best reply to "
            f"the team's leaves it {exact_text(banker_best)}: neither side gains by leaving "
            "the solution."
        )
    elif solution.kind == "nash":
        x1, x2, _ = solution.z
        notes.append(
            f"A Nash equilibrium: Player 1 draws at 5 with probability {x1}, Player 2 with "
            f"{x2}, each on his own. Checked: each Player's best pure play at 5 gains him "
            f"{exact_text(one)} and {exact_text(two)} per unit of his stake, the Banker's "
            f"best reply leaves the Players {exact_text(banker_best)}: no side gains by "
            "leaving it alone."
        )
    else:
        x1, x2, _ = solution.z
        notes.append(
            f"The Banker's best reply, cell by cell, to Player 1 drawing at 5 with "
            f"probability {x1} and Player 2 with {x2}, each on his own (where both actions "
            f"are worth the same, punto banco's tableau). The team's best joint pure play "
            f"against this reply would gain {exact_text(team_best)}."
        )
    notes.append("Decimals are rounded; --format json gives every exact value.")
    return tuple(notes)


def banque_report(solution: BanqueSolution) -> Report:
    """The solution as tables (rounded) and as an exact JSON document."""
    kind = {
        "correlated": "the Players as a team",
        "nash": "a Nash equilibrium",
        "reply": "the Banker's reply",
    }[solution.kind]
    title = (
        f"Baccara banque, {kind}: {describe_shoe(solution.game.shoe)}, "
        f"stakes {solution.theta} and {1 - solution.theta}"
    )
    return Report(
        title=title,
        blocks=(_summary(solution), _players(solution), _choices(solution), _banker(solution)),
        notes=_notes(solution),
        data=lambda: banque_document(solution),
        main="choices",
    )


def banque_document(solution: BanqueSolution) -> dict[str, Any]:
    """The JSON body: the shoe, the stakes, the solution's kind and figures, both sides'
    strategies, the open cells and the best replies that check them."""
    from baccarat_exact.analysis.banque import PLAYS

    game = solution.game
    g1, g2 = solution.player_gains
    x1, x2, _ = solution.z
    team_best, banker_best = solution.best_replies
    return {
        "shoe": game.shoe.to_dict(),
        "stakes": exact_text(solution.theta),
        "solution": solution.kind,
        "model": _MODEL,
        **(exact_fields("value", solution.team_gain) if solution.kind == "correlated" else {}),
        **exact_fields("players_gain", solution.team_gain),
        **exact_fields("player_1_gain", g1),
        **exact_fields("player_2_gain", g2),
        "players": [
            {"play": play, **exact_fields("probability", p)}
            for play, p in zip(PLAYS, solution.plays, strict=True)
        ],
        **exact_fields("player_1_draws", x1),
        **exact_fields("player_2_draws", x2),
        "banker": _rows(solution),
        "mixed": [
            {"cell": cell.label, **exact_fields("draws", draws)}
            for cell, draws in zip(game.cells, solution.banker, strict=True)
            if 0 < draws < 1
        ],
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
            **exact_fields("team", team_best),
            **exact_fields("banker", banker_best),
            **exact_fields("player_1", solution.player_replies[0]),
            **exact_fields("player_2", solution.player_replies[1]),
        },
    }
