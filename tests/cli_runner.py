"""The command line run in-process, shared by every test file that runs it.

``run_main`` goes through ``main`` as a shell does (its exit codes and one-line errors, the
output captured by pytest's ``capsys``); ``run_app`` goes through typer's ``CliRunner``, which
returns instead of exiting. Both give ``(exit code, stdout, stderr)``.
"""

from __future__ import annotations

import io
import sys

import pytest
from typer.testing import CliRunner

from baccarat_exact.cli import app, main

_RUNNER = CliRunner()


def run_main(
    capsys: pytest.CaptureFixture[str],
    *args: str,
    stdin: bytes | str | None = None,
    columns: int | None = None,
) -> tuple[int, str, str]:
    """``baccarat-exact ARGS`` through ``main``: (exit code, stdout, stderr).

    ``stdin`` (bytes, or a str read as UTF-8) is standard input for this run and ``columns``
    the terminal's width (COLUMNS); both are put back afterwards. Output written before the
    run is dropped, so stdout and stderr are the command's alone.
    """
    capsys.readouterr()
    with pytest.MonkeyPatch.context() as patch:
        if stdin is not None:
            data = stdin.encode() if isinstance(stdin, str) else stdin
            patch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
        if columns is not None:
            patch.setenv("COLUMNS", str(columns))
        with pytest.raises(SystemExit) as stop:
            main(list(args))
    out, err = capsys.readouterr()
    code = stop.value.code
    return (0 if code is None else int(code)), out, err


def run_app(
    *args: str, stdin: str | None = None, columns: int | None = None
) -> tuple[int, str, str]:
    """``baccarat-exact ARGS`` through typer's ``CliRunner``: (exit code, stdout, stderr).

    ``stdin`` is standard input and ``columns`` the terminal's width (COLUMNS) for this run.
    """
    env = None if columns is None else {"COLUMNS": str(columns)}
    result = _RUNNER.invoke(app, list(args), input=stdin, env=env)
    return result.exit_code, result.stdout, result.stderr
