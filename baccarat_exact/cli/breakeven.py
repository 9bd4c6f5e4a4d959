"""``baccarat-exact breakeven``: the pays and commission that make each bet fair."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any

import typer

from baccarat_exact.cli.common import FormatOption, emit, handle_errors
from baccarat_exact.cli.options import (
    BetsArgument,
    BetsFileOption,
    CommissionOption,
    CountsOption,
    GameOption,
    InfiniteOption,
    RemoveOption,
    TiePaysOption,
    bets_from_options,
    game_rules_from_options,
    shoe_from_options,
)
from baccarat_exact.errors import ShoeError
from baccarat_exact.model.cards import format_cards
from baccarat_exact.report.describe import describe_rules, describe_shoe
from baccarat_exact.report.render import Cell, Column, Format, Report, Table

if TYPE_CHECKING:  # the analysis is imported when the command runs: start-up stays cheap
    from baccarat_exact.analysis.breakeven import BetBreakEven, BreakEven
    from baccarat_exact.analysis.rational import RationalFunction

__all__ = ["breakeven_command", "breakeven_report", "parse_decks"]

SCHEMA = 1

SymbolicDecksOption = Annotated[
    str | None,
    typer.Option(
        "--decks",
        "-d",
        help="Number of decks (default 8), or d for pays as functions of the number of decks.",
        show_default=False,
    ),
]


def parse_decks(text: str | None) -> int | None:
    """``None`` for a symbolic ``d``, else the number of decks (8 when not given).

    >>> parse_decks("d"), parse_decks("6"), parse_decks(None)
    (None, 6, 8)
    """
    if text is None:
        return 8
    body = text.strip()
    if body.lower() == "d":
        return None
    if not body.isdigit() or int(body) < 1:
        raise ShoeError(
            f"--decks must be a whole number of 1 or more, or d for a formula in d, got {text!r}"
        )
    return int(body)


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
        return f"{bet.name} is fair at a commission of {fair} ≈ {float(fair):.4%}"
    term = next((t for t in bet.lines if t.fair_pay is not None), None)
    if term is None or term.fair_pay is None:
        return None
    fair = term.fair_pay.value
    return f"{bet.name} is fair when its {term.name} pays {fair} ≈ {float(fair):.6f} to 1"


def breakeven_report(result: BreakEven) -> Report:
    """Break-even pays and the linear EV terms as tables; JSON keeps every value exact."""
    symbolic = result.symbolic
    last: tuple[Column, ...] = (
        (Column("as d → ∞", "fraction", key="limit"), Column("≈ as d → ∞", "decimal", 6))
        if symbolic
        else (Column("≈ break-even", "decimal", 6),)
    )
    pays = Table(
        "Break-even: the pay of one line (others as they are) that makes EV exactly 0",
        (
            Column("bet"),
            Column("line"),
            Column("now", "fraction"),
            Column("break-even", "text" if symbolic else "fraction"),
            *last,
        ),
        _pay_rows(result),
    )
    linear = Table(
        "EV as a linear function of the pays: EV = Σ pay × P(line)",
        (
            Column("bet"),
            Column("line"),
            Column("pays", "fraction"),
            Column("P(line) = ∂EV/∂pay", "text" if symbolic else "fraction", key="probability"),
            *(() if symbolic else (Column("≈ P(line)", "decimal", 6),)),
        ),
        tuple(
            (bet.name, term.name, term.pays, _value(term.probability, symbolic))
            + (() if symbolic else (term.probability.value,))
            for bet in result.bets
            for term in bet.lines
        ),
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
        tables=(pays, linear),
        notes=tuple(notes),
        data=breakeven_document(result),
    )


def _exact(function: RationalFunction | None, symbolic: bool, key: str) -> dict[str, Any]:
    if function is None:
        return {key: None}
    if symbolic:
        return {key: function.to_dict()}
    return {key: str(function.value), f"{key}_float": float(function.value)}


def breakeven_document(result: BreakEven) -> dict[str, Any]:
    """The JSON document (schema 1): fractions as ``"p/q"``, or with a symbolic d, formulas
    with integer coefficient lists (constant term first)."""
    from baccarat_exact.analysis.breakeven import pay_symbol

    symbolic = result.symbolic
    if result.shoe is None:
        shoe: dict[str, Any] = {
            "decks": "d",
            "removed": format_cards(result.removed),
            "valid_from_decks": result.min_decks,
        }
    else:
        shoe = {
            "cards": None if result.shoe.infinite else result.shoe.cards,
            "infinite": result.shoe.infinite,
            "counts": result.shoe.as_mapping(),
        }
    bets: dict[str, Any] = {}
    for bet in result.bets:
        bets[bet.name] = {
            **_exact(bet.ev, symbolic, "ev"),
            **_exact(bet.fair_commission, symbolic, "fair_commission"),
            "linear_ev": str(bet.linear_ev()),
            "lines": [
                {
                    "name": term.name,
                    "symbol": str(pay_symbol(term.name)),
                    "pays": str(term.pays),
                    **_exact(term.probability, symbolic, "probability"),
                    **_exact(term.fair_pay, symbolic, "fair_pay"),
                }
                for term in bet.lines
            ],
        }
    return {
        "schema": SCHEMA,
        "symbolic": symbolic,
        "shoe": shoe,
        "rules": result.rules.to_dict(),
        "bets": bets,
    }


@handle_errors
def breakeven_command(
    bets: BetsArgument = None,
    decks: SymbolicDecksOption = None,
    remove: RemoveOption = "",
    counts: CountsOption = None,
    infinite: InfiniteOption = False,
    game: GameOption = "punto-banco",
    bets_file: BetsFileOption = None,
    commission: CommissionOption = None,
    tie_pays: TiePaysOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """The pay or commission that makes each bet's EV exactly zero, and the EV as a
    linear function of the pay table.

    With --decks d, every value is a function of the number of decks d (exact for every
    d large enough to hold the removed cards).
    """
    from baccarat_exact.analysis.breakeven import breakeven

    rules = game_rules_from_options(game, commission, tie_pays)
    chosen = bets_from_options(rules, bets, bets_file, game, exactly=True)
    number = parse_decks(decks)
    if number is None:
        for name, conflicts in (("--counts", counts is not None), ("--infinite", infinite)):
            if conflicts:
                raise ShoeError(f"--decks d and {name} conflict: d means whole decks")
        result = breakeven(None, rules, chosen, remove)
    else:
        whole = None if decks is None and (counts is not None or infinite) else number
        result = breakeven(shoe_from_options(whole, remove, counts, infinite), rules, chosen)
    emit(breakeven_report(result), fmt)
