"""``baccarat-exact check``: recompute stored documents and compare every value; write new ones."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
import typer.core

from baccarat_exact.cli.common import emit, fail
from baccarat_exact.cli.output import echo
from baccarat_exact.cli.root import EXIT_OUTPUT
from baccarat_exact.cli.shared import Command, FormatOption, JobsOption, TableOption, context
from baccarat_exact.commands.base import View
from baccarat_exact.errors import BaccaratError, GoldenFileError
from baccarat_exact.report.model import Format

__all__ = ["CHECK", "check_command", "document_paths", "golden_name"]


def document_paths(paths: list[Path]) -> list[Path]:
    """Files named, with directories expanded to every ``*.json`` file under them (sorted)."""
    result: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(found for found in path.rglob("*.json") if found.is_file())
            if not found:
                raise GoldenFileError(f"{path}: no *.json documents in this directory")
            result.extend(found)
        else:
            result.append(path)
    return result


def golden_name(command: list[str]) -> str:
    """A file name for the document ``command`` writes, made from its words.

    >>> golden_name(["odds", "--decks", "6", "--bet", "dragon-7"])
    'odds-decks-6-bet-dragon-7.json'
    >>> golden_name(["odds", "--bets-file", "lab/pays.toml", "-r", "5x3 K"])
    'odds-bets-file-pays-r-5x3-k.json'
    """
    words = []
    for word in command:
        if "/" in word or word.endswith((".toml", ".txt", ".json")):
            word = Path(word).stem
        words.append(word.lower())
    slug = re.sub(r"[^a-z0-9.=]+", "-", " ".join(words)).strip("-.")
    return (slug[:120].rstrip("-.") or "document") + ".json"


class CheckCommand(typer.core.TyperCommand):
    """``check``'s click command: an option it does not know, after ``--write DIR``
    without ``--``, is one meant for the command to store: the error says so."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        writing = any(arg == "--write" or arg.startswith("--write=") for arg in args)
        try:
            return super().parse_args(ctx, args)  # which consumes args
        except Exception as error:  # click's NoSuchOption (typer may carry its own click)
            if type(error).__name__ == "NoSuchOption" and writing:
                error.message += (  # type: ignore[attr-defined]
                    "; give the command to store after --, e.g. check --write DIR -- odds --decks 6"
                )
            raise


def check_command(
    paths: Annotated[
        list[str] | None,
        typer.Argument(
            help="Documents (any command's --format json output), lists of them, or "
            "directories of *.json files; with --write, the command to run (after --).",
            metavar="FILE|DIR...",
            show_default=False,
        ),
    ] = None,
    subset: Annotated[
        bool,
        typer.Option(
            "--subset",
            help="Compare only the values the documents hold (for documents trimmed on "
            "purpose); by default a computed value a document lacks is a failure too.",
        ),
    ] = False,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Print the summary line alone.")
    ] = False,
    junit: Annotated[
        Path | None,
        typer.Option(
            "--junit",
            metavar="FILE",
            help="Also write a JUnit XML report: one test case per document.",
        ),
    ] = None,
    write: Annotated[
        Path | None,
        typer.Option(
            "--write",
            metavar="DIR|FILE.json",
            help="Run the command given after -- with --format json and store its document "
            "in DIR (named from the command; made if need be) or FILE.json, then check it.",
        ),
    ] = None,
    max_documents: Annotated[
        int | None,
        typer.Option(
            "--max-documents",
            "--max-cases",
            min=1,
            help="Check at most this many documents (a quick CI run).",
        ),
    ] = None,
    jobs: JobsOption = 1,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Recompute stored documents from their requests and compare every value.

    Exact values must be equal; *_float values agree to the digits they are written
    with; a value the tool computes that a document lacks fails too (unless --subset).
    A difference prints "FAIL <file>: <path>: expected <stored>, got <computed>".
    Exit code 0 when all match, 1 when a value differs, 2 for a file that is not a
    document of this tool (the other files are still checked).

    --format csv, json, markdown or latex (or --table documents / differences) writes
    the outcome as tables instead of a line per document.

    Write a new golden document: check --write tests/golden -- odds --decks 6
    """
    view = None if fmt is Format.table and table is None else View(fmt, table)
    try:
        if write is not None:
            if view is not None:
                raise fail(
                    "--format and --table shape the report of the documents checked; "
                    "--write stores the command's JSON document as it is"
                )
            _write(write, paths or [], jobs)
            return
        if not paths:
            raise GoldenFileError("name the documents or directories to check")
        files = document_paths([Path(path) for path in paths])
        code = _check(files, quiet, junit, max_documents, jobs, subset, view)
    except BaccaratError as error:
        raise fail(str(error)) from None
    if code:
        raise typer.Exit(code)


CHECK = Command(check_command, cls=CheckCommand)
"""``check``, mounted with its own click class."""


@dataclass(frozen=True, slots=True)
class _Settings:
    """How each document is checked and told of."""

    quiet: bool
    """No line per document (``--quiet``, or a report of the outcomes at the end)."""
    limit: int | None
    """Documents to check at most (``--max-documents``)."""
    jobs: int
    subset: bool


def _check(
    files: list[Path],
    quiet: bool,
    junit: Path | None,
    limit: int | None,
    jobs: int,
    subset: bool,
    view: View | None = None,
) -> int:
    """Check every document in ``files``; print what differs (or, with a ``view``, the
    report of the outcomes as it shows it); the exit code (worst wins)."""
    from baccarat_exact.cli.progress import progress, shown
    from baccarat_exact.commands.check import (  # only this command needs them
        DocumentResult,
        Unreadable,
        check_report,
        junit_xml,
        other_versions,
        summary,
    )

    outcomes: list[DocumentResult | Unreadable] = []
    settings = _Settings(quiet=quiet or view is not None, limit=limit, jobs=jobs, subset=subset)
    with progress(len(files), "checking files", shown()) as advance:
        for file in files:
            if limit is not None and len(outcomes) >= limit:
                break
            _check_file(file, outcomes, settings, advance)
    if view is not None:
        emit(check_report(outcomes), view)
    else:
        echo(summary(outcomes))
    note = other_versions(outcomes)
    if note:
        echo(note)
    if junit is not None:
        try:
            junit.write_bytes(junit_xml(outcomes))
        except OSError as error:
            message = f"{junit}: cannot write the JUnit report ({error.strerror})"
            raise fail(message, EXIT_OUTPUT) from None
    if any(isinstance(outcome, Unreadable) for outcome in outcomes):
        return 2
    return 1 if any(not outcome.ok for outcome in outcomes) else 0


def _check_file(
    file: Path,
    outcomes: list[Any],
    settings: _Settings,
    advance: Callable[[float], None] | None,
) -> None:
    """Check the documents of ``file`` (up to ``settings.limit`` outcomes in all), adding
    each outcome to ``outcomes`` and a line per document unless ``settings.quiet``; the
    bar (``advance``) moves a document's share of the file at a time."""
    from baccarat_exact.commands.check import Unreadable, check_document, load_documents

    try:
        documents = load_documents(file)
    except GoldenFileError as error:
        echo(f"Error: {error}", err=True)
        outcomes.append(Unreadable(str(file), str(error)))
        return
    limit = settings.limit
    for name, document in documents[: None if limit is None else limit - len(outcomes)]:
        _note_a_long_run(name, document, settings.jobs)
        try:
            result = check_document(
                name,
                document,
                subset=settings.subset,
                context=context(quiet=True, jobs=settings.jobs),
            )
        except GoldenFileError as error:
            echo(f"Error: {error}", err=True)
            outcomes.append(Unreadable(name, str(error)))
            continue
        finally:
            if advance is not None:
                advance(1 / len(documents))
        outcomes.append(result)
        if settings.quiet:
            continue
        for difference in result.differences:
            echo(f"FAIL {name}: {difference.describe()}")
        if result.ok:
            echo(f"ok   {name}: {result.checked} values")


def _note_a_long_run(name: str, document: dict[str, Any], jobs: int) -> None:
    """Say on stderr how long a document that deals shoes takes to check again, when
    that is more than a couple of seconds (beyond a day, the request is refused)."""
    from baccarat_exact.commands.check import simulation_size

    size = simulation_size(document)
    if size is None:
        return
    from baccarat_exact.analysis.simulate import estimated_seconds
    from baccarat_exact.commands.simulate import LONGEST_SECONDS

    seconds = estimated_seconds(*size, jobs)
    if 2 <= seconds <= LONGEST_SECONDS:
        echo(
            f"{name}: deals its {size[0]} shoes again, roughly {seconds:.0f} s "
            f"on {jobs} core{'s' if jobs > 1 else ''} (--jobs N to share it)",
            err=True,
        )


def _write(target: Path, command: list[str], jobs: int) -> None:
    """Run ``command`` for its JSON document, store it at ``target`` and check it."""
    from baccarat_exact.cli.root import COMMANDS, GROUPS
    from baccarat_exact.commands.check import check_document, load_documents

    if not command:
        raise fail("--write needs the command to run after --, e.g. -- odds --decks 6")
    if command[0] in ("check", "schema"):
        raise fail(f"{command[0]} writes no document to store; give a command that prices")
    if command[0] not in COMMANDS and command[0] not in GROUPS:
        raise fail(
            "--write stores what one command writes: give the command after --, e.g. "
            f"check --write DIR -- odds --decks 6 ({command[0]!r} is not a command)"
        )
    path = target if target.suffix == ".json" else target / golden_name(command)
    if path.exists():
        raise fail(f"{path} exists: a golden document is not overwritten; remove it first")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise fail(f"cannot make the directory {path.parent}: {error.strerror}") from None
    ran = subprocess.run(
        [sys.executable, "-m", "baccarat_exact", *command, "--format", "json"],
        capture_output=True,
        check=False,
    )
    if ran.returncode != 0:  # the command said why, in its own one line
        sys.stderr.buffer.write(ran.stderr)
        sys.stderr.flush()
        raise typer.Exit(2 if ran.returncode == 1 else ran.returncode)
    try:
        path.write_bytes(ran.stdout)
    except OSError as error:
        raise fail(f"cannot write {path}: {error.strerror}", EXIT_OUTPUT) from None
    try:
        ((name, document),) = load_documents(path)
        result = check_document(name, document, jobs=jobs)
    except GoldenFileError:
        path.unlink()
        raise
    if not result.ok:  # pragma: no cover - a document that does not check itself is a bug
        path.unlink()
        raise fail(f"{path}: the document does not check against itself; please report it", 70)
    echo(f"wrote {path}: {result.kind}, {result.checked} values (checked)")
