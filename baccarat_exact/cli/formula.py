"""``baccarat-exact formula``: P(outcome) and EV as exact rational functions of the decks d."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from baccarat_exact.cli.common import handle_errors
from baccarat_exact.cli.options import (
    BetsArgument,
    BetsFileOption,
    CommissionOption,
    GameOption,
    RemoveOption,
    TiePaysOption,
    bets_from_options,
    game_rules_from_options,
)
from baccarat_exact.report.describe import describe_rules
from baccarat_exact.report.render import Column, Report, Table, dumps_json, render_table

if TYPE_CHECKING:  # the analysis is imported when a command runs: start-up stays cheap
    from baccarat_exact.analysis.formulas import DeckFormulas

__all__ = [
    "FormulaFormat",
    "formula_command",
    "formula_json",
    "formula_latex",
    "formula_text",
]

SCHEMA = 1


class FormulaFormat(str, Enum):
    """How ``formula`` writes its result."""

    text = "text"
    latex = "latex"
    json = "json"


TermsOption = Annotated[
    int,
    typer.Option("--terms", min=1, max=12, help="Terms of the expansion in 1/d to show."),
]
FormulaFormatOption = Annotated[
    FormulaFormat,
    typer.Option("--format", "-f", help="Output: text, latex or json (integer coefficients)."),
]


def shoe_words(formulas: DeckFormulas) -> str:
    """``d decks`` or ``d decks less 5x3 K``."""
    removed = formulas.removed_text
    return f"d decks less {removed}" if removed else "d decks"


def _validity(formulas: DeckFormulas) -> str:
    first = formulas.min_decks
    why = "" if first == 1 else " (fewer decks cannot hold the removed cards)"
    return f"Exact for every whole number of decks d ≥ {first}{why}, in lowest terms."


def formula_text(formulas: DeckFormulas, terms: int = 4) -> str:
    """Plain text: each bet's line probabilities and EV, its expansion in 1/d, and the
    limits beside the engine's infinite shoe."""
    from baccarat_exact.analysis.formulas import limits

    title = f"Formulas in the number of decks d: {shoe_words(formulas)}; "
    title += describe_rules(formulas.rules)
    out = [title, "=" * len(title), _validity(formulas), ""]
    for bet in formulas.bets:
        pays = ", ".join(f"{line.name} {line.pays}" for line in bet.bet.lines)
        out.append(f"{bet.name} (pays: {pays})")
        labels = [f"P({line.name})" for line in bet.lines] + ["EV"]
        width = max(len(label) for label in labels)
        for label, function in zip(
            labels, [line.probability for line in bet.lines] + [bet.ev], strict=True
        ):
            out.append(f"  {label:<{width}} = {function.text()}")
        out.append(f"  {'EV':<{width}} = {bet.ev.series_text(terms)}   as d → ∞")
        out.append("")
    table = Table(
        "",
        (
            Column("bet"),
            Column("value"),
            Column("limit of the formula", "fraction"),
            Column("engine, infinite shoe", "fraction"),
            Column("equal", "bool"),
            Column("≈ limit", "decimal", 10),
        ),
        tuple(
            (row.bet, row.quantity, row.formula, row.engine, row.equal, row.formula)
            for row in limits(formulas)
            if row.bet != "outcome"
        ),
    )
    section = Report(
        title="Limits as d → ∞ beside the engine's infinite shoe (odds --infinite)",
        tables=(table,),
        notes=("** is a power; ≈ is rounded; --format json gives the integer coefficients.",),
    )
    return "\n".join(out) + "\n" + render_table(section)


def formula_latex(formulas: DeckFormulas, terms: int = 4) -> str:
    """A LaTeX ``align*`` block of every formula, its limit and its expansion in 1/d."""
    out = [
        f"% baccarat-exact formula: {shoe_words(formulas)}; {describe_rules(formulas.rules)}",
        f"% {_validity(formulas)}",
        r"\begin{align*}",
    ]
    rows = []
    for bet in formulas.bets:
        name = rf"\text{{{bet.name}}}"
        for line in bet.lines:
            rows.append(rf"P_{{{name}}}(\text{{{line.name}}}) &= {line.probability.latex()}")
        rows.append(rf"\mathrm{{EV}}_{{{name}}} &= {bet.ev.latex()}")
        rows.append(rf"&= {bet.ev.series_latex(terms)} \quad (d \to \infty)")
    out.append(" \\\\\n".join(rows))
    out.append(r"\end{align*}")
    return "\n".join(out) + "\n"


def formula_document(formulas: DeckFormulas, terms: int = 4) -> dict[str, Any]:
    """The JSON document (schema 1): integer coefficient lists, constant term first."""
    from baccarat_exact.analysis.formulas import limits

    by_key = {(row.bet, row.quantity): row.engine for row in limits(formulas)}

    def entry(bet: str, quantity: str, function: Any) -> dict[str, Any]:
        document: dict[str, Any] = function.to_dict(terms)
        document["infinite_shoe"] = str(by_key[(bet, quantity)])
        return document

    return {
        "schema": SCHEMA,
        "variable": "d",
        "coefficients": "constant term first: item i multiplies d**i",
        "series": "item k multiplies d**-k as d grows",
        "shoe": {
            "decks": "d",
            "removed": formulas.removed_text,
            "valid_from_decks": formulas.min_decks,
        },
        "rules": formulas.rules.to_dict(),
        "outcomes": {
            outcome.value: entry("outcome", f"P({outcome.value})", function)
            for outcome, function in formulas.outcomes
        },
        "bets": {
            bet.name: {
                "lines": [
                    {
                        "name": line.name,
                        "pays": str(line.pays),
                        "probability": entry(bet.name, f"P({line.name})", line.probability),
                    }
                    for line in bet.lines
                ],
                "ev": entry(bet.name, "EV", bet.ev),
            }
            for bet in formulas.bets
        },
    }


def formula_json(formulas: DeckFormulas, terms: int = 4) -> str:
    """The JSON document as stable text."""
    return dumps_json(formula_document(formulas, terms))


_RENDER = {
    FormulaFormat.text: formula_text,
    FormulaFormat.latex: formula_latex,
    FormulaFormat.json: formula_json,
}


@handle_errors
def formula_command(
    bets: BetsArgument = None,
    remove: RemoveOption = "",
    game: GameOption = "punto-banco",
    bets_file: BetsFileOption = None,
    commission: CommissionOption = None,
    tie_pays: TiePaysOption = None,
    terms: TermsOption = 4,
    fmt: FormulaFormatOption = FormulaFormat.text,
) -> None:
    """P(outcome) and EV of each bet as an exact rational function of the number of decks d.

    With --remove, the shoe is "d decks less these cards", exact for every d large
    enough to hold them. Also shows the limit as d grows beside the engine's infinite
    shoe, and the first terms of the expansion in 1/d.
    """
    from baccarat_exact.analysis.formulas import deck_formulas

    rules = game_rules_from_options(game, commission, tie_pays)
    formulas = deck_formulas(
        rules, bets_from_options(rules, bets, bets_file, game, exactly=True), remove
    )
    typer.echo(_RENDER[fmt](formulas, terms), nl=False)
