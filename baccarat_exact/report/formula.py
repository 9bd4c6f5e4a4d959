"""The report of ``baccarat-exact formula``: its tables, notes and JSON document."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from baccarat_exact.model.exact import exact_fields, exact_text
from baccarat_exact.report.describe import describe_rules
from baccarat_exact.report.model import Column, Report, Table, Text

if TYPE_CHECKING:  # the analysis is imported when the command runs: start-up stays cheap
    from baccarat_exact.analysis.formulas import DeckFormulas

__all__ = ["formula_document", "formula_report", "shoe_words"]


def shoe_words(formulas: DeckFormulas) -> str:
    """``d decks`` or ``d decks less 5x3 K``."""
    removed = formulas.removed_text
    return f"d decks less {removed}" if removed else "d decks"


def _validity(formulas: DeckFormulas) -> str:
    first = formulas.min_decks
    why = "" if first == 1 else " (fewer decks cannot hold the removed cards)"
    return f"Exact for every whole number of decks d ≥ {first}{why}, in lowest terms."


def _bet_text(formulas: DeckFormulas, terms: int, columns: int) -> list[str]:
    """Each bet's line probabilities and EV, and its EV's expansion in 1/d."""
    out: list[str] = []
    for bet in formulas.bets:
        pays = ", ".join(f"{line.name} {line.pays}" for line in bet.bet.lines)
        out.append(f"{bet.name} (pays: {pays})")
        labels = [f"P({line.name})" for line in bet.lines] + ["EV"]
        width = max(len(label) for label in labels)
        for label, function in zip(
            labels, [line.probability for line in bet.lines] + [bet.ev], strict=True
        ):
            out.extend(_folded(f"  {label:<{width}} = ", function.text(), columns))
        series = f"{bet.ev.series_text(terms)}   as d → ∞"
        out.extend(_folded(f"  {'EV':<{width}} = ", series, columns))
        out.append("")
    return out[:-1]


def _top_level_slash(text: str) -> int:
    """Where ``text``, a single term, divides outside every bracket (the last such
    ``/``), or -1 (no such ``/``, or a sum of terms)."""
    depth, found = 0, -1
    for i, char in enumerate(text):
        depth += (char == "(") - (char == ")")
        if depth == 0 and char == "/":
            found = i
        if depth == 0 and char == " " and i > 0 and text[i - 1] in "+-":
            return -1
    return found


def _folded(prefix: str, formula: str, width: int = 100) -> list[str]:
    """``prefix + formula`` in lines of at most ``width`` characters where it can be: a
    long quotient as its numerator, then ``/ denominator`` below it; a long sum (or a
    numerator or denominator still too long) broken between terms. A single term too
    long for a line stays whole.

    >>> _folded("P = ", "(d - 1)/(2*d + 1)", width=15)
    ['P = (d - 1)', '    / (2*d + 1)']
    >>> _folded("P = ", "(d**2 - 3*d + 1)/(2*d + 1)", width=14)
    ['P = (d**2 -', '      3*d + 1)', '    / (2*d +', '      1)']
    """
    indent = " " * len(prefix)
    if len(prefix) + len(formula) <= width:
        return [prefix + formula]
    slash = _top_level_slash(formula)
    if slash > 0:
        above = _wrapped(prefix, formula[:slash], width, indent + "  ")
        return [*above, *_wrapped(f"{indent}/ ", formula[slash + 1 :], width, indent + "  ")]
    return _wrapped(prefix, formula, width, indent + "  ")


def _wrapped(prefix: str, text: str, width: int, indent: str) -> list[str]:
    """``prefix + text`` broken between words into lines of at most ``width``."""
    import textwrap

    return textwrap.wrap(
        text,
        width,
        initial_indent=prefix,
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    )


def _bet_latex(formulas: DeckFormulas, terms: int) -> list[str]:
    """A LaTeX ``align*`` block of every formula, its limit and its expansion in 1/d."""
    rows = []
    for bet in formulas.bets:
        name = rf"\text{{{bet.name}}}"
        for line in bet.lines:
            rows.append(rf"P_{{{name}}}(\text{{{line.name}}}) &= {line.probability.latex()}")
        rows.append(rf"\mathrm{{EV}}_{{{name}}} &= {bet.ev.latex()}")
        rows.append(rf"&= {bet.ev.series_latex(terms)} \quad (d \to \infty)")
    return [
        r"\begin{align*}",
        " \\\\\n".join(rows),
        r"\end{align*}",
    ]


def _formula_table(formulas: DeckFormulas) -> Table:
    """One row per formula: each pay line's probability and each bet's EV, as text (as
    sympy writes it), with its limit as d grows."""
    rows = []
    for bet in formulas.bets:
        for line in bet.lines:
            function = line.probability
            rows.append((bet.name, f"P({line.name})", function.text(), function.limit()))
        rows.append((bet.name, "EV", bet.ev.text(), bet.ev.limit()))
    return Table(
        "Formulas in d",
        (
            Column("bet"),
            Column("value"),
            Column("formula"),
            Column("as d → ∞", "fraction", key="limit"),
        ),
        tuple(rows),
        name="formulas",
    )


def formula_report(
    formulas: DeckFormulas, terms: int = 4, *, typeset: bool = True, width: int | None = None
) -> Report:
    """Each bet's formulas, their limits as d grows beside the engine's infinite shoe,
    and the JSON document of integer coefficients. The formulas are text blocks (the
    table view, folded to ``width`` columns, default the terminal's; LaTeX typesets
    them), or with ``typeset=False`` a table of them first, for CSV and Markdown."""
    from baccarat_exact.analysis.formulas import limits
    from baccarat_exact.report.render import terminal_width

    limit_table = Table(
        "Limits as d → ∞ beside the engine's infinite shoe (odds --infinite)",
        (
            Column("bet"),
            Column("value"),
            Column("limit", "fraction", key="limit"),
            Column("≈ limit", "decimal", 10),
            Column("odds --infinite", "fraction", key="infinite_shoe"),
            Column("equal", "bool"),
        ),
        tuple(
            (row.bet, row.quantity, row.formula, row.formula, row.engine, row.equal)
            for row in limits(formulas)
            if row.bet != "outcome"
        ),
        name="limits",
    )
    import textwrap

    columns = width or terminal_width()
    validity = Text(
        tuple(textwrap.wrap(_validity(formulas), columns, break_on_hyphens=False)),
        (
            f"% baccarat-exact formula: {shoe_words(formulas)}; {describe_rules(formulas.rules)}",
            f"% {_validity(formulas)}",
        ),
    )
    blocks: tuple[Text | Table, ...] = (
        (
            validity,
            Text(
                tuple(_bet_text(formulas, terms, columns)),
                lambda: tuple(_bet_latex(formulas, terms)),
            ),
            limit_table,
        )
        if typeset
        else (validity, _formula_table(formulas), limit_table)
    )
    return Report(
        title=f"Formulas in the number of decks d: {shoe_words(formulas)}; "
        + describe_rules(formulas.rules),
        blocks=blocks,
        notes=("** is a power; ≈ is rounded; --format json gives the integer coefficients.",),
        data=lambda: formula_document(formulas, terms),
    )


def formula_document(formulas: DeckFormulas, terms: int = 4) -> dict[str, Any]:
    """The JSON body: integer coefficient lists, constant term first."""
    from baccarat_exact.analysis.formulas import limits

    by_key = {(row.bet, row.quantity): row.engine for row in limits(formulas)}

    def entry(bet: str, quantity: str, function: Any) -> dict[str, Any]:
        document: dict[str, Any] = function.to_dict(terms)
        document.update(exact_fields("infinite_shoe", by_key[(bet, quantity)]))
        return document

    return {
        "variable": "d",
        "coefficients": "constant term first: item i multiplies d**i",
        "series": "item k multiplies d**-k as d grows",
        "shoe": {
            "decks": "d",
            "removed": formulas.removed_text,
            "valid_from_decks": formulas.min_decks,
        },
        "rules": formulas.rules.to_dict(),
        "terms": terms,
        "outcomes": {
            outcome.value: entry("outcome", f"P({outcome.value})", function)
            for outcome, function in formulas.outcomes
        },
        "bets": {
            bet.name: {
                "lines": [
                    {
                        "name": line.name,
                        "pays": exact_text(line.pays),
                        "probability": entry(bet.name, f"P({line.name})", line.probability),
                    }
                    for line in bet.lines
                ],
                "ev": entry(bet.name, "EV", bet.ev),
            }
            for bet in formulas.bets
        },
    }
