"""``baccarat-exact track``: read dealt rounds line by line and price the next round."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Annotated, Any

import typer

from baccarat_exact.analysis.track import TrackProblem, TrackStep, track
from baccarat_exact.cli.common import FormatOption, handle_errors
from baccarat_exact.cli.options import (
    BetOption,
    BetsFileOption,
    CommissionOption,
    CountsOption,
    DecksOption,
    GameOption,
    RemoveOption,
    TiePaysOption,
    bets_from_options,
    game_rules_from_options,
    shoe_from_options,
)
from baccarat_exact.report.describe import describe_rules, describe_shoe
from baccarat_exact.report.render import Format, dumps_json

__all__ = ["TableWriter", "track_command"]

_CARDS_WIDTH = 17
_ROUND_WIDTH = 18


class TableWriter:
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
        text = f"{step.line:>4}  {cards:<{_CARDS_WIDTH}} {step.round_text:<{_ROUND_WIDTH}} {step.shoe.cards:>4}"
        for state in step.bets or ():
            mark = ("+" if state.positive else " ") + ("S" if state.surebet else " ")
            text += f"  {float(state.ev) * 100:>{self.width - 3}.4f}%{mark}"
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
            s.bet: {
                "ev": str(s.ev),
                "ev_float": float(s.ev),
                "win": str(s.win),
                "positive": s.positive,
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
    values: list[Any] = [step.line, step.kind, cards, step.round_text, step.shoe.cards]
    for state in step.bets or ():
        values += [str(state.ev), float(state.ev), str(state.win), state.positive, state.surebet]
    if step.bets is None:
        values += [""] * (5 * len(names))
    return values


@handle_errors
def track_command(
    rounds: Annotated[
        typer.FileText,
        typer.Argument(help="File of dealt rounds, one per line (- or nothing: standard input)."),
    ] = "-",  # type: ignore[assignment]
    decks: DecksOption = None,
    remove: RemoveOption = "",
    counts: CountsOption = None,
    game: GameOption = "punto-banco",
    commission: CommissionOption = None,
    tie_pays: TiePaysOption = None,
    bet: BetOption = None,
    bets_file: BetsFileOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Remove dealt rounds from the shoe as they come and print each bet's exact EV for the next round.

    Each line is one round in deal order (Player, Banker, Player, Banker, then third
    cards), e.g. "5 K 9 2 7 3"; "burn 7 K K" removes cards unplayed; # starts a comment.
    A bad line is reported with its number and skipped (the shoe is kept); exit code 2 at the end.
    """
    shoe = shoe_from_options(decks, remove, counts, False)
    rules = game_rules_from_options(game, commission, tie_pays)
    bets = bets_from_options(rules, bet, bets_file, game)
    names = [bet.name for bet in bets]
    table = TableWriter(names)
    collected: list[dict[str, Any]] = []
    problems: list[TrackProblem] = []
    if fmt is Format.table:
        typer.echo(f"Tracking {describe_shoe(shoe)}; {describe_rules(rules)}")
        typer.echo(
            "EV of the next round per unit staked (≈ %, rounded); + positive EV, S surebet (wins over 90 %)"
        )
        typer.echo("")
        typer.echo(table.header())
    elif fmt is Format.csv:
        header = ["line", "kind", "cards", "round", "cards_left"]
        for n in names:
            header += [f"{n}_ev", f"{n}_ev_float", f"{n}_win", f"{n}_positive", f"{n}_surebet"]
        typer.echo(_csv_line(header))
    for step in track(rounds, shoe, rules, bets):
        if isinstance(step, TrackProblem):
            problems.append(step)
            typer.echo(f"Error: {step}", err=True)
            continue
        if fmt is Format.table:
            typer.echo(table.row(step))
        elif fmt is Format.csv:
            typer.echo(_csv_line(_csv_row(step, names)))
        else:
            collected.append(_step_json(step))
    if fmt is Format.json:
        document = {
            "schema": 1,
            "shoe": {"cards": shoe.cards, "counts": shoe.as_mapping()},
            "rules": rules.to_dict(),
            "steps": collected,
            "errors": [{"line": p.line, "text": p.text, "message": p.message} for p in problems],
        }
        typer.echo(dumps_json(document), nl=False)
    if problems:
        raise typer.Exit(2)
