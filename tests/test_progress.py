"""Progress on stderr: only on a terminal, output bytes unchanged, Ctrl-C exits 130."""

from __future__ import annotations

import os
import pty
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from baccarat_exact.cli.progress import progress, shown, working

TOOL = [sys.executable, "-m", "baccarat_exact"]
ROOT = Path(__file__).resolve().parent.parent


def _run(args: list[str], tty_stderr: bool) -> tuple[int, bytes, bytes]:
    """Run the tool; stderr a pseudo-terminal or a pipe. Exit code, stdout, stderr."""
    if not tty_stderr:
        done = subprocess.run([*TOOL, *args], capture_output=True, cwd=ROOT, check=False)
        return done.returncode, done.stdout, done.stderr
    leader, follower = pty.openpty()
    env = {**os.environ, "COLUMNS": "80", "TERM": "xterm"}
    process = subprocess.Popen(
        [*TOOL, *args], stdout=subprocess.PIPE, stderr=follower, cwd=ROOT, env=env
    )
    os.close(follower)
    out = process.stdout.read() if process.stdout else b""
    code = process.wait()
    err = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        err += chunk
    os.close(leader)
    return code, out, err


@pytest.mark.slow
def test_progress_shows_on_a_terminal_and_leaves_the_output_alone() -> None:
    args = ["compare", "--decks", "1,2,3,4,5,6,7,8,inf", "--game", "punto-banco,ez,super-6"]
    code, plain, quiet_err = _run(args, tty_stderr=False)
    assert code == 0 and quiet_err == b""
    code, shown_out, err = _run(args, tty_stderr=True)
    assert code == 0 and shown_out == plain
    assert b"pricing cases" in err


def test_no_progress_off_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False, raising=False)
    assert not shown()
    with progress(3, "x", show=False) as advance:
        assert advance is None
    with working("x", show=False):
        pass


@pytest.mark.slow
def test_ctrl_c_exits_130() -> None:
    process = subprocess.Popen(
        [*TOOL, "simulate", "--shoes", "1000000", "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    time.sleep(2.5)  # well into the work (it takes minutes)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert b"Traceback" not in err and err.strip().endswith(b"Interrupted.")


def test_blackjack_solves_show_progress_on_a_terminal() -> None:
    args = ["blackjack", "strategy", "--float", "--decks", "1"]
    code, plain, quiet_err = _run(args, tty_stderr=False)
    assert code == 0 and quiet_err == b""
    code, shown_out, err = _run(args, tty_stderr=True)
    assert code == 0 and shown_out == plain
    assert b"solving up cards" in err


def test_blackjack_progress_steps_add_up_to_the_bar() -> None:
    from baccarat_exact.analysis.blackjack.eor import blackjack_eor, eor_steps
    from baccarat_exact.blackjack.edge import edge, solve_steps
    from baccarat_exact.blackjack.rules import BlackjackRules
    from baccarat_exact.model.shoe import Shoe

    rules = BlackjackRules(decks=1)
    shoe = Shoe.from_decks(1).remove("A A A A")  # no ace: an up card that cannot show
    steps: list[int] = []
    edge(shoe, rules, exact=False, options=["hole_card"], progress=steps.append)
    assert sum(steps) == solve_steps(rules, ["hole_card"]) == 20
    steps.clear()
    blackjack_eor(shoe, rules, exact=False, progress=steps.append)
    assert sum(steps) == eor_steps(shoe) == 100
