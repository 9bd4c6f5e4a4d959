"""The report of ``baccarat-exact lucky-draw``: the player's return per Enter bet, his
best play cell by cell (D draws, S stands) and the law of the outcomes, as the published
return table lists them. Tables show rounded decimals; JSON keeps every figure exact."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from baccarat_exact.model.exact import exact_fields, exact_text
from baccarat_exact.report.describe import describe_shoe
from baccarat_exact.report.model import Cell, Column, Report, Table

if TYPE_CHECKING:
    from baccarat_exact.analysis.lucky_draw import LuckyDraw

__all__ = ["lucky_draw_document", "lucky_draw_report"]

_OUTCOME_NAMES = {
    "win_drawn_9": "win, drew to 9",
    "win_drawn_8": "win, drew to 8",
    "win_drawn_7": "win, drew to 7",
    "win_drawn_6_or_less": "win, drew to 6 or less",
    "loss_drawn": "loss after drawing",
    "tie_drawn": "tie after drawing",
    "win_stood": "win, stood",
    "loss_stood": "loss, stood",
    "tie_stood": "tie, stood",
}


def _marks(result: LuckyDraw) -> dict[str, str]:
    """Each strategy row as ten marks, up cards 0–9: D draws, S stands, - cannot occur."""
    return {
        row: "".join("-" if d is None else "D" if d else "S" for d in draws)
        for row, draws in result.draws.items()
    }


def _summary(result: LuckyDraw) -> Table:
    rows: list[tuple[Cell, ...]] = [
        ("player's return per Enter bet", result.player_return, result.player_return),
        ("house edge per Enter bet", -result.player_return, -result.player_return),
        ("house edge per unit staked", result.element_of_risk, result.element_of_risk),
        ("P(the player draws)", result.draw_probability, result.draw_probability),
    ]
    return Table(
        "Lucky Draw played best",
        (Column("figure"), Column("exact", "fraction"), Column("≈", "percent", 4)),
        tuple(rows),
        name="summary",
    )


def _strategy(result: LuckyDraw) -> Table:
    knows = "hand" if result.knows == "hand" else "total"
    return Table(
        f"Best play: draw (D) or stand (S), by the player's {knows} down and the dealer's "
        "up card across",
        (Column(knows), *(Column(str(up)) for up in range(10))),
        tuple((row, *marks) for row, marks in _marks(result).items()),
        name="strategy",
    )


def _outcomes(result: LuckyDraw) -> Table:
    probabilities = result.probabilities
    return Table(
        "Outcomes (six-card sequences)",
        (
            Column("outcome"),
            Column("count", "int"),
            Column("probability", "decimal", 6),
            Column("net", "fraction"),
            Column("return", "decimal", 6),
        ),
        tuple(
            (
                _OUTCOME_NAMES[name],
                result.counts[name],
                probabilities[name],
                result.net[name],
                probabilities[name] * result.net[name],
            )
            for name in result.counts
        ),
        name="outcomes",
    )


def _notes(result: LuckyDraw) -> tuple[str, ...]:
    from baccarat_exact.analysis.lucky_draw import KNOWS, PAY_TABLES

    nine, eight, seven, rest = (
        f"{pay.numerator} to {pay.denominator}" for pay in PAY_TABLES[result.pays]
    )
    return (
        f"Pay table {result.pays}: a winning Draw bet pays {nine} on a 9, {eight} on an 8, "
        f"{seven} on a 7, {rest} on 6 or less; the Enter bet pays even money; a tie pushes "
        "both.",
        f"The dealer draws on 0-4 and stands on 5-9. Model {result.knows}: {KNOWS[result.knows]}.",
        "Where drawing and standing are worth the same the player stands; json gives every "
        "cell's margin (drawing over standing, per Enter bet of the whole game).",
        "Decimals are rounded; --format json gives every exact value.",
    )


def lucky_draw_report(result: LuckyDraw) -> Report:
    """The solution as tables (rounded) and as an exact JSON document."""
    return Report(
        title=f"Lucky Draw Baccarat, pay table {result.pays}: {describe_shoe(result.shoe)}",
        blocks=(_summary(result), _strategy(result), _outcomes(result)),
        notes=_notes(result),
        data=lambda: lucky_draw_document(result),
        main="strategy",
    )


def lucky_draw_document(result: LuckyDraw) -> dict[str, Any]:
    """The JSON body: the shoe, the pay table, the return, the strategy with each cell's
    margin, and the outcomes' exact counts."""
    probabilities = result.probabilities
    return {
        "shoe": result.shoe.to_dict(),
        "pay_table": result.pays,
        "model": result.knows,
        **exact_fields("player_return", result.player_return),
        **exact_fields("house_edge", -result.player_return),
        **exact_fields("element_of_risk", result.element_of_risk),
        **exact_fields("draw_probability", result.draw_probability),
        "whole": result.whole,
        "strategy": _marks(result),
        "margins": {
            row: [None if m is None else exact_text(m) for m in margins]
            for row, margins in result.margins.items()
        },
        "outcomes": [
            {
                "outcome": name,
                "count": result.counts[name],
                **exact_fields("probability", probabilities[name]),
                "net": exact_text(Fraction(result.net[name])),
            }
            for name in result.counts
        ],
    }
