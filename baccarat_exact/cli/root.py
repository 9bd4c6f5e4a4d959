"""The ``baccarat-exact`` command line: a thin typer layer over the library.

Each command lives in its own module (``baccarat_exact/commands/``, and
``baccarat_exact/blackjack/cli.py`` for the ``blackjack`` group); ``COMMANDS``
says where. :func:`main` mounts only the command it is asked to run, so one
command never pays for importing and building the others (start-up time,
docs/performance.md); ``app`` is the whole tree, for help, tests and docs.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

import typer

from baccarat_exact import __version__

__all__ = ["COMMANDS", "GROUPS", "build_app", "main"]  # and `app`, built on first use

COMMANDS: dict[str, tuple[str, str]] = {
    "odds": ("baccarat_exact.cli.odds", "odds_command"),
    "check": ("baccarat_exact.cli.check", "check_command"),
    "rules": ("baccarat_exact.cli.rules", "rules_command"),
    "games": ("baccarat_exact.cli.games", "games_command"),
    "bets": ("baccarat_exact.cli.bets", "bets_command"),
    "eor": ("baccarat_exact.cli.eor", "eor_command"),
    "simulate": ("baccarat_exact.cli.simulate", "simulate_command"),
    "track": ("baccarat_exact.cli.track", "track_command"),
    "formula": ("baccarat_exact.cli.formula", "formula_command"),
    "breakeven": ("baccarat_exact.cli.breakeven", "breakeven_command"),
}
"""Command name → (module, function), in the order help lists them."""

GROUPS: dict[str, tuple[str, str, str]] = {
    "blackjack": (
        "baccarat_exact.cli.blackjack",
        "app",
        "The casino's blackjack (seed 003): dealer odds, hand decisions, house edge.",
    ),
}
"""Group name → (module, typer app, help)."""

_HELP = "Exact odds for baccarat (punto banco) from any shoe, in exact rational arithmetic."


def _version(value: bool) -> None:
    if value:
        typer.echo(f"baccarat-exact {__version__}")
        raise typer.Exit()


def _root(
    version: bool = typer.Option(
        False, "--version", help="Print the version and exit.", callback=_version, is_eager=True
    ),
) -> None:
    """Exact odds for baccarat (punto banco) from any shoe, in exact rational arithmetic."""


def build_app(only: str | None = None) -> typer.Typer:
    """The typer app with every command, or with just the command or group ``only``."""
    app = typer.Typer(
        name="baccarat-exact",
        help=_HELP,
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    app.callback()(_root)
    for name, (module, function) in COMMANDS.items():
        if only in (None, name):
            app.command(name)(getattr(importlib.import_module(module), function))
    for name, (module, attribute, help_text) in GROUPS.items():
        if only in (None, name):
            app.add_typer(
                getattr(importlib.import_module(module), attribute), name=name, help=help_text
            )
    return app


_APP: typer.Typer | None = None


def whole_app() -> typer.Typer:
    """The app with every command and group, built once."""
    global _APP
    if _APP is None:
        _APP = build_app()
    return _APP


def main(argv: Sequence[str] | None = None) -> None:
    """Console-script entry point: a usage error is one ``Error:`` line and exit code 2."""
    args = list(sys.argv[1:] if argv is None else argv)
    target = (
        build_app(args[0]) if args and (args[0] in COMMANDS or args[0] in GROUPS) else whole_app()
    )
    try:
        code = target(args=args, standalone_mode=False)
    except Exception as error:  # typer's usage errors carry format_message and exit_code
        if not (hasattr(error, "format_message") and hasattr(error, "exit_code")):
            raise
        typer.echo(f"Error: {error.format_message()}", err=True)
        sys.exit(error.exit_code)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":  # pragma: no cover
    main()
