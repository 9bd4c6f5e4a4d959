"""The report of ``baccarat-exact track``, written as rounds arrive.

A table and CSV are written line by line (a live shoe is tracked from standard
input); the JSON document is written once the input ends. The shoe and rules
describe themselves (``to_dict``).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from baccarat_exact.analysis.track import TrackProblem, TrackStep
from baccarat_exact.model.bets import Bet
from baccarat_exact.model.exact import decimal_text, exact_text, int_text, to_float
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.report.describe import describe_rules, describe_shoe
from baccarat_exact.report.documents import envelope
from baccarat_exact.report.model import Format
from baccarat_exact.report.render import dumps_json

__all__ = ["TrackReport"]

SCHEMA = 1

_CARDS_WIDTH = 17
_ROUND_WIDTH = 18


class _TableWriter:
    """Rows of a track as aligned text, written as each round arrives."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self.width = max(11, *(len(n) + 2 for n in self.names))

    def header(self) -> str:
        """Column titles and a rule."""
        titles = f"{'line':>4}  {'cards':<{_CARDS_WIDTH}} {'round':<{_ROUND_WIDTH}} {'left':>4}"
        titles += "".join(f"  {n:>{self.width}}" for n in self.names)
        return f"{titles}\n{'-' * len(titles)}"

    def row(self, step: TrackStep) -> str:
        """One line: cards, how the round ended, cards left, each bet's EV (≈ %) and marks."""
        cards = " ".join(str(card) for card in step.cards) if step.cards else "(shoe)"
        text = f"{step.line:>4}  {cards:<{_CARDS_WIDTH}} {step.round_text:<{_ROUND_WIDTH}} {int_text(step.shoe.cards):>4}"
        for state in step.bets or ():
            mark = ("+" if state.ev > 0 else " ") + ("S" if state.surebet else " ")
            text += f"  {decimal_text(state.ev, 4, 100):>{self.width - 3}}%{mark}"
        if step.bets is None:
            text += "  fewer than 6 cards left: no round can be priced"
        return text.rstrip()


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
                "ev": exact_text(s.ev),
                "ev_float": to_float(s.ev),
                "win": exact_text(s.win),
                "positive": s.ev > 0,
                "surebet": s.surebet,
            }
            for s in step.bets
        },
    }


def _csv_line(values: Sequence[Any]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="").writerow(values)
    return out.getvalue()


def _csv_row(step: TrackStep, names: Sequence[str]) -> list[Any]:
    cards = " ".join(str(card) for card in step.cards)
    values: list[Any] = [step.line, step.kind, cards, step.round_text, int_text(step.shoe.cards)]
    for state in step.bets or ():
        values += [
            exact_text(state.ev),
            to_float(state.ev),
            exact_text(state.win),
            to_float(state.win),
            state.ev > 0,
            state.surebet,
        ]
    if step.bets is None:
        values += [""] * (6 * len(names))
    return values


class TrackReport:
    """A track's report in one format: :meth:`opening`, then :meth:`step` for each step as it
    comes, then :meth:`closing`; each returns the text to write (possibly empty)."""

    def __init__(self, shoe: Shoe, rules: Rules, bets: Sequence[Bet], fmt: Format) -> None:
        self.shoe, self.rules, self.fmt = shoe, rules, fmt
        self.bets = tuple(bets)
        self.names = [bet.name for bet in bets]
        self.table = _TableWriter(self.names)
        self.steps: list[dict[str, Any]] = []

    def opening(self) -> str:
        """The title and column heads (table), or the header row (CSV)."""
        if self.fmt is Format.table:
            return "\n".join(
                (
                    f"Tracking {describe_shoe(self.shoe)}; {describe_rules(self.rules)}",
                    "EV of the next round per unit staked (≈ %, rounded); + positive EV, "
                    "S surebet (wins over 90 %)",
                    "",
                    self.table.header(),
                    "",
                )
            )
        if self.fmt is Format.csv:
            header = ["line", "kind", "cards", "round", "cards_left"]
            for n in self.names:
                header += [f"{n}_ev", f"{n}_ev_float", f"{n}_win", f"{n}_win_float"]
                header += [f"{n}_positive", f"{n}_surebet"]
            return _csv_line(header) + "\n"
        return ""

    def step(self, step: TrackStep) -> str:
        """One step's line (table, CSV); JSON keeps it for :meth:`closing`."""
        if self.fmt is Format.table:
            return self.table.row(step) + "\n"
        if self.fmt is Format.csv:
            return _csv_line(_csv_row(step, self.names)) + "\n"
        self.steps.append(_step_json(step))
        return ""

    def closing(self, problems: Sequence[TrackProblem]) -> str:
        """The JSON document (schema 1): shoe, rules, every step and every bad line."""
        if self.fmt is not Format.json:
            return ""
        return dumps_json(
            envelope(
                "track",
                {
                    "shoe": self.shoe.to_dict(),
                    "rules": self.rules.to_dict(),
                    "bets": self.names,
                    "steps": self.steps,
                    "errors": [
                        {"line": p.line, "text": p.text, "message": p.message} for p in problems
                    ],
                },
                self.bets,
            )
        )
