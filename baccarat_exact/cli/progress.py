"""Progress on stderr for commands that can take more than a couple of seconds.

Shown only when stderr is a terminal (never in a pipe, a file or CI), and cleared when
the work is done, so the output on stdout is the same bytes either way. A line written
while a bar shows (``check`` prints one a document) goes above the bar on the terminal;
written to a pipe or a file, it goes there untouched. Ctrl-C stops the work;
:func:`~baccarat_exact.cli.root.main` then exits with 130.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = ["progress", "shown", "working"]


def shown(quiet: bool = False) -> bool:
    """Whether to show progress: stderr is a terminal and the user did not say ``--quiet``."""
    return not quiet and sys.stderr is not None and sys.stderr.isatty()


@contextmanager
def progress(total: int, label: str, show: bool) -> Iterator[Callable[[float], None] | None]:
    """A bar with ``done/total``, the time spent (ticking from the first second, so a long
    first step does not look stuck) and the time remaining; yields the function that
    advances it by a number of steps, or a part of one (``None`` when not shown)."""
    if not show:
        yield None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    with Progress(
        *columns,
        console=Console(stderr=True),
        transient=True,
        redirect_stdout=_terminal(sys.stdout),  # else rich would send stdout to stderr
    ) as bar:
        task = bar.add_task(label, total=total)
        yield lambda done: bar.advance(task, done)


def _terminal(stream: object) -> bool:
    """Whether ``stream`` is a terminal (a closed or missing one is not)."""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except ValueError:  # closed
        return False


@contextmanager
def working(label: str, show: bool) -> Iterator[None]:
    """A spinner with the time elapsed, for one long step whose length is not known."""
    if not show:
        yield
        return
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    columns = (SpinnerColumn(), TextColumn(label), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        bar.add_task(label, total=None)
        yield
