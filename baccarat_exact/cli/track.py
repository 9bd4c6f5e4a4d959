"""``baccarat-exact track``: read dealt rounds line by line and price the next round."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Annotated

import typer

from baccarat_exact.cli.common import emit
from baccarat_exact.cli.output import echo
from baccarat_exact.cli.shared import BETS, RULES, SHOE, FormatOption, TableOption, command
from baccarat_exact.commands.track import TrackRequest
from baccarat_exact.report.model import Format

__all__ = ["track_command"]

RoundsArgument = Annotated[
    typer.FileBinaryRead,
    typer.Argument(
        help="File of dealt rounds, one per line, UTF-8 (- or nothing: standard input).",
        show_default=False,
    ),
]


@command(SHOE.without("infinite"), RULES, BETS)
def track_command(
    ctx: typer.Context,
    rounds: RoundsArgument = "-",  # type: ignore[assignment]
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Remove dealt rounds from the shoe as they come and print each bet's exact EV for the next round.

    Each line is one round in deal order (Player, Banker, Player, Banker, then third
    cards), e.g. "5 K 9 2 7 3" (suits where seen: "5h Ks 9c 2d 7s 3h"); "burn 7 K K"
    removes cards unplayed; # starts a comment. A bad line is reported with its number
    and skipped (the shoe is kept); exit code 2 at the end. The table and CSV are
    written row by row as the rounds come.
    """
    from baccarat_exact.analysis.track import TrackProblem, TrackStep
    from baccarat_exact.errors import BaccaratError
    from baccarat_exact.model.textfiles import read_lines

    request = TrackRequest(shoe=SHOE.value(ctx), rules=RULES.value(ctx), bets=BETS.value(ctx))
    read: list[str | None] = []  # the lines as the request records them

    def lines() -> Iterator[str | None]:
        for _, text in read_lines(rounds):
            read.append(None if isinstance(text, BaccaratError) else text)
            yield read[-1]

    problems: list[TrackProblem] = []

    def reported(steps: Iterator[TrackStep | TrackProblem]) -> Iterator[TrackStep | TrackProblem]:
        for step in steps:
            if isinstance(step, TrackProblem):
                problems.append(step)
                echo(f"Error: {step}", err=True)
            yield step

    tracking = request.follow(lines())
    tracking = dataclasses.replace(tracking, steps=reported(tracking.steps))
    if fmt in (Format.table, Format.csv):
        from baccarat_exact.report.render import terminal_width
        from baccarat_exact.report.track import LiveTrack, track_table

        if table is not None:
            from baccarat_exact.report.model import Report

            Report("", (track_table(tracking.bets),)).table(table)  # a wrong name: refused
        live = LiveTrack(tracking, fmt, terminal_width())
        echo(live.opening(), nl=False)
        for step in tracking.steps:
            if isinstance(step, TrackStep):
                echo(live.row(step), nl=False)
    else:
        report = request.report(tracking)  # reads every line
        recorded = dataclasses.replace(request, rounds=tuple(read))
        emit(recorded.document_report(report), fmt, table)
    if problems:
        raise typer.Exit(2)
