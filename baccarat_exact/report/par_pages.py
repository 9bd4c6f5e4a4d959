"""A PAR sheet as pages to hand over: Markdown, and one self-contained HTML file.

Both are written from the report's JSON document (:func:`baccarat_exact.report.par.par_document`)
— every figure on a page is a value of that document, rounded for reading, and the HTML
names it (``data-json="bets.tie.house_edge_float"``) — so the paper and its JSON twin
cannot disagree. Each section carries the fingerprint of the request and the tool's
version. The HTML has its styles inline and its charts as inline SVG (the distribution of
the net after each number of rounds; the interval narrowing as rounds grow), needs no
network, and prints one section per page, the fingerprint at the foot of each.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

from baccarat_exact.analysis.par import Horizon, ParSheet
from baccarat_exact.model.exact import decimal_text, number_text, to_float
from baccarat_exact.report.par import METHODS
from baccarat_exact.report.svg import Band, bands_chart, bars_chart

__all__ = [
    "TITLE",
    "Cell",
    "Figure",
    "Figures",
    "PageTable",
    "Section",
    "charts",
    "confidence_figure",
    "horizon_tables",
    "lookup",
    "method_section",
    "pages_html",
    "pages_markdown",
    "par_html",
    "par_markdown",
    "sections",
]


@dataclass(frozen=True, slots=True)
class Figure:
    """A value of the JSON document as a page shows it."""

    path: str
    """Where it is in the document: ``bets.banker.lines[0].count``."""
    text: str


Cell = Figure | str


@dataclass(frozen=True, slots=True)
class PageTable:
    """A table of a page: headers, rows of figures and words."""

    caption: str
    headers: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]


@dataclass(frozen=True, slots=True)
class Section:
    """One section of the report (one printed page, or more)."""

    key: str
    title: str
    facts: tuple[tuple[str, Cell], ...]
    tables: tuple[PageTable, ...]
    charts: tuple[str, ...] = ()
    """SVG text (HTML only)."""
    words: tuple[str, ...] = ()


TITLE = "Math report (PAR sheet)"
"""The baccarat report's title."""

_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def lookup(document: Mapping[str, Any], path: str) -> Any:
    """The value at ``path`` in ``document``.

    >>> lookup({"bets": {"dragon-7": {"lines": [{"count": 7}]}}}, "bets.dragon-7.lines[0].count")
    7
    """
    value: Any = document
    for name, index in _PART.findall(path):
        value = value[int(index)] if index else value[name]
    return value


class Figures:
    """Figures of one document, formatted from the values they show."""

    def __init__(self, document: Mapping[str, Any]) -> None:
        self.document = document

    def value(self, path: str) -> Any:
        return lookup(self.document, path)

    def percent(self, path: str, digits: int = 4) -> Cell:
        value = self.value(path)
        return "–" if value is None else Figure(path, f"{_fixed(value, digits, 100)}%")

    def decimal(self, path: str, digits: int = 6) -> Cell:
        value = self.value(path)
        return "–" if value is None else Figure(path, _fixed(value, digits))

    def whole(self, path: str) -> Cell:
        value = self.value(path)
        if value is None:
            return "–"
        return Figure(path, f"{value:,}" if isinstance(value, int) else str(value))

    def exact(self, path: str) -> Cell:
        value = self.value(path)
        return "–" if value is None else Figure(path, str(value))


def _number(value: Any) -> float:
    return float(Fraction(value)) if isinstance(value, str) else float(value)


def _fixed(value: Any, digits: int, scale: int = 1) -> str:
    """A figure (exact text or a float) times ``scale`` to ``digits`` decimals; in
    scientific notation beyond float range."""
    exact = Fraction(value) if isinstance(value, str) else value
    if to_float(exact) is None:
        return decimal_text(exact, digits, scale)
    return number_text(_number(value) * scale, f".{digits}f")


def confidence_figure(f: Figures, path: str) -> Figure:
    level = Fraction(f.value(path)) * 100
    text = f"{level.numerator}%" if level.denominator == 1 else f"{float(level):g}%"
    return Figure(path, text)


def _horizon_rows(f: Figures, at: str, rounds: Sequence[Any], hold: bool) -> list[tuple[Cell, ...]]:

    def show(path: str) -> Cell:
        return f.percent(path, 3) if hold else f.decimal(path, 4)

    rows: list[tuple[Cell, ...]] = []
    for h, horizon in enumerate(rounds):
        for i, _ in enumerate(horizon["intervals"]):
            here = f"{at}[{h}].intervals[{i}]"
            rows.append(
                (
                    f.whole(f"{at}[{h}].rounds"),
                    confidence_figure(f, f"{here}.confidence"),
                    show(f"{here}.low_float"),
                    show(f"{here}.high_float"),
                    show(f"{here}.normal_low_float"),
                    show(f"{here}.normal_high_float"),
                    f.exact(f"{at}[{h}].method"),
                )
            )
    return rows


_INTERVAL_HEADERS = ("rounds", "confidence", "low", "high", "normal low", "normal high", "by")


def _mix_section(f: Figures, sheet: ParSheet) -> Section:
    mix = f.value("mix")
    facts: list[tuple[str, Cell]] = [
        ("hold (share of handle)", f.percent("mix.hold_float")),
        ("SD per round (per unit of handle)", f.decimal("mix.std_dev_float", 4)),
        ("variance per round", f.decimal("mix.variance_float", 6)),
        ("handle per round (shares)", f.exact("mix.handle")),
        *((f"share: {name}", f.exact(f"mix.shares.{name}")) for name in mix["shares"]),
    ]
    if "actual" in mix:
        facts.append(("actual hold", f.percent("mix.actual.hold_float")))
    holds = PageTable(
        "Hold after N rounds: the interval at each confidence",
        _INTERVAL_HEADERS,
        tuple(_horizon_rows(f, "mix.rounds", mix["rounds"], hold=True)),
    )
    headers = ["rounds", "P(table loses)", "normal"]
    rows = []
    for h in range(len(mix["rounds"])):
        row: list[Cell] = [
            f.whole(f"mix.rounds[{h}].rounds"),
            f.decimal(f"mix.rounds[{h}].table_loses.probability_float"),
            f.decimal(f"mix.rounds[{h}].table_loses.normal_float"),
        ]
        if "actual" in mix:
            row += [
                f.decimal(f"mix.actual.p_values[{h}].p_value_float"),
                f.decimal(f"mix.actual.p_values[{h}].normal_float"),
            ]
        rows.append((*row, f.exact(f"mix.rounds[{h}].method")))
    if "actual" in mix:
        headers += ["p-value of the actual hold", "normal"]
    result = PageTable("The table's result after N rounds", (*headers, "by"), tuple(rows))
    names = list(mix["shares"])
    covariances = PageTable(
        "Covariances of the bets' results in one round (per unit staked)",
        ("bet", *names),
        tuple(
            (name, *(f.decimal(f"mix.covariances[{i}][{j}]") for j in range(len(names))))
            for i, name in enumerate(names)
        ),
    )
    drawn: tuple[str, ...] = ()
    if sheet.mix is not None:
        drawn = charts(f, "mix.rounds", sheet.mix.horizons, hold=True)
    return Section("mix", "Bet mix: hold", tuple(facts), (holds, result, covariances), drawn)


def _bet_section(f: Figures, name: str, sheet: ParSheet) -> Section:
    at = f"bets.{name}"
    bet = f.value(at)
    facts: list[tuple[str, Cell]] = [
        ("house edge", f.percent(f"{at}.house_edge_float")),
        ("return to player (RTP)", f.percent(f"{at}.rtp_float")),
        ("hit frequency", f.percent(f"{at}.hit_frequency_float")),
        ("variance", f.decimal(f"{at}.variance_float", 4)),
        ("standard deviation", f.decimal(f"{at}.std_dev_float", 4)),
        ("element of risk", f.percent(f"{at}.element_of_risk_float")),
        ("largest win", f.exact(f"{at}.largest_win")),
        *(
            (
                f"volatility index {confidence_figure(f, f'{at}.volatility[{i}].confidence').text}",
                f.decimal(f"{at}.volatility[{i}].index_float", 3),
            )
            for i in range(len(bet["volatility"]))
        ),
    ]
    rows: list[tuple[Cell, ...]] = [
        (
            f.exact(f"{at}.lines[{i}].name"),
            f.exact(f"{at}.lines[{i}].pays"),
            f.whole(f"{at}.lines[{i}].count"),
            f.decimal(f"{at}.lines[{i}].probability_float", 8),
            f.decimal(f"{at}.lines[{i}].one_in_float", 2),
            f.decimal(f"{at}.lines[{i}].rtp_contribution_float", 6),
        )
        for i in range(len(bet["lines"]))
    ]
    if f.document.get("total") is not None:  # every combination of the cycle, the whole RTP
        rows.append(("total", "", f.whole("total"), "", "", f.decimal(f"{at}.rtp_float", 6)))
    lines = PageTable(
        "Pay table (count: six-card sequences over the cycle)",
        ("line", "pays (to 1)", "count", "probability", "1 in", "RTP contribution"),
        tuple(rows),
    )
    horizons = next(b.horizons for b in sheet.bets if b.name == name)
    title, rule = _bet_words(name)
    return Section(
        name,
        f"Bet: {title} ({name})" if title else f"Bet: {name}",
        tuple(facts),
        (lines, *horizon_tables(f, f"{at}.rounds")),
        charts(f, f"{at}.rounds", horizons, hold=False),
        words=(f"Wins when: {rule}",) if rule else (),
    )


def _bet_words(name: str) -> tuple[str, str]:
    """A catalogued side bet's title and its rule in words (empty for the main bets and
    bets defined in a file, which the catalogue does not describe)."""
    from baccarat_exact.errors import BetError
    from baccarat_exact.model.catalogue import find_side_bet

    try:
        entry = find_side_bet(name)
    except BetError:
        return "", ""
    return entry.title, entry.rule


def horizon_tables(f: Figures, at: str) -> tuple[PageTable, PageTable]:
    """The interval of the average net per round and the chances after each number of
    rounds, from the horizons at ``at`` in the document (``bets.banker.rounds``)."""
    rounds = f.value(at)
    intervals = PageTable(
        "Average net per round after N rounds: the interval at each confidence",
        _INTERVAL_HEADERS,
        tuple(_horizon_rows(f, at, rounds, hold=False)),
    )
    headers = ["rounds", "P(ahead)", "normal", "error"]
    for loss in rounds[0]["losses"] if rounds else ():
        headers += [f"P(lose more than {loss['loss']})", "normal", "error"]
    rows = []
    for h, horizon in enumerate(rounds):
        here = f"{at}[{h}]"
        row: list[Cell] = [f.whole(f"{here}.rounds")]
        for chance in [f"{here}.ahead"] + [
            f"{here}.losses[{k}]" for k in range(len(horizon["losses"]))
        ]:
            row += [
                f.decimal(f"{chance}.probability_float"),
                f.decimal(f"{chance}.normal_float"),
                f.decimal(f"{chance}.normal_error_float"),
            ]
        rows.append((*row, f.exact(f"{here}.method")))
    chances = PageTable(
        "Chances after N rounds (ahead: net above 0)", (*headers, "by"), tuple(rows)
    )
    return intervals, chances


def charts(f: Figures, at: str, horizons: Sequence[Horizon], *, hold: bool) -> tuple[str, ...]:
    """The interval narrowing with N, and the law of the net (or hold) after each N."""
    rounds = f.value(at)
    if not rounds:
        return ()
    sign = -1.0 if hold else 1.0
    centre = to_float(horizons[0].mean)
    if centre is None:  # beyond float range: nothing a chart can draw
        return ()
    mean = sign * centre
    bands = []
    for i in range(len(rounds[0]["intervals"])):
        level = confidence_figure(f, f"{at}[0].intervals[{i}].confidence").text
        lows = tuple(r["intervals"][i]["low_float"] for r in rounds)
        highs = tuple(r["intervals"][i]["high_float"] for r in rounds)
        bands.append(Band(level, lows, highs))
    what = "hold" if hold else "average net per round"
    drawn = [
        bands_chart(
            f"The {what}: interval at each confidence as rounds grow",
            [r["rounds"] for r in rounds],
            bands,
            mean,
            y_label="hold (share of handle)" if hold else "units per round",
            percent=hold,
        )
    ]
    for horizon in horizons:
        n = horizon.rounds
        if hold:
            points = [(-x, mass) for x, mass in reversed(horizon.shape)]
            label = "hold (share of handle)"
        else:
            points = [(x * n, mass) for x, mass in horizon.shape]
            label = "net after the rounds (units)"
        if not points:  # a law given by its normal approximation alone: no bars to draw
            continue
        expected = mean * (1 if hold else n)
        drawn.append(
            bars_chart(
                f"after {n:,} rounds",
                points,
                x_label=label,
                marker=0.0,
                expected=expected,
                percent=hold,
            )
        )
    return tuple(drawn)


def method_section(one_round: str) -> Section:
    """How the figures are found: ``one_round`` (how one round's law is found), then the
    volatility index, the law after N rounds and its interval, and the JSON twin."""
    return Section(
        "method",
        "How the figures are found",
        (),
        (),
        words=(
            one_round,
            "The volatility index is z × SD, z the two-sided normal quantile of the confidence.",
            "After N rounds, each dealt independently from the shoe, the law of the total is "
            "the N-fold convolution of one round's. "
            + " ".join(f"{text[0].upper()}{text[1:]}." for text in METHODS.values()),
            "The interval [a, b] at confidence c holds the average with probability at least "
            "c: a is the highest value with P(average < a) ≤ (1 − c)/2, b the lowest with "
            "P(average > b) ≤ (1 − c)/2. Normal: the normal approximation EV ± z × SD/√N; "
            "error = normal − the law's.",
            "The JSON twin of this report (--format json) records the request; "
            "baccarat-exact check recomputes every figure from it.",
        ),
    )


def sections(sheet: ParSheet, document: Mapping[str, Any]) -> tuple[Section, ...]:
    """The report's sections: the mix's (when asked), each bet's, then the method."""
    f = Figures(document)
    found = [_mix_section(f, sheet)] if "mix" in document else []
    found += [_bet_section(f, name, sheet) for name in document["bets"]]
    return (*found, method_section(_COUNTED))


_COUNTED = (
    "Every probability of one round is counted exactly over the six-card sequences of the "
    "shoe; RTP is 1 + EV (the stake comes back with a win or a push), and a pay line's "
    "contribution is (pays + 1) × its probability."
)


# -- Markdown ---------------------------------------------------------------------------------


def _md_cell(cell: Cell) -> str:
    text = cell.text if isinstance(cell, Figure) else cell
    return text.replace("|", "\\|")


def _md_table(headers: Sequence[str], rows: Sequence[Sequence[Cell]]) -> list[str]:
    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join(_md_cell(cell) for cell in row) + " |" for row in rows]
    return lines


def par_markdown(sheet: ParSheet, document: Mapping[str, Any], fingerprint: str) -> str:
    """The report as Markdown: a heading per section, each with the fingerprint."""
    return pages_markdown(TITLE, sections(sheet, document), document, fingerprint)


def pages_markdown(
    title: str, found: Sequence[Section], document: Mapping[str, Any], fingerprint: str
) -> str:
    """``found`` as Markdown under ``title``: the document's inputs in words, then a heading
    per section, each with the fingerprint."""
    stamp = f"Fingerprint `{fingerprint}` · baccarat-exact {document['version']['baccarat_exact']}"
    parts = [f"# {title}", "", document["inputs"], "", stamp]
    for section in found:
        parts += ["", f"## {section.title}", "", stamp]
        if section.facts:
            parts += ["", *_md_table(("figure", "value"), section.facts)]
        for table in section.tables:
            parts += ["", f"**{table.caption}**", "", *_md_table(table.headers, table.rows)]
        for words in section.words:
            parts += ["", words]
    return "\n".join(parts) + "\n"


# -- HTML -------------------------------------------------------------------------------------

_STYLE = """
body { font: 14px/1.45 Georgia, 'Times New Roman', serif; color: #111; margin: 2em auto;
       max-width: 60em; padding: 0 1em; }
h1 { font-size: 1.6em; margin: 0 0 .3em; } h2 { font-size: 1.25em; margin: 1.4em 0 .4em; }
.meta, footer { font: 12px/1.4 'Helvetica Neue', Arial, sans-serif; color: #444; }
.fingerprint { font-family: 'Courier New', monospace; }
table { border-collapse: collapse; margin: .5em 0 1em; font: 12px/1.3 'Helvetica Neue', Arial,
        sans-serif; }
caption { text-align: left; font-weight: bold; padding: .3em 0; }
th, td { padding: .2em .6em; border-bottom: 1px solid #ddd; text-align: right; }
th:first-child, td:first-child { text-align: left; }
dl.facts { display: grid; grid-template-columns: max-content max-content; gap: .1em 1.5em;
           font: 13px/1.4 'Helvetica Neue', Arial, sans-serif; }
dl.facts dd { margin: 0; text-align: right; }
.charts { display: flex; flex-wrap: wrap; gap: .5em; }
svg.chart { width: 320px; height: auto; } svg.chart:first-child { width: 100%; max-width: 640px; }
svg .axis, svg .legend { font: 10px sans-serif; fill: #333; }
svg .heading { font: bold 11px sans-serif; fill: #111; }
svg .grid { stroke: #e4e4e4; stroke-width: 1; }
svg .bar { fill: #4a6fa5; } svg .mean { stroke: #b22; stroke-width: 1.5; stroke-dasharray: 4 3; }
svg .even { stroke: #333; stroke-width: 1; }
svg .band { stroke: none; } svg .whisker { stroke-width: 3; }
svg .legend { fill: #234f94; }
svg .band0 { fill: #dbe5f3; stroke: #9db3d6; } svg .band1 { fill: #b7cbe8; stroke: #6f91c4; }
svg .band2 { fill: #8fb0dd; stroke: #3e6aad; } svg .band3 { fill: #6d96d0; stroke: #234f94; }
.running { display: none; }
@media print {
  body { margin: 0; max-width: none; font-size: 11px; }
  section { break-before: page; } section:first-of-type { break-before: auto; }
  table, svg.chart, dl.facts { break-inside: avoid; }
  .running { display: block; position: fixed; bottom: 0; left: 0; right: 0; }
  section > footer { display: none; }
  @page { margin: 14mm 12mm 18mm; }
}
"""


def _html_cell(cell: Cell, tag: str = "td") -> str:
    if isinstance(cell, Figure):
        return f'<{tag} data-json="{escape(cell.path)}">{escape(cell.text)}</{tag}>'
    return f"<{tag}>{escape(cell)}</{tag}>"


def _html_table(table: PageTable) -> list[str]:
    rows = [
        "<table>",
        f"<caption>{escape(table.caption)}</caption>",
        "<thead><tr>" + "".join(f"<th>{escape(h)}</th>" for h in table.headers) + "</tr></thead>",
        "<tbody>",
    ]
    rows += ["<tr>" + "".join(_html_cell(cell) for cell in row) + "</tr>" for row in table.rows]
    rows += ["</tbody>", "</table>"]
    return rows


def par_html(sheet: ParSheet, document: Mapping[str, Any], fingerprint: str) -> str:
    """The report as one self-contained HTML file (styles inline, charts as inline SVG)."""
    return pages_html(TITLE, sections(sheet, document), document, fingerprint)


def pages_html(
    title: str, found: Sequence[Section], document: Mapping[str, Any], fingerprint: str
) -> str:
    """``found`` as one self-contained HTML page under ``title`` (styles inline, charts
    as inline SVG), the fingerprint in the header and at the foot of every section."""
    version = document["version"]["baccarat_exact"]
    stamp = (
        f'fingerprint <span class="fingerprint">{escape(fingerprint)}</span> · baccarat-exact '
        f'<span data-json="version.baccarat_exact">{escape(version)}</span>'
    )
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>{escape(title)} {escape(fingerprint)}</title>",
        f"<style>{_STYLE}</style>",
        "</head>",
        "<body>",
        "<header>",
        f"<h1>{escape(title)}</h1>",
        f'<p class="inputs" data-json="inputs">{escape(document["inputs"])}</p>',
        f'<p class="meta">{stamp}</p>',
        "</header>",
    ]
    for section in found:
        parts += [f'<section id="{escape(section.key)}">', f"<h2>{escape(section.title)}</h2>"]
        if section.facts:
            parts.append('<dl class="facts">')
            for label, cell in section.facts:
                parts.append(f"<dt>{escape(label)}</dt>{_html_cell(cell, 'dd')}")
            parts.append("</dl>")
        for table in section.tables:
            parts += _html_table(table)
        if section.charts:
            parts += ['<div class="charts">', *section.charts, "</div>"]
        parts += [f"<p>{escape(words)}</p>" for words in section.words]
        parts += [f'<footer class="meta">{stamp}</footer>', "</section>"]
    parts += [f'<div class="running meta">{stamp}</div>', "</body>", "</html>"]
    return "\n".join(parts) + "\n"
