"""The report of ``baccarat-exact compare``: one matrix, its JSON document."""

from __future__ import annotations

from typing import Any

from baccarat_exact.analysis.compare import Case, Comparison
from baccarat_exact.model.exact import exact_fields
from baccarat_exact.report.model import Cell, Column, Report, Table, identifier

__all__ = ["compare_document", "compare_report"]

_SHORT = {
    "house-edge": "edge",
    "variance": "var",
    "hit-frequency": "hit",
    "element-of-risk": "EoR",
}
_STYLE = {"house-edge": "percent", "variance": "decimal", "hit-frequency": "decimal"}


def _key(figure: str) -> str:
    return identifier(figure)


def _figure_column(bet: str, figure: str, named: bool = True) -> Column:
    """The column of one figure, of one bet (``bet``) or of the row's bet (``""``); the
    figure left out of the name where the title says it (``named=False``)."""
    style = _STYLE.get(figure, "percent")
    digits = 4 if style == "percent" else 6
    words = [bet] if bet and not named else [bet, _SHORT[figure]] if bet else [_SHORT[figure]]
    key = identifier(f"{bet} {figure}") if bet else _key(figure)
    return Column("≈ " + " ".join(words), style, digits, key=key)  # type: ignore[arg-type]


_CASE_COLUMNS = (
    Column("decks", "int"),
    Column("game"),
    Column("commission", "fraction"),
    Column("tie pays", "fraction", key="tie_pays"),
)


def _case_cells(case: Case) -> tuple[Cell, ...]:
    """Decks (``inf`` for an infinite shoe), game, commission, tie pay."""
    decks: Cell = "inf" if case.decks is None else case.decks
    return (decks, case.game, case.rules.commission, case.rules.tie_pays)


def _same_in_every_case(result: Comparison) -> tuple[int, ...]:
    """Which of game, commission and tie pay (1, 2, 3) every case shares."""
    cells = [_case_cells(case) for case in result.cases]
    return tuple(i for i in (1, 2, 3) if len({row[i] for row in cells}) == 1)


def compare_report(result: Comparison, *, every_column: bool = False) -> Report:
    """The matrix: one row per case (decks, game, commission, tie pay) and one column per
    bet; with several figures, one row per case and bet and one column per figure. For
    reading, the game, commission or tie pay every case shares is said in the title
    rather than repeated in a column; ``every_column`` (CSV) keeps every column."""
    rows: list[tuple[Cell, ...]] = []
    one = len(result.figures) == 1
    if one:  # a matrix: one column per bet
        (figure,) = result.figures
        for case in result.cases:
            values = (case.figures[bet][figure] for bet in result.bets)
            rows.append((*_case_cells(case), *values))
        columns = (
            *_CASE_COLUMNS,
            *(_figure_column(bet, figure, named=False) for bet in result.bets),
        )
    else:  # several figures: one row per case and bet, one column per figure
        for case in result.cases:
            for bet in result.bets:
                values = (case.figures[bet][figure] for figure in result.figures)
                rows.append((*_case_cells(case), bet, *values))
        columns = (
            *_CASE_COLUMNS,
            Column("bet"),
            *(_figure_column("", figure) for figure in result.figures),
        )
    shared = () if every_column or not result.cases else _same_in_every_case(result)
    kept = [i for i in range(len(columns)) if i not in shared]
    table = Table(
        "",
        tuple(columns[i] for i in kept),
        tuple(tuple(row[i] for i in kept) for row in rows),
        name="compare",
    )
    what = result.figures[0].replace("-", " ").capitalize() if one else "Compared"
    by = ", ".join(
        ["decks" + (f" less {result.remove}" if result.remove else "")]
        + [name for i, name in ((1, "game"), (2, "commission"), (3, "tie pay")) if i not in shared]
    )
    title = f"{what} by {by} (per unit staked)"
    if shared:
        first = _case_cells(result.cases[0])
        words = {1: f"{first[1]}", 2: f"commission {first[2]}", 3: f"tie pays {first[3]} to 1"}
        title += ": " + ", ".join(words[i] for i in shared)
    legend = ", ".join(f"{_SHORT[name]} = {name.replace('-', ' ')}" for name in result.figures)
    if "element-of-risk" in result.figures:
        legend += " (-: the bet never pushes, so it is its house edge)"
    return Report(
        title=title,
        blocks=(table,),
        notes=(
            ("" if one else f"{legend}; ") + "inf: an infinite shoe.",
            "≈ columns are rounded; --format json or csv gives every value exactly. Each cell is "
            "what odds gives for that case.",
        ),
        data=compare_document(result),
    )


def compare_document(result: Comparison) -> dict[str, Any]:
    """The JSON body: the bets and figures compared, then every case (its rules as
    priced) with each bet's figures, exact (``"p/q"``) and as ``*_float``."""
    cases = []
    for case in result.cases:
        bets: dict[str, Any] = {}
        for bet in result.bets:
            entry: dict[str, Any] = {}
            for figure in result.figures:
                value = case.figures[bet][figure]
                entry.update(exact_fields(_key(figure), value))
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
        "bets": list(result.bets),
        "figures": list(result.figures),
        "cases": cases,
    }
    return body
