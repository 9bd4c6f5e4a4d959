"""The report of ``blackjack report``: a blackjack rule set's math report (PAR sheet) as
text, a JSON document, Markdown and one self-contained HTML page.

The text view leads with the answer — each strategy's house edge, hit frequency and
standard deviation — then the volatility index, the law of one round's net result and
what happens after each number of rounds (the tables of the baccarat report,
:mod:`baccarat_exact.report.par`). The JSON document holds every figure: exact values as
``"p/q"`` text beside their ``*_float``; in floating point (``--float``) and for a law
of N rounds found by a floating-point convolution, only the ``*_float``. The pages are
written from the JSON document (:mod:`baccarat_exact.report.par_pages`), so that paper
and JSON twin cannot disagree; every page carries the fingerprint.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from baccarat_exact.analysis.blackjack.par import BlackjackSheet, StrategySheet
from baccarat_exact.model.exact import exact_fields, exact_text, to_float
from baccarat_exact.report.describe import describe_shoe
from baccarat_exact.report.model import Column, Report, Style, Table, Text
from baccarat_exact.report.par import (
    METHODS,
    WIDTH,
    chances_table,
    horizon_document,
    intervals_table,
    settings_words,
    volatility_table,
)
from baccarat_exact.report.par_pages import (
    Cell,
    Figures,
    PageTable,
    Section,
    charts,
    confidence_figure,
    horizon_tables,
    method_section,
    pages_html,
    pages_markdown,
)

__all__ = [
    "TITLE",
    "blackjack_document",
    "blackjack_html",
    "blackjack_markdown",
    "blackjack_par_report",
    "blackjack_sections",
    "describe_blackjack_inputs",
]

TITLE = "Blackjack math report (PAR sheet)"

STRATEGY_NAMES = {
    "optimal": "optimal (composition-dependent)",
    "basic": "basic (the strategy derived for these rules and this shoe)",
}
"""Each strategy in words."""


def describe_blackjack_inputs(sheet: BlackjackSheet) -> str:
    """The report's inputs in words: shoe, rules, strategies, arithmetic, rounds,
    confidences, losses.

    >>> from baccarat_exact.analysis.blackjack.par import blackjack_sheet
    >>> from baccarat_exact.analysis.par import par_settings
    >>> from baccarat_exact.blackjack.round_stats import round_stats
    >>> from baccarat_exact.model.shoe import Shoe
    >>> stats = round_stats(Shoe.parse("A=2,5=3,7=4,9=2,T=8"), strategies=("optimal",))
    >>> print(describe_blackjack_inputs(blackjack_sheet(stats, par_settings("10", "95", "5"))))
    Shoe: 19 cards: A=2,5=3,7=4,9=2,T=8. Rules: S17, no hole card (dealer BJ takes all), no DAS, hit split aces, Triple Seven 3:2, BJ 3:2. Play: optimal (composition-dependent); one unit of initial bet a round (doubles and splits add to it; no insurance; a loss in % is a share of the initial bets). Arithmetic: exact. After 10 rounds, each dealt independently from this shoe. Confidence: 95%. Loss: more than 5 units.
    """
    stats = sheet.stats
    plays = "; ".join(STRATEGY_NAMES.get(s.strategy, s.strategy) for s in sheet.strategies)
    words = [
        f"Shoe: {describe_shoe(stats.shoe)}.",
        f"Rules: {stats.rules.summary(decks=False)}.",
        f"Play: {plays}; one unit of initial bet a round (doubles and splits add to it; "
        "no insurance; a loss in % is a share of the initial bets).",
        "Arithmetic: exact." if sheet.exact else "Arithmetic: floating point (--float).",
        *settings_words(sheet.settings),
    ]
    return " ".join(words)


def _shown(value: Fraction, exact: bool) -> Fraction | float | None:
    """A figure as a table holds it: exact, or (float arithmetic) a float."""
    return value if exact else to_float(value)


def _column(name: str, key: str, style: Style, digits: int, exact: bool) -> Column:
    """A rounded column whose data holds the exact value under ``key`` (float
    arithmetic: the float under ``key_float``)."""
    return Column(name, style, digits, key=key if exact else f"{key}_float")


def _strategies_table(sheet: BlackjackSheet) -> Table:
    exact = sheet.exact
    return Table(
        "Strategies (units of the initial bet, per round)",
        (
            Column("strategy"),
            _column("≈ house edge", "house_edge", "percent", 4, exact),
            _column("≈ EV", "player_ev", "percent", 4, exact),
            _column("≈ hit freq", "hit_frequency", "percent", 2, exact),
            _column("≈ push", "push", "percent", 2, exact),
            Column("≈ SD", "decimal", 4, key="std_dev_float"),
            Column("largest win", "fraction"),
        ),
        tuple(
            (
                s.strategy,
                _shown(s.house_edge, exact),
                _shown(s.ev, exact),
                _shown(s.hit_frequency, exact),
                _shown(s.push, exact),
                s.std_dev,
                s.largest_win,
            )
            for s in sheet.strategies
        ),
        name="strategies",
    )


def _outcomes_table(sheet: BlackjackSheet) -> Table:
    exact = sheet.exact
    return Table(
        "The round's net result (units of the initial bet): its law",
        (
            Column("strategy"),
            Column("net", "fraction"),
            _column("≈ probability", "probability", "decimal", 6, exact),
            _column("≈ 1 in", "one_in", "decimal", 2, exact),
        ),
        tuple(
            (s.strategy, net, _shown(p, exact), _shown(1 / p, exact))
            for s in sheet.strategies
            for net, p in s.law.outcomes
        ),
        name="outcomes",
    )


def blackjack_par_report(sheet: BlackjackSheet, fingerprint: str) -> Report:
    """The math report's text view (the answer first) and its JSON document
    (:func:`blackjack_document`); ``fingerprint`` ties every page to the request."""
    named = [(s.strategy, s.horizons) for s in sheet.strategies]
    tables = (
        _strategies_table(sheet),
        volatility_table(
            sheet.settings.confidences,
            [(s.strategy, s.volatility) for s in sheet.strategies],
            "strategy",
        ),
        _outcomes_table(sheet),
        intervals_table(named, "strategy"),
        chances_table(named, "strategy"),
    )
    notes = (
        "≈ columns are rounded; --format json gives every value"
        + (" (exact ones as fractions)." if sheet.exact else " (floats: --float)."),
        "optimal: composition-dependent optimal play; basic: the basic strategy derived for "
        "these rules and this shoe (the chart of `blackjack strategy`).",
        "net: the round's result in units of the initial bet, doubles and splits included; "
        "house edge = −EV; hit freq: P(net > 0); push: P(net = 0); variance: SD² (JSON).",
        "by: " + "; ".join(METHODS.values()) + ". normal: the normal approximation.",
        f"Fingerprint {fingerprint}: a hash of the request and the tool's version.",
    )
    return Report(
        title=f"{TITLE} {fingerprint}",
        blocks=(Text(tuple(textwrap.wrap(describe_blackjack_inputs(sheet), WIDTH))), *tables),
        notes=notes,
        data=blackjack_document(sheet),
        main="strategies",
    )


# -- the JSON document -------------------------------------------------------------------------


def _figure(key: str, value: Fraction, exact: bool) -> dict[str, Any]:
    """``key`` exact and ``key_float`` beside it; in float arithmetic ``key_float`` only."""
    if exact:
        return exact_fields(key, value)
    return {f"{key}_float": to_float(value)}


def _strategy_json(s: StrategySheet) -> dict[str, Any]:
    exact = s.exact
    return {
        **_figure("player_ev", s.ev, exact),
        **_figure("house_edge", s.house_edge, exact),
        **_figure("hit_frequency", s.hit_frequency, exact),
        **_figure("push", s.push, exact),
        **_figure("lose", s.lose, exact),
        **_figure("variance", s.variance, exact),
        "std_dev_float": s.std_dev,
        "largest_win": exact_text(s.largest_win),
        "outcomes": [
            {
                **exact_fields("net", net),
                **_figure("probability", p, exact),
                **_figure("one_in", 1 / p, exact),
            }
            for net, p in s.law.outcomes
        ],
        "volatility": [
            {"confidence": exact_text(c.level), "z_float": c.z, "index_float": index}
            for c, index in s.volatility
        ],
        "rounds": [horizon_document(h, exact_mean=exact) for h in s.horizons],
    }


def blackjack_document(sheet: BlackjackSheet) -> dict[str, Any]:
    """The JSON body of the report: the arithmetic, rules and shoe, the inputs in words
    and each strategy's sheet by name."""
    stats = sheet.stats
    return {
        "arithmetic": "exact" if sheet.exact else "float",
        "rules": stats.rules.to_dict(),
        "shoe": stats.shoe.to_dict(),
        "inputs": describe_blackjack_inputs(sheet),
        "strategies": {s.strategy: _strategy_json(s) for s in sheet.strategies},
    }


# -- the pages ---------------------------------------------------------------------------------


def _strategy_section(f: Figures, s: StrategySheet) -> Section:
    at = f"strategies.{s.strategy}"
    found = f.value(at)
    facts: list[tuple[str, Cell]] = [
        ("house edge", f.percent(f"{at}.house_edge_float")),
        ("EV per round (units of the initial bet)", f.percent(f"{at}.player_ev_float")),
        ("hit frequency (net > 0)", f.percent(f"{at}.hit_frequency_float")),
        ("push (net = 0)", f.percent(f"{at}.push_float")),
        ("variance", f.decimal(f"{at}.variance_float", 4)),
        ("standard deviation", f.decimal(f"{at}.std_dev_float", 4)),
        ("largest win", f.exact(f"{at}.largest_win")),
        *(
            (
                f"volatility index {confidence_figure(f, f'{at}.volatility[{i}].confidence').text}",
                f.decimal(f"{at}.volatility[{i}].index_float", 3),
            )
            for i in range(len(found["volatility"]))
        ),
    ]
    outcomes = PageTable(
        "The round's net result (units of the initial bet)",
        ("net", "probability", "1 in"),
        tuple(
            (
                f.exact(f"{at}.outcomes[{i}].net"),
                f.decimal(f"{at}.outcomes[{i}].probability_float", 8),
                f.decimal(f"{at}.outcomes[{i}].one_in_float", 2),
            )
            for i in range(len(found["outcomes"]))
        ),
    )
    return Section(
        s.strategy,
        f"Strategy: {STRATEGY_NAMES.get(s.strategy, s.strategy)}",
        tuple(facts),
        (outcomes, *horizon_tables(f, f"{at}.rounds")),
        charts(f, f"{at}.rounds", s.horizons, hold=False),
    )


_ROUND = (
    "One round's net result, in units of the initial bet (doubles, splits, the blackjack "
    "and Triple Seven pays, surrender), has its law found by walking every way the round "
    "can be dealt and played — split hands and the dealer jointly — exactly in fractions "
    "(with --float, in floating point); the EV is exactly `blackjack edge`'s, the law "
    "`blackjack round`'s. House edge = −EV; hit frequency = P(net > 0)."
)


def blackjack_sections(sheet: BlackjackSheet, document: Mapping[str, Any]) -> tuple[Section, ...]:
    """The report's sections: each strategy's, then the method."""
    f = Figures(document)
    return (*(_strategy_section(f, s) for s in sheet.strategies), method_section(_ROUND))


def blackjack_markdown(sheet: BlackjackSheet, document: Mapping[str, Any], fingerprint: str) -> str:
    """The report as Markdown: a heading per section, each with the fingerprint."""
    return pages_markdown(TITLE, blackjack_sections(sheet, document), document, fingerprint)


def blackjack_html(sheet: BlackjackSheet, document: Mapping[str, Any], fingerprint: str) -> str:
    """The report as one self-contained HTML page (styles inline, charts as inline SVG)."""
    return pages_html(TITLE, blackjack_sections(sheet, document), document, fingerprint)
