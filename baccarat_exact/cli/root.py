"""The ``baccarat-exact`` command line: the root app and the process around it.

Each command lives in its own module beside this one; ``COMMANDS`` and ``GROUPS``
say where. :func:`main` mounts only the command it is asked to run, so one command
never pays for importing and building the others (start-up time,
docs/performance.md); ``whole_app()`` is the whole tree, for help, tests and docs.

:func:`main` is also the last line of defence (the exit codes of the README): input
errors are one ``Error:`` line and exit 2; an exception the code did not expect is one
``Error: internal error …`` line and exit 70 (its traceback with ``--debug`` or
``BACCARAT_EXACT_DEBUG=1``); a closed output pipe exits quietly with 141; Ctrl-C with
130; output that the terminal cannot encode falls back to plain ASCII.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
import traceback
from collections.abc import Sequence
from typing import Any

import typer
import typer.core
import typer.main

from baccarat_exact import __version__
from baccarat_exact.cli.output import OutputError, echo, plain_where_needed
from baccarat_exact.errors import WriteError
from baccarat_exact.tuning import no_blas_thread_pool

__all__ = ["COMMANDS", "EXIT_INTERNAL", "GROUPS", "build_app", "main", "whole_app"]

EXIT_INTERNAL = 70
"""Exit code of an error the code did not expect (a bug: please report it)."""
EXIT_PIPE = 141
"""Exit code when the reader of our output went away (as shells report SIGPIPE)."""
EXIT_OUTPUT = 74
"""Exit code when the output cannot be written (a full disk: EX_IOERR of sysexits.h)."""
EXIT_INTERRUPTED = 130
"""Exit code on Ctrl-C (as shells report SIGINT)."""

COMMANDS: dict[str, tuple[str, str]] = {
    "odds": ("baccarat_exact.cli.odds", "odds_command"),
    "grid": ("baccarat_exact.cli.grid", "grid_command"),
    "check": ("baccarat_exact.cli.check", "CHECK"),
    "schema": ("baccarat_exact.cli.schema", "schema_command"),
    "rules": ("baccarat_exact.cli.rules", "rules_command"),
    "games": ("baccarat_exact.cli.games", "games_command"),
    "bets": ("baccarat_exact.cli.bets", "bets_command"),
    "eor": ("baccarat_exact.cli.eor", "eor_command"),
    "simulate": ("baccarat_exact.cli.simulate", "simulate_command"),
    "track": ("baccarat_exact.cli.track", "track_command"),
    "formula": ("baccarat_exact.cli.formula", "formula_command"),
    "breakeven": ("baccarat_exact.cli.breakeven", "breakeven_command"),
    "compare": ("baccarat_exact.cli.compare", "compare_command"),
    "report": ("baccarat_exact.cli.report", "report_command"),
    "design": ("baccarat_exact.cli.design", "design_command"),
    "programs": ("baccarat_exact.cli.programs", "programs_command"),
    "submission": ("baccarat_exact.cli.submission", "submission_command"),
    "chemin": ("baccarat_exact.cli.chemin", "chemin_command"),
    "banque": ("baccarat_exact.cli.banque", "banque_command"),
    "lucky-draw": ("baccarat_exact.cli.lucky_draw", "lucky_draw_command"),
}
"""Command name → (module, function), in the order help lists them."""

GROUPS: dict[str, tuple[str, str, str]] = {
    "blackjack": (
        "baccarat_exact.cli.blackjack",
        "app",
        "The casino's blackjack (one-card dealer, S17, Triple Seven): dealer odds, hand "
        "decisions, house edge.",
    ),
    "dragon-tiger": (
        "baccarat_exact.cli.dragon_tiger",
        "app",
        "Dragon Tiger (one card each, the higher rank wins): exact odds of every bet on any "
        "shoe, effects of removal and counts, dealt shoes.",
    ),
}
"""Group name → (module, typer app, help)."""

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
"""Every command's context: ``-h`` beside ``--help``; help wrapped to the terminal, at
most 100 columns. Help is click's plain layout (``rich_markup_mode=None``), which
never cuts an option's name short, however narrow the terminal."""

_HELP = (
    "Exact odds for baccarat (punto banco, its variants and side bets) and for the "
    "blackjack of the same casino (the `blackjack` commands), from any shoe, in exact "
    "rational arithmetic."
)


class SummaryGroup(typer.core.TyperGroup):
    """A command group whose help lists each command's whole summary (the first
    paragraph of its help, wrapped), never cut short with "..."."""

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        rows = [
            (name, command.short_help or " ".join((command.help or "").split("\n\n")[0].split()))
            for name in self.list_commands(ctx)
            for command in (self.get_command(ctx, name),)
            if command is not None and not command.hidden
        ]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def _version(value: bool) -> None:
    if value:
        echo(f"baccarat-exact {__version__}")
        raise typer.Exit()


def _root(
    version: bool = typer.Option(
        False, "--version", help="Print the version and exit.", callback=_version, is_eager=True
    ),
) -> None:
    """Exact odds for baccarat and its casino's blackjack from any shoe, in exact rational
    arithmetic."""


def build_app(only: str | None = None) -> typer.Typer:
    """The typer app with every command, or with just the command or group ``only``."""
    app = typer.Typer(
        name="baccarat-exact",
        help=_HELP,
        no_args_is_help=True,
        add_completion=True,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        context_settings=CONTEXT,
        cls=SummaryGroup,
    )
    app.callback()(_root)
    for name, (module, function) in COMMANDS.items():
        if only in (None, name):
            found = getattr(importlib.import_module(module), function)
            if hasattr(found, "mount"):
                found.mount(app, name)
            else:
                app.command(name)(found)
    for name, (module, attribute, help_text) in GROUPS.items():
        if only in (None, name):
            app.add_typer(
                getattr(importlib.import_module(module), attribute),
                name=name,
                help=help_text,
                cls=SummaryGroup,
            )
    return app


_APP: typer.Typer | None = None


def whole_app() -> typer.Typer:
    """The app with every command and group, built once."""
    global _APP
    if _APP is None:
        _APP = build_app()
    return _APP


def _debug(args: list[str]) -> bool:
    """``--debug`` anywhere before ``--`` (taken out of ``args``), or the environment."""
    wanted = os.environ.get("BACCARAT_EXACT_DEBUG", "") not in ("", "0")
    if "--debug" in args[: args.index("--") if "--" in args else len(args)]:
        args.remove("--debug")
        wanted = True
    return wanted


def main(argv: Sequence[str] | None = None) -> None:
    """Console-script entry point: run one command and exit with the contract's code."""
    no_blas_thread_pool()  # before anything imports numpy
    args = list(sys.argv[1:] if argv is None else argv)
    debug = _debug(args)
    for stream in (sys.stdout, sys.stderr):
        plain_where_needed(stream)
    try:
        code = _run(args)
        _flush()
    except BrokenPipeError:
        _quiet_pipe()
        sys.exit(EXIT_PIPE)
    except OutputError as error:  # the output cannot be written (a full disk, a closed file)
        _quiet_pipe()
        reason = error.strerror or str(error)
        echo(f"Error: cannot write output: {reason}", err=True)
        sys.exit(EXIT_OUTPUT)
    except WriteError as error:  # a file named on the command line cannot be written
        echo(f"Error: {error}", err=True)
        sys.exit(EXIT_OUTPUT)
    except KeyboardInterrupt:
        echo("Interrupted.", err=True)
        _leave_if_stuck(EXIT_INTERRUPTED)
        sys.exit(EXIT_INTERRUPTED)
    except Exception as error:  # the last line of defence: never a bare traceback
        if debug:
            traceback.print_exc()
        name = type(error).__name__
        echo(f"Error: internal error: {name}: {error} — please report it", err=True)
        sys.exit(EXIT_INTERNAL)
    sys.exit(code)


def _run(args: list[str]) -> int:
    """Run the command line ``args``; a usage error is one ``Error:`` line (code 2).

    The command is invoked here rather than through typer's own main, which turns a
    closed pipe into exit code 1 (typer/core.py) and Ctrl-C into a silent 130: both
    reach :func:`main` as they are.
    """
    target = (
        build_app(args[0]) if args and (args[0] in COMMANDS or args[0] in GROUPS) else whole_app()
    )
    command = typer.main.get_command(target)
    try:
        with command.make_context("baccarat-exact", args) as context:
            code = command.invoke(context)
    except typer.Exit as stop:  # --help, --version, a command's own exit code
        return int(stop.exit_code)
    except (typer.Abort, EOFError):
        raise KeyboardInterrupt from None
    except Exception as error:  # typer's usage errors carry format_message and exit_code
        if not (hasattr(error, "format_message") and hasattr(error, "exit_code")):
            raise
        message = error.format_message()
        if type(error).__name__ == "NoArgsIsHelpError":  # a group run without a command
            echo(message)  # its help
        elif message:
            echo(f"Error: {message}", err=True)
        return int(error.exit_code)
    return code if isinstance(code, int) else 0


def _leave_if_stuck(code: int) -> None:
    """Exit at once with ``code`` where a worker pool's thread outlived its teardown
    (interrupted mid-send to a killed worker): the interpreter's exit would wait for it
    for ever."""
    from baccarat_exact.model.processes import pool_threads_left

    if pool_threads_left():
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(code)


def _flush() -> None:
    """Flush stdout; a failure to write is an :class:`OutputError`."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        raise OutputError(error.errno, error.strerror or str(error)) from None


def _quiet_pipe() -> None:
    """After the reader of stdout went away: send what is left to nowhere, say nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # AttributeError: stdout was closed (None)
        pass


if __name__ == "__main__":  # pragma: no cover
    main()
