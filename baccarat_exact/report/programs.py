"""The report of ``baccarat-exact programs``: commission programs and rebates side by side.

The text view shows rounded decimals; the JSON document keeps every figure exact (a
``"p/q"`` string) with its ``*_float`` twin, and a figure of a session too long for the
exact law (a floating-point convolution) as a float only, with its error bound.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from baccarat_exact.model.exact import exact_text, to_float
from baccarat_exact.report.describe import describe_rules, describe_shoe
from baccarat_exact.report.model import Cell, Column, Report, Table

if TYPE_CHECKING:
    from baccarat_exact.analysis.programs import (
        ChipProgram,
        Programs,
        RebateProgram,
        SessionLoss,
        TurnoverProgram,
    )
    from baccarat_exact.pricing import Odds

__all__ = ["MODEL", "programs_document", "programs_report"]

MODEL = (
    "Each round is dealt from the shoe as given, independently of the others (a continuous "
    "shuffler); the dependence between the rounds of one hand-dealt shoe is left out."
)
"""The model every figure is computed in, as documents state it."""


def _exact(value: Fraction | float | None) -> str | None:
    return exact_text(value) if isinstance(value, Fraction) else None


def _float(value: Fraction | float | None) -> float | None:
    return None if value is None else to_float(value)


def _pair(key: str, value: Fraction | float | None) -> dict[str, Any]:
    """``key`` exact and ``key_float`` beside it; a figure known only as a float (from a
    floating-point convolution) has ``key_float`` alone."""
    if isinstance(value, float):
        return {f"{key}_float": value}
    return {key: _exact(value), f"{key}_float": _float(value)}


def _pct(name: str, key: str, digits: int = 4) -> Column:
    return Column(name, "percent", digits, key=key)


def _dec(name: str, key: str, digits: int = 4) -> Column:
    return Column(name, "decimal", digits, key=key)


def _rate_text(rate: Fraction) -> str:
    return f"{float(rate) * 100:g}%"


# -- the text view ---------------------------------------------------------------------------


def _chips_table(chips: tuple[ChipProgram, ...]) -> Table:
    return Table(
        "Non-negotiable chips (lost on a loss, kept on a push, wins paid in cash chips)",
        (
            Column("bet"),
            _pct("P(loss)", "p_loss_float"),
            _dec("E[bets]", "expected_bets_float"),
            _dec("E[decisions]", "expected_decisions_float"),
            _dec("cash won", "cash_won_float"),
            _pct("edge/chip", "edge_per_chip_float"),
            _pct("break-even", "break_even_float"),
        ),
        tuple(
            (
                chip.bet,
                chip.loss,
                chip.expected_bets,
                chip.expected_decisions,
                chip.cash_won,
                chip.edge_per_chip,
                chip.break_even,
            )
            for chip in chips
        ),
        name="chips",
    )


def _life_table(chips: tuple[ChipProgram, ...]) -> Table:
    from baccarat_exact.analysis.programs import LIFE_ROWS

    rows: list[tuple[Cell, ...]] = []
    for chip in chips:
        for bets in range(1, LIFE_ROWS + 1):
            rows.append((chip.bet, str(bets), chip.life(bets), 1 - chip.outlives(bets)))
        rows.append((chip.bet, f"more than {LIFE_ROWS}", chip.outlives(LIFE_ROWS), Fraction(1)))
    return Table(
        "A chip's life: P(it is bet exactly k times)",
        (
            Column("bet"),
            Column("bets"),
            _dec("P", "probability_float", 6),
            _dec("P(≤ k)", "at_most_float", 6),
        ),
        tuple(rows),
        name="life",
    )


def _program_rows(found: Programs) -> list[tuple[Cell, ...]]:
    """bet, program, rate, paid per unit bet, player's edge, break-even rate."""
    rows: list[tuple[Cell, ...]] = []
    chips = {chip.bet: chip for chip in found.chips}
    for cash, rebate in zip(found.cash, found.rebates):
        rows.append((cash.bet, "none", None, Fraction(0), cash.ev, None))
        chip = chips.get(cash.bet)
        if chip is not None:
            for rate in chip.commissions:
                paid = rate * chip.loss
                rows.append(
                    (cash.bet, "rolling, NN chips", rate, paid, cash.ev + paid, chip.break_even)
                )
        for rate in cash.turnover:
            rows.append((cash.bet, "turnover, cash", rate, rate, cash.on_turnover(rate), -cash.ev))
        for share in cash.theo:
            rows.append(
                (cash.bet, "theo", share, -cash.ev * share, cash.on_theo(share), Fraction(1))
            )
        for session in rebate.sessions:
            even = session.break_even(rebate.cap, rebate.minimum)
            for rate in rebate.rates:
                back = session.expected(rate, rebate.cap, rebate.minimum) / session.rounds
                name = f"rebate on loss, {session.rounds:,} rounds"
                rows.append((cash.bet, name, rate, back, cash.ev + back, even))
    return rows


def _programs_table(found: Programs) -> Table:
    return Table(
        "Programs side by side (per unit bet)",
        (
            Column("bet"),
            Column("program"),
            _pct("rate", "rate_float", 3),
            _pct("paid", "paid_float", 4),
            _pct("player edge", "player_edge_float", 4),
            _pct("break-even", "break_even_float", 4),
        ),
        tuple(_program_rows(found)),
        name="programs",
    )


def _rebate_rows(rebate: RebateProgram) -> list[tuple[Cell, ...]]:
    rows: list[tuple[Cell, ...]] = []
    for session in rebate.sessions:
        normal = rebate.normal_loss(session)
        theo = float(-session.ev * session.rounds)
        rows.append(
            (
                rebate.bet,
                session.rounds,
                "exact" if session.exact else "float",
                session.chance,
                -session.ev * session.rounds,
                session.expected(),
                normal,
                session.break_even(None, Fraction(0)),
                theo / normal if normal else None,
            )
        )
    return rows


def _rebates_table(found: Programs) -> Table:
    return Table(
        "Rebate on loss: a session's net loss L = max(0, −net), exact and normal",
        (
            Column("bet"),
            Column("rounds", "int"),
            Column("by"),
            _pct("P(L>0)", "p_loss_float", 2),
            _dec("theo", "theo_float", 3),
            _dec("E[L]", "expected_loss_float", 4),
            _dec("normal", "normal_expected_loss_float", 4),
            _pct("even", "break_even_float", 3),
            _pct("normal", "normal_break_even_float", 3),
        ),
        tuple(row for rebate in found.rebates for row in _rebate_rows(rebate)),
        name="rebates",
    )


SOURCES = {
    "IAG": "Inside Asian Gaming, Nov 2011, asgam.com/mags/201111/38",
    "Jacobson": "apheat.net, 29 June 2014 (risk analysis of NN programs)",
    "MacDonald": "urbino.net/player-loss-unit-normal-linear-loss-integral",
}
"""Where each published approximation of :func:`_published_table` comes from."""


def _published_rows(found: Programs) -> list[tuple[Cell, ...]]:
    """bet, figure, what is published and where, its value, the exact figure."""
    rows: list[tuple[Cell, ...]] = []
    chips = {chip.bet: chip for chip in found.chips if chip.bet in ("banker", "player")}
    for chip in chips.values():
        rows.append(
            (chip.bet, "life, decisions", "just under 2, IAG", 2.0, chip.expected_decisions)
        )
        rows.append((chip.bet, "win/chip ÷ edge", "over 2, IAG", 2.0, chip.expected_bets))
    if len(chips) == 2:
        mean = (chips["banker"].expected_bets + chips["player"].expected_bets) / 2
        rows.append(("both", "life, bets", "2.211, Jacobson", 2.211, mean))
    for rebate in found.rebates:
        for session in rebate.sessions:
            normal = rebate.normal_loss(session)
            even = session.break_even(None, Fraction(0))
            if normal and even is not None:
                figure = f"rebate, {session.rounds:,} rds"
                theo = float(-session.ev * session.rounds)
                rows.append((rebate.bet, figure, "normal, MacDonald", theo / normal, even))
    return rows


def _published_table(found: Programs) -> Table:
    return Table(
        "Published approximations beside the exact figures",
        (
            Column("bet"),
            Column("figure"),
            Column("published"),
            _dec("≈ published", "published_float", 6),
            _dec("computed", "computed_float", 6),
        ),
        tuple(_published_rows(found)),
        name="published",
    )


def _notes(found: Programs, mix: dict[str, Fraction] | None) -> tuple[str, ...]:
    notes = [
        MODEL,
        "E[bets] = 1/P(loss); cash won: the cash a chip wins before it is lost; edge/chip = "
        "cash won − 1 = EV/P(loss). paid: per unit bet (rolling: rate × P(loss); theo: "
        "share × house edge; rebate: E[rebate]/rounds); player edge = EV + paid (the "
        "house's, its negative); "
        "break-even: the rate that makes it 0 (-: none of at most 100%).",
        "Rebates: theo = −N·EV; E[L] = E[max(0, −net)] from the law of N rounds; normal: "
        "E[L] if the net were normal; even: theo/E[L], the break-even rebate (no cap or "
        "minimum). See docs/programs.md.",
    ]
    if found.rates.cap is not None or found.rates.minimum:
        cap = "none" if found.rates.cap is None else f"{found.rates.cap} units"
        notes.append(
            f"Rebates paid only on a loss of at least {found.rates.minimum} units, at most "
            f"{cap} a session."
        )
    if mix is not None:
        shares = ", ".join(f"{name} {share}" for name, share in mix.items())
        notes.append(f"mix: shares of the handle {shares}, per unit of handle.")
    if any(not s.exact for r in found.rebates for s in r.sessions):
        notes.append(
            "by float: a session too long for the exact law, convolved in floating point "
            "(--format json gives each figure's error bound)."
        )
    notes.append(
        "Published: " + "; ".join(f"{name}: {where}" for name, where in SOURCES.items()) + "."
    )
    notes.append("Decimals are rounded; --format json gives every exact value.")
    return tuple(notes)


def programs_report(result: Odds, found: Programs, mix: dict[str, Fraction] | None) -> Report:
    """The programs as tables (rounded) and as an exact JSON document."""
    blocks = (
        _chips_table(found.chips),
        _programs_table(found),
        _rebates_table(found),
        _life_table(found.chips),
        _published_table(found),
    )
    return Report(
        title=f"Commission programs and rebates: {describe_shoe(result.shoe)}; "
        f"{describe_rules(result.rules)}",
        blocks=blocks,
        notes=_notes(found, mix),
        data=lambda: programs_document(result, found, mix),
        main="programs",
    )


# -- the JSON document -----------------------------------------------------------------------


def _chip_json(chip: ChipProgram) -> dict[str, Any]:
    from baccarat_exact.analysis.programs import LIFE_ROWS

    return {
        **_pair("p_loss", chip.loss),
        **_pair("p_push", chip.push),
        **_pair("ev", chip.law.mean),
        **_pair("expected_bets", chip.expected_bets),
        **_pair("expected_decisions", chip.expected_decisions),
        **_pair("variance_bets", chip.variance_bets),
        **_pair("cash_won", chip.cash_won),
        **_pair("edge_per_chip", chip.edge_per_chip),
        **_pair("break_even", chip.break_even),
        "life": [
            {"bets": k, **_pair("probability", chip.life(k))} for k in range(1, LIFE_ROWS + 1)
        ],
        "longer": {"bets": LIFE_ROWS, **_pair("probability", chip.outlives(LIFE_ROWS))},
        "commissions": [
            {
                "rate": exact_text(rate),
                **_pair("per_bet", rate * chip.loss),
                **_pair("player_edge", chip.per_bet(rate)),
                **_pair("house_edge", -chip.per_bet(rate)),
                **_pair("player_edge_per_chip", chip.edge_per_chip + rate),
                **_pair("house_edge_per_chip", -chip.edge_per_chip - rate),
            }
            for rate in chip.commissions
        ],
    }


def _cash_json(cash: TurnoverProgram) -> dict[str, Any]:
    return {
        **_pair("ev", cash.ev),
        **_pair("break_even_turnover", -cash.ev),
        "turnover": [
            {"rate": exact_text(rate), **_pair("player_edge", cash.on_turnover(rate))}
            for rate in cash.turnover
        ],
        "theo": [
            {
                "share": exact_text(share),
                **_pair("paid", -cash.ev * share),
                **_pair("player_edge", cash.on_theo(share)),
            }
            for share in cash.theo
        ],
    }


def _session_json(rebate: RebateProgram, session: SessionLoss) -> dict[str, Any]:
    cap, minimum = rebate.cap, rebate.minimum
    normal = rebate.normal_loss(session)
    theo = -session.ev * session.rounds
    rates = []
    for rate in rebate.rates:
        expected = session.expected(rate, cap, minimum)
        rates.append(
            {
                "rate": exact_text(rate),
                **_pair("expected_rebate", expected),
                **_pair("player_edge", session.ev + expected / session.rounds),
                "error_float": float(rate) * session.bound(cap),
            }
        )
    return {
        "rounds": session.rounds,
        "method": "exact" if session.exact else "float",
        **_pair("theo", theo),
        **_pair("p_loss", session.chance),
        **_pair("expected_loss", session.expected()),
        "error_float": session.bound(),
        "normal_expected_loss_float": normal,
        **_pair("break_even", session.break_even(None, Fraction(0))),
        "normal_break_even_float": float(theo) / normal if normal else None,
        **_pair("break_even_with_terms", session.break_even(cap, minimum)),
        "rebates": rates,
    }


def programs_document(
    result: Odds, found: Programs, mix: dict[str, Fraction] | None
) -> dict[str, Any]:
    """The JSON body: the shoe, the rules, the model, then each program by bet."""
    rates = found.rates
    return {
        "shoe": result.shoe.to_dict(),
        "rules": result.rules.to_dict(),
        "model": MODEL,
        "mix": None if mix is None else {name: exact_text(share) for name, share in mix.items()},
        "cap": None if rates.cap is None else exact_text(rates.cap),
        "min_loss": exact_text(rates.minimum),
        "chips": {chip.bet: _chip_json(chip) for chip in found.chips},
        "cash": {cash.bet: _cash_json(cash) for cash in found.cash},
        "rebates": {r.bet: [_session_json(r, s) for s in r.sessions] for r in found.rebates},
    }
