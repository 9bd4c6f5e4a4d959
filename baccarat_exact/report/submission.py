"""The report of ``baccarat-exact submission``: its text view and its JSON document.

The text view leads with the answer (the house edge, whether the top award passes, the
hold, what a counter wins), then the house edge by decks and pay table, the pay lines'
true and payout odds, hold against drop and the advantage-play section. The JSON document
holds every figure: exact values as ``"p/q"`` text beside their ``*_float``; the counted
run's estimates as ``*_float`` with their ``*_se_float``.
"""

from __future__ import annotations

import textwrap
from fractions import Fraction
from typing import Any

from baccarat_exact.analysis.advantage import AdvantagePlay, CountedRun
from baccarat_exact.analysis.estimates import Estimate
from baccarat_exact.analysis.hold import HoldVersusDrop
from baccarat_exact.analysis.submission import TOP_AWARD_LIMIT, Submission, TopAward
from baccarat_exact.model.exact import decimal_text, exact_fields, int_text, to_float
from baccarat_exact.report.describe import describe_rules, describe_shoe
from baccarat_exact.report.model import Cell, Column, Report, Table, Text

__all__ = [
    "REGULATION",
    "describe_submission",
    "pass_line",
    "submission_document",
    "submission_report",
]

WIDTH = 78
"""The text view's words are wrapped to this width."""

REGULATION = (
    "N.J.A.C. 13:69F-8.4 and COMAR 36.05.03.20 ask for the true odds, the payout odds and "
    "the house advantage of each wager; GLI-11 §4.8.2 for an advertised award reachable "
    "at least once in 100,000,000 games."
)
"""What the pay-line and top-award parts answer, cited."""


def decks_text(decks: int | None) -> str:
    """``8``, or ``∞`` for the infinite shoe."""
    return "∞" if decks is None else str(decks)


def _percent(value: Fraction) -> str:
    rounded = to_float(value)
    return "–" if rounded is None else f"{rounded * 100:.4f}%"


def _odds(value: Fraction | None) -> str:
    rounded = None if value is None else to_float(value)
    return "never" if rounded is None else f"{rounded:,.4f} to 1"


def pass_line(top: TopAward | None) -> str:
    """The one line that says whether the top award passes GLI-11 §4.8.2.

    >>> pass_line(TopAward(name="win", pays=Fraction(40), probability=Fraction(1, 10**9)))
    'Top award (win, 40 to 1): 1 in 1,000,000,000 – FAILS GLI-11 §4.8.2 (1 in 100,000,000 or better).'
    """
    if top is None:
        return "Top award: none (no line pays more than the stake back)."
    one_in = top.one_in
    shown = "never" if one_in is None else f"1 in {_whole_or_decimal(one_in)}"
    verdict = "passes" if top.passes else "FAILS"
    return (
        f"Top award ({top.name}, {top.pays} to 1): {shown} – {verdict} GLI-11 §4.8.2 "
        f"(1 in {TOP_AWARD_LIMIT:,} or better)."
    )


def _amount(value: Fraction) -> str:
    """An amount to 2 decimals, grouped; in scientific notation beyond a float's range.

    >>> _amount(Fraction(2547, 2)), _amount(Fraction(10**400))
    ('1,273.50', '1.00e+400')
    """
    rounded = to_float(value)
    return decimal_text(value, 2) if rounded is None else f"{rounded:,.2f}"


def _whole_or_decimal(value: Fraction) -> str:
    if value.denominator == 1:
        return int_text(value.numerator, grouped=True)
    rounded = to_float(value)
    return f"{rounded:,.2f}" if rounded is not None else str(value)


def _estimate_text(estimate: Estimate, digits: int = 2, scale: float = 1) -> str:
    se = "" if estimate.se is None else f" ± {estimate.se * scale:.{digits}f}"
    return f"{estimate.value * scale:.{digits}f}{se}"


def describe_submission(result: Submission) -> str:
    """The inputs in words: the bet, the shoe, the rules, the hold's assumptions."""
    hold = result.hold
    return (
        f"Bet: {result.bet.name}. Shoe: {describe_shoe(result.shoe)}. "
        f"Rules: {describe_rules(result.rules)}. Average bet {hold.average_bet}, "
        f"{hold.decisions_per_hour} decisions an hour, a buy-in of {hold.buy_in} average "
        "bets an hour of play."
    )


def _answer(result: Submission) -> tuple[str, ...]:
    """The answer first: edge, top award, hold, counting."""
    stats, hold, ap = result.stats, result.hold, result.advantage
    lines = [
        f"House edge of {result.bet.name}: {_percent(stats.house_edge)} "
        f"(exactly {stats.house_edge}).",
        pass_line(result.top),
        f"Hold: {_percent(hold.hold)} of the drop; theoretical win "
        f"{_amount(hold.win_per_hour)} an hour.",
    ]
    if ap is None:
        lines.append(f"Advantage play: none, {result.no_advantage}.")
    else:
        lines += _counting_words(ap)
    return tuple(part for line in lines for part in textwrap.wrap(line, WIDTH))


def _counting_words(ap: AdvantagePlay) -> list[str]:
    """The count, its trigger and the counted run, in words."""
    correlation = ap.fit.correlation
    shown = "–" if correlation is None else f"{correlation:.4f}"
    lines = [
        f"Best balanced count, tags up to ±{ap.level}, betting correlation {shown}:",
        f"  {ap.fit.count.label()}",
    ]
    trigger = ap.trigger
    if trigger is None:
        lines.append("No card moves the bet's EV: no count gains on it.")
    else:
        lines.append(f"The bet turns positive at true count {trigger:+.2f} (the trigger).")
    if ap.run is not None:
        lines.append(
            f"Counted run ({ap.run.shoes:,} shoes, seed {ap.run.seed}): bets "
            f"{_estimate_text(ap.run.trigger_share, 2, 100)}% of hands, wins "
            f"{_estimate_text(ap.run.won_per_100, 3)} units per 100 hands dealt."
        )
    return lines


def _decks_table(result: Submission) -> Table:
    columns = (
        Column("decks", "text"),
        *(
            Column(f"≈ {table.name}", "percent", 4, key=f"{table.name}_house_edge")
            for table in result.tables
        ),
    )
    rows: list[tuple[Cell, ...]] = [(decks_text(row.decks), *row.edges) for row in result.by_decks]
    if not result.whole_decks:
        rows.append(("this shoe", *result.table_edges))
    return Table("House edge by decks and pay table", columns, tuple(rows), name="house-edge")


def _lines_table(result: Submission) -> Table:
    columns = (
        Column("line", wrap=24),
        Column("payout odds", "fraction", key="pays"),
        Column("≈ true odds", "decimal", 4, key="true_odds"),
        Column("≈ probability", "decimal", 8, key="probability"),
    )
    rows = tuple((line.name, line.pays, line.true_odds, line.probability) for line in result.lines)
    return Table("Pay lines: true odds beside payout odds (to 1)", columns, rows, name="lines")


def _pay_tables_table(result: Submission) -> Table:
    columns = (
        Column("pay table", wrap=30),
        Column("pays (line: to 1)", wrap=34),
        Column("≈ house edge", "percent", 4, key="house_edge"),
    )
    rows = tuple(
        (table.name, _pays_text(table.lines), edge)
        for table, edge in zip(result.tables, result.table_edges)
    )
    return Table("Pay tables on this shoe", columns, rows, name="pay-tables")


def _pays_text(lines: Any) -> str:
    seen = dict.fromkeys((line.name, line.pays) for line in lines if line.pays > 0)
    return ", ".join(f"{name}: {pays}" for name, pays in seen)


def _hold_table(hold: HoldVersusDrop) -> Table:
    columns = (
        Column("figure"),
        Column("≈ value", "decimal", 4, key="value"),
    )
    rows: tuple[tuple[Cell, ...], ...] = (
        ("average bet", hold.average_bet),
        ("decisions an hour", hold.decisions_per_hour),
        ("buy-in an hour (average bets)", hold.buy_in),
        ("handle an hour", hold.handle_per_hour),
        ("theoretical win an hour", hold.win_per_hour),
        ("drop an hour", hold.drop_per_hour),
        ("handle per unit of drop", hold.handle_per_drop),
        ("hold (win / drop)", hold.hold),
    )
    return Table("Hold versus drop", columns, rows, name="hold")


def _effects_table(ap: AdvantagePlay) -> Table:
    columns = (
        Column("card"),
        Column("cards", "int"),
        Column("≈ effect of removal", "decimal", 8, key="effect"),
        Column("tag", "int"),
    )
    rows = tuple(
        (row.label, row.cards, row.effect, ap.fit.count.tag_of_value(row.value))
        for row in ap.effects
    )
    return Table("Effects of removal and the best balanced count", columns, rows, name="effects")


def _count_table(ap: AdvantagePlay) -> Table:
    columns = (
        Column("count"),
        Column("≈ betting correlation", "decimal", 4, key="correlation"),
        Column("≈ EV per true count", "decimal", 6, key="ev_per_true_count"),
        Column("≈ trigger true count", "decimal", 2, key="trigger"),
    )
    row = (
        f"level {ap.level}",
        ap.fit.correlation,
        ap.fit.ev_per_true_count_exact,
        ap.trigger,
    )
    return Table("Count (exact, from the effects)", columns, (row,), name="count")


def _run_table(run: CountedRun) -> Table:
    columns = (
        Column("figure"),
        Column("≈ estimate", "decimal", 4, key="estimate"),
        Column("≈ ±", "decimal", 4, key="se"),
    )
    share = run.trigger_share

    def row(name: str, estimate: Estimate, scale: float = 1) -> tuple[Cell, ...]:
        se = None if estimate.se is None else estimate.se * scale
        return (name, estimate.value * scale, se)

    rows = (
        row("hands a shoe", run.hands_per_shoe),
        row("hands bet a shoe", run.hands_bet_per_shoe),
        row("% of hands bet", share, 100),
        row("won per 100 hands", run.won_per_100),
        row(f"won an hour ({run.hands_per_hour} hands)", run.won_per_hour),
    )
    title = f"Counted run: {run.shoes:,} shoes, seed {run.seed}, 1 unit at the trigger"
    return Table(title, columns, rows, name="run")


def submission_report(result: Submission, fingerprint: str) -> Report:
    """The submission's text view (the answer first) and its JSON document."""
    ap = result.advantage
    tables: list[Table] = [
        _decks_table(result),
        _pay_tables_table(result),
        _lines_table(result),
        _hold_table(result.hold),
    ]
    if ap is not None:
        tables += [_effects_table(ap), _count_table(ap)]
        if ap.run is not None:
            tables.append(_run_table(ap.run))
    notes = [
        "≈ columns are rounded; --format json gives every value (exact ones as fractions).",
        *textwrap.wrap(REGULATION, WIDTH),
        f"Fingerprint {fingerprint}: a hash of the request and the tool's version.",
    ]
    if ap is not None and ap.run is not None:
        notes.insert(-1, "± is one standard error of the counted run (simulation), over shoes.")
    if ap is not None and ap.no_run:
        notes[-1:-1] = textwrap.wrap(f"No counted run: {ap.no_run}.", WIDTH)
    inputs = Text(tuple(textwrap.wrap(describe_submission(result), WIDTH)))
    return Report(
        title=f"Submission: {result.bet.name} {fingerprint}",
        blocks=(Text(_answer(result)), inputs, *tables),
        notes=tuple(notes),
        data=lambda: submission_document(result),
        main="house-edge",
    )


# -- the JSON document ------------------------------------------------------------------------


def _estimate_json(key: str, estimate: Estimate, scale: float = 1) -> dict[str, Any]:
    return {
        f"{key}_float": estimate.value * scale,
        f"{key}_se_float": None if estimate.se is None else estimate.se * scale,
    }


def _top_json(top: TopAward | None) -> dict[str, Any] | None:
    if top is None:
        return None
    return {
        "line": top.name,
        **exact_fields("pays", top.pays),
        **exact_fields("probability", top.probability),
        **exact_fields("one_in", top.one_in),
        "limit": TOP_AWARD_LIMIT,
        "passes": top.passes,
        "verdict": pass_line(top),
    }


def _hold_json(hold: HoldVersusDrop) -> dict[str, Any]:
    return {
        **exact_fields("average_bet", hold.average_bet),
        **exact_fields("buy_in", hold.buy_in),
        "decisions_per_hour": hold.decisions_per_hour,
        **exact_fields("handle_per_hour", hold.handle_per_hour),
        **exact_fields("win_per_hour", hold.win_per_hour),
        **exact_fields("drop_per_hour", hold.drop_per_hour),
        **exact_fields("handle_per_drop", hold.handle_per_drop),
        **exact_fields("hold", hold.hold),
    }


def _advantage_json(ap: AdvantagePlay) -> dict[str, Any]:
    fit = ap.fit
    run = ap.run
    return {
        "effects": [
            {
                "card": row.label,
                "cards": row.cards,
                **exact_fields("effect", row.effect),
                "tag": ap.fit.count.tag_of_value(row.value),
            }
            for row in ap.effects
        ],
        "weighted_sum": str(ap.weighted_sum),
        "count": {
            "level": ap.level,
            "label": fit.count.label(),
            "imbalance": fit.imbalance,
            "correlation_float": fit.correlation,
            **exact_fields("ev_per_true_count", fit.ev_per_true_count_exact),
            "trigger_true_count_float": ap.trigger,
        },
        "run": None
        if run is None
        else {
            "shoes": run.shoes,
            "seed": run.seed,
            "hands_per_hour": run.hands_per_hour,
            **_estimate_json("hands_per_shoe", run.hands_per_shoe),
            **_estimate_json("hands_bet_per_shoe", run.hands_bet_per_shoe),
            **_estimate_json("trigger_share", run.trigger_share),
            **_estimate_json("won_per_100", run.won_per_100),
            **_estimate_json("won_per_hour", run.won_per_hour),
        },
        "no_run": ap.no_run or None,
    }


def submission_document(result: Submission) -> dict[str, Any]:
    """The JSON body: the shoe, the rules, the inputs in words, then every part (keys
    are identifiers; bet and line names are values)."""
    stats = result.stats
    return {
        "shoe": result.shoe.to_dict(),
        "rules": result.rules.to_dict(),
        "inputs": describe_submission(result),
        "bet": result.bet.name,
        **exact_fields("house_edge", stats.house_edge),
        **exact_fields("hit_frequency", stats.hit_frequency),
        **exact_fields("variance", stats.variance),
        "pay_tables": [
            {
                "name": table.name,
                "lines": [
                    {"line": line.name, **exact_fields("pays", line.pays)}
                    for line in _merged(table.lines)
                ],
                **exact_fields("house_edge", edge),
                "by_decks": [
                    {"decks": row.decks, **exact_fields("house_edge", row.edges[t])}
                    for row in result.by_decks
                ],
            }
            for t, (table, edge) in enumerate(zip(result.tables, result.table_edges))
        ],
        "lines": [
            {
                "line": line.name,
                **exact_fields("pays", line.pays),
                **exact_fields("probability", line.probability),
                **exact_fields("true_odds", line.true_odds),
            }
            for line in result.lines
        ],
        "top_award": _top_json(result.top),
        "hold": _hold_json(result.hold),
        "advantage": None if result.advantage is None else _advantage_json(result.advantage),
        "no_advantage": result.no_advantage or None,
    }


def _merged(lines: Any) -> list[Any]:
    """Pay lines of one name and pay once each."""
    return list({(line.name, line.pays): line for line in lines}.values())
