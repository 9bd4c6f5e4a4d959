"""``baccarat-exact check``: recompute golden files and compare every exact value."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from baccarat_exact.cli.common import handle_errors
from baccarat_exact.errors import GoldenFileError

__all__ = ["check_command", "golden_paths"]


def golden_paths(paths: list[Path]) -> list[Path]:
    """Files named, with directories expanded to their ``*.json`` files (sorted)."""
    result: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(path.glob("*.json"))
            if not found:
                raise GoldenFileError(f"{path}: no *.json golden files in this directory")
            result.extend(found)
        else:
            result.append(path)
    return result


@handle_errors
def check_command(
    paths: Annotated[
        list[Path],
        typer.Argument(help="Golden files (odds --format json output) or directories of them."),
    ],
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Print only failures and the summary.")
    ] = False,
    max_cases: Annotated[
        int | None,
        typer.Option("--max-cases", min=1, help="Check at most this many cases (a quick CI run)."),
    ] = None,
) -> None:
    """Recompute every case in golden files and compare each exact value.

    Exit code 0 when all match, 1 when any value differs, 2 for a malformed file.
    """
    from baccarat_exact.report.check import check_case, load_cases  # only this command needs it

    cases = [case for path in golden_paths(paths) for case in load_cases(path)]
    if max_cases is not None:
        cases = cases[:max_cases]
    failures = checked = 0
    for case_id, case in cases:
        result = check_case(case_id, case)
        checked += result.checked
        for diff in result.differences:
            typer.echo(f"FAIL {case_id}: {diff.key} expected {diff.expected} got {diff.got}")
        if result.differences:
            failures += 1
        elif not quiet:
            typer.echo(f"ok   {case_id}: {result.checked} values")
    status = (
        "all match" if not failures else f"{failures} case{'s' if failures != 1 else ''} differ"
    )
    typer.echo(
        f"{len(cases)} case{'s' if len(cases) != 1 else ''}, {checked} exact values: {status}"
    )
    if failures:
        raise typer.Exit(1)
