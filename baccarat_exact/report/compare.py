"""The report of ``baccarat-exact compare``: one matrix, its JSON document."""

from __future__ import annotations

from typing import Any

from baccarat_exact.analysis.compare import Case, Comparison
from baccarat_exact.model.exact import exact_text, to_float
from baccarat_exact.report.documents import envelope
from baccarat_exact.report.model import Cell, Column, Report, Table

__all__ = ["compare_document", "compare_report"]

_SHORT = {
    "house-edge": "edge",
    "variance": "var",
    "hit-frequency": "hit",
    "element-of-risk": "EoR",
}
_STYLE = {"house-edge": "percent", "variance": "decimal", "hit-frequency": "decimal"}


def _key(figure: str) -> str:
    return figure.replace("-", "_")


def _figure_column(bet: str, figure: str) -> Column:
    """The column of one figure, of one bet (``bet``) or of the row's bet (``""``)."""
    style = _STYLE.get(figure, "percent")
    digits = 4 if style == "percent" else 6
    name = f"≈ {bet} {_SHORT[figure]}" if bet else f"≈ {_SHORT[figure]}"
    key = f"{bet}_{_key(figure)}" if bet else _key(figure)
    return Column(name, style, digits, key=key)  # type: ignore[arg-type]


def _case_cells(case: Case) -> tuple[Cell, ...]:
    """Decks (``inf`` for an infinite shoe), game, commission, tie pay."""
    decks: Cell = "inf" if case.decks is None else case.decks
    return (decks, case.game, case.rules.commission, case.rules.tie_pays)


def compare_report(result: Comparison) -> Report:
    """The matrix: one row per case (decks, game, commission, tie pay) and one column per
    bet; with several figures, one row per case and bet and one column per figure."""
    case_columns = (
        Column("decks", "int"),
        Column("game"),
        Column("commission", "fraction"),
        Column("tie pays", "fraction", key="tie_pays"),
    )
    rows: list[tuple[Cell, ...]] = []
    if len(result.figures) == 1:  # a matrix: one column per bet
        (figure,) = result.figures
        for case in result.cases:
            values = (case.figures[bet][figure] for bet in result.bets)
            rows.append((*_case_cells(case), *values))
        columns = (*case_columns, *(_figure_column(bet, figure) for bet in result.bets))
    else:  # several figures: one row per case and bet, one column per figure
        for case in result.cases:
            for bet in result.bets:
                values = (case.figures[bet][figure] for figure in result.figures)
                rows.append((*_case_cells(case), bet, *values))
        columns = (
            *case_columns,
            Column("bet"),
            *(_figure_column("", figure) for figure in result.figures),
        )
    table = Table("Compared", columns, tuple(rows), name="compare")
    legend = ", ".join(f"{_SHORT[name]} = {name.replace('-', ' ')}" for name in result.figures)
    if "element-of-risk" in result.figures:
        legend += " (-: the bet never pushes, so it is its house edge)"
    less = f", less {result.remove}" if result.remove else ""
    return Report(
        title=f"Compared by decks{less}, game, commission and tie pay (per unit staked)",
        blocks=(table,),
        notes=(
            f"{legend}; inf: an infinite shoe.",
            "≈ columns are rounded; --format json or csv gives every value exactly. Each cell is "
            "what odds gives for that case.",
        ),
        data=compare_document(result),
    )


def _exact(value: Any) -> str | None:
    return None if value is None else exact_text(value)


def compare_document(result: Comparison) -> dict[str, Any]:
    """The JSON document: the grid's inputs, then every case with each bet's figures,
    exact (``"p/q"``) and as ``*_float``."""
    cases = []
    for case in result.cases:
        bets: dict[str, Any] = {}
        for bet in result.bets:
            entry: dict[str, Any] = {}
            for figure in result.figures:
                value = case.figures[bet][figure]
                entry[_key(figure)] = _exact(value)
                entry[f"{_key(figure)}_float"] = None if value is None else to_float(value)
            bets[bet] = entry
        cases.append(
            {
                "decks": "inf" if case.decks is None else case.decks,
                "game": case.game,
                "rules": case.rules.to_dict(),
                "bets": bets,
            }
        )
    body = {
        "remove": result.remove,
        "bets": list(result.bets),
        "figures": list(result.figures),
        "cases": cases,
    }
    return envelope("compare", body)
