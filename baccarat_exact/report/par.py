"""The report of ``baccarat-exact report``: a PAR sheet's tables, notes and JSON document.

The text view leads with the answer — the bet mix's hold when one is asked about, else
each bet's house edge, return and volatility — then the pay tables and what happens
after each number of rounds. The JSON document holds every figure: exact values as
``"p/q"`` text, each beside its ``*_float``; a figure found by a floating-point
convolution (``"method": "float"``) has only its ``*_float``, never an exact value.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

from baccarat_exact.analysis.par import (
    BetSheet,
    Chance,
    Confidence,
    Horizon,
    Interval,
    MixSheet,
    ParSettings,
    ParSheet,
)
from baccarat_exact.model.exact import (
    decimal_text,
    exact_fields,
    exact_text,
    int_text,
    number_text,
    to_float,
)
from baccarat_exact.report.describe import describe_rules, describe_shoe
from baccarat_exact.report.model import Cell, Column, Report, Table, Text

__all__ = [
    "METHODS",
    "Named",
    "chances_table",
    "describe_inputs",
    "horizon_document",
    "intervals_table",
    "par_document",
    "par_report",
    "percent_text",
    "settings_words",
    "volatility_table",
]

METHODS = {
    "exact": "exact: from the exact law of the total (fractions)",
    "float": "float: a floating-point convolution, good to about 1e-12",
}
"""What a horizon's ``method`` says of how its law was found."""

WIDTH = 80
"""The text view's words are wrapped to this width."""


def percent_text(level: Fraction) -> str:
    """A confidence as people write it.

    >>> percent_text(Fraction(9, 10)), percent_text(Fraction(199, 200))
    ('90%', '99.5%')
    """
    value = level * 100
    return f"{value.numerator}%" if value.denominator == 1 else f"{float(value):g}%"


def _rounds_text(rounds: Iterable[int]) -> str:
    return ", ".join(int_text(n, grouped=True) for n in rounds)


def settings_words(settings: ParSettings) -> list[str]:
    """The numbers of rounds, confidences and loss thresholds in words, a sentence each.

    >>> from baccarat_exact.analysis.par import par_settings
    >>> settings_words(par_settings("100,1000", "95", "10%,25"))[1:]
    ['Confidence: 95%.', 'Loss: more than 10% of the units staked, 25 units.']
    """
    losses = ", ".join(
        f"{loss.text} of the units staked" if loss.of_staked else f"{loss.text} units"
        for loss in settings.losses
    )
    return [
        f"After {_rounds_text(settings.rounds)} rounds, each dealt independently from this shoe.",
        f"Confidence: {', '.join(percent_text(c.level) for c in settings.confidences)}.",
        f"Loss: more than {losses}.",
    ]


def describe_inputs(sheet: ParSheet) -> str:
    """The report's inputs in words: shoe, rules, bets, rounds, confidences, losses, mix.

    >>> from baccarat_exact.analysis.par import ParSettings, par_sheet, parse_confidences, parse_losses
    >>> from baccarat_exact.pricing import odds
    >>> from baccarat_exact.model.shoe import Shoe
    >>> settings = ParSettings((100,), parse_confidences("95"), parse_losses("10%"))
    >>> print(describe_inputs(par_sheet(odds(Shoe.from_decks(1)), settings)))
    Shoe: 1 deck (52 cards). Rules: punto-banco, commission 1/20, tie pays 8 to 1. Bets: banker, player, tie, one unit each per round. After 100 rounds, each dealt independently from this shoe. Confidence: 95%. Loss: more than 10% of the units staked.
    """
    result = sheet.odds
    words = [
        f"Shoe: {describe_shoe(result.shoe)}.",
        f"Rules: {describe_rules(result.rules)}.",
        f"Bets: {', '.join(bet.name for bet in sheet.bets)}, one unit each per round.",
        *settings_words(sheet.settings),
    ]
    if sheet.mix is not None:
        shares = ", ".join(f"{name} {share}" for name, share in sheet.mix.combination.stakes)
        words.append(f"Mix: shares of the handle {shares} (of {sheet.mix.combination.staked}).")
        if sheet.mix.actual is not None:
            words.append(f"Actual hold: {_percent(sheet.mix.actual)} of handle.")
    return " ".join(words)


def _percent(value: Fraction) -> str:
    rounded = to_float(value)
    if rounded is None:  # beyond float range
        return f"{decimal_text(value, 3, 100)}%"
    return f"{number_text(rounded * 100, '.4g')}%"


# -- the text view -------------------------------------------------------------------------


def _pct(name: str, key: str, digits: int = 4) -> Column:
    return Column(name, "percent", digits, key=key)


def _dec(name: str, key: str, digits: int = 4) -> Column:
    return Column(name, "decimal", digits, key=key)


def _bets_table(sheet: ParSheet) -> Table:
    return Table(
        "Bets (per unit staked)",
        (
            Column("bet"),
            _pct("≈ house edge", "house_edge"),
            _pct("≈ RTP", "rtp"),
            _pct("≈ hit freq", "hit_frequency", 3),
            _dec("≈ SD", "std_dev_float"),
            _pct("≈ EoR", "element_of_risk"),
            Column("largest win", "fraction"),
        ),
        tuple(
            (
                bet.name,
                bet.stats.house_edge,
                bet.rtp,
                bet.stats.hit_frequency,
                bet.stats.std_dev,
                bet.stats.element_of_risk,
                bet.largest_win,
            )
            for bet in sheet.bets
        ),
        name="bets",
    )


def volatility_table(
    levels: Sequence[Confidence],
    indices: Sequence[tuple[str, Sequence[tuple[Confidence, float | None]]]],
    first: str = "bet",
) -> Table:
    """The volatility index z × SD of each of ``indices`` (a name, its index at each of
    ``levels``), its name in a first column headed ``first``."""
    return Table(
        "Volatility index (z × SD, units per round)",
        (
            Column(first),
            *(_dec(f"≈ {percent_text(c.level)}", f"vi_{i}_float", 3) for i, c in enumerate(levels)),
        ),
        tuple((name, *(index for _, index in found)) for name, found in indices),
        name="volatility",
    )


def _volatility_table(sheet: ParSheet) -> Table:
    return volatility_table(
        sheet.settings.confidences, [(bet.name, bet.volatility) for bet in sheet.bets]
    )


def _lines_table(sheet: ParSheet) -> Table:
    return Table(
        "Pay table (count: six-card sequences over the cycle)",
        (
            Column("bet"),
            Column("line", wrap=14),
            Column("pays to 1", "fraction", key="pays", answer=True),
            Column("count", "int"),
            _dec("≈ probability", "probability", 6),
            _dec("≈ 1 in", "one_in", 2),
            Column("≈ RTP share", "decimal", 6, key="rtp_contribution", answer=True),
        ),
        tuple(
            row
            for bet in sheet.bets
            for row in (
                *(
                    (
                        bet.name,
                        line.name,
                        line.pays,
                        line.count,
                        line.probability,
                        line.one_in,
                        line.return_share,
                    )
                    for line in bet.lines
                ),
                # every combination of the cycle, and the whole return to player
                (bet.name, "total", None, sheet.odds.total, Fraction(1), None, bet.rtp),
            )
        ),
        name="pay-table",
    )


def _method(horizon: Horizon) -> str:
    if horizon.normal_only:
        return "normal"
    return "exact" if horizon.exact else "float"


def _interval_columns(column: Callable[[str, str, int], Column], digits: int) -> tuple[Column, ...]:
    """An interval table's columns: the rounds, the confidence, the interval found from the
    law and the normal approximation's, each shown by ``column`` to ``digits``."""
    return (
        Column("rounds", "int"),
        Column("conf"),
        column("≈ low", "low", digits),
        column("≈ high", "high", digits),
        column("≈ normal low", "normal_low_float", digits),
        column("≈ normal high", "normal_high_float", digits),
    )


Named = Sequence[tuple[str, Sequence[Horizon]]]
"""Horizons of several things (bets, strategies), each with its name."""


def intervals_table(named: Named, first: str = "bet") -> Table:
    """The interval of the average net per round after each number of rounds, for each
    of ``named`` (its name in a first column headed ``first``)."""
    return Table(
        "Average net per round after N rounds: interval at each confidence",
        (
            Column(first),
            *_interval_columns(_dec, 4),
            Column("by"),
        ),
        tuple(
            (
                name,
                h.rounds,
                percent_text(i.confidence.level),
                i.low,
                i.high,
                i.normal_low,
                i.normal_high,
                _method(h),
            )
            for name, found in named
            for h in found
            for i in h.intervals
        ),
        name="intervals",
    )


def _bets_horizons(sheet: ParSheet) -> Named:
    return [(bet.name, bet.horizons) for bet in sheet.bets]


def _chance_rows(name: str, horizon: Horizon) -> list[tuple[Cell, ...]]:
    rows: list[tuple[Cell, ...]] = [
        (name, horizon.rounds, "ahead", *_chance_cells(horizon.ahead), _method(horizon))
    ]
    for loss, chance in horizon.losses:
        event = f"lose > {loss.text}"
        rows.append((name, horizon.rounds, event, *_chance_cells(chance), _method(horizon)))
    return rows


def _chance_cells(chance: Chance) -> tuple[float, float, float]:
    return chance.value, chance.normal, chance.error


def chances_table(named: Named, first: str = "bet") -> Table:
    """P(ahead) and P(losing more than k) after each number of rounds, law and normal
    approximation, for each of ``named`` (its name in a first column headed ``first``)."""
    return Table(
        "Chances after N rounds (ahead: net above 0; lose: net below −k)",
        (
            Column(first),
            Column("rounds", "int"),
            Column("event"),
            _dec("≈ P", "probability_float", 6),
            _dec("≈ normal", "normal_float", 6),
            _dec("≈ error", "normal_error_float", 6),
            Column("by"),
        ),
        tuple(row for name, found in named for h in found for row in _chance_rows(name, h)),
        name="chances",
    )


def _mix_tables(mix: MixSheet, sheet: ParSheet) -> tuple[Table, ...]:
    from baccarat_exact.report.combination import combination_tables

    summary = Table(
        "Bet mix: hold per unit of handle",
        (Column("figure"), _dec("≈", "value_float", 6)),
        (
            ("hold (share of handle)", mix.hold),
            ("variance per round", mix.variance),
            ("SD per round", mix.std_dev),
            *(
                (f"volatility index {percent_text(conf.level)}", conf.z * (mix.std_dev or 0))
                for conf in sheet.settings.confidences
            ),
        ),
        name="mix",
    )
    holds = Table(
        "Hold after N rounds: interval at each confidence",
        (
            *_interval_columns(_pct, 3),
            Column("by"),
        ),
        tuple(
            (
                h.rounds,
                percent_text(i.confidence.level),
                -i.high,
                -i.low,
                _negated(i.normal_high),
                _negated(i.normal_low),
                _method(h),
            )
            for h in mix.horizons
            for i in h.intervals
        ),
        name="hold",
    )
    columns = [
        Column("rounds", "int"),
        _dec("≈ P(table loses)", "table_loses_float", 6),
        _dec("≈ normal", "normal_float", 6),
    ]
    title = "The table's result after N rounds"
    if mix.actual is not None:
        title += f"; actual hold {_percent(mix.actual)}: two-sided p-value"
        columns += [_dec("≈ p-value", "p_value_float", 6), _dec("≈ normal", "p_normal_float", 6)]
    p_values: tuple[Chance | None, ...] = mix.p_values or tuple(None for _ in mix.horizons)
    result = Table(
        title,
        (*columns, Column("by")),
        tuple(
            (
                h.rounds,
                h.ahead.value,
                h.ahead.normal,
                *(() if p is None else (p.value, p.normal)),
                _method(h),
            )
            for h, p in zip(mix.horizons, p_values)
        ),
        name="table-result",
    )
    return summary, holds, result, combination_tables(mix.combination)[2]


def par_report(sheet: ParSheet, fingerprint: str) -> Report:
    """The PAR sheet's text view (the answer first) and its JSON document
    (:func:`par_document`); ``fingerprint`` ties every page to the request."""
    inputs = Text(tuple(textwrap.wrap(describe_inputs(sheet), WIDTH)))
    tables: tuple[Table, ...] = ()
    if sheet.mix is not None:
        tables += _mix_tables(sheet.mix, sheet)
    tables += (
        _bets_table(sheet),
        _volatility_table(sheet),
        _lines_table(sheet),
        intervals_table(_bets_horizons(sheet)),
        chances_table(_bets_horizons(sheet)),
    )
    notes = (
        "≈ columns are rounded; --format json gives every value (exact ones as fractions).",
        "RTP = 1 + EV: the stake comes back with a win or a push. EoR: element of risk.",
        "by: " + "; ".join(METHODS.values()) + ". normal: the normal approximation.",
        f"Fingerprint {fingerprint}: a hash of the request and the tool's version.",
    )
    return Report(
        title=f"Math report (PAR sheet) {fingerprint}",
        blocks=(inputs, *tables),
        notes=notes,
        data=par_document(sheet),
        main="mix" if sheet.mix is not None else "bets",
    )


# -- the JSON document -------------------------------------------------------------------------


def _float(value: Fraction | float | None) -> float | None:
    return None if value is None else to_float(value)


def _negated(value: float | None) -> float | None:
    """−value, ``None`` kept (a figure beyond float range)."""
    return None if value is None else -value


def _chance_json(chance: Chance, key: str = "probability") -> dict[str, Any]:
    """A chance: its exact value only where the law of the total is exact."""
    exact = {} if chance.exact is None else {key: exact_text(chance.exact)}
    return {
        **exact,
        f"{key}_float": chance.value,
        "normal_float": chance.normal,
        "normal_error_float": chance.error,
    }


def _interval_json(i: Interval, exact: bool, hold: bool = False) -> dict[str, Any]:
    """An interval, of the net per round or (``hold``) of the hold: its ends exact only
    where the law of the total is."""
    low, high = (-i.high, -i.low) if hold else (i.low, i.high)
    normal_low, normal_high = (
        (_negated(i.normal_high), _negated(i.normal_low)) if hold else (i.normal_low, i.normal_high)
    )
    return {
        "confidence": exact_text(i.confidence.level),
        **({"low": exact_text(low)} if exact else {}),
        "low_float": to_float(low),
        **({"high": exact_text(high)} if exact else {}),
        "high_float": to_float(high),
        "normal_low_float": normal_low,
        "normal_high_float": normal_high,
    }


def horizon_document(horizon: Horizon, exact_mean: bool = True) -> dict[str, Any]:
    """One horizon as JSON keeps it: the law's figures (exact ones only where the law is
    exact) and the normal approximation's beside them; the mean (one round's EV) exact
    unless ``exact_mean`` is false (a round's law found in floating point)."""
    return {
        "rounds": horizon.rounds,
        "method": _method(horizon),
        **(
            exact_fields("mean", horizon.mean)
            if exact_mean
            else {"mean_float": _float(horizon.mean)}
        ),
        "std_dev_float": horizon.std_dev,
        "intervals": [_interval_json(i, horizon.exact) for i in horizon.intervals],
        "ahead": _chance_json(horizon.ahead),
        "losses": [
            {
                "loss": loss.text,
                **exact_fields("units", loss.units(horizon.rounds)),
                **_chance_json(c),
            }
            for loss, c in horizon.losses
        ],
    }


def _count_json(count: int | Fraction | None) -> int | str | None:
    if isinstance(count, Fraction):
        return count.numerator if count.denominator == 1 else exact_text(count)
    return count


def _bet_json(bet: BetSheet) -> dict[str, Any]:
    s = bet.stats
    return {
        **exact_fields("rtp", bet.rtp),
        **exact_fields("house_edge", s.house_edge),
        **exact_fields("hit_frequency", s.hit_frequency),
        **exact_fields("variance", s.variance),
        "std_dev_float": s.std_dev,
        **exact_fields("element_of_risk", s.element_of_risk),
        "largest_win": exact_text(bet.largest_win),
        "lines": [
            {
                "name": line.name,
                "pays": exact_text(line.pays),
                "count": _count_json(line.count),
                **exact_fields("probability", line.probability),
                **exact_fields("one_in", line.one_in),
                **exact_fields("rtp_contribution", line.return_share),
            }
            for line in bet.lines
        ],
        "volatility": [
            {"confidence": exact_text(c.level), "z_float": c.z, "index_float": index}
            for c, index in bet.volatility
        ],
        "rounds": [horizon_document(h) for h in bet.horizons],
    }


def _mix_json(mix: MixSheet) -> dict[str, Any]:
    c = mix.combination
    document: dict[str, Any] = {
        "shares": {name: exact_text(share) for name, share in c.stakes},
        "handle": exact_text(c.staked),
        **exact_fields("hold", mix.hold),
        **exact_fields("variance", mix.variance),
        "std_dev_float": mix.std_dev,
        "covariances": [[exact_text(x) for x in row] for row in c.covariances],
        "rounds": [
            {
                "rounds": h.rounds,
                "method": _method(h),
                "intervals": [_interval_json(i, h.exact, hold=True) for i in h.intervals],
                "table_loses": _chance_json(h.ahead),
            }
            for h in mix.horizons
        ],
    }
    if mix.actual is not None:
        document["actual"] = {
            **exact_fields("hold", mix.actual),
            "p_values": [
                {"rounds": h.rounds, "method": _method(h), **_chance_json(p, "p_value")}
                for h, p in zip(mix.horizons, mix.p_values)
            ],
        }
    return document


def par_document(sheet: ParSheet) -> dict[str, Any]:
    """The JSON body of a PAR sheet: the shoe, the rules, the inputs in words, every
    bet's sheet by name and the mix's, if any."""
    result = sheet.odds
    document: dict[str, Any] = {
        "shoe": result.shoe.to_dict(),
        "rules": result.rules.to_dict(),
        "total": result.total,
        "inputs": describe_inputs(sheet),
        "bets": {bet.name: _bet_json(bet) for bet in sheet.bets},
    }
    if sheet.mix is not None:
        document["mix"] = _mix_json(sheet.mix)
    return document
