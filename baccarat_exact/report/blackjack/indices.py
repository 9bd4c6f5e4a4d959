"""The report of ``baccarat-exact blackjack indices``: the index of each decision, the
bracket around it, the averaged gain at every true count, and the settings."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from baccarat_exact.analysis.blackjack.decisions import Decision
from baccarat_exact.analysis.blackjack.indices import BlackjackIndices, CountPoint, DecisionIndex
from baccarat_exact.analysis.estimates import estimate_cells
from baccarat_exact.report.describe import describe_shoe
from baccarat_exact.report.model import Cell, Column, Report, Table
from baccarat_exact.report.render import tables_document

__all__ = ["index_text", "indices_report", "play_text"]

_OTHER = {
    "decline": "",
    "hit": "not hit",
    "stand": "not stand",
    "stand or hit": "not stand/hit",
    "best other": "not best other",
}


def play_text(decision: Decision) -> str:
    """``stand, not hit``: the index play and what it replaces.

    >>> from baccarat_exact.analysis.blackjack.decisions import DECISIONS
    >>> play_text(DECISIONS[1]), play_text(DECISIONS[0])
    ('stand, not hit', 'insure')
    """
    other = _OTHER[decision.other]
    return f"{decision.play}, {other}" if other else decision.play


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def index_text(found: DecisionIndex) -> str:
    """``≥ +1``, ``≤ −2``, ``every count``, ``no count`` or ``—``."""
    if found.status == "none":
        return "—"
    if found.status == "always":
        return "every count"
    if found.status == "never":
        return "no count"
    assert found.index is not None
    mark = "≥" if found.direction == ">=" else "≤"
    return f"{mark} {_signed(found.index)}" + (" ?" if found.status == "noisy" else "")


def _point(found: DecisionIndex, point: CountPoint | None, d: int) -> tuple[Cell, ...]:
    if point is None:
        return None, None, None
    return (float(point.true_count), *estimate_cells(point.differences[d]))


def indices_report(result: BlackjackIndices) -> Report:
    """The index table first, then the brackets, the gain by true count and the settings."""
    s = result.settings
    main = Table(
        f"Index plays, {s.count.name}, {_decks(s.cards_left)} left "
        "(the play is made at the index and beyond)",
        (
            Column("decision"),
            Column("index play", key="play"),
            Column("index"),
            Column("crossing", "decimal", 2),
            Column("± SE", "decimal", 2, key="crossing_se_float"),
        ),
        tuple(
            (
                found.decision.label,
                play_text(found.decision),
                index_text(found),
                found.crossing,
                found.crossing_se,
            )
            for found in result.indices
        ),
        name="indices",
    )
    bracket = Table(
        "Bracket: the averaged gain of the index play at the counts around the crossing "
        "(% of a unit)",
        (
            Column("decision"),
            Column("TC below", "decimal", 2, key="below_true_count_float"),
            Column("gain", "percent", 2, key="below_gain_float"),
            Column("± SE", "percent", 2, key="below_gain_se_float"),
            Column("TC above", "decimal", 2, key="above_true_count_float"),
            Column("gain", "percent", 2, key="above_gain_float"),
            Column("± SE", "percent", 2, key="above_gain_se_float"),
        ),
        tuple(
            (
                found.decision.label,
                *_point(found, found.below, d),
                *_point(found, found.above, d),
            )
            for d, found in enumerate(result.indices)
        ),
        name="bracket",
    )
    gains = Table(
        "Gain of the index play by true count (% of a unit per time it arises)",
        (
            Column("decision"),
            Column("true count", "decimal", 2),
            Column("running count", "int"),
            Column("gain", "percent", 3),
            Column("± SE", "percent", 3, key="gain_se_float"),
        ),
        tuple(
            (
                decision.label,
                float(point.true_count),
                point.running_count,
                *estimate_cells(point.differences[d]),
            )
            for d, decision in enumerate(s.decisions)
            for point in result.points
            if point.possible
        ),
        name="gains",
    )
    impossible = [p for p in result.points if not p.possible]
    settings = Table(
        "Settings",
        (Column("setting"), Column("value", wrap=56)),
        (
            ("shoe", describe_shoe(s.shoe)),
            ("rules", s.rules.summary(decks=False)),
            ("count", f"{s.count.name}: {s.count.label()}"),
            ("depth", f"{s.cards_left} cards left ({_decks(s.cards_left)}), before the round"),
            (
                "true counts",
                f"{s.true_counts[0]:+d} to {s.true_counts[-1]:+d}"
                + (f" ({len(impossible)} impossible at this depth)" if impossible else ""),
            ),
            ("samples", f"{s.samples:,} shoes per true count"),
            ("seed", str(s.seed)),
            ("arithmetic", "exact" if s.exact else "float"),
        ),
        name="settings",
    )
    notes = [
        "At each true count the cards gone are drawn exactly from their law given the running "
        "count (docs/indices.md); every drawn shoe values both moves exactly for every "
        "two-card hand of the decision (hard totals: no pairs, no soft hands), the best play "
        "after each card, weighted by the chance the decision arises.",
        "gain: EV(index play) − EV(other move) per time the decision arises (after the peek "
        "with a hole card), averaged over the shoes with the cards left as control variates "
        "(their exact means known); ± one standard error.",
        "crossing: where the gain crosses zero, linear between the two counts around it; "
        "index: the nearest integer, the way published tables round it (≥: make the play at "
        "that true count and above; ≤: at that count and below). every count / no count: "
        "the play gains at every count of the range / at none. ?: the gain crosses zero more "
        "than once (noise): more samples settle it.",
    ]
    if s.count.irc is not None:
        notes.append(
            f"{s.count.name} is unbalanced: its counts (true count, index, crossing) are running "
            f"counts from its initial running count ({s.start // s.count.unit:+d} for this shoe), "
            "as its players read them, not counts per deck."
        )
    if not s.exact:
        notes.append(
            "Float arithmetic (--float): each shoe's values agree with the exact ones to about "
            "1e-12, far below the ± of the average."
        )
    report = Report(
        title=f"Blackjack index plays: {describe_shoe(s.shoe)}; {s.rules.summary(decks=False, play=True)}",
        blocks=(main, bracket, gains, settings),
        notes=tuple(notes),
        main="indices",
    )
    body: dict[str, Any] = {
        "shoe": s.shoe.to_dict(),
        "rules": s.rules.to_dict(),
        "count": {"name": s.count.name, "tags": s.count.label()},
        "cards_left": s.cards_left,
        "decks_left": str(s.decks_left),
        "samples": s.samples,
        "seed": s.seed,
        "arithmetic": "exact" if s.exact else "float",
        "indices": [
            {
                "key": found.decision.key,
                "status": found.status,
                "direction": found.direction or None,
                "index": found.index,
                "crossing_float": found.crossing,
                "crossing_se_float": found.crossing_se,
            }
            for found in result.indices
        ],
        **tables_document(report),
    }
    return replace(report, data=body)


def _decks(cards: int) -> str:
    decks = cards / 52
    text = f"{decks:.2f}".rstrip("0").rstrip(".")
    return f"{text} deck{'s' if decks != 1 else ''}"
