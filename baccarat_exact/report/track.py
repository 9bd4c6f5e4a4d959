"""The report of ``baccarat-exact track``: one row per line that moved the shoe.

A track is read as its rounds arrive (a live shoe from standard input), so its report
is made row by row: :func:`step_row` is a step's row of the ``steps`` table, which
:func:`track_report` gathers into the whole report (JSON, Markdown, LaTeX, and what
``check`` compares) and :class:`LiveTrack` writes as each step comes (the table view
and CSV). The live table is laid out for the terminal's width — 80 columns hold the
main bets with every column — and rounds its decimals; CSV and JSON keep every value
exact, with its decimal beside it.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from baccarat_exact.analysis.track import Tracking, TrackProblem, TrackStep
from baccarat_exact.model.bets import Bet
from baccarat_exact.model.exact import decimal_text, exact_fields, int_text
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.report.describe import describe_rules, describe_shoe
from baccarat_exact.report.model import (
    Cell,
    Column,
    Format,
    Report,
    Table,
    identifier,
)

__all__ = ["LiveTrack", "step_row", "track_report", "track_table"]

TABLE = "steps"
"""What ``--table`` calls the one table of a track."""

LEGEND = (
    "EV of the next round per unit staked, ≈ % (rounded; csv and json: exact).",
    "+ marks a positive EV, S a surebet (it wins with probability over 90 %).",
)


def _title(shoe: Shoe, rules: Rules) -> str:
    return f"Tracking {describe_shoe(shoe)}; {describe_rules(rules)}"


def track_table(bets: Sequence[Bet], rows: tuple[tuple[Cell, ...], ...] = ()) -> Table:
    """The ``steps`` table: the line, what it dealt, how the round ended, the cards left,
    and each bet's EV and chance of winning for the next round, and its marks."""
    columns = [
        Column("line", "int"),
        Column("kind"),
        Column("cards"),
        Column("round"),
        Column("left", "int", key="cards_left"),
    ]
    for bet in bets:
        key = identifier(bet.name)
        columns += [
            Column(f"{bet.name} EV", "percent", 3, key=f"{key}_ev"),
            Column(f"{bet.name} P(win)", "percent", 3, key=f"{key}_win"),
            Column(f"{bet.name} +", "bool", key=f"{key}_positive"),
            Column(f"{bet.name} S", "bool", key=f"{key}_surebet"),
        ]
    return Table(
        "EV of the next round per unit staked, after each line", tuple(columns), rows, TABLE
    )


def step_row(step: TrackStep, bets: int) -> tuple[Cell, ...]:
    """A step's row of :func:`track_table` (``bets`` priced; empty cells for a shoe too
    small to deal a round)."""
    cards = " ".join(str(card) for card in step.cards)
    row: list[Cell] = [step.line, step.kind, cards, step.round_text, step.shoe.cards]
    if step.bets is None:
        return (*row, *(None,) * (4 * bets))
    for state in step.bets:
        row += [state.ev, state.win, state.ev > 0, state.surebet]
    return tuple(row)


def _step_json(step: TrackStep) -> dict[str, Any]:
    event = step.event
    return {
        "line": step.line,
        "kind": step.kind,
        "cards": [str(card) for card in step.cards],
        "round": None
        if event is None
        else {"player": event.player, "banker": event.banker, "winner": event.outcome.value},
        "cards_left": step.shoe.cards,
        "bets": None
        if step.bets is None
        else {
            s.name: {
                **exact_fields("ev", s.ev),
                **exact_fields("win", s.win),
                "positive": s.ev > 0,
                "surebet": s.surebet,
            }
            for s in step.bets
        },
    }


def track_report(tracking: Tracking) -> Report:
    """The whole track, its steps read to the end: the ``steps`` table, and the document
    (the shoe, rules and bets as priced, every step and every line that could not be
    used)."""
    rows: list[tuple[Cell, ...]] = []
    steps: list[dict[str, Any]] = []
    errors: list[dict[str, Any]] = []
    for step in tracking.steps:
        if isinstance(step, TrackProblem):
            errors.append({"line": step.line, "text": step.text, "message": step.message})
            continue
        rows.append(step_row(step, len(tracking.bets)))
        steps.append(_step_json(step))
    return Report(
        title=_title(tracking.shoe, tracking.rules),
        blocks=(track_table(tracking.bets, tuple(rows)),),
        notes=LEGEND,
        data={
            "shoe": tracking.shoe.to_dict(),
            "rules": tracking.rules.to_dict(),
            "bets": [bet.name for bet in tracking.bets],
            "steps": steps,
            "errors": errors,
        },
    )


# -- written as the rounds come ---------------------------------------------------------

_CARDS = 17
"""Width of the cards column: six suited cards (``5h Ks 9c 2d 7s 3h``)."""
_EV = 8
"""Width of an EV: ``-15.746%`` (one more, ``-100.000%``, takes the space before it)."""


class LiveTrack:
    """A track's text written as it goes, in the table view or CSV: :meth:`opening`,
    then :meth:`row` for each step as it comes; each returns the text to write.

    The table view fits ``width`` columns: the line, the cards, the cards left and each
    bet's EV (≈ %, three decimals, then its marks), and the round's totals where they fit;
    what does not fit is left out — the bets the user named (``named``) are kept first,
    then the others from the left — and the opening says so. CSV writes what
    :func:`track_report` would, row by row.
    """

    def __init__(
        self, tracking: Tracking, fmt: Format, width: int = 80, named: Sequence[str] = ()
    ) -> None:
        self.tracking, self.fmt, self.width = tracking, fmt, width
        self.names = [bet.name for bet in tracking.bets]
        self.widths = [max(len(name), _EV) for name in self.names]
        fixed = 4 + 2 + _CARDS + 2 + 4
        room = width - fixed
        wanted = [i for i, name in enumerate(self.names) if name in named]
        order = wanted + [i for i in range(len(self.names)) if i not in wanted]
        shown: set[int] = set()
        for i in order:
            if room < 1 + self.widths[i] + 2:
                break
            room -= 1 + self.widths[i] + 2
            shown.add(i)
        # the first bet wanted, however narrow the terminal
        self.shown = sorted(shown or {order[0]}) if order else []
        self.round_shown = room >= 2 + 7

    def opening(self) -> str:
        """The title, legend and column heads (table), or the header row (CSV)."""
        if self.fmt is Format.csv:
            return self._csv(()).split("\n", 1)[0] + "\n"
        texts = [_title(self.tracking.shoe, self.tracking.rules), *LEGEND]
        left_out = ([] if self.round_shown else ["round"]) + [
            name for i, name in enumerate(self.names) if i not in self.shown
        ]
        if left_out:
            texts.append(
                f"Not shown for width: {', '.join(left_out)} (a wider terminal, or "
                "--format csv, shows them)."
            )
        lines = [
            line
            for text in texts
            for line in textwrap.wrap(
                text, self.width, break_long_words=False, break_on_hyphens=False
            )
        ]
        head = self._line(
            "line",
            "cards",
            "round",
            "left",
            self._kept([f" {n:>{w}}  " for n, w in zip(self.names, self.widths)]),
        )
        rule = self._line(
            "-" * 4,
            "-" * _CARDS,
            "-" * 7,
            "-" * 4,
            self._kept([f" {'-' * w}  " for w in self.widths]),
        )
        return "\n".join([*lines, "", head, rule, ""])

    def row(self, step: TrackStep) -> str:
        """One step's line."""
        if self.fmt is Format.csv:
            return self._csv((step_row(step, len(self.names)),)).split("\n", 1)[1]
        cards = " ".join(str(card) for card in step.cards) if step.cards else "(shoe)"
        if len(cards) > _CARDS:
            cards = cards[: _CARDS - 1] + "…"
        event = step.event
        round_text = step.kind if event is None else f"P {event.player} B {event.banker}"
        if step.bets is None:
            cells = ["  under 6 cards: no round priced"]
        else:
            cells = self._kept(
                [
                    f" {decimal_text(state.ev, 3, 100) + '%':>{size}}"
                    + ("+" if state.ev > 0 else " ")
                    + ("S" if state.surebet else " ")
                    for state, size in zip(step.bets, self.widths)
                ]
            )
        left = int_text(step.shoe.cards)
        return self._line(str(step.line), cards, round_text, left, cells) + "\n"

    def _kept(self, cells: list[str]) -> list[str]:
        """The cells of the bets shown, in the bets' order."""
        return [cells[i] for i in self.shown]

    def _line(self, line: str, cards: str, round_text: str, left: str, cells: list[str]) -> str:
        text = f"{line:>4}  {cards:<{_CARDS}}"
        if self.round_shown:
            text += f"  {round_text:<7}"
        text += f"  {left:>4}" + "".join(cells)
        return text.rstrip()

    def _csv(self, rows: tuple[tuple[Cell, ...], ...]) -> str:
        from baccarat_exact.report.render import render_csv

        table = track_table(self.tracking.bets, rows)
        return render_csv(Report("", (table,)))
