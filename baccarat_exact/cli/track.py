"""``baccarat-exact track``: read dealt rounds line by line and price the next round."""

from __future__ import annotations

from typing import Annotated

import typer

from baccarat_exact.analysis.track import TrackProblem, track
from baccarat_exact.cli.common import FormatOption
from baccarat_exact.cli.options import BETS, RULES, SHOE, command
from baccarat_exact.cli.output import echo
from baccarat_exact.model.bets import Bet
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.model.textfiles import read_lines
from baccarat_exact.report.model import Format
from baccarat_exact.report.track import TrackReport

__all__ = ["track_command"]


@command(shoe=SHOE.without("infinite"), rules=RULES, bets=BETS)
def track_command(
    shoe: Shoe,
    rules: Rules,
    bets: tuple[Bet, ...],
    rounds: Annotated[
        typer.FileBinaryRead,
        typer.Argument(
            help="File of dealt rounds, one per line, UTF-8 (- or nothing: standard input)."
        ),
    ] = "-",  # type: ignore[assignment]
    fmt: FormatOption = Format.table,
) -> None:
    """Remove dealt rounds from the shoe as they come and print each bet's exact EV for the next round.

    Each line is one round in deal order (Player, Banker, Player, Banker, then third
    cards), e.g. "5 K 9 2 7 3" (suits where seen: "5h Ks 9c 2d 7s 3h"); "burn 7 K K"
    removes cards unplayed; # starts a comment. A bad line is reported with its number
    and skipped (the shoe is kept); exit code 2 at the end.
    """
    report = TrackReport(shoe, rules, bets, fmt)
    echo(report.opening(), nl=False)
    problems: list[TrackProblem] = []
    lines = (text for _, text in read_lines(rounds))
    for step in track(lines, shoe, rules, bets):
        if isinstance(step, TrackProblem):
            problems.append(step)
            echo(f"Error: {step}", err=True)
        else:
            echo(report.step(step), nl=False)
    echo(report.closing(problems), nl=False)
    if problems:
        raise typer.Exit(2)
