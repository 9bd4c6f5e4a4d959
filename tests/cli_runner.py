"""The command line run in-process, shared by every test file that runs it.

``run_main`` goes through ``main`` as a shell does (its exit codes and one-line errors, the
output captured by pytest's ``capsys``); ``run_main_redirected`` does the same where there is
no ``capsys`` (a fixture shared by a module's tests); ``run_app`` goes through typer's
``CliRunner``, which returns instead of exiting. Each gives ``(exit code, stdout, stderr)``.
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Sequence

import pytest
from typer.testing import CliRunner

from baccarat_exact.cli import app, main

_RUNNER = CliRunner()


def _exit_code(args: Sequence[str], stdin: bytes | str | None, columns: int | None) -> int:
    """``main(args)`` with ``stdin`` and COLUMNS set for this call alone: its exit code."""
    with pytest.MonkeyPatch.context() as patch:
        if stdin is not None:
            data = stdin.encode() if isinstance(stdin, str) else stdin
            patch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
        if columns is not None:
            patch.setenv("COLUMNS", str(columns))
        with pytest.raises(SystemExit) as stop:
            main(list(args))
    code = stop.value.code
    return 0 if code is None else int(code)


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
    code = _exit_code(args, stdin, columns)
    out, err = capsys.readouterr()
    return code, out, err


def run_main_redirected(*args: str, columns: int | None = None) -> tuple[int, str, str]:
    """``run_main`` without ``capsys``, for a fixture wider than one test: stdout and stderr
    caught by redirecting them."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = _exit_code(args, None, columns)
    return code, out.getvalue(), err.getvalue()


def run_app(
    *args: str, stdin: str | None = None, columns: int | None = None
) -> tuple[int, str, str]:
    """``baccarat-exact ARGS`` through typer's ``CliRunner``: (exit code, stdout, stderr).

    ``stdin`` is standard input and ``columns`` the terminal's width (COLUMNS) for this run.
    """
    env = None if columns is None else {"COLUMNS": str(columns)}
    result = _RUNNER.invoke(app, list(args), input=stdin, env=env)
    return result.exit_code, result.stdout, result.stderr
