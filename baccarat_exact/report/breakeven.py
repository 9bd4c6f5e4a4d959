"""The report of ``baccarat-exact breakeven``: its tables, notes and JSON document."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from baccarat_exact.model.cards import format_cards
from baccarat_exact.model.exact import decimal_text, exact_fields, exact_text, int_text, str_fits
from baccarat_exact.report.describe import describe_rules, describe_shoe
from baccarat_exact.report.model import Cell, Column, Report, Table

if TYPE_CHECKING:  # the analysis is imported when the command runs: start-up stays cheap
    from baccarat_exact.analysis.breakeven import BetBreakEven, BreakEven
    from baccarat_exact.analysis.rational import RationalFunction

__all__ = ["breakeven_document", "breakeven_report"]


def _shoe_words(result: BreakEven) -> str:
    if result.shoe is not None:
        return describe_shoe(result.shoe)
    removed = format_cards(result.removed)
    return f"d decks less {removed}" if removed else "d decks"


def _value(function: RationalFunction | None, symbolic: bool) -> Cell:
    if function is None:
        return None
    return function.text() if symbolic else function.value


def _pay_rows(result: BreakEven) -> tuple[tuple[Cell, ...], ...]:
    """bet, line, pay now, break-even (formula text or fraction), then its limit twice
    (exact, rounded) with a symbolic d, or the break-even again (rounded) for a shoe."""
    found: list[tuple[str, str, Fraction, RationalFunction]] = []
    for bet in result.bets:
        found.extend(
            (bet.name, term.name, term.pays, term.fair_pay)
            for term in bet.lines
            if term.fair_pay is not None
        )
        if bet.fair_commission is not None:
            found.append((bet.name, "commission", result.rules.commission, bet.fair_commission))
    if result.symbolic:
        return tuple(
            (bet, line, now, fair.text(), fair.limit(), fair.limit())
            for bet, line, now, fair in found
        )
    return tuple((bet, line, now, fair.value, fair.value) for bet, line, now, fair in found)


def _sentence(bet: BetBreakEven) -> str | None:
    """``tie is fair at 9.509059 to 1 (pays 8)``, from the first paying line; for a
    shoe only."""
    if bet.fair_commission is not None:
        fair = bet.fair_commission.value
        return f"{bet.name} is fair at a commission of {exact_text(fair)} ≈ {decimal_text(fair, 4, 100)}%"
    term = next((t for t in bet.lines if t.fair_pay is not None), None)
    if term is None or term.fair_pay is None:
        return None
    fair = term.fair_pay.value
    return f"{bet.name} is fair when its {term.name} pays {exact_text(fair)} ≈ {decimal_text(fair, 6)} to 1"


def breakeven_report(result: BreakEven, width: int | None = None) -> Report:
    """Break-even pays and the linear EV terms as tables; JSON keeps every value exact.
    With a symbolic d, the formulas are wrapped to fit ``width`` columns (default: the
    terminal's) in the table view."""
    from baccarat_exact.report.render import terminal_width

    symbolic = result.symbolic
    width = width or terminal_width()
    last: tuple[Column, ...] = (
        (
            Column("as d → ∞", "fraction", key="limit"),
            Column("≈ as d → ∞", "decimal", 6, key="limit_float"),
        )
        if symbolic
        else (Column("≈ break-even", "decimal", 6, key="break_even_float"),)
    )
    pays = Table(
        "Break-even: the pay of one line (others as they are) that makes EV exactly 0",
        (
            Column("bet"),
            Column("line"),
            Column("now", "fraction", key="pays"),
            Column(
                "break-even",
                "text" if symbolic else "fraction",
                key="break_even",
                wrap=max(24, width - 56) if symbolic else None,
            ),
            *last,
        ),
        _pay_rows(result),
        name="break-even",
    )
    linear = Table(
        "EV as a linear function of the pays: EV = Σ pay × P(line)",
        (
            Column("bet"),
            Column("line"),
            Column("pays", "fraction"),
            Column(
                "P(line) = ∂EV/∂pay",
                "text" if symbolic else "fraction",
                key="probability",
                wrap=max(24, width - 22) if symbolic else None,
            ),
            *(() if symbolic else (Column("≈ P(line)", "decimal", 6, key="probability_float"),)),
        ),
        tuple(
            (bet.name, term.name, term.pays, _value(term.probability, symbolic))
            + (() if symbolic else (term.probability.value,))
            for bet in result.bets
            for term in bet.lines
        ),
        name="linear-ev",
    )
    notes: list[str] = []
    if symbolic:
        notes.append(
            f"Exact for every whole number of decks d ≥ {result.min_decks}; ** is a power."
        )
    else:
        notes.extend(s for s in (_sentence(bet) for bet in result.bets) if s)
    notes.append("≈ columns are rounded; --format json gives every value exactly.")
    return Report(
        title=f"Break-even pays: {_shoe_words(result)}; {describe_rules(result.rules)}",
        blocks=(pays, linear),
        notes=tuple(notes),
        data=breakeven_document(result),
    )


def _exact(function: RationalFunction | None, symbolic: bool, key: str) -> dict[str, Any]:
    if function is None:
        return {key: None}
    if symbolic:
        return {key: function.to_dict()}
    return exact_fields(key, function.value)


def _linear_ev_text(bet: BetBreakEven, symbolic: bool) -> str:
    """The linear EV as sympy writes it (``460601*x_win/4826809 - …``); for a shoe whose
    fractions are past ``str()``'s digit limit (which sympy's printer hits), the same sum
    written here in sympy's form: terms by symbol, ``p*x/q``."""
    from baccarat_exact.analysis.breakeven import pay_symbol

    if symbolic or all(str_fits(term.probability.value) for term in bet.lines):
        return str(bet.linear_ev())
    sums: dict[str, Fraction] = {}
    for term in bet.lines:
        symbol = str(pay_symbol(term.name))
        sums[symbol] = sums.get(symbol, Fraction(0)) + term.probability.value
    text = ""
    for symbol, value in sorted(sums.items()):
        if value == 0:
            continue
        magnitude = abs(value)
        head = "" if magnitude.numerator == 1 else f"{int_text(magnitude.numerator)}*"
        tail = "" if magnitude.denominator == 1 else f"/{int_text(magnitude.denominator)}"
        sign = ("-" if value < 0 else "") if not text else (" - " if value < 0 else " + ")
        text += f"{sign}{head}{symbol}{tail}"
    return text or "0"


def breakeven_document(result: BreakEven) -> dict[str, Any]:
    """The JSON body: fractions as ``"p/q"``, or with a symbolic d, formulas with integer
    coefficient lists (constant term first)."""
    from baccarat_exact.analysis.breakeven import pay_symbol

    symbolic = result.symbolic
    if result.shoe is None:
        shoe: dict[str, Any] = {
            "decks": "d",
            "removed": format_cards(result.removed),
            "valid_from_decks": result.min_decks,
        }
    else:
        shoe = result.shoe.to_dict()
    bets: dict[str, Any] = {}
    for bet in result.bets:
        bets[bet.name] = {
            **_exact(bet.ev, symbolic, "ev"),
            **_exact(bet.fair_commission, symbolic, "fair_commission"),
            "linear_ev": _linear_ev_text(bet, symbolic),
            "lines": [
                {
                    "name": term.name,
                    "symbol": str(pay_symbol(term.name)),
                    "pays": exact_text(term.pays),
                    **_exact(term.probability, symbolic, "probability"),
                    **_exact(term.fair_pay, symbolic, "fair_pay"),
                }
                for term in bet.lines
            ],
        }
    return {
        "symbolic": symbolic,
        "shoe": shoe,
        "rules": result.rules.to_dict(),
        "bets": bets,
    }
