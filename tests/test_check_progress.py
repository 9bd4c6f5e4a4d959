"""``check`` shows its progress on a terminal — the shared bar on stderr, a document's
share of its file at a time — and never in its output: stdout is the same bytes with or
without a terminal, and without one nothing but its own lines reach stderr."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from baccarat_exact.cli import progress as shared_progress
from tests.cli_runner import run_main

GOLDEN = Path(__file__).parent / "golden"
FILES = (str(GOLDEN / "1-deck.json"), str(GOLDEN / "8-decks-depleted-list.json"))
"""A file of one document and a file of three: cheap to check (about 0.2 s)."""


def test_the_bar_advances_a_document_s_share_of_its_file_at_a_time(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the progress hook: one bar over the files, moved by 1 for the file of one
    document and by thirds for the file of three; the output is the quiet run's."""
    _, plain, _ = run_main(capsys, "check", *FILES)
    bars: list[tuple[int, str]] = []
    steps: list[float] = []

    @contextlib.contextmanager
    def recorded(total: int, label: str, show: bool) -> Iterator[Callable[[float], None]]:
        assert show
        bars.append((total, label))
        yield steps.append

    monkeypatch.setattr(shared_progress, "shown", lambda quiet=False: True)
    monkeypatch.setattr(shared_progress, "progress", recorded)
    code, out, err = run_main(capsys, "check", *FILES)
    assert (code, out, err) == (0, plain, "")
    assert bars == [(2, "checking files")]
    assert steps == [1.0, 1 / 3, 1 / 3, 1 / 3]


def test_on_a_terminal_the_bar_is_on_stderr_and_stdout_is_unchanged(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """stderr a pseudo-terminal, stdout a pipe: the bar is drawn on the terminal, and
    stdout holds exactly the lines of a run without a terminal."""
    pty = pytest.importorskip("pty")
    _, plain, _ = run_main(capsys, "check", *FILES)
    leader, follower = pty.openpty()
    environment = {**os.environ, "TERM": "xterm", "COLUMNS": "100"}
    environment.pop("NO_COLOR", None)
    try:
        ran = subprocess.Popen(
            [sys.executable, "-m", "baccarat_exact", "check", *FILES],
            stdout=subprocess.PIPE,
            stderr=follower,
            env=environment,
        )
        os.close(follower)
        drawn = b""
        with contextlib.suppress(OSError):  # EIO once the terminal's last writer is gone
            while chunk := os.read(leader, 4096):
                drawn += chunk
        out, _ = ran.communicate(timeout=60)
    finally:
        os.close(leader)
    assert ran.returncode == 0
    assert out.decode() == plain and b"\x1b" not in out
    assert b"checking files" in drawn
