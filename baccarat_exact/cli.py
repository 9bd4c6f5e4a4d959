"""The ``baccarat-exact`` command line: a thin typer layer over the library.

Each command lives in ``baccarat_exact/commands/`` and is mounted here.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import typer

from baccarat_exact import __version__
from baccarat_exact.blackjack.cli import app as blackjack_app
from baccarat_exact.commands.bets import bets_command
from baccarat_exact.commands.breakeven import breakeven_command
from baccarat_exact.commands.check import check_command
from baccarat_exact.commands.eor import eor_command
from baccarat_exact.commands.formula import formula_command
from baccarat_exact.commands.games import games_command
from baccarat_exact.commands.odds import odds_command
from baccarat_exact.commands.rules import rules_command
from baccarat_exact.commands.simulate import simulate_command
from baccarat_exact.commands.track import track_command

__all__ = ["app", "main"]

app = typer.Typer(
    name="baccarat-exact",
    help="Exact odds for baccarat (punto banco) from any shoe, in exact rational arithmetic.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"baccarat-exact {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", help="Print the version and exit.", callback=_version, is_eager=True
    ),
) -> None:
    """Exact odds for baccarat (punto banco) from any shoe, in exact rational arithmetic."""


app.command("odds")(odds_command)
app.command("check")(check_command)
app.command("rules")(rules_command)
app.command("games")(games_command)
app.command("bets")(bets_command)
app.command("eor")(eor_command)
app.command("simulate")(simulate_command)
app.command("track")(track_command)
app.command("formula")(formula_command)
app.command("breakeven")(breakeven_command)
app.add_typer(
    blackjack_app,
    name="blackjack",
    help="The casino's blackjack (seed 003): dealer odds, hand decisions, house edge.",
)


def main(argv: Sequence[str] | None = None) -> None:
    """Console-script entry point: a usage error is one ``Error:`` line and exit code 2."""
    try:
        code = app(args=list(argv) if argv is not None else None, standalone_mode=False)
    except Exception as error:  # typer's usage errors carry format_message and exit_code
        if not (hasattr(error, "format_message") and hasattr(error, "exit_code")):
            raise
        typer.echo(f"Error: {error.format_message()}", err=True)
        sys.exit(error.exit_code)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":  # pragma: no cover
    main()
