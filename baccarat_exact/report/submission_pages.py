"""The submission's pages: sections of figures read from its JSON document, which the
report's Markdown and HTML writers (:mod:`.par_pages`) lay out, every figure tied to its
place in the document (``data-json`` in HTML)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from baccarat_exact.analysis.submission import Submission
from baccarat_exact.report.par_pages import (
    Cell,
    Figure,
    Figures,
    PageTable,
    Section,
    pages_html,
    pages_markdown,
)
from baccarat_exact.report.submission import REGULATION, decks_text

__all__ = ["TITLE", "sections", "submission_html", "submission_markdown"]

TITLE = "Game submission: the math of one wager"
"""The pages' title."""


def _answer(f: Figures) -> Section:
    top = f.value("top_award")
    facts: list[tuple[str, Cell]] = [
        ("bet", Figure("bet", str(f.value("bet")))),
        ("house edge", f.percent("house_edge")),
        ("house edge, exact", f.exact("house_edge")),
        ("hold (win / drop)", f.percent("hold.hold")),
        ("theoretical win an hour", f.decimal("hold.win_per_hour", 2)),
    ]
    if f.value("advantage") is not None:
        trigger = f.decimal("advantage.count.trigger_true_count_float", 2)
        facts.append(("trigger true count", trigger))
    words = (f.value("top_award.verdict"),) if top is not None else ()
    return Section("answer", "The answer", tuple(facts), (), words=words)


def _edges(f: Figures) -> Section:
    tables = f.value("pay_tables")
    headers = ("decks", *(str(table["name"]) for table in tables))
    rows = tuple(
        (
            decks_text(row["decks"]),
            *(f.percent(f"pay_tables[{t}].by_decks[{r}].house_edge") for t in range(len(tables))),
        )
        for r, row in enumerate(tables[0]["by_decks"])
    )
    pays = tuple(
        (
            str(table["name"]),
            ", ".join(f"{line['line']}: {line['pays']}" for line in table["lines"]),
            f.percent(f"pay_tables[{t}].house_edge"),
        )
        for t, table in enumerate(tables)
    )
    return Section(
        "house-edge",
        "House edge by decks and pay table",
        (),
        (
            PageTable("House edge (∞: the infinite shoe, the limit)", headers, rows),
            PageTable("Pay tables on this shoe", ("pay table", "pays (to 1)", "house edge"), pays),
        ),
    )


def _lines(f: Figures) -> Section:
    rows = tuple(
        (
            str(line["line"]),
            Figure(f"lines[{i}].pays", f"{line['pays']} to 1"),
            f.decimal(f"lines[{i}].true_odds", 4),
            f.decimal(f"lines[{i}].probability", 8),
            f.exact(f"lines[{i}].probability"),
        )
        for i, line in enumerate(f.value("lines"))
    )
    top: tuple[tuple[str, Cell], ...] = ()
    if f.value("top_award") is not None:
        top = (
            ("top award", Figure("top_award.line", str(f.value("top_award.line")))),
            ("1 in", f.decimal("top_award.one_in", 2)),
            ("1 in, exact", f.exact("top_award.one_in")),
            ("passes GLI-11 §4.8.2", Figure("top_award.passes", str(f.value("top_award.passes")))),
        )
    headers = ("line", "payout odds", "true odds (to 1)", "probability", "probability, exact")
    return Section(
        "lines",
        "True odds and payout odds",
        top,
        (PageTable("Every pay line", headers, rows),),
        words=(REGULATION,),
    )


def _hold(f: Figures) -> Section:
    names = (
        ("average bet", "average_bet"),
        ("decisions an hour", "decisions_per_hour"),
        ("buy-in an hour (average bets)", "buy_in"),
        ("handle an hour", "handle_per_hour"),
        ("theoretical win an hour", "win_per_hour"),
        ("drop an hour", "drop_per_hour"),
        ("handle per unit of drop", "handle_per_drop"),
    )
    facts: list[tuple[str, Cell]] = [(label, f.exact(f"hold.{key}")) for label, key in names]
    facts.append(("hold (win / drop)", f.percent("hold.hold")))
    words = (
        "Theoretical win = house edge × average bet × decisions an hour; hold = win / drop "
        "= house edge × decisions an hour / buy-in an hour.",
    )
    return Section("hold", "Hold versus drop", tuple(facts), (), words=words)


def _advantage(f: Figures) -> Section:
    if f.value("advantage") is None:
        why = f"No advantage-play section: {f.value('no_advantage')}."
        return Section("advantage", "Advantage play", (), (), words=(why,))
    effects = tuple(
        (
            str(row["card"]),
            f.whole(f"advantage.effects[{i}].cards"),
            f.decimal(f"advantage.effects[{i}].effect", 8),
            f.whole(f"advantage.effects[{i}].tag"),
        )
        for i, row in enumerate(f.value("advantage.effects"))
    )
    facts: list[tuple[str, Cell]] = [
        ("count", Figure("advantage.count.label", str(f.value("advantage.count.label")))),
        ("betting correlation", f.decimal("advantage.count.correlation_float", 4)),
        ("EV per true count", f.decimal("advantage.count.ev_per_true_count", 6)),
        ("trigger true count", f.decimal("advantage.count.trigger_true_count_float", 2)),
    ]
    words: list[str] = []
    run = f.value("advantage.run")
    if run is not None:
        for label, key, digits in (
            ("share of hands bet", "trigger_share", 4),
            ("won per 100 hands", "won_per_100", 4),
            ("won an hour", "won_per_hour", 4),
        ):
            value = f.decimal(f"advantage.run.{key}_float", digits)
            se = f.decimal(f"advantage.run.{key}_se_float", digits)
            shown = value.text if isinstance(value, Figure) else value
            plus = se.text if isinstance(se, Figure) else se
            facts.append((label, Figure(f"advantage.run.{key}_float", f"{shown} ± {plus}")))
        words.append(
            f"Counted run: {run['shoes']:,} shoes dealt from seed {run['seed']} by the fast "
            "counting mode, one unit bet at the trigger true count and above; ± is one "
            "standard error over shoes."
        )
    else:
        words.append(f"No counted run: {f.value('advantage.no_run')}.")
    return Section(
        "advantage",
        "Advantage play",
        tuple(facts),
        (
            PageTable(
                "Effects of removal and the count's tags",
                ("card", "cards", "effect", "tag"),
                effects,
            ),
        ),
        words=tuple(words),
    )


def sections(result: Submission, document: Mapping[str, Any]) -> tuple[Section, ...]:
    """The pages: the answer, the house edge, the pay lines, hold, advantage play."""
    f = Figures(document)
    return (_answer(f), _edges(f), _lines(f), _hold(f), _advantage(f))


def submission_markdown(result: Submission, document: Mapping[str, Any], fingerprint: str) -> str:
    """The submission as Markdown: a heading per section, each with the fingerprint."""
    return pages_markdown(TITLE, sections(result, document), document, fingerprint)


def submission_html(result: Submission, document: Mapping[str, Any], fingerprint: str) -> str:
    """The submission as one self-contained HTML page, the fingerprint on every section."""
    return pages_html(TITLE, sections(result, document), document, fingerprint)
